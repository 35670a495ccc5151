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

Deprecated, for one release: ``settings.AGENTOS_OS_INSTRUCTIONS_FILE``, the single OS
text of old, still works when a deployment sets it: it is then the ``agentos-vm``
template (the ``host`` profile keeps its own), and ``manage.py check`` warns
(``instructions.W002``) that it should move to ``<profiles dir>/agentos-vm.md``.

What a delivery used is kept as rendered (``RecordedText``, by hash), so the
rebuild of a delivery does not depend on the templates staying as they were.

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

from instructions.foundation.contract import DEFAULT_OS_PROFILE, OsProfile
from instructions.foundation.errors import InvalidInput
from instructions.rules.bundle import MOUNT_DIR, read_os_text

PROFILE_VM = OsProfile.AGENTOS_VM.value
PROFILE_HOST = OsProfile.HOST.value
PROFILES: tuple[str, ...] = tuple(OsProfile.values)
DEFAULT_PROFILE = DEFAULT_OS_PROFILE.value

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


def legacy_vm_file() -> Path | None:
    """``settings.AGENTOS_OS_INSTRUCTIONS_FILE`` when a deployment still sets it (deprecated)."""
    from django.conf import settings

    configured = getattr(settings, "AGENTOS_OS_INSTRUCTIONS_FILE", None)
    return Path(configured) if configured else None


def template_path(profile: str, directory: Path | None = None) -> Path:
    """The template file of ``profile`` (the deprecated single file for ``agentos-vm`` when set)."""
    name = check_profile(profile)
    legacy = legacy_vm_file() if directory is None and name == PROFILE_VM else None
    return legacy or (directory or profiles_dir()) / f"{name}.md"


def render_os_text(
    profile: str, *, cwd: str, platform: str, bundle_dir: str = MOUNT_DIR, directory: Path | None = None
) -> str:
    """The OS environment section for ``profile`` ("" when its template file is missing).

    Raises ``InvalidInput`` for an unknown profile and ``OsInstructionsUnavailable``
    (503) for a template that cannot be read.
    """
    template = read_os_text(template_path(profile, directory))
    return render_template(template, cwd=cwd, platform=platform, bundle_dir=bundle_dir)
