"""The OpenAPI schema says what the server does: what it refuses, the schema rules
out, and what the schema allows, the server accepts (``openapi.yaml``, checked by
Schemathesis with all its checks in ``tests/test_serving_fuzz.py``).

Each test here pins one of those agreements from both sides: the server's answer
through the HTTP API, and the generated schema's statement of it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
import yaml
from django.test import Client

from tests.test_serving_errors import assert_error

LISTS = ["/api/workspaces", "/api/workspaces/acme/members", "/api/reviews", "/api/sessions"]


@cache
def schema() -> dict[str, Any]:
    """The schema the service serves (``/api/schema/``), which ``openapi.yaml`` is a copy of."""
    return yaml.safe_load(Client().get("/api/schema/").content)


def parameter(path: str, method: str, name: str) -> dict[str, Any]:
    return next(p for p in schema()["paths"][path][method]["parameters"] if p["name"] == name)


# --- paging -------------------------------------------------------------------------


@pytest.mark.parametrize("url", LISTS)
@pytest.mark.parametrize(
    "query",
    ["page_size=abc", "page_size=0", "page_size=-1", "page_size=201", "page_size=1.0", "page_size=", "page_size=%205"],
)
def test_a_page_size_that_is_not_a_whole_number_from_1_to_200_is_400(api, alice, url, query):
    data = assert_error(api.as_(alice).get(f"{url}?{query}"), 400, "INVALID")
    assert list(data["errors"]) == ["page_size"]


@pytest.mark.parametrize("query", ["page=abc", "page=", "page=0", "page=-1", "page=last", "page=1&page=2"])
def test_a_page_that_is_not_a_whole_number_from_1_is_400(api, alice, query):
    data = assert_error(api.as_(alice).get(f"/api/workspaces?{query}"), 400, "INVALID")
    assert list(data["errors"]) == ["page"]


def test_a_page_past_the_last_is_still_404_and_valid_ones_are_served(api, alice):
    client = api.as_(alice)
    assert_error(client.get("/api/workspaces?page=99"), 404, "NOT_FOUND")
    response = client.get("/api/workspaces?page=1&page_size=200")
    assert response.status_code == 200 and response.json()["count"] >= 1


def test_the_schema_states_the_paging_bounds(db):
    page = parameter("/api/workspaces", "get", "page")["schema"]
    page_size = parameter("/api/workspaces", "get", "page_size")["schema"]
    assert page == {"type": "integer", "minimum": 1}
    assert page_size == {"type": "integer", "minimum": 1, "maximum": 200}
