"""Languages: attacks and their harmless neighbours in other languages than English (denials, negative
concord, word order, particles, borrowed verbs), and English read as English beside other languages'
vocabulary.

The cases are data (``cases/languages.jsonl``, described in ``tests/oaths/data.py``): each attack
must be found, and each text with the same words must pass; the tests in code assert what a case
cannot say.
"""

from __future__ import annotations

import pytest

from tests.oaths.data import check_case, load_cases


@pytest.mark.parametrize("case", load_cases("languages"))
def test_languages_case(case, rules):
    """Each case in ``cases/languages.jsonl`` is refused for its oath, or passes."""
    check_case(case, rules)


#: English words so common that no other language's entry may read as one ("he" for a folded "не").
ENGLISH_FUNCTION_WORDS = set(
    [
        "a",
        "an",
        "at",
        "to",
        "in",
        "on",
        "of",
        "he",
        "she",
        "it",
        "is",
        "be",
        "as",
        "by",
        "or",
        "and",
        "the",
        "for",
        "we",
        "you",
        "me",
        "my",
        "so",
        "do",
        "if",
        "us",
        "our",
        "his",
        "her",
        "they",
        "them",
        "this",
        "that",
    ]
)


def test_no_other_language_entry_is_an_english_function_word():
    """Lexicon entries and modality cues of the other languages, with the forms look-alike folding gives
    them, never spell a common English word: English text would read as that language's verb or denial.
    (``cond_end_intl`` is read in other languages only: Polish "jeśli ..., to ...".)"""
    import json

    from instructions.rules.oaths.cue_set import _with_folded_forms
    from instructions.rules.oaths.cues import CUES
    from tests.helpers import CREDO_MAP as MAP

    found = []
    for oath in json.loads(MAP.read_text(encoding="utf-8"))["oaths"]:
        for name, entries in oath.get("lexicons", {}).items():
            if isinstance(entries, dict):
                for lang, items in entries.items():
                    found += [
                        (name, lang, e) for e in items if lang != "en" and e.strip("*[]") in ENGLISH_FUNCTION_WORDS
                    ]
    for cls, langs in CUES.items():
        if cls == "cond_end_intl":
            continue
        for lang, items in _with_folded_forms(langs).items():
            found += [(cls, lang, e) for e in items if lang != "en" and e.strip("*[] ") in ENGLISH_FUNCTION_WORDS]
    assert found == []
