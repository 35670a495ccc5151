"""Keeping a text for review: one pending item per target, kind and text.

A write refused by the oath check (a scope edit, a session's additional instructions)
goes through ``refuse_and_keep``: the text is kept as a pending review item and the
caller raises the ``OathConflict`` it returns. A change the workspace's review policy
holds (``approve-every-change``) goes the same way with a policy finding
(``hold_for_approval``, raising ``ReviewRequired``). A change that landed with findings
only worth a look opens an item "flagged after acceptance" (``flag_after_acceptance``).
The recheck after a credo change keeps stored texts with ``review_keep``. Deciding an
item is ``services.reviews``.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone

from instructions.foundation.errors import OathConflict, ReviewRequired
from instructions.foundation.stored_text import sha256_text
from instructions.models import ApprovedFinding, ReviewItem, ReviewKind, ReviewStatus, ReviewSubmission
from instructions.rules.approvals import FindingKey
from instructions.rules.oaths import Finding, OathResult
from instructions.services.audit import clean_reason, save_audited


def approved_keys(target_key: str) -> frozenset[FindingKey]:
    """The findings reviewers approved for ``target_key`` (one query)."""
    return frozenset(ApprovedFinding.objects.filter(target_key=target_key).values_list("rule_id", "unit_key"))


#: How a refused write's review item is recorded: this prefix, then the author's reason.
REFUSED_PREFIX = "Write refused (oath conflict): "


def oath_conflict(result: OathResult, review: ReviewItem) -> OathConflict:
    """The error a refused write raises: its findings and the review item keeping the text."""
    return OathConflict(
        "The text conflicts with the credo's oaths; it was kept for review and nothing changed.",
        conflicts=[f.as_conflict() for f in result.findings],
        review=review.pk,
    )


def refuse_and_keep(*, target_key: str, body: str, result: OathResult, actor, reason: str, **fields) -> OathConflict:
    """Refuse a write the oath check failed: keep ``body`` as a pending review item (recorded as
    refused, with the author's ``reason`` as their why) and return the ``OathConflict`` to raise.

    The caller raises it outside any transaction it rolls back, so the item stays."""
    review = _keep_write(target_key, body, result, actor, REFUSED_PREFIX, reason, fields)
    return oath_conflict(result, review)


def _keep_write(
    target_key: str,
    body: str,
    result: OathResult,
    actor,
    prefix: str,
    reason: str,
    fields,
    kind: str = ReviewKind.REJECTED_WRITE,
) -> ReviewItem:
    """A write kept as a pending review item (by default one not applied): recorded with
    ``prefix`` before the author's ``reason``, which is also kept as their why."""
    return review_keep(
        target_key=target_key,
        kind=kind,
        body=body,
        result=result,
        actor=actor,
        reason=prefix + reason,
        why=reason,
        **fields,
    )


#: The finding of a change held by a workspace's ``approve-every-change`` policy: not an
#: oath finding, so approving it records no ``ApprovedFinding``.
POLICY_RULE_ID = "approve-every-change"
POLICY_OATH = "(workspace review policy)"
POLICY_REASON = "This workspace's policy holds every change for another maintainer's or a reviewer's approval."
#: How a held change's review item is recorded: this prefix, then the author's reason.
HELD_PREFIX = "Change held (review policy): "
#: The snippet of a held change: its first line, at most this long.
POLICY_SNIPPET_CHARS = 120


def policy_finding(body: str) -> Finding:
    """The finding a held change's review item shows: the first line of the new text."""
    first = next((line.strip() for line in body.splitlines() if line.strip()), "")
    snippet = first[:POLICY_SNIPPET_CHARS] or "(the scope cleared)"
    return Finding(snippet, POLICY_OATH, POLICY_RULE_ID, 0, 0, POLICY_REASON)


def hold_for_approval(
    *, target_key: str, body: str, actor, reason: str, result: OathResult | None = None, **fields
) -> ReviewRequired:
    """Hold a change no ``hold`` finding refused, because the workspace's policy wants every
    change approved: keep ``body`` as a pending review item with a policy finding (then the
    check's ``review`` findings, which its page highlights), and return the ``ReviewRequired``
    to raise (outside any transaction the caller rolls back)."""
    held = OathResult("fail", (policy_finding(body), *(result.findings if result else ())))
    review = _keep_write(target_key, body, held, actor, HELD_PREFIX, reason, fields)
    return ReviewRequired(
        "This workspace's review policy holds every change for another maintainer's or a reviewer's "
        "approval; the text was kept for review and nothing changed yet.",
        review=review.pk,
        review_policy=POLICY_RULE_ID,
    )


#: How a change that landed with ``review`` findings is recorded: this prefix, then the author's reason.
FLAGGED_PREFIX = "Flagged after acceptance: "


def flag_after_acceptance(
    *, target_key: str, body: str, result: OathResult, actor, reason: str, **fields
) -> ReviewItem:
    """A change that landed with findings only worth a look (``review`` tier): open a pending
    review item "flagged after acceptance" for it (``document`` and ``base_version`` name the
    version that landed). Reviewers keep it or revert the change (``services.reviews``).

    An older pending item for the same text (it landed before, the scope moved on, and it landed
    again) is resolved as superseded: the new item names the version that landed now."""
    older = ReviewItem.objects.filter(
        target_key=target_key,
        kind=ReviewKind.ACCEPTED_FLAGGED,
        body_sha256=sha256_text(body),
        status=ReviewStatus.PENDING,
    )
    for item in older:
        resolve(item, note=SUPERSEDED, actor=actor, reason=FLAGGED_PREFIX + reason)
    return _keep_write(target_key, body, result, actor, FLAGGED_PREFIX, reason, fields, ReviewKind.ACCEPTED_FLAGGED)


SUPERSEDED = "Superseded: the same text landed again and was flagged anew."


def resolve(item: ReviewItem, *, note: str, actor, reason: str) -> None:
    """Close a pending item nobody decided, because it no longer applies (``note`` says why)."""
    item.status = ReviewStatus.RESOLVED
    item.reviewed_at = timezone.now()
    item.note = note
    save_audited(item, actor=actor, reason=reason)


def review_keep(
    *,
    target_key: str,
    kind: str,
    body: str,
    result: OathResult,
    actor,
    reason: str,
    why: str = "",
    **fields,
) -> ReviewItem:
    """A pending review item for ``body`` refused at ``target_key``: the one already
    waiting for that same text, or a new one (with ``fields``: scope, owner columns,
    subject, document, base version...). ``why``: the sender's own reason for the
    change, kept with their submission.

    The same text sent twice is one item, with one ``ReviewSubmission`` per sending.
    Two requests racing to keep it meet at the database's unique constraint; the loser
    takes the winner's item.
    """
    item = _pending_item(
        target_key=target_key, kind=kind, body=body, result=result, actor=actor, reason=reason, **fields
    )
    # Every sending leaves its trace, and makes its sender an author (four eyes).
    author = actor if getattr(actor, "is_authenticated", False) else None
    save_audited(ReviewSubmission(item=item, author=author, why=clean_reason(why)), actor=actor, reason=reason)
    return item


def _pending_item(*, target_key: str, kind: str, body: str, result: OathResult, actor, reason: str, **fields):
    sha = sha256_text(body)
    pending = ReviewItem.objects.filter(target_key=target_key, kind=kind, body_sha256=sha, status=ReviewStatus.PENDING)
    existing = pending.first()
    if existing is not None:
        return existing
    finding = (result.held or result.findings)[0]  # the item names its most serious finding
    item = ReviewItem(
        target_key=target_key,
        kind=kind,
        body=body,
        body_sha256=sha,
        snippet=finding.snippet,
        oath=finding.oath,
        rule_id=finding.rule_id,
        tier="" if finding.rule_id == POLICY_RULE_ID else finding.tier,
        confidence=None if finding.rule_id == POLICY_RULE_ID else finding.confidence,
        author=actor if getattr(actor, "is_authenticated", False) else None,
        **fields,
    )
    try:
        with transaction.atomic():
            save_audited(item, actor=actor, reason=reason)
    except IntegrityError:
        return pending.get()
    return item
