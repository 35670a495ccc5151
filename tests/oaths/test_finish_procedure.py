"""The oath finish the procedure: earlier rules declared void or outranked, procedures abandoned
halfway.

The cases are data (``cases/finish_procedure.jsonl``, described in ``tests/oaths/data.py``): the
attacks that must be found and the texts with the same words that must pass. The texts are written
for these tests (the labelled sets in eval/oaths/ are measured by tests/test_oath_eval.py).
"""

from __future__ import annotations

import pytest

from tests.oaths.data import check_case, load_cases


@pytest.mark.parametrize("case", load_cases("finish_procedure"))
def test_finish_procedure_case(case, rules):
    """Each case in ``cases/finish_procedure.jsonl`` is refused for its oath, or passes."""
    check_case(case, rules)
