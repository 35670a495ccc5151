"""The audit log: the path rule, the rows, the filters and both exports."""

from __future__ import annotations

import csv
import io
import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from instructions import audit_log
from instructions.contract import Scope
from instructions.errors import OathConflict
from instructions.models import ReviewItem
from instructions.services.documents import Target, document_revert, document_save
from instructions.services.reviews import documents_recheck, review_approve
from tests.test_admin_reviews import fixed_credo  # noqa: F401  (autouse: the fixed oath rules)

REASONS = {
    "API PUT /api/instructions/scope/user": "api",
    "API": "api",
    "Admin edit": "admin",
    "Admin: workspace created": "admin",
    "Review #4 approved": "review",
    "Revert to version 1 (admin)": "revert",
    "Write refused (oath conflict): API edit": "api",
    "Write refused (oath conflict): Admin edit": "admin",
    "Recheck against the credo": "command",
    "Demo data": "command",
    "api lower case is not API": "command",
    "admin": "command",
    "": "command",
    None: "command",
}


def test_change_path_rule():
    assert {reason: audit_log.change_path(reason) for reason in REASONS} == REASONS


def test_filter_by_path_agrees_with_change_path(acme):
    rows = []
    for i, reason in enumerate(REASONS):
        acme.name = f"Acme {i}"
        acme._change_reason = reason
        acme.save()
        rows.append(reason)
    history = acme.history.exclude(history_type="+")
    for path in audit_log.PATHS:
        expected = sorted(str(r) for r in rows if audit_log.change_path(r) == path)
        got = sorted(str(r.history_change_reason) for r in audit_log.filter_by_path(history, path))
        assert got == expected, path


@pytest.fixture
def story(acme, alice, bob, staff):
    """One change by each path."""
    target = Target(scope=Scope.WORKSPACE, workspace=acme)
    doc = document_save(target=target, body="v1", actor=bob, reason="API edit")  # api
    document_save(target=target, body="v2", actor=staff, reason="Admin edit")  # admin
    with pytest.raises(OathConflict):
        document_save(target=target, body="never commit", actor=bob, reason="API edit")  # api (review item)
    review_approve(item=ReviewItem.objects.get(), reviewer=alice)  # review (document + item)
    v1 = doc.history.order_by("history_id").first()
    document_revert(document=doc, history_id=v1.history_id, actor=staff, reason="Revert to version 1 (admin)")
    document_save(target=Target(scope=Scope.USER, user=bob), body="mine", actor=bob, reason="Demo data")  # command
    documents_recheck()  # nothing fails: no rows
    return doc


def test_rows_cover_every_change_newest_first(story, acme):
    rows = list(audit_log.audit_rows(audit_log.AuditFilter(scope="workspace")))
    documents = [r for r in rows if r["model"] == "instruction document"]
    assert [(r["path"], r["user"], r["detail"].split(",")[0]) for r in documents] == [
        ("revert", "staff", "version 4"),
        ("review", "alice", "version 3"),
        ("admin", "staff", "version 2"),
        ("api", "bob", "version 1"),
    ]
    assert all(r["workspace"] == "acme" and r["owner"] == "acme" for r in documents)
    reviews = [r for r in rows if r["model"] == "review item"]
    assert [(r["path"], r["user"], r["action"]) for r in reviews] == [
        ("review", "alice", "changed"),
        ("api", "bob", "created"),
    ]
    assert [r["at"] for r in rows] == sorted((r["at"] for r in rows), reverse=True)
    assert set(rows[0]) == set(audit_log.COLUMNS)


def test_filters(story, bob):
    def rows(**kw):
        return list(audit_log.audit_rows(audit_log.AuditFilter(**kw)))

    assert {r["path"] for r in rows(path="admin")} == {"admin"}
    assert {(r["model"], r["reason"]) for r in rows(path="command", user="bob")} == {
        ("instruction document", "Demo data")
    }
    assert {r["user"] for r in rows(user="alice")} == {"alice"}
    assert {r["workspace"] for r in rows(workspace="acme")} == {"acme"}
    assert {r["scope"] for r in rows(scope="user")} == {"user"}
    future = timezone.now() + timedelta(days=1)
    assert rows(since=future) == []
    assert rows(until=future) == list(audit_log.audit_rows())


def test_export_command_csv_and_json(story, tmp_path, capsys):
    call_command("export_audit", "--path", "revert", "--format", "csv")
    reader = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert reader[0].keys() == set(audit_log.COLUMNS) and list(reader[0]) == list(audit_log.COLUMNS)
    assert [(r["path"], r["user"], r["reason"]) for r in reader] == [("revert", "staff", "Revert to version 1 (admin)")]

    out = tmp_path / "audit.json"
    call_command(
        "export_audit", "--workspace", "acme", "--scope", "workspace", "--format", "json", "--output", str(out)
    )
    data = json.loads(out.read_text())
    assert len([r for r in data if r["model"] == "instruction document"]) == 4
    assert {r["workspace"] for r in data} == {"acme"}


def test_export_command_rejects_bad_dates():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="not a date"):
        call_command("export_audit", "--since", "yesterday")


def test_admin_audit_page_and_downloads(client, staff, story):
    client.force_login(staff)
    url = reverse("admin:instructions_audit_log")
    page = client.get(url, {"path": "review"})
    html = page.content.decode()
    assert page.status_code == 200 and "Review #" in html and "Demo data" not in html
    assert "download=csv" in html and "download=json" in html

    csv_response = client.get(url, {"user": "staff", "download": "csv"})
    assert csv_response["Content-Disposition"].startswith('attachment; filename="audit-')
    rows = list(csv.DictReader(io.StringIO(csv_response.content.decode())))
    assert {r["user"] for r in rows} == {"staff"} and {r["path"] for r in rows} == {"admin", "revert"}

    json_rows = json.loads(client.get(url, {"scope": "user", "download": "json"}).content)
    assert [(r["owner"], r["reason"]) for r in json_rows] == [("bob", "Demo data")]
    assert client.get(url, {"since": "not a date"}).status_code == 200  # the form shows the error


def test_csv_cells_cannot_run_as_formulas():
    text = audit_log.rows_to_csv([{c: "" for c in audit_log.COLUMNS} | {"reason": "=HYPERLINK(1)", "history_id": 1}])
    assert "'=HYPERLINK(1)" in text
