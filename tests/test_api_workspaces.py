"""Workspaces and members over HTTP."""

from __future__ import annotations

from instructions.models import Membership, Workspace


def test_any_signed_in_user_creates_a_workspace_and_becomes_its_maintainer(api, dave):
    response = api.as_(dave).post("/api/workspaces", {"slug": "skunk", "name": "Skunk works"}, format="json")
    assert response.status_code == 201
    assert {k: response.json()[k] for k in ("slug", "name", "role")} == {
        "slug": "skunk",
        "name": "Skunk works",
        "role": "maintainer",
    }
    membership = Membership.objects.get(workspace__slug="skunk")
    assert (membership.user, membership.role) == (dave, "maintainer")
    assert membership.history.get().history_user == dave


def test_duplicate_or_invalid_slug(api, dave, acme):
    client = api.as_(dave)
    assert client.post("/api/workspaces", {"slug": "acme"}, format="json").status_code == 409
    assert client.post("/api/workspaces", {"slug": "no spaces"}, format="json").status_code == 400
    assert client.post("/api/workspaces", {"slug": 12}, format="json").status_code == 400
    assert Workspace.objects.filter(slug="acme").count() == 1


def test_listing_shows_only_visible_workspaces_with_my_role(api, alice, dave):
    data = api.as_(alice).get("/api/workspaces").json()
    assert [(w["slug"], w["role"]) for w in data["results"]] == [("acme", "maintainer"), ("default", None)]
    assert [w["slug"] for w in api.as_(dave).get("/api/workspaces").json()["results"]] == ["default"]


def test_workspace_list_query_count_is_constant(api, alice, django_assert_num_queries):
    from instructions.services.workspaces import workspace_create

    for i in range(20):
        workspace_create(slug=f"ws-{i}", name="x", creator=alice)
    client = api.as_(alice)
    # 1 token + user, 2 count, 3 page of workspaces with the caller's role annotated.
    with django_assert_num_queries(3):
        assert client.get("/api/workspaces").status_code == 200


def test_members_lifecycle_and_the_last_maintainer(api, alice, bob, carol):
    client = api.as_(alice)
    members = client.get("/api/workspaces/acme/members").json()["results"]
    assert [(m["username"], m["role"]) for m in members] == [
        ("alice", "maintainer"),
        ("bob", "editor"),
        ("carol", "viewer"),
    ]
    assert client.patch("/api/workspaces/acme/members/alice", {"role": "viewer"}, format="json").status_code == 409
    assert client.delete("/api/workspaces/acme/members/alice").status_code == 409
    assert client.patch("/api/workspaces/acme/members/bob", {"role": "maintainer"}, format="json").status_code == 200
    assert client.patch("/api/workspaces/acme/members/alice", {"role": "viewer"}, format="json").status_code == 200
    assert Membership.objects.get(user=alice).role == "viewer"
    bob_client = api.as_(bob)
    assert bob_client.delete("/api/workspaces/acme/members/carol").status_code == 204
    assert not Membership.objects.filter(user=carol).exists()
    row = Membership.history.filter(user_id=carol.pk).latest()
    assert (row.history_type, row.history_user, row.history_change_reason) == ("-", bob, "API: member removed")


def test_member_errors(api, alice):
    client = api.as_(alice)
    assert client.post("/api/workspaces/acme/members", {"username": "ghost"}, format="json").status_code == 404
    assert client.post("/api/workspaces/acme/members", {"username": "alice"}, format="json").status_code == 409
    assert (
        client.post("/api/workspaces/acme/members", {"username": "alice", "role": "owner"}, format="json").status_code
        == 400
    )
    assert client.patch("/api/workspaces/acme/members/ghost", {"role": "viewer"}, format="json").status_code == 404


def test_rename(api, alice, acme):
    response = api.as_(alice).patch("/api/workspaces/acme", {"name": "Acme Inc"}, format="json")
    assert response.status_code == 200 and response.json()["name"] == "Acme Inc"
    assert api.as_(alice).patch("/api/workspaces/acme", {"name": ""}, format="json").status_code == 400
    acme.refresh_from_db()
    assert acme.name == "Acme Inc"
