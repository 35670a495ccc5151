"""The check behind ``manage.py verify_agents``: does each installed agent CLI really
receive its instructions, the way this service injects them?

For every agent whose CLI is found (``bin_dirs`` first, then ``PATH``) and every
case below: build the spawn payload for a text carrying unique markers (through a
``PayloadBuilder``, so the engine checks what the service builds), write its bundle
into a private directory as ``agentos-launch`` would, run the real CLI with the
payload's argv and env against the fake model API on 127.0.0.1, and look for the
text, byte for byte, in the system-prompt fields of the requests the CLI sent. The
user's own instruction files planted by the recipe must still arrive (the injection
is additive), or, where an agent is documented to skip one, must not.

Cases: ``inline`` (multi-line: quotes, backslashes, TOML and flag look-alikes,
non-ASCII, a mention of ``/etc/agentos/`` that must survive as written),
``one-line`` (a single line ending in a quote: pi's file route, Codex's TOML
string), ``flag-like`` (one line starting ``--version -p``: an argv value that
looks like a flag), ``line-ends`` (CR LF, a lone CR, tabs: the control characters
text may hold), ``control-chars`` (ESC, DEL, SOH: the service refuses them for
every agent, ``400``, before any CLI runs; that refusal is the expected answer),
``oversize`` (over Linux's 131,071-byte argv limit: the file routes; for Codex a
413 refusal is the documented answer).

Each run gets a fresh HOME, working directory and bundle directory; each CLI is
killed (its whole process group) if it outlives ``timeout``. Markers derive from
the agent and case names, so two runs print the same report.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import agentos_launch
from instructions.foundation.errors import ServiceError
from instructions.rules.agents import MAX_ARG_BYTES
from instructions.verify.fake_api import FakeModelServer, Recorded, fake_model_server
from instructions.verify.payloads import PayloadBuilder
from instructions.verify.recipes import RECIPES, Recipe, base_environment

DEFAULT_TIMEOUT = 90.0
VERSION_TIMEOUT = 30.0

PASS, FAIL, REFUSED, NOT_INSTALLED = "pass", "fail", "refused", "not installed"


@dataclass(frozen=True)
class Case:
    name: str
    #: Unique to this agent and case; the text contains it.
    marker: str
    text: str
    oversize: bool = False
    #: The status the service must refuse this text with, for every agent (None: it must be delivered).
    refused_with: int | None = None


def run_tag(agent: str, case: str) -> str:
    """Ten hex digits naming one (agent, case): in the markers of the text and of the user's files."""
    return hashlib.sha256(f"{agent}\0{case}".encode()).hexdigest()[:10]


def marker(agent: str, case: str) -> str:
    return f"AGENTOS-VERIFY-{agent}-{case}-{run_tag(agent, case)}"


def inline_text(tag: str) -> str:
    return "\n".join(
        [
            f"{tag} begins.",
            "--leading double dash, then -p and --help on the same line",
            'He said "hi" and \'bye\'; an unbalanced quote " here',
            'Backslashes: C:\\new\\table, \\\\server\\share, literal \\n \\t \\" \\u0041 and a lone \\',
            "Tab:\there\tand\tthere",
            "\"\"\"a TOML multi-line basic string\"\"\" and '''a literal one'''",
            "a = 1",
            "[section]",
            "The bundle lives at /etc/agentos/instructions.md; this mention stays as written.",
            "Emoji 🦀🚀👩‍💻, non-ASCII: Grüße, naïve, 日本語, Ελληνικά, zero\u200bwidth",
            "$HOME `uname` $(id) %s {0} ${x} && | ; > < * ? ~",
            f'{tag} ends with a quote: "',
        ]
    )


def one_line_text(tag: str) -> str:
    return f'{tag}: always answer "yes"'


def oversize_text(tag: str, target: int = MAX_ARG_BYTES + 9_000) -> str:
    lines = [f"{tag} begins."]
    size = len(lines[0])
    i = 0
    while size < target:
        line = f'{i:06d} Rule: keep "quotes", back\\slashes, tabs\t, ünïcödé 日本 🦀 and a = {i}'
        lines.append(line)
        size += len(line.encode("utf-8")) + 1
        i += 1
    lines.append(f'{tag} ends. "')
    return "\n".join(lines)


def flag_like_text(tag: str) -> str:
    return f"--version -p {tag}"


def line_ends_text(tag: str) -> str:
    return f"{tag}: CRLF\r\nline two\r\na lone CR\rthen\ttabs\tand an end"


def control_chars_text(tag: str) -> str:
    return f"{tag}: ESC \x1b[31mred\x1b[0m, DEL \x7f, SOH \x01, end"


_TEXTS = {
    "inline": inline_text,
    "one-line": one_line_text,
    "flag-like": flag_like_text,
    "line-ends": line_ends_text,
    "control-chars": control_chars_text,
    "oversize": oversize_text,
}
#: Texts the service refuses for every agent, and with which status (``stored_text.validate_text``).
_REFUSED = {"control-chars": 400}


def cases_for(agent: str) -> list[Case]:
    return [
        Case(
            name,
            marker(agent, name),
            make(marker(agent, name)),
            oversize=name == "oversize",
            refused_with=_REFUSED.get(name),
        )
        for name, make in _TEXTS.items()
    ]


CASE_NAMES = tuple(_TEXTS)


@dataclass
class CaseResult:
    agent: str
    version: str
    case: str
    status: str
    ok: bool
    mechanism: str = ""
    where: str = ""
    detail: str = ""
    seconds: float = 0.0
    user_files: dict[str, bool] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class AgentReport:
    agent: str
    executable: str | None
    version: str
    results: list[CaseResult]

    @property
    def installed(self) -> bool:
        return self.executable is not None

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)


# --- finding and running the CLIs -----------------------------------------------------------


def find_executable(name: str, bin_dirs: Sequence[str], path: str | None = None) -> str | None:
    for folder in bin_dirs:
        candidate = Path(folder, name)
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return shutil.which(name, path=path if path is not None else os.environ.get("PATH", os.defpath))


_VERSION = re.compile(r"\d+\.\d+(?:\.\d+)?(?:[-+.][0-9A-Za-z.]+)?")


def cli_version(executable: str, timeout: float = VERSION_TIMEOUT) -> str:
    with tempfile.TemporaryDirectory(prefix="agentos-verify-version-") as home:
        env = base_environment(Path(home))
        rc, out, err = run_process([executable, "--version"], env, home, timeout)
    found = _VERSION.search(out) or _VERSION.search(err)
    return found.group(0) if found else f"unknown ({tail(out or err, 80) or rc})"


def run_process(argv: list[str], env: Mapping[str, str], cwd: str, timeout: float) -> tuple[int | str, str, str]:
    """Run ``argv`` in a new session; on timeout kill its whole process group. (rc, stdout, stderr)."""
    try:
        proc = subprocess.Popen(  # noqa: S603 (the CLI under test, found on disk)
            argv,
            cwd=cwd,
            env=dict(env),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    except OSError as exc:
        return f"exec failed: {exc.strerror or exc}", "", ""
    try:
        out, err = proc.communicate(timeout=timeout)
        rc: int | str = proc.returncode
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        rc = f"killed after {timeout:.0f} s"
    finally:
        # CLIs that fork helpers (Gemini relaunches itself) must not outlive the run.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
    return rc, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def tail(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else "..." + text[-limit:]


# --- evaluating the recorded requests -------------------------------------------------------


def string_leaves(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from string_leaves(value)
    elif isinstance(node, list):
        for value in node:
            yield from string_leaves(value)


def longest_prefix_in(text: str, haystack: str) -> int:
    """How many leading characters of ``text`` occur in ``haystack`` (binary search)."""
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if text[:mid] in haystack:
            low = mid
        else:
            high = mid - 1
    return low


def evaluate(
    recipe: Recipe, case: Case, records: list[Recorded], launch_user_files: Iterable[Any]
) -> tuple[bool, str, dict[str, bool]]:
    """(delivered and additive, detail, user file -> arrived)."""
    text = case.text
    calls = [r for r in records if recipe.is_model_request(r)]
    if not calls:
        return False, "no model request reached the fake API", {}
    hits = [
        (number, label, value.find(text), len(value))
        for number, record in enumerate(calls)
        for label, value in recipe.prompt_fields(record.body)
        if text in value
    ]
    user_files: dict[str, bool] = {}
    problems: list[str] = []
    for planted in launch_user_files:
        arrived = any(
            planted.marker in value
            for record in calls
            for value in ((v for _, v in planted.fields(record.body)) if planted.fields else string_leaves(record.body))
        )
        user_files[planted.label] = arrived
        if arrived != planted.expected:
            problems.append(f"{planted.label}: {'arrived' if arrived else 'did NOT arrive'}")
    if not hits:
        return False, _near_miss(recipe, case, calls), user_files
    _, label, offset, size = hits[0]
    placement = "the whole field" if offset == 0 and size == len(text) else f"at char {offset} of {size}"
    requests = len({h[0] for h in hits})
    detail = f"{label}: {placement}, in {requests}/{len(calls)} model requests"
    if problems:
        return False, detail + "; but " + "; ".join(problems), user_files
    return True, detail, user_files


def _near_miss(recipe: Recipe, case: Case, calls: list[Recorded]) -> str:
    text, tag = case.text, case.marker
    best = (0, "")
    for record in calls:
        for label, value in recipe.prompt_fields(record.body):
            prefix = longest_prefix_in(text, value)
            if prefix > best[0]:
                at = value.find(text[:prefix])
                got, wanted = value[at + prefix : at + prefix + 30], text[prefix : prefix + 30]
                best = (prefix, f"{label}: first {prefix}/{len(text)} chars arrive, then {got!r} instead of {wanted!r}")
    if best[0] and any(tag in value for record in calls for _, value in recipe.prompt_fields(record.body)):
        return f"text altered in {recipe.where}: {best[1]}"
    elsewhere = any(tag in value for record in calls for value in string_leaves(record.body))
    return f"text NOT in {recipe.where}" + (
        "; its marker is elsewhere in the request" if elsewhere else "; its marker is nowhere"
    )


# --- one case, one agent, all agents --------------------------------------------------------


def run_case(
    recipe: Recipe,
    executable: str,
    version: str,
    case: Case,
    server: FakeModelServer,
    build_payload: PayloadBuilder,
    timeout: float,
) -> CaseResult:
    result = CaseResult(recipe.agent, version, case.name, FAIL, False, where=recipe.where)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix=f"agentos-verify-{recipe.agent}-") as scratch:
        home, work = Path(scratch, "home"), Path(scratch, "work")
        home.mkdir()
        work.mkdir()
        bundle = agentos_launch.BundleDir.create(str(Path(scratch, "bundle")))
        launch = recipe.prepare(server.url, home, work, run_tag(recipe.agent, case.name))
        try:
            payload = build_payload(
                agent=recipe.agent, text=case.text, bundle_dir=bundle.path, cwd=str(work), env=launch.caller_env
            )
        except ServiceError as exc:
            refused = (exc.status == 413 and case.oversize and recipe.may_refuse_oversize) or (
                exc.status == case.refused_with
            )
            result.status, result.ok = (REFUSED, True) if refused else (FAIL, False)
            result.mechanism = f"refused ({exc.status} {exc.code})"
            result.detail = ("as documented: " if refused else "") + exc.message
            return result
        except ValueError as exc:  # a builder that cannot place the bundle: a bug, reported as such
            result.detail = f"the payload could not be built: {exc}"
            return result
        if case.refused_with is not None:
            result.mechanism = str(payload["mechanism"])
            result.detail = f"the service built a payload; it must refuse this text ({case.refused_with})"
            return result
        result.mechanism = str(payload["mechanism"])
        bundle.write(payload["files"])
        argv = [executable, *payload["args"], *launch.after]
        env = {**base_environment(home), **launch.base_env, **payload["env"]}
        server.take()
        rc, _, err = run_process(argv, env, str(payload["cwd"] or work), timeout)
        records = server.take()
        ok, detail, user_files = evaluate(recipe, case, records, launch.user_files)
        if not records or (not ok and rc != 0):
            detail += f" (exit {rc}; stderr: {tail(err) or '-'})"
        elif rc != 0:
            detail += f" (exit {rc})"
        result.ok, result.status, result.detail, result.user_files = ok, PASS if ok else FAIL, detail, user_files
    result.seconds = round(time.monotonic() - started, 1)
    return result


def verify_agent(
    recipe: Recipe,
    build_payload: PayloadBuilder,
    *,
    server: FakeModelServer,
    bin_dirs: Sequence[str] = (),
    timeout: float = DEFAULT_TIMEOUT,
    case_names: Iterable[str] = CASE_NAMES,
) -> AgentReport:
    executable = find_executable(recipe.executable, bin_dirs)
    if executable is None:
        missing = CaseResult(recipe.agent, "-", "*", NOT_INSTALLED, True, detail=f"'{recipe.executable}' not found")
        return AgentReport(recipe.agent, None, "-", [missing])
    version = cli_version(executable)
    wanted = set(case_names)
    results = [
        run_case(recipe, executable, version, case, server, build_payload, timeout)
        for case in cases_for(recipe.agent)
        if case.name in wanted
    ]
    return AgentReport(recipe.agent, executable, version, results)


def verify_agents(
    build_payload: PayloadBuilder,
    *,
    agents: Iterable[str] | None = None,
    bin_dirs: Sequence[str] = (),
    timeout: float = DEFAULT_TIMEOUT,
    case_names: Iterable[str] = CASE_NAMES,
) -> Iterator[AgentReport]:
    """One report per agent, as each finishes (so a caller can print as it goes)."""
    names = list(agents) if agents else list(RECIPES)
    unknown = sorted(set(names) - set(RECIPES))
    if unknown:
        raise ValueError(f"unknown agents: {', '.join(unknown)}; known: {', '.join(RECIPES)}")
    with fake_model_server() as server:
        for name in names:
            yield verify_agent(
                RECIPES[name], build_payload, server=server, bin_dirs=bin_dirs, timeout=timeout, case_names=case_names
            )


# --- reporting ------------------------------------------------------------------------------

TABLE_COLUMNS = ("AGENT", "VERSION", "CASE", "RESULT", "MECHANISM", "DETAIL")


def table_rows(reports: Iterable[AgentReport]) -> list[tuple[str, ...]]:
    rows = []
    for report in reports:
        for r in report.results:
            kept = "; ".join(f"{label}: {'yes' if arrived else 'no'}" for label, arrived in r.user_files.items())
            detail = r.detail + (f" [user files: {kept}]" if kept else "")
            rows.append((r.agent, r.version, r.case, r.status.upper(), r.mechanism, detail))
    return rows


def format_table(rows: Sequence[tuple[str, ...]], detail_width: int = 0) -> str:
    widths = [max(len(row[i]) for row in [TABLE_COLUMNS, *rows]) for i in range(len(TABLE_COLUMNS) - 1)]
    lines = []
    for row in [TABLE_COLUMNS, *rows]:
        detail = row[-1] if not detail_width or len(row[-1]) <= detail_width else row[-1][: detail_width - 1] + "…"
        lines.append("  ".join(cell.ljust(width) for cell, width in zip(row[:-1], widths, strict=True)) + "  " + detail)
    return "\n".join(lines)
