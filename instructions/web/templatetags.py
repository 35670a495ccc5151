"""Template filters of the web app (the ``web`` library, registered in settings)."""

from __future__ import annotations

from datetime import UTC, datetime

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from instructions.selectors import pages

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
