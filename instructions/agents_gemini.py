"""Gemini CLI: the fifth agent, and why its instructions travel as a workspace context file.

What Gemini CLI offers (checked in the published ``@google/gemini-cli`` 0.61.0 from
npm, its bundled source and a fake model API on 127.0.0.1, see
``instructions/verify``):

- ``GEMINI_SYSTEM_MD`` *replaces* the whole system prompt with a file: not additive,
  not used.
- The system instruction carries Gemini's own prompt plus the *global* context file
  ``~/.gemini/GEMINI.md`` (and the per-project ``MEMORY.md`` Gemini itself keeps under
  ``~/.gemini/tmp/``). Getting anything else in means replacing ``~/.gemini``
  (``GEMINI_CLI_HOME``), which also replaces the user's settings, login and
  extensions, or writing into the user's home: neither is acceptable. No flag,
  variable or setting appends to the system instruction, and hooks can only edit
  messages, not the system instruction.
- Workspace context files (``GEMINI.md`` in each workspace directory, up to the git
  root) are loaded into the *session context*: the first user turn of every
  request, ``<session_context> ... <loaded_context><project_context>``, which
  Gemini's own system prompt ranks above the global file ("Workspace Root:
  workspace-wide mandates. Supersedes global preferences"). That turn is rebuilt
  after history compression, so it stays for the whole session.
- ``--include-directories DIR`` adds a directory to the workspace, and since 0.61
  every workspace directory is searched for context files (the
  ``context.loadMemoryFromIncludeDirectories`` setting only matters for
  ``/directory add`` in a running session).

So the mechanism (``gemini-include-directory``): the bundle gets one more file,
``<bundle>/GEMINI.md``, holding exactly the instructions text, and the payload's
argv is ``--include-directories=<bundle>``. Nothing else changes: the user's
``~/.gemini/GEMINI.md`` still reaches the system instruction, the project's own
``GEMINI.md`` files still reach the session context (next to ours, ordered by path),
``~/.gemini/settings.json`` and the login are untouched (a user's own
``context.includeDirectories`` is concatenated with ours), nothing is written to the
working directory or the bundle. Only the path travels in argv, so the size of the
text never matters (200 KB checked). ``GEMINI.md`` is always among the names Gemini
looks for: a user's ``context.fileName`` is added to it, not substituted.

The value is one argv element with ``=`` (``--include-directories=DIR``) so it can
never swallow the user's next argument, whatever a later Gemini does with ``nargs``.

Limits, as Gemini CLI behaves (each one documented in the agents table):

- The text is in the first user turn, not in ``systemInstruction``.
- Gemini trims leading and trailing whitespace of every context file.
- Gemini expands ``@path`` imports in context files: an ``@`` at the start of a
  word followed by a letter, ``.`` or ``/``, outside backtick code spans, is
  replaced by that file's content or by an ``<!-- Import failed ... -->`` comment,
  and may read files next to the bundle (up to a git root above it). The text
  would not arrive as written, so such text is refused (``InvalidInput``, naming
  the tokens); writing the token in backticks (`` `@alice` ``) keeps it literal.
- Gemini loads no workspace context at all in a folder the user has not trusted
  (folder trust): then neither the project's ``GEMINI.md`` nor ours arrives. (In
  headless mode Gemini refuses to start in an untrusted folder.) Trust stays the
  user's decision: the payload never sets ``--skip-trust``.
- Gemini splits the ``--include-directories`` value at commas, so a bundle
  directory whose path has a comma is refused.
- The bundle directory becomes part of the agent's workspace: its files are
  readable by the agent's tools and listed in its directory overview.

This module is shaped like the strategies in ``instructions.agents``; the
integration registers ``GEMINI`` in ``AGENTS`` and adds ``gemini_files`` to the
bundle of gemini sessions (see the module's ``GEMINI`` docstring).
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping

from instructions.agents import AgentSpec, Injection, check_exec_limits, validate_env
from instructions.bundle import MOUNT_DIR
from instructions.errors import InvalidInput

#: The context file name Gemini CLI always searches for in workspace directories.
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


def gemini_context_path(bundle_dir: str = MOUNT_DIR) -> str:
    return f"{bundle_dir.rstrip('/') or ''}/{GEMINI_CONTEXT_FILE}"


def _check_bundle_dir(bundle_dir: str) -> str:
    if not isinstance(bundle_dir, str) or not bundle_dir.startswith("/") or "\x00" in bundle_dir:
        raise InvalidInput("The bundle directory must be an absolute path.")
    if "," in bundle_dir:
        raise InvalidInput(
            f"Gemini CLI splits --include-directories at commas; the bundle directory {bundle_dir!r} has one."
        )
    return bundle_dir.rstrip("/") or "/"


def _check_text(content: str) -> None:
    tokens = gemini_import_tokens(content)
    if tokens:
        shown = ", ".join(tokens[:5]) + (f" and {len(tokens) - 5} more" if len(tokens) > 5 else "")
        raise InvalidInput(
            f"Gemini CLI would read {shown} as file imports (@path) and not pass the instructions as written. "
            f"Put such words in backticks, e.g. `@name`."
        )


def gemini_files(content: str, *, bundle_dir: str = MOUNT_DIR) -> dict[str, str]:
    """The extra bundle file a gemini session needs: ``<bundle>/GEMINI.md`` = the text."""
    return {gemini_context_path(_check_bundle_dir(bundle_dir)): content}


def inject_gemini(content: str, env: Mapping[str, str], *, bundle_dir: str = MOUNT_DIR) -> Injection:
    """``--include-directories=<bundle>``; the bundle must hold ``gemini_files(content)``.

    Raises ``InvalidInput`` for text Gemini would alter (``@path`` imports) and for a
    bundle directory Gemini cannot be given (a comma). The caller's env is not needed:
    nothing is merged into a variable.
    """
    directory = _check_bundle_dir(bundle_dir)
    _check_text(content)
    return Injection(args=(f"--include-directories={directory}",), mechanism=MECHANISM_GEMINI)


#: The registry entry. Integration: add it to ``agents.AGENTS``, and where the bundle
#: is composed for a session whose agent is ``gemini``, add
#: ``gemini_files(instructions_md, bundle_dir=...)`` to its files (``skip_os_instructions``
#: keeps the file and drops the flag, like every other agent).
GEMINI = AgentSpec(
    name="gemini",
    label="Gemini CLI",
    command="gemini",
    mechanism=(
        "--include-directories=/etc/agentos, whose GEMINI.md (the instructions) Gemini CLI loads as workspace "
        "context next to the user's own GEMINI.md files: in the first user turn, not the system instruction"
    ),
    oversize="not affected: only the directory's path is passed",
    inject=inject_gemini,
)


def build_gemini_spawn(
    *, instructions_md: str, cwd: str, env: Mapping[str, str] | None, bundle_dir: str = MOUNT_DIR
) -> dict[str, object]:
    """A gemini spawn payload built the way ``agents.build_spawn`` builds the others.

    For ``instructions.verify`` until the integration registers ``GEMINI``; then
    ``build_spawn(agent="gemini", ...)`` replaces it.
    """
    if not isinstance(instructions_md, str) or "\x00" in instructions_md:
        raise InvalidInput("The instructions must be text without NUL characters.")
    caller_env = validate_env(env)
    injection = inject_gemini(instructions_md, caller_env, bundle_dir=bundle_dir)
    directory = _check_bundle_dir(bundle_dir)
    files = {f"{directory}/instructions.md": instructions_md, **gemini_files(instructions_md, bundle_dir=directory)}
    args = list(injection.args)
    merged_env = {**caller_env, **injection.env}
    check_exec_limits(args, merged_env)
    return {
        "agent": GEMINI.name,
        "args": args,
        "env": merged_env,
        "cwd": cwd,
        "files": files,
        "mechanism": injection.mechanism,
    }
