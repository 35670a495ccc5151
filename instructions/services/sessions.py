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

from instructions.foundation.contract import Scope
from instructions.models import (
    AgentSession,
    Delivery,
    InstructionDocument,
    ReviewSubject,
    SessionToken,
    Workspace,
    additional_target_key,
)
from instructions.rules.agents import SpawnPayload
from instructions.rules.approvals import verdict
from instructions.rules.oaths import PASS, OathResult
from instructions.rules.review_policy import REFUSE, write_outcome
from instructions.rules.session_spec import SessionSpec
from instructions.selectors import access
from instructions.selectors.merging import current_rules, oath_budget
from instructions.services.audit import save_audited
from instructions.services.deliveries import spawn_for_session
from instructions.services.documents import Target, document_save
from instructions.services.proposals import approved_keys, flag_after_acceptance, refuse_and_keep

#: last_seen_at is refreshed at most this often, so reads do not each cost a write.
TOUCH_EVERY = timedelta(seconds=60)

IDLE_REASON = "Session expired (idle)"
ACCESS_LOST_REASON = "Session ended: its owner no longer has access to the workspace"


def _check_additional(*, owner, workspace: Workspace, text: str, reason: str) -> OathResult:
    """The oath check every scope body gets, for a new session's additional instructions,
    under ``hold-confident`` (``rules.review_policy``): a text with a ``hold`` finding is
    refused and kept for review (``refuse_and_keep``) before anything is created. Returns
    the check's result (findings only worth a look are flagged once the session exists)."""
    if not text:
        return PASS
    key = additional_target_key(owner, workspace)
    result = verdict(text, current_rules(), approved_keys(key), budget=oath_budget(), target=key)
    if write_outcome(result, None) == REFUSE:
        raise refuse_and_keep(
            target_key=key,
            body=text,
            result=result,
            actor=owner,
            reason=reason,
            **_additional_fields(owner, workspace),
        )
    return result


def _additional_fields(owner, workspace: Workspace) -> dict:
    return {"subject": ReviewSubject.ADDITIONAL, "scope": Scope.SESSION, "user": owner, "workspace": workspace}


def _flag_additional(*, owner, workspace: Workspace, text: str, result: OathResult, reason: str) -> None:
    """Additional instructions that started a session with findings only worth a look: a
    review item "flagged after acceptance" (kept, or rejected with a note; a session's
    additional instructions cannot be reverted: end the session to stop them)."""
    if result.findings:
        flag_after_acceptance(
            target_key=additional_target_key(owner, workspace),
            body=text,
            result=result,
            actor=owner,
            reason=reason,
            **_additional_fields(owner, workspace),
        )


def _prepared(*, owner, workspace: Workspace, spec: SessionSpec, reason: str) -> tuple[SessionSpec, OathResult]:
    """Every check a new session's fields get, before anything is written (``SessionSpec.validated``),
    then the oath check of its additional instructions (a refused text is kept for review and
    ``OathConflict`` raised). Returns the validated spec and the check's result."""
    spec = spec.validated()
    result = _check_additional(owner=owner, workspace=workspace, text=spec.additional_instructions, reason=reason)
    return spec, result


def _create(*, owner, workspace: Workspace, spec: SessionSpec, reason: str, checked: OathResult) -> AgentSession:
    now = timezone.now()
    session = AgentSession(owner=owner, workspace=workspace, started_at=now, last_seen_at=now, **spec.model_fields())
    save_audited(session, actor=owner, reason=reason)
    _flag_additional(owner=owner, workspace=workspace, text=spec.additional_instructions, result=checked, reason=reason)
    return session


def session_create(*, owner, workspace: Workspace, spec: SessionSpec, reason: str = "Session started") -> AgentSession:
    """Start a session. Its fields are checked first (``_prepared``): a refused text
    raises and nothing is created."""
    spec, checked = _prepared(owner=owner, workspace=workspace, spec=spec, reason=reason)
    return _create(owner=owner, workspace=workspace, spec=spec, reason=reason, checked=checked)


def session_start(
    *, owner, workspace: Workspace, spec: SessionSpec, reason: str = "Session started"
) -> tuple[AgentSession, SpawnPayload, Delivery]:
    """Start a session and hand out its first spawn payload.

    The checks run before any transaction, so a refused text's review item is
    committed whatever happens next. Creating the session and building its payload
    are then one transaction: a payload that cannot be built (too large for the
    agent) leaves no session behind.
    """
    spec, checked = _prepared(owner=owner, workspace=workspace, spec=spec, reason=reason)
    with transaction.atomic():
        session = _create(owner=owner, workspace=workspace, spec=spec, reason=reason, checked=checked)
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
