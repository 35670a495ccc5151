"""What operators see: a request id on every request, response and log line, and
log lines as plain text or JSON (``LOG_FORMAT=json``), always to stderr.

The request id is the caller's ``X-Request-ID`` when it looks like one (a proxy or
load balancer in front usually sets it, so its logs and ours line up), else a new
random one. It is a correlation id, not an authority: nothing trusts it, and it is
restricted to 64 safe characters so it cannot forge log lines or headers.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import time
import traceback
import uuid
from collections.abc import Callable
from datetime import UTC, datetime

from django.http import HttpRequest, HttpResponse

#: The id of the request being served in this thread or task ("-" outside a request).
request_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")

REQUEST_ID_HEADER = "X-Request-ID"
_SAFE_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}", re.ASCII)


def incoming_request_id(request: HttpRequest) -> str:
    given = request.META.get("HTTP_X_REQUEST_ID", "")
    return given if _SAFE_ID.fullmatch(given) else uuid.uuid4().hex


class RequestIdMiddleware:
    """Outermost middleware: names the request, so every log line of it (including
    Django's own record of a 500, with its traceback) carries the same id, and the
    response says it in ``X-Request-ID`` for the caller to quote."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = incoming_request_id(request)
        request.request_id = request_id
        token = request_id_var.set(request_id)
        try:
            response = self.get_response(request)
        finally:
            request_id_var.reset(token)
        response[REQUEST_ID_HEADER] = request_id
        return response


class RequestIdFilter(logging.Filter):
    """Adds ``request_id`` to every record (for the formats below)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            # Django logs a 5xx answer after the middleware has finished: then the
            # record carries the request, which carries its id.
            request = getattr(record, "request", None)
            record.request_id = getattr(request, "request_id", None) or request_id_var.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request id, the
    request's method and path and the status when Django logged a response, and the
    traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, tz=UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", request_id_var.get()),
        }
        request = getattr(record, "request", None)
        if isinstance(request, HttpRequest):
            entry["method"] = request.method
            entry["path"] = request.path
        status = getattr(record, "status_code", None)
        if status is not None:
            entry["status"] = status
        if record.exc_info:
            entry["exception"] = "".join(traceback.format_exception(*record.exc_info)).rstrip()
        elif record.exc_text:
            entry["exception"] = record.exc_text
        return json.dumps(entry, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    """``time level [request id] logger: message`` and the traceback, in UTC."""

    converter = time.gmtime

    def __init__(self) -> None:
        super().__init__("%(asctime)sZ %(levelname)s [%(request_id)s] %(name)s: %(message)s")


def logging_config(*, log_format: str, level: str) -> dict:
    """The ``LOGGING`` setting: everything to stderr, whatever ``DEBUG`` is.

    Django's own default sends a 500's traceback only to ``mail_admins`` when
    ``DEBUG`` is off, so an operator without mail saw nothing: here
    ``django.request`` logs server errors (with the traceback) to stderr. Client
    errors (4xx) are the client's business and stay out of the log; ``LOG_LEVEL``
    governs the service's own loggers.
    """
    formatter = "json" if log_format == "json" else "text"
    handler = {"handlers": ["stderr"], "propagate": False}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": RequestIdFilter}},
        "formatters": {"json": {"()": JsonFormatter}, "text": {"()": TextFormatter}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr",
                "filters": ["request_id"],
                "formatter": formatter,
            }
        },
        "root": {"handlers": ["stderr"], "level": "WARNING"},
        "loggers": {
            "django": {**handler, "level": "INFO"},
            "django.request": {**handler, "level": "ERROR"},
            "django.security": {**handler, "level": "WARNING"},
            "instructions": {**handler, "level": level},
            "agentos_site": {**handler, "level": level},
        },
    }
