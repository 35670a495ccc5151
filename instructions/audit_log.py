"""The audit log: every change to every audited model, as plain rows.

Each change is a django-simple-history row; the services set its user and reason,
and the entry point it came through is its ``history_path`` column
(``instructions.history``): ``api``, ``web``, ``admin``, ``review``, ``revert``,
``command`` or ``system``. Filtering by path is a plain filter on that column.

Reads only: rows are streamed (one query per audited model, merged by date) and
the CSV and JSON writers yield text piece by piece, so an export of any length
runs in flat memory (``scripts/bench_audit_export.py``).
"""

from __future__ import annotations

import csv
import heapq
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypedDict

from django.db import models
from django.db.models import Count, Q
from django.db.models.functions import Length
from django.utils.dateparse import parse_date, parse_datetime

from instructions.history import ChangePath
from instructions.models import (
    AgentSession,
    Delivery,
    InstructionDocument,
    Membership,
    ReviewItem,
    ReviewKind,
    ReviewStatus,
    Workspace,
    owner_name,
    owner_workspace_slug,
)

#: Rows fetched per query and model while streaming: what bounds an export's memory.
STREAM_CHUNK = 500

#: Every path a change can come through, for filters and command choices.
PATHS: tuple[str, ...] = tuple(ChangePath.values)


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
        if self.model is InstructionDocument:
            # Rows say how long a version is, never what it says: the database counts,
            # and the bodies (up to 50,000 characters each) stay out of the stream.
            qs = qs.defer("body").annotate(body_chars=Length("body"))
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
            qs = qs.filter(history_path=flt.path)
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
        return owner_workspace_slug(row), row.scope, owner_name(row), f"version {row.version}, {row.body_chars} chars"
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
        path=row.history_path,
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
        streams.append(_keyed(source.label, qs.iterator(chunk_size=STREAM_CHUNK)))
    merged = heapq.merge(*streams, key=lambda item: (item[0], item[1]), reverse=True)
    for count, (_, _, label, row) in enumerate(merged):
        if limit is not None and count >= limit:
            return
        yield history_row(label, row)


class _Echo:
    """A file-like object whose ``write`` returns what it is given (csv writes one line at a time)."""

    def write(self, value: str) -> str:
        return value


def _csv_safe(value: Any) -> Any:
    # A cell starting with = + - @ is run as a formula by spreadsheets: quote it.
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def iter_csv(rows: Iterable[AuditRow]) -> Iterator[str]:
    """The rows as CSV, a header line first, yielded one line at a time."""
    writer = csv.DictWriter(_Echo(), fieldnames=COLUMNS, lineterminator="\n")
    yield writer.writeheader()
    for row in rows:
        yield writer.writerow({key: _csv_safe(value) for key, value in row.items()})


def iter_json(rows: Iterable[AuditRow]) -> Iterator[str]:
    """The rows as one JSON array (the layout of ``json.dumps(rows, indent=1)``), yielded row by row."""
    first = True
    for row in rows:
        item = json.dumps(row, ensure_ascii=False, indent=1).replace("\n", "\n ")
        yield ("[\n " if first else ",\n ") + item
        first = False
    yield "[]" if first else "\n]"


EXPORTS = {"csv": iter_csv, "json": iter_json}


def export(rows: Iterable[AuditRow], fmt: str) -> Iterator[str]:
    """The rows in ``fmt`` (csv or json), as an iterator of text pieces."""
    if fmt not in EXPORTS:
        raise ValueError(f"unknown format {fmt!r}; expected csv or json")
    return EXPORTS[fmt](rows)


def dashboard_summary() -> dict[str, Any]:
    """What the admin index shows: pending reviews, failing documents, recent changes.

    Two counting queries plus one per audited model for the recent changes.
    """
    pending = ReviewItem.objects.pending().aggregate(
        writes=Count("pk", filter=Q(kind=ReviewKind.REJECTED_WRITE)),
        flags=Count("pk", filter=Q(kind=ReviewKind.STORED_FAILURE)),
    )
    failing = (
        InstructionDocument.objects.filter(
            reviews__kind=ReviewKind.STORED_FAILURE, reviews__status=ReviewStatus.PENDING
        )
        .distinct()
        .count()
    )
    return {
        "pending_writes": pending["writes"],
        "pending_flags": pending["flags"],
        "pending_total": pending["writes"] + pending["flags"],
        "failing_documents": failing,
        "recent": list(audit_rows(limit=10)),
    }
