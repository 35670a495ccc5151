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
    pages = {name: client.post(f"/w/acme/members/{name}/", {"remove": "1"}) for name in ("dave", "nobody-by-this-name")}
    assert {p.status_code for p in pages.values()} == {404}
    bodies = {name: _without_tokens(p.content.decode()).replace(name, "<x>") for name, p in pages.items()}
    assert bodies["dave"] == bodies["nobody-by-this-name"]


# --- the client's address is the connection's unless a proxy is configured ------------


def test_changing_x_forwarded_for_does_not_dodge_the_failed_token_throttle(api, db):
    client = api.as_(None)
    client.credentials(HTTP_AUTHORIZATION="Token " + "0" * 64)
    codes = [client.get("/api/workspaces", HTTP_X_FORWARDED_FOR=f"203.0.113.{i % 250}").status_code for i in range(40)]
    assert codes[0] == 401 and 429 in codes


def test_changing_x_forwarded_for_does_not_dodge_the_anonymous_throttle(api, db, monkeypatch):
    from rest_framework.throttling import AnonRateThrottle

    monkeypatch.setitem(AnonRateThrottle.THROTTLE_RATES, "anon", "60/minute")
    client = api.as_(None)
    codes = [client.get("/api/workspaces", HTTP_X_FORWARDED_FOR=f"198.51.100.{i}").status_code for i in range(80)]
    assert 429 in codes


def test_behind_one_configured_proxy_the_address_it_appends_is_the_client(api, db, settings):
    from instructions.client_address import client_address

    request = api.as_(None).get("/api/nothing-here", HTTP_X_FORWARDED_FOR="10.9.9.9, 198.51.100.7").wsgi_request
    settings.NUM_PROXIES = 0
    assert client_address(request) == "127.0.0.1"
    settings.NUM_PROXIES = 1
    assert client_address(request) == "198.51.100.7"  # the last hop, added by the trusted proxy
    settings.NUM_PROXIES = 2
    assert client_address(request) == "10.9.9.9"


def test_sign_in_lock_out_counts_the_connection_not_the_forwarded_header(client, staff, settings):
    from django.urls import reverse

    login = reverse("admin:login")
    for i in range(settings.AXES_FAILURE_LIMIT):
        client.post(login, {"username": "staff", "password": "wrong"}, HTTP_X_FORWARDED_FOR=f"192.0.2.{i}")
    locked = client.post(login, {"username": "staff", "password": "pw-staff"}, HTTP_X_FORWARDED_FOR="192.0.2.99")
    assert locked.status_code == 429
