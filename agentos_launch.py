#!/usr/bin/env python3
"""agentos-launch: start a coding agent with its agentOS instructions, in one command.

    agentos-launch --workspace acme claude-code -- -p "fix the failing test"

Runs on the agent's host with the Python standard library only (3.8+): copy this
one file anywhere, or use the ``agentos-launch`` console script of the project.

What it does, in order:

1. Asks the server (``GET /api/agents``) for the agent's command, and finds it on
   ``PATH``.
2. Picks the bundle directory: ``--bundle-dir``, else ``/etc/agentos`` when it is a
   mount point this user may write (inside an agentOS VM), else a new private
   directory under ``$XDG_RUNTIME_DIR`` (or the temporary directory).
3. Creates the session (``POST /api/sessions``) with that ``bundle_dir``, so every
   path in the spawn payload names it, and the OS environment profile (``host``
   describes this machine, ``agentos-vm`` the VM).
4. Writes the payload's files there (directory 0700, files 0444) and runs the
   agent as a child with the payload's argv (before your own arguments), its
   environment (added to yours) and the session's working directory. Signals sent
   to the launcher reach the agent; terminal signals (Ctrl-C, Ctrl-\\, window
   size) reach it directly, as for any foreground program, and are not sent twice.
5. When the agent exits: ends the session (``DELETE /api/sessions/<id>``), removes
   the bundle directory (or, in a directory it did not create, the files it
   wrote) and exits with the agent's status (128+N when signal N ended it).

An agent whose instructions do not reach its system prompt (the server says so in
``GET /api/agents``: ``system_prompt`` false, e.g. Gemini CLI, which gets them as
workspace context) is named as such on stderr at every launch.

If anything fails before the agent starts, it prints one line and starts nothing;
a session created meanwhile is ended and the bundle removed. Ctrl-C or SIGTERM while
waiting for the server stops the launch at once (128+N) whatever the server does; while
the session is being created it waits up to 3 seconds more for the session's id, so as
to end it (a second Ctrl-C does not wait; a session created later ends when idle). A launcher killed
with SIGKILL cannot clean up: the session then ends when it has been idle for the
server's ``AGENTOS_SESSION_IDLE_MINUTES``.

The token is never printed and goes only in the ``Authorization`` header. It never
reaches the agent: not in its environment (``AGENTOS_TOKEN``, any ``AGENTOS_*``
variable named like a secret and any variable holding the token are left out of it),
nor in the launcher's own ``/proc`` entries, which the agent, running as the same
user, could read: the launcher re-executes itself with the token in neither its argv
nor its environment, and makes itself non-dumpable (Linux). The
caller's environment is not sent to the server, except the variables the agent's
injection merges with its own (for OpenCode, ``OPENCODE_CONFIG_CONTENT`` and
``OPENCODE_CONTEXTPATHS``, so your config keeps its keys) and those named with
``--env``.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import platform
import re
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

VERSION = "1.0"
DEFAULT_SERVER = "http://127.0.0.1:8000"
MOUNT_DIR = "/etc/agentos"
PROFILE_VM, PROFILE_HOST = "agentos-vm", "host"
HTTP_TIMEOUT = 30.0
#: Ending a session the launch was stopped for: a server that hangs is not waited for long.
CLEANUP_TIMEOUT = 5.0
#: A stopping signal while the session is being created waits this long for the answer,
#: so that the session's id is learnt and the session ended; a second signal stops at once.
CREATE_GRACE = 3.0

# Exit statuses of the launcher itself (sysexits.h where one fits). Documented in --help.
EXIT_USAGE = 2
EXIT_REFUSED = 65  # EX_DATAERR: the server refused what was asked (400, 404, 409, 413)
EXIT_NOINPUT = 66  # EX_NOINPUT: --instructions FILE unreadable
EXIT_UNAVAILABLE = 69  # EX_UNAVAILABLE: server unreachable or failing
EXIT_PROTOCOL = 70  # EX_SOFTWARE: an answer this launcher does not understand
EXIT_CANTCREAT = 73  # EX_CANTCREAT: bundle directory
EXIT_NOPERM = 77  # EX_NOPERM: token refused
EXIT_NOEXEC = 126  # as a shell: found but cannot be executed
EXIT_NOTFOUND = 127  # as a shell: command not found

#: Signals passed on to the agent. SIGINT, SIGQUIT and SIGWINCH come from the terminal
#: to the whole foreground process group, agent included: those are not passed on
#: again while the launcher is in the terminal's foreground (see ``_forward``).
FORWARDED = ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGWINCH", "SIGUSR1", "SIGUSR2")
TERMINAL_SIGNALS = ("SIGINT", "SIGQUIT", "SIGWINCH")
#: Before the agent runs, these end the launch (cleanly: session ended, bundle removed).
STOPPING = ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT")

#: Variables the server's injection merges with the caller's value instead of
#: replacing it, per agent: sent to the server when set. A server may list them
#: itself in ``GET /api/agents`` (``merges_env``); that list wins.
MERGED_ENV = {"opencode": ("OPENCODE_CONFIG_CONTENT", "OPENCODE_CONTEXTPATHS")}

SECRET_NAME = re.compile(r"TOKEN|KEY|SECRET|PASSWORD|CREDENTIAL", re.IGNORECASE)
#: Shapes of well-known API keys and tokens: masked wherever they appear in what is printed.
SECRET_SHAPES = re.compile(
    r"(?<![A-Za-z0-9_-])(?:"
    r"sk-[A-Za-z0-9_-]{16,}"  # OpenAI, Anthropic (sk-ant-...), DeepSeek, OpenRouter (sk-or-...)
    r"|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}"  # GitHub
    r"|glpat-[A-Za-z0-9_-]{20,}"  # GitLab
    r"|xox[abeprs]-[A-Za-z0-9-]{10,}"  # Slack
    r"|AKIA[0-9A-Z]{16}"  # AWS access key id
    r"|AIza[0-9A-Za-z_-]{35}"  # Google API key
    r"|agentos_[A-Za-z0-9_]{16,}"  # this service's API and session tokens
    r")"
)
#: Values of secret-named variables shorter than this are masked as values, not hunted for
#: inside other text (a ``DEBUG_TOKEN=1`` would mask every "1").
MIN_SECRET_CHARS = 8
#: The user's token is handed to the re-executed launcher through this inherited pipe
#: (``hide_token``), never through its argv or environment.
SESSION_TOKEN_VARIABLE = "AGENTOS_SESSION_TOKEN"  # noqa: S105 (a variable name, not a secret)
TOKEN_FD = "AGENTOS_LAUNCH_TOKEN_FD"  # noqa: S105 (a variable name, not a secret)
#: The file names a payload may give its bundle files (no path, no hidden file).
BUNDLE_NAMES = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
#: Files an existing bundle directory may already hold: a bundle left by a launcher
#: that could not clean up. Anything else there is the user's: never touched.
LEFTOVER_NAMES = ("instructions.md", "environment.json", "mounts.json", "GEMINI.md")

EPILOG = f"""\
exit status:
  the agent's own exit status, or 128+N when signal N ended it; before the agent runs:
  {EXIT_USAGE:<4} usage: bad arguments, no token, no workspace
  {EXIT_REFUSED:<4} the server refused: unknown agent or workspace, invalid input (400, 404),
       instructions in conflict with the credo (409), too large (413)
  {EXIT_NOINPUT:<4} --instructions FILE cannot be read as UTF-8 text
  {EXIT_UNAVAILABLE:<4} the server cannot be reached, redirects, or fails (5xx)
  {EXIT_PROTOCOL:<4} the server's answer is not one this launcher understands
  {EXIT_CANTCREAT:<4} the bundle directory cannot be created or written
  {EXIT_NOPERM:<4} the token was refused (401, 403)
  {EXIT_NOEXEC:<4} the agent's command cannot be executed
  {EXIT_NOTFOUND:<4} the agent's command is not on PATH

environment:
  AGENTOS_SERVER     default for --server ({DEFAULT_SERVER})
  AGENTOS_TOKEN      default for --token (prefer it: argv is visible to other users);
                     never passed on to the agent
  AGENTOS_WORKSPACE  default for --workspace

the agent's environment: yours and the payload's, without your agentOS token; with
--session-token (only then) also:
  AGENTOS_SESSION_TOKEN  a token of the session alone: its payload, its instructions and
                         its session scope (Authorization: Token ...); dies with the session
  AGENTOS_SESSION        the session's id
  AGENTOS_SERVER         the server's URL
"""


class LaunchError(Exception):
    """One line for the user and the exit status that goes with it."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


class Stopped(LaunchError):
    """A stopping signal arrived before the agent started (or while waiting for the server
    after it exited): exit as if it had ended us."""

    def __init__(self, signum: int, waiting_for: str = "", note: str = "", started: bool = False) -> None:
        name = signal.Signals(signum).name
        if started:
            message = f"stopped by {name} while the server had not answered {waiting_for}"
        else:
            message = f"stopped by {name} before the agent started"
            if waiting_for:
                message += f" (the server had not answered {waiting_for}{'; ' + note if note else ''})"
        super().__init__(message, 128 + signum)
        self.signum = signum


# --- the server ------------------------------------------------------------------------------


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    # urllib turns a redirected POST into a GET without its body; refuse redirects
    # instead and tell the user the address to use.
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class Api:
    def __init__(self, server: str, token: str, timeout: float = HTTP_TIMEOUT) -> None:
        if urllib.parse.urlsplit(server).scheme not in ("http", "https"):
            raise LaunchError(f"--server must be an http:// or https:// URL, not {server!r}", EXIT_USAGE)
        self.server = server.rstrip("/")
        self.token = token
        self.timeout = timeout
        self._opener = urllib.request.build_opener(_NoRedirect)
        #: Entered around each call's network part (``SignalRelay.server_call``): signals stop it.
        self.guard: Any = None

    def call(
        self,
        method: str,
        path: str,
        body: Mapping[str, Any] | None = None,
        reason: str = "",
        *,
        grace: float = 0.0,
        note: str = "",
        timeout: float | None = None,
    ) -> Any:
        """The decoded JSON answer; any failure is a ``LaunchError`` with one line.

        With a ``guard``, a stopping signal while waiting raises ``Stopped`` at once, or
        after ``grace`` seconds (``note`` says what that leaves behind).
        """
        what = f"{method} /api/{path.lstrip('/')}"
        guard = self.guard(what, grace=grace, note=note) if self.guard else contextlib.nullcontext()
        with guard:
            return self._call(method, path, body, reason, timeout or self.timeout)

    def _call(self, method: str, path: str, body: Mapping[str, Any] | None, reason: str, timeout: float) -> Any:
        url = f"{self.server}/api/{path.lstrip('/')}"
        data = json.dumps(body).encode("utf-8") if body is not None else None
        request = urllib.request.Request(url, data=data, method=method)  # noqa: S310 (scheme checked in __init__)
        request.add_header("Authorization", f"Token {self.token}")
        request.add_header("Accept", "application/json")
        request.add_header("User-Agent", f"agentos-launch/{VERSION}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if reason:
            # The service records it as the change reason of the session's audit rows.
            request.add_header("X-Change-Reason", reason)
        try:
            with self._opener.open(request, timeout=timeout) as response:
                raw = response.read()
        except urllib.error.HTTPError as exc:
            raise self._http_error(exc) from None
        except urllib.error.URLError as exc:
            reason_text = getattr(exc.reason, "strerror", None) or str(exc.reason)
            raise LaunchError(
                f"cannot reach the agentOS server at {self.server}: {reason_text}", EXIT_UNAVAILABLE
            ) from None
        except (OSError, ValueError) as exc:  # timeouts, resets, a malformed URL
            raise LaunchError(f"cannot reach the agentOS server at {self.server}: {exc}", EXIT_UNAVAILABLE) from None
        try:
            return json.loads(raw.decode("utf-8")) if raw else None
        except ValueError:
            raise LaunchError(
                f"the server at {self.server} did not answer JSON to {method} {url}", EXIT_PROTOCOL
            ) from None

    def _http_error(self, exc: urllib.error.HTTPError) -> LaunchError:
        status = exc.code
        try:
            error = json.loads(exc.read().decode("utf-8"))
        except (ValueError, OSError):
            error = None
        if not isinstance(error, dict):
            error = {}
        code = str(error.get("code") or "")
        detail = error.get("detail") or field_errors(error) or exc.reason or ""
        detail = " ".join(str(detail).split())
        label = f"{status} {code}".strip()
        if 300 <= status < 400:
            where = exc.headers.get("Location", "?") if exc.headers else "?"
            return LaunchError(f"the server redirects to {where}: use that address as --server", EXIT_UNAVAILABLE)
        if status in (401, 403):
            what = "refused the token" if status == 401 else "does not allow this"
            return LaunchError(f"the server {what} ({label}): {detail}", EXIT_NOPERM)
        if status == 409 and code == "OATH_CONFLICT":
            findings = [c for c in error.get("conflicts") or [] if isinstance(c, dict)]
            shown = "; ".join(f"{c.get('conflicting_oath', '?')}: \u201c{c.get('snippet', '')}\u201d" for c in findings)
            review = f"; kept for review as #{error['review']}" if error.get("review") is not None else ""
            return LaunchError(
                f"the instructions conflict with the credo ({label}): {shown or detail}{review}", EXIT_REFUSED
            )
        if status == 413:
            size, limit = error.get("size"), error.get("limit")
            numbers = f" (size {size}, limit {limit})" if size is not None and limit is not None else ""
            return LaunchError(f"too large ({label}){numbers}: {detail}", EXIT_REFUSED)
        if status >= 500:
            return LaunchError(f"the server failed ({label}): {detail}", EXIT_UNAVAILABLE)
        hint = ""
        if status == 400 and _unknown_fields(error) & {"bundle_dir", "os_profile", "platform"}:
            hint = " (this server predates bundle_dir/os_profile: upgrade it)"
        return LaunchError(f"the server refused the request ({label}): {detail}{hint}", EXIT_REFUSED)


def _unknown_fields(error: Mapping[str, Any]) -> set[str]:
    """The fields a validation answer calls unknown (``{"f": ["Unknown field."]}``, or under ``errors``)."""
    fields = error.get("errors") if isinstance(error.get("errors"), dict) else error
    return {name for name, messages in fields.items() if messages == ["Unknown field."]}


def field_errors(error: Mapping[str, Any]) -> str:
    """A validation answer (``{"field": ["message", ...]}``) as one line."""
    parts = []
    for name, messages in error.items():
        if isinstance(messages, list) and all(isinstance(m, str) for m in messages):
            parts.append(f"{name}: {' '.join(messages)}")
    return "; ".join(parts)


# --- the bundle directory --------------------------------------------------------------------


class BundleDir:
    """A private directory holding one session's bundle files.

    Created here (mode 0700), or an existing one that is a real directory (not a
    symlink), owned by this user, and holds nothing but a bundle left behind
    (``LEFTOVER_NAMES``, replaced); it is then made 0700. Files are written mode 0444
    without following symlinks.
    """

    def __init__(self, path: str, created: bool) -> None:
        self.path = path
        self.created = created
        self.written: list[str] = []

    @classmethod
    def create(cls, path: str) -> BundleDir:
        path = os.path.abspath(path)
        parent = os.path.dirname(path)
        try:
            os.makedirs(parent, exist_ok=True)
            os.mkdir(path, 0o700)
        except FileExistsError:
            cls._check_existing(path)
            os.chmod(path, 0o700)
            return cls(path, created=False)
        except OSError as exc:
            raise LaunchError(
                f"cannot create the bundle directory {path}: {exc.strerror or exc}", EXIT_CANTCREAT
            ) from None
        os.chmod(path, 0o700)  # whatever the umask did
        return cls(path, created=True)

    @classmethod
    def private(cls) -> BundleDir:
        """A new directory under ``$XDG_RUNTIME_DIR`` (per-user, tmpfs) or the temporary directory."""
        base = os.environ.get("XDG_RUNTIME_DIR", "")
        if not (base and os.path.isabs(base) and _is_private_dir(base)):
            base = tempfile.gettempdir()
        try:
            # mkdtemp creates a unique 0700 directory atomically, safe in a shared /tmp.
            return cls(tempfile.mkdtemp(prefix="agentos-bundle-", dir=base), created=True)
        except OSError as exc:
            raise LaunchError(
                f"cannot create a bundle directory in {base}: {exc.strerror or exc}", EXIT_CANTCREAT
            ) from None

    @staticmethod
    def _check_existing(path: str) -> None:
        try:
            st = os.lstat(path)
        except OSError as exc:
            raise LaunchError(
                f"cannot examine the bundle directory {path}: {exc.strerror or exc}", EXIT_CANTCREAT
            ) from None
        if stat.S_ISLNK(st.st_mode):
            raise LaunchError(f"the bundle directory {path} is a symlink; refusing to use it", EXIT_CANTCREAT)
        if not stat.S_ISDIR(st.st_mode):
            raise LaunchError(f"{path} exists and is not a directory", EXIT_CANTCREAT)
        if st.st_uid != os.geteuid():
            raise LaunchError(
                f"the bundle directory {path} belongs to uid {st.st_uid}, not to you; refusing to use it",
                EXIT_CANTCREAT,
            )
        entries = sorted(os.listdir(path))
        others = [n for n in entries if n not in LEFTOVER_NAMES or not _is_plain_file(os.path.join(path, n))]
        if others:
            raise LaunchError(
                f"the bundle directory {path} holds other things ({others[0]}); give an empty or new directory",
                EXIT_CANTCREAT,
            )

    def names(self, files: Mapping[str, str]) -> dict[str, str]:
        """``{file name: text}``; every path must be a plain file directly in this directory."""
        names = {}
        prefix = self.path.rstrip("/") + "/"
        for path, text in files.items():
            name = path[len(prefix) :] if isinstance(path, str) and path.startswith(prefix) else ""
            if not BUNDLE_NAMES.match(name) or not isinstance(text, str):
                raise LaunchError(f"the payload names a file outside {self.path}: {path!r}", EXIT_PROTOCOL)
            names[name] = text
        return names

    def write(self, files: Mapping[str, str]) -> None:
        names = self.names(files)
        try:
            for stale in os.listdir(self.path):  # a bundle left behind (checked on entry)
                if stale in LEFTOVER_NAMES:
                    os.unlink(os.path.join(self.path, stale))
            for name, text in names.items():
                fd = os.open(os.path.join(self.path, name), os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW, 0o444)
                self.written.append(name)
                with os.fdopen(fd, "wb") as handle:
                    handle.write(text.encode("utf-8"))
                os.chmod(os.path.join(self.path, name), 0o444)  # the umask may have taken bits
        except OSError as exc:
            raise LaunchError(
                f"cannot write the bundle into {self.path}: {exc.strerror or exc}", EXIT_CANTCREAT
            ) from None

    def remove(self) -> None:
        if self.created:
            shutil.rmtree(self.path, ignore_errors=True)
            return
        for name in self.written:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(os.path.join(self.path, name))
        self.written = []


_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _is_plain_file(path: str) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _is_private_dir(path: str) -> bool:
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.geteuid() and not st.st_mode & 0o077


def vm_mount_usable() -> bool:
    """Is ``/etc/agentos`` the agentOS mount, and can this user write the bundle there?"""
    if not (os.path.ismount(MOUNT_DIR) and os.access(MOUNT_DIR, os.W_OK)):
        return False
    try:
        BundleDir._check_existing(MOUNT_DIR)
    except LaunchError:
        return False
    return True


def choose_bundle_dir(requested: str | None) -> BundleDir:
    if requested:
        return BundleDir.create(requested)
    if vm_mount_usable():
        return BundleDir(MOUNT_DIR, created=False)
    return BundleDir.private()


# --- the payload -----------------------------------------------------------------------------


def check_payload(spawn: Any) -> dict[str, Any]:
    """The spawn payload, its types checked: a launcher must not guess."""
    ok = (
        isinstance(spawn, dict)
        and isinstance(spawn.get("args"), list)
        and all(isinstance(a, str) for a in spawn["args"])
        and isinstance(spawn.get("env"), dict)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in spawn["env"].items())
        and isinstance(spawn.get("cwd", ""), str)
        and isinstance(spawn.get("files"), dict)
    )
    if not ok:
        raise LaunchError("the server's spawn payload is not in the expected form", EXIT_PROTOCOL)
    return spawn


class Masker:
    """Hides secrets in what ``--print`` shows: whole values of variables named like a secret,
    and any occurrence of a known secret value (the tokens; the values of secret-named
    variables, the caller's and the payload's) or of a well-known key shape, anywhere: in
    argv, in env values, inside JSON such as ``OPENCODE_CONFIG_CONTENT``."""

    def __init__(self, secrets: Sequence[str] = (), envs: Sequence[Mapping[str, str]] = ()) -> None:
        found = {s for s in secrets if s}
        for env in envs:
            found.update(v for n, v in env.items() if SECRET_NAME.search(n) and len(v) >= MIN_SECRET_CHARS)
        # Longest first, so that a secret containing another is hidden whole.
        self.secrets = sorted(found, key=len, reverse=True)

    def text(self, value: str) -> str:
        for secret in self.secrets:
            value = value.replace(secret, "****")
        return SECRET_SHAPES.sub("****", value)

    def variable(self, name: str, value: str) -> str:
        return "****" if SECRET_NAME.search(name) else self.text(value)


def mask(name: str, value: str) -> str:
    return Masker().variable(name, value)


def describe(argv: Sequence[str], env: Mapping[str, str], cwd: str, masker: Masker | None = None) -> str:
    """The command as a shell line: ``cd CWD && env NAME=VALUE... COMMAND ARGS`` (secrets masked)."""
    masker = masker or Masker()
    assignments = [f"{name}={shlex.quote(masker.variable(name, value))}" for name, value in sorted(env.items())]
    parts = ["cd", shlex.quote(masker.text(cwd)), "&&"]
    if assignments:
        parts += ["env", *assignments]
    return " ".join(parts + [shlex.quote(masker.text(a)) for a in argv])


def exit_status(returncode: int) -> int:
    return 128 - returncode if returncode < 0 else returncode


# --- signals ---------------------------------------------------------------------------------


class SignalRelay:
    """Until the agent runs, signals wait (``checkpoint`` acts on them); then they are passed on.

    Waiting rather than raising at once: a launch interrupted in the middle of creating
    the child could leave an agent running without session or bundle. Waiting for the
    server is the exception (``server_call``): a server that hangs must not make Ctrl-C
    wait for the HTTP timeout, so a stopping signal then stops the launch at once, or,
    while the session is being created, after a short grace (to learn its id and end
    it; a second signal does not wait).
    """

    def __init__(self) -> None:
        self.child: subprocess.Popen[bytes] | None = None
        self.previous: dict[int, Any] = {}
        self.pending: list[int] = []
        #: What the launcher waits for the server to answer ("METHOD /api/path"), if anything.
        self.waiting_for = ""
        self.grace = 0.0
        self.note = ""
        self.alarm_set = False

    def __enter__(self) -> SignalRelay:
        for name in FORWARDED:
            signum = getattr(signal, name, None)
            if signum is not None:
                self.previous[signum] = signal.signal(signum, self._handle)
        if hasattr(signal, "setitimer"):
            self.previous[signal.SIGALRM] = signal.signal(signal.SIGALRM, self._alarm)
        return self

    def __exit__(self, *exc: object) -> None:
        self._cancel_alarm()
        for signum, handler in self.previous.items():
            signal.signal(signum, handler)

    @contextlib.contextmanager
    def server_call(self, what: str, grace: float = 0.0, note: str = "") -> Iterator[None]:
        """Around one HTTP call: a stopping signal stops the launch (``Stopped``) at once, or
        after ``grace`` seconds if the call has not ended by then."""
        self.waiting_for, self.grace, self.note = what, grace, note
        try:
            yield
        finally:
            self.waiting_for = ""
            self._cancel_alarm()

    def checkpoint(self) -> None:
        """Stop the launch here if a stopping signal arrived."""
        for signum in self.pending:
            if signal.Signals(signum).name in STOPPING:
                raise Stopped(signum)

    def spawn(self, argv: list[str], **kwargs: Any) -> subprocess.Popen[bytes]:
        self.checkpoint()
        self.child = subprocess.Popen(argv, **kwargs)  # noqa: S603 (the user's agent, by design)
        # A signal that came while the child was being created is the child's now.
        for signum in self.pending:
            self._forward(signum)
        self.pending = []
        return self.child

    def _handle(self, signum: int, frame: object) -> None:
        if self.waiting_for and signal.Signals(signum).name in STOPPING:
            self.pending.append(signum)
            if self.grace <= 0 or self.alarm_set or not hasattr(signal, "setitimer"):
                self._stop()
            self.alarm_set = True
            signal.setitimer(signal.ITIMER_REAL, self.grace)
        elif self.child is None:
            self.pending.append(signum)
        else:
            self._forward(signum)

    def _alarm(self, signum: int, frame: object) -> None:
        if self.waiting_for and self.pending:  # the grace is over and the server has still not answered
            self._stop()

    def _stop(self) -> None:
        raise Stopped(self.pending[0], self.waiting_for, self.note, started=self.child is not None)

    def _cancel_alarm(self) -> None:
        if self.alarm_set:
            signal.setitimer(signal.ITIMER_REAL, 0)
            self.alarm_set = False

    def _forward(self, signum: int) -> None:
        if self.child is not None and self.child.poll() is None and self._should_forward(signum):
            with contextlib.suppress(ProcessLookupError):
                self.child.send_signal(signum)

    @staticmethod
    def _should_forward(signum: int) -> bool:
        # The agent shares the launcher's process group, so a signal from the terminal
        # (Ctrl-C, Ctrl-\, a resize) already reached it: sending it again would make an
        # agent see two Ctrl-C, which many read as "quit now".
        if signal.Signals(signum).name not in TERMINAL_SIGNALS:
            return True
        for fd in (0, 1, 2):
            with contextlib.suppress(OSError):
                if os.isatty(fd) and os.tcgetpgrp(fd) == os.getpgrp():
                    return False
        return True


# --- the launch ------------------------------------------------------------------------------


def parse_args(argv: Sequence[str]) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(
        prog="agentos-launch",
        usage="%(prog)s [options] --workspace W AGENT [-- AGENT_ARGS...]",
        description="Start a coding agent with its agentOS instructions: create the session, write its "
        "bundle, run the agent, end the session when it exits.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("agent", metavar="AGENT", help="an agent name from GET /api/agents, e.g. claude-code")
    parser.add_argument("--server", default=os.environ.get("AGENTOS_SERVER") or DEFAULT_SERVER, help="server URL")
    parser.add_argument("--token", help="API token (default: $AGENTOS_TOKEN)")
    parser.add_argument("--workspace", default=os.environ.get("AGENTOS_WORKSPACE"), help="workspace slug")
    parser.add_argument(
        "--instructions", metavar="FILE", help="a file whose text is the session's additional instructions"
    )
    parser.add_argument("--bundle-dir", metavar="DIR", help="where to write the bundle (default: see above)")
    parser.add_argument(
        "--os-profile",
        choices=(PROFILE_VM, PROFILE_HOST),
        help=f"OS environment text (default: {PROFILE_VM} in the agentOS mount, else {PROFILE_HOST})",
    )
    parser.add_argument("--cwd", metavar="DIR", help="the agent's working directory (default: the current one)")
    parser.add_argument(
        "--env",
        action="append",
        default=[],
        metavar="NAME[=VALUE]",
        help="send this variable to the server as part of the session's env (repeat)",
    )
    parser.add_argument("--command", metavar="PATH", help="run this instead of the agent's usual command")
    parser.add_argument(
        "--session-token",
        action="store_true",
        help=f"give the agent a token of its own session ({SESSION_TOKEN_VARIABLE}, with AGENTOS_SESSION and "
        "AGENTOS_SERVER): it reads the session's payload and instructions and changes its session scope, "
        "nothing else, and stops working when the session ends. Without it the agent gets no agentOS token; "
        "it never gets yours",
    )
    parser.add_argument(
        "--print",
        action="store_true",
        dest="print_only",
        help="print the command and environment that would run (secrets masked) and launch nothing: the "
        "session is created, so the payload is exactly the real one, and ended at once",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {VERSION}")
    argv = list(argv)
    agent_args: list[str] = []
    if "--" in argv:
        at = argv.index("--")
        argv, agent_args = argv[:at], argv[at + 1 :]
    options = parser.parse_args(argv)
    options.token = options.token or read_token_fd() or os.environ.get("AGENTOS_TOKEN")
    if not options.token:
        parser.error("no token: pass --token or set AGENTOS_TOKEN")
    if not options.workspace:
        parser.error("no workspace: pass --workspace or set AGENTOS_WORKSPACE")
    return options, agent_args


# --- keeping the user's token from the agent -----------------------------------------------------


def hide_token(argv: Sequence[str], token: str) -> None:
    """Re-execute this launcher with the token in neither its argv nor its environment.

    The agent runs as the same user as the launcher, its parent: ``/proc/<ppid>/cmdline``
    and ``/proc/<ppid>/environ`` would show it the token given as ``--token`` or
    ``AGENTOS_TOKEN``. The new image gets it through an inherited pipe instead
    (``AGENTOS_LAUNCH_TOKEN_FD``) and keeps it in memory only. Returns (and the launch
    goes on as it is) when there is nothing to hide or this cannot be done here.
    """
    args = list(argv[1:])
    end = args.index("--") if "--" in args else len(args)
    kept: list[str] = []
    for arg in args[:end]:
        if arg == token or (arg.startswith("--") and arg.endswith("=" + token)):
            if arg == token and kept and kept[-1].startswith("--"):
                kept.pop()  # the option naming it
            continue
        kept.append(arg)
    hidden = kept != args[:end] or os.environ.get("AGENTOS_TOKEN") == token
    if not hidden or os.name != "posix" or not sys.executable or not argv or not os.path.isfile(argv[0]):
        return
    env = {name: value for name, value in os.environ.items() if name != "AGENTOS_TOKEN"}
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, token.encode("utf-8"))  # far below a pipe's buffer: never blocks
        os.close(write_end)
        os.set_inheritable(read_end, True)
        env[TOKEN_FD] = str(read_end)
        sys.stdout.flush()
        sys.stderr.flush()
        os.execve(sys.executable, [sys.executable, argv[0], *kept, *args[end:]], env)  # noqa: S606 (itself)
    except OSError:
        with contextlib.suppress(OSError):
            os.close(read_end)


def read_token_fd() -> str | None:
    """The token handed over by ``hide_token``, read once; the variable is dropped."""
    fd = os.environ.pop(TOKEN_FD, "")
    if not fd.isdigit():
        return None
    chunks = []
    with contextlib.suppress(OSError):
        while True:
            chunk = os.read(int(fd), 65536)
            if not chunk:
                break
            chunks.append(chunk)
    with contextlib.suppress(OSError):
        os.close(int(fd))
    return b"".join(chunks).decode("utf-8", "replace") or None


def not_dumpable() -> None:
    """Linux: make this process non-dumpable, so that its memory (which holds the token) and
    its ``/proc`` entries are not readable by other processes of the same user, the agent
    included. The agent's own image is dumpable again (``execve`` resets it). Best effort."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE, 0
    except (OSError, AttributeError, ImportError):
        pass


def agent_env(caller: Mapping[str, str], payload: Mapping[str, str], token: str) -> dict[str, str]:
    """The agent's environment: the caller's, then the payload's, without the user's agentOS
    credentials: ``AGENTOS_TOKEN``, any ``AGENTOS_*`` variable named like a secret, and any
    variable holding the token, whatever its name."""
    env = {**caller, **payload}
    return {
        name: value
        for name, value in env.items()
        if not (name.upper().startswith("AGENTOS_") and SECRET_NAME.search(name))
        and name != TOKEN_FD
        and token not in value
    }


def read_instructions(path: str | None) -> str:
    if not path:
        return ""
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise LaunchError(f"cannot read --instructions {path}: {reason}", EXIT_NOINPUT) from None


def session_env(options: argparse.Namespace, agent: Mapping[str, Any]) -> dict[str, str]:
    """The caller env sent to the server: the merged variables that are set, and ``--env``."""
    names = agent.get("merges_env")
    if not isinstance(names, list):
        names = MERGED_ENV.get(options.agent, ())
    env = {name: os.environ[name] for name in names if isinstance(name, str) and name in os.environ}
    for item in options.env:
        name, has_value, value = item.partition("=")
        if not name:
            raise LaunchError(f"--env {item!r}: no variable name", EXIT_USAGE)
        if has_value:
            env[name] = value
        elif name in os.environ:
            env[name] = os.environ[name]
        if name in env and options.token in env[name]:
            raise LaunchError(f"--env {name} holds your agentOS token; it is never given to the agent", EXIT_USAGE)
    return env


def mint_session_token(api: Api, session_id: str, reason: str) -> str:
    """A token for the agent, bound to its session (``POST /api/sessions/<id>/token``): it reads
    the session's payload and instructions and changes its session scope, nothing else, and
    stops working when the session ends."""
    try:
        minted = api.call("POST", f"sessions/{urllib.parse.quote(session_id)}/token", reason=reason)
    except LaunchError as exc:
        if exc.status == EXIT_REFUSED and "404" in exc.message:
            exc.message += " (this server predates session tokens: upgrade it, or launch without --session-token)"
        raise
    if not isinstance(minted, dict) or not isinstance(minted.get("token"), str) or not minted["token"]:
        raise LaunchError("the server's session token is not in the expected form", EXIT_PROTOCOL)
    return minted["token"]


def find_agent(api: Api, name: str) -> dict[str, Any]:
    agents = api.call("GET", "agents")
    if isinstance(agents, dict):  # a paginated answer
        agents = agents.get("results")
    if not isinstance(agents, list):
        raise LaunchError("the server's agent list is not in the expected form", EXIT_PROTOCOL)
    for agent in agents:
        if isinstance(agent, dict) and agent.get("name") == name:
            return agent
    known = ", ".join(sorted(str(a.get("name")) for a in agents if isinstance(a, dict)))
    raise LaunchError(f"unknown agent '{name}'; the server knows: {known}", EXIT_REFUSED)


def resolve_command(command: str, env: Mapping[str, str]) -> str:
    """The agent's executable: ``command`` looked up on ``PATH`` (or, with a slash, as a path).

    Not found, it says why: nothing there (127), or a file that is not executable or a
    directory in its place (126, as a shell answers).
    """
    path = env.get("PATH", os.defpath)
    found = shutil.which(command, path=path)
    if found is not None:
        return found
    if os.sep in command:
        if os.path.isdir(command):
            raise LaunchError(f"{command} is a directory, not a program", EXIT_NOEXEC)
        if os.path.exists(command):
            raise LaunchError(f"{command} is not executable (chmod +x it)", EXIT_NOEXEC)
        raise LaunchError(f"{command} does not exist", EXIT_NOTFOUND)
    for folder in path.split(os.pathsep):
        candidate = os.path.join(folder, command)
        if folder and os.path.isdir(candidate):
            raise LaunchError(f"'{command}' found at {candidate} but it is a directory, not a program", EXIT_NOEXEC)
        if folder and os.path.exists(candidate):
            raise LaunchError(
                f"'{command}' found at {candidate} but not executable (chmod +x it, or give --command)", EXIT_NOEXEC
            )
    raise LaunchError(f"'{command}' is not on PATH (install the agent's CLI, or give --command)", EXIT_NOTFOUND)


def run(options: argparse.Namespace, agent_args: list[str], out: Any = None) -> int:
    out = out or sys.stdout
    api = Api(options.server, options.token)
    extra = read_instructions(options.instructions)
    cwd = os.path.abspath(options.cwd or os.getcwd())
    with SignalRelay() as relay:
        api.guard = relay.server_call
        agent = find_agent(api, options.agent)
        if agent.get("system_prompt") is False:
            # The service says this agent gets the text somewhere weaker than its system
            # prompt (Gemini CLI: workspace context); the user should know at every launch.
            where = str(agent.get("reaches") or "its context, not its system prompt")
            warn(f"{options.agent} receives the instructions in {' '.join(where.split())}")
        command = options.command or str(agent.get("command") or options.agent)
        executable = None if options.print_only else resolve_command(command, os.environ)
        relay.checkpoint()
        bundle = choose_bundle_dir(options.bundle_dir)
        session_id = None
        stopped = False
        reason = "agentos-launch --print (nothing launched)" if options.print_only else "agentos-launch"
        try:
            profile = options.os_profile or (PROFILE_VM if bundle.path == MOUNT_DIR else PROFILE_HOST)
            body: dict[str, Any] = {
                "workspace": options.workspace,
                "agent": options.agent,
                "cwd": cwd,
                "env": session_env(options, agent),
                "additional_instructions": extra,
            }
            # Sent only when they differ from the server's defaults, so a launcher inside
            # the agentOS VM also works with a server that predates them.
            if bundle.path != MOUNT_DIR:
                body["bundle_dir"] = bundle.path
            if profile != PROFILE_VM:
                body["os_profile"] = profile
                body["platform"] = describe_platform()
            session = api.call(
                "POST",
                "sessions",
                body,
                reason=reason,
                grace=CREATE_GRACE,
                note="a session it still creates ends when idle",
            )
            if not isinstance(session, dict) or "id" not in session:
                raise LaunchError("the server's session is not in the expected form", EXIT_PROTOCOL)
            session_id = str(session["id"])
            relay.checkpoint()
            spawn = check_payload(session.get("spawn"))
            bundle.names(spawn["files"])  # every file inside the bundle directory, before anything runs
            run_cwd = spawn.get("cwd") or cwd
            argv = [command, *spawn["args"], *agent_args]
            for name in sorted(set(spawn["env"]) & set(os.environ) - set(body["env"])):
                if spawn["env"][name] != os.environ[name]:
                    warn(f"the payload sets {name}, replacing the value in your environment")
            granted: dict[str, str] = {}
            if options.session_token:
                # --print mints none (the session ends at once): the value is shown masked anyway.
                token = "****" if options.print_only else mint_session_token(api, session_id, reason)
                granted = {"AGENTOS_SERVER": api.server, "AGENTOS_SESSION": session_id, SESSION_TOKEN_VARIABLE: token}
                relay.checkpoint()
            if options.print_only:
                masker = Masker([options.token], [os.environ, spawn["env"]])
                print_plan(out, session_id, bundle, spawn, argv, run_cwd, {**spawn["env"], **granted}, masker)
                return 0
            bundle.write(spawn["files"])
            env = {**agent_env(os.environ, spawn["env"], options.token), **granted}
            try:
                child = relay.spawn(argv, executable=executable, env=env, cwd=run_cwd)
            except OSError as exc:
                status = EXIT_NOTFOUND if exc.errno == errno.ENOENT else EXIT_NOEXEC
                raise LaunchError(f"cannot run {executable} in {run_cwd}: {exc.strerror or exc}", status) from None
            return exit_status(child.wait())
        except Stopped:
            stopped = True
            raise
        finally:
            if relay.child is not None and relay.child.poll() is None:
                # Only reached if the launcher itself fails while the agent runs.
                relay.child.terminate()
                relay.child.wait()
            if session_id is not None:
                try:
                    api.call(
                        "DELETE",
                        f"sessions/{urllib.parse.quote(session_id)}",
                        reason=reason,
                        timeout=CLEANUP_TIMEOUT if stopped else None,
                    )
                except LaunchError as exc:
                    warn(f"the session {session_id} could not be ended ({exc.message}); it ends when idle")
            bundle.remove()


def describe_platform() -> str:
    """What the ``host`` OS profile tells the agent about this machine."""
    system = platform.system() or sys.platform
    details = [platform.release(), platform.machine()]
    if system == "Linux":
        with contextlib.suppress(OSError, AttributeError):
            release = platform.freedesktop_os_release()  # 3.10+
            details.insert(0, release.get("PRETTY_NAME", ""))
    return " ".join([system, *[d for d in details if d]])


def print_plan(
    out: Any,
    session_id: str,
    bundle: BundleDir,
    spawn: Mapping[str, Any],
    argv: list[str],
    cwd: str,
    env: Mapping[str, str],
    masker: Masker,
) -> None:
    files = ", ".join(
        f"{name} ({len(text.encode('utf-8'))} bytes)" for name, text in sorted(bundle.names(spawn["files"]).items())
    )
    print(f"# session {session_id} was created for this and is ended now; nothing was launched", file=out)
    print(f"# bundle directory: {bundle.path} (not written): {files}", file=out)
    print(f"# mechanism: {spawn.get('mechanism', '?')}; the env below is added to yours", file=out)
    print(describe(argv, env, cwd, masker), file=out)


def warn(message: str) -> None:
    print(f"agentos-launch: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    options, agent_args = parse_args(sys.argv[1:] if argv is None else argv)
    if argv is None:  # the real command line (not a call from Python): hide the token there
        hide_token(sys.argv, options.token)
        not_dumpable()
    try:
        return run(options, agent_args)
    except LaunchError as exc:
        warn(exc.message)
        return exc.status
    except KeyboardInterrupt:  # SIGINT before the relay is in place (reading the instructions)
        return 128 + signal.SIGINT


if __name__ == "__main__":
    sys.exit(main())
