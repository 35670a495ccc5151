"""Who is asking: the client's address, for the throttles and the sign-in lock-out.

``X-Forwarded-For`` is written by whoever sends the request, so it is believed only
as far as the operator says proxies of theirs stand in front of the service:
``NUM_PROXIES`` (default 0) trusted proxies, each appending the address it was
connected from. With 0 the address is the connection's own (``REMOTE_ADDR``) and the
header is ignored; with N the client is the N-th address from the right, the one the
outermost trusted proxy saw (DRF's own reading of ``NUM_PROXIES``). A client can
prepend whatever it likes; it cannot change what the trusted proxies append.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    remote = request.META.get("REMOTE_ADDR", "")
    proxies = int(getattr(settings, "NUM_PROXIES", 0) or 0)
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies <= 0 or not forwarded:
        return remote
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    if not hops:
        return remote
    return hops[-min(proxies, len(hops))]
