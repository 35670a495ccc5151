"""The check's budgets: the candidate phrases a text of its length may hold, and CPU time.

Work: the check's cost is the number of candidate phrases it reads (matches of a rule's pattern, each
judged in its sentence), about 0.1–0.2 ms each. Real instruction files hold 0.3 to 15 per 1,000
characters (median 3; ``eval/README.md``, ``scripts/oath_candidates.py``); a text built to be dense
with them (the same command thousands of times, a sentence without punctuation) holds 30 to 150.
``max_candidates`` allows any real text what it needs and bounds the rest: past it the check stops
(``TooManyCandidates``) and the text is held for review.
The allowance is counted, not timed, so the same text gets the same answer on every machine.

A check is linear in its body, but a deadline bounds what any one check may cost whatever its shape: the
check's main loops call ``Deadline.check`` (each pass between two calls does a bounded amount of work),
which raises ``OutOfTime`` once the budget is spent, and ``check.check_text_uncached`` answers with a
finding that holds the text for review.

CPU time of the thread (``time.thread_time``), not wall time: a loaded machine or a busy test run does not
make a check late. Compiling patterns (the credo's lexicons and templates are compiled on first use) is
work for the rules, not for the text: it is not counted (``uncounted``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager


class OutOfTime(Exception):
    """The check spent its budget."""


class TooManyCandidates(OutOfTime):
    """The text holds more candidate phrases than its length allows (``max_candidates``)."""


#: Candidate phrases any text may hold, whatever its length, ...
CANDIDATES_BASE = 200
#: ... plus this many per 1,000 characters of it.
CANDIDATES_PER_1000_CHARS = 13


def max_candidates(length: int) -> int:
    """The candidate phrases a text of ``length`` characters may hold before it is held for review."""
    return CANDIDATES_BASE + CANDIDATES_PER_1000_CHARS * length // 1000


class _Uncounted(threading.local):
    depth = 0
    seconds = 0.0


_UNCOUNTED = _Uncounted()


@contextmanager
def uncounted() -> Iterator[None]:
    """CPU time spent inside is not charged to any deadline of this thread (re-entrant)."""
    state = _UNCOUNTED
    state.depth += 1
    start = time.thread_time() if state.depth == 1 else 0.0
    try:
        yield
    finally:
        state.depth -= 1
        if state.depth == 0:
            state.seconds += time.thread_time() - start


class Deadline:
    """``budget`` seconds of this thread's CPU time from now (compiling excluded)."""

    __slots__ = ("_excluded", "_start", "budget")

    def __init__(self, budget: float) -> None:
        self.budget = budget
        self._start = time.thread_time()
        self._excluded = _UNCOUNTED.seconds

    def spent(self) -> float:
        """CPU seconds charged to this deadline so far."""
        return time.thread_time() - self._start - (_UNCOUNTED.seconds - self._excluded)

    def check(self) -> None:
        """Raise ``OutOfTime`` when the budget is spent."""
        if self.spent() > self.budget:
            raise OutOfTime


__all__ = ["Deadline", "OutOfTime", "TooManyCandidates", "max_candidates", "uncounted"]
