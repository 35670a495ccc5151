"""Word sense: homonyms (a design token, a linter's rules), parts of speech (a verb after a determiner
is a noun, a compound modifier, an identifier), what a verb takes as its object, and paraphrases of
the oaths' vocabulary.

The cases are data (``cases/word_sense.jsonl``, described in ``tests/oaths/data.py``): each attack
must be found, and each text with the same words must pass; the tests in code assert what a case
cannot say.
"""

from __future__ import annotations

import pytest

from tests.oaths.data import check_case, load_cases


@pytest.mark.parametrize("case", load_cases("word_sense"))
def test_word_sense_case(case, rules):
    """Each case in ``cases/word_sense.jsonl`` is refused for its oath, or passes."""
    check_case(case, rules)
