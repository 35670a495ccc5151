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
from instructions.history import ChangePath, change_path
from instructions.models import ReviewItem
from instructions.services.documents import Target, document_revert, document_save
from instructions.services.reviews import documents_recheck, review_approve

pytestmark = pytest.mark.usefixtures("fixed_credo")


@pytest.fixture
def story(acme, alice, bob, staff):
    """One change by each path, each made inside the context its entry point sets."""
    target = Target(scope=Scope.WORKSPACE, workspace=acme)
    with change_path(ChangePath.API):
        doc = document_save(target=target, body="v1", actor=bob, reason="API edit")
    with change_path(ChangePath.ADMIN):
        document_save(target=target, body="v2", actor=staff, reason="Admin edit")
    with change_path(ChangePath.API), pytest.raises(OathConflict):
        document_save(target=target, body="never commit", actor=bob, reason="API edit")  # a review item
    with change_path(ChangePath.ADMIN):
        review_approve(item=ReviewItem.objects.get(), reviewer=alice)  # review: document and item
        v1 = doc.history.order_by("history_id").first()
        document_revert(document=doc, history_id=v1.history_id, actor=staff, reason="Revert to version 1 (admin)")
    with change_path(ChangePath.COMMAND):
        document_save(target=Target(scope=Scope.USER, user=bob), body="mine", actor=bob, reason="Demo data")
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
    assert csv_response.streaming  # never built whole in memory
    rows = list(csv.DictReader(io.StringIO(b"".join(csv_response.streaming_content).decode())))
    assert {r["user"] for r in rows} == {"staff"} and {r["path"] for r in rows} == {"admin", "revert"}

    json_rows = json.loads(b"".join(client.get(url, {"scope": "user", "download": "json"}).streaming_content))
    assert [(r["owner"], r["reason"]) for r in json_rows] == [("bob", "Demo data")]
    assert client.get(url, {"since": "not a date"}).status_code == 200  # the form shows the error


def test_csv_cells_cannot_run_as_formulas():
    row = {c: "" for c in audit_log.COLUMNS} | {"reason": "=HYPERLINK(1)", "history_id": 1}
    text = "".join(audit_log.export([row], "csv"))
    assert text.splitlines()[1].split(",")[COLUMN_INDEX["reason"]] == "'=HYPERLINK(1)"


COLUMN_INDEX = {name: i for i, name in enumerate(audit_log.COLUMNS)}


@pytest.mark.parametrize("count", [0, 1, 3])
def test_streamed_json_is_the_same_document_as_dumping_the_list(count):
    rows = [{c: f'{c} {i} "é"' for c in audit_log.COLUMNS} | {"history_id": i} for i in range(count)]
    assert "".join(audit_log.export(rows, "json")) == json.dumps(rows, ensure_ascii=False, indent=1)


def test_streamed_csv_is_the_same_document_as_writing_it_whole():
    rows = [{c: f'{c},{i}\n"x"' for c in audit_log.COLUMNS} | {"history_id": i} for i in range(3)]
    whole = io.StringIO()
    writer = csv.DictWriter(whole, fieldnames=audit_log.COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    assert "".join(audit_log.export(rows, "csv")) == whole.getvalue()
