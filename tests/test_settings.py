"""Start-up refuses to run without a secret key unless DEBUG is on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_check(**env):
    clean = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG", "DJANGO_SETTINGS_MODULE"}}
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "agentos_site.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_production_start_without_secret_key_fails_clearly():
    result = run_check(DEBUG="0")
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_start_with_secret_key_works():
    result = run_check(DEBUG="0", SECRET_KEY="x" * 50, ALLOWED_HOSTS="example.org")
    assert result.returncode == 0, result.stderr


def test_bad_boolean_is_reported():
    result = run_check(DEBUG="maybe")
    assert result.returncode != 0
    assert "DEBUG must be a boolean" in result.stderr
