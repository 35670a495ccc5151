"""Small helpers that read settings from the environment.

Every setting the service takes from the environment goes through one of these,
so a reader finds the variable names, their types and their defaults in one place
(``agentos_site/settings.py``).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false, yes/no, on/off); got {raw!r}.")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer; got {raw!r}.") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def private_dir(path: Path) -> Path:
    """``path`` as a directory only its owner may enter (0700), made so from the start.

    ``mkdir(mode=0o700)`` can only lose bits to the umask, never gain them; an
    existing directory from an older install is tightened.
    """
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    if stat.S_IMODE(path.stat().st_mode) != 0o700:
        path.chmod(0o700)
    return path


def private_file(path: Path, text: str | None = None) -> Path:
    """Create ``path`` readable by its owner only (0600) from the first byte, unless it
    exists; ``text`` is its content (None: an empty file, e.g. a new SQLite database)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        if text is not None:
            handle.write(text)
    return path
