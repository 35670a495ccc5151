"""Trust boundaries under hostile input (the robustness issue): what an attacker
learns, what they can make the service store or show, and what an approval covers."""

from __future__ import annotations

import re

import pytest


def _without_tokens(html: str) -> str:
    return re.sub(r'"X-CSRFToken": "[^"]+"|name="csrfmiddlewaretoken" value="[^"]+"', "", html)


@pytest.mark.parametrize("method", ["delete", "patch"])
def test_a_maintainer_cannot_tell_unknown_usernames_from_non_members(api, alice, dave, method):
    client = api.as_(alice)
    call = getattr(client, method)
    answers = {}
    for name in ("dave", "nobody-by-this-name"):
        response = call(f"/api/workspaces/acme/members/{name}", {"role": "viewer"}, format="json")
        answers[name] = (response.status_code, response.json()["code"], response.json()["detail"].replace(name, "<x>"))
    assert answers["dave"] == answers["nobody-by-this-name"]
    assert answers["dave"][0] == 404


def test_the_web_member_form_gives_one_answer_for_unknown_and_non_members(client, alice, dave):
    client.force_login(alice)
    pages = {
        name: client.post(f"/w/acme/members/{name}/", {"remove": "1"}) for name in ("dave", "nobody-by-this-name")
    }
    assert {p.status_code for p in pages.values()} == {404}
    bodies = {name: _without_tokens(p.content.decode()).replace(name, "<x>") for name, p in pages.items()}
    assert bodies["dave"] == bodies["nobody-by-this-name"]
