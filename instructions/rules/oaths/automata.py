"""RE2 automata as the check runs them: compiled expressions, their matches, and a rule's templates as one union.

``re2_compile`` compiles once, case-sensitively (the views are lower-cased) and outside any check's
budget. ``Regex`` calls the compiled automaton directly on ASCII text (byte and character offsets
coincide), ``Match`` is the part of ``re.Match`` the check reads, and ``TemplateUnion`` scans with the
union of a rule's templates without capture groups and reads a match's groups (head, gaps) with the one
template that matched, when first asked for.
"""

from __future__ import annotations

import re
from typing import Any

import re2

from instructions.rules.oaths.budget import uncounted
from instructions.rules.oaths.model import RuleError

#: The views are lower-cased, so the automata need not fold case (smaller, faster to build).
CASE_SENSITIVE = True
_UNANCHORED = re2._Anchor.UNANCHORED
_ANCHOR_START = re2._Anchor.ANCHOR_START
_ANCHOR_BOTH = re2._Anchor.ANCHOR_BOTH


class Match:
    """A match of a ``Regex`` on ASCII text: the parts of ``re.Match`` the check uses.

    A ``TemplateUnion`` match is made with its bounds alone (and the bytes it was found in): its groups
    are read when first asked for, so a match the check passes over by its bounds (it runs out of its
    unit, or starts in a unit already refused) never pays for them."""

    __slots__ = ("_data", "_groups", "_span0", "re", "string")

    def __init__(self, regex: Any, string: str, spans: Any, data: bytes | None = None) -> None:
        self.re, self.string = regex, string
        if data is None:
            self._groups, self._span0, self._data = spans, spans[0], None
        else:
            self._groups, self._span0, self._data = None, spans, data

    @property
    def _spans(self) -> Any:
        if self._groups is None:
            a, b = self._span0
            self._groups = self.re._spans(self._data, a, b)
            self._data = None
        return self._groups

    def span(self, group: int = 0) -> tuple[int, int]:
        return self._span0 if group == 0 else self._spans[group]

    def start(self, group: int = 0) -> int:
        return self.span(group)[0]

    def end(self, group: int = 0) -> int:
        return self.span(group)[1]

    def group(self, group: int = 0) -> str | None:
        a, b = self.span(group)
        return None if a == -1 else self.string[a:b]


class Regex:
    """A compiled RE2. On ASCII text (most of any view) the compiled automaton is called directly, so
    byte and character offsets coincide and no call pays the wrapper's encoding and offset decoding;
    other text goes through the wrapper."""

    __slots__ = ("_regexp", "_wrapped", "groupindex", "groups", "pattern")

    def __init__(self, wrapped: Any) -> None:
        self._wrapped = wrapped
        self._regexp = wrapped._regexp
        self.pattern = wrapped.pattern
        self.groupindex = dict(wrapped.groupindex)
        self.groups = wrapped.groups

    def finditer(self, text: str, data: bytes | None = None, pos: int = 0) -> Any:
        """Matches in ``text`` from ``pos`` (``data``: its bytes, when the caller encoded an ASCII text
        already, or an ASCII stand-in of the same length)."""
        if data is None:
            if not text.isascii():
                yield from self._wrapped.finditer(text, pos)
                return
            data = text.encode()
        raw = self._regexp
        n = len(data)
        while pos <= n:
            spans = raw.Match(_UNANCHORED, data, pos, n)
            a, b = spans[0]
            if a == -1:
                return
            yield Match(self, text, spans)
            pos = b if b > a else b + 1

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> Any:
        if not text.isascii():
            return self._wrapped.search(text, pos, endpos)
        n = len(text) if endpos is None else min(endpos, len(text))
        if pos > n:
            return None
        spans = self._regexp.Match(_UNANCHORED, text.encode(), pos, n)
        return None if spans[0][0] == -1 else Match(self, text, spans)

    def match(self, text: str, pos: int = 0, endpos: int | None = None) -> Any:
        if not text.isascii():
            return self._wrapped.match(text, pos, endpos)
        n = len(text) if endpos is None else min(endpos, len(text))
        if pos > n:
            return None
        spans = self._regexp.Match(_ANCHOR_START, text.encode(), pos, n)
        return None if spans[0][0] == -1 else Match(self, text, spans)

    def findall(self, text: str) -> list[str]:
        return [m.group() for m in self.finditer(text)]


#: The capture groups the compiler writes into a template (its head ``h<tag>`` and its gaps
#: ``s<tag>_<k>_<limit>`` / ``l<tag>_<k>_<limit>``); raw ``re:`` tokens may not capture, so these are all.
_CAPTURE = re.compile(r"\(\?P<([hsl]\d+(?:_\d+_\d+)?)>")


class TemplateUnion:
    """A rule's templates as one pattern (``t0|t1|...``), run in two phases.

    RE2 finds the bounds of a match quickly with its DFA, but the capture groups (a template's head and
    gaps) need a slower engine whose cost grows with the size of the automaton. So the text is scanned
    with the union *without* capture groups, and each match is then read by the templates alone,
    anchored at both its ends: under RE2's leftmost-first semantics the union's match at a position is
    the first template, in order, that matches there, with that template's own groups. The spans come
    back in the union's group numbering, so a match reads exactly as one of the full union.

    Text that is not ASCII (without an ASCII stand-in) goes through the full union, compiled on first use.
    """

    __slots__ = ("_full", "_offsets", "_scan", "_sources", "_templates", "groupindex", "groups", "pattern", "where")

    def __init__(self, sources: list[str], where: str) -> None:
        self._sources = sources
        self.where = where
        self.pattern = "|".join(sources)
        self._scan = re2_compile("|".join(_CAPTURE.sub("(?:", s) for s in sources), where)
        self._templates: list[Regex | None] = [None] * len(sources)
        self._full: Regex | None = None
        self.groupindex: dict[str, int] = {}
        self._offsets: list[int] = []
        count = 0
        for source in sources:
            self._offsets.append(count)
            for name in _CAPTURE.findall(source):
                count += 1
                self.groupindex[name] = count
        self.groups = count

    def _template(self, k: int) -> Regex:
        compiled = self._templates[k]
        if compiled is None:
            compiled = self._templates[k] = re2_compile(self._sources[k], f"{self.where}[{k}]")
        return compiled

    @property
    def full(self) -> Regex:
        if self._full is None:
            self._full = re2_compile(self.pattern, self.where)
        return self._full

    def _spans(self, data: bytes, a: int, b: int) -> Any:
        """All the union's group spans of its match ``data[a:b]``, read by the first template that matches
        exactly ``data[a:b]`` (the one the union chose: an earlier template that matched there at all
        would have been chosen, and the chosen one's groups are those of its best match, which ends at
        ``b``). Knowing both ends lets RE2 use its fastest engine for the groups."""
        for k in range(len(self._sources)):
            spans = self._template(k)._regexp.Match(_ANCHOR_BOTH, data, a, b)
            if spans[0][0] != -1:
                out = [(-1, -1)] * (self.groups + 1)
                out[0] = spans[0]
                offset = self._offsets[k]
                for g in range(1, len(spans)):
                    out[offset + g] = spans[g]
                return out
        return self.full._regexp.Match(_ANCHOR_BOTH, data, a, b)

    def finditer(self, text: str, data: bytes | None = None, pos: int = 0) -> Any:
        """Matches in ``text`` from ``pos``, as ``Regex.finditer``."""
        if data is None:
            if not text.isascii():
                yield from self.full.finditer(text, None, pos)
                return
            data = text.encode()
        raw = self._scan._regexp
        n = len(data)
        while pos <= n:
            a, b = raw.Match(_UNANCHORED, data, pos, n)[0]
            if a == -1:
                return
            yield Match(self, text, (a, b), data)
            pos = b if b > a else b + 1


def re2_compile(pattern: str, where: str) -> Regex:
    if not isinstance(pattern, str) or not pattern:
        raise RuleError(f"{where}: pattern must be a non-empty string")
    options = re2.Options()
    options.case_sensitive = CASE_SENSITIVE
    options.max_mem = 256 << 20
    try:
        with uncounted():  # (compiling is the rules' cost, not the text's: no check's budget pays for it)
            return Regex(re2.compile(pattern, options))
    except re2.error as exc:
        raise RuleError(f"{where}: invalid pattern {pattern[:200]!r}: {exc}") from None
