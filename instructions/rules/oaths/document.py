"""A body as the check reads it: its units, its base view, and lookups by position.

``Document`` segments the body (``segment``), normalises every unit into one base view (units separated
by a line break, which no rule's gap crosses), and answers what the rest of the check asks of it: the
unit at a position, the units that may be in another language (``foreign``), the role the text casts
the agent in (``personas``), whether a code block calls itself a deny list (``fence_mentions``). It
also keeps the check's counters: candidate phrases read against the text's allowance, and the clock
(``tick``) against its budget.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Any

import re2

from instructions.rules.oaths.budget import Deadline, TooManyCandidates, max_candidates
from instructions.rules.oaths.cue_set import cues
from instructions.rules.oaths.language import english
from instructions.rules.oaths.segment import Unit, segment
from instructions.rules.oaths.verdicts import Reading
from instructions.rules.oaths.views import Builder, View, normalize_into

#: A letter outside ASCII (accented Latin, Cyrillic, CJK, Arabic, Devanagari...).
_NON_ASCII_LETTER = re.compile(r"[^\W\d_a-zA-Z]")
#: Function words of the languages written in plain ASCII (Spanish, German, French, Italian, Portuguese,
#: Dutch, Polish, Turkish) that English does not use: a text with none of them is read as English.
_FOREIGN_FUNCTION_WORDS = re2.compile(
    r"\b(?:el|la|los|las|un|una|unos|unas|que|para|pero|siempre|nunca|todas|esta|este|estas|estos|"
    r"hay|sin|segun|tambien|ahora|con|por|del|"
    r"und|nicht|oder|ist|sind|werden|keine|kein|alle|alles|bitte|diese|dieser|immer|niemals|auch|wenn|oben|"
    r"der|das|dem|ein|eine|zu|sie|"
    r"les|des|une|pour|avec|dans|vous|toujours|jamais|sont|cette|aux|ne|pas|tout|rien|le|et|est|tu|"
    r"il|di|che|della|delle|degli|sono|questo|questa|sempre|mai|gli|anche|tutte|tutti|"
    r"voce|nao|uma|tambem|seu|sua|aos|nas|nos|isso|esse|essa|em|"
    r"het|een|niet|altijd|nooit|wordt|worden|zijn|deze|moet|geen|jij|jouw|je|"
    r"nie|sie|oraz|zawsze|nigdy|wszystkie|tylko|wszystko|"
    r"bir|ve|bu|icin|ile|degil|asla|tum|olarak|"
    # (a unit read as foreign only costs its every-language patterns: short words common elsewhere too)
    r"de|y|ni|en|lo|al|su|sus|se|mi|du|au|ou|ce|ces|sur|par|qui|mais|nel|non|da|dos|van|te|op|dat|voor|met|ook|"
    r"mit|auf|von|bei|jest|na|ze|oraz)\b"
)
_NON_ASCII = re.compile(r"[^\x00-\x7f]")


_STAND_INS = {
    "“": '"',
    "”": '"',
    "„": '"',
    "«": '"',
    "»": '"',
    "「": '"',
    "」": '"',
    "『": '"',
    "』": '"',
    "‘": "'",
    "’": "'",
    "—": "-",
    "–": "-",
    "…": ".",
    "。": ".",
    "，": ",",
    "：": ":",
    "；": ";",
    "！": "!",
    "？": "?",
    "、": ",",
    "\u00a0": " ",
}


def _ascii_stand_in(m: re.Match[str]) -> str:
    return _STAND_INS.get(m.group(), "\x1a")


@dataclass(slots=True)
class AltUnit:
    """A unit of the alternative view: another reading of (part of) a base unit."""

    source: Unit
    #: "native", "leet", "joined", "lines", "answer", "rot13", "rot47", "cipher", "reversed", "decoded", "hidden"
    how: str
    vstart: int
    vend: int


class Document:
    """A body, its units and its views."""

    def __init__(
        self,
        body: str,
        participles: frozenset[str] = frozenset(),
        deadline: Deadline | None = None,
        allowance: int | None = None,
    ) -> None:
        self.body = body
        #: ``RuleSet.participles``: the verb forms read only in a passive order.
        self.participles = participles
        #: The check's budget, if it has one (``tick`` reads it).
        self.deadline = deadline
        units, self.clean = segment(body)
        self.tick()
        base = Builder()
        kept: list[Unit] = []
        native: list[Unit] = []
        for k, u in enumerate(units):
            if not k % TICK_UNITS:
                self.tick()
            start = len(base)
            folded = normalize_into(base, self.clean, u.start, u.end)
            if len(base) == start:
                continue
            u.vstart, u.vend = start, len(base)
            base.add("\n", u.end - 1, u.end)
            kept.append(u)
            if folded:
                native.append(u)
        self.units = kept
        self.base = base.build()
        self._vstarts = [u.vstart for u in kept]
        self._native = native
        self._english: bool | None = None
        self._bytes: dict[tuple[int, bool], bytes | None] = {}
        self._personas: frozenset[str] | None = None
        self.readings: dict[tuple[Any, ...], Reading] = {}
        self._fences: dict[int, bool] | None = None
        #: ``_unit_gate`` per (rule, view, unit start): what a rule's ``unless`` and unit-wide ``require`` say.
        self.gates: dict[tuple[str, int, int], str | None] = {}
        #: Candidate phrases read so far (matches of a rule's pattern): the check's work, bounded by
        #: ``budget.max_candidates`` of the body's length.
        self.candidates = 0
        self.max_candidates = max_candidates(len(body)) if allowance is None else allowance

    def candidate(self) -> None:
        """Count one candidate phrase read: raise ``TooManyCandidates`` past the text's allowance, then ``tick``."""
        self.candidates += 1
        if self.candidates > self.max_candidates:
            raise TooManyCandidates
        self.tick()

    def tick(self) -> None:
        """Raise ``OutOfTime`` when the check has spent its budget (called between bounded steps)."""
        if self.deadline is not None:
            self.deadline.check()

    def foreign(self) -> tuple[View, list[AltUnit], list[int]]:
        """The units that may be in a language other than English (a non-ASCII letter, or a function
        word of a language written in ASCII), as one view: the rules' every-language patterns are run
        over these only, their English patterns over the whole text."""
        out = Builder()
        units: list[AltUnit] = []
        base = self.base
        for k, u in enumerate(self.units):
            if not k % TICK_UNITS:
                self.tick()
            text = base.text[u.vstart : u.vend]
            if _NON_ASCII_LETTER.search(self.clean, u.start, u.end) or _FOREIGN_FUNCTION_WORDS.search(text):
                start = len(out)
                out.add_mapped(text, base.starts[u.vstart : u.vend], base.ends[u.vstart : u.vend])
                units.append(AltUnit(u, "base", start, len(out)))
                out.add("\n", u.end - 1, u.end)
        return out.build(), units, [a.vstart for a in units]

    def fence_mentions(self, fence: int) -> bool:
        """Does a line of the fenced block starting at ``fence`` call the block a list of examples, a
        deny list or attacks ("# denylist", "blocked_phrases:")?"""
        if self._fences is None:
            # One pass over the code units for every block (per block, a scan of all units would be quadratic).
            c = cues()
            self._fences = {}
            for u in self.units:
                if u.kind == "code" and not self._fences.get(u.fence):
                    text = self.unit_text(u)
                    self._fences[u.fence] = bool(
                        c.frame_mention.search(text) or c.has("mention", text) or _LIST_KEY.search(text)
                    )
        return self._fences.get(fence, False)

    def ascii_bytes(self, view: View, shadow: bool = False) -> bytes | None:
        """The view's text as bytes when it is ASCII (encoded once for all the rules), else None.

        With ``shadow`` (for the English patterns, which match no letter outside ASCII) a non-ASCII
        view gets an ASCII stand-in of the same length: typographic quotes and dashes become their
        ASCII forms, anything else a control character no pattern matches. Offsets stay those of the
        view, and the fast path (no offset decoding) applies."""
        key = (id(view), shadow)
        if key not in self._bytes:
            text = view.text
            if text.isascii():
                self._bytes[key] = text.encode()
            elif shadow:
                self._bytes[key] = _NON_ASCII.sub(_ascii_stand_in, text).encode()
            else:
                self._bytes[key] = None
        return self._bytes[key]

    def personas(self) -> frozenset[str]:
        """The words naming a role the text casts the agent in ("you are DevOps Dan", "role-play: you are
        the 'support bot'", "pretend you're a contractor"), generic job words left out."""
        if self._personas is None:
            words: set[str] = set()
            for m in _PERSONA.finditer(self.body):
                name = m.group(1).lower()
                words.update(w for w in _WORD.findall(name) if len(w) >= 3 and w not in _GENERIC_ROLE)
            self._personas = frozenset(words)
        return self._personas

    def persona_subject(self, text: str, lo: int, m0: int, h0: int) -> bool:
        """Is the subject of the verb at ``h0`` the role the text casts the agent in, or its pronoun?"""
        personas = self.personas()
        if not personas:
            return False
        subject = text[max(lo, m0 - 60, h0 - 60) : h0]
        words = _WORD.findall(subject)
        return any(w in personas for w in words) or bool(_ROLE_PRONOUN.search(subject))

    @property
    def english(self) -> bool:
        """Is the document as a whole English (the fallback for units without function words)?"""
        if self._english is None:
            self._english = english(self.base.text[:2000])
        return self._english

    # ----------------------------------------------------------------- lookups

    def unit_text(self, unit: Unit) -> str:
        return self.base.text[unit.vstart : unit.vend]

    def unit_at(self, pos: int) -> Unit | None:
        k = bisect.bisect_right(self._vstarts, pos) - 1
        if k < 0:
            return None
        u = self.units[k]
        return u if pos < u.vend else None

    def _units_at(self, positions: list[int]) -> list[Unit]:
        """The units holding these base-view positions, each once, in order."""
        seen: list[Unit] = []
        for pos in positions:
            unit = self.unit_at(pos)
            if unit is not None and (not seen or seen[-1] is not unit):
                seen.append(unit)
        return seen

    def units_hit(self, pattern: re.Pattern[str], minimum: int = 1) -> list[Unit]:
        """Units whose base text has at least ``minimum`` distinct matches of ``pattern``."""
        hits: dict[int, set[str]] = {}
        for m in pattern.finditer(self.base.text):
            k = bisect.bisect_right(self._vstarts, m.start()) - 1
            if k >= 0:
                hits.setdefault(k, set()).add(m.group())
        return [self.units[k] for k, words in sorted(hits.items()) if len(words) >= minimum]


def neighbourhood(doc: Document, unit: Unit, window: int) -> str:
    """The base text of ``unit`` and of ``window`` units either side."""
    if not window:
        return doc.unit_text(unit)
    k = bisect.bisect_left(doc._vstarts, unit.vstart)
    lo, hi = max(0, k - window), min(len(doc.units), k + window + 1)
    return "\n".join(doc.unit_text(u) for u in doc.units[lo:hi])


def unit_after(doc: Document, unit: Unit) -> str:
    """The base text of the unit after ``unit``, if any."""
    k = bisect.bisect_left(doc._vstarts, unit.vstart)
    return doc.unit_text(doc.units[k + 1]) if k + 1 < len(doc.units) else ""


def units_before(doc: Document, unit: Unit, window: int) -> str:
    """The base text of the ``window`` units before ``unit``."""
    k = bisect.bisect_left(doc._vstarts, unit.vstart)
    return "".join(doc.unit_text(u) + "\n" for u in doc.units[max(0, k - window) : k])


#: A key or comment naming a list of phrases to block ("deny_phrases:", "# blocklist").
_LIST_KEY = re.compile(
    r"\b(?:deny|denied|block|blocked|ban|banned|forbidden|disallowed|reject|rejected|blacklist|blocklist|denylist|"
    r"stop|bad)[ _-]?(?:list|phrases?|patterns?|words?|strings?|terms?)\b"
)


#: A role the text casts the agent in: "you are DevOps Dan", "role-play: you are the 'support bot'",
#: "pretend you're a contractor paid per line", "act as the release captain".
_PERSONA = re.compile(
    r"\b(?:(?:[Yy]ou are|[Yy]ou're)\s+(?:now\s+)?(?:(?:the|an?|our)\s+['\"“‘]?|['\"“‘](?=\w)|(?=[A-Z]))|"
    r"(?:[Pp]retend|[Ii]magine) (?:that )?you(?:'re| are)\s+(?:the |an? )?|[Aa]ct as (?:the |an? )?|"
    r"[Pp]lay the (?:role|part) of (?:the |an? )?|"
    r"[Rr]ole-?play(?:ing)?(?: as)?:?\s+(?:you are\s+)?(?:the |an? )?['\"“‘]?)"
    r"([A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,2})"
)
_WORD = re.compile(r"[a-z][a-z-]+")
#: Words of a role too common to mark a subject as that role ("you are an expert Python developer").
_GENERIC_ROLE = frozenset(
    {
        "expert",
        "experts",
        "assistant",
        "agent",
        "agents",
        "senior",
        "junior",
        "engineer",
        "developer",
        "software",
        "coding",
        "programmer",
        "helpful",
        "the",
        "and",
        "with",
        "who",
        "that",
        "working",
        "about",
        "going",
        "here",
        "not",
        "now",
        "also",
        "able",
        "responsible",
        "allowed",
        "free",
        "sure",
        "done",
        "ready",
        "using",
        "in",
        "on",
        "python",
        "typescript",
        "javascript",
        "java",
        "rust",
        "go",
        "react",
        "full-stack",
        "fullstack",
        "backend",
        "frontend",
        "web",
        "ai",
        "llm",
        "model",
        "claude",
        "copilot",
        "codex",
        "gemini",
        "an",
        "a",
        "this",
        "project",
        "team",
        "member",
        "part",
        "one",
        "tasked",
        "writing",
        "building",
        "highly",
        "skilled",
        "experienced",
        "world-class",
    }
)
#: A third-person pronoun opening a clause about the role ("he keeps the guard rails folded").
_ROLE_PRONOUN = re.compile(r"(?:^|[.;,:]\s*|\band\s+)(?:he|she)\s+(?:\w+\s+)?$")


#: Units between two readings of the clock in the linear passes over all units.
TICK_UNITS = 64
