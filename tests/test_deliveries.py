"""Spawn payloads from the database, their Delivery records, and the session commands."""

from __future__ import annotations

import json
import stat
import uuid
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from instructions.foundation.contract import Scope
from instructions.foundation.errors import NotFound, PayloadTooLarge, SessionEnded
from instructions.foundation.stored_text import sha256_text
from instructions.models import AgentSession, Delivery, InstructionDocument
from instructions.rules.bundle import ENVIRONMENT_PATH, INSTRUCTIONS_PATH, MOUNTS_PATH
from instructions.rules.credo import current_credo
from instructions.rules.os_profiles import render_os_text
from instructions.rules.session_spec import SessionSpec
from instructions.selectors.rebuild import delivery_rebuild
from instructions.services.deliveries import (
    DELIVERY_REASON,
    prepare_bundle,
    session_bundle,
    spawn_for_session,
    spawn_preview,
)
from instructions.services.documents import Target, document_save
from instructions.services.sessions import session_create, session_end

USER_BODY = "Answer in short paragraphs."
WORKSPACE_BODY = "Run the tests before every commit."
SESSION_BODY = "Focus on the billing module today."


def save(target: Target, body: str, actor) -> InstructionDocument:
    return document_save(target=target, body=body, actor=actor, reason="test")


def latest_history_id(document: InstructionDocument) -> int:
    return document.history.order_by("-history_id").first().history_id


@pytest.fixture
def scopes(alice, acme):
    user_doc = save(Target(scope=Scope.USER, user=alice), USER_BODY, alice)
    workspace_doc = save(Target(scope=Scope.WORKSPACE, workspace=acme), WORKSPACE_BODY, alice)
    return user_doc, workspace_doc


@pytest.fixture
def session(alice, acme):
    return session_create(
        owner=alice,
        workspace=acme,
        spec=SessionSpec(
            agent="claude-code",
            cwd="/home/user",
            env={"ANTHROPIC_API_KEY": "k"},
            additional_instructions="Extra: be careful.",
        ),
    )


def test_spawn_for_session_records_what_was_delivered(alice, bob, scopes, session):
    user_doc, workspace_doc = scopes
    session_doc = save(Target(scope=Scope.SESSION, session=session), SESSION_BODY, alice)

    payload, delivery = spawn_for_session(session=session, actor=bob)

    text = payload["files"][INSTRUCTIONS_PATH]
    vm_text = render_os_text("agentos-vm", cwd="/home/user", platform="", bundle_dir="/etc/agentos")
    assert text.startswith(vm_text.rstrip("\n") + "\n\n# [global]\n")
    assert text.index(f"# [user]\n{USER_BODY}") < text.index(f"# [workspace]\n{WORKSPACE_BODY}")
    assert text.index(f"# [workspace]\n{WORKSPACE_BODY}") < text.index(f"# [session]\n{SESSION_BODY}")
    assert text.endswith(f"# [session]\n{SESSION_BODY}\n\n# [additional]\nExtra: be careful.")
    assert payload["args"] == ["--append-system-prompt", text]
    assert payload["env"] == {"ANTHROPIC_API_KEY": "k"}
    assert payload["cwd"] == "/home/user"
    assert json.loads(payload["files"][ENVIRONMENT_PATH]) == {
        "agent": "claude-code",
        "workspace": "acme",
        "cwd": "/home/user",
        "session": str(session.pk),
        "started_at": session.started_at.isoformat(),
    }
    assert "ANTHROPIC_API_KEY" not in payload["files"][ENVIRONMENT_PATH]

    delivery.refresh_from_db()
    assert delivery.session == session
    assert delivery.agent == "claude-code"
    assert delivery.instructions_sha256 == sha256_text(text)
    assert delivery.instructions_bytes == len(text.encode("utf-8"))
    assert delivery.credo_sha256 == current_credo().sha256 != ""
    assert delivery.scope_versions == {
        "user": latest_history_id(user_doc),
        "workspace": latest_history_id(workspace_doc),
        "session": latest_history_id(session_doc),
    }
    assert delivery.mechanism == "append-system-prompt"
    record = delivery.history.get()
    assert (record.history_user, record.history_change_reason) == (bob, DELIVERY_REASON)


def test_scope_versions_follow_the_current_version(alice, scopes, session):
    user_doc, _ = scopes
    save(Target(scope=Scope.USER, user=alice), "Changed preference.", alice)
    _, delivery = spawn_for_session(session=session, actor=alice)
    assert delivery.scope_versions["user"] == latest_history_id(user_doc)
    assert user_doc.history.count() == 2


def test_only_used_scopes_are_recorded(alice, acme):
    session = session_create(owner=alice, workspace=acme, spec=SessionSpec(agent="codex"))
    save(Target(scope=Scope.WORKSPACE, workspace=acme), "", alice)  # an empty scope is not used
    payload, delivery = spawn_for_session(session=session, actor=alice)
    assert delivery.scope_versions == {}
    assert delivery.mechanism == "developer-instructions"
    assert payload["args"][0] == "-c"


def test_skip_os_instructions_is_recorded(alice, acme, scopes):
    session = session_create(owner=alice, workspace=acme, spec=SessionSpec(agent="opencode", skip_os_instructions=True))
    payload, delivery = spawn_for_session(session=session, actor=alice)
    assert payload["args"] == []
    assert payload["env"] == {}
    assert INSTRUCTIONS_PATH in payload["files"]
    assert delivery.mechanism == "none (skip_os_instructions)"


def test_an_ended_session_is_not_spawned_and_its_scope_never_appears(alice, scopes, session):
    save(Target(scope=Scope.SESSION, session=session), SESSION_BODY, alice)
    session_end(session=session, actor=alice)
    session.refresh_from_db()
    with pytest.raises(SessionEnded):
        spawn_for_session(session=session, actor=alice)
    assert not Delivery.objects.exists()
    bundle = session_bundle(session=session)
    assert SESSION_BODY not in bundle.instructions_md
    assert "session" not in bundle.scope_versions()


def test_an_ended_sessions_scope_is_skipped_even_if_its_body_remains(alice, scopes, session):
    document = save(Target(scope=Scope.SESSION, session=session), SESSION_BODY, alice)
    session.ended_at = timezone.now()
    session.save()
    assert InstructionDocument.objects.get(pk=document.pk).body == SESSION_BODY
    bundle = session_bundle(session=session)
    assert "# [session]" not in bundle.instructions_md
    assert set(bundle.scope_versions()) == {"user", "workspace"}


def test_unknown_agent_and_oversized_payload_record_nothing(alice, acme):
    with pytest.raises(NotFound):
        session_create(owner=alice, workspace=acme, spec=SessionSpec(agent="emacs"))
    big = "中" * 50_000
    save(Target(scope=Scope.USER, user=alice), big[:-1] + "a", alice)
    codex = session_create(owner=alice, workspace=acme, spec=SessionSpec(agent="codex", additional_instructions=big))
    with pytest.raises(PayloadTooLarge):
        spawn_for_session(session=codex, actor=alice)
    assert not Delivery.objects.exists()


def test_large_instructions_use_the_file_flag(alice, acme):
    save(Target(scope=Scope.USER, user=alice), "é" * 50_000, alice)
    session = session_create(
        owner=alice, workspace=acme, spec=SessionSpec(agent="claude-code", additional_instructions="ж" * 50_000)
    )
    payload, delivery = spawn_for_session(session=session, actor=alice)
    assert payload["args"] == ["--append-system-prompt-file", INSTRUCTIONS_PATH]
    assert delivery.mechanism == "append-system-prompt-file"
    assert delivery.instructions_bytes > 131_071


def make_history(alice, acme, rows: int) -> AgentSession:
    for n in range(rows):
        save(Target(scope=Scope.USER, user=alice), f"Preference number {n}.", alice)
        save(Target(scope=Scope.WORKSPACE, workspace=acme), f"Convention number {n}.", alice)
    session = session_create(owner=alice, workspace=acme, spec=SessionSpec(agent="pi"))
    save(Target(scope=Scope.SESSION, session=session), SESSION_BODY, alice)
    return AgentSession.objects.get(pk=session.pk)  # nothing cached on it


def count_spawn_queries(session, actor) -> int:
    with CaptureQueriesContext(connection) as queries:
        spawn_for_session(session=session, actor=actor)
    return len(queries)


def test_query_count_does_not_grow_with_history(alice, acme, django_assert_num_queries):
    # 1 owner, 2 workspace, 3 the documents, 4 the findings approved for them, 5 their
    # history ids, then the delivery: 6 the credo's and OS texts kept (insert or
    # nothing), 7 the delivery and its history row (one statement on PostgreSQL; two
    # inserts elsewhere).
    queries = 7 if connection.vendor == "postgresql" else 8
    assert count_spawn_queries(make_history(alice, acme, 5), alice) == queries
    many_session = make_history(alice, acme, 50)
    assert InstructionDocument.history.filter(user=alice).count() >= 55
    with django_assert_num_queries(queries):
        _, delivery = spawn_for_session(session=many_session, actor=alice)
    assert set(delivery.scope_versions) == {"user", "workspace", "session"}


def test_spawn_preview_records_nothing(alice, acme, scopes):
    payload = spawn_preview(user=alice, workspace=acme, spec=SessionSpec(agent="pi", cwd="/w", env={"X": "1"}))
    assert payload["agent"] == "pi"
    assert payload["env"] == {"X": "1"}
    assert payload["mechanism"] == "append-system-prompt"
    assert json.loads(payload["files"][ENVIRONMENT_PATH]) == {"agent": "pi", "workspace": "acme", "cwd": "/w"}
    assert not Delivery.objects.exists()


def test_a_host_session_names_its_bundle_directory_and_describes_the_host(alice, acme, scopes):
    bundle_dir = "/run/user/1000/agentos-bundle-q1"
    session = session_create(
        owner=alice,
        workspace=acme,
        spec=SessionSpec(
            agent="opencode",
            cwd="/home/alice/src/app",
            bundle_dir=bundle_dir,
            os_profile="host",
            platform="Linux Debian GNU/Linux 12 6.1.0 x86_64",
        ),
    )
    payload, delivery = spawn_for_session(session=session, actor=alice)

    assert sorted(payload["files"]) == [f"{bundle_dir}/environment.json", f"{bundle_dir}/instructions.md"]
    text = payload["files"][f"{bundle_dir}/instructions.md"]
    assert text.startswith("# Environment\n\nYou are running directly on the user's computer")
    assert "- Platform: Linux Debian GNU/Linux 12 6.1.0 x86_64\n" in text
    assert "- Working directory: /home/alice/src/app\n" in text
    assert f"- Instructions and session metadata: {bundle_dir}/ (read-only" in text
    for vm_claim in ("virtualized", "No native ELF", "/home/user/", "/etc/agentos"):
        assert vm_claim not in text
    assert json.loads(payload["env"]["OPENCODE_CONFIG_CONTENT"]) == {"instructions": [f"{bundle_dir}/instructions.md"]}
    assert (delivery.bundle_dir, delivery.os_profile) == (bundle_dir, "host")
    assert delivery_rebuild(delivery).verified


def test_a_gemini_session_gets_its_context_file(alice, acme, scopes, tmp_path):
    session = session_create(owner=alice, workspace=acme, spec=SessionSpec(agent="gemini", bundle_dir="/b"))
    payload, delivery = spawn_for_session(session=session, actor=alice)
    assert payload["args"] == ["--include-directories=/b"]
    assert payload["files"]["/b/GEMINI.md"] == payload["files"]["/b/instructions.md"]
    assert delivery.mechanism == "gemini-include-directory"
    run("write_bundle", "--session", str(session.pk), "--output", str(tmp_path / "out"))
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        ".agentos-bundle",
        "GEMINI.md",
        "environment.json",
        "instructions.md",
    ]


def test_prepare_bundle_refuses_unknown_agents(alice, acme):
    with pytest.raises(NotFound):
        prepare_bundle(user=alice, workspace=acme, spec=SessionSpec(agent="nope"))


# --- commands ----------------------------------------------------------------------


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_write_bundle_for_a_session(alice, scopes, session, tmp_path):
    save(Target(scope=Scope.SESSION, session=session), SESSION_BODY, alice)
    output = tmp_path / "etc-agentos"
    message = run("write_bundle", "--session", str(session.pk), "--output", str(output), "--mount", "/data:ro")
    assert "Wrote environment.json, instructions.md, mounts.json" in message
    expected = session_bundle(session=session, mounts=[{"path": "/data", "read_only": True}]).files
    assert sorted(p.name for p in output.iterdir()) == [
        ".agentos-bundle",
        "environment.json",
        "instructions.md",
        "mounts.json",
    ]
    for path, text in expected.items():
        written = output / path.rsplit("/", 1)[1]
        assert written.read_text(encoding="utf-8") == text
        assert stat.S_IMODE(written.stat().st_mode) == 0o444
    assert json.loads((output / "mounts.json").read_text()) == [{"path": "/data", "read_only": True}]
    assert SESSION_BODY in expected[INSTRUCTIONS_PATH]
    assert MOUNTS_PATH in expected
    assert not Delivery.objects.exists()


def test_write_bundle_for_user_workspace_agent_replaces_the_old_one(alice, scopes, tmp_path):
    output = tmp_path / "agentos"
    run("write_bundle", "--user", "alice", "--agent", "pi", "--mount", "/data", "--output", str(output))
    assert (output / "mounts.json").exists()
    run("write_bundle", "--user", "alice", "--workspace", "acme", "--agent", "codex", "--output", str(output))
    assert sorted(p.name for p in output.iterdir()) == [".agentos-bundle", "environment.json", "instructions.md"]
    text = (output / "instructions.md").read_text(encoding="utf-8")
    assert USER_BODY in text
    assert WORKSPACE_BODY in text
    assert json.loads((output / "environment.json").read_text()) == {"agent": "codex", "workspace": "acme"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["agentos"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--session", str(uuid.uuid4())], "not found"),
        (["--session", "not-a-uuid"], "not found"),
        (["--user", "alice", "--agent", "emacs"], "Unknown agent"),
        (["--user", "nobody", "--agent", "pi"], "User 'nobody' not found"),
        (["--user", "dave", "--workspace", "acme", "--agent", "pi"], "Workspace 'acme' not found"),
        (["--user", "alice"], "--user and --agent are required"),
        (["--user", "alice", "--agent", "pi", "--mount", "relative"], "absolute path"),
    ],
)
def test_write_bundle_errors(alice, dave, tmp_path, args, message):
    with pytest.raises(CommandError, match=message):
        run("write_bundle", *args, "--output", str(tmp_path / "out"))
    assert not (tmp_path / "out").exists()


def test_expire_sessions_ends_idle_sessions(alice, acme, settings):
    idle = session_create(owner=alice, workspace=acme, spec=SessionSpec(agent="pi"))
    fresh = session_create(owner=alice, workspace=acme, spec=SessionSpec(agent="pi"))
    save(Target(scope=Scope.SESSION, session=idle), SESSION_BODY, alice)
    idle.last_seen_at = timezone.now() - timedelta(minutes=settings.AGENTOS_SESSION_IDLE_MINUTES + 1)
    idle.save_without_historical_record(update_fields=["last_seen_at"])

    assert run("expire_sessions").strip() == "1 session ended."
    idle.refresh_from_db()
    fresh.refresh_from_db()
    assert idle.ended_at is not None
    assert idle.end_reason == "Session expired (idle)"
    assert fresh.ended_at is None
    assert InstructionDocument.objects.get(session=idle).body == ""
    assert run("expire_sessions").strip() == "0 sessions ended."
