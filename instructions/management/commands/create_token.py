"""Make an API token for a user and print it once: only its digest is stored."""

from __future__ import annotations

from datetime import timedelta

from django.core.management.base import CommandParser
from knox.models import AuthToken

from instructions.management.base import AuditedCommand
from instructions.services.workspaces import user_by_username


class Command(AuditedCommand):
    help = (
        "Create an API token for USERNAME and print it. It is shown only now: the service keeps its SHA-512 "
        "digest, so a lost token cannot be recovered, only replaced (--revoke-others drops the user's other tokens)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument(
            "--expires-in-hours",
            type=int,
            default=None,
            help="0: never expires; default: API_TOKEN_TTL_HOURS (0, never, unless set)",
        )
        parser.add_argument("--revoke-others", action="store_true", help="delete the user's other tokens first")

    def handle(self, *args, **options) -> None:
        user = user_by_username(options["username"])
        if options["revoke_others"]:
            AuthToken.objects.filter(user=user).delete()
        hours = options["expires_in_hours"]
        if hours is None:
            _, token = AuthToken.objects.create(user=user)  # REST_KNOX["TOKEN_TTL"]
        else:
            _, token = AuthToken.objects.create(user=user, expiry=timedelta(hours=hours) if hours > 0 else None)
        self.stderr.write(f"API token for {user.get_username()} (shown once; use it as 'Authorization: Token <it>'):")
        self.stdout.write(token)
