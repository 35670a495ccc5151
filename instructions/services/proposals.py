"""Keeping a refused text for review: one pending item per target, kind and text.

The write paths (scope edits, session starts, the recheck after a credo change)
call ``review_keep``; deciding an item is ``services.reviews``.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction

from instructions.foundation.stored_text import sha256_text
from instructions.models import ApprovedFinding, ReviewItem, ReviewStatus, ReviewSubmission
from instructions.rules.approvals import FindingKey
from instructions.rules.oaths import OathResult
from instructions.services.audit import clean_reason, save_audited


def approved_keys(target_key: str) -> frozenset[FindingKey]:
    """The findings reviewers approved for ``target_key`` (one query)."""
    return frozenset(ApprovedFinding.objects.filter(target_key=target_key).values_list("rule_id", "unit_key"))


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
    finding = result.first
    item = ReviewItem(
        target_key=target_key,
        kind=kind,
        body=body,
        body_sha256=sha,
        snippet=finding.snippet,
        oath=finding.oath,
        rule_id=finding.rule_id,
        author=actor if getattr(actor, "is_authenticated", False) else None,
        **fields,
    )
    try:
        with transaction.atomic():
            save_audited(item, actor=actor, reason=reason)
    except IntegrityError:
        return pending.get()
    return item
