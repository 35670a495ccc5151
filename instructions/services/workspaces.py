"""Workspaces and their members."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from instructions.foundation.contract import MAX_WORKSPACE_NAME_CHARS, ReviewPolicy
from instructions.foundation.errors import Conflict, InvalidInput, NotFound
from instructions.foundation.stored_text import validate_text
from instructions.models import Membership, Role, Workspace, normalize_slug
from instructions.services.audit import delete_audited, save_audited
from instructions.services.sessions import sessions_end_for_member


def _valid_role(role: object) -> str:
    if role not in Role.values:
        raise InvalidInput(f"role must be one of {', '.join(Role.values)}.")
    return role


def workspace_create(*, slug: str, name: str, creator, reason: str = "Workspace created") -> Workspace:
    """Create a workspace; its creator becomes its first maintainer. Slugs are one
    spelling whatever the case asked for (``Acme`` is ``acme``)."""
    slug = normalize_slug(slug)
    name = validate_text(name, field="name", max_chars=MAX_WORKSPACE_NAME_CHARS)
    with transaction.atomic():
        if Workspace.objects.filter(slug=slug).exists():
            raise Conflict(f"A workspace with slug '{slug}' already exists.")
        workspace = Workspace(slug=slug, name=name or slug)
        workspace.full_clean()
        save_audited(workspace, actor=creator, reason=reason)
        if creator is not None and getattr(creator, "is_authenticated", False):
            member = Membership(workspace=workspace, user=creator, role=Role.MAINTAINER)
            save_audited(member, actor=creator, reason=reason)
    return workspace


def workspace_update(
    *,
    workspace: Workspace,
    actor,
    name: str | None = None,
    review_policy: str | None = None,
    reason: str = "Workspace changed",
) -> Workspace:
    """Rename ``workspace`` and/or change its review policy (``None``: leave as it is); one
    history row with ``actor`` and ``reason``. Who may is the
    caller's check (its maintainers; staff in the admin)."""
    if name is not None:
        workspace.name = validate_text(name, field="name", max_chars=MAX_WORKSPACE_NAME_CHARS)
    if review_policy is not None:
        if review_policy not in ReviewPolicy.values:
            raise InvalidInput(
                f"review_policy must be one of {', '.join(ReviewPolicy.values)}.",
                errors={"review_policy": [f"Must be one of {', '.join(ReviewPolicy.values)}."]},
            )
        workspace.review_policy = review_policy
    workspace.full_clean()
    save_audited(workspace, actor=actor, reason=reason)
    return workspace


def user_by_username(username: object):
    if not isinstance(username, str):
        raise InvalidInput("username must be a string.")
    try:
        return get_user_model().objects.get(username=username)
    except get_user_model().DoesNotExist:
        raise NotFound(f"User '{username}' not found.") from None


def member_by_username(*, workspace: Workspace, username: object):
    """The member of ``workspace`` called ``username``; ``NotFound`` otherwise, with
    the same answer whether or not such an account exists elsewhere (a maintainer
    learns nothing about accounts outside the workspace)."""
    if not isinstance(username, str):
        raise InvalidInput("username must be a string.")
    member = Membership.objects.select_related("user").filter(workspace=workspace, user__username=username).first()
    if member is None:
        raise NotFound(f"'{username}' is not a member of '{workspace}'.")
    return member.user


def membership_add(*, workspace: Workspace, user, role: str, actor, reason: str = "Member added") -> Membership:
    member = Membership(workspace=workspace, user=user, role=_valid_role(role))
    try:
        with transaction.atomic():
            save_audited(member, actor=actor, reason=reason)
    except IntegrityError:
        raise Conflict(f"'{user}' is already a member of '{workspace}'.") from None
    return member


def _lock_members(workspace: Workspace) -> dict[int, Membership]:
    # Locking every membership row of the workspace serialises concurrent demotions,
    # so two maintainers cannot demote each other and leave nobody in charge.
    return {m.user_id: m for m in Membership.objects.select_for_update().filter(workspace=workspace)}


def _ensure_maintainer_left(members: dict[int, Membership], leaving: Membership) -> None:
    others = [m for m in members.values() if m.role == Role.MAINTAINER and m.pk != leaving.pk]
    if leaving.role == Role.MAINTAINER and not others:
        raise Conflict("A workspace must keep at least one maintainer.")


def membership_change(
    *, workspace: Workspace, user, role: str, actor, reason: str = "Member role changed"
) -> Membership:
    role = _valid_role(role)
    with transaction.atomic():
        members = _lock_members(workspace)
        member = members.get(user.pk)
        if member is None:
            raise NotFound(f"'{user}' is not a member of '{workspace}'.")
        if member.role == role:
            return member
        if role != Role.MAINTAINER:
            _ensure_maintainer_left(members, member)
        member.role = role
        save_audited(member, actor=actor, reason=reason)
    return member


def membership_remove(*, workspace: Workspace, user, actor, reason: str = "Member removed") -> None:
    """Remove a member; their live sessions in the workspace end at once (every use
    of a session re-checks access too, for removals made by other paths)."""
    with transaction.atomic():
        members = _lock_members(workspace)
        member = members.get(user.pk)
        if member is None:
            raise NotFound(f"'{user}' is not a member of '{workspace}'.")
        _ensure_maintainer_left(members, member)
        delete_audited(member, actor=actor, reason=reason)
        sessions_end_for_member(workspace=workspace, user=user, actor=actor)
