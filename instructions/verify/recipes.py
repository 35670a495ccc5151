"""How each agent CLI is run against the fake model API, and where its system prompt is.

A ``Recipe`` knows, for one agent: its executable, how to point it at the fake
server from a throwaway HOME (so no user config, credential or instruction file of
the real user is read, and nothing is written to the real HOME), the arguments a
launcher would add after the payload's (headless mode, model, prompt), the user's
own instruction files to plant (they must still arrive: the injection is additive),
and which fields of a recorded request make up the system prompt.

Every switch each CLI documents for updates, telemetry and non-essential traffic is
set; the only server any of them is given is 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from instructions.verify.fake_api import Recorded

PROMPT = "Reply with the single word ok."
#: Port 9 (discard) on loopback: nothing listens there, so a connection fails at once.
DEAD_PROXY = "http://127.0.0.1:9"
FAKE_MODEL = "fake-model"
GEMINI_MODEL = "gemini-2.5-flash"  # a real name: Gemini CLI resolves aliases and would route "auto"

#: (where, text): one string field of a request, named by its JSON path.
Field = tuple[str, str]


@dataclass(frozen=True)
class UserFile:
    """One of the user's own instruction files, planted with a marker."""

    label: str
    marker: str
    #: True: must still reach the model. False: the agent is documented to skip it.
    expected: bool = True
    #: The request fields it must appear in; ``None``: anywhere in the request.
    fields: Callable[[Any], list[Field]] | None = None


@dataclass
class Launch:
    """What a launcher adds for one run: argv after the payload's, env, and planted files."""

    after: list[str]
    #: The caller's env, as a launcher sends it to the service (merged into the payload).
    caller_env: dict[str, str]
    #: Process env the payload does not carry (switches for the CLI's own traffic).
    base_env: dict[str, str] = field(default_factory=dict)
    user_files: list[UserFile] = field(default_factory=list)


@dataclass(frozen=True)
class Recipe:
    agent: str
    executable: str
    #: ``(fake server URL, throwaway home, working directory, marker tag) -> Launch``
    prepare: Callable[[str, Path, Path, str], Launch]
    #: The system-prompt fields of one request body.
    prompt_fields: Callable[[Any], list[Field]]
    #: Where the text must land, in words (for the report).
    where: str
    #: Is this recorded request a call to the model (not a token count, not a GET)?
    is_model_request: Callable[[Recorded], bool]
    #: Codex has no file route: a 413 for the oversize case is its documented answer.
    may_refuse_oversize: bool = False


def base_environment(home: Path) -> dict[str, str]:
    """A minimal process env inside the throwaway home: none of the real user's variables."""
    return {
        "PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin"),
        "HOME": str(home),
        "USER": os.environ.get("USER", "agentos-verify"),
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
        # A dead proxy on loopback: a CLI's own background traffic (update checks,
        # package metadata) fails at once instead of leaving the machine; only the
        # fake model API on 127.0.0.1 is reachable.
        "HTTPS_PROXY": DEAD_PROXY,
        "HTTP_PROXY": DEAD_PROXY,
        "ALL_PROXY": DEAD_PROXY,
        "https_proxy": DEAD_PROXY,
        "http_proxy": DEAD_PROXY,
        "all_proxy": DEAD_PROXY,
        "NO_PROXY": "127.0.0.1,localhost",
        "no_proxy": "127.0.0.1,localhost",
    }


# --- where the system prompt is -------------------------------------------------------


def anthropic_system(body: Any) -> list[Field]:
    system = body.get("system") if isinstance(body, dict) else None
    if isinstance(system, str):
        return [("system", system)]
    if isinstance(system, list):
        return [(f"system[{i}].text", b["text"]) for i, b in enumerate(system) if isinstance(b, dict) and "text" in b]
    return []


def responses_instructions(body: Any) -> list[Field]:
    """The Responses API's ``instructions`` and its developer/system messages."""
    if not isinstance(body, dict):
        return []
    fields: list[Field] = []
    if isinstance(body.get("instructions"), str):
        fields.append(("instructions", body["instructions"]))
    for i, item in enumerate(body.get("input") or []):
        if isinstance(item, dict) and item.get("role") in ("developer", "system"):
            for j, part in enumerate(item.get("content") or []):
                if isinstance(part, dict) and isinstance(part.get("text"), str):
                    fields.append((f"input[{i}].content[{j}].text ({item['role']})", part["text"]))
    return fields


def _gemini_parts(content: Any, label: str) -> Iterator[Field]:
    if isinstance(content, dict):
        for j, part in enumerate(content.get("parts") or []):
            if isinstance(part, dict) and isinstance(part.get("text"), str):
                yield (f"{label}.parts[{j}].text", part["text"])


def gemini_system_instruction(body: Any) -> list[Field]:
    return list(_gemini_parts(body.get("systemInstruction"), "systemInstruction")) if isinstance(body, dict) else []


def gemini_session_context(body: Any) -> list[Field]:
    """Gemini's first user turn: the session context, where workspace GEMINI.md files go."""
    contents = body.get("contents") if isinstance(body, dict) else None
    if not contents or not isinstance(contents[0], dict) or contents[0].get("role") != "user":
        return []
    return list(_gemini_parts(contents[0], "contents[0]"))


def _path(record: Recorded) -> str:
    return record.path.split("?", 1)[0]


def _anthropic_call(record: Recorded) -> bool:
    return record.method == "POST" and _path(record).endswith("/messages")


def _responses_call(record: Recorded) -> bool:
    return record.method == "POST" and _path(record).endswith("/responses")


def _gemini_call(record: Recorded) -> bool:
    return record.method == "POST" and _path(record).endswith((":generateContent", ":streamGenerateContent"))


# --- the agents -------------------------------------------------------------------------


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def prepare_claude(url: str, home: Path, work: Path, tag: str) -> Launch:
    marker = f"USER-CLAUDE-MD-{tag}"
    _write(work / "CLAUDE.md", f"Project memory: {marker}\n")
    return Launch(
        after=["-p", PROMPT, "--max-turns", "1"],
        caller_env={"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "dummy"},
        base_env={
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_AUTOUPDATER": "1",
            "DISABLE_TELEMETRY": "1",
            "DISABLE_ERROR_REPORTING": "1",
        },
        user_files=[UserFile("CLAUDE.md in the working directory", marker)],
    )


#: A user's config.toml with Codex's own traffic off: update check, analytics, and the
#: plugin marketplace (which otherwise runs ``git ls-remote`` against github.com).
CODEX_CONFIG = """check_for_update_on_startup = false

[analytics]
enabled = false

[features]
plugins = false
"""


def prepare_codex(url: str, home: Path, work: Path, tag: str) -> Launch:
    marker = f"USER-AGENTS-MD-{tag}"
    _write(work / "AGENTS.md", f"Project rule: {marker}\n")
    codex_home = home / ".codex"
    # The user's own config.toml, as it would be: no update check, no analytics.
    _write(codex_home / "config.toml", CODEX_CONFIG)
    provider = f'{{name="fake", base_url="{url}/v1", wire_api="responses", env_key="FAKE_API_KEY"}}'
    return Launch(
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
        user_files=[UserFile("AGENTS.md in the working directory", marker)],
    )


def prepare_opencode(url: str, home: Path, work: Path, tag: str) -> Launch:
    marker = f"USER-OPENCODE-INSTRUCTION-{tag}"
    caller_file = home / "caller-instructions.md"
    _write(caller_file, f"Caller rule: {marker}\n")
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
        after=["run", PROMPT],
        caller_env={"OPENCODE_CONFIG_CONTENT": json.dumps(config)},
        base_env={
            "OPENCODE_DISABLE_MODELS_FETCH": "1",
            "OPENCODE_DISABLE_AUTOUPDATE": "1",
            "OPENCODE_DISABLE_LSP_DOWNLOAD": "1",
            "OPENCODE_DISABLE_DEFAULT_PLUGINS": "1",
            "OPENCODE_DISABLE_SHARE": "1",
        },
        user_files=[UserFile("the caller's own OPENCODE_CONFIG_CONTENT instructions", marker)],
    )


def prepare_pi(url: str, home: Path, work: Path, tag: str) -> Launch:
    marker = f"USER-PI-APPEND-SYSTEM-{tag}"
    agent_dir = home / ".pi" / "agent"
    models = {
        "providers": {
            "fake": {"baseUrl": url, "api": "anthropic-messages", "apiKey": "dummy", "models": [{"id": FAKE_MODEL}]}
        }
    }
    _write(agent_dir / "models.json", json.dumps(models))
    _write(agent_dir / "APPEND_SYSTEM.md", f"User append: {marker}\n")
    return Launch(
        after=["-p", "--provider", "fake", "--model", FAKE_MODEL, "--no-session", PROMPT],
        caller_env={"PI_CODING_AGENT_DIR": str(agent_dir)},
        base_env={"PI_OFFLINE": "1", "PI_TELEMETRY": "0"},
        # Documented: with --append-system-prompt pi does not load the user's APPEND_SYSTEM.md.
        user_files=[UserFile("the user's APPEND_SYSTEM.md (pi skips it with the flag)", marker, expected=False)],
    )


def prepare_gemini(url: str, home: Path, work: Path, tag: str) -> Launch:
    global_marker = f"USER-GLOBAL-GEMINI-MD-{tag}"
    project_marker = f"USER-PROJECT-GEMINI-MD-{tag}"
    settings = {
        # An API-key login as a user would have it; the key and base URL come from the env.
        "security": {"auth": {"selectedType": "gemini-api-key"}},
        "privacy": {"usageStatisticsEnabled": False},
        "general": {"enableAutoUpdate": False, "enableAutoUpdateNotification": False},
        "telemetry": {"enabled": False},
    }
    _write(home / ".gemini" / "settings.json", json.dumps(settings))
    # The user trusted this folder once (what the trust dialog writes); Gemini loads no
    # workspace context in an untrusted one, and headless Gemini refuses to start there.
    _write(home / ".gemini" / "trustedFolders.json", json.dumps({str(work): "TRUST_FOLDER"}))
    _write(home / ".gemini" / "GEMINI.md", f"Global memory: {global_marker}\n")
    _write(work / "GEMINI.md", f"Project memory: {project_marker}\n")
    return Launch(
        after=["-p", PROMPT, "-m", GEMINI_MODEL],
        caller_env={"GEMINI_API_KEY": "dummy", "GOOGLE_GEMINI_BASE_URL": url},
        base_env={"GEMINI_TELEMETRY_ENABLED": "false"},
        user_files=[
            UserFile(
                "~/.gemini/GEMINI.md (in the system instruction)", global_marker, fields=gemini_system_instruction
            ),
            UserFile(
                "GEMINI.md in the working directory (session context)", project_marker, fields=gemini_session_context
            ),
        ],
    )


RECIPES: dict[str, Recipe] = {
    recipe.agent: recipe
    for recipe in (
        Recipe("claude-code", "claude", prepare_claude, anthropic_system, "system", _anthropic_call),
        Recipe(
            "codex",
            "codex",
            prepare_codex,
            responses_instructions,
            "instructions / developer message",
            _responses_call,
            may_refuse_oversize=True,
        ),
        Recipe("opencode", "opencode", prepare_opencode, anthropic_system, "system", _anthropic_call),
        Recipe("pi", "pi", prepare_pi, anthropic_system, "system", _anthropic_call),
        Recipe(
            "gemini",
            "gemini",
            prepare_gemini,
            gemini_session_context,
            "first user turn (session context)",
            _gemini_call,
        ),
    )
}
