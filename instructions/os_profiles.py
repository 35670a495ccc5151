"""OS environment profiles: the text that opens ``instructions.md``, per kind of host.

The single OS text of old (``harness/os-instructions.md``) describes an agentOS VM
("No native ELF binaries", "Working directory: /home/user/"), which is false for an
agent that ``agentos-launch`` starts on an ordinary machine. A session now names a
profile:

- ``agentos-vm``: the VM's text, unchanged (its ``/etc/agentos/`` is the bundle
  directory, which in the VM is ``/etc/agentos``).
- ``host``: an ordinary host: its real platform and working directory, and where
  this session's bundle is. No VM claim.

Each profile is a template in ``harness/os-profiles/<profile>.md``
(``settings.AGENTOS_OS_PROFILES_DIR`` when set) with ``${cwd}``, ``${platform}`` and
``${bundle_dir}``. Templates are read through ``bundle.read_os_text``: cached by mtime
and size, a missing file means no OS section, an unreadable one is a 503.

The values come from the launcher, so they are untrusted text. Each is rendered on
one line: control characters, line and paragraph separators and invisible format
characters are shown as escapes (``\\n``, ``\\u2028``), so a value can never start a
line of its own, such as a ``# [global]`` header that would pose as a section of the
merged instructions. Substitution is a single pass (``string.Template``): a value
holding ``${cwd}`` stays as written.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from string import Template

from instructions.bundle import MOUNT_DIR, read_os_text
from instructions.errors import InvalidInput

PROFILE_VM = "agentos-vm"
PROFILE_HOST = "host"
PROFILES: tuple[str, ...] = (PROFILE_VM, PROFILE_HOST)
DEFAULT_PROFILE = PROFILE_VM

#: Shown for a value the launcher did not give.
UNKNOWN = "unknown"

_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def inline_value(value: str) -> str:
    """``value`` on one line, every control or invisible character escaped (see the module docstring)."""
    out = []
    for ch in value:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp"):
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
        else:
            out.append(ch)
    return "".join(out)


def render_template(template: str, *, cwd: str, platform: str, bundle_dir: str) -> str:
    """``template`` with ``${cwd}``, ``${platform}`` and ``${bundle_dir}`` filled in safely."""
    values = {
        "cwd": inline_value(cwd) if cwd else UNKNOWN,
        "platform": inline_value(platform) if platform else UNKNOWN,
        "bundle_dir": inline_value(bundle_dir.rstrip("/") or "/") if bundle_dir else MOUNT_DIR,
    }
    return Template(template).safe_substitute(values)


def check_profile(profile: object) -> str:
    if profile not in PROFILES:
        raise InvalidInput(f"Unknown OS profile {profile!r}. Known profiles: {', '.join(PROFILES)}.")
    return str(profile)


def profiles_dir() -> Path:
    from django.conf import settings

    configured = getattr(settings, "AGENTOS_OS_PROFILES_DIR", None)
    return Path(configured) if configured else Path(settings.BASE_DIR) / "harness" / "os-profiles"


def render_os_text(
    profile: str, *, cwd: str, platform: str, bundle_dir: str = MOUNT_DIR, directory: Path | None = None
) -> str:
    """The OS environment section for ``profile`` ("" when its template file is missing).

    Raises ``InvalidInput`` for an unknown profile and ``OsInstructionsUnavailable``
    (503) for a template that cannot be read.
    """
    name = check_profile(profile)
    template = read_os_text((directory or profiles_dir()) / f"{name}.md")
    return render_template(template, cwd=cwd, platform=platform, bundle_dir=bundle_dir)
