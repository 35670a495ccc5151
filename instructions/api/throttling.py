"""DRF's rate throttles, counting by the client's real address and failing open when the shared cache cannot be reached.

The counters live in the cache (Redis with ``REDIS_URL``). DRF's throttles would
turn a Redis outage into a 500 for every request; here the request is let through
and the outage logged (``/readyz`` reports it too, so a load balancer can act).
A security trade-off made on purpose: for the minutes Redis is down, requests are
not rate-limited, rather than the whole service being down. Authentication and
every permission check still apply.
"""

from __future__ import annotations

import logging

from rest_framework import throttling

from instructions.foundation.client_address import client_address

logger = logging.getLogger(__name__)


class FailOpen:
    def get_ident(self, request) -> str:
        # The connection's address, or what the configured proxies say (never a header
        # the client alone wrote): see ``instructions.foundation.client_address``.
        return client_address(request)

    def allow_request(self, request, view) -> bool:
        try:
            return super().allow_request(request, view)
        except Exception:
            logger.warning("Throttle counters cannot be reached; letting the request through.", exc_info=True)
            return True


class AnonRateThrottle(FailOpen, throttling.AnonRateThrottle):
    pass


class UserRateThrottle(FailOpen, throttling.UserRateThrottle):
    pass
