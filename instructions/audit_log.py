"""The audit log: every change to every audited model, as plain rows.

Each change is a django-simple-history row; the services set its user and reason.
*How* a change was made (its path) is read from the reason, by one rule kept here
and nowhere else (``PATH_PREFIXES``):

- a reason starting with ``API`` was made through the HTTP API,
- ``Admin`` through the Django admin,
- ``Review`` by a reviewer approving or rejecting a review item,
- ``Revert`` by reverting a scope to an older version from the admin,
- anything else by a management command or the service itself (``command``).

A write refused for an oath conflict keeps its caller's reason behind
``REFUSED_PREFIX`` (see ``services.documents``); it counts as the caller's path.

``change_path`` applies the rule to one reason; ``path_condition`` is the same rule
as a database condition (exact, case-sensitive comparison of the reason's first
characters), so filtering a list and classifying a row never disagree.
"""

from __future__ import annotations

import csv
import heapq
import io
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypedDict

from django.db import models
from django.db.models import Q
from django.db.models.functions import Substr
from django.utils.dateparse import parse_date, parse_datetime

from instructions.models import AgentSession, Delivery, InstructionDocument, Membership, ReviewItem, Workspace
from instructions.services.documents import REFUSED_PREFIX

#: Reason prefix -> path. Checked in order; the first match wins.
PATH_PREFIXES: tuple[tuple[str, str], ...] = (
    ("API", "api"),
    ("Admin", "admin"),
    ("Review", "review"),
    ("Revert", "revert"),
)
#: The path of a reason no prefix matches.
OTHER_PATH = "command"
PATHS: tuple[str, ...] = (*(path for _, path in PATH_PREFIXES), OTHER_PATH)

REASON_FIELD = "history_change_reason"


def change_path(reason: str | None) -> str:
    """The path (api, admin, review, revert or command) a change with ``reason`` came through."""
    reason = reason or ""
    if reason.startswith(REFUSED_PREFIX):
        reason = reason[len(REFUSED_PREFIX) :]
    for prefix, path in PATH_PREFIXES:
        if reason.startswith(prefix):
            return path
    return OTHER_PATH


def _starts_with(prefix: str) -> Q:
    # Substr + equality, not __startswith: SQLite's LIKE ignores case, and the rule must not.
    condition = Q()
    for lead in (prefix, REFUSED_PREFIX + prefix):
        condition |= Q(**{f"_reason_{len(lead)}": lead})
    return condition


def _reason_heads() -> dict[str, Substr]:
    lengths = {len(lead) for prefix, _ in PATH_PREFIXES for lead in (prefix, REFUSED_PREFIX + prefix)}
    return {f"_reason_{n}": Substr(REASON_FIELD, 1, n) for n in sorted(lengths)}


def filter_by_path(queryset: models.QuerySet, path: str) -> models.QuerySet:
    """``queryset`` (of history rows) narrowed to changes made through ``path``: ``change_path`` in SQL."""
    if path not in PATHS:
        raise ValueError(f"unknown path {path!r}; expected one of {', '.join(PATHS)}")
    queryset = queryset.annotate(**_reason_heads())
    if path != OTHER_PATH:
        prefix = next(p for p, name in PATH_PREFIXES if name == path)
        return queryset.filter(_starts_with(prefix))
    known = Q()
    for prefix, _ in PATH_PREFIXES:
        known |= _starts_with(prefix)
    # A NULL reason is "command" too; NOT over NULL comparisons would drop it.
    return queryset.filter(Q(**{f"{REASON_FIELD}__isnull": True}) | ~known)


# --- rows ----------------------------------------------------------------------

COLUMNS: tuple[str, ...] = (
    "at",
    "path",
    "user",
    "action",
    "model",
    "object_id",
    "workspace",
    "scope",
    "owner",
    "detail",
    "reason",
    "history_id",
)

ACTIONS = {"+": "created", "~": "changed", "-": "deleted"}


class AuditRow(TypedDict):
    at: str
    path: str
    user: str
    action: str
    model: str
    object_id: str
    workspace: str
    scope: str
    owner: str
    detail: str
    reason: str
    history_id: int


@dataclass(frozen=True)
class AuditFilter:
    """What to include. Every field is optional; ``None`` means no restriction."""

    since: datetime | None = None
    until: datetime | None = None
    workspace: str | None = None  # slug
    user: str | None = None  # username of the history user
    scope: str | None = None  # user, workspace or session: only rows that have a scope
    path: str | None = None


def parse_moment(text: str) -> datetime | None:
    """``2025-01-31`` (midnight UTC) or an ISO date-time (UTC unless it names a zone); "" is None."""
    text = (text or "").strip()
    if not text:
        return None
    try:
        moment = parse_datetime(text)
        if moment is None:
            day = parse_date(text)
            moment = datetime(day.year, day.month, day.day) if day else None
    except ValueError:
        moment = None
    if moment is None:
        raise ValueError(f"{text!r} is not a date (YYYY-MM-DD) or an ISO date-time.")
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _username(row) -> str:
    return row.history_user.get_username() if row.history_user_id and row.history_user else ""


def _slug(workspace) -> str:
    return workspace.slug if workspace is not None else ""


def _document_workspace(row) -> str:
    if row.scope == "workspace":
        return _slug(row.workspace)
    if row.scope == "session" and row.session is not None:
        return _slug(row.session.workspace)
    return ""


def _document_owner(row) -> str:
    if row.scope == "user":
        return row.user.get_username() if row.user else str(row.user_id or "")
    if row.scope == "workspace":
        return _slug(row.workspace) or str(row.workspace_id or "")
    return str(row.session_id or "")


@dataclass(frozen=True)
class _Source:
    """How to read one model's history into rows."""

    model: type[models.Model]
    label: str
    related: tuple[str, ...]
    workspace_lookups: tuple[str, ...]  # lookups that name the workspace slug
    has_scope: bool

    def queryset(self, flt: AuditFilter) -> models.QuerySet:
        qs = self.model.history.select_related("history_user", *self.related)
        if flt.since is not None:
            qs = qs.filter(history_date__gte=flt.since)
        if flt.until is not None:
            qs = qs.filter(history_date__lt=flt.until)
        if flt.user:
            qs = qs.filter(history_user__username=flt.user)
        if flt.workspace:
            condition = Q()
            for lookup in self.workspace_lookups:
                condition |= Q(**{lookup: flt.workspace})
            qs = qs.filter(condition)
        if flt.scope:
            qs = qs.filter(scope=flt.scope) if self.has_scope else qs.none()
        if flt.path:
            qs = filter_by_path(qs, flt.path)
        return qs.order_by("-history_date", "-history_id")


SOURCES: tuple[_Source, ...] = (
    _Source(
        InstructionDocument,
        "instruction document",
        ("user", "workspace", "session__workspace"),
        ("workspace__slug", "session__workspace__slug"),
        True,
    ),
    _Source(ReviewItem, "review item", ("workspace",), ("workspace__slug",), True),
    _Source(Workspace, "workspace", (), ("slug",), False),
    _Source(Membership, "membership", ("workspace", "user"), ("workspace__slug",), False),
    _Source(AgentSession, "agent session", ("workspace",), ("workspace__slug",), False),
    _Source(Delivery, "delivery", ("session__workspace",), ("session__workspace__slug",), False),
)


def _detail(label: str, row) -> tuple[str, str, str, str]:
    """(workspace, scope, owner, detail) of one history row of the model ``label``."""
    if label == "instruction document":
        return (
            _document_workspace(row),
            row.scope,
            _document_owner(row),
            f"version {row.version}, {len(row.body)} chars",
        )
    if label == "review item":
        detail = f"{row.kind} {row.status}: {row.oath}"
        return _slug(row.workspace), row.scope, "", detail
    if label == "workspace":
        return row.slug, "", "", row.name
    if label == "membership":
        user = row.user.get_username() if row.user else ""
        return _slug(row.workspace), "", user, f"role {row.role}"
    if label == "agent session":
        return _slug(row.workspace), "", "", f"{row.agent}{' ended' if row.ended_at else ''}"
    workspace = _slug(row.session.workspace) if row.session is not None else ""
    return workspace, "", "", f"{row.agent} via {row.mechanism}"


def history_row(label: str, row) -> AuditRow:
    """One history row of the model called ``label`` as a plain audit row."""
    workspace, scope, owner, detail = _detail(label, row)
    return AuditRow(
        at=row.history_date.isoformat(),
        path=change_path(row.history_change_reason),
        user=_username(row),
        action=ACTIONS.get(row.history_type, row.history_type),
        model=label,
        object_id=str(row.id),
        workspace=workspace,
        scope=scope,
        owner=owner,
        detail=detail,
        reason=row.history_change_reason or "",
        history_id=row.history_id,
    )


def _keyed(label: str, rows: Iterable) -> Iterator[tuple[datetime, int, str, Any]]:
    return ((row.history_date, row.history_id, label, row) for row in rows)


def audit_rows(flt: AuditFilter | None = None, *, limit: int | None = None) -> Iterator[AuditRow]:
    """Every change matching ``flt``, newest first, across all audited models.

    One query per model (six), streamed: an export of a long period does not load
    it all into memory at once.
    """
    flt = flt or AuditFilter()
    streams = []
    for source in SOURCES:
        qs = source.queryset(flt)
        if limit is not None:
            qs = qs[:limit]
        streams.append(_keyed(source.label, qs.iterator(chunk_size=2000)))
    merged = heapq.merge(*streams, key=lambda item: (item[0], item[1]), reverse=True)
    for count, (_, _, label, row) in enumerate(merged):
        if limit is not None and count >= limit:
            return
        yield history_row(label, row)


def rows_to_csv(rows: Iterable[AuditRow]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({key: _csv_safe(value) for key, value in row.items()})
    return out.getvalue()


def _csv_safe(value: Any) -> Any:
    # A cell starting with = + - @ is run as a formula by spreadsheets: quote it.
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def rows_to_json(rows: Iterable[AuditRow]) -> str:
    return json.dumps(list(rows), ensure_ascii=False, indent=1)


def render(rows: Iterable[AuditRow], fmt: str) -> str:
    if fmt == "csv":
        return rows_to_csv(rows)
    if fmt == "json":
        return rows_to_json(rows)
    raise ValueError(f"unknown format {fmt!r}; expected csv or json")
