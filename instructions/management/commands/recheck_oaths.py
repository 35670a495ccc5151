"""Re-check every stored body against the credo's current rules.

Bodies that now fail get a pending stored-failure review (once per body); flags
whose body was fixed, or now passes, are resolved. Run it after changing the credo
on disk (a running server also re-checks by itself when it notices the change).
"""

from __future__ import annotations

from django.core.management.base import CommandParser

from instructions.management.base import AuditedCommand
from instructions.services.reviews import documents_recheck
from instructions.services.workspaces import user_by_username


class Command(AuditedCommand):
    help = "Re-check stored instruction bodies against the credo; flag new failures, resolve fixed ones."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--actor", help="Username recorded as the history user of the flags (default: none).")

    def handle(self, *args, **options) -> None:
        actor = user_by_username(options["actor"]) if options["actor"] else None
        report = documents_recheck(actor=actor, reason="Recheck against the credo (manage.py recheck_oaths)")
        self.stdout.write(
            f"Checked {report.checked} bodies: {report.flagged} newly flagged, {report.resolved} flags resolved."
        )
