"""Print the merged instructions a user would get in a workspace (and session)."""

from __future__ import annotations

import json

from django.core.management.base import CommandParser

from instructions.management.base import AuditedCommand
from instructions.selectors.access import own_session, workspace_access
from instructions.selectors.merging import load_merged
from instructions.services.workspaces import user_by_username


class Command(AuditedCommand):
    help = "Print the merged instruction set for a user, workspace and optional session, as JSON or markdown."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--user", required=True, help="username whose user scope is used")
        parser.add_argument("--workspace", help="workspace slug (default: the configured default workspace)")
        parser.add_argument("--session", help="agent session id (the user's own)")
        parser.add_argument("--format", choices=["json", "markdown"], default="json")

    def handle(self, *args, **options) -> None:
        user = user_by_username(options["user"])
        session = own_session(user, options["session"]) if options["session"] else None
        slug = options["workspace"] or (session.workspace.slug if session else None)
        access = workspace_access(user, slug)
        merged = load_merged(user=user, workspace=access.workspace, session=session)
        if options["format"] == "markdown":
            self.stdout.write(merged["merged"])
            for conflict in merged["conflicts"]:
                self.stderr.write(
                    f"conflict in {conflict['scope']} ({conflict['path']}): "
                    f"{conflict['snippet']!r} vs oath '{conflict['conflicting_oath']}'"
                )
        else:
            self.stdout.write(json.dumps(merged, indent=2, ensure_ascii=False))
