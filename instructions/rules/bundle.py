"""The bundle: the read-only files every agent session gets, in its bundle directory.

Why a bundle: the instructions an agent starts with should be a file it (or a
person) can ``cat``, not only a transient CLI argument (the agentOS proposal). The
same files feed the spawn payload (``files``) and can be written to a real
directory for launchers that mount a folder (``manage.py write_bundle``).

Where: a session names its bundle directory (``AgentSession.bundle_dir``): by
default ``/etc/agentos`` (``MOUNT_DIR``), the agentOS VM's read-only mount; on an
ordinary host, the private directory ``agentos-launch`` writes the files into.
Every path handed out (the ``files`` keys, and the file routes of the agents'
injections) is built from that directory by the functions here, never by
rewriting text: instructions may well mention ``/etc/agentos/`` themselves.

Layout (``<dir>`` is the bundle directory):

- ``<dir>/instructions.md`` (always): the OS environment section, then the
  merged instructions, then the session's additional instructions, joined by blank
  lines; empty parts are left out.
- ``<dir>/environment.json`` (when there is metadata): a small object
  describing the run: ``agent``, ``workspace``, ``cwd``, ``session``,
  ``started_at`` (ISO 8601), each only when known. The caller's ``env`` is never
  copied here: it routinely carries API keys.
- ``<dir>/mounts.json`` (when the caller gives mounts): a list of
  ``{"path": "/home/user", "read_only": false}``, in the caller's order.
- An agent may need more (Gemini CLI: ``<dir>/GEMINI.md``); the agent registry adds
  those (``agents.agent_files``).

Everything here except ``read_os_text`` and ``write_bundle`` is pure: plain data
in, plain data out.

``read_os_text`` reads one OS environment template (``instructions.rules.os_profiles``
picks which). It ``stat``s the file on every call and re-reads it only when its
mtime or size changed. Unlike the credo (read on every request) the OS text is read
only when a spawn payload or a bundle is made, which is rare, so one ``stat`` per
call is cheap and an edit of the file is picked up at once, without a recheck
interval. A missing file means no OS section (like a missing ``credo.md`` means no
global section) and is logged; an unreadable or non-UTF-8 file is an error (503),
never a silent empty section.

``write_bundle`` replaces the target directory atomically, see its docstring.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import json
import logging
import os
import shutil
import stat
import tempfile
import threading
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from instructions.foundation.contract import ADDITIONAL_SECTION, DEFAULT_BUNDLE_DIR, section_header
from instructions.foundation.errors import InvalidInput, ServiceError
from instructions.foundation.stored_text import validate_text

logger = logging.getLogger(__name__)

#: The default bundle directory: the agentOS VM's read-only mount.
MOUNT_DIR = DEFAULT_BUNDLE_DIR
INSTRUCTIONS_FILE = "instructions.md"
ENVIRONMENT_FILE = "environment.json"
MOUNTS_FILE = "mounts.json"


def bundle_path(bundle_dir: str, name: str) -> str:
    """The path of the bundle file ``name`` in ``bundle_dir`` (a canonical absolute directory)."""
    return f"{bundle_dir}/{name}"


def instructions_path(bundle_dir: str = MOUNT_DIR) -> str:
    return bundle_path(bundle_dir, INSTRUCTIONS_FILE)


#: The files' paths in the default directory (``/etc/agentos/instructions.md``, ...).
INSTRUCTIONS_PATH = instructions_path(MOUNT_DIR)
ENVIRONMENT_PATH = bundle_path(MOUNT_DIR, ENVIRONMENT_FILE)
MOUNTS_PATH = bundle_path(MOUNT_DIR, MOUNTS_FILE)

#: Mode of every written bundle file: read-only for everyone.
FILE_MODE = 0o444


class OsInstructionsUnavailable(ServiceError):
    """The OS instructions file exists but cannot be used."""

    status, code = 503, "OS_INSTRUCTIONS_UNAVAILABLE"


# --- composition (pure) ------------------------------------------------------------


def compose_instructions_md(*, os_text: str, merged: str, additional: str) -> str:
    """OS section, merged instructions, additional instructions: blank-line joined.

    The additional instructions come under their own heading (``# [additional]``),
    after the session scope, so they can never pass for part of another section. A
    part that is empty or only whitespace is left out. Trailing newlines of each part
    are dropped so the separator is exactly one blank line; nothing else in a part is
    changed.
    """
    if additional and additional.strip():
        additional = f"{section_header(ADDITIONAL_SECTION)}\n{additional}"
    parts = [part.rstrip("\r\n") for part in (os_text, merged, additional) if part and part.strip()]
    return "\n\n".join(parts)


def environment_metadata(
    *,
    agent: str = "",
    workspace: str = "",
    cwd: str = "",
    session: str = "",
    started_at: datetime | None = None,
) -> dict[str, str]:
    """The content of ``environment.json``: only the values that are known."""
    data = {"agent": agent, "workspace": workspace, "cwd": cwd, "session": session}
    if started_at is not None:
        data["started_at"] = started_at.isoformat()
    return {key: value for key, value in data.items() if value}


def normalise_mounts(mounts: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Validate ``[{"path": str, "read_only": bool}, ...]`` (``read_only`` defaults to False)."""
    result = []
    for mount in mounts:
        path = mount.get("path") if isinstance(mount, Mapping) else None
        read_only = mount.get("read_only", False) if isinstance(mount, Mapping) else None
        if not isinstance(path, str) or not path.startswith("/") or "\x00" in path:
            raise ValueError(f"a mount needs an absolute 'path': {mount!r}")
        if not isinstance(read_only, bool):
            raise ValueError(f"a mount's 'read_only' must be true or false: {mount!r}")
        result.append({"path": path, "read_only": read_only})
    return result


def _json_file(data: object) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def compose_files(
    *,
    instructions_md: str,
    environment: Mapping[str, str] | None = None,
    mounts: Sequence[Mapping[str, Any]] | None = None,
    bundle_dir: str = MOUNT_DIR,
) -> dict[str, str]:
    """The bundle as ``{path in bundle_dir: text}``.

    ``instructions.md`` is always there; ``environment.json`` and ``mounts.json``
    only when given non-empty metadata.
    """
    files = {instructions_path(bundle_dir): instructions_md}
    if environment:
        files[bundle_path(bundle_dir, ENVIRONMENT_FILE)] = _json_file(dict(environment))
    if mounts:
        files[bundle_path(bundle_dir, MOUNTS_FILE)] = _json_file(normalise_mounts(mounts))
    return files


# --- the OS text (cached read) -----------------------------------------------------

_os_cache: dict[Path, tuple[tuple[int, int], str]] = {}
_os_lock = threading.Lock()


def read_os_text(path: Path) -> str:
    """The OS instructions at ``path`` ("" when the file does not exist), cached by mtime and size."""
    path = Path(path)
    try:
        st = path.stat()
    except FileNotFoundError:
        logger.warning("OS instructions file %s does not exist; bundles have no OS section.", path)
        return ""
    except OSError as exc:
        raise OsInstructionsUnavailable(f"The OS instructions file cannot be examined: {exc.strerror or exc}") from None
    stamp = (st.st_mtime_ns, st.st_size)
    with _os_lock:
        cached = _os_cache.get(path)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        try:
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError as exc:
            raise OsInstructionsUnavailable(f"The OS instructions file is not valid UTF-8: {exc}") from None
        except OSError as exc:
            raise OsInstructionsUnavailable(f"The OS instructions file cannot be read: {exc.strerror or exc}") from None
        try:
            validate_text(text, field="The OS instructions file", max_chars=None)
        except InvalidInput as exc:
            raise OsInstructionsUnavailable(exc.message) from None
        _os_cache[path] = (stamp, text)
        return text


# --- writing a bundle to disk ------------------------------------------------------


def bundle_file_name(path: str, bundle_dir: str = MOUNT_DIR) -> str:
    """``<bundle_dir>/instructions.md`` -> ``instructions.md``; anything else is refused."""
    prefix = bundle_dir + "/"
    name = path[len(prefix) :] if path.startswith(prefix) else ""
    if not name or "/" in name or name in (".", "..") or "\x00" in name:
        raise ValueError(f"not a file directly under {bundle_dir}/: {path!r}")
    return name


_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def _exchange(a: Path, b: Path) -> bool:
    """Atomically swap two directory entries (Linux ``renameat2(RENAME_EXCHANGE)``).

    False when the platform or filesystem cannot do it; the caller falls back.
    """
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    renameat2.restype = ctypes.c_int
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def _write_file(folder: Path, name: str, text: str) -> None:
    target = folder / name
    with open(target, "xb") as handle:
        handle.write(text.encode("utf-8"))
        handle.flush()
        os.fsync(handle.fileno())
    os.chmod(target, FILE_MODE)


#: Written into every bundle directory: names the files the service wrote there, so
#: that replacing a bundle never removes anything else.
MARKER_FILE = ".agentos-bundle"


class BundleTargetError(ValueError):
    """The target directory is not one ``write_bundle`` may write or replace."""


def _refuse_symlinks(directory: Path) -> None:
    """No component of ``directory``'s absolute path may be a symlink: a bundle is
    written exactly where it was asked for, never through a link someone else can move."""
    path = Path(os.path.abspath(directory))
    for part in (*reversed(path.parents), path):
        try:
            mode = os.lstat(part).st_mode
        except FileNotFoundError:
            return  # the rest does not exist yet: it will be made as directories
        if stat.S_ISLNK(mode):
            raise BundleTargetError(f"{part} is a symlink; refusing to write a bundle through it.")


def _own_files(directory: Path) -> set[str]:
    """The names in ``directory`` that its marker says the service wrote (the marker too).

    Raises ``BundleTargetError`` when it is not a bundle the service wrote, or holds
    anything else: those are never removed.
    """
    marker = directory / MARKER_FILE
    try:
        written = set(json.loads(marker.read_text(encoding="utf-8"))["files"])
    except (OSError, ValueError, KeyError, TypeError):
        raise BundleTargetError(
            f"{directory} exists and is not a bundle written by this service (no valid {MARKER_FILE}); "
            "refusing to replace it."
        ) from None
    present = {entry.name for entry in os.scandir(directory)}
    foreign = sorted(present - written - {MARKER_FILE})
    if foreign:
        raise BundleTargetError(
            f"{directory} holds files not written by this service ({', '.join(foreign)}); refusing to remove them."
        )
    return present


def _remove_own(directory: Path, names: set[str]) -> None:
    """Remove the files the service wrote, then the directory if nothing else is left."""
    for name in names:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(directory / name)
    try:
        os.rmdir(directory)
    except OSError:
        logger.warning("Left %s in place: something other than the bundle was added to it.", directory)


def write_bundle(files: Mapping[str, str], directory: Path, *, bundle_dir: str = MOUNT_DIR) -> None:
    """Write ``files`` (keys under ``bundle_dir``, which ``directory`` stands for) as the
    whole content of ``directory``.

    Each file is mode 0444, and ``.agentos-bundle`` lists them. The new bundle is
    written completely into a sibling temporary directory first (same filesystem),
    then put in place by rename:

    - ``directory`` absent: one ``rename`` (atomic).
    - ``directory`` present: it must be a bundle this service wrote (its marker) and
      hold nothing else. ``renameat2(RENAME_EXCHANGE)`` swaps old and new in one
      atomic step (Linux); where exchange is unavailable, the old directory is
      renamed aside and the new one renamed into place (a reader may then, for an
      instant, find no directory, but never a half-written or mixed one). The old
      bundle's files (those its marker names) are then removed.

    Refused (``BundleTargetError``, nothing written or removed): a symlink anywhere
    in the path, a non-directory at ``directory``, a directory the service did not
    write, one holding files it did not write. On any failure the old directory is
    left as it was and no temporary directory stays.
    """
    directory = Path(directory)
    names = {bundle_file_name(path, bundle_dir): text for path, text in files.items()}
    _refuse_symlinks(directory)
    if directory.exists() and not directory.is_dir():
        raise BundleTargetError(f"{directory} exists and is not a directory; refusing to replace it.")
    old_names = _own_files(directory) if directory.exists() else set()
    parent = directory.parent
    parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{directory.name}.new-", dir=parent))
    swapped = False
    try:
        for name, text in names.items():
            _write_file(staging, name, text)
        _write_file(staging, MARKER_FILE, json.dumps({"files": sorted(names)}) + "\n")
        # mkdtemp made it 0700; the agent's user must be able to list and read the bundle.
        os.chmod(staging, 0o755)  # noqa: S103
        if not old_names:
            os.rename(staging, directory)
            return
        if _exchange(staging, directory):
            swapped = True  # staging now holds the old bundle
            _remove_own(staging, old_names)
            return
        aside = Path(tempfile.mkdtemp(prefix=f".{directory.name}.old-", dir=parent))
        os.rmdir(aside)  # only reserve a unique name
        os.rename(directory, aside)
        try:
            os.rename(staging, directory)
        except OSError:
            os.rename(aside, directory)  # put the old bundle back
            raise
        swapped = True
        _remove_own(aside, old_names)
    finally:
        if not swapped:
            with contextlib.suppress(FileNotFoundError):
                shutil.rmtree(staging)  # only what this call wrote
