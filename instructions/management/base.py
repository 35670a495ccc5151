"""What every management command of the service shares."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from instructions.foundation.errors import ServiceError
from instructions.history import ChangePath, change_path


class AuditedCommand(BaseCommand):
    """A command whose changes are recorded with the ``command`` path, and whose domain
    errors (``instructions.foundation.errors``) end it as a ``CommandError`` with their
    message: exit status 1 and one line on stderr, never a traceback. Commands raise
    them as the services do; none catches them itself."""

    def execute(self, *args, **options):
        with change_path(ChangePath.COMMAND):
            try:
                return super().execute(*args, **options)
            except ServiceError as exc:
                raise CommandError(exc.message) from None
