"""Start-up as operators meet it: the README's commands work as typed in a checkout,
a server never starts without a configured key, and nothing warns at start."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
KEY_FILE = ROOT / "var" / "dev-secret-key"

# The checkout's own var/dev-secret-key, made by the first test that needs it: these
# tests never overlap across pytest-xdist workers, or one could read the key while
# another process is still writing it.
pytestmark = pytest.mark.one_at_a_time("var-dev-key")


def run(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"SECRET_KEY", "DEBUG", "DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL"}
    }
    return subprocess.run(  # noqa: S603 (our own manage.py and modules, fixed arguments)
        [sys.executable, *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.fixture
def dev_key():
    """The development key ``make run`` leaves under var/ (made here if missing)."""
    if not KEY_FILE.exists():
        assert run("manage.py", "check", DEBUG="1").returncode == 0  # DEBUG generates it
    assert KEY_FILE.exists()


def test_management_commands_use_the_development_key_without_debug(dev_key):
    result = run("manage.py", "check")
    assert result.returncode == 0, result.stderr
    assert "SECRET_KEY" not in result.stderr


def test_a_server_ignores_the_development_key(dev_key):
    result = run("-c", "import agentos_site.wsgi", DEBUG="0")
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_a_configured_server_starts_without_any_warning():
    code = (
        "import warnings; warnings.simplefilter('error');"
        "import agentos_site.wsgi as w; from django.test import Client;"
        "r = Client().get('/healthz'); assert r.status_code == 200, r.status_code"
    )
    result = run("-W", "error", "-c", code, DEBUG="0", SECRET_KEY="k" * 50, ALLOWED_HOSTS="testserver")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
