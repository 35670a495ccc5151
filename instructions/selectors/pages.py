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
from instructions.rules.oaths import LEARNED_RULE_ID, Finding, OathResult, check_text
from instructions.rules.review_policy import LAND, LAND_FLAGGED, REFUSE, Outcome, write_outcome
from instructions.selectors.merging import current_rules, oath_budget
from instructions.selectors.scopes import document_of

#: How each tier reads on a page.
TIER_LABELS = {"hold": "hold", "review": "worth a look"}


def tier_label(tier: str) -> str:
    return TIER_LABELS.get(tier, tier)


@dataclass(frozen=True)
class LiveFinding:
    """One finding as the live check lists it: its tier and confidence, and whether reviewers
    approved it for the scope (then it refuses nothing)."""

    finding: Finding
    approved: bool = False

    @property
    def learned(self) -> bool:
        """Only the learned layer flagged it (no rule matched): its reason is a whole sentence."""
        return self.finding.rule_id == LEARNED_RULE_ID


@dataclass(frozen=True)
class TextCheck:
    """A dry-run oath check of a text, ready to show: findings, the text with each
    finding marked, the text rendered as Markdown (sanitised), and what saving it would
    do under the scope's review policy."""

    #: After the findings reviewers approved for the scope: ``fail`` means a finding is left.
    status: str
    #: Every finding, approved ones included (all are marked in the text).
    findings: tuple[Finding, ...]
    marked: SafeString
    rendered: SafeString
    #: The findings left once the approved ones are set aside (what the write path weighs).
    blocking: tuple[Finding, ...] = ()
    #: What saving would do (``rules.review_policy``): refuse, hold-for-approval, land-flagged or land.
    outcome: Outcome = LAND
    #: The workspace's review policy (None: a user scope, which follows ``hold-confident``).
    policy: str | None = None

    @property
    def approved(self) -> bool:
        """Findings there are, and reviewers approved every one for this scope."""
        return bool(self.findings) and not self.blocking

    @property
    def rows(self) -> list[LiveFinding]:
        left = {_place(f) for f in self.blocking}
        return [LiveFinding(f, approved=_place(f) not in left) for f in self.findings]

    @property
    def held(self) -> tuple[Finding, ...]:
        """The findings left that are confident (tier ``hold``): each alone refuses a save."""
        return tuple(f for f in self.blocking if f.tier == "hold")

    @property
    def refused_by_policy(self) -> bool:
        """Refused only because the policy (``hold-all``) holds findings only worth a look."""
        return self.outcome == REFUSE and not self.held

    @property
    def flagged(self) -> bool:
        """Saving would land and open a review item "flagged after acceptance"."""
        return self.outcome == LAND_FLAGGED


def _place(finding: Finding) -> tuple[str, int, int]:
    return finding.rule_id, finding.start, finding.end


def finding_label(finding: Finding) -> str:
    """The title of a marked finding: its oath, tier and confidence, and why."""
    label = f"{finding.oath} ({tier_label(finding.tier)}, confidence {finding.confidence:.0%})"
    return f"{label}: {finding.reason}" if finding.reason else label


def text_check(body: str, *, approved: frozenset[FindingKey] = frozenset(), policy: str | None = None) -> TextCheck:
    """What ``POST /api/oaths/check`` says about ``body`` (same rules), for a page, and
    what saving it would do under ``policy`` (the workspace's review policy; None for a
    user scope, which follows ``hold-confident``), decided as the write path decides it.

    ``approved``: the findings reviewers approved for the scope (``approvals_by_target``),
    which the write path lets through: they are marked, and refuse nothing."""
    rules = current_rules()
    checked = check_text(body, rules, oath_budget(), target="live check") if body else OathResult("pass")
    result = without_approved(checked, approved, body, rules, budget=oath_budget())
    # Setting approved sentences aside may show findings the first pass hid (a rule reports its
    # first conflict only): they are listed and marked too.
    known = {_place(f) for f in checked.findings}
    findings = sorted(
        (*checked.findings, *(f for f in result.findings if _place(f) not in known)), key=lambda f: (f.start, f.end)
    )
    spans = [Span(f.start, f.end, finding_label(f)) for f in findings]
    return TextCheck(
        status=result.status,
        findings=tuple(findings),
        marked=highlight_spans(body, spans),
        rendered=render_markdown(body),
        blocking=result.findings,
        outcome=write_outcome(result, policy),
        policy=policy,
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
