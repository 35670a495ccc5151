"""Plain helpers the tests share (fixtures live in ``conftest.py``)."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model

from instructions.rules.oaths import check_text

HARNESS = Path(__file__).resolve().parent.parent / "harness"
#: The shipped oath rules (the ``rules`` fixture parses them once per run).
CREDO_MAP = HARNESS / "credo-map.json"
PROTECT, EVIDENCE, FINISH, PRESERVE, KNOWLEDGE = (
    "protect the user and their data",
    "evidence over confidence",
    "finish the procedure",
    "preserve the workspace",
    "carry knowledge forward",
)
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


def assert_refused(text: str, oath: str, rules) -> None:
    """``text`` fails the oath check with a finding for ``oath``; every finding quotes the
    original text and names its rule and reason."""
    result = check_text(text, rules)
    assert result.status == "fail", f"not refused: {text!r}"
    assert oath in {f.oath for f in result.findings}, [(f.oath, f.rule_id, f.snippet) for f in result.findings]
    for f in result.findings:
        assert text[f.start : f.end] == f.snippet and f.rule_id and f.reason


def assert_passes(text: str, rules) -> None:
    result = check_text(text, rules)
    assert result.status == "pass", [(f.oath, f.rule_id, f.snippet) for f in result.findings]


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
