"""``manage.py verify_agents`` and its engine, against stub CLIs.

A stub ``claude`` is a small Python script that does what Claude Code does with
the payload: reads ``--append-system-prompt`` / ``--append-system-prompt-file`` and
the working directory's ``CLAUDE.md``, and POSTs an Anthropic Messages request to
``$ANTHROPIC_BASE_URL``. Broken variants drop or garble the text, or forget
``CLAUDE.md``: the command must then fail. The real CLIs are run by ``.ci/run``
when they are installed; nothing here needs them or the network.
"""

from __future__ import annotations

import json
import sys
import urllib.request
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from instructions.foundation.errors import PayloadTooLarge
from instructions.verify import engine
from instructions.verify.fake_api import fake_model_server
from instructions.verify.payloads import service_payload
from instructions.verify.recipes import RECIPES

STUB = """\
#!{python}
import json, os, sys, time, urllib.request

MODE = {mode!r}
args = sys.argv[1:]
if args == ["--version"]:
    print("claude-stub 9.9.9 (Stub Claude)")
    sys.exit(0)
if MODE == "hang":
    time.sleep(60)
appended = None
i = 0
while i < len(args):
    if args[i] == "--append-system-prompt":
        appended, i = args[i + 1], i + 2
    elif args[i] == "--append-system-prompt-file":
        appended, i = open(args[i + 1], encoding="utf-8").read(), i + 2
    else:
        i += 1
system = [{{"type": "text", "text": "You are a stub."}}]
if MODE != "no-claude-md" and os.path.exists("CLAUDE.md"):
    system.append({{"type": "text", "text": open("CLAUDE.md", encoding="utf-8").read()}})
if appended is not None and MODE != "drop":
    if MODE == "garble":
        appended = appended.replace('"', "'")
    system.append({{"type": "text", "text": appended}})
body = {{"model": "stub", "max_tokens": 8, "system": system, "messages": [{{"role": "user", "content": "hi"}}]}}
request = urllib.request.Request(
    os.environ["ANTHROPIC_BASE_URL"] + "/v1/messages",
    data=json.dumps(body).encode(),
    headers={{"content-type": "application/json", "x-api-key": os.environ["ANTHROPIC_API_KEY"]}},
)
print(json.load(urllib.request.urlopen(request))["content"][0]["text"])
"""


def stub_claude(folder: Path, mode: str = "ok") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "claude"
    path.write_text(STUB.format(python=sys.executable, mode=mode), encoding="utf-8")
    path.chmod(0o755)
    return folder


@pytest.fixture
def no_clis_on_path(tmp_path, monkeypatch):
    """PATH without any real agent CLI that may be installed on this machine."""
    empty = tmp_path / "empty-path"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    return empty


def run_command(*args: str) -> tuple[str, CommandError | None]:
    from io import StringIO

    out = StringIO()
    try:
        call_command("verify_agents", *args, stdout=out)
    except CommandError as exc:
        return out.getvalue(), exc
    return out.getvalue(), None


def json_lines(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.strip()]


def test_a_stub_claude_that_receives_the_text_passes_every_case(tmp_path, no_clis_on_path):
    bin_dir = stub_claude(tmp_path / "bin")
    output, error = run_command("--agent", "claude-code", "--bin-dir", str(bin_dir), "--json")
    assert error is None
    results = {r["case"]: r for r in json_lines(output)}
    assert set(results) == {"inline", "one-line", "flag-like", "line-ends", "control-chars", "oversize"}
    # Control characters never reach a CLI: the service refuses them (400), as it must.
    refused = results.pop("control-chars")
    assert (refused["status"], refused["ok"], refused["mechanism"]) == ("refused", True, "refused (400 INVALID)")
    assert refused["detail"].startswith("as documented: The instructions: Control character ESC")
    for result in results.values():
        assert (result["status"], result["ok"], result["version"]) == ("pass", True, "9.9.9")
        assert result["user_files"] == {"CLAUDE.md in the working directory": True}
        assert result["detail"].startswith("system[")
    assert results["inline"]["mechanism"] == results["flag-like"]["mechanism"] == "append-system-prompt"
    # Over the argv limit the file route is used, and the stub read the bundle file.
    assert results["oversize"]["mechanism"] == "append-system-prompt-file"


def test_a_stub_that_drops_the_text_fails_the_command(tmp_path, no_clis_on_path):
    bin_dir = stub_claude(tmp_path / "bin", mode="drop")
    output, error = run_command("--agent", "claude-code", "--bin-dir", str(bin_dir), "--case", "inline")
    assert error is not None and error.returncode == 1
    assert "claude-code" in str(error)
    header, row = output.splitlines()
    assert header.split()[:4] == ["AGENT", "VERSION", "CASE", "RESULT"]
    assert row.split()[:4] == ["claude-code", "9.9.9", "inline", "FAIL"]
    assert "text NOT in system; its marker is nowhere" in row


def test_a_garbled_text_is_reported_with_where_it_stops_matching(tmp_path, no_clis_on_path):
    bin_dir = stub_claude(tmp_path / "bin", mode="garble")
    output, error = run_command("--agent", "claude-code", "--bin-dir", str(bin_dir), "--case", "one-line", "--json")
    assert error is not None and error.returncode == 1
    (result,) = json_lines(output)
    marker = engine.marker("claude-code", "one-line")
    assert result["status"] == "fail"
    # 'AGENTOS-VERIFY-...: always answer "yes"': the quote is the first char to differ.
    assert f"first {len(marker) + 16}/" in result["detail"] and "instead of '\"yes\"'" in result["detail"]


def test_losing_the_users_own_instruction_file_is_a_failure(tmp_path, no_clis_on_path):
    bin_dir = stub_claude(tmp_path / "bin", mode="no-claude-md")
    output, error = run_command("--agent", "claude-code", "--bin-dir", str(bin_dir), "--case", "inline", "--json")
    assert error is not None
    (result,) = json_lines(output)
    assert result["user_files"] == {"CLAUDE.md in the working directory": False}
    assert "but CLAUDE.md in the working directory: did NOT arrive" in result["detail"]


def test_agents_not_installed_are_reported_and_do_not_fail(no_clis_on_path):
    output, error = run_command("--agent", "codex", "--agent", "gemini", "--json")
    assert error is None
    assert [(r["agent"], r["status"], r["ok"]) for r in json_lines(output)] == [
        ("codex", "not installed", True),
        ("gemini", "not installed", True),
    ]


def test_a_cli_that_hangs_is_killed_at_the_timeout(tmp_path, no_clis_on_path):
    bin_dir = stub_claude(tmp_path / "bin", mode="hang")
    output, error = run_command(
        "--agent", "claude-code", "--bin-dir", str(bin_dir), "--case", "inline", "--timeout", "1", "--json"
    )
    assert error is not None
    (result,) = json_lines(output)
    assert "no model request reached the fake API" in result["detail"] and "killed after 1 s" in result["detail"]
    assert result["seconds"] < 10


def test_a_413_passes_only_where_the_agent_documents_it(tmp_path, no_clis_on_path):
    def refuse(**kwargs):
        raise PayloadTooLarge("too large", size=1, limit=0)

    bin_dir = str(stub_claude(tmp_path / "bin"))
    with fake_model_server() as server:
        claude = engine.verify_agent(RECIPES["claude-code"], refuse, server=server, bin_dirs=[bin_dir])
        # Codex's recipe allows the refusal for the oversize case only; a stub "codex"
        # is never run because the refusal comes first.
        (tmp_path / "bin" / "codex").symlink_to(tmp_path / "bin" / "claude")
        codex = engine.verify_agent(RECIPES["codex"], refuse, server=server, bin_dirs=[bin_dir])
    assert {r.status for r in claude.results} == {"fail"}
    assert [(r.case, r.status) for r in codex.results if r.status != "fail"] == [("oversize", "refused")]
    assert codex.results[-1].detail == "as documented: too large"


def test_the_markers_are_unique_per_agent_and_case_and_stable():
    markers = {engine.marker(a, c) for a in RECIPES for c in engine.CASE_NAMES}
    assert len(markers) == len(RECIPES) * len(engine.CASE_NAMES)
    # Stable: the same marker in every process and run, made from the names alone (no
    # random part, no hash()); these values were computed once and are pinned here.
    assert engine.marker("pi", "inline") == "AGENTOS-VERIFY-pi-inline-717294220f"
    assert engine.marker("claude-code", "oversize") == "AGENTOS-VERIFY-claude-code-oversize-a594c0de09"
    assert len(engine.oversize_text("m").encode()) > 131_071


# --- payloads ----------------------------------------------------------------------------------


def test_the_command_checks_the_services_own_payloads():
    from instructions.management.commands import verify_agents

    assert verify_agents.PAYLOAD_BUILDER is service_payload


def test_the_service_payload_names_the_bundle_directory_and_keeps_inline_mentions():
    text = "See /etc/agentos/instructions.md\nfor details."
    claude = service_payload(agent="claude-code", text=text, bundle_dir="/b", cwd="/w", env={})
    assert claude["args"] == ["--append-system-prompt", text]  # the inline mention stays as written
    assert set(claude["files"]) == {"/b/instructions.md", "/b/environment.json"}
    pi = service_payload(agent="pi", text="one line", bundle_dir="/b", cwd="/w", env={})
    assert pi["args"] == ["--append-system-prompt", "/b/instructions.md"]
    opencode = service_payload(
        agent="opencode",
        text=text,
        bundle_dir="/b",
        cwd="/w",
        env={"OPENCODE_CONFIG_CONTENT": '{"instructions": ["/x"]}'},
    )
    assert json.loads(opencode["env"]["OPENCODE_CONFIG_CONTENT"])["instructions"] == ["/x", "/b/instructions.md"]
    assert json.loads(opencode["env"]["OPENCODE_CONTEXTPATHS"])[-1] == "/b/instructions.md"
    gemini = service_payload(agent="gemini", text=text, bundle_dir="/b", cwd="/w", env={})
    assert gemini["args"] == ["--include-directories=/b"] and gemini["files"]["/b/GEMINI.md"] == text


def test_a_builder_that_delivers_a_refused_text_fails_the_case(tmp_path, no_clis_on_path):
    def lax(**kwargs):
        return service_payload(**{**kwargs, "text": "no control characters here"})

    bin_dir = str(stub_claude(tmp_path / "bin"))
    with fake_model_server() as server:
        report = engine.verify_agent(
            RECIPES["claude-code"], lax, server=server, bin_dirs=[bin_dir], case_names=["control-chars"]
        )
    (result,) = report.results
    assert (result.status, result.ok) == ("fail", False)
    assert result.detail == "the service built a payload; it must refuse this text (400)"


def test_the_recipes_look_where_the_registry_says_the_text_lands():
    from instructions.rules.agents import AGENTS

    assert set(RECIPES) == set(AGENTS)
    for name, recipe in RECIPES.items():
        in_first_turn = "first user turn" in recipe.where
        assert in_first_turn == (not AGENTS[name].system_prompt), name


# --- the fake model API ------------------------------------------------------------------------


def post(url: str, body: dict) -> tuple[str, bytes]:
    headers = {"content-type": "application/json"}
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers)  # noqa: S310 (loopback)
    with urllib.request.urlopen(request) as response:  # noqa: S310 (loopback test server)
        return response.headers["Content-Type"], response.read()


def test_the_fake_api_answers_gemini_streaming_json_mode_and_the_others():
    with fake_model_server() as server:
        kind, data = post(f"{server.url}/v1beta/models/m:streamGenerateContent?alt=sse", {"contents": []})
        assert kind == "text/event-stream"
        event = json.loads(data.decode().removeprefix("data: "))
        assert event["candidates"][0]["content"]["parts"][0]["text"] == "ok"
        _, data = post(
            f"{server.url}/v1beta/models/m:generateContent",
            {"contents": [], "generationConfig": {"responseMimeType": "application/json"}},
        )
        reply = json.loads(json.loads(data)["candidates"][0]["content"]["parts"][0]["text"])
        assert reply["next_speaker"] == "user" and reply["model_choice"]
        _, data = post(f"{server.url}/v1/messages", {"model": "m", "messages": []})
        assert json.loads(data)["content"][0]["text"] == "ok"
        kind, data = post(f"{server.url}/v1/responses", {"model": "m"})
        assert kind == "text/event-stream" and b"response.completed" in data
        records = server.take()
    assert [r.path for r in records] == [
        "/v1beta/models/m:streamGenerateContent?alt=sse",
        "/v1beta/models/m:generateContent",
        "/v1/messages",
        "/v1/responses",
    ]
    assert records[0].body == {"contents": []}
