"""Reads: gather a merged set's inputs from the database and the credo.

``load_merged`` costs a constant number of queries (one for the documents) however
long the history is; the credo comes from its in-memory cache.

Selectors never write; the services that do (``instructions.services``) build on them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Max, Q, QuerySet
from django.utils.safestring import SafeString

from instructions.contract import PRECEDENCE, InstructionEntry, MergedInstructions, Scope, display_path
from instructions.credo import Credo, CredoError, current_credo
from instructions.display import DiffLine, Span, highlight_spans, render_markdown, side_by_side, unified
from instructions.errors import CredoUnavailable, InvalidInput, NotFound
from instructions.merge import ScopeSource, SessionWindow, make_entry, merge_instructions
from instructions.models import (
    OWNER_COLUMN,
    AgentSession,
    Delivery,
    InstructionDocument,
    ReviewItem,
    ReviewKind,
    ReviewStatus,
    Workspace,
    owner_filter,
    owner_name,
)
from instructions.oaths import Finding, OathResult, RuleSet, check_text
from instructions.text import is_approved, sha256_text


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
    inputs = gather_inputs(user=user, workspace=workspace, session=session)
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


# --- reads for people's pages (the members' web app; the admin may reuse them) --------


@dataclass(frozen=True)
class TextCheck:
    """A dry-run oath check of a text, ready to show: findings, the text with each
    finding marked, and the text rendered as Markdown (sanitised)."""

    status: str
    findings: tuple[Finding, ...]
    marked: SafeString
    rendered: SafeString
    #: A reviewer approved this exact text despite its findings: a save is not refused.
    approved: bool = False


def finding_label(finding: Finding) -> str:
    reason = getattr(finding, "reason", "")  # the oath check is gaining reasons
    return f"{finding.oath}: {reason}" if reason else finding.oath


def text_check(body: str, *, approved_sha256: str = "") -> TextCheck:
    """What ``POST /api/oaths/check`` says about ``body`` (same rules), for a page.

    ``approved_sha256``: the scope's approved body (``InstructionDocument.approved_sha256``),
    which the write path lets through despite findings."""
    result = check_text(body, current_rules()) if body else OathResult("pass")
    spans = [Span(f.start, f.end, finding_label(f)) for f in result.findings]
    return TextCheck(
        status=result.status,
        findings=result.findings,
        marked=highlight_spans(body, spans),
        rendered=render_markdown(body),
        approved=is_approved(body, approved_sha256),
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


def home_overview(*, user, workspaces: QuerySet, reviewable: QuerySet) -> HomeOverview:
    """The home page: ``workspaces`` (``access.workspaces_with_role``), the user's scope,
    active sessions and pending proposals, and the pending items of ``reviewable``
    (``access.reviewable_items``). Five queries."""
    return HomeOverview(
        workspaces=list(workspaces.order_by("slug")),
        user_document=document_of(Scope.USER, user),
        sessions=list(AgentSession.objects.filter(owner=user).active().select_related("workspace")[:HOME_ROWS]),
        proposals=list(own_proposals(user).filter(status=ReviewStatus.PENDING)[:HOME_ROWS]),
        waiting=list(reviewable.filter(status=ReviewStatus.PENDING)[:HOME_ROWS]),
    )


def own_proposals(user) -> QuerySet[ReviewItem]:
    """Review items ``user`` authored (refused writes), newest first, with their decision."""
    return ReviewItem.objects.with_related().filter(author=user)


@dataclass(frozen=True)
class ReviewState:
    """A review item as a reviewer needs to see it: against what it would replace."""

    item: ReviewItem
    current_body: str
    current_version: int
    #: Approving would be refused: the scope changed since the proposal (or the
    #: flagged body changed). Mirrors what ``services.reviews.review_approve`` checks.
    stale: bool
    findings: tuple[Finding, ...]
    rows: list[DiffLine]
    unified: str


def _is_stale(item: ReviewItem, document: InstructionDocument | None) -> bool:
    if item.status != ReviewStatus.PENDING:
        return False
    if item.kind == ReviewKind.REJECTED_WRITE:
        return (document.version if document else 0) != item.base_version
    return document is None or sha256_text(document.body) != item.body_sha256


def review_states(items: list[ReviewItem]) -> list[ReviewState]:
    """Each item with the current body of its scope, a diff, its findings under the
    credo in force and whether it is stale. At most one query (for items proposed
    before their scope had a document; ``with_related`` brings the others')."""
    rules = current_rules() if items else None
    missing = [item for item in items if item.document_id is None]
    found: dict[tuple[str, object], InstructionDocument] = {}
    if missing:
        wanted = Q()
        for item in missing:
            wanted |= Q(**owner_filter(item.scope, item.owner))
        for document in InstructionDocument.objects.filter(wanted):
            found[(document.scope, getattr(document, f"{OWNER_COLUMN[document.scope]}_id"))] = document
    states = []
    for item in items:
        if item.document_id is not None:
            document = item.document
        else:
            document = found.get((item.scope, getattr(item, f"{OWNER_COLUMN[item.scope]}_id")))
        current = document.body if document else ""
        states.append(
            ReviewState(
                item=item,
                current_body=current,
                current_version=document.version if document else 0,
                stale=_is_stale(item, document),
                findings=check_text(item.body, rules).findings if item.body else (),
                rows=side_by_side(current, item.body),
                unified=unified(current, item.body, old_name="current", new_name=f"proposal #{item.pk}"),
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
    delivery = session.deliveries.filter(pk=delivery_id).first() if str(delivery_id).isdigit() else None
    if delivery is None:
        raise NotFound("Delivery not found.")
    delivery.session = session
    return delivery


def version_pair(document: InstructionDocument | None, old_id, new_id) -> tuple[object, object]:
    """Two versions of ``document`` (history rows), the older first; ``NotFound`` for unknown ids."""
    try:
        ids = {int(old_id), int(new_id)}
    except (TypeError, ValueError):
        raise NotFound("Unknown version.") from None
    rows = {row.history_id: row for row in document_versions(document).filter(history_id__in=ids)}
    if len(rows) != len(ids):
        raise NotFound("Unknown version.")
    old, new = rows[int(old_id)], rows[int(new_id)]
    return (old, new) if old.history_id <= new.history_id else (new, old)
