"""The admin's sidebar and index, grouped by task instead of by Django app.

Reviewers and auditors look for "the queue" and "the audit log", not for an
app label: ``SECTIONS`` lists, in order, what each task needs, models and pages
alike. Models nobody listed (a new package's, say) land in the last section, so
nothing registered ever disappears; the token, group and sign-in models stay
there, at the end, out of the way of daily work (superusers still reach them).

``group_apps`` turns Django's app list (``AdminSite.get_app_list``, already
filtered by the person's permissions) into these sections; a page entry is shown
only to whoever may open it, and an empty section is left out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest
from django.urls import reverse

from instructions.admin.views import can_audit, can_read_credo


@dataclass(frozen=True)
class Page:
    """An admin page that is not a model list, as a sidebar entry."""

    name: str
    object_name: str  # the entry's CSS class and id, as a model's would be
    url_name: str
    allowed: Callable[[HttpRequest], bool]


#: A model's entry: its label and the name it goes by in the sidebar.
Model = tuple[str, str]

SECTIONS: tuple[tuple[str, str, tuple[Page | Model, ...]], ...] = (
    ("review", "Review", (("instructions.reviewitem", "Review queue"),)),
    (
        "audit",
        "Audit",
        (
            Page("Audit log", "AuditLog", "admin:instructions_audit_log", can_audit),
            ("instructions.historicalinstructiondocument", "Document versions"),
            ("instructions.agentsession", "Agent sessions"),
            ("instructions.delivery", "Deliveries"),
        ),
    ),
    (
        "instructions",
        "Instructions",
        (
            Page("The credo (read-only)", "Credo", "admin:instructions_credo", can_read_credo),
            ("instructions.instructiondocument", "Instruction documents"),
            ("instructions.workspace", "Workspaces"),
            ("instructions.membership", "Memberships"),
        ),
    ),
    (
        "people",
        "People and access",
        (
            ("auth.user", "Users"),
            ("auth.group", "Groups"),
            ("knox.authtoken", "API tokens"),
            ("axes.accessattempt", "Sign-in attempts"),
            ("axes.accessfailurelog", "Sign-in failures"),
            ("axes.accesslog", "Sign-in log"),
        ),
    ),
)


def _page_entry(request: HttpRequest, page: Page) -> dict[str, Any] | None:
    if not page.allowed(request):
        return None
    return {
        "model": None,
        "name": page.name,
        "object_name": page.object_name,
        "perms": {"view": True},
        "admin_url": reverse(page.url_name),
        "add_url": None,
        "view_only": True,
    }


def group_apps(request: HttpRequest, app_list: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Django's app list (``get_app_list``) regrouped into ``SECTIONS``."""
    models = {entry["model"]._meta.label_lower: entry for app in app_list for entry in app["models"]}
    sections = []
    for label, name, items in SECTIONS:
        entries = []
        for item in items:
            if isinstance(item, Page):
                entry = _page_entry(request, item)
            else:
                entry = models.pop(item[0], None)
                if entry is not None:
                    entry = {**entry, "name": item[1]}
            if entry is not None:
                entries.append(entry)
        sections.append({"name": name, "app_label": label, "models": entries})
    # Whatever no section names still has a home: the last one.
    sections[-1]["models"].extend(sorted(models.values(), key=lambda e: e["name"]))
    shown = [s for s in sections if s["models"]]
    for section in shown:
        first = section["models"][0]
        section.update(app_url=first["admin_url"] or "", has_module_perms=True)
    return shown
