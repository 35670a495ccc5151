"""Agent sessions: start, touch, end, expire.

A session is re-checked on every use (``session_touch``): idle too long, or its
owner no longer able to see its workspace, and it ends, with the reason recorded.
Its ``env`` (the caller's secrets) is cleared when it ends.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from instructions.foundation.contract import DEFAULT_OS_PROFILE, MAX_CWD_CHARS, Scope
from instructions.foundation.errors import InvalidInput
from instructions.foundation.stored_text import validate_bundle_dir, validate_instruction_text, validate_text
from instructions.models import (
    MAX_PLATFORM_CHARS,
    AgentSession,
    Delivery,
    InstructionDocument,
    ReviewKind,
    ReviewSubject,
    SessionToken,
    Workspace,
    additional_target_key,
)
from instructions.rules.agents import SpawnPayload, get_agent, validate_env
from instructions.rules.approvals import verdict
from instructions.rules.bundle import MOUNT_DIR
from instructions.rules.os_profiles import check_profile
from instructions.selectors import access, current_rules, oath_budget
from instructions.services.audit import save_audited
from instructions.services.deliveries import spawn_for_session
from instructions.services.documents import REFUSED_PREFIX, Target, document_save, oath_conflict
from instructions.services.proposals import approved_keys, review_keep

#: last_seen_at is refreshed at most this often, so reads do not each cost a write.
TOUCH_EVERY = timedelta(seconds=60)

IDLE_REASON = "Session expired (idle)"
ACCESS_LOST_REASON = "Session ended: its owner no longer has access to the workspace"


def _check_additional(*, owner, workspace: Workspace, text: str, reason: str) -> None:
    """The oath check every scope body gets, for a new session's additional instructions.

    A failing text (findings approved for this user's sessions in this workspace
    aside) is kept for review and ``OathConflict`` is raised before anything is
    created.
    """
    if not text:
        return
    key = additional_target_key(owner, workspace)
    result = verdict(text, current_rules(), approved_keys(key), budget=oath_budget(), target=key)
    if result.status == "pass":
        return
    review = review_keep(
        target_key=key,
        kind=ReviewKind.REJECTED_WRITE,
        subject=ReviewSubject.ADDITIONAL,
        body=text,
        result=result,
        actor=owner,
        reason=REFUSED_PREFIX + reason,
        why=reason,
        scope=Scope.SESSION,
        user=owner,
        workspace=workspace,
    )
    raise oath_conflict(result, review)


def _prepared(
    *,
    owner,
    workspace: Workspace,
    agent: str,
    cwd: str,
    env,
    additional_instructions: str,
    bundle_dir: str,
    os_profile: str,
    platform: str,
    reason: str,
):
    """Every check a new session's fields get, before anything is written: the agent,
    the texts, the env, the bundle directory and OS profile, and the oath check of the
    additional instructions (a refused text is kept for review and ``OathConflict``
    raised). Returns the validated env."""
    get_agent(agent)
    validate_instruction_text(additional_instructions, field="additional_instructions")
    validate_text(cwd, field="cwd", max_chars=MAX_CWD_CHARS)
    if cwd and not cwd.startswith("/"):
        raise InvalidInput("cwd must be an absolute path (or empty: the launcher's own).")
    validate_bundle_dir(bundle_dir)
    check_profile(os_profile)
    validate_text(platform, field="platform", max_chars=MAX_PLATFORM_CHARS)
    env = validate_env(env)
    _check_additional(owner=owner, workspace=workspace, text=additional_instructions, reason=reason)
    return env


def _create(*, owner, workspace: Workspace, reason: str, **fields) -> AgentSession:
    now = timezone.now()
    session = AgentSession(owner=owner, workspace=workspace, started_at=now, last_seen_at=now, **fields)
    save_audited(session, actor=owner, reason=reason)
    return session


def session_create(
    *,
    owner,
    workspace: Workspace,
    agent: str,
    cwd: str = "",
    env: dict[str, str] | None = None,
    skip_os_instructions: bool = False,
    additional_instructions: str = "",
    bundle_dir: str = MOUNT_DIR,
    os_profile: str = DEFAULT_OS_PROFILE,
    platform: str = "",
    reason: str = "Session started",
) -> AgentSession:
    """Start a session. Its fields are checked first (``_prepared``): a refused text
    raises and nothing is created."""
    env = _prepared(
        owner=owner,
        workspace=workspace,
        agent=agent,
        cwd=cwd,
        env=env,
        additional_instructions=additional_instructions,
        bundle_dir=bundle_dir,
        os_profile=os_profile,
        platform=platform,
        reason=reason,
    )
    return _create(
        owner=owner,
        workspace=workspace,
        reason=reason,
        agent=agent,
        cwd=cwd,
        env=env,
        skip_os_instructions=skip_os_instructions,
        additional_instructions=additional_instructions,
        bundle_dir=bundle_dir,
        os_profile=os_profile,
        platform=platform,
    )


def session_start(
    *,
    owner,
    workspace: Workspace,
    agent: str,
    cwd: str = "",
    env: dict[str, str] | None = None,
    skip_os_instructions: bool = False,
    additional_instructions: str = "",
    bundle_dir: str = MOUNT_DIR,
    os_profile: str = DEFAULT_OS_PROFILE,
    platform: str = "",
    reason: str = "Session started",
) -> tuple[AgentSession, SpawnPayload, Delivery]:
    """Start a session and hand out its first spawn payload.

    The checks run before any transaction, so a refused text's review item is
    committed whatever happens next. Creating the session and building its payload
    are then one transaction: a payload that cannot be built (too large for the
    agent) leaves no session behind.
    """
    env = _prepared(
        owner=owner,
        workspace=workspace,
        agent=agent,
        cwd=cwd,
        env=env,
        additional_instructions=additional_instructions,
        bundle_dir=bundle_dir,
        os_profile=os_profile,
        platform=platform,
        reason=reason,
    )
    with transaction.atomic():
        session = _create(
            owner=owner,
            workspace=workspace,
            reason=reason,
            agent=agent,
            cwd=cwd,
            env=env,
            skip_os_instructions=skip_os_instructions,
            additional_instructions=additional_instructions,
            bundle_dir=bundle_dir,
            os_profile=os_profile,
            platform=platform,
        )
        payload, delivery = spawn_for_session(session=session, actor=owner)
    return session, payload, delivery


def session_end(*, session: AgentSession, actor, reason: str = "Session ended") -> AgentSession:
    """End the session: its scope stops being served at once and is cleared (its
    history stays for audit), its env, which may hold secrets, is dropped, and its
    session token stops working (deleted)."""
    with transaction.atomic():
        session = AgentSession.objects.select_for_update().get(pk=session.pk)
        SessionToken.objects.filter(session=session).delete()
        if session.ended_at is not None:
            return session
        document = InstructionDocument.objects.of(Scope.SESSION, session).first()
        if document is not None and document.body:
            document_save(target=Target(scope=Scope.SESSION, session=session), body="", actor=actor, reason=reason)
        session.ended_at = timezone.now()
        session.end_reason = reason
        session.env = {}
        save_audited(session, actor=actor, reason=reason)
    return session


def idle_cutoff():
    return timezone.now() - timedelta(minutes=settings.AGENTOS_SESSION_IDLE_MINUTES)


def session_touch(*, session: AgentSession) -> AgentSession:
    """Note a use of a live session.

    It ends when its owner can no longer see its workspace (removed from it by any
    path) or when it was idle too long; otherwise ``last_seen_at`` is refreshed
    (without a history row: activity is not a change).
    """
    if session.ended_at is not None:
        return session
    if not access.session_owner_has_access(session):
        return session_end(session=session, actor=None, reason=ACCESS_LOST_REASON)
    now = timezone.now()
    if session.last_seen_at < idle_cutoff():
        return session_end(session=session, actor=None, reason=IDLE_REASON)
    if now - session.last_seen_at >= TOUCH_EVERY:
        session.last_seen_at = now
        session.save_without_historical_record(update_fields=["last_seen_at"])
    return session


def sessions_expire(*, owner=None, actor=None) -> int:
    """End every session idle past the configured time (only ``owner``'s when
    given). Returns how many."""
    count = 0
    idle = AgentSession.objects.idle_since(idle_cutoff())
    if owner is not None:
        idle = idle.filter(owner=owner)
    for session in idle.iterator():
        session_end(session=session, actor=actor, reason=IDLE_REASON)
        count += 1
    return count


def sessions_end_for_member(*, workspace: Workspace, user, actor, reason: str = ACCESS_LOST_REASON) -> int:
    """End ``user``'s live sessions in ``workspace`` (they just lost access to it)."""
    if workspace.slug == access.default_workspace_slug():
        return 0  # everyone may read the default workspace: nothing was lost
    count = 0
    for session in AgentSession.objects.active().filter(owner=user, workspace=workspace):
        session_end(session=session, actor=actor, reason=reason)
        count += 1
    return count
