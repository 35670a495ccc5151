"""Probes for load balancers and orchestrators.

- ``GET /healthz``: the process is alive and serving (no database, no disk): a
  liveness probe. Always 200 while the process can answer at all.
- ``GET /readyz``: this instance can serve requests now: the database answers, the
  credo loads, and Redis answers when ``REDIS_URL`` is configured. 200 or 503, with
  one line per check.

They are answered by the first middleware after the request id, before the host
check, the HTTPS redirect and authentication: a load balancer probes an instance by
its address over plain HTTP, without a token, and must not get a 400 for an unknown
``Host`` or a 301 to HTTPS. What they reveal is only which check failed (the reason
is logged, not answered: a database error may name internal hosts).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.db import connections
from django.http import HttpRequest, HttpResponse, JsonResponse

from instructions.rules.credo import CredoError, current_credo

logger = logging.getLogger("agentos_site.health")

PROBES = ("/healthz", "/readyz")


def _database() -> None:
    for alias in connections:
        with connections[alias].cursor() as cursor:
            cursor.execute("SELECT 1")


def _credo() -> None:
    current_credo()


def _redis() -> None:
    # A real round trip through the configured cache (throttles and rendered responses live there).
    cache.set("readyz", "1", timeout=10)
    if cache.get("readyz") != "1":
        raise RuntimeError("the cache did not return what was just stored")


def readiness_checks() -> dict[str, Callable[[], None]]:
    checks: dict[str, Callable[[], None]] = {"database": _database, "credo": _credo}
    if getattr(settings, "REDIS_URL", ""):
        checks["redis"] = _redis
    return checks


def readiness() -> tuple[bool, dict[str, str]]:
    """``(ready, {check: "ok" | "failed"})``; failures are logged with their reason."""
    results: dict[str, str] = {}
    for name, check in readiness_checks().items():
        try:
            check()
        except CredoError as exc:
            logger.error("Readiness check %s failed: %s", name, exc)
            results[name] = "failed"
        except Exception:
            logger.exception("Readiness check %s failed", name)
            results[name] = "failed"
        else:
            results[name] = "ok"
    return all(value == "ok" for value in results.values()), results


def probe(path: str) -> HttpResponse | None:
    if path == "/healthz":
        return JsonResponse({"status": "ok"})
    if path == "/readyz":
        ready, checks = readiness()
        return JsonResponse(
            {"status": "ok" if ready else "unavailable", "checks": checks}, status=200 if ready else 503
        )
    return None


class HealthProbeMiddleware:
    """Answers ``GET``/``HEAD`` of ``/healthz`` and ``/readyz`` before anything else looks at the request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info in PROBES and request.method in ("GET", "HEAD"):
            response = probe(request.path_info)
            if response is not None:
                response["Cache-Control"] = "no-store"
                return response
        return self.get_response(request)
