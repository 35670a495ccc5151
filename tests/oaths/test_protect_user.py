"""The oath protect the user and their data: secrets, personal data, where they go, what destroys them.

The cases are data (``cases/protect_user.jsonl``, described in ``tests/oaths/data.py``): the attacks
that must be found and the texts with the same words that must pass. The texts are written for these
tests (the labelled sets in eval/oaths/ are measured by tests/test_oath_eval.py).
"""

from __future__ import annotations

import pytest

from tests.oaths.data import check_case, load_cases


@pytest.mark.parametrize("case", load_cases("protect_user"))
def test_protect_user_case(case, rules):
    """Each case in ``cases/protect_user.jsonl`` is refused for its oath, or passes."""
    check_case(case, rules)
