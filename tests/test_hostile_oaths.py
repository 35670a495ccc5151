"""Hostile input costs what ordinary input costs: the oath check on the shapes an attacker can send.

Memory is measured (``tracemalloc``: deterministic, unlike a clock); time is not asserted here, it
belongs in ``scripts/bench_hostile.py``.
"""

from __future__ import annotations

import tracemalloc

import pytest

from instructions.oaths import check_text_uncached
from instructions.oaths.segment import segment

#: The most a check of a body at the size limit may allocate beyond what it started with.
MEMORY_BOUND = 100 * 1024 * 1024
LIMIT = 50_000

#: One Markdown table row of about 25,000 cells (49,000 characters).
ONE_WIDE_ROW = "|" + "a|" * 24_500


def _fit(piece: str) -> str:
    return (piece * (LIMIT // len(piece) + 1))[:LIMIT]


def _peak(fn) -> tuple[object, int]:
    """``fn()``'s result and the peak of memory it allocated above what was allocated before."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        result = fn()
        return result, tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()


def test_a_table_shares_one_tuple_of_headers():
    units, _ = segment("| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n| 4 | 5 | 6 |\n")
    cells = [u for u in units if u.kind == "cell"]
    assert len(cells) == 9
    assert len({id(u.table_headers) for u in cells}) == 1
    assert [u.header is None for u in cells] == [True] * 3 + [False] * 6


def test_one_row_of_25000_cells_is_checked_in_bounded_memory(api, carol):
    client = api.as_(carol)
    assert client.post("/api/oaths/check", {"body": "Use tabs."}, format="json").status_code == 200  # warm
    response, peak = _peak(lambda: client.post("/api/oaths/check", {"body": ONE_WIDE_ROW}, format="json"))
    assert response.status_code == 200
    assert response.json()["oath_check"] == "pass"
    assert peak < MEMORY_BOUND, f"{peak / 1e6:.0f} MB"


WIDE_AND_LONG = {
    "one wide row": ONE_WIDE_ROW,
    "header row then many rows": (
        "| " + " | ".join(f"h{j}" for j in range(12)) + " |\n|" + "---|" * 12 + "\n" + ("| x " * 12 + "|\n") * 2000
    )[:LIMIT],
    "2000 rows of 12 cells": "\n".join("|" + "|".join(f"c{j}" for j in range(12)) + "|" for _ in range(2000))[:LIMIT],
    "a wide header then rows": ("|" + "h|" * 2000 + "\n|" + "-|" * 2000 + "\n" + ("|" + "x|" * 2000 + "\n") * 20)[
        :LIMIT
    ],
    "wide rows without a separator": ("|" + "ab|" * 1000 + "\n") * 16,
    "cells of many sentences": _fit("| a. b. c. d. e. f. g. h. i. j. |\n"),
}


@pytest.mark.parametrize("text", WIDE_AND_LONG.values(), ids=WIDE_AND_LONG.keys())
def test_wide_and_long_tables_are_checked_in_bounded_memory(text, rules):
    check_text_uncached("Use tabs.", rules)
    result, peak = _peak(lambda: check_text_uncached(text, rules))
    assert result.status == "pass"
    assert peak < MEMORY_BOUND, f"{peak / 1e6:.0f} MB"
