"""Workspaces and their members."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from instructions.api import serializers as s
from instructions.api.common import CHANGE_REASON, ERROR, ApiView, ListPagination, paginated, reason_for, validated
from instructions.models import Membership, Role
from instructions.selectors import access
from instructions.services.workspaces import (
    member_by_username,
    membership_add,
    membership_change,
    membership_remove,
    user_by_username,
    workspace_create,
    workspace_update,
)


class WorkspaceListView(ApiView):
    pagination_class = ListPagination

    @extend_schema(responses={200: s.WorkspaceSerializer(many=True)}, summary="Workspaces you can see")
    def get(self, request: Request) -> Response:
        return paginated(self, access.workspaces_with_role(request.user).order_by("slug"), s.WorkspaceSerializer)

    @extend_schema(
        request=s.WorkspaceCreateSerializer,
        responses={201: s.WorkspaceSerializer, 400: ERROR, 409: ERROR},
        summary="Create a workspace; you become its maintainer",
    )
    def post(self, request: Request) -> Response:
        data = validated(s.WorkspaceCreateSerializer, request.data)
        workspace = workspace_create(
            slug=data["slug"],
            name=data.get("name") or data["slug"],
            creator=request.user,
            reason="API: workspace created",
        )
        created = access.workspace_access(request.user, workspace.slug).workspace
        return Response(s.WorkspaceSerializer(created).data, status=status.HTTP_201_CREATED)


class WorkspaceDetailView(ApiView):
    @extend_schema(responses={200: s.WorkspaceSerializer, 404: ERROR})
    def get(self, request: Request, slug: str) -> Response:
        return Response(s.WorkspaceSerializer(access.workspace_access(request.user, slug).workspace).data)

    @extend_schema(
        parameters=[CHANGE_REASON],
        request=s.WorkspaceUpdateSerializer,
        responses={200: s.WorkspaceSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
        summary="Rename a workspace or change its review policy (maintainers only)",
    )
    def patch(self, request: Request, slug: str) -> Response:
        ws = access.workspace_access(request.user, slug, need=Role.MAINTAINER)
        data = validated(s.WorkspaceUpdateSerializer, request.data)
        changed = " and ".join(key.replace("_", " ") for key in ("name", "review_policy") if key in data)
        workspace = workspace_update(
            workspace=ws.workspace,
            name=data.get("name"),
            review_policy=data.get("review_policy"),
            actor=request.user,
            reason=reason_for(request, f"API: {changed} changed"),
        )
        return Response(s.WorkspaceSerializer(workspace).data)


class MemberListView(ApiView):
    pagination_class = ListPagination

    @extend_schema(responses={200: s.MemberSerializer(many=True), 404: ERROR}, summary="Members of a workspace")
    def get(self, request: Request, slug: str) -> Response:
        ws = access.workspace_access(request.user, slug)
        return paginated(self, Membership.objects.for_workspace(ws.workspace), s.MemberSerializer)

    @extend_schema(
        request=s.MemberCreateSerializer,
        responses={201: s.MemberSerializer, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="Add a member (maintainers only)",
    )
    def post(self, request: Request, slug: str) -> Response:
        ws = access.workspace_access(request.user, slug, need=Role.MAINTAINER)
        data = validated(s.MemberCreateSerializer, request.data)
        member = membership_add(
            workspace=ws.workspace,
            user=user_by_username(data["username"]),
            role=data["role"],
            actor=request.user,
            reason=reason_for(request, "API: member added"),
        )
        return Response(s.MemberSerializer(member).data, status=status.HTTP_201_CREATED)


class MemberDetailView(ApiView):
    @extend_schema(
        request=s.MemberUpdateSerializer,
        responses={200: s.MemberSerializer, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="Change a member's role (maintainers only; the last maintainer stays)",
    )
    def patch(self, request: Request, slug: str, username: str) -> Response:
        ws = access.workspace_access(request.user, slug, need=Role.MAINTAINER)
        data = validated(s.MemberUpdateSerializer, request.data)
        member = membership_change(
            workspace=ws.workspace,
            user=member_by_username(workspace=ws.workspace, username=username),
            role=data["role"],
            actor=request.user,
            reason=reason_for(request, "API: role changed"),
        )
        return Response(s.MemberSerializer(member).data)

    @extend_schema(
        request=None,
        responses={204: None, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="Remove a member (maintainers only; the last maintainer stays)",
    )
    def delete(self, request: Request, slug: str, username: str) -> Response:
        ws = access.workspace_access(request.user, slug, need=Role.MAINTAINER)
        membership_remove(
            workspace=ws.workspace,
            user=member_by_username(workspace=ws.workspace, username=username),
            actor=request.user,
            reason=reason_for(request, "API: member removed"),
        )
        return Response(status=status.HTTP_204_NO_CONTENT)
