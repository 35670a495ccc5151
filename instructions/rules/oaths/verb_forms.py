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


def _noun_use(before: str) -> bool:
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


_NOUN_MARKERS = frozenset(
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
_IMPERATIVE_PRECEDERS = frozenset(
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
_IMPERATIVE_VERBS = frozenset(
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


def _verb_form(
    text: str, h0: int, h1: int, pre: str, events: list[tuple[int, int, str]], c: CueSet, is_english: bool
) -> str:
    """Instruction, permission or description, from the head verb's English form and its subject."""
    head = text[h0:h1].split(" ", 1)[0]
    words = pre.split()
    opens = bool(words) and words[-1][-1:] in ",:;—–-("
    prev = words[-1].strip(",:;*_`'\"()") if words else ""
    # A descriptive subject right before the verb ("this command will", "attackers may").
    for _, stop, cls in reversed(events):
        if len(pre) - stop > LOCAL:
            break
        if cls == "describe":
            return DESCRIBE
        if cls == "agent":
            break
    if not head.isascii() or not head.isalpha() or not is_english:
        return INSTRUCT
    if head.endswith("ing") and len(head) > 5:
        if prev in _GERUND_LEADS:
            return INSTRUCT
        if prev == "by" and words and words[0].strip("*_`'\"(-") in _ORDER_VERBS:
            return INSTRUCT  # "keep the folder tidy by emptying it": the means of an imperative
        if (not words or words[-1].endswith(",")) and _participle_of_imperative(text[:h0]):
            return INSTRUCT  # "regenerate every file, overwriting the user's edits": what the order does
        return DESCRIBE  # a gerund as a noun: a title, a subject, "by deleting", "when skipping"
    if prev in _LIGHT_PARTICIPLES and len(words) >= 3 and words[-2] in ("be", "get"):
        # "may be left unfinished", "should be considered done": the passive of a light verb, then its complement
        words, prev = words[:-1], "be"
    if prev in ("be", "get") and len(words) >= 2 and not head.endswith("ing"):
        # A passive after a modal, whatever the participle's form ("should be sent", "must be kept"):
        # an order, or with "can"/"may" a permission.
        modal = words[-2]
        if modal in _PARTICIPLE_MODALS_PERMIT:
            return PERMIT
        if modal in _PARTICIPLE_MODALS or modal == "to":
            return INSTRUCT
    if head.endswith("ed") and len(head) > 4:
        if prev == "be" and len(words) >= 2:
            modal = words[-2]
            if modal in _PARTICIPLE_MODALS_PERMIT:
                return PERMIT
            if modal in _PARTICIPLE_MODALS or modal == "to":
                return INSTRUCT
        return DESCRIBE  # a participle or a past tense: "skipped tests", "the data was deleted"
    if head.endswith("s") and not head.endswith("ss") and len(head) > 3 and head not in ("focus", "bypass"):
        if prev in ("you", "agent", "claude", "assistant", "copilot", "codex", "gemini", "cursor", "ai", "model"):
            return INSTRUCT
        if _ENSURE_LEAD.search(pre):
            return INSTRUCT  # "make sure the nightly task sends every customer's email to ...": what is ordered
        return DESCRIBE  # third person: "the script deletes the build folder"
    if opens:
        return INSTRUCT  # a base-form verb opening a clause after a comma or colon: an imperative
    if prev in (
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
        "people",
        "users",
        "someone",
        "somebody",
        "everyone",
        "nobody",
        "attackers",
        "hackers",
        "humans",
        "developers",
    ):
        return DESCRIBE  # a present-tense description: "they report green", "which deletes"
    if prev in _NOUN_MARKERS:
        return DESCRIBE  # a noun, not a verb: "the output", "for output contracts", "a log of"
    if _adverbial_lead(words, prev):
        return INSTRUCT  # "at the end of the session delete X": a leading phrase, then an imperative
    if prev and prev not in _IMPERATIVE_PRECEDERS and not prev.endswith("ly") and not prev.isdigit() and prev.isalpha():
        # An English base-form verb after some other word has that word as its subject ("SDKs bypass
        # client rules", "tests run against"): imperatives open their clause or follow a short list of words.
        return DESCRIBE
    if prev in ("will", "would", "can", "could", "may", "might") and len(words) >= 2:
        subject = words[-2].strip(",;:*_`'\"()")
        if subject in ("it", "this", "that", "which", "they", "these", "those", "who", "he", "she", "one"):
            return DESCRIBE
        if (
            prev in ("will", "would", "might", "could")
            and subject.isalpha()
            and subject not in _IMPERATIVE_PRECEDERS
            and subject not in ("i", "we", "you", "u", "ya")
            and not subject.endswith("ly")
        ):
            return DESCRIBE  # "callers will assume it works": a noun subject, described
    if words and words[0] in _IMPERATIVE_LEADS:
        return INSTRUCT  # "use the script to delete ...": the purpose of an instruction
    if (
        prev == "to"
        and len(words) >= 2
        and words[-2]
        in (
            "how",
            "way",
            "ways",
            "used",
            "able",
            "unable",
            "designed",
            "meant",
            "intended",
            "supposed",
            "going",
            "command",
            "script",
            "tool",
            "flag",
            "option",
            "function",
            "endpoint",
            "button",
            "ability",
            "attempt",
            "attempts",
            "tries",
            "trying",
            "tried",
            "try",
            "wants",
            "wanted",
            "asks",
            "asked",
            "tells",
            "told",
            "instructs",
            "instructed",
            "requests",
            "requested",
            "urges",
            "like",
            "likes",
            "tend",
            "tends",
            "easy",
            "hard",
            "possible",
            "impossible",
            "dangerous",
            "risky",
            "unsafe",
            "tempting",
            "tempted",
        )
    ):
        return DESCRIBE
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
    _IMPERATIVE_VERBS
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
    if not prev.isalpha() or prev.endswith("s") or prev in _NOUN_MARKERS:
        return False
    return not any(w.strip(",;:*_`'\"()") in _CLAUSE_WORDS for w in words)
