"""Showing instruction text to people: highlighted snippets and version diffs, for
the admin and the members' web app alike.

Plain functions on plain text. Everything user-written is escaped here before any
markup is added, so templates can print the results as they are.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass

import nh3
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt

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


#: CommonMark with tables; raw HTML in the text is shown as text, never rendered.
_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
#: What the rendered preview may contain: nh3's safe defaults, without images (a
#: preview must not fetch anything from elsewhere).
_PREVIEW_TAGS = set(nh3.ALLOWED_TAGS) - {"img", "map", "area"}


def render_markdown(text: str) -> SafeString:
    """``text`` rendered as Markdown and sanitised with nh3: safe to print as it is."""
    return mark_safe(nh3.clean(_MARKDOWN.render(text), tags=_PREVIEW_TAGS))  # noqa: S308 (sanitised by nh3)


@dataclass(frozen=True)
class DiffLine:
    """One row of a side-by-side diff. ``kind``: equal, replace, delete or insert."""

    kind: str
    old_number: int | None
    old_text: str
    new_number: int | None
    new_text: str


def side_by_side(old: str, new: str) -> list[DiffLine]:
    """The two texts line by line, aligned, each row tagged with how it changed."""
    a, b = old.splitlines(), new.splitlines()
    rows: list[DiffLine] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            rows += [
                DiffLine("equal", i + 1, a[i], j + 1, b[j]) for i, j in zip(range(i1, i2), range(j1, j2), strict=True)
            ]
            continue
        left, right = list(range(i1, i2)), list(range(j1, j2))
        for k in range(max(len(left), len(right))):
            i = left[k] if k < len(left) else None
            j = right[k] if k < len(right) else None
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


def unified(old: str, new: str, *, old_name: str = "a", new_name: str = "b") -> str:
    """A unified diff of the two texts (plain text; escape it when showing it)."""
    lines = difflib.unified_diff(
        old.splitlines(), new.splitlines(), fromfile=old_name, tofile=new_name, lineterm="", n=3
    )
    return "\n".join(lines)
