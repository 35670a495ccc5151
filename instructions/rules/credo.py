"""The credo: the global, read-only scope, loaded from disk.

``credo.md`` is the text every merged set starts with; ``credo-map.json`` is its
structured form (the oaths and the rules that detect text trying to remove them).
Both live in one folder (``settings.AGENTOS_CREDO_DIR``, by default the shipped
``harness/``). The service never writes them.

``CredoSource`` caches what it read and looks at the files' modification times at
most once every ``recheck_seconds`` (5 by default): no re-read storm on every
request, and a changed file is picked up within a few seconds.

Missing ``credo.md``: there is no global section (the seed's "empty scope" row).
Anything else wrong (unreadable file, invalid JSON, a malformed rule) raises
``CredoError`` with a clear message; there is no silent fall-back to nothing.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.dispatch import Signal

from instructions.rules.oaths import EMPTY_RULES, RuleError, RuleSet, compile_rules

logger = logging.getLogger(__name__)

CREDO_FILE = "credo.md"
MAP_FILE = "credo-map.json"
#: How the credo is named on the wire: a path people recognise, never the server's disk.
CREDO_DISPLAY_PATH = "harness/credo.md"  # == contract.display_path("global", None)


class CredoError(Exception):
    """The credo folder cannot be used as it is; the message says why."""


@dataclass(frozen=True)
class Oath:
    id: str
    name: str
    rule_ids: tuple[str, ...]


@dataclass(frozen=True, eq=False)
class Credo:
    """One consistent reading of the credo folder."""

    #: The text of credo.md, or None when there is no credo.md.
    body: str | None
    #: Modification time of credo.md in epoch milliseconds (0 without one).
    modified_at: int
    #: SHA-256 of credo.md's bytes ("" without one).
    sha256: str
    oaths: tuple[Oath, ...]
    rules: RuleSet
    #: Where the files were read from (for the admin and error messages).
    folder: Path

    @property
    def path(self) -> str:
        return CREDO_DISPLAY_PATH

    @property
    def exists(self) -> bool:
        return self.body is not None

    @property
    def text(self) -> str:
        """The credo's text ("" when there is no credo.md)."""
        return self.body or ""


def parse_credo_map(text: str, *, source: str = MAP_FILE) -> tuple[tuple[Oath, ...], RuleSet]:
    """Validate and compile the text of a credo map."""
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CredoError(f"{source} is not valid JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("oaths"), list):
        raise CredoError(f"{source} must be a JSON object with an 'oaths' list")
    try:
        rules = compile_rules(data["oaths"])
    except RuleError as exc:
        raise CredoError(f"{source}: {exc}") from None
    oaths = tuple(
        Oath(
            id=str(o.get("id") or o["name"]),
            name=o["name"],
            rule_ids=tuple(r.id for r in rules.rules if r.oath == o["name"]),
        )
        for o in data["oaths"]
    )
    return oaths, rules


def _read_text(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CredoError(f"{path.name} is not valid UTF-8: {exc}") from None
    except OSError as exc:
        raise CredoError(f"{path.name} cannot be read: {exc.strerror or exc}") from None


def read_credo(folder: Path) -> Credo:
    """Read the credo folder now, without any cache."""
    credo_path, map_path = folder / CREDO_FILE, folder / MAP_FILE
    body: str | None = None
    modified_at, sha = 0, ""
    if credo_path.exists():
        body = _read_text(credo_path)
        modified_at = int(credo_path.stat().st_mtime * 1000)
        sha = hashlib.sha256(body.encode("utf-8")).hexdigest()
    if map_path.exists():
        oaths, rules = parse_credo_map(_read_text(map_path))
    elif body is not None:
        raise CredoError(f"{CREDO_FILE} is present but {MAP_FILE} is missing in the credo folder")
    else:
        oaths, rules = (), EMPTY_RULES
    return Credo(body=body, modified_at=modified_at, sha256=sha, oaths=oaths, rules=rules, folder=folder)


def _stamp(folder: Path) -> tuple[tuple[int, int] | None, ...]:
    stamps = []
    for name in (CREDO_FILE, MAP_FILE):
        try:
            st = (folder / name).stat()
        except FileNotFoundError:
            stamps.append(None)
        except OSError as exc:
            raise CredoError(f"{name} cannot be examined: {exc.strerror or exc}") from None
        else:
            stamps.append((st.st_mtime_ns, st.st_size))
    return tuple(stamps)


#: Called with the new credo after a re-read whose rules differ from the last ones read.
OnChange = Callable[[Credo], None]


class CredoSource:
    """A cached, self-refreshing view of one credo folder. Thread-safe.

    ``on_change`` (optional) runs after a re-read that changed the rules' SHA-256,
    once per change, in the thread that noticed it and outside the lock (so other
    requests get the new credo at once). Its errors are logged, never raised: a
    failed follow-up must not make the credo unavailable. The first read of a
    process does not count as a change; ``manage.py recheck_oaths`` covers restarts.
    """

    def __init__(
        self,
        folder: Path,
        *,
        recheck_seconds: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
        on_change: OnChange | None = None,
    ) -> None:
        self.folder = Path(folder)
        self.recheck_seconds = recheck_seconds
        self._clock = clock
        self._lock = threading.Lock()
        self._credo: Credo | None = None
        self._stamp: tuple[Any, ...] | None = None
        self._checked_at = float("-inf")
        #: Rules SHA-256 of the last successful read ("" before the first).
        self._rules_sha = ""
        self.on_change = on_change
        self._in_callback = threading.local()
        #: How many times the files were actually read (for tests and diagnostics).
        self.reads = 0

    def get(self) -> Credo:
        changed: Credo | None = None
        with self._lock:
            now = self._clock()
            if self._credo is not None and now - self._checked_at < self.recheck_seconds:
                return self._credo
            self._checked_at = now
            stamp = _stamp(self.folder)
            if self._credo is None or stamp != self._stamp:
                self._credo = None  # a failed re-read must not leave the old credo in force silently
                self._credo = read_credo(self.folder)
                self._stamp = stamp
                self.reads += 1
                if self._rules_sha and self._credo.rules.sha256 != self._rules_sha:
                    changed = self._credo
                self._rules_sha = self._credo.rules.sha256
            credo = self._credo
        if changed is not None:
            self._notify(changed)
        return credo

    def _notify(self, credo: Credo) -> None:
        # The callback may itself read the credo (get() again): never re-enter it.
        if self.on_change is None or getattr(self._in_callback, "active", False):
            return
        self._in_callback.active = True
        try:
            self.on_change(credo)
        except Exception:
            logger.exception("The follow-up to a credo change failed (run `manage.py recheck_oaths`).")
        finally:
            self._in_callback.active = False


#: Sent (``credo=`` the new ``Credo``) once per change of the credo's rules noticed by
#: the process-wide source. The review service re-checks stored bodies on it
#: (connected in ``InstructionsConfig.ready``); this module knows nothing of that.
credo_changed = Signal()


def announce_change(credo: Credo) -> None:
    """``on_change`` of the process-wide source."""
    credo_changed.send(sender=CredoSource, credo=credo)


_sources: dict[tuple[Path, float], CredoSource] = {}
_sources_lock = threading.Lock()


def get_credo_source(folder: Path | None = None, recheck_seconds: float | None = None) -> CredoSource:
    """The process-wide source for the configured credo folder."""
    from django.conf import settings

    folder = Path(folder or settings.AGENTOS_CREDO_DIR)
    seconds = settings.AGENTOS_CREDO_RECHECK_SECONDS if recheck_seconds is None else recheck_seconds
    key = (folder, float(seconds))
    with _sources_lock:
        if key not in _sources:
            _sources[key] = CredoSource(folder, recheck_seconds=seconds, on_change=announce_change)
        return _sources[key]


def reset_cache() -> None:
    """Forget every cached credo: the next read comes from disk, as in a fresh process
    (whose first read is not a change). For tests and long-running tools."""
    with _sources_lock:
        _sources.clear()


def current_credo() -> Credo:
    """The credo now in force. Raises ``CredoError`` when it cannot be used."""
    return get_credo_source().get()
