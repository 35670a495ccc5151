"""The oath check: does a body try to remove one of the credo's oaths?

Rules are data (``credo-map.json``); this module compiles them once into a
``RuleSet`` and checks text against it. Two steps, each in one place:

1. ``normalize`` turns the body into a canonical matching form (NFKC, no zero-width
   or other format characters, look-alike letters folded to Latin from the Unicode
   confusables table, accents stripped, case folded, whitespace collapsed, markdown
   emphasis removed, HTML comment markers dropped but their content kept). It keeps,
   for every character of that form, the index of the original character it came
   from, so findings quote the ORIGINAL text.
2. ``check_text`` runs every compiled rule over the normalised form.

Matching uses RE2, whose running time is linear in the input whatever the pattern;
normalisation is a single pass; exceptions look only at a bounded window around a
match. So the whole check is linear in the body's length (``scripts/bench_oaths.py``
shows it).

Rule format (one entry of an oath's ``rules`` list)::

    {"id": "...", "description": "...", "pattern": "<RE2>",
     "within": "text" | "html-comment",          # optional, default "text"
     "exceptions": ["<RE2>", {"before": "<RE2>"}, {"after": "<RE2>"}, {"clause": "<RE2>"},
                    {"match": "<RE2>"}]}

Patterns see the normalised form: lower case, ASCII look-alikes folded, single
spaces. An exception excuses one match: a plain string or ``clause`` is searched in
the clause around the match (bounded by sentence punctuation or a line break,
at most ``WINDOW`` characters either side), ``before`` in the clause text before the
match, ``after`` in the clause text after it, ``match`` in the matched text itself (to
excuse a match by what it contains, e.g. "type safety", without excusing its whole clause).
An exception object with several keys (``{"before": ..., "match": ...}``) excuses a match
only when every one of its patterns matches its window. A key prefixed ``not_`` (``not_clause``,
``not_before``, ``not_after``, ``not_match``) holds when its pattern does NOT match its window, so
``{"clause": "<safe scope>", "not_clause": "<destructive scope>"}`` excuses a clause that names only
a safe scope.

Negated reluctance is not a denial. "Don't hesitate to X", "never be afraid to X", "do not forget
to X", "without hesitation, X", "there's no harm in X" ask for X; the denial word in them must not
excuse X the way "don't X" does. So exceptions look at the text with every such phrase
(``NEGATED_RELUCTANCE``: a denial word before hesitate, be afraid/scared/shy/reluctant, worry,
refrain, hold back, think twice, feel bad, forget to, fail to, neglect to...; or "no"/"without"
before hesitation, qualms, second thoughts, shame, harm...) blanked out (same length, so offsets
hold). The main patterns still see the text as written.
A clause is not ended by the dot of "e.g.", "i.e.", "cf.", "vs." or "viz.", so an example
list stays in the clause of the sentence that introduces it. A rule reports its first match
that no exception excuses. ``within: html-comment`` rules only look inside HTML comments:
instruction-like text hidden from the rendered page is a finding by itself.

Every path that checks a body (the write path, the merge, ``POST /api/oaths/check``,
``manage.py check_oaths``) calls ``check_text``.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

import re2
from confusable_homoglyphs import categories as _categories
from confusable_homoglyphs import confusables as _confusables

Status = Literal["pass", "fail"]

#: How far (in normalised characters) an exception may look either side of a match.
WINDOW = 200

WITHIN = ("text", "html-comment")
EXCEPTION_KINDS = ("clause", "before", "after", "match")
#: Prefix of an exception key that must NOT match its window (``not_clause``, ``not_before``...).
NEGATED_PREFIX = "not_"

#: Negated reluctance ("don't hesitate to", "never be afraid to", "do not forget to", "without
#: hesitation", "no harm in"): an encouragement, not a denial. Blanked out of the text exceptions see.
NEGATED_RELUCTANCE = (
    r"\b(?:do not|don'?t|dont|does not|doesn'?t|did not|didn'?t|never|not|no need to|needn'?t|should not|"
    r"shouldn'?t|must not|mustn'?t|won'?t|will not|wouldn'?t|would not|cannot|can'?t)"
    r"(?: (?:ever|even|really|actually|at all|you|yourself))?"
    r"(?: (?:be|feel|get|seem|act|become|let yourself be))?(?: (?:too|so|overly|at all|in any way|the least bit))?"
    r" (?:hesitat\w*|afraid|scared|frightened|fearful|shy(?: away)?|timid|reluctant|hesitant|wary|nervous|worried|"
    r"worry(?:ing)?|ashamed|embarrassed|squeamish|bashful|refrain(?:ing)?|hold(?:ing)? back|think(?:ing)? twice|"
    r"second[- ]guess\w*|balk(?:ing)?|flinch(?:ing)?|shrink(?:ing)?|bad|guilty|mind|"
    r"(?:careful|cautious|precious|conservative|fussy)(?: \S+)? (?:about|with|when)|"
    r"(?:forget(?:ting)?|fail(?:ing)?|neglect(?:ing)?|omit(?:ting)?) to)\b"
    r"(?: (?:to|about|of|from|in|with|on|at|when|before|over))?"
    r"|\b(?:no|without|without any|there'?s no|there is no|have no|has no|with no|feel no|nothing)"
    r"(?: (?:a|any|real|the slightest|much))? "
    r"(?:hesitation|hesitating|hesitancy|qualms?|reservations?|fear|second thoughts?|shame|harm|guilt|"
    r"compunctions?|scruples?|wrong)\b(?: (?:to|about|of|in|with|at|when|before|over))?"
    r"|\bno reason not to\b"
)


class RuleError(ValueError):
    """A rule in the credo map is malformed (bad shape or a pattern RE2 rejects)."""


@dataclass(frozen=True)
class Finding:
    snippet: str
    oath: str
    rule_id: str
    #: Offsets of ``snippet`` in the original body (``body[start:end] == snippet``).
    start: int = 0
    end: int = 0


@dataclass(frozen=True)
class OathResult:
    status: Status
    findings: tuple[Finding, ...] = ()

    @property
    def first(self) -> Finding | None:
        return self.findings[0] if self.findings else None


PASS = OathResult("pass")


@dataclass(frozen=True, eq=False)
class CompiledException:
    kind: str  # one of EXCEPTION_KINDS
    pattern: Any  # re2._Regexp
    #: Further windows that must match too (an exception object with several keys).
    also: tuple[CompiledException, ...] = ()
    #: True for a ``not_<kind>`` key: holds when the pattern does NOT match the window.
    negate: bool = False


@dataclass(frozen=True, eq=False)
class CompiledRule:
    id: str
    oath: str
    pattern: Any  # re2._Regexp
    exceptions: tuple[CompiledException, ...] = ()
    within: str = "text"


@dataclass(frozen=True, eq=False)
class RuleSet:
    """Compiled rules plus a fingerprint of their source, for caches and rechecks."""

    rules: tuple[CompiledRule, ...]
    sha256: str
    oath_names: tuple[str, ...] = field(default=())


EMPTY_RULES = RuleSet(rules=(), sha256=hashlib.sha256(b"[]").hexdigest())


# --------------------------------------------------------------------------- normalisation

#: Markdown emphasis/code markers: removed so ``ig**nore**`` reads as ``ignore``.
_EMPHASIS = frozenset("*_~`")
#: Scripts whose letters must never be folded to Latin (the confusables table pairs some
#: ideographs with Latin letters; folding them would garble Chinese text the rules read).
_NO_FOLD_SCRIPTS = frozenset({"HAN", "HIRAGANA", "KATAKANA", "HANGUL", "BOPOMOFO"})
_SENTENCE_END = frozenset(".!?;。！？；")
#: Abbreviations whose final dot does not end a clause ("never run X (e.g. `rm -rf`)").
_NO_BREAK_ABBREVIATIONS = frozenset({"e.g", "i.e", "cf", "vs", "viz"})


def _is_abbreviation_dot(body: str, i: int) -> bool:
    """Is ``body[i]`` (a ".") the dot of an abbreviation such as "e.g."? Looks back at most 4 characters."""
    j = i
    while j > 0 and i - j < 4 and (body[j - 1].isalpha() or body[j - 1] == "."):
        j -= 1
    if j > 0 and (body[j - 1].isalnum() or i - j >= 4):
        return False  # part of a longer word: "hooks.", "config."
    return body[j:i].lower() in _NO_BREAK_ABBREVIATIONS


def _strip_marks(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def _ascii_lookalike(ch: str, depth: int = 2) -> str | None:
    """The ASCII letter/digit/punctuation the confusables table says ``ch`` looks like."""
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


def _fold_char(ch: str) -> str:
    """Matching form of one (already NFKC-normalised, case-folded) character."""
    if ch.isascii():
        return ch
    category = unicodedata.category(ch)
    if category in ("Mn", "Me", "Cf", "Cc", "Cs", "Co", "Cn"):
        return ""  # zero-width, joiners, bidi controls, tag characters, combining marks
    if ch.isspace():
        return " "
    if _categories.alias(ch) in _NO_FOLD_SCRIPTS:
        return ch
    stripped = _strip_marks(ch)  # é -> e, ü -> u: accents do not change what is asked
    if stripped and stripped.isascii():
        return stripped
    # Cyrillic lower-case letters are often listed only under their capital form.
    for candidate in (ch, ch.upper()):
        found = _ascii_lookalike(candidate)
        if found:
            return found
    return ch


@lru_cache(maxsize=4096)
def _char_form(ch: str) -> str:
    """NFKC, case folding and look-alike folding of one original character, memoised."""
    if ch.isascii():
        return ch.lower() if ch.isprintable() or ch in " \t\n\r\f\v" else ""
    out = []
    for c in unicodedata.normalize("NFKC", ch).casefold():
        out.append(_fold_char(c))
    return "".join(out)


@dataclass(frozen=True)
class Normalized:
    """The matching form of a body and how to get back to the original."""

    text: str
    #: ``offsets[i]`` is the index in the original of the character ``text[i]`` came from.
    offsets: tuple[int, ...]
    #: Sorted indexes in ``text`` that end a clause (sentence punctuation, a collapsed line break).
    breaks: tuple[int, ...]
    #: ``(start, end)`` ranges of ``text`` that were inside HTML comments.
    comments: tuple[tuple[int, int], ...]

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """Original ``[start, end)`` covering normalised ``[start, end)`` (``end > start``)."""
        return self.offsets[start], self.offsets[end - 1] + 1


def normalize(body: str) -> Normalized:
    """One pass over ``body``; linear in its length."""
    out: list[str] = []
    offsets: list[int] = []
    breaks: list[int] = []
    comments: list[tuple[int, int]] = []
    pending_space = False  # a whitespace run is emitted as one space before the next character
    pending_break = False  # ... and it ends a clause when it held a line break
    comment_start: int | None = None
    i, n = 0, len(body)
    while i < n:
        # HTML comments: drop the markers, keep (and remember) the content.
        if body.startswith("<!--", i) and comment_start is None:
            pending_space, pending_break = True, True
            comment_start = -1  # set at the first emitted character of the content
            i += 4
            continue
        if comment_start is not None and body.startswith("-->", i):
            start = len(out) if comment_start == -1 else comment_start
            comments.append((start, len(out)))
            comment_start = None
            pending_space, pending_break = True, True
            i += 3
            continue
        ch = body[i]
        form = _char_form(ch)
        for c in form:
            # "*", "_" and "`" are dropped wherever they are ("ig**nore**"); "~" only doubled ("~~a~~"),
            # so paths such as "~/.ssh" keep their meaning.
            if c in _EMPHASIS and (c != "~" or body[i - 1 : i] == "~" or body[i + 1 : i + 2] == "~"):
                continue
            if c == " " or c.isspace():
                pending_space = True
                pending_break = pending_break or ch in "\n\r\u2028\u2029\x0b\x0c\x85"
                continue
            if pending_space and out:
                if pending_break:
                    breaks.append(len(out))
                out.append(" ")
                offsets.append(i - 1 if i else 0)
            pending_space = pending_break = False
            if comment_start == -1:
                comment_start = len(out)
            # "." ends a clause only before a space or the end: ".env", "e.g" and "v1.2" do not,
            # nor the dot closing an abbreviation such as "e.g." or "vs.".
            if c in _SENTENCE_END and (
                c != "." or i + 1 >= n or (body[i + 1].isspace() and not _is_abbreviation_dot(body, i))
            ):
                breaks.append(len(out))
            out.append(c)
            offsets.append(i)
        i += 1
    if comment_start is not None:  # an unclosed comment hides everything after it
        comments.append((len(out) if comment_start == -1 else comment_start, len(out)))
    return Normalized(text="".join(out), offsets=tuple(offsets), breaks=tuple(breaks), comments=tuple(comments))


# --------------------------------------------------------------------------- compilation


def _compile(pattern: Any, where: str) -> Any:
    if not isinstance(pattern, str) or not pattern:
        raise RuleError(f"{where}: pattern must be a non-empty string")
    options = re2.Options()
    options.case_sensitive = False
    options.max_mem = 64 << 20
    try:
        return re2.compile(pattern, options)
    except re2.error as exc:
        raise RuleError(f"{where}: invalid pattern {pattern!r}: {exc}") from None


def _compile_exception(spec: Any, where: str) -> CompiledException:
    if isinstance(spec, str):
        return CompiledException("clause", _compile(spec, where))
    if isinstance(spec, dict) and spec and all(key.removeprefix(NEGATED_PREFIX) in EXCEPTION_KINDS for key in spec):
        parts = [
            CompiledException(
                key.removeprefix(NEGATED_PREFIX),
                _compile(pattern, f"{where}.{key}"),
                negate=key.startswith(NEGATED_PREFIX),
            )
            for key, pattern in spec.items()
        ]
        first = parts[0]
        return CompiledException(first.kind, first.pattern, also=tuple(parts[1:]), negate=first.negate)
    raise RuleError(
        f"{where}: an exception is a pattern string or an object with one or more of "
        f"{{{', '.join(EXCEPTION_KINDS)}: pattern}} (all of which must match), each kind also as "
        f"{NEGATED_PREFIX}<kind> (which must not match)"
    )


def compile_rules(oaths: list[dict[str, Any]]) -> RuleSet:
    """Compile the ``oaths`` list of a credo map. Raises ``RuleError`` when malformed."""
    if not isinstance(oaths, list):
        raise RuleError("'oaths' must be a list")
    compiled: list[CompiledRule] = []
    names: list[str] = []
    for i, oath in enumerate(oaths):
        if not isinstance(oath, dict) or not isinstance(oath.get("name"), str) or not oath["name"].strip():
            raise RuleError(f"oaths[{i}] must be an object with a non-empty 'name'")
        names.append(oath["name"])
        rules = oath.get("rules", [])
        if not isinstance(rules, list):
            raise RuleError(f"oaths[{i}].rules must be a list")
        for j, rule in enumerate(rules):
            where = f"oaths[{i}].rules[{j}]"
            if not isinstance(rule, dict):
                raise RuleError(f"{where} must be an object")
            rule_id = rule.get("id") or f"{oath.get('id', i)}-{j}"
            exceptions = rule.get("exceptions", [])
            if not isinstance(exceptions, list):
                raise RuleError(f"{where}.exceptions must be a list")
            within = rule.get("within", "text")
            if within not in WITHIN:
                raise RuleError(f"{where}.within must be one of {', '.join(WITHIN)}")
            compiled.append(
                CompiledRule(
                    id=str(rule_id),
                    oath=oath["name"],
                    pattern=_compile(rule.get("pattern"), where),
                    exceptions=tuple(
                        _compile_exception(p, f"{where}.exceptions[{k}]") for k, p in enumerate(exceptions)
                    ),
                    within=within,
                )
            )
    source = json.dumps(oaths, sort_keys=True, ensure_ascii=False).encode()
    return RuleSet(rules=tuple(compiled), sha256=hashlib.sha256(source).hexdigest(), oath_names=tuple(names))


# --------------------------------------------------------------------------- matching


_NEGATED_RELUCTANCE_RE = _compile(NEGATED_RELUCTANCE, "NEGATED_RELUCTANCE")


def _mask_negated_reluctance(text: str) -> str:
    """``text`` with every negated-reluctance phrase blanked (same length; spaces kept). One RE2 pass."""
    parts: list[str] = []
    last = 0
    for match in _NEGATED_RELUCTANCE_RE.finditer(text):
        if match.end() <= match.start():
            continue
        parts.append(text[last : match.start()])
        parts.append("".join(" " if c == " " else "_" for c in match.group()))
        last = match.end()
    if not parts:
        return text
    parts.append(text[last:])
    return "".join(parts)


def _excepted(
    rule: CompiledRule, norm: Normalized, start: int, end: int, lo: int, hi: int, masked: str | None = None
) -> bool:
    """Does an exception excuse the match ``[start, end)`` found in ``norm.text[lo:hi]``?

    Exceptions read ``masked`` (``norm.text`` with negated reluctance blanked out) when given."""
    if not rule.exceptions:
        return False
    # The clause: from the last break before the match to the first at or after its end,
    # never more than WINDOW characters either side (keeps the check linear).
    k = bisect.bisect_left(norm.breaks, start)
    clause_start = max(norm.breaks[k - 1] + 1 if k else 0, start - WINDOW, lo)
    k = bisect.bisect_left(norm.breaks, end)
    clause_end = min(norm.breaks[k] if k < len(norm.breaks) else hi, end + WINDOW, hi)
    windows = {
        "before": (clause_start, start),
        "after": (end, clause_end),
        "match": (start, end),
        "clause": (clause_start, clause_end),
    }
    text = norm.text if masked is None else masked

    def holds(exc: CompiledException) -> bool:
        lo_, hi_ = windows[exc.kind]
        return (exc.pattern.search(text[lo_:hi_]) is not None) != exc.negate

    return any(holds(exc) and all(holds(part) for part in exc.also) for exc in rule.exceptions)


def _first_match(rule: CompiledRule, norm: Normalized, masked: str | None = None) -> tuple[int, int] | None:
    """Normalised span of the rule's first match that no exception excuses."""
    ranges = norm.comments if rule.within == "html-comment" else ((0, len(norm.text)),)
    for lo, hi in ranges:
        segment = norm.text if (lo, hi) == (0, len(norm.text)) else norm.text[lo:hi]
        for match in rule.pattern.finditer(segment):
            start, end = match.start() + lo, match.end() + lo
            if end <= start:
                continue  # an empty match quotes nothing; a well-formed rule never makes one
            if not _excepted(rule, norm, start, end, lo, hi, masked):
                return start, end
    return None


def check_text_uncached(body: str, rules: RuleSet) -> OathResult:
    """``check_text`` without the cache (benchmarks, and callers checking huge one-off texts)."""
    if not rules.rules or not body:
        return PASS
    norm = normalize(body)
    masked = _mask_negated_reluctance(norm.text)
    found: list[tuple[int, int, Finding]] = []
    for index, rule in enumerate(rules.rules):
        span = _first_match(rule, norm, masked)
        if span is None:
            continue
        start, end = norm.original_span(*span)
        found.append((start, index, Finding(body[start:end], rule.oath, rule.id, start, end)))
    if not found:
        return PASS
    found.sort(key=lambda item: (item[0], item[1]))
    return OathResult("fail", tuple(f for _, _, f in found))


def check_text(body: str, rules: RuleSet) -> OathResult:
    """Check ``body`` against ``rules``: one finding per rule that matches, in text order."""
    return _check_cached(body, rules)


@lru_cache(maxsize=512)
def _check_cached(body: str, rules: RuleSet) -> OathResult:
    return check_text_uncached(body, rules)
