"""Writing instruction scopes: edit, clear, revert. Oath-checked and audited."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from instructions.contract import EDITABLE_SCOPES, MAX_BODY_CHARS, Scope
from instructions.credo import CredoError, current_credo
from instructions.errors import (
    BodyTooLarge,
    CredoUnavailable,
    InvalidInput,
    NotFound,
    OathConflict,
    ReadOnlyScope,
    SessionEnded,
    StaleVersion,
)
from instructions.models import AgentSession, InstructionDocument, ReviewItem, ReviewKind, ReviewStatus, Workspace
from instructions.oaths import OathResult, RuleSet, check_text
from instructions.services.audit import save_audited

#: The reason of a kept refused write is the caller's reason behind this prefix
#: (``audit_log`` reads the caller's path through it).
REFUSED_PREFIX = "Write refused (oath conflict): "


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Target:
    """Which scope of which owner a write is about."""

    scope: str
    user: object | None = None
    workspace: Workspace | None = None
    session: AgentSession | None = None

    @property
    def owner_fields(self) -> dict[str, object]:
        if self.scope == Scope.USER:
            return {"user": self.user}
        if self.scope == Scope.WORKSPACE:
            return {"workspace": self.workspace}
        return {"session": self.session}

    @property
    def review_fields(self) -> dict[str, object]:
        # Session reviews also name the workspace, so its maintainers can review them.
        if self.scope == Scope.SESSION:
            return {"session": self.session, "workspace": self.session.workspace}
        return self.owner_fields


def validate_body(body: object, *, field: str = "body") -> str:
    """The checks every instruction text gets before anything else: type, size, NUL."""
    if not isinstance(body, str):
        raise InvalidInput(f"{field} must be a string.")
    if len(body) > MAX_BODY_CHARS:
        raise BodyTooLarge(
            f"{field} is {len(body)} characters; the limit is {MAX_BODY_CHARS}.", limit=MAX_BODY_CHARS, size=len(body)
        )
    if "\x00" in body:
        raise InvalidInput(f"{field} must not contain NUL characters.")
    return body


def current_rules() -> RuleSet:
    try:
        return current_credo().rules
    except CredoError as exc:
        raise CredoUnavailable(f"The credo cannot be loaded: {exc}") from None


def target_for_document(document: InstructionDocument) -> Target:
    return Target(scope=document.scope, user=document.user, workspace=document.workspace, session=document.session)


def _check_target(target: Target) -> None:
    if target.scope == Scope.GLOBAL:
        raise ReadOnlyScope("The global scope is the credo: it is read-only.")
    if target.scope not in EDITABLE_SCOPES:
        raise NotFound(f"Unknown scope '{target.scope}'.")


def _lock_live_session(session: AgentSession) -> None:
    # Read ended_at under a row lock: the caller's copy may predate a concurrent end.
    ended = AgentSession.objects.select_for_update().filter(pk=session.pk).values_list("ended_at", flat=True).first()
    if ended is not None:
        raise SessionEnded("This session has ended; its scope can no longer change.")


def _lock_document(target: Target) -> InstructionDocument | None:
    return InstructionDocument.objects.select_for_update().for_owner(scope=target.scope, **target.owner_fields).first()


def _resolve_flags(document: InstructionDocument, *, actor, reason: str) -> None:
    """Stored-failure flags for an older body are resolved once the body changes."""
    stale = ReviewItem.objects.filter(
        document=document, kind=ReviewKind.STORED_FAILURE, status=ReviewStatus.PENDING
    ).exclude(body_sha256=sha256_text(document.body))
    for item in stale:
        item.status = ReviewStatus.RESOLVED
        item.reviewed_at = timezone.now()
        item.note = "The body changed after it was flagged."
        save_audited(item, actor=actor, reason=reason)


def _write(document: InstructionDocument | None, target: Target, body: str, *, actor, reason: str, approved: bool):
    if document is None:
        document = InstructionDocument(scope=target.scope, **target.owner_fields, version=0)
    document.body = body
    document.version += 1
    document.updated_at = timezone.now()
    if approved:
        document.approved_sha256 = sha256_text(body)
    save_audited(document, actor=actor, reason=reason)
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

    A body failing the oath check is not stored: it is kept as a pending review item
    and ``OathConflict`` is raised (the review is committed first). ``approved``
    (a reviewer's approval) skips the check and records the body as approved.
    """
    _check_target(target)
    body = validate_body(body)
    rules = rules if rules is not None else current_rules()
    review: ReviewItem | None = None
    result: OathResult | None = None
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
        if document is not None and document.body == body and not approved:
            return document  # nothing changed: no new version
        if not approved and body and not (document and document.approved_sha256 == sha256_text(body)):
            result = check_text(body, rules)
        if result is not None and result.status == "fail":
            finding = result.first
            review = ReviewItem(
                kind=ReviewKind.REJECTED_WRITE,
                scope=target.scope,
                **target.review_fields,
                document=document,
                author=actor if getattr(actor, "is_authenticated", False) else None,
                body=body,
                body_sha256=sha256_text(body),
                snippet=finding.snippet,
                oath=finding.oath,
                rule_id=finding.rule_id,
                base_version=current_version,
            )
            save_audited(review, actor=actor, reason=REFUSED_PREFIX + reason)
        else:
            document = _write(document, target, body, actor=actor, reason=reason, approved=approved)
    if review is not None:
        raise OathConflict(
            "The body conflicts with the credo's oaths; it was kept for review and the current version stays.",
            conflicts=[{"snippet": f.snippet, "conflicting_oath": f.oath} for f in result.findings],
            review=review.pk,
        )
    return document


def document_revert(
    *, document: InstructionDocument, history_id: int, actor, reason: str, **kwargs
) -> InstructionDocument:
    """A new version equal to an old one (itself recorded and oath-checked)."""
    old = document.history.filter(history_id=history_id).first()
    if old is None:
        raise NotFound(f"Version {history_id} is not in this scope's history.")
    return document_save(target=target_for_document(document), body=old.body, actor=actor, reason=reason, **kwargs)
