"""The seed's contract: the merged set, the scopes as entries, editing one scope;
plus each scope's history and revert."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import MethodNotAllowed
from rest_framework.request import Request
from rest_framework.response import Response

from instructions.api import rendered
from instructions.api import serializers as s
from instructions.api.common import (
    CHANGE_REASON,
    ERROR,
    FLAGGED_REVIEW,
    FLAGGED_REVIEW_HEADER,
    IF_MATCH,
    IF_NONE_MATCH,
    REVIEW_REQUIRED,
    SESSION_PARAM,
    WORKSPACE_PARAM,
    WRITE_ERRORS,
    ApiView,
    ListPagination,
    ScopeRequest,
    paginated,
    parse_if_match,
    reason_for,
    validated,
    version_etag,
)
from instructions.api.errors import invalid_field
from instructions.api.rendered import json_bytes
from instructions.foundation import render_cache
from instructions.foundation.contract import Scope, check_editable, check_known
from instructions.foundation.errors import NotFound
from instructions.foundation.render_cache import Rendered
from instructions.models import Role, target_key
from instructions.selectors.merging import approvals_by_target, current_rules, gather_inputs, merge_inputs
from instructions.selectors.scopes import document_versions, scope_entries
from instructions.selectors.stamps import stamp_matches
from instructions.services.documents import document_revert, document_save


def _need(scope: str) -> str:
    # Writing the workspace scope needs an editor; a user's own scopes need no role.
    return Role.EDITOR if scope == Scope.WORKSPACE else Role.VIEWER


class MergedInstructionsView(ApiView):
    def allows_session_token(self, request: Request) -> bool:
        return request.method in ("GET", "HEAD")  # its session's merged set (``ScopeRequest``)

    @extend_schema(
        parameters=[WORKSPACE_PARAM, SESSION_PARAM, IF_NONE_MATCH],
        responses={200: s.MergedInstructionsSerializer, 304: None, 400: ERROR, 404: ERROR},
        summary="The merged instruction set for the caller",
    )
    def get(self, request: Request) -> HttpResponse:
        ctx = ScopeRequest(request, stamped=True)
        who = {"user": ctx.user, "workspace": ctx.workspace}
        # Served from the render cache when nothing it was built from has changed
        # (instructions.foundation.render_cache says why that is never stale).
        stamp = ctx.stamp
        found = render_cache.lookup("merged", stamp)
        if found is None:
            inputs = gather_inputs(**who, session=ctx.session)
            found = Rendered.of(json_bytes(s.MergedInstructionsSerializer(merge_inputs(inputs)).data))
            if stamp_matches(stamp, inputs):  # else a write landed since the stamp: serve, do not keep
                render_cache.store("merged", stamp, found)
        return rendered.response(found)  # 304 for If-None-Match: ConditionalGetMiddleware


class ScopeListView(ApiView):
    @extend_schema(
        parameters=[WORKSPACE_PARAM, SESSION_PARAM, IF_NONE_MATCH],
        responses={200: s.InstructionEntrySerializer(many=True), 304: None, 404: ERROR},
        summary="All four scopes as entries, highest priority first",
    )
    def get(self, request: Request) -> Response:
        ctx = ScopeRequest(request)
        entries = scope_entries(user=ctx.user, workspace=ctx.workspace, session=ctx.session)
        return Response(s.InstructionEntrySerializer(entries, many=True).data)


class ScopeView(ApiView):
    def allows_session_token(self, request: Request) -> bool:
        # Its session scope: read, change, clear (the session is checked by ``ScopeRequest``).
        return self.kwargs.get("scope") == Scope.SESSION and request.method in ("GET", "HEAD", "PUT", "DELETE")

    @extend_schema(
        parameters=[WORKSPACE_PARAM, SESSION_PARAM, IF_NONE_MATCH],
        responses={200: s.InstructionEntrySerializer, 304: None, 404: ERROR},
        summary="One scope as an entry; its ETag is what If-Match takes",
    )
    def get(self, request: Request, scope: str) -> Response:
        check_known(scope)
        ctx = ScopeRequest(request)
        entry, version = ctx.entry(scope)
        data = s.InstructionEntrySerializer(entry).data
        if scope == Scope.GLOBAL:
            return Response(data)
        # The version is the ETag here, so that it can be sent back in If-Match.
        return Response(data, headers={"ETag": version_etag(version)})

    @extend_schema(
        parameters=[WORKSPACE_PARAM, SESSION_PARAM, IF_MATCH, CHANGE_REASON, FLAGGED_REVIEW],
        request=s.InstructionUpdateRequestSerializer,
        responses={200: s.InstructionEntrySerializer, **WRITE_ERRORS},
        summary="Edit one scope (oath-checked; conflicts are kept for review and answered 409; a change "
        "held by the workspace's review policy is kept for review and answered 202)",
    )
    def put(self, request: Request, scope: str) -> Response:
        check_editable(scope)
        data = validated(s.InstructionUpdateRequestSerializer, request.data)
        if data.get("scope", scope) != scope:
            message = f"The body names scope '{data['scope']}' but the URL names '{scope}'."
            raise invalid_field("scope", message)
        return self._save(request, scope, data["body"], reason_for(request, "API edit"))

    @extend_schema(
        parameters=[WORKSPACE_PARAM, SESSION_PARAM, IF_MATCH, CHANGE_REASON],
        request=None,
        responses={
            200: s.InstructionEntrySerializer,
            202: REVIEW_REQUIRED,
            400: ERROR,
            403: ERROR,
            404: ERROR,
            412: ERROR,
        },
        summary="Clear one scope (the session scope, typically; 202 when the workspace's review policy holds it)",
    )
    def delete(self, request: Request, scope: str) -> Response:
        check_editable(scope)
        return self._save(request, scope, "", reason_for(request, "API clear"))

    def http_method_not_allowed(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        # PATCH is not a method of a scope (Allow and the schema do not list it), but it is
        # answered as the other writes are where they are refused: 403 on the global scope.
        if request.method == "PATCH":
            check_editable(kwargs["scope"])
            raise MethodNotAllowed("PATCH", detail="Use PUT with the whole body.")
        return super().http_method_not_allowed(request, *args, **kwargs)

    def _save(self, request: Request, scope: str, body: str, reason: str) -> Response:
        ctx = ScopeRequest(request, need=_need(scope))
        document = document_save(
            target=ctx.target(scope),
            body=body,
            actor=request.user,
            reason=reason,
            if_match=parse_if_match(request.headers.get("If-Match")),
        )
        return _written(ctx, scope, document)


def _written(ctx: ScopeRequest, scope: str, document=None) -> Response:
    """The answer to a write: the scope's entry with its version as the ETag. A later
    write may already show: its body with its version, from one read. A write that landed
    with findings only worth a look names the review item it opened (``Flagged-Review``)."""
    entry, version = ctx.entry(scope)
    headers = {"ETag": version_etag(version)}
    flagged = getattr(document, "flagged_review", None)
    if flagged is not None:
        headers[FLAGGED_REVIEW_HEADER] = str(flagged.pk)
    return Response(s.InstructionEntrySerializer(entry).data, headers=headers)


class ScopeHistoryView(ApiView):
    pagination_class = ListPagination

    @extend_schema(
        parameters=[WORKSPACE_PARAM, SESSION_PARAM],
        responses={200: s.HistoryVersionSerializer(many=True), 404: ERROR},
        summary="A scope's versions, newest first",
    )
    def get(self, request: Request, scope: str) -> Response:
        if check_known(scope) == Scope.GLOBAL:
            raise NotFound("The credo has no history in the service: it changes only on disk.")
        ctx = ScopeRequest(request)
        key = target_key(scope, ctx.owner(scope))
        return paginated(
            self,
            document_versions(ctx.document(scope)),
            s.HistoryVersionSerializer,
            rules=current_rules(),
            approved=approvals_by_target([key])[key],
        )


class ScopeRevertView(ApiView):
    @extend_schema(
        parameters=[WORKSPACE_PARAM, SESSION_PARAM, IF_MATCH, CHANGE_REASON, FLAGGED_REVIEW],
        request=s.RevertRequestSerializer,
        responses={200: s.InstructionEntrySerializer, **WRITE_ERRORS},
        summary="Make a new version equal to an old one (recorded and oath-checked)",
    )
    def post(self, request: Request, scope: str) -> Response:
        check_editable(scope)
        data = validated(s.RevertRequestSerializer, request.data)
        ctx = ScopeRequest(request, need=_need(scope))
        ctx.target(scope)  # may the caller change it at all?
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
        return _written(ctx, scope, document)
