"""API token authentication: django-rest-knox's, without its per-request sweep, and
session tokens.

Knox stores only a SHA-512 digest of each token. On every request its
authentication also lists all of the user's tokens to delete the expired ones: a
query on the hot path of every launcher call. Here only the presented token's own
expiry is checked (an expired token is still deleted when it is presented); the
others are dropped when they are next used.

A session token (``agentos_s_...``, ``models.SessionToken``) authenticates as its
session's owner, with ``request.auth`` the ``SessionToken``, and only where the view
says it may (``ApiView.allows_session_token``: the session's spawn payload, its merged
instructions, its session scope); anywhere else it is refused here, before the view
runs, with 403. Which session a permitted route names is checked by the view: any
other answers 404, like someone else's session.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from knox import auth as knox_auth
from rest_framework import exceptions
from rest_framework.request import Request

from instructions.foundation.errors import ServiceError
from instructions.models import SessionToken
from instructions.services.session_tokens import is_session_token, session_token_check

NOT_A_SESSION_ROUTE = (
    "A session token may only read its session's spawn payload and instructions and change its session scope."
)


def session_token_of(request: Request) -> SessionToken | None:
    """The session token the request was authenticated with, if it was."""
    auth = getattr(request, "auth", None)
    return auth if isinstance(auth, SessionToken) else None


class TokenAuthentication(knox_auth.TokenAuthentication):
    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        found = super().authenticate(request)
        if found is not None and isinstance(found[1], SessionToken):
            view = (getattr(request, "parser_context", None) or {}).get("view")
            allows = getattr(view, "allows_session_token", None)
            if allows is None or not allows(request):
                raise exceptions.PermissionDenied(NOT_A_SESSION_ROUTE)
        return found

    def authenticate_credentials(self, token: bytes) -> tuple[Any, Any]:
        raw = token.decode("utf-8", "replace")
        if not is_session_token(raw):
            return super().authenticate_credentials(token)
        try:
            session_token = session_token_check(raw)
        except ServiceError as exc:
            raise exceptions.AuthenticationFailed(exc.message) from None
        return session_token.session.owner, session_token

    def _cleanup_token(self, auth_token) -> bool:
        if auth_token.expiry is not None and auth_token.expiry < timezone.now():
            auth_token.delete()
            return True
        return False


class TokenScheme(OpenApiAuthenticationExtension):
    """How the schema names this authentication: as before, a token in ``Authorization``."""

    target_class = "instructions.api.auth.TokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": (
                'Token-based authentication with required prefix "Token": an API token (manage.py '
                "create_token), or a session token (POST /api/sessions/{id}/token), which reaches only its "
                "session's spawn payload, merged instructions and session scope"
            ),
        }
