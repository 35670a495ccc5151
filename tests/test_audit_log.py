"""The audit log: the path rule, the rows, the filters and both exports."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from instructions.foundation.contract import Scope
from instructions.foundation.errors import OathConflict
from instructions.history import ChangePath, change_path
from instructions.models import ReviewItem
from instructions.rules.session_spec import SessionSpec
from instructions.selectors import audit_log
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
    assert client.get(url, {"since": "not a date"}).status_code == 400  # the form shows the error


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


# --- the page: identity, what changed, links, date pickers ----------------------------------

AUDIT = reverse("admin:instructions_audit_log")


@pytest.fixture
def sessions_story(acme, alice, bob):
    """Web edits of AGENTS.md, and a session started with additional instructions, then ended."""
    from instructions.services.sessions import session_create, session_end

    target = Target(scope=Scope.WORKSPACE, workspace=acme)
    with change_path(ChangePath.WEB):
        document_save(target=target, body="a\nb\nc", actor=alice, reason="first")
        document_save(target=target, body="a\nB\nc\nd\ne", actor=bob, reason="second")
    with change_path(ChangePath.API):
        session = session_create(
            owner=alice,
            workspace=acme,
            spec=SessionSpec(agent="claude-code", additional_instructions="Focus on the parser.\nBe brief."),
        )
        session_end(session=session, actor=alice, reason="Session ended")
    return session


def test_changes_have_a_unique_identity_and_say_what_changed(sessions_story, acme):
    changes = audit_log.changes(limit=50)
    keys = [c.key for c in changes]
    # Each model numbers its history on its own (on SQLite, from 1 in every test: ids
    # repeat); the identity is the pair, kind and history id, as the export's columns.
    assert len(keys) == len(set(keys)) == len({(c.row["model"], c.row["history_id"]) for c in changes})
    assert all(c.key == f"{c.kind}#{c.row['history_id']}" for c in changes)
    by_key = {c.key: c for c in changes}
    document = acme.instruction_documents.get()
    first, second = document.history.order_by("history_id")
    assert by_key[f"document#{first.history_id}"].summary == "acme's AGENTS.md created (3 lines)"
    assert by_key[f"document#{second.history_id}"].summary == "+3 −1 lines in acme's AGENTS.md"
    assert by_key[f"document#{second.history_id}"].previous_id == first.history_id
    started, ended = sessions_story.history.order_by("history_id")
    short = str(sessions_story.pk)[:8]
    assert by_key[f"session#{started.history_id}"].summary == (
        f"alice's claude-code session {short} started in acme, with 2 lines of additional instructions"
    )
    assert (
        by_key[f"session#{ended.history_id}"].summary == f"alice's claude-code session {short}: ended (Session ended)"
    )
    # The export rows stay as they were, column for column.
    assert all(list(c.row) == list(audit_log.COLUMNS) for c in changes)


def test_session_rows_are_changes_of_the_session_scope(sessions_story):
    rows = list(audit_log.audit_rows(audit_log.AuditFilter(scope="session")))
    assert {r["model"] for r in rows} == {"agent session"}
    assert {(r["scope"], r["owner"], r["workspace"]) for r in rows} == {("session", str(sessions_story.pk), "acme")}
    assert list(audit_log.audit_rows(audit_log.AuditFilter(scope="user"))) == []


def test_a_changed_body_counts_lines_from_the_version_before_even_outside_the_period(sessions_story, acme):
    document = acme.instruction_documents.get()
    first, second = document.history.order_by("history_id")
    first.history_date = timezone.now() - timedelta(days=3)
    first.save()
    since = timezone.now() - timedelta(days=1)
    [change] = [c for c in audit_log.changes(audit_log.AuditFilter(since=since), limit=50) if c.kind == "document"]
    assert (change.key, change.summary) == (f"document#{second.history_id}", "+3 −1 lines in acme's AGENTS.md")


def test_audit_page_shows_identity_summary_and_links(client, staff, sessions_story, acme):
    client.force_login(staff)
    html = client.get(AUDIT).content.decode()
    document = acme.instruction_documents.get()
    second = document.history.order_by("history_id").last()
    row = re.search(rf'<tr id="change-document-{second.history_id}"[^>]*>(.*?)</tr>', html, re.S).group(1)
    assert f'<span class="audit-key">document#{second.history_id}</span>' in row
    assert "+3 −1 lines in acme&#x27;s AGENTS.md" in row
    diff = reverse("admin:instructions_instructiondocument_diff", args=[document.pk])
    version = reverse("admin:instructions_instructiondocument_simple_history", args=[document.pk, second.history_id])
    assert f'href="{diff}?to={second.history_id}"' in row and f'href="{version}"' in row
    assert "<code>web</code>" in row and "bob" in row and "second" in row
    started = sessions_story.history.order_by("history_id").first()
    session_version = reverse(
        "admin:instructions_agentsession_simple_history", args=[sessions_story.pk, started.history_id]
    )
    assert f'href="{session_version}"' in html


def test_audit_page_filters_by_day_and_path(client, staff, sessions_story):
    client.force_login(staff)
    today = timezone.now().date()
    html = client.get(AUDIT, {"since": today.isoformat(), "until": today.isoformat(), "path": "web"}).content.decode()
    assert 'type="date"' in html
    table = html.split('id="audit-rows"')[1]
    assert table.count('class="audit-row') == 2 and "<code>api</code>" not in table
    yesterday = (today - timedelta(days=1)).isoformat()
    assert "No changes match." in client.get(AUDIT, {"until": yesterday}).content.decode()
    wrong = client.get(AUDIT, {"since": today.isoformat(), "until": yesterday}).content.decode()
    assert "“To” is before “From”." in wrong
    # The export takes the same filters, its columns unchanged.
    response = client.get(AUDIT, {"since": today.isoformat(), "path": "web", "download": "csv"})
    rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert list(rows[0]) == list(audit_log.COLUMNS) and {r["path"] for r in rows} == {"web"} and len(rows) == 2


def test_an_auditor_gets_no_link_to_the_review_queue(client, story, db):
    from django.contrib.auth.models import Group

    from tests.helpers import make_user

    audrey = make_user("audrey", is_staff=True)
    audrey.groups.add(Group.objects.get(name="Auditors"))
    client.force_login(audrey)
    html = client.get(AUDIT).content.decode()
    assert 'class="audit-row kind-review"' in html
    assert reverse("admin:instructions_reviewitem_changelist") not in html
