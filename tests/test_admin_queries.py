"""Every admin changelist costs the same number of queries for 10 rows as for 1,000."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
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


def measure(client) -> dict[str, int]:
    counts = {}
    for name, query in CHANGELISTS:
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(reverse(name), query)
        assert response.status_code == 200, name
        counts[f"{name} {query}"] = len(ctx.captured_queries)
    return counts


@pytest.mark.django_db
def test_changelists_cost_the_same_for_10_and_1000_rows(client, staff):
    client.force_login(staff)
    grow(0, 10, staff)
    small = measure(client)
    grow(10, 1000, staff)
    assert InstructionDocument.history.count() == 1000 and ReviewItem.objects.count() == 1000
    large = measure(client)
    assert large == small
    # Pinned, so a new per-page query is noticed. Each page: session + user (2),
    # then its own (count, rows, filters); see the report in the PR for the breakdown.
    assert max(large.values()) <= 12, large
    print(large)
