"""Agent sessions, their spawn payloads and delivery records, and the agent registry.

A session is always its owner's alone: every route answers 404 for anyone else's.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from instructions import access
from instructions.agents import describe_agents, get_agent
from instructions.api.serializers import (
    StrictBooleanField,
    StrictCharField,
    StrictSerializer,
)
from instructions.api.views import ERROR, ScopePagination, reason_for, validated
from instructions.models import AgentSession, Delivery
from instructions.services.deliveries import spawn_for_session
from instructions.services.sessions import session_create, session_end, session_touch, sessions_expire


class SessionCreateSerializer(StrictSerializer):
    workspace = StrictCharField(required=False, help_text="Workspace slug; the default workspace when absent.")
    agent = StrictCharField(help_text="A name from GET /api/agents.")
    cwd = StrictCharField(required=False, default="", allow_blank=True, max_length=4096)
    env = serializers.DictField(child=StrictCharField(allow_blank=True), required=False, default=dict)
    skip_os_instructions = StrictBooleanField(required=False, default=False)
    additional_instructions = StrictCharField(required=False, default="", allow_blank=True)


class SpawnSerializer(serializers.Serializer):
    agent = serializers.CharField()
    args = serializers.ListField(child=serializers.CharField())
    env = serializers.DictField(child=serializers.CharField())
    cwd = serializers.CharField(allow_blank=True)
    files = serializers.DictField(child=serializers.CharField(), help_text="/etc/agentos/ path to its content.")
    mechanism = serializers.CharField()


class SessionSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    agent = serializers.CharField()
    workspace = serializers.CharField()
    cwd = serializers.CharField(allow_blank=True)
    env = serializers.DictField(child=serializers.CharField())
    skip_os_instructions = serializers.BooleanField()
    additional_instructions = serializers.CharField(allow_blank=True)
    started_at = serializers.DateTimeField()
    last_seen_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)
    end_reason = serializers.CharField(allow_blank=True)
    active = serializers.BooleanField()


class SessionCreatedSerializer(SessionSerializer):
    spawn = SpawnSerializer()


class DeliverySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    session = serializers.UUIDField()
    agent = serializers.CharField()
    created_at = serializers.DateTimeField()
    instructions_sha256 = serializers.CharField()
    instructions_bytes = serializers.IntegerField()
    credo_sha256 = serializers.CharField(allow_blank=True)
    scope_versions = serializers.DictField(child=serializers.IntegerField(), help_text="Scope to history id.")
    mechanism = serializers.CharField()


class AgentSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    command = serializers.CharField()
    mechanism = serializers.CharField()
    oversize = serializers.CharField()


def session_data(session: AgentSession) -> dict[str, Any]:
    return {
        "id": session.pk,
        "agent": session.agent,
        "workspace": session.workspace.slug,
        "cwd": session.cwd,
        "env": session.env,
        "skip_os_instructions": session.skip_os_instructions,
        "additional_instructions": session.additional_instructions,
        "started_at": session.started_at,
        "last_seen_at": session.last_seen_at,
        "ended_at": session.ended_at,
        "end_reason": session.end_reason,
        "active": session.is_active,
    }


def delivery_data(delivery: Delivery) -> dict[str, Any]:
    return {
        "id": delivery.pk,
        "session": delivery.session_id,
        "agent": delivery.agent,
        "created_at": delivery.created_at,
        "instructions_sha256": delivery.instructions_sha256,
        "instructions_bytes": delivery.instructions_bytes,
        "credo_sha256": delivery.credo_sha256,
        "scope_versions": delivery.scope_versions,
        "mechanism": delivery.mechanism,
    }


def live_session(request: Request, session_id: Any) -> AgentSession:
    """The caller's session, with the idle-expiry check every read makes."""
    return session_touch(session=access.own_session(request.user, session_id))


class AgentListView(APIView):
    @extend_schema(responses={200: AgentSerializer(many=True)}, summary="Supported agents and how each is injected")
    def get(self, request: Request) -> Response:
        return Response(describe_agents())


class SessionListView(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("status", str, enum=["active", "ended"], description="Default: both.")],
        responses={200: SessionSerializer(many=True), 400: ERROR},
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
            return Response({"code": "INVALID", "detail": "status must be 'active' or 'ended'."}, status=400)
        paginator = ScopePagination()
        page = paginator.paginate_queryset(sessions, request, view=self)
        return paginator.get_paginated_response([session_data(s) for s in page])

    @extend_schema(
        request=SessionCreateSerializer,
        responses={201: SessionCreatedSerializer, 400: ERROR, 404: ERROR, 413: ERROR},
        summary="Start a session for one agent in one workspace; answers its spawn payload",
    )
    def post(self, request: Request) -> Response:
        data = validated(SessionCreateSerializer, request.data)
        workspace = access.workspace_access(request.user, data.get("workspace")).workspace
        get_agent(data["agent"])
        # One transaction: if the payload cannot be built (too large for the agent),
        # no half-made session is left behind.
        with transaction.atomic():
            session = session_create(
                owner=request.user,
                workspace=workspace,
                agent=data["agent"],
                cwd=data["cwd"],
                env=data["env"],
                skip_os_instructions=data["skip_os_instructions"],
                additional_instructions=data["additional_instructions"],
                reason=reason_for(request, "API: session started"),
            )
            payload, _ = spawn_for_session(session=session, actor=request.user)
        return Response({**session_data(session), "spawn": payload}, status=status.HTTP_201_CREATED)


class SessionDetailView(APIView):
    @extend_schema(responses={200: SessionSerializer, 404: ERROR}, summary="One of your sessions")
    def get(self, request: Request, pk: str) -> Response:
        return Response(session_data(live_session(request, pk)))

    @extend_schema(
        request=None,
        responses={200: SessionSerializer, 404: ERROR},
        summary="End the session: its scope stops being served and is cleared (history kept)",
    )
    def delete(self, request: Request, pk: str) -> Response:
        session = access.own_session(request.user, pk)
        session = session_end(session=session, actor=request.user, reason=reason_for(request, "API: session ended"))
        return Response(session_data(session))


class SessionSpawnView(APIView):
    @extend_schema(
        responses={200: SpawnSerializer, 404: ERROR, 409: ERROR, 413: ERROR},
        summary="The spawn payload, computed now (edits made since show up); recorded as a delivery",
    )
    def get(self, request: Request, pk: str) -> Response:
        payload, _ = spawn_for_session(session=live_session(request, pk), actor=request.user)
        return Response(payload)


class SessionDeliveryListView(APIView):
    @extend_schema(
        responses={200: DeliverySerializer(many=True), 404: ERROR},
        summary="What this session received, and from which versions",
    )
    def get(self, request: Request, pk: str) -> Response:
        session = access.own_session(request.user, pk)
        paginator = ScopePagination()
        page = paginator.paginate_queryset(session.deliveries.order_by("-created_at", "-id"), request, view=self)
        return paginator.get_paginated_response([delivery_data(d) for d in page])
