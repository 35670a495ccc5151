"""Matching views of a body: a canonical text plus, for every character, where it came from.

Rules never see the body as written. They see *views* of it, each a string in which every character
remembers the span of the original it came from (``starts[i]``, ``ends[i]``), so a finding always
quotes the original text, whatever decoding produced the view.

The base view (``Normalizer``) is one pass over the body:

- HTML entities (``&#105;``, ``&amp;``), URL percent escapes (``%69``) and ``\\uXXXX``/``\\xXX``
  escapes are decoded (each decoded character maps back to the whole escape);
- NFKC (full-width and mathematical letters become plain ones), case folding, accents stripped from
  Latin letters, zero-width and other format characters removed;
- look-alike letters folded to Latin from the Unicode confusables table (``fold=True``; a "native"
  view without this fold serves Cyrillic and Greek text, whose own letters would be garbled by it);
- markdown emphasis removed where it is emphasis (``ig**nore**``, ``_word_``, backticks) but kept
  where it means something (``./*``, ``snake_case``);
- every run of white space becomes one space.

Derived views (leetspeak, letter-spaced words joined, ROT13, reversed text) are per-character maps of
a base view, built only for the units that show the sign of that obfuscation.

Every function here is a single linear pass. The tokenising expressions use Python's ``re`` with
plain character classes only (no nesting, no back-references), which cannot backtrack.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import html
import re
import unicodedata
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import re2
from confusable_homoglyphs import categories as _categories
from confusable_homoglyphs import confusables as _confusables

#: Printable ASCII that needs no special handling: everything but space, escapes ("%", "&", "\"),
#: emphasis ("*", "_", "`", "~"). A run of these is lower-cased in one go (the fast path).
_PLAIN_CLASS = r"[!-$'-)+-\[\]^a-}]"
_PLAIN = re.compile(rf"{_PLAIN_CLASS}+(?: {_PLAIN_CLASS}+)*")
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});?")
_PERCENT = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_BACKSLASH = re.compile(r"\\u[0-9A-Fa-f]{4}|\\x[0-9A-Fa-f]{2}")

#: Scripts never folded to Latin: their letters are what the multilingual lexicons read.
_NO_FOLD_SCRIPTS = frozenset(
    {"HAN", "HIRAGANA", "KATAKANA", "HANGUL", "BOPOMOFO", "ARABIC", "DEVANAGARI", "HEBREW", "THAI"}
)
#: Scripts whose letters the confusables table folds (Cyrillic "о" -> "o"); units with these get a
#: native view too, where they stay as written.
_FOLDED_SCRIPTS = frozenset({"CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE", "COPTIC"})
_LINE_BREAKS = frozenset("\n\r\u2028\u2029\x0b\x0c\x85")


def _strip_marks(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def _ascii_lookalike(ch: str, depth: int = 2) -> str | None:
    """The ASCII character the confusables table says ``ch`` looks like, if any."""
    entries = _confusables.confusables_data.get(ch) or ()
    for entry in entries:
        glyph = _strip_marks(entry["c"])
        if len(glyph) == 1 and glyph.isascii() and glyph.isprintable():
            return glyph.lower()
    if depth > 1:
        for entry in entries:
            glyph = entry["c"]
            if len(glyph) == 1 and not glyph.isascii():
                found = _ascii_lookalike(glyph, depth - 1)
                if found:
                    return found
    return None


#: The name of a decorated Latin letter: "NEGATIVE SQUARED LATIN CAPITAL LETTER A", "REGIONAL INDICATOR
#: SYMBOL LETTER A" (letters NFKC leaves as they are).
_DECORATED_LETTER = re.compile(
    r"^(?:NEGATIVE |SQUARED |CIRCLED |PARENTHESIZED )+LATIN (?:CAPITAL|SMALL) LETTER ([A-Z])$"
    r"|^REGIONAL INDICATOR SYMBOL LETTER ([A-Z])$"
)


def _fold_char(ch: str, fold: bool) -> str:
    """Matching form of one NFKC-normalised, case-folded character."""
    if ch.isascii():
        return ch
    category = unicodedata.category(ch)
    if category in ("Mn", "Me", "Cf", "Cc", "Cs", "Co", "Cn"):
        return ""  # zero-width, joiners, bidi controls, tag characters, combining marks
    if ch.isspace():
        return " "
    script = _categories.alias(ch)
    if script in _NO_FOLD_SCRIPTS:
        return ch
    decorated = _DECORATED_LETTER.search(unicodedata.name(ch, ""))
    if decorated:
        # 🅰 🄰 🅐 🇦: a Latin letter in a box, a circle or a flag, which NFKC leaves as it is
        return (decorated.group(1) or decorated.group(2)).lower()
    stripped = _strip_marks(ch)  # é -> e, ü -> u, й -> и: accents do not change what is asked
    if stripped and stripped.isascii():
        return stripped
    if not fold and script in _FOLDED_SCRIPTS:
        return stripped or ch  # the native view: Cyrillic and Greek stay as written
    for candidate in (ch, ch.upper()):  # Cyrillic small letters are often listed only as capitals
        found = _ascii_lookalike(candidate)
        if found:
            return found
    return stripped or ch


@lru_cache(maxsize=16384)
@lru_cache(maxsize=8192)
def char_form(ch: str, fold: bool = True) -> str:
    """NFKC, case folding and (with ``fold``) look-alike folding of one original character (remembered:
    a text in another script repeats a few thousand characters at most)."""
    if ch.isascii():
        return ch.lower() if ch.isprintable() else (" " if ch.isspace() else "")
    return "".join(_fold_char(c, fold) for c in unicodedata.normalize("NFKC", ch).casefold())


@lru_cache(maxsize=4096)
def is_folded_script(ch: str) -> bool:
    """Is ``ch`` a letter of a script that the look-alike fold would garble (Cyrillic, Greek...)?"""
    return not ch.isascii() and ch.isalpha() and _categories.alias(ch) in _FOLDED_SCRIPTS


def fold_literal(text: str, fold: bool = False) -> str:
    """The matching form of a lexicon literal (no offsets, no escapes): what ``normalize`` makes of it.

    Lexicons are folded without the look-alike fold for Cyrillic and Greek (``fold=False``): their
    words are matched in the native view of a unit, where those letters stay as written."""
    out = []
    for ch in text:
        out.append(ch.lower() if ch.isascii() else char_form(ch, fold))
    return re.sub(r"\s+", " ", "".join(out))


@dataclass(frozen=True, slots=True)
class View:
    """A matching view: ``text[i]`` came from ``body[starts[i]:ends[i]]``."""

    text: str
    starts: list[int]
    ends: list[int]

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """The original ``[start, end)`` that view characters ``[start, end)`` (``end > start``) came from."""
        first, last = self.starts[start], self.ends[end - 1]
        if first < last:
            return first, last
        # A reversed view maps backwards: the span runs from its last character's origin to its first's.
        return min(self.starts[start:end]), max(self.ends[start:end])


class Builder:
    """Accumulates a view piece by piece (one builder per document view)."""

    __slots__ = ("_len", "ends", "parts", "starts")

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.starts: list[int] = []
        self.ends: list[int] = []
        self._len = 0

    def __len__(self) -> int:
        return self._len

    def last_char(self) -> str:
        return self.parts[-1][-1] if self.parts else ""

    def add(self, text: str, start: int, end: int) -> None:
        """Append ``text``, every character of which came from ``body[start:end]``."""
        self.parts.append(text)
        n = len(text)
        self.starts.extend([start] * n)
        self.ends.extend([end] * n)
        self._len += n

    def add_run(self, text: str, start: int) -> None:
        """Append ``text`` that maps one to one onto ``body[start:start + len(text)]``."""
        self.parts.append(text)
        n = len(text)
        self.starts.extend(range(start, start + n))
        self.ends.extend(range(start + 1, start + n + 1))
        self._len += n

    def add_mapped(self, text: str, starts: list[int], ends: list[int]) -> None:
        """Append ``text`` with explicit offsets (derived views)."""
        self.parts.append(text)
        self.starts.extend(starts)
        self.ends.extend(ends)
        self._len += len(text)

    def build(self) -> View:
        return View("".join(self.parts), self.starts, self.ends)


def _decode_escape(body: str, i: int, limit: int) -> tuple[str, int] | None:
    """Decode an HTML entity, URL escape or ``\\u``/``\\x`` escape at ``body[i]``: (text, end) or None."""
    ch = body[i]
    if ch == "&":
        m = _ENTITY.match(body, i, limit)
        if m:
            decoded = html.unescape(m.group())
            if decoded != m.group():
                return decoded, m.end()
    elif ch == "%":
        m = _PERCENT.match(body, i, limit)
        if m:
            raw = bytes(int(m.group()[k + 1 : k + 3], 16) for k in range(0, len(m.group()), 3))
            try:
                decoded = raw.decode("utf-8")
            except UnicodeDecodeError:
                return None
            if decoded.isprintable():
                return decoded, m.end()
    elif ch == "\\":
        m = _BACKSLASH.match(body, i, limit)
        if m:
            decoded = chr(int(m.group()[2:], 16))
            if decoded.isprintable():
                return decoded, m.end()
    return None


def _is_alnum(ch: str) -> bool:
    return ch.isalnum()


def normalize_into(out: Builder, body: str, start: int, end: int, *, fold: bool = True) -> bool:
    """Append the matching form of ``body[start:end]`` to ``out``. One pass, linear.

    Returns True when the span held letters of a script that ``fold`` garbles (so a native view of
    it is worth building). Characters whose form is one character of their own are gathered and
    appended as one run (most of any text), so the per-character work stays in C."""
    folded_script = False
    pending_space = False
    i = start
    plain_match = _PLAIN.match
    buf: list[str] = []  # one-to-one forms of body[buf_start:buf_end]
    buf_start = buf_end = -1
    last = out.last_char()  # the view's last character, buffer included

    while i < end:
        m = plain_match(body, i, end)
        if m:
            if pending_space and last and last != " ":
                if buf:
                    out.add_run("".join(buf), buf_start)
                    buf = []
                out.add(" ", i - 1, i)
            pending_space = False
            text = m.group().lower()
            if buf and buf_end == i:
                buf.append(text)
            else:
                if buf:
                    out.add_run("".join(buf), buf_start)
                buf, buf_start = [text], i
            buf_end = i = m.end()
            last = text[-1]
            continue
        ch = body[i]
        if ch in " \t" or ch in _LINE_BREAKS:
            pending_space = True
            i += 1
            continue
        if ch in "&%\\":
            decoded = _decode_escape(body, i, end)
            if decoded is not None:
                text, j = decoded
                form = "".join(char_form(c, fold) for c in text)
                form = " ".join(form.split()) if form.strip() else ""
                if form:
                    if buf:
                        out.add_run("".join(buf), buf_start)
                        buf = []
                    if (pending_space or text[0].isspace()) and last and last != " ":
                        out.add(" ", i - 1, i)  # ("%20%64" decodes to " d": its space separates words too)
                    out.add(form, i, j)
                    last = form[-1]
                    pending_space = text[-1].isspace()
                elif text.isspace():
                    pending_space = True  # "&#x20;", "%20": an encoded space still separates words
                i = j
                continue
        if ch in "*_`~":
            prev = body[i - 1] if i > start else " "
            nxt = body[i + 1] if i + 1 < end else " "
            if ch == "`" or (ch == "~" and "~" in (prev, nxt)):
                i += 1
                continue
            if ch == "_" and prev.isalnum() and nxt.isalnum():
                pass  # snake_case: keep
            elif ch == "*" and not (prev.isalnum() or nxt.isalnum() or "*" in (prev, nxt)):
                pass  # a glob ("./*", "rm -rf *"): keep
            elif ch in "*_":
                i += 1  # emphasis ("**never**", "ig**nore**", "_word_")
                continue
        form = char_form(ch, fold)
        if not folded_script and fold and not ch.isascii() and is_folded_script(ch):
            folded_script = True
        if not form:
            i += 1
            continue
        if form == " " or form.isspace():
            pending_space = True
            i += 1
            continue
        if pending_space and last and last != " ":
            if buf:
                out.add_run("".join(buf), buf_start)
                buf = []
            out.add(" ", i - 1, i)
        pending_space = False
        if len(form) == 1:
            if buf and buf_end == i:
                buf.append(form)
            else:
                if buf:
                    out.add_run("".join(buf), buf_start)
                buf, buf_start = [form], i
            buf_end = i + 1
        else:
            if buf:
                out.add_run("".join(buf), buf_start)
                buf = []
            out.add(form, i, i + 1)
        last = form[-1]
        i += 1
    if buf:
        out.add_run("".join(buf), buf_start)
    return folded_script


def normalize(body: str, *, fold: bool = True) -> View:
    """The base view of a whole body (the public, stand-alone form of ``normalize_into``)."""
    out = Builder()
    normalize_into(out, body, 0, len(body), fold=fold)
    return out.build()


# --------------------------------------------------------------------------- derived views

#: Words worth decoding an obfuscation for: a spaced, split or leet word is only read again when it
#: reads as one of these (so ordinary hyphenated words and version numbers cost nothing).
HOT_WORDS = re.compile(
    r"ignor|disregard|forget|forgot|overrid|overrul|bypass|circumvent|disabl|deactivat|skip|omit|delet|remov|eras|"
    r"wip|purg|destroy|drop|truncat|nuke|send|upload|post|exfil|leak|forward|email|mail|secret|token|credential|"
    r"passw|apikey|api_?key|private|ssh|aws|\benv|previous|prior|instruct|rule|credo|oath|safe|guard|sandbox|"
    r"test|verif|check|pass|succe|green|report|claim|declar|note|memor|progress|learn|decision|commit|push|forc|"
    r"reset|clean|revert|discard|uncommit|histor|approv|confirm|permiss|consent|abandon|procedur|checklist|"
    r"fake|fabric|xfail|assert|hid|conceal|unrestrict|jailbreak|system|prompt|void|obsolet|suspend|waive|"
    r"custom|user|data|backup|product|databas|\brm\b|rf\b|git|curl|wget|exec|run\b|follow|obey|apply|protect|"
    r"evidence|procedure|workspace|knowledge|danger|yolo|admin|root|sudo|chmod|shutdown|kill|wallet|bank|card|"
    r"hand.?o(?:ver|ff)|document|summar|journal|record|pitfall|lesson"
)

_LEET = str.maketrans(
    {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g", "@": "a", "$": "s"}
)
#: A sign of leetspeak: a digit or symbol between two letters ("d3lete", "sk1p", "pr3v10us").
LEET_HINT = re.compile(r"[a-z][0-9@$|!]{1,2}[a-z]")
_LEET_RUN = re.compile(r"[a-z0-9@$|!']+")


def _leet_tokens(text: str) -> list[tuple[int, int]]:
    """Spans of the tokens of ``text`` that mix letters with digits or symbols."""
    spans = []
    for m in _LEET_RUN.finditer(text):
        token = m.group().rstrip("!")
        if len(token) >= 3 and any(c.isalpha() for c in token) and any(not c.isalpha() for c in token):
            spans.append((m.start(), m.start() + len(token)))
    return spans


def leet_views(text: str) -> list[str]:
    """Same-length readings of ``text`` with its leet tokens as letters ("1" as "i", then as "l")."""
    spans = _leet_tokens(text)
    if not spans:
        return []
    first = list(text)
    for a, b in spans:
        token = text[a:b]
        first[a:b] = "".join(("i" if c == "!" else "l") if c in "!|" else c for c in token.translate(_LEET))
    views = ["".join(first)]
    if not any(HOT_WORDS.search(views[0][a:b]) or HOT_WORDS.search(views[0][a:b].replace("1", "l")) for a, b in spans):
        return []  # nothing hidden behind the digits: "i18n", "h2o", "utf8" read as they are
    if any("1" in text[a:b] for a, b in spans):
        second = list(views[0])
        for a, b in spans:
            for k in range(a, b):
                if text[k] == "1":
                    second[k] = "l"
        views.append("".join(second))
    return views


_SEPARATORS = " .-_·•*/|"
#: Single letters each followed by one separator ("i g n o r e", "d.e.l.e.t.e", "s-k-i-p"): the run
#: is matched greedily and its edges checked in Python, so no start is ever retried.
_SPACED_RUN = re.compile(r"[^\W\d_](?:[ .\-_·•*/|][^\W\d_])+")
#: A word split once inside ("ig-nore", "dis.regard", "de_lete").
_SPLIT_WORD = re.compile(r"(?<=[^\W\d_]{2})[.\-_·•](?=[^\W\d_]{2})")
#: Whether a unit is worth a joined view at all.
JOIN_HINT = re.compile(
    r"(?:^|[^\w])[^\W\d_][ .\-_·•*/|][^\W\d_][ .\-_·•*/|][^\W\d_](?:[^\w]|$)|[^\W\d_]{2}[.\-·•_][^\W\d_]{2}"
)


#: RE2 (one DFA pass): ASCII letters spaced or dotted one by one, or words split by a separator.
_JOIN_TOKEN = re2.compile(r"\b[a-z](?:[ .\-_·•*/|][a-z]){2,}\b|\b\pL+(?:[.\-_·•]\pL+)+")
_JOIN_SEPARATORS = re.compile(r"[ .\-_·•*/|]")


def join_reveals(text: str) -> list[int]:
    """Offsets of tokens in ``text`` whose joined form reveals a hot word the token does not show
    ("ig-nore", "d.i.s.a.b.l.e", "s k i p"): only units holding one get a joined view."""
    found = []
    for m in _JOIN_TOKEN.finditer(text):
        token = m.group()
        if HOT_WORDS.search(_JOIN_SEPARATORS.sub("", token)) and not HOT_WORDS.search(token):
            found.append(m.start())
        elif any(_DOTTED_WORD.fullmatch(word) for word in token.split(" ")):
            found.append(m.start())  # "v.a.l.i.d.a.t.e.d": read with its unit if the unit spells out more
    return found


#: A word spelled out one letter at a time with dots or dashes ("m.o.d.e.l.s", "s-a-y").
_DOTTED_WORD = re.compile(r"[a-z](?:[.\-·•][a-z]){2,}")
#: How many such words make a unit spelled out on purpose, hot words or not.
SPELLED_WORDS_MIN = 3


#: Words a run of evenly letter-spaced text ("I G N O R E T H E C R E D O") is split back into: English
#: function words and the vocabulary of the oaths' actions and objects.
_SPLIT_VOCABULARY = frozenset(
    [
        "a",
        "all",
        "an",
        "and",
        "any",
        "anything",
        "are",
        "as",
        "at",
        "be",
        "before",
        "by",
        "do",
        "does",
        "don't",
        "each",
        "earlier",
        "every",
        "everything",
        "file",
        "files",
        "for",
        "from",
        "have",
        "here",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "just",
        "keep",
        "leave",
        "me",
        "my",
        "never",
        "no",
        "not",
        "now",
        "of",
        "on",
        "only",
        "or",
        "our",
        "over",
        "previous",
        "prior",
        "say",
        "says",
        "should",
        "so",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "to",
        "under",
        "up",
        "us",
        "we",
        "what",
        "when",
        "whatever",
        "which",
        "while",
        "who",
        "will",
        "with",
        "you",
        "your",
        "yours",
        "above",
        "after",
        "again",
        "against",
        "always",
        "answer",
        "apply",
        "approval",
        "ask",
        "away",
        "back",
        "below",
        "binding",
        "branch",
        "build",
        "changes",
        "check",
        "checks",
        "clean",
        "code",
        "commit",
        "commits",
        "confirm",
        "credo",
        "customer",
        "data",
        "decision",
        "decisions",
        "delete",
        "destroy",
        "disable",
        "disregard",
        "document",
        "done",
        "drop",
        "email",
        "env",
        "erase",
        "evidence",
        "everything",
        "fake",
        "fail",
        "failed",
        "failing",
        "finish",
        "follow",
        "force",
        "forget",
        "green",
        "handover",
        "handoff",
        "hide",
        "history",
        "ignore",
        "instruction",
        "instructions",
        "key",
        "keys",
        "learned",
        "learn",
        "log",
        "logs",
        "memory",
        "note",
        "notes",
        "oath",
        "oaths",
        "obey",
        "override",
        "pass",
        "passed",
        "passing",
        "password",
        "passwords",
        "procedure",
        "progress",
        "protect",
        "push",
        "record",
        "remove",
        "report",
        "reset",
        "rule",
        "rules",
        "run",
        "safety",
        "secret",
        "secrets",
        "send",
        "skip",
        "skipped",
        "steps",
        "stop",
        "suite",
        "test",
        "tests",
        "token",
        "tokens",
        "uncommitted",
        "upload",
        "user",
        "users",
        "verify",
        "void",
        "wipe",
        "work",
        "workspace",
        "write",
        "written",
        "counts",
        "only",
        "comes",
        "line",
        "later",
        "new",
        "answer",
    ]
)
_MAX_VOCABULARY_WORD = max(len(w) for w in _SPLIT_VOCABULARY)


def split_words(word: str) -> list[int] | None:
    """Where to break ``word`` (letters run together) into vocabulary words: the indices that start a new
    word, or None when the whole run does not read as such words. Linear in the run (bounded word length)."""
    n = len(word)
    if n < 6 or n > 400:
        return None
    best: list[tuple[int, int] | None] = [None] * (n + 1)  # (words used, previous break)
    best[0] = (0, -1)
    for i in range(1, n + 1):
        for k in range(max(0, i - _MAX_VOCABULARY_WORD), i):
            if best[k] is not None and word[k:i] in _SPLIT_VOCABULARY:
                cand = (best[k][0] + 1, k)
                if best[i] is None or cand[0] < best[i][0]:
                    best[i] = cand
    if best[n] is None or best[n][0] < 2:
        return None
    breaks, i = [], n
    while i > 0:
        i = best[i][1]
        if i > 0:
            breaks.append(i)
    return sorted(breaks)


def joined_view(view: View, start: int, end: int) -> tuple[str, list[int], list[int]] | None:
    """``view.text[start:end]`` with letter-spaced words and split words joined, or None if none.

    A gap between two spaced letters that was wider in the original (two spaces, a line break)
    is kept as a word break, so "I G N O R E  A L L" reads "ignore all"."""
    text = view.text[start:end]
    drop: set[int] = set()
    spelled_words = 0
    for m in _SPACED_RUN.finditer(text):
        a, b = m.start(), m.end()
        if a > 0 and text[a - 1].isalpha():
            a += 2  # the first letter ends a longer word
        if b < len(text) and text[b].isalpha():
            b -= 2  # the last letter starts a longer word
        if b - a < 5:
            continue  # fewer than three spaced letters
        # "d.i.s.a.b.l.e the s.a.f.e.t.y c.h.e.c.k.s": when letters are joined by dots or dashes, a space
        # between them is a word break.
        dotted = any(text[k] != " " for k in range(a + 1, b, 2))
        spelled_words += sum(1 for word in text[a:b].split(" ") if _DOTTED_WORD.fullmatch(word))
        for k in range(a + 1, b, 2):
            left, right = start + k - 1, start + k + 1
            if text[k] != " " or (not dotted and view.starts[right] - view.ends[left] <= 1):
                drop.add(k)
    spelled = set(drop)  # separators between single letters, not inside a split word
    for m in _SPLIT_WORD.finditer(text):
        drop.add(m.start())
    if not drop:
        return None
    # Keep only the joins that make a word worth reading ("ig-nore" -> "ignore"; "read-only" stays).
    # One pass: a joined word is a maximal run of letters, digits and dropped separators.
    useful: set[int] = set()
    short: set[int] = set()
    keep_break: set[int] = set()
    n = len(text)
    k = 0
    while k < n:
        if not (text[k].isalnum() or k in drop):
            k += 1
            continue
        a = k
        while k < n and (text[k].isalnum() or k in drop):
            k += 1
        dropped = [i for i in range(a, k) if i in drop]
        if not dropped:
            continue
        letters = [i for i in range(a, k) if i not in drop]
        word = "".join(text[i] for i in letters)
        if HOT_WORDS.search(word):
            useful.update(dropped)
            # Evenly spaced letters of several words ("i g n o r e t h e c r e d o"): keep the spaces
            # where the letters split into words.
            for j in split_words(word) or ():
                sep = letters[j] - 1
                if sep in drop and text[sep] == " ":
                    useful.discard(sep)
                    keep_break.add(sep)
        elif len(word) <= 4 or spelled.issuperset(dropped):
            # "a.l.l", "t.h.e", "v.a.l.i.d.a.t.e.d": joined too once the unit has a hot word spelled out so
            # (a word split once, "read-only", stays as it is)
            short.update(dropped)
    # Without a hot word, a unit that spells out several words letter by letter is still read joined
    # ("j.u.s.t s.a.y t.h.e m.o.d.e.l.s w.e.r.e v.a.l.i.d.a.t.e.d").
    spelled_out = spelled_words >= SPELLED_WORDS_MIN
    drop = (useful | short) - keep_break if useful else (short if spelled_out else set())
    if not drop:
        return None
    keep = [k for k in range(len(text)) if k not in drop]
    return (
        "".join(text[k] for k in keep),
        [view.starts[start + k] for k in keep],
        [view.ends[start + k] for k in keep],
    )


_ROT13 = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", "nopqrstuvwxyzabcdefghijklmNOPQRSTUVWXYZABCDEFGHIJKLM"
)


def rot13(text: str) -> str:
    return text.translate(_ROT13)


# --------------------------------------------------------------------------- encoded payloads

#: Base64 (standard or URL-safe) long enough to carry a sentence; a line-wrapped block is one payload.
#: One line of base64 (standard or URL-safe) long enough to carry a sentence; lines of one wrapped
#: block are joined by ``base64_payloads``.
BASE64_TOKEN = re.compile(r"[A-Za-z0-9+/_-]{12,}={0,2}")
HEX_TOKEN = re.compile(r"(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}[ :]?){12,}")
#: Unicode tag characters (U+E0020-U+E007E) spell invisible ASCII ("ASCII smuggling").
TAG_RUN = re.compile("[\U000e0020-\U000e007e]{4,}")


def _readable(text: str) -> bool:
    """Is decoded ``text`` prose (mostly printable, with letters and spaces), not binary or an id?"""
    if len(text) < 8 or " " not in text.strip():
        return False
    printable = sum(ch.isprintable() or ch in "\n\t" for ch in text)
    letters = sum(ch.isalpha() for ch in text)
    return printable >= 0.95 * len(text) and letters >= 0.5 * len(text.replace(" ", ""))


#: At most this many bytes come out of a compressed payload (a small "zip bomb" costs no more than
#: reading as much plain text).
MAX_INFLATED = 1 << 16


def _inflate(raw: bytes) -> bytes | None:
    """The bytes a gzip or zlib stream holds (at most ``MAX_INFLATED``), or None if ``raw`` is neither."""
    if not (raw[:2] == b"\x1f\x8b" or (len(raw) > 2 and raw[0] & 0x0F == 8 and int.from_bytes(raw[:2]) % 31 == 0)):
        return None
    try:
        return zlib.decompressobj(wbits=47).decompress(raw, MAX_INFLATED)
    except zlib.error:
        return None


def _bytes_text(raw: bytes) -> str | None:
    """Decoded bytes as text: UTF-8, the same inflated when compressed (gzip, zlib), or UTF-16 when
    every other byte is zero ("TQBhAHIAawAg...")."""
    inflated = _inflate(raw)
    if inflated is not None:
        raw = inflated
    elif len(raw) >= 8 and raw.count(0) * 3 >= len(raw):
        for codec in ("utf-16-le", "utf-16-be"):
            try:
                text = raw.decode(codec)
            except UnicodeDecodeError:
                continue
            if text.isprintable():
                return text
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def decode_base64(token: str, short: bool = False, depth: int = 2) -> str | None:
    """The text a base64 token encodes, if it reads as prose (``short``: a short command is enough).
    A token that decodes to another base64 token is decoded again (``depth`` levels: "decode twice")."""
    compact = "".join(token.split())
    if compact.isalpha() or compact.isdigit():
        return None  # a plain long word or number, not an encoding
    compact = compact.replace("-", "+").replace("_", "/")
    if compact.startswith("=") and not compact.endswith("="):
        compact = compact[::-1]  # "==gLn9Gb...": base64 written backwards
    compact += "=" * (-len(compact) % 4)
    try:
        raw = codecs.decode(compact.encode("ascii"), "base64")
    except ValueError:
        return None
    text = _bytes_text(raw)
    if text is None:
        return None
    if short and text.isprintable() and " " in text.strip():
        return text
    if depth > 1 and not _readable(text) and len(text.strip()) >= 16 and BASE64_TOKEN.fullmatch(text.strip()):
        return decode_base64(text.strip(), short, depth - 1)
    return _readable_form(text)


def _readable_form(text: str) -> str | None:
    """``text`` if it reads as prose, else its ROT13 or its reversal if one of those does (a payload
    encoded twice: "base64, then ROT13"), else None."""
    if _english_words(text) < 2:
        for variant in (rot13(text), text[::-1]):
            if _readable(variant) and _english_words(variant) >= 2:
                return variant
    return text if _readable(text) else None


_ENGLISH_WORDS = re.compile(
    r"\b(?:the|and|you|your|to|of|a|is|are|that|it|for|all|with|be|this|not|every|what|in|on|as|do|don't|"
    r"never|always|any|from|they|them|so|if|when|into)\b",
    re.IGNORECASE,
)


def _english_words(text: str) -> int:
    return len(_ENGLISH_WORDS.findall(text))


#: Runs of byte codes: 8-bit binary, octal or decimal numbers separated by spaces or commas.
BYTE_CODES = re2.compile(r"(?:\d{1,8}[\s,]+){11,}\d{1,8}")


def decode_byte_codes(run: str) -> str | None:
    """The text a run of byte codes spells (binary, octal or decimal, whichever reads as prose)."""
    numbers = re.split(r"[\s,]+", run.strip())
    bases = [2] if all(len(n) == 8 and set(n) <= {"0", "1"} for n in numbers) else [8, 10]
    for base in bases:
        if base == 8 and not all(set(n) <= set("01234567") for n in numbers):
            continue
        try:
            codes = [int(n, base) for n in numbers]
        except ValueError:
            continue
        if all(9 <= c <= 126 or 160 <= c < 0x10000 for c in codes):
            text = "".join(map(chr, codes))
            if _readable(text):
                return text
    return None


#: A base85 (Python's ``b85`` alphabet) token long enough to carry a sentence.
BASE85_TOKEN = re.compile(r"[0-9A-Za-z!#$%&()*+\-;<=>?@^_`{|}~]{20,}")


def decode_base85(token: str) -> str | None:
    try:
        text = base64.b85decode(token).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    return _readable_form(text)


_ROT47 = {c: 33 + (c - 33 + 47) % 94 for c in range(33, 127)}


def rot47(text: str) -> str:
    return text.translate(_ROT47)


_MORSE = {
    ".-": "a", "-...": "b", "-.-.": "c", "-..": "d", ".": "e", "..-.": "f", "--.": "g", "....": "h", "..": "i",
    ".---": "j", "-.-": "k", ".-..": "l", "--": "m", "-.": "n", "---": "o", ".--.": "p", "--.-": "q", ".-.": "r",
    "...": "s", "-": "t", "..-": "u", "...-": "v", ".--": "w", "-..-": "x", "-.--": "y", "--..": "z",
    "-----": "0", ".----": "1", "..---": "2", "...--": "3", "....-": "4", ".....": "5", "-....": "6",
    "--...": "7", "---..": "8", "----.": "9", ".-.-.-": ".", "--..--": ",", "..--..": "?", "-.-.--": "!",
}  # fmt: skip
#: Morse code: letters of dots and dashes separated by spaces, words by " / ".
MORSE_RUN = re2.compile(r"(?:[.-]{1,6}(?: +/ +| +)){7,}[.-]{1,6}")


def decode_morse(run: str) -> str | None:
    words = []
    for word in re.split(r"\s*/\s*", run.strip()):
        letters = [_MORSE.get(code) for code in word.split()]
        if None in letters:
            return None
        words.append("".join(letters))
    text = " ".join(words)
    return text if _english_words(text) >= 2 else None


#: Letters as numbers (a=1 ... z=26) joined by dashes, words split by slashes or spaces.
A1Z26_RUN = re2.compile(r"(?:\d{1,2}(?:-\d{1,2})+(?:\s*/\s*|\s+)){3,}\d{1,2}(?:-\d{1,2})*")


def decode_a1z26(run: str) -> str | None:
    words = []
    for word in re.split(r"\s*/\s*|\s+", run.strip()):
        try:
            codes = [int(n) for n in word.split("-") if n]
        except ValueError:
            return None
        if not codes or not all(1 <= c <= 26 for c in codes):
            return None
        words.append("".join(chr(96 + c) for c in codes))
    text = " ".join(words)
    return text if _english_words(text) >= 2 else None


#: Base32 with the extended-hex alphabet (RFC 4648, section 7).
BASE32HEX_TOKEN = re2.compile(r"[0-9A-V]{16,}={0,6}")


def decode_base32hex(token: str) -> str | None:
    compact = token.rstrip("=")
    try:
        text = base64.b32hexdecode(compact + "=" * (-len(compact) % 8)).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    return _readable_form(text)


_BRAILLE = dict(zip("⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵", "abcdefghijklmnopqrstuvwxyz", strict=True))
BRAILLE_RUN = re2.compile(r"[\x{2801}-\x{283F}][\x{2800}-\x{283F} .,]{10,}")


def decode_braille(run: str) -> str | None:
    text = "".join(_BRAILLE.get(ch, " " if ch in " \u2800" else ch) for ch in run)
    return text if _english_words(text) >= 2 else None


_LOWER = "abcdefghijklmnopqrstuvwxyz"
#: One translation table per shift: every ASCII letter moved back by that many places.
_CAESAR = [
    str.maketrans(_LOWER + _LOWER.upper(), _LOWER[-k:] + _LOWER[:-k] + (_LOWER[-k:] + _LOWER[:-k]).upper()) if k else {}
    for k in range(26)
]


def caesar(text: str, shift: int) -> str:
    """``text`` with every ASCII letter moved back by ``shift`` places."""
    return text.translate(_CAESAR[shift % 26])


def caesar_reading(text: str) -> str | None:
    """The shift of ``text`` (other than 0 and ROT13's 13) that reads best as English, if one reads
    better than ``text`` itself."""
    best, best_score = None, max(0, _english_words(text))
    for shift in range(1, 26):
        if shift == 13:
            continue
        shifted = caesar(text, shift)
        score = _english_words(shifted)
        if score > best_score:
            best, best_score = shifted, score
    return best


#: Ascii85 between its Adobe delimiters ("<~ ... ~>").
ASCII85_BLOCK = re.compile(r"<~([!-u\s]{10,})~>")


def decode_ascii85(block: str) -> str | None:
    """The text an Adobe Ascii85 block (without its ``<~ ~>``) encodes, if it reads as prose."""
    try:
        text = base64.a85decode("".join(block.split())).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    return text if _readable(text) else None


_BASE32 = re.compile(r"[A-Z2-7]{16,}")


def decode_base32(token: str) -> str | None:
    """The text a base32 token (upper-case letters and digits 2-7) encodes, if it reads as prose."""
    compact = "".join(token.split()).rstrip("=")
    if not _BASE32.fullmatch(compact) or compact.isalpha():
        return None
    try:
        raw = base64.b32decode(compact + "=" * (-len(compact) % 8))
        text = raw.decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    return text if _readable(text) else None


def decode_hex(token: str) -> str | None:
    digits = "".join(ch for ch in token if ch not in " :")
    if len(digits) % 2:
        digits = digits[:-1]
    try:
        text = bytes.fromhex(digits).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    return text if _readable(text) else None


#: A run of invisible characters: zero-width space and (non-)joiner, word joiner, invisible operators,
#: byte order mark, Mongolian vowel separator. Two of them alternating are bits.
INVISIBLE_RUN = re.compile("[\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff\u180e]{16,}")
#: Variation selectors (VS1-VS256) carrying one byte each.
SELECTOR_RUN = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]{6,}")
#: White space at the end of a line (before its break).
TRAILING_SPACE = re.compile(r"[ \t]+(?=\r?\n|$)")


def decode_bits(marks: str) -> str | None:
    """Text written in two marks as bits (8 to a byte, the high bit first), whichever mark is 1: the
    payload of zero-width or invisible characters, or of spaces and tabs at line ends."""
    kinds = sorted(set(marks))
    if len(kinds) != 2 or len(marks) < 16:
        return None
    for one in kinds:
        bits = "".join("1" if ch == one else "0" for ch in marks)
        data = bytes(int(bits[k : k + 8], 2) for k in range(0, len(bits) - 7, 8))
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if _readable(text):
            return text
    return None


def decode_selectors(run: str) -> str | None:
    """Bytes hidden as variation selectors (VS1-VS16 are 0-15, VS17-VS256 are 16-255)."""
    data = bytes(ord(ch) - 0xFE00 if ord(ch) < 0x10000 else ord(ch) - 0xE0100 + 16 for ch in run)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text if _readable(text) else None


def trailing_bits(body: str) -> tuple[int, int, str] | None:
    """(start, end, decoded) of a message written as spaces and tabs at the ends of lines, if any."""
    runs = [m for m in TRAILING_SPACE.finditer(body)]
    marks = "".join(m.group() for m in runs)
    if " " not in marks or "\t" not in marks:
        return None
    decoded = decode_bits(marks)
    if decoded is None:
        return None
    # The span opens at the start of the first line that carries bits (white space after a line's text
    # belongs to no unit; the line does).
    return body.rfind("\n", 0, runs[0].start()) + 1, runs[-1].end(), decoded


def decode_tags(run: str) -> str:
    return "".join(chr(ord(ch) - 0xE0000) for ch in run)


#: A uuencoded block: "begin 644 name", lines of data, "end".
UU_BEGIN = re.compile(r"(?m)^[ \t]*begin(?:-base64)? [0-7]{3,4} [^\n]*\n")
UU_END = re.compile(r"(?m)^[ \t]*end[ \t]*$")
#: At most this many lines are read from one uuencoded block.
MAX_UU_LINES = 2000


def uu_blocks(body: str) -> list[tuple[int, int, str]]:
    """(start, end, decoded text) of each uuencoded block in ``body`` that decodes to prose."""
    found = []
    pos = 0
    while True:
        begin = UU_BEGIN.search(body, pos)
        if begin is None:
            return found
        raw = bytearray()
        at = begin.end()
        for _ in range(MAX_UU_LINES):
            eol = body.find("\n", at)
            line = body[at : len(body) if eol == -1 else eol].rstrip("\r")
            if UU_END.fullmatch(line) or eol == -1:
                break
            if line.strip() and line.strip() != "`":
                try:
                    raw += binascii.a2b_uu(line.strip("\t"))
                except binascii.Error:
                    break
            at = eol + 1
        end = at + len(line) if eol == -1 else at
        text = _bytes_text(bytes(raw)) if raw else None
        text = _readable_form(text) if text else None
        if text is not None:
            found.append((begin.start(), max(end, begin.end()), text))
        pos = max(end, begin.end())


_BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_BASE58_VALUE = {ch: k for k, ch in enumerate(_BASE58)}
#: A base58 (Bitcoin alphabet) token long enough to carry a sentence.
BASE58_TOKEN = re2.compile(r"\b[1-9A-HJ-NP-Za-km-z]{16,}\b")
#: Longer tokens are not read as base58 (its decoding costs the square of the length).
MAX_BASE58 = 2000


def decode_base58(token: str) -> str | None:
    if len(token) > MAX_BASE58:
        return None
    number = 0
    for ch in token:
        number = number * 58 + _BASE58_VALUE[ch]
    zeros = len(token) - len(token.lstrip("1"))
    raw = b"\0" * zeros + number.to_bytes((number.bit_length() + 7) // 8, "big")
    text = _bytes_text(raw)
    return _readable_form(text) if text else None


#: Runs of escapes: ``\x57\x72``, ``\u0049\u006e``, octal ``\123\141``, quoted-printable ``=45=6D``,
#: or a list of code points ``0x43, 0x6c`` / ``67, 108`` inside brackets.
ESCAPE_RUN = re2.compile(
    r"(?:\\x[0-9A-Fa-f]{2}){8,}|(?:\\u[0-9A-Fa-f]{4}){8,}|(?:\\[0-3][0-7]{2}){8,}|(?:=[0-9A-F]{2}){8,}"
    r"|(?:0x[0-9A-Fa-f]{1,6}\s*,\s*){7,}0x[0-9A-Fa-f]{1,6}"
)


def decode_escapes(run: str) -> str | None:
    """The text a run of ``ESCAPE_RUN`` spells, if it reads as prose."""
    if run.startswith("0x"):
        codes = [int(c, 16) for c in re.findall(r"0x([0-9A-Fa-f]{1,6})", run)]
        if not all(9 <= c < 0x110000 for c in codes):
            return None
        text = "".join(map(chr, codes))
    elif run.startswith("\\u"):
        text = "".join(chr(int(run[k + 2 : k + 6], 16)) for k in range(0, len(run), 6))
    else:
        if run.startswith("\\x"):
            raw = bytes(int(run[k + 2 : k + 4], 16) for k in range(0, len(run), 4))
        elif run.startswith("="):
            raw = bytes(int(run[k + 1 : k + 3], 16) for k in range(0, len(run), 3))
        else:
            raw = bytes(int(run[k + 1 : k + 4], 8) for k in range(0, len(run), 4))
        text = _bytes_text(raw)
    return _readable_form(text) if text else None


_NATO = {
    "alfa": "a", "alpha": "a", "bravo": "b", "charlie": "c", "delta": "d", "echo": "e", "foxtrot": "f",
    "golf": "g", "hotel": "h", "india": "i", "juliet": "j", "juliett": "j", "kilo": "k", "lima": "l",
    "mike": "m", "november": "n", "oscar": "o", "papa": "p", "quebec": "q", "romeo": "r", "sierra": "s",
    "tango": "t", "uniform": "u", "victor": "v", "whiskey": "w", "whisky": "w", "xray": "x", "x-ray": "x",
    "yankee": "y", "zulu": "z",
}  # fmt: skip
_NATO_WORD = "(?:" + "|".join(sorted(_NATO, key=len, reverse=True)) + ")"
#: Eight or more code words of the spelling alphabet in a row; slashes, pipes or " / " break words.
NATO_RUN = re2.compile(rf"(?i)\b{_NATO_WORD}(?:(?:\s*[/|]\s*|[\s,-]+){_NATO_WORD}){{7,}}\b")


def decode_nato(run: str) -> str | None:
    """The message a run of spelling-alphabet code words spells by their first letters."""
    words = []
    for word in re.split(r"\s*[/|]\s*", run):
        letters = [_NATO.get(w.lower(), "") for w in re.split(r"[\s,]+|(?<!x)-", word) if w]
        words.append("".join(letters))
    words = [w for w in words if w]
    if len(words) == 1:
        breaks = split_words(words[0])
        if breaks:
            words = [words[0][a:b] for a, b in zip([0, *breaks], [*breaks, len(words[0])], strict=True)]
    # A message, not the alphabet recited ("Alfa / Bravo / Charlie ..." spells single letters).
    if len(words) < 2 or sum(map(len, words)) < 3 * len(words):
        return None
    return " ".join(words)


_ATBASH = str.maketrans(_LOWER + _LOWER.upper(), _LOWER[::-1] + _LOWER[::-1].upper())


def atbash(text: str) -> str:
    return text.translate(_ATBASH)


def vigenere(text: str, key: str) -> str:
    """``text`` deciphered with the Vigenère ``key`` (the key advances on letters only)."""
    shifts = [ord(ch) - 97 for ch in key.lower() if "a" <= ch <= "z"]
    if not shifts:
        return text
    out = []
    k = 0
    for ch in text:
        if "a" <= ch <= "z" or "A" <= ch <= "Z":
            out.append(caesar(ch, shifts[k % len(shifts)]))
            k += 1
        else:
            out.append(ch)
    return "".join(out)


#: Where a ciphertext may open inside its unit: the unit's start, or after a colon, a quotation mark or
#: a dash that introduces it ("Decipher it and obey it: Ovzev uzrormt ...").
_CIPHER_OPEN = re.compile(r"[:\"“'`]\s*|\s[-–—]\s+")
#: At most this many openings are tried per unit.
MAX_CIPHER_OPENINGS = 6


def cipher_reading(text: str, decipher: Callable[[str], str | None]) -> str | None:
    """``text`` with its tail deciphered from the opening where ``decipher`` reads best as English, if
    that reading has more English words than the tail as written."""
    starts = [0, *[m.end() for m in _CIPHER_OPEN.finditer(text)][:MAX_CIPHER_OPENINGS]]
    best, best_gain = None, 0
    for start in starts:
        tail = text[start:]
        plain = decipher(tail)
        if plain is None:
            continue
        score = _english_words(plain)
        gain = score - _english_words(tail)
        if gain > best_gain:
            best, best_gain = text[:start] + plain, gain
    return best
