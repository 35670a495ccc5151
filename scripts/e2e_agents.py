#!/usr/bin/env python
"""End-to-end check of the spawn payloads against the real agent CLIs.

For every agent in ``instructions.agents.AGENTS`` and every adversarial text below,
build the payload with ``build_spawn``, start the real CLI with the payload's
``args`` and ``env`` (nothing else injected), let it talk to a fake model API on
127.0.0.1 that records every request body, and check that the captured system
prompt / developer instructions contain the text byte for byte.

NOT part of the test suite or CI: it needs the CLIs, which it never installs.
Install them once into a private prefix (npm registry only; prebuilt binaries come
as npm optional dependencies, install scripts are not needed)::

    npm install --prefix /tmp/agent-clis @anthropic-ai/claude-code@latest \\
        @openai/codex@latest opencode-ai@latest @mariozechner/pi-coding-agent@latest

(``@latest`` matters: without it npm resolved @anthropic-ai/claude-code to an
older 2.1.x once.) Then, from the repository root::

    .venv/bin/python scripts/e2e_agents.py                  # all agents, all cases
    .venv/bin/python scripts/e2e_agents.py --agents codex --cases adversarial
    .venv/bin/python scripts/e2e_agents.py --json /tmp/e2e.json   # details per run

An agent whose CLI is not found (``--bin-dir``, default
``/tmp/agent-clis/node_modules/.bin``, then ``PATH``) is skipped with a message.

How each CLI is pointed at the fake server (all traffic goes to 127.0.0.1; each
run gets a fresh temporary HOME / config dir, so no user config, credential or
instruction file is read and nothing is written to the real HOME; the
telemetry/update switches of each CLI are set):

- claude-code: ``ANTHROPIC_BASE_URL`` + ``ANTHROPIC_API_KEY=dummy``;
  ``claude <payload args> -p <prompt>``; Anthropic Messages API (SSE).
- codex: ``-c model_providers.fake={...wire_api="responses"...} -c
  model_provider=fake`` with ``CODEX_HOME``; ``codex <payload args> exec
  --skip-git-repo-check ... <prompt>``; OpenAI Responses API (SSE).
- opencode: the caller's ``OPENCODE_CONFIG_CONTENT`` defines a provider
  (``@ai-sdk/anthropic``, bundled in OpenCode) with ``baseURL``; the payload merges
  its ``instructions`` into it; ``opencode run <prompt>``.
- pi: a ``models.json`` in ``PI_CODING_AGENT_DIR`` defines a provider with
  ``api: anthropic-messages`` and ``baseUrl``; ``pi <payload args> -p --provider
  fake ...``.

The file routes read ``/etc/agentos/instructions.md``. When ``/etc/agentos`` does
not exist and can be created (root), the script creates it for the run and removes
it afterwards; if it already exists it is never touched: the files go to a
temporary directory and that path replaces ``/etc/agentos`` in the payload's args
and env (reported as such). ``--mount-dir DIR`` forces that substitution.

Side checks, reported as observations: a ``CLAUDE.md`` in the working directory
(Claude Code should still load it), a user ``APPEND_SYSTEM.md`` in pi's agent dir
(pi skips it when ``--append-system-prompt`` is given), an instruction file in the
caller's OpenCode config (must survive the merge). For Codex's oversized case the
payload must be refused (``PayloadTooLarge``); the script also shows that the
kernel refuses to exec that argument (``E2BIG``).

Exit status: 0 when every run passed (or was skipped), 1 otherwise. ``--controls``
adds deliberately wrong injections (raw Codex value, OpenCode context paths only,
pi given a one-line text that names a file) that must NOT deliver the text.

Notes from the run of 2026-11-30 (Claude Code 2.1.332, Codex 0.171.0, OpenCode
1.18.33, pi 0.73.1; every case PASS, every control CONTROL-OK, about 70 s):

- claude-code: the text is the end of the third system block, after ``\\n\\n``,
  for both ``--append-system-prompt`` and ``--append-system-prompt-file`` (the
  ``-file`` flag works with ``-p`` although ``--help`` lists it only under
  ``--bare``); a value ``--version`` is taken as the flag's value. CLAUDE.md loads.
- codex: the text is exactly ``input[1].content[0].text`` (a developer message);
  the base prompt is the developer message ``input[0]``. Raw values (controls):
  a trailing ``"`` is lost, a leading ``"`` is stripped, ``42`` / ``true`` /
  ``["x"]`` / ``{a=1}`` make Codex exit 1 ("Error loading config.toml: invalid
  type: integer `42`, expected a string in `developer_instructions`"), whereas
  ``a = 1`` and ``[x]`` fall back to the raw string intact. The 148 kB argument
  is refused by the kernel (E2BIG).
- opencode: the text is in ``system[0]`` after ``Instructions from:
  /etc/agentos/instructions.md\\n``; the caller's own ``instructions`` entry is
  kept; the title-generation request does not carry it. ``OPENCODE_CONTEXTPATHS``
  alone delivers nothing.
- pi: the text follows the base prompt after ``\\n\\n``, before ``\\nCurrent
  date:``; with the flag the user's ``APPEND_SYSTEM.md`` is not loaded (without
  it, it is); a one-line value naming an existing file is replaced by the file.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "agentos_site.test_settings")

import django  # noqa: E402

django.setup()

from instructions.agents import AGENTS, MAX_ARG_BYTES, build_spawn  # noqa: E402
from instructions.bundle import MOUNT_DIR  # noqa: E402
from instructions.errors import PayloadTooLarge  # noqa: E402

DEFAULT_BIN_DIR = "/tmp/agent-clis/node_modules/.bin"  # noqa: S108 (where the docs install them)
PROMPT = "Reply with the single word ok."
FAKE_MODEL = "fake-model"
CLAUDE_MD_MARKER = "E2E-CLAUDE-MD-MARKER-7f3a"
PI_APPEND_MARKER = "E2E-PI-USER-APPEND-SYSTEM-MARKER-91c2"
OPENCODE_CALLER_MARKER = "E2E-OPENCODE-CALLER-INSTRUCTION-MARKER-5d0e"

# --- the instruction texts ---------------------------------------------------------

ADVERSARIAL = "\n".join(
    [
        "--leading double dash, then -p and --help on the same line",
        'He said "hi" and \'bye\'; an unbalanced quote " here',
        'Backslashes: C:\\new\\table, \\\\server\\share, literal \\n \\t \\" \\u0041 and a lone \\',
        "Tab:\there\tand\tthere",
        '"""a TOML multi-line basic string"""',
        "'''a TOML literal string'''",
        "a = 1",
        "[section]",
        'key = "value"',
        "Emoji 🦀🚀👩‍💻, non-ASCII: Grüße, naïve, 日本語, Ελληνικά, עברית, ﬁ ligature, zero\u200bwidth",
        "$HOME `uname` $(id) %s {0} ${x} && | ; > < * ? ~",
        'It ends with a quote: "',
    ]
)


def large_text(target: int) -> str:
    """A multi-line text of about ``target`` UTF-8 bytes (ASCII, non-ASCII, quotes, backslashes)."""
    lines: list[str] = []
    size = 0
    i = 0
    while size < target:
        line = f'{i:06d} Rule: keep "quotes", back\\slashes, tabs\t, ünïcödé 日本 🦀 and a = {i}'
        lines.append(line)
        size += len(line.encode("utf-8")) + 1
        i += 1
    return "\n".join(lines) + '\nEND OF LARGE TEXT "'


@dataclass(frozen=True)
class Case:
    name: str
    text: str
    note: str
    skip_os_instructions: bool = False


CASES: list[Case] = [
    Case("adversarial", ADVERSARIAL, 'multi-line: quotes, """, backslashes, tabs, TOML, emoji, leading --'),
    Case("trailing-quote", 'Always answer "yes"', 'one line ending in "'),
    Case("toml-value", "a = 1", "one line that is valid TOML"),
    Case("triple-quotes", '"""\ninside\n"""', 'multi-line, only """ delimiters'),
    Case("leading-dashes", "--version", "one line that looks like a flag"),
    Case("leading-dashes-multiline", "--help\n-p second line", "multi-line starting with --help"),
    Case(
        "edge-whitespace",
        "\n  indented first line\t\nlast line with trailing spaces  ",
        "leading newline, trailing blanks",
    ),
    Case("control-chars", "ESC \x1b[31mred\x1b[0m, CRLF\r\nline, DEL \x7f, SOH \x01, end", "ESC, CR, DEL, SOH"),
    Case("large-100k", large_text(100_000), "~100 kB, multi-line, under the argv limit"),
    Case("oversized", large_text(140_000), f"> {MAX_ARG_BYTES} bytes: file route / refusal"),
    Case("skip", ADVERSARIAL, "skip_os_instructions: must NOT reach the model", skip_os_instructions=True),
]

#: Controls (``--controls``): deliberately wrong injections that must NOT deliver the text
#: intact. They show the harness can fail and confirm the CLI behaviour agents.py relies on.
#: (agent, name, text, what the tampering does)
CONTROLS: list[tuple[str, str, str, str]] = [
    ("codex", "raw-trailing-quote", 'Always answer "yes"', "-c developer_instructions=<raw text>, no TOML string"),
    ("codex", "raw-toml-integer", "42", "-c developer_instructions=<raw text>, no TOML string"),
    ("codex", "raw-leading-quote", '"Quoted" first word', "-c developer_instructions=<raw text>, no TOML string"),
    ("codex", "raw-adversarial", ADVERSARIAL, "-c developer_instructions=<raw text>, no TOML string"),
    ("opencode", "contextpaths-only", ADVERSARIAL, "only OPENCODE_CONTEXTPATHS names the file, config has no entry"),
    ("pi", "inline-names-a-file", "notes.txt", "one-line text passed inline that names a file in the cwd"),
]

# --- the fake model API ------------------------------------------------------------


@dataclass
class Recorded:
    method: str
    path: str
    body: Any


class FakeModelServer(ThreadingHTTPServer):
    """Records every request; answers Anthropic Messages, OpenAI Responses and Chat Completions."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.records: list[Recorded] = []
        self.lock = threading.Lock()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def take(self) -> list[Recorded]:
        with self.lock:
            records, self.records = self.records, []
        return records


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: FakeModelServer

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _record(self, body: Any) -> None:
        with self.server.lock:
            self.server.records.append(Recorded(self.command, self.path, body))

    def _json(self, payload: Any, status: int = 200) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _sse(self, events: list[tuple[str | None, Any]]) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        for name, data in events:
            chunk = f"event: {name}\n" if name else ""
            chunk += "data: " + (data if isinstance(data, str) else json.dumps(data)) + "\n\n"
            self.wfile.write(chunk.encode())
        self.wfile.flush()
        self.close_connection = True

    def do_GET(self) -> None:
        self._record(None)
        self._json({"object": "list", "data": [], "models": []})

    def do_POST(self) -> None:
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            body = json.loads(raw)
        except ValueError:
            body = raw.decode("utf-8", "replace")
        self._record(body)
        request = body if isinstance(body, dict) else {}
        model = request.get("model", FAKE_MODEL)
        path = self.path.split("?", 1)[0]
        if path.endswith("/count_tokens"):
            self._json({"input_tokens": 1})
        elif path.endswith("/messages"):
            self._anthropic(model, bool(request.get("stream")))
        elif path.endswith("/responses"):
            self._responses(model)
        elif path.endswith("/chat/completions"):
            self._chat(model)
        else:
            self._json({"error": {"type": "not_found", "message": f"fake server: no route {path}"}}, 404)

    def _anthropic(self, model: str, stream: bool) -> None:
        message = {
            "id": "msg_fake",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
        }
        if not stream:
            final = {**message, "content": [{"type": "text", "text": "ok"}], "stop_reason": "end_turn"}
            self._json(final)
            return
        self._sse(
            [
                ("message_start", {"type": "message_start", "message": message}),
                (
                    "content_block_start",
                    {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
                ),
                (
                    "content_block_delta",
                    {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "ok"}},
                ),
                ("content_block_stop", {"type": "content_block_stop", "index": 0}),
                (
                    "message_delta",
                    {
                        "type": "message_delta",
                        "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                        "usage": {"output_tokens": 1},
                    },
                ),
                ("message_stop", {"type": "message_stop"}),
            ]
        )

    def _responses(self, model: str) -> None:
        item = {
            "type": "message",
            "id": "msg_fake",
            "role": "assistant",
            "status": "completed",
            "content": [{"type": "output_text", "text": "ok", "annotations": []}],
        }
        response = {
            "id": "resp_fake",
            "object": "response",
            "created_at": int(time.time()),
            "status": "completed",
            "model": model,
            "output": [item],
            "usage": {
                "input_tokens": 1,
                "output_tokens": 1,
                "total_tokens": 2,
                "input_tokens_details": {"cached_tokens": 0},
                "output_tokens_details": {"reasoning_tokens": 0},
            },
        }
        self._sse(
            [
                (
                    "response.created",
                    {"type": "response.created", "response": {**response, "status": "in_progress", "output": []}},
                ),
                (
                    "response.output_item.added",
                    {
                        "type": "response.output_item.added",
                        "output_index": 0,
                        "item": {**item, "status": "in_progress", "content": []},
                    },
                ),
                (
                    "response.output_text.delta",
                    {
                        "type": "response.output_text.delta",
                        "item_id": "msg_fake",
                        "output_index": 0,
                        "content_index": 0,
                        "delta": "ok",
                    },
                ),
                ("response.output_item.done", {"type": "response.output_item.done", "output_index": 0, "item": item}),
                ("response.completed", {"type": "response.completed", "response": response}),
            ]
        )

    def _chat(self, model: str) -> None:
        base = {"id": "chatcmpl_fake", "object": "chat.completion.chunk", "created": int(time.time()), "model": model}
        self._sse(
            [
                (None, {**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": "ok"}}]}),
                (
                    None,
                    {
                        **base,
                        "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
                    },
                ),
                (None, "[DONE]"),
            ]
        )


@contextlib.contextmanager
def fake_server() -> Iterator[FakeModelServer]:
    server = FakeModelServer()
    thread = threading.Thread(target=server.serve_forever, name="fake-model-api", daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


# --- the mount -----------------------------------------------------------------------


class Mount:
    """Where ``/etc/agentos`` really is for this run, and how to write the payload's files there."""

    def __init__(self, forced_dir: str | None) -> None:
        self.created_etc = False
        self.tmp: str | None = None
        if forced_dir is None and not os.path.lexists(MOUNT_DIR):
            try:
                os.makedirs(MOUNT_DIR, mode=0o755)
                self.created_etc = True
            except OSError as exc:
                print(f"note: cannot create {MOUNT_DIR} ({exc}); using a temporary directory instead")
        if self.created_etc:
            self.dir = MOUNT_DIR
        elif forced_dir is not None:
            self.dir = str(Path(forced_dir).resolve())
            os.makedirs(self.dir, exist_ok=True)
        else:
            if os.path.lexists(MOUNT_DIR):
                print(f"note: {MOUNT_DIR} already exists and is left alone; using a temporary directory instead")
            self.tmp = tempfile.mkdtemp(prefix="e2e-agentos-mount-")
            self.dir = self.tmp

    @property
    def substituted(self) -> bool:
        return self.dir != MOUNT_DIR

    def rewrite(self, value: str) -> str:
        return value.replace(MOUNT_DIR + "/", self.dir + "/") if self.substituted else value

    def write(self, files: dict[str, str]) -> None:
        for name in os.listdir(self.dir):
            os.unlink(os.path.join(self.dir, name))
        for path, text in files.items():
            target = self.rewrite(path)
            with open(target, "w", encoding="utf-8", newline="") as fh:
                fh.write(text)
            os.chmod(target, 0o444)

    def close(self) -> None:
        if self.created_etc:
            shutil.rmtree(MOUNT_DIR, ignore_errors=True)
        if self.tmp:
            shutil.rmtree(self.tmp, ignore_errors=True)


# --- the agents ------------------------------------------------------------------------


@dataclass
class Launch:
    """How one CLI is run against the fake server: the launcher's part of argv and env."""

    before: list[str]  # launcher args before the payload's args (e.g. none)
    after: list[str]  # launcher args after the payload's args (mode, model, prompt)
    caller_env: dict[str, str]  # goes into build_spawn(env=...): the caller's env
    base_env: dict[str, str] = field(default_factory=dict)  # process env not passed through the payload


def base_environment(home: str) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin"),
        "HOME": home,
        "USER": os.environ.get("USER", "e2e"),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "TERM": "dumb",
        "NO_COLOR": "1",
        "CI": "1",
        "XDG_CONFIG_HOME": f"{home}/.config",
        "XDG_DATA_HOME": f"{home}/.local/share",
        "XDG_CACHE_HOME": f"{home}/.cache",
        "XDG_STATE_HOME": f"{home}/.local/state",
        "TMPDIR": tempfile.gettempdir(),
    }


def launch_claude(url: str, home: str, workdir: str) -> Launch:
    Path(workdir, "CLAUDE.md").write_text(f"Project memory: {CLAUDE_MD_MARKER}\n", encoding="utf-8")
    return Launch(
        before=[],
        after=["-p", PROMPT, "--max-turns", "1"],
        caller_env={"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "dummy"},
        base_env={
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_AUTOUPDATER": "1",
            "DISABLE_TELEMETRY": "1",
            "DISABLE_ERROR_REPORTING": "1",
        },
    )


def launch_codex(url: str, home: str, workdir: str) -> Launch:
    codex_home = Path(home, ".codex")
    codex_home.mkdir(parents=True, exist_ok=True)
    provider = f'{{name="fake", base_url="{url}/v1", wire_api="responses", env_key="FAKE_API_KEY"}}'
    return Launch(
        before=[],
        after=[
            "exec",
            "--skip-git-repo-check",
            "-c",
            f"model_providers.fake={provider}",
            "-c",
            "model_provider=fake",
            "-m",
            "gpt-5",
            PROMPT,
        ],
        caller_env={"FAKE_API_KEY": "dummy", "CODEX_HOME": str(codex_home)},
    )


def launch_opencode(url: str, home: str, workdir: str) -> Launch:
    caller_file = Path(home, "caller-instructions.md")
    caller_file.write_text(f"Caller rule: {OPENCODE_CALLER_MARKER}\n", encoding="utf-8")
    config = {
        "$schema": "https://opencode.ai/config.json",
        "autoupdate": False,
        "share": "disabled",
        "model": f"fake/{FAKE_MODEL}",
        "provider": {
            "fake": {
                "npm": "@ai-sdk/anthropic",
                "name": "Fake",
                "options": {"baseURL": f"{url}/v1", "apiKey": "dummy"},
                "models": {FAKE_MODEL: {"name": "Fake model"}},
            }
        },
        "instructions": [str(caller_file)],
    }
    return Launch(
        before=[],
        after=["run", PROMPT],
        caller_env={"OPENCODE_CONFIG_CONTENT": json.dumps(config)},
        base_env={
            "OPENCODE_DISABLE_MODELS_FETCH": "1",
            "OPENCODE_DISABLE_AUTOUPDATE": "1",
            "OPENCODE_DISABLE_LSP_DOWNLOAD": "1",
        },
    )


def launch_pi(url: str, home: str, workdir: str) -> Launch:
    agent_dir = Path(home, ".pi", "agent")
    agent_dir.mkdir(parents=True, exist_ok=True)
    models = {
        "providers": {
            "fake": {"baseUrl": url, "api": "anthropic-messages", "apiKey": "dummy", "models": [{"id": FAKE_MODEL}]}
        }
    }
    (agent_dir / "models.json").write_text(json.dumps(models), encoding="utf-8")
    (agent_dir / "APPEND_SYSTEM.md").write_text(f"User append: {PI_APPEND_MARKER}\n", encoding="utf-8")
    return Launch(
        before=[],
        after=["-p", "--provider", "fake", "--model", FAKE_MODEL, "--no-session", PROMPT],
        caller_env={"PI_CODING_AGENT_DIR": str(agent_dir)},
        base_env={"PI_OFFLINE": "1", "PI_TELEMETRY": "0"},
    )


@dataclass(frozen=True)
class AgentCli:
    name: str
    executable: str
    launch: Any
    #: Where in the request body the text must land: a predicate on (body, json path).
    where: str


def _in_system(body: Any, path: tuple[Any, ...]) -> bool:
    return bool(path) and path[0] == "system"


def _in_developer_message(body: Any, path: tuple[Any, ...]) -> bool:
    if len(path) < 2 or path[0] != "input":
        return False
    item = body["input"][path[1]]
    return isinstance(item, dict) and item.get("role") == "developer"


CLIS: dict[str, AgentCli] = {
    "claude-code": AgentCli("claude-code", "claude", launch_claude, "system"),
    "codex": AgentCli("codex", "codex", launch_codex, "developer"),
    "opencode": AgentCli("opencode", "opencode", launch_opencode, "system"),
    "pi": AgentCli("pi", "pi", launch_pi, "system"),
}
WHERE = {"system": _in_system, "developer": _in_developer_message}

# --- checking ---------------------------------------------------------------------------


def string_leaves(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], str]]:
    if isinstance(node, str):
        yield path, node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from string_leaves(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from string_leaves(value, (*path, index))


def locate(records: list[Recorded], text: str, where: str) -> dict[str, Any]:
    """Where ``text`` occurs in the recorded bodies: hits in the expected place, and elsewhere."""
    expected, elsewhere = [], []
    for number, record in enumerate(records):
        for path, leaf in string_leaves(record.body):
            offset = leaf.find(text)
            if offset < 0:
                continue
            hit = {
                "request": number,
                "endpoint": f"{record.method} {record.path}",
                "json_path": "/".join(map(str, path)),
                "offset": offset,
                "leaf_chars": len(leaf),
                "whole_leaf": leaf == text,
                "before": leaf[max(0, offset - 60) : offset],
                "after": leaf[offset + len(text) : offset + len(text) + 60],
            }
            (expected if WHERE[where](record.body, path) else elsewhere).append(hit)
    return {"expected": expected, "elsewhere": elsewhere}


def contains_anywhere(records: list[Recorded], needle: str) -> bool:
    return any(needle in leaf for r in records for _, leaf in string_leaves(r.body))


# --- running -----------------------------------------------------------------------------


@dataclass
class Result:
    agent: str
    case: str
    mechanism: str = ""
    status: str = "FAIL"
    observed: str = ""
    details: dict[str, Any] = field(default_factory=dict)


def find_executable(name: str, bin_dir: str) -> str | None:
    candidate = Path(bin_dir, name)
    if candidate.is_file() and os.access(candidate, os.X_OK):
        return str(candidate)
    return shutil.which(name)


def cli_version(executable: str, timeout: float) -> str:
    try:
        done = subprocess.run(  # noqa: S603
            [executable, "--version"],
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
            env=base_environment(tempfile.gettempdir()),
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"unknown ({exc})"
    return (done.stdout.strip() or done.stderr.strip()).splitlines()[-1] if (done.stdout or done.stderr) else "?"


def run_process(argv: list[str], env: dict[str, str], cwd: str, timeout: float) -> tuple[int | str, str, str]:
    """Run ``argv`` in its own process group; on timeout kill that group. Returns (rc, stdout, stderr)."""
    try:
        proc = subprocess.Popen(  # noqa: S603
            argv,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    except OSError as exc:
        return f"exec failed: {errno.errorcode.get(exc.errno or 0, exc.errno)} {exc.strerror}", "", ""
    try:
        out, err = proc.communicate(timeout=timeout)
        return proc.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return f"timeout after {timeout:.0f}s", out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def tail(text: str, limit: int = 600) -> str:
    text = text.strip()
    return text if len(text) <= limit else "..." + text[-limit:]


def tamper(control: str, args: list[str], env: dict[str, str], text: str, workdir: str) -> list[str]:
    """Apply a control's deliberate mistake to ``args`` / ``env`` (in place for env); return the args."""
    if control.startswith("raw-"):
        return ["-c", "developer_instructions=" + text]
    if control == "contextpaths-only":
        config = json.loads(env["OPENCODE_CONFIG_CONTENT"])
        config["instructions"] = [p for p in config["instructions"] if not p.endswith("/instructions.md")]
        env["OPENCODE_CONFIG_CONTENT"] = json.dumps(config)
        return args
    if control == "inline-names-a-file":
        Path(workdir, text).write_text("contents of the file, not the text\n", encoding="utf-8")
        return ["--append-system-prompt", text]
    raise ValueError(control)


def run_case(
    cli: AgentCli,
    executable: str,
    case: Case,
    server: FakeModelServer,
    mount: Mount,
    timeout: float,
    control: str | None = None,
) -> Result:
    result = Result(cli.name, case.name)
    with tempfile.TemporaryDirectory(prefix=f"e2e-{cli.name}-") as scratch:
        home = os.path.join(scratch, "home")
        workdir = os.path.join(scratch, "work")
        os.makedirs(home)
        os.makedirs(workdir)
        launch = cli.launch(server.url, home, workdir)
        try:
            payload = build_spawn(
                agent=cli.name,
                instructions_md=case.text,
                cwd=workdir,
                env=launch.caller_env,
                skip_os_instructions=case.skip_os_instructions,
            )
        except PayloadTooLarge as exc:
            return refused(result, cli, executable, case, exc)
        result.mechanism = payload["mechanism"]
        mount.write(payload["files"])
        args = [mount.rewrite(a) for a in payload["args"]]
        env = {**base_environment(home), **launch.base_env}
        env.update({k: mount.rewrite(v) for k, v in payload["env"].items()})
        if control:
            args = tamper(control, args, env, case.text, workdir)
            result.mechanism = f"CONTROL: {control}"
        argv = [executable, *launch.before, *args, *launch.after]
        server.take()
        started = time.monotonic()
        rc, out, err = run_process(argv, env, payload["cwd"], timeout)
        time.sleep(0.2)  # let the last request handler finish recording
        records = server.take()
        result.details = {
            "rc": rc,
            "seconds": round(time.monotonic() - started, 1),
            "argv_sizes": [len(a.encode("utf-8")) for a in argv],
            "payload_args_preview": [a[:80] for a in payload["args"]],
            "requests": [f"{r.method} {r.path}" for r in records],
            "stdout_tail": tail(out),
            "stderr_tail": tail(err),
        }
        evaluate(result, cli, case, records, rc)
        side_checks(result, cli, records)
        if control:
            delivered = result.status.startswith("PASS")
            result.status = "CONTROL-UNEXPECTED" if delivered else "CONTROL-OK"
            if not delivered and result.details.get("near_miss", {}).get("prefix_chars"):
                miss = result.details["near_miss"]
                result.observed += (
                    f"; first {miss['prefix_chars']}/{miss['of']} chars arrive, then expected "
                    f"{miss['expected_next']!r} but got {miss['actual_next']!r}"
                )
    return result


def refused(result: Result, cli: AgentCli, executable: str, case: Case, exc: PayloadTooLarge) -> Result:
    result.mechanism = "refused (PayloadTooLarge)"
    expected = cli.name == "codex" and case.name == "oversized"
    result.status = "PASS" if expected else "FAIL"
    result.observed = f"build_spawn refused: {exc}"
    if cli.name == "codex":
        # Show that the refusal is needed: the kernel will not exec that argument at all.
        from instructions.agents import toml_basic_string

        element = "developer_instructions=" + toml_basic_string(case.text)
        rc, _, _ = run_process([executable, "-c", element, "--version"], base_environment("/nonexistent"), "/", 30)
        result.observed += f"; exec with the raw -c argument ({len(element.encode('utf-8'))} bytes): {rc}"
        result.details["exec_oversized"] = str(rc)
    return result


def evaluate(result: Result, cli: AgentCli, case: Case, records: list[Recorded], rc: int | str) -> None:
    model_calls = [r for r in records if r.method == "POST"]
    if not model_calls:
        result.status = "FAIL"
        result.observed = f"no request reached the fake server (rc={rc}); stderr: {result.details['stderr_tail']!r}"
        return
    found = locate(records, case.text, cli.where)
    result.details["hits"] = found
    if case.skip_os_instructions:
        anywhere = found["expected"] or found["elsewhere"]
        result.status = "FAIL" if anywhere else "PASS"
        result.observed = (
            f"text found although skipped: {anywhere[0]['json_path']}" if anywhere else "text absent, as expected"
        )
        return
    if not found["expected"]:
        result.status = "FAIL"
        where = f"; found elsewhere at {found['elsewhere'][0]['json_path']}" if found["elsewhere"] else ""
        result.observed = f"text NOT found byte-for-byte in the {cli.where} prompt (rc={rc}){where}"
        result.details["near_miss"] = near_miss(records, case.text, cli.where)
        return
    hit = found["expected"][0]
    result.status = "PASS" if rc == 0 else "PASS (rc!=0)"
    placement = "the whole block" if hit["whole_leaf"] else f"at char {hit['offset']} of {hit['leaf_chars']}"
    result.observed = (
        f"{hit['endpoint']} {hit['json_path']}: {placement}; before={hit['before'][-40:]!r} "
        f"after={hit['after'][:40]!r}; in {len({h['request'] for h in found['expected']})}/{len(model_calls)} "
        f"model requests"
    )


def near_miss(records: list[Recorded], text: str, where: str) -> dict[str, Any]:
    """For a failure: the longest prefix of ``text`` found in the expected place, and what follows it there."""
    best: dict[str, Any] = {"prefix_chars": 0}
    for record in records:
        for path, leaf in string_leaves(record.body):
            if not WHERE[where](record.body, path):
                continue
            low, high = 0, len(text)
            while low < high:
                mid = (low + high + 1) // 2
                if text[:mid] in leaf:
                    low = mid
                else:
                    high = mid - 1
            if low > best["prefix_chars"]:
                at = leaf.find(text[:low])
                best = {
                    "prefix_chars": low,
                    "of": len(text),
                    "json_path": "/".join(map(str, path)),
                    "expected_next": text[low : low + 40],
                    "actual_next": leaf[at + low : at + low + 40],
                }
    return best


def side_checks(result: Result, cli: AgentCli, records: list[Recorded]) -> None:
    notes = []
    if cli.name == "claude-code":
        notes.append(f"CLAUDE.md loaded: {contains_anywhere(records, CLAUDE_MD_MARKER)}")
    elif cli.name == "pi":
        notes.append(f"user APPEND_SYSTEM.md loaded: {contains_anywhere(records, PI_APPEND_MARKER)}")
    elif cli.name == "opencode":
        notes.append(f"caller's instruction file kept: {contains_anywhere(records, OPENCODE_CALLER_MARKER)}")
    result.details["side_checks"] = notes
    if notes:
        result.observed += " [" + "; ".join(notes) + "]"


# --- main ----------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--bin-dir", default=DEFAULT_BIN_DIR, help=f"where the CLIs are (default {DEFAULT_BIN_DIR})")
    parser.add_argument("--agents", default=",".join(CLIS), help="comma-separated agent names")
    parser.add_argument("--cases", default=",".join(c.name for c in CASES), help="comma-separated case names")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per CLI run (default 120)")
    parser.add_argument("--mount-dir", help="write the /etc/agentos files here and substitute the path")
    parser.add_argument("--controls", action="store_true", help="also run the deliberately wrong injections")
    parser.add_argument("--json", help="write every result with its details to this file")
    options = parser.parse_args()

    unknown = set(options.agents.split(",")) - set(CLIS) | (set(options.agents.split(",")) - set(AGENTS))
    if unknown:
        parser.error(f"unknown agents: {', '.join(sorted(unknown))}")
    cases = [c for c in CASES if c.name in options.cases.split(",")]

    versions: dict[str, str] = {}
    results: list[Result] = []
    mount = Mount(options.mount_dir)
    try:
        with fake_server() as server:
            print(f"fake model API on {server.url}; /etc/agentos files in {mount.dir}")
            for name in options.agents.split(","):
                cli = CLIS[name]
                executable = find_executable(cli.executable, options.bin_dir)
                if executable is None:
                    print(
                        f"SKIP {name}: '{cli.executable}' not found in {options.bin_dir} or PATH (see the npm command)"
                    )
                    results.append(Result(name, "*", status="SKIP", observed="CLI not installed"))
                    continue
                versions[name] = cli_version(executable, 30)
                print(f"== {name}: {executable} ({versions[name]})")
                for case in cases:
                    result = run_case(cli, executable, case, server, mount, options.timeout)
                    results.append(result)
                    print(f"  {result.status:<12} {case.name:<26} {result.mechanism:<28} {result.observed[:300]}")
                if options.controls:
                    for agent, label, text, note in CONTROLS:
                        if agent != name:
                            continue
                        case = Case(f"control:{label}", text, note)
                        result = run_case(cli, executable, case, server, mount, options.timeout, control=label)
                        results.append(result)
                        print(f"  {result.status:<12} {case.name:<26} {note[:28]:<28} {result.observed[:300]}")
    finally:
        mount.close()

    print("\n| agent | version | case | mechanism | result | observed |")
    print("|---|---|---|---|---|---|")
    for r in results:
        observed = r.observed.replace("|", "\\|").replace("\n", "\\n")
        print(f"| {r.agent} | {versions.get(r.agent, '-')} | {r.case} | {r.mechanism} | {r.status} | {observed} |")
    if mount.substituted:
        print(f"\nnote: {MOUNT_DIR}/ was substituted by {mount.dir}/ in args and env.")
    if options.json:
        dump = {"versions": versions, "mount_dir": mount.dir, "results": [r.__dict__ for r in results]}
        Path(options.json).write_text(json.dumps(dump, indent=2, ensure_ascii=False), encoding="utf-8")
    return 1 if any(r.status in ("FAIL", "CONTROL-UNEXPECTED") for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
