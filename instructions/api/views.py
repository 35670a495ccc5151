"""HTTP views: validate, ask ``access`` who may do it, call one service or selector,
serialise. No business rule lives here."""

from __future__ import annotations

from typing import Any, NoReturn

from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from instructions import access
from instructions.api import serializers as s
from instructions.api.presenters import history_data, member_data, review_data, workspace_data
from instructions.contract import EDITABLE_SCOPES, Scope
from instructions.errors import InvalidInput, NotFound, ReadOnlyScope, StaleVersion
from instructions.models import InstructionDocument, Membership, Role
from instructions.oaths import check_text
from instructions.selectors import credo_or_error, load_merged, scope_entries
from instructions.services.documents import Target, document_revert, document_save, validate_body
from instructions.services.reviews import review_approve, review_reject
from instructions.services.sessions import session_touch
from instructions.services.workspaces import (
    membership_add,
    membership_change,
    membership_remove,
    user_by_username,
    workspace_create,
    workspace_update,
)

WORKSPACE_PARAM = OpenApiParameter(
    "workspace", str, description="Workspace slug; the configured default workspace when absent."
)
SESSION_PARAM = OpenApiParameter("session", str, description="Agent session id (your own).")
IF_MATCH = OpenApiParameter(
    "If-Match", str, OpenApiParameter.HEADER, description="ETag of the version you edited; 412 when stale."
)
IF_NONE_MATCH = OpenApiParameter("If-None-Match", str, OpenApiParameter.HEADER, description="304 when unchanged.")
CHANGE_REASON = OpenApiParameter(
    "X-Change-Reason", str, OpenApiParameter.HEADER, description="Why; recorded in the history."
)
ERROR = inline_serializer("Error", {"code": serializers.CharField(), "detail": serializers.CharField()})
OATH_CONFLICT = inline_serializer(
    "OathConflictError",
    {
        "code": serializers.CharField(),
        "detail": serializers.CharField(),
        "conflicts": s.OathFindingSerializer(many=True),
        "review": serializers.IntegerField(),
    },
)
WRITE_ERRORS = {400: ERROR, 403: ERROR, 404: ERROR, 409: OATH_CONFLICT, 412: ERROR, 413: ERROR}


# --- helpers shared by the views -------------------------------------------------


def validated(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def version_etag(version: int) -> str:
    return f'"v{version}"'


def parse_if_match(header: str | None) -> int | None:
    """The version named by an ``If-Match`` header (None: no precondition)."""
    if header is None or header.strip() == "*":
        return None
    value = header.strip().removeprefix("W/").strip('"')
    if not value.startswith("v") or not value[1:].isdigit():
        raise StaleVersion("If-Match does not name a version of this scope; read it again for its ETag.")
    return int(value[1:])


def reason_for(request: Request, default: str) -> str:
    given = request.headers.get("X-Change-Reason", "").strip()
    return f"{default}: {given}" if given else default


class Context:
    """Which workspace and session a request is about, as the caller may see them."""

    def __init__(self, request: Request, *, need: str = Role.VIEWER) -> None:
        user = request.user
        session_id = request.query_params.get("session")
        self.session = access.own_session(user, session_id) if session_id else None
        if self.session is not None:
            self.session = session_touch(session=self.session)
        slug = request.query_params.get("workspace") or (self.session.workspace.slug if self.session else None)
        self.access = access.workspace_access(user, slug, need=need)
        self.workspace = self.access.workspace
        self.user = user

    def owner(self, scope: str) -> Target:
        """The caller's own scope of this kind (for reading)."""
        if scope == Scope.USER:
            return Target(scope=scope, user=self.user)
        if scope == Scope.WORKSPACE:
            return Target(scope=scope, workspace=self.workspace)
        if self.session is None:
            raise InvalidInput("The session scope needs ?session=<id>.")
        return Target(scope=scope, session=self.session)

    def target(self, scope: str) -> Target:
        """The same, for writing: raises unless the caller may change it."""
        access.check_scope_writable(scope, self.access if scope == Scope.WORKSPACE else None)
        return self.owner(scope)

    def document(self, scope: str) -> InstructionDocument | None:
        return InstructionDocument.objects.for_owner(scope=scope, **self.owner(scope).owner_fields).first()

    def entry(self, scope: str) -> dict[str, Any]:
        entries = scope_entries(user=self.user, workspace=self.workspace, session=self.session)
        return next(e for e in entries if e["scope"] == scope)


def scope_from_url(scope: str) -> str:
    if scope == Scope.GLOBAL:
        return scope
    if scope not in EDITABLE_SCOPES:
        raise NotFound(f"Unknown scope '{scope}'. Scopes: session, workspace, user, global.")
    return scope


def writable_scope(scope: str) -> str:
    """The scope named in a write's URL; the global scope (the credo) is 403."""
    if scope_from_url(scope) == Scope.GLOBAL:
        read_only_credo()
    return scope


def read_only_credo(*args: Any, **kwargs: Any) -> NoReturn:
    raise ReadOnlyScope("The credo is read-only: it is changed only on disk, never through the service.")


# --- the seed's four ---------------------------------------------------------------


class MergedInstructionsView(APIView):
    @extend_schema(
        parameters=[WORKSPACE_PARAM, SESSION_PARAM, IF_NONE_MATCH],
        responses={200: s.MergedInstructionsSerializer, 304: None, 400: ERROR, 404: ERROR},
        summary="The merged instruction set for the caller",
    )
    def get(self, request: Request) -> Response:
        ctx = Context(request)
        merged = load_merged(user=ctx.user, workspace=ctx.workspace, session=ctx.session)
        return Response(merged)  # ETag and 304: ConditionalGetMiddleware


class ScopeListView(APIView):
    @extend_schema(
        parameters=[WORKSPACE_PARAM, SESSION_PARAM, IF_NONE_MATCH],
        responses={200: s.InstructionEntrySerializer(many=True), 304: None, 404: ERROR},
        summary="All four scopes as entries, highest priority first",
    )
    def get(self, request: Request) -> Response:
        ctx = Context(request)
        entries = scope_entries(user=ctx.user, workspace=ctx.workspace, session=ctx.session)
        return Response(entries)


class ScopeView(APIView):
    @extend_schema(
        parameters=[WORKSPACE_PARAM, SESSION_PARAM, IF_NONE_MATCH],
        responses={200: s.InstructionEntrySerializer, 304: None, 404: ERROR},
        summary="One scope as an entry; its ETag is what If-Match takes",
    )
    def get(self, request: Request, scope: str) -> Response:
        scope = scope_from_url(scope)
        ctx = Context(request)
        if scope == Scope.GLOBAL:
            return Response(ctx.entry(scope))
        document = ctx.document(scope)
        # The version is the ETag here, so that it can be sent back in If-Match.
        return Response(ctx.entry(scope), headers={"ETag": version_etag(document.version if document else 0)})

    @extend_schema(
        parameters=[WORKSPACE_PARAM, SESSION_PARAM, IF_MATCH, CHANGE_REASON],
        request=s.InstructionUpdateRequestSerializer,
        responses={200: s.InstructionEntrySerializer, **WRITE_ERRORS},
        summary="Edit one scope (oath-checked; conflicts are kept for review and answered 409)",
    )
    def put(self, request: Request, scope: str) -> Response:
        scope = writable_scope(scope)
        data = validated(s.InstructionUpdateRequestSerializer, request.data)
        if data.get("scope", scope) != scope:
            raise InvalidInput(f"The body names scope '{data['scope']}' but the URL names '{scope}'.")
        return self._save(request, scope, data["body"], reason_for(request, "API edit"))

    @extend_schema(
        parameters=[WORKSPACE_PARAM, SESSION_PARAM, IF_MATCH, CHANGE_REASON],
        request=None,
        responses={200: s.InstructionEntrySerializer, 400: ERROR, 403: ERROR, 404: ERROR, 412: ERROR},
        summary="Clear one scope (the session scope, typically)",
    )
    def delete(self, request: Request, scope: str) -> Response:
        scope = writable_scope(scope)
        return self._save(request, scope, "", reason_for(request, "API clear"))

    @extend_schema(exclude=True)
    def patch(self, request: Request, scope: str) -> Response:
        writable_scope(scope)
        return Response({"code": "METHOD_NOT_ALLOWED", "detail": "Use PUT with the whole body."}, status=405)

    def _save(self, request: Request, scope: str, body: str, reason: str) -> Response:
        validate_body(body)
        ctx = Context(request, need=Role.EDITOR if scope == Scope.WORKSPACE else Role.VIEWER)
        document = document_save(
            target=ctx.target(scope),
            body=body,
            actor=request.user,
            reason=reason,
            if_match=parse_if_match(request.headers.get("If-Match")),
        )
        return Response(ctx.entry(scope), headers={"ETag": version_etag(document.version)})


class ScopePagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


class ScopeHistoryView(APIView):
    @extend_schema(
        parameters=[WORKSPACE_PARAM, SESSION_PARAM],
        responses={200: s.HistoryVersionSerializer(many=True), 404: ERROR},
        summary="A scope's versions, newest first",
    )
    def get(self, request: Request, scope: str) -> Response:
        scope = scope_from_url(scope)
        if scope == Scope.GLOBAL:
            raise NotFound("The credo has no history in the service: it changes only on disk.")
        ctx = Context(request)
        document = ctx.document(scope)
        paginator = ScopePagination()
        rows = document.history.select_related("history_user").order_by("-history_id") if document else []
        page = paginator.paginate_queryset(rows, request, view=self)
        rules = credo_or_error().rules
        return paginator.get_paginated_response([history_data(row, rules) for row in page])


class ScopeRevertView(APIView):
    @extend_schema(
        parameters=[WORKSPACE_PARAM, SESSION_PARAM, IF_MATCH, CHANGE_REASON],
        request=s.RevertRequestSerializer,
        responses={200: s.InstructionEntrySerializer, **WRITE_ERRORS},
        summary="Make a new version equal to an old one (recorded and oath-checked)",
    )
    def post(self, request: Request, scope: str) -> Response:
        scope = writable_scope(scope)
        data = validated(s.RevertRequestSerializer, request.data)
        ctx = Context(request, need=Role.EDITOR if scope == Scope.WORKSPACE else Role.VIEWER)
        document = ctx.document(scope)
        if document is None:
            raise NotFound("This scope has no history yet.")
        document = document_revert(
            document=document,
            history_id=data["history_id"],
            actor=request.user,
            reason=reason_for(request, f"Revert to version {data['history_id']} (API)"),
            if_match=parse_if_match(request.headers.get("If-Match")),
        )
        return Response(ctx.entry(scope), headers={"ETag": version_etag(document.version)})


# --- oaths and the credo --------------------------------------------------------------


class OathCheckView(APIView):
    @extend_schema(
        request=s.OathCheckRequestSerializer,
        responses={200: s.OathCheckResultSerializer, 400: ERROR, 413: ERROR},
        summary="Dry-run oath check of a body (nothing is stored)",
    )
    def post(self, request: Request) -> Response:
        body = validate_body(validated(s.OathCheckRequestSerializer, request.data)["body"])
        result = check_text(body, credo_or_error().rules)
        return Response(
            {
                "oath_check": result.status,
                "conflicts": [{"snippet": f.snippet, "conflicting_oath": f.oath} for f in result.findings],
            }
        )


class CredoView(APIView):
    @extend_schema(responses={200: s.CredoSerializer, 503: ERROR}, summary="The credo (read-only)")
    def get(self, request: Request) -> Response:
        credo = credo_or_error()
        data = {
            "body": credo.body or "",
            "path": credo.path,
            "modified_at": credo.modified_at,
            "oaths": [{"id": o.id, "name": o.name} for o in credo.oaths],
        }
        return Response(data)

    @extend_schema(exclude=True)
    def put(self, request: Request) -> Response:
        return read_only_credo()

    patch = post = delete = put


# --- workspaces and members ---------------------------------------------------------


class WorkspaceListView(APIView):
    @extend_schema(responses={200: s.WorkspaceSerializer(many=True)}, summary="Workspaces you can see")
    def get(self, request: Request) -> Response:
        paginator = ScopePagination()
        workspaces = access.workspaces_with_role(request.user).order_by("slug")
        page = paginator.paginate_queryset(workspaces, request, view=self)
        staff = request.user.is_staff
        return paginator.get_paginated_response(
            [workspace_data(w, w.member_role or (Role.MAINTAINER if staff else None)) for w in page]
        )

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
        return Response(workspace_data(workspace, Role.MAINTAINER), status=status.HTTP_201_CREATED)


class WorkspaceDetailView(APIView):
    @extend_schema(responses={200: s.WorkspaceSerializer, 404: ERROR})
    def get(self, request: Request, slug: str) -> Response:
        ws = access.workspace_access(request.user, slug)
        return Response(workspace_data(ws.workspace, ws.role))

    @extend_schema(
        request=s.WorkspaceUpdateSerializer, responses={200: s.WorkspaceSerializer, 400: ERROR, 403: ERROR, 404: ERROR}
    )
    def patch(self, request: Request, slug: str) -> Response:
        ws = access.workspace_access(request.user, slug, need=Role.MAINTAINER)
        data = validated(s.WorkspaceUpdateSerializer, request.data)
        workspace = workspace_update(
            workspace=ws.workspace, name=data["name"], actor=request.user, reason=reason_for(request, "API: renamed")
        )
        return Response(workspace_data(workspace, ws.role))


class MemberListView(APIView):
    @extend_schema(responses={200: s.MemberSerializer(many=True), 404: ERROR}, summary="Members of a workspace")
    def get(self, request: Request, slug: str) -> Response:
        ws = access.workspace_access(request.user, slug)
        paginator = ScopePagination()
        page = paginator.paginate_queryset(Membership.objects.for_workspace(ws.workspace), request, view=self)
        return paginator.get_paginated_response([member_data(m) for m in page])

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
        return Response(member_data(member), status=status.HTTP_201_CREATED)


class MemberDetailView(APIView):
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
            user=user_by_username(username),
            role=data["role"],
            actor=request.user,
            reason=reason_for(request, "API: role changed"),
        )
        return Response(member_data(member))

    @extend_schema(
        request=None,
        responses={204: None, 403: ERROR, 404: ERROR, 409: ERROR},
        summary="Remove a member (maintainers only; the last maintainer stays)",
    )
    def delete(self, request: Request, slug: str, username: str) -> Response:
        ws = access.workspace_access(request.user, slug, need=Role.MAINTAINER)
        membership_remove(
            workspace=ws.workspace,
            user=user_by_username(username),
            actor=request.user,
            reason=reason_for(request, "API: member removed"),
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


# --- reviews -------------------------------------------------------------------------


class ReviewListView(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("status", str, enum=["pending", "approved", "rejected", "resolved"])],
        responses={200: s.ReviewSerializer(many=True)},
        summary="Oath-conflict review items you may act on (pending by default)",
    )
    def get(self, request: Request) -> Response:
        wanted = request.query_params.get("status", "pending")
        items = access.reviewable_items(request.user).filter(status=wanted)
        paginator = ScopePagination()
        page = paginator.paginate_queryset(items, request, view=self)
        return paginator.get_paginated_response([review_data(item) for item in page])


class ReviewDecisionView(APIView):
    decide = None

    @extend_schema(
        request=s.ReviewDecisionSerializer,
        responses={200: s.ReviewSerializer, 400: ERROR, 404: ERROR, 409: ERROR},
    )
    def post(self, request: Request, pk: int) -> Response:
        data = validated(s.ReviewDecisionSerializer, request.data if request.data else {})
        item = access.reviewable_items(request.user).filter(pk=pk).first()
        if item is None:
            raise NotFound("Review not found.")
        item = type(self).decide(item=item, reviewer=request.user, note=data["note"])
        return Response(review_data(access.reviewable_items(request.user).get(pk=item.pk)))


class ReviewApproveView(ReviewDecisionView):
    decide = staticmethod(review_approve)


class ReviewRejectView(ReviewDecisionView):
    decide = staticmethod(review_reject)
