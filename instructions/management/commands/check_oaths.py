"""Check files against the credo in force: one JSON line per file."""

from __future__ import annotations

import json
import sys

from django.core.management.base import CommandError, CommandParser

from instructions.management.base import AuditedCommand
from instructions.rules.credo import CredoError, current_credo
from instructions.rules.oaths import check_text


class Command(AuditedCommand):
    help = (
        "Check instruction files against the oaths of the credo in force. Prints one JSON line per file: "
        '{"file", "oath_check": "pass"|"fail", "verdict": "hold"|"review"|"pass", '
        '"conflicts": [{"snippet", "conflicting_oath", "rule_id", "reason", "tier", "confidence"}]}. '
        "oath_check is fail when there is any finding; verdict is hold when a finding is confident (the default "
        "review policy refuses such a write), review when all findings are only worth a look. "
        "Use - to read standard input. The exit status is 0 whether files pass or fail; it is 1 only when "
        "some file could not be read (each such file gets an error line on stderr and the others are still checked)."
    )
    #: call_command(..., stdin=io.StringIO(...)) feeds "-" in tests.
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE", help="file to check, or - for standard input")

    def handle(self, *args, **options) -> None:
        self._stdin = options.get("stdin")
        try:
            rules = current_credo().rules
        except CredoError as exc:
            raise CommandError(f"the credo cannot be used: {exc}") from None
        unreadable = 0
        for name in options["files"]:
            try:
                body = self._read(name)
            except (OSError, UnicodeDecodeError) as exc:
                unreadable += 1
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                self.stderr.write(f"check_oaths: cannot read {name}: {reason}")
                continue
            result = check_text(body, rules)
            line = {
                "file": name,
                "oath_check": result.status,
                "verdict": result.verdict,
                "conflicts": [f.as_conflict() for f in result.findings],
            }
            self.stdout.write(json.dumps(line, ensure_ascii=False))
        if unreadable:
            # Raised only after every readable file has been reported: the status is what signals it.
            raise CommandError(f"{unreadable} file(s) could not be read")

    def _read(self, name: str) -> str:
        if name == "-":
            stream = self._stdin or sys.stdin
            data = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
            return data.decode("utf-8") if isinstance(data, bytes) else data
        with open(name, "rb") as handle:
            return handle.read().decode("utf-8")
