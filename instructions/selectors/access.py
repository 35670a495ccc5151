"""Who may see and change what. Every view, command, admin page and service asks here.

Why 404 and not 403: a workspace you are not a member of, someone else's user
scope and someone else's session must not be discoverable, so they answer exactly
like things that do not exist. 403 is only for what you can see but not change
(a viewer writing the workspace scope, anyone writing the credo, an author
deciding their own proposal).

Membership alone opens a workspace: ``is_staff`` grants nothing here (it only lets
a person into the admin, where Django permissions decide). The default workspace
is readable by every signed-in user, so a new user's ``GET /api/instructions``
works before anyone adds them anywhere.

Reviews: the ``Reviewers`` group (permission ``instructions.decide_reviewitem``)
sees and decides every review item; a workspace's maintainers see and decide the
items about its shared AGENTS.md. A refused *private* text (a user scope, a
session, a session's additional instructions) is seen by its author and the
reviewers only, never by a workspace's maintainers. Four eyes: nobody decides a
proposal they wrote.

A session is re-checked on every use: once its owner can no longer see its
workspace, it is ended (``services.sessions.session_touch``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery

from instructions.foundation.contract import Scope
from instructions.foundation.errors import Forbidden, FourEyes, NotFound
from instructions.models import (
    WRITER_ROLES,
    AgentSession,
    Membership,
    ReviewItem,
    Role,
    Workspace,
    normalize_slug,
)
from instructions.selectors import sql

#: Being able to see the workspace at all counts as viewer (the default workspace).
_RANK = {None: 1, Role.VIEWER: 1, Role.EDITOR: 2, Role.MAINTAINER: 3}

#: The permission of the ``Reviewers`` group (made by a migration).
DECIDE_REVIEWS = "instructions.decide_reviewitem"
#: The permission of the ``Auditors`` group.
VIEW_AUDIT_LOG = "instructions.view_audit_log"


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


def _member_role(user) -> Subquery:
    return Subquery(Membership.objects.filter(workspace=OuterRef("pk"), user=user).values("role")[:1])


def workspaces_with_role(user) -> QuerySet[Workspace]:
    """Workspaces ``user`` may see, each annotated with ``member_role``: the user's role
    there, or None where only the default workspace's openness lets them see it (one query)."""
    mine = Membership.objects.filter(user=user).values("workspace")
    return Workspace.objects.annotate(member_role=_member_role(user)).filter(
        Q(pk__in=mine) | Q(slug=default_workspace_slug())
    )


def workspace_slug(slug: str | None) -> str:
    """The slug a request names, in its one spelling: the default workspace's when it names none."""
    return normalize_slug(slug or default_workspace_slug())


def workspace_access(user, slug: str | None, *, need: str = Role.VIEWER) -> WorkspaceAccess:
    """Resolve ``slug`` (the default workspace when None; any case) for ``user``.

    Raises ``NotFound`` when the workspace does not exist or is invisible to the
    user, ``Forbidden`` when it is visible but ``need`` is above the user's role.
    """
    slug = workspace_slug(slug)
    workspace = next(iter(Workspace.objects.raw(sql.WORKSPACE_WITH_ROLE, [user.pk, slug])), None)
    return grant_workspace(workspace, slug, need=need)


def grant_workspace(workspace: Workspace | None, slug: str, *, need: str = Role.VIEWER) -> WorkspaceAccess:
    """The rule of ``workspace_access``, for a workspace already read with the caller's role
    there (``member_role``, None for no membership; ``workspace`` None: no workspace has ``slug``).

    Whoever reads the workspace another way (``stamps.workspace_stamp_rows`` reads it in
    the same query as a merged set's stamp) decides with this, so there is one rule.
    """
    if workspace is None:
        raise NotFound(f"Workspace '{slug}' not found.")
    role = workspace.member_role
    if role is None and workspace.slug != default_workspace_slug():
        raise NotFound(f"Workspace '{slug}' not found.")
    if _RANK[role] < _RANK[need]:
        raise Forbidden(f"Your role in '{slug}' ({role or 'none'}) cannot do this; it needs {need}.")
    return WorkspaceAccess(workspace=workspace, role=role)


def check_workspace_writable(access: WorkspaceAccess) -> None:
    """Raise ``Forbidden`` unless the caller may change the workspace's scope (editors
    and maintainers). A user's own user and session scopes are always theirs to change."""
    if not access.can_write:
        raise Forbidden(
            f"Editing the workspace scope needs the editor or maintainer role; yours is {access.role or 'none'}."
        )


# --- sessions ---------------------------------------------------------------------------


def own_session(user, session_id) -> AgentSession:
    """The caller's own session, or ``NotFound`` (other people's sessions do not exist).

    With its workspace, and ``owner_has_access``: whether its owner may still see
    that workspace (a member, or the default workspace), read in the same query. A
    session whose owner lost it must not be served (``services.sessions.session_touch``).
    """
    pk = AgentSession._meta.pk
    try:
        key = pk.get_db_prep_value(pk.to_python(session_id), connection)
    except (ValidationError, ValueError, TypeError):
        raise NotFound("Session not found.") from None
    return grant_session(
        next(iter(AgentSession.objects.raw(sql.own_session_sql(connection.vendor), [key, user.pk])), None), user
    )


def grant_session(session: AgentSession | None, user) -> AgentSession:
    """The rule of ``own_session``, for a session already read with ``ws_slug``, ``ws_name``
    and ``owner_is_member`` (None: ``user`` has no such session).

    Whoever reads the session another way (``stamps.session_stamp_rows`` reads it in the
    same query as its merged set's stamp) decides with this, so there is one rule.
    """
    if session is None:
        raise NotFound("Session not found.")
    # The workspace from the same row (its creation time is loaded only if asked for).
    session.workspace = Workspace.from_db(
        connection.alias, ["id", "slug", "name"], [session.workspace_id, session.ws_slug, session.ws_name]
    )
    session.owner = user  # it is the caller's own
    session.owner_has_access = bool(session.owner_is_member) or session.ws_slug == default_workspace_slug()
    return session


def _owner_has_access() -> Q:
    member = Membership.objects.filter(workspace=OuterRef("workspace"), user=OuterRef("owner"))
    return Q(Exists(member)) | Q(workspace__slug=default_workspace_slug())


def session_owner_has_access(session: AgentSession) -> bool:
    """May the session's owner still see its workspace? (The annotation of ``own_session``
    when present, else one query.)"""
    annotated = getattr(session, "owner_has_access", None)
    if annotated is not None:
        return bool(annotated)
    return AgentSession.objects.filter(pk=session.pk).filter(_owner_has_access()).exists()


# --- reviews ----------------------------------------------------------------------------


def is_reviewer(user) -> bool:
    return bool(user.is_active and user.has_perm(DECIDE_REVIEWS))


def reviewable_items(user) -> QuerySet[ReviewItem]:
    """Review items ``user`` may see in the queue and decide (four eyes aside): all for
    reviewers; for anyone else the items about the shared AGENTS.md of the workspaces
    they maintain. Private texts never reach a maintainer's queue."""
    qs = ReviewItem.objects.with_related()
    if is_reviewer(user):
        return qs
    maintained = Membership.objects.filter(user=user, role=Role.MAINTAINER).values("workspace")
    return qs.filter(scope=Scope.WORKSPACE, workspace__in=maintained)


def own_proposals(user) -> QuerySet[ReviewItem]:
    """The review items ``user`` wrote (refused writes of theirs), with their decisions."""
    return ReviewItem.objects.with_related().written_by(user)


def check_can_decide(user, item: ReviewItem) -> None:
    """Raise unless ``user`` may approve or reject ``item``.

    ``NotFound`` when the item is not in their queue (as if it did not exist);
    ``FourEyes`` (403) when they wrote it: nobody decides their own proposal, so a
    workspace with one maintainer has its proposals decided by the reviewers.
    """
    if not reviewable_items(user).filter(pk=item.pk).exists():
        raise NotFound("Review not found.")
    if item.is_written_by(user):
        raise FourEyes("Four eyes: you wrote this proposal, so someone else must decide it.")
