"""What every management command of the service shares."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from instructions.history import ChangePath, change_path


class AuditedCommand(BaseCommand):
    """A command whose changes are recorded with the ``command`` path."""

    def execute(self, *args, **options):
        with change_path(ChangePath.COMMAND):
            return super().execute(*args, **options)
