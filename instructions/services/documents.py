"""Writing instruction scopes: edit, clear, revert. Oath-checked and audited."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from instructions.foundation.contract import Scope, check_editable
from instructions.foundation.errors import NotFound, OathConflict, ReviewRequired, SessionEnded, StaleVersion
from instructions.foundation.stored_text import sha256_text, validate_instruction_text
from instructions.history import ChangePath, change_path
from instructions.models import (
    OWNER_COLUMN,
    AgentSession,
    InstructionDocument,
    ReviewItem,
    ReviewKind,
    ReviewStatus,
    Workspace,
    target_key,
)
from instructions.rules.approvals import verdict
from instructions.rules.oaths import PASS, RuleSet
from instructions.rules.review_policy import HOLD_FOR_APPROVAL, LAND_FLAGGED, REFUSE, write_outcome
from instructions.selectors.merging import current_rules, oath_budget
from instructions.services.audit import save_audited
from instructions.services.proposals import (
    approved_keys,
    flag_after_acceptance,
    hold_for_approval,
    refuse_and_keep,
    resolve,
)


#: The reason of a kept refused write: the caller's reason behind this.
@dataclass(frozen=True)
class Target:
    """Which scope of which owner a write is about (the owner in its scope's column)."""

    scope: str
    user: object | None = None
    workspace: Workspace | None = None
    session: AgentSession | None = None

    @classmethod
    def of(cls, scope: str, owner: object) -> Target:
        """``owner``'s scope ``scope`` (a user, a workspace or a session)."""
        return cls(scope=scope, **{OWNER_COLUMN[scope]: owner})

    @property
    def owner(self) -> object:
        return getattr(self, OWNER_COLUMN[self.scope])

    @property
    def key(self) -> str:
        """The ``target_key`` of review items and approved findings about this scope."""
        return target_key(self.scope, self.owner)

    @property
    def owner_fields(self) -> dict[str, object]:
        return {OWNER_COLUMN[self.scope]: self.owner}

    @property
    def review_policy(self) -> str | None:
        """The workspace's review policy for a workspace scope; None (``hold-confident``) for
        user and session scopes."""
        return getattr(self.workspace, "review_policy", None) if self.scope == Scope.WORKSPACE else None

    @property
    def review_fields(self) -> dict[str, object]:
        # Session reviews also name the workspace, so its maintainers can review them.
        if self.scope == Scope.SESSION:
            return {"session": self.session, "workspace": self.session.workspace}
        return self.owner_fields


def target_for_document(document: InstructionDocument) -> Target:
    return Target.of(document.scope, document.owner)


def _lock_live_session(session: AgentSession) -> None:
    # Read ended_at under a row lock: the caller's copy may predate a concurrent end.
    ended = AgentSession.objects.select_for_update().filter(pk=session.pk).values_list("ended_at", flat=True).first()
    if ended is not None:
        raise SessionEnded("This session has ended; its scope can no longer change.")


def _lock_document(target: Target) -> InstructionDocument | None:
    document = InstructionDocument.objects.select_for_update().of(target.scope, target.owner).first()
    if document is None:
        # No row to lock yet: concurrent first writes would each insert one and all
        # but one fail on the unique constraint (a 500, and an If-Match "v0" that
        # lost the race must be a 412). Lock the owner's row to take turns, then look
        # again: a writer that waited finds the document its predecessor created.
        owner_model = InstructionDocument._meta.get_field(OWNER_COLUMN[target.scope]).related_model
        owner_model.objects.select_for_update().filter(pk=target.owner.pk).values_list("pk", flat=True).first()
        document = InstructionDocument.objects.select_for_update().of(target.scope, target.owner).first()
    return document


def _resolve_flags(document: InstructionDocument, *, actor, reason: str) -> None:
    """Stored-failure flags for an older body are resolved once the body changes."""
    stale = ReviewItem.objects.filter(
        document=document, kind=ReviewKind.STORED_FAILURE, status=ReviewStatus.PENDING
    ).exclude(body_sha256=sha256_text(document.body))
    for item in stale:
        resolve(item, note="The body changed after it was flagged.", actor=actor, reason=reason)


def _adopt_proposals(document: InstructionDocument, target: Target, *, actor, reason: str) -> None:
    """Proposals made before the document existed now name it (and so become stale);
    the one whose text this version is (being approved now) is its approval's to close."""
    orphans = ReviewItem.objects.filter(
        target_key=target.key, document__isnull=True, kind=ReviewKind.REJECTED_WRITE, status=ReviewStatus.PENDING
    ).exclude(body_sha256=sha256_text(document.body))
    for item in orphans:
        item.document = document
        save_audited(item, actor=actor, reason=reason)


def _write(document: InstructionDocument | None, target: Target, body: str, *, actor, reason: str):
    created = document is None
    if created:
        document = InstructionDocument(scope=target.scope, **target.owner_fields, version=0)
    document.body = body
    document.version += 1
    document.updated_at = timezone.now()
    save_audited(document, actor=actor, reason=reason)
    if created:
        _adopt_proposals(document, target, actor=actor, reason=reason)
    _resolve_flags(document, actor=actor, reason=reason)
    return document


def document_save(
    *,
    target: Target,
    body: str,
    actor,
    reason: str,
    if_match: int | None = None,
    rules: RuleSet | None = None,
    approved: bool = False,
) -> InstructionDocument:
    """Make ``body`` the new version of ``target``'s scope.

    ``if_match``: the version the caller last saw (0: no document yet); a different
    current version raises ``StaleVersion`` and nothing is written.

    A body failing the oath check (findings a reviewer approved for this scope
    aside) is not stored: it is kept as a pending review item (the one already
    waiting for the same text, if any) and ``OathConflict`` is raised. The review
    item is saved in its own savepoint; callers inside a transaction keep it by not
    rolling back on ``OathConflict`` (the API's error handler does exactly that).

    What a finding does depends on its tier and the scope's review policy
    (``rules.review_policy``): a ``hold`` finding always refuses the write as above; a
    ``review`` finding refuses it under ``hold-all``, and otherwise the write lands and a
    review item "flagged after acceptance" is opened (``document.flagged_review``). A
    workspace whose policy is ``approve-every-change`` holds every change to its scope the
    same way, and ``ReviewRequired`` is raised instead; ``approved``: the change is a
    review's approval being applied (``services.reviews``), which the policy lets through.
    """
    check_editable(target.scope)
    body = validate_instruction_text(body)
    rules = rules if rules is not None else current_rules()
    refusal: OathConflict | ReviewRequired | None = None
    with transaction.atomic():
        if target.scope == Scope.SESSION:
            _lock_live_session(target.session)
        document = _lock_document(target)
        current_version = document.version if document else 0
        if if_match is not None and if_match != current_version:
            raise StaleVersion(
                f"The scope changed since you read it (you have version {if_match}, current is {current_version}).",
                current_version=current_version,
            )
        if document is not None and document.body == body:
            return document  # nothing changed: no new version
        result = PASS  # (an empty body passes: clearing a scope reads no approvals)
        if body:
            result = verdict(body, rules, approved_keys(target.key), budget=oath_budget(), target=target.key)
        outcome = write_outcome(result, target.review_policy, approved=approved)
        # What a review item about this write records (the version it is about: the one it was
        # written against, or for a flagged change the one it made).
        kept = {"target_key": target.key, "body": body, "result": result, "actor": actor, "reason": reason}
        kept |= {"scope": target.scope, **target.review_fields, "document": document}
        if outcome == REFUSE:
            refusal = refuse_and_keep(**kept, base_version=current_version)
        elif outcome == HOLD_FOR_APPROVAL:
            refusal = hold_for_approval(**kept, base_version=current_version)
        else:
            document = _write(document, target, body, actor=actor, reason=reason)
            if outcome == LAND_FLAGGED:
                kept["document"] = document
                document.flagged_review = flag_after_acceptance(**kept, base_version=document.version)
    if refusal is not None:
        raise refusal  # after the transaction: the review item stays (held or refused)
    return document


def document_revert(
    *, document: InstructionDocument, history_id: int, actor, reason: str, **kwargs
) -> InstructionDocument:
    """A new version equal to an old one (itself recorded and oath-checked), made
    through the ``revert`` path whatever the entry point."""
    old = document.history.filter(history_id=history_id).first()
    if old is None:
        raise NotFound(f"Version {history_id} is not in this scope's history.")
    with change_path(ChangePath.REVERT):
        return document_save(target=target_for_document(document), body=old.body, actor=actor, reason=reason, **kwargs)
