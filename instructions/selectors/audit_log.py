"""The audit log: every change to every audited model, as plain rows.

Each change is a django-simple-history row; the services set its user and reason,
and the entry point it came through is its ``history_path`` column
(``instructions.history``): ``api``, ``web``, ``admin``, ``review``, ``revert``,
``command`` or ``system``. Filtering by path is a plain filter on that column.

Reads only: rows are streamed (one query per audited model, merged by date) and
the CSV and JSON writers yield text piece by piece, so an export of any length
runs in flat memory (``scripts/bench_audit_export.py``).

A row is one history row of one model: its identity is the pair (``model``,
``history_id``), since each model numbers its history on its own (history id 12
may be a session and a document). Pages write it ``<kind>#<history id>``
(``document#12``, ``session#12``: ``Change.key``); the export keeps its columns
(``COLUMNS``), which carry both halves.

A session's history rows are changes of the session scope: they say what its
additional instructions were, and the ``scope`` filter ``session`` includes them.

For pages, ``changes`` reads the same rows as people read them: named, with a
one-line "what changed" (lines added and removed, fields changed) computed
against each row's previous version, at one more query per model on the page.
"""

from __future__ import annotations

import csv
import heapq
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypedDict

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Count, OuterRef, Q, Subquery
from django.db.models.functions import Length
from django.utils.dateparse import parse_date, parse_datetime

from instructions.foundation.contract import Scope
from instructions.foundation.stored_text import printable
from instructions.history import ChangePath
from instructions.models import (
    STALE,
    AgentSession,
    Delivery,
    InstructionDocument,
    Membership,
    ReviewItem,
    ReviewKind,
    ReviewStatus,
    ReviewSubject,
    Workspace,
    owner_name,
    owner_workspace_slug,
)
from instructions.rules.display import change_counts, line_changes

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
    try:
        # In UTC, as the database compares it: a zone can push a moment past the calendar.
        return moment.replace(tzinfo=UTC) if not moment.tzinfo else moment.astimezone(UTC)
    except OverflowError:
        raise ValueError(f"{text!r} is outside the calendar once in UTC.") from None


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
    #: The short name of the model in a row's identity (``document#12``).
    kind: str
    #: The scope every row of this model belongs to (sessions: ``session``), if any.
    fixed_scope: str = ""
    #: What a page compares with the previous version to say what changed (``changes``).
    compared: tuple[str, ...] = ()

    def scope_filter(self, qs: models.QuerySet, scope: str) -> models.QuerySet:
        if self.has_scope:
            return qs.filter(scope=scope)
        return qs if scope == self.fixed_scope else qs.none()

    def with_previous(self, qs: models.QuerySet) -> models.QuerySet:
        """Each row with its previous version's history id (``previous_id``) and compared
        fields (``previous_<field>``): correlated subqueries, run for the rows a page
        shows (the history_date index serves the page's order and limit)."""
        history = self.model.history.model
        earlier = history.objects.filter(id=OuterRef("id"), history_id__lt=OuterRef("history_id")).order_by(
            "-history_id"
        )
        fields = {"previous_id": Subquery(earlier.values("history_id")[:1])}
        for name in self.compared:
            fields[f"previous_{name}"] = Subquery(earlier.values(name)[:1])
        return qs.annotate(**fields)

    def queryset(self, flt: AuditFilter, *, page: bool = False) -> models.QuerySet:
        qs = self.model.history.select_related("history_user", *self.related)
        if page and self.kind != "delivery":  # deliveries are never changed
            qs = self.with_previous(qs)
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
            qs = self.scope_filter(qs, flt.scope)
        if flt.path:
            qs = qs.filter(history_path=flt.path)
        return qs.order_by("-history_date", "-history_id")


SOURCES: tuple[_Source, ...] = (
    _Source(
        InstructionDocument,
        "instruction document",
        ("user", "workspace", "session__workspace", "session__owner"),
        ("workspace__slug", "session__workspace__slug"),
        True,
        "document",
    ),
    _Source(
        ReviewItem,
        "review item",
        ("workspace", "user", "session__owner"),
        ("workspace__slug",),
        True,
        "review",
        compared=("status", "document_id"),
    ),
    _Source(Workspace, "workspace", (), ("slug",), False, "workspace", compared=("name", "review_policy")),
    _Source(
        Membership, "membership", ("workspace", "user"), ("workspace__slug",), False, "membership", compared=("role",)
    ),
    _Source(
        AgentSession,
        "agent session",
        ("workspace", "owner"),
        ("workspace__slug",),
        False,
        "session",
        Scope.SESSION,
        compared=("additional_instructions", "ended_at", "cwd"),
    ),
    _Source(
        Delivery, "delivery", ("session__workspace", "session__owner"), ("session__workspace__slug",), False, "delivery"
    ),
)
SOURCE_BY_LABEL = {source.label: source for source in SOURCES}


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
        return _slug(row.workspace), Scope.SESSION, str(row.id), f"{row.agent}{' ended' if row.ended_at else ''}"
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


def _keyed(source: _Source, rows: Iterable) -> Iterator[tuple[datetime, int, _Source, Any]]:
    return ((row.history_date, row.history_id, source, row) for row in rows)


def _history(flt: AuditFilter | None, limit: int | None, *, page: bool = False) -> Iterator[tuple[_Source, Any]]:
    """(source, history row) of every change matching ``flt``, newest first (for a
    ``page``, each row with its previous version: ``_Source.with_previous``)."""
    flt = flt or AuditFilter()
    streams = []
    for source in SOURCES:
        qs = source.queryset(flt, page=page)
        if limit is not None:
            qs = qs[:limit]
        streams.append(_keyed(source, qs.iterator(chunk_size=STREAM_CHUNK)))
    merged = heapq.merge(*streams, key=lambda item: (item[0], item[1]), reverse=True)
    for count, (_, _, source, row) in enumerate(merged):
        if limit is not None and count >= limit:
            return
        yield source, row


def audit_rows(flt: AuditFilter | None = None, *, limit: int | None = None) -> Iterator[AuditRow]:
    """Every change matching ``flt``, newest first, across all audited models.

    One query per model (six), streamed: an export of a long period does not load
    it all into memory at once.
    """
    for source, row in _history(flt, limit):
        yield history_row(source.label, row)


# --- changes, as people read them ----------------------------------------------


def scope_title(obj) -> str:
    """How people name the scope of a document or review item (or a history row of
    one): "acme's AGENTS.md", "alice's user scope", "alice's session 7505ed0b"."""
    if getattr(obj, "subject", ReviewSubject.SCOPE_BODY) == ReviewSubject.ADDITIONAL:
        user = obj.user.get_username() if obj.user_id and obj.user else str(obj.user_id)
        return f"{user}'s additional instructions in {_slug(obj.workspace) or obj.workspace_id}"
    if obj.scope == Scope.WORKSPACE:
        return f"{owner_name(obj)}'s AGENTS.md"
    if obj.scope == Scope.USER:
        return f"{owner_name(obj)}'s user scope"
    return _session_title(obj.session, obj.session_id) + " scope"


def _session_title(session, session_id) -> str:
    short = str(session_id)[:8]
    if session is None:
        return f"session {short}"
    return f"{session.owner.get_username()}'s {session.agent} session {short}"


@dataclass(frozen=True)
class Change:
    """One audit row as a person reads it: its identity, a one-line summary of what
    changed, and the history id of the version before (for a diff), if any."""

    row: AuditRow
    kind: str
    at: datetime
    summary: str
    previous_id: int | None

    @property
    def key(self) -> str:
        """The row's identity: the model's kind and its history id (``document#12``)."""
        return f"{self.kind}#{self.row['history_id']}"


def _lines(text: str) -> str:
    count = len(text.splitlines())
    return f"{count} line{'' if count == 1 else 's'}"


def _document_summary(row, previous, bodies: dict[int, str]) -> str:
    title = scope_title(row)
    body = bodies.get(row.history_id, "")
    if row.history_type == "-":
        return f"{title} deleted"
    if previous is None:
        return f"{title} created ({_lines(body)})" if body else f"{title} created empty"
    added, removed = line_changes(bodies.get(previous.history_id, ""), body)
    if not body:
        return f"{title} cleared (−{removed} lines)"
    return f"{change_counts(added, removed)} in {title}"


def _review_summary(row, previous) -> str:
    title = f"Review #{row.id} of {scope_title(row)}"
    if previous is None:
        what = "stored text flagged" if row.kind == ReviewKind.STORED_FAILURE else "refused write kept"
        return f"{title}: {what} ({row.oath})"
    if previous.status != row.status:
        note = f": “{row.note}”" if row.note else ""
        return f"{title}: {previous.status} → {row.status}{note}"
    if previous.document_id != row.document_id:
        return f"{title}: linked to the document created since"
    return f"{title} changed"


def _workspace_summary(row, previous) -> str:
    if previous is None:
        return f"Workspace {row.slug} created (“{row.name}”)"
    changes = []
    if previous.name != row.name:
        changes.append(f"renamed “{previous.name}” → “{row.name}”")
    if previous.review_policy != row.review_policy:
        changes.append(f"review policy {previous.review_policy} → {row.review_policy}")
    return f"Workspace {row.slug} " + ("; ".join(changes) if changes else "changed")


def _membership_summary(row, previous) -> str:
    user = row.user.get_username() if row.user_id and row.user else str(row.user_id)
    workspace = _slug(row.workspace) or str(row.workspace_id)
    if row.history_type == "-":
        return f"{user} removed from {workspace}"
    if previous is None:
        return f"{user} added to {workspace} as {row.role}"
    if previous.role != row.role:
        return f"{user} in {workspace}: role {previous.role} → {row.role}"
    return f"{user} in {workspace} changed"


def _session_summary(row, previous) -> str:
    title = _session_title(row, row.id)
    text = row.additional_instructions
    if previous is None:
        extra = f", with {_lines(text)} of additional instructions" if text else ""
        no_os = " (no OS instructions)" if row.skip_os_instructions else ""
        return f"{title} started in {_slug(row.workspace)}{extra}{no_os}"
    parts = []
    if previous.additional_instructions != text:
        added, removed = line_changes(previous.additional_instructions, text)
        parts.append(f"additional instructions {change_counts(added, removed)}")
    if row.ended_at and not previous.ended_at:
        parts.append(f"ended ({row.end_reason})" if row.end_reason else "ended")
    if previous.cwd != row.cwd:
        parts.append("working directory changed")
    return f"{title}: {', '.join(parts)}" if parts else f"{title} changed"


def _delivery_summary(row) -> str:
    size = f"{row.instructions_bytes:,} bytes"
    return f"Delivered to {_session_title(row.session, row.session_id)}: {size} via {row.mechanism}"


def _summary(source: _Source, row, previous, bodies: dict[int, str]) -> str:
    if source.kind == "document":
        return _document_summary(row, previous, bodies)
    if source.kind == "review":
        return _review_summary(row, previous)
    if source.kind == "workspace":
        return _workspace_summary(row, previous)
    if source.kind == "membership":
        return _membership_summary(row, previous)
    if source.kind == "session":
        return _session_summary(row, previous)
    return _delivery_summary(row)


class _Previous:
    """A row's previous version, as far as a page compares it (``_Source.compared``)."""

    def __init__(self, row, source: _Source) -> None:
        self.history_id = row.previous_id
        for name in source.compared:
            setattr(self, name, getattr(row, f"previous_{name}"))


def _bodies(rows: list) -> dict[int, str]:
    """``{history id: body}`` of the given document versions and of their previous
    versions, in one query (the stream left the bodies in the database)."""
    ids = {row.history_id for row in rows} | {row.previous_id for row in rows if row.previous_id}
    if not ids:
        return {}
    history = InstructionDocument.history.model
    return dict(history.objects.filter(history_id__in=ids).values_list("history_id", "body"))


def with_previous_versions(versions: models.QuerySet) -> models.QuerySet:
    """Document versions, each with its previous version's history id (``previous_id``)."""
    return SOURCE_BY_LABEL["instruction document"].with_previous(versions)


def document_line_changes(versions: list) -> dict[int, tuple[int, int]]:
    """``{history id: (lines added, lines removed)}`` of document versions annotated by
    ``with_previous_versions``, against their previous versions (one query)."""
    bodies = _bodies(versions)
    return {
        v.history_id: line_changes(bodies.get(v.previous_id, "") if v.previous_id else "", bodies.get(v.history_id, ""))
        for v in versions
    }


def changes(flt: AuditFilter | None = None, *, limit: int) -> list[Change]:
    """The latest ``limit`` changes matching ``flt``, newest first, each with a summary
    of what it changed against its previous version: the rows' queries (one per
    model, each row carrying what it is compared with), plus one for the bodies of
    the documents' versions on the page."""
    history = list(_history(flt, limit, page=True))
    bodies = _bodies([row for source, row in history if source.kind == "document"])
    result = []
    for source, row in history:
        previous = _Previous(row, source) if getattr(row, "previous_id", None) else None
        result.append(
            Change(
                row=history_row(source.label, row),
                kind=source.kind,
                at=row.history_date,
                summary=_summary(source, row, previous, bodies),
                previous_id=previous.history_id if previous is not None else None,
            )
        )
    return result


@dataclass(frozen=True)
class SessionVersion:
    """One history row of a session, the row before it, and what changed between them."""

    row: Any
    previous: Any | None
    summary: str


def session_version(session_id: str, history_id: int) -> SessionVersion | None:
    """A session's version by history id (``None`` if it has no such version); two queries.
    History outlives the session: a deleted session's versions are still read."""
    history = AgentSession.history.model
    try:
        row = (
            history.objects.select_related("owner", "workspace", "history_user")
            .filter(id=session_id, history_id=history_id)
            .first()
        )
    except (ValidationError, ValueError):
        return None
    if row is None:
        return None
    previous = history.objects.filter(id=row.id, history_id__lt=row.history_id).order_by("-history_id").first()
    return SessionVersion(row=row, previous=previous, summary=_session_summary(row, previous))


class _Echo:
    """A file-like object whose ``write`` returns what it is given (csv writes one line at a time)."""

    def write(self, value: str) -> str:
        return value


def _csv_safe(value: Any) -> Any:
    # Characters that act on a terminal or change how text reads (rows stored before
    # every text was validated) are written as visible escapes.
    if isinstance(value, str):
        value = printable(value)
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
        # JSON escapes keep every value exact; printable() also escapes the characters
        # json leaves raw (DEL, C1 controls, bidi overrides).
        item = printable(json.dumps(row, ensure_ascii=False, indent=1)).replace("\n", "\n ")
        yield ("[\n " if first else ",\n ") + item
        first = False
    yield "[]" if first else "\n]"


EXPORTS = {"csv": iter_csv, "json": iter_json}


def export(rows: Iterable[AuditRow], fmt: str) -> Iterator[str]:
    """The rows in ``fmt`` (csv or json), as an iterator of text pieces."""
    if fmt not in EXPORTS:
        raise ValueError(f"unknown format {fmt!r}; expected csv or json")
    return EXPORTS[fmt](rows)


def review_counts() -> dict[str, int]:
    """Pending review items, by kind (held writes, changes flagged after acceptance, stored
    bodies flagged by the credo), and the stale ones among them (one query)."""
    counts = ReviewItem.objects.pending().aggregate(
        writes=Count("pk", filter=Q(kind=ReviewKind.REJECTED_WRITE)),
        accepted=Count("pk", filter=Q(kind=ReviewKind.ACCEPTED_FLAGGED)),
        flags=Count("pk", filter=Q(kind=ReviewKind.STORED_FAILURE)),
        stale=Count("pk", filter=STALE),
    )
    return {**counts, "total": counts["writes"] + counts["accepted"] + counts["flags"]}


def failing_documents_count() -> int:
    """Documents whose stored body fails the credo in force (flagged, pending; one query)."""
    return (
        InstructionDocument.objects.filter(
            reviews__kind=ReviewKind.STORED_FAILURE, reviews__status=ReviewStatus.PENDING
        )
        .distinct()
        .count()
    )
