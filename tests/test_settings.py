"""Start-up refuses to run without a secret key unless DEBUG is on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_check(*extra: str, **env):
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"SECRET_KEY", "DEBUG", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    return subprocess.run(  # noqa: S603 (our own manage.py, fixed arguments)
        [sys.executable, "manage.py", "check", *extra],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "agentos_site.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_production_start_without_secret_key_fails_clearly():
    # A server loads the WSGI application; it never falls back to var/'s development key.
    clean = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG", "DJANGO_SETTINGS_MODULE"}}
    result = subprocess.run(
        [sys.executable, "-c", "import agentos_site.wsgi"],
        cwd=ROOT,
        env={**clean, "DEBUG": "0"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_start_with_secret_key_works():
    result = run_check(DEBUG="0", SECRET_KEY="x" * 50, ALLOWED_HOSTS="example.org")
    assert result.returncode == 0, result.stderr


def test_bad_boolean_is_reported():
    result = run_check(DEBUG="maybe")
    assert result.returncode != 0
    assert "DEBUG must be a boolean" in result.stderr


def test_https_mode_passes_the_deploy_checks_for_cookies_and_redirects():
    result = run_check("--deploy", DEBUG="0", SECRET_KEY="k" * 50 + "-Zq9", ALLOWED_HOSTS="example.org", HTTPS="1")
    assert result.returncode == 0, result.stderr
    for code in ("W004", "W008", "W012", "W016"):
        assert code not in result.stderr
