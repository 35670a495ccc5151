"""Showing instruction text to people: highlighted snippets and version diffs, for
the admin and the members' web app alike.

Plain functions on plain text. Everything user-written is escaped here before any
markup is added, so templates can print the results as they are.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

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
