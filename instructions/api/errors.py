"""One exception handler for the API: domain errors become their status and a
JSON body with a machine-readable ``code``; nothing becomes a 500 by accident."""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from instructions.errors import BodyTooLarge, ServiceError


def exception_handler(exc, context):
    if isinstance(exc, RequestDataTooBig):
        # Django would answer a bare 400; a body too big to even read is a 413 like
        # any other oversize body, with the same JSON shape.
        exc = BodyTooLarge("The request body is larger than the service accepts.")
    if isinstance(exc, ServiceError):
        return Response(exc.payload(), status=exc.status)
    return drf_exception_handler(exc, context)
