"""Spawn payloads from the database: gather, merge, compose, build, record.

``spawn_for_session`` is what a launcher calls before starting a session's agent:
it returns the payload and records a ``Delivery`` saying exactly what was handed
out (hashes of ``instructions.md`` and the credo, and the history id of every
scope document used), so an auditor can later reconstruct what an agent was told.

``prepare_bundle`` and ``spawn_preview`` do the same work without recording
anything: for the ``write_bundle`` command and for previews without a session.

Cost: one query for the documents (``selectors.gather_inputs``), one for their
history ids, plus the delivery's insert and its history row: constant however
long the history is. The credo and the OS text come from their caches.
``spawn_rendered`` (the API's spawn route) serves a payload already rendered from
the same inputs: then only the documents' versions are read, and the delivery is
still recorded.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from instructions import render_cache
from instructions.agents import SpawnPayload, build_spawn, get_agent
from instructions.bundle import (
    INSTRUCTIONS_PATH,
    compose_files,
    compose_instructions_md,
    environment_metadata,
    load_os_text,
)
from instructions.contract import MergedInstructions, Scope
from instructions.errors import SessionEnded
from instructions.models import AgentSession, Delivery, Workspace
from instructions.render_cache import Rendered
from instructions.selectors import (
    MergeInputs,
    gather_inputs,
    inputs_stamp,
    latest_history_ids,
    merge_inputs,
    merge_stamp,
)
from instructions.services.audit import save_audited
from instructions.text import sha256_text, validate_text

DELIVERY_REASON = "Spawn payload delivered"


@dataclass(frozen=True)
class PreparedBundle:
    """The ``/etc/agentos/`` files for one user, workspace, agent (and session), and where they came from."""

    instructions_md: str
    files: dict[str, str]
    merged: MergedInstructions
    inputs: MergeInputs

    @property
    def instructions_sha256(self) -> str:
        return sha256_text(self.instructions_md)

    @property
    def instructions_bytes(self) -> int:
        return len(self.instructions_md.encode("utf-8"))

    def scope_versions(self) -> dict[str, int]:
        """``{scope: history id}`` of the documents that entered the merge (one query)."""
        used = [
            self.inputs.documents[entry["scope"]]
            for entry in self.merged["entries"]
            if entry["scope"] != Scope.GLOBAL and entry["scope"] in self.inputs.documents
        ]
        ids = latest_history_ids(used)
        return {document.scope: ids[document.pk] for document in used if document.pk in ids}


def prepare_bundle(
    *,
    user,
    workspace: Workspace,
    agent: str,
    session: AgentSession | None = None,
    cwd: str = "",
    additional_instructions: str = "",
    mounts: Sequence[Mapping[str, Any]] | None = None,
) -> PreparedBundle:
    """Merge the scopes and compose the bundle's files. Records nothing.

    With a ``session``, its scope takes part only while the session is active and
    its environment metadata names it. ``agent`` must be a registered agent.
    """
    get_agent(agent)
    validate_text(additional_instructions, field="additional_instructions")
    inputs = gather_inputs(user=user, workspace=workspace, session=session)
    merged = merge_inputs(inputs)
    instructions_md = compose_instructions_md(
        os_text=load_os_text(), merged=merged["merged"], additional=additional_instructions
    )
    environment = environment_metadata(
        agent=agent,
        workspace=workspace.slug,
        cwd=cwd,
        session=str(session.pk) if session is not None else "",
        started_at=session.started_at if session is not None else None,
    )
    files = compose_files(instructions_md=instructions_md, environment=environment, mounts=mounts)
    return PreparedBundle(instructions_md=instructions_md, files=files, merged=merged, inputs=inputs)


def session_bundle(*, session: AgentSession, mounts: Sequence[Mapping[str, Any]] | None = None) -> PreparedBundle:
    """``prepare_bundle`` with everything taken from the session."""
    return prepare_bundle(
        user=session.owner,
        workspace=session.workspace,
        agent=session.agent,
        session=session,
        cwd=session.cwd,
        additional_instructions=session.additional_instructions,
        mounts=mounts,
    )


def spawn_for_session(*, session: AgentSession, actor) -> tuple[SpawnPayload, Delivery]:
    """The spawn payload for ``session``'s agent, recorded as a ``Delivery``.

    Raises ``SessionEnded`` for an ended session (there is nothing to start),
    ``NotFound`` for an unknown agent, ``InvalidInput`` / ``PayloadTooLarge`` from
    ``agents.build_spawn``; nothing is recorded then.
    """
    if not session.is_active:
        raise SessionEnded("This session has ended; it cannot be spawned.")
    bundle = session_bundle(session=session)
    payload = _session_payload(session, bundle)
    return payload, _record(session, actor, _delivery_facts(bundle, payload))


def _session_payload(session: AgentSession, bundle: PreparedBundle) -> SpawnPayload:
    return build_spawn(
        agent=session.agent,
        instructions_md=bundle.instructions_md,
        cwd=session.cwd,
        env=session.env,
        skip_os_instructions=session.skip_os_instructions,
        files=bundle.files,
    )


def _delivery_facts(bundle: PreparedBundle, payload: SpawnPayload) -> dict[str, Any]:
    """What a ``Delivery`` records about one payload (one query: the history ids)."""
    return {
        "instructions_sha256": bundle.instructions_sha256,
        "instructions_bytes": bundle.instructions_bytes,
        "credo_sha256": bundle.inputs.credo.sha256,
        "scope_versions": bundle.scope_versions(),
        "mechanism": payload["mechanism"],
    }


def _record(session: AgentSession, actor, facts: dict[str, Any]) -> Delivery:
    delivery = Delivery(session=session, agent=session.agent, **facts)
    with transaction.atomic():
        save_audited(delivery, actor=actor, reason=DELIVERY_REASON)
    return delivery


# --- the hot path: a session's payload, rendered once per set of inputs ------------


def _session_stamp(session: AgentSession) -> tuple:
    # The session's own fields that shape its payload (they can change in the admin).
    return (
        session.agent,
        session.cwd,
        json.dumps(session.env, sort_keys=True),
        session.skip_os_instructions,
        sha256_text(session.additional_instructions),
    )


def spawn_rendered(
    *, session: AgentSession, actor, render: Callable[[SpawnPayload], bytes]
) -> tuple[Rendered, Delivery]:
    """``spawn_for_session``, with the payload rendered by ``render`` (the API's JSON)
    and cached by the exact inputs it is built from (``instructions.render_cache``).

    Only the rendering is skipped on a hit: every call still records its own
    ``Delivery``, with the facts (hashes, history ids) of the payload served. Cost
    on a hit: the documents' versions (one small query) and the delivery's insert.
    """
    if not session.is_active:
        raise SessionEnded("This session has ended; it cannot be spawned.")
    who = {"user": session.owner, "workspace": session.workspace}
    os_sha = sha256_text(load_os_text())
    stamp = (merge_stamp(**who, session=session), _session_stamp(session), os_sha)
    found = render_cache.lookup("spawn", stamp)
    if found is None:
        bundle = session_bundle(session=session)
        payload = _session_payload(session, bundle)
        found = Rendered.of(render(payload), delivery=_delivery_facts(bundle, payload))
        # Stored under what the build read (a write may have landed since the stamp).
        render_cache.store("spawn", (inputs_stamp(bundle.inputs, **who), _session_stamp(session), os_sha), found)
    return found, _record(session, actor, found.extra["delivery"])


def spawn_preview(
    *,
    user,
    workspace: Workspace,
    agent: str,
    cwd: str = "",
    env: Mapping[str, str] | None = None,
    skip_os_instructions: bool = False,
    additional_instructions: str = "",
) -> SpawnPayload:
    """The payload ``agent`` would get for ``user`` in ``workspace``, without a session. Records nothing."""
    bundle = prepare_bundle(
        user=user, workspace=workspace, agent=agent, cwd=cwd, additional_instructions=additional_instructions
    )
    return build_spawn(
        agent=agent,
        instructions_md=bundle.files[INSTRUCTIONS_PATH],
        cwd=cwd,
        env=env,
        skip_os_instructions=skip_os_instructions,
        files=bundle.files,
    )
