"""A shared world of named people, as the tests speak of them.

- alice: maintainer of "acme"     - bob: editor of "acme"
- carol: viewer of "acme"         - dave: signed in, no membership anywhere
- staff: a staff user (reviews everything)
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
from pathlib import Path

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from instructions.foundation import render_cache
from instructions.models import Membership, Role, Workspace
from instructions.rules import credo as credo_module
from instructions.rules.credo import parse_credo_map
from instructions.rules.oaths import learned
from instructions.rules.oaths.confidence import clear_cache as clear_oath_results
from instructions.services.deliveries import forget_recorded_texts
from tests.helpers import CHROMIUM, CHROMIUM_ARGS, CREDO_MAP, HARNESS, RULES, make_user


@pytest.fixture(scope="session")
def rules():
    """The shipped oath rules (``harness/credo-map.json``), compiled once."""
    return parse_credo_map(CREDO_MAP.read_text(encoding="utf-8"))[1]


@pytest.fixture(autouse=True)
def _fresh_credo_cache():
    credo_module.reset_cache()
    yield
    credo_module.reset_cache()


@pytest.fixture(autouse=True)
def _fresh_caches():
    """Each test starts with empty caches: rendered answers (both levels), throttle
    counters, what the process knows it recorded (each test's database starts empty),
    and oath check results (a remembered finished check would answer a deadline test)."""
    render_cache.clear_local()
    cache.clear()
    forget_recorded_texts()
    clear_oath_results()
    yield
    render_cache.clear_local()


@pytest.fixture(scope="session")
def committed_oath_model():
    """The committed oath model (``instructions/rules/oaths/data``), read once."""
    return learned.load_model()


@pytest.fixture(autouse=True)
def oath_tiers(request, committed_oath_model):
    """The tiers a test's checks give (``learned.with_thresholds`` over the committed model).

    By default every rule finding is ``hold`` and the model adds none of its own: a test of
    the API, the web app or the rules reads the rules' findings exactly, whatever the
    trained weights say. A test about tiers marks itself ``@pytest.mark.oath_tiers(...)``
    with ``hold``, ``review`` (and ``candidate``) thresholds, or ``"committed"`` for the
    committed model's own thresholds (the end-to-end tests)."""
    marker = request.node.get_closest_marker("oath_tiers")
    committed = committed_oath_model
    if marker is not None and marker.args == ("committed",):
        model = committed
    elif marker is not None:
        model = learned.with_thresholds(committed, **marker.kwargs)
    else:
        model = learned.with_thresholds(committed, hold=0.0, review=0.0, candidate=2.0)
    learned.use_model(model)
    yield model
    learned.use_model(None)


@pytest.fixture(scope="session", autouse=True)
def _no_cache_keys_left():
    """With ``REDIS_URL``, this process's keys (its own prefix: ``agentos_site.test_settings``)
    go at the end of the run too, not only before each test."""
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _one_at_a_time(request, tmp_path_factory):
    """A test marked ``one_at_a_time("name")`` holds a lock of that name, from its set-up to
    its teardown, in the directory this run's pytest-xdist workers share: no two such tests
    overlap. (Not xdist's ``--dist loadgroup``: it schedules by node id, which the
    Schemathesis items of ``test_serving_fuzz.py`` all share, so it ran one of them.)"""
    marker = request.node.get_closest_marker("one_at_a_time")
    if marker is None or not os.environ.get("PYTEST_XDIST_WORKER"):
        yield
        return
    lock = tmp_path_factory.getbasetemp().parent / f"one-at-a-time-{marker.args[0]}.lock"
    with lock.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield


@pytest.fixture
def credo_dir(tmp_path, settings):
    """A private copy of the shipped credo that a test may change."""
    folder = tmp_path / "credo"
    folder.mkdir()
    for name in ("credo.md", "credo-map.json"):
        shutil.copy(HARNESS / name, folder / name)
    settings.AGENTOS_CREDO_DIR = folder
    settings.AGENTOS_CREDO_RECHECK_SECONDS = 0
    return folder


@pytest.fixture
def fixed_credo(credo_dir):
    """The shipped credo.md with the small fixed ``RULES`` (``tests.helpers``), re-read at
    once: tests that use it keep their meaning however the shipped credo-map grows."""
    (credo_dir / "credo-map.json").write_text(json.dumps(RULES))
    return credo_dir


@pytest.fixture
def acme(db):
    return Workspace.objects.create(slug="acme", name="Acme")


@pytest.fixture
def alice(acme):
    user = make_user("alice")
    Membership.objects.create(workspace=acme, user=user, role=Role.MAINTAINER)
    return user


@pytest.fixture
def bob(acme):
    user = make_user("bob")
    Membership.objects.create(workspace=acme, user=user, role=Role.EDITOR)
    return user


@pytest.fixture
def carol(acme):
    user = make_user("carol")
    Membership.objects.create(workspace=acme, user=user, role=Role.VIEWER)
    return user


@pytest.fixture
def dave(db):
    return make_user("dave")


@pytest.fixture
def staff(db):
    return make_user("staff", is_staff=True, is_superuser=True)


@pytest.fixture
def default_workspace(db, settings):
    return Workspace.objects.get(slug=settings.AGENTOS_DEFAULT_WORKSPACE)


@pytest.fixture
def api():
    """An API client; ``api.as_(user)`` authenticates with that user's token."""
    from knox.models import AuthToken

    client = APIClient()
    tokens: dict[int, str] = {}

    def as_(user):
        if user is None:
            client.credentials()
        else:
            if user.pk not in tokens:
                tokens[user.pk] = AuthToken.objects.create(user=user, expiry=None)[1]
            client.credentials(HTTP_AUTHORIZATION=f"Token {tokens[user.pk]}")
        return client

    client.as_ = as_
    return client


@pytest.fixture
def browser(monkeypatch):
    """Headless Chromium through Playwright, for the browser tests (``live_server``)."""
    from django.db import connections
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the ORM calls the test
    # makes meanwhile are still synchronous and safe. Only for the tests using it.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: apt-get install chromium (.ci/run does)"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()
        # ORM calls made while Playwright's greenlet runs get their own connection
        # (asgiref's context-local storage); close it, or PostgreSQL cannot drop the
        # test database at the end of the run.
        connections.close_all()
