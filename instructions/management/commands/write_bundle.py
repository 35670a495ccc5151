"""Write a session's bundle into a directory, for launchers that mount a real folder.

The directory is replaced atomically and its files are read-only (0444); see
``instructions.rules.bundle.write_bundle``. ``--output`` is where the files go on this
machine; it stands for the session's bundle directory (``/etc/agentos`` unless the
session names another), which the files' own paths and ``instructions.md`` name.
Nothing is recorded: a ``Delivery`` is only made when a spawn payload is handed out
through the API. (``agentos-launch`` writes the bundle on the agent's host itself.)
"""

from __future__ import annotations

from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import CommandError, CommandParser

from instructions.foundation.contract import DEFAULT_OS_PROFILE, OsProfile
from instructions.management.base import AuditedCommand
from instructions.models import AgentSession
from instructions.rules.bundle import MOUNT_DIR
from instructions.rules.session_spec import SessionSpec
from instructions.selectors.access import workspace_access
from instructions.services.deliveries import prepare_bundle, session_bundle
from instructions.services.sessions import session_touch
from instructions.services.workspaces import user_by_username


def parse_mount(value: str) -> dict:
    """``/home/user`` or ``/home/user:ro`` / ``:rw`` -> ``{"path", "read_only"}``."""
    path, _, flag = value.rpartition(":") if value.endswith((":ro", ":rw")) else (value, "", "rw")
    if not path.startswith("/"):
        raise CommandError(f"--mount needs an absolute path, got {value!r}.")
    return {"path": path, "read_only": flag == "ro"}


class Command(AuditedCommand):
    help = (
        "Write the bundle files (instructions.md, environment.json, mounts.json, and an agent's own) for a "
        "session, or for a user, workspace and agent, into --output (replaced atomically, files read-only)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--output", required=True, help="directory to (re)place; it stands for the bundle directory"
        )
        parser.add_argument("--session", help="agent session id: its owner, workspace, agent, cwd and scope")
        parser.add_argument("--user", help="username (without --session)")
        parser.add_argument("--workspace", help="workspace slug (without --session; default workspace if omitted)")
        parser.add_argument("--agent", help="agent name (without --session)")
        parser.add_argument("--cwd", default="", help="working directory to record in environment.json")
        parser.add_argument(
            "--bundle-dir",
            default=MOUNT_DIR,
            help=f"(without --session) the directory the agent sees the files in (default {MOUNT_DIR})",
        )
        parser.add_argument(
            "--os-profile",
            choices=OsProfile.values,
            default=DEFAULT_OS_PROFILE,
            help=f"(without --session) the OS environment text (default {DEFAULT_OS_PROFILE})",
        )
        parser.add_argument(
            "--mount", action="append", default=[], metavar="PATH[:ro|:rw]", help="a mount for mounts.json (repeat)"
        )

    def handle(self, *args, **options) -> None:
        from instructions.rules.bundle import write_bundle

        mounts = [parse_mount(m) for m in options["mount"]]
        if options["session"]:
            if options["user"] or options["workspace"] or options["agent"]:
                raise CommandError("Give either --session, or --user/--workspace/--agent, not both.")
            # The same re-check as every use of a session: ended if its owner lost access.
            session = session_touch(session=self._session(options["session"]))
            if not session.is_active:
                raise CommandError(f"Session {session.pk} has ended ({session.end_reason}); nothing written.")
            bundle = session_bundle(session=session, mounts=mounts)
        else:
            if not options["user"] or not options["agent"]:
                raise CommandError("Without --session, --user and --agent are required.")
            user = user_by_username(options["user"])
            access = workspace_access(user, options["workspace"])
            spec = SessionSpec(
                agent=options["agent"],
                cwd=options["cwd"],
                bundle_dir=options["bundle_dir"],
                os_profile=options["os_profile"],
            )
            bundle = prepare_bundle(user=user, workspace=access.workspace, spec=spec, mounts=mounts)
        output = Path(options["output"])
        try:
            write_bundle(bundle.files, output, bundle_dir=bundle.bundle_dir)
        except (OSError, ValueError) as exc:
            raise CommandError(f"Cannot write the bundle to {output}: {exc}") from None
        names = ", ".join(sorted(Path(p).name for p in bundle.files))
        self.stdout.write(f"Wrote {names} to {output} ({bundle.instructions_bytes} bytes of instructions).")

    def _session(self, session_id: str) -> AgentSession:
        try:
            return AgentSession.objects.select_related("owner", "workspace").get(pk=session_id)
        except (AgentSession.DoesNotExist, ValidationError, ValueError):  # a malformed id: ValidationError
            raise CommandError(f"Session '{session_id}' not found.") from None
