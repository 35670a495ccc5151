"""Spawn payloads from the database: gather, merge, compose, build, record.

``spawn_for_session`` is what a launcher calls before starting a session's agent:
it returns the payload and records a ``Delivery`` saying exactly what was handed
out (hashes of ``instructions.md`` and the credo, and the history id of every
scope document used), so an auditor can later reconstruct what an agent was told.

``prepare_bundle`` and ``spawn_preview`` do the same work without recording
anything: for the ``write_bundle`` command and for previews without a session.

Every path handed out names the session's bundle directory (``bundle_dir``), and
``instructions.md`` opens with the OS environment text of the session's profile
(``os_profiles.render_os_text``: ``agentos-vm`` or ``host``, rendered with the
session's cwd, platform and bundle directory). The delivery keeps that rendered text
(``RecordedText``) and names the directory and profile, so ``rebuild`` can show and
verify exactly what the agent received.

``spawn_rendered`` (the API's spawn route) serves a payload already rendered from
the same inputs (only the stamp is read; the delivery is recorded all the same).

Cost: one query for the documents (``selectors.gather_inputs``), one for their
history ids, plus the delivery's insert and its history row, and one insert that
keeps the credo's and the OS text's text (``RecordedText``, skipped by the
database when already kept): constant however long the history is. The credo and
the OS text come from their caches.

``spawn_previews`` shows a person what each agent would receive, with the sizes
that count against Linux's per-argument limit; it records nothing.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from instructions.foundation import render_cache
from instructions.foundation.contract import DEFAULT_OS_PROFILE, MergedInstructions, Scope
from instructions.foundation.errors import ServiceError, SessionEnded
from instructions.foundation.render_cache import Rendered
from instructions.foundation.stored_text import sha256_text
from instructions.models import AgentSession, Delivery, RecordedText, Workspace
from instructions.rules.agents import (
    MAX_ARG_BYTES,
    AgentSpec,
    SpawnPayload,
    agent_files,
    build_spawn,
    registered_agents,
    utf8_len,
)
from instructions.rules.bundle import (
    MOUNT_DIR,
    compose_files,
    compose_instructions_md,
    environment_metadata,
    instructions_path,
)
from instructions.rules.os_profiles import render_os_text
from instructions.rules.session_spec import SessionSpec
from instructions.selectors.merging import MergeInputs, gather_inputs, latest_history_ids, merge_inputs
from instructions.selectors.stamps import MergeStamp, merge_stamp, stamp_matches
from instructions.services.audit import create_audited

DELIVERY_REASON = "Spawn payload delivered"


@dataclass(frozen=True)
class PreparedBundle:
    """The bundle files for one user, workspace, agent (and session), and where they came from."""

    instructions_md: str
    files: dict[str, str]
    merged: MergedInstructions
    inputs: MergeInputs
    #: The OS environment text that opens ``instructions_md`` (rendered for the profile).
    os_text: str = ""
    #: The directory every path in ``files`` names, and the OS profile used.
    bundle_dir: str = MOUNT_DIR
    os_profile: str = DEFAULT_OS_PROFILE

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
    spec: SessionSpec,
    session: AgentSession | None = None,
    mounts: Sequence[Mapping[str, Any]] | None = None,
) -> PreparedBundle:
    """Merge the scopes and compose the bundle's files in ``spec.bundle_dir`` for ``spec.agent``.
    Records nothing.

    With a ``session``, its scope takes part only while the session is active and
    its environment metadata names it. The spec is checked first (``SessionSpec.validated``).
    The OS text is ``spec.os_profile``'s, rendered for its cwd, platform and bundle directory.
    """
    spec = spec.validated()
    inputs = gather_inputs(user=user, workspace=workspace, session=session)
    merged = merge_inputs(inputs)
    os_text = render_os_text(spec.os_profile, cwd=spec.cwd, platform=spec.platform, bundle_dir=spec.bundle_dir)
    instructions_md = compose_instructions_md(
        os_text=os_text, merged=merged["merged"], additional=spec.additional_instructions
    )
    environment = environment_metadata(
        agent=spec.agent,
        workspace=workspace.slug,
        cwd=spec.cwd,
        session=str(session.pk) if session is not None else "",
        started_at=session.started_at if session is not None else None,
    )
    files = {
        **compose_files(
            instructions_md=instructions_md, environment=environment, mounts=mounts, bundle_dir=spec.bundle_dir
        ),
        **agent_files(spec.agent, instructions_md, spec.bundle_dir),
    }
    return PreparedBundle(
        instructions_md=instructions_md,
        files=files,
        merged=merged,
        inputs=inputs,
        os_text=os_text,
        bundle_dir=spec.bundle_dir,
        os_profile=str(spec.os_profile),
    )


def session_bundle(*, session: AgentSession, mounts: Sequence[Mapping[str, Any]] | None = None) -> PreparedBundle:
    """``prepare_bundle`` with everything taken from the session."""
    return prepare_bundle(
        user=session.owner, workspace=session.workspace, spec=SessionSpec.of(session), session=session, mounts=mounts
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
    delivery = _record(session, actor, _delivery_facts(bundle, payload), texts=_texts_of(bundle))
    return payload, delivery


def _session_payload(session: AgentSession, bundle: PreparedBundle) -> SpawnPayload:
    return build_spawn(
        agent=session.agent,
        instructions_md=bundle.instructions_md,
        cwd=session.cwd,
        env=session.env,
        skip_os_instructions=session.skip_os_instructions,
        files=bundle.files,
        bundle_dir=bundle.bundle_dir,
    )


def _texts_of(bundle: PreparedBundle) -> list[str]:
    """The texts a delivery keeps (``RecordedText``): the OS text, and the credo's when there is one."""
    credo = bundle.inputs.credo.body
    return [bundle.os_text] if credo is None else [bundle.os_text, credo]


def _delivery_facts(bundle: PreparedBundle, payload: SpawnPayload) -> dict[str, Any]:
    """What a ``Delivery`` records about one payload (one query: the history ids)."""
    return {
        "instructions_sha256": bundle.instructions_sha256,
        "instructions_bytes": bundle.instructions_bytes,
        "credo_sha256": bundle.inputs.credo.sha256,
        "scope_versions": bundle.scope_versions(),
        "mechanism": payload["mechanism"],
        "os_text_sha256": sha256_text(bundle.os_text),
        "bundle_dir": bundle.bundle_dir,
        "os_profile": bundle.os_profile,
    }


def _record(session: AgentSession, actor, facts: dict[str, Any], *, texts: Sequence[str]) -> Delivery:
    """Keep the texts, then the delivery naming them: in that order, so a delivery is
    never kept without its texts (texts without a delivery are harmless: they are
    keyed by their content). No transaction block: on a hit, the texts are already
    kept and the delivery is one statement (``create_audited``)."""
    texts_record(texts)
    delivery = Delivery(session=session, agent=session.agent, **facts)
    create_audited(delivery, actor=actor, reason=DELIVERY_REASON)
    return delivery


# --- the hot path: a session's payload, rendered once per set of inputs ------------


def _session_os_text(session: AgentSession) -> str:
    return render_os_text(session.os_profile, cwd=session.cwd, platform=session.platform, bundle_dir=session.bundle_dir)


def _session_stamp(session: AgentSession) -> tuple:
    # The session's own fields that shape its payload (they can change in the admin).
    return (
        session.agent,
        session.cwd,
        json.dumps(session.env, sort_keys=True),
        session.skip_os_instructions,
        sha256_text(session.additional_instructions),
        session.bundle_dir,
        session.os_profile,
        session.platform,
    )


def spawn_rendered(
    *, session: AgentSession, actor, render: Callable[[SpawnPayload], bytes], merge: MergeStamp | None = None
) -> tuple[Rendered, Delivery]:
    """``spawn_for_session``, with the payload rendered by ``render`` (the API's JSON)
    and cached by the exact inputs it is built from (``instructions.foundation.render_cache``).

    Only the rendering is skipped on a hit: every call still records its own
    ``Delivery`` and keeps its texts, with the facts (hashes, history ids) of the
    payload served. Cost on a hit: the stamp (one small query, none when the caller
    read it with the session: ``merge``, from ``selectors.session_stamp_rows``) and the
    recording.
    """
    if not session.is_active:
        raise SessionEnded("This session has ended; it cannot be spawned.")
    who = {"user": session.owner, "workspace": session.workspace}
    os_text = _session_os_text(session)
    if merge is None:
        merge = merge_stamp(**who, session=session)
    stamp = (merge, _session_stamp(session), sha256_text(os_text))
    # This process's memory only: the payload carries the caller's env (secrets).
    found = render_cache.lookup("spawn", stamp, shared=False)
    if found is None:
        bundle = session_bundle(session=session)
        payload = _session_payload(session, bundle)
        found = Rendered.of(render(payload), delivery=_delivery_facts(bundle, payload), texts=_texts_of(bundle))
        if stamp_matches(merge, bundle.inputs) and bundle.os_text == os_text:
            render_cache.store("spawn", stamp, found, shared=False)
    return found, _record(session, actor, found.extra["delivery"], texts=found.extra["texts"])


#: SHA-256 of the texts this process has seen committed as ``RecordedText`` rows. Rows
#: are never changed or deleted (content-addressed), so a text recorded once need not
#: be sent again: most spawns then skip that insert. A new process starts empty.
_recorded: set[str] = set()
_recorded_lock = threading.Lock()


def texts_record(texts: Sequence[str]) -> None:
    """Keep ``texts`` by their SHA-256 (``RecordedText``), once each, in at most one query.

    ``ignore_conflicts``: a text already kept (by an earlier delivery, or by a
    concurrent one a moment ago) is left as it is: its key is its content.
    """
    rows = {sha256_text(text): text for text in texts}
    with _recorded_lock:
        new = {sha: text for sha, text in rows.items() if sha not in _recorded}
    if not new:
        return
    RecordedText.objects.bulk_create(
        [RecordedText(sha256=sha, text=text) for sha, text in new.items()], ignore_conflicts=True
    )

    def remember() -> None:
        with _recorded_lock:
            _recorded.update(new)

    transaction.on_commit(remember)  # only what is really in the database


def forget_recorded_texts() -> None:
    """Forget which texts this process saw recorded (for a database that was emptied: tests)."""
    with _recorded_lock:
        _recorded.clear()


def spawn_preview(*, user, workspace: Workspace, spec: SessionSpec) -> SpawnPayload:
    """The payload ``spec.agent`` would get for ``user`` in ``workspace``, without a session. Records nothing."""
    bundle = prepare_bundle(user=user, workspace=workspace, spec=spec)
    return build_spawn(
        agent=spec.agent,
        instructions_md=bundle.instructions_md,
        cwd=spec.cwd,
        env=spec.env,
        skip_os_instructions=spec.skip_os_instructions,
        files=bundle.files,
        bundle_dir=bundle.bundle_dir,
    )


# --- previews for people -------------------------------------------------------------


@dataclass(frozen=True)
class Measure:
    """One string Linux must accept at exec: an argv element or a ``NAME=value``."""

    label: str
    bytes: int
    limit: int = MAX_ARG_BYTES

    @property
    def over(self) -> bool:
        return self.bytes > self.limit

    @property
    def percent(self) -> float:
        return round(100 * self.bytes / self.limit, 1)


@dataclass(frozen=True)
class AgentPreview:
    """What one agent would be launched with, or why it could not be."""

    spec: AgentSpec
    payload: SpawnPayload | None
    #: Why there is no payload (e.g. too large for Codex); "" when there is one.
    error: str
    #: The variables the injection sets (the caller's own are passed through).
    injected_env: dict[str, str]
    #: Names of the caller's variables passed through unchanged (values not shown:
    #: they routinely carry API keys).
    passed_env: list[str]
    measures: list[Measure]


@dataclass(frozen=True)
class PreviewSet:
    merged: MergedInstructions
    instructions_md: str
    agents: list[AgentPreview]
    session: AgentSession | None
    bundle_dir: str = MOUNT_DIR
    os_profile: str = DEFAULT_OS_PROFILE
    limit: int = MAX_ARG_BYTES

    @property
    def instructions_bytes(self) -> int:
        return utf8_len(self.instructions_md)

    @property
    def instructions_path(self) -> str:
        return instructions_path(self.bundle_dir)


def _agent_preview(
    spec: AgentSpec, bundle: PreparedBundle, environment: dict[str, str], launch: SessionSpec
) -> AgentPreview:
    files = compose_files(
        instructions_md=bundle.instructions_md,
        environment={**environment, "agent": spec.name},
        bundle_dir=bundle.bundle_dir,
    )
    caller_env = launch.env or {}
    try:
        payload = build_spawn(
            agent=spec.name,
            instructions_md=bundle.instructions_md,
            files=files,
            bundle_dir=bundle.bundle_dir,
            cwd=launch.cwd,
            env=launch.env,
            skip_os_instructions=launch.skip_os_instructions,
        )
    except ServiceError as exc:
        return AgentPreview(spec=spec, payload=None, error=exc.message, injected_env={}, passed_env=[], measures=[])
    injected = {k: v for k, v in payload["env"].items() if caller_env.get(k) != v}
    # argv[0] is the agent's own command; the added arguments follow it.
    measures = [Measure(f"argv[{i}]", utf8_len(arg)) for i, arg in enumerate(payload["args"], start=1)]
    measures += [Measure(f"{k}=…", utf8_len(f"{k}={v}")) for k, v in injected.items()]
    return AgentPreview(
        spec=spec,
        payload=payload,
        error="",
        injected_env=injected,
        passed_env=sorted(k for k, v in payload["env"].items() if caller_env.get(k) == v),
        measures=measures,
    )


def spawn_previews(
    *, user, workspace: Workspace, session: AgentSession | None = None, os_profile: str = DEFAULT_OS_PROFILE
) -> PreviewSet:
    """What every registered agent would be launched with: for ``user`` in ``workspace``
    (in ``/etc/agentos``, with ``os_profile``'s text), or as ``session`` (its scope,
    cwd, env, additional instructions, bundle directory and profile) would be.
    Records nothing.

    The bundle is composed once; each agent gets its own ``environment.json``, extra
    files and injection. An agent that cannot take the text (Codex past the argv
    limit, Gemini and ``@path`` imports) has an ``error`` instead of a payload.
    """
    agents = registered_agents()
    if session is not None:
        spec = SessionSpec.of(session)
        bundle = prepare_bundle(user=session.owner, workspace=workspace, spec=spec, session=session)
    else:
        spec = SessionSpec(agent=agents[0].name, os_profile=os_profile)
        bundle = prepare_bundle(user=user, workspace=workspace, spec=spec)
    environment = environment_metadata(
        workspace=workspace.slug,
        cwd=spec.cwd,
        session=str(session.pk) if session is not None else "",
        started_at=session.started_at if session is not None else None,
    )
    return PreviewSet(
        merged=bundle.merged,
        instructions_md=bundle.instructions_md,
        agents=[_agent_preview(agent, bundle, environment, spec) for agent in agents],
        session=session,
        bundle_dir=bundle.bundle_dir,
        os_profile=bundle.os_profile,
    )
