"""The one validation every instruction text gets, wherever it comes from.

Scope bodies, a session's ``additional_instructions``, the text a spawn payload
carries, bundle files and environment values are all checked here: the API, the
admin (through the model fields' validators), the commands, sessions and the
bundle call the same function, so a text refused on one path is refused on all.

Built on Django's validators (``ProhibitNullCharactersValidator``) plus a check
for lone surrogates, which are not valid Unicode and cannot be encoded to UTF-8
(argv, env and files all need it). The size check comes first and is its own
error (``BodyTooLarge``, answered 413), so an oversized body is refused before
anything scans it.
"""

from __future__ import annotations

import hashlib

from django.core.exceptions import ValidationError
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.deconstruct import deconstructible

from instructions.contract import MAX_BODY_CHARS
from instructions.errors import BodyTooLarge, InvalidInput, ServiceError


def sha256_text(text: str) -> str:
    """SHA-256 of ``text`` as UTF-8, in hex: how bodies and deliveries are fingerprinted."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def is_approved(text: str, approved_sha256: str) -> bool:
    """Is ``text`` the exact body a reviewer approved (``approved_sha256`` of a document or version)?"""
    return bool(approved_sha256) and approved_sha256 == sha256_text(text)


def prohibit_surrogates(value: str) -> None:
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in value):
        raise ValidationError("Lone surrogates are not valid Unicode text.", code="surrogates")


#: Django-style validators run on every instruction text (after the size check).
TEXT_VALIDATORS = (
    ProhibitNullCharactersValidator(message="NUL characters are not allowed."),
    prohibit_surrogates,
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


@deconstructible
class InstructionTextValidator:
    """``validate_text`` as a model-field validator: the admin's forms and ``full_clean`` use it."""

    def __init__(self, max_chars: int | None = MAX_BODY_CHARS) -> None:
        self.max_chars = max_chars

    def __call__(self, value: str) -> None:
        try:
            validate_text(value, field="The text", max_chars=self.max_chars)
        except ServiceError as exc:
            raise ValidationError(exc.message, code=exc.code.lower()) from None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, InstructionTextValidator) and other.max_chars == self.max_chars

    def __hash__(self) -> int:
        return hash(self.max_chars)
