"""End agent sessions idle past AGENTOS_SESSION_IDLE_MINUTES. Meant for cron.

Each ended session's scope is cleared and the end is recorded in its history
(``services.sessions.sessions_expire``), exactly as when a session is touched
after its idle time.
"""

from __future__ import annotations

from instructions.management.base import AuditedCommand
from instructions.services.sessions import sessions_expire


class Command(AuditedCommand):
    help = "End every agent session idle longer than AGENTOS_SESSION_IDLE_MINUTES and print how many ended."

    def handle(self, *args, **options) -> None:
        count = sessions_expire()
        self.stdout.write(f"{count} session{'s' if count != 1 else ''} ended.")
