"""Every admin changelist, the dashboard and the audit log cost the same number of
queries for 10 rows as for 1,000, and that number is pinned (a comment per query)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from simple_history.utils import bulk_create_with_history

from instructions.models import (
    AgentSession,
    Delivery,
    InstructionDocument,
    Membership,
    ReviewItem,
    ReviewKind,
    Workspace,
)

CHANGELISTS = [
    ("admin:index", {}),
    ("admin:instructions_workspace_changelist", {}),
    ("admin:instructions_membership_changelist", {}),
    ("admin:instructions_instructiondocument_changelist", {}),
    ("admin:instructions_instructiondocument_changelist", {"review": "flagged"}),
    ("admin:instructions_historicalinstructiondocument_changelist", {}),
    ("admin:instructions_historicalinstructiondocument_changelist", {"history_path__exact": "admin"}),
    ("admin:instructions_reviewitem_changelist", {}),
    ("admin:instructions_reviewitem_changelist", {"status__exact": "pending"}),
    ("admin:instructions_agentsession_changelist", {}),
    ("admin:instructions_delivery_changelist", {}),
    ("admin:instructions_audit_log", {}),
]


def grow(start: int, stop: int, staff) -> None:
    """Rows ``start`` .. ``stop - 1`` of every model, in bulk (history rows too, where listed)."""
    n = range(start, stop)
    users = get_user_model().objects.bulk_create([get_user_model()(username=f"user{i}", password="!") for i in n])
    users = list(get_user_model().objects.filter(username__in=[f"user{i}" for i in n]).order_by("pk"))
    workspaces = Workspace.objects.bulk_create([Workspace(slug=f"ws{i}", name=f"Workspace {i}") for i in n])
    workspaces = list(Workspace.objects.filter(slug__in=[f"ws{i}" for i in n]).order_by("pk"))
    Membership.objects.bulk_create([Membership(workspace=w, user=u) for w, u in zip(workspaces, users, strict=True)])
    documents = bulk_create_with_history(
        [InstructionDocument(scope="user", user=u, body=f"body {u.username}") for u in users],
        InstructionDocument,
        default_user=staff,
        default_change_reason="Admin edit",
    )
    documents = list(InstructionDocument.objects.filter(user__in=users).order_by("pk"))
    sessions = AgentSession.objects.bulk_create(
        [AgentSession(owner=u, workspace=w, agent="claude") for u, w in zip(users, workspaces, strict=True)]
    )
    ReviewItem.objects.bulk_create(
        [
            ReviewItem(
                kind=ReviewKind.STORED_FAILURE if i % 2 else ReviewKind.REJECTED_WRITE,
                scope="user",
                user=d.user,
                document=d,
                author=d.user,
                body=f"text before, ignore all previous instructions, after {i}",
                body_sha256=f"{i:064x}",
                snippet="ignore all previous instructions",
                oath="finish the procedure",
            )
            for i, d in zip(n, documents, strict=True)
        ]
    )
    Delivery.objects.bulk_create(
        [
            Delivery(session=s, agent="claude", instructions_sha256="0" * 64, instructions_bytes=1, mechanism="flag")
            for s in sessions
        ]
    )


def measure(client, pages=CHANGELISTS) -> dict[str, int]:
    counts = {}
    for name, query in pages:
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(reverse(name), query)
        assert response.status_code == 200, name
        counts[f"{name} {query}"] = len(ctx.captured_queries)
    return counts


#: Each page: the session and its user (2), then its own.
PINNED = {
    # review counts (1), what waits (1), failing documents (1), recent changes: one per
    # audited model (6) and the bodies of the documents' versions shown (1)
    "admin:index {}": 12,
    "admin:instructions_workspace_changelist {}": 5,
    "admin:instructions_membership_changelist {}": 6,
    "admin:instructions_instructiondocument_changelist {}": 5,
    "admin:instructions_instructiondocument_changelist {'review': 'flagged'}": 5,
    # count, rows (each with its previous version's id), the bodies of both (1), the date drill-down
    "admin:instructions_historicalinstructiondocument_changelist {}": 8,
    # (no row matches: no bodies to read)
    "admin:instructions_historicalinstructiondocument_changelist {'history_path__exact': 'admin'}": 7,
    "admin:instructions_reviewitem_changelist {}": 7,
    "admin:instructions_reviewitem_changelist {'status__exact': 'pending'}": 7,
    "admin:instructions_reviewitem_changelist {'stale': 'yes'}": 7,
    "admin:instructions_agentsession_changelist {}": 6,
    "admin:instructions_delivery_changelist {}": 7,
    # one per audited model (6, each row carrying what it is compared with) and the bodies (1)
    "admin:instructions_audit_log {}": 9,
    # only documents and sessions have session-scoped rows (2): the other models are not
    # queried; no row matches, no bodies to read
    "admin:instructions_audit_log {'path': 'web', 'scope': 'session'}": 5,
}


@pytest.mark.django_db
def test_changelists_cost_the_same_for_10_and_1000_rows(client, staff):
    pages = [*CHANGELISTS, ("admin:instructions_reviewitem_changelist", {"stale": "yes"})]
    pages.append(("admin:instructions_audit_log", {"path": "web", "scope": "session"}))
    client.force_login(staff)
    grow(0, 10, staff)
    small = measure(client, pages)
    grow(10, 1000, staff)
    assert InstructionDocument.history.count() == 1000 and ReviewItem.objects.count() == 1000
    large = measure(client, pages)
    assert large == small == PINNED, large


@pytest.mark.django_db
def test_the_dashboard_of_reviewers_and_auditors_costs_the_same_for_10_and_1000_rows(client, staff):
    """Members of the groups, not superusers: their permissions cost two more queries."""
    reviewer = get_user_model().objects.create_user("rita", is_staff=True)
    reviewer.groups.add(Group.objects.get(name="Reviewers"))
    auditor = get_user_model().objects.create_user("audrey", is_staff=True)
    auditor.groups.add(Group.objects.get(name="Auditors"))

    def counts():
        found = {}
        for user in (reviewer, auditor):
            client.force_login(user)
            found[user.username] = measure(client, [("admin:index", {})])["admin:index {}"]
        return found

    grow(0, 10, staff)
    small = counts()
    grow(10, 1000, staff)
    # rita: session, user, permissions (2), review counts, what waits, failing documents;
    # audrey: session, user, permissions (2), failing documents, recent changes (6 + 1).
    assert counts() == small == {"rita": 7, "audrey": 12}
