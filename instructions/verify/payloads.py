"""Where ``verify_agents`` gets its spawn payloads: a ``PayloadBuilder``.

The engine only needs "the payload this service would hand a launcher for agent A,
instructions text T, bundle directory D, working directory C and caller env E",
with every path in ``args``, ``env`` and ``files`` naming D. That is a parameter
(``PayloadBuilder``) so that tests can hand the engine a broken builder and see it
fail; the command uses ``service_payload``: the service's own ``bundle.compose_files``,
``agents.agent_files`` and ``agents.build_spawn``, exactly as a session's spawn
payload is built (``services.deliveries``), minus the database.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from instructions.rules.agents import SpawnPayload, build_spawn
from instructions.rules.bundle import compose_files, environment_metadata


class PayloadBuilder(Protocol):
    def __call__(
        self, *, agent: str, text: str, bundle_dir: str, cwd: str, env: Mapping[str, str]
    ) -> Mapping[str, Any]: ...


def service_payload(*, agent: str, text: str, bundle_dir: str, cwd: str, env: Mapping[str, str]) -> SpawnPayload:
    """The payload the service hands out for ``agent`` with ``text`` as ``instructions.md``."""
    files = compose_files(
        instructions_md=text, environment=environment_metadata(agent=agent, cwd=cwd), bundle_dir=bundle_dir
    )
    return build_spawn(
        agent=agent,
        instructions_md=text,
        cwd=cwd,
        env=env,
        skip_os_instructions=False,
        files=files,
        bundle_dir=bundle_dir,
    )
