"""What an agent session is started with: one value for the fields a caller chooses.

The API's session request, the spawn previews, bundles written by a command and the
session's own row all carry the same eight fields; they travel together as a
``SessionSpec`` and are checked in one place (``SessionSpec.validated``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from instructions.foundation.contract import DEFAULT_BUNDLE_DIR, DEFAULT_OS_PROFILE, MAX_CWD_CHARS, MAX_PLATFORM_CHARS
from instructions.foundation.errors import InvalidInput
from instructions.foundation.stored_text import validate_bundle_dir, validate_instruction_text, validate_text
from instructions.rules.agents import get_agent, validate_env
from instructions.rules.os_profiles import check_profile


@dataclass(frozen=True)
class SessionSpec:
    """The agent, where it runs and with what (``AgentSession``'s fields of the same names)."""

    agent: str
    cwd: str = ""
    env: Mapping[str, str] = field(default_factory=dict)
    skip_os_instructions: bool = False
    additional_instructions: str = ""
    bundle_dir: str = DEFAULT_BUNDLE_DIR
    os_profile: str = DEFAULT_OS_PROFILE
    platform: str = ""

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls))

    @classmethod
    def of(cls, source: Any) -> SessionSpec:
        """The spec of a session (or anything with these attributes)."""
        return cls(**{name: getattr(source, name) for name in cls.names()})

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> SessionSpec:
        """The spec from validated request data: the keys it has, defaults for the rest."""
        return cls(**{name: data[name] for name in cls.names() if name in data})

    def validated(self) -> SessionSpec:
        """This spec with its env checked, after every other field (``InvalidInput`` or
        ``NotFound`` for an unknown agent). The oath check of the additional instructions is
        the service's (it reads approvals)."""
        get_agent(self.agent)
        validate_instruction_text(self.additional_instructions, field="additional_instructions")
        validate_text(self.cwd, field="cwd", max_chars=MAX_CWD_CHARS)
        if self.cwd and not self.cwd.startswith("/"):
            raise InvalidInput("cwd must be an absolute path (or empty: the launcher's own).")
        validate_bundle_dir(self.bundle_dir)
        check_profile(self.os_profile)
        validate_text(self.platform, field="platform", max_chars=MAX_PLATFORM_CHARS)
        return dataclasses.replace(self, env=validate_env(self.env))

    def model_fields(self) -> dict[str, Any]:
        """The fields as ``AgentSession(**...)`` takes them."""
        return {name: dict(value) if name == "env" else value for name, value in dataclasses.asdict(self).items()}
