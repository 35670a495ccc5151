"""Saving audited models with an explicit history user and change reason.

django-simple-history's middleware only sees users of the admin's session; token
API callers and management commands would otherwise leave ``history_user`` empty.
``QuerySet.update()`` and bulk writes leave no history at all, so they are never
used on these models, with one exception made for the spawn hot path:
``create_audited`` inserts a new row and its history row in one statement.
"""

from __future__ import annotations

from django.db import connection, models
from django.utils import timezone

from instructions.foundation.contract import MAX_REASON_CHARS
from instructions.foundation.stored_text import validate_text
from instructions.selectors import sql

#: Change reasons are stored in a CharField(100) by django-simple-history.


def clean_reason(reason: str) -> str:
    """``reason`` on one line, at most ``MAX_REASON_CHARS`` characters; ``InvalidInput`` if it
    holds a character no stored text may hold (``stored_text.validate_text``)."""
    validate_text(reason or "", field="The change reason", max_chars=None)
    reason = " ".join((reason or "").split())
    return reason if len(reason) <= MAX_REASON_CHARS else reason[: MAX_REASON_CHARS - 1] + "…"


def _attach(instance: models.Model, *, actor, reason: str) -> None:
    instance._history_user = actor if getattr(actor, "is_authenticated", False) else None
    instance._change_reason = clean_reason(reason)


def save_audited(instance: models.Model, *, actor, reason: str, **save_kwargs) -> None:
    """Save ``instance``, leaving one history row naming ``actor`` and ``reason``."""
    _attach(instance, actor=actor, reason=reason)
    instance.save(**save_kwargs)


def delete_audited(instance: models.Model, *, actor, reason: str) -> None:
    _attach(instance, actor=actor, reason=reason)
    instance.delete()


def create_audited(instance: models.Model, *, actor, reason: str) -> None:
    """Insert ``instance``, a new row, with the history row ``save_audited`` would leave.

    On PostgreSQL both rows go in one statement (a data-modifying CTE): one round
    trip, no transaction block, none of the per-save work of model signals. The
    history row is built by django-simple-history's own historical model from the
    fields it tracks, with the same date, type (``+``), user, reason and
    ``history_path``; no ``*_create_historical_record`` signal is sent (nothing in
    this project listens to them). Used where an audited row is made on every
    request (a spawn's ``Delivery``); elsewhere, and on other databases, it is
    ``save_audited``.
    """
    if connection.vendor != "postgresql" or not instance._state.adding or instance.pk is not None:
        save_audited(instance, actor=actor, reason=reason)
        return
    insert = sql.insert_with_history(type(instance))
    record = insert.history_model(
        history_date=timezone.now(),
        history_type="+",
        history_user=actor if getattr(actor, "is_authenticated", False) else None,
        history_change_reason=clean_reason(reason),
        **{field.attname: getattr(instance, field.attname) for field in insert.tracked},
    )

    def values(obj: models.Model, fields: tuple) -> list:
        return [field.get_db_prep_save(field.pre_save(obj, True), connection) for field in fields]

    with connection.cursor() as cursor:
        cursor.execute(insert.sql, [*values(instance, insert.own), *values(record, insert.kept)])
        (instance.pk,) = cursor.fetchone()
    instance._state.adding, instance._state.db = False, connection.alias
