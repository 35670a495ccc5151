"""System checks: a credo that cannot be used is reported at start-up and by
``manage.py check``, not discovered on the first request."""

from __future__ import annotations

from django.conf import settings
from django.core import checks

from instructions.rules.credo import CredoError, read_credo


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
def os_profiles_check(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    """Every OS profile has its template (a missing one would open instructions.md with
    nothing), and the deprecated single-file setting is named while it is still set."""
    from instructions.rules.os_profiles import PROFILES, legacy_vm_file, template_path

    messages: list[checks.CheckMessage] = []
    for profile in PROFILES:
        path = template_path(profile)
        if not path.is_file():
            messages.append(
                checks.Error(
                    f"The template of the OS profile '{profile}' ({path}) does not exist.",
                    hint="Set AGENTOS_OS_PROFILES_DIR to a folder holding agentos-vm.md and host.md.",
                    id="instructions.E003",
                )
            )
    legacy = legacy_vm_file()
    if legacy is not None:
        messages.append(
            checks.Warning(
                f"AGENTOS_OS_INSTRUCTIONS_FILE is deprecated: {legacy} is used as the template of the "
                "'agentos-vm' OS profile.",
                hint=f"Move its text to {settings.AGENTOS_OS_PROFILES_DIR}/agentos-vm.md (it may use ${{bundle_dir}}, "
                "${cwd} and ${platform}) and unset AGENTOS_OS_INSTRUCTIONS_FILE; the setting goes in the next release.",
                id="instructions.W002",
            )
        )
    return messages
