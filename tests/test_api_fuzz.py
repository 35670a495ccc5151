"""Property-based fuzzing of every write route: whatever JSON or bytes arrive, the
answer is never a 500."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from instructions.rules.session_spec import SessionSpec
from instructions.services.sessions import session_create

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=50),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=10,
)
objects = st.dictionaries(
    st.sampled_from(
        [
            "body",
            "scope",
            "history_id",
            "note",
            "slug",
            "name",
            "username",
            "role",
            "extra",
            "workspace",
            "agent",
            "env",
            "cwd",
            "skip_os_instructions",
            "additional_instructions",
            "bundle_dir",
            "os_profile",
            "platform",
        ]
    ),
    json_values,
    max_size=4,
)
payloads = st.one_of(objects.map(json.dumps), json_values.map(json.dumps), st.binary(max_size=64))

ROUTES = [
    ("PUT", "/api/instructions/scope/{scope}?workspace=acme"),
    ("PUT", "/api/instructions/scope/session?session={session}"),
    ("DELETE", "/api/instructions/scope/{scope}"),
    ("POST", "/api/instructions/scope/{scope}/revert?workspace=acme"),
    ("POST", "/api/oaths/check"),
    ("POST", "/api/workspaces"),
    ("PATCH", "/api/workspaces/acme"),
    ("POST", "/api/workspaces/acme/members"),
    ("PATCH", "/api/workspaces/acme/members/bob"),
    ("POST", "/api/reviews/1/approve"),
    ("POST", "/api/reviews/1/reject"),
    ("GET", "/api/instructions?workspace={scope}&session={scope}"),
    ("POST", "/api/sessions"),
    ("GET", "/api/sessions?status={scope}"),
    ("GET", "/api/sessions/{scope}/spawn"),
    ("DELETE", "/api/sessions/{scope}"),
    ("GET", "/api/instructions/scope/{scope}/history?page={scope}"),
]


@pytest.mark.parametrize("method, url", ROUTES)
def test_no_route_answers_500(api, alice, bob, method, url):
    session = session_create(owner=alice, workspace=bob.memberships.get().workspace, spec=SessionSpec(agent="pi"))
    client = api.as_(alice)

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(payload=payloads, scope=st.sampled_from(["user", "workspace", "session", "global", "nope", "%00", "..%2F"]))
    def check(payload, scope):
        target = url.format(scope=scope, session=session.pk)
        response = client.generic(method, target, payload, content_type="application/json")
        assert response.status_code < 500, (method, target, payload, response.content)

    check()
