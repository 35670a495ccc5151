"""Decoders of encoded payloads: base64, base32, base32hex, base58, base85, Ascii85, hex, byte codes,
escapes, uuencode, Morse, A1Z26, Braille and the NATO spelling alphabet.

Each ``*_TOKEN``/``*_RUN``/``*_BLOCK`` pattern finds candidates in a body and its ``decode_*`` function
gives the text they encode, or None unless it reads as prose (``readable``, ``_readable_form``): an id,
a hash or binary data is not a payload. Compressed (gzip, zlib) and UTF-16 bytes are read too, within
bounds (``MAX_INFLATED``, ``MAX_UU_LINES``, ``MAX_BASE58``).
"""

from __future__ import annotations

import base64
import binascii
import codecs
import re
import zlib

import re2

from instructions.rules.oaths.ciphers import english_words, rot13
from instructions.rules.oaths.obfuscation import split_words

#: Base64 (standard or URL-safe) long enough to carry a sentence; a line-wrapped block is one payload.
#: One line of base64 (standard or URL-safe) long enough to carry a sentence; lines of one wrapped
#: block are joined by ``base64_payloads``.
BASE64_TOKEN = re.compile(r"[A-Za-z0-9+/_-]{12,}={0,2}")
HEX_TOKEN = re.compile(r"(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}[ :]?){12,}")


def readable(text: str) -> bool:
    """Is decoded ``text`` prose (mostly printable, with letters and spaces), not binary or an id?"""
    if len(text) < 8 or " " not in text.strip():
        return False
    printable = sum(ch.isprintable() or ch in "\n\t" for ch in text)
    letters = sum(ch.isalpha() for ch in text)
    return printable >= 0.95 * len(text) and letters >= 0.5 * len(text.replace(" ", ""))


#: At most this many bytes come out of a compressed payload (a small "zip bomb" costs no more than
#: reading as much plain text).
MAX_INFLATED = 1 << 16


def _inflate(raw: bytes) -> bytes | None:
    """The bytes a gzip or zlib stream holds (at most ``MAX_INFLATED``), or None if ``raw`` is neither."""
    if not (raw[:2] == b"\x1f\x8b" or (len(raw) > 2 and raw[0] & 0x0F == 8 and int.from_bytes(raw[:2]) % 31 == 0)):
        return None
    try:
        return zlib.decompressobj(wbits=47).decompress(raw, MAX_INFLATED)
    except zlib.error:
        return None


def _bytes_text(raw: bytes) -> str | None:
    """Decoded bytes as text: UTF-8, the same inflated when compressed (gzip, zlib), or UTF-16 when
    every other byte is zero ("TQBhAHIAawAg...")."""
    inflated = _inflate(raw)
    if inflated is not None:
        raw = inflated
    elif len(raw) >= 8 and raw.count(0) * 3 >= len(raw):
        for codec in ("utf-16-le", "utf-16-be"):
            try:
                text = raw.decode(codec)
            except UnicodeDecodeError:
                continue
            if text.isprintable():
                return text
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def decode_base64(token: str, short: bool = False, depth: int = 2) -> str | None:
    """The text a base64 token encodes, if it reads as prose (``short``: a short command is enough).
    A token that decodes to another base64 token is decoded again (``depth`` levels: "decode twice")."""
    compact = "".join(token.split())
    if compact.isalpha() or compact.isdigit():
        return None  # a plain long word or number, not an encoding
    compact = compact.replace("-", "+").replace("_", "/")
    if compact.startswith("=") and not compact.endswith("="):
        compact = compact[::-1]  # "==gLn9Gb...": base64 written backwards
    compact += "=" * (-len(compact) % 4)
    try:
        raw = codecs.decode(compact.encode("ascii"), "base64")
    except ValueError:
        return None
    text = _bytes_text(raw)
    if text is None:
        return None
    if short and text.isprintable() and " " in text.strip():
        return text
    if depth > 1 and not readable(text) and len(text.strip()) >= 16 and BASE64_TOKEN.fullmatch(text.strip()):
        return decode_base64(text.strip(), short, depth - 1)
    return _readable_form(text)


def _readable_form(text: str) -> str | None:
    """``text`` if it reads as prose, else its ROT13 or its reversal if one of those does (a payload
    encoded twice: "base64, then ROT13"), else None."""
    if english_words(text) < 2:
        for variant in (rot13(text), text[::-1]):
            if readable(variant) and english_words(variant) >= 2:
                return variant
    return text if readable(text) else None


#: Runs of byte codes: 8-bit binary, octal or decimal numbers separated by spaces or commas.
BYTE_CODES = re2.compile(r"(?:\d{1,8}[\s,]+){11,}\d{1,8}")


def decode_byte_codes(run: str) -> str | None:
    """The text a run of byte codes spells (binary, octal or decimal, whichever reads as prose)."""
    numbers = re.split(r"[\s,]+", run.strip())
    bases = [2] if all(len(n) == 8 and set(n) <= {"0", "1"} for n in numbers) else [8, 10]
    for base in bases:
        if base == 8 and not all(set(n) <= set("01234567") for n in numbers):
            continue
        try:
            codes = [int(n, base) for n in numbers]
        except ValueError:
            continue
        if all(9 <= c <= 126 or 160 <= c < 0x10000 for c in codes):
            text = "".join(map(chr, codes))
            if readable(text):
                return text
    return None


#: A base85 (Python's ``b85`` alphabet) token long enough to carry a sentence.
BASE85_TOKEN = re.compile(r"[0-9A-Za-z!#$%&()*+\-;<=>?@^_`{|}~]{20,}")


def decode_base85(token: str) -> str | None:
    try:
        text = base64.b85decode(token).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    return _readable_form(text)


_MORSE = {
    ".-": "a", "-...": "b", "-.-.": "c", "-..": "d", ".": "e", "..-.": "f", "--.": "g", "....": "h", "..": "i",
    ".---": "j", "-.-": "k", ".-..": "l", "--": "m", "-.": "n", "---": "o", ".--.": "p", "--.-": "q", ".-.": "r",
    "...": "s", "-": "t", "..-": "u", "...-": "v", ".--": "w", "-..-": "x", "-.--": "y", "--..": "z",
    "-----": "0", ".----": "1", "..---": "2", "...--": "3", "....-": "4", ".....": "5", "-....": "6",
    "--...": "7", "---..": "8", "----.": "9", ".-.-.-": ".", "--..--": ",", "..--..": "?", "-.-.--": "!",
}  # fmt: skip
#: Morse code: letters of dots and dashes separated by spaces, words by " / ".
MORSE_RUN = re2.compile(r"(?:[.-]{1,6}(?: +/ +| +)){7,}[.-]{1,6}")


def decode_morse(run: str) -> str | None:
    words = []
    for word in re.split(r"\s*/\s*", run.strip()):
        letters = [_MORSE.get(code) for code in word.split()]
        if None in letters:
            return None
        words.append("".join(letters))
    text = " ".join(words)
    return text if english_words(text) >= 2 else None


#: Letters as numbers (a=1 ... z=26) joined by dashes, words split by slashes or spaces.
A1Z26_RUN = re2.compile(r"(?:\d{1,2}(?:-\d{1,2})+(?:\s*/\s*|\s+)){3,}\d{1,2}(?:-\d{1,2})*")


def decode_a1z26(run: str) -> str | None:
    words = []
    for word in re.split(r"\s*/\s*|\s+", run.strip()):
        try:
            codes = [int(n) for n in word.split("-") if n]
        except ValueError:
            return None
        if not codes or not all(1 <= c <= 26 for c in codes):
            return None
        words.append("".join(chr(96 + c) for c in codes))
    text = " ".join(words)
    return text if english_words(text) >= 2 else None


#: Base32 with the extended-hex alphabet (RFC 4648, section 7).
BASE32HEX_TOKEN = re2.compile(r"[0-9A-V]{16,}={0,6}")


def decode_base32hex(token: str) -> str | None:
    compact = token.rstrip("=")
    try:
        text = base64.b32hexdecode(compact + "=" * (-len(compact) % 8)).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    return _readable_form(text)


_BRAILLE = dict(zip("⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵", "abcdefghijklmnopqrstuvwxyz", strict=True))
BRAILLE_RUN = re2.compile(r"[\x{2801}-\x{283F}][\x{2800}-\x{283F} .,]{10,}")


def decode_braille(run: str) -> str | None:
    text = "".join(_BRAILLE.get(ch, " " if ch in " \u2800" else ch) for ch in run)
    return text if english_words(text) >= 2 else None


#: Ascii85 between its Adobe delimiters ("<~ ... ~>").
ASCII85_BLOCK = re.compile(r"<~([!-u\s]{10,})~>")


def decode_ascii85(block: str) -> str | None:
    """The text an Adobe Ascii85 block (without its ``<~ ~>``) encodes, if it reads as prose."""
    try:
        text = base64.a85decode("".join(block.split())).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    return text if readable(text) else None


_BASE32 = re.compile(r"[A-Z2-7]{16,}")


def decode_base32(token: str) -> str | None:
    """The text a base32 token (upper-case letters and digits 2-7) encodes, if it reads as prose."""
    compact = "".join(token.split()).rstrip("=")
    if not _BASE32.fullmatch(compact) or compact.isalpha():
        return None
    try:
        raw = base64.b32decode(compact + "=" * (-len(compact) % 8))
        text = raw.decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    return text if readable(text) else None


def decode_hex(token: str) -> str | None:
    digits = "".join(ch for ch in token if ch not in " :")
    if len(digits) % 2:
        digits = digits[:-1]
    try:
        text = bytes.fromhex(digits).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    return text if readable(text) else None


#: A uuencoded block: "begin 644 name", lines of data, "end".
UU_BEGIN = re.compile(r"(?m)^[ \t]*begin(?:-base64)? [0-7]{3,4} [^\n]*\n")
UU_END = re.compile(r"(?m)^[ \t]*end[ \t]*$")
#: At most this many lines are read from one uuencoded block.
MAX_UU_LINES = 2000


def uu_blocks(body: str) -> list[tuple[int, int, str]]:
    """(start, end, decoded text) of each uuencoded block in ``body`` that decodes to prose."""
    found = []
    pos = 0
    while True:
        begin = UU_BEGIN.search(body, pos)
        if begin is None:
            return found
        raw = bytearray()
        at = begin.end()
        for _ in range(MAX_UU_LINES):
            eol = body.find("\n", at)
            line = body[at : len(body) if eol == -1 else eol].rstrip("\r")
            if UU_END.fullmatch(line) or eol == -1:
                break
            if line.strip() and line.strip() != "`":
                try:
                    raw += binascii.a2b_uu(line.strip("\t"))
                except binascii.Error:
                    break
            at = eol + 1
        end = at + len(line) if eol == -1 else at
        text = _bytes_text(bytes(raw)) if raw else None
        text = _readable_form(text) if text else None
        if text is not None:
            found.append((begin.start(), max(end, begin.end()), text))
        pos = max(end, begin.end())


_BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_BASE58_VALUE = {ch: k for k, ch in enumerate(_BASE58)}
#: A base58 (Bitcoin alphabet) token long enough to carry a sentence.
BASE58_TOKEN = re2.compile(r"\b[1-9A-HJ-NP-Za-km-z]{16,}\b")
#: Longer tokens are not read as base58 (its decoding costs the square of the length).
MAX_BASE58 = 2000


def decode_base58(token: str) -> str | None:
    if len(token) > MAX_BASE58:
        return None
    number = 0
    for ch in token:
        number = number * 58 + _BASE58_VALUE[ch]
    zeros = len(token) - len(token.lstrip("1"))
    raw = b"\0" * zeros + number.to_bytes((number.bit_length() + 7) // 8, "big")
    text = _bytes_text(raw)
    return _readable_form(text) if text else None


#: Runs of escapes: ``\x57\x72``, ``\u0049\u006e``, octal ``\123\141``, quoted-printable ``=45=6D``,
#: or a list of code points ``0x43, 0x6c`` / ``67, 108`` inside brackets.
ESCAPE_RUN = re2.compile(
    r"(?:\\x[0-9A-Fa-f]{2}){8,}|(?:\\u[0-9A-Fa-f]{4}){8,}|(?:\\[0-3][0-7]{2}){8,}|(?:=[0-9A-F]{2}){8,}"
    r"|(?:0x[0-9A-Fa-f]{1,6}\s*,\s*){7,}0x[0-9A-Fa-f]{1,6}"
)


def decode_escapes(run: str) -> str | None:
    """The text a run of ``ESCAPE_RUN`` spells, if it reads as prose."""
    if run.startswith("0x"):
        codes = [int(c, 16) for c in re.findall(r"0x([0-9A-Fa-f]{1,6})", run)]
        if not all(9 <= c < 0x110000 for c in codes):
            return None
        text = "".join(map(chr, codes))
    elif run.startswith("\\u"):
        text = "".join(chr(int(run[k + 2 : k + 6], 16)) for k in range(0, len(run), 6))
    else:
        if run.startswith("\\x"):
            raw = bytes(int(run[k + 2 : k + 4], 16) for k in range(0, len(run), 4))
        elif run.startswith("="):
            raw = bytes(int(run[k + 1 : k + 3], 16) for k in range(0, len(run), 3))
        else:
            raw = bytes(int(run[k + 1 : k + 4], 8) for k in range(0, len(run), 4))
        text = _bytes_text(raw)
    return _readable_form(text) if text else None


_NATO = {
    "alfa": "a", "alpha": "a", "bravo": "b", "charlie": "c", "delta": "d", "echo": "e", "foxtrot": "f",
    "golf": "g", "hotel": "h", "india": "i", "juliet": "j", "juliett": "j", "kilo": "k", "lima": "l",
    "mike": "m", "november": "n", "oscar": "o", "papa": "p", "quebec": "q", "romeo": "r", "sierra": "s",
    "tango": "t", "uniform": "u", "victor": "v", "whiskey": "w", "whisky": "w", "xray": "x", "x-ray": "x",
    "yankee": "y", "zulu": "z",
}  # fmt: skip
_NATO_WORD = "(?:" + "|".join(sorted(_NATO, key=len, reverse=True)) + ")"
#: Eight or more code words of the spelling alphabet in a row; slashes, pipes or " / " break words.
NATO_RUN = re2.compile(rf"(?i)\b{_NATO_WORD}(?:(?:\s*[/|]\s*|[\s,-]+){_NATO_WORD}){{7,}}\b")


def decode_nato(run: str) -> str | None:
    """The message a run of spelling-alphabet code words spells by their first letters."""
    words = []
    for word in re.split(r"\s*[/|]\s*", run):
        letters = [_NATO.get(w.lower(), "") for w in re.split(r"[\s,]+|(?<!x)-", word) if w]
        words.append("".join(letters))
    words = [w for w in words if w]
    if len(words) == 1:
        breaks = split_words(words[0])
        if breaks:
            words = [words[0][a:b] for a, b in zip([0, *breaks], [*breaks, len(words[0])], strict=True)]
    # A message, not the alphabet recited ("Alfa / Bravo / Charlie ..." spells single letters).
    if len(words) < 2 or sum(map(len, words)) < 3 * len(words):
        return None
    return " ".join(words)
