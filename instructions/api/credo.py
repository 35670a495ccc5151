"""The credo (read-only) and the dry-run oath check."""

from __future__ import annotations

from typing import Any, NoReturn

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.response import Response

from instructions.api import serializers as s
from instructions.api.common import ERROR, ApiView, validated
from instructions.foundation.errors import ReadOnlyScope
from instructions.rules.oaths import check_text
from instructions.selectors.merging import credo_or_error, oath_budget


def read_only_credo(*args: Any, **kwargs: Any) -> NoReturn:
    raise ReadOnlyScope("The credo is read-only: it is changed only on disk, never through the service.")


class OathCheckView(ApiView):
    @extend_schema(
        request=s.OathCheckRequestSerializer,
        responses={200: s.OathCheckResultSerializer, 400: ERROR, 413: ERROR},
        summary="Dry-run oath check of a body (nothing is stored)",
    )
    def post(self, request: Request) -> Response:
        body = validated(s.OathCheckRequestSerializer, request.data)["body"]
        result = check_text(body, credo_or_error().rules, oath_budget(), target="dry run")
        return Response(s.OathCheckResultSerializer(result).data)


class CredoView(ApiView):
    @extend_schema(responses={200: s.CredoSerializer, 503: ERROR}, summary="The credo (read-only)")
    def get(self, request: Request) -> Response:
        return Response(s.CredoSerializer(credo_or_error()).data)

    def http_method_not_allowed(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        # The credo supports GET only (so Allow says, and the schema); a write is answered
        # 403 READ_ONLY, saying why, rather than a bare 405.
        if request.method not in SAFE_METHODS:
            read_only_credo()
        return super().http_method_not_allowed(request, *args, **kwargs)
