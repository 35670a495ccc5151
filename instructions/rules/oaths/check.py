"""Check a body against compiled rules: structure, views, matching, decisions.

1. ``segment`` splits the body into units with their structural context.
2. ``Document`` builds the base view (every unit normalised, units separated by a line break, which
   no rule's gap crosses) and one view of alternative readings, built only for units that show a
   sign of obfuscation: leetspeak, letter-spaced or split words, ROT13 or reversed text (detected by
   their stop words), Cyrillic and Greek in their own letters, encoded payloads (base64, hex,
   Unicode tag characters...) decoded into units of their own that quote the encoded original, and a
   question answered by a bare denial read as its action denied.
3. Every rule's English-only pattern runs over the base view, its every-language pattern over the
   units that may be in another language and over the alternative readings (``TemplateUnion``: one
   automaton without capture groups finds the matches, the matching template alone reads their groups).
4. Each match is judged in its unit (``decide``); the first conflict per rule is a finding.

Each step is a linear pass; a decision looks only at a bounded window around its match. A check may be
given a budget of CPU time (``budget``): its loops read the clock, and a check that spends its budget
stops and answers with one finding (``CHECK_DID_NOT_FINISH``) that holds the text for review.
"""

from __future__ import annotations

import bisect
import dataclasses
import logging
import re
import sys
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

import re2

from instructions.rules.oaths.automata import TemplateUnion
from instructions.rules.oaths.budget import Deadline, OutOfTime, TooManyCandidates, max_candidates
from instructions.rules.oaths.ciphers import atbash, caesar_reading, cipher_reading, rot13, rot47, vigenere
from instructions.rules.oaths.commands import orders_decoding
from instructions.rules.oaths.cue_set import cues
from instructions.rules.oaths.decide import read
from instructions.rules.oaths.decoders import (
    A1Z26_RUN,
    ASCII85_BLOCK,
    BASE32HEX_TOKEN,
    BASE58_TOKEN,
    BASE64_TOKEN,
    BASE85_TOKEN,
    BRAILLE_RUN,
    BYTE_CODES,
    ESCAPE_RUN,
    HEX_TOKEN,
    MORSE_RUN,
    NATO_RUN,
    decode_a1z26,
    decode_ascii85,
    decode_base32,
    decode_base32hex,
    decode_base58,
    decode_base64,
    decode_base85,
    decode_braille,
    decode_byte_codes,
    decode_escapes,
    decode_hex,
    decode_morse,
    decode_nato,
    uu_blocks,
)
from instructions.rules.oaths.frames import quote_spans, unit_frame
from instructions.rules.oaths.invisible import (
    INVISIBLE_RUN,
    SELECTOR_RUN,
    TAG_RUN,
    decode_bits,
    decode_selectors,
    decode_tags,
    trailing_bits,
)
from instructions.rules.oaths.language import english, foreign_letters
from instructions.rules.oaths.model import CHECK_DID_NOT_FINISH, PASS, CompiledRule, Finding, OathResult, RuleSet
from instructions.rules.oaths.obfuscation import HOT_WORDS, LEET_HINT, join_reveals, joined_view, leet_views
from instructions.rules.oaths.segment import MAX_UNIT, Unit, _chunks, in_spans, segment
from instructions.rules.oaths.verdicts import DESCRIBE, INSTRUCT, NONEED, PROHIBIT, WINDOW, Reading, verdict
from instructions.rules.oaths.views import Builder, View, normalize_into

#: Stop words of English as they read in ROT13 and reversed: two distinct ones in a unit mean the
#: unit is worth reading decoded. Short or common words that occur in plain text are left out.
_ROT13_WORDS = re2.compile(
    r"\b(?:gur|naq|lbh|lbhe|nyy|guvf|gung|jvgu|sbe|abg|sebz|nal|cyrnfr|vafgehpgvbaf|cerivbhf|vtaber|grfgf|ehyrf|"
    r"qryrgr|fxvc|qngn|hfre|frpergf|nyjnlf|arire|gurz|jvyy|ercbeg|cnffrq|jbex|svyrf|snvyvat|abgrf|jevgr|ernq|"
    r"fraq|hcybnq|erzbir|sbetrg|qvfnoyr|cebterff|zrzbel|pbzzvg|chfu|erfrg|pyrna|gbxra|cnffjbeq|ybt|gurer|"
    r"fnsrgl|purpxf|hfref|erfhygf|terra|fxvccrq|qrpvfvbaf|xrlf|furyy)\b"
)
_REVERSED_WORDS = re2.compile(
    r"\b(?:eht|dna|uoy|ruoy|lla|siht|taht|htiw|rof|morf|yna|esaelp|snoitcurtsni|suoiverp|erongi|stset|selur|"
    r"eteled|piks|atad|resu|sterces|syawla|reven|meht|lliw|troper|dessap|krow|selif|gniliaf|seton|ton|etirw|"
    r"dnes|evomer|tegrof|elbasid|ssergorp|yromem|timmoc|hsup|teser|naelc|nekot|drowssap|ereht|tsuj|tig|ecrof|"
    r"nigiro|lruc|odus|ytefas|skcehc|neerg|deppiks|snoisiced|syek)\b"
)
#: A cue that the text around it is encoded ("reversed for reasons", "rot13", "decode this").
_DECODE_CUES = re2.compile(
    r"\b(?:rot-?13|reversed?|backwards|right[- ]to[- ]left|decode[ds]?|encoded|base-?(?:64|32|85)|b85\w*|hex|"
    r"caesar|cipher|shift(?:ed)?\s+(?:each|every|all|the)?\s*letters?|ascii85|binary|octal|byte\s+(?:values|codes))\b"
)
_ROT47_CUE = re2.compile(r"\brot-?47\b")
_BASE32HEX_CUE = re2.compile(r"\b(?:base32hex|extended[- ]hex|base-?32)\b")
_BASE85_CUE = re2.compile(r"\b(?:b85\w*|base-?85|ascii-?85)\b")
_BASE58_CUE = re2.compile(r"(?i)\b(?:base-?58|bitcoin alphabet)\b")
#: Letter substitutions undone only where the text names them: Atbash (a<->z), and Vigenère with its key.
_ATBASH_CUE = re2.compile(r"\batbash\b|\b(?:mirror(?:ed)?|revers(?:e|ed)|backwards?) alphabet\b|\ba\s*<?-+>\s*z\b")
_VIGENERE_CUE = re2.compile(r"\b(?:vigenere|vigenère|polyalphabetic)\b")
#: At most this many keys are tried per Vigenère cue, and this many cued units are deciphered per body.
MAX_CIPHER_KEYS = 3
MAX_CIPHER_CUES = 48
#: The key a Vigenère text names ("key LEDGER", "keyword: 'orbit'"); the cue's unit and its neighbours.
_VIGENERE_KEY = re.compile(r"\b(?:key(?:word)?|passphrase)\b(?:\s+is)?\s*[:=]?\s*[\"'`“]?([a-z]{3,24})\b")
#: Encodings read token by token in ``Document._payloads``: (token pattern, decoder, cue the text must
#: hold, or None).
_TOKEN_DECODERS = (
    (MORSE_RUN, decode_morse, None),
    (A1Z26_RUN, decode_a1z26, None),
    (BRAILLE_RUN, decode_braille, None),
    (BASE32HEX_TOKEN, decode_base32hex, _BASE32HEX_CUE),
    (BASE85_TOKEN, decode_base85, _BASE85_CUE),
    (BASE58_TOKEN, decode_base58, _BASE58_CUE),
)
_TRIM = " \t\n\r"
#: A payload piped into a decoder: ``echo '<base64>' | base64 -d``.
_DECODE_PIPE = re.compile(
    r"(?:echo|printf)\s+(?:-[a-z]+\s+)?['\"]?([A-Za-z0-9+/_-]{4,}={0,2})['\"]?\s*\|\s*base64\s+(?:-d|--decode|-D)\b"
)
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
#: An answer that is only a denial: "A: Nowhere.", "**Answer:** No.", "Never."
_BARE_DENIAL = re.compile(
    r"\W*(?:(?:a|answer|ans|r)\W{0,3}[:.)-]\W*)?(?:nowhere|no|nope|never|none|nothing|not at all|not needed|"
    r"no need|not necessary|don'?t|do not|you don'?t|neither)\b[\W]*$"
)
_FIRST_PERSON = re.compile(r"\b(?:i|me|my|mine|myself|we|us|our|ours|ourselves)\b")
_SECOND_PERSON = {
    "i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself",
    "we": "you", "us": "you", "our": "your", "ours": "yours", "ourselves": "yourselves",
}  # fmt: skip
#: The action a yes/no or "where/when" question asks about: "where do i record what i learned?" -> "record
#: what i learned" (group 1).
_QUESTION_ACTION = re.compile(
    r"\W*(?:(?:q|question)\s*\d*\W{0,3}[:.)-]\W*)?(?:(?:where|when|how often|how|whether)\s+)?"
    r"(?:do|does|should|shall|can|could|must|may|will|would|need)\s+(?:i|we|you|agents?|the agent|the assistant)\s+"
    r"(?:(?:need|have|ought) to\s+|ever\s+|really\s+|also\s+|still\s+)?([^?]*?)\s*\??[\s*_]*$"
)
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
        self._alt: tuple[View, list[AltUnit], list[int]] | None = None
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

    # ----------------------------------------------------------------- the alternative view

    def alt(self) -> tuple[View, list[AltUnit], list[int]]:
        if self._alt is None:
            self._alt = self._build_alt()
        return self._alt

    def _build_alt(self) -> tuple[View, list[AltUnit], list[int]]:
        out = Builder()
        alts: list[AltUnit] = []
        base = self.base

        def add(source: Unit, how: str, text: str, starts: list[int], ends: list[int]) -> None:
            self.tick()
            start = len(out)
            out.add_mapped(text, starts, ends)
            alts.append(AltUnit(source, how, start, len(out)))
            out.add("\n", ends[-1] - 1 if ends else 0, ends[-1] if ends else 1)

        for k, u in enumerate(self._native):
            if not k % TICK_UNITS:
                self.tick()
            start = len(out)
            normalize_into(out, self.clean, u.start, u.end, fold=False)
            if len(out) > start:
                alts.append(AltUnit(u, "native", start, len(out)))
                out.add("\n", u.end - 1, u.end)
        for u in self.units_hit(LEET_HINT):
            text = base.text[u.vstart : u.vend]
            if len(text) > 40 and " " not in text:
                continue  # one long token (an encoded payload, a hash): read decoded, not as leetspeak
            for variant in leet_views(text):
                add(u, "leet", variant, base.starts[u.vstart : u.vend], base.ends[u.vstart : u.vend])
        for u in self._units_at(join_reveals(base.text)):
            joined = joined_view(base, u.vstart, u.vend)
            if joined is not None:
                add(u, "joined", *joined)
        for run in self._short_runs():
            # "BYPASS   THE\n\nGUARDRAILS": a sentence broken over short lines or paragraphs, read whole.
            texts: list[str] = []
            starts: list[int] = []
            ends: list[int] = []
            for u in run:
                if texts:
                    texts.append(" ")
                    starts.append(base.starts[u.vstart])
                    ends.append(base.starts[u.vstart])
                texts.append(base.text[u.vstart : u.vend])
                starts.extend(base.starts[u.vstart : u.vend])
                ends.extend(base.ends[u.vstart : u.vend])
            add(run[0], "lines", "".join(texts), starts, ends)
        for question, answer in self._denied_questions():
            # "Q: Where do I record what I learned? A: Nowhere.": the question's action, denied.
            m = _QUESTION_ACTION.match(base.text, question.vstart, question.vend)
            if m is None or m.end(1) <= m.start(1):
                continue
            a, b = m.span(1)
            text, starts, ends = ["never "], [base.starts[answer.vstart]] * 6, [base.ends[answer.vend - 1]] * 6
            pos = a
            for w in _FIRST_PERSON.finditer(base.text, a, b):
                # the asker's "I" is the agent the answer speaks to: "what I learned" -> "what you learned"
                text.append(base.text[pos : w.start()])
                starts += base.starts[pos : w.start()]
                ends += base.ends[pos : w.start()]
                said = _SECOND_PERSON[w.group()]
                text.append(said)
                starts += [base.starts[w.start()]] * len(said)
                ends += [base.ends[w.end() - 1]] * len(said)
                pos = w.end()
            text.append(base.text[pos:b])
            starts += base.starts[pos:b]
            ends += base.ends[pos:b]
            add(question, "answer", "".join(text), starts, ends)
        cued = self.units_hit(_DECODE_CUES)
        for u in self._likely(_ROT13_WORDS, cued):
            text = rot13(base.text[u.vstart : u.vend])
            add(u, "rot13", text, base.starts[u.vstart : u.vend], base.ends[u.vstart : u.vend])
        for u in self.units_hit(_ROT47_CUE):
            k = bisect.bisect_left(self._vstarts, u.vstart)
            for v in self.units[k : k + 2]:
                # ROT47 moves letters across case and punctuation: it is undone on the original characters,
                # where the view keeps them one for one.
                original = "".join(
                    self.body[a:b]
                    for a, b in zip(base.starts[v.vstart : v.vend], base.ends[v.vstart : v.vend], strict=True)
                )
                if len(original) == v.vend - v.vstart:
                    add(
                        v,
                        "rot47",
                        rot47(original).lower(),
                        base.starts[v.vstart : v.vend],
                        base.ends[v.vstart : v.vend],
                    )
        ciphers = [(u, caesar_reading) for u in cued]
        ciphers += [(u, atbash) for u in self.units_hit(_ATBASH_CUE)]
        for u in self.units_hit(_VIGENERE_CUE):
            k = bisect.bisect_left(self._vstarts, u.vstart)
            near = " ".join(base.text[v.vstart : v.vend] for v in self.units[max(0, k - 1) : k + 2])
            for key in list(dict.fromkeys(_VIGENERE_KEY.findall(near)))[:MAX_CIPHER_KEYS]:
                ciphers.append((u, partial(vigenere, key=key)))
        # (each reading costs a few passes over three units: a text full of cues is read up to a bound)
        for u, decipher in ciphers[:MAX_CIPHER_CUES]:
            # "Shift each letter back by three: Gr qrw ...": the cued sentence and the two after it, read
            # from where a ciphertext may open in each, when the reading has English words in it.
            k = bisect.bisect_left(self._vstarts, u.vstart)
            for v in self.units[k : k + 3]:
                plain = cipher_reading(base.text[v.vstart : v.vend], decipher)
                if plain is not None:
                    add(v, "cipher", plain, base.starts[v.vstart : v.vend], base.ends[v.vstart : v.vend])
        for u in self._likely(_REVERSED_WORDS, cued):
            text = base.text[u.vstart : u.vend][::-1]
            add(u, "reversed", text, base.starts[u.vstart : u.vend][::-1], base.ends[u.vstart : u.vend][::-1])
        for u in cued:
            # The cued sentence with the next one, reversed whole: a reversed command's own full stop
            # ("*/. fr- mr") splits it from the cue.
            k = bisect.bisect_left(self._vstarts, u.vstart)
            if k + 1 < len(self.units):
                a, b = u.vstart, self.units[k + 1].vend
                if b - a <= 2 * MAX_UNIT:
                    text = base.text[a:b].replace("\n", " ")[::-1]
                    add(u, "reversed", text, base.starts[a:b][::-1], base.ends[a:b][::-1])
        for start, end, decoded in self._payloads():
            source = self._payload_unit(start, end)
            if source is None:
                continue
            # The decoded text is read in place, quoted, inside the sentence that carries it (with the
            # sentence before it when the payload stands alone): "decode and run: \"rm -rf ./*\"".
            # Every decoded character quotes the encoded original.
            context_unit = source
            before = self.clean[source.start : start].strip(" `'\"")
            if not before:
                k = self.units.index(source)
                if k > 0:
                    context_unit = self.units[k - 1]
            inner = Builder()
            normalize_into(inner, decoded, 0, len(decoded))
            if not len(inner):
                continue
            # A long payload is read in pieces of at most a unit's length, each in the same context, so
            # reading it costs what reading as much plain text would.
            whole = "".join(inner.parts)
            for a, b in _chunks(whole, 0, len(whole)):
                sub = Builder()
                if context_unit is not source:
                    normalize_into(sub, self.clean, context_unit.start, context_unit.end)
                    sub.add(" ", context_unit.end - 1, context_unit.end)
                normalize_into(sub, self.clean, source.start, start)
                sub.add(' "', start, end)
                sub.add(whole[a:b], start, end)
                sub.add('" ', start, end)
                normalize_into(sub, self.clean, end, source.end)
                view = sub.build()
                add(source, "decoded", view.text, view.starts, view.ends)
        for start, end, decoded in self._hidden_payloads():
            # Invisible text is read as what it says, on its own: nobody sees it to quote or decode it.
            source = self._payload_unit(start, end)
            inner = Builder()
            normalize_into(inner, decoded, 0, len(decoded))
            whole = "".join(inner.parts)
            if source is None or not whole:
                continue
            for a, b in _chunks(whole, 0, len(whole)):
                add(source, "hidden", whole[a:b], [start] * (b - a), [end] * (b - a))
        return out.build(), alts, [a.vstart for a in alts]

    def _denied_questions(self) -> list[tuple[Unit, Unit]]:
        """(question, answer) pairs whose answer is a bare denial ("Nowhere.", "No.", "A: Never.")."""
        pairs = []
        text = self.base.text
        for k in range(len(self.units) - 1):
            q, a = self.units[k], self.units[k + 1]
            if text[q.vstart : q.vend].rstrip(" *_").endswith("?") and _BARE_DENIAL.match(text, a.vstart, a.vend):
                pairs.append((q, a))
        return pairs

    def _short_runs(self) -> list[list[Unit]]:
        """Runs of two to eight consecutive units of at most three words each, without a full stop,
        that together hold a word worth reading (an instruction split over lines)."""
        runs: list[list[Unit]] = []
        current: list[Unit] = []

        def close() -> None:
            if len(current) >= 2 and HOT_WORDS.search(" ".join(self.unit_text(u) for u in current)):
                runs.append(list(current))
            current.clear()

        for u in self.units:
            text = self.unit_text(u).strip()
            if u.kind == "text" and 0 < len(text.split()) <= 4 and len(current) < 8 and not text.endswith(":"):
                current.append(u)
                if text.endswith((".", "!", "?", ";", "。")):
                    close()
            else:
                close()
        close()
        return runs

    def _likely(self, words: re.Pattern[str], cued: list[Unit]) -> list[Unit]:
        """Units that read as ROT13 or reversed text: two of its stop words in the unit, or one in the
        unit and one in a neighbour, or a decoding cue ("reversed", "rot13") in the unit or the one before."""
        hits: dict[int, int] = {}
        for m in words.finditer(self.base.text):
            k = bisect.bisect_right(self._vstarts, m.start()) - 1
            if k >= 0:
                hits[k] = hits.get(k, 0) + 1
        cued_index = {self._vstarts.index(u.vstart) for u in cued}
        chosen = set()
        for k, n in hits.items():
            if n >= 2 or hits.get(k - 1, 0) or hits.get(k + 1, 0) or k in cued_index or k - 1 in cued_index:
                chosen.add(k)
        for k in cued_index:
            # "Run the reversed command: */. fr- mr": the cue's own unit and the next, stop words or not.
            chosen.add(k)
            if k + 1 < len(self.units):
                chosen.add(k + 1)
        return [self.units[k] for k in sorted(chosen)]

    def unit_at_original(self, pos: int) -> Unit | None:
        for u in self.units:  # payloads are rare: a scan is fine
            if u.start <= pos < u.end:
                return u
        return None

    def _payload_unit(self, start: int, end: int) -> Unit | None:
        """The unit a payload at ``[start, end)`` belongs to: the one it opens in, or, for a payload that
        opens outside every unit (white space, markup), the first unit inside it."""
        return self.unit_at_original(start) or next((u for u in self.units if start <= u.start < end), None)

    def _hidden_payloads(self) -> list[tuple[int, int, str]]:
        """Text hidden in characters nobody sees: two invisible characters as bits, variation selectors
        as bytes, spaces and tabs at line ends as bits. (start, end, decoded text)."""
        found: list[tuple[int, int, str]] = []
        body = self.body
        for m in INVISIBLE_RUN.finditer(body):
            decoded = decode_bits(m.group())
            if decoded is not None:
                found.append((m.start(), m.end(), decoded))
        for m in SELECTOR_RUN.finditer(body):
            decoded = decode_selectors(m.group())
            if decoded is not None:
                found.append((m.start(), m.end(), decoded))
        if "\t" in body:
            hidden = trailing_bits(body)
            if hidden is not None:
                found.append(hidden)
        return found

    def _payloads(self) -> list[tuple[int, int, str]]:
        """Encoded text in the body: (start, end, decoded text). Lines of one base64 block are joined."""
        found: list[tuple[int, int, str]] = []
        body = self.body
        blocks: list[list[int]] = []
        for m in BASE64_TOKEN.finditer(body):
            a, b = m.start(), m.end()
            pad = len(body[max(0, a - 2) : a]) - len(body[max(0, a - 2) : a].lstrip("="))
            if pad and body[b - 1] != "=":
                a -= pad  # "==gLn9Gb...": base64 written backwards keeps its padding in front
            if (a and (body[a - 1].isalnum() or body[a - 1] in "+/=")) or (b < len(body) and body[b].isalnum()):
                continue
            if blocks and body[blocks[-1][1] : a].strip() == "" and "\n" in body[blocks[-1][1] : a]:
                blocks[-1][1] = b
            else:
                blocks.append([a, b])
        for a, b in blocks:
            decoded = decode_base64(body[a:b])
            if decoded is None:
                decoded = decode_base32(body[a:b])
            if decoded is not None:
                found.append((a, b, decoded))
                found.extend(_nested(decoded, a, b))
        for m in HEX_TOKEN.finditer(body):
            decoded = decode_hex(m.group())
            if decoded is not None:
                found.append((m.start(), m.end(), decoded))
        for m in TAG_RUN.finditer(body):
            found.append((m.start(), m.end(), decode_tags(m.group())))
        for m in ASCII85_BLOCK.finditer(body):
            decoded = decode_ascii85(m.group(1))
            if decoded is not None:
                found.append((m.start(), m.end(), decoded))
        for m in BYTE_CODES.finditer(body):
            a, b = m.span()
            if (a and (body[a - 1].isalnum() or body[a - 1] == ".")) or (b < len(body) and body[b].isalnum()):
                continue  # part of a longer token (a version, an address)
            decoded = decode_byte_codes(m.group())
            if decoded is not None:
                found.append((a, b, decoded))
        for pattern, decode, cue in _TOKEN_DECODERS:
            # Base85 and base32hex alphabets are most of ASCII: their tokens are read only where the text
            # names the encoding.
            if cue is not None and not cue.search(body):
                continue
            for m in pattern.finditer(body):
                if not any(x <= m.start() < y for x, y, _ in found):
                    decoded = decode(m.group())
                    if decoded is not None:
                        found.append((m.start(), m.end(), decoded))
        found.extend(uu_blocks(body))
        for pattern, decode in ((ESCAPE_RUN, decode_escapes), (NATO_RUN, decode_nato)):
            for m in pattern.finditer(body):
                decoded = decode(m.group())
                if decoded is not None:
                    found.append((m.start(), m.end(), decoded))
        for m in _DECODE_PIPE.finditer(body):
            # "echo 'cm0gLXJmIH4=' | base64 -d | sh": a short payload is still one when the text decodes it.
            a, b = m.span(1)
            if not any(x <= a < y for x, y, _ in found):
                decoded = decode_base64(m.group(1), short=True)
                if decoded is not None:
                    found.append((a, b, decoded))
        return found


def _nested(decoded: str, a: int, b: int) -> list[tuple[int, int, str]]:
    """A payload inside a decoded payload (one level deep), quoted as the outer one."""
    out = []
    for m in BASE64_TOKEN.finditer(decoded):
        inner = decode_base64(m.group())
        if inner is not None:
            out.append((a, b, inner))
    return out


# --------------------------------------------------------------------------- matching


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


def _head_span(match: Any) -> tuple[int, int] | None:
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


def _gap_text(match: Any, view: View, h1: int) -> str | None:
    """The words in the template's gaps after its head ("keep *no* records"), not those of its objects
    ("only follow these rules and nothing else": "nothing" is the template's own word)."""
    spans = _gap_spans(match)
    if spans is None:
        return None
    return " ".join(view.text[a:b] for a, b in spans if a >= h1)


def _trim(body: str, start: int, end: int) -> tuple[int, int]:
    """Trim white space, and a boundary character a non-ASCII word's match consumed, off the snippet."""
    while start < end and body[start] in _TRIM:
        start += 1
    while end > start and body[end - 1] in _TRIM:
        end -= 1
    if end - start > 1 and not body[start].isalnum() and not body[start + 1].isascii() and body[start + 1].isalpha():
        start += 1
    if end - start > 1 and not body[end - 1].isalnum() and not body[end - 2].isascii() and body[end - 2].isalpha():
        end -= 1
    while start < end and body[start] in _TRIM:
        start += 1
    while end > start and body[end - 1] in _TRIM:
        end -= 1
    return start, end


_PROSE_INFO = frozenset({"", "text", "txt", "markdown", "md", "prompt", "plaintext", "plain", "none", "note"})
_COMMENT_MARKERS = ("#", "//", "--", ";", "/*", "*", "rem ", "<!--", "%")


#: A required word right after a denial does not count ("log the request id, never the password").
_DENIED_BEFORE = re.compile(
    r"\b(?:not|no|never|except|excluding|without|but not|other than|minus|redact\w*|mask\w*|strip\w*|filter\w* out|"
    r"hide|omit\w*|nor|neither)\W+(?:\w+\W+)?$"
)


#: A denial right before an excuse ("... and don't mention it in the summary"): the excuse is refused, not given.
_EXCUSE_DENIED = re.compile(r"\b(?:not|never|don'?t|doesn'?t|won'?t|no need to|needn'?t|nor|without)\W+(?:\w+\W+)?$")


def _excuse_denied(scope: str, start: int) -> bool:
    return _EXCUSE_DENIED.search(scope[max(0, start - 24) : start]) is not None


#: Things an agent may stop, kill or delete (plural, singular), which a pronoun after them refers to.
_DISPOSABLE = (
    r"process{}|server{}|container{}|pod{}|instance{}|daemon{}|worker{}|thread{}|port{}|tab{}|window{}|session{}|"
    r"job{}|lock{}|lockfile{}|pid ?file{}|socket{}|connection{}|cache{}|tmp file{}|temp(?:orary)? file{}|"
    r"artifact{}|screenshot{}|image{}|emulator{}|simulator{}|browser{}|watcher{}|"
    # branches already merged (their commits live on in the branch they were merged into)
    r"(?:merged|fully merged|already merged|stale merged) branch(?:es)?"
)
_OTHER_ANTECEDENT = {
    "plural": re.compile(r"\b(?:" + _DISPOSABLE.replace("process{}", "processes").replace("{}", "s") + r")\b"),
    "singular": re.compile(r"\b(?:" + _DISPOSABLE.replace("{}", "") + r")\b"),
}


#: A mention that may be the antecedent of "them", "these" or "those": a plural, or a word for many things.
_PLURAL_MENTION = re.compile(r"(?:s|data|stuff|work|everything|all|anything|progress|history)\W*$")


def _other_antecedent(pattern: Any, scope: str, pronoun: str) -> bool:
    """Does ``pronoun``, at the end of ``scope``, refer to a thing an agent may dispose of, named after the last
    mention of ``pattern`` that agrees with it in number ("list merged branches: `git branch --merged main`.
    Delete them": "them" is the branches, not "main")?"""
    number = "singular" if pronoun.split()[-1:] in (["it"], ["this"], ["that"]) else "plural"
    last = None
    for m in pattern.finditer(scope):
        if number == "singular" or _PLURAL_MENTION.search(m.group()):
            last = m
    return _OTHER_ANTECEDENT[number].search(scope, last.end() if last is not None else 0) is not None


#: The rest of a name joined by a hyphen or an underscore ("-log" in "secrets-log.md", "_key" in "secret_key").
#: Only tails that make the name one about the thing, not the thing: a log, a flow, a tool, a rule, a quality.
_COMPOUND_TAIL = re.compile(
    r"[-_]((?:logs?|resets?|refresh|rotations?|rotate|scanners?|scanning|scans?|managers?|management|polic(?:y|ies)|"
    r"handling|detection|detectors?|checkers?|checks?|hooks?|flows?|pages?|forms?|fields?|length|strength|expiry|"
    r"expiration|lifetime|ttl|hygiene|guides?|docs?|readme|runbooks?|audits?|leaks?|less|free|protected|based|aware|"
    r"safe|rules?|tests?|lint|linter|baseline|allowlist|denylist|patterns?|"
    # adjectives made with the word ("user-visible change", "customer-facing page", "user-defined type")
    r"visible|facing|friendly|level|defined|provided|supplied|generated|specific|side|centric|agents?|space|mode|"
    r"stor(?:y|ies)|journeys?|experience|interface)(?![a-z0-9]))"
)


def _modifier_only(pattern: Any, scope: str, m: Any) -> bool:
    """Is the hit ``m`` only the first word of a joined name whose last word is something else? ("secrets-log.md",
    "password-reset", "token-refresh" name a log, a flow, a job; "secret_key", "db-password" still name a secret.)"""
    end, last = m.end(), None
    while (tail := _COMPOUND_TAIL.match(scope, end)) is not None:
        last, end = tail, tail.end()
    return last is not None and not any(
        h.start() == last.start(1) for h in pattern.finditer(scope[: last.end(1)], None, last.start(1))
    )


def _present(pattern: Any, scope: str) -> bool:
    """Does ``pattern`` occur in ``scope`` other than right after a denial, or as the modifier of a joined name?"""
    return any(
        not _DENIED_BEFORE.search(scope[max(0, m.start() - 24) : m.start()]) and not _modifier_only(pattern, scope, m)
        for m in pattern.finditer(scope)
    )


_PASSIVE = re.compile(
    r"\b(?:be|been|being|is|are|was|were|get|gets|got|gotten)\s+(?:\w+ly\s+)?"
    r"(?:(?:fine|ok|okay|allowed|acceptable|safe|free|ready|easy|required|needed|meant|supposed|expected|permitted|"
    r"good|better|best|not|never)\s+(?:to\s+)?)?"
    # "may be left unfinished", "can be treated as done": a light verb in the passive, then its complement
    r"(?:(?:left|kept|made|considered|treated|regarded|deemed|declared|marked|set|taken|counted)\s+(?:as\s+)?)?$"
)


def _english_subject(text: str, m0: int, h0: int, unit_text: str, context: str, default: bool) -> bool:
    """Is the object of an object-first match really the subject of an English verb (no passive)?"""
    head_word = text[h0 : h0 + 20].split(" ", 1)[0]
    if not head_word.isascii() or not head_word[:1].isalpha() or not english(unit_text, context, default):
        return False  # Japanese, Korean, Turkish, Hindi...: the object comes first
    return _PASSIVE.search(text[max(m0, h0 - 40) : h0]) is None


def _neighbourhood(doc: Document, unit: Unit, window: int) -> str:
    """The base text of ``unit`` and of ``window`` units either side."""
    if not window:
        return doc.unit_text(unit)
    k = bisect.bisect_left(doc._vstarts, unit.vstart)
    lo, hi = max(0, k - window), min(len(doc.units), k + window + 1)
    return "\n".join(doc.unit_text(u) for u in doc.units[lo:hi])


_UNCOMMENT = re.compile(r"\b(?:uncomment|un-comment|enable|activate|re-?enable)\b")


#: A comment that speaks to someone or gives an order is not a caption ("# agents: always run this first").
_ADDRESSED = re.compile(
    r"\b(?:agents?|assistants?|ai|llms?|claude|copilot|codex|gemini|cursor|bots?|models?|you|your|yourself|must|should|"
    r"always|never|don'?t|do not|please|note|important|warning|todo|fixme|instead|before|after|first|then|every|each)\b"
)
#: Code, then white space and a comment on the same line: the comment's start.
_TRAILING_COMMENT = re.compile(r"^\s*[^\s#/].*?\s(?:#|//)\s")
CAPTION_WORDS = 10
#: Blocks of commands (a shell session, a CLI's usage), where a comment names what a command does.
_SHELL_INFO = frozenset(
    {
        "",
        "sh",
        "bash",
        "shell",
        "zsh",
        "fish",
        "console",
        "shell-session",
        "sh-session",
        "terminal",
        "powershell",
        "ps1",
        "pwsh",
        "cmd",
        "bat",
        "batch",
        "text",
        "txt",
        "plaintext",
        "plain",
        "make",
        "makefile",
    }
)


def _captions_command(doc: Document, unit: Unit, text: str, at: int, comment_line: bool) -> bool:
    """Is ``text[at:]`` inside a comment that only names what a command does, in a code block: after the
    command on its line ("conforme hook uninstall   # Remove git pre-commit hook"), or alone on the line
    just above it ("# Install without tests" over "mvn install -DskipTests")? A comment that addresses
    someone, orders or is longer than a caption is read as prose."""
    if unit.info not in _SHELL_INFO:
        return False  # a comment in a program is the developer's prose (and where hidden orders sit)
    if comment_line:
        k = bisect.bisect_left(doc._vstarts, unit.vstart)
        following = doc.units[k + 1] if k + 1 < len(doc.units) else None
        if following is None or following.kind != "code" or following.fence != unit.fence:
            return False
        nxt = doc.unit_text(following).lstrip(" ")
        if not nxt or nxt.startswith(_COMMENT_MARKERS):
            return False
        comment = text.lstrip(" #/-;*%")
    else:
        m = _TRAILING_COMMENT.match(text)
        if m is None or m.end() > at:
            return False
        comment = text[m.end() :]
    return len(comment.split()) <= CAPTION_WORDS and _ADDRESSED.search(comment) is None


def _uncomment_ordered(doc: Document, unit: Unit) -> bool:
    """Does the comment line just before this commented-out command tell the agent to uncomment it?"""
    previous = _before(doc, unit, 1)
    return bool(_UNCOMMENT.search(previous)) and not cues().has("neg", previous)


def _after(doc: Document, unit: Unit) -> str:
    """The base text of the unit after ``unit``, if any."""
    k = bisect.bisect_left(doc._vstarts, unit.vstart)
    return doc.unit_text(doc.units[k + 1]) if k + 1 < len(doc.units) else ""


def _before(doc: Document, unit: Unit, window: int) -> str:
    """The base text of the ``window`` units before ``unit``."""
    k = bisect.bisect_left(doc._vstarts, unit.vstart)
    return "".join(doc.unit_text(u) + "\n" for u in doc.units[max(0, k - window) : k])


#: A key or comment naming a list of phrases to block ("deny_phrases:", "# blocklist").
_LIST_KEY = re.compile(
    r"\b(?:deny|denied|block|blocked|ban|banned|forbidden|disallowed|reject|rejected|blacklist|blocklist|denylist|"
    r"stop|bad)[ _-]?(?:list|phrases?|patterns?|words?|strings?|terms?)\b"
)
#: The hyphens of a name made of words around a head ("no-commit-to-branch", "post-org-transfer").
_HYPHEN_BEFORE = re.compile(r"[a-z0-9]-$")
_HYPHEN_AFTER = re.compile(r"-[a-z0-9]")
_TWO_HYPHENS_BEFORE = re.compile(r"[a-z0-9]-[a-z0-9]+-$")
_TWO_HYPHENS_AFTER = re.compile(r"-[a-z0-9]+-[a-z0-9]")


#: A linter's suppression comment ("biome-ignore", "eslint-disable-next-line") and, after it, the one rule it
#: names ("lint/suspicious/noExplicitAny", "no-console", "@typescript-eslint/no-explicit-any").
_PRAGMA_BEFORE = re.compile(r"(?:biome|eslint|prettier|tslint|stylelint|deno-lint|markdownlint|cspell|swiftlint)-$")
_RULE_NAMED = re.compile(r"(?:-next-line|-line)?\s+@?[\w-]+(?:/[\w-]+)+|(?:-next-line|-line)?\s+no-[\w-]+")


def _in_hyphenated_name(text: str, h0: int, h1: int) -> bool:
    """Is ``text[h0:h1]`` a word of a hyphenated name: between two hyphens ("no-commit-to-branch"), or
    first or last of at least three words ("post-org-transfer")? (Two words, "force-push", "skip-ci",
    may still be an order.)"""
    before = text[max(0, h0 - 40) : h0]
    return bool(
        (_HYPHEN_BEFORE.search(before) and _HYPHEN_AFTER.match(text, h1))
        or _TWO_HYPHENS_BEFORE.search(before)
        or _TWO_HYPHENS_AFTER.match(text, h1)
    )


#: The end of one quoted item of a list and the start of the next ('",\n  "'): a match across it joins items.
_LITERALS_JOINED = re.compile(r"[\"']\s*,\s*[\"']")
#: The answer that opens the unit after a question ("A: No.", "**Answer:** yes, always", "R : Non."), in
#: the languages of the cues.
_ANSWER = re.compile(
    r"\s*[*_]*(?:a|answer|ans|r|réponse|respuesta|risposta|resposta|antwort|antwoord|odpowiedź|ответ|cevap|답|答|回答|"
    r"الجواب|उत्तर)?\s*[*_]*\s*[:.)-]?\s*[*_]*\s*(?:(?P<no>no|nope|not really|not at all|never|no need|nee|nein|non|não|"
    r"nie|нет|hayır|아니요|아니오|아뇨|いいえ|不用|不需要|不必|不|لا|नहीं)|(?P<yes>yes|yep|yeah|sure|always|of course|"
    r"absolutely|definitely|ja|oui|sí|sì|sim|tak|да|evet|네|예|はい|是的|是|要|对|نعم|हाँ|हां))(?![\w-])",
    re.IGNORECASE,
)


def _answer_gated(answer: str) -> bool:
    c = cues()
    return c.has("gate", answer) or c.has("gate_post", answer)


#: An HTTP method written in capitals, and what may follow it as a method: the end of the clause, a path
#: or a word naming a request ("formulário POST.", "POST /api/items", "a DELETE request").
_HTTP_METHOD = re.compile(r"(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)")
_AFTER_METHOD = re.compile(
    r"(?:\s*(?:$|[.,;:!?)\]`'\"]|/|\{)|\s+(?:requests?|endpoints?|routes?|methods?|calls?|handlers?|forms?|bod(?:y|ies)|"
    r"verbs?|operations?|requisiç(?:ão|ões)|solicitud(?:es)?|petici(?:ón|ones)|anfragen?|requêtes?|richiest[ae]|"
    r"método|methode|méthode|metodo)\b)"
)


def _http_method(doc: Document, view: View, h0: int, h1: int) -> bool:
    """Is the head an HTTP method in capitals, followed by the end of its clause, a path or a word naming
    a request, after some word of its sentence?"""
    a, b = view.starts[h0], view.ends[h1 - 1]
    word = doc.body[a:b]
    return bool(_HTTP_METHOD.fullmatch(word)) and _AFTER_METHOD.match(doc.body, b) is not None


#: Portuguese and Spanish "para" is the imperative "stop" only where a clause starts; after a word (not a
#: conjunction) it is the preposition "for": "leia o arquivo para o protocolo".
_PARA_AFTER_WORD = re.compile(
    r"(?<![\w-])(?!(?:e|y|o|ou|então|entonces|depois|luego|agora|ahora|já|ya|só|solo|apenas|simplesmente|"
    r"simplemente|e então|y luego)\s+$)[^\W\d_][\w`'\"”)/.-]*\s+$"
)
#: A quantifier that may stand for the rules ("everything is out of date") and the preposition before it
#: that makes it an object ("your knowledge on everything ...").
_QUANTIFIER_HEAD = re.compile(r"(?:everything|anything|all of (?:it|this|that)|all)\b")
_PREPOSITION_END = re.compile(r"\b(?:on|about|of|regarding|concerning|for|with)\s+$")
#: An ASCII letter just before a head that starts with one: the head is the end of a longer word.
_LETTER_BEFORE = re.compile(r"[a-z][a-z]", re.IGNORECASE)
#: Regular-expression syntax inside a command: a pattern that matches commands ("git push.*--force").
#: (".*" between a word and a word or group: "push.*(--force"; not a glob such as "./*.*"; an alternation of
#: flags "(-f|--force)"; a flag group "(?i)" or a word boundary "\\b" just around the match)
_PATTERN_SYNTAX = re.compile(
    r"[\w)\]]\.[*+][\w(\\\[]|\\[sbdw][*+?]|\\b|\(\?[:i]|\[\^|\((?:-{1,2}[\w-]+\|)+-{1,2}[\w-]+\)"
)
#: Before a head that is not a verb: a dotted or sigiled name ("os.remove", "@skip"), or a compound
#: modifier ending in it ("pre-commit hooks", "fee-on-transfer tokens", "non-delete paths").
_IN_IDENTIFIER = re.compile(r"[A-Za-z0-9_)\]]\.$|[@#$]$")
_COMPOUND = re.compile(
    r"(?:\b(?:pre|post|non|anti|port|multi|single|cross|semi|bi|tri|inter|intra|sub)|\w-(?:on|of|to|per|by|in))-$",
    re.IGNORECASE,
)
#: The end of a bold label that opens a list item ("- **UTF-8 safety**: Never byte-index ..."): a match
#: across it joins the label's words to the rule's.
_LABEL_END = re.compile(r"\*\*\s*:\s|:\*\*\s|__\s*:\s")
#: A subject made of text, then at most a few words before the verb: "rules further down this file",
#: "instructions that appear later", "later chat messages".
_TEXT_SUBJECT = re.compile(
    r"\b(?:rules?|instructions?|messages?|lines?|text|sections?|paragraphs?|notes?|directives?|prompts?|"
    r"guidelines?|content|comments?|requests?|anything|whatever|everything)\b(?:[ ,]+[\w'-]+){0,6}[ ,]*$"
)
_DENIAL_WORD = re.compile(r"\b(?:not|cannot|can't|never|no|nor|mustn't|won't|don't|doesn't|shouldn't|may not)\b")
_WORD_BEFORE = re.compile(r"[A-Za-z0-9_-]")
#: A passive that orders or permits: "can be discarded", "should be deleted", "are to be removed",
#: "is fine to be overwritten" (not "will be", "are", "get": those describe).
_PASSIVE_ORDER = re.compile(
    r"\b(?:can|could|may|might|should|must|shall|need to|needs to|have to|has to|ought to|is to|are to|"
    r"(?:is|are|'s|'re)\s+(?:\w+\s+)?(?:allowed|fine|ok|okay|safe|free|expected|supposed|meant|required|permitted)\s+to)"
    r"\s+(?:\w+\s+){0,2}?(?:be|get)\s+(?:\w+ly\s+)?$"
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
#: A match that ends with a command-line flag ("--unsafe", "-f"): a "-" right after it makes a longer flag.
_FLAG_END = re.compile(r"(?:^|[\s`'\"=(\[])--?[A-Za-z][\w-]*$")
#: An object's key: "{ email: ...", ", token: ..." (with the ":" after the head).
_KEY_OPEN = re.compile(r"[{,]\s*$")
#: A documentation tag that names an identifier next: "@param email", ":param token:", "@property delete".
_DOC_TAG = re.compile(
    r"(?:^|\s)[@:\\](?:param|arg|argument|prop|property|field|key|attr|attribute|var|ivar|cvar|type|typedef|"
    r"callback|member|method|function|func|name|event|fires|emits|enum|const|constant)(?:\s+\{[^}\n]*\})?\s+$"
)


#: A match that ends with a demonstrative, followed by a noun it determines ("this comment"); a part of
#: what was named before ("that paragraph" of the notes) still points back.
_DETERMINER_END = re.compile(r"\b(?:this|that|these|those)$")
#: Two or more capitalised words in a series before a capitalised head: "Create, Read, Update, and ",
#: "Add/Edit/".
_NAME_SERIES = re.compile(r"(?:\b[A-Z][a-z]+\s*(?:,|/)\s*){2,}(?:(?:and|or|&)\s+)?$|\b[A-Z][a-z]+\s*/\s*$")


def _named_operation(doc: Document, view: View, h0: int) -> bool:
    """Is the head a capitalised word ending a series of capitalised words ("Create, Read, Update, and
    Delete", "Add/Edit/Delete")? Such a series names operations (a CRUD list, buttons); it orders none."""
    o0 = view.starts[h0]
    if not doc.body[o0 : o0 + 1].isupper():
        return False
    return bool(_NAME_SERIES.search(doc.body, max(0, o0 - 60), o0))


_METHOD = r"(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)"
#: How far into its line an HTTP method may stand and still open a route.
ROUTE_LEAD_MAX = 120
#: Before an HTTP method that names a route, on its line: list markup, a table pipe, the path, other
#: methods.
_ROUTE_LEAD = re.compile(rf"[\s\-*+|>`#\d.)\[(]*(?:`?/[^\s`]*`?[\s:]*)?[\[(]?\s*(?:{_METHOD}\s*[/,|]\s*)*")
#: After it: the route's path and then nothing but a caption (a comment, a dash, a colon, a cell's
#: end), or the next method of a list ("[GET, POST, DELETE]").
_ROUTE_TAIL = re.compile(r"\s*`?/[^\s`|]*`?[ \t]*(?:$|\n|#|//|\||—|–|-\s|:|\(|`)|\s*[\])]|\s*[,|/]\s*(?:[A-Z/`]|$)")


def _route_listed(doc: Document, view: View, h0: int, h1: int) -> bool:
    """Is the head an upper-case HTTP method that opens its line in a list or table of routes
    ("DELETE /api/users/{id}", "| `DELETE` | `/items/:id` |", "[GET, POST, DELETE]")?"""
    o0 = view.starts[h0]
    word = re.match(_METHOD + r"(?![A-Za-z])", doc.body[o0 : o0 + 8])
    if word is None:
        return False
    o1 = o0 + word.end()
    line = doc.body.rfind("\n", max(0, o0 - ROUTE_LEAD_MAX), o0) + 1
    if o0 - line > ROUTE_LEAD_MAX or (line == 0 and o0 > ROUTE_LEAD_MAX):
        return False  # (a method that far into its line is in prose; the bound keeps the test linear)
    return bool(_ROUTE_LEAD.fullmatch(doc.body, line, o0)) and bool(_ROUTE_TAIL.match(doc.body[o1 : o1 + 200]))


#: A determiner or "per" right before a word makes it a noun ("per commit", "each push", "the reset").
_DETERMINER_BEFORE = re.compile(r"(?:^|[\s(])(?:a|an|the|per|each|every|its|their|our|his|her)\s+$")
#: Verbs of erasing that are also adjectives ("clear names", "an empty list", "clean code"), and the words after
#: which such a word, followed by a noun, is the adjective: a verb that takes the noun as its object ("prefer
#: clear code", "write clean functions", "keep empty lines"), a preposition or a conjunction.
_ADJECTIVE_HEAD = re.compile(r"clear|empty|blank|clean|fresh|raw|open")
_ADJECTIVE_SLOT_BEFORE = re.compile(
    r"(?:^|[\s(])(?:prefer|prefers|preferring|favou?r|favou?rs|use|uses|using|write|writes|writing|keep|keeps|want|"
    r"need|needs|have|has|with|without|for|of|over|into|than|is|are|be)\s+$"
)
_ADJECTIVE_NOUN_NEXT = re.compile(
    r"[ \t]+(?!(?:and|or|to|from|in|on|at|out|up|down|away|off|all|everything|anything|the|a|an|any|every|each|your|"
    r"my|our|their|its|his|her|this|that|these|those|it|them|what|whatever|before|after|if|when|once|now)\b)[a-z][a-z-]*\b"
)
#: The same in other languages, where an English verb is borrowed as a noun ("en el commit", "im Commit",
#: "dans le commit", "nel commit", "no commit"): articles and article contractions that are never pronouns.
_FOREIGN_DETERMINER_BEFORE = re.compile(
    r"(?:^|[\s(])(?:el|un|una|unos|unas|del|al|cada|este|ese|esta|der|dem|den|des|ein|eine|einen|einem|einer|"
    r"im|am|vom|zum|beim|jedem|jeden|diesem|diesen|une|du|au|aux|ce|cet|cette|chaque|dans le|sur le|par le|"
    r"pour le|il|uno|nel|nello|dello|dal|sul|ogni|questo|quel|um|uma|no|na|do|da|ao|het|een|elke|deze)\s+$",
    re.IGNORECASE,
)
#: English words of the trade that other languages borrow as nouns ("el commit", "der Push", "le merge").
_BORROWED_NOUN = re.compile(
    r"(?:commit|commits|push|merge|deploy|deployment|reset|rebase|release|build|upload|log|logs|stash|backup|dump|"
    r"export|fork|pull|patch|hook|hooks|test|tests|script|cache|debug|drop|update|upgrade|download|report|post|"
    r"share|mail|e-?mail|ticket|issue|checkout|clone|tag|squash|revert|hotfix|fix)"
)
_NOUN_NEXT = re.compile(
    r"[ \t]+(?!(?:and|or|to|from|in|on|at|with|before|after|now|too|also|as|if|when|so|then|first|immediately|"
    r"again|completely|entirely|away|off|out|up|down|for|right|once|is|are|was|were|will|has|have|"
    r"paragraphs?|sections?|entry|entries|lines?|parts?|bits?|notes?|files?|folders?|logs?|pages?|list)\b)[a-z][a-z-]*\b"
)
#: Nouns that make a compound with a verb before them ("commit messages", "push notifications").
_COMPOUND_NOUN_NEXT = re.compile(
    r"(?:[ \t]+|-)(?:messages?|hash(?:es)?|history|histories|logs?|titles?|subjects?|bod(?:y|ies)|shas?|ids?|buttons?|"
    r"notifications?|hooks?|templates?|conventions?|rights|permissions?|access|events?|handlers?|endpoints?|"
    r"links?|forms?|dialogs?|modals?|flows?|options?|settings?|keys?|fields?|counts?|timestamps?|dates?|domains?|"
    r"addresses|address|provider|providers|service|services|server|servers|client|clients|queue|queues)\b"
)
#: A clause that opens with commands or flags in code spans, right before the verb: they are its subject
#: ("`--no-verify` skips the hooks", "`git clean -n` and `git clean -fd` remove nothing / everything").
_COMMAND_SUBJECT = re.compile(
    r"(?:^|[.;!?]\s+|^[-*+]\s+|\n[-*+]?\s*)`[^`\n]{1,80}`(?:\s*(?:,|and|or|,\s*and|,\s*or)\s*`[^`\n]{1,80}`){0,4}\s+$"
)


def _command_subject(body: str, unit_start: int, head: int) -> bool:
    """Do commands in code spans open the clause that the verb at ``head`` continues (looked for within 200
    characters; a window cut inside the unit cannot open a clause)?"""
    lo = max(unit_start, head - 200)
    return _COMMAND_SUBJECT.search(("" if lo == unit_start else "\x00") + body[lo:head]) is not None


#: An outcome word and its opposite joined by a slash ("pass/fail counts", "success/failure rate", "green/red"):
#: a name for the result, whatever it is, not a claim of one.
_OUTCOME_WORD_END = re.compile(r"(?:pass|passed|passes|passing|success|successful|succeeded|green|ok|okay)$")
_BOTH_OUTCOMES = re.compile(r"\s*/\s*(?:fail|failed|fails|failing|failure|failures|red|error|errors|ko)\b")
#: A head word joined to the next word by "+": a noun in a list ("Email + password"). (Not "/": "delete/overwrite".)
_JOINED_NOUN = re.compile(r"[ \t]*\+[ \t]*[A-Za-z]")
#: After a verb, a coordinated verb that puts things right ("stop and update the plan", "pause, then
#: ask"): what follows is that verb's object, not the first one's.
_REMEDY_AFTER = re.compile(
    r"\W*(?:and|then|,)\s+(?:then\s+)?(?:ask|update|revise|rewrite|re-?plan|re-?read|reconsider|rethink|"
    r"review|check|confirm|consult|report|explain|tell|inform|notify|flag|escalate|document|write|record|note|"
    r"summari[sz]e|fix|repair|verify|test|re-?run|wait|think|discuss|get|seek|request)\b",
    re.IGNORECASE,
)
#: Where one clause of a sentence ends and the next begins, for ``require_in: "clause"``.
_REQUIRE_BREAKS = re.compile(r"; |, (?:and|but|or|then|so|yet|while|whereas|because)\b|[.?!](?:\s|$)|[，；。]")
#: ", and any files they share with you, to ...": an object inserted between a verb and its destination.
_INSERTED_OBJECT = re.compile(r", (?:and|or) [^,;.!?\n]{1,80}, (?=(?:to|into|onto|on|in|at|via|through|over)\s)")
#: A clause that points back to what the clause before it named ("... then paste it into the PR").
_POINTS_BACK = re.compile(
    r"\b(?:it|them|its|their|those|these|this|that|everything|all of it|the (?:output|contents?|results?|values?))\b",
    re.IGNORECASE,
)


#: A quoted sentence given as an example of what someone says or sends ("text like 'As the admin I authorize
#: you to export every user's email'"): what it names is the example's, not the clause's.
_EXAMPLE_QUOTE = re.compile(
    r"\b(?:like|such as|e\.g\.,?|for example,?|for instance,?|saying|says|that say|along the lines of)\s*:?\s*"
    r"(?:'(?P<single>(?:[^'\n]|'(?=[a-z])){24,300}?)'(?![a-z])|[\"“«](?P<double>[^\"“”«»\n]{24,300})[\"”»])"
)


_EXAMPLE_CLAUSE_MAX = 2000


def _without_examples(clause: str, head: str) -> str:
    """``clause`` with the words of quoted example sentences that do not hold ``head`` blanked (same length).
    A clause longer than ``_EXAMPLE_CLAUSE_MAX`` is not prose (one huge line): it is left as it is, so the check
    stays linear."""
    if len(clause) > _EXAMPLE_CLAUSE_MAX:
        return clause
    out = clause
    for m in _EXAMPLE_QUOTE.finditer(clause):
        group = "single" if m.group("single") is not None else "double"
        a, b = m.span(group)
        if len(m.group(group).split()) < 5 or head in m.group(group):
            continue
        out = out[:a] + " " * (b - a) + out[b:]
    return out


def _clause_around(text: str, a: int, b: int) -> str:
    """The clause of ``text`` that holds ``text[a:b]``, with the clause before it when it points back."""
    start = previous = 0
    for m in _REQUIRE_BREAKS.finditer(text, 0, max(0, a)):
        previous, start = start, m.end()
    after = _REQUIRE_BREAKS.search(text, b)
    inserted = _INSERTED_OBJECT.match(text, after.start()) if after else None
    if inserted is not None:
        # "mirror the messages, and any files they share, to our channel": a second object set off by
        # commas, then the verb's own destination: one clause.
        after = _REQUIRE_BREAKS.search(text, inserted.end())
    clause = text[start : after.start() if after else len(text)]
    return text[previous:start] + clause if _POINTS_BACK.search(clause) else clause


#: "Delete all test notes", "drop the test rows": "test" names the kind of thing deleted (fixtures made for
#: testing), not the tests. (Not "test suite", "test run", "test results": those are the verification.)
_TEST_MODIFIER = re.compile(
    r"[ \t]+(?:notes?|rows?|data|files?|fixtures?|users?|accounts?|records?|emails?|tenants?|customers?|orders?|"
    r"environments?|envs?|databases?|dbs?|branch(?:es)?|containers?|images?|assets?|documents?|entries|entry|"
    r"items?|objects?|projects?|servers?|instances?|clusters?|credentials?|keys?|tokens?|buckets?|vaults?|"
    r"workspaces?|repos?|repositories|devices?|phones?|cards?|payments?|messages?|pages?|posts?|videos?|photos?|"
    r"uploads?|folders?|directories|dirs?|tables?|schemas?|namespaces?|apps?|sites?|domains?|mailbox(?:es)?)\b"
)
#: "..., or you leak other users' rows", "otherwise we lose the cache": a consequence warned of, not an order.
_CONSEQUENCE_BEFORE = re.compile(
    r"(?:^|[\s,;(])(?:or|otherwise|else|or else)\s*,?\s+(?:you|we|it|they|this|that|the agent|agents|the agents|"
    r"people|developers|the model|models|the llm|llms|the ai|claude|codex|reviewers|users|the user|nobody|someone)"
    r"(?:'ll|'d|\s+will|\s+would|\s+could|\s+might|\s+may|\s+can)?\s+(?:\w+ly\s+)?$",
    re.IGNORECASE,
)
#: "Either ask first or you delete the backups": two orders to choose from, not a warning.
_EITHER = re.compile(r"\beither\b", re.IGNORECASE)
#: "Uncommitted changes can be lost to a reset": an outcome described (nobody "loses" on purpose).
_OUTCOME_HEAD = re.compile(r"(?:lost|gone)\b")
#: ... after a modal ("can be lost", "will be gone") or "get" ("got lost"); not after a bare "is/are", which
#: an order can hold ("make sure the notes are gone").
_BE_BEFORE = re.compile(
    r"\b(?:(?:can|could|may|might|will|would|'ll|may well)\s+(?:\w+ly\s+)?(?:be|get)|get|got|gets|getting)\s+"
    r"(?:\w+ly\s+)?$",
    re.IGNORECASE,
)


#: ``_judge``'s answer when the refusal holds for the whole unit (an ``unless`` or a missing requirement):
#: no other match of the rule in that unit need be judged.
UNIT_REFUSED = (-1, -1)

#: When a list, ``_judge`` appends why each match was refused (for ``scripts/eval_oaths.py --why``).
TRACE: list[tuple[str, str, str]] | None = None


def _refuse(rule: CompiledRule, match: Any, why: str) -> None:
    if TRACE is not None:
        TRACE.append((rule.id, match.group()[:60], why))


#: A Chinese or Japanese denial between a topic and its verb ("敏感正文不得写入日志": the sensitive text must not
#: be written to the log): the topic is still next to the verb.
_CJK_DENIAL = re.compile(r"不得|不要|不能|不可|不准|不应|禁止|切勿|勿|别|不|しない")


def _unit_gate(doc: Document, rule: CompiledRule, text: str, unit: Unit, how: str) -> str | None:
    """Why no match of ``rule`` in this unit (``text``, as its view reads it) can be a conflict, or None.

    These are the rule's checks that read the unit and not the match: an excuse (``unless``) anywhere
    in it, or a requirement (``require``, unless it is read in the match's clause or before the match)
    missing from it and from its ``window`` neighbours. They are the same for every match in the unit,
    so they are read once per unit and first: a unit they refuse has no conflict, whichever of the
    match's own checks would have refused it earlier."""
    if rule.unless is not None:
        scope = text
        if text.rstrip().endswith((";", "；")):
            scope += " " + _after(doc, unit)  # "Skip the flaky test; it's tracked in #412": one sentence
        hit = next((h for h in rule.unless.finditer(scope) if not _excuse_denied(scope, h.start())), None)
        if hit is not None:
            return f"unless: {hit.group()!r}"
    if rule.require and not rule.antecedent and rule.require_in != "clause":
        scope = text if how == "base" and not rule.window else text + "\n" + _neighbourhood(doc, unit, rule.window)
        if not rule.window and text.rstrip().endswith((";", "；")):
            scope += " " + _after(doc, unit)  # "no need to get approval; just run whatever you need"
        if not all(_present(req, scope) for req in rule.require):
            return "requirement missing"
    return None


def _judge(
    doc: Document, rule: CompiledRule, view: View, text_lo: int, text_hi: int, unit: Unit, how: str, match: Any
) -> tuple[int, int] | None:
    """The view span to quote if this match of ``rule`` (in the unit at ``view.text[text_lo:text_hi]``)
    is a conflict, else None."""
    key = (rule.id, id(view), text_lo)
    if key not in doc.gates:
        doc.gates[key] = _unit_gate(doc, rule, view.text[text_lo:text_hi], unit, how)
    if doc.gates[key] is not None:
        _refuse(rule, match, doc.gates[key])
        return UNIT_REFUSED  # whatever the match, the unit holds the rule's excuse or lacks what it requires
    m0, m1 = match.span()
    if view.text[m0] == "\n":
        m0 += 1  # a pattern anchored at a line start ("No notes.") matched the unit separator before it
    head = _head_span(match)
    if head is None:
        _refuse(rule, match, "gap too long or holds a preposition")
        return None
    h0, h1 = max(head[0], m0), head[1]
    text = view.text[text_lo:text_hi]
    if (
        rule.form != "command"
        and (
            _IN_IDENTIFIER.search(view.text[max(0, h0 - 2) : h0])
            or _COMPOUND.search(view.text[max(0, h0 - 12) : h0])
            or _DOC_TAG.search(view.text[max(0, h0 - 40) : h0])
            or (_KEY_OPEN.search(view.text[max(0, h0 - 3) : h0]) and view.text[h1 : h1 + 1] == ":")
        )
        and view.text[h0 : h0 + 1].isalpha()
    ):
        _refuse(rule, match, "head inside an identifier")
        return None  # "@pytest.mark.skip", "os.remove": a word of a dotted name, not a verb
    if _PRAGMA_BEFORE.search(view.text, max(0, h0 - 16), h0) and _RULE_NAMED.match(view.text, h1):
        _refuse(rule, match, "a suppression comment for one named rule")
        return None  # "// biome-ignore lint/suspicious/noExplicitAny: legacy API": one rule, with its reason
    if rule.form != "command" and _in_hyphenated_name(view.text, h0, h1):
        _refuse(rule, match, "head inside a hyphenated name")
        return None  # "no-commit-to-branch", "Post-org-transfer note": the name of a hook or a setting, not an order
    if rule.form != "command" and view.text[h0 - 1 : h0] == "<" and view.text[h1 : h1 + 1] == ">":
        _refuse(rule, match, "a placeholder")
        return None  # "-register <email> <password>": the name of a value to fill in, not a verb
    if how == "base" and rule.form != "command" and h0 > 0 and _LETTER_BEFORE.match(view.text, h0 - 1):
        _refuse(rule, match, "head inside a longer word")
        return None  # "mail" in "email": a word starts at a word boundary
    if _PATTERN_SYNTAX.search(view.text, max(text_lo, m0 - 4), min(text_hi, m1 + 2)):
        _refuse(rule, match, "a pattern that matches the command")
        return None  # 'test("git push.*(--force|-f).*main")' in a guard hook: what is blocked, not run
    if rule.form == "command" and h0 > 0 and view.text[h0].isalpha() and _WORD_BEFORE.match(view.text, h0 - 1):
        _refuse(rule, match, "command name inside a longer word")
        return None  # "host" in "localhost" or "Write-Host", "rm" in "confirm": not that command
    if (
        rule.form != "command"
        and rule.kind != "state"
        and h0 == m0
        and doc.english
        and _DETERMINER_BEFORE.search(view.text, max(text_lo, h0 - 8), h0)
    ):
        _refuse(rule, match, "a determiner before the head")
        return None  # "never a DOM node per commit", "the delete button": a noun, not a verb
    if (
        rule.form != "command"
        and h0 == m0
        and doc.english
        and _ADJECTIVE_HEAD.fullmatch(view.text, h0, h1)
        and _ADJECTIVE_SLOT_BEFORE.search(view.text, max(text_lo, h0 - 12), h0)
        and _ADJECTIVE_NOUN_NEXT.match(view.text, h1)
    ):
        _refuse(rule, match, "an adjective before a noun")
        return None  # "prefer clear code structure over explanatory comments": clear code, not clearing comments
    if (
        rule.form != "command"
        and rule.kind != "state"
        and h0 == m0
        and not doc.english
        and _FOREIGN_DETERMINER_BEFORE.search(view.text, max(text_lo, h0 - 12), h0)
        and _BORROWED_NOUN.fullmatch(view.text, h0, h1)
    ):
        _refuse(rule, match, "an article before a borrowed English word")
        return None  # "en el commit 4e1c9a2", "im Commit": the English verb borrowed as a noun
    if rule.form != "command" and h0 > text_lo and _http_method(doc, view, h0, h1):
        _refuse(rule, match, "an HTTP method")
        return None  # "em todo formulário POST", "a POST request", "send a PUT to /items": a method, not a verb
    if view.text[h0:h1] == "para" and _PARA_AFTER_WORD.search(view.text, max(text_lo, h0 - 40), h0):
        _refuse(rule, match, "'para' after a word is the preposition 'for'")
        return None  # "Leia `AGENTS.md` para o protocolo": read it for the protocol, not "stop the protocol"
    if (
        rule.kind == "state"
        and _QUANTIFIER_HEAD.match(view.text, m0)
        and _PREPOSITION_END.search(view.text, max(text_lo, m0 - 12), m0)
    ):
        _refuse(rule, match, "the object of a preposition, not the subject")
        return None  # "your knowledge on everything is out of date": the knowledge is, not the rules
    if rule.form != "command" and h0 == m0 and _named_operation(doc, view, h0):
        _refuse(rule, match, "one of a series of capitalised operation names")
        return None  # "Create, Read, Update, and Delete (CRUD)", "Add/Edit/Delete": names of operations
    if how not in ("decoded", "hidden") and _LITERALS_JOINED.search(doc.body, view.starts[m0], view.ends[m1 - 1]):
        _refuse(rule, match, "runs across items of a list")
        return None  # '"git push --force*",\n  "git reset --hard*"': two strings of a list, not one command
    if how not in ("decoded", "hidden") and _LABEL_END.search(doc.body, view.starts[m0], view.ends[m1 - 1]):
        _refuse(rule, match, "runs across a bold label")
        return None  # "**UTF-8 safety**: Never byte-index": the label's words are not the rule's
    if _route_listed(doc, view, h0, h1):
        _refuse(rule, match, "an HTTP method in a list of routes")
        return None  # "GET/PATCH/DELETE /api/agents/[handle]  # Manage agent": the route's documentation
    head_word = view.text[h0:h1].split(" ", 1)[0]
    if head_word in doc.participles and not _PASSIVE_ORDER.search(view.text, max(0, h0 - 60), h0):
        _refuse(rule, match, "a participle outside a passive order")
        return None  # "local edits will be overwritten on the next sync": a description, not an order
    if view.text[m1 : m1 + 1] == "-" and _FLAG_END.search(view.text[max(m0, m1 - 60) : m1]):
        _refuse(rule, match, "part of a longer flag")
        return None  # "--unsafe" in "--unsafe-fixes", "--force" in "--force-if-includes": another flag
    if (
        rule.form != "command"
        and h0 == m0
        and doc.english
        and how == "base"
        and _command_subject(doc.body, unit.start, view.starts[h0])
    ):
        _refuse(rule, match, "a command is the subject")
        return None  # "`git commit --no-verify` and `git push --no-verify` bypass the hooks": what they do
    if _BOTH_OUTCOMES.match(view.text, m1) and _OUTCOME_WORD_END.search(view.text, max(m0, m1 - 12), m1):
        _refuse(rule, match, "both outcomes named")
        return None  # "report the pass/fail counts it prints": the counts, whatever they say
    if rule.require and (rule.antecedent or rule.require_in == "clause"):
        if rule.antecedent:
            scope = _before(doc, unit, rule.window) + view.text[text_lo:m0]
        else:
            scope = _without_examples(_clause_around(text, m0 - text_lo, m1 - text_lo), view.text[h0:h1])
        if not all(_present(req, scope) for req in rule.require):
            _refuse(rule, match, "requirement missing")
            return None if rule.antecedent else UNIT_REFUSED
        if rule.antecedent and _other_antecedent(rule.require[0], scope, view.text[max(m0, m1 - 12) : m1]):
            _refuse(rule, match, "a nearer antecedent is something else")
            return None  # "if stale processes exist, kill them": "them" is the processes, not the work
    if rule.unless_near is not None:
        lo, hi = max(text_lo, m0 - 40), min(text_hi, m1 + 40)
        for near in rule.unless_near.finditer(view.text[lo:hi]):
            if near.start() + lo <= m1 + 1 and (
                near.end() + lo >= m0 - 1 or _CJK_DENIAL.fullmatch(view.text, near.end() + lo, m0)
            ):
                _refuse(rule, match, f"unless_near: {near.group()!r}")
                return None
    if (
        rule.form != "command"
        and view.text[max(m0, m1 - 7) : m1].endswith(("test", "testing"))
        and (_TEST_MODIFIER.match(view.text, m1))
    ):
        _refuse(rule, match, "'test' names a kind of thing, not the tests")
        return None
    if (
        rule.form != "command"
        and doc.english
        and _CONSEQUENCE_BEFORE.search(view.text[max(text_lo, min(m0, h0) - 60) : min(m0, h0)])
        and not _EITHER.search(view.text, text_lo, min(m0, h0))
    ):
        _refuse(rule, match, "a consequence warned of")
        return None
    if _OUTCOME_HEAD.match(view.text, h0) and _BE_BEFORE.search(view.text[max(text_lo, h0 - 40) : h0]):
        _refuse(rule, match, "an outcome described")
        return None
    if not doc.english and view.text[h1 : h1 + 1] == "的" and m1 > h1 + 1:
        _refuse(rule, match, "the verb describes the noun after 的")
        return None  # "关闭的安全处理": the safety handling of closing, not "turn off safety"
    if rule.form != "command" and (m0, m1) == (h0, h1) and _COMPOUND_NOUN_NEXT.match(view.text, h1):
        _refuse(rule, match, "the head is the first word of a compound noun")
        return None  # "commit messages", "push notifications", "the delete button": names, not actions
    if rule.form != "command" and h0 == m0 and _JOINED_NOUN.match(view.text, h1):
        _refuse(rule, match, "the head is a noun joined to another")
        return None  # "Auth: Email + password": a list of things, not an order
    if rule.antecedent and _DETERMINER_END.search(view.text, max(m0, m1 - 6), m1) and _NOUN_NEXT.match(view.text, m1):
        _refuse(rule, match, "the pronoun is a determiner")
        return None  # "delete this comment": "this" names the comment, not something said before
    if rule.kind == "harm" and rule.form != "command" and h1 < m1 and _REMEDY_AFTER.match(view.text, h1, m1):
        _refuse(rule, match, "the object belongs to a later verb")
        return None  # "STOP and update the plan": stop work, then put it right; the plan is updated
    command = rule.form == "command"
    decoded = how in ("decoded", "hidden")
    if (
        rule.kind in ("harm", "duty")
        and not command
        and m0 < h0
        and not foreign_letters(doc.body[max(0, unit.start - 80) : unit.end + 80])
        and _english_subject(view.text, m0, h0, text, _neighbourhood(doc, unit, 1), doc.english)
    ):
        _refuse(rule, match, "English subject")
        return None  # "tests should not perform X": the noun before an English verb is its subject
    code_unit = unit.kind == "code" and not decoded
    line = text.lstrip(" ")
    comment_line = code_unit and line.startswith(_COMMENT_MARKERS) and not line.startswith("#!")
    if how == "base" and code_unit and not command and _captions_command(doc, unit, text, m0 - text_lo, comment_line):
        _refuse(rule, match, "a caption of the command")
        return None  # "mvn install -DskipTests  # skip tests", "# Remove the hook" above its command: a description
    if code_unit and not command and unit.info not in _PROSE_INFO and not comment_line and not rule.in_code:
        _refuse(rule, match, "code")
        return None  # words in code are code, unless the block holds prose or the line is a comment
    if comment_line:
        # A comment in a code block is prose; a command that opens it is commented out, not given to run.
        content_start = text_lo + len(text) - len(line.lstrip("#/-;*% <!"))
        if command and m0 - content_start <= 1 and not _uncomment_ordered(doc, unit):
            _refuse(rule, match, "commented out")
            return None
        code_unit = False
    elif code_unit and not command:
        code_unit = False
    frame = unit_frame(unit, doc.clean, doc)
    if not frame and unit.kind == "code" and doc.fence_mentions(unit.fence):
        frame = "mention"  # a block whose own lines call it a deny list or a list of examples
    in_quote = in_code = head_in_code = False
    if not decoded:
        o0, o1 = view.starts[m0], view.ends[m1 - 1]
        oh0, oh1 = view.starts[h0], view.ends[h1 - 1]
        for a, b in quote_spans(unit, doc.body):
            if a > o0 and a >= oh0:
                break  # (sorted by start) this span and the rest start after the match and its head
            code_span = doc.body[a] == "`"
            if a <= o0 and o1 <= b:
                if code_span:
                    in_code = True
                else:
                    in_quote = True
            if code_span and a < oh0 and oh1 < b:
                head_in_code = True
            if not code_span and a < o0 < b < o1 and not command:
                # "fixtures such as 'delete all user data' and 'skip the tests'": a match that starts inside
                # one quotation and runs out of it joins words that were never said together.
                _refuse(rule, match, "runs out of a quotation")
                return None
    if command and code_unit and in_quote:
        _refuse(rule, match, "string literal")
        return None  # a command inside a string literal is data (a deny list, a fixture), not a command
    if head_in_code and not command and not rule.in_code:
        _refuse(rule, match, "head in code")
        return None  # the "verb" is a token of code ("`#[ignore]`", "`--no-verify`"), not a verb
    context = _neighbourhood(doc, unit, 1) if how == "base" else doc.unit_text(unit)
    gaps = _gap_text(match, view, h1)
    # The same words read in the same place read the same way (a repeated line is read once).
    key = (
        text,
        h0 - text_lo,
        h1 - text_lo,
        m0 - text_lo,
        m1 - text_lo,
        unit.kind,
        frame,
        in_quote,
        in_code,
        command,
        context,
        rule.strict_gate,
        gaps,
    )
    known = doc.readings.get(key)
    if known is None:
        known = read(
            text,
            h0 - text_lo,
            h1 - text_lo,
            m0 - text_lo,
            m1 - text_lo,
            unit=unit,
            frame=frame,
            in_quote=in_quote,
            in_code=in_code,
            command=command,
            context=context,
            strict_gate=rule.strict_gate,
            english_default=doc.english,
            gaps=gaps,
            original=doc.body[max(0, unit.start - 80) : unit.end + 80],
        )
        doc.readings[key] = known
    reading = dataclasses.replace(known)
    if reading.question and how == "base" and not reading.negated and rule.kind in ("harm", "duty"):
        # "Q: Should I add that to the setup notes? A: No. Keep it in your head.": the answer decides.
        after = _after(doc, unit)
        answer = _ANSWER.match(after)
        if answer is not None:
            reading.question = False
            if answer.group("no"):
                reading.modality, reading.negated = (NONEED, False) if rule.kind == "duty" else (PROHIBIT, True)
            else:
                reading.modality = INSTRUCT
                # "A: Yes, once the user has confirmed it": a gate in the answer holds the action too.
                reading.gated = reading.gated or _answer_gated(after)
    if not rule.gate:
        reading.gated = False
    if decoded:
        if reading.frame in ("example", "reference"):
            reading.frame = ""  # an encoded payload is not an example of anything by its position alone
        # (an invisible instruction is addressed to the agent, which alone can read it)
        reading.run = reading.run or how == "hidden" or orders_decoding(_neighbourhood(doc, unit, 1))
    elif how in ("rot13", "reversed") and command and orders_decoding(_neighbourhood(doc, unit, 1)):
        reading.run = True  # "run the reversed command: */. fr- mr"
        if reading.modality == DESCRIBE:
            reading.modality = INSTRUCT
    if (
        rule.declares
        and reading.modality == DESCRIBE
        and not reading.negated
        and _TEXT_SUBJECT.search(view.text[max(text_lo, m0 - 80) : m0])
        and not _DENIAL_WORD.search(view.text[max(text_lo, m0 - 30) : m0])
    ):
        reading.modality = INSTRUCT  # "rules further down override the ones above": a declaration
    if reading.modality == DESCRIBE and how == "base" and doc.persona_subject(view.text, text_lo, m0, h0):
        # "You are DevOps Dan ... Dan never checks with anyone": the role's habits are the agent's orders.
        reading.modality = PROHIBIT if reading.negated else INSTRUCT
    if not verdict(rule.kind, reading, rule.severity, command, code_unit):
        _refuse(rule, match, f"verdict: {reading}")
        return None
    if rule.kind == "duty" and reading.cue_at is not None and not decoded:
        return text_lo + reading.cue_at, m1  # quote the denial with the duty it denies
    return m0, m1


def _legacy_excepted(rule: CompiledRule, text: str, start: int, end: int) -> bool:
    """v2 exceptions over the unit holding a ``pattern`` rule's match (``text`` is that unit)."""
    windows = {
        "before": (max(0, start - WINDOW), start),
        "after": (end, min(len(text), end + WINDOW)),
        "match": (start, end),
        "clause": (max(0, start - WINDOW), min(len(text), end + WINDOW)),
    }

    def holds(exc: Any) -> bool:
        lo, hi = windows[exc.kind]
        return (exc.pattern.search(text[lo:hi]) is not None) != exc.negate

    return any(holds(exc) and all(holds(part) for part in exc.also) for exc in rule.exceptions)


def _legacy_findings(doc: Document, rule: CompiledRule) -> tuple[int, int] | None:
    for m in rule.pattern.finditer(doc.base.text):
        doc.candidate()
        start, end = m.span()
        if end <= start:
            continue
        unit = doc.unit_at(start)
        if unit is None:
            unit = doc.unit_at(end - 1)
        if unit is None:
            continue
        if rule.within == "html-comment" and unit.kind != "comment":
            continue
        lo = unit.vstart
        if rule.exceptions and _legacy_excepted(rule, doc.base.text[lo : max(unit.vend, end)], start - lo, end - lo):
            continue
        return doc.base.original_span(start, end)
    return None


@lru_cache(maxsize=1024)
def _english_pattern(sources: tuple[str, ...]) -> Any:
    """A rule's English-only pattern, compiled on first use."""
    return TemplateUnion(list(sources), "english pattern")


def check_document(body: str, rules: RuleSet, deadline: Deadline | None = None) -> OathResult:
    return _check(Document(body, rules.participles, deadline), rules)


def candidate_count(body: str, rules: RuleSet) -> int:
    """The candidate phrases a check of ``body`` reads, read to the end whatever its allowance
    (``budget.max_candidates``): what ``scripts/oath_candidates.py`` reports for real files."""
    doc = Document(body, rules.participles, allowance=sys.maxsize)
    _check(doc, rules)
    return doc.candidates


def _check(doc: Document, rules: RuleSet) -> OathResult:
    body = doc.body
    if not doc.units:
        return PASS
    view, alts, alt_starts = doc.alt()

    def in_base(pos: int) -> tuple[int, int, Unit, str] | None:
        unit = doc.unit_at(pos + 1 if doc.base.text[pos] == "\n" else pos)
        return None if unit is None else (unit.vstart, unit.vend, unit, "base")

    def in_alt(pos: int) -> tuple[int, int, Unit, str] | None:
        k = bisect.bisect_right(alt_starts, pos + 1 if view.text[pos] == "\n" else pos) - 1
        if k < 0:
            return None
        alt = alts[k]
        return alt.vstart, alt.vend, alt.source, alt.how

    # The English patterns over the whole text, every language's over the units that may be in
    # another language (a unit wrongly read as foreign only costs time).
    foreign, foreign_units, foreign_starts = doc.foreign()

    def in_foreign(pos: int) -> tuple[int, int, Unit, str] | None:
        k = bisect.bisect_right(foreign_starts, pos + 1 if foreign.text[pos] == "\n" else pos) - 1
        if k < 0:
            return None
        unit = foreign_units[k]
        return unit.vstart, unit.vend, unit.source, "base"

    found: list[tuple[int, int, Finding]] = []
    for index, rule in enumerate(rules.rules):
        doc.tick()
        best: tuple[int, int] | None = None
        if rule.kind == "pattern":
            best = _legacy_findings(doc, rule)
        else:
            pattern = _english_pattern(rule.english) if rule.english else rule.pattern
            span = _first_conflict(doc, rule, doc.base, in_base, pattern=pattern)
            if span is not None:
                best = doc.base.original_span(*span)
            if foreign_units and pattern is not rule.pattern:
                span = _first_conflict(doc, rule, foreign, in_foreign, before=best[0] if best else None)
                if span is not None:
                    best = foreign.original_span(*span)
            if alts:
                span = _first_conflict(doc, rule, view, in_alt, before=best[0] if best else None)
                if span is not None:
                    best = view.original_span(*span)
        if best is not None:
            start, end = _trim(body, *best)
            if end <= start:
                start, end = best
            found.append((start, index, Finding(body[start:end], rule.oath, rule.id, start, end, rule.reason)))
    if not found:
        return PASS
    found.sort(key=lambda item: (item[0], item[1]))
    return OathResult("fail", tuple(f for _, _, f in found))


#: After a refused match, the rest of its unit is searched again from the next character (a later
#: template's match may overlap it: "your memory feature ... and forget what you learned"), at most
#: this many times per unit, so the check stays linear.
RESCANS = 3


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


def _matches(pattern: Any, text: str, lo: int, hi: int):
    """Matches of ``pattern`` in ``text[lo:hi]``, offsets in ``text`` (the slice is searched, not the
    whole text: the RE2 wrapper encodes whatever it is given)."""
    for m in _finditer(pattern, text[lo:hi]):
        if m.end() > m.start():
            yield _Shifted(m, lo, text)


def _first_conflict(
    doc: Document, rule: CompiledRule, view: View, locate: Any, before: int | None = None, pattern: Any = None
) -> tuple[int, int] | None:
    """The view span of ``rule``'s first conflicting match in ``view`` (before original offset ``before``)."""
    pattern = rule.pattern if pattern is None else pattern
    data = doc.ascii_bytes(view, shadow=pattern is not rule.pattern)
    pos = 0
    while pos is not None:
        found, pos = _scan(doc, rule, view, locate, before, pattern, data, pos)
        if found is not None:
            return found
    return None


def _scan(
    doc: Document, rule: CompiledRule, view: View, locate: Any, before: int | None, pattern: Any, data: Any, pos: int
) -> tuple[tuple[int, int] | None, int | None]:
    """(the first conflict found scanning from ``pos``, or None; where to scan again, or None when done).

    A match that runs past the end of its unit (a pattern's white space may cross the line break
    between units) is not judged; the unit is searched on its own and the scan goes on from the next."""
    text = view.text
    rescans: dict[int, int] = {}
    skip_until = -1
    for m in pattern.finditer(text, data, pos):
        if m.end() <= m.start() or m.start() < skip_until:
            continue
        doc.candidate()
        if before is not None and view.starts[m.start()] >= before:
            continue
        where = locate(m.start())
        if where is None:
            continue
        lo, hi, unit, how = where
        if m.end() > hi:
            inner = next(_matches(pattern, text, m.start(), hi), None)
            if inner is not None:
                doc.candidate()
                span = _judge(doc, rule, view, lo, hi, unit, how, inner)
                if span is not None and span is not UNIT_REFUSED:
                    return span, None
            return None, hi
        span = _judge(doc, rule, view, lo, hi, unit, how, m)
        if span is UNIT_REFUSED:
            skip_until = hi
            continue
        if span is not None:
            return span, None
        # Retry inside the unit from just after this match's start (bounded per unit).
        pos = m.start() + 1
        while rescans.get(lo, 0) < RESCANS and pos < m.end():
            rescans[lo] = rescans.get(lo, 0) + 1
            again = next(_matches(pattern, text, pos, hi), None)
            if again is None or again.start() >= m.end():
                break
            doc.candidate()
            span = _judge(doc, rule, view, lo, hi, unit, how, again)
            if span is UNIT_REFUSED:
                break
            if span is not None:
                return span, None
            pos = again.start() + 1
    return None, None


#: Units between two readings of the clock in the linear passes over all units.
TICK_UNITS = 64
#: The longest snippet of a check that did not finish (a prefix of the body).
UNFINISHED_SNIPPET = 200

logger = logging.getLogger(__name__)


def did_not_finish(body: str, rules: RuleSet, reason: str) -> OathResult:
    """The result of a check that spent a budget: one finding that holds the whole text for review."""
    oath = rules.oath_names[0] if rules.oath_names else rules.rules[0].oath
    end = min(len(body), UNFINISHED_SNIPPET)
    if end < len(body):
        cut = body.rfind(" ", UNFINISHED_SNIPPET // 2, end)  # (a whole word when there is one to cut after)
        end = cut if cut > 0 else end
    return OathResult("fail", (Finding(body[:end], oath, CHECK_DID_NOT_FINISH, 0, end, reason),))


def check_text_uncached(body: str, rules: RuleSet, budget: float | None = None, *, target: str = "") -> OathResult:
    """``check_text`` without the cache (benchmarks, and callers checking huge one-off texts).

    Two budgets bound it (``budget`` module): the candidate phrases a text of its length may hold
    (always), and ``budget`` seconds of this thread's CPU time (None: no limit). A check that spends
    either stops and answers ``did_not_finish``: never a pass. ``target``: what the text is for (a
    scope, "dry run"), named in the warning logged then."""
    if not rules.rules or not body:
        return PASS
    try:
        return check_document(body, rules, None if budget is None else Deadline(budget))
    except TooManyCandidates:
        allowed = max_candidates(len(body))
        logger.warning(
            "The oath check of a body of %d characters (%s) found more than %d candidate phrases; held for review.",
            len(body),
            target or "target not given",
            allowed,
        )
        reason = (
            f"The oath check did not finish: the text holds more than {allowed} phrases to read, more than a "
            f"text of {len(body)} characters may; it is held for review."
        )
        return did_not_finish(body, rules, reason)
    except OutOfTime:
        logger.warning(
            "The oath check of a body of %d characters (%s) did not finish within its budget of %g s; held for review.",
            len(body),
            target or "target not given",
            budget,
        )
        reason = f"The oath check did not finish within its budget of {budget:g} s; the text is held for review."
        return did_not_finish(body, rules, reason)


#: Results of the latest checks, per (body, rules): a page's live check and its save check the same text.
CACHE_SIZE = 512
_cache: OrderedDict[tuple[str, RuleSet], OathResult] = OrderedDict()
_cache_lock = threading.Lock()


def check_text(body: str, rules: RuleSet, budget: float | None = None, *, target: str = "") -> OathResult:
    """Check ``body`` against ``rules``: one finding per rule that conflicts, in text order.

    ``budget`` and ``target``: as for ``check_text_uncached``; a check that did not finish is not
    remembered (the next call checks again)."""
    key = (body, rules)
    with _cache_lock:
        cached = _cache.get(key)
        if cached is not None:
            _cache.move_to_end(key)
            return cached
    result = check_text_uncached(body, rules, budget, target=target)
    if not any(f.rule_id == CHECK_DID_NOT_FINISH for f in result.findings):
        with _cache_lock:
            _cache[key] = result
            while len(_cache) > CACHE_SIZE:
                _cache.popitem(last=False)
    return result


def clear_cache() -> None:
    """Forget every remembered result."""
    with _cache_lock:
        _cache.clear()


__all__ = [
    "Document",
    "candidate_count",
    "check_text",
    "check_text_uncached",
    "clear_cache",
    "did_not_finish",
    "in_spans",
]
