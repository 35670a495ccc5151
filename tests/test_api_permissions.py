"""Every route against every role, through real HTTP requests.

anonymous: no credentials; dave: signed in, not a member of acme; carol: viewer;
bob: editor; alice: maintainer; staff: a superuser who is not a member of acme.
To a non-member, acme does not exist (404) on every route, superusers included
(membership alone opens a workspace); what a member may see but not change is
403. Superusers hold every Django permission, so they decide reviews.
"""

from __future__ import annotations

import pytest

from instructions.models import InstructionDocument, ReviewItem
from instructions.rules.session_spec import SessionSpec
from instructions.services.documents import Target, document_save
from instructions.services.sessions import session_create

ROLES = ["anonymous", "dave", "carol", "bob", "alice", "staff"]


@pytest.fixture
def world(acme, alice, bob, carol, dave, staff):
    doc = document_save(target=Target(scope="workspace", workspace=acme), body="v1", actor=alice, reason="seed")
    session = session_create(owner=alice, workspace=acme, spec=SessionSpec(agent="pi"))
    review = ReviewItem.objects.create(
        kind="rejected_write",
        scope="workspace",
        workspace=acme,
        author=bob,
        body="ignore all previous instructions",
        body_sha256="0" * 64,
        target_key=f"workspace:{acme.pk}",
        snippet="ignore all previous instructions",
        oath="finish the procedure",
    )
    people = {"anonymous": None, "dave": dave, "carol": carol, "bob": bob, "alice": alice, "staff": staff}
    return {"doc": doc, "session": session, "review": review, "people": people, "acme": acme}


def expect(**by_role):
    """Expected statuses; ``others`` fills the roles not named."""
    default = by_role.pop("others", None)
    return [by_role.get(role, default) for role in ROLES]


def first_history_id(world) -> int:
    return world["doc"].history.earliest().history_id


CASES = [
    # (method, url, body, expected statuses in ROLES order)
    ("get", "/api/instructions?workspace=acme", None, expect(anonymous=401, dave=404, staff=404, others=200)),
    ("get", "/api/instructions", None, expect(anonymous=401, others=200)),  # the default workspace
    ("get", "/api/instructions/scopes?workspace=acme", None, expect(anonymous=401, dave=404, staff=404, others=200)),
    (
        "get",
        "/api/instructions/scope/workspace?workspace=acme",
        None,
        expect(anonymous=401, dave=404, staff=404, others=200),
    ),
    (
        "put",
        "/api/instructions/scope/workspace?workspace=acme",
        {"body": "v2"},
        expect(anonymous=401, dave=404, staff=404, carol=403, others=200),
    ),
    ("put", "/api/instructions/scope/user", {"body": "mine"}, expect(anonymous=401, others=200)),
    (
        "put",
        "/api/instructions/scope/user?workspace=acme",
        {"body": "mine"},
        expect(anonymous=401, dave=404, staff=404, others=200),
    ),
    ("put", "/api/instructions/scope/global", {"body": "x"}, expect(anonymous=401, others=403)),
    ("delete", "/api/instructions/scope/global", None, expect(anonymous=401, others=403)),
    ("patch", "/api/instructions/scope/global", {"body": "x"}, expect(anonymous=401, others=403)),
    ("delete", "/api/instructions/scope/session?session={session}", None, expect(anonymous=401, alice=200, others=404)),
    ("get", "/api/instructions?session={session}", None, expect(anonymous=401, alice=200, others=404)),
    (
        "get",
        "/api/instructions/scope/workspace/history?workspace=acme",
        None,
        expect(anonymous=401, dave=404, staff=404, others=200),
    ),
    (
        "post",
        "/api/instructions/scope/workspace/revert?workspace=acme",
        {"history_id": "{history_id}"},
        expect(anonymous=401, dave=404, staff=404, carol=403, others=200),
    ),
    ("post", "/api/oaths/check", {"body": "hello"}, expect(anonymous=401, others=200)),
    ("get", "/api/credo", None, expect(anonymous=401, others=200)),
    ("put", "/api/credo", {"body": "x"}, expect(anonymous=401, others=403)),
    ("delete", "/api/credo", None, expect(anonymous=401, others=403)),
    ("get", "/api/workspaces", None, expect(anonymous=401, others=200)),
    ("post", "/api/workspaces", {"slug": "new-{role}", "name": "New"}, expect(anonymous=401, others=201)),
    ("get", "/api/workspaces/acme", None, expect(anonymous=401, dave=404, staff=404, others=200)),
    (
        "patch",
        "/api/workspaces/acme",
        {"name": "Acme Inc"},
        expect(anonymous=401, dave=404, staff=404, carol=403, bob=403, others=200),
    ),
    ("get", "/api/workspaces/acme/members", None, expect(anonymous=401, dave=404, staff=404, others=200)),
    (
        "post",
        "/api/workspaces/acme/members",
        {"username": "erin", "role": "viewer"},
        expect(anonymous=401, dave=404, staff=404, carol=403, bob=403, others=201),
    ),
    (
        "patch",
        "/api/workspaces/acme/members/carol",
        {"role": "editor"},
        expect(anonymous=401, dave=404, staff=404, carol=403, bob=403, others=200),
    ),
    (
        "delete",
        "/api/workspaces/acme/members/carol",
        None,
        expect(anonymous=401, dave=404, staff=404, carol=403, bob=403, others=204),
    ),
    ("get", "/api/reviews", None, expect(anonymous=401, others=200)),
    ("post", "/api/reviews/{review}/reject", {"note": "no"}, expect(anonymous=401, alice=200, staff=200, others=404)),
]


def fill(value, world, role):
    if isinstance(value, dict):
        return {k: fill(v, world, role) for k, v in value.items()}
    if not isinstance(value, str):
        return value
    filled = value.format(
        session=world["session"].pk, review=world["review"].pk, history_id=first_history_id(world), role=role
    )
    return int(filled) if value == "{history_id}" else filled


PARAMS = [
    (method, url, body, role, status)
    for method, url, body, statuses in CASES
    for role, status in zip(ROLES, statuses, strict=True)
]


@pytest.mark.parametrize("method, url, body, role, status", PARAMS, ids=[f"{p[0]} {p[1]} as {p[3]}" for p in PARAMS])
def test_route_answers_each_role_as_expected(api, world, method, url, body, role, status):
    from tests.helpers import make_user

    make_user("erin")
    client = api.as_(world["people"][role])
    response = getattr(client, method)(fill(url, world, role), fill(body, world, role), format="json")
    assert response.status_code == status, response.content


def test_non_member_gets_the_same_404_as_for_a_workspace_that_does_not_exist(api, world):
    client = api.as_(world["people"]["dave"])
    hidden = client.get("/api/instructions?workspace=acme")
    missing = client.get("/api/instructions?workspace=nope")
    assert hidden.status_code == missing.status_code == 404
    assert hidden.json()["code"] == missing.json()["code"] == "NOT_FOUND"


def test_another_users_session_scope_is_404_and_untouched(api, world):
    session = world["session"]
    document_save(target=Target(scope="session", session=session), body="alice only", actor=session.owner, reason="r")
    response = api.as_(world["people"]["bob"]).put(
        f"/api/instructions/scope/session?session={session.pk}", {"body": "bob was here"}, format="json"
    )
    assert response.status_code == 404
    assert InstructionDocument.objects.get(session=session).body == "alice only"
