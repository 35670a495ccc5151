"""Domain errors raised by services and selectors.

Each carries the HTTP status and machine-readable ``code`` the API answers with, so
views stay thin and the admin and commands can show the same message. Each entry
point translates them in one place: the API's exception handler
(``instructions.api.errors``), the web app's ``web_view``, the admin's
``ServiceActions``, and ``AuditedCommand``.
"""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    status = 400
    code = "INVALID"

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra


class InvalidInput(ServiceError):
    status, code = 400, "INVALID"


class NotFound(ServiceError):
    status, code = 404, "NOT_FOUND"


class Forbidden(ServiceError):
    status, code = 403, "FORBIDDEN"


class ReadOnlyScope(Forbidden):
    code = "READ_ONLY"


class BodyTooLarge(ServiceError):
    status, code = 413, "BODY_TOO_LARGE"


class StaleVersion(ServiceError):
    status, code = 412, "STALE_VERSION"


class Conflict(ServiceError):
    status, code = 409, "CONFLICT"


class OathConflict(ServiceError):
    """A body collides with the credo; it was kept as a pending review item."""

    status, code = 409, "OATH_CONFLICT"


class ReviewRequired(ServiceError):
    """The workspace's review policy holds every change: the text was kept as a pending
    review item for another maintainer or a reviewer, and nothing changed yet."""

    status, code = 202, "REVIEW_REQUIRED"


class CredoUnavailable(ServiceError):
    status, code = 503, "CREDO_UNAVAILABLE"


class PayloadTooLarge(ServiceError):
    """A spawn payload cannot be built within the agent's limits."""

    status, code = 413, "PAYLOAD_TOO_LARGE"


class SessionEnded(Conflict):
    code = "SESSION_ENDED"


class FourEyes(Forbidden):
    """The author of a proposal tried to decide it."""

    code = "FOUR_EYES"


class StaleProposal(Conflict):
    """A proposal written against a version that is no longer current."""

    code = "STALE_PROPOSAL"
