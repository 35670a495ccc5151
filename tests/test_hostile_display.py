"""Hostile input costs what ordinary input costs: absurd ids and days answer 404 or 400
(never a 500); diffs and the Markdown preview stay bounded at any size the limits
allow.

The shared world (``conftest``): alice maintains "acme", bob edits it, carol views
it. The oath rules are the small fixed ``RULES``.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from instructions.contract import Scope
from instructions.params import MAX_ID, parse_id
from instructions.services.documents import Target, document_save

pytestmark = pytest.mark.usefixtures("fixed_credo")

#: Larger than any key of any database (SQLite overflows converting it, PostgreSQL
#: answers out of range): 26 digits.
HUGE = "9" * 26


def save(owner, body, actor, scope=Scope.WORKSPACE):
    target = Target(scope=scope, workspace=owner) if scope == Scope.WORKSPACE else Target(scope=scope, user=owner)
    return document_save(target=target, body=body, actor=actor, reason="test")


def history_ids(document) -> list[int]:
    return list(document.history.order_by("history_id").values_list("history_id", flat=True))


@pytest.fixture
def acme_doc(acme, alice):
    save(acme, "One.", alice)
    return save(acme, "One.\nTwo.", alice)


# --- absurd ids and days: 404 or 400, never a 500 ------------------------------------


@pytest.mark.parametrize(
    "value, expected",
    [
        ("1", 1),
        ("007", 7),
        (str(MAX_ID), MAX_ID),
        (str(MAX_ID + 1), None),
        (HUGE, None),
        ("0" * 40 + "5", 5),
        ("0", None),
        ("-1", None),
        ("+1", None),
        (" 1", None),
        ("1e3", None),
        ("٣", None),  # a digit, but not an ASCII one (int() would take it)
        ("", None),
        (None, None),
        (12, 12),
        (True, None),
    ],
)
def test_parse_id_takes_plain_bounded_ids_only(value, expected):
    assert parse_id(value) == expected


@pytest.mark.parametrize(
    "url",
    [
        f"/w/acme/revert/{HUGE}/",
        f"/me/revert/{HUGE}/",
        f"/w/acme/diff/?from={HUGE}&to=1",
        f"/w/acme/diff/?from=1&to={HUGE}",
        f"/me/diff/?from={HUGE}&to={HUGE}",
        f"/w/acme/diff/?from={MAX_ID + 1}&to=1",
        "/w/acme/diff/?from=-1&to=1",
        "/w/acme/diff/?from=%D9%A3&to=1",
        f"/reviews/{HUGE}/",
        f"/sessions/{HUGE}/",
    ],
)
def test_absurd_ids_in_the_web_app_are_404(client, alice, acme_doc, url):
    client.force_login(alice)
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("action", ["approve", "reject"])
def test_absurd_review_ids_are_404_when_deciding(client, alice, acme_doc, action):
    client.force_login(alice)
    assert client.post(f"/reviews/{HUGE}/{action}", {"note": "no"}).status_code == 404


def test_absurd_ids_still_find_real_versions(client, alice, acme_doc):
    """The bound changes nothing for real ids, leading zeros included."""
    first, second = history_ids(acme_doc)
    client.force_login(alice)
    assert client.get(f"/w/acme/revert/{first:05d}/").status_code == 200
    assert client.get(f"/w/acme/diff/?from=0{first}&to={second}").status_code == 200


def test_absurd_delivery_id_is_404(client, alice, acme):
    from instructions.services.sessions import session_create

    session = session_create(owner=alice, workspace=acme, agent="claude-code")
    client.force_login(alice)
    assert client.get(f"/sessions/{session.pk}/deliveries/{HUGE}/").status_code == 404


@pytest.mark.parametrize(
    "query",
    [
        {"from": HUGE, "to": "1"},
        {"from": "1", "to": HUGE},
        {"to": HUGE},
        {"from": HUGE},
        {"to": "-3"},
    ],
)
def test_absurd_ids_in_the_admin_document_diff_are_404(client, staff, acme_doc, query):
    client.force_login(staff)
    url = reverse("admin:instructions_instructiondocument_diff", args=[acme_doc.pk])
    assert client.get(url, query).status_code == 404


@pytest.mark.parametrize(
    "path",
    [
        f"/admin/instructions/instructiondocument/{HUGE}/diff/",
        f"/admin/instructions/reviewitem/{HUGE}/approve/",
        f"/admin/instructions/reviewitem/{HUGE}/reject/",
        "/admin/instructions/reviewitem/x1/approve/",
        f"/admin/instructions/instructiondocument/{HUGE}/history/1/",
        "/admin/instructions/instructiondocument/x1/history/1/",
    ],
)
def test_absurd_object_ids_in_admin_routes_are_404(client, staff, acme_doc, path):
    client.force_login(staff)
    assert client.get(path).status_code == 404


def test_absurd_version_ids_in_the_admin_history_are_404(client, staff, acme_doc):
    client.force_login(staff)
    url = reverse("admin:instructions_instructiondocument_simple_history", args=[acme_doc.pk, HUGE])
    assert client.get(url).status_code == 404


def test_absurd_session_version_ids_in_the_admin_are_404(client, staff, alice, acme):
    from instructions.services.sessions import session_create

    session = session_create(owner=alice, workspace=acme, agent="claude-code")
    client.force_login(staff)
    url = reverse("admin:instructions_agentsession_simple_history", args=[session.pk, HUGE])
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("query", [{"until": "9999-12-31"}, {"since": "9999-12-31", "until": "9999-12-31"}])
def test_the_audit_log_until_the_last_day_of_the_calendar_is_a_clear_400(client, staff, acme_doc, query):
    client.force_login(staff)
    response = client.get(reverse("admin:instructions_audit_log"), query)
    assert response.status_code == 400
    assert "last day of the calendar" in response.content.decode()
    download = client.get(reverse("admin:instructions_audit_log"), {**query, "download": "csv"})
    assert download.status_code == 400 and not download.streaming


def test_the_audit_log_from_the_first_day_of_the_calendar_lists_everything(client, staff, acme_doc):
    client.force_login(staff)
    response = client.get(reverse("admin:instructions_audit_log"), {"since": "0001-01-01", "until": "9999-12-30"})
    assert response.status_code == 200
    assert "AGENTS.md" in response.content.decode()
