"""Where ``verify_agents`` gets its spawn payloads: a ``PayloadBuilder``.

The engine only needs "the payload this service would hand a launcher for agent A,
instructions text T, bundle directory D, working directory C and caller env E",
with every path in ``args``, ``env`` and ``files`` naming D. That is a parameter
(``PayloadBuilder``) so the engine checks whatever the service really builds.

Until the sessions API takes a bundle directory, ``interim_payload`` builds it from
today's code: ``agents.build_spawn`` and ``bundle.compose_files`` (which name
``/etc/agentos``) followed by ``relocate_payload``, and ``agents_gemini`` for gemini
(not registered yet). Once ``build_spawn`` takes ``bundle_dir`` and knows gemini,
the integration replaces ``interim_payload`` by a three-line builder calling it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Protocol

from instructions.agents import OPENCODE_CONFIG_VAR, OPENCODE_CONTEXT_VAR, build_spawn
from instructions.agents_gemini import build_gemini_spawn
from instructions.bundle import MOUNT_DIR, compose_files, environment_metadata


class PayloadBuilder(Protocol):
    def __call__(
        self, *, agent: str, text: str, bundle_dir: str, cwd: str, env: Mapping[str, str]
    ) -> Mapping[str, Any]: ...


def relocate_payload(payload: Mapping[str, Any], bundle_dir: str, mount_dir: str = MOUNT_DIR) -> dict[str, Any]:
    """``payload`` with its bundle paths moved from ``mount_dir`` to ``bundle_dir``.

    Exact, not a text search: only the values that *are* bundle paths move (an
    ``args`` element equal to a file's path, the entries of OpenCode's
    ``instructions`` and context-path lists). Instructions passed inline keep every
    mention of ``/etc/agentos`` they contain. A bundle path left anywhere else means
    a mechanism this function does not know: ``ValueError``, never a silent miss.
    """
    bundle_dir = bundle_dir.rstrip("/") or "/"
    prefix = mount_dir + "/"

    def move(path: str) -> str:
        return bundle_dir.rstrip("/") + "/" + path[len(prefix) :] if path.startswith(prefix) else path

    old_files: Mapping[str, str] = payload["files"]
    files = {move(path): text for path, text in old_files.items()}
    args = [move(arg) if arg in old_files else arg for arg in payload["args"]]
    env = dict(payload["env"])
    if OPENCODE_CONFIG_VAR in env:
        config = json.loads(env[OPENCODE_CONFIG_VAR])
        config["instructions"] = [move(p) if p in old_files else p for p in config.get("instructions", [])]
        env[OPENCODE_CONFIG_VAR] = json.dumps(config, ensure_ascii=False)
    if OPENCODE_CONTEXT_VAR in env:
        paths = json.loads(env[OPENCODE_CONTEXT_VAR])
        env[OPENCODE_CONTEXT_VAR] = json.dumps([move(p) if p in old_files else p for p in paths], ensure_ascii=False)
    if bundle_dir != mount_dir:
        left = [a for a in args if a in old_files] + [v for v in env.values() if v in old_files]
        if left:
            raise ValueError(f"payload still names {left[0]!r} after relocation to {bundle_dir}")
    return {**payload, "args": args, "env": env, "files": files}


def interim_payload(*, agent: str, text: str, bundle_dir: str, cwd: str, env: Mapping[str, str]) -> dict[str, Any]:
    """Today's payload for ``agent``, its bundle moved to ``bundle_dir`` (see the module docstring)."""
    if agent == "gemini":
        return build_gemini_spawn(instructions_md=text, cwd=cwd, env=env, bundle_dir=bundle_dir)
    files = compose_files(instructions_md=text, environment=environment_metadata(agent=agent, cwd=cwd))
    payload = build_spawn(agent=agent, instructions_md=text, cwd=cwd, env=env, skip_os_instructions=False, files=files)
    return relocate_payload(payload, bundle_dir)
