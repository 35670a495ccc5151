"""API token authentication: django-rest-knox's, without its per-request sweep.

Knox stores only a SHA-512 digest of each token. On every request its
authentication also lists all of the user's tokens to delete the expired ones: a
query on the hot path of every launcher call. Here only the presented token's own
expiry is checked (an expired token is still deleted when it is presented); the
others are dropped when they are next used.
"""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from knox import auth as knox_auth


class TokenAuthentication(knox_auth.TokenAuthentication):
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
            "description": 'Token-based authentication with required prefix "Token" (manage.py create_token)',
        }
