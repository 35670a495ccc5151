"""The cue lexicons of ``cues`` compiled once into RE2 (``CueSet``), and the events they mark in a clause.

An event is a cue's span and class ("neg", "gate", "permit", ...); where two overlap, the longer wins,
then the class earlier in ``_PRIORITY`` ("don't hesitate to" is not a "don't"). Cue words of scripts
the look-alike fold garbles are also compiled in their folded form (``_with_folded_forms``).
"""

from __future__ import annotations

from typing import Any

from instructions.rules.oaths.automata import re2_compile
from instructions.rules.oaths.budget import uncounted
from instructions.rules.oaths.cues import CUES, MENTION_FRAME, PROHIBIT_FRAME, REFERENCE_HEADER
from instructions.rules.oaths.templates import Lexicons
from instructions.rules.oaths.views import char_form, is_folded_script


def _with_folded_forms(entries: Any) -> Any:
    """Cue entries plus, for words of scripts the look-alike fold garbles (Cyrillic, Greek), the form
    they take in the folded view: a Russian sentence with a Latin word (`.env`, "PR") is also read in
    that view, and "никогда" must still be a denial there."""
    if not isinstance(entries, dict):
        return entries
    out = {}
    for lang, items in entries.items():
        extra = []
        for item in items:
            if isinstance(item, str) and not item.startswith("re:") and any(is_folded_script(ch) for ch in item):
                folded = "".join(char_form(ch, True) for ch in item)
                if folded.isascii() and len(folded.strip()) <= 3 and folded.strip().isalpha():
                    continue  # "не" folds to "he", "то" to "to": English words, not a Russian denial
                if folded != item and folded not in items:
                    extra.append(folded)
        out[lang] = list(items) + extra
    return out


class CueSet:
    """The cue lexicons, each compiled into one RE2."""

    def __init__(self) -> None:
        self._events: dict[tuple[str, tuple[str, ...]], list[tuple[int, int, str]]] = {}
        self._has: dict[tuple[str, str], bool] = {}
        lexicons = Lexicons({name: _with_folded_forms(entries) for name, entries in CUES.items()})
        self.re: dict[str, Any] = {name: re2_compile(lexicons.source(name, f"cue {name}"), name) for name in CUES}
        frames = Lexicons({"prohibit": PROHIBIT_FRAME, "mention": MENTION_FRAME, "reference": REFERENCE_HEADER})
        self.frame_prohibit = re2_compile(frames.source("prohibit", "frame"), "prohibit frame")
        self.frame_mention = re2_compile(frames.source("mention", "frame"), "mention frame")
        self.reference = re2_compile("^\\W*" + frames.source("reference", "frame") + "\\W*$", "reference header")
        self.description_header = re2_compile(
            r"\b(?:description|meaning|effect|effects|what it does|purpose|behaviou?r|does|notes?|explanation|use|"
            r"usage|when to use|result|details?|summary|what|why|means|action|outcome|descrizione|cosa fa|effetto|"
            r"significato|descripci[oó]n|qu[eé] hace|efecto|beschreibung|was es tut|wirkung|bedeutung|ce que ça fait|"
            r"effet|signification|descri[cç][aã]o|o que faz|efeito|beschrijving|wat het doet|opis|co robi|działanie|"
            r"a[cç][iı]klama|ne yapar|etkisi)\b|описание|что делает|действие|说明|描述|作用|説明|効果|설명|효과",
            "description header",
        )

    def events(self, text: str, classes: tuple[str, ...]) -> list[tuple[int, int, str]]:
        key = (text, classes)
        cached = self._events.get(key)
        if cached is not None:
            return cached
        if len(self._events) > 4096:
            self._events.clear()  # a bounded memo: the same clause is read for every rule that matches in it
        found = self._events[key] = self._find_events(text, classes)
        return found

    def _find_events(self, text: str, classes: tuple[str, ...]) -> list[tuple[int, int, str]]:
        found = []
        data = text.encode() if text.isascii() else None
        for cls in classes:
            for start, end in _spans(self.re[cls], text, data):
                if end > start and _whole_words(text, start, end):
                    found.append((start, end, cls))
        return found

    def has(self, cls: str, text: str) -> bool:
        if not text:
            return False
        key = (cls, text)
        known = self._has.get(key)
        if known is None:
            if len(self._has) > 16384:
                self._has.clear()
            known = self._has[key] = self._find(cls, text)
        return known

    def _find(self, cls: str, text: str) -> bool:
        data = text.encode() if text.isascii() else None
        return any(_whole_words(text, start, end) for start, end in _spans(self.re[cls], text, data))


def _spans(regex: Any, text: str, data: bytes | None) -> Any:
    """Spans of ``regex``'s matches in ``text`` (``data``: its bytes when ASCII)."""
    for m in regex.finditer(text, data):
        yield m.span()


def _whole_words(text: str, start: int, end: int) -> bool:
    """Does a cue match start and end on word boundaries? ("i" in "verify", "no" in "--no-verify" do not.)"""
    first, last = text[start], text[end - 1]
    if first.isalnum() and start > 0:
        before = text[start - 1]
        if before.isalnum() and first.isascii() and before.isascii():
            return False
        if before in "-_" and start > 1 and (text[start - 2].isalnum() or text[start - 2] == "-"):
            return False  # "--no-verify", "skip_no_tests"
        if before in ".@/" and start > 1 and text[start - 2].isalnum():
            return False  # "pytest.mark.skip", "@no", "path/never": a part of a name
    if last.isalnum() and end < len(text):
        after = text[end]
        if after in "-_" and end + 1 < len(text) and text[end + 1].isalnum():
            return False  # "no-verify", "never_fail"
    return True


_CUES: CueSet | None = None


def cues() -> CueSet:
    global _CUES
    if _CUES is None:
        with uncounted():  # (built on first use: the rules' cost, not the text's)
            _CUES = CueSet()
    return _CUES


#: Overlapping cues: the one earlier in this list wins ("don't hesitate to" is not a "don't").
_PRIORITY = (
    "reluct",
    "dismiss",
    "accept",
    "noneed",
    "antigate",
    "gate",
    "authority",
    "permit",
    "mention",
    "neg",
    "local_neg",
    "describe",
    "agent",
)
PRE_CLASSES = _PRIORITY


def resolve_events(events: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Drop events overlapped by a higher-priority one; return the rest in text order."""
    rank = {c: k for k, c in enumerate(_PRIORITY)}
    # The longer cue wins ("you cannot" over "you can", "no need to" over "no"); then the class order.
    kept: list[tuple[int, int, str]] = []
    for ev in sorted(events, key=lambda e: (-(e[1] - e[0]), rank[e[2]], e[0])):
        if all(ev[1] <= k[0] or ev[0] >= k[1] for k in kept):
            kept.append(ev)
    kept.sort()
    return kept
