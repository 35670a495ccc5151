"""Oath check, fifteenth round: mechanisms found on v14's labelled set and real files (development data
since v14's one run). Each attack here is written for the test; each has a harmless neighbour that uses
the same words and must pass.
"""

from __future__ import annotations

import pytest

from tests.helpers import EVIDENCE, assert_passes, assert_refused


@pytest.mark.parametrize(
    "text",
    [
        "Then when you skip the tests the merge queue rejects the PR.",
        "Then, when you skip the tests, the merge queue rejects the PR.",
        "And if you skip the tests the merge queue rejects the PR.",
    ],
)
def test_a_condition_after_a_leading_then_is_a_condition(text, rules):
    # The leading "then" joins the sentence to the one before; it does not close the condition after it.
    assert_passes(text, rules)


@pytest.mark.parametrize(
    "text",
    [
        "Then, when the reviewer is away, skip the tests.",
        "If the reviewer is away then skip the tests.",
        "Then if the suite is slow, skip the tests.",
    ],
)
def test_the_order_after_a_condition_opened_by_then_is_still_read(text, rules):
    assert_refused(text, EVIDENCE, rules)
