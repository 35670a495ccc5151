"""Agent sessions, spawn payloads and deliveries over HTTP."""

from __future__ import annotations

import hashlib
import shlex
from datetime import timedelta

import pytest
from django.utils import timezone

from instructions.models import AgentSession, Delivery, InstructionDocument
from instructions.services.documents import Target, document_save

SESSION_KEYS = {
    "id",
    "agent",
    "workspace",
    "cwd",
    "env",
    "skip_os_instructions",
    "additional_instructions",
    "bundle_dir",
    "os_profile",
    "platform",
    "started_at",
    "last_seen_at",
    "ended_at",
    "end_reason",
    "active",
}


def start(client, **fields):
    body = {"workspace": "acme", "agent": "claude-code", **fields}
    return client.post("/api/sessions", body, format="json")


def test_agents_are_listed(api, dave):
    agents = api.as_(dave).get("/api/agents").json()
    assert [a["name"] for a in agents] == ["claude-code", "codex", "gemini", "opencode", "pi"]
    keys = {"name", "label", "command", "mechanism", "oversize", "reaches", "system_prompt", "merges_env"}
    assert all(set(a) == keys for a in agents)
    by_name = {a["name"]: a for a in agents}
    # The deviation is stated where a launcher reads it: Gemini gets context, not a system prompt.
    assert [name for name, a in by_name.items() if not a["system_prompt"]] == ["gemini"]
    assert by_name["gemini"]["reaches"] == "the first user turn (session context), not the system instruction"
    assert "NOT the system instruction" in by_name["gemini"]["mechanism"]
    assert by_name["opencode"]["merges_env"] == ["OPENCODE_CONFIG_CONTENT", "OPENCODE_CONTEXTPATHS"]


def test_creating_a_session_answers_its_spawn_payload(api, alice, acme):
    document_save(target=Target(scope="workspace", workspace=acme), body="Run make test.", actor=alice, reason="r")
    response = start(api.as_(alice), cwd="/home/user/project", additional_instructions="Be brief.")
    assert response.status_code == 201, response.content
    data = response.json()
    assert set(data) == SESSION_KEYS | {"spawn"}
    assert (data["bundle_dir"], data["os_profile"], data["platform"]) == ("/etc/agentos", "agentos-vm", "")
    spawn = data["spawn"]
    assert spawn["agent"] == "claude-code" and spawn["cwd"] == "/home/user/project"
    assert spawn["args"][0] == "--append-system-prompt"
    content = spawn["files"]["/etc/agentos/instructions.md"]
    assert spawn["args"][1] == content
    assert content.startswith("# Environment")
    assert content.index("# [global]") < content.index("Run make test.") < content.index("Be brief.")
    # The launcher can put the argv on a shell line as is.
    assert shlex.split(shlex.join(["claude", *spawn["args"]]))[1:] == spawn["args"]
    delivery = Delivery.objects.get(session_id=data["id"])
    assert delivery.instructions_sha256 == hashlib.sha256(content.encode()).hexdigest()
    assert delivery.instructions_bytes == len(content.encode())


def test_the_spawn_payload_is_computed_now(api, alice, acme):
    client = api.as_(alice)
    session_id = start(client).json()["id"]
    document_save(target=Target(scope="workspace", workspace=acme), body="Added later.", actor=alice, reason="r")
    client.put(f"/api/instructions/scope/session?session={session_id}", {"body": "Session note."}, format="json")
    spawn = client.get(f"/api/sessions/{session_id}/spawn").json()
    content = spawn["files"]["/etc/agentos/instructions.md"]
    assert "Added later." in content and "Session note." in content
    deliveries = client.get(f"/api/sessions/{session_id}/deliveries").json()
    assert deliveries["count"] == 2
    latest = deliveries["results"][0]
    assert set(latest["scope_versions"]) == {"workspace", "session"}
    doc = InstructionDocument.objects.get(workspace=acme)
    assert latest["scope_versions"]["workspace"] == doc.history.latest().history_id


def test_list_filters_active_and_ended(api, alice):
    client = api.as_(alice)
    first, second = start(client).json()["id"], start(client).json()["id"]
    assert client.delete(f"/api/sessions/{first}").status_code == 200
    active = [s["id"] for s in client.get("/api/sessions?status=active").json()["results"]]
    ended = [s["id"] for s in client.get("/api/sessions?status=ended").json()["results"]]
    assert (active, ended) == ([second], [first])
    assert client.get("/api/sessions?status=bogus").status_code == 400


def test_ending_a_session_stops_serving_and_clears_its_scope(api, alice):
    client = api.as_(alice)
    session_id = start(client).json()["id"]
    url = f"/api/instructions/scope/session?session={session_id}"
    client.put(url, {"body": "Only for this session."}, format="json")
    ended = client.delete(f"/api/sessions/{session_id}").json()
    assert ended["active"] is False and ended["ended_at"]
    assert "Only for this session." not in client.get(f"/api/instructions?session={session_id}").json()["merged"]
    document = InstructionDocument.objects.get(session_id=session_id)
    assert document.body == "" and document.history.count() == 2
    assert client.get(f"/api/sessions/{session_id}/spawn").status_code == 409
    assert client.put(url, {"body": "again"}, format="json").status_code == 409


def test_another_users_session_is_404_on_every_route(api, alice, bob):
    session_id = start(api.as_(alice)).json()["id"]
    client = api.as_(bob)
    for method, url in [
        ("get", f"/api/sessions/{session_id}"),
        ("delete", f"/api/sessions/{session_id}"),
        ("get", f"/api/sessions/{session_id}/spawn"),
        ("get", f"/api/sessions/{session_id}/deliveries"),
        ("get", f"/api/instructions?session={session_id}"),
        ("put", f"/api/instructions/scope/session?session={session_id}"),
    ]:
        data = {"body": "x"} if method == "put" else None  # GET data would replace the query string
        assert getattr(client, method)(url, data, format="json").status_code == 404, url
    assert AgentSession.objects.get(pk=session_id).is_active
    assert client.get("/api/sessions").json()["results"] == []


def test_idle_sessions_expire_on_read(api, alice, settings):
    client = api.as_(alice)
    session_id = start(client).json()["id"]
    client.put(f"/api/instructions/scope/session?session={session_id}", {"body": "idle text"}, format="json")
    session = AgentSession.objects.get(pk=session_id)
    session.last_seen_at = timezone.now() - timedelta(minutes=settings.AGENTOS_SESSION_IDLE_MINUTES + 1)
    session.save_without_historical_record(update_fields=["last_seen_at"])
    data = client.get(f"/api/sessions/{session_id}").json()
    assert data["active"] is False and data["end_reason"] == "Session expired (idle)"
    assert "idle text" not in client.get(f"/api/instructions?session={session_id}").json()["merged"]


@pytest.mark.parametrize(
    "fields, code",
    [
        ({"agent": "emacs"}, 404),
        ({"workspace": "nope"}, 404),
        ({"env": {"A": 1}}, 400),
        ({"env": "A=1"}, 400),
        ({"skip_os_instructions": "yes"}, 400),
        ({"surprise": True}, 400),
        ({"additional_instructions": "x" * 50_001}, 413),
        ({"os_profile": "windows"}, 400),
        ({"os_profile": 1}, 400),
        ({"platform": "Linux\x1b[31m"}, 400),
        ({"platform": "x" * 257}, 400),
        ({"platform": None}, 400),
        ({"bundle_dir": None}, 400),
        ({"agent": "gemini", "bundle_dir": "/tmp/a,b"}, 400),
    ],
)
def test_bad_session_requests(api, alice, fields, code):
    response = start(api.as_(alice), **fields)
    assert response.status_code == code, response.content
    assert not AgentSession.objects.exists()


@pytest.mark.parametrize(
    ("bundle_dir", "message"),
    [
        ("relative/dir", "bundle_dir must be an absolute path."),
        ("/", "bundle_dir must not be the root directory."),
        ("/run/b/", "bundle_dir must be a normalised path (no '//', '.' or '..' component, no trailing '/')."),
        ("/run//b", "bundle_dir must be a normalised path (no '//', '.' or '..' component, no trailing '/')."),
        ("/run/../etc", "bundle_dir must be a normalised path (no '//', '.' or '..' component, no trailing '/')."),
        ("/run/b\x00", "bundle_dir: NUL characters are not allowed."),
        (
            "/run/\x1b[2J",
            "bundle_dir: Control character ESC (U+001B) at position 5 is not allowed: it can make text "
            "display differently from what it says.",
        ),
        ("/" + "b" * 1024, "bundle_dir is 1025 characters; the limit is 1024."),
    ],
)
def test_a_bundle_directory_must_be_a_canonical_absolute_path(api, alice, bundle_dir, message):
    response = start(api.as_(alice), bundle_dir=bundle_dir)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "INVALID" and response.json()["errors"] == {"bundle_dir": [message]}
    assert not AgentSession.objects.exists()


def test_a_host_session_in_its_own_bundle_directory(api, alice):
    client = api.as_(alice)
    response = start(
        client,
        agent="pi",
        cwd="/home/alice/app",
        bundle_dir="/run/user/1000/agentos-bundle-7f",
        os_profile="host",
        platform="Linux Fedora Linux 41 6.11.4 x86_64",
    )
    assert response.status_code == 201, response.content
    data = response.json()
    assert (data["bundle_dir"], data["os_profile"], data["platform"]) == (
        "/run/user/1000/agentos-bundle-7f",
        "host",
        "Linux Fedora Linux 41 6.11.4 x86_64",
    )
    spawn = data["spawn"]
    assert sorted(spawn["files"]) == [
        "/run/user/1000/agentos-bundle-7f/environment.json",
        "/run/user/1000/agentos-bundle-7f/instructions.md",
    ]
    text = spawn["files"]["/run/user/1000/agentos-bundle-7f/instructions.md"]
    assert "- Platform: Linux Fedora Linux 41 6.11.4 x86_64\n- Working directory: /home/alice/app\n" in text
    assert "virtualized" not in text and "/home/user/" not in text and "No native ELF" not in text
    assert spawn["args"] == ["--append-system-prompt", text]
    # The same later, and in the session's record and its deliveries.
    again = client.get(f"/api/sessions/{data['id']}/spawn").json()
    assert again["files"] == spawn["files"]
    delivery = client.get(f"/api/sessions/{data['id']}/deliveries").json()["results"][0]
    assert (delivery["bundle_dir"], delivery["os_profile"]) == ("/run/user/1000/agentos-bundle-7f", "host")


def test_codex_payload_too_large_is_refused_and_leaves_no_session(api, alice, acme):
    huge = "日本語のテキスト" * 6_000  # 48,000 characters, about 144 kB of UTF-8
    document_save(target=Target(scope="workspace", workspace=acme), body=huge, actor=alice, reason="r")
    response = start(api.as_(alice), agent="codex")
    assert response.status_code == 413
    data = response.json()
    assert data["code"] == "PAYLOAD_TOO_LARGE" and "131071" in data["detail"]
    assert not AgentSession.objects.exists()
    # Claude Code reads a file instead.
    claude = start(api.as_(alice), agent="claude-code").json()["spawn"]
    assert claude["args"] == ["--append-system-prompt-file", "/etc/agentos/instructions.md"]


def test_skip_os_instructions_keeps_the_files_and_injects_nothing(api, alice):
    spawn = start(api.as_(alice), agent="codex", skip_os_instructions=True, env={"FOO": "bar"}).json()["spawn"]
    assert spawn["args"] == [] and spawn["env"] == {"FOO": "bar"}
    assert spawn["files"]["/etc/agentos/instructions.md"].startswith("# Environment")
