"""What the web app's pages show that no other entry point needs: the live check of a text,
the home page's overview."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils.safestring import SafeString

from instructions.foundation.contract import Scope
from instructions.models import (
    AgentSession,
    InstructionDocument,
    ReviewItem,
    ReviewStatus,
    Workspace,
)
from instructions.rules.approvals import FindingKey, without_approved
from instructions.rules.display import Span, highlight_spans, render_markdown
from instructions.rules.oaths import Finding, OathResult, check_text
from instructions.selectors.merging import current_rules, oath_budget
from instructions.selectors.scopes import document_of


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
