"""The oath-conflict review queue."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from instructions.api import serializers as s
from instructions.api.common import ERROR, ApiView, ListPagination, paginated, validated
from instructions.foundation.errors import NotFound
from instructions.models import ReviewItem, ReviewStatus
from instructions.selectors import access
from instructions.services.reviews import review_approve, review_reject


class ReviewListView(ApiView):
    pagination_class = ListPagination

    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=ReviewStatus.values),
            OpenApiParameter(
                "mine",
                bool,
                description="Your own proposals (any status unless ?status= is given) and their decisions.",
            ),
        ],
        responses={200: s.ReviewSerializer(many=True), 400: ERROR},
        summary="Oath-conflict review items you may decide (pending by default), or your own proposals",
    )
    def get(self, request: Request) -> Response:
        query = validated(s.ReviewListQuerySerializer, request.query_params.dict())
        if query["mine"]:
            items = access.own_proposals(request.user)
            if "status" in query:
                items = items.filter(status=query["status"])
        else:
            items = access.reviewable_items(request.user).filter(status=query.get("status", "pending"))
        return paginated(self, items, s.ReviewSerializer)


class ReviewDecisionView(ApiView):
    decide = None
    #: What the decision's body holds (a rejection needs a note).
    serializer_class: type[s.StrictSerializer] = s.ReviewDecisionSerializer

    @extend_schema(responses={200: s.ReviewSerializer, 400: ERROR, 403: ERROR, 404: ERROR, 409: ERROR})
    def post(self, request: Request, pk: int) -> Response:
        data = validated(self.serializer_class, request.data if request.data else {})
        item = access.reviewable_items(request.user).filter(pk=pk).first()
        if item is None:
            raise NotFound("Review not found.")
        item = type(self).decide(item=item, reviewer=request.user, note=data["note"])
        return Response(s.ReviewSerializer(ReviewItem.objects.with_related().get(pk=item.pk)).data)


class ReviewApproveView(ReviewDecisionView):
    decide = staticmethod(review_approve)


class ReviewRejectView(ReviewDecisionView):
    decide = staticmethod(review_reject)
    serializer_class = s.ReviewRejectSerializer
