"""Export the audit log (every change, by any path) as CSV or JSON.

The same rows as the admin's audit log download (``instructions.selectors.audit_log``).
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError, CommandParser

from instructions.foundation.contract import EDITABLE_SCOPES
from instructions.management.base import AuditedCommand
from instructions.selectors import audit_log


class Command(AuditedCommand):
    help = "Export every change in a period as CSV or JSON (stdout, or --output FILE)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--since", default="", help="From (inclusive): YYYY-MM-DD or an ISO date-time (UTC).")
        parser.add_argument("--until", default="", help="To (exclusive): YYYY-MM-DD or an ISO date-time (UTC).")
        parser.add_argument("--workspace", help="Only changes in this workspace (slug).")
        parser.add_argument("--user", help="Only changes made by this username.")
        parser.add_argument("--scope", choices=EDITABLE_SCOPES, help="Only changes to this scope.")
        parser.add_argument("--path", choices=audit_log.PATHS, help="Only changes made through this path.")
        parser.add_argument("--format", choices=["csv", "json"], default="csv")
        parser.add_argument("--output", type=Path, help="Write to this file instead of stdout.")

    def handle(self, *args, **options) -> None:
        try:
            since = audit_log.parse_moment(options["since"])
            until = audit_log.parse_moment(options["until"])
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        flt = audit_log.AuditFilter(
            since=since,
            until=until,
            workspace=options["workspace"],
            user=options["user"],
            scope=options["scope"],
            path=options["path"],
        )
        # Written piece by piece as the rows stream in: memory stays flat however long the period.
        pieces = audit_log.export(audit_log.audit_rows(flt), options["format"])
        if options["output"]:
            with open(options["output"], "w", encoding="utf-8", newline="") as handle:
                handle.writelines(pieces)
            self.stderr.write(f"Wrote {options['output']}")
        else:
            for piece in pieces:
                self.stdout.write(piece, ending="")
