"""Ids and days read from URLs and query strings, bounded before any database sees them.

Every id in a path or a query string of the web app and the admin goes through
``parse_id`` (the ``id`` path converter uses it): a value that is not a plain
decimal id, or one larger than any table's key can be, is no id at all, so the page
answers 404 as for any unknown id. Unbounded, a 26-digit id reached the database,
which answers with an error of its own (SQLite's ``OverflowError``, PostgreSQL's
out-of-range ``DataError``) and the page with a 500.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from django.urls import register_converter

#: The largest id any table takes: keys are signed 64-bit integers (``BigAutoField``,
#: SQLite's ``INTEGER``), so no row has a larger one.
MAX_ID = 2**63 - 1
_MAX_DIGITS = len(str(MAX_ID))


def parse_id(value: object) -> int | None:
    """``value`` as an id (1 to ``MAX_ID``, ASCII digits only), or ``None`` when it is
    not one: absent, empty, signed, not decimal, or larger than any key.

    The digits are counted before they are converted, so a megabyte of them costs
    no more than reading it.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return value if 1 <= value <= MAX_ID else None
    if not isinstance(value, str) or not value.isascii() or not value.isdigit():
        return None
    digits = value.lstrip("0")
    if not digits or len(digits) > _MAX_DIGITS:
        return None
    number = int(digits)
    return number if number <= MAX_ID else None


class IdConverter:
    """The ``<id:...>`` path converter: ``parse_id``'s ids; anything else does not match
    the route, so it is a 404 like an unknown id."""

    regex = "[0-9]+"

    def to_python(self, value: str) -> int:
        number = parse_id(value)
        if number is None:
            raise ValueError(f"not an id: {value[:30]!r}")
        return number

    def to_url(self, value: object) -> str:
        return str(value)


register_converter(IdConverter, "id")


def day_start(day: date) -> datetime:
    """The first moment of ``day``, UTC."""
    return datetime.combine(day, time(), tzinfo=UTC)


def day_end(day: date) -> datetime:
    """The first moment after ``day``, UTC (an exclusive end, as ``AuditFilter.until``
    takes it). ``ValueError`` for the calendar's last day: no moment follows it."""
    try:
        return day_start(day + timedelta(days=1))
    except OverflowError:
        raise ValueError(f"{day.isoformat()} is the last day of the calendar: nothing comes after it.") from None
