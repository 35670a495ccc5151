"""``agentos-launch`` against the real API on a live test server, with a stub agent.

The launcher runs as a subprocess, as a user runs it; the server is pytest-django's
``live_server`` with the real sessions API, token auth, merge, spawn payloads and
deliveries. The stub agent stands in for ``claude`` (``--command``) and reports what
it was given.

INTEGRATION: the sessions API does not take ``bundle_dir``, ``os_profile`` and
``platform`` yet. Until it does, the ``sessions_api`` fixture teaches the live
server's view (in this process) to accept them and moves the payload's bundle paths
with ``verify.payloads.relocate_payload``. Once ``SessionCreateSerializer`` has a
``bundle_dir`` field the fixture does nothing and these tests run against the real
thing unchanged, including the ``host`` profile checks that are skipped until then
(``API_TAKES_BUNDLE_DIR``).
"""

# ruff: noqa: S603  (the tests start the launcher and a stub agent they wrote themselves)

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from rest_framework.authtoken.models import Token

from instructions.api.sessions import SessionCreateSerializer, SessionListView
from instructions.contract import Scope
from instructions.models import AgentSession, Delivery
from instructions.services.documents import Target, document_save
from instructions.verify.payloads import relocate_payload
from tests.conftest import make_user
from tests.test_agentos_launch import LAUNCHER, STUB_AGENT, wait_for

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

API_TAKES_BUNDLE_DIR = "bundle_dir" in SessionCreateSerializer().fields
NEW_FIELDS = ("bundle_dir", "os_profile", "platform")


@pytest.fixture
def sessions_api(monkeypatch):
    """The sessions API as the integration will make it (a no-op once it is)."""
    if API_TAKES_BUNDLE_DIR:
        return
    original = SessionListView.post

    def post(self, request):
        extra = {name: request.data.pop(name) for name in NEW_FIELDS if name in request.data}
        response = original(self, request)
        if response.status_code == 201 and "bundle_dir" in extra:
            response.data["spawn"] = relocate_payload(response.data["spawn"], extra["bundle_dir"])
        return response

    monkeypatch.setattr(SessionListView, "post", post)


@pytest.fixture
def ana(credo_dir):
    user = make_user("ana")
    document_save(target=Target(scope=Scope.USER, user=user), body="Answer briefly.", actor=user, reason="test")
    return user


@pytest.fixture
def stub(tmp_path) -> Path:
    path = tmp_path / "bin" / "stub-claude"
    path.parent.mkdir()
    path.write_text(STUB_AGENT.format(python=sys.executable))
    path.chmod(0o755)
    return path


def launcher(live_server, token: str, stub: Path, tmp_path: Path, *args: str, mode: str = "exit:0", **popen):
    bundle, work = tmp_path / "bundle", tmp_path / "work"
    work.mkdir(exist_ok=True)
    argv = [
        sys.executable,
        str(LAUNCHER),
        "--server",
        live_server.url,
        "--workspace",
        "default",
        "--command",
        str(stub),
        "--bundle-dir",
        str(bundle),
        "--cwd",
        str(work),
        *args,
        "claude-code",
        "--",
        "-p",
        "hi",
    ]
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "AGENTOS_TOKEN": token,
        "STUB_REPORT": str(tmp_path / "report.json"),
        "STUB_BUNDLE_DIR": str(bundle),
        "STUB_MODE": mode,
    }
    return subprocess.Popen(
        argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen
    )


def test_a_claude_session_through_the_real_api(live_server, sessions_api, ana, stub, tmp_path):
    token = Token.objects.create(user=ana).key
    extra = tmp_path / "extra.md"
    extra.write_text("Use tabs.", encoding="utf-8")
    proc = launcher(live_server, token, stub, tmp_path, "--instructions", str(extra), mode="exit:4")
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 4, stderr

    report = json.loads((tmp_path / "report.json").read_text())
    argv = report["argv"]
    assert argv[0] == str(stub) and argv[1] == "--append-system-prompt" and argv[3:] == ["-p", "hi"]
    text = argv[2]
    assert "# [user]\nAnswer briefly." in text and text.endswith("Use tabs.")
    assert report["cwd"] == str(tmp_path / "work")
    bundle = report["bundle"]
    assert bundle["dir"] == str(tmp_path / "bundle") and bundle["dir_mode"] == 0o700
    assert bundle["files"]["instructions.md"] == [0o444, text]
    environment = json.loads(bundle["files"]["environment.json"][1])
    session = AgentSession.objects.get()
    assert environment["session"] == str(session.pk) and environment["agent"] == "claude-code"
    if API_TAKES_BUNDLE_DIR:  # INTEGRATION: the host profile describes this machine
        assert "- Working directory: " + str(tmp_path / "work") in text and "No native ELF" not in text

    session.refresh_from_db()
    assert not session.is_active and session.additional_instructions == "Use tabs."
    assert session.history.order_by("history_date").first().history_change_reason.endswith(": agentos-launch")
    assert Delivery.objects.get().mechanism == "append-system-prompt"
    assert not (tmp_path / "bundle").exists()


def test_signals_and_the_file_route_through_the_real_api(live_server, sessions_api, ana, stub, tmp_path):
    # Over the argv limit: Claude Code gets --append-system-prompt-file naming the bundle.
    big = "\n\n".join(f"Rule {i}: keep ünïcödé and “quotes” — {'é' * 400}" for i in range(110))
    document_save(target=Target(scope=Scope.USER, user=ana), body=big, actor=ana, reason="test")
    extra = tmp_path / "extra.md"
    extra.write_text("Also: " + "ü" * 25_000, encoding="utf-8")
    token = Token.objects.create(user=ana).key
    proc = launcher(live_server, token, stub, tmp_path, "--instructions", str(extra), mode="wait")
    report_path = tmp_path / "report.json"
    try:
        wait_for(lambda: report_path.exists() and json.loads(report_path.read_text()).get("ready"), timeout=60)
        proc.send_signal(signal.SIGUSR1)
        wait_for(lambda: "SIGUSR1" in json.loads(report_path.read_text())["signals"])
        proc.send_signal(signal.SIGTERM)
        _, stderr = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 128 + signal.SIGTERM, stderr

    report = json.loads(report_path.read_text())
    bundle_file = str(tmp_path / "bundle" / "instructions.md")
    assert report["argv"][1:] == ["--append-system-prompt-file", bundle_file, "-p", "hi"]
    mode, text = report["bundle"]["files"]["instructions.md"]
    assert mode == 0o444 and big in text and len(text.encode()) > 131_071
    assert not AgentSession.objects.get().is_active
    assert Delivery.objects.get().mechanism == "append-system-prompt-file"
    assert not (tmp_path / "bundle").exists()


def test_errors_from_the_real_api_are_one_line_and_launch_nothing(live_server, sessions_api, ana, stub, tmp_path):
    proc = launcher(live_server, "not-a-token", stub, tmp_path)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 77
    assert stderr.startswith("agentos-launch: the server refused the token (401") and stderr.count("\n") == 1

    token = Token.objects.create(user=ana).key
    proc = launcher(live_server, token, stub, tmp_path, "--workspace", "nowhere")
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 65
    assert (
        stderr.startswith("agentos-launch: the server refused the request (404 NOT_FOUND)") and stderr.count("\n") == 1
    )
    assert not (tmp_path / "report.json").exists() and not AgentSession.objects.exists()
    assert not (tmp_path / "bundle").exists()


@pytest.mark.skipif(API_TAKES_BUNDLE_DIR, reason="the API takes bundle_dir now")
def test_todays_api_is_named_as_too_old_rather_than_misused(live_server, ana, stub, tmp_path):
    """Without the integration, a launch outside the VM stops with one line and starts nothing."""
    token = Token.objects.create(user=ana).key
    proc = launcher(live_server, token, stub, tmp_path)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 65
    assert stderr == (
        "agentos-launch: the server refused the request (400): bundle_dir: Unknown field.; os_profile: Unknown "
        "field.; platform: Unknown field. (this server predates bundle_dir/os_profile: upgrade it)\n"
    )
    assert not AgentSession.objects.exists() and not (tmp_path / "report.json").exists()
