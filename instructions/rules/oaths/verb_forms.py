"""The form of an English head verb and its subject: an order, a permission or a description.

With no cue in its clause, a verb reads as an order when it opens its clause or follows words that may
stand before an imperative ("please", "always", "you", a modal); as a description after another
subject ("the script deletes", "SDKs bypass"), as a participle or past tense, as a gerund used as a
noun, or after a determiner ("in this commit"); a passive after a modal is an order, or with "can" and
"may" a permission.
"""

from __future__ import annotations

import re

from instructions.rules.oaths.automata import re2_compile
from instructions.rules.oaths.cue_set import CueSet
from instructions.rules.oaths.verdicts import DESCRIBE, INSTRUCT, LOCAL, PERMIT

_NOUN_USE = re2_compile(
    r"(?:^|\s)(?:(?:in|on|of|for|from|with|to|into|by|at|after|before|per)\s+)?(?:this|the|a|an|each|every|your|my|our|their|its|his|her|one)\s+"
    r"(?:(?:single|big|large|huge|giant|small|tiny|separate|same|new|first|last|final|next|previous|clean|"
    r"dedicated|atomic|initial|later|follow-up|own|[a-z-]+(?:al|ic|ive|ous|ful|less|able|ible|ary|ed))\s+)?$",
    "noun use",
)
#: Nouns with an adjective's ending, which ``_NOUN_USE`` would take for an adjective before a noun.
_NOUNS_LIKE_ADJECTIVES = frozenset(
    [
        "summary",
        "library",
        "directory",
        "dictionary",
        "boundary",
        "glossary",
        "vocabulary",
        "commentary",
        "diary",
        "itinerary",
        "proposal",
        "tutorial",
        "manual",
        "journal",
        "terminal",
        "portal",
        "topic",
        "logic",
        "epic",
        "archive",
        "directive",
        "changelog",
    ]
)
_LIGHT_VERBS = frozenset(
    [
        "do",
        "does",
        "did",
        "doing",
        "make",
        "makes",
        "making",
        "take",
        "takes",
        "taking",
        "perform",
        "performs",
        "run",
        "give",
        "have",
        "get",
    ]
)


def noun_use(before: str) -> bool:
    """Is the word after ``before`` a noun ("in this commit") rather than a verb ("do a force push")?"""
    m = _NOUN_USE.search(before)
    if m is None:
        return False
    last = before.split()[-1:] if before.strip() else []
    if last and last[0].strip("*_`'\"") in _NOUNS_LIKE_ADJECTIVES:
        return False  # "in your summary say ...": a noun that only ends like an adjective, then the verb
    words = before[: m.start()].split()
    return not (words and words[-1].strip("*_`'\"") in _LIGHT_VERBS)


_GERUND_LEADS = frozenset(
    [
        "keep",
        "start",
        "continue",
        "begin",
        "try",
        "consider",
        "recommend",
        "suggest",
        "prefer",
        "proceed",
        "go",
        "approve",
        "approved",
        "authorize",
        "authorized",
        "allow",
        "allowed",
        "permit",
        "permitted",
        "okay",
        "fine",
        "comfortable",
        "enjoy",
        "practice",
        "resume",
        "mind",
    ]
)


NOUN_MARKERS = frozenset(
    [
        "the",
        "a",
        "an",
        "for",
        "of",
        "in",
        "on",
        "with",
        "from",
        "its",
        "their",
        "your",
        "our",
        "this",
        "that",
        "these",
        "those",
        "some",
        "any",
        "every",
        "each",
        "no",
        "per",
        "by",
        "into",
        "onto",
        "about",
        "between",
        "within",
        "without",
        "via",
    ]
)
IMPERATIVE_PRECEDERS = frozenset(
    [
        "please",
        "always",
        "never",
        "just",
        "then",
        "and",
        "or",
        "first",
        "also",
        "simply",
        "now",
        "instead",
        "finally",
        "next",
        "afterwards",
        "so",
        "to",
        "you",
        "must",
        "should",
        "shall",
        "will",
        "can",
        "may",
        "could",
        "might",
        "would",
        "need",
        "needs",
        "have",
        "has",
        "got",
        "gotta",
        "better",
        "ok",
        "okay",
        "yes",
        "sure",
        "agents",
        "agent",
        "claude",
        "assistant",
        "ai",
        "copilot",
        "codex",
        "gemini",
        "cursor",
        "model",
        "bot",
        "we",
        "i",
        "let's",
        "lets",
        "go",
        "ahead",
        "free",
        "fine",
        "allowed",
        "permitted",
        "approved",
        "not",
        "don't",
        "dont",
        "do",
        "does",
        "did",
        "also",
        "still",
        "even",
        "only",
        "again",
        "too",
        "auto",
        "kindly",
        "rather",
        "ever",
        "quickly",
        "quietly",
        "silently",
        "secretly",
        "immediately",
        "automatically",
        "directly",
        "right",
        "straight",
        "but",
        "yet",
        "hence",
        "thus",
        "therefore",
        "otherwise",
        "meanwhile",
        "today",
        "tomorrow",
        "tonight",
        "once",
        "twice",
        "here",
        "there",
        "everywhere",
        "anytime",
        "sometimes",
        "usually",
        "generally",
    ]
)
#: Common first words of an English instruction before "... and `command`".
IMPERATIVE_VERBS = frozenset(
    [
        "rebase",
        "commit",
        "fetch",
        "pull",
        "merge",
        "build",
        "then",
        "first",
        "just",
        "also",
        "always",
        "simply",
        "run",
        "execute",
        "do",
        "go",
        "make",
        "clean",
        "reset",
        "delete",
        "remove",
        "push",
        "add",
        "update",
        "install",
        "checkout",
        "switch",
        "stash",
        "copy",
        "move",
        "open",
        "close",
        "stop",
        "start",
        "restart",
        "rerun",
        "regenerate",
        "rebuild",
        "bump",
        "tag",
        "release",
        "deploy",
        "squash",
        "amend",
        "drop",
        "wipe",
        "nuke",
        "sync",
        "pull",
    ]
)
_IMPERATIVE_LEADS = frozenset(
    [
        "use",
        "run",
        "call",
        "execute",
        "invoke",
        "try",
        "launch",
        "apply",
        "pass",
        "add",
        "write",
        "create",
        "make",
        "set",
        "go",
        "please",
        "always",
        "just",
        "simply",
        "then",
        "first",
        "next",
        "now",
        "immediately",
    ]
)
_PARTICIPLE_MODALS_PERMIT = frozenset(["can", "may", "could", "might"])
_LIGHT_PARTICIPLES = frozenset(
    ["left", "kept", "made", "considered", "treated", "regarded", "deemed", "declared", "marked", "counted"]
)
_PARTICIPLE_MODALS = frozenset(
    ["should", "must", "shall", "will", "need", "needs", "has", "have", "is", "are", "ought"]
)


#: An order that its clause's subject do something: "make sure the job sends ...", "ensure that it deletes ...".
_ENSURE_LEAD = re.compile(
    r"\b(?:make sure|ensure|see to it|be sure)(?: that)?\s+(?:[^\s,;:.!?]+\s+){1,6}$", re.IGNORECASE
)


#: Subjects before a base-form verb that make it a present-tense description ("they report green", "which deletes").
_DESCRIBING_SUBJECTS = frozenset(
    (
        "they", "it", "he", "she", "this", "that", "these", "those", "which", "who", "people", "users", "someone",
        "somebody", "everyone", "nobody", "attackers", "hackers", "humans", "developers",
    )
)  # fmt: skip
#: The agent's names, before a verb in the third person: an order to it ("claude deletes nothing without asking").
_AGENT_NAMES = frozenset(
    (
        "you", "agent", "claude", "assistant", "copilot", "codex", "gemini", "cursor", "ai", "model",
    )
)  # fmt: skip
#: Subjects of "will", "can", "may" ... that make the verb a description ("it will delete", "which may skip").
_DESCRIBED_SUBJECTS = frozenset(
    (
        "it", "this", "that", "which", "they", "these", "those", "who", "he", "she", "one",
    )
)  # fmt: skip
#: Words before "to" that make the verb after it a description of a possibility or an attempt ("how to
#: delete", "designed to skip", "tries to push", "dangerous to run").
_TO_DESCRIBES = frozenset(
    (
        "how", "way", "ways", "used", "able", "unable", "designed", "meant", "intended", "supposed", "going",
        "command", "script", "tool", "flag", "option", "function", "endpoint", "button", "ability", "attempt",
        "attempts", "tries", "trying", "tried", "try", "wants", "wanted", "asks", "asked", "tells", "told",
        "instructs", "instructed", "requests", "requested", "urges", "like", "likes", "tend", "tends", "easy", "hard",
        "possible", "impossible", "dangerous", "risky", "unsafe", "tempting", "tempted",
    )
)  # fmt: skip
#: Modals before "be" + participle that make an order ("should be sent", "must be kept", "is to be removed").
_ORDER_MODALS = _PARTICIPLE_MODALS | {"to"}


class _Verb:
    """The head verb and the words before it in its clause, as ``VERB_FORMS`` reads them."""

    __slots__ = (
        "events",
        "h0",
        "head",
        "is_english",
        "opens",
        "pre",
        "prev",
        "text",
        "words",
        "written",
        "written_prev",
    )

    def __init__(
        self, text: str, h0: int, h1: int, pre: str, events: list[tuple[int, int, str]], is_english: bool
    ) -> None:
        self.text, self.h0, self.pre, self.events, self.is_english = text, h0, pre, events, is_english
        self.head = text[h0:h1].split(" ", 1)[0]
        words = pre.split()
        #: The clause's words as written, whether the last ends with a comma, colon or dash (``opens``), and
        #: that word without its punctuation and markup.
        self.written = words
        self.opens = bool(words) and words[-1][-1:] in ",:;—–-("
        self.written_prev = prev = words[-1].strip(",:;*_`'\"()") if words else ""
        if prev in _LIGHT_PARTICIPLES and len(words) >= 3 and words[-2] in ("be", "get"):
            # "may be left unfinished", "should be considered done": the passive of a light verb, then its complement
            words, prev = words[:-1], "be"
        #: The same, a light verb's passive read as "be" (the words after the gerund rows read these).
        self.words, self.prev = words, prev


def _described_subject(v: _Verb) -> bool:
    """A descriptive subject right before the verb ("this command will", "attackers may")."""
    for _, stop, cls in reversed(v.events):
        if len(v.pre) - stop > LOCAL:
            break
        if cls == "describe":
            return True
        if cls == "agent":
            break
    return False


def _gerund(v: _Verb) -> bool:
    return v.head.endswith("ing") and len(v.head) > 5


def _passive_after(v: _Verb, modals: frozenset[str]) -> bool:
    """A passive after one of ``modals``, whatever the participle's form ("should be sent", "can be skipped")."""
    return v.prev in ("be", "get") and len(v.words) >= 2 and not v.head.endswith("ing") and v.words[-2] in modals


def _participle_after(v: _Verb, modals: frozenset[str]) -> bool:
    """An "-ed" participle after "be" and one of ``modals``."""
    return _participle(v) and v.prev == "be" and len(v.words) >= 2 and v.words[-2] in modals


def _participle(v: _Verb) -> bool:
    return v.head.endswith("ed") and len(v.head) > 4


def _third_person(v: _Verb) -> bool:
    head = v.head
    return head.endswith("s") and not head.endswith("ss") and len(head) > 3 and head not in ("focus", "bypass")


def _other_subject(v: _Verb) -> bool:
    """An English base-form verb after some other word has that word as its subject ("SDKs bypass client
    rules", "tests run against"): imperatives open their clause or follow a short list of words."""
    prev = v.prev
    return bool(
        prev and prev not in IMPERATIVE_PRECEDERS and not prev.endswith("ly") and not prev.isdigit() and prev.isalpha()
    )


def _modal_subject(v: _Verb) -> str:
    """The word before "will", "can", "may" ... right before the verb, or ""."""
    if v.prev in ("will", "would", "can", "could", "may", "might") and len(v.words) >= 2:
        return v.words[-2].strip(",;:*_`'\"()")
    return ""


def _noun_subject_of_future(v: _Verb) -> bool:
    """ "callers will assume it works": a noun subject of "will", "would", "might", "could", described."""
    subject = _modal_subject(v)
    return bool(
        subject
        and v.prev in ("will", "would", "might", "could")
        and subject.isalpha()
        and subject not in IMPERATIVE_PRECEDERS
        and subject not in ("i", "we", "you", "u", "ya")
        and not subject.endswith("ly")
    )


#: The form of an English head verb, by the first row whose test holds (else an instruction).
VERB_FORMS = (
    ("a describing subject right before it", _described_subject, DESCRIBE),
    ("not an English word", lambda v: not v.head.isascii() or not v.head.isalpha() or not v.is_english, INSTRUCT),
    (
        'a gerund after a verb that takes one ("keep running")',
        lambda v: _gerund(v) and v.written_prev in _GERUND_LEADS,
        INSTRUCT,
    ),
    (
        'a gerund, the means of an imperative ("keep the folder tidy by emptying it")',
        lambda v: (
            _gerund(v) and v.written_prev == "by" and v.written and v.written[0].strip("*_`'\"(-") in _ORDER_VERBS
        ),
        INSTRUCT,
    ),
    (
        'a gerund, what an order does ("regenerate every file, overwriting the user\'s edits")',
        lambda v: (
            _gerund(v) and (not v.written or v.written[-1].endswith(",")) and _participle_of_imperative(v.text[: v.h0])
        ),
        INSTRUCT,
    ),
    ('a gerund as a noun (a title, a subject, "by deleting", "when skipping")', _gerund, DESCRIBE),
    ('a passive after "can" or "may"', lambda v: _passive_after(v, _PARTICIPLE_MODALS_PERMIT), PERMIT),
    ('a passive after a modal ("should be sent")', lambda v: _passive_after(v, _ORDER_MODALS), INSTRUCT),
    ('a participle after "can be"', lambda v: _participle_after(v, _PARTICIPLE_MODALS_PERMIT), PERMIT),
    ('a participle after "must be"', lambda v: _participle_after(v, _ORDER_MODALS), INSTRUCT),
    ('a participle or a past tense ("skipped tests", "the data was deleted")', _participle, DESCRIBE),
    ("the third person after the agent's name", lambda v: _third_person(v) and v.prev in _AGENT_NAMES, INSTRUCT),
    (
        'the third person after "make sure" ("make sure the nightly task sends ...")',
        lambda v: _third_person(v) and _ENSURE_LEAD.search(v.pre),
        INSTRUCT,
    ),
    ('the third person ("the script deletes the build folder")', _third_person, DESCRIBE),
    ("a base form opening a clause after a comma or colon", lambda v: v.opens, INSTRUCT),
    ('a pronoun or a person before it ("they report green")', lambda v: v.prev in _DESCRIBING_SUBJECTS, DESCRIBE),
    ('a noun ("the output", "a log of")', lambda v: v.prev in NOUN_MARKERS, DESCRIBE),
    (
        'after a leading phrase ("at the end of the session delete X")',
        lambda v: _adverbial_lead(v.words, v.prev),
        INSTRUCT,
    ),
    ('another word as its subject ("SDKs bypass client rules")', _other_subject, DESCRIBE),
    ('a pronoun subject of a modal ("it will delete")', lambda v: _modal_subject(v) in _DESCRIBED_SUBJECTS, DESCRIBE),
    ('a noun subject of "will"', _noun_subject_of_future, DESCRIBE),
    (
        'the purpose of an instruction ("use the script to delete ...")',
        lambda v: v.words and v.words[0] in _IMPERATIVE_LEADS,
        INSTRUCT,
    ),
    (
        'a possibility or an attempt ("how to delete", "tries to push")',
        lambda v: v.prev == "to" and len(v.words) >= 2 and v.words[-2] in _TO_DESCRIBES,
        DESCRIBE,
    ),
)


def verb_form(
    text: str, h0: int, h1: int, pre: str, events: list[tuple[int, int, str]], c: CueSet, is_english: bool
) -> str:
    """Instruction, permission or description, from the head verb's English form and its subject
    (``VERB_FORMS``)."""
    verb = _Verb(text, h0, h1, pre, events, is_english)
    for _, test, form in VERB_FORMS:
        if test(verb):
            return form
    return INSTRUCT


#: Words that open a leading adverbial phrase of time or place ("at the end of the session", "before the
#: release", "in every PR"): a base-form verb right after such a phrase opens the main clause.
_ADVERBIAL_LEADS = frozenset(
    [
        "at",
        "after",
        "before",
        "during",
        "on",
        "upon",
        "in",
        "for",
        "from",
        "within",
        "throughout",
        "between",
        "by",
        "first",
        "finally",
        "then",
        "next",
        "afterwards",
        "periodically",
        "regularly",
        "additionally",
        "also",
        "to",  # a purpose: "to save time skip the slow suite"
    ]
)
#: Words that show the phrase holds its own subject or verb (so the verb after it may be described).
_CLAUSE_WORDS = frozenset(
    [
        "you",
        "we",
        "i",
        "they",
        "it",
        "he",
        "she",
        "this",
        "that",
        "these",
        "those",
        "which",
        "who",
        "whom",
        "whose",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "will",
        "would",
        "can",
        "could",
        "should",
        "must",
        "may",
        "might",
        "does",
        "do",
        "did",
        "has",
        "have",
        "had",
        "if",
        "when",
        "unless",
        "because",
        "while",
        "where",
        "so",
        "and",
        "or",
        "but",
        "not",
        "never",
        "how",
        "what",
    ]
)


#: Verbs that open an order, for a gerund that states how the order is carried out ("keep X tidy by emptying it").
_ORDER_VERBS = (
    IMPERATIVE_VERBS
    | (_IMPERATIVE_LEADS - {"always", "first", "immediately", "just", "next", "now", "please", "simply", "then"})
    | frozenset(
        [
            "keep",
            "clean",
            "clear",
            "tidy",
            "free",
            "regenerate",
            "reset",
            "update",
            "fix",
            "leave",
            "handle",
            "finish",
            "wrap",
            "close",
            "end",
            "prepare",
            "save",
            "maintain",
            "refresh",
            "rebuild",
            "restore",
            "sync",
            "replace",
        ]
    )
)


def _participle_of_imperative(before: str) -> bool:
    """Is a gerund that opens its clause ("..., overwriting X") attached to a sentence that opens with an
    imperative ("Regenerate every file from scratch, overwriting X")?"""
    before = before.rstrip()
    if not before.endswith(","):
        return False
    first = before.lstrip(" -*>#0123456789.)").split(" ", 1)[0].strip("*_`'\"(")
    return first in _ORDER_VERBS


def _adverbial_lead(words: list[str], prev: str) -> bool:
    """Does the clause so far hold only a leading adverbial phrase ("at the end of the session"), whose
    last noun is singular (a singular noun cannot be the subject of a base-form verb)?"""
    if not words or len(words) > 8 or words[0].strip(",*_`'\"(") not in _ADVERBIAL_LEADS:
        return False
    if not prev.isalpha() or prev.endswith("s") or prev in NOUN_MARKERS:
        return False
    return not any(w.strip(",;:*_`'\"()") in _CLAUSE_WORDS for w in words)
