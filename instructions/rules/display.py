"""Showing instruction text to people: highlighted snippets and version diffs, for
the admin and the members' web app alike.

Plain functions on plain text. Everything user-written is escaped here before any
markup is added, so templates can print the results as they are.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import nh3
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from instructions.foundation.markdown import nesting_depth, to_html

#: Characters of context shown on each side of a snippet in lists.
CONTEXT_CHARS = 60


def highlight(text: str, snippet: str, *, context: int | None = None) -> SafeString:
    """``text`` escaped, with the first occurrence of ``snippet`` wrapped in ``<mark>``.

    ``context``: keep only that many characters on each side (with an ellipsis);
    ``None`` keeps the whole text. A snippet that is not found leaves the text
    unmarked (it is still escaped).
    """
    at = text.find(snippet) if snippet else -1
    if at < 0 and snippet:
        at = text.casefold().find(snippet.casefold())
    if at < 0:
        shown = text if context is None else text[: 2 * context]
        return mark_safe(escape(shown))  # noqa: S308 (escaped just above)
    end = at + len(snippet)
    before, match, after = text[:at], text[at:end], text[end:]
    if context is not None:
        before = ("…" + before[-context:]) if len(before) > context else before
        after = (after[:context] + "…") if len(after) > context else after
    return format_html("{}<mark>{}</mark>{}", before, match, after)


@dataclass(frozen=True)
class Span:
    """A stretch of a text to mark: ``text[start:end]``, labelled (shown on hover)."""

    start: int
    end: int
    label: str


def highlight_spans(text: str, spans: Iterable[Span]) -> SafeString:
    """``text`` escaped, with every span wrapped in ``<mark title="label">``.

    Spans are taken in order of their start; one overlapping an earlier span is
    left out (its text is still shown, inside the earlier mark or after it).
    Offsets outside the text are clipped.
    """
    pieces: list[str] = []
    at = 0
    for span in sorted(spans, key=lambda s: (s.start, -s.end)):
        start, end = max(span.start, at), min(span.end, len(text))
        if start >= end or span.start < at:
            continue
        pieces.append(escape(text[at:start]))
        pieces.append(format_html('<mark title="{}">{}</mark>', span.label, text[start:end]))
        at = end
    pieces.append(escape(text[at:]))
    return mark_safe("".join(pieces))  # noqa: S308 (every piece escaped above)


#: The HTML a text may become, per character of it and at least. Past it the text is
#: shown escaped, as it is: a link target of 20,000 characters referenced 9,000 times
#: would be 90 MB of links; a GFM table fills each short row with empty cells up to its
#: header's count (1.5 kB of text, 256 columns over 256 one-character lines, is 65,536
#: cells). Both are estimated from the text before it is rendered.
MARKDOWN_OUTPUT_PER_CHAR = 20
MARKDOWN_OUTPUT_FLOOR = 20_000
#: Table cells a text may build: one per two characters of it, and at least a thousand
#: (a table written out takes two characters a cell, "|x": only filled-in cells pass it).
MARKDOWN_CHARS_PER_CELL = 2
MARKDOWN_CELLS_FLOOR = 1_000
#: The deepest nesting of block quotes and lists a preview shows (the sanitiser's work
#: grows with the square of the depth).
MARKDOWN_MAX_NESTING = 32
#: What the rendered preview may contain: nh3's safe defaults, without images (a
#: preview must not fetch anything from elsewhere).
_PREVIEW_TAGS = set(nh3.ALLOWED_TAGS) - {"img", "map", "area"}

#: A link reference definition's label and destination ("[a]: https://…").
_REFERENCE = re.compile(r"^ {0,3}\[[^\]\n]{1,999}\]:[ \t]*\n?[ \t]*(\S+)", re.MULTILINE)
#: A GFM table's delimiter row ("|---|:-:|"; it has a pipe, or it would be an underline).
_DELIMITER_ROW = re.compile(
    r"^ {0,3}(?=[^\n]*\|)\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$", re.MULTILINE
)


def _table_cells(text: str) -> int:
    """At most how many cells the text's tables build: per delimiter row, its columns times
    the lines of its table (the header and the lines after it up to a blank line). Linear:
    the blank lines are found once."""
    blanks = [m.start() for m in re.finditer(r"\n[ \t]*\n", text)]
    cells = end = 0
    for row in _DELIMITER_ROW.finditer(text):
        if row.start() < end:
            continue  # a row of the table above (a table runs to the next blank line)
        columns = row.group().strip().strip("|").count("|") + 1
        k = bisect_left(blanks, row.end())
        end = blanks[k] if k < len(blanks) else len(text)
        cells += columns * (text.count("\n", row.end(), end) + 2)
    return cells


def _too_large(text: str) -> bool:
    """Would ``text`` render to more than its share of HTML (``MARKDOWN_OUTPUT_PER_CHAR``)?
    Read from the text in linear time: the references' expansion and the tables' cells."""
    allowed = MARKDOWN_OUTPUT_PER_CHAR * len(text) + MARKDOWN_OUTPUT_FLOOR
    longest = max((len(m.group(1)) for m in _REFERENCE.finditer(text)), default=0)
    if longest * text.count("]") > allowed:
        return True
    return _table_cells(text) > len(text) // MARKDOWN_CHARS_PER_CELL + MARKDOWN_CELLS_FLOOR


def _as_text(text: str, why: str) -> SafeString:
    return format_html('<p class="muted too-large">{}: the text as it is.</p><pre class="plain">{}</pre>', why, text)


def render_markdown(text: str) -> SafeString:
    """``text`` rendered as Markdown (``foundation.markdown``: CommonMark with tables, raw
    HTML shown as text) and sanitised with nh3: safe to print as it is.

    Linear at any size the limits allow: the parser is, and a text whose HTML would pass
    ``MARKDOWN_OUTPUT_PER_CHAR`` times its length, or nest deeper than
    ``MARKDOWN_MAX_NESTING``, is shown escaped instead, with a note."""
    if _too_large(text):
        return _as_text(text, "Too large to preview as Markdown")
    html = to_html(text)
    if len(html) > MARKDOWN_OUTPUT_PER_CHAR * len(text) + MARKDOWN_OUTPUT_FLOOR:
        return _as_text(text, "Too large to preview as Markdown")
    if nesting_depth(html) > MARKDOWN_MAX_NESTING:
        return _as_text(text, "Nested too deeply to preview as Markdown")
    return mark_safe(nh3.clean(html, tags=_PREVIEW_TAGS))  # noqa: S308 (sanitised by nh3)


# --- diffs ---------------------------------------------------------------------------
#
# One alignment (``align_lines``) serves every diff: ``side_by_side``, ``unified``,
# ``line_changes`` and ``diff_of`` (the three at once, for a page). Its cost is bounded
# by a constant times the number of lines, at any size the 50,000-character limit
# allows; ``difflib.SequenceMatcher(autojunk=False)``, used before, is quadratic and
# worse (two minutes for 25,000 equal lines with the last one changed).
#
# 1. Lines are numbered (equal lines, equal numbers), and the first and last lines the
#    texts share are set aside: linear, and all the work for the usual edit.
# 2. The rest is aligned by Myers' algorithm (a shortest edit script in O((N+M)·D)),
#    given ``ALIGN_WORK_PER_LINE`` steps per line it aligns (``ALIGN_WORK_FLOOR`` at least).
# 3. When that is not enough, the lines found exactly once on each side that keep
#    their order are anchors (as patience diff finds them: O(u log u)); each stretch
#    between two anchors is aligned by steps 1 and 2 within its own share of the
#    budget, or shown as one replaced block when that share is not enough.
#
# Work is counted in steps (a diagonal entered, a pair of lines compared, a line
# numbered or set aside, an anchor placed), so the bound is a fact of the input and
# never of the machine: ``align_lines(old, new).work``.

#: Steps Myers' algorithm may take per line it aligns, and at least: enough for a
#: shortest edit script of about 200 lines inserted or deleted in any text, more in long ones.
ALIGN_WORK_PER_LINE = 16
ALIGN_WORK_FLOOR = 40_000
#: Characters per line that Myers' budget counts at most (``_budget_lines``): instruction
#: prose has 40 to 80 per line, so only texts of very short lines get less.
ALIGN_CHARS_PER_LINE = 24
#: What ``align_lines`` may spend per line of the two texts, at most (and
#: ``ALIGN_WORK_FLOOR`` once): numbering the lines and setting the shared ones aside, 2;
#: Myers' first try, 16 and its last diagonal, 17; the anchors, 3; the stretches
#: between them, 17 per line and 18 per stretch (a stretch has a line on each side,
#: so at most one per two lines), 26. That is 48, and 56 leaves room; tests hold
#: every shape to it.
ALIGN_WORK_BOUND_PER_LINE = 56
#: Unchanged lines shown around each change; a longer unchanged run is one "skip" row.
CONTEXT_LINES = 3
#: Past this many rows (context and skip rows included) a diff is not shown side by
#: side: pages show the unified diff, whose context is collapsed too.
MAX_SIDE_BY_SIDE_ROWS = 2_000

#: ``(tag, i1, i2, j1, j2)``, as ``difflib`` writes them: ``old[i1:i2]`` became ``new[j1:j2]``.
Opcode = tuple[str, int, int, int, int]
#: A run of equal lines: ``old[i:i+size] == new[j:j+size]``.
Run = tuple[int, int, int]


@dataclass(frozen=True)
class Alignment:
    """How the lines of two texts correspond: ``opcodes`` (``equal``, ``replace``,
    ``delete``, ``insert`` with their line ranges, in order, covering both texts),
    the ``work`` spent finding them (steps, see above), and whether the edit script is
    a shortest one (``exact``: False when a stretch was left as one replaced block)."""

    old: list[str]
    new: list[str]
    opcodes: list[Opcode]
    work: int
    exact: bool

    @property
    def added(self) -> int:
        """Lines of the new text not in the old: the ``+`` lines of the unified diff."""
        return sum(j2 - j1 for tag, _, _, j1, j2 in self.opcodes if tag != "equal")

    @property
    def removed(self) -> int:
        """Lines of the old text not in the new: the ``-`` lines of the unified diff."""
        return sum(i2 - i1 for tag, i1, i2, _, _ in self.opcodes if tag != "equal")


def _enter(down: int, right: int, k: int, n: int, m: int) -> tuple[int, bool]:
    """Where a step of Myers' search enters diagonal ``k`` (``x - y``): the further of a
    move down from diagonal k+1 (whose furthest x is ``down``; a new line inserted) and
    a move right from k-1 (furthest x ``right - 1``; an old line deleted), each only if
    it stays inside the n-by-m edit graph. ``(-1, _)`` when neither does. The forward
    search and the walk back both choose here, so they agree."""
    if down >= 0 and down - k > m:
        down = -1
    if right > n or right <= 0:
        right = -1
    return (down, True) if down >= right else (right, False)


def _myers(a: list[int], b: list[int], budget: int) -> tuple[list[Run] | None, int]:
    """``(runs, work)``: the runs of equal lines of a shortest edit script from ``a`` to
    ``b`` (Myers 1986: greedy forward search, each step's furthest points kept for the
    walk back), or ``(None, work)`` once ``work`` passes ``budget``.

    Work: a step per diagonal entered and per pair of lines compared. The budget is
    checked after each diagonal, so it is passed by at most one diagonal's run of
    equal lines (at most the shorter text). Memory: the points kept, one per
    diagonal entered, so at most the work.
    """
    n, m = len(a), len(b)
    offset = m + 1
    v = [-1] * (n + m + 3)  # the furthest x reached on diagonal k, at v[k + offset]; -1: none
    x = 0
    while x < n and x < m and a[x] == b[x]:
        x += 1
    work = x + 1
    v[offset] = x
    trace: list[tuple[int, list[int]]] = [(0, [x])]  # per step: its first diagonal, its points (every other)
    if x >= n and x >= m:
        return _walk_back(trace, n, m), work
    for d in range(1, n + m + 1):
        lo, hi = max(-d, -m), min(d, n)
        lo += (lo + d) % 2
        hi -= (hi + d) % 2
        for k in range(lo, hi + 1, 2):
            at = offset + k
            x, _ = _enter(v[at + 1] if k < d else -1, v[at - 1] + 1 if k > -d else -1, k, n, m)
            if x < 0:
                v[at] = -1
                work += 1
                continue
            y = x - k
            start = x
            while x < n and y < m and a[x] == b[y]:
                x += 1
                y += 1
            work += 1 + x - start
            v[at] = x
            if x >= n and y >= m:
                trace.append((lo, []))
                return _walk_back(trace, n, m), work
            if work > budget:
                return None, work
        trace.append((lo, v[offset + lo : offset + hi + 1 : 2]))
    raise AssertionError("unreachable: n + m steps always reach the end")


def _walk_back(trace: list[tuple[int, list[int]]], n: int, m: int) -> list[Run]:
    """The runs of equal lines on the path ``_myers`` found, first to last: from the end
    back through each step's choice (``_enter`` again, on the points kept)."""

    def point(points: list[int], lo: int, k: int) -> int:
        index, odd = divmod(k - lo, 2)
        return points[index] if not odd and 0 <= index < len(points) else -1

    runs: list[Run] = []
    k, x = n - m, n
    for d in range(len(trace) - 1, 0, -1):
        lo, points = trace[d - 1]
        down = point(points, lo, k + 1) if k < d else -1
        left = point(points, lo, k - 1) if k > -d else -1
        start, came_down = _enter(down, left + 1 if left >= 0 else -1, k, n, m)
        if x > start:
            runs.append((start, start - k, x - start))
        k, x = (k + 1, start) if came_down else (k - 1, start - 1)
    if x > 0:
        runs.append((0, 0, x))
    runs.reverse()
    return runs


def _anchors(a: list[int], b: list[int]) -> tuple[list[tuple[int, int]], int]:
    """``(anchors, work)``: pairs ``(i, j)`` with ``a[i] == b[j]`` found once in each, the
    longest chain of them in the same order on both sides (patience sorting: the
    longest increasing run of their ``j`` in order of ``i``), and the steps taken."""
    count_a, count_b = Counter(a), Counter(b)
    where_b = {line: j for j, line in enumerate(b) if count_b[line] == 1}
    pairs = [(i, where_b[line]) for i, line in enumerate(a) if count_a[line] == 1 and line in where_b]
    tails: list[int] = []  # tails[h]: the smallest j ending a chain of h+1 pairs
    tail_at: list[int] = []  # ... and the index (in pairs) of that pair
    back: list[int] = []  # per pair: the index of the pair before it in its chain (-1: none)
    for index, (_, j) in enumerate(pairs):
        h = bisect_left(tails, j)
        if h == len(tails):
            tails.append(j)
            tail_at.append(index)
        else:
            tails[h], tail_at[h] = j, index
        back.append(tail_at[h - 1] if h else -1)
    chain: list[tuple[int, int]] = []
    index = tail_at[-1] if tail_at else -1
    while index >= 0:
        chain.append(pairs[index])
        index = back[index]
    chain.reverse()
    return chain, len(a) + len(b) + len(pairs)


def _trimmed(a: list[int], b: list[int]) -> tuple[int, int, int]:
    """``(head, tail, work)``: how many first and last lines ``a`` and ``b`` share."""
    n, m = len(a), len(b)
    head = 0
    while head < n and head < m and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < n - head and tail < m - head and a[n - 1 - tail] == b[m - 1 - tail]:
        tail += 1
    return head, tail, head + tail + 1


def _align_part(a: list[int], b: list[int], budget: int) -> tuple[list[Run] | None, int]:
    """Runs of equal lines of ``a`` and ``b`` (set-aside head and tail, then Myers within
    ``budget`` steps), or ``(None, work)`` when the budget does not suffice."""
    head, tail, work = _trimmed(a, b)
    middle_a, middle_b = a[head : len(a) - tail], b[head : len(b) - tail]
    runs: list[Run] = [(0, 0, head)] if head else []
    if middle_a and middle_b:
        found, spent = _myers(middle_a, middle_b, budget)
        work += spent
        if found is None:
            return None, work
        runs += [(i + head, j + head, size) for i, j, size in found]
    if tail:
        runs.append((len(a) - tail, len(b) - tail, tail))
    return runs, work


def _budget_lines(lines: int, chars: int) -> int:
    """How many lines Myers' budget is given for: the lines, but no more than one per
    ``ALIGN_CHARS_PER_LINE`` characters, so text made of very short lines (a line per
    character or two) costs what prose of its size costs, not its line count times
    the steps per line; its alignment then falls to the anchors sooner."""
    return min(lines, chars // ALIGN_CHARS_PER_LINE + 1)


def _budget(lines: int, floor: int | None = None) -> int:
    return ALIGN_WORK_PER_LINE * lines + (ALIGN_WORK_FLOOR if floor is None else floor)


def align_work_bound(lines: int) -> int:
    """The most ``align_lines`` spends on texts of ``lines`` lines together."""
    return ALIGN_WORK_BOUND_PER_LINE * lines + ALIGN_WORK_FLOOR + ALIGN_WORK_BOUND_PER_LINE


def align_lines(old: str, new: str) -> Alignment:
    """How the lines of ``old`` and ``new`` correspond (see above: deterministic, at most
    ``align_work_bound`` steps, a shortest edit script whenever the budget allows one)."""
    a_lines, b_lines = old.splitlines(), new.splitlines()
    numbers: dict[str, int] = {}
    a = [numbers.setdefault(line, len(numbers)) for line in a_lines]
    b = [numbers.setdefault(line, len(numbers)) for line in b_lines]
    work = len(a) + len(b)
    exact = True
    runs, spent = _align_part(a, b, _budget(_budget_lines(len(a) + len(b), len(old) + len(new))))
    work += spent
    if runs is None:
        runs, spent, exact = _align_by_anchors(a, b)
        work += spent
    return Alignment(a_lines, b_lines, _opcodes(runs, len(a), len(b)), work, exact)


def _align_by_anchors(a: list[int], b: list[int]) -> tuple[list[Run], int, bool]:
    """``(runs, work, exact)``: the anchors (``_anchors``) as runs of one line, and each
    stretch between two of them aligned within its own share of the budget (or left as
    one replaced block). ``exact`` is False: the script may not be a shortest one."""
    head, tail, work = _trimmed(a, b)
    n, m = len(a) - tail, len(b) - tail
    anchors, spent = _anchors(a[head:n], b[head:m])
    work += spent
    if not anchors:  # one stretch, the one Myers' algorithm just gave up on: one replaced block
        return [run for run in ((0, 0, head), (n, m, tail)) if run[2]], work, False
    runs: list[Run] = [(0, 0, head)]
    i, j = head, head
    for anchor_i, anchor_j, size in [*((x + head, y + head, 1) for x, y in anchors), (n, m, tail)]:
        if anchor_i > i and anchor_j > j:
            lines = anchor_i - i + anchor_j - j
            found, spent = _align_part(a[i:anchor_i], b[j:anchor_j], _budget(lines, floor=ALIGN_WORK_PER_LINE))
            work += spent
            runs += [(x + i, y + j, length) for x, y, length in found or []]
        runs.append((anchor_i, anchor_j, size))
        i, j = anchor_i + size, anchor_j + size
    return [run for run in runs if run[2]], work, False


def _opcodes(runs: list[Run], n: int, m: int) -> list[Opcode]:
    """``difflib``-style opcodes from runs of equal lines (in order, not overlapping)."""
    opcodes: list[Opcode] = []
    i = j = 0
    for run_i, run_j, size in [*runs, (n, m, 0)]:
        if run_i > i and run_j > j:
            opcodes.append(("replace", i, run_i, j, run_j))
        elif run_i > i:
            opcodes.append(("delete", i, run_i, j, j))
        elif run_j > j:
            opcodes.append(("insert", i, i, j, run_j))
        if size:
            if opcodes and opcodes[-1][0] == "equal":
                _, i1, _, j1, _ = opcodes.pop()
                opcodes.append(("equal", i1, run_i + size, j1, run_j + size))
            else:
                opcodes.append(("equal", run_i, run_i + size, run_j, run_j + size))
        i, j = run_i + size, run_j + size
    return opcodes


def _grouped(opcodes: list[Opcode], context: int) -> list[list[Opcode]]:
    """The opcodes in hunks: each change with up to ``context`` equal lines around it,
    changes closer than twice that in one hunk (``difflib``'s ``get_grouped_opcodes``)."""
    codes = list(opcodes) or [("equal", 0, 1, 0, 1)]
    if codes[0][0] == "equal":
        tag, i1, i2, j1, j2 = codes[0]
        codes[0] = tag, max(i1, i2 - context), i2, max(j1, j2 - context), j2
    if codes[-1][0] == "equal":
        tag, i1, i2, j1, j2 = codes[-1]
        codes[-1] = tag, i1, min(i2, i1 + context), j1, min(j2, j1 + context)
    groups: list[list[Opcode]] = []
    group: list[Opcode] = []
    for tag, i1, i2, j1, j2 in codes:
        if tag == "equal" and i2 - i1 > 2 * context:
            group.append((tag, i1, min(i2, i1 + context), j1, min(j2, j1 + context)))
            groups.append(group)
            group = []
            i1, j1 = max(i1, i2 - context), max(j1, j2 - context)
        group.append((tag, i1, i2, j1, j2))
    if group and not (len(group) == 1 and group[0][0] == "equal"):
        groups.append(group)
    return groups


@dataclass(frozen=True)
class DiffLine:
    """One row of a side-by-side diff. ``kind``: equal, replace, delete or insert; or
    skip: ``skipped`` unchanged lines left out here (from ``old_number`` and
    ``new_number`` on)."""

    kind: str
    old_number: int | None
    old_text: str
    new_number: int | None
    new_text: str
    skipped: int = 0


def _rows(alignment: Alignment, context: int | None, limit: int | None = None) -> list[DiffLine] | None:
    """The side-by-side rows of ``alignment``: changed lines paired up, ``context``
    unchanged lines around each change and a "skip" row for the rest of each unchanged
    run (``None``: every line). ``None`` when there would be more than ``limit`` rows
    (found before building them)."""
    a, b, codes = alignment.old, alignment.new, alignment.opcodes
    plan: list[tuple[Opcode, int, int]] = []  # equal runs: lines shown at the head and at the tail
    count = 0
    for index, code in enumerate(codes):
        tag, i1, i2, j1, j2 = code
        if tag != "equal":
            plan.append((code, 0, 0))
            count += max(i2 - i1, j2 - j1)
            continue
        size = i2 - i1
        # Context after the change before this run, and before the change after it: none
        # before the first change or after the last.
        head = 0 if index == 0 else context or 0
        tail = 0 if index == len(codes) - 1 else context or 0
        if context is None or head + tail + 1 >= size:  # leaving out one line saves nothing
            head, tail = size, 0
        plan.append((code, head, tail))
        count += head + tail + (head + tail < size)
    if limit is not None and count > limit:
        return None
    rows: list[DiffLine] = []
    for (tag, i1, i2, j1, j2), head, tail in plan:
        if tag == "equal":
            rows += [DiffLine("equal", i1 + k + 1, a[i1 + k], j1 + k + 1, b[j1 + k]) for k in range(head)]
            if head + tail < i2 - i1:
                rows.append(DiffLine("skip", i1 + head + 1, "", j1 + head + 1, "", i2 - i1 - head - tail))
                rows += [
                    DiffLine("equal", i + 1, a[i], j + 1, b[j])
                    for i, j in zip(range(i2 - tail, i2), range(j2 - tail, j2), strict=True)
                ]
            continue
        for k in range(max(i2 - i1, j2 - j1)):
            i = i1 + k if i1 + k < i2 else None
            j = j1 + k if j1 + k < j2 else None
            kind = "replace" if i is not None and j is not None else ("delete" if j is None else "insert")
            rows.append(
                DiffLine(
                    kind,
                    None if i is None else i + 1,
                    "" if i is None else a[i],
                    None if j is None else j + 1,
                    "" if j is None else b[j],
                )
            )
    return rows


def _unified(alignment: Alignment, old_name: str, new_name: str, context: int) -> str:
    """The unified diff of ``alignment``, as ``difflib.unified_diff(lineterm="")`` writes it."""
    a, b = alignment.old, alignment.new
    lines: list[str] = []
    for group in _grouped(alignment.opcodes, context):
        if not lines:
            lines += [f"--- {old_name}", f"+++ {new_name}"]
        first, last = group[0], group[-1]
        lines.append(f"@@ -{_hunk_range(first[1], last[2])} +{_hunk_range(first[3], last[4])} @@")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                lines += [" " + line for line in a[i1:i2]]
                continue
            lines += ["-" + line for line in a[i1:i2]]
            lines += ["+" + line for line in b[j1:j2]]
    return "\n".join(lines)


def _hunk_range(start: int, stop: int) -> str:
    """A hunk header's range: ``first,count`` (``first`` alone for one line; the line
    before for none), as ``difflib`` writes it."""
    length = stop - start
    if length == 1:
        return f"{start + 1}"
    return f"{start + 1 if length else start},{length}"


@dataclass(frozen=True)
class Diff:
    """A diff ready for a page, from one alignment: the side-by-side ``rows`` (context
    collapsed; empty when ``too_large``), the ``unified`` diff (context collapsed too),
    and how many lines were added and removed."""

    rows: list[DiffLine]
    unified: str
    added: int
    removed: int
    #: More rows than a page shows side by side (``MAX_SIDE_BY_SIDE_ROWS``): show ``unified``.
    too_large: bool = False

    @property
    def counts(self) -> str:
        return change_counts(self.added, self.removed)

    @property
    def unified_html(self) -> SafeString:
        return unified_html(self.unified)

    @property
    def changed(self) -> bool:
        return bool(self.added or self.removed)


def diff_of(
    old: str,
    new: str,
    *,
    old_name: str = "a",
    new_name: str = "b",
    context: int = CONTEXT_LINES,
    max_rows: int | None = None,
) -> Diff:
    """``old`` against ``new`` for a page: one alignment (``align_lines``), its rows (at
    most ``max_rows``, ``MAX_SIDE_BY_SIDE_ROWS`` by default; else none, and
    ``too_large``), its unified diff and its counts."""
    alignment = align_lines(old, new)
    rows = _rows(alignment, context, MAX_SIDE_BY_SIDE_ROWS if max_rows is None else max_rows)
    return Diff(
        rows=rows or [],
        unified=_unified(alignment, old_name, new_name, context),
        added=alignment.added,
        removed=alignment.removed,
        too_large=rows is None,
    )


def unified_html(text: str) -> SafeString:
    """A unified diff as pages show it: each line escaped, in a ``<span>`` classed by
    what it is (``file`` for the two header lines, ``hunk``, ``ins``, ``del``), one per
    line. Built here rather than in a template: a long diff costs a join, not a
    template loop per line."""
    pieces: list[str] = []
    for number, line in enumerate(text.split("\n") if text else []):
        if number < 2 and line.startswith(("--- ", "+++ ")):
            kind = "file"
        else:
            kind = {"@": "hunk", "+": "ins", "-": "del"}.get(line[:1], "")
        pieces.append(f'<span class="{kind}">{escape(line)}</span>\n')
    return mark_safe("".join(pieces))  # noqa: S308 (every line escaped above)


def side_by_side(old: str, new: str, *, context: int | None = CONTEXT_LINES) -> list[DiffLine]:
    """The two texts line by line, aligned, each row tagged with how it changed; runs
    of unchanged lines beyond ``context`` lines from a change are one "skip" row
    (``context=None``: every line)."""
    return _rows(align_lines(old, new), context) or []


def unified(old: str, new: str, *, old_name: str = "a", new_name: str = "b", context: int = 3) -> str:
    """A unified diff of the two texts (plain text; escape it when showing it), with
    ``context`` unchanged lines around each change."""
    return _unified(align_lines(old, new), old_name, new_name, context)


def line_changes(old: str, new: str) -> tuple[int, int]:
    """``(lines added, lines removed)`` from ``old`` to ``new``: the ``+`` and ``-``
    lines of their unified diff (a changed line counts once each way)."""
    alignment = align_lines(old, new)
    return alignment.added, alignment.removed


def change_counts(added: int, removed: int) -> str:
    """``+3 −1 lines`` (with a real minus sign), as summaries print a change."""
    return f"+{added} −{removed} lines"
