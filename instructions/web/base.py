"""What every web view shares: sign-in, the ``web`` change path, domain errors as
pages or messages, and which scope a page is about.

Domain errors are translated here and nowhere else: one escaping a view is a page
with its status (``web_view``); a write a page asks for and a service refuses is a
message on the page it goes back to (``perform``). A form may still show a refusal
as its own field's error (``forms``, the editor): that is the form's message, not a page.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Page, Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from instructions.foundation.contract import Scope
from instructions.foundation.errors import CredoUnavailable, Forbidden, NotFound, ServiceError
from instructions.history import ChangePath, change_path
from instructions.selectors import access
from instructions.selectors.access import WorkspaceAccess
from instructions.services.documents import Target

#: Rows per page of the web app's lists.
PAGE_ROWS = 50

#: How each domain error is shown: status and page title.
_ERROR_PAGES: tuple[tuple[type[ServiceError], int, str], ...] = (
    # Not found and not visible look the same (see ``access``): nothing of a
    # workspace the user is not in may be discoverable.
    (NotFound, 404, "Not found"),
    (Forbidden, 403, "Not allowed"),
    (CredoUnavailable, 503, "The credo is unavailable"),
)


def error_page(request: HttpRequest, exc: ServiceError) -> HttpResponse:
    for kind, status, title in _ERROR_PAGES:
        if isinstance(exc, kind):
            return render(request, "web/error.html", {"title": title, "message": exc.message}, status=status)
    return render(request, "web/error.html", {"title": "Not done", "message": exc.message}, status=exc.status)


def web_view(view):
    """Sign-in required (to ``/accounts/login/``), every change recorded with the
    ``web`` path, and a domain error that escapes the view shown as a page with
    its status (404 for what the user may not see, 403 for what they may not do)."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        with change_path(ChangePath.WEB):
            try:
                return view(request, *args, **kwargs)
            except ServiceError as exc:
                return error_page(request, exc)

    wrapped.is_web_view = True
    return login_required(wrapped)


def perform(request: HttpRequest, write: Callable[[], object], *, done: str, refused: str) -> bool:
    """``write()``, a service call a page asked for: ``done`` as a success message, or
    ``refused: why`` as an error message when the service refuses. Whatever the user
    may not see stays a 404 page (``NotFound`` goes on to ``web_view``). True when done."""
    try:
        write()
    except ServiceError as exc:
        if isinstance(exc, NotFound):
            raise
        messages.error(request, f"{refused}: {exc.message}")
        return False
    messages.success(request, done)
    return True


def paginate(request: HttpRequest, items: Any, per_page: int = PAGE_ROWS) -> Page:
    return Paginator(items, per_page).get_page(request.GET.get("page"))


@dataclass(frozen=True)
class ScopePage:
    """The scope a page edits or shows: a workspace's AGENTS.md (``slug``) or the
    signed-in user's own scope (no ``slug``)."""

    scope: str
    owner: Any
    can_write: bool
    access: WorkspaceAccess | None = None
    kwargs: dict[str, str] = field(default_factory=dict)

    @property
    def prefix(self) -> str:
        return "workspace" if self.scope == Scope.WORKSPACE else "me"

    @property
    def workspace(self):
        return self.access.workspace if self.access else None

    @property
    def role(self) -> str | None:
        return self.access.role if self.access else None

    @property
    def policy(self) -> str | None:
        """The workspace's review policy; None for the user's own scope (``hold-confident``)."""
        return self.workspace.review_policy if self.access else None

    @property
    def title(self) -> str:
        return self.workspace.name if self.access else "Your user scope"

    def url(self, name: str, *args: Any) -> str:
        return reverse(f"web:{self.prefix}-{name}", args=[*self.kwargs.values(), *args])

    def target(self) -> Target:
        """The scope to write; ``Forbidden`` unless the user may change it."""
        if self.access is not None:
            access.check_workspace_writable(self.access)
        return Target.of(self.scope, self.owner)


def scope_page(request: HttpRequest, slug: str | None) -> ScopePage:
    if slug is None:
        return ScopePage(scope=Scope.USER, owner=request.user, can_write=True)
    ws = access.workspace_access(request.user, slug)
    return ScopePage(
        scope=Scope.WORKSPACE, owner=ws.workspace, can_write=ws.can_write, access=ws, kwargs={"slug": slug}
    )
