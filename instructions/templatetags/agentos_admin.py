"""Template tags for the admin index dashboard."""

from __future__ import annotations

from typing import Any

from django import template

from instructions.admin_views import dashboard

register = template.Library()


@register.simple_tag
def agentos_dashboard() -> dict[str, Any]:
    """Pending reviews, documents failing the credo and the latest changes."""
    return dashboard()
