"""The oath-conflict review queue."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from instructions import access
from instructions.api import serializers as s
from instructions.api.common import ERROR, ApiView, ListPagination, paginated, validated
from instructions.errors import NotFound
from instructions.services.reviews import review_approve, review_reject


class ReviewListView(ApiView):
    pagination_class = ListPagination

    @extend_schema(
        parameters=[OpenApiParameter("status", str, enum=["pending", "approved", "rejected", "resolved"])],
        responses={200: s.ReviewSerializer(many=True)},
        summary="Oath-conflict review items you may act on (pending by default)",
    )
    def get(self, request: Request) -> Response:
        wanted = request.query_params.get("status", "pending")
        return paginated(self, access.reviewable_items(request.user).filter(status=wanted), s.ReviewSerializer)


class ReviewDecisionView(ApiView):
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
        return Response(s.ReviewSerializer(access.reviewable_items(request.user).get(pk=item.pk)).data)


class ReviewApproveView(ReviewDecisionView):
    decide = staticmethod(review_approve)


class ReviewRejectView(ReviewDecisionView):
    decide = staticmethod(review_reject)
