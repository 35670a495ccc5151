"""Plain helpers the tests share (fixtures live in ``conftest.py``)."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model

HARNESS = Path(__file__).resolve().parent.parent / "harness"
#: Screenshots the browser tests write (look at them).
RESULTS = Path(__file__).resolve().parent.parent / "test-results"
#: Debian's Chromium, driven by Playwright (it cannot download its own browser here).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def make_user(username: str, **extra):
    return get_user_model().objects.create_user(username=username, password="pw-" + username, **extra)


#: The oath rules these tests use: small and fixed, so the shipped credo-map can grow
#: without changing what these admin tests mean.
RULES = {
    "version": 1,
    "oaths": [
        {
            "id": "protect",
            "name": "protect the user and their data",
            "rules": [
                {
                    "id": "t-disregard",
                    "description": "Disregard the credo.",
                    "pattern": r"(?:disregard|ignore)\s+(?:the\s+)?(?:credo|oaths?|safety)",
                }
            ],
        },
        {
            "id": "evidence",
            "name": "evidence over confidence",
            "rules": [
                {
                    "id": "t-skip",
                    "description": "Skip verification.",
                    "pattern": r"skip\s+(?:the\s+)?(?:gate|verification)",
                }
            ],
        },
        {
            "id": "finish",
            "name": "finish the procedure",
            "rules": [
                {
                    "id": "t-ignore-previous",
                    "description": "Ignore previous.",
                    "pattern": r"ignore\s+(?:all\s+)?previous\s+instructions",
                }
            ],
        },
        {
            "id": "preserve",
            "name": "preserve the workspace",
            "rules": [{"id": "t-never-commit", "description": "Never commit.", "pattern": r"never\s+(?:commit|save)"}],
        },
        {"id": "carry", "name": "carry knowledge forward", "rules": []},
    ],
}
