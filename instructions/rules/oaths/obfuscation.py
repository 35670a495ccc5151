"""Readings of obfuscated words in a view: leetspeak, letter-spaced and split words.

Each reading is a same-length (leetspeak) or per-character-mapped (joined) form of a unit of the base
view, built only where the unit shows the sign of that obfuscation and the reading reveals a word worth
reading (``HOT_WORDS``). Every function is a single linear pass.
"""

from __future__ import annotations

import re

import re2

from instructions.rules.oaths.views import View

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
