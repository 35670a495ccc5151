"""Who may see and change what. Every view, command and admin action asks here.

Why 404 and not 403: a workspace you are not a member of, someone else's user
scope and someone else's session must not be discoverable, so they answer exactly
like things that do not exist. 403 is only for what you can see but not change
(a viewer writing the workspace scope, anyone writing the credo).

Staff act as maintainers of every workspace (they can do as much in the admin).
The default workspace is readable by every signed-in user, so a new user's
``GET /api/instructions`` works before anyone adds them anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db.models import OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from instructions.errors import Forbidden, NotFound
from instructions.models import (
    WRITER_ROLES,
    AgentSession,
    Membership,
    ReviewItem,
    Role,
    Workspace,
)

#: Being able to see the workspace at all counts as viewer (the default workspace).
_RANK = {None: 1, Role.VIEWER: 1, Role.EDITOR: 2, Role.MAINTAINER: 3}


@dataclass(frozen=True)
class WorkspaceAccess:
    workspace: Workspace
    role: str | None  # None: not a member (only possible for the default workspace)

    @property
    def can_write(self) -> bool:
        return self.role in WRITER_ROLES

    @property
    def is_maintainer(self) -> bool:
        return self.role == Role.MAINTAINER


def default_workspace_slug() -> str:
    return settings.AGENTOS_DEFAULT_WORKSPACE


def workspaces_with_role(user) -> QuerySet[Workspace]:
    """Workspaces ``user`` may see, each annotated with ``member_role``: the user's role
    there, or None where only the default workspace's openness lets them see it (one query)."""
    role = Membership.objects.filter(workspace=OuterRef("pk"), user=user).values("role")[:1]
    if user.is_staff:
        return Workspace.objects.annotate(member_role=Coalesce(Subquery(role), Value(Role.MAINTAINER.value)))
    qs = Workspace.objects.annotate(member_role=Subquery(role))
    mine = Membership.objects.filter(user=user).values("workspace")
    return qs.filter(Q(pk__in=mine) | Q(slug=default_workspace_slug()))


def workspace_access(user, slug: str | None, *, need: str = Role.VIEWER) -> WorkspaceAccess:
    """Resolve ``slug`` (the default workspace when None) for ``user``.

    Raises ``NotFound`` when the workspace does not exist or is invisible to the
    user, ``Forbidden`` when it is visible but ``need`` is above the user's role.
    """
    slug = slug or default_workspace_slug()
    role_sq = Membership.objects.filter(workspace=OuterRef("pk"), user=user).values("role")[:1]
    workspace = Workspace.objects.filter(slug=slug).annotate(member_role=Subquery(role_sq)).first()
    if workspace is None:
        raise NotFound(f"Workspace '{slug}' not found.")
    role = Role.MAINTAINER if user.is_staff else workspace.member_role
    if role is None and workspace.slug != default_workspace_slug():
        raise NotFound(f"Workspace '{slug}' not found.")
    if _RANK[role] < _RANK[need]:
        raise Forbidden(f"Your role in '{slug}' ({role or 'none'}) cannot do this; it needs {need}.")
    workspace.member_role = role  # as the API shows it (staff act as maintainers)
    return WorkspaceAccess(workspace=workspace, role=role)


def check_workspace_writable(access: WorkspaceAccess) -> None:
    """Raise ``Forbidden`` unless the caller may change the workspace's scope (editors
    and maintainers). A user's own user and session scopes are always theirs to change."""
    if not access.can_write:
        raise Forbidden(
            f"Editing the workspace scope needs the editor or maintainer role; yours is {access.role or 'none'}."
        )


def own_session(user, session_id) -> AgentSession:
    """The caller's own session, or ``NotFound`` (other people's sessions do not exist)."""
    try:
        return AgentSession.objects.select_related("workspace", "owner").get(pk=session_id, owner=user)
    except (AgentSession.DoesNotExist, ValidationError, ValueError, TypeError):
        raise NotFound("Session not found.") from None


def reviewable_items(user) -> QuerySet[ReviewItem]:
    """Review items ``user`` may act on: all for staff, their workspaces' for maintainers."""
    qs = ReviewItem.objects.with_related()
    if user.is_staff:
        return qs
    maintained = Membership.objects.filter(user=user, role=Role.MAINTAINER).values("workspace")
    return qs.filter(workspace__in=maintained)
