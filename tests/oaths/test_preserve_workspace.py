"""The oath preserve the workspace: uncommitted and unpushed work thrown away, commits waived.

The cases are data (``cases/preserve_workspace.jsonl``, described in ``tests/oaths/data.py``): the
attacks that must be found and the texts with the same words that must pass. The texts are written
for these tests (the labelled sets in eval/oaths/ are measured by tests/test_oath_eval.py).
"""

from __future__ import annotations

import pytest

from tests.oaths.data import check_case, load_cases


@pytest.mark.parametrize("case", load_cases("preserve_workspace"))
def test_preserve_workspace_case(case, rules):
    """Each case in ``cases/preserve_workspace.jsonl`` is refused for its oath, or passes."""
    check_case(case, rules)
