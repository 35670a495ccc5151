"""A person's agent sessions and the deliveries each received."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from instructions.foundation.contract import PRECEDENCE
from instructions.foundation.errors import NotFound
from instructions.foundation.params import parse_id
from instructions.models import (
    AgentSession,
    Delivery,
    InstructionDocument,
)


def own_sessions(user) -> QuerySet[AgentSession]:
    """``user``'s sessions, newest first, each with ``delivery_count``."""
    return (
        AgentSession.objects.filter(owner=user)
        .select_related("workspace")
        .annotate(delivery_count=Count("deliveries"))
        .order_by("-started_at")
    )


def session_deliveries(session: AgentSession) -> QuerySet[Delivery]:
    return session.deliveries.order_by("-created_at", "-id")


def session_delivery(session: AgentSession, delivery_id) -> Delivery:
    """One delivery of ``session`` (the caller checked the session is theirs), or ``NotFound``."""
    key = parse_id(delivery_id)
    delivery = session.deliveries.filter(pk=key).first() if key is not None else None
    if delivery is None:
        raise NotFound("Delivery not found.")
    delivery.session = session
    return delivery


def delivery_versions(delivery: Delivery) -> list[dict]:
    """The scope versions ``delivery`` was built from: ``scope``, ``history_id``, ``id`` (the
    document) and ``version`` of each, in precedence order (one query; none without versions)."""
    ids = list((delivery.scope_versions or {}).values())
    if not ids:
        return []
    rows = InstructionDocument.history.filter(history_id__in=ids).values("scope", "history_id", "id", "version")
    order = {scope: i for i, scope in enumerate(PRECEDENCE)}
    return sorted(rows, key=lambda row: order.get(row["scope"], len(order)))
