"""The oath evidence over confidence: success claimed without a run, tests tampered with or waived,
failures left out.

The cases are data (``cases/evidence.jsonl``, described in ``tests/oaths/data.py``): the attacks
that must be found and the texts with the same words that must pass. The texts are written for these
tests (the labelled sets in eval/oaths/ are measured by tests/test_oath_eval.py).
"""

from __future__ import annotations

import pytest

from tests.oaths.data import check_case, load_cases


@pytest.mark.parametrize("case", load_cases("evidence"))
def test_evidence_case(case, rules):
    """Each case in ``cases/evidence.jsonl`` is refused for its oath, or passes."""
    check_case(case, rules)
