"""Agent sessions: start, touch, end, expire."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from instructions.agents import validate_env
from instructions.contract import Scope
from instructions.errors import InvalidInput
from instructions.models import AgentSession, InstructionDocument, Workspace
from instructions.services.audit import save_audited
from instructions.services.documents import Target, document_save
from instructions.text import validate_instruction_text, validate_text

#: last_seen_at is refreshed at most this often, so reads do not each cost a write.
TOUCH_EVERY = timedelta(seconds=60)


def session_create(
    *,
    owner,
    workspace: Workspace,
    agent: str,
    cwd: str = "",
    env: dict[str, str] | None = None,
    skip_os_instructions: bool = False,
    additional_instructions: str = "",
    reason: str = "Session started",
) -> AgentSession:
    validate_instruction_text(additional_instructions, field="additional_instructions")
    validate_text(cwd, field="cwd", max_chars=4096)
    if cwd and not cwd.startswith("/"):
        raise InvalidInput("cwd must be an absolute path (or empty: the launcher's own).")
    now = timezone.now()
    session = AgentSession(
        owner=owner,
        workspace=workspace,
        agent=agent,
        cwd=cwd,
        env=validate_env(env),
        skip_os_instructions=skip_os_instructions,
        additional_instructions=additional_instructions,
        started_at=now,
        last_seen_at=now,
    )
    save_audited(session, actor=owner, reason=reason)
    return session


def session_end(*, session: AgentSession, actor, reason: str = "Session ended") -> AgentSession:
    """End the session: its scope stops being served at once and is cleared
    (its history stays for audit)."""
    with transaction.atomic():
        session = AgentSession.objects.select_for_update().get(pk=session.pk)
        if session.ended_at is not None:
            return session
        document = InstructionDocument.objects.of(Scope.SESSION, session).first()
        if document is not None and document.body:
            document_save(target=Target(scope=Scope.SESSION, session=session), body="", actor=actor, reason=reason)
        session.ended_at = timezone.now()
        session.end_reason = reason
        save_audited(session, actor=actor, reason=reason)
    return session


def idle_cutoff():
    return timezone.now() - timedelta(minutes=settings.AGENTOS_SESSION_IDLE_MINUTES)


def session_touch(*, session: AgentSession) -> AgentSession:
    """Note activity on a live session: end it if it was idle too long, else refresh
    ``last_seen_at`` (without a history row: activity is not a change)."""
    if session.ended_at is not None:
        return session
    now = timezone.now()
    if session.last_seen_at < idle_cutoff():
        return session_end(session=session, actor=None, reason="Session expired (idle)")
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
        session_end(session=session, actor=actor, reason="Session expired (idle)")
        count += 1
    return count
