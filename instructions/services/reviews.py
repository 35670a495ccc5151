"""The review queue: approve or reject texts that collide with the credo, and
re-check stored bodies when the credo's rules change.

Decisions are changes of their own kind: whatever the entry point, their writes
are recorded with the ``review`` path. Who may decide is ``access.check_can_decide``
(reviewers, or another maintainer of the workspace; never the author).

Approving records every finding of the approved text as an ``ApprovedFinding`` of
its target: the text then passes the check there (and a refused write is applied),
while any other finding still blocks later edits. A change held by a workspace's
``approve-every-change`` policy had no oath finding: approving it applies it and
records no approval.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

from instructions.foundation.contract import MAX_NOTE_CHARS
from instructions.foundation.errors import Conflict, InvalidInput, StaleProposal
from instructions.foundation.stored_text import sha256_text, validate_text
from instructions.history import ChangePath, change_path
from instructions.models import (
    ApprovedFinding,
    InstructionDocument,
    ReviewItem,
    ReviewKind,
    ReviewStatus,
    ReviewSubject,
)
from instructions.rules.approvals import finding_key, verdict
from instructions.rules.credo import Credo
from instructions.rules.oaths import CHECK_DID_NOT_FINISH, Finding, RuleSet, check_text
from instructions.selectors import access
from instructions.selectors.merging import current_rules
from instructions.services.audit import save_audited
from instructions.services.documents import Target, document_save, target_for_document
from instructions.services.proposals import POLICY_RULE_ID, approved_keys, resolve, review_keep

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


def _approve_findings(item: ReviewItem, *, reviewer, reason: str, rules: RuleSet) -> None:
    """Record every finding the text has under the rules in force now (checked to the
    end, without a deadline); a text held because its check did not finish is approved
    whole, so that check no longer holds it."""
    findings = list(check_text(item.body, rules).findings)
    if item.rule_id == CHECK_DID_NOT_FINISH:
        findings.append(Finding(item.snippet, item.oath, CHECK_DID_NOT_FINISH, 0, len(item.snippet)))
    for finding in findings:
        rule_id, unit = finding_key(finding, item.body)
        known = ApprovedFinding.objects.filter(target_key=item.target_key, rule_id=rule_id, unit_key=unit)
        if known.exists():
            continue  # approved before (the same finding, another review): once is enough
        approval = ApprovedFinding(
            target_key=item.target_key,
            rule_id=rule_id,
            unit_key=unit,
            snippet=finding.snippet,
            review=item,
            approved_by=reviewer,
        )
        # One history row, with the reviewer and the reason. Two reviews approving the same
        # finding at once meet at the unique constraint: the second has nothing to add.
        try:
            with transaction.atomic():
                save_audited(approval, actor=reviewer, reason=reason)
        except IntegrityError:
            continue


def _proposed_by(item: ReviewItem) -> str:
    """``; proposed by bob: add the release checklist``: who sent the text first and why,
    for the history of what the approval writes (the reviewer is its history user)."""
    first = item.submissions.select_related("author").first()
    if first is None or first.author is None:
        return ""
    return f"; proposed by {first.author.get_username()}" + (f": {first.why}" if first.why else "")


def review_approve(*, item: ReviewItem, reviewer, note: str = "") -> ReviewItem:
    """Accept the text despite the conflict.

    A refused scope write becomes the new version (recorded with the reviewer as
    history user); refused additional instructions may then start a session; a
    flagged stored body stays as it is and stops being a conflict; a change flagged
    after acceptance is kept (its findings stop being conflicts there). Raises
    ``FourEyes`` for the author, ``NotFound`` for someone who may not decide it,
    ``StaleProposal`` when the scope changed after the proposal (approving it would
    undo those edits).
    """
    note = validate_text(note, field="note", max_chars=MAX_NOTE_CHARS)
    access.check_can_decide(reviewer, item)
    reason = f"Review #{item.pk} approved" if item.kind != ReviewKind.ACCEPTED_FLAGGED else f"Review #{item.pk}: kept"
    rules = current_rules()
    with change_path(ChangePath.REVIEW), transaction.atomic():
        item = _lock_pending(item)
        if item.is_stale and item.kind != ReviewKind.ACCEPTED_FLAGGED:
            raise StaleProposal(
                f"The scope changed after review #{item.pk} was proposed; approving it would undo those edits. "
                "Reject it and ask the author to propose the change again on the current version."
            )
        if item.rule_id == POLICY_RULE_ID:
            _check_still_passes(item, rules)
        _approve_findings(item, reviewer=reviewer, reason=reason, rules=rules)
        if item.kind == ReviewKind.REJECTED_WRITE and item.subject == ReviewSubject.SCOPE_BODY:
            target = Target(scope=item.scope, user=item.user, workspace=item.workspace, session=item.session)
            # The version it writes is the reviewer's, and names who proposed it and why.
            item.document = document_save(
                target=target,
                body=item.body,
                actor=reviewer,
                reason=reason + _proposed_by(item),
                if_match=item.base_version,
                rules=rules,
                approved=True,
            )
        elif item.kind == ReviewKind.STORED_FAILURE:
            document = InstructionDocument.objects.select_for_update().get(pk=item.document_id)
            if sha256_text(document.body) != item.body_sha256:
                raise Conflict(f"The body flagged by review #{item.pk} has changed since; nothing to approve.")
        return _close(item, status=ReviewStatus.APPROVED, reviewer=reviewer, note=note, reason=reason)


def _check_still_passes(item: ReviewItem, rules: RuleSet) -> None:
    """A change held by the review policy had no ``hold`` finding when proposed (its ``review``
    findings are shown on the item and approved with it); the credo's rules may have changed
    since. A ``hold`` finding it now has refuses the approval (the reviewer never saw it)."""
    if item.body and verdict(item.body, rules, approved_keys(item.target_key)).held:
        raise Conflict(
            f"The text of review #{item.pk} now conflicts with the credo's oaths (its rules changed since it "
            "was proposed). Reject it and ask the author to propose it again, so its findings are reviewed."
        )


def review_reject(*, item: ReviewItem, reviewer, note: str = "") -> ReviewItem:
    """Refuse the text, saying why (``note``, required: the author reads it). A refused
    write stays unapplied; a flagged stored body stays flagged in ``conflicts`` until
    someone changes it; a scope change flagged after acceptance is reverted (a normal
    revert to the version before it, recorded with the reviewer and the note), unless the
    scope changed since (``StaleProposal``: keep it, or edit the scope)."""
    if not isinstance(note, str) or not note.strip():
        raise InvalidInput("A note is required to reject: say why, for the author.", errors={"note": ["Required."]})
    validate_text(note, field="note", max_chars=MAX_NOTE_CHARS)
    access.check_can_decide(reviewer, item)
    with change_path(ChangePath.REVIEW), transaction.atomic():
        item = _lock_pending(item)
        reason = f"Review #{item.pk} rejected"
        if item.kind == ReviewKind.ACCEPTED_FLAGGED and item.subject == ReviewSubject.SCOPE_BODY:
            reason = f"Review #{item.pk}: change reverted"
            _revert_flagged(item, reviewer=reviewer, reason=f"{reason}: {note.strip()}")
        return _close(item, status=ReviewStatus.REJECTED, reviewer=reviewer, note=note.strip(), reason=reason)


def _revert_flagged(item: ReviewItem, *, reviewer, reason: str) -> None:
    """Undo the change an item flagged after acceptance: the scope goes back to the version
    before it (cleared when the change created it), through the ``revert`` path."""
    if item.is_stale or item.document_id is None:
        raise StaleProposal(
            f"The scope changed after the change review #{item.pk} flagged; reverting it would undo later edits. "
            "Keep it, or edit the scope."
        )
    document = InstructionDocument.objects.get(pk=item.document_id)
    before = document.history.filter(version=item.base_version - 1).order_by("-history_id").first()
    with change_path(ChangePath.REVERT):
        document_save(
            target=target_for_document(document),
            body=before.body if before is not None else "",
            actor=reviewer,
            reason=reason,
            if_match=item.base_version,
            approved=True,
        )


RECHECK_RESOLVED = "Resolved by recheck: the body no longer fails the credo's rules, or its session ended."


@dataclass(frozen=True)
class RecheckReport:
    checked: int
    flagged: int
    resolved: int


def documents_recheck(
    *, rules: RuleSet | None = None, actor=None, reason: str = "Recheck against the credo"
) -> RecheckReport:
    """Check every stored body against ``rules`` (the current credo's by default).

    Bodies that fail (approved findings aside) get one pending stored-failure review
    (never two for the same body); pending flags whose body now passes, or changed,
    or whose session ended, are resolved.
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
        target = target_for_document(document)
        result = verdict(document.body, rules, approved_keys(target.key))
        if result.status != "fail":
            continue
        sha = sha256_text(document.body)
        failing.add((document.pk, sha))
        if (document.pk, sha) in pending:
            continue
        review_keep(
            target_key=target.key,
            kind=ReviewKind.STORED_FAILURE,
            body=document.body,
            result=result,
            actor=actor,
            reason=reason,
            scope=document.scope,
            **target.review_fields,
            document=document,
            base_version=document.version,
        )
        flagged += 1
    for key, item in pending.items():
        if key not in failing:
            resolve(item, note=RECHECK_RESOLVED, actor=actor, reason=reason)
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
