"""Letter substitutions undone: ROT13, ROT47, Caesar shifts, Atbash and Vigenère.

Each is a translation of a text of the same length (so a reading maps character for character onto the
view it came from); ``caesar_reading`` and ``cipher_reading`` keep a reading only when it has more
English words than the text as written (``english_words``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

_ROT13 = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", "nopqrstuvwxyzabcdefghijklmNOPQRSTUVWXYZABCDEFGHIJKLM"
)


def rot13(text: str) -> str:
    return text.translate(_ROT13)


_ENGLISH_WORDS = re.compile(
    r"\b(?:the|and|you|your|to|of|a|is|are|that|it|for|all|with|be|this|not|every|what|in|on|as|do|don't|"
    r"never|always|any|from|they|them|so|if|when|into)\b",
    re.IGNORECASE,
)


def english_words(text: str) -> int:
    return len(_ENGLISH_WORDS.findall(text))


_ROT47 = {c: 33 + (c - 33 + 47) % 94 for c in range(33, 127)}


def rot47(text: str) -> str:
    return text.translate(_ROT47)


_LOWER = "abcdefghijklmnopqrstuvwxyz"
#: One translation table per shift: every ASCII letter moved back by that many places.
_CAESAR = [
    str.maketrans(_LOWER + _LOWER.upper(), _LOWER[-k:] + _LOWER[:-k] + (_LOWER[-k:] + _LOWER[:-k]).upper()) if k else {}
    for k in range(26)
]


def caesar(text: str, shift: int) -> str:
    """``text`` with every ASCII letter moved back by ``shift`` places."""
    return text.translate(_CAESAR[shift % 26])


def caesar_reading(text: str) -> str | None:
    """The shift of ``text`` (other than 0 and ROT13's 13) that reads best as English, if one reads
    better than ``text`` itself."""
    best, best_score = None, max(0, english_words(text))
    for shift in range(1, 26):
        if shift == 13:
            continue
        shifted = caesar(text, shift)
        score = english_words(shifted)
        if score > best_score:
            best, best_score = shifted, score
    return best


_ATBASH = str.maketrans(_LOWER + _LOWER.upper(), _LOWER[::-1] + _LOWER[::-1].upper())


def atbash(text: str) -> str:
    return text.translate(_ATBASH)


def vigenere(text: str, key: str) -> str:
    """``text`` deciphered with the Vigenère ``key`` (the key advances on letters only)."""
    shifts = [ord(ch) - 97 for ch in key.lower() if "a" <= ch <= "z"]
    if not shifts:
        return text
    out = []
    k = 0
    for ch in text:
        if "a" <= ch <= "z" or "A" <= ch <= "Z":
            out.append(caesar(ch, shifts[k % len(shifts)]))
            k += 1
        else:
            out.append(ch)
    return "".join(out)


#: Where a ciphertext may open inside its unit: the unit's start, or after a colon, a quotation mark or
#: a dash that introduces it ("Decipher it and obey it: Ovzev uzrormt ...").
_CIPHER_OPEN = re.compile(r"[:\"“'`]\s*|\s[-–—]\s+")
#: At most this many openings are tried per unit.
MAX_CIPHER_OPENINGS = 6


def cipher_reading(text: str, decipher: Callable[[str], str | None]) -> str | None:
    """``text`` with its tail deciphered from the opening where ``decipher`` reads best as English, if
    that reading has more English words than the tail as written."""
    starts = [0, *[m.end() for m in _CIPHER_OPEN.finditer(text)][:MAX_CIPHER_OPENINGS]]
    best, best_gain = None, 0
    for start in starts:
        tail = text[start:]
        plain = decipher(tail)
        if plain is None:
            continue
        score = english_words(plain)
        gain = score - english_words(tail)
        if gain > best_gain:
            best, best_gain = text[:start] + plain, gain
    return best
