"""Review items as reviewers read them: the text against the scope's current version, its findings."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, Q, prefetch_related_objects

from instructions.models import (
    InstructionDocument,
    ReviewItem,
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
    #: on) or "nothing" (no version it was made on is known).
    against: str = "current"

    @property
    def rows(self) -> list[DiffLine]:
        return self.diff.rows

    @property
    def unified(self) -> str:
        return self.diff.unified


def _base_bodies(items: list[ReviewItem]) -> dict[int, str]:
    """``{item id: body of the version it was made on}`` for the items whose version is
    still in the history (one query; none when no item has one)."""
    wanted = {
        (item.document_id, item.base_version): item.pk for item in items if item.document_id and item.base_version
    }
    if not wanted:
        return {}
    condition = Q()
    for document_id, version in wanted:
        condition |= Q(id=document_id, version=version)
    rows = InstructionDocument.history.filter(condition).order_by("history_id").values_list("id", "version", "body")
    return {wanted[(document_id, version)]: body for document_id, version, body in rows}


def review_states(items: list[ReviewItem], *, current: bool = True) -> list[ReviewState]:
    """Each item with the current body of its scope, a diff, its findings under the
    credo in force and whether it is stale (``ReviewItem.is_stale``, annotated by
    ``with_related``). No query beyond the items' own: a proposal made before its
    scope had a document is linked to it when the document is created.

    ``current=False``, for a viewer who may no longer read the items' scopes (an author
    removed from the workspace): each against the version it was made on (its
    ``base_version``, which they could read then; one query), or against nothing when
    the history no longer has it; never against the current text.

    Each item's sendings (``ReviewSubmission``: who, when, and why in their words) come
    with it, in one query for all."""
    prefetch_related_objects(items, Prefetch("submissions", queryset=ReviewSubmission.objects.select_related("author")))
    rules = current_rules() if items else None
    bases = {} if current else _base_bodies(items)
    states = []
    for item in items:
        document = item.document if item.document_id is not None else None
        if current:
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
                current_body=before if current else "",
                current_version=version,
                stale=item.is_stale,
                findings=check_text(item.body, rules).findings if item.body else (),
                diff=diff_of(before, item.body, old_name=against, new_name=f"proposal #{item.pk}"),
                against=against,
            )
        )
    return states
