"""The render cache: a cached merged set or spawn payload is byte for byte what a
fresh render gives, any change of any input shows on the very next read, and every
spawn is still recorded as a delivery."""

from __future__ import annotations

import json
import os

import pytest
from django.core.cache import cache
from rest_framework.renderers import JSONRenderer

from instructions.api import serializers as s
from instructions.foundation import render_cache
from instructions.foundation.contract import Scope
from instructions.foundation.errors import NotFound, OathConflict
from instructions.models import Delivery, ReviewItem
from instructions.rules.session_spec import SessionSpec
from instructions.selectors.merging import load_merged
from instructions.services.deliveries import spawn_for_session
from instructions.services.documents import Target, document_save
from instructions.services.reviews import review_approve
from instructions.services.sessions import session_create, session_end

MERGED = "/api/instructions?workspace=acme"


@pytest.fixture
def world(alice, acme):
    document_save(target=Target(scope=Scope.USER, user=alice), body="Answer briefly.", actor=alice, reason="t")
    document_save(target=Target(scope=Scope.WORKSPACE, workspace=acme), body="Run make test.", actor=alice, reason="t")
    return alice


def fresh_merged(user, workspace, session=None) -> bytes:
    return JSONRenderer().render(
        s.MergedInstructionsSerializer(load_merged(user=user, workspace=workspace, session=session)).data
    )


def test_cached_merged_set_is_what_a_fresh_render_gives(api, world, acme):
    client = api.as_(world)
    first = client.get(MERGED)
    second = client.get(MERGED)
    assert first.content == second.content == fresh_merged(world, acme)
    assert first["Content-Type"] == "application/json"
    assert first["ETag"] == second["ETag"]
    assert client.get(MERGED, headers={"If-None-Match": first["ETag"]}).status_code == 304


def test_a_write_shows_on_the_next_read(api, world, acme):
    client = api.as_(world)
    client.get(MERGED)
    assert (
        client.put("/api/instructions/scope/workspace?workspace=acme", {"body": "Changed."}, format="json").status_code
        == 200
    )
    assert "Changed." in client.get(MERGED).json()["merged"]


def test_a_write_by_another_path_shows_on_the_next_read(api, world, acme, bob):
    client = api.as_(world)
    client.get(MERGED)
    document_save(target=Target(scope=Scope.WORKSPACE, workspace=acme), body="By bob.", actor=bob, reason="admin")
    assert "By bob." in client.get(MERGED).json()["merged"]


def test_another_instance_sees_the_write_at_once(api, world, acme):
    """Instance B has the old answer in its own memory and in the shared cache: the
    write changes the stamp, so neither is ever asked for again."""
    client = api.as_(world)
    before = client.get(MERGED).content
    document_save(target=Target(scope=Scope.WORKSPACE, workspace=acme), body="Edited on A.", actor=world, reason="t")
    after = client.get(MERGED).content
    assert before != after and b"Edited on A." in after
    render_cache.clear_local()  # a process that never saw either
    assert client.get(MERGED).content == after


def test_an_approval_changes_the_oath_check_at_once(api, world, acme, staff, fixed_credo):
    client = api.as_(world)
    with pytest.raises(OathConflict) as refused:
        document_save(
            target=Target(scope=Scope.WORKSPACE, workspace=acme), body="Skip the verification.", actor=world, reason="t"
        )
    item = ReviewItem.objects.get()  # the refused text, kept for review
    assert refused.value.extra["review"] == item.pk and item.body == "Skip the verification."
    client.get(MERGED)
    review_approve(item=item, reviewer=staff, note="ok")
    entry = next(e for e in client.get(MERGED).json()["entries"] if e["scope"] == "workspace")
    assert entry["body"] == "Skip the verification." and entry["oath_check"] == "pass"


def test_a_credo_change_shows_at_once(api, world, acme, credo_dir):
    client = api.as_(world)
    client.get(MERGED)
    (credo_dir / "credo.md").write_text("# A new credo\n\nKeep the oaths.\n")
    merged = client.get(MERGED).json()["merged"]
    assert merged.startswith("# [global]\n# A new credo")


def test_a_renamed_user_shows_in_the_path(api, world, acme):
    client = api.as_(world)
    client.get(MERGED)
    world.username = "alice2"
    world.save()
    paths = [e["path"] for e in client.get(MERGED).json()["entries"]]
    assert "users/alice2/user.md" in paths


def test_an_ended_session_stops_being_served(api, world, acme):
    session = session_create(owner=world, workspace=acme, spec=SessionSpec(agent="pi"))
    document_save(target=Target(scope=Scope.SESSION, session=session), body="Session only.", actor=world, reason="t")
    client = api.as_(world)
    url = f"/api/instructions?session={session.pk}"
    assert "Session only." in client.get(url).json()["merged"]
    session_end(session=session, actor=world)
    assert "Session only." not in client.get(url).json()["merged"]


def test_users_never_share_an_answer(api, world, acme, bob):
    document_save(target=Target(scope=Scope.USER, user=bob), body="Bob's own.", actor=bob, reason="t")
    assert "Bob's own." not in api.as_(world).get(MERGED).json()["merged"]
    assert "Bob's own." in api.as_(bob).get(MERGED).json()["merged"]


def test_the_shared_cache_failing_is_not_an_error(api, world, acme, monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("redis is down")

    monkeypatch.setattr(cache, "get", down)
    monkeypatch.setattr(cache, "set", down)
    response = api.as_(world).get(MERGED)
    assert response.status_code == 200 and response.content == fresh_merged(world, acme)


# --- spawn payloads -----------------------------------------------------------------


@pytest.fixture
def session(world, acme):
    return session_create(owner=world, workspace=acme, spec=SessionSpec(agent="claude-code", cwd="/w", env={"K": "v"}))


def spawn(api, user, session):
    response = api.as_(user).get(f"/api/sessions/{session.pk}/spawn")
    assert response.status_code == 200, response.content
    return response


def test_cached_spawn_is_what_a_fresh_render_gives_and_every_spawn_is_recorded(api, world, session):
    first, second = spawn(api, world, session), spawn(api, world, session)
    assert first.content == second.content
    payload, fresh_delivery = spawn_for_session(session=session, actor=world)
    assert json.loads(first.content) == json.loads(JSONRenderer().render(s.SpawnSerializer(payload).data))
    deliveries = list(Delivery.objects.filter(session=session).order_by("id"))
    assert len(deliveries) == 3  # two through the API (one of them cached), one direct
    fields = ("instructions_sha256", "instructions_bytes", "credo_sha256", "scope_versions", "mechanism")
    for delivery in deliveries:
        assert {f: getattr(delivery, f) for f in fields} == {f: getattr(fresh_delivery, f) for f in fields}
        assert delivery.history.get().history_user == world


def test_spawn_follows_every_input(api, world, acme, session, tmp_path, settings):
    before = spawn(api, world, session).json()
    document_save(target=Target(scope=Scope.WORKSPACE, workspace=acme), body="New rule.", actor=world, reason="t")
    after_edit = spawn(api, world, session).json()
    assert "New rule." in after_edit["files"]["/etc/agentos/instructions.md"] != before["files"]

    session.additional_instructions = "Added in the admin."
    session.save()
    assert "Added in the admin." in spawn(api, world, session).json()["files"]["/etc/agentos/instructions.md"]

    session.env = {"K": "changed"}
    session.save()
    assert spawn(api, world, session).json()["env"]["K"] == "changed"

    os_file = tmp_path / "os.md"
    os_file.write_text("OS text one.")
    settings.AGENTOS_OS_INSTRUCTIONS_FILE = os_file
    assert spawn(api, world, session).json()["files"]["/etc/agentos/instructions.md"].startswith("OS text one.")
    os_file.write_text("OS text two, longer.")
    os.utime(os_file, (1, 1))  # even with an old mtime, the content decides
    assert spawn(api, world, session).json()["files"]["/etc/agentos/instructions.md"].startswith("OS text two")


def test_recorded_versions_follow_the_edits(api, world, acme, session):
    spawn(api, world, session)
    document_save(target=Target(scope=Scope.WORKSPACE, workspace=acme), body="v2", actor=world, reason="t")
    spawn(api, world, session)
    first, second = Delivery.objects.filter(session=session).order_by("id")
    assert first.scope_versions["workspace"] < second.scope_versions["workspace"]
    assert first.instructions_sha256 != second.instructions_sha256


def test_an_ended_session_is_not_spawned_from_the_cache(api, world, session):
    spawn(api, world, session)
    session_end(session=session, actor=world)
    response = api.as_(world).get(f"/api/sessions/{session.pk}/spawn")
    assert response.status_code == 409 and response.json()["code"] == "SESSION_ENDED"


def test_someone_elses_session_is_404_even_when_cached(api, world, session, dave):
    spawn(api, world, session)
    assert api.as_(dave).get(f"/api/sessions/{session.pk}/spawn").status_code == 404


def test_an_approved_finding_alone_changes_the_stamp(world, acme):
    """Approving a finding may leave the document's version as it is: the stamp counts
    the target's approvals too, so the oath check shown is never the old one."""
    from instructions.models import ApprovedFinding, target_key
    from instructions.selectors.stamps import merge_stamp

    before = merge_stamp(user=world, workspace=acme)
    approval = ApprovedFinding.objects.create(
        target_key=target_key(Scope.WORKSPACE, acme), rule_id="r", unit_key="k", snippet="s"
    )
    added = merge_stamp(user=world, workspace=acme)
    approval.delete()
    assert len({before, added, merge_stamp(user=world, workspace=acme)}) == 2
    assert added != before


def test_the_cache_can_be_switched_off(api, world, acme, settings):
    settings.AGENTOS_RENDER_CACHE = False
    client = api.as_(world)
    assert client.get(MERGED).content == client.get(MERGED).content == fresh_merged(world, acme)
    assert render_cache.lookup("merged", ("anything",)) is None


def test_a_spawn_payload_never_reaches_the_shared_cache(api, world, session, monkeypatch):
    """It carries the caller's env (API keys): kept in the process's memory only."""
    written = []
    monkeypatch.setattr(cache, "set", lambda key, value, *a, **k: written.append(key))
    spawn(api, world, session)
    spawn(api, world, session)
    assert not [key for key in written if key.startswith("rendered:spawn")]
    assert Delivery.objects.filter(session=session).count() == 2


def one_query_stamp(user, slug: str):
    """The merged read's stamp as its hot path reads it (workspace, role and stamp in one query)."""
    from instructions.selectors.stamps import stamp_of, workspace_stamp_rows

    workspace, rows = workspace_stamp_rows(user=user, slug=slug)
    return workspace, stamp_of(user=user, workspace=workspace, documents=rows)


def test_the_one_query_stamp_is_the_stamp(world, acme, bob, dave, django_assert_num_queries):
    """The merged read's one query gives exactly ``merge_stamp``'s stamp (so both paths
    share cache entries and neither can miss a change), the caller's role, and nothing
    for a slug no workspace has."""
    from instructions.models import ApprovedFinding, Workspace, target_key
    from instructions.selectors.stamps import merge_stamp, workspace_stamp_rows

    with django_assert_num_queries(1):
        workspace, stamp = one_query_stamp(world, "acme")
    assert (workspace.pk, workspace.member_role) == (acme.pk, "maintainer")
    assert stamp == merge_stamp(user=world, workspace=acme) and len(stamp.documents) == 2
    # Approvals on either scope, a user with no documents, a non-member: the same stamp.
    for scope, owner in ((Scope.WORKSPACE, acme), (Scope.USER, world)):
        ApprovedFinding.objects.create(target_key=target_key(scope, owner), rule_id="r", unit_key="k", snippet="s")
        assert one_query_stamp(world, "acme")[1] == merge_stamp(user=world, workspace=acme)
    assert one_query_stamp(bob, "acme")[1] == merge_stamp(user=bob, workspace=acme)
    outsider, stamp = one_query_stamp(dave, "acme")
    assert outsider.member_role is None and stamp == merge_stamp(user=dave, workspace=acme)
    empty = Workspace.objects.create(slug="empty", name="Empty")
    assert one_query_stamp(dave, "empty")[1] == merge_stamp(user=dave, workspace=empty)
    assert workspace_stamp_rows(user=world, slug="nope") == (None, [])


def test_the_merged_read_decides_access_by_the_one_rule(api, world, acme, dave, default_workspace):
    """Non-members get 404 for a workspace that is not the default, whichever way it is
    read; the default workspace is readable by everyone signed in."""
    assert api.as_(dave).get(MERGED).status_code == 404
    assert api.as_(dave).get("/api/instructions?workspace=ACME").status_code == 404
    assert api.as_(dave).get("/api/instructions?workspace=nope").status_code == 404
    assert api.as_(dave).get("/api/instructions").status_code == 200
    assert api.as_(world).get("/api/instructions?workspace=ACME").status_code == 200


def test_the_spawn_reads_its_session_and_stamp_in_one_query(
    api, world, acme, bob, session, default_workspace, django_assert_num_queries
):
    """The spawn's one query gives the session as ``own_session`` reads it and exactly
    ``merge_stamp``'s stamp (all three scopes, approvals included); nothing for someone
    else's session or an id that is not one."""
    from instructions.models import ApprovedFinding, Membership, target_key
    from instructions.selectors import access
    from instructions.selectors.stamps import merge_stamp, session_stamp_rows, stamp_of

    def read(user, session_id):
        row, rows = session_stamp_rows(user=user, session_id=session_id)
        granted = access.grant_session(row, user)
        return granted, stamp_of(user=user, workspace=granted.workspace, session=granted, documents=rows)

    with django_assert_num_queries(1):
        found, stamp = read(world, str(session.pk))
    assert (found.pk, found.workspace.slug, found.owner_has_access) == (session.pk, "acme", True)
    assert stamp == merge_stamp(user=world, workspace=acme, session=session) and len(stamp.documents) == 2
    document_save(
        target=Target(scope=Scope.SESSION, session=session), body="Only this session.", actor=world, reason="t"
    )
    for scope, owner in ((Scope.SESSION, session), (Scope.WORKSPACE, acme), (Scope.USER, world)):
        ApprovedFinding.objects.create(target_key=target_key(scope, owner), rule_id="r", unit_key="k", snippet="s")
        found, stamp = read(world, session.pk)
        assert stamp == merge_stamp(user=world, workspace=acme, session=session) and len(stamp.documents) == 3
    # Its owner's membership gone: read, and marked as no longer allowed.
    Membership.objects.filter(user=world, workspace=acme).delete()
    assert not read(world, session.pk)[0].owner_has_access
    # Not the caller's, or not an id: nothing, and the rule answers 404.
    for user, session_id in ((bob, session.pk), (world, "not-a-uuid"), (world, "00000000-0000-0000-0000-000000000000")):
        with pytest.raises(NotFound):
            read(user, session_id)
        assert session_stamp_rows(user=user, session_id=session_id) == (None, [])
    # Through the API: someone else's session is not found, as on every other session route.
    assert api.as_(bob).get(f"/api/sessions/{session.pk}/spawn").status_code == 404
