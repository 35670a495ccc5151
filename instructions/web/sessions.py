"""The user's agent sessions, what each received, and each delivery rebuilt and verified."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from instructions.selectors import access
from instructions.selectors.rebuild import delivery_rebuild
from instructions.selectors.sessions import delivery_versions, own_sessions, session_deliveries, session_delivery
from instructions.web.base import paginate, web_view


@web_view
def sessions(request: HttpRequest) -> HttpResponse:
    return render(request, "web/sessions.html", {"sessions": paginate(request, own_sessions(request.user))})


@web_view
def session(request: HttpRequest, pk: str) -> HttpResponse:
    own = access.own_session(request.user, pk)  # 404 for anyone else's
    deliveries = paginate(request, session_deliveries(own))
    return render(request, "web/session.html", {"session": own, "deliveries": deliveries})


@web_view
def delivery(request: HttpRequest, pk: str, delivery_id: int) -> HttpResponse:
    """The exact text the agent received, rebuilt from the recorded versions, with
    its SHA-256 checked against the one recorded at the time."""
    own = access.own_session(request.user, pk)
    record = session_delivery(own, delivery_id)
    context = {
        "session": own,
        "delivery": record,
        "versions": delivery_versions(record),
        "rebuild": delivery_rebuild(record),
    }
    return render(request, "web/delivery.html", context)
