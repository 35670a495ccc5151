"""Which language a unit is in, as far as the English heuristics need to know.

``english`` reads a unit's function words (a unit without any takes its neighbours' language);
``foreign_letters`` says whether the text around a unit has enough letters outside ASCII to be another
language, whatever its words look like.
"""

from __future__ import annotations

import re
from functools import lru_cache

from instructions.rules.oaths.automata import re2_compile

#: Text around a unit written with this many letters outside ASCII is not English, whatever its words
#: look like ("İlerleme notu tutma": "not" is Turkish for a note); a name or two ("José") does not count.
FOREIGN_LETTERS = 3


def foreign_letters(original: str) -> bool:
    """Does ``original`` (the unit's text in the body, with some around it) hold enough letters outside
    ASCII to be another language?"""
    return len(_OTHER_LETTER.findall(original)) >= FOREIGN_LETTERS


_ASCII_LETTER = re.compile(r"[a-zA-Z]")
_OTHER_LETTER = re.compile(r"[^\W\d_a-zA-Z]")
_ENGLISH_WORDS = re2_compile(
    r"\b(?:the|and|to|of|you|your|is|are|it|that|this|with|for|on|in|be|not|all|any|when|if|or|from|by|as|do|don't|never|always)\b",
    "english",
)
_FOREIGN_WORDS = re2_compile(
    r"\b(?:de|la|le|les|el|los|las|un|una|und|der|die|das|het|een|il|di|che|o|os|as|que|para|não|não|nie|jest|się|ve|bir|bu|ile|dat|niet|je|je|tu|vous|du|den|dem|ein|eine|nicht|zu|et|est|en|y|es|por|con|per|non|sono|og|ik|wij|ze|w|z|na|do|że)\b",
    "foreign",
)


@lru_cache(maxsize=4096)
def english(text: str, context: str = "", default: bool = False) -> bool:
    """Is this unit English (the English verb-form heuristics only hold for English)?

    A short unit without any function word ("Hash API secrets before sending", a code comment) takes the
    language of its neighbours in ``context``. Memoised: every rule asks about the same units."""
    sample = text[:400]
    ascii_letters = len(_ASCII_LETTER.findall(sample))
    if ascii_letters < len(_OTHER_LETTER.findall(sample)):
        return False  # mostly another script: Arabic, Hindi, Chinese... with a command or two
    english_words = sum(1 for _ in _ENGLISH_WORDS.finditer(sample))
    foreign_words = sum(1 for _ in _FOREIGN_WORDS.finditer(sample))
    if english_words == 0 and foreign_words == 0:
        return english(context[:800], "", default) if context else default
    return english_words > 0 and english_words >= foreign_words


_english = english
