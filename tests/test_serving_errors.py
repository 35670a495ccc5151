"""Every error under /api/ has one shape, nothing becomes a 500 by accident, and
operators can see and probe the service."""

from __future__ import annotations

import json
import logging
import os
import re

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from agentos_site.observability import JsonFormatter, RequestIdFilter
from instructions.api.parsers import MAX_JSON_DEPTH, json_depth

WS = "/api/instructions/scope/workspace?workspace=acme"
CODE = re.compile(r"[A-Z][A-Z0-9_]*")


def assert_error(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/json"
    data = response.json()
    assert data["code"] == code and CODE.fullmatch(data["code"])
    assert isinstance(data["detail"], str) and data["detail"].endswith(".")
    return data


# --- no 500 by accident ---------------------------------------------------------------


@pytest.mark.parametrize("opener, closer", [("[", "]"), ('{"a":', "}")])
def test_deeply_nested_json_is_a_400_naming_the_limit(api, alice, opener, closer):
    body = opener * 100_000 + closer * 100_000
    response = api.as_(alice).generic("PUT", WS, body, content_type="application/json")
    data = assert_error(response, 400, "PARSE_ERROR")
    assert f"the limit is {MAX_JSON_DEPTH}" in data["detail"]


def test_nesting_within_the_limit_is_parsed(api, alice):
    body = json.dumps({"body": "x", "extra": [[[["deep but fine"]]]]})
    data = assert_error(api.as_(alice).generic("PUT", WS, body, content_type="application/json"), 400, "INVALID")
    assert data["errors"] == {"extra": ["Unknown field."]}


def test_brackets_inside_strings_are_text_not_nesting(api, alice):
    response = api.as_(alice).put(WS, {"body": "[" * 10_000 + "{" * 10_000}, format="json")
    assert response.status_code == 200


@pytest.mark.parametrize(
    "raw, depth",
    [(b"1", 0), (b"[]", 1), (b'{"a": [1, {"b": "[[[["}]}', 3), (rb'["\"[[", [[]]]', 3), (b"]]]", 0)],
)
def test_json_depth(raw, depth):
    assert json_depth(raw) == depth


@pytest.mark.parametrize("header", ['"v²"', '"v١"', '"v' + "9" * 5000 + '"', '"v1', "v-1", '"v 1"'])
def test_if_match_is_parsed_strictly(api, alice, header):
    response = api.as_(alice).put(WS, {"body": "x"}, format="json", headers={"If-Match": header})
    assert_error(response, 412, "STALE_VERSION")


def test_if_match_forms_of_a_real_version(api, alice):
    client = api.as_(alice)
    assert client.put(WS, {"body": "one"}, format="json").status_code == 200
    for n, header in enumerate(['"v1"', 'W/"v2"', "v3"], start=2):
        response = client.put(WS, {"body": f"edit {n}"}, format="json", headers={"If-Match": header})
        assert response.status_code == 200, (header, response.content)


def test_a_charset_python_does_not_know_is_ignored(api, alice):
    # Django drops a charset codecs cannot find; the body is read as UTF-8.
    response = api.as_(alice).generic("PUT", WS, b'{"body": "x"}', content_type="application/json; charset=nope")
    assert response.status_code == 200, response.content


def test_utf16_bodies_are_measured_after_decoding(api, alice):
    # (Django decodes the query string with the body's charset too: no ?workspace= here.)
    body = json.dumps({"body": "utf-16 text"}).encode("utf-16")
    response = api.as_(alice).generic(
        "PUT", "/api/instructions/scope/user", body, content_type="application/json; charset=utf-16"
    )
    assert response.status_code == 200, response.content
    deep = ("[" * 100 + "]" * 100).encode("utf-16")
    response = api.as_(alice).generic(
        "PUT", "/api/instructions/scope/user", deep, content_type="application/json; charset=utf-16"
    )
    assert_error(response, 400, "PARSE_ERROR")


# --- one error shape ------------------------------------------------------------------


def test_validation_errors_are_listed_per_field(api, alice):
    response = api.as_(alice).post("/api/sessions", {"agent": 1, "env": {"HOME": 2}, "bogus": True}, format="json")
    data = assert_error(response, 400, "INVALID")
    assert data["errors"] == {"bogus": ["Unknown field."]}
    response = api.as_(alice).post("/api/sessions", {"agent": 1, "env": {"HOME": 2}}, format="json")
    data = assert_error(response, 400, "INVALID")
    assert data["errors"] == {"agent": ["Must be a string."], "env.HOME": ["Must be a string."]}


def test_a_body_that_is_not_an_object(api, alice):
    data = assert_error(api.as_(alice).put(WS, ["body"], format="json"), 400, "INVALID")
    assert data["errors"] == {"non_field_errors": ["Expected a JSON object."]}


def test_malformed_json_is_a_parse_error(api, alice):
    response = api.as_(alice).generic("PUT", WS, b"{nope", content_type="application/json")
    assert_error(response, 400, "PARSE_ERROR")


def test_no_credentials_is_401_with_the_scheme(db):
    response = APIClient().get("/api/instructions")
    assert_error(response, 401, "NOT_AUTHENTICATED")
    assert response["WWW-Authenticate"] == "Token"


def test_a_bad_token_is_401(db):
    response = APIClient().get("/api/instructions", headers={"Authorization": "Token nope"})
    assert_error(response, 401, "AUTHENTICATION_FAILED")


def test_forbidden_is_403(api, carol):
    assert_error(api.as_(carol).put(WS, {"body": "x"}, format="json"), 403, "FORBIDDEN")


def test_read_only_credo_is_403(api, alice):
    assert_error(api.as_(alice).put("/api/credo", {"body": "x"}, format="json"), 403, "READ_ONLY")


@pytest.mark.parametrize("method", ["get", "post", "put", "patch", "delete"])
def test_unknown_api_routes_are_a_json_404(api, alice, method):
    response = getattr(api.as_(alice), method)("/api/no/such/route")
    assert_error(response, 404, "NOT_FOUND")


def test_unknown_routes_need_no_credentials_to_be_a_json_404(db):
    assert_error(APIClient().get("/api/nope"), 404, "NOT_FOUND")


def test_docs_without_their_slash_still_redirect(db):
    response = Client().get("/api/docs")
    assert response.status_code == 301 and response["Location"] == "/api/docs/"


def test_an_invalid_page_is_404(api, alice):
    assert_error(api.as_(alice).get("/api/workspaces?page=99"), 404, "NOT_FOUND")


def test_wrong_method_is_405(api, alice):
    response = api.as_(alice).post("/api/instructions", {}, format="json")
    assert_error(response, 405, "METHOD_NOT_ALLOWED")
    assert "GET" in response["Allow"]


def test_wrong_media_type_is_415(api, alice):
    response = api.as_(alice).generic("PUT", WS, "body=x", content_type="application/x-www-form-urlencoded")
    assert_error(response, 415, "UNSUPPORTED_MEDIA_TYPE")


def test_unacceptable_accept_is_406(api, alice):
    response = api.as_(alice).get("/api/instructions", headers={"Accept": "text/html"})
    assert_error(response, 406, "NOT_ACCEPTABLE")


def test_throttled_is_429_with_retry_after(api, alice, settings):
    from instructions.api.throttling import UserRateThrottle

    cache.clear()
    rates = {**UserRateThrottle.THROTTLE_RATES, "user": "2/minute"}
    original = UserRateThrottle.THROTTLE_RATES
    UserRateThrottle.THROTTLE_RATES = rates
    try:
        client = api.as_(alice)
        client.get("/api/agents")
        client.get("/api/agents")
        response = client.get("/api/agents")
    finally:
        UserRateThrottle.THROTTLE_RATES = original
        cache.clear()
    assert_error(response, 429, "THROTTLED")
    assert int(response["Retry-After"]) >= 1


def test_body_too_big_to_read_is_413(api, alice, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = api.as_(alice).put(WS, {"body": "x" * 2000}, format="json")
    assert_error(response, 413, "BODY_TOO_LARGE")


# --- 500s: JSON, logged with the traceback and the request id -----------------------


@pytest.fixture
def broken_credo_view(monkeypatch):
    from instructions.api import credo

    def explode(*args, **kwargs):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(credo, "credo_or_error", explode)


def test_a_bug_is_a_json_500_logged_with_traceback_and_request_id(api, alice, broken_credo_view, caplog):
    client = api.as_(alice)
    client.raise_request_exception = False
    with caplog.at_level(logging.ERROR, logger="django.request"):
        response = client.get("/api/credo", headers={"X-Request-ID": "req-123"})
    data = assert_error(response, 500, "SERVER_ERROR")
    assert "req-123" in data["detail"] and response["X-Request-ID"] == "req-123"
    record = next(r for r in caplog.records if r.name == "django.request")
    assert record.exc_info and "kaboom" in str(record.exc_info[1])
    RequestIdFilter().filter(record)
    line = json.loads(JsonFormatter().format(record))
    assert line["request_id"] == "req-123" and line["path"] == "/api/credo" and line["status"] == 500
    assert "RuntimeError: kaboom" in line["exception"]


def test_every_response_names_its_request(api, alice):
    first = api.as_(alice).get("/api/agents")
    second = api.as_(alice).get("/api/agents")
    assert re.fullmatch(r"[0-9a-f]{32}", first["X-Request-ID"])
    assert first["X-Request-ID"] != second["X-Request-ID"]


def test_an_unsafe_request_id_is_replaced(api, alice):
    response = api.as_(alice).get("/api/agents", headers={"X-Request-ID": "evil\nINFO forged"})
    assert re.fullmatch(r"[0-9a-f]{32}", response["X-Request-ID"])


# --- probes ---------------------------------------------------------------------------


def test_healthz_answers_without_credentials_or_a_known_host(db, settings):
    settings.ALLOWED_HOSTS = ["instructions.example.org"]
    settings.SECURE_SSL_REDIRECT = True
    response = Client().get("/healthz", HTTP_HOST="10.0.0.7")
    assert response.status_code == 200 and response.json() == {"status": "ok"}


def test_readyz_checks_the_database_and_the_credo(db, settings):
    settings.REDIS_URL = ""  # (CI also runs the suite with Redis)
    response = Client().get("/readyz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "checks": {"database": "ok", "credo": "ok"}}


def test_readyz_is_503_with_a_broken_credo(db, credo_dir, caplog, settings):
    settings.REDIS_URL = ""
    (credo_dir / "credo-map.json").write_text("{oops")
    response = Client().get("/readyz")
    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "checks": {"database": "ok", "credo": "failed"}}
    assert "not valid JSON" in caplog.text


def redis_cache(url: str) -> dict:
    return {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}}


def test_readyz_checks_redis_when_configured(db, settings):
    redis = pytest.importorskip("redis")
    url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/14"
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.RedisError:
        pytest.skip(f"no Redis at {url}")
    settings.REDIS_URL = url
    settings.CACHES = redis_cache(settings.REDIS_URL)
    response = Client().get("/readyz")
    assert response.status_code == 200 and response.json()["checks"]["redis"] == "ok"


def test_readyz_is_503_when_redis_is_down(db, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    settings.CACHES = redis_cache(settings.REDIS_URL)
    response = Client().get("/readyz")
    assert response.status_code == 503 and response.json()["checks"]["redis"] == "failed"


@pytest.mark.parametrize("path", ["/api/workspaces/a%0Ab", "/api/docs%0A", "/api/%0A", "/api/x/%F0%9F%92%A5"])
def test_paths_no_route_matches_are_a_json_404_whatever_they_hold(api, alice, path):
    assert_error(api.as_(alice).get(path), 404, "NOT_FOUND")


@pytest.mark.parametrize(
    "method, url",
    [
        ("get", "/api/instructions?workspace=%00"),
        ("get", "/api/instructions?session=a%00"),
        ("get", "/api/reviews?status=%00"),
        ("get", "/api/sessions?status=%00"),
        ("get", "/api/workspaces?x%00=1"),
        ("get", "/api/workspaces/acme/members?page=%00"),
        ("patch", "/api/workspaces/acme/members/a%00b"),
        ("delete", "/api/workspaces/acme/members/a%00b"),
        ("get", "/api/sessions/%00/spawn"),
        ("get", "/api/instructions/scope/user%00"),
    ],
)
def test_nul_in_the_path_or_query_is_a_400_on_every_database(api, alice, method, url):
    # (PostgreSQL cannot even compare text holding NUL: without the check, a 500.)
    client = api.as_(alice)
    response = client.get(url) if method == "get" else getattr(client, method)(url, {"role": "viewer"}, format="json")
    assert_error(response, 400, "INVALID")


@pytest.mark.parametrize(
    "url, body",
    [
        ("/api/workspaces/acme/members", {"username": "a\x00b"}),
        ("/api/workspaces", {"slug": "a\x00b"}),
        ("/api/sessions", {"agent": "a\x00b"}),
        ("/api/sessions", {"agent": "pi", "workspace": "x\x00"}),
        ("/api/sessions", {"agent": "pi", "env": {"A\x00": "b"}}),
    ],
)
def test_nul_in_a_body_is_a_400(api, alice, url, body):
    assert api.as_(alice).post(url, body, format="json").status_code == 400


def test_django_s_own_record_of_a_5xx_answer_names_the_request(db, credo_dir, caplog):
    (credo_dir / "credo-map.json").write_text("{oops")
    with caplog.at_level(logging.ERROR, logger="django.request"):
        response = Client().get("/readyz", headers={"X-Request-ID": "probe-7"})
    assert response.status_code == 503
    record = next(r for r in caplog.records if r.name == "django.request")
    RequestIdFilter().filter(record)
    assert record.request_id == "probe-7"
