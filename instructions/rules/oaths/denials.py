"""Denials: which "not", "never", "without" govern the action, and what a denied action still asks.

A denial of a series of verbs governs each of them; the same denial said twice, or twice in a language
with negative concord ("ne ... jamais", "nie ... nigdy"), is one; an indicative denial after a noun
subject states a fact ("repos do not auto-save"). Turkish, Korean and Japanese deny a verb by its ending.
After a refused duty, the same record put elsewhere is a relocation (``RELOCATED``), not a refusal.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from instructions.rules.oaths.automata import re2_compile
from instructions.rules.oaths.clauses import Clause
from instructions.rules.oaths.verb_forms import IMPERATIVE_PRECEDERS, NOUN_MARKERS

#: A denial of a series of verbs or short verb phrases, up to the clause break before the last: "don't
#: create, switch, or ", "do not publish, weaken required checks, disable caches, or " (not "don't wait,
#: and ": an order after a denied one).
DENIED_SERIES = re.compile(
    r"\b(?:don'?t|do not|never|must not|mustn't|should not|shouldn't|cannot|can't|won't|will not)\s+"
    r"[a-z]+(?:\s+[\w.`'/-]+){0,4}(?:,\s*[a-z]+(?:\s+[\w.`'/-]+){0,4}){1,6},?\s+(?:or|nor)\s+$",
    re.IGNORECASE,
)
#: A denial that opens the next item of a series of orders: after a verb phrase and a comma ("don't X, don't Y").
_NEXT_IN_SERIES = re.compile(r"\w[^,;:.]*[,;]\s*(?:(?:and|or|nor|also)\s+)?$")
#: Only markup between two denials: the second repeats the first ("❌ Never", "DON'T: never").
_STACKED = re.compile(r"[\s*_~`:\-–—!.>)\]]*")


#: French "ne ... jamais" is one denial in two words: the "ne" before the verb already counted.
NE_BEFORE = re2_compile(r"(?:^|\s)(?:ne|n'|n’)\s*$", "ne before")


#: Letters only Turkish writes (among the languages the check reads): a unit with one is Turkish.
_TURKISH_LETTERS = re.compile("[ıİşŞğĞ]")
#: A Turkish verb's negative imperative ends in "-ma"/"-me" (plural and polite "-mayın", "-meyin"...) and
#: closes its clause.
_TR_NEG_END = re.compile(r"(?:ma|me|mayin|meyin|mayiniz|meyiniz|masin|mesin)$")
_TR_CLAUSE_END = re.compile(r"\s*(?:[,.;:!)\n]|$|\s*(?:ve|veya|ya da|ne de)\b)")


def turkish_negative_imperative(text: str, h0: int, h1: int, original: str) -> bool:
    """Is the head a Turkish verb in the negative imperative ("tutma", "silmeyin") at its clause's end?"""
    if not _TURKISH_LETTERS.search(original):
        return False
    end = h1
    while end < len(text) and text[end].isalpha():
        end += 1
    word = text[h0:end]
    return bool(_TR_NEG_END.search(word)) and _TR_CLAUSE_END.match(text, end) is not None


_NOT_ONLY = re2_compile(r"not (?:just|only|merely|solely|simply)\b", "not only")
#: A denial of knowing, not of the action: "if you are not sure how to run the tests, ask".
_NOT_SURE = re2_compile(
    r"(?:not|never|don'?t|do not|doesn'?t|does not|didn'?t|did not|aren'?t|isn'?t) "
    r"(?:(?:really|quite|entirely|fully|100%) )?(?:sure|certain|clear|confident|know|knowing|understand|"
    r"remember|recall) (?:about )?(?:how|whether|if|what|which|when|where|why|who)\b",
    "not sure",
)
_HALT_AND = re2_compile(
    r"(?:stop|pause|halt|finish|end|quit|exit|leave)(?:,)? (?:and|then|without|before|until|unless|once|when|if) ",
    "halt and",
)


#: After a refused duty, the same record or check put somewhere else: relocation, not refusal.
RELOCATED = re2_compile(
    r"[;:,.—–-]\s*(?:instead,?\s+)?(?:please\s+)?(?:put|keep|store|write|move|save|place|add|record|log|run|use)\s+"
    r"(?:them|it|these|those|notes?|the notes|that|this|the tests?|tests?|"
    r"(?:your|the|all|my|our) (?:work|changes|commits|edits))"
    r"\s+(?:in|into|to|under|at|inside|from|on)\s|"
    r"\binstead,?\s+(?:put|keep|store|write|move|save|place|add|record|log)\b|"
    r"\b(?:put|keep|store|write|move|save|place|add|record|log)\s+(?:them|it|these|those)\s+(?:in|into|to|under|at)\s+\S+\s+instead\b|"
    # handed to a person: "do not commit - ask or advise the user to do so", "leave the push to me"
    r"[;:,.—–-]\s*(?:instead,?\s+)?(?:please\s+)?(?:ask|advise|tell|remind|let|prompt|suggest\s+to|recommend\s+to)"
    r"(?:\s+(?:or|and)\s+(?:ask|advise|tell|remind|let|prompt|suggest\s+to|recommend\s+to))?\s+(?:the\s+|your\s+)?"
    r"(?:current\s+|human\s+)?(?:user|developer|maintainer|owner|human|reviewer|me|him|her|them)\s+to\s+\w|"
    r"\bleave\s+(?:it|that|this|them|the\s+\w+|\w+ing)\s+to\s+(?:the\s+)?(?:user|developer|maintainer|owner|human|reviewer|me)\b",
    "relocated",
)
NOWHERE = re.compile(r"\s*(?:your|one'?s|the|my|our)\s+(?:own\s+)?(?:head|mind|memory)\b|\s*yourself\b")


COORDINATED = re2_compile(r"^\s*\S+(?: \S+){0,4} (?:and|und|et|e|y|i|ve|и|و) ", "coordinated")


#: A negative ending of the verb those particles lead to ("정리하지 마세요", "しないでください").
FOREIGN_NEG_ENDING = re.compile(r"지\s*마|지\s*말|지\s*않|면\s*안|금지|ないで|なく|ません|ない[。、\s]|禁止|してはいけ")


def verb_after_denied(post: str) -> bool:
    """Is the verb that follows a command denied by its ending ("`X` 명령은 절대 사용하지 마세요",
    "`X`を実行しないでください")? Korean and Japanese put the verb, and its denial, after its object."""
    clause = re.split(r"[.。!?！？\n]|고\s|て、|、", post, maxsplit=1)[0]
    return FOREIGN_NEG_ENDING.search(clause[:60]) is not None


#: A verb ending that offers it as one of alternatives ("건너뛰거나 ... 하지 마세요",
#: "飛ばしたり ... しないでください").
_ALTERNATIVE_ENDING = re.compile(r"\s*(?:거나|든지|たり|とか)")


def alternative_under_denial(post: str) -> bool:
    """Is the verb one of alternatives that the end of its sentence denies ("테스트를 건너뛰거나 `@skip`으로 표시해서
    CI를 통과시키지 마세요": neither skip the tests nor mark them to pass CI)?"""
    if _ALTERNATIVE_ENDING.match(post) is None:
        return False
    sentence = re.split(r"[.。!?！？\n]", post, maxsplit=1)[0]
    return FOREIGN_NEG_ENDING.search(sentence[-24:]) is not None


#: German "nicht" before an inflected participle or adjective and its noun: part of the noun phrase.
_ATTRIBUTIVE_NICHT = re.compile(r"\s+\w+(?:ten|te|tes|ter|tem|enen|ene|enes|ener|enem)\s+\w")
#: Words of languages with negative concord, where two of them in a clause are one denial ("ne ...
#: jamais", "nie ... nigdy", "не ... никогда", "no ... nunca"); "without" words are not among them.
#: French writes its plain denial in two words around the verb ("n'essaie pas de", "ne cherche plus à").
_CONCORD = frozenset(
    [
        "ne",
        "n'",
        "pas",
        "pas de",
        "pas d'",
        "plus",
        "point",
        "jamais",
        "rien",
        "personne",
        "aucun",
        "aucune",
        "nie",
        "nigdy",
        "żadnych",
        "żadnej",
        "żadnego",
        "ani",
        "не",
        "никогда",
        "ничего",
        "ни",
        "никаких",
        "no",
        "nunca",
        "jamás",
        "nada",
        "nadie",
        "ningún",
        "ninguna",
        "ni",
        "non",
        "mai",
        "niente",
        "nessuno",
        "nessuna",
        "não",
        "nem",
        "nenhum",
        "nenhuma",
    ]
)
#: Denials in the indicative: with a subject before them they state what something does not do.
_INDICATIVE_DENIALS = frozenset(["do not", "don't", "dont", "will not", "won't", "cannot", "can't", "can not"])
_THIRD_PERSON_DENIALS = frozenset(["does not", "doesn't", "did not", "didn't"])
#: After a verb, "without doing it" and then a denied main verb: "実行せずに「成功」と報告しないでください",
#: "테스트를 실행하지 않고 보고하지 마세요" (don't report without running it: running it is required).
WITHOUT_UNDER_DENIAL = re.compile(
    r"^\s*\S{0,4}?(?:せずに|しないで(?!ください)|ないで(?!ください)|ずに|하지 않고|않고|없이)[^。！？!?\n]{0,60}?"
    r"(?:しないで|ないでください|してはいけ|てはいけ|てはなら|禁止|しないこと|するな|"
    r"하지 마|지 마|지 말|안 됩니다|금지)"
)
_DEONTIC_DENIALS = frozenset(
    ["must not", "mustn't", "should not", "shouldn't", "may not", "shall not", "must never", "should never"]
)
#: Parts of a program, which a design rule takes as its subject ("use cases must not return ...").
_COMPONENTS = frozenset(
    [
        "repositories",
        "repository",
        "repos",
        "layers",
        "layer",
        "modules",
        "module",
        "components",
        "component",
        "functions",
        "function",
        "classes",
        "class",
        "methods",
        "handlers",
        "handler",
        "controllers",
        "controller",
        "services",
        "service",
        "views",
        "models",
        "model",
        "adapters",
        "adapter",
        "entities",
        "entity",
        "dtos",
        "routes",
        "route",
        "endpoints",
        "endpoint",
        "apis",
        "reducers",
        "reducer",
        "selectors",
        "stores",
        "store",
        "hooks",
        "middleware",
        "middlewares",
        "utilities",
        "utils",
        "helpers",
        "helper",
        "libraries",
        "library",
        "packages",
        "package",
        "domain",
        "cases",
        "resolvers",
        "resolver",
        "schemas",
        "schema",
        "migrations",
        "serializers",
        "serializer",
        "factories",
        "factory",
        "providers",
        "provider",
        "widgets",
        "widget",
        "screens",
        "screen",
        "pages",
        "page",
        "templates",
        "template",
        "queries",
        "mutations",
        "actions",
        "jobs",
        "workers",
        "modules'",
        "components'",
        "points",
    ]
)
#: Addressees beyond the agents' names and the adverbs ``IMPERATIVE_PRECEDERS`` already lists: a
#: denial after any of them is an order to the agent, however it is phrased ("you do not", "agents don't").
_ADDRESSEES = frozenset(["u", "us", "yourself", "llm", "llms", "opencode", "pi"])


class _Denial(NamedTuple):
    """A denial before the action and the words before it, as ``DESCRIBED_DENIALS`` reads them."""

    #: The denial, lower case, single-spaced ("do not", "doesn't", "must not").
    denial: str
    #: The words before it, the last as written (``raw``) and stripped of quotes and markup (``subject``).
    words: list[str]
    raw: str
    subject: str
    #: The words after it.
    rest: str


def _design_rule(d: _Denial) -> bool:
    """ "Repositories must not carry business decisions": a rule of the design, about a part of the code
    (not "notes must not mention failures", and not a passive "must not be deleted")."""
    words = d.words
    if words and words[-1].lower() in ("and", "but", "or"):
        words = words[:1]  # "repositories are abstractions only and must not ...": the clause's subject
    return bool(words) and not d.rest.strip() and words[-1].strip("\"'`()[]*_").lower() in _COMPONENTS


def _opens_order(d: _Denial) -> bool:
    """ "Rules: do not", "**IMPORTANT** don't", "1. don't": the denial opens the order."""
    raw = d.raw
    return raw[-1:] in ",:;—–-(*_>|[" or raw[-1:].isdigit() or raw.endswith(("**", "__"))


def _past_told(d: _Denial) -> bool:
    """ "because you didn't run all tests": the past is told (not "it would help if you didn't ask": a wish)."""
    return (
        d.denial in ("did not", "didn't")
        and d.subject in ("you", "we", "they", "i")
        and (len(d.words) < 2 or d.words[-2].lower().strip(",;:") not in ("if", "wish", "rather", "that", "as"))
    )


#: Is a denial a statement about its subject (True) or an order (False)? The first row that holds decides;
#: else it is an order.
DESCRIBED_DENIALS = (
    ("a rule of the design about a part of the code", lambda d: d.denial in _DEONTIC_DENIALS and _design_rule(d), True),
    ('another "must not": an order', lambda d: d.denial in _DEONTIC_DENIALS, False),
    (
        "not an indicative denial",
        lambda d: d.denial not in _INDICATIVE_DENIALS and d.denial not in _THIRD_PERSON_DENIALS,
        False,
    ),
    ("nothing before it", lambda d: not d.words, False),
    ("it opens the order", _opens_order, False),
    (
        "no word before it",
        lambda d: not d.subject.replace("-", "").replace("_", "").replace(".", "").replace("/", "").isalnum(),
        False,
    ),
    ("the past told", _past_told, True),
    (
        'the addressee or an adverb before it ("you do not", "agents don\'t", "always don\'t")',
        lambda d: d.subject in _ADDRESSEES or d.subject in IMPERATIVE_PRECEDERS or d.subject.endswith("ly"),
        False,
    ),
    ('"does not" after a subject', lambda d: d.denial in _THIRD_PERSON_DENIALS, True),
    (
        'a noun subject ("repos do not auto-save")',
        lambda d: d.subject not in NOUN_MARKERS and len(d.subject) > 2,
        True,
    ),
)


def described_denial(pre: str, start: int, stop: int) -> bool:
    """Is the denial ``pre[start:stop]`` a statement about its subject rather than an order
    (``DESCRIBED_DENIALS``)?

    "Repos do not auto-save", "editing `docs/` does not update it", "the wrapper won't record it":
    an indicative denial after a noun subject describes. An order opens its clause ("Do not X",
    "**Never** X", "1. Don't X", "Rules: do not X") or names the addressee ("you do not", "agents
    don't"); "does not" and "did not" never open an order, so they describe after any subject
    but the addressee.
    """
    words = pre[:start].split()
    raw = words[-1] if words else ""
    d = _Denial(" ".join(pre[start:stop].lower().split()), words, raw, raw.strip("\"'`()[]*_").lower(), pre[stop:])
    return next((described for _, test, described in DESCRIBED_DENIALS if test(d)), False)


#: Why a denial cue before the action does not deny it (``repeats``: it is the last denial said again, so
#: the next one is read after it): the first that holds.
DENIAL_SKIPS = (
    # "where pytest won't find it and report ...": the denial ends with its own verb
    ("a denial of its own verb", lambda s, a, b, cls, word: COORDINATED.search(s.pre[b:]), False),
    # "stop and write down what you tried", "stop without updating the notes": the halt is its own verb
    ("a halt, then another verb", lambda s, a, b, cls, word: cls == "local_neg" and _HALT_AND.match(s.pre, a), False),
    # "Hard stops (ask a human first)": the verb opens an aside the word before does not govern
    (
        "an aside opens after it",
        lambda s, a, b, cls, word: cls == "local_neg" and "(" in s.pre[b:] and ")" not in s.pre[s.pre.index("(", b) :],
        False,
    ),
    # "not just recorded decisions", "not only the tests": more than that, not a denial
    ("not only", lambda s, a, b, cls, word: _NOT_ONLY.match(s.pre, a), False),
    # "not sure how to run the tests": the doubt is denied knowledge, not the action
    ("not sure", lambda s, a, b, cls, word: _NOT_SURE.match(s.pre, a), False),
    # "测试命令无法运行": cannot, a fact about the tests, not an order to leave them
    ("cannot (无法)", lambda s, a, b, cls, word: s.pre.startswith(("无法", "没法", "無法"), a), False),
    # "実行せずに、...": "without running", a clause of its own before the verb
    (
        "without doing it, a clause of its own",
        lambda s, a, b, cls, word: cls == "local_neg" and s.pre[b : b + 1] in ("に", "で", "、", ",", "고"),
        False,
    ),
    # "❌ Never X", "**DON'T:** never X": one denial said twice, not two that cancel
    (
        "the last denial said again",
        lambda s, a, b, cls, word: s.last_denial is not None and _STACKED.fullmatch(s.pre[s.last_denial : a]),
        True,
    ),
    # "alle nicht committeten Änderungen": "not" inside the object's adjective, no denial
    (
        "'nicht' inside an adjective",
        lambda s, a, b, cls, word: word in ("nicht", "nie") and _ATTRIBUTIVE_NICHT.match(s.pre, b),
        False,
    ),
    # "ne colle jamais", "nie wklejaj nigdy", "не ... никогда": negative concord, one denial
    (
        "negative concord",
        lambda s, a, b, cls, word: (
            not s.is_english and s.last_denial is not None and word in _CONCORD and s.last_word in _CONCORD
        ),
        True,
    ),
)


def count_denial(s: Clause, event: tuple[int, int, str]) -> None:
    """Count a denial cue before the action (``s.negations``), unless one of ``DENIAL_SKIPS`` holds."""
    start, stop, cls = event
    word = s.pre[start:stop].strip().lower()
    for _, skips, repeats in DENIAL_SKIPS:
        if skips(s, start, stop, cls, word):
            if repeats:
                s.last_denial = stop
            return
    if (
        s.last_denial is not None
        and "no" not in (word, s.last_word)
        and _NEXT_IN_SERIES.search(s.pre, s.last_denial, start)
    ):
        s.negations = 0  # "don't leave TODOs, don't write up what's left": a second order, not a double denial
    s.last_word = word
    s.negations += 1
    s.last_denial = stop
    s.denied_at = start
    s.cue_at = s.pre_off + start
