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

Derived views (leetspeak, letter-spaced words joined: ``obfuscation``; ROT13, ROT47 and other letter
substitutions: ``ciphers``) are per-character maps of a base view, built only for the units that show the
sign of that obfuscation. Encoded payloads are decoded by ``decoders``, invisible text by ``invisible``.

Every function here is a single linear pass. The tokenising expressions use Python's ``re`` with
plain character classes only (no nesting, no back-references), which cannot backtrack.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

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
