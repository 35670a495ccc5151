"""The inputs of a merged set, gathered from the database and the credo, and the merge of them.

``load_merged`` costs a constant number of queries (one for the documents) however
long the history is; the credo comes from its in-memory cache.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db.models import Max

from instructions.foundation.contract import MergedInstructions, Scope, display_path
from instructions.foundation.errors import CredoUnavailable, InvalidInput
from instructions.models import (
    AgentSession,
    ApprovedFinding,
    InstructionDocument,
    Workspace,
    owner_name,
    target_key_of,
)
from instructions.rules.approvals import FindingKey
from instructions.rules.credo import Credo, CredoError, current_credo
from instructions.rules.merge import ScopeSource, SessionWindow, merge_instructions
from instructions.rules.oaths import RuleSet


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
