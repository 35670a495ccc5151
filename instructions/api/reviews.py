"""The oath-conflict review queue."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from instructions.api import serializers as s
from instructions.api.common import ERROR, ApiView, ListPagination, paginated, validated
from instructions.foundation.errors import NotFound
from instructions.models import ReviewItem, ReviewKind, ReviewStatus
from instructions.selectors import access
from instructions.services.reviews import review_approve, review_reject


class ReviewListView(ApiView):
    pagination_class = ListPagination

    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=ReviewStatus.values),
            OpenApiParameter(
                "kind",
                str,
                enum=ReviewKind.values,
                description="Only items of this kind: held proposals (rejected_write) apart from changes flagged "
                "after acceptance (accepted_flagged).",
            ),
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
        if "kind" in query:
            items = items.filter(kind=query["kind"])
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


@extend_schema(
    summary="Approve a review item: apply a held write, or keep a change flagged after acceptance",
    description="A held write (rejected_write) becomes the scope's new version; a change flagged after acceptance "
    "(accepted_flagged) is kept and its findings stop being conflicts there; a stored failure stops being one.",
)
class ReviewApproveView(ReviewDecisionView):
    decide = staticmethod(review_approve)


@extend_schema(
    summary="Reject a review item (a note is required): refuse a held write, or revert a flagged change",
    description="A held write stays unapplied. A change flagged after acceptance (accepted_flagged) is reverted: "
    "the scope goes back to the version before it (a recorded revert), or 409 STALE_PROPOSAL when the scope "
    "changed since.",
)
class ReviewRejectView(ReviewDecisionView):
    decide = staticmethod(review_reject)
    serializer_class = s.ReviewRejectSerializer
