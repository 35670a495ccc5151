#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "agentos_site.settings")
    # Lets commands use the development key under var/ when SECRET_KEY is unset
    # (agentos_site.settings); servers never set it.
    os.environ["AGENTOS_MANAGE_PY"] = "1"
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
