"""Invisible text: what a body says in characters nobody sees.

Unicode tag characters spelling ASCII ("ASCII smuggling"), two invisible characters alternating as bits
(zero-width spaces and joiners), variation selectors carrying one byte each, and spaces and tabs at line
ends as bits. Each decoder returns the hidden text, or None unless it reads as prose.
"""

from __future__ import annotations

import re

from instructions.rules.oaths.decoders import readable

#: Unicode tag characters (U+E0020-U+E007E) spell invisible ASCII ("ASCII smuggling").
TAG_RUN = re.compile("[\U000e0020-\U000e007e]{4,}")


#: A run of invisible characters: zero-width space and (non-)joiner, word joiner, invisible operators,
#: byte order mark, Mongolian vowel separator. Two of them alternating are bits.
INVISIBLE_RUN = re.compile("[\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff\u180e]{16,}")
#: Variation selectors (VS1-VS256) carrying one byte each.
SELECTOR_RUN = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]{6,}")
#: White space at the end of a line (before its break).
TRAILING_SPACE = re.compile(r"[ \t]+(?=\r?\n|$)")


def decode_bits(marks: str) -> str | None:
    """Text written in two marks as bits (8 to a byte, the high bit first), whichever mark is 1: the
    payload of zero-width or invisible characters, or of spaces and tabs at line ends."""
    kinds = sorted(set(marks))
    if len(kinds) != 2 or len(marks) < 16:
        return None
    for one in kinds:
        bits = "".join("1" if ch == one else "0" for ch in marks)
        data = bytes(int(bits[k : k + 8], 2) for k in range(0, len(bits) - 7, 8))
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if readable(text):
            return text
    return None


def decode_selectors(run: str) -> str | None:
    """Bytes hidden as variation selectors (VS1-VS16 are 0-15, VS17-VS256 are 16-255)."""
    data = bytes(ord(ch) - 0xFE00 if ord(ch) < 0x10000 else ord(ch) - 0xE0100 + 16 for ch in run)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text if readable(text) else None


def trailing_bits(body: str) -> tuple[int, int, str] | None:
    """(start, end, decoded) of a message written as spaces and tabs at the ends of lines, if any."""
    runs = [m for m in TRAILING_SPACE.finditer(body)]
    marks = "".join(m.group() for m in runs)
    if " " not in marks or "\t" not in marks:
        return None
    decoded = decode_bits(marks)
    if decoded is None:
        return None
    # The span opens at the start of the first line that carries bits (white space after a line's text
    # belongs to no unit; the line does).
    return body.rfind("\n", 0, runs[0].start()) + 1, runs[-1].end(), decoded


def decode_tags(run: str) -> str:
    return "".join(chr(ord(ch) - 0xE0000) for ch in run)
