"""Encoded and hidden payloads in a body: where they are and the text they decode to.

Encoded payloads (base64 blocks, hex, tag characters, Ascii85, byte codes, base32hex/base85/base58
where the text names them, Morse, A1Z26, Braille, uuencode, escapes, the NATO alphabet, a payload piped
into ``base64 -d``) are read in place, quoted, inside the sentence that carries them; hidden text
(invisible characters, variation selectors, white space at line ends) is read on its own.
"""

from __future__ import annotations

import re

import re2

from instructions.rules.oaths.decoders import (
    A1Z26_RUN,
    ASCII85_BLOCK,
    BASE32HEX_TOKEN,
    BASE58_TOKEN,
    BASE64_TOKEN,
    BASE85_TOKEN,
    BRAILLE_RUN,
    BYTE_CODES,
    ESCAPE_RUN,
    HEX_TOKEN,
    MORSE_RUN,
    NATO_RUN,
    decode_a1z26,
    decode_ascii85,
    decode_base32,
    decode_base32hex,
    decode_base58,
    decode_base64,
    decode_base85,
    decode_braille,
    decode_byte_codes,
    decode_escapes,
    decode_hex,
    decode_morse,
    decode_nato,
    uu_blocks,
)
from instructions.rules.oaths.document import Document
from instructions.rules.oaths.invisible import (
    INVISIBLE_RUN,
    SELECTOR_RUN,
    TAG_RUN,
    decode_bits,
    decode_selectors,
    decode_tags,
    trailing_bits,
)
from instructions.rules.oaths.segment import Unit

_BASE32HEX_CUE = re2.compile(r"\b(?:base32hex|extended[- ]hex|base-?32)\b")
_BASE85_CUE = re2.compile(r"\b(?:b85\w*|base-?85|ascii-?85)\b")
_BASE58_CUE = re2.compile(r"(?i)\b(?:base-?58|bitcoin alphabet)\b")


#: Encodings read token by token in ``payloads``: (token pattern, decoder, cue the text must
#: hold, or None).
_TOKEN_DECODERS = (
    (MORSE_RUN, decode_morse, None),
    (A1Z26_RUN, decode_a1z26, None),
    (BRAILLE_RUN, decode_braille, None),
    (BASE32HEX_TOKEN, decode_base32hex, _BASE32HEX_CUE),
    (BASE85_TOKEN, decode_base85, _BASE85_CUE),
    (BASE58_TOKEN, decode_base58, _BASE58_CUE),
)


#: A payload piped into a decoder: ``echo '<base64>' | base64 -d``.
_DECODE_PIPE = re.compile(
    r"(?:echo|printf)\s+(?:-[a-z]+\s+)?['\"]?([A-Za-z0-9+/_-]{4,}={0,2})['\"]?\s*\|\s*base64\s+(?:-d|--decode|-D)\b"
)


def _nested(decoded: str, a: int, b: int) -> list[tuple[int, int, str]]:
    """A payload inside a decoded payload (one level deep), quoted as the outer one."""
    out = []
    for m in BASE64_TOKEN.finditer(decoded):
        inner = decode_base64(m.group())
        if inner is not None:
            out.append((a, b, inner))
    return out


def unit_at_original(doc: Document, pos: int) -> Unit | None:
    for u in doc.units:  # payloads are rare: a scan is fine
        if u.start <= pos < u.end:
            return u
    return None


def payload_unit(doc: Document, start: int, end: int) -> Unit | None:
    """The unit a payload at ``[start, end)`` belongs to: the one it opens in, or, for a payload that
    opens outside every unit (white space, markup), the first unit inside it."""
    return unit_at_original(doc, start) or next((u for u in doc.units if start <= u.start < end), None)


def hidden_payloads(body: str) -> list[tuple[int, int, str]]:
    """Text hidden in characters nobody sees: two invisible characters as bits, variation selectors
    as bytes, spaces and tabs at line ends as bits. (start, end, decoded text)."""
    found: list[tuple[int, int, str]] = []
    for m in INVISIBLE_RUN.finditer(body):
        decoded = decode_bits(m.group())
        if decoded is not None:
            found.append((m.start(), m.end(), decoded))
    for m in SELECTOR_RUN.finditer(body):
        decoded = decode_selectors(m.group())
        if decoded is not None:
            found.append((m.start(), m.end(), decoded))
    if "\t" in body:
        hidden = trailing_bits(body)
        if hidden is not None:
            found.append(hidden)
    return found


def payloads(body: str) -> list[tuple[int, int, str]]:
    """Encoded text in the body: (start, end, decoded text). Lines of one base64 block are joined."""
    found: list[tuple[int, int, str]] = []
    blocks: list[list[int]] = []
    for m in BASE64_TOKEN.finditer(body):
        a, b = m.start(), m.end()
        pad = len(body[max(0, a - 2) : a]) - len(body[max(0, a - 2) : a].lstrip("="))
        if pad and body[b - 1] != "=":
            a -= pad  # "==gLn9Gb...": base64 written backwards keeps its padding in front
        if (a and (body[a - 1].isalnum() or body[a - 1] in "+/=")) or (b < len(body) and body[b].isalnum()):
            continue
        if blocks and body[blocks[-1][1] : a].strip() == "" and "\n" in body[blocks[-1][1] : a]:
            blocks[-1][1] = b
        else:
            blocks.append([a, b])
    for a, b in blocks:
        decoded = decode_base64(body[a:b])
        if decoded is None:
            decoded = decode_base32(body[a:b])
        if decoded is not None:
            found.append((a, b, decoded))
            found.extend(_nested(decoded, a, b))
    for m in HEX_TOKEN.finditer(body):
        decoded = decode_hex(m.group())
        if decoded is not None:
            found.append((m.start(), m.end(), decoded))
    for m in TAG_RUN.finditer(body):
        found.append((m.start(), m.end(), decode_tags(m.group())))
    for m in ASCII85_BLOCK.finditer(body):
        decoded = decode_ascii85(m.group(1))
        if decoded is not None:
            found.append((m.start(), m.end(), decoded))
    for m in BYTE_CODES.finditer(body):
        a, b = m.span()
        if (a and (body[a - 1].isalnum() or body[a - 1] == ".")) or (b < len(body) and body[b].isalnum()):
            continue  # part of a longer token (a version, an address)
        decoded = decode_byte_codes(m.group())
        if decoded is not None:
            found.append((a, b, decoded))
    for pattern, decode, cue in _TOKEN_DECODERS:
        # Base85 and base32hex alphabets are most of ASCII: their tokens are read only where the text
        # names the encoding.
        if cue is not None and not cue.search(body):
            continue
        for m in pattern.finditer(body):
            if not any(x <= m.start() < y for x, y, _ in found):
                decoded = decode(m.group())
                if decoded is not None:
                    found.append((m.start(), m.end(), decoded))
    found.extend(uu_blocks(body))
    for pattern, decode in ((ESCAPE_RUN, decode_escapes), (NATO_RUN, decode_nato)):
        for m in pattern.finditer(body):
            decoded = decode(m.group())
            if decoded is not None:
                found.append((m.start(), m.end(), decoded))
    for m in _DECODE_PIPE.finditer(body):
        # "echo 'cm0gLXJmIH4=' | base64 -d | sh": a short payload is still one when the text decodes it.
        a, b = m.span(1)
        if not any(x <= a < y for x, y, _ in found):
            decoded = decode_base64(m.group(1), short=True)
            if decoded is not None:
                found.append((a, b, decoded))
    return found
