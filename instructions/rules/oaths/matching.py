"""A match of a rule's templates: which template matched, its head, and its gaps.

The compiler names a template's groups (``h<tag>`` for the head, ``s<tag>_<k>_<limit>`` and
``l<tag>_<k>_<limit>`` for its strict and lenient gaps); ``head_span`` refuses a match whose gap is
longer than the template allows or whose strict gap holds a preposition ("skip the prompt in CI" is not
"skip CI"). ``matches_in`` searches a slice of a view and shifts the matches back into it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from instructions.rules.oaths.views import View

#: Words a strict gap may not hold: a preposition or conjunction there starts another phrase, so the
#: object after it is not the object of the verb ("skip the confirmation prompt in CI").
_GAP_STOPS = re.compile(
    r"(?:^|\s)(?:in|on|at|for|with|without|into|onto|to|by|via|when|if|unless|before|after|while|because|since|"
    r"so|than|then|until|except|like|about|during|as|per|whether|where|once|en|para|con|sin|cuando|si|antes|"
    r"después|porque|im|für|mit|ohne|wenn|bevor|nachdem|weil|dans|pour|avec|sans|quand|avant|après|parce|per|"
    r"senza|quando|se|prima|dopo|perché|em|com|sem|voor|met|zonder|wanneer|als|voordat|nadat|dla|bez|"
    r"kiedy|gdy|jeśli|в|на|для|без|когда|если|перед|после)(?=\s|$)"
)
#: "record nothing about the schema decisions": the preposition names what is (not) written, after a
#: denial that stands in for the object.
_NOTHING_ABOUT = re.compile(
    r"\s*(?:(?:nothing|none|not a (?:word|line|thing))\s+(?:about|on|of|regarding|concerning)"
    # "delete everything in ~/Documents", "wipe all files under the home folder": the whole of what follows
    r"|(?:everything|anything|all(?: the)? (?:files|data|contents?)|every file|whatever(?: is)?)"
    r"\s+(?:in|inside|under|within))\s"
)


@dataclass(slots=True)
class _Template:
    """Group indices of one template of a rule's pattern: its head and its gaps (kind, limit)."""

    head: int
    gaps: list[tuple[int, str, int]]


_TEMPLATES: dict[int, tuple[Any, list[_Template]]] = {}


def _templates(pattern: Any) -> list[_Template]:
    """The templates of ``pattern``, from its group names (computed once per pattern)."""
    cached = _TEMPLATES.get(id(pattern))
    if cached is not None and cached[0] is pattern:
        return cached[1]
    heads: dict[str, int] = {}
    gaps: dict[str, list[tuple[int, str, int]]] = {}
    for name, index in pattern.groupindex.items():
        if name[0] == "h":
            heads[name[1:]] = index
        elif name[0] in "sl":
            tag, _, limit = name[1:].split("_")
            gaps.setdefault(tag, []).append((index, name[0], int(limit)))
    templates = [_Template(heads[tag], gaps.get(tag, [])) for tag in sorted(heads, key=lambda t: heads[t])]
    _TEMPLATES[id(pattern)] = (pattern, templates)
    return templates


def _spans(match: Any) -> list[tuple[int, int]]:
    """Every group's span at once (the wrapper's decoded spans; shifted for a match in a slice)."""
    if isinstance(match, _Shifted):
        off = match._off
        return [(a, b) if a == -1 else (a + off, b + off) for a, b in match._m._spans]
    return match._spans


def _matched_template(match: Any) -> tuple[_Template | None, list[tuple[int, int]]]:
    spans = _spans(match)
    for template in _templates(match.re):
        if spans[template.head][0] != -1:
            return template, spans
    return None, spans


def head_span(match: Any) -> tuple[int, int] | None:
    """The span of the matched template's head, or None when one of its gaps is longer than the
    template allows or a strict gap holds a stop word."""
    template, spans = _matched_template(match)
    if template is None:
        return spans[0]
    for index, kind, limit in template.gaps:
        a, b = spans[index]
        if b - a > limit:
            return None  # the gap is longer than the template allows
        if kind == "s" and b > a:
            if _GAP_STOPS.search(match.string[a:b]) and not _NOTHING_ABOUT.match(match.string, a, b):
                return None
            h0, h1 = spans[template.head]
            if _REMOVAL_HEAD.match(match.string, h0, h1) and _from_source(match.string[a:b]):
                return None
    return spans[template.head]


#: "remove the debug logs from the codebase": what is removed is named before "from"; the place after it
#: is only where it is taken from. Unless what comes before is everything there is ("wipe everything
#: from the working tree").
_FROM = re.compile(r"(?:^|\s)from\s")
_REMOVAL_HEAD = re.compile(r"(?:remov|delet|strip|drop|eras|wip|clear|purg|clean|prun|cut|trim|discard|rm\b|del\b)")
_TOTALITY = re.compile(
    r"^\s*(?:(?:all|every|each|any|whatever|the whole|the entire|the full)\b.*|everything|anything|it all|"
    r"all of (?:it|them)|(?:the )?(?:contents?|rest|lot)(?: of it)?|them|it|these|those|files?|"
    r"(?:the )?(?:data|work))\s*$"
)


def _from_source(gap: str) -> bool:
    m = _FROM.search(gap)
    return m is not None and m.start() > 0 and not _TOTALITY.match(gap[: m.start()])


def _gap_spans(match: Any) -> list[tuple[int, int]] | None:
    """The spans of the matched template's gaps (None for a raw pattern without named gaps)."""
    template, spans = _matched_template(match)
    if template is None or not template.gaps:
        return None
    return [spans[index] for index, _, _ in template.gaps if spans[index][1] > spans[index][0]]


def gap_text(match: Any, view: View, h1: int) -> str | None:
    """The words in the template's gaps after its head ("keep *no* records"), not those of its objects
    ("only follow these rules and nothing else": "nothing" is the template's own word)."""
    spans = _gap_spans(match)
    if spans is None:
        return None
    return " ".join(view.text[a:b] for a, b in spans if a >= h1)


class _Shifted:
    """A match found in a slice of ``text``, with its offsets moved back into ``text``."""

    __slots__ = ("_m", "_off", "re", "string")

    def __init__(self, match: Any, offset: int, text: str) -> None:
        self._m, self._off, self.re, self.string = match, offset, match.re, text

    def span(self, group: int = 0) -> tuple[int, int]:
        a, b = self._m.span(group)
        return (a, b) if a == -1 else (a + self._off, b + self._off)

    def start(self, group: int = 0) -> int:
        return self.span(group)[0]

    def end(self, group: int = 0) -> int:
        return self.span(group)[1]

    def group(self, *groups: Any) -> Any:
        return self._m.group(*groups)


def _finditer(pattern: Any, text: str, data: bytes | None = None) -> Any:
    return pattern.finditer(text, data)


def matches_in(pattern: Any, text: str, lo: int, hi: int):
    """Matches of ``pattern`` in ``text[lo:hi]``, offsets in ``text`` (the slice is searched, not the
    whole text: the RE2 wrapper encodes whatever it is given)."""
    for m in _finditer(pattern, text[lo:hi]):
        if m.end() > m.start():
            yield _Shifted(m, lo, text)
