"""Template filters of the web app (the ``web`` library, registered in settings)."""

from __future__ import annotations

from datetime import UTC, datetime

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from instructions.models import ReviewKind, ReviewStatus
from instructions.selectors import pages
from instructions.services.proposals import POLICY_RULE_ID

register = template.Library()


@register.filter
def when(moment: datetime | None) -> SafeString | str:
    """A ``<time>`` element: the UTC time as text (what shows without JavaScript);
    ``web.js`` turns it into "3 minutes ago" in the viewer's locale, with the exact
    local time on hover."""
    if moment is None:
        return "—"
    utc = moment.astimezone(UTC)
    return format_html(
        '<time datetime="{}" title="{}">{}</time>',
        utc.isoformat(timespec="seconds").replace("+00:00", "Z"),
        utc.strftime("%Y-%m-%d %H:%M:%S UTC"),
        utc.strftime("%Y-%m-%d %H:%M UTC"),
    )


@register.filter
def size(n: int) -> str:
    """Bytes for people: 812 B, 12.3 KiB."""
    return f"{n} B" if n < 1024 else f"{n / 1024:.1f} KiB"


@register.filter
def get(mapping, key):
    return mapping.get(key) if mapping else None


@register.filter
def percent(confidence: float | None) -> str:
    """A confidence (0 to 1) as people read it: 0.874 is "87%"."""
    return "" if confidence is None else f"{confidence:.0%}"


@register.filter
def tier_label(tier: str) -> str:
    """A finding's tier in words: "hold" (confident) or "worth a look"."""
    return pages.tier_label(tier)


@register.filter
def review_kind(item) -> str:
    """What a review item is, in the queue's words: held (refused by the oath check, or by the
    workspace's policy), flagged after acceptance, or a stored text failing the credo."""
    if item.kind == ReviewKind.ACCEPTED_FLAGGED:
        return "Flagged after acceptance"
    if item.kind == ReviewKind.STORED_FAILURE:
        return "Stored text fails the credo"
    if item.rule_id == POLICY_RULE_ID:
        return "Held for approval (review policy)"
    return "Held: refused by the oath check"


#: How a decision on a change flagged after acceptance reads: approving keeps it, rejecting reverts it.
_FLAGGED_STATUS = {ReviewStatus.APPROVED: "kept", ReviewStatus.REJECTED: "reverted"}


@register.filter
def review_status(item) -> str:
    """An item's status in words ("kept" and "reverted" for a change flagged after acceptance)."""
    if item.kind == ReviewKind.ACCEPTED_FLAGGED:
        return _FLAGGED_STATUS.get(item.status, item.status)
    return item.status


@register.simple_tag(takes_context=True)
def with_query(context, **changes) -> str:
    """The current page's query string with ``changes`` made (a value of None drops the key):
    pages and filters keep the other choices (``?section=flagged&status=pending&page=2``)."""
    query = context["request"].GET.copy()
    for key, value in changes.items():
        query.pop(key, None)
        if value is not None:
            query[key] = value
    return "?" + query.urlencode()
