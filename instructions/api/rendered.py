"""Answers served from ``instructions.foundation.render_cache``: JSON bytes rendered once per
set of inputs, with their ETag (so ``ConditionalGetMiddleware`` neither hashes
200 kB again nor misses a 304)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from rest_framework.renderers import JSONRenderer

from instructions.foundation.render_cache import Rendered


def json_bytes(data: Any) -> bytes:
    """``data`` exactly as a DRF ``Response`` would render it."""
    return JSONRenderer().render(data)


def response(rendered: Rendered) -> HttpResponse:
    answer = HttpResponse(rendered.body, content_type="application/json")
    answer["ETag"] = rendered.etag
    return answer
