"""``agentos_launch.py`` run as a user runs it: a subprocess, against a fake agentOS server.

The fake server (a thread in this process, on 127.0.0.1) answers ``GET /api/agents``,
``POST /api/sessions`` and ``DELETE /api/sessions/<id>`` the way the service does, and
records every request. The agent is a stub Python script that reports its argv,
cwd, environment and the bundle directory it was given, then exits, or waits for
signals. The same launcher against the real Django API: ``test_agentos_launch_live.py``.
"""

# ruff: noqa: S603, S606  (these tests start the launcher and stub agents they wrote themselves)

from __future__ import annotations

import ast
import contextlib
import json
import os
import pty
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

import agentos_launch

LAUNCHER = Path(agentos_launch.__file__).resolve()
#: The interpreter that runs the launcher: hosts may have an older Python than the project
#: (it supports 3.8+); set this variable to check one.
LAUNCHER_PYTHON = os.environ.get("AGENTOS_LAUNCH_TEST_PYTHON", sys.executable)
TOKEN = "tok-123"
INSTRUCTIONS = "# Environment\n\nYou are on a host.\n\n# [user]\nBe brief. \"Quotes\" and 'quotes'."
SESSION_ID = "0b6c8f5e-4a39-4f0e-9a8e-2f6e7f4b1c2d"
SESSION_TOKEN = "agentos_s_" + "5e" * 32

STUB_AGENT = """\
#!{python}
import json, os, signal, stat, sys, time

report_path = os.environ["STUB_REPORT"]
mode = os.environ.get("STUB_MODE", "exit:0")
report = {{"argv": sys.argv, "cwd": os.getcwd(), "env": dict(os.environ), "signals": [], "bundle": None}}
# The bundle: named in argv (a file route), or told by the test (STUB_BUNDLE_DIR).
folders = [os.path.dirname(a) for a in sys.argv if a.endswith("/instructions.md")]
folders += [os.environ["STUB_BUNDLE_DIR"]] if "STUB_BUNDLE_DIR" in os.environ else []
for folder in folders[:1]:
    report["bundle"] = {{
        "dir": folder,
        "dir_mode": stat.S_IMODE(os.stat(folder).st_mode),
        "files": {{
            name: [stat.S_IMODE(os.stat(os.path.join(folder, name)).st_mode),
                   open(os.path.join(folder, name), encoding="utf-8").read()]
            for name in sorted(os.listdir(folder))
        }},
    }}

def save():
    with open(report_path + ".tmp", "w") as handle:
        json.dump(report, handle)
    os.replace(report_path + ".tmp", report_path)

def record(signum, frame):
    report["signals"].append(signal.Signals(signum).name)
    save()

if mode == "wait":
    for name in ("SIGUSR1", "SIGUSR2", "SIGHUP", "SIGINT", "SIGWINCH", "SIGQUIT"):
        signal.signal(getattr(signal, name), record)
    report["ready"] = True
    save()
    while True:  # SIGTERM keeps its default action: the stub dies of it
        time.sleep(0.05)
save()
if mode == "kill9":
    os.kill(os.getpid(), signal.SIGKILL)
sys.exit(int(mode.split(":")[1]))
"""


# --- the fake server -----------------------------------------------------------------------------


@dataclass
class Seen:
    method: str
    path: str
    headers: dict[str, str]
    body: Any


@dataclass
class FakeAgentos:
    """What the fake answers; tests change these fields before running the launcher."""

    agents: list[dict[str, Any]] = field(
        default_factory=lambda: [
            {"name": "stub-agent", "label": "Stub", "command": "stub-agent", "mechanism": "m", "oversize": "o"},
            {"name": "opencode", "label": "OpenCode", "command": "stub-agent", "mechanism": "m", "oversize": "o"},
        ]
    )
    create_error: tuple[int, dict[str, Any]] | None = None
    #: Builds the "spawn" of a created session from the request body.
    spawn: Any = None
    post_delay: float = 0.0
    token_route: bool = True  # False: a server that predates session tokens
    #: Requests ("METHOD /path") the fake does not answer until released (at the end of the test).
    hang: set[str] = field(default_factory=set)
    release: threading.Event = field(default_factory=threading.Event)
    status: int = 401  # for requests with a wrong token
    seen: list[Seen] = field(default_factory=list)
    post_received: threading.Event = field(default_factory=threading.Event)

    def default_spawn(self, body: dict[str, Any]) -> dict[str, Any]:
        bundle = body.get("bundle_dir", agentos_launch.MOUNT_DIR)
        return {
            "agent": body["agent"],
            "args": ["--append-system-prompt-file", f"{bundle}/instructions.md"],
            "env": {**body["env"], "STUB_FROM_PAYLOAD": "payload", "SHARED": "from-payload", "STUB_API_KEY": "sk-x"},
            "cwd": body["cwd"],
            "files": {
                f"{bundle}/instructions.md": INSTRUCTIONS + body.get("additional_instructions", ""),
                f"{bundle}/environment.json": json.dumps({"agent": body["agent"]}) + "\n",
            },
            "mechanism": "append-system-prompt-file",
        }


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: Any

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _answer(self, status: int, payload: Any) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _handle(self) -> None:
        fake: FakeAgentos = self.server.fake
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        body = json.loads(raw) if raw else None
        fake.seen.append(Seen(self.command, self.path, dict(self.headers), body))
        if f"{self.command} {self.path}" in fake.hang:
            fake.release.wait(60)
        if self.headers.get("Authorization") != f"Token {TOKEN}":
            self._answer(fake.status, {"code": "NOT_AUTHENTICATED", "detail": "Invalid token."})
        elif self.command == "GET" and self.path == "/api/agents":
            self._answer(200, fake.agents)
        elif self.command == "POST" and self.path == "/api/sessions":
            fake.post_received.set()
            time.sleep(fake.post_delay)
            if fake.create_error:
                self._answer(*fake.create_error)
            else:
                spawn = (fake.spawn or fake.default_spawn)(body)
                self._answer(201, {"id": SESSION_ID, "agent": body["agent"], "spawn": spawn})
        elif fake.token_route and self.command == "POST" and self.path == f"/api/sessions/{SESSION_ID}/token":
            self._answer(201, {"token": SESSION_TOKEN, "session": SESSION_ID, "created_at": "2026-01-01T00:00:00Z"})
        elif self.command == "DELETE" and self.path == f"/api/sessions/{SESSION_ID}":
            self._answer(200, {"id": SESSION_ID, "active": False})
        else:
            self._answer(404, {"code": "NOT_FOUND", "detail": "No such route."})

    do_GET = do_POST = do_DELETE = _handle


@pytest.fixture
def fake() -> Iterator[tuple[FakeAgentos, str]]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.daemon_threads = True
    server.fake = FakeAgentos()
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    yield server.fake, f"http://127.0.0.1:{server.server_address[1]}"
    server.fake.release.set()
    server.shutdown()
    server.server_close()


# --- running the launcher ------------------------------------------------------------------------


@dataclass
class Host:
    root: Path
    bin: Path
    runtime: Path
    work: Path
    report: Path

    def env(self, **extra: str) -> dict[str, str]:
        return {
            "PATH": f"{self.bin}{os.pathsep}{os.environ['PATH']}",
            "HOME": str(self.root),
            "XDG_RUNTIME_DIR": str(self.runtime),
            "STUB_REPORT": str(self.report),
            "SHARED": "from-caller",
            "CALLER_ONLY": "kept",
            "LANG": "C.UTF-8",
            **extra,
        }

    def read_report(self) -> dict[str, Any]:
        return json.loads(self.report.read_text())


@pytest.fixture
def host(tmp_path) -> Host:
    bin_dir, runtime, work = tmp_path / "bin", tmp_path / "runtime", tmp_path / "work"
    bin_dir.mkdir()
    runtime.mkdir(mode=0o700)
    work.mkdir()
    stub = bin_dir / "stub-agent"
    stub.write_text(STUB_AGENT.format(python=sys.executable))
    stub.chmod(0o755)
    return Host(tmp_path, bin_dir, runtime, work, tmp_path / "report.json")


def launcher_argv(url: str, *args: str, agent: str = "stub-agent", token: str = TOKEN) -> list[str]:
    before, _, after = list(args), None, []
    if "--" in args:
        at = args.index("--")
        before, after = list(args[:at]), list(args[at:])
    return [
        LAUNCHER_PYTHON,
        str(LAUNCHER),
        "--server",
        url,
        "--token",
        token,
        "--workspace",
        "acme",
        *before,
        agent,
        *after,
    ]


def launch(host: Host, url: str, *args: str, mode: str = "exit:0", timeout: float = 30, **kwargs: Any):
    return subprocess.run(
        launcher_argv(url, *args, **kwargs),
        env=host.env(STUB_MODE=mode),
        cwd=host.root,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def requests(fake: FakeAgentos) -> list[tuple[str, str]]:
    return [(s.method, s.path) for s in fake.seen]


def post_body(fake: FakeAgentos) -> dict[str, Any]:
    return next(s.body for s in fake.seen if s.method == "POST")


# --- a launch -----------------------------------------------------------------------------------


def test_a_launch_runs_the_agent_with_the_payload_and_cleans_up(fake, host):
    server, url = fake
    done = launch(host, url, "--cwd", str(host.work), "--", "-p", "fix the test", mode="exit:3")
    assert done.returncode == 3, done.stderr
    assert done.stderr == "agentos-launch: the payload sets SHARED, replacing the value in your environment\n"
    assert requests(server) == [
        ("GET", "/api/agents"),
        ("POST", "/api/sessions"),
        ("DELETE", f"/api/sessions/{SESSION_ID}"),
    ]
    body = post_body(server)
    bundle = body["bundle_dir"]
    assert Path(bundle).parent == host.runtime and Path(bundle).name.startswith("agentos-bundle-")
    assert body["workspace"] == "acme" and body["agent"] == "stub-agent" and body["cwd"] == str(host.work)
    assert body["env"] == {}  # the caller's environment stays on the host
    assert body["additional_instructions"] == ""
    assert body["os_profile"] == "host" and body["platform"]
    post = next(s for s in server.seen if s.method == "POST")
    assert post.headers["Authorization"] == f"Token {TOKEN}"
    assert post.headers["X-Change-Reason"] == "agentos-launch"

    report = host.read_report()
    # argv: the command, the payload's args, then the user's own arguments.
    assert report["argv"][1:] == ["--append-system-prompt-file", f"{bundle}/instructions.md", "-p", "fix the test"]
    assert report["cwd"] == str(host.work)
    env = report["env"]
    assert env["STUB_FROM_PAYLOAD"] == "payload" and env["CALLER_ONLY"] == "kept"
    assert env["SHARED"] == "from-payload"  # the payload wins where both set a variable
    assert report["bundle"]["dir_mode"] == 0o700
    files = report["bundle"]["files"]
    assert files["instructions.md"] == [0o444, INSTRUCTIONS]
    assert files["environment.json"] == [0o444, '{"agent": "stub-agent"}\n']
    assert not Path(bundle).exists()


def test_the_instructions_file_becomes_the_additional_instructions(fake, host):
    server, url = fake
    extra = host.root / "extra.md"
    extra.write_text("Use tabs. Ünïcödé.\n", encoding="utf-8")
    done = launch(host, url, "--instructions", str(extra))
    assert done.returncode == 0, done.stderr
    assert post_body(server)["additional_instructions"] == "Use tabs. Ünïcödé.\n"
    assert host.read_report()["bundle"]["files"]["instructions.md"][1].endswith("Use tabs. Ünïcödé.\n")


def test_an_agent_killed_by_a_signal_gives_128_plus_n(fake, host):
    server, url = fake
    done = launch(host, url, mode="kill9")
    assert done.returncode == 128 + signal.SIGKILL
    assert requests(server)[-1] == ("DELETE", f"/api/sessions/{SESSION_ID}")


def test_signals_reach_the_agent_and_its_death_is_the_exit_status(fake, host):
    server, url = fake
    proc = subprocess.Popen(
        launcher_argv(url),
        env=host.env(STUB_MODE="wait"),
        cwd=host.root,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for(lambda: host.report.exists() and host.read_report().get("ready"))
        bundle = post_body(server)["bundle_dir"]
        for name in ("SIGUSR1", "SIGHUP", "SIGINT", "SIGWINCH", "SIGUSR2"):
            proc.send_signal(getattr(signal, name))
            wait_for(lambda name=name: name in host.read_report()["signals"])
        assert Path(bundle).is_dir()  # still running: the bundle is still there
        proc.send_signal(signal.SIGTERM)  # the stub keeps SIGTERM's default action
        _, stderr = proc.communicate(timeout=15)
    finally:
        proc.kill()
    # No terminal here, so even the terminal signals were passed on, each exactly once.
    assert host.read_report()["signals"] == ["SIGUSR1", "SIGHUP", "SIGINT", "SIGWINCH", "SIGUSR2"]
    assert proc.returncode == 128 + signal.SIGTERM, stderr
    assert requests(server)[-1] == ("DELETE", f"/api/sessions/{SESSION_ID}")
    assert not Path(bundle).exists()


def test_ctrl_c_on_a_terminal_reaches_the_agent_once(fake, host):
    """On a terminal, Ctrl-C goes to the whole foreground group: the launcher must not repeat it."""
    server, url = fake
    pid, master = pty.fork()
    if pid == 0:  # the child: the launcher, with the pty as its controlling terminal
        try:
            os.chdir(host.root)
            os.execve(LAUNCHER_PYTHON, launcher_argv(url), host.env(STUB_MODE="wait"))
        finally:
            os._exit(127)
    try:
        wait_for(lambda: host.report.exists() and host.read_report().get("ready"))
        os.write(master, b"\x03")  # Ctrl-C
        wait_for(lambda: "SIGINT" in host.read_report()["signals"])
        time.sleep(0.3)  # room for a second, forwarded SIGINT to show up (it must not)
        assert host.read_report()["signals"] == ["SIGINT"]
        os.kill(pid, signal.SIGTERM)
        status = wait_pid(pid, master)
    finally:
        with_suppressed_kill(pid)
        os.close(master)
    assert os.waitstatus_to_exitcode(status) == 128 + signal.SIGTERM
    assert requests(server)[-1] == ("DELETE", f"/api/sessions/{SESSION_ID}")


def test_a_signal_before_the_agent_starts_ends_the_session_and_launches_nothing(fake, host):
    server, url = fake
    server.post_delay = 0.5
    proc = subprocess.Popen(
        launcher_argv(url), env=host.env(), cwd=host.root, stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    assert server.post_received.wait(10)
    proc.send_signal(signal.SIGTERM)  # while the session is being created
    _, stderr = proc.communicate(timeout=15)
    assert proc.returncode == 128 + signal.SIGTERM
    assert stderr == "agentos-launch: stopped by SIGTERM before the agent started\n"
    assert requests(server)[-1] == ("DELETE", f"/api/sessions/{SESSION_ID}")  # the session it learnt of
    assert not host.report.exists()
    assert list(host.runtime.iterdir()) == []


@pytest.mark.parametrize(
    ("name", "hangs", "message"),
    [
        ("SIGINT", "GET /api/agents", "the server had not answered GET /api/agents"),
        ("SIGTERM", "GET /api/agents", "the server had not answered GET /api/agents"),
        (
            "SIGINT",
            "POST /api/sessions",
            "the server had not answered POST /api/sessions; a session it still creates ends when idle",
        ),
    ],
)
def test_a_signal_while_the_server_hangs_stops_the_launch_at_once(fake, host, name, hangs, message):
    """Ctrl-C used to wait for the HTTP timeout (30 s) while the server hung."""
    server, url = fake
    server.hang = {hangs}
    method, path = hangs.split()
    proc = subprocess.Popen(
        launcher_argv(url), env=host.env(), cwd=host.root, stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    try:
        wait_for(lambda: (method, path) in requests(server))
        started = time.monotonic()
        proc.send_signal(getattr(signal, name))
        _, stderr = proc.communicate(timeout=10)  # the server would hang for 60 s
    finally:
        proc.kill()
    assert time.monotonic() - started < 10
    assert proc.returncode == 128 + getattr(signal, name), stderr
    assert stderr == f"agentos-launch: stopped by {name} before the agent started ({message})\n"
    assert not host.report.exists()
    assert list(host.runtime.iterdir()) == []  # the bundle directory is removed


def test_a_second_ctrl_c_does_not_wait_for_the_session_to_be_created(fake, host):
    server, url = fake
    server.hang = {"POST /api/sessions"}
    proc = subprocess.Popen(
        launcher_argv(url), env=host.env(), cwd=host.root, stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    try:
        wait_for(lambda: ("POST", "/api/sessions") in requests(server))
        proc.send_signal(signal.SIGINT)
        time.sleep(0.2)
        started = time.monotonic()
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=10)
    finally:
        proc.kill()
    assert time.monotonic() - started < 2.5  # less than the grace the first one gives
    assert proc.returncode == 130, stderr


def test_a_signal_after_the_agent_exits_does_not_wait_for_a_hanging_server(fake, host):
    """Ending the session when the agent has exited: a signal stops the wait, the status is the agent's."""
    server, url = fake
    server.hang = {f"DELETE /api/sessions/{SESSION_ID}"}
    proc = subprocess.Popen(
        launcher_argv(url),
        env=host.env(STUB_MODE="exit:5"),
        cwd=host.root,
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for(lambda: ("DELETE", f"/api/sessions/{SESSION_ID}") in requests(server))
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=10)
    finally:
        proc.kill()
    assert proc.returncode == 5, stderr
    assert stderr.splitlines()[-1] == (
        f"agentos-launch: the session {SESSION_ID} could not be ended (stopped by SIGINT while the server had "
        f"not answered DELETE /api/sessions/{SESSION_ID}); it ends when idle"
    )
    assert list(host.runtime.iterdir()) == []


# --- --print ------------------------------------------------------------------------------------


def test_print_shows_the_command_masks_secrets_and_launches_nothing(fake, host):
    server, url = fake
    done = launch(host, url, "--print", "--cwd", str(host.work), "--", "-p", "it's")
    assert done.returncode == 0, done.stderr
    assert not host.report.exists()
    bundle = post_body(server)["bundle_dir"]
    lines = done.stdout.splitlines()
    assert lines[0] == f"# session {SESSION_ID} was created for this and is ended now; nothing was launched"
    assert lines[1].startswith(f"# bundle directory: {bundle} (not written): environment.json (")
    assert lines[3] == (
        f"cd {host.work} && env SHARED=from-payload STUB_API_KEY='****' STUB_FROM_PAYLOAD=payload "
        f"stub-agent --append-system-prompt-file {bundle}/instructions.md -p 'it'\"'\"'s'"
    )
    assert "sk-x" not in done.stdout
    assert done.stderr == "agentos-launch: the payload sets SHARED, replacing the value in your environment\n"
    deletes = [s for s in server.seen if s.method == "DELETE"]
    assert [s.headers["X-Change-Reason"] for s in deletes] == ["agentos-launch --print (nothing launched)"]
    assert list(host.runtime.iterdir()) == []


def test_print_masks_secret_values_wherever_they_appear(fake, host):
    """Masking by name alone showed a key inside OPENCODE_CONFIG_CONTENT, or in an argument."""
    server, url = fake
    openai_key = "sk-proj-AbCdEf0123456789xyzXYZ"
    config = json.dumps({"provider": {"openai": {"options": {"apiKey": openai_key, "baseURL": "http://x"}}}})
    password = "hunter2-but-longer"
    github = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"

    def leaky(body):
        spawn = server.default_spawn(body)
        spawn["args"] += [f"--header=Authorization: Token {TOKEN}"]
        return spawn

    server.spawn = leaky
    argv = launcher_argv(
        url, "--print", "--", "-p", f"log in with {password}, then push with {github}", agent="opencode"
    )
    env = host.env(OPENCODE_CONFIG_CONTENT=config, DB_PASSWORD=password, SHORT_TOKEN="1")
    done = subprocess.run(argv, env=env, cwd=host.root, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    for secret in (openai_key, password, github, TOKEN, "sk-x"):
        assert secret not in done.stdout, secret
    line = done.stdout.splitlines()[3]
    assert "OPENCODE_CONFIG_CONTENT=" in line and '"apiKey": "****"' in line and '"baseURL": "http://x"' in line
    assert "'--header=Authorization: Token ****'" in line
    assert "'log in with ****, then push with ****'" in line
    assert "SHARED=from-payload" in line  # a one-character secret ("1") is not hunted for everywhere


# --- one clear line, a status, nothing launched -------------------------------------------------


def assert_refused(done: subprocess.CompletedProcess, status: int, message: str, host: Host) -> None:
    assert done.returncode == status, done.stderr
    assert done.stderr == f"agentos-launch: {message}\n"
    assert not host.report.exists()
    assert list(host.runtime.iterdir()) == []


def test_an_unreachable_server_is_one_line(host):
    done = launch(host, "http://127.0.0.1:9")
    assert_refused(done, 69, "cannot reach the agentOS server at http://127.0.0.1:9: Connection refused", host)


def test_a_bad_token_is_one_line(fake, host):
    _, url = fake
    done = launch(host, url, token="wrong")
    assert_refused(done, 77, "the server refused the token (401 NOT_AUTHENTICATED): Invalid token.", host)


def test_an_oath_conflict_names_the_findings_and_the_review(fake, host):
    server, url = fake
    server.create_error = (
        409,
        {
            "code": "OATH_CONFLICT",
            "detail": "The body conflicts with the credo's oaths; it was kept for review.",
            "conflicts": [{"snippet": "skip the verification", "conflicting_oath": "verify"}],
            "review": 42,
        },
    )
    done = launch(host, url)
    assert_refused(
        done,
        65,
        "the instructions conflict with the credo (409 OATH_CONFLICT): verify: \u201cskip the verification\u201d; "
        "kept for review as #42",
        host,
    )
    assert ("DELETE", f"/api/sessions/{SESSION_ID}") not in requests(server)  # no session was made


def test_a_payload_too_large_names_size_and_limit(fake, host):
    server, url = fake
    server.create_error = (
        413,
        {
            "code": "PAYLOAD_TOO_LARGE",
            "detail": "The instructions are too large for Codex.",
            "size": 148266,
            "limit": 131071,
        },
    )
    done = launch(host, url)
    assert_refused(
        done,
        65,
        "too large (413 PAYLOAD_TOO_LARGE) (size 148266, limit 131071): The instructions are too large for Codex.",
        host,
    )


def test_a_server_that_predates_bundle_dir_is_named_as_too_old(fake, host):
    server, url = fake
    server.create_error = (400, {"bundle_dir": ["Unknown field."], "os_profile": ["Unknown field."]})
    done = launch(host, url)
    assert_refused(
        done,
        65,
        "the server refused the request (400): bundle_dir: Unknown field.; os_profile: Unknown field. "
        "(this server predates bundle_dir/os_profile: upgrade it)",
        host,
    )
    # Any other refusal that merely mentions the field is shown as it is.
    server.create_error = (400, {"code": "INVALID", "detail": "bundle_dir must be an absolute path."})
    done = launch(host, url)
    assert_refused(done, 65, "the server refused the request (400 INVALID): bundle_dir must be an absolute path.", host)


def test_an_agent_that_does_not_get_a_system_prompt_is_said_so_at_launch(fake, host):
    server, url = fake
    server.agents[0].update(system_prompt=False, reaches="the first user turn (session context)")
    done = launch(host, url)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[0] == (
        "agentos-launch: stub-agent receives the instructions in the first user turn (session context)"
    )


def test_an_unknown_agent_is_refused_before_any_session(fake, host):
    server, url = fake
    done = launch(host, url, agent="nope")
    assert_refused(done, 65, "unknown agent 'nope'; the server knows: opencode, stub-agent", host)
    assert requests(server) == [("GET", "/api/agents")]


def test_a_missing_command_is_127_before_any_session(fake, host):
    server, url = fake
    server.agents[0]["command"] = "not-installed-anywhere"
    done = launch(host, url)
    assert_refused(
        done, 127, "'not-installed-anywhere' is not on PATH (install the agent's CLI, or give --command)", host
    )
    assert requests(server) == [("GET", "/api/agents")]


def test_an_agent_file_that_is_not_executable_is_named_as_such(fake, host):
    server, url = fake
    stub = host.bin / "stub-agent"
    stub.chmod(0o644)
    done = launch(host, url)
    assert_refused(done, 126, f"'stub-agent' found at {stub} but not executable (chmod +x it, or give --command)", host)
    assert requests(server) == [("GET", "/api/agents")]
    # The same for a path given with --command.
    done = launch(host, url, "--command", str(stub))
    assert_refused(done, 126, f"{stub} is not executable (chmod +x it)", host)


def test_a_directory_named_like_the_agent_is_not_a_program(fake, host):
    server, url = fake
    stub = host.bin / "stub-agent"
    stub.unlink()
    stub.mkdir()
    done = launch(host, url)
    assert_refused(done, 126, f"'stub-agent' found at {stub} but it is a directory, not a program", host)
    done = launch(host, url, "--command", str(host.bin))
    assert_refused(done, 126, f"{host.bin} is a directory, not a program", host)
    done = launch(host, url, "--command", str(host.root / "nowhere"))
    assert_refused(done, 127, f"{host.root / 'nowhere'} does not exist", host)
    assert ("POST", "/api/sessions") not in requests(server)


def test_a_payload_naming_a_file_outside_the_bundle_is_refused_and_the_session_ended(fake, host):
    server, url = fake

    def escape(body):
        spawn = server.default_spawn(body)
        spawn["files"]["/home/user/.bashrc"] = "evil"
        return spawn

    server.spawn = escape
    done = launch(host, url)
    assert_refused(
        done, 70, f"the payload names a file outside {post_body(server)['bundle_dir']}: '/home/user/.bashrc'", host
    )
    assert requests(server)[-1] == ("DELETE", f"/api/sessions/{SESSION_ID}")


def test_a_redirect_is_refused_with_the_address_to_use(host):
    class Redirect(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(301)
            self.send_header("Location", "https://agentos.example.org/api/agents")
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Redirect)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    try:
        done = launch(host, f"http://127.0.0.1:{server.server_address[1]}")
    finally:
        server.shutdown()
        server.server_close()
    assert_refused(
        done, 69, "the server redirects to https://agentos.example.org/api/agents: use that address as --server", host
    )


def test_the_agent_never_gets_the_users_token(fake, host):
    """An agent with a shell (or a prompt injection in it) must not find the user's token:
    not as AGENTOS_TOKEN, not under any other name, and not in the launcher's /proc entries."""
    server, url = fake
    argv = [a for a in launcher_argv(url) if a not in ("--token", TOKEN)]
    env = host.env(STUB_MODE="exit:0", AGENTOS_TOKEN=TOKEN, MY_COPY=f"Token {TOKEN}", AGENTOS_API_KEY="k-secret")
    done = subprocess.run(argv, env=env, cwd=host.root, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert post_body(server)["env"] == {}
    agent_env = host.read_report()["env"]
    assert "AGENTOS_TOKEN" not in agent_env and "AGENTOS_API_KEY" not in agent_env and "MY_COPY" not in agent_env
    assert not [name for name, value in agent_env.items() if TOKEN in value]
    assert agent_env["CALLER_ONLY"] == "kept"  # everything else of the caller's is still there
    assert "AGENTOS_SESSION_TOKEN" not in agent_env  # no token at all unless asked for


def test_with_session_token_the_agent_gets_a_token_of_its_session_only(fake, host):
    server, url = fake
    argv = [a for a in launcher_argv(url, "--session-token") if a not in ("--token", TOKEN)]
    done = subprocess.run(argv, env=host.env(AGENTOS_TOKEN=TOKEN), cwd=host.root, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert requests(server) == [
        ("GET", "/api/agents"),
        ("POST", "/api/sessions"),
        ("POST", f"/api/sessions/{SESSION_ID}/token"),
        ("DELETE", f"/api/sessions/{SESSION_ID}"),
    ]
    mint = server.seen[2]
    assert mint.headers["Authorization"] == f"Token {TOKEN}" and mint.headers["X-Change-Reason"] == "agentos-launch"
    env = host.read_report()["env"]
    assert env["AGENTOS_SESSION_TOKEN"] == SESSION_TOKEN
    assert (env["AGENTOS_SESSION"], env["AGENTOS_SERVER"]) == (SESSION_ID, url)
    assert "AGENTOS_TOKEN" not in env and not [name for name, value in env.items() if TOKEN in value]


def test_print_with_session_token_mints_none_and_shows_it_masked(fake, host):
    server, url = fake
    done = launch(host, url, "--print", "--session-token")
    assert done.returncode == 0, done.stderr
    assert ("POST", f"/api/sessions/{SESSION_ID}/token") not in requests(server)
    line = done.stdout.splitlines()[3]
    assert f"AGENTOS_SERVER={url} AGENTOS_SESSION={SESSION_ID} AGENTOS_SESSION_TOKEN='****'" in line


def test_a_server_without_session_tokens_is_named_as_too_old(fake, host):
    server, url = fake
    server.token_route = False
    done = launch(host, url, "--session-token")
    assert done.returncode == 65, done.stderr
    assert done.stderr.splitlines()[-1] == (
        "agentos-launch: the server refused the request (404 NOT_FOUND): No such route. "
        "(this server predates session tokens: upgrade it, or launch without --session-token)"
    )
    assert not host.report.exists() and list(host.runtime.iterdir()) == []
    assert requests(server)[-1] == ("DELETE", f"/api/sessions/{SESSION_ID}")


def test_the_token_is_never_sent_as_session_env(fake, host):
    """The session's env comes back in the agent's environment: the token never goes there."""
    server, url = fake
    argv = [a for a in launcher_argv(url, "--env", "AGENTOS_TOKEN") if a not in ("--token", TOKEN)]
    done = subprocess.run(argv, env=host.env(AGENTOS_TOKEN=TOKEN), cwd=host.root, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert post_body(server)["env"] == {}  # the launcher no longer has it in its environment
    server.seen.clear()
    done = launch(host, url, "--env", f"COPY=x{TOKEN}x")
    assert done.returncode == 2, done.stderr
    assert done.stderr == "agentos-launch: --env COPY holds your agentOS token; it is never given to the agent\n"
    assert ("POST", "/api/sessions") not in requests(server)


def test_the_launchers_own_proc_entries_do_not_show_the_token(fake, host):
    """The agent runs as the same user: /proc/<launcher>/environ and cmdline would show the
    token. The launcher runs on with neither holding it (it re-executes itself, the token
    handed over through a pipe), and is not dumpable (Linux): its memory is not the agent's to read."""
    if not Path("/proc/self/environ").exists():
        pytest.skip("no /proc")
    _, url = fake
    peek = host.bin / "peek-agent"
    peek.write_text(
        f"#!{sys.executable}\n"
        "import json, os\n"
        "seen = {}\n"
        "for name in ('environ', 'cmdline', 'status'):\n"
        "    try:\n"
        "        seen[name] = open(f'/proc/{os.getppid()}/{name}', 'rb').read().decode('utf-8', 'replace')\n"
        "    except OSError as exc:\n"
        "        seen[name] = 'refused: ' + type(exc).__name__\n"
        "json.dump(seen, open(os.environ['STUB_REPORT'], 'w'))\n"
    )
    peek.chmod(0o755)
    from_env = [a for a in launcher_argv(url, "--command", str(peek)) if a not in ("--token", TOKEN)]
    from_argv = launcher_argv(url, "--command", str(peek))
    for argv, env in ((from_env, host.env(AGENTOS_TOKEN=TOKEN)), (from_argv, host.env())):
        host.report.unlink(missing_ok=True)
        done = subprocess.run(argv, env=env, cwd=host.root, capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
        seen = host.read_report()
        assert TOKEN not in seen["environ"] and TOKEN not in seen["cmdline"], seen
        assert LAUNCHER.name in seen["cmdline"]  # it is the launcher's own, nothing else's
        if os.geteuid() != 0:  # root reads any process's environ, dumpable or not
            assert seen["environ"].startswith("refused: "), seen["environ"]


def test_no_token_is_a_usage_error(fake, host):
    _, url = fake
    argv = [a for a in launcher_argv(url) if a not in ("--token", TOKEN)]
    done = subprocess.run(argv, env=host.env(), capture_output=True, text=True, timeout=30)
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == "agentos-launch: error: no token: pass --token or set AGENTOS_TOKEN"


# --- what is sent, and where the bundle goes ----------------------------------------------------


def test_only_the_variables_the_injection_merges_are_sent(fake, host):
    server, url = fake
    env = host.env(OPENCODE_CONFIG_CONTENT='{"model": "x"}', SECRET_TOKEN="never-sent", FOO="bar")
    argv = launcher_argv(url, "--env", "FOO", "--env", "EXPLICIT=1", agent="opencode")
    done = subprocess.run(argv, env=env, cwd=host.root, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert post_body(server)["env"] == {"OPENCODE_CONFIG_CONTENT": '{"model": "x"}', "FOO": "bar", "EXPLICIT": "1"}


def test_an_empty_bundle_dir_given_is_used_and_kept(fake, host):
    server, url = fake
    folder = host.root / "mine"
    folder.mkdir(mode=0o755)
    done = launch(host, url, "--bundle-dir", str(folder))
    assert done.returncode == 0, done.stderr
    assert post_body(server)["bundle_dir"] == str(folder)
    assert host.read_report()["bundle"]["dir_mode"] == 0o700
    assert folder.is_dir() and list(folder.iterdir()) == []  # our files gone, the directory is the user's


@pytest.mark.parametrize("kind", ["symlink", "foreign content", "a file"])
def test_a_bundle_dir_that_is_not_private_is_refused(fake, host, kind):
    server, url = fake
    target = host.root / "given"
    if kind == "symlink":
        (host.root / "real").mkdir()
        target.symlink_to(host.root / "real")
        message = f"the bundle directory {target} is a symlink; refusing to use it"
    elif kind == "foreign content":
        target.mkdir()
        (target / "notes.txt").write_text("mine")
        (target / "sub").mkdir()
        message = f"the bundle directory {target} holds other things (notes.txt); give an empty or new directory"
    else:
        target.write_text("")
        message = f"{target} exists and is not a directory"
    done = launch(host, url, "--bundle-dir", str(target))
    assert_refused(done, 73, message, host)
    assert ("POST", "/api/sessions") not in requests(server)
    if kind == "foreign content":
        assert (target / "notes.txt").read_text() == "mine"  # the user's file is never touched


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to give a directory to another user")
def test_a_bundle_dir_of_another_user_is_refused(fake, host):
    _, url = fake
    target = host.root / "theirs"
    target.mkdir()
    os.chown(target, 4242, 4242)
    done = launch(host, url, "--bundle-dir", str(target))
    assert_refused(done, 73, f"the bundle directory {target} belongs to uid 4242, not to you; refusing to use it", host)


def test_leftover_bundle_files_in_a_reused_directory_are_replaced(fake, host):
    _, url = fake
    folder = host.root / "reused"
    folder.mkdir(mode=0o700)
    (folder / "GEMINI.md").write_text("stale")
    (folder / "instructions.md").write_text("stale")
    done = launch(host, url, "--bundle-dir", str(folder))
    assert done.returncode == 0, done.stderr
    assert sorted(host.read_report()["bundle"]["files"]) == ["environment.json", "instructions.md"]


# --- pure helpers -------------------------------------------------------------------------------


def test_secrets_are_masked_by_name():
    env = {"OPENAI_API_KEY": "sk", "GH_TOKEN": "t", "DB_PASSWORD": "p", "AWS_SECRET": "s", "MY_CREDENTIALS": "c"}
    line = agentos_launch.describe(["x"], {**env, "PLAIN": "v"}, "/w")
    assert line == (
        "cd /w && env AWS_SECRET='****' DB_PASSWORD='****' GH_TOKEN='****' MY_CREDENTIALS='****' "
        "OPENAI_API_KEY='****' PLAIN=v x"
    )


def test_secrets_are_masked_by_value_and_by_shape():
    masker = agentos_launch.Masker(["agentos_s_0123456789abcdef"], [{"MY_PASSWORD": "correct-horse", "PIN_KEY": "12"}])
    shapes = {
        "sk-ant-api03-AAAAAAAAAAAAAAAAAAAA": "****",
        "AKIAABCDEFGHIJKLMNOP": "****",
        "AIza" + "B" * 35: "****",
        "xoxb-1234567890-abcdef": "****",
        "agentos_" + "f" * 64: "****",
        "token=agentos_s_0123456789abcdef;pw=correct-horse": "token=****;pw=****",
        "PIN 12 stays": "PIN 12 stays",  # too short to hunt for
        "task-1234567890123456789 is no key": "task-1234567890123456789 is no key",
    }
    for text, shown in shapes.items():
        assert masker.text(text) == shown, text
    line = agentos_launch.describe(["x", '{"apiKey": "correct-horse"}'], {"CONF": "pw=correct-horse"}, "/w", masker)
    assert line == "cd /w && env CONF='pw=****' x '{\"apiKey\": \"****\"}'"


def test_exit_status_of_a_signal_death():
    assert agentos_launch.exit_status(-signal.SIGTERM) == 143
    assert agentos_launch.exit_status(5) == 5


def test_help_documents_the_exit_statuses():
    done = subprocess.run([LAUNCHER_PYTHON, str(LAUNCHER), "--help"], capture_output=True, text=True, timeout=30)
    for line in ("65   the server refused", "69   the server cannot be reached", "77   the token was refused"):
        assert line in done.stdout
    assert "128+N" in done.stdout


def test_the_launcher_needs_only_the_standard_library_and_python_3_8():
    """It is copied to hosts without the project: no import outside the standard library."""
    source = LAUNCHER.read_text()
    imported = {line.split()[1].split(".")[0] for line in source.splitlines() if line.startswith(("import ", "from "))}
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}
    ast.parse(source, feature_version=(3, 8))  # annotations are never evaluated (``from __future__``)


def test_the_console_script_runs_the_launcher():
    """``make install`` installs the project, whose ``agentos-launch`` script is this file's ``main``."""
    script = Path(sys.executable).parent / "agentos-launch"
    done = subprocess.run([str(script), "--version"], capture_output=True, text=True, timeout=30, cwd="/")
    assert (done.returncode, done.stdout) == (0, f"agentos-launch {agentos_launch.VERSION}\n")


# --- helpers --------------------------------------------------------------------------------------


def wait_for(condition, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if condition():
                return
        except (OSError, ValueError):  # a report being replaced
            pass
        time.sleep(0.02)
    raise AssertionError("timed out waiting")


def wait_pid(pid: int, master: int, timeout: float = 15.0) -> int:
    """Wait for ``pid`` while draining the pty (a full pty would block it)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        if select.select([master], [], [], 0.05)[0]:
            with contextlib.suppress(OSError):
                os.read(master, 4096)
    raise AssertionError("the launcher did not exit")


def with_suppressed_kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass


def test_inside_the_vm_the_agentos_mount_is_the_bundle_and_the_defaults_are_not_sent(fake, host, monkeypatch):
    """In an agentOS VM /etc/agentos is a mount this user may write: it is used, and kept."""
    server, url = fake
    mount = host.root / "etc-agentos"
    mount.mkdir(mode=0o700)
    monkeypatch.setattr(agentos_launch, "MOUNT_DIR", str(mount))
    monkeypatch.setattr(agentos_launch.os.path, "ismount", lambda path: path == str(mount))
    for name, value in host.env(STUB_MODE="exit:0").items():
        monkeypatch.setenv(name, value)
    status = agentos_launch.main(["--server", url, "--token", TOKEN, "--workspace", "acme", "stub-agent"])
    assert status == 0
    body = post_body(server)
    # The server's defaults (/etc/agentos, agentos-vm): a server that predates them still works.
    assert "bundle_dir" not in body and "os_profile" not in body and "platform" not in body
    assert host.read_report()["bundle"]["dir"] == str(mount)
    assert mount.is_dir() and list(mount.iterdir()) == []
