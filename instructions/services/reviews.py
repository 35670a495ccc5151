"""The review queue: approve or reject bodies that collide with the credo, and
re-check stored bodies when the credo's rules change.

Decisions are changes of their own kind: whatever the entry point, their writes
are recorded with the ``review`` path.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from instructions.credo import Credo
from instructions.errors import Conflict, InvalidInput, StaleVersion
from instructions.history import ChangePath, change_path
from instructions.models import InstructionDocument, ReviewItem, ReviewKind, ReviewStatus
from instructions.oaths import RuleSet, check_text
from instructions.selectors import current_rules
from instructions.services.audit import save_audited
from instructions.services.documents import Target, document_save, target_for_document
from instructions.text import sha256_text

logger = logging.getLogger(__name__)


def _close(item: ReviewItem, *, status: str, reviewer, note: str, reason: str) -> ReviewItem:
    item.status = status
    item.reviewer = reviewer
    item.reviewed_at = timezone.now()
    item.note = note
    save_audited(item, actor=reviewer, reason=reason)
    return item


def _lock_pending(item: ReviewItem) -> ReviewItem:
    locked = ReviewItem.objects.select_for_update().get(pk=item.pk)
    if locked.status != ReviewStatus.PENDING:
        raise Conflict(f"Review #{item.pk} is already {locked.status}.")
    return locked


def review_approve(*, item: ReviewItem, reviewer, note: str = "") -> ReviewItem:
    """Accept the body despite the conflict: it becomes (or stays) the current
    version, recorded with the reviewer as history user, and that exact body is not
    reported as a conflict again."""
    reason = f"Review #{item.pk} approved"
    try:
        with change_path(ChangePath.REVIEW):
            return _approve(item, reviewer=reviewer, note=note, reason=reason)
    except StaleVersion:
        raise Conflict(
            f"The scope changed after review #{item.pk} was proposed; approving it would undo those edits. "
            "Reject it and ask the author to propose the change again on the current version."
        ) from None


def _approve(item: ReviewItem, *, reviewer, note: str, reason: str) -> ReviewItem:
    with transaction.atomic():
        item = _lock_pending(item)
        if item.kind == ReviewKind.REJECTED_WRITE:
            target = Target(scope=item.scope, user=item.user, workspace=item.workspace, session=item.session)
            # The proposal is a whole body written against one version: applying it
            # over later edits would silently undo them, so it must be proposed anew.
            document = document_save(
                target=target,
                body=item.body,
                actor=reviewer,
                reason=reason,
                approved=True,
                if_match=item.base_version,
            )
            item.document = document
        else:
            document = InstructionDocument.objects.select_for_update().get(pk=item.document_id)
            if sha256_text(document.body) != item.body_sha256:
                raise Conflict(f"The body flagged by review #{item.pk} has changed since; nothing to approve.")
            document_save(
                target=target_for_document(document), body=document.body, actor=reviewer, reason=reason, approved=True
            )
        return _close(item, status=ReviewStatus.APPROVED, reviewer=reviewer, note=note, reason=reason)


def review_reject(*, item: ReviewItem, reviewer, note: str = "") -> ReviewItem:
    """Refuse the body. A refused write stays unapplied; a flagged stored body stays
    flagged in ``conflicts`` until someone changes it."""
    if not isinstance(note, str):
        raise InvalidInput("note must be a string.")
    with change_path(ChangePath.REVIEW), transaction.atomic():
        item = _lock_pending(item)
        return _close(
            item, status=ReviewStatus.REJECTED, reviewer=reviewer, note=note, reason=f"Review #{item.pk} rejected"
        )


@dataclass(frozen=True)
class RecheckReport:
    checked: int
    flagged: int
    resolved: int


def documents_recheck(
    *, rules: RuleSet | None = None, actor=None, reason: str = "Recheck against the credo"
) -> RecheckReport:
    """Check every stored body against ``rules`` (the current credo's by default).

    Bodies that fail and were not approved get one pending stored-failure review
    (never two for the same body); pending flags whose body now passes, or changed,
    are resolved.
    """
    rules = rules if rules is not None else current_rules()
    checked = flagged = resolved = 0
    documents = (
        InstructionDocument.objects.exclude(body="")
        .exclude(scope="session", session__ended_at__isnull=False)
        .select_related("user", "workspace", "session__workspace")
        .iterator(chunk_size=500)
    )
    pending = {
        (item.document_id, item.body_sha256): item
        for item in ReviewItem.objects.filter(kind=ReviewKind.STORED_FAILURE, status=ReviewStatus.PENDING)
    }
    failing: set[tuple[int, str]] = set()
    for document in documents:
        checked += 1
        sha = sha256_text(document.body)
        if document.approved_sha256 == sha:
            continue
        result = check_text(document.body, rules)
        if result.status != "fail":
            continue
        failing.add((document.pk, sha))
        if (document.pk, sha) in pending:
            continue
        finding = result.first
        target = target_for_document(document)
        item = ReviewItem(
            kind=ReviewKind.STORED_FAILURE,
            scope=document.scope,
            **target.review_fields,
            document=document,
            author=None,
            body=document.body,
            body_sha256=sha,
            snippet=finding.snippet,
            oath=finding.oath,
            rule_id=finding.rule_id,
            base_version=document.version,
        )
        save_audited(item, actor=actor, reason=reason)
        flagged += 1
    for key, item in pending.items():
        if key not in failing:
            item.status = ReviewStatus.RESOLVED
            item.reviewed_at = timezone.now()
            item.note = "Resolved by recheck: the body no longer fails the credo's rules, or its session ended."
            save_audited(item, actor=actor, reason=reason)
            resolved += 1
    return RecheckReport(checked=checked, flagged=flagged, resolved=resolved)


def recheck_on_credo_change(sender, *, credo: Credo, **kwargs) -> None:
    """Receiver of ``credo.credo_changed``: re-check stored bodies against the new rules.

    The service's own change (``system`` path), even when the change is noticed
    inside someone's request; in its own savepoint, so a failure here rolls back
    only the recheck, never the caller's work.
    """
    with change_path(ChangePath.SYSTEM), transaction.atomic():
        report = documents_recheck(rules=credo.rules, reason="Recheck: the credo's rules changed")
    logger.info(
        "Credo rules changed: %s bodies checked, %s flagged, %s resolved.",
        report.checked,
        report.flagged,
        report.resolved,
    )
