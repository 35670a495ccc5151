"""Reads: gather a merged set's inputs from the database and the credo.

``load_merged`` costs a constant number of queries (one for the documents) however
long the history is; the credo comes from its in-memory cache.

Selectors never write; the services that do (``instructions.services``) build on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.models import Count, Max, Prefetch, Q, QuerySet, prefetch_related_objects
from django.utils.safestring import SafeString

from instructions.foundation.contract import PRECEDENCE, InstructionEntry, MergedInstructions, Scope, display_path
from instructions.foundation.errors import CredoUnavailable, InvalidInput, NotFound
from instructions.foundation.params import parse_id
from instructions.models import (
    OWNER_COLUMN,
    AgentSession,
    ApprovedFinding,
    Delivery,
    InstructionDocument,
    Membership,
    ReviewItem,
    ReviewStatus,
    ReviewSubmission,
    Workspace,
    owner_name,
    target_key,
    target_key_of,
)
from instructions.rules.approvals import FindingKey, verdict, without_approved
from instructions.rules.credo import Credo, CredoError, current_credo
from instructions.rules.display import Diff, DiffLine, Span, diff_of, highlight_spans, render_markdown
from instructions.rules.merge import ScopeSource, SessionWindow, make_entry, merge_instructions
from instructions.rules.oaths import Finding, OathResult, RuleSet, check_text


def epoch_ms(moment) -> int:
    return int(moment.timestamp() * 1000)


def credo_or_error() -> Credo:
    try:
        return current_credo()
    except CredoError as exc:
        raise CredoUnavailable(f"The credo cannot be loaded: {exc}") from None


def current_rules() -> RuleSet:
    """The oath rules of the credo in force (``CredoUnavailable`` when it cannot be used)."""
    return credo_or_error().rules


def oath_budget() -> float | None:
    """Seconds of CPU time one oath check of a proposed text may use (``OATH_CHECK_BUDGET_SECONDS``, read
    at each call; 0 or less: no limit). A check that spends it holds the text for review."""
    budget = getattr(settings, "OATH_CHECK_BUDGET_SECONDS", None)
    return float(budget) if budget is not None and budget > 0 else None


def document_source(document: InstructionDocument, approved: frozenset[FindingKey] = frozenset()) -> ScopeSource:
    return ScopeSource(
        scope=document.scope,
        path=display_path(document.scope, owner_name(document)),
        body=document.body,
        modified_at=epoch_ms(document.updated_at),
        approved=approved,
    )


def approvals_by_target(keys: list[str]) -> dict[str, frozenset[FindingKey]]:
    """``{target key: approved findings}`` for the given targets, in one query (none when
    there are no keys)."""
    found: dict[str, set[FindingKey]] = {key: set() for key in keys}
    if keys:
        rows = ApprovedFinding.objects.filter(target_key__in=keys).values_list("target_key", "rule_id", "unit_key")
        for key, rule_id, unit in rows:
            found[key].add((rule_id, unit))
    return {key: frozenset(value) for key, value in found.items()}


def credo_source(credo: Credo) -> ScopeSource | None:
    if not credo.exists:
        return None
    return ScopeSource(scope=Scope.GLOBAL, path=credo.path, body=credo.body, modified_at=credo.modified_at)


@dataclass(frozen=True)
class MergeInputs:
    credo: Credo
    documents: dict[str, InstructionDocument]
    session: AgentSession | None
    #: Approved findings by the documents' target keys.
    approvals: dict[str, frozenset[FindingKey]]

    @property
    def sources(self) -> list[ScopeSource]:
        sources = [
            document_source(d, self.approvals.get(target_key_of(d), frozenset())) for d in self.documents.values()
        ]
        credo = credo_source(self.credo)
        return [*sources, credo] if credo else sources

    @property
    def window(self) -> SessionWindow | None:
        if self.session is None:
            return None
        return SessionWindow(started_at=epoch_ms(self.session.started_at), active=self.session.is_active)


def check_session_workspace(workspace: Workspace, session: AgentSession | None) -> None:
    if session is not None and session.workspace_id != workspace.pk:
        raise InvalidInput(
            f"Session {session.pk} belongs to workspace '{session.workspace.slug}', not '{workspace.slug}'."
        )


def gather_inputs(*, user, workspace: Workspace, session: AgentSession | None = None) -> MergeInputs:
    """One query for the documents, one for the findings reviewers approved for their
    scopes, plus the cached credo."""
    check_session_workspace(workspace, session)
    credo = credo_or_error()
    documents = {
        d.scope: d for d in InstructionDocument.objects.for_merge(user=user, workspace=workspace, session=session)
    }
    approvals = approvals_by_target([target_key_of(d) for d in documents.values()])
    return MergeInputs(credo=credo, documents=documents, session=session, approvals=approvals)


# --- stamps: what a merged set is built from, as a cache key (instructions.foundation.render_cache)


@dataclass(frozen=True)
class MergeStamp:
    """Every input of a merged set that can change it. Equal stamps, equal merged sets:
    any accepted write bumps a document's version, and approving or withdrawing a
    finding changes its target's approval count or highest id (ids only grow)."""

    credo: tuple[str, str, int]  # SHA-256 of credo.md and of its rules, modification time
    user: tuple[int, str]  # the username is shown in the user scope's path
    workspace: tuple[int, str]
    session: tuple[object, bool, datetime] | None
    #: (scope, id, version, approvals, highest approval id) per document.
    documents: tuple[tuple, ...]


def _sql_col(alias: str, meta, name: str) -> str:
    """``alias.column`` of field ``name`` of the model ``meta`` describes, quoted."""
    return f"{alias}.{connection.ops.quote_name(meta.get_field(name).column)}"


def _stamp_columns(target: str) -> str:
    """The stamp's columns of the joined document ``d`` (as ``_stamp_sql``): its id, scope and
    version, and the count and highest id of the approvals of ``target`` (its target key)."""
    doc, approval = InstructionDocument._meta, ApprovedFinding._meta
    table = connection.ops.quote_name(approval.db_table)
    approvals = f"FROM {table} a WHERE {_sql_col('a', approval, 'target_key')} = {target}"
    return (
        f"{_sql_col('d', doc, 'id')} AS stamp_id, {_sql_col('d', doc, 'scope')} AS stamp_scope, "
        f"{_sql_col('d', doc, 'version')} AS stamp_version, "
        f"(SELECT COUNT(*) {approvals}) AS stamp_approvals, "
        f"(SELECT MAX({_sql_col('a', approval, 'id')}) {approvals}) AS stamp_top "
    )


@lru_cache(maxsize=4)
def _stamp_sql(scopes: tuple[str, ...], vendor: str) -> str:
    """The stamp's query, written once (``vendor``: the SQL is per database vendor).

    It runs on every read of the merged set and every spawn; building it through the
    ORM each time cost more than running it. The owner columns come from
    ``OWNER_COLUMN``, as ``for_merge``'s filter does; each document's approvals are
    counted by its target key (given as parameters, one per scope).
    """
    doc = InstructionDocument._meta
    scope_col = _sql_col("d", doc, "scope")
    where = " OR ".join(f"({scope_col} = %s AND {_sql_col('d', doc, OWNER_COLUMN[scope])} = %s)" for scope in scopes)
    target = "CASE " + " ".join(f"WHEN {scope_col} = %s THEN %s" for _ in scopes) + " END"
    # Names from the models only; every value is a parameter.
    return f"SELECT {_stamp_columns(target)}FROM {connection.ops.quote_name(doc.db_table)} d WHERE {where}"


def merge_stamp(*, user, workspace: Workspace, session: AgentSession | None = None) -> MergeStamp:
    """The stamp of ``load_merged(user, workspace, session)``, read cheaply: one query
    (the documents' versions and their approval counts, no bodies) plus the cached credo."""
    check_session_workspace(workspace, session)
    owners = {Scope.USER: user, Scope.WORKSPACE: workspace}
    if session is not None:
        owners[Scope.SESSION] = session
    targets: list[object] = []
    for scope, owner in owners.items():
        targets += [scope, target_key(scope, owner)]
    where: list[object] = []
    for scope, owner in owners.items():
        where += [
            scope,
            InstructionDocument._meta.get_field(OWNER_COLUMN[scope]).get_db_prep_value(owner.pk, connection),
        ]
    # A plain cursor: the rows are compared, never used as models (no model to build
    # per row on every read). Every accepted write bumps ``version`` (with ``updated_at``).
    with connection.cursor() as cursor:
        cursor.execute(_stamp_sql(tuple(owners), connection.vendor), [*targets, *targets, *where])
        documents = [(scope, pk, version, count, top) for pk, scope, version, count, top in cursor]
    return stamp_of(user=user, workspace=workspace, session=session, documents=documents)


def stamp_of(*, user, workspace: Workspace, session: AgentSession | None = None, documents) -> MergeStamp:
    """The stamp, from its documents' rows ``(scope, id, version, approvals, highest approval id)``
    and the cached credo."""
    credo = credo_or_error()
    return MergeStamp(
        credo=(credo.sha256, credo.rules.sha256, credo.modified_at),
        user=(user.pk, user.get_username()),
        workspace=(workspace.pk, workspace.slug),
        session=(session.pk, session.is_active, session.started_at) if session is not None else None,
        documents=tuple(sorted(documents)),
    )


#: The workspace's fields the merged read uses, read with its stamp (columns that need no
#: conversion from the database on any vendor; the others load if ever asked for).
_WORKSPACE_FIELDS = ("id", "slug", "name")


@lru_cache(maxsize=2)
def _workspace_stamp_sql(vendor: str) -> str:
    """``workspace_stamp_rows``' query, written once per database vendor: the workspace named
    by a slug, the caller's role there, and the stamp's columns of the caller's user scope and
    of the workspace's scope (as ``_stamp_sql``), one row per document."""
    quote, col = connection.ops.quote_name, _sql_col
    ws, member, doc = Workspace._meta, Membership._meta, InstructionDocument._meta
    scope = col("d", doc, "scope")
    target = f"CASE WHEN {scope} = %s THEN %s ELSE %s || CAST({col('w', ws, 'id')} AS TEXT) END"
    workspace_columns = ", ".join(f"w.{quote(ws.get_field(name).column)}" for name in _WORKSPACE_FIELDS)
    # Names from the models only; every value is a parameter.
    return (
        f"SELECT {workspace_columns}, {col('m', member, 'role')} AS member_role, "
        f"{_stamp_columns(target)}"
        f"FROM {quote(ws.db_table)} w "
        f"LEFT JOIN {quote(member.db_table)} m "
        f"ON {col('m', member, 'workspace')} = w.{quote(ws.pk.column)} AND {col('m', member, 'user')} = %s "
        f"LEFT JOIN {quote(doc.db_table)} d ON ({scope} = %s AND {col('d', doc, OWNER_COLUMN[Scope.USER])} = %s) "
        f"OR ({scope} = %s AND {col('d', doc, OWNER_COLUMN[Scope.WORKSPACE])} = w.{quote(ws.pk.column)}) "
        f"WHERE w.{quote(ws.get_field('slug').column)} = %s"
    )


def workspace_stamp_rows(*, user, slug: str) -> tuple[Workspace | None, list[tuple]]:
    """The workspace named ``slug`` (with ``member_role``: the caller's role there, None
    for none) and the rows of the stamp of the caller's merged set in it (no session), in
    one query: a merged read then costs the token, this, and nothing more when its
    rendering is cached. ``(None, [])`` when no workspace has the slug.

    Nothing here decides access: the caller hands the workspace to
    ``access.grant_workspace`` before it uses anything else (``stamp_of``).
    """
    user_key = target_key(Scope.USER, user)
    owner = InstructionDocument._meta.get_field(OWNER_COLUMN[Scope.USER]).get_db_prep_value(user.pk, connection)
    target = [Scope.USER, user_key, f"{Scope.WORKSPACE}:"]
    params = [*target, *target, user.pk, Scope.USER, owner, Scope.WORKSPACE, slug]
    # A plain cursor: a model built by hand from the first row costs less than ``raw()``.
    with connection.cursor() as cursor:
        cursor.execute(_workspace_stamp_sql(connection.vendor), params)
        rows = cursor.fetchall()
    if not rows:
        return None, []
    fields = len(_WORKSPACE_FIELDS)
    workspace = Workspace.from_db(connection.alias, _WORKSPACE_FIELDS, rows[0][:fields])
    workspace.member_role = rows[0][fields]
    documents = [(scope, pk, version, count, top) for pk, scope, version, count, top in (r[fields + 1 :] for r in rows)]
    return workspace, [row for row in documents if row[1] is not None]


@lru_cache(maxsize=2)
def _session_stamp_sql(vendor: str) -> str:
    """``session_stamp_rows``' query, written once per database vendor: one session of its
    owner, its workspace's slug and name, whether its owner is a member there, and the
    stamp's columns of the three documents it merges (the owner's user scope, the
    workspace's scope, its own session scope; as ``_stamp_sql``), one row per document."""
    quote, col = connection.ops.quote_name, _sql_col
    session, ws, member, doc = AgentSession._meta, Workspace._meta, Membership._meta, InstructionDocument._meta
    scope = col("d", doc, "scope")
    session_ws = col("s", session, "workspace")
    target = f"CASE WHEN {scope} = %s THEN %s WHEN {scope} = %s THEN %s ELSE %s || CAST({session_ws} AS TEXT) END"
    session_columns = ", ".join(f"s.{quote(field.column)}" for field in session.concrete_fields)
    owner = {name: col("d", doc, OWNER_COLUMN[name]) for name in OWNER_COLUMN}
    # Names from the models only; every value is a parameter.
    return (
        f"SELECT {session_columns}, {col('w', ws, 'slug')} AS ws_slug, {col('w', ws, 'name')} AS ws_name, "  # noqa: S608
        f"EXISTS (SELECT 1 FROM {quote(member.db_table)} m WHERE {col('m', member, 'workspace')} = {session_ws} "
        f"AND {col('m', member, 'user')} = {col('s', session, 'owner')}) AS owner_is_member, "
        f"{_stamp_columns(target)}"
        f"FROM {quote(session.db_table)} s "
        f"JOIN {quote(ws.db_table)} w ON w.{quote(ws.pk.column)} = {session_ws} "
        f"LEFT JOIN {quote(doc.db_table)} d ON ({scope} = %s AND {owner[Scope.USER]} = %s) "
        f"OR ({scope} = %s AND {owner[Scope.WORKSPACE]} = {session_ws}) "
        f"OR ({scope} = %s AND {owner[Scope.SESSION]} = s.{quote(session.pk.column)}) "
        f"WHERE s.{quote(session.pk.column)} = %s AND {col('s', session, 'owner')} = %s"
    )


def session_stamp_rows(*, user, session_id: object) -> tuple[AgentSession | None, list[tuple]]:
    """``user``'s session ``session_id`` (with ``ws_slug``, ``ws_name`` and
    ``owner_is_member``, as ``access.own_session`` reads it) and the rows of the stamp of
    its merged set, in one query: a spawn then costs the token, this and its delivery
    when its payload is cached. ``(None, [])`` when ``user`` has no such session (or the
    id is not one).

    Nothing here decides access: the caller hands the session to ``access.grant_session``
    before it uses anything else (``stamp_of``).
    """
    pk = AgentSession._meta.pk
    try:
        key = pk.to_python(session_id)
    except (ValidationError, ValueError, TypeError):
        return None, []
    session_key = target_key(Scope.SESSION, AgentSession(pk=key))
    target = [Scope.USER, target_key(Scope.USER, user), Scope.SESSION, session_key, f"{Scope.WORKSPACE}:"]
    user_owner = InstructionDocument._meta.get_field(OWNER_COLUMN[Scope.USER]).get_db_prep_value(user.pk, connection)
    params = [
        *target,
        *target,
        Scope.USER,
        user_owner,
        Scope.WORKSPACE,
        Scope.SESSION,
        pk.get_db_prep_value(key, connection),
        user.pk,
    ]
    rows = list(AgentSession.objects.raw(_session_stamp_sql(connection.vendor), params))
    if not rows:
        return None, []
    documents = [
        (row.stamp_scope, row.stamp_id, row.stamp_version, row.stamp_approvals, row.stamp_top)
        for row in rows
        if row.stamp_id is not None
    ]
    return rows[0], documents


def stamp_matches(stamp: MergeStamp, inputs: MergeInputs) -> bool:
    """Were ``inputs`` (gathered after ``stamp`` was read) what ``stamp`` names? Not when
    a write or an approval landed in between: then what was built from them must not
    be kept under ``stamp`` (it is newer; it is served, not cached)."""
    if inputs.credo.sha256 != stamp.credo[0] or inputs.credo.rules.sha256 != stamp.credo[1]:
        return False
    gathered = sorted(
        (d.scope, d.pk, d.version, len(inputs.approvals.get(target_key_of(d), ()))) for d in inputs.documents.values()
    )
    return gathered == [row[:4] for row in stamp.documents]


def merge_inputs(inputs: MergeInputs) -> MergedInstructions:
    return merge_instructions(sources=inputs.sources, rules=inputs.credo.rules, session=inputs.window)


def load_merged(*, user, workspace: Workspace, session: AgentSession | None = None) -> MergedInstructions:
    return merge_inputs(gather_inputs(user=user, workspace=workspace, session=session))


def latest_history_ids(documents: list[InstructionDocument]) -> dict[int, int]:
    """``{document id: history id of its current version}`` in one query."""
    if not documents:
        return {}
    rows = (
        InstructionDocument.history.filter(id__in=[d.pk for d in documents])
        .values("id")
        .annotate(latest=Max("history_id"))
    )
    return {row["id"]: row["latest"] for row in rows}


def scope_approvals(scope: str, owner: object) -> frozenset[FindingKey]:
    """The findings reviewers approved for ``owner``'s scope (one query)."""
    key = target_key(scope, owner)
    return approvals_by_target([key])[key]


def document_verdict(document: InstructionDocument) -> OathResult:
    """The oath check of a stored document as writes and merges go by it: its target's approved
    findings set aside (one query)."""
    key = target_key_of(document)
    return verdict(document.body, current_rules(), approvals_by_target([key])[key])


def document_of(scope: str, owner: object) -> InstructionDocument | None:
    """``owner``'s document of ``scope``, if it has one."""
    return InstructionDocument.objects.of(scope, owner).first()


def document_versions(document: InstructionDocument | None) -> QuerySet:
    """A document's history rows, newest first (empty without a document)."""
    if document is None:
        return InstructionDocument.history.none()
    return document.history.select_related("history_user").order_by("-history_id")


def empty_entry(scope: str, path: str) -> InstructionEntry:
    return {
        "scope": scope,
        "path": path,
        "body": "",
        "lines": 0,
        "modified_at": 0,
        "oath_check": "unknown",
        "oath_conflict": None,
    }


def scope_entries(*, user, workspace: Workspace, session: AgentSession | None = None) -> list[InstructionEntry]:
    """All four scopes as entries, highest priority first; a scope with no document
    (or an ended session's) is an empty entry."""
    return entries_of(gather_inputs(user=user, workspace=workspace, session=session), user=user, workspace=workspace)


def scope_entry_and_version(
    *, scope: str, user, workspace: Workspace, session: AgentSession | None = None
) -> tuple[InstructionEntry, int]:
    """One scope's entry and the version it shows (0: no document), read by the same
    query. The version is the ETag a client sends back in If-Match: read separately,
    a write landing between the two reads would pair an old body with the new
    version, and an edit of that old body would then overwrite the write unnoticed."""
    inputs = gather_inputs(user=user, workspace=workspace, session=session)
    entries = entries_of(inputs, user=user, workspace=workspace)
    document = inputs.documents.get(scope)
    return next(e for e in entries if e["scope"] == scope), document.version if document else 0


def entries_of(inputs: MergeInputs, *, user, workspace: Workspace) -> list[InstructionEntry]:
    session = inputs.session
    sources = {s.scope: s for s in inputs.sources}
    owners = {
        Scope.SESSION: session.pk if session else None,
        Scope.WORKSPACE: workspace.slug,
        Scope.USER: user.get_username(),
        Scope.GLOBAL: None,
    }
    entries = []
    for scope in PRECEDENCE:
        source = sources.get(scope)
        if scope == Scope.SESSION and session is not None and not session.is_active:
            source = None
        if source is None:
            entries.append(empty_entry(scope, display_path(scope, owners[scope])))
        else:
            entries.append(make_entry(source, inputs.credo.rules)[0])
    return entries


@dataclass(frozen=True)
class TextCheck:
    """A dry-run oath check of a text, ready to show: findings, the text with each
    finding marked, and the text rendered as Markdown (sanitised)."""

    #: After the findings reviewers approved for the scope: ``fail`` means a save is refused.
    status: str
    #: Every finding, approved ones included (all are marked in the text).
    findings: tuple[Finding, ...]
    marked: SafeString
    rendered: SafeString
    #: The findings that would refuse a save (the others were approved for this scope).
    blocking: tuple[Finding, ...] = ()

    @property
    def approved(self) -> bool:
        """Findings there are, and reviewers approved every one for this scope."""
        return bool(self.findings) and not self.blocking


def finding_label(finding: Finding) -> str:
    reason = getattr(finding, "reason", "")  # the oath check is gaining reasons
    return f"{finding.oath}: {reason}" if reason else finding.oath


def text_check(body: str, *, approved: frozenset[FindingKey] = frozenset()) -> TextCheck:
    """What ``POST /api/oaths/check`` says about ``body`` (same rules), for a page.

    ``approved``: the findings reviewers approved for the scope (``approvals_by_target``),
    which the write path lets through: they are not shown as findings."""
    rules = current_rules()
    checked = check_text(body, rules, oath_budget(), target="live check") if body else OathResult("pass")
    result = without_approved(checked, approved, body, rules, budget=oath_budget())
    spans = [Span(f.start, f.end, finding_label(f)) for f in checked.findings]
    return TextCheck(
        status=result.status,
        findings=checked.findings,
        marked=highlight_spans(body, spans),
        rendered=render_markdown(body),
        blocking=result.findings,
    )


@dataclass(frozen=True)
class HomeOverview:
    workspaces: list[Workspace]
    user_document: InstructionDocument | None
    sessions: list[AgentSession]
    proposals: list[ReviewItem]
    waiting: list[ReviewItem]


#: Rows shown in each list of the home page (each links to its full list).
HOME_ROWS = 10


def home_overview(*, user, workspaces: QuerySet, reviewable: QuerySet, proposals: QuerySet) -> HomeOverview:
    """The home page: ``workspaces`` (``access.workspaces_with_role``), the user's scope,
    active sessions, the pending items of ``proposals`` (``access.own_proposals``) and
    of ``reviewable`` (``access.reviewable_items``). Five queries."""
    return HomeOverview(
        workspaces=list(workspaces.order_by("slug")),
        user_document=document_of(Scope.USER, user),
        sessions=list(AgentSession.objects.filter(owner=user).active().select_related("workspace")[:HOME_ROWS]),
        proposals=list(proposals.filter(status=ReviewStatus.PENDING)[:HOME_ROWS]),
        waiting=list(reviewable.filter(status=ReviewStatus.PENDING)[:HOME_ROWS]),
    )


@dataclass(frozen=True)
class ReviewState:
    """A review item as a reviewer needs to see it: against what it would replace.

    Or, for an author who may no longer read its scope (``review_states(current=False)``),
    against the version it was made on: then ``current_body`` is empty and
    ``current_version`` None, so nothing written since reaches the page."""

    item: ReviewItem
    current_body: str
    current_version: int | None
    #: Approving would be refused: the scope changed since the proposal.
    stale: bool
    findings: tuple[Finding, ...]
    #: The proposal against ``against`` (one alignment: rows, unified diff, counts).
    diff: Diff
    #: What the proposal is shown against: "current", "version N" (the one it was made
    #: on) or "nothing" (no version it was made on is known).
    against: str = "current"

    @property
    def rows(self) -> list[DiffLine]:
        return self.diff.rows

    @property
    def unified(self) -> str:
        return self.diff.unified


def _base_bodies(items: list[ReviewItem]) -> dict[int, str]:
    """``{item id: body of the version it was made on}`` for the items whose version is
    still in the history (one query; none when no item has one)."""
    wanted = {
        (item.document_id, item.base_version): item.pk for item in items if item.document_id and item.base_version
    }
    if not wanted:
        return {}
    condition = Q()
    for document_id, version in wanted:
        condition |= Q(id=document_id, version=version)
    rows = InstructionDocument.history.filter(condition).order_by("history_id").values_list("id", "version", "body")
    return {wanted[(document_id, version)]: body for document_id, version, body in rows}


def review_states(items: list[ReviewItem], *, current: bool = True) -> list[ReviewState]:
    """Each item with the current body of its scope, a diff, its findings under the
    credo in force and whether it is stale (``ReviewItem.is_stale``, annotated by
    ``with_related``). No query beyond the items' own: a proposal made before its
    scope had a document is linked to it when the document is created.

    ``current=False``, for a viewer who may no longer read the items' scopes (an author
    removed from the workspace): each against the version it was made on (its
    ``base_version``, which they could read then; one query), or against nothing when
    the history no longer has it; never against the current text.

    Each item's sendings (``ReviewSubmission``: who, when, and why in their words) come
    with it, in one query for all."""
    prefetch_related_objects(items, Prefetch("submissions", queryset=ReviewSubmission.objects.select_related("author")))
    rules = current_rules() if items else None
    bases = {} if current else _base_bodies(items)
    states = []
    for item in items:
        document = item.document if item.document_id is not None else None
        if current:
            before, against, version = (
                (document.body if document else ""),
                "current",
                (document.version if document else 0),
            )
        elif item.pk in bases:
            before, against, version = bases[item.pk], f"version {item.base_version}", None
        else:
            before, against, version = "", "nothing", None
        states.append(
            ReviewState(
                item=item,
                current_body=before if current else "",
                current_version=version,
                stale=item.is_stale,
                findings=check_text(item.body, rules).findings if item.body else (),
                diff=diff_of(before, item.body, old_name=against, new_name=f"proposal #{item.pk}"),
                against=against,
            )
        )
    return states


def own_sessions(user) -> QuerySet[AgentSession]:
    """``user``'s sessions, newest first, each with ``delivery_count``."""
    return (
        AgentSession.objects.filter(owner=user)
        .select_related("workspace")
        .annotate(delivery_count=Count("deliveries"))
        .order_by("-started_at")
    )


def session_deliveries(session: AgentSession) -> QuerySet[Delivery]:
    return session.deliveries.order_by("-created_at", "-id")


def session_delivery(session: AgentSession, delivery_id) -> Delivery:
    """One delivery of ``session`` (the caller checked the session is theirs), or ``NotFound``."""
    key = parse_id(delivery_id)
    delivery = session.deliveries.filter(pk=key).first() if key is not None else None
    if delivery is None:
        raise NotFound("Delivery not found.")
    delivery.session = session
    return delivery


def delivery_versions(delivery: Delivery) -> list[dict]:
    """The scope versions ``delivery`` was built from: ``scope``, ``history_id``, ``id`` (the
    document) and ``version`` of each, in precedence order (one query; none without versions)."""
    ids = list((delivery.scope_versions or {}).values())
    if not ids:
        return []
    rows = InstructionDocument.history.filter(history_id__in=ids).values("scope", "history_id", "id", "version")
    order = {scope: i for i, scope in enumerate(PRECEDENCE)}
    return sorted(rows, key=lambda row: order.get(row["scope"], len(order)))


def version_pair(document: InstructionDocument | None, old_id, new_id) -> tuple[object, object]:
    """Two versions of ``document`` (history rows), the older first; ``NotFound`` for unknown
    ids (``params.parse_id``: anything that is not an id, or is larger than any, is unknown)."""
    old_key, new_key = parse_id(old_id), parse_id(new_id)
    if old_key is None or new_key is None:  # not an id, or larger than any (never sent to the database)
        raise NotFound("Unknown version.")
    ids = {old_key, new_key}
    rows = {row.history_id: row for row in document_versions(document).filter(history_id__in=ids)}
    if len(rows) != len(ids):
        raise NotFound("Unknown version.")
    old, new = rows[old_key], rows[new_key]
    return (old, new) if old.history_id <= new.history_id else (new, old)
