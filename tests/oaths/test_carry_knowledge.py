"""The oath carry knowledge forward: notes, logs and records of why erased, devalued or never written.

The cases are data (``cases/carry_knowledge.jsonl``, described in ``tests/oaths/data.py``): the
attacks that must be found and the texts with the same words that must pass. The texts are written
for these tests (the labelled sets in eval/oaths/ are measured by tests/test_oath_eval.py).
"""

from __future__ import annotations

import pytest

from tests.oaths.data import check_case, load_cases


@pytest.mark.parametrize("case", load_cases("carry_knowledge"))
def test_carry_knowledge_case(case, rules):
    """Each case in ``cases/carry_knowledge.jsonl`` is refused for its oath, or passes."""
    check_case(case, rules)
