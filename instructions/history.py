"""How a change was made, recorded as a column of every history row.

Every audited model keeps its history with django-simple-history. Who made a
change and why are the history user and the change reason (set explicitly by
``services.audit``); *how* it was made is ``history_path``: ``api``, ``web``,
``admin``, ``review``, ``revert``, ``command`` or ``system``.

The path is context, not an argument threaded through every service call: each
entry point declares it once for everything it does (the way NetBox records the
request of a change), and services that are a kind of change of their own
(approving a review, reverting a scope) narrow it for their writes:

- DRF views: ``api`` (``api.common.ApiView.dispatch``);
- the members' web app: ``web``; the Django admin: ``admin`` (its site's ``admin_view``);
- management commands: ``command`` (``management.base.AuditedCommand``);
- a review decision: ``review``; a revert: ``revert`` (inside the service, whatever the entry point);
- anything the service does on its own (the recheck after a credo change, data
  migrations, code run outside any entry point): ``system``.

Work done on the side of a request keeps the request's path: a session ended by
idle expiry during an API read is an ``api`` change, the same expiry from the
``expire_sessions`` command a ``command`` one.

The value lives in a ``ContextVar``, so threads and asyncio tasks each see their
own, and ``change_path`` restores the outer value on exit (nesting works).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import models


class ChangePath(models.TextChoices):
    API = "api", "API"
    WEB = "web", "web app"
    ADMIN = "admin", "admin"
    REVIEW = "review", "review decision"
    REVERT = "revert", "revert"
    COMMAND = "command", "management command"
    SYSTEM = "system", "the service itself"


_current: ContextVar[str] = ContextVar("change_path", default=ChangePath.SYSTEM.value)


def current_change_path() -> str:
    """The path of changes made now (``system`` outside any entry point)."""
    return _current.get()


@contextmanager
def change_path(path: str) -> Iterator[None]:
    """Record every change made inside the block as made through ``path``."""
    token = _current.set(ChangePath(path).value)  # ValueError for an unknown path
    try:
        yield
    finally:
        _current.reset(token)


class ChangeRecord(models.Model):
    """The common base of every historical model (``HistoricalRecords(bases=[ChangeRecord])``).

    The default is evaluated when simple-history builds the history row, so the
    row takes the path of the context it is made in, also through
    ``bulk_create_with_history``.
    """

    history_path = models.CharField(
        "path",
        max_length=16,
        choices=ChangePath.choices,
        default=current_change_path,
        db_index=True,
        help_text="How the change was made.",
    )

    class Meta:
        abstract = True
