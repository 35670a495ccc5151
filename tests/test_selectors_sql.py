"""Each raw SQL statement of ``instructions.selectors.sql`` gives the rows of the ORM query it stands for.

The statements are written by hand for speed (the module says which benchmark justifies each); these
tests hold them to the ORM's meaning in a world with members, non-members, the default workspace,
ended sessions, empty and missing scopes and approvals, on whichever database the suite runs on.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.models import Count, Exists, F, Max, OuterRef, Q, Subquery

from instructions.foundation.contract import Scope
from instructions.models import (
    OWNER_COLUMN,
    AgentSession,
    ApprovedFinding,
    InstructionDocument,
    Membership,
    Workspace,
    target_key,
    target_key_of,
)
from instructions.rules.session_spec import SessionSpec
from instructions.selectors import sql
from instructions.selectors.stamps import merge_stamp, session_stamp_rows, workspace_stamp_rows
from instructions.services.audit import create_audited, save_audited
from instructions.services.documents import Target, document_save
from instructions.services.sessions import session_create, session_end
from tests.helpers import make_user


@pytest.fixture
def world(alice, bob, dave, acme, default_workspace):
    """Documents in some scopes (one emptied), approvals on some, sessions live and ended."""
    other = Workspace.objects.create(slug="other", name="Other")
    Membership.objects.create(workspace=other, user=bob, role="viewer")
    document_save(target=Target(scope=Scope.WORKSPACE, workspace=acme), body="Team rules.", actor=alice, reason="t")
    document_save(target=Target(scope=Scope.USER, user=alice), body="Mine.", actor=alice, reason="t")
    document_save(target=Target(scope=Scope.USER, user=bob), body="Bob's.", actor=bob, reason="t")
    document_save(target=Target(scope=Scope.USER, user=bob), body="", actor=bob, reason="emptied")
    live = session_create(owner=alice, workspace=acme, spec=SessionSpec(agent="pi"))
    document_save(target=Target(scope=Scope.SESSION, session=live), body="Today.", actor=alice, reason="t")
    ended = session_create(owner=bob, workspace=default_workspace, spec=SessionSpec(agent="codex"))
    session_end(session=ended, actor=bob)
    stranger = session_create(owner=dave, workspace=default_workspace, spec=SessionSpec(agent="pi"))
    for key, unit in ((target_key(Scope.WORKSPACE, acme), "u1"), (target_key(Scope.WORKSPACE, acme), "u2")):
        ApprovedFinding.objects.create(target_key=key, rule_id="r", unit_key=unit, snippet="s")
    ApprovedFinding.objects.create(target_key=target_key(Scope.USER, alice), rule_id="r", unit_key="u", snippet="s")
    return {"other": other, "live": live, "ended": ended, "stranger": stranger}


def _orm_stamp_rows(owners: dict[str, object]) -> list[tuple]:
    """(scope, id, version, approvals, highest approval id) of the documents of ``owners``, by the ORM."""
    wanted = Q(pk__in=[])
    for scope, owner in owners.items():
        wanted |= Q(scope=scope, **{OWNER_COLUMN[scope]: owner})
    rows = []
    for document in InstructionDocument.objects.filter(wanted):
        approvals = ApprovedFinding.objects.filter(target_key=target_key_of(document))
        summary = approvals.aggregate(count=Count("id"), top=Max("id"))
        rows.append((document.scope, document.pk, document.version, summary["count"], summary["top"]))
    return sorted(rows)


def _orm_workspace_with_role(user, slug: str) -> tuple | None:
    role = Membership.objects.filter(workspace=OuterRef("pk"), user=user).values("role")[:1]
    found = Workspace.objects.filter(slug=slug).annotate(member_role=Subquery(role)).first()
    return None if found is None else (found.pk, found.slug, found.name, found.created_at, found.member_role)


def _orm_own_session(user, pk) -> tuple | None:
    member = Membership.objects.filter(workspace=OuterRef("workspace"), user=OuterRef("owner"))
    found = (
        AgentSession.objects.filter(pk=pk, owner=user)
        .annotate(ws_slug=F("workspace__slug"), ws_name=F("workspace__name"), owner_is_member=Exists(member))
        .first()
    )
    if found is None:
        return None
    return (found.pk, found.ws_slug, found.ws_name, bool(found.owner_is_member), found.ended_at, found.agent)


def test_the_workspace_with_the_callers_role(world, alice, bob, dave, acme):
    for user in (alice, bob, dave):
        for slug in ("acme", "other", "default", "missing"):
            raw = next(iter(Workspace.objects.raw(sql.WORKSPACE_WITH_ROLE, [user.pk, slug])), None)
            got = None if raw is None else (raw.pk, raw.slug, raw.name, raw.created_at, raw.member_role)
            assert got == _orm_workspace_with_role(user, slug), (user, slug)


def test_a_session_with_its_workspace_and_whether_its_owner_is_a_member(world, alice, bob, dave):
    sessions = [world["live"], world["ended"], world["stranger"]]
    for user in (alice, bob, dave):
        for session in sessions:
            pk = AgentSession._meta.pk.get_db_prep_value(session.pk, connection)
            raw = next(iter(AgentSession.objects.raw(sql.own_session_sql(connection.vendor), [pk, user.pk])), None)
            got = None
            if raw is not None:
                got = (raw.pk, raw.ws_slug, raw.ws_name, bool(raw.owner_is_member), raw.ended_at, raw.agent)
            assert got == _orm_own_session(user, session.pk), (user, session)


def test_the_stamp_of_a_merged_set(world, alice, bob, dave, acme, default_workspace):
    for user, workspace, session in (
        (alice, acme, None),
        (alice, acme, world["live"]),
        (bob, acme, None),
        (bob, world["other"], None),
        (dave, default_workspace, world["stranger"]),
    ):
        owners = {Scope.USER: user, Scope.WORKSPACE: workspace}
        if session is not None:
            owners[Scope.SESSION] = session
        stamp = merge_stamp(user=user, workspace=workspace, session=session)
        assert list(stamp.documents) == _orm_stamp_rows(owners), (user, workspace, session)


def test_the_stamp_read_with_the_workspace_and_role(world, alice, bob, dave):
    for user in (alice, bob, dave):
        for slug in ("acme", "other", "default", "missing"):
            workspace, rows = workspace_stamp_rows(user=user, slug=slug)
            expected = _orm_workspace_with_role(user, slug)
            if expected is None:
                assert (workspace, rows) == (None, [])
                continue
            assert (workspace.pk, workspace.slug, workspace.name, workspace.member_role) == (
                expected[0],
                expected[1],
                expected[2],
                expected[4],
            )
            owners = {Scope.USER: user, Scope.WORKSPACE: Workspace.objects.get(slug=slug)}
            assert sorted(rows) == _orm_stamp_rows(owners), (user, slug)


def test_the_stamp_read_with_the_session(world, alice, bob, dave):
    for user in (alice, bob, dave):
        for session in (world["live"], world["ended"], world["stranger"]):
            found, rows = session_stamp_rows(user=user, session_id=str(session.pk))
            expected = _orm_own_session(user, session.pk)
            if expected is None:
                assert (found, rows) == (None, [])
                continue
            got = (found.pk, found.ws_slug, found.ws_name, bool(found.owner_is_member), found.ended_at, found.agent)
            assert got == expected
            owners = {Scope.USER: user, Scope.WORKSPACE: session.workspace, Scope.SESSION: session}
            assert sorted(rows) == _orm_stamp_rows(owners), (user, session)


def test_an_audited_insert_writes_what_the_orm_writes(db, acme):
    """``create_audited`` (one statement on PostgreSQL, ``save_audited`` elsewhere) leaves the row
    and the history row that ``save_audited`` leaves."""
    by_statement = Workspace(slug="one", name="One")
    by_orm = Workspace(slug="two", name="Two")
    actor = make_user("ops")
    create_audited(by_statement, actor=actor, reason="made")
    save_audited(by_orm, actor=actor, reason="made")

    def shown(workspace: Workspace) -> tuple:
        row = Workspace.objects.get(pk=workspace.pk)
        (history,) = row.history.all()
        return (
            row.name.lower(),
            history.history_type,
            history.history_user_id,
            history.history_change_reason,
            history.slug == row.slug,
            history.name == row.name,
            history.created_at == row.created_at,
        )

    assert by_statement.pk is not None
    assert shown(by_statement) == ("one", *shown(by_orm)[1:])
    assert shown(by_orm)[0] == "two"
