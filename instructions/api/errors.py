"""One exception handler for the API: domain errors become their status and a
JSON body with a machine-readable ``code``; nothing becomes a 500 by accident."""

from __future__ import annotations

from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from instructions.errors import ServiceError


def exception_handler(exc, context):
    if isinstance(exc, ServiceError):
        return Response(exc.payload(), status=exc.status)
    return drf_exception_handler(exc, context)
