"""English past participles added to the verb lexicons, for the passive ("uncommitted changes can be discarded").

``participle_entries`` gives the participles of a verb lexicon's English entries that no lexicon writes
(irregular forms from ``_IRREGULAR``, doubled consonants from ``_DOUBLING``); the ones it adds are the
``RuleSet.participles`` the check reads only in a passive order.
"""

from __future__ import annotations

import re

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


def participle_entries(items: list[str], written: set[str], participles: set[str]) -> list[str]:
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
