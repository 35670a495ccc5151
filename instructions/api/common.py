"""What every API view shares: the base view, request helpers, paging and the
schema pieces of the error answers.

Views are thin: they validate with a serializer, ask ``access`` who may do it,
call one service or selector, and serialise the result.
"""

from __future__ import annotations

import re
from typing import Any

from django.db import transaction
from drf_spectacular.utils import OpenApiParameter, inline_serializer
from rest_framework import exceptions, serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView

from instructions.api import serializers as s
from instructions.api.auth import session_token_of
from instructions.api.errors import invalid_field
from instructions.api.throttling import FailOpen
from instructions.foundation.contract import Scope, check_editable
from instructions.foundation.errors import InvalidInput, NotFound, SessionEnded, StaleVersion
from instructions.foundation.stored_text import validate_text
from instructions.history import ChangePath, change_path
from instructions.models import AgentSession, InstructionDocument, Role, Workspace
from instructions.selectors import access
from instructions.selectors.merging import check_session_workspace
from instructions.selectors.scopes import document_of, scope_entry_and_version
from instructions.selectors.stamps import MergeStamp, merge_stamp, stamp_of, workspace_stamp_rows
from instructions.services.documents import Target
from instructions.services.sessions import session_touch


class FailedAuthenticationThrottle(FailOpen, SimpleRateThrottle):
    """Failed authentications per client address (``THROTTLE_AUTH_FAILURES``)."""

    scope = "auth_failure"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class ApiView(APIView):
    # No docstring here: drf-spectacular would show it as every operation's description.
    #
    # - Every change made while serving an API request is recorded with the ``api``
    #   path (services that are a kind of change of their own narrow it).
    # - A write request is one transaction: refused part-way (a 400 after a service
    #   wrote), it leaves nothing behind; only ``errors.KEEPS_STATE`` errors commit
    #   (the exception handler decides).
    # - Throttles run before permissions, and failed authentications are counted per
    #   address: DRF checks permissions first, so anonymous and badly authenticated
    #   requests never reached a throttle and tokens could be guessed without limit.

    #: True while the request's own transaction is open (write requests).
    in_request_transaction = False

    def allows_session_token(self, request: Request) -> bool:
        """May a session token make this request at all? (``api.auth``: else 403.) No, unless
        the view says so; which session it names is then checked with ``check_token_session``."""
        return False

    def dispatch(self, request, *args, **kwargs):
        with change_path(ChangePath.API):
            if request.method in SAFE_METHODS:
                return super().dispatch(request, *args, **kwargs)
            with transaction.atomic():
                self.in_request_transaction = True
                try:
                    return super().dispatch(request, *args, **kwargs)
                finally:
                    self.in_request_transaction = False

    def initial(self, request, *args, **kwargs):
        self.format_kwarg = self.get_format_suffix(**kwargs)
        request.accepted_renderer, request.accepted_media_type = self.perform_content_negotiation(request)
        request.version, request.versioning_scheme = self.determine_version(request, *args, **kwargs)
        self.perform_authentication(request)
        self.check_throttles(request)
        self.check_permissions(request)
        # PostgreSQL text cannot hold NUL, not even to compare it: a slug, username,
        # session id or status holding one would fail deep inside a query (a 500).
        # Nothing the API names can contain it, so it is refused at the door.
        query = request.query_params.lists()
        if "\x00" in request.path or any("\x00" in key + "".join(values) for key, values in query):
            raise InvalidInput("NUL characters are not allowed in the path or the query string.")

    def perform_authentication(self, request):
        try:
            request.user  # noqa: B018  (authenticates)
        except exceptions.AuthenticationFailed:
            throttle = FailedAuthenticationThrottle()
            if not throttle.allow_request(request, self):
                self.throttled(request, throttle.wait())
            raise


# --- schema pieces ------------------------------------------------------------------

WORKSPACE_PARAM = OpenApiParameter(
    "workspace", str, description="Workspace slug; the configured default workspace when absent."
)
SESSION_PARAM = OpenApiParameter(
    "session",
    str,
    description="Agent session id (your own). Required for the session scope, and must belong to ?workspace= "
    "when both are given: otherwise a 400 naming session (a rule between parameters OpenAPI cannot state).",
)
IF_MATCH = OpenApiParameter(
    "If-Match", str, OpenApiParameter.HEADER, description="ETag of the version you edited; 412 when stale."
)
IF_NONE_MATCH = OpenApiParameter("If-None-Match", str, OpenApiParameter.HEADER, description="304 when unchanged.")
CHANGE_REASON = OpenApiParameter(
    "X-Change-Reason", str, OpenApiParameter.HEADER, description="Why; recorded in the history."
)
#: The answer to a write that landed with oath findings only worth a look names the review item
#: "flagged after acceptance" it opened (its id).
FLAGGED_REVIEW_HEADER = "Flagged-Review"
FLAGGED_REVIEW = OpenApiParameter(
    FLAGGED_REVIEW_HEADER,
    int,
    OpenApiParameter.HEADER,
    response=[200],
    description="Present when the write landed with oath findings only worth a look (tier review): the id of "
    "the review item 'flagged after acceptance' it opened (GET /api/reviews?kind=accepted_flagged).",
)


class ErrorSerializer(serializers.Serializer):
    """The one shape of every error under /api/ (``instructions.api.errors``); some
    codes add keys of their own (``OATH_CONFLICT``: ``conflicts`` and ``review``;
    ``REVIEW_REQUIRED``: ``review`` and ``review_policy``)."""

    code = serializers.RegexField(r"^[A-Z][A-Z0-9_]*$", help_text="Machine-readable, UPPER_SNAKE.")
    detail = serializers.CharField(help_text="A sentence for people.")
    errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Validation only (code INVALID): messages per field; nested fields as 'env.NAME'.",
    )


ERROR = ErrorSerializer
OATH_CONFLICT = inline_serializer(
    "OathConflictError",
    {
        "code": serializers.CharField(),
        "detail": serializers.CharField(),
        "conflicts": s.OathFindingSerializer(many=True),
        "review": serializers.IntegerField(),
    },
)
REVIEW_REQUIRED = inline_serializer(
    "ReviewRequired",
    {
        "code": serializers.CharField(help_text="REVIEW_REQUIRED"),
        "detail": serializers.CharField(),
        "review": serializers.IntegerField(help_text="The pending review item keeping the change."),
        "review_policy": serializers.CharField(help_text="The workspace policy that held it: approve-every-change."),
    },
)
#: A scope write's answers besides 200: 202 when the workspace's review policy holds the
#: change for approval (kept as a review item, nothing changed yet), and the errors.
WRITE_ERRORS = {202: REVIEW_REQUIRED, 400: ERROR, 403: ERROR, 404: ERROR, 409: OATH_CONFLICT, 412: ERROR, 413: ERROR}


# --- request helpers ------------------------------------------------------------------


def validated(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def reason_for(request: Request, default: str) -> str:
    """The change reason of a write: ``default``, plus the caller's ``X-Change-Reason``.
    A write made with a session token says so: ``API edit (session token): ...``."""
    if session_token_of(request) is not None:
        default = f"{default} (session token)"
    given = validate_text(request.headers.get("X-Change-Reason", ""), field="X-Change-Reason", max_chars=None).strip()
    return f"{default}: {given}" if given else default


def check_token_session(request: Request, session: AgentSession | None) -> None:
    """With a session token, the request may name no other session than the token's
    (``NotFound``, as for anyone else's session)."""
    token = session_token_of(request)
    if token is not None and (session is None or session.pk != token.session_id):
        raise NotFound("Session not found.")


def version_etag(version: int) -> str:
    return f'"v{version}"'


# ASCII digits only: str.isdigit() also accepts "²" and "٣", which int() then refuses
# (a 500); and at most 18 of them, far below int()'s 4,300-digit limit.
_VERSION_TAG = re.compile(r'(?:W/)?("?)v([0-9]{1,18})\1', re.ASCII)


def parse_if_match(header: str | None) -> int | None:
    """The version named by an ``If-Match`` header (None: no precondition)."""
    if header is None or header.strip() == "*":
        return None
    match = _VERSION_TAG.fullmatch(header.strip())
    if match is None:
        raise StaleVersion("If-Match does not name a version of this scope; read it again for its ETag.")
    return int(match.group(2))


class ScopeRequest:
    """Which workspace and session a request is about, as the caller may see them
    (``?workspace=``, ``?session=``; the session's workspace when only it is named)."""

    def __init__(self, request: Request, *, need: str = Role.VIEWER, stamped: bool = False) -> None:
        user = request.user
        session_id = request.query_params.get("session")
        token = session_token_of(request)
        if token is not None and not session_id:
            session_id = str(token.session_id)  # a session token's requests are about its session
        self.session: AgentSession | None = None
        #: With ``stamped``, the stamp of the caller's merged set (``selectors.merge_stamp``).
        self.stamp: MergeStamp | None = None
        if stamped and not session_id:
            # The merged read's hot path: the workspace, the caller's role and the stamp in
            # one query, access decided by the same rule as below before anything is used.
            slug = access.workspace_slug(request.query_params.get("workspace"))
            workspace, rows = workspace_stamp_rows(user=user, slug=slug)
            self.access = access.grant_workspace(workspace, slug, need=need)
            self.workspace, self.user = self.access.workspace, user
            self.stamp = stamp_of(user=user, workspace=self.workspace, documents=rows)
            return
        if session_id:
            self.session = session_touch(session=access.own_session(user, session_id))
            check_token_session(request, self.session)
            if not self.session.is_active and request.method not in SAFE_METHODS:
                # Whatever ended it (its end, idle expiry, its owner losing access to the
                # workspace), a write naming it answers the same.
                raise SessionEnded(f"This session has ended ({self.session.end_reason}); it can no longer change.")
        slug = request.query_params.get("workspace") or (self.session.workspace.slug if self.session else None)
        self.access = access.workspace_access(user, slug, need=need)
        # Refuse a contradiction before anything is read or written.
        try:
            check_session_workspace(self.access.workspace, self.session)
        except InvalidInput as exc:
            raise invalid_field("session", exc.message) from None
        self.workspace: Workspace = self.access.workspace
        self.user = user
        if stamped:
            self.stamp = merge_stamp(user=user, workspace=self.workspace, session=self.session)

    def owner(self, scope: str) -> object:
        """The caller's own owner of ``scope``: themselves, the workspace, or the session."""
        if scope == Scope.USER:
            return self.user
        if scope == Scope.WORKSPACE:
            return self.workspace
        if self.session is None:
            raise invalid_field("session", "The session scope needs ?session=<id>.", "Required.")
        return self.session

    def target(self, scope: str) -> Target:
        """The scope to write: raises unless the caller may change it."""
        check_editable(scope)
        if scope == Scope.WORKSPACE:
            access.check_workspace_writable(self.access)
        return Target.of(scope, self.owner(scope))

    def document(self, scope: str) -> InstructionDocument | None:
        return document_of(scope, self.owner(scope))

    def entry(self, scope: str) -> tuple[dict[str, Any], int]:
        """``scope``'s entry and the version it shows (its ETag), from one read."""
        return scope_entry_and_version(scope=scope, user=self.user, workspace=self.workspace, session=self.session)


# --- paging ---------------------------------------------------------------------------


#: A page number or size as the schema states it: ASCII digits only (no sign, space,
#: decimal point or exponent).
_WHOLE_NUMBER = re.compile(r"[0-9]+", re.ASCII)


class ListPagination(PageNumberPagination):
    """Every list of the API: pages of 50 (``?page=N``), up to 200 with ``?page_size=``.

    Both are integers in the schema, and the server holds them to it: anything else
    (``abc``, ``1.0``, an empty value, ``0``, a size over 200, the parameter twice)
    is a 400 naming it, where DRF would quietly serve the first page or the default
    size. A page past the last one stays a 404.
    """

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200
    last_page_strings = ()  # ?page=last is not an integer either

    def paginate_queryset(self, queryset: Any, request: Request, view: APIView | None = None) -> list[Any] | None:
        self._check_number(request, self.page_query_param, maximum=None)
        self._check_number(request, self.page_size_query_param, maximum=self.max_page_size)
        return super().paginate_queryset(queryset, request, view)

    @staticmethod
    def _check_number(request: Request, name: str, *, maximum: int | None) -> None:
        values = request.query_params.getlist(name)
        if not values:
            return
        within = f"from 1 to {maximum}" if maximum else "from 1"
        if len(values) > 1:
            raise serializers.ValidationError({name: [f"Give {name} once, a whole number {within}."]})
        # Compared as digits: a page number may be any size (past the last page: 404), and
        # int() refuses strings over 4,300 digits.
        digits = values[0].lstrip("0") if _WHOLE_NUMBER.fullmatch(values[0]) else ""
        too_big = maximum is not None and (len(digits) > len(str(maximum)) or int(digits or 0) > maximum)
        if not digits or too_big:
            raise serializers.ValidationError({name: [f"Must be a whole number {within}."]})

    def get_schema_operation_parameters(self, view: APIView) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"]["minimum"] = 1
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"]["maximum"] = self.max_page_size
        return parameters


def paginated(view: APIView, items: Any, serializer_class: type[serializers.Serializer], **context: Any) -> Response:
    """One page of ``items`` serialised, with the count and the next and previous links.

    A view that pages says so with ``pagination_class = ListPagination``: that is
    also how the schema learns its answer is a page (``Paginated<Name>List``).
    """
    paginator = (getattr(view, "pagination_class", None) or ListPagination)()
    page = paginator.paginate_queryset(items, view.request, view=view)
    return paginator.get_paginated_response(serializer_class(page, many=True, context=context).data)
