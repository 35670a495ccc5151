"""Prove, on this machine, that each installed agent CLI receives its instructions.

For every agent CLI found (``--bin-dir`` first, then ``PATH``) this starts a fake
model API on 127.0.0.1, runs the CLI with the spawn payload the service builds for
texts carrying unique markers (inline, one line, flag-like, line ends, over the argv
limit; control characters, which the service must refuse) and reports per agent,
version and case whether the text reached the prompt byte for byte (the system
prompt; for Gemini CLI, whose registry entry says so, the first user turn), and
whether the user's own instruction files still did. See ``instructions.verify.engine``.

    manage.py verify_agents                      # a table
    manage.py verify_agents --agent gemini --json
    manage.py verify_agents --bin-dir ~/agent-clis/node_modules/.bin

Exit status 0 when every installed agent passed (agents not installed are reported
and do not fail the run), 1 when one failed. Nothing beyond 127.0.0.1 is contacted
by this command; each CLI gets a throwaway HOME with its update and telemetry
switches off.
"""

from __future__ import annotations

import json

from django.core.management.base import CommandError, CommandParser

from instructions.management.base import AuditedCommand
from instructions.verify.engine import CASE_NAMES, DEFAULT_TIMEOUT, format_table, table_rows, verify_agents
from instructions.verify.payloads import PayloadBuilder, service_payload
from instructions.verify.recipes import RECIPES

#: What builds the payloads under test: the service's own builder.
PAYLOAD_BUILDER: PayloadBuilder = service_payload


class Command(AuditedCommand):
    help = (
        "Run each installed agent CLI against a fake model API on 127.0.0.1 and report whether its "
        "instructions reach its prompt as injected. Exit 1 when an installed agent fails."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--agent", action="append", choices=sorted(RECIPES), help="only this agent (repeat); default: all"
        )
        parser.add_argument("--json", action="store_true", help="one JSON object per line instead of a table")
        parser.add_argument(
            "--bin-dir", action="append", default=[], metavar="DIR", help="look for the CLIs here before PATH (repeat)"
        )
        parser.add_argument("--case", action="append", choices=CASE_NAMES, help="only this case (repeat)")
        parser.add_argument(
            "--timeout",
            type=float,
            default=DEFAULT_TIMEOUT,
            help=f"seconds per CLI run (default {DEFAULT_TIMEOUT:.0f})",
        )

    def handle(self, *args, **options) -> None:
        reports = []
        for report in verify_agents(
            PAYLOAD_BUILDER,
            agents=options["agent"],
            bin_dirs=options["bin_dir"],
            timeout=options["timeout"],
            case_names=options["case"] or CASE_NAMES,
        ):
            reports.append(report)
            if options["json"]:
                for result in report.results:
                    self.stdout.write(json.dumps(result.as_json(), ensure_ascii=False))
                self.stdout.flush()
        if not options["json"]:
            self.stdout.write(format_table(table_rows(reports)))
        failed = [r.agent for r in reports if r.installed and not r.ok]
        if failed:
            raise CommandError(f"instructions did not arrive as injected for: {', '.join(failed)}", returncode=1)
