"""Stamps: what a merged set is built from, as a cache key (``instructions.foundation.render_cache``).

A stamp is read in one query (``instructions.selectors.sql``) where the merged set needs several.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import connection

from instructions.foundation.contract import Scope
from instructions.models import (
    OWNER_COLUMN,
    AgentSession,
    InstructionDocument,
    Workspace,
    target_key,
    target_key_of,
)
from instructions.selectors.merging import MergeInputs, check_session_workspace, credo_or_error
from instructions.selectors.sql import WORKSPACE_FIELDS, session_stamp_sql, stamp_sql, workspace_stamp_sql


@dataclass(frozen=True)
class MergeStamp:
    """Every input of a merged set that can change it. Equal stamps, equal merged sets:
    any accepted write bumps a document's version, and approving or withdrawing a
    finding changes its target's approval count or highest id (ids only grow)."""

    credo: tuple[str, str, int]  # SHA-256 of credo.md and of its rules, modification time
    user: tuple[int, str]  # the username is shown in the user scope's path
    workspace: tuple[int, str]
    session: tuple[object, bool, datetime] | None
    #: (scope, id, version, approvals, highest approval id) per document.
    documents: tuple[tuple, ...]


def merge_stamp(*, user, workspace: Workspace, session: AgentSession | None = None) -> MergeStamp:
    """The stamp of ``load_merged(user, workspace, session)``, read cheaply: one query
    (the documents' versions and their approval counts, no bodies) plus the cached credo."""
    check_session_workspace(workspace, session)
    owners = {Scope.USER: user, Scope.WORKSPACE: workspace}
    if session is not None:
        owners[Scope.SESSION] = session
    targets: list[object] = []
    for scope, owner in owners.items():
        targets += [scope, target_key(scope, owner)]
    where: list[object] = []
    for scope, owner in owners.items():
        where += [
            scope,
            InstructionDocument._meta.get_field(OWNER_COLUMN[scope]).get_db_prep_value(owner.pk, connection),
        ]
    # A plain cursor: the rows are compared, never used as models (no model to build
    # per row on every read). Every accepted write bumps ``version`` (with ``updated_at``).
    with connection.cursor() as cursor:
        cursor.execute(stamp_sql(tuple(owners), connection.vendor), [*targets, *targets, *where])
        documents = [(scope, pk, version, count, top) for pk, scope, version, count, top in cursor]
    return stamp_of(user=user, workspace=workspace, session=session, documents=documents)


def stamp_of(*, user, workspace: Workspace, session: AgentSession | None = None, documents) -> MergeStamp:
    """The stamp, from its documents' rows ``(scope, id, version, approvals, highest approval id)``
    and the cached credo."""
    credo = credo_or_error()
    return MergeStamp(
        credo=(credo.sha256, credo.rules.sha256, credo.modified_at),
        user=(user.pk, user.get_username()),
        workspace=(workspace.pk, workspace.slug),
        session=(session.pk, session.is_active, session.started_at) if session is not None else None,
        documents=tuple(sorted(documents)),
    )


def workspace_stamp_rows(*, user, slug: str) -> tuple[Workspace | None, list[tuple]]:
    """The workspace named ``slug`` (with ``member_role``: the caller's role there, None
    for none) and the rows of the stamp of the caller's merged set in it (no session), in
    one query: a merged read then costs the token, this, and nothing more when its
    rendering is cached. ``(None, [])`` when no workspace has the slug.

    Nothing here decides access: the caller hands the workspace to
    ``access.grant_workspace`` before it uses anything else (``stamp_of``).
    """
    user_key = target_key(Scope.USER, user)
    owner = InstructionDocument._meta.get_field(OWNER_COLUMN[Scope.USER]).get_db_prep_value(user.pk, connection)
    target = [Scope.USER, user_key, f"{Scope.WORKSPACE}:"]
    params = [*target, *target, user.pk, Scope.USER, owner, Scope.WORKSPACE, slug]
    # A plain cursor: a model built by hand from the first row costs less than ``raw()``.
    with connection.cursor() as cursor:
        cursor.execute(workspace_stamp_sql(connection.vendor), params)
        rows = cursor.fetchall()
    if not rows:
        return None, []
    fields = len(WORKSPACE_FIELDS)
    workspace = Workspace.from_db(connection.alias, WORKSPACE_FIELDS, rows[0][:fields])
    workspace.member_role = rows[0][fields]
    documents = [(scope, pk, version, count, top) for pk, scope, version, count, top in (r[fields + 1 :] for r in rows)]
    return workspace, [row for row in documents if row[1] is not None]


def session_stamp_rows(*, user, session_id: object) -> tuple[AgentSession | None, list[tuple]]:
    """``user``'s session ``session_id`` (with ``ws_slug``, ``ws_name`` and
    ``owner_is_member``, as ``access.own_session`` reads it) and the rows of the stamp of
    its merged set, in one query: a spawn then costs the token, this and its delivery
    when its payload is cached. ``(None, [])`` when ``user`` has no such session (or the
    id is not one).

    Nothing here decides access: the caller hands the session to ``access.grant_session``
    before it uses anything else (``stamp_of``).
    """
    pk = AgentSession._meta.pk
    try:
        key = pk.to_python(session_id)
    except (ValidationError, ValueError, TypeError):
        return None, []
    session_key = target_key(Scope.SESSION, AgentSession(pk=key))
    target = [Scope.USER, target_key(Scope.USER, user), Scope.SESSION, session_key, f"{Scope.WORKSPACE}:"]
    user_owner = InstructionDocument._meta.get_field(OWNER_COLUMN[Scope.USER]).get_db_prep_value(user.pk, connection)
    params = [
        *target,
        *target,
        Scope.USER,
        user_owner,
        Scope.WORKSPACE,
        Scope.SESSION,
        pk.get_db_prep_value(key, connection),
        user.pk,
    ]
    rows = list(AgentSession.objects.raw(session_stamp_sql(connection.vendor), params))
    if not rows:
        return None, []
    documents = [
        (row.stamp_scope, row.stamp_id, row.stamp_version, row.stamp_approvals, row.stamp_top)
        for row in rows
        if row.stamp_id is not None
    ]
    return rows[0], documents


def stamp_matches(stamp: MergeStamp, inputs: MergeInputs) -> bool:
    """Were ``inputs`` (gathered after ``stamp`` was read) what ``stamp`` names? Not when
    a write or an approval landed in between: then what was built from them must not
    be kept under ``stamp`` (it is newer; it is served, not cached)."""
    if inputs.credo.sha256 != stamp.credo[0] or inputs.credo.rules.sha256 != stamp.credo[1]:
        return False
    gathered = sorted(
        (d.scope, d.pk, d.version, len(inputs.approvals.get(target_key_of(d), ()))) for d in inputs.documents.values()
    )
    return gathered == [row[:4] for row in stamp.documents]
