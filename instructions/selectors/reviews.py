"""Review items as reviewers read them: the text against the scope's current version, its findings."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q, QuerySet, prefetch_related_objects

from instructions.models import (
    InstructionDocument,
    ReviewItem,
    ReviewKind,
    ReviewSubmission,
)
from instructions.rules.display import Diff, DiffLine, diff_of
from instructions.rules.oaths import Finding, check_text
from instructions.selectors.merging import current_rules


@dataclass(frozen=True)
class ReviewState:
    """A review item as a reviewer needs to see it: against what it would replace.

    Or, for an author who may no longer read its scope (``review_states(current=False)``),
    against the version it was made on: then ``current_body`` is empty and
    ``current_version`` None, so nothing written since reaches the page."""

    item: ReviewItem
    current_body: str
    current_version: int | None
    #: Approving would be refused: the scope changed since the proposal.
    stale: bool
    findings: tuple[Finding, ...]
    #: The proposal against ``against`` (one alignment: rows, unified diff, counts).
    diff: Diff
    #: What the proposal is shown against: "current", "version N" (the one it was made
    #: on, or for a change flagged after acceptance the one before it) or "nothing" (no
    #: such version is known, or the change created the scope).
    against: str = "current"

    @property
    def flagged(self) -> bool:
        """A change that landed with findings only worth a look: its diff is the change itself."""
        return self.item.kind == ReviewKind.ACCEPTED_FLAGGED

    @property
    def shown(self) -> str:
        """How the diff names the item's text: the version a flagged change made, or the proposal."""
        return f"version {self.item.base_version}" if self.flagged else "proposal"

    @property
    def rows(self) -> list[DiffLine]:
        return self.diff.rows

    @property
    def unified(self) -> str:
        return self.diff.unified


def _bodies(wanted: dict[tuple[int, int], int]) -> dict[int, str]:
    """``{item id: body}`` for ``wanted`` (``{(document id, version): item id}``), the
    versions still in the history (one query; none when nothing is wanted)."""
    if not wanted:
        return {}
    condition = Q()
    for document_id, version in wanted:
        condition |= Q(id=document_id, version=version)
    rows = InstructionDocument.history.filter(condition).order_by("history_id").values_list("id", "version", "body")
    return {wanted[(document_id, version)]: body for document_id, version, body in rows}


def _base_bodies(items: list[ReviewItem]) -> dict[int, str]:
    """``{item id: body of the version it was made on}`` for the items whose version is
    still in the history (one query; none when no item has one)."""
    return _bodies(
        {(item.document_id, item.base_version): item.pk for item in items if item.document_id and item.base_version}
    )


def _bodies_before(items: list[ReviewItem]) -> dict[int, str]:
    """``{item id: body of the version before it}`` for changes flagged after acceptance
    that did not create their scope (one query; none when there is no such item)."""
    return _bodies({(item.document_id, item.base_version - 1): item.pk for item in items if item.base_version > 1})


def review_states(items: list[ReviewItem], *, current: bool = True) -> list[ReviewState]:
    """Each item with the current body of its scope, a diff, its findings under the
    credo in force and whether it is stale (``ReviewItem.is_stale``, annotated by
    ``with_related``). No query beyond the items' own: a proposal made before its
    scope had a document is linked to it when the document is created.

    ``current=False``, for a viewer who may no longer read the items' scopes (an author
    removed from the workspace): each against the version it was made on (its
    ``base_version``, which they could read then; one query), or against nothing when
    the history no longer has it; never against the current text.

    A change flagged after acceptance (it landed: its text is a version of the scope) is
    shown as the change it made, against the version before it (one query for all), or
    against nothing when it created the scope; ``current_version`` says where the scope is.

    Each item's sendings (``ReviewSubmission``: who, when, and why in their words) come
    with it, in one query for all."""
    prefetch_related_objects(items, Prefetch("submissions", queryset=ReviewSubmission.objects.select_related("author")))
    rules = current_rules() if items else None
    flagged = {item.pk for item in items if item.kind == ReviewKind.ACCEPTED_FLAGGED and item.document_id}
    before_flagged = _bodies_before([item for item in items if item.pk in flagged])
    bases = {} if current else _base_bodies([item for item in items if item.pk not in flagged])
    states = []
    for item in items:
        document = item.document if item.document_id is not None else None
        if item.pk in flagged:
            before = before_flagged.get(item.pk, "")
            against = f"version {item.base_version - 1}" if item.pk in before_flagged else "nothing"
            version = (document.version if document else 0) if current else None
        elif current:
            before, against, version = (
                (document.body if document else ""),
                "current",
                (document.version if document else 0),
            )
        elif item.pk in bases:
            before, against, version = bases[item.pk], f"version {item.base_version}", None
        else:
            before, against, version = "", "nothing", None
        states.append(
            ReviewState(
                item=item,
                current_body=((document.body if document else "") if item.pk in flagged else before) if current else "",
                current_version=version,
                stale=item.is_stale,
                findings=check_text(item.body, rules).findings if item.body else (),
                diff=diff_of(
                    before,
                    item.body,
                    old_name=against,
                    new_name=f"version {item.base_version}" if item.pk in flagged else f"proposal #{item.pk}",
                ),
                against=against,
            )
        )
    return states


#: The sections of a review queue, and the kinds of item each holds: proposals held before they
#: landed (refused by the oath check, or held by the workspace's policy), changes that landed and
#: were flagged after acceptance, and stored texts the credo in force now refuses.
QUEUE_SECTIONS: dict[str, tuple[str, ...]] = {
    "held": (ReviewKind.REJECTED_WRITE,),
    "flagged": (ReviewKind.ACCEPTED_FLAGGED,),
    "stored": (ReviewKind.STORED_FAILURE,),
}


def section_counts(items: QuerySet[ReviewItem]) -> dict[str, int]:
    """How many of ``items`` each queue section holds (``QUEUE_SECTIONS``; one query)."""
    return items.aggregate(**{name: Count("pk", filter=Q(kind__in=kinds)) for name, kinds in QUEUE_SECTIONS.items()})
