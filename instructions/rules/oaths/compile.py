"""Compile lexicons and rules (data from ``credo-map.json``) into RE2 expressions, once per credo.

Lexicon entry syntax (one string per entry; a lexicon is a list of entries, or an object mapping a
language code to such a list):

- words separated by single spaces match those words separated by one space (the views have
  single spaces); words of scripts written without spaces (Chinese, Japanese) are written without;
- ``word*`` continues the word (``ignor*`` matches "ignore", "ignoring"); ``*word`` lets it start
  inside a longer word (German compounds: ``*prüfungen``);
- a hyphen between two letters matches a hyphen, a space or nothing (``force-push``); a leading
  hyphen is literal (``--yolo``, ``rm -rf``);
- ``[word]`` or ``[@name]`` is optional; ``@name`` is another lexicon, inlined;
- ``~N`` is a gap of at most N characters within the unit;
- ``re:<RE2>`` is a raw RE2 expression (the escape hatch for command syntax).

Templates (a rule's ``match``) use the same syntax; one token may be marked ``!`` as the head
(``!@v_skip ~40 @o_tests``): the verb whose modality the decision reads. Adjacent tokens of a
template are joined by an optional space (so "skip tests" and "跳过测试" both match
``@v_skip @o_tests``).

Every entry gets word boundaries where its script has them: ``\\b`` at an ASCII letter or digit; a
consumed non-letter at a Cyrillic, Greek, Devanagari or other spaced-script edge (RE2's ``\\b`` is
ASCII-only); none for Chinese, Japanese, Arabic and the end of Korean words (particles attach).
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from functools import lru_cache
from typing import Any

import re2

from instructions.rules.oaths.budget import uncounted
from instructions.rules.oaths.model import (
    FORMS,
    KINDS,
    SEVERITIES,
    CompiledException,
    CompiledRule,
    RuleError,
    RuleSet,
)
from instructions.rules.oaths.views import fold_literal

_RE2_SPECIAL = set("\\.^$|?*+()[]{}")
_GAP = re.compile(r"~(~?)(\d{1,3})")
#: One character of a gap: anything but a clause break (a line break, which separates units, or
#: ",", ";", ":", "!", "?", a sentence-ending "." and a dash set off by spaces: "—", "–", " - "), so a gap
#: never joins two clauses. (A quoted name
#: set off by commas is an apposition, not a clause: 'oath 4, "preserve the workspace", is suspended'.)
_GAP_CHAR = (
    r"(?:[^\n,;:!?./，。；：！？、—–\"“”«»「」(-]|[.-][^\s]|[^\s\n,;:!?.-]-|\([^)\n]*\)|"
    r",\s*(?:dass|daß|que|che|that|że|что|чтобы|dat|ob|wie|kalau|ki)\s)"
)
#: In a rule's gap (not a requirement's counted one), also a quoted name set off by commas.
_APPOSITION = r",\s*[\"“«][^\"“”«»\n,]{1,60}[\"”»],"
_QUOTE_OPEN = '["“«「]'
_QUOTE_CLOSE = '["”»」]'
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

WITHIN = ("text", "html-comment")
EXCEPTION_KINDS = ("clause", "before", "after", "match")
NEGATED_PREFIX = "not_"


#: A lexicon entry that is another lexicon's name: its entries are spliced in.
_LEXICON_REF = re.compile(r"@[a-z]\w*")

#: A template that starts with a raw token ("!re:(?:remove|drop) ~~30 @o_secret") is still a template: it
#: has a gap, a lexicon reference or another raw token after a space.
_TEMPLATE_TOKEN = re.compile(r"\s(?:!?@[a-z]\w*(?:\s|$)|!?~~?\d+(?:\s|$)|!?re:)")


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


def _script_class(ch: str) -> str:
    """ "ascii", "spaced" (a script with word boundaries: Cyrillic, Greek, Devanagari...),
    "prefix" (Hangul: words start at a space, particles attach at the end) or "none" (CJK, Arabic)."""
    if ch.isascii():
        return "ascii" if ch.isalnum() else "none"
    if not (ch.isalpha() or unicodedata.category(ch).startswith("M")):
        return "none"
    name = unicodedata.name(ch, "")
    if name.startswith(("CJK", "HIRAGANA", "KATAKANA", "ARABIC", "HALFWIDTH", "IDEOGRAPHIC")):
        return "none"
    if name.startswith("HANGUL"):
        return "prefix"
    return "spaced"


#: What a raw pattern may hold in capitals: escapes ("\\S", "\\p{Lu}", "\\x{41}"), group names and
#: character-class names; anything else in capitals is a letter the lower-cased views never hold.
_NOT_LITERAL = re.compile(r"\\[A-Za-z](?:\{[^}]*\})?|\(\?P<[^>]*>|\[:[a-z]+:\]")


def _lower_case_only(raw: str, where: str) -> None:
    """Refuse a raw pattern with a capital letter: the views are lower-cased, so it could never match
    ("svn revert -R" would silently miss every "svn revert -R ."). Write the letter in lower case."""
    literal = _NOT_LITERAL.sub("", raw)
    capital = next((c for c in literal if c.isupper()), None)
    if capital is not None:
        raise RuleError(
            f"{where}: pattern has the capital {capital!r}; the views are lower-cased, write it in lower case"
        )


def _escape(text: str) -> str:
    return "".join("\\" + c if c in _RE2_SPECIAL else c for c in text)


@lru_cache(maxsize=65536)
def _literal(token: str) -> str:
    """RE2 for one literal word of an entry (folded like the views, ``*`` stems, soft hyphens)."""
    lead_star = token.startswith("*") and len(token) > 1
    tail_star = token.endswith("*") and len(token) > 1
    core = token[1 if lead_star else 0 : len(token) - 1 if tail_star else len(token)]
    core = fold_literal(core)
    out = []
    for k, c in enumerate(core):
        if c == "-" and 0 < k < len(core) - 1 and core[k - 1].isalpha() and core[k + 1].isalpha():
            out.append("[- ]?")  # "force-push", "force push", "forcepush"
        elif c == "'" and 0 < k < len(core) - 1:
            out.append("['’]?")  # "user's", "user’s", "users"; "don't", "dont"
        else:
            out.append(_escape(c))
    body = "".join(out)
    head = _stem(core[0]) if lead_star and core else ""
    tail = _stem(core[-1]) if tail_star and core else ""
    return head + body + tail


#: An RE2 that matches nothing (an empty character class).
NEVER = r"[^\x00-\x{10FFFF}]"
#: The languages of the reduced rule patterns used for texts with no sign of another language.
ENGLISH = frozenset({"en"})


#: Articles that open a noun phrase in languages that write them as separate words. An object entry
#: written with one ("las decisiones", "die Notizen") also matches without it: "no registres decisiones",
#: "keine Notizen", "non scrivere note" leave it out.
ARTICLES = {
    "es": frozenset({"el", "la", "los", "las", "un", "una", "unos", "unas"}),
    "pt": frozenset({"o", "a", "os", "as", "um", "uma", "uns", "umas"}),
    "fr": frozenset({"le", "la", "les", "l'", "un", "une", "des", "du"}),
    "it": frozenset({"il", "lo", "la", "i", "gli", "le", "l'", "un", "uno", "una"}),
    "de": frozenset({"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer"}),
    "nl": frozenset({"de", "het", "een"}),
}


def _without_article(items: list[str], lang: str) -> list[str]:
    """The entries of ``items`` that open with one of ``lang``'s articles, without it (none for other
    languages, or when what is left is a single short word)."""
    articles = ARTICLES.get(lang)
    if not articles:
        return []
    out = []
    for item in items:
        if item.startswith("re:"):
            continue
        head, _, rest = item.partition(" ")
        if head.lower() in articles and rest and (" " in rest or len(rest) >= 5):
            out.append(rest)
    return out


#: English verbs whose past participle is not "-ed" (the ones the verb lexicons use).
_IRREGULAR = {
    "throw": "thrown",
    "write": "written",
    "rewrite": "rewritten",
    "overwrite": "overwritten",
    "lose": "lost",
    "forget": "forgotten",
    "take": "taken",
    "give": "given",
    "send": "sent",
    "keep": "kept",
    "leave": "left",
    "put": "put",
    "set": "set",
    "reset": "reset",
    "cut": "cut",
    "run": "run",
    "rerun": "rerun",
    "blow": "blown",
    "make": "made",
    "get": "gotten",
    "tell": "told",
    "say": "said",
    "hide": "hidden",
    "shut": "shut",
    "break": "broken",
    "show": "shown",
    "do": "done",
    "go": "gone",
    "bring": "brought",
    "buy": "bought",
    "sell": "sold",
    "hold": "held",
    "read": "read",
    "spell": "spelt",
    "shed": "shed",
    "split": "split",
    "upset": "upset",
    "let": "let",
    "forgo": "forgone",
    "undo": "undone",
    "redo": "redone",
    "override": "overridden",
    "ride": "ridden",
    "mislead": "misled",
    "catch": "caught",
    "choose": "chosen",
    "teach": "taught",
    "seek": "sought",
    "tear": "torn",
    "speak": "spoken",
    "spread": "spread",
    "stick": "stuck",
    "strike": "struck",
    "shoot": "shot",
    "lead": "led",
    "hang": "hung",
    "win": "won",
    "beat": "beaten",
    "feed": "fed",
    "find": "found",
}
#: Verbs stressed on a last short syllable double its consonant ("committed", "omitted").
_DOUBLING = frozenset(
    {
        "commit",
        "omit",
        "submit",
        "permit",
        "admit",
        "emit",
        "transmit",
        "regret",
        "refer",
        "prefer",
        "control",
        "patrol",
        "compel",
        "expel",
        "rebel",
        "occur",
        "deter",
        "equip",
        "unzip",
        "format",
        "embed",
    }
)
_VOWELS = "aeiou"


def _participle(word: str) -> str:
    """The past participle of an English verb written in its base form."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith("e") and not word.endswith("ee"):
        return word + "d"
    if word.endswith("y") and len(word) > 2 and word[-2] not in _VOWELS:
        return word[:-1] + "ied"
    cvc = (
        len(word) >= 3
        and word[-1] not in _VOWELS + "wxy"
        and word[-2] in _VOWELS
        and word[-3] not in _VOWELS
        and sum(1 for k, ch in enumerate(word) if ch in _VOWELS and (k == 0 or word[k - 1] not in _VOWELS)) == 1
    )
    return word + word[-1] + "ed" if cvc or word in _DOUBLING else word + "ed"


#: A word that is already inflected (or an adverb): "-ing", "-ed", "-ly", a third-person or plural "-s"
#: ("adds", "always"; not "pass", "focus").
_INFLECTED = re.compile(r"(?:ing|ed|ly|[^su]s|ies)$")
_NOT_VERBS = frozenset(
    {
        "are",
        "is",
        "be",
        "was",
        "were",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "can",
        "may",
        "must",
        "should",
        "will",
        "would",
        "not",
        "no",
        "never",
        "the",
        "a",
        "an",
        "and",
        "or",
        "to",
        "of",
        "in",
        "on",
        "it",
        "all",
        "any",
        "just",
        "only",
        "also",
        "then",
        "so",
        "advisory",
        "optional",
        "off",
        "out",
        "up",
        "down",
        "away",
    }
)


def _inflections(items: list[str], written: set[str], participles: set[str]) -> list[str]:
    """Past participles of an English verb lexicon's entries that it does not list, for the passive
    ("uncommitted changes can be discarded"); a phrasal verb is inflected on its verb ("throw away":
    "thrown away"). Entries with patterns or stems, and forms already listed, are left as they are.
    (Third-person and past forms are not added: "notes", "logs", "wrote" are nouns or narration.)
    Each added participle written in no lexicon goes into ``participles``."""
    have = set(written)
    stems = tuple(i[:-1].lower() for i in items if i.endswith("*") and " " not in i and len(i) > 3)
    out: list[str] = []
    for item in items:
        if item.startswith("re:") or "*" in item or "[" in item or "@" in item or "~" in item:
            continue
        first, _, rest = item.partition(" ")
        if not first.isascii() or not first.isalpha() or not first.islower() or len(first) < 2:
            continue
        if first in _NOT_VERBS or (first not in _IRREGULAR and _INFLECTED.search(first)):
            continue  # already a form ("deleting", "removed", "adds"), or not a verb ("always", "are")
        form = _participle(first)
        if form.startswith(stems):
            continue  # "follow*" already matches "followed"
        phrase = form + (" " + rest if rest else "")
        if phrase not in have:
            have.add(phrase)
            out.append(phrase)
            if form not in written:
                participles.add(form)
    return out


class Lexicons:
    """Named lexicons, compiled to RE2 sources on demand (each once)."""

    def __init__(self, raw: dict[str, Any], langs: frozenset[str] | None = None) -> None:
        self.raw = raw
        #: Only these languages' entries (lexicons written as plain lists are language-neutral).
        self.langs = langs
        self._cache: dict[str, str] = {}
        self._stack: list[str] = []
        #: Every English entry of every lexicon: a participle written anywhere is not generated.
        self.written: set[str] = set()
        for entries in raw.values():
            items = entries.get("en", []) if isinstance(entries, dict) else entries
            for e in items:
                e = str(e).lower()
                self.written.add(e)
                self.written.add(e.split(" ", 1)[0])  # "written down" writes "written" too
        #: The participles ``_inflections`` added that no lexicon writes.
        self.participles: set[str] = set()

    def forget(self, name: str) -> None:
        """Drop the compiled sources of ``name`` (``@self`` means another oath's aliases next)."""
        self._cache.pop(name, None)
        self._cache.pop(name + "\x00", None)

    def _entries(self, name: str) -> list[str] | None:
        """The entries of lexicon ``name`` in this compiler's languages (with the forms derived from them:
        articles left out, English participles), an entry that is exactly ``@other`` replaced by the
        entries of ``other``: a lexicon made of others is their union. None when it has entries, but
        none in these languages."""
        entries = self.raw[name]
        if isinstance(entries, dict):
            flat: list[str] = []
            for lang, items in entries.items():
                if not isinstance(items, list):
                    raise RuleError(f"lexicon @{name}.{lang} must be a list of strings")
                if self.langs is None or lang in self.langs:
                    flat.extend(items)
                    flat.extend(_without_article(items, lang))
                    if lang == "en" and name.startswith("v_"):
                        flat.extend(_inflections(items, self.written, self.participles))
            if not flat and self.langs is not None and any(entries.values()):
                return None
            entries = flat
        if not isinstance(entries, list):
            return entries
        out: list[str] = []
        for entry in entries:
            other = entry[1:] if isinstance(entry, str) and _LEXICON_REF.fullmatch(entry) else None
            if other is None:
                out.append(entry)
                continue
            if other not in self.raw:
                raise RuleError(f"lexicon @{name}: unknown lexicon @{other}")
            if other in self._stack:
                raise RuleError(f"lexicon @{name}: lexicon @{other} refers to itself")
            self._stack.append(other)
            try:
                out.extend(self._entries(other) or [])
            finally:
                self._stack.pop()
        return out if out or not entries else None  # (made only of lexicons with nothing in these languages)

    def source(self, name: str, where: str, tail: bool = True) -> str:
        """RE2 source of lexicon ``name``. Without ``tail`` the end boundaries of scripts without ``\\b``
        (a consumed non-letter) are left off: inside a template the next piece's start boundary needs
        that character ("सगठन क सिदधात लाग नही": the space must open "लाग नही", not close the word before)."""
        key = name if tail else name + "\x00"
        if key in self._cache:
            return self._cache[key]
        if name not in self.raw:
            raise RuleError(f"{where}: unknown lexicon @{name}")
        if name in self._stack:
            raise RuleError(f"{where}: lexicon @{name} refers to itself")
        self._stack.append(name)
        try:
            entries = self._entries(name)
            if entries is None:
                self._cache[key] = NEVER
                return NEVER  # no entry in these languages: the template cannot match here
            if not isinstance(entries, list) or not entries or not all(isinstance(e, str) and e for e in entries):
                raise RuleError(f"lexicon @{name} must be a non-empty list of strings (or of lists by language)")
            # Entries are grouped by their word boundaries, so each boundary (a Unicode class, costly to
            # compile) is written once per group instead of once per entry.
            groups: dict[tuple[str, str], set[str]] = {}
            for e in entries:
                prefix, body, suffix = self.parts(e, f"lexicon @{name}")
                if not tail and suffix.startswith("(?:" + _SEPARATOR):
                    suffix = ""
                groups.setdefault((prefix, suffix), set()).add(body)
            alternatives = []
            for (prefix, suffix), bodies in sorted(groups.items()):
                # Longest first: RE2 prefers the leftmost alternative, and the longer phrase is the better head.
                ordered = sorted(bodies, key=lambda b: (-len(b), b))
                alternatives.append(prefix + "(?:" + "|".join(ordered) + ")" + suffix)
            result = "(?:" + "|".join(alternatives) + ")"
        finally:
            self._stack.pop()
        self._cache[key] = result
        return result

    def entry(self, entry: str, where: str, tag: int | None = None) -> str:
        """RE2 source of one entry, or (with ``tag``) of one template of a rule: its head is captured as
        ``h<tag>`` and each strict gap as ``s<tag>_<k>``, so the check can find the verb and test the gaps."""
        prefix, body, suffix = self.parts(entry, where, tag)
        return prefix + body + suffix

    def parts(self, entry: str, where: str, tag: int | None = None) -> tuple[str, str, str]:
        """(start boundary, body, end boundary) of one entry or template."""
        head = tag is not None
        if entry.startswith(("re:", "!re:")) and not _TEMPLATE_TOKEN.search(entry):
            raw = entry.split("re:", 1)[1]
            _lower_case_only(raw, f"{where}: {entry!r}")
            compiled = re2_compile(raw, f"{where}: {entry!r}")  # report a bad raw pattern where it is written
            if compiled.groups:
                raise RuleError(f"{where}: {entry!r} must use non-capturing groups (?:...) only")
            body = "(?:" + raw + ")"
            return "", (f"(?P<h{tag}>{body})" if head else body), ""
        tokens = entry.split()
        if not tokens:
            raise RuleError(f"{where}: empty entry")
        pieces: list[tuple[str, str]] = []  # (kind, source): kind "word" | "ref" | "gap"
        heads = 0
        first_char = last_char = ""
        for index, token in enumerate(tokens):
            is_head = token.startswith("!") and len(token) > 1
            if is_head:
                token = token[1:]
                heads += 1
            optional = token.startswith("[") and token.endswith("]") and len(token) > 2
            if optional:
                token = token[1:-1]
            gap = _GAP.fullmatch(token)
            if gap:
                limit = int(gap.group(2))
                if head:
                    # In a rule's template the gap is lazy and unbounded, and named with its limit: the
                    # check refuses a match whose gap is longer. (A counted repetition "{0,40}" would be
                    # 40 copies of the gap in the automaton, whose states RE2 builds for every new text.)
                    # A strict gap ("~N", "s") is also refused when it holds a preposition ("skip the
                    # prompt in CI" is not "skip CI"); the words of any gap can deny the verb.
                    kind = "l" if gap.group(1) else "s"
                    # A quotation mark may close the words before the gap or open those after it: a
                    # quoted object ('write "next steps"', 'clear the "Lessons learned" section').
                    gap_char = f"(?:{_GAP_CHAR}|{_APPOSITION})"
                    source = f"{_QUOTE_CLOSE}?(?P<{kind}{tag}_{index}_{limit}>{gap_char}*?){_QUOTE_OPEN}?"
                else:
                    source = f"{_GAP_CHAR}{{0,{limit}}}?"
                pieces.append(("gap", source))
                continue
            if token.startswith("re:"):
                # A raw RE2 token inside a template (written without spaces: use \\s).
                raw = token[3:]
                _lower_case_only(raw, f"{where}: {token!r}")
                compiled = re2_compile(raw, f"{where}: {token!r}")
                if compiled.groups:
                    raise RuleError(f"{where}: {token!r} must use non-capturing groups (?:...) only")
                source = "(?:" + raw + ")"
                kind = "ref"
            elif token.startswith("@"):
                name = token[1:]
                if not _NAME.fullmatch(name):
                    raise RuleError(f"{where}: bad lexicon reference {token!r} in {entry!r}")
                source = self.source(name, where, tail=index == len(tokens) - 1)
                kind = "ref"
            else:
                source = _literal(token)
                kind = "word"
                folded = fold_literal(token.strip("*"))
                if index == 0 and folded:
                    first_char = folded[0]
                if folded:
                    last_char = folded[-1] if not token.endswith("*") else "*"
            if token.startswith("*") and index == 0:
                first_char = "*"
            if optional:
                source = f"(?:{source})?"
            if is_head and head:
                source = f"(?P<h{tag}>{source})"
            pieces.append((kind, source))
        if head and heads > 1:
            raise RuleError(f"{where}: {entry!r} marks more than one head")
        # Join: a gap carries its own characters; words of one literal phrase need a space (or none
        # between two characters of a script written without spaces); anything else an optional one.
        out = []
        for k, (kind, source) in enumerate(pieces):
            if k:
                prev_kind = pieces[k - 1][0]
                if kind == "gap" or prev_kind == "gap":
                    pass
                elif kind == "word" and prev_kind == "word":
                    out.append(" ?" if _no_space_join(tokens[k - 1], tokens[k]) else " ")
                else:
                    out.append(" ?")
            out.append(source)
        body = "".join(out)
        if head and heads == 0:
            body = f"(?P<h{tag}>{body})"
        if tokens[-1].startswith(("@", "~", "re:")) or tokens[-1].endswith("]"):
            last_char = ""
        first_is_literal = not tokens[0].lstrip("!").startswith(("@", "~", "[", "re:"))
        short = len(entry.strip("*!")) <= 3
        prefix = _boundary(first_char, "start") if first_is_literal else ""
        suffix = _boundary(last_char, "end", short) if last_char else ""
        return prefix, body, suffix


def _no_space_join(a: str, b: str) -> bool:
    a, b = a.strip("*![]"), b.strip("*![]")
    return bool(a and b) and _script_class(a[-1]) == "none" and _script_class(b[0]) == "none"


def _script(ch: str) -> str:
    """The RE2 script class name of a letter (``Cyrillic``, ``Greek``...), or "" for ASCII and unknowns."""
    if ch.isascii():
        return ""
    name = unicodedata.name(ch, "").split(" ", 1)[0]
    return _SCRIPTS.get(name, "")


_SCRIPTS = {
    "CYRILLIC": "Cyrillic",
    "GREEK": "Greek",
    "DEVANAGARI": "Devanagari",
    "LATIN": "Latin",
    "HANGUL": "Hangul",
    "ARMENIAN": "Armenian",
    "HEBREW": "Hebrew",
    "THAI": "Thai",
    "GEORGIAN": "Georgian",
}


def _stem(ch: str) -> str:
    """What may continue (or precede) a word written with ``*``: letters of the same script."""
    script = _script(ch)
    if not script:
        return r"\w*" if ch.isascii() else r"\pL*"
    return rf"\p{{{script}}}*"


#: What stands between words of scripts without ``\\b`` (Cyrillic, Greek, Devanagari, Hangul, Arabic).
_SEPARATOR = "[\\s.,;:!?\"'()\\[\\]{}<>/\\\\|*_`~«»“”‘’„—–…、。，：；！？（）「」『』।॥،؛؟#@=+-]"


def _boundary(ch: str, side: str, short: bool = False) -> str:
    if not ch or ch == "*":
        return ""
    if _script(ch) == "" and unicodedata.name(ch, "").startswith("ARABIC"):
        # Arabic writes "and", "so", "with", "to" as one-letter prefixes; short words need an end too.
        if side == "start":
            return f"(?:^|{_SEPARATOR})(?:[وفبلك])?"
        return f"(?:{_SEPARATOR}|$)" if short else ""
    cls = _script_class(ch)
    if cls == "ascii":
        return r"\b"
    script = _script(ch)
    if not script or (cls == "prefix" and side == "end") or cls == "none":
        return ""
    # A separator, not the complement of the script: a Unicode script class is thousands of byte
    # ranges in the automaton, built again for every new text; a word of these scripts stands between
    # spaces and punctuation anyway.
    return f"(?:^|{_SEPARATOR})" if side == "start" else f"(?:{_SEPARATOR}|$)"


# --------------------------------------------------------------------------- rules


def _compile_exception(spec: Any, where: str) -> CompiledException:
    if isinstance(spec, str):
        return CompiledException("clause", re2_compile(spec, where))
    if isinstance(spec, dict) and spec and all(key.removeprefix(NEGATED_PREFIX) in EXCEPTION_KINDS for key in spec):
        parts = [
            CompiledException(
                key.removeprefix(NEGATED_PREFIX),
                re2_compile(pattern, f"{where}.{key}"),
                negate=key.startswith(NEGATED_PREFIX),
            )
            for key, pattern in spec.items()
        ]
        first = parts[0]
        return CompiledException(first.kind, first.pattern, also=tuple(parts[1:]), negate=first.negate)
    raise RuleError(
        f"{where}: an exception is a pattern string or an object with one or more of "
        f"{{{', '.join(EXCEPTION_KINDS)}: pattern}}, each kind also as {NEGATED_PREFIX}<kind>"
    )


def _templates(value: Any, where: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(t, str) and t.strip() for t in value):
        raise RuleError(f"{where} must be a template string or a list of them")
    return value


def _requirements(lexicons: Lexicons, value: Any, where: str) -> tuple[Any, ...]:
    """``require``: a list of templates (any of them) or a list of such lists (one of each)."""
    if value is None:
        return ()
    if isinstance(value, list) and value and all(isinstance(group, list) for group in value):
        return tuple(
            _union(lexicons, _templates(group, f"{where}[{k}]"), f"{where}[{k}]") for k, group in enumerate(value)
        )
    return (_union(lexicons, _templates(value, where), where),)


def _require_in(value: object, where: str) -> str:
    if value not in ("unit", "clause"):
        raise RuleError(f"{where} must be 'unit' or 'clause'")
    return str(value)


def _window(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise RuleError(f"{where} must be an integer from 0 to 3")
    return value


def _union(lexicons: Lexicons, templates: list[str], where: str, head: bool = False) -> Any:
    if not templates:
        return None
    sources = [lexicons.entry(t, f"{where}[{k}]", tag=k if head else None) for k, t in enumerate(templates)]
    return TemplateUnion(sources, where) if head else re2_compile("|".join(sources), where)


def compile_rules(oaths: list[dict[str, Any]], *, lexicons: dict[str, Any] | None = None) -> RuleSet:
    """Compile the ``oaths`` list of a credo map. Raises ``RuleError`` when malformed.

    Lexicons come from each oath's ``lexicons`` object (one namespace for the whole map, so an oath
    may use another's) and, optionally, from ``lexicons`` (shared ones kept outside the oaths).
    The same data compiles to the same ``RuleSet`` object (memoised by its fingerprint): compiling
    the full map takes a second, and every re-read of an unchanged credo would otherwise pay it."""
    if not isinstance(oaths, list):
        raise RuleError("'oaths' must be a list")
    try:
        key = json.dumps({"oaths": oaths, "lexicons": lexicons}, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise RuleError(f"the credo map is not JSON data: {exc}") from None
    return _compile_cached(key)


@lru_cache(maxsize=16)
def _compile_cached(key: str) -> RuleSet:
    data = json.loads(key)
    return _compile_rules(data["oaths"], data["lexicons"])


def _compile_rules(oaths: list[dict[str, Any]], lexicons: dict[str, Any] | None) -> RuleSet:
    raw: dict[str, Any] = {}
    if lexicons is not None:
        if not isinstance(lexicons, dict):
            raise RuleError("'lexicons' must be an object")
        raw.update(lexicons)
    names: list[str] = []
    for i, oath in enumerate(oaths):
        if not isinstance(oath, dict) or not isinstance(oath.get("name"), str) or not oath["name"].strip():
            raise RuleError(f"oaths[{i}] must be an object with a non-empty 'name'")
        names.append(oath["name"])
        own = oath.get("lexicons", {})
        if not isinstance(own, dict):
            raise RuleError(f"oaths[{i}].lexicons must be an object")
        for name, entries in own.items():
            if not _NAME.fullmatch(name):
                raise RuleError(f"oaths[{i}].lexicons: bad lexicon name {name!r}")
            if name in raw:
                raise RuleError(f"oaths[{i}].lexicons: lexicon @{name} is defined twice")
            raw[name] = entries
    compiler = Lexicons(raw)
    # The same templates over the English (and language-neutral) entries only: most texts show no
    # other language, and a smaller automaton is cheaper to run on text it has not seen.
    compiler_en = Lexicons(raw, ENGLISH)
    compiled: list[CompiledRule] = []
    for i, oath in enumerate(oaths):
        rules = oath.get("rules", [])
        if not isinstance(rules, list):
            raise RuleError(f"oaths[{i}].rules must be a list")
        # ``@self`` in an oath's rules: the names the credo gives that oath ("oath two", "the evidence oath").
        aliases = oath.get("aliases")
        if aliases is not None:
            compiler.raw["self"] = aliases
            compiler.forget("self")
            compiler_en.forget("self")
        for j, rule in enumerate(rules):
            where = f"oaths[{i}].rules[{j}]"
            if not isinstance(rule, dict):
                raise RuleError(f"{where} must be an object")
            compiled.append(_compile_rule(compiler, rule, oath, i, j, where, compiler_en))
        compiler.raw.pop("self", None)
        compiler.forget("self")
        compiler_en.forget("self")
    source = json.dumps({"oaths": oaths, "lexicons": lexicons}, sort_keys=True, ensure_ascii=False).encode()
    if lexicons is None:
        source = json.dumps(oaths, sort_keys=True, ensure_ascii=False).encode()
    return RuleSet(
        rules=tuple(compiled),
        sha256=hashlib.sha256(source).hexdigest(),
        oath_names=tuple(names),
        participles=frozenset(compiler.participles | compiler_en.participles),
    )


def _compile_rule(
    compiler: Lexicons,
    rule: dict[str, Any],
    oath: dict[str, Any],
    i: int,
    j: int,
    where: str,
    compiler_en: Lexicons | None = None,
) -> CompiledRule:
    rule_id = str(rule.get("id") or f"{oath.get('id', i)}-{j}")
    description = str(rule.get("description", ""))
    reason = str(rule.get("reason") or description or f"Conflicts with the oath '{oath['name']}'.")
    if "pattern" in rule:
        # A v2 rule: one RE2 over the base view, excused only by its exceptions.
        exceptions = rule.get("exceptions", [])
        if not isinstance(exceptions, list):
            raise RuleError(f"{where}.exceptions must be a list")
        within = rule.get("within", "text")
        if within not in WITHIN:
            raise RuleError(f"{where}.within must be one of {', '.join(WITHIN)}")
        return CompiledRule(
            id=rule_id,
            oath=oath["name"],
            pattern=re2_compile(rule.get("pattern"), where),
            kind="pattern",
            reason=reason,
            description=description,
            exceptions=tuple(_compile_exception(p, f"{where}.exceptions[{k}]") for k, p in enumerate(exceptions)),
            within=within,
            oath_index=i,
        )
    kind = rule.get("kind", "harm")
    if kind not in KINDS or kind == "pattern":
        raise RuleError(f"{where}.kind must be one of harm, duty, state")
    form = rule.get("form", "verb")
    if form not in FORMS:
        raise RuleError(f"{where}.form must be one of {', '.join(FORMS)}")
    severity = rule.get("severity", "normal")
    if severity not in SEVERITIES:
        raise RuleError(f"{where}.severity must be one of {', '.join(SEVERITIES)}")
    templates = _templates(rule.get("match"), f"{where}.match")
    if not templates:
        raise RuleError(f"{where} needs a 'match' (templates) or a 'pattern'")
    return CompiledRule(
        id=rule_id,
        oath=oath["name"],
        pattern=_union(compiler, templates, f"{where}.match", head=True),
        english=(
            tuple(compiler_en.entry(t, f"{where}.match[{k}]", tag=k) for k, t in enumerate(templates))
            if compiler_en is not None
            else ()
        ),
        kind=kind,
        form=form,
        severity=severity,
        reason=reason,
        description=description,
        require=_requirements(compiler, rule.get("require"), f"{where}.require"),
        window=_window(rule.get("window", 0), f"{where}.window"),
        antecedent=bool(rule.get("antecedent", False)),
        require_in=_require_in(rule.get("require_in", "unit"), f"{where}.require_in"),
        strict_gate=bool(rule.get("strict_gate", False)),
        gate=bool(rule.get("gate", True)),
        in_code=bool(rule.get("in_code", False)),
        declares=bool(rule.get("declares", False)),
        unless=_union(compiler, _templates(rule.get("unless"), f"{where}.unless"), f"{where}.unless"),
        unless_near=_union(
            compiler, _templates(rule.get("unless_near"), f"{where}.unless_near"), f"{where}.unless_near"
        ),
        oath_index=i,
    )
