"""Rendered answers (a merged set, a spawn payload), cached by exactly what they were
built from.

Why: every read of the merged set re-ran the merge, the oath check of each body,
serialisation and JSON rendering of some 200 kB, and every spawn re-composed the
whole payload, although the inputs rarely change between reads.

How it stays correct: the key of an entry is the *stamp* of its inputs, never a
name with a lifetime. A stamp names every input that can change the bytes: each
document's id, version and last change (and its approval), the credo's and its
rules' SHA-256 and modification time, the owner names shown in paths, the
session's state, the OS text's SHA-256, the agent and the session's own fields,
and ``CODE_VERSION`` (a hash of this package's source, so a deploy never serves
what older code rendered). A write changes a version, hence the stamp, hence the
key: the very next read, on any instance, asks for a key nobody has stored yet and
builds it afresh. Nothing is invalidated and nothing can be served stale; the
timeout only frees memory.

Two levels: a small per-process LRU in front of the shared cache (Redis with
``REDIS_URL``, else the process's local memory). Both are safe for the same reason:
an entry can only be found by the exact stamp it was built from. The shared cache
failing (Redis down) is logged and the answer is built as if nothing were cached.
Spawn payloads stay in the per-process level only: they carry the caller's env
(API keys, typically), which the service keeps nowhere but the session's own row
and clears when the session ends; Redis would keep a copy for the entry's lifetime.

What callers must do: compute the stamp cheaply (one small query, no bodies), and
on a miss store the result under the stamp of the inputs the build actually used
(a write may land between the stamp and the build: the answer is then newer than
the stamp asked for, never older).
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache

logger = logging.getLogger(__name__)


def _code_version() -> str:
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent
    for path in sorted(package.rglob("*.py")):
        if "migrations" not in path.parts:
            digest.update(path.relative_to(package).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


#: Changes with any change of the code that renders (read once per process).
CODE_VERSION = _code_version()

#: Entries per process in the local level (each about the size of one answer).
LOCAL_ENTRIES = 32


@dataclass(frozen=True)
class Rendered:
    """One rendered answer: its bytes, their ETag, and what the caller keeps beside them."""

    body: bytes
    etag: str
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, body: bytes, **extra: Any) -> Rendered:
        return cls(body=body, etag=f'"{hashlib.md5(body, usedforsecurity=False).hexdigest()}"', extra=extra)


def cache_key(kind: str, stamp: Hashable) -> str:
    digest = hashlib.sha256(repr((CODE_VERSION, kind, stamp)).encode()).hexdigest()
    return f"rendered:{kind}:{digest}"


class _LocalLevel:
    """A small thread-safe LRU (gunicorn's gthread workers serve several requests at once)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[str, Rendered] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> Rendered | None:
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def put(self, key: str, value: Rendered) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


_local = _LocalLevel(LOCAL_ENTRIES)


def _timeout() -> int:
    return getattr(settings, "AGENTOS_RENDER_CACHE_SECONDS", 3600)


def enabled() -> bool:
    """``AGENTOS_RENDER_CACHE`` (on unless set to 0): off, every answer is rendered afresh."""
    return getattr(settings, "AGENTOS_RENDER_CACHE", True)


def lookup(kind: str, stamp: Hashable, *, shared: bool = True) -> Rendered | None:
    """The answer rendered from exactly ``stamp``'s inputs, if any level has it
    (``shared=False``: only this process's level, for answers holding secrets)."""
    if not enabled():
        return None
    key = cache_key(kind, stamp)
    found = _local.get(key)
    if found is not None or not shared:
        return found
    try:
        found = cache.get(key)
    except Exception:
        logger.warning("The shared cache cannot be read; rendering afresh.", exc_info=True)
        return None
    if isinstance(found, Rendered):
        _local.put(key, found)
        return found
    return None


def store(kind: str, stamp: Hashable, rendered: Rendered, *, shared: bool = True) -> None:
    """Keep ``rendered`` under ``stamp``: the stamp of the inputs it was built from.

    ``shared=False`` keeps it in this process's memory only: for answers that hold
    secrets (a spawn payload carries the caller's env, often API keys), which must
    not be written to Redis, where they would outlive the session's own copy.
    """
    if not enabled():
        return
    key = cache_key(kind, stamp)
    _local.put(key, rendered)
    if not shared:
        return
    try:
        cache.set(key, rendered, _timeout())
    except Exception:
        logger.warning("The shared cache cannot be written; the answer stays in this process only.", exc_info=True)


def clear_local() -> None:
    """Forget this process's level (tests; the shared level is the cache's own business)."""
    _local.clear()
