"""Agent sessions, their spawn payloads and delivery records, session tokens, and the
agent registry.

A session is always its owner's alone: every route answers 404 for anyone else's. Its
session token (``POST /api/sessions/<id>/token``) reads its spawn payload here and
nothing else of this module.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from knox.models import AuthToken
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from instructions.api import rendered
from instructions.api import serializers as s
from instructions.api.auth import session_token_of
from instructions.api.common import (
    CHANGE_REASON,
    ERROR,
    ApiView,
    ListPagination,
    check_token_session,
    paginated,
    reason_for,
    validated,
)
from instructions.api.rendered import json_bytes
from instructions.foundation.errors import Forbidden, InvalidInput
from instructions.models import AgentSession
from instructions.rules.agents import registered_agents
from instructions.rules.session_spec import SessionSpec
from instructions.selectors import access
from instructions.selectors.stamps import MergeStamp, session_stamp_rows, stamp_of
from instructions.services.deliveries import spawn_rendered
from instructions.services.session_tokens import session_token_mint
from instructions.services.sessions import session_end, session_start, session_touch, sessions_expire


def live_session(request: Request, session_id: Any) -> AgentSession:
    """The caller's session, with the idle-expiry check every read makes."""
    return session_touch(session=access.own_session(request.user, session_id))


def live_session_stamped(request: Request, session_id: Any) -> tuple[AgentSession, MergeStamp]:
    """``live_session`` and the stamp of the session's merged set, read in one query
    (``selectors.session_stamp_rows``), access decided by ``own_session``'s rule first."""
    row, documents = session_stamp_rows(user=request.user, session_id=session_id)
    session = session_touch(session=access.grant_session(row, request.user))
    return session, stamp_of(user=request.user, workspace=session.workspace, session=session, documents=documents)


class AgentListView(ApiView):
    @extend_schema(responses={200: s.AgentSerializer(many=True)}, summary="Supported agents and how each is injected")
    def get(self, request: Request) -> Response:
        return Response(s.AgentSerializer(registered_agents(), many=True).data)


class SessionListView(ApiView):
    pagination_class = ListPagination

    @extend_schema(
        parameters=[OpenApiParameter("status", str, enum=["active", "ended"], description="Default: both.")],
        responses={200: s.SessionSerializer(many=True), 400: ERROR},
        summary="Your agent sessions, newest first",
    )
    def get(self, request: Request) -> Response:
        sessions_expire(owner=request.user)
        sessions = AgentSession.objects.filter(owner=request.user).select_related("workspace")
        wanted = request.query_params.get("status")
        if wanted == "active":
            sessions = sessions.active()
        elif wanted == "ended":
            sessions = sessions.ended()
        elif wanted is not None:
            raise InvalidInput("status must be 'active' or 'ended'.")
        return paginated(self, sessions, s.SessionSerializer)

    @extend_schema(
        request=s.SessionCreateSerializer,
        responses={201: s.SessionCreatedSerializer, 400: ERROR, 404: ERROR, 413: ERROR},
        summary="Start a session for one agent in one workspace; answers its spawn payload",
    )
    def post(self, request: Request) -> Response:
        data = validated(s.SessionCreateSerializer, request.data)
        workspace = access.workspace_access(request.user, data.get("workspace")).workspace
        session, payload, _ = session_start(
            owner=request.user,
            workspace=workspace,
            spec=SessionSpec.from_data(data),
            reason=reason_for(request, "API: session started"),
        )
        session.spawn = payload
        return Response(s.SessionCreatedSerializer(session).data, status=status.HTTP_201_CREATED)


class SessionDetailView(ApiView):
    @extend_schema(responses={200: s.SessionSerializer, 404: ERROR}, summary="One of your sessions")
    def get(self, request: Request, pk: str) -> Response:
        return Response(s.SessionSerializer(live_session(request, pk)).data)

    @extend_schema(
        request=None,
        responses={200: s.SessionSerializer, 404: ERROR},
        summary="End the session: its scope stops being served and is cleared (history kept)",
    )
    def delete(self, request: Request, pk: str) -> Response:
        session = access.own_session(request.user, pk)
        session = session_end(session=session, actor=request.user, reason=reason_for(request, "API: session ended"))
        return Response(s.SessionSerializer(session).data)


class SessionSpawnView(ApiView):
    def allows_session_token(self, request: Request) -> bool:
        return request.method in ("GET", "HEAD")  # its own session's, checked in ``get``

    @extend_schema(
        responses={200: s.SpawnSerializer, 404: ERROR, 409: ERROR, 413: ERROR},
        summary="The spawn payload, computed now (edits made since show up); recorded as a delivery",
    )
    def get(self, request: Request, pk: str) -> HttpResponse:
        session, stamp = live_session_stamped(request, pk)
        check_token_session(request, session)
        found, _ = spawn_rendered(
            session=session,
            actor=request.user,
            render=lambda payload: json_bytes(s.SpawnSerializer(payload).data),
            merge=stamp,
        )
        return rendered.response(found)


class SessionDeliveryListView(ApiView):
    pagination_class = ListPagination

    @extend_schema(
        responses={200: s.DeliverySerializer(many=True), 404: ERROR},
        summary="What this session received, and from which versions",
    )
    def get(self, request: Request, pk: str) -> Response:
        session = access.own_session(request.user, pk)
        return paginated(self, session.deliveries.order_by("-created_at", "-id"), s.DeliverySerializer)


class SessionTokenView(ApiView):
    @extend_schema(
        request=None,
        parameters=[CHANGE_REASON],
        responses={201: s.SessionTokenSerializer, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="Mint the session's token, for its agent (shown once; replaces any earlier one)",
        description=(
            "A token for the agent of this session instead of your own: it reaches only this session's spawn "
            "payload, merged instructions and session scope, and stops working when the session ends or the API "
            "token this request is authenticated with is revoked or expires. Minting needs that API token "
            "(not a browser sign-in, 403), and a live session (409 SESSION_ENDED)."
        ),
    )
    def post(self, request: Request, pk: str) -> Response:
        session = live_session(request, pk)
        parent = request.auth
        if session_token_of(request) is not None or not isinstance(parent, AuthToken):
            raise Forbidden("A session token is minted with an API token (revoking that token revokes it).")
        token, raw = session_token_mint(
            session=session, parent=parent, actor=request.user, reason=reason_for(request, "API: session token issued")
        )
        token.raw = raw
        return Response(s.SessionTokenSerializer(token).data, status=status.HTTP_201_CREATED)
