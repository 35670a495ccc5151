"""20 concurrent writers on one workspace scope, through real gunicorn servers (two
instances, each 2 workers x 5 threads): on SQLite (a file database, WAL, IMMEDIATE
writes) and, when DATABASE_URL names one, on PostgreSQL.

With If-Match and retries: only 200 and 412, and every line a 200 acknowledged is
in the final body (nothing acknowledged is lost). Without If-Match: only 200s
(last writer wins; nobody was promised otherwise).
"""

from __future__ import annotations

import os
import threading
from collections import Counter

import pytest

from tests.serving import Client, Cluster

# One at a time across pytest-xdist workers: each starts four gunicorn processes and
# 20 writers, and two at once on a small machine only measure the machine.
pytestmark = [pytest.mark.slow, pytest.mark.one_at_a_time("gunicorn")]

WRITERS = 20
LINES = 5
WS = "/api/instructions/scope/workspace?workspace=acme"

SEED = """
import json
from django.contrib.auth import get_user_model
from knox.models import AuthToken
from instructions.models import Membership, Workspace
user = get_user_model().objects.create_user("alice", password="pw-alice")
acme = Workspace.objects.create(slug="acme", name="Acme")
Membership.objects.create(workspace=acme, user=user, role="maintainer")
print(json.dumps({"token": AuthToken.objects.create(user=user, expiry=None)[1]}))
"""


def database_urls() -> list[pytest.param]:
    params = [pytest.param("", id="sqlite")]
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        params.append(pytest.param(url, id="postgresql"))
    return params


@pytest.fixture(params=database_urls())
def cluster(request):
    with Cluster(
        instances=2,
        workers=2,
        threads=5,
        database_url=request.param,
        redis_url=os.environ.get("REDIS_URL", ""),
        seed=SEED,
    ) as running:
        running.label = request.node.callspec.id
        yield running


def summary(statuses: list[int]) -> str:
    return ", ".join(f"{count} x {status}" for status, count in sorted(Counter(statuses).items()))


def run_writers(cluster: Cluster, work) -> tuple[list[int], list[str]]:
    """Run ``work(client, writer, statuses, acknowledged)`` in WRITERS threads, spread over the instances."""
    statuses: list[int] = []
    acknowledged: list[str] = []
    errors: list[BaseException] = []
    lock = threading.Lock()
    start = threading.Barrier(WRITERS)

    def thread(writer: int) -> None:
        client = Client(cluster.ports[writer % len(cluster.ports)], cluster.seeded["token"])
        try:
            start.wait()
            mine_statuses, mine_ack = [], []
            work(client, writer, mine_statuses, mine_ack)
            with lock:
                statuses.extend(mine_statuses)
                acknowledged.extend(mine_ack)
        except BaseException as exc:
            with lock:
                errors.append(exc)
        finally:
            client.close()

    threads = [threading.Thread(target=thread, args=(n,)) for n in range(WRITERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not errors, (errors, cluster.logs())
    return statuses, acknowledged


def append_with_if_match(client: Client, writer: int, statuses: list[int], acknowledged: list[str]) -> None:
    for n in range(LINES):
        line = f"writer {writer} line {n}"
        for _ in range(500):
            status, headers, entry = client.request("GET", WS)
            statuses.append(status)
            assert status == 200, entry
            body = entry["body"]
            status, _, answer = client.request(
                "PUT", WS, {"body": f"{body}\n{line}" if body else line}, {"If-Match": headers["ETag"]}
            )
            statuses.append(status)
            if status == 200:
                acknowledged.append(line)
                break
            assert status == 412, answer
        else:
            raise AssertionError(f"{line}: still 412 after 500 tries")


def test_twenty_writers_with_if_match_lose_nothing(cluster):
    statuses, acknowledged = run_writers(cluster, append_with_if_match)
    print(f"\n{cluster.label}: {WRITERS} writers x {LINES} lines with If-Match: {summary(statuses)}")
    assert set(statuses) <= {200, 412}, (sorted(set(statuses)), cluster.logs())
    assert len(acknowledged) == WRITERS * LINES
    status, _, entry = Client(cluster.ports[0], cluster.seeded["token"]).request("GET", WS)
    assert status == 200
    lines = entry["body"].split("\n")
    print(f"{len(acknowledged)} lines acknowledged, {len(set(acknowledged) - set(lines))} lost")
    assert sorted(lines) == sorted(acknowledged), "an acknowledged line was lost"
    # The other instance serves the same final body (no stale read there either).
    assert Client(cluster.ports[1], cluster.seeded["token"]).request("GET", WS)[2] == entry


def overwrite(client: Client, writer: int, statuses: list[int], acknowledged: list[str]) -> None:
    for n in range(LINES):
        line = f"writer {writer} version {n}"
        status, _, answer = client.request("PUT", WS, {"body": line})
        statuses.append(status)
        assert status == 200, answer
        acknowledged.append(line)


def test_twenty_writers_without_if_match_get_only_200s(cluster):
    statuses, acknowledged = run_writers(cluster, overwrite)
    print(f"\n{cluster.label}: {WRITERS} writers x {LINES} writes without If-Match: {summary(statuses)}")
    assert statuses == [200] * (WRITERS * LINES), cluster.logs()
    _, _, entry = Client(cluster.ports[0], cluster.seeded["token"]).request("GET", WS)
    assert entry["body"] in acknowledged  # the last writer won, whole
