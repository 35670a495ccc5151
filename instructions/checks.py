"""System checks: a credo that cannot be used is reported at start-up and by
``manage.py check``, not discovered on the first request."""

from __future__ import annotations

from django.conf import settings
from django.core import checks

from instructions.credo import CredoError, read_credo


@checks.register()
def credo_check(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    folder = settings.AGENTOS_CREDO_DIR
    if not folder.is_dir():
        return [
            checks.Error(
                f"The credo folder {folder} does not exist.",
                hint="Set AGENTOS_CREDO_DIR to a folder holding credo.md and credo-map.json.",
                id="instructions.E001",
            )
        ]
    try:
        credo = read_credo(folder)
    except CredoError as exc:
        return [
            checks.Error(
                f"The credo in {folder} cannot be used: {exc}",
                hint="Fix the file; the service answers 503 on every route that needs the credo until then.",
                id="instructions.E002",
            )
        ]
    if not credo.exists:
        return [
            checks.Warning(
                f"There is no credo.md in {folder}: merged instructions will have no global section.",
                id="instructions.W001",
            )
        ]
    return []


@checks.register()
def os_instructions_check(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    path = settings.AGENTOS_OS_INSTRUCTIONS_FILE
    if not path.is_file():
        return [
            checks.Error(
                f"The OS instructions file {path} does not exist.",
                hint="Set AGENTOS_OS_INSTRUCTIONS_FILE to the text that opens /etc/agentos/instructions.md.",
                id="instructions.E003",
            )
        ]
    return []
