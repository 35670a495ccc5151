"""The one validation every text gets, wherever it comes from.

Scope bodies, a session's ``additional_instructions``, the text a spawn payload
carries, bundle files, environment values and the working directory are all
checked here: the API, the admin (through the model fields' validators), the
commands, sessions and the bundle call the same functions, so a text refused on
one path is refused on all.

``validate_text`` (every text): the size first, as its own error (``BodyTooLarge``,
answered 413, so an oversized body is refused before anything scans it); then
Django's ``ProhibitNullCharactersValidator``; lone surrogates (not valid Unicode,
cannot be encoded for argv, env or files); and control characters that make text
say something else than it shows: terminal escapes (ESC) and the other C0 and C1
controls (tab, line feed and carriage return excepted), DEL, bidirectional
overrides and isolates (U+202A-U+202E, U+2066-U+2069, U+200E/F, U+061C), and the
Unicode line and paragraph separators (U+2028/9), which some readers treat as line
breaks and others do not.

``validate_instruction_text`` (instruction bodies and additional instructions) also
refuses a line that reads as a section heading of the merged text (``# [global]``,
``## [ User ]``, fullwidth ``＃［global］``...): a body must not be able to open a
second credo section.

``validate_bundle_dir`` (a session's bundle directory, which every path of its spawn
payload names): a text as above, and a canonical absolute path other than ``/``, so
that ``<dir>/instructions.md`` names exactly one file and reads the same to the
service, the launcher and the agent.
"""

from __future__ import annotations

import bisect
import hashlib
import html
import posixpath
import re
import unicodedata

from django.core.exceptions import ValidationError
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.deconstruct import deconstructible

from instructions.foundation.contract import MAX_BODY_CHARS, SECTION_NAMES, section_header
from instructions.foundation.errors import BodyTooLarge, InvalidInput, ServiceError
from instructions.foundation.markdown import to_html

#: Characters no text may hold (see the module docstring); tab, LF and CR are allowed.
_FORBIDDEN = re.compile("[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_CONTROL_NAMES = {"\x1b": "ESC", "\x7f": "DEL", "\u2028": "LINE SEPARATOR", "\u2029": "PARAGRAPH SEPARATOR"}
#: A markdown heading whose whole text is a bracketed section name.
_SECTION_LINE = re.compile(
    r"^[ \t]*#{1,6}[ \t]*\[[ \t]*(" + "|".join(SECTION_NAMES) + r")[ \t]*\][ \t]*$", re.IGNORECASE | re.MULTILINE
)


def sha256_text(text: str) -> str:
    """SHA-256 of ``text`` as UTF-8, in hex: how bodies and deliveries are fingerprinted."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def prohibit_surrogates(value: str) -> None:
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in value):
        raise ValidationError("Lone surrogates are not valid Unicode text.", code="surrogates")


def prohibit_control_characters(value: str) -> None:
    found = _FORBIDDEN.search(value)
    if found:
        char = found.group()
        name = _CONTROL_NAMES.get(char) or unicodedata.name(char, f"U+{ord(char):04X}")
        raise ValidationError(
            f"Control character {name} (U+{ord(char):04X}) at position {found.start()} is not allowed: "
            "it can make text display differently from what it says.",
            code="control_character",
        )


#: Django-style validators run on every text (after the size check).
TEXT_VALIDATORS = (
    ProhibitNullCharactersValidator(message="NUL characters are not allowed."),
    prohibit_surrogates,
    prohibit_control_characters,
)


def printable(text: str) -> str:
    """``text`` with every character ``validate_text`` refuses written as a visible
    ``\\uXXXX`` escape: for output that a terminal or a spreadsheet shows (the audit
    exports), where rows stored before a validator existed must not act on the reader."""
    if not _FORBIDDEN.search(text) and "\x00" not in text:
        return text
    return _PRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


_PRINTABLE = re.compile("\x00|" + _FORBIDDEN.pattern)


def _visible_form(text: str) -> str:
    """``text`` as a reader sees it: NFKC (fullwidth ``＃`` is ``#``), format characters
    dropped, every line end (CRLF, or a lone CR, which Markdown and many readers take
    for one) a LF."""
    folded = unicodedata.normalize("NFKC", text).replace("\r\n", "\n").replace("\r", "\n")
    return "".join(ch for ch in folded if unicodedata.category(ch) != "Cf")


#: A heading as the Markdown the web app renders makes it (``foundation.markdown``), with
#: the line of the parsed text it starts on.
_RENDERED_HEADING = re.compile(r'<h[1-6] data-sourcepos="(\d+):\d+-\d+:\d+">(.*?)</h[1-6]>', re.DOTALL)
_TAG = re.compile(r"<[^>]*>")
#: A heading's text that names a section: ``[global]``, ``[ User ]``...
_SECTION_TEXT = re.compile(r"\[\s*(" + "|".join(SECTION_NAMES) + r")\s*\]", re.IGNORECASE)


#: What opens a line before its own text: indentation, quote marks and list markers.
_LINE_LEAD = re.compile(r"(?:[ \t>]|[-*+](?=[ \t])|[0-9]{1,9}[.)](?=[ \t]))*")
_SETEXT_UNDERLINE = re.compile(r"(?:=+|-+)[ \t]*")
#: Inline markup that a rendered heading drops between letters (emphasis, code, escapes).
_INLINE_MARKS = re.compile(r"[*_`\\]+")
_SECTION_NAME = re.compile("|".join(SECTION_NAMES), re.IGNORECASE)


def _heading_candidates(visible: str) -> list[tuple[int, str]]:
    """``(line number, Markdown)`` of every line that could render as a heading, without
    what opens it (quote marks, list markers, indentation): an ATX line (``#``), or a
    line with a setext underline below it (with that underline)."""
    lines = visible.split("\n")
    found: list[tuple[int, str]] = []
    for number, line in enumerate(lines, start=1):
        text = line[_LINE_LEAD.match(line).end() :]
        if not _SECTION_NAME.search(_INLINE_MARKS.sub("", html.unescape(text))):
            continue  # no section's name, however its markup is read: no section heading
        if text.startswith("#"):
            found.append((number, text))
        elif number < len(lines):
            below = lines[number]
            underline = below[_LINE_LEAD.match(below).end() :]
            if _SETEXT_UNDERLINE.fullmatch(underline):
                found.append((number, f"{text}\n{underline}"))
    return found


def _rendered_section_heading(visible: str) -> tuple[int, str] | None:
    """``(line, name)`` of the first line that renders as a heading naming a section, as
    the Markdown parser reads it: closing ``#`` sequences, setext underlines, escaped
    brackets, entities, emphasis or code inside, headings inside quotes and lists.

    Only the lines that could be headings are parsed, in one pass (each its own block,
    between blank lines), so the cost follows them, not the whole text's markup."""
    candidates = _heading_candidates(visible)
    starts: list[int] = []  # the line of the parsed text where each candidate begins
    at = 0
    for _, markdown in candidates:
        starts.append(at)
        at += markdown.count("\n") + 2
    rendered = to_html("\n\n".join(markdown for _, markdown in candidates), sourcepos=True)
    for heading in _RENDERED_HEADING.finditer(rendered):
        shown = html.unescape(_TAG.sub("", heading.group(2)))  # what the heading reads, markup dropped
        found = _SECTION_TEXT.fullmatch(_visible_form(shown).strip())
        if found:
            line = int(heading.group(1)) - 1  # (source positions count from 1)
            return candidates[bisect.bisect_right(starts, line) - 1][0], found.group(1).lower()
    return None


def prohibit_section_headers(value: str) -> None:
    """Refuse a body with a line that reads as a section heading of the merged text,
    spelled as the merge writes it (``# [global]``) or as Markdown renders one."""
    visible = _visible_form(value)
    if "[" not in visible and "&" not in visible:
        return  # no bracket can appear, spelled or rendered (an entity can spell one)
    found = _SECTION_LINE.search(visible)
    heading = (visible[: found.start()].count("\n") + 1, found.group(1).lower()) if found else None
    heading = heading or _rendered_section_heading(visible)
    if heading:
        line, name = heading
        raise ValidationError(
            f"Line {line} reads as a section heading of the merged instructions "
            f"({section_header(name)}); the merge opens each scope's section with such a line, "
            "so a body may not. Rephrase or remove that line.",
            code="section_header",
        )


def validate_text(value: object, *, field: str = "body", max_chars: int | None = MAX_BODY_CHARS) -> str:
    """``value`` if it is acceptable instruction text, else ``InvalidInput`` / ``BodyTooLarge``.

    ``max_chars=None`` skips the size check (texts whose limit is enforced
    elsewhere, such as the composed ``instructions.md`` against the argv limit).
    """
    if not isinstance(value, str):
        raise InvalidInput(f"{field} must be a string.")
    if max_chars is not None and len(value) > max_chars:
        raise BodyTooLarge(
            f"{field} is {len(value)} characters; the limit is {max_chars}.", limit=max_chars, size=len(value)
        )
    try:
        for validator in TEXT_VALIDATORS:
            validator(value)
    except ValidationError as exc:
        raise InvalidInput(f"{field}: {exc.messages[0]}") from None
    return value


def validate_instruction_text(value: object, *, field: str = "body", max_chars: int = MAX_BODY_CHARS) -> str:
    """``validate_text`` for an instruction body, which also may not open a section."""
    text = validate_text(value, field=field, max_chars=max_chars)
    try:
        prohibit_section_headers(text)
    except ValidationError as exc:
        raise InvalidInput(f"{field}: {exc.messages[0]}") from None
    return text


@deconstructible
class TextValidator:
    """``validate_text`` as a model-field validator, for short texts that are not
    instructions (a session's platform description)."""

    def __init__(self, max_chars: int) -> None:
        self.max_chars = max_chars

    def __call__(self, value: str) -> None:
        try:
            validate_text(value, field="The text", max_chars=self.max_chars)
        except ServiceError as exc:
            raise ValidationError(exc.message, code=exc.code.lower()) from None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TextValidator) and other.max_chars == self.max_chars

    def __hash__(self) -> int:
        return hash(self.max_chars)


@deconstructible
class InstructionTextValidator:
    """``validate_instruction_text`` as a model-field validator: the admin's forms and
    ``full_clean`` use it."""

    def __init__(self, max_chars: int = MAX_BODY_CHARS) -> None:
        self.max_chars = max_chars

    def __call__(self, value: str) -> None:
        try:
            validate_instruction_text(value, field="The text", max_chars=self.max_chars)
        except ServiceError as exc:
            raise ValidationError(exc.message, code=exc.code.lower()) from None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, InstructionTextValidator) and other.max_chars == self.max_chars

    def __hash__(self) -> int:
        return hash(self.max_chars)


#: The longest bundle directory a session may name (its files' paths stay well
#: under Linux's PATH_MAX of 4096).
MAX_BUNDLE_DIR_CHARS = 1024


def bundle_dir_problem(value: str) -> str:
    """Why ``value`` is not a usable bundle directory ("" when it is): absolute,
    canonical (no ``//``, ``.`` or ``..`` component, no trailing ``/``), not ``/``."""
    if not value.startswith("/"):
        return "must be an absolute path"
    if value == "/":
        return "must not be the root directory"
    # normpath keeps a leading "//" (POSIX leaves its meaning to the system): refuse it too.
    if posixpath.normpath(value) != value or value.startswith("//"):
        return "must be a normalised path (no '//', '.' or '..' component, no trailing '/')"
    return ""


def validate_bundle_dir(value: object, *, field: str = "bundle_dir") -> str:
    """``value`` if it may be a session's bundle directory, else ``InvalidInput`` (see the module docstring)."""
    text = validate_text(value, field=field, max_chars=None)
    # A path too long is a bad path (400), not a body too large (413).
    problem = (
        f"is {len(text)} characters; the limit is {MAX_BUNDLE_DIR_CHARS}" if len(text) > MAX_BUNDLE_DIR_CHARS else ""
    )
    problem = problem or bundle_dir_problem(text)
    if problem:
        raise InvalidInput(f"{field} {problem}.")
    return text


@deconstructible
class BundleDirValidator:
    """``validate_bundle_dir`` as a model-field validator (the admin and ``full_clean``)."""

    def __call__(self, value: str) -> None:
        try:
            validate_bundle_dir(value, field="The bundle directory")
        except ServiceError as exc:
            raise ValidationError(exc.message, code="bundle_dir") from None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BundleDirValidator)

    def __hash__(self) -> int:
        return hash(type(self))
