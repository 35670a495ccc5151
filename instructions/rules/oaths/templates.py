"""Lexicons and templates (the rule language's entries and tokens) compiled into RE2 sources.

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

import re
import unicodedata
from functools import lru_cache
from typing import Any

from instructions.rules.oaths.automata import re2_compile
from instructions.rules.oaths.inflections import participle_entries
from instructions.rules.oaths.model import RuleError
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
LEXICON_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


#: A lexicon entry that is another lexicon's name: its entries are spliced in.
_LEXICON_REF = re.compile(r"@[a-z]\w*")

#: A template that starts with a raw token ("!re:(?:remove|drop) ~~30 @o_secret") is still a template: it
#: has a gap, a lexicon reference or another raw token after a space.
_TEMPLATE_TOKEN = re.compile(r"\s(?:!?@[a-z]\w*(?:\s|$)|!?~~?\d+(?:\s|$)|!?re:)")


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
        #: The participles ``participle_entries`` added that no lexicon writes.
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
                        flat.extend(participle_entries(items, self.written, self.participles))
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
                if not LEXICON_NAME.fullmatch(name):
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
