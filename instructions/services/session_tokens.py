"""Session tokens: a credential for one agent session, so that an agent never needs its
owner's API token (``models.SessionToken`` says what one may do and how long it lives).

- ``session_token_mint``: the owner, authenticated with an API token, gets one for a
  live session of theirs (shown once; minting again replaces it).
- ``session_token_check``: the session token a request presents, if it still works:
  its session live (re-checked as every use of a session is: idle expiry, the owner's
  access to the workspace), its owner active, and the API token it was minted with
  neither revoked nor expired. Ending a session deletes its token (``services.sessions``).
"""

from __future__ import annotations

from hmac import compare_digest

from django.db import transaction
from django.utils import timezone
from knox.crypto import create_token_string, hash_token

from instructions.foundation.errors import NotFound, SessionEnded
from instructions.models import SESSION_TOKEN_KEY_CHARS, SESSION_TOKEN_PREFIX, AgentSession, SessionToken
from instructions.services.audit import save_audited
from instructions.services.sessions import session_touch


def is_session_token(raw: str) -> bool:
    """Does ``raw`` have the shape of a session token (not of an API token)?"""
    return raw.startswith(SESSION_TOKEN_PREFIX)


def session_token_mint(*, session: AgentSession, parent, actor, reason: str) -> tuple[SessionToken, str]:
    """A new token for ``session`` (its owner's, live), replacing any earlier one: the row
    and the token itself, which is not stored and cannot be shown again.

    ``parent`` is the owner's API token (knox ``AuthToken``) the request came with: revoking
    it revokes this. The issue is a history row of the session (``actor``, ``reason``).
    """
    if not session.is_active:
        raise SessionEnded(f"This session has ended ({session.end_reason}); it gets no token.")
    raw = SESSION_TOKEN_PREFIX + create_token_string()
    with transaction.atomic():
        SessionToken.objects.filter(session=session).delete()
        token = SessionToken.objects.create(
            digest=hash_token(raw), token_key=raw[:SESSION_TOKEN_KEY_CHARS], session=session, parent=parent
        )
        save_audited(session, actor=actor, reason=reason)
    return token, raw


def session_token_check(raw: str) -> SessionToken:
    """The ``SessionToken`` that ``raw`` is, while it works; else ``NotFound`` (no such
    token: revoked, replaced, never made) or ``SessionEnded`` (its session is over)."""
    digest = hash_token(raw)
    candidates = SessionToken.objects.filter(token_key=raw[:SESSION_TOKEN_KEY_CHARS]).select_related(
        "session__owner", "session__workspace", "parent"
    )
    token = next((t for t in candidates if compare_digest(digest, t.digest)), None)
    if token is None:
        raise NotFound("Invalid token.")
    parent_expiry = token.parent.expiry
    if parent_expiry is not None and parent_expiry < timezone.now():
        raise NotFound("The API token this session token was minted with has expired.")
    if not token.session.owner.is_active:
        raise NotFound("User inactive or deleted.")
    session = session_touch(session=token.session)  # ends it if idle or its owner lost the workspace
    if not session.is_active:
        raise SessionEnded(f"The session of this token has ended ({session.end_reason}).")
    token.session = session
    return token
