"""One exception handler for the API, so every error has one shape:

    {"code": "UPPER_SNAKE", "detail": "A sentence.", ...}

plus ``"errors": {"field": ["..."]}`` for validation. Every body is made here, by
``error_body``: domain errors (``instructions.foundation.errors``) keep their status,
code and extra keys; DRF's own (authentication, permission, parsing, media type,
method, paging, throttling) get a code of their own here. Anything else is a bug: it
is left to Django, which logs it with its traceback and answers through
``handler500`` (JSON under ``/api/``, with ``error_body`` too).

The handler also decides what an error leaves behind: a write request is one
transaction (``common.ApiView``), rolled back on any error but ``KEEPS_STATE``.
"""

from __future__ import annotations

import math
from typing import Any

from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.db import transaction
from django.http import Http404
from rest_framework import exceptions
from rest_framework.response import Response

from instructions.foundation.errors import BodyTooLarge, InvalidInput, OathConflict, ReviewRequired, ServiceError

#: Errors whose answer reports something the service kept: their request's transaction
#: commits (a refused or held write's review item). Every other error rolls back.
KEEPS_STATE = (OathConflict, ReviewRequired)

#: The code of each DRF exception (the most specific class that matches wins).
DRF_CODES: dict[type[exceptions.APIException], str] = {
    exceptions.ValidationError: "INVALID",
    exceptions.ParseError: "PARSE_ERROR",
    exceptions.NotAuthenticated: "NOT_AUTHENTICATED",
    exceptions.AuthenticationFailed: "AUTHENTICATION_FAILED",
    exceptions.PermissionDenied: "FORBIDDEN",
    exceptions.NotFound: "NOT_FOUND",
    exceptions.MethodNotAllowed: "METHOD_NOT_ALLOWED",
    exceptions.NotAcceptable: "NOT_ACCEPTABLE",
    exceptions.UnsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
    exceptions.Throttled: "THROTTLED",
}

VALIDATION_DETAIL = "The request is not valid; see errors."


def error_body(code: str, detail: str, **extra: Any) -> dict[str, Any]:
    """The one error shape (also used outside DRF: unknown routes, ``handler500``)."""
    return {"code": code, "detail": detail, **extra}


def invalid_field(field: str, detail: str, message: str | None = None) -> InvalidInput:
    """A 400 about one field: ``detail``, and ``message`` (``detail`` unless given) as
    that field's error under ``errors``, as a serializer's field errors are."""
    return InvalidInput(detail, errors={field: [message or detail]})


def field_errors(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    """DRF's nested validation detail as ``{"field": ["message", ...]}``.

    Nested fields are named by their path (``env.HOME``, ``items.0``); errors that
    belong to no field are under ``non_field_errors``.
    """
    if isinstance(detail, dict):
        flat: dict[str, list[str]] = {}
        for key, value in detail.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            for field, messages in field_errors(value, name).items():
                flat.setdefault(field, []).extend(messages)
        return flat
    if isinstance(detail, list) and any(isinstance(item, (dict, list)) for item in detail):
        flat = {}
        for index, value in enumerate(detail):
            if value:  # DRF puts an empty {} for list items that were fine
                for field, messages in field_errors(value, f"{prefix}.{index}" if prefix else str(index)).items():
                    flat.setdefault(field, []).extend(messages)
        return flat
    messages = detail if isinstance(detail, list) else [detail]
    return {prefix or "non_field_errors": [str(message) for message in messages]}


def _code_of(exc: exceptions.APIException) -> str:
    for cls in type(exc).__mro__:
        if cls in DRF_CODES:
            return DRF_CODES[cls]
    return str(exc.default_code).upper()


def _sentence(detail: Any) -> str:
    text = str(detail).strip() or "The request failed."
    return text if text.endswith((".", "?", "!")) else text + "."


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, RequestDataTooBig):
        # Django would answer a bare 400; a body too big to even read is a 413 like
        # any other oversize body, with the same JSON shape.
        exc = BodyTooLarge("The request body is larger than the service accepts.")
    if isinstance(exc, ServiceError):
        _roll_back(exc, context)
        return Response(error_body(exc.code, exc.message, **exc.extra), status=exc.status)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(*exc.args)
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(*exc.args)
    if not isinstance(exc, exceptions.APIException):
        return None  # a bug: Django logs it with its traceback and answers 500

    headers = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    if isinstance(exc, exceptions.Throttled):
        # Always a whole number of seconds, at least 1 (DRF would round 0.4 down to "0").
        headers["Retry-After"] = str(max(1, math.ceil(exc.wait or 1)))
    if isinstance(exc, exceptions.ValidationError):
        body = error_body("INVALID", VALIDATION_DETAIL, errors=field_errors(exc.detail))
    else:
        body = error_body(_code_of(exc), _sentence(exc.detail))
    _roll_back(exc, context)
    return Response(body, status=exc.status_code, headers=headers)


def _roll_back(exc: Exception, context: dict[str, Any]) -> None:
    # The request's own block, opened in ``ApiView.dispatch`` (write requests only). An
    # error not answered here (a bug) leaves that block by its exception: rolled back too.
    if getattr(context.get("view"), "in_request_transaction", False) and not isinstance(exc, KEEPS_STATE):
        transaction.set_rollback(True)
