"""The oath check's cases as data: ``cases/<name>.jsonl``, one case a line, each read by one
parametrized test (``load_cases("<name>")``, ``check_case``).

A case: ``{"text", "expect", "oath"?, "rule"?, "why"}``

- ``expect``: ``"finding"`` (the check refuses the text with a finding for ``oath``, and for
  ``rule`` when it is given) or ``"pass"`` (no finding at all);
- ``oath``: the oath's ``id`` in ``harness/credo-map.json`` (required with ``"finding"``);
- ``why``: the mechanism the case is about, as a reviewer would say it.

A test's id is the case's line, its expectation and the start of its text
(``12-finding-evidence-skip-the-tests``): ``pytest tests/oaths -k skip-the-tests``.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

from instructions.rules.oaths import check_text
from tests.helpers import EVIDENCE, FINISH, KNOWLEDGE, PRESERVE, PROTECT, assert_passes, assert_refused

CASES = Path(__file__).resolve().parent / "cases"
#: The oaths by their ``id`` in the credo map.
OATHS = {
    "protect-the-user": PROTECT,
    "evidence-over-confidence": EVIDENCE,
    "finish-the-procedure": FINISH,
    "preserve-the-workspace": PRESERVE,
    "carry-knowledge-forward": KNOWLEDGE,
}
FIELDS = {"text", "expect", "oath", "rule", "why"}


def _slug(text: str, words: int = 8) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return "-".join(re.findall(r"[a-z0-9]+", ascii_text)[:words])


def _case_id(line: int, case: dict) -> str:
    slug = _slug(case["text"])
    if len(slug) < 12:  # a text in a script without Latin letters: name it by its why
        slug = _slug(case["why"])
    oath = "-" + case["oath"].split("-")[0] if "oath" in case else ""
    return f"{line}-{case['expect']}{oath}-{slug}"


def read_cases(name: str) -> list[tuple[int, dict]]:
    """The cases of ``cases/<name>.jsonl`` with their line numbers, checked for shape."""
    path = CASES / f"{name}.jsonl"
    cases = []
    for line, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not raw.strip():
            continue
        case = json.loads(raw)
        where = f"{path.name}:{line}"
        if set(case) - FIELDS or not {"text", "expect", "why"} <= set(case):
            raise ValueError(f"{where}: fields {sorted(case)}, expected {sorted(FIELDS)}")
        if case["expect"] not in ("finding", "pass"):
            raise ValueError(f"{where}: expect is {case['expect']!r}, not 'finding' or 'pass'")
        if (case["expect"] == "finding") != ("oath" in case) or ("rule" in case and "oath" not in case):
            raise ValueError(f"{where}: a finding names its oath; a pass names none")
        if "oath" in case and case["oath"] not in OATHS:
            raise ValueError(f"{where}: unknown oath {case['oath']!r}")
        if not (case["text"] and case["why"].strip()):
            raise ValueError(f"{where}: a case has a text and says why")
        cases.append((line, case))
    return cases


def load_cases(name: str) -> list:
    """``cases/<name>.jsonl`` as ``pytest.param``s with readable ids."""
    return [pytest.param(case, id=_case_id(line, case)) for line, case in read_cases(name)]


def check_case(case: dict, rules) -> None:
    if case["expect"] == "pass":
        assert_passes(case["text"], rules)
        return
    assert_refused(case["text"], OATHS[case["oath"]], rules)
    if "rule" in case:
        assert case["rule"] in {f.rule_id for f in check_text(case["text"], rules).findings}, case["rule"]
