"""Answers Django gives outside the API's views, in the API's one error shape under
``/api/``: unknown routes (404), and the 400 and 500 handlers.

Elsewhere (the admin) Django's own pages stay.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from django.views.decorators.csrf import csrf_exempt

from instructions.api.errors import error_body

API_PREFIX = "/api/"


def _is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX)


@csrf_exempt
def api_not_found(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
    """Any method on a path under ``/api/`` that no route matches: a JSON 404."""
    return JsonResponse(error_body("NOT_FOUND", "No API route matches this path."), status=404)


def _request_id(request: HttpRequest) -> str:
    return getattr(request, "request_id", "") or "-"


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: the traceback is already logged (``django.request``), with the request id."""
    if not _is_api(request):
        return defaults.server_error(request)
    detail = f"The service failed to answer; the error was logged with request id {_request_id(request)}."
    return JsonResponse(error_body("SERVER_ERROR", detail), status=500)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """``handler400`` (a suspicious request, such as a ``Host`` not in ``ALLOWED_HOSTS``)."""
    if not _is_api(request):
        return defaults.bad_request(request, exception)
    return JsonResponse(error_body("BAD_REQUEST", "The request was refused as malformed or suspicious."), status=400)
