"""The API's JSON parser: DRF's, with the nesting depth limited before parsing.

Why: Python's ``json`` module recurses once per level of nesting, so a 200 kB body
of ``[[[[...]]]]`` (100,000 deep) raises ``RecursionError`` deep inside the parser,
which no ``except ValueError`` catches: a 500. Every body the API accepts is an
object at most three levels deep (``{"env": {"NAME": "value"}}``), so anything past
``MAX_JSON_DEPTH`` is refused with a 400 naming the limit, before ``json`` sees it.

The depth is measured by one linear scan of the raw bytes: string literals are cut
out first (a ``[`` inside a string is text, not nesting), then the running count of
openers minus closers is taken. Malformed JSON may be measured wrongly here, but it
is a 400 either way (DRF's own parse error when it is not too deep).
"""

from __future__ import annotations

import io
import re
from itertools import accumulate
from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError

#: The deepest nesting of arrays and objects a request body may have.
MAX_JSON_DEPTH = 32

# A JSON string literal (unrolled: linear time, no backtracking between alternatives).
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}
_NOT_STRUCTURE = bytes(b for b in range(256) if b not in _STEP)


def json_depth(raw: bytes) -> int:
    """How deeply arrays and objects nest in ``raw`` (0 for a scalar)."""
    structure = _STRING.sub(b"", raw).translate(None, _NOT_STRUCTURE)
    return max(0, max(accumulate(_STEP[b] for b in structure), default=0))


class JSONParser(parsers.JSONParser):
    """``application/json`` bodies, refused with a 400 when nested deeper than ``MAX_JSON_DEPTH``."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: dict | None = None) -> Any:
        raw = stream.read() if stream is not None else b""
        encoding = (parser_context or {}).get("encoding") or "utf-8"
        if encoding.lower().replace("-", "") not in ("utf8", "ascii"):
            # Other encodings are decoded first so the scan sees the real brackets.
            try:
                raw = raw.decode(encoding).encode("utf-8")
            except (LookupError, UnicodeError) as exc:
                raise ParseError(f"The body is not valid {encoding}: {exc}") from None
            parser_context = {**(parser_context or {}), "encoding": "utf-8"}
        depth = json_depth(raw)
        if depth > MAX_JSON_DEPTH:
            raise ParseError(
                f"The JSON body nests arrays and objects {depth} levels deep; the limit is {MAX_JSON_DEPTH}."
            )
        return super().parse(io.BytesIO(raw), media_type, parser_context)
