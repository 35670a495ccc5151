"""Split a body into units (sentences of paragraphs, list items, table cells, headings, code lines,
HTML and Markdown comments) and record each unit's structural context.

A unit is the smallest piece of text a rule decides on. Its context says how the text around it
frames it, without deciding anything yet (``decide`` reads it lazily, only for units a rule matched):

- ``kind``: "text" (a paragraph sentence), "item" (a list item's sentence), "cell" (a table cell),
  "heading", "code" (a line of a fenced block), "comment" (a sentence inside an HTML or Markdown comment);
- ``lead``: the sentence that introduces the unit's list, table or code block ("Never run these:",
  "Examples of prompt injection:", "Before you start, run:"), which may itself have a lead;
- ``headings``: the enclosing section headings, outermost first;
- ``header``: a table cell's column header, and ``table_headers`` all headers of its table;
- ``term``: a definition whose term is code ("`--yolo`: auto-approve tool calls"), i.e. reference text.

The structural pass is one walk over the lines; sentence splitting is one walk over each block.
``clean`` (returned with the units) is the body with structure markers that would break a sentence
apart when normalised (block-quote markers, HTML comment delimiters) blanked to spaces, same length,
so offsets into it are offsets into the body.
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import dataclass, field

from instructions.rules.oaths import lexicon

_FENCE = re.compile(r"[ \t]{0,3}(`{3,}|~{3,})[ \t]*([^`\n]*)$")
_HEADING = re.compile(r"[ \t]{0,3}(#{1,6})(?:[ \t]+|$)")
_ITEM = re.compile(r"([ \t]*)(?:[-*+•▪◦‣]|\d{1,3}[.)]|[a-zA-Z][.)])[ \t]+(?:\[[ xX]\][ \t]+)?")
_QUOTE_MARKERS = re.compile(r"[ \t]{0,3}(?:>[ \t]?)+")
_TABLE_SEPARATOR = re.compile(r"[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(?:\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*$")
_SETEXT = re.compile(r"[ \t]{0,3}(?:=+|-{2,})[ \t]*$")
#: A sentence ends at ".", "!" or "?" before white space (or the end), at ";" and at CJK full stops.
_SENTENCE_END = re.compile(r"[.!?…]+[\"'”’)\]*_`»」』]*(?=\s|$)|[;。！？；][\"'”’)\]»」』]*|:(?=\s*$)")
#: A definition whose term is code: "`--yolo`: auto-approve", "`make clean` — deletes build/",
#: "`DRY_RUN=1` to skip the model calls", "`-f`, `--force`: does not ask".
_TERM = re.compile(
    r"\s*(?:\*\*)?`[^`\n]+`(?:\*\*)?(?:\s*(?:,|/|or)\s*(?:\*\*)?`[^`\n]+`(?:\*\*)?)*"
    r"(?:\s*(?::|—|–|-|=|\()|\s+(?:\([^)\n]{0,20}\)\s+)?(?:[a-z]{3,}s\b|to [a-z]{3,}\b))"
)
#: Abbreviations whose dot does not end a sentence (``harness/oath-lexicon.json``).
_ABBREVIATIONS = frozenset(lexicon.words("abbreviations"))
#: Words that leave a line unfinished: the next line continues the sentence even if it starts with a capital.
_CONTINUING = frozenset(lexicon.words("continuing"))


@dataclass(eq=False, slots=True)
class Unit:
    start: int
    end: int
    kind: str
    lead: Unit | None = None
    headings: tuple[Unit, ...] = ()
    header: Unit | None = None
    #: All header cells of its table: one tuple the table's cells share (read once per table, see
    #: ``decide._table_facts``, not once per cell).
    table_headers: tuple[Unit, ...] = ()
    #: A cell of its table's header row.
    table_head: bool = False
    term: bool = False
    level: int = 0
    #: First sentence of its block (a list item, a cell, a paragraph).
    first: bool = False
    #: Fenced block's info string ("bash", "text"...), for code lines.
    info: str = ""
    #: For a code unit: where its fenced block starts (the lines of one block share it).
    fence: int = -1
    #: Offsets of this unit's text in the base view (set when the view is built).
    vstart: int = 0
    vend: int = 0
    #: Memo of the decision layer (lead and heading classes are computed once per unit).
    memo: dict = field(default_factory=dict)


#: A Markdown comment: a link reference nobody links to, which renders as nothing
#: ("[//]: # (text)", "[comment]: <> (text)", '[//]: # "text"'), on a line of its own.
_MD_COMMENT = re.compile(
    r"^[ \t]{0,3}\[(?://|comment|_|#|-+)\]:[ \t]*(?:#|<>)[ \t]*(?:\((?P<p>[^\n]*)\)|\"(?P<q>[^\n]*)\")[ \t]*$",
    re.MULTILINE | re.IGNORECASE,
)


def _comment_spans(body: str) -> list[tuple[int, int, int, int]]:
    """``(start, end, text start, text end)`` of every comment: HTML comments (an unclosed one runs to the
    end), except one quoted whole in a code span, and Markdown comments. Linear."""
    spans = []
    i = body.find("<!--")
    while i != -1:
        j = body.find("-->", i + 4)
        end = len(body) if j == -1 else j + 3
        if not (body[max(0, i - 1) : i] == "`" and body[end : end + 1] == "`"):
            # (`<!-- ... -->` between backticks is a code span quoting a comment)
            spans.append((i, end, i + 4, end - 3 if j != -1 else end))
        i = body.find("<!--", end)
    if "]:" in body:
        html_starts = [a for a, _, _, _ in spans]
        markdown = []
        for m in _MD_COMMENT.finditer(body):
            k = bisect.bisect_right(html_starts, m.start()) - 1
            if k < 0 or spans[k][1] <= m.start():  # (not inside an HTML comment)
                group = "p" if m.group("p") is not None else "q"
                markdown.append((m.start(), m.end(), m.start(group), m.end(group)))
        spans = sorted(spans + markdown)
    return spans


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the given spans replaced by spaces (newlines kept), same length."""
    if not spans:
        return text
    parts, last = [], 0
    for a, b in spans:
        parts.append(text[last:a])
        parts.append("".join("\n" if c == "\n" else " " for c in text[a:b]))
        last = b
    parts.append(text[last:])
    return "".join(parts)


def _code_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Inline code spans (backtick runs paired by length) in ``text[start:end]``, in order. Linear:
    a run without its closing run is skipped, and the search resumes after it."""
    spans = []
    i = text.find("`", start, end)
    while i != -1:
        j = i
        while j < end and text[j] == "`":
            j += 1
        ticks = j - i
        k = j
        close = -1
        while True:
            k = text.find("`", k, end)
            if k == -1:
                break
            m = k
            while m < end and text[m] == "`":
                m += 1
            if m - k == ticks:
                close = m
                break
            k = m
        if close == -1:
            # No closing run of this length: this run is literal backticks.
            i = text.find("`", j, end)
            continue
        spans.append((i, close))
        i = text.find("`", close, end)
    return spans


def in_spans(spans: list[tuple[int, int]], k: int) -> bool:
    """Is position ``k`` inside one of the sorted, disjoint ``spans``? (Binary search.)"""
    lo, hi = 0, len(spans)
    while lo < hi:
        mid = (lo + hi) // 2
        if spans[mid][1] <= k:
            lo = mid + 1
        else:
            hi = mid
    return lo < len(spans) and spans[lo][0] <= k


def _is_abbreviation(text: str, dot: int) -> bool:
    j = dot
    while j > 0 and dot - j < 6 and (text[j - 1].isalpha() or text[j - 1] == "."):
        j -= 1
    return text[j:dot].lower() in _ABBREVIATIONS


def _hard_break(prev: str, nxt: str) -> bool:
    """Does a line break between lines ``prev`` and ``nxt`` of one block end a sentence?"""
    prev, nxt = prev.rstrip(), nxt.lstrip()
    if not prev or not nxt:
        return True
    if prev[-1] in ",([{-–—/&+":
        return False
    last_word = prev.rsplit(None, 1)[-1].lower().strip("*_`")
    if last_word in _CONTINUING:
        return False
    first = nxt[0]
    return not (first.islower() or first in "`'\"(")


_ENTITY_END = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});$")
#: The longest unit: a longer sentence or line is cut at a space before this many characters, so
#: every reading of a unit (its cues, quotes, neighbours) costs a bounded amount of work.
MAX_UNIT = 600


def _chunks(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """``text[a:b]`` in spans of at most ``MAX_UNIT`` characters, cut after white space when possible."""
    if b - a <= MAX_UNIT:
        return [(a, b)] if b > a else []
    spans = []
    while b - a > MAX_UNIT:
        cut = text.rfind(" ", a + MAX_UNIT // 2, a + MAX_UNIT)
        cut = a + MAX_UNIT if cut == -1 else cut + 1
        spans.append((a, cut))
        a = cut
    spans.append((a, b))
    return [(x, y) for x, y in spans if y > x]


def split_sentences(clean: str, lines: list[tuple[int, int]], kind: str, **context) -> list[Unit]:
    """Sentences of one block whose content lines are ``lines`` (spans of ``clean``)."""
    units: list[Unit] = []
    cur: int | None = None
    prev_text = ""
    prev_end = 0

    def emit(a: int, b: int) -> None:
        while a < b and clean[a].isspace():
            a += 1
        while b > a and clean[b - 1].isspace():
            b -= 1
        for x, y in _chunks(clean, a, b):
            units.append(Unit(x, y, kind, first=not units, **context))

    for s, e in lines:
        line = clean[s:e]
        if cur is not None and _hard_break(prev_text, line):
            emit(cur, prev_end)
            cur = None
        if cur is None:
            cur = s
        code = _code_spans(clean, s, e) if "`" in line else []
        for m in _SENTENCE_END.finditer(clean, s, e):
            k = m.start()
            if code and in_spans(code, k):
                continue
            if clean[k] == "." and m.end() - k == 1 and _is_abbreviation(clean, k):
                continue
            if clean[k] == ";" and _ENTITY_END.search(clean, max(s, k - 10), k + 1):
                continue  # the end of an HTML entity ("&#100;"), not of a clause
            emit(cur, m.end())
            cur = m.end()
        prev_text, prev_end = line, e
    if cur is not None:
        emit(cur, prev_end)
    return units


def _cells(text: str, s: int, e: int) -> list[tuple[int, int]]:
    """Cell spans of a table row ``text[s:e]``: split at "|" outside code spans and not escaped."""
    code = _code_spans(text, s, e) if "`" in text[s:e] else []
    edges = [s - 1]
    k = text.find("|", s, e)
    while k != -1:
        if text[k - 1 : k] != "\\" and not (code and in_spans(code, k)):
            edges.append(k)
        k = text.find("|", k + 1, e)
    edges.append(e)
    cells = [(a + 1, b) for a, b in itertools.pairwise(edges)]
    row = text[s:e].strip()
    if cells and row.startswith("|"):
        cells = cells[1:]
    if cells and row.endswith("|") and not row.endswith("\\|"):
        cells = cells[:-1]
    return cells


def _ends_with_colon(clean: str, unit: Unit) -> bool:
    return clean[unit.end - 1] == ":" or clean[max(unit.start, unit.end - 3) : unit.end].rstrip("*_ ").endswith(":")


def _lines(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """``(start, end)`` of each line of ``text[start:end]`` (without its line break)."""
    spans = []
    pos = start
    while pos <= end:
        nl = text.find("\n", pos, end)
        stop = end if nl == -1 else nl
        spans.append((pos, stop))
        if nl == -1:
            break
        pos = nl + 1
    return spans


def segment(body: str) -> tuple[list[Unit], str]:
    """The units of ``body`` in text order, and the cleaned text they index."""
    comments = _comment_spans(body)
    work = _blank(body, [(a, b) for a, b, _, _ in comments])  # structure is read without the comments
    line_spans = _lines(work, 0, len(work))
    # ``clean`` (what normalisation reads): comment delimiters and block-quote markers blanked.
    blanks = []
    for a, b, ca, cb in comments:
        blanks.append((a, ca))  # the delimiters ("<!--", "-->", "[//]: # (", ")")
        if cb < b:
            blanks.append((cb, b))
    for s, e in line_spans:
        if e > s and work[s] not in " \t>":
            continue  # no block-quote marker can start this line
        m = _QUOTE_MARKERS.match(work, s, e)
        if m and ">" in m.group():
            blanks.append((s, m.end()))
    clean = _blank(body, sorted(blanks))

    units: list[Unit] = []
    headings: list[Unit] = []  # the open section headings, outermost first
    block: list[tuple[int, int]] = []  # content lines of the paragraph or list item being read
    block_kind = "text"
    block_lead: Unit | None = None
    list_leads: list[tuple[int, Unit | None]] = []  # (indent, lead) of the open lists
    blank_lines = 0
    fence: tuple[str, int, Unit | None, str] | None = None
    fence_start = -1
    fenced: list[tuple[int, int]] = []  # (start, end) of each closed fenced block
    table_headers: list[Unit] | None = None
    shared_headers: tuple[Unit, ...] = ()
    table_columns: list[Unit | None] = []
    table_lead: Unit | None = None

    def flush() -> None:
        nonlocal block
        if block:
            units.extend(split_sentences(clean, block, block_kind, lead=block_lead, headings=tuple(headings)))
            block = []

    def lead_candidate(kinds: tuple[str, ...]) -> Unit | None:
        prev = units[-1] if units else None
        if prev is None or prev.kind not in kinds:
            return None
        return prev if blank_lines == 0 or (blank_lines <= 1 and _ends_with_colon(clean, prev)) else None

    for s, e in line_spans:
        if block and not blank_lines and fence is None and table_headers is None and e > s:
            first = work[s]
            if first.isascii() and first.isalpha():
                block.append((s, e))  # a continuation line (a letter cannot open any other block)
                continue
        line = work[s:e]
        stripped = line.strip()
        # --- inside a fenced block: every line is a code unit
        if fence is not None:
            char, length, lead, info = fence
            if stripped.startswith(char * length) and not stripped.strip(char):
                fence = None
                fenced.append((fence_start, e))
                blank_lines = 0
                continue
            if stripped:
                a = s + len(line) - len(line.lstrip())
                b = s + len(line.rstrip())
                last = units[-1] if units else None
                if (
                    last is not None
                    and last.fence == fence_start
                    and work[last.end - 1 : last.end] == "\\"
                    and b - last.start <= MAX_UNIT
                ):
                    last.end = b  # "curl -X POST \\" then "  -d @.env": a command continued on the next line
                    continue
                for x, y in _chunks(work, a, b):
                    units.append(Unit(x, y, "code", lead=lead, info=info, headings=tuple(headings), fence=fence_start))
            continue
        qm = _QUOTE_MARKERS.match(work, s, e)
        cs = qm.end() if qm and ">" in qm.group() else s  # content start (after quote markers)
        content = work[cs:e]
        if not content.strip():
            flush()
            blank_lines += 1
            table_headers = None
            continue
        fm = _FENCE.match(work, cs, e)
        if fm:
            flush()
            prev = units[-1] if units else None
            lead = prev if prev is not None and blank_lines <= 1 and prev.kind in ("text", "item") else None
            fence = (fm.group(1)[0], len(fm.group(1)), lead, fm.group(2).strip().lower())
            fence_start = s
            blank_lines = 0
            continue
        hm = _HEADING.match(work, cs, e)
        if hm:
            flush()
            level = len(hm.group(1))
            while headings and headings[-1].level >= level:
                headings.pop()
            text_end = cs + len(content.rstrip().rstrip("#").rstrip())
            if text_end > hm.end():
                unit = Unit(hm.end(), text_end, "heading", level=level, first=True, headings=tuple(headings))
                units.append(unit)
                headings.append(unit)
            list_leads = []
            blank_lines = 0
            continue
        cstripped = content.strip()
        if cstripped.startswith("|") or (table_headers is not None and "|" in cstripped):
            flush()
            if _TABLE_SEPARATOR.match(work, cs, e):
                blank_lines = 0
                continue
            cells = _cells(work, cs, e)
            if table_headers is None:
                table_lead = lead_candidate(("text", "item"))
                table_headers = []
                table_columns = []
                for a, b in cells:
                    column = split_sentences(clean, [(a, b)], "cell", lead=table_lead, headings=tuple(headings))
                    table_headers.extend(column)
                    table_columns.append(column[0] if column else None)
                    units.extend(column)
                shared_headers = tuple(table_headers)  # one tuple per table, not one per cell: linear
                for u in table_headers:
                    u.table_headers = shared_headers
                    u.table_head = True
            else:
                for index, (a, b) in enumerate(cells):
                    header = table_columns[index] if index < len(table_columns) else None
                    for u in split_sentences(clean, [(a, b)], "cell", lead=table_lead, headings=tuple(headings)):
                        u.header = header
                        u.table_headers = shared_headers
                        u.term = index == 0 and clean[u.start : u.end].startswith("`")
                        units.append(u)
            blank_lines = 0
            continue
        table_headers = None
        im = _ITEM.match(work, cs, e)
        if im and not _SETEXT.match(work, cs, e):
            flush()
            indent = len(im.group(1).replace("\t", "    "))
            while list_leads and list_leads[-1][0] > indent:
                list_leads.pop()
            if list_leads and list_leads[-1][0] == indent:
                lead = list_leads[-1][1]
            else:
                # A new list, or a deeper level: its lead is the sentence just before it.
                prev = units[-1] if units else None
                if prev is not None and prev.kind == "item" and list_leads:
                    lead = prev  # a nested list: the parent item introduces it
                else:
                    lead = lead_candidate(("text", "item"))
                    if lead is None and list_leads:
                        lead = list_leads[-1][1]
                list_leads.append((indent, lead))
            block_kind, block_lead = "item", lead
            block = [(im.end(), e)]
            blank_lines = 0
            continue
        if block and blank_lines == 0:
            block.append((cs, e))  # a continuation line of the paragraph or item
            continue
        flush()
        indented = len(content) - len(content.lstrip()) >= 2
        if list_leads and not indented:
            list_leads = []
        block_kind = "item" if list_leads else "text"
        block_lead = list_leads[-1][1] if list_leads else None
        block = [(cs, e)]
        blank_lines = 0
    flush()

    for u in units:
        if u.kind in ("item", "text") and u.first and _TERM.match(clean, u.start):
            u.term = True

    # Text a reader of the rendered page does not see (link and image titles, long alt text, HTML
    # attributes, front-matter values) is a unit of its own, read as prose: quotes around it there
    # are syntax, not a quotation.
    hidden_units: list[Unit] = []
    for a, b in _hidden_spans(body):
        hidden_units.extend(split_sentences(clean, _lines(body, a, b), "hidden"))
    if hidden_units:
        units = sorted(units + hidden_units, key=lambda u: u.start)

    # Comments: their sentences are units of their own, in the sections they sit in.
    if comments:
        comment_units: list[Unit] = []
        heading_units = [u for u in units if u.kind == "heading"]
        stack: list[Unit] = []
        h = 0
        if fence is not None:
            fenced.append((fence_start, len(body)))  # an unclosed block runs to the end
        f = 0
        for a, _, ca, cb in comments:
            while h < len(heading_units) and heading_units[h].start < a:
                while stack and stack[-1].level >= heading_units[h].level:
                    stack.pop()
                stack.append(heading_units[h])
                h += 1
            while f < len(fenced) and fenced[f][1] <= a:
                f += 1
            found = split_sentences(clean, _lines(body, ca, cb), "comment", headings=tuple(stack))
            if f < len(fenced) and fenced[f][0] <= a:
                for u in found:
                    u.fence = fenced[f][0]  # a comment shown in a code block: the reader sees it
            comment_units.extend(found)
        units = sorted(units + comment_units, key=lambda u: u.start)
    return units, clean


_LINK_TITLE = re.compile(r"\]\([^)\s]*\s+(\"[^\"\n]{4,400}\"|'[^'\n]{4,400}')\s*\)")
_IMAGE_ALT = re.compile(r"!\[([^\]\n]{16,400})\]\(")
_HTML_ATTRIBUTE = re.compile(
    r"\b(?:title|alt|aria-label|aria-description|data-[\w-]{1,40}|content|placeholder|summary)\s*=\s*"
    r"(\"[^\"\n]{12,400}\"|'[^'\n]{12,400}')"
)
_FRONT_VALUE = re.compile(r"[ \t]*[\w.-]{1,60}[ \t]*:[ \t]*([^\n]{12,})$", re.MULTILINE)


def _hidden_spans(body: str) -> list[tuple[int, int]]:
    """Spans of text that renders invisibly: titles, alt text, attributes, front-matter values."""
    spans = []
    for pattern in (_LINK_TITLE, _HTML_ATTRIBUTE):
        for m in pattern.finditer(body):
            spans.append((m.start(1) + 1, m.end(1) - 1))
    for m in _IMAGE_ALT.finditer(body):
        if " " in m.group(1):
            spans.append((m.start(1), m.end(1)))
    if body.startswith("---"):
        close = body.find("\n---", 3)
        if close != -1:
            for m in _FRONT_VALUE.finditer(body, 3, close):
                a, b = m.start(1), m.end(1)
                value = body[a:b].strip()
                if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
                    a, b = a + body[a:b].index(value[0]) + 1, a + body[a:b].rindex(value[0])
                if " " in body[a:b].strip():
                    spans.append((a, b))
    return spans
