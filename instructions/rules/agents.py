"""Agents and their spawn payloads: how each coding agent receives its instructions.

A spawn payload tells a launcher how to start one agent: the ``args`` to add to the
agent's command line (the executable itself and the user's prompt are the
launcher's), the full ``env``, the ``cwd``, the ``files`` of the session's bundle
directory and the ``mechanism`` that was used. Pure: no database, no disk. Every
agent is one ``AgentSpec`` in ``AGENTS``; adding an agent is adding one entry.

The bundle directory is ``/etc/agentos`` in the agentOS VM and a private directory
on an ordinary host (``agentos-launch``); ``build_spawn`` takes it, and every path
below written ``/etc/agentos/instructions.md`` is really ``<bundle_dir>/instructions.md``:
a strategy receives that path, so no path is ever found by searching text.

How each agent is reached (versions as checked against the real CLIs with
``manage.py verify_agents``: Claude Code 2.1.332, pi 0.73.1, Codex 0.171.0,
OpenCode 1.18.33, Gemini CLI 0.61.0; sources below):

- **claude-code**: ``--append-system-prompt <text>`` appends to the default system
  prompt; CLAUDE.md still loads. Past the argv limit: ``--append-system-prompt-file
  /etc/agentos/instructions.md``, the same thing read from a file. Mechanisms
  ``append-system-prompt`` / ``append-system-prompt-file``.
- **pi**: ``--append-system-prompt <text>``. Two things to know: when the flag is
  given, pi no longer loads the user's own ``APPEND_SYSTEM.md``; and pi treats a
  value that names an existing file as that file's contents. So the text goes
  inline only when it cannot be mistaken for a path (it has a line break) and
  fits; otherwise the value is the path ``/etc/agentos/instructions.md`` itself,
  whose contents are exactly the text. Mechanisms ``append-system-prompt`` /
  ``append-system-prompt-path``.
- **codex**: ``-c developer_instructions=<value>``. Codex splits the override at
  the first ``=``, trims the value and parses it as a TOML value; only if that
  fails does it use the raw text with leading and trailing quotes stripped. Raw
  text would lose a leading or trailing ``"`` (``Always answer "yes"`` arrives as
  ``Always answer "yes``), and text that parses as a TOML value of another type
  (``42``, ``true``, ``["x"]``) stops Codex from starting ("invalid type ...
  expected a string"). The value is therefore always a TOML basic string that
  reads back to exactly the text (``toml_basic_string``); checked end to end with
  ``manage.py verify_agents``. Codex has no flag that *appends* instructions
  from a file (``model_instructions_file`` replaces the base prompt), so past the
  limit the payload is refused with ``PayloadTooLarge``. Mechanism
  ``developer-instructions``.
- **opencode**: the proposal's ``OPENCODE_CONTEXTPATHS`` is ignored by current
  OpenCode. ``OPENCODE_CONFIG_CONTENT`` is inline JSON config, loaded last and
  merged over the remote, global, custom and project configs; its
  ``instructions`` array lists extra instruction files, so it names
  ``/etc/agentos/instructions.md``. ``OPENCODE_CONTEXTPATHS`` is still set for
  older OpenCode (the proposal's default list plus our file). Only a path
  travels, so the text's size never matters. Mechanism ``opencode-config-content``.
- **gemini**: ``--include-directories=<bundle_dir>``, and the bundle gets one more
  file, ``<bundle_dir>/GEMINI.md``, holding exactly the text. Gemini CLI loads every
  workspace directory's ``GEMINI.md`` as *workspace context*: the first user turn of
  every request (``<session_context>``, rebuilt after history compression), which
  Gemini's own system prompt ranks above the user's global memory. This is **not
  the system instruction**: nothing additive reaches it (``GEMINI_SYSTEM_MD``
  replaces it; only ``~/.gemini/GEMINI.md`` joins it, and reaching that means
  writing into the user's home or replacing ``~/.gemini`` with ``GEMINI_CLI_HOME``,
  which loses the user's settings and login). The user's own ``GEMINI.md`` files,
  settings and login are untouched. Limits: Gemini trims the file's leading and
  trailing whitespace; it expands ``@path`` imports in context files, so text with
  such a token outside backticks is refused (``InvalidInput``, naming the tokens;
  ``gemini_import_tokens`` mirrors Gemini 0.61's scanner); in a folder the user has
  not trusted Gemini loads no workspace context at all (the payload never sets
  ``--skip-trust``); Gemini splits the value at commas, so a bundle directory with
  a comma is refused; the bundle becomes part of the agent's workspace, readable by
  its tools. Only a path travels, so the text's size never matters. Mechanism
  ``gemini-include-directory``; ``AgentSpec.system_prompt`` is False for it, and
  ``GET /api/agents`` says so.

Sources consulted (public docs, via the project's search tool):
Claude Code CLI reference (code.claude.com/docs/en/cli-reference, "System prompt
flags": ``--append-system-prompt`` and ``--append-system-prompt-file``; older
copies of the page list the ``-file`` flags as print-mode only);
OpenCode config docs (opencode.ai/docs/config, "Precedence": inline
``OPENCODE_CONFIG_CONTENT`` is the last layer, layers merge rather than replace;
the ``instructions`` key is described with the rules docs);
the doc comment of Codex's ``-c`` override parser (``config_override.rs``:
"Values are parsed as TOML, with fallback to string literals"); agentOS's own
docs (rivet.dev/agentos/docs/system-prompt) for pi's ``--append-system-prompt``.
pi's path reading and APPEND_SYSTEM.md behaviour, Codex's quote stripping,
OpenCode ignoring ``OPENCODE_CONTEXTPATHS`` and Gemini's context loading (its
bundled ``MemoryContextManager``, ``getSystemInstructionMemory`` and
``memoryImportProcessor``) are from the hands-on check of the CLIs named above.

**The env merge rule.** The payload's ``env`` is the caller's ``env`` plus the
variables the agent's injection sets. Where both set a variable, the injection
wins, but its value is built from the caller's where the format allows:
``OPENCODE_CONFIG_CONTENT`` keeps every key of the caller's JSON object and its
``instructions`` (ours appended if absent); ``OPENCODE_CONTEXTPATHS`` is the
caller's list with ours appended if absent. A caller value that cannot be merged
(not a JSON object, not a list of strings) is refused with ``InvalidInput``, never
silently dropped. Every other caller variable passes through unchanged.

**skip_os_instructions**: no flag and no variable; ``args`` is empty and the
caller's ``env`` passes through unchanged. ``files`` are still there (the mount is
part of the OS, and an agent's extra files too); the agent may read them, nothing
forces it. Mechanism ``none (skip_os_instructions)``.

**Size.** Linux refuses ``execve`` (``E2BIG``) when any one argv or environment
string is longer than ``MAX_ARG_STRLEN`` (32 pages = 131,072 bytes with its NUL),
so no returned argv element and no ``NAME=value`` env string exceeds 131,071 UTF-8
bytes: the file routes above where an agent has one, ``PayloadTooLarge`` (413)
naming the size and the limit otherwise, including for an oversized variable in
the caller's own ``env``. (The kernel also caps argv and env together, at a
quarter of the stack limit, 2 MiB by default; one instructions string of at most
128 KiB stays far below it unless the caller's own env is huge.)

Text with NUL characters cannot be passed through argv or env (C strings) and
text with lone surrogates is not valid Unicode: both are refused with
``InvalidInput``. Bodies are validated on the way in, so this is the last guard.
"""

from __future__ import annotations

import json
import os
import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TypedDict

from instructions.foundation.errors import InvalidInput, NotFound, PayloadTooLarge
from instructions.foundation.stored_text import validate_bundle_dir, validate_text
from instructions.rules.bundle import MOUNT_DIR, bundle_path, instructions_path

#: The longest single argv element or ``NAME=value`` env string Linux will exec,
#: in bytes (MAX_ARG_STRLEN is 131,072 including the terminating NUL).
MAX_ARG_BYTES = 131_071
#: Longest path Linux resolves (PATH_MAX, including NUL); a longer value cannot be a path.
PATH_MAX = 4096

MECHANISM_SKIPPED = "none (skip_os_instructions)"

#: OpenCode's default context paths as the agentOS proposal lists them.
OPENCODE_DEFAULT_CONTEXT_PATHS: tuple[str, ...] = (
    ".github/copilot-instructions.md",
    ".cursorrules",
    ".cursor/rules/",
    "CLAUDE.md",
    "CLAUDE.local.md",
    "opencode.md",
    "opencode.local.md",
)
OPENCODE_CONFIG_VAR = "OPENCODE_CONFIG_CONTENT"
OPENCODE_CONTEXT_VAR = "OPENCODE_CONTEXTPATHS"


class SpawnPayload(TypedDict):
    agent: str
    args: list[str]
    env: dict[str, str]
    cwd: str
    files: dict[str, str]
    mechanism: str


@dataclass(frozen=True)
class Injection:
    """What one agent's strategy adds: argv, env variables, and which route it took."""

    args: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    mechanism: str = ""


#: ``(instructions text, caller env, path of the bundle's instructions.md) -> Injection``;
#: must not mutate the env. The file at that path holds exactly the text.
Strategy = Callable[[str, Mapping[str, str], str], Injection]
#: ``(instructions text, bundle directory) -> {path: text}``: more bundle files an agent needs.
ExtraFiles = Callable[[str, str], dict[str, str]]


@dataclass(frozen=True)
class AgentSpec:
    name: str
    label: str
    #: The executable a launcher runs (documentation; ``args`` never include it).
    command: str
    #: How the agent receives its instructions, for people (``GET /api/agents``).
    mechanism: str
    #: What happens when the text is too long for one argv element.
    oversize: str
    inject: Strategy
    #: Where the text lands in the agent's model requests, as ``verify_agents`` checks it.
    reaches: str = "the system prompt"
    #: Does the text reach the model as (part of) the system prompt? False is a
    #: deviation every reader of ``GET /api/agents`` must see (Gemini CLI).
    system_prompt: bool = True
    #: Bundle files this agent needs besides ``instructions.md`` and the metadata.
    extra_files: ExtraFiles | None = None
    #: Caller variables the injection merges with its own rather than replacing
    #: (a launcher sends them to the service when they are set).
    merges_env: tuple[str, ...] = ()


def utf8_len(text: str) -> int:
    return len(text.encode("utf-8"))


# --- Codex: a TOML basic string ----------------------------------------------------


def toml_basic_string(text: str) -> str:
    """``text`` as a TOML basic string (``"..."``) that parses back to exactly ``text``.

    JSON string syntax is TOML basic-string syntax (``\\" \\\\ \\b \\f \\n \\r \\t``
    and ``\\uXXXX``), except that TOML also forbids a raw DEL (U+007F), which
    ``json.dumps`` leaves as is; it is escaped as ``\\u007f``. Non-ASCII stays raw
    (TOML allows any other character). Lone surrogates have no TOML form:
    ``ValueError``.
    """
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
        raise ValueError("text contains lone surrogates (not valid Unicode)")
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _codex(content: str, env: Mapping[str, str], path: str) -> Injection:
    element = "developer_instructions=" + toml_basic_string(content)
    size = utf8_len(element)
    if size > MAX_ARG_BYTES:
        raise PayloadTooLarge(
            f"The instructions are too large for Codex: the -c developer_instructions argument would be "
            f"{size} bytes and Linux accepts at most {MAX_ARG_BYTES} bytes per argument; Codex has no flag "
            f"that appends instructions from a file. Shorten the scopes or the additional instructions.",
            size=size,
            limit=MAX_ARG_BYTES,
        )
    return Injection(args=("-c", element), mechanism="developer-instructions")


# --- Claude Code and pi: --append-system-prompt -----------------------------------


def _claude_code(content: str, env: Mapping[str, str], path: str) -> Injection:
    if utf8_len(content) <= MAX_ARG_BYTES:
        return Injection(args=("--append-system-prompt", content), mechanism="append-system-prompt")
    return Injection(args=("--append-system-prompt-file", path), mechanism="append-system-prompt-file")


def pi_reads_as_path(content: str) -> bool:
    """Could pi take ``content`` for a file name? (It reads a value naming an existing file.)"""
    return "\n" not in content and utf8_len(content) < PATH_MAX


def _pi(content: str, env: Mapping[str, str], path: str) -> Injection:
    if utf8_len(content) <= MAX_ARG_BYTES and not pi_reads_as_path(content):
        return Injection(args=("--append-system-prompt", content), mechanism="append-system-prompt")
    # The file holds exactly ``content``; pi reads a value that names a file.
    return Injection(args=("--append-system-prompt", path), mechanism="append-system-prompt-path")


# --- OpenCode: config content and context paths -----------------------------------


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not valid JSON")


def opencode_config(raw: str | None, path: str) -> dict[str, object]:
    """The caller's ``OPENCODE_CONFIG_CONTENT`` (if any) with our file ``path`` in ``instructions``."""
    config: dict[str, object] = {}
    if raw is not None:
        try:
            parsed = json.loads(raw, parse_constant=_reject_constant)
        except ValueError as exc:
            raise InvalidInput(f"env {OPENCODE_CONFIG_VAR} must be a JSON object to merge into: {exc}") from None
        if not isinstance(parsed, dict):
            raise InvalidInput(f"env {OPENCODE_CONFIG_VAR} must be a JSON object to merge into.")
        config = parsed
    instructions = config.get("instructions", [])
    if not isinstance(instructions, list):
        raise InvalidInput(f"env {OPENCODE_CONFIG_VAR}: 'instructions' must be a list of paths.")
    if path not in instructions:
        instructions = [*instructions, path]
    return {**config, "instructions": instructions}


def opencode_context_paths(raw: str | None, path: str) -> list[str]:
    """The caller's ``OPENCODE_CONTEXTPATHS`` (or the defaults) with our file ``path`` appended."""
    if raw is None:
        paths = list(OPENCODE_DEFAULT_CONTEXT_PATHS)
    else:
        try:
            paths = json.loads(raw)
        except ValueError:
            paths = None
        if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
            raise InvalidInput(f"env {OPENCODE_CONTEXT_VAR} must be a JSON list of paths to merge into.")
    return paths if path in paths else [*paths, path]


def _opencode(content: str, env: Mapping[str, str], path: str) -> Injection:
    config = opencode_config(env.get(OPENCODE_CONFIG_VAR), path)
    paths = opencode_context_paths(env.get(OPENCODE_CONTEXT_VAR), path)
    return Injection(
        env={
            OPENCODE_CONFIG_VAR: json.dumps(config, ensure_ascii=False),
            OPENCODE_CONTEXT_VAR: json.dumps(paths, ensure_ascii=False),
        },
        mechanism="opencode-config-content",
    )


# --- Gemini CLI: a workspace context file in the bundle -----------------------------

#: The context file name Gemini CLI always searches for in workspace directories (a
#: user's ``context.fileName`` is added to it, never substituted).
GEMINI_CONTEXT_FILE = "GEMINI.md"
MECHANISM_GEMINI = "gemini-include-directory"

# Gemini's import syntax (memoryImportProcessor.js ``findImports``/``findCodeRegions``):
# an ``@`` at the start of the text or after a space, tab or line break, followed by a
# run of non-whitespace starting with ``.``, ``/`` or an ASCII letter; not inside a run
# of backticks closed by the same run.
_CODE_REGION = re.compile(r"(`+)([\s\S]*?)\1")
_WHITESPACE = " \t\n\r"


def gemini_import_tokens(text: str) -> list[str]:
    """The ``@path`` tokens Gemini CLI would try to import from ``text``, in order.

    Mirrors Gemini CLI 0.61's scanner exactly, including its quirk of resuming the
    scan one character after each candidate token.
    """
    regions = [(m.start(), m.end()) for m in _CODE_REGION.finditer(text)]
    tokens: list[str] = []
    i = 0
    while True:
        i = text.find("@", i)
        if i < 0:
            return tokens
        if i > 0 and text[i - 1] not in _WHITESPACE:
            i += 1
            continue
        j = i + 1
        while j < len(text) and text[j] not in _WHITESPACE:
            j += 1
        path = text[i + 1 : j]
        first = path[:1]
        is_import = bool(path) and (first in "./" or first in string.ascii_letters)
        if is_import and not any(start <= i < end for start, end in regions):
            tokens.append("@" + path)
        i = j + 1


def _gemini_bundle_dir(bundle_dir: str) -> str:
    if "," in bundle_dir:
        raise InvalidInput(
            f"Gemini CLI splits --include-directories at commas; the bundle directory {bundle_dir!r} has one."
        )
    return bundle_dir


def gemini_files(content: str, bundle_dir: str) -> dict[str, str]:
    """The extra bundle file a gemini session needs: ``<bundle_dir>/GEMINI.md`` = the text."""
    return {bundle_path(_gemini_bundle_dir(bundle_dir), GEMINI_CONTEXT_FILE): content}


def _gemini(content: str, env: Mapping[str, str], path: str) -> Injection:
    """``--include-directories=<bundle_dir>``, as one argv element so that it can never
    take the user's next argument as a second directory. The bundle holds
    ``gemini_files(content)``. Text Gemini would alter (``@path`` imports) is refused."""
    directory = _gemini_bundle_dir(os.path.dirname(path))
    tokens = gemini_import_tokens(content)
    if tokens:
        shown = ", ".join(tokens[:5]) + (f" and {len(tokens) - 5} more" if len(tokens) > 5 else "")
        raise InvalidInput(
            f"Gemini CLI would read {shown} as file imports (@path) and not pass the instructions as written. "
            f"Put such words in backticks, e.g. `@name`."
        )
    return Injection(args=(f"--include-directories={directory}",), mechanism=MECHANISM_GEMINI)


# --- the registry ------------------------------------------------------------------

AGENTS: dict[str, AgentSpec] = {
    spec.name: spec
    for spec in (
        AgentSpec(
            name="claude-code",
            label="Claude Code",
            command="claude",
            mechanism="--append-system-prompt with the text of /etc/agentos/instructions.md",
            oversize="--append-system-prompt-file /etc/agentos/instructions.md",
            inject=_claude_code,
        ),
        AgentSpec(
            name="codex",
            label="Codex",
            command="codex",
            mechanism="-c developer_instructions=<the text as a TOML string>",
            oversize="refused (413): Codex has no flag that appends instructions from a file",
            inject=_codex,
            reaches="the developer message (OpenAI's system-level role)",
        ),
        AgentSpec(
            name="opencode",
            label="OpenCode",
            command="opencode",
            mechanism=(
                "OPENCODE_CONFIG_CONTENT whose 'instructions' list names /etc/agentos/instructions.md "
                "(merged into the caller's config), plus OPENCODE_CONTEXTPATHS for older OpenCode"
            ),
            oversize="not affected: only the path is passed",
            inject=_opencode,
            merges_env=(OPENCODE_CONFIG_VAR, OPENCODE_CONTEXT_VAR),
        ),
        AgentSpec(
            name="pi",
            label="pi",
            command="pi",
            mechanism=(
                "--append-system-prompt with the text (pi then skips the user's own APPEND_SYSTEM.md); "
                "a single-line text is passed as the path /etc/agentos/instructions.md, which pi reads"
            ),
            oversize="--append-system-prompt /etc/agentos/instructions.md (pi reads a value naming a file)",
            inject=_pi,
        ),
        AgentSpec(
            name="gemini",
            label="Gemini CLI",
            command="gemini",
            mechanism=(
                "--include-directories=/etc/agentos, whose GEMINI.md (the instructions) Gemini CLI loads as workspace "
                "context next to the user's own GEMINI.md files: in the first user turn, NOT the system instruction "
                "(Gemini has no additive route into it). Text with @path imports outside backticks is refused; "
                "Gemini trims the text's outer whitespace and loads no workspace context in an untrusted folder"
            ),
            oversize="not affected: only the directory's path is passed",
            inject=_gemini,
            reaches="the first user turn (session context), not the system instruction",
            system_prompt=False,
            extra_files=gemini_files,
        ),
    )
}


def get_agent(name: str) -> AgentSpec:
    try:
        return AGENTS[name]
    except (KeyError, TypeError):
        raise NotFound(f"Unknown agent '{name}'. Known agents: {', '.join(sorted(AGENTS))}.") from None


def registered_agents() -> list[AgentSpec]:
    """Every registered agent, by name (``GET /api/agents``)."""
    return sorted(AGENTS.values(), key=lambda spec: spec.name)


def agent_files(agent: str, instructions_md: str, bundle_dir: str = MOUNT_DIR) -> dict[str, str]:
    """The bundle files ``agent`` needs besides ``bundle.compose_files``' (Gemini's ``GEMINI.md``)."""
    spec = get_agent(agent)
    return spec.extra_files(instructions_md, bundle_dir) if spec.extra_files else {}


# --- building the payload ----------------------------------------------------------


#: What a portable environment variable name looks like (POSIX: letters, digits, _).
ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def validate_env(env: object) -> dict[str, str]:
    """A caller's environment: portable names (``ENV_NAME``), values that pass ``validate_text``."""
    if env is None:
        return {}
    if not isinstance(env, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in env.items()):
        raise InvalidInput("env must map variable names to string values.")
    for key, value in env.items():
        if not ENV_NAME.fullmatch(key):
            raise InvalidInput(
                f"env has an invalid variable name {key!r}: names are letters, digits and _, not first a digit."
            )
        validate_text(value, field=f"env variable {key}", max_chars=None)
    return dict(env)


def check_exec_limits(args: list[str], env: Mapping[str, str]) -> None:
    """Raise ``PayloadTooLarge`` if Linux would refuse to exec with these strings."""
    for index, arg in enumerate(args):
        size = utf8_len(arg)
        if size > MAX_ARG_BYTES:
            raise PayloadTooLarge(
                f"Argument {index} would be {size} bytes; Linux accepts at most {MAX_ARG_BYTES} bytes per argument.",
                size=size,
                limit=MAX_ARG_BYTES,
            )
    for key, value in env.items():
        size = utf8_len(f"{key}={value}")
        if size > MAX_ARG_BYTES:
            raise PayloadTooLarge(
                f"Environment variable {key} would be {size} bytes; Linux accepts at most {MAX_ARG_BYTES} bytes "
                f"per variable (NAME=value).",
                size=size,
                limit=MAX_ARG_BYTES,
            )


def build_spawn(
    *,
    agent: str,
    instructions_md: str,
    cwd: str,
    env: Mapping[str, str] | None,
    skip_os_instructions: bool,
    files: Mapping[str, str] | None = None,
    bundle_dir: str = MOUNT_DIR,
) -> SpawnPayload:
    """The spawn payload for ``agent`` with ``instructions_md`` injected its own way.

    ``bundle_dir`` is where the launcher puts the bundle, as the agent sees it;
    every path in the payload names it. ``files`` is the bundle
    (``bundle.compose_files`` with the same ``bundle_dir``); without it the bundle is
    just ``instructions.md``. Its ``instructions.md`` must be ``instructions_md``: the
    file routes rely on the file holding exactly the text. The agent's extra files
    (``agent_files``) are added; a caller that already put them in ``files`` must
    have put the same text.

    Raises ``NotFound`` (unknown agent), ``InvalidInput`` (bad text, env or bundle
    directory, an unmergeable caller variable, text the agent would alter) and
    ``PayloadTooLarge`` (cannot fit Linux's per-string limit).
    """
    spec = get_agent(agent)
    content = validate_text(instructions_md, field="The instructions", max_chars=None)
    caller_env = validate_env(env)
    validate_bundle_dir(bundle_dir)
    path = instructions_path(bundle_dir)
    bundle = dict(files) if files is not None else {path: content}
    if bundle.get(path) != content:
        raise ValueError(f"files[{path!r}] must be the instructions text itself")
    for extra, text in agent_files(spec.name, content, bundle_dir).items():
        if bundle.setdefault(extra, text) != text:
            raise ValueError(f"files[{extra!r}] must be what the agent {spec.name} needs there")
    validate_text(cwd, field="cwd", max_chars=None)
    injection = (
        Injection(mechanism=MECHANISM_SKIPPED) if skip_os_instructions else spec.inject(content, caller_env, path)
    )
    args = list(injection.args)
    merged_env = {**caller_env, **injection.env}
    check_exec_limits(args, merged_env)
    return {
        "agent": spec.name,
        "args": args,
        "env": merged_env,
        "cwd": cwd,
        "files": bundle,
        "mechanism": injection.mechanism,
    }
