"""Saving audited models with an explicit history user and change reason.

django-simple-history's middleware only sees users of the admin's session; token
API callers and management commands would otherwise leave ``history_user`` empty.
``QuerySet.update()`` and bulk writes leave no history at all, so they are never
used on these models.
"""

from __future__ import annotations

from django.db import models

#: Change reasons are stored in a CharField(100) by django-simple-history.
MAX_REASON = 100


def clean_reason(reason: str) -> str:
    reason = " ".join((reason or "").split())
    return reason if len(reason) <= MAX_REASON else reason[: MAX_REASON - 1] + "…"


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
