"""Reads: gather a merged set's inputs from the database and the credo.

``load_merged`` costs a constant number of queries (one for the documents) however
long the history is; the credo comes from its in-memory cache.

Selectors never write; the services that do (``instructions.services``) build on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.db import connection
from django.db.models import Max, QuerySet

from instructions.contract import PRECEDENCE, InstructionEntry, MergedInstructions, Scope, display_path
from instructions.credo import Credo, CredoError, current_credo
from instructions.errors import CredoUnavailable, InvalidInput
from instructions.merge import ScopeSource, SessionWindow, make_entry, merge_instructions
from instructions.models import OWNER_COLUMN, AgentSession, InstructionDocument, Workspace, owner_name
from instructions.oaths import RuleSet
from instructions.text import is_approved


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


def document_source(document: InstructionDocument) -> ScopeSource:
    return ScopeSource(
        scope=document.scope,
        path=display_path(document.scope, owner_name(document)),
        body=document.body,
        modified_at=epoch_ms(document.updated_at),
        approved=is_approved(document.body, document.approved_sha256),
    )


def credo_source(credo: Credo) -> ScopeSource | None:
    if not credo.exists:
        return None
    return ScopeSource(scope=Scope.GLOBAL, path=credo.path, body=credo.body, modified_at=credo.modified_at)


@dataclass(frozen=True)
class MergeInputs:
    credo: Credo
    documents: dict[str, InstructionDocument]
    session: AgentSession | None

    @property
    def sources(self) -> list[ScopeSource]:
        sources = [document_source(d) for d in self.documents.values()]
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
    """One query for the documents, plus the cached credo."""
    check_session_workspace(workspace, session)
    credo = credo_or_error()
    documents = {
        d.scope: d for d in InstructionDocument.objects.for_merge(user=user, workspace=workspace, session=session)
    }
    return MergeInputs(credo=credo, documents=documents, session=session)


# --- stamps: what a merged set is built from, as a cache key (instructions.render_cache)


def _stamp(credo: Credo, documents: tuple, *, user, workspace: Workspace, session: AgentSession | None) -> tuple:
    return (
        ("credo", credo.sha256, credo.rules.sha256, credo.modified_at),
        ("user", user.pk, user.get_username()),  # the username is shown in the user scope's path
        ("workspace", workspace.pk, workspace.slug),
        ("session", session.pk, session.is_active, session.started_at) if session is not None else None,
        documents,
    )


_STAMP_FIELDS = ("scope", "id", "version", "updated_at", "approved_sha256")


@lru_cache(maxsize=4)
def _stamp_sql(scopes: tuple[str, ...], vendor: str) -> str:
    """The documents'-versions query of ``for_merge``, as SQL written once.

    It runs on every read of the merged set and every spawn; building it through the
    ORM each time cost more than running it (0.3 of 0.5 ms). The owner columns come
    from ``OWNER_COLUMN``, as ``for_merge``'s filter does.
    """
    meta, quote = InstructionDocument._meta, connection.ops.quote_name
    column = {name: quote(meta.get_field(name).column) for name in _STAMP_FIELDS}
    owner = {scope: quote(meta.get_field(OWNER_COLUMN[scope]).column) for scope in scopes}
    where = " OR ".join(f"({column['scope']} = %s AND {owner[scope]} = %s)" for scope in scopes)
    return f"SELECT {', '.join(column.values())} FROM {quote(meta.db_table)} WHERE {where}"  # noqa: S608 (no input)


def merge_stamp(*, user, workspace: Workspace, session: AgentSession | None = None) -> tuple:
    """Every input of ``load_merged(user, workspace, session)`` that can change its
    result, read cheaply: one query of the documents' versions (no bodies) plus the
    cached credo. Equal stamps, equal merged sets; any accepted write bumps a
    document's version, so it changes the stamp."""
    check_session_workspace(workspace, session)
    credo = credo_or_error()
    owners = {Scope.USER: user, Scope.WORKSPACE: workspace}
    if session is not None:
        owners[Scope.SESSION] = session
    params: list[object] = []
    for scope, owner in owners.items():
        owner_field = InstructionDocument._meta.get_field(OWNER_COLUMN[scope])
        params += [scope, owner_field.get_db_prep_value(owner.pk, connection)]
    rows = InstructionDocument.objects.raw(_stamp_sql(tuple(owners), connection.vendor), params)
    documents = tuple(sorted(tuple(getattr(d, f) for f in _STAMP_FIELDS) for d in rows))
    return _stamp(credo, documents, user=user, workspace=workspace, session=session)


def inputs_stamp(inputs: MergeInputs, *, user, workspace: Workspace) -> tuple:
    """``merge_stamp`` of inputs already gathered (what a build actually used)."""
    documents = tuple(sorted(tuple(getattr(d, f) for f in _STAMP_FIELDS) for d in inputs.documents.values()))
    return _stamp(inputs.credo, documents, user=user, workspace=workspace, session=inputs.session)


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
