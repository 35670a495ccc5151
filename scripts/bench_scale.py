"""Scale-out check: two gunicorn instances on one PostgreSQL and one Redis.

Creates its own PostgreSQL database (beside the one ``DATABASE_URL`` names, by
default ``postgres://postgres@127.0.0.1:5432/test``), migrates it, seeds a workspace
scope and a user scope of 49,000 characters each, starts two gunicorn instances
(``--workers 2 --threads 4 --worker-class gthread``) on loopback ports with
``REDIS_URL``, and drives them with 16 keep-alive clients (threads with
``http.client``), spread over both instances. Prints, in one run:

1. lost edits and 5xx: 16 writers appending lines with ``If-Match`` and retries to
   one workspace scope, half through each instance;
2. stale reads: one writer saves numbered versions through instance A while readers
   read the merged set and a spawn payload through both instances at once; a read
   that started after a version was acknowledged must show it (or a later one);
3. throughput: req/s of ``GET /api/credo`` (the floor: authentication, throttling
   and a small body), ``GET /api/instructions`` (the merged set) and ``GET
   /api/sessions/<id>/spawn`` (a spawn payload, recorded as a delivery each time);

then PASS or FAIL against the targets (nothing lost, no 5xx, no stale read, merged
>= 0.8 x the floor, spawn >= 0.6 x the floor), and exits 1 on a FAIL. It stops the
servers and drops its database when done.

    .venv/bin/python scripts/bench_scale.py [--seconds 12] [--clients 16]
        [--rounds 6] [--database-url postgres://...] [--redis-url redis://127.0.0.1:6379/14]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.serving import Client, Cluster  # noqa: E402 (after the path is set)

SCOPE_CHARS = 49_000
MERGED_TARGET, SPAWN_TARGET = 0.8, 0.6

SEED = """
import json
from django.contrib.auth import get_user_model
from knox.models import AuthToken
from instructions.rules.session_spec import SessionSpec
from instructions.models import Membership, Workspace
from instructions.services.documents import Target, document_save
from instructions.services.sessions import session_create

def body(name):
    text, n = "", 0
    while True:
        paragraph = (
            f"{name} rule {n}: prefer small, reviewed changes to module {n}; run its tests before "
            f"committing and say in the message what was checked and how.\\n\\n"
        )
        if len(text) + len(paragraph) > SCOPE_CHARS:
            return text.rstrip()
        text += paragraph
        n += 1

alice = get_user_model().objects.create_user("alice", password="pw-alice")
for slug in ("acme", "edits", "fresh"):
    ws = Workspace.objects.create(slug=slug, name=slug)
    Membership.objects.create(workspace=ws, user=alice, role="maintainer")
acme = Workspace.objects.get(slug="acme")
document_save(target=Target(scope="workspace", workspace=acme), body=body("Team"), actor=alice, reason="bench")
document_save(target=Target(scope="user", user=alice), body=body("Personal"), actor=alice, reason="bench")
spawn = session_create(owner=alice, workspace=acme, spec=SessionSpec(agent="claude-code"))
fresh_workspace = Workspace.objects.get(slug="fresh")
fresh = session_create(owner=alice, workspace=fresh_workspace, spec=SessionSpec(agent="claude-code"))
token = AuthToken.objects.create(user=alice, expiry=None)[1]
print(json.dumps({"token": token, "session": str(spawn.pk), "fresh": str(fresh.pk)}))
""".replace("SCOPE_CHARS", str(SCOPE_CHARS))


def spread(cluster: Cluster, n: int) -> int:
    return cluster.ports[n % len(cluster.ports)]


def run_threads(count: int, target) -> list:
    results: list = [None] * count
    errors: list[BaseException] = []

    def wrapper(n: int) -> None:
        try:
            results[n] = target(n)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=wrapper, args=(n,)) for n in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return results


# --- 1. lost edits and 5xx ---------------------------------------------------------


def lost_edits(cluster: Cluster, token: str, writers: int, lines: int) -> dict:
    url = "/api/instructions/scope/workspace?workspace=edits"
    statuses: Counter = Counter()
    lock = threading.Lock()
    start = threading.Barrier(writers)

    def writer(n: int) -> list[str]:
        client = Client(spread(cluster, n), token)
        acknowledged = []
        start.wait()
        for i in range(lines):
            line = f"writer {n} line {i}"
            for _ in range(1000):
                status, headers, entry = client.request("GET", url)
                with lock:
                    statuses[status] += 1
                body = entry["body"] if status == 200 else ""
                status, _, _ = client.request(
                    "PUT", url, {"body": f"{body}\n{line}" if body else line}, {"If-Match": headers.get("ETag", "")}
                )
                with lock:
                    statuses[status] += 1
                if status == 200:
                    acknowledged.append(line)
                    break
                if status != 412:
                    break
        client.close()
        return acknowledged

    started = time.monotonic()
    acknowledged = [line for lines_ in run_threads(writers, writer) for line in lines_]
    elapsed = time.monotonic() - started
    final = Client(cluster.ports[0], token).request("GET", url)[2]["body"].split("\n")
    lost = sorted(set(acknowledged) - set(final))
    return {
        "writers": writers,
        "acknowledged": len(acknowledged),
        "lost": len(lost),
        "5xx": sum(v for k, v in statuses.items() if k >= 500),
        "statuses": dict(sorted(statuses.items())),
        "seconds": elapsed,
    }


# --- 2. stale reads ----------------------------------------------------------------

VERSION = re.compile(r"freshness marker (\d+)")


def stale_reads(cluster: Cluster, token: str, session: str, versions: int, readers: int) -> dict:
    write_url = "/api/instructions/scope/workspace?workspace=fresh"
    reads = {
        "merged": "/api/instructions?workspace=fresh",
        "spawn": f"/api/sessions/{session}/spawn",
    }
    acked = [-1]  # the highest version acknowledged so far
    done = threading.Event()
    counts: Counter = Counter()
    lock = threading.Lock()

    def writer() -> None:
        client = Client(cluster.ports[0], token)
        for n in range(versions):
            status, _, _ = client.request("PUT", write_url, {"body": f"freshness marker {n}"})
            with lock:
                counts[f"write {status}"] += 1
            if status == 200:
                acked[0] = n
            time.sleep(0.02)
        client.close()
        done.set()

    def reader(n: int) -> None:
        # Readers on both instances; the writer is on the first.
        client = Client(spread(cluster, n + 1), token)
        kind = "merged" if n % 2 == 0 else "spawn"
        while not done.is_set():
            floor = acked[0]  # acknowledged before this read was sent
            status, raw = client.raw(reads[kind])
            with lock:
                counts[f"{kind} {status}"] += 1
            if status != 200:
                continue
            seen = [int(m) for m in VERSION.findall(raw.decode())]
            if floor >= 0 and (not seen or max(seen) < floor):
                with lock:
                    counts["stale"] += 1
        client.close()

    def role(n: int) -> None:
        return writer() if n == readers else reader(n)

    run_threads(readers + 1, role)
    reads_done = sum(v for k, v in counts.items() if k.startswith(("merged", "spawn")))
    return {
        "versions": versions,
        "reads": reads_done,
        "stale": counts["stale"],
        "5xx": sum(v for k, v in counts.items() if re.search(r" 5\d\d$", k)),
        "statuses": dict(sorted(counts.items())),
    }


# --- 3. throughput -----------------------------------------------------------------


def throughput(cluster: Cluster, token: str, url: str, clients: int, seconds: float, warmup: float) -> dict:
    statuses: Counter = Counter()
    lock = threading.Lock()
    start = threading.Barrier(clients)
    sizes = []

    def client_loop(n: int) -> int:
        client = Client(spread(cluster, n), token)
        start.wait()
        warm_until = time.monotonic() + warmup
        while time.monotonic() < warm_until:
            client.raw(url)
        count = 0
        stop = time.monotonic() + seconds
        while time.monotonic() < stop:
            status, body = client.raw(url)
            count += 1
            with lock:
                statuses[status] += 1
            if n == 0 and count == 1:
                sizes.append(len(body))
        client.close()
        return count

    cpu_before = os.times()
    total = sum(run_threads(clients, client_loop))
    cpu_after = os.times()
    client_cpu = (cpu_after.user - cpu_before.user) + (cpu_after.system - cpu_before.system)
    return {
        "client_cpu": client_cpu / (seconds + warmup),
        "url": url,
        "rps": total / seconds,
        "requests": total,
        "5xx": sum(v for k, v in statuses.items() if k >= 500),
        "statuses": dict(sorted(statuses.items())),
        "bytes": sizes[0] if sizes else 0,
    }


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--database-url", default=os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/test"
    )
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14"))
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=12.0, help="measured seconds per route, over all rounds")
    parser.add_argument("--warmup", type=float, default=0.5)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--lines", type=int, default=6, help="lines each writer appends")
    parser.add_argument("--versions", type=int, default=150, help="versions the freshness writer saves")
    args = parser.parse_args()

    print(
        f"Two gunicorn instances (2 workers x 4 threads, gthread) on 127.0.0.1, PostgreSQL {args.database_url},"
        f" Redis {args.redis_url}; {args.clients} keep-alive clients; workspace and user scopes of"
        f" {SCOPE_CHARS:,} characters each."
    )
    with Cluster(
        instances=2, workers=2, threads=4, database_url=args.database_url, redis_url=args.redis_url, seed=SEED
    ) as cluster:
        token, session = cluster.seeded["token"], cluster.seeded["session"]
        print(f"instances on ports {cluster.ports[0]} and {cluster.ports[1]}\n")

        edits = lost_edits(cluster, token, writers=args.clients, lines=args.lines)
        print(
            f"1. edits: {edits['writers']} writers x {args.lines} lines with If-Match, over both instances,"
            f" {edits['seconds']:.1f} s: {edits['acknowledged']} acknowledged, {edits['lost']} lost,"
            f" {edits['5xx']} 5xx   statuses {edits['statuses']}"
        )

        stale = stale_reads(cluster, token, cluster.seeded["fresh"], versions=args.versions, readers=6)
        print(
            f"2. freshness: {stale['versions']} versions written on instance A while 6 readers read the merged set"
            f" and a spawn payload on A and B: {stale['reads']} reads, {stale['stale']} stale, {stale['5xx']} 5xx"
            f"   statuses {stale['statuses']}"
        )

        # Interleaved rounds, so that a change of background load on the machine
        # weighs on the floor and on the routes measured against it alike.
        urls = {
            "credo": "/api/credo",
            "merged": "/api/instructions?workspace=acme",
            "spawn": f"/api/sessions/{session}/spawn",
        }
        runs: dict[str, dict] = {}
        for _ in range(args.rounds):
            for name, url in urls.items():
                run = throughput(cluster, token, url, args.clients, args.seconds / args.rounds, args.warmup)
                if name in runs:
                    total = runs[name]
                    total["requests"] += run["requests"]
                    total["client_cpu"] += run["client_cpu"] / args.rounds
                    total["5xx"] += run["5xx"]
                    total["statuses"] = dict(Counter(total["statuses"]) + Counter(run["statuses"]))
                else:
                    runs[name] = {**run, "client_cpu": run["client_cpu"] / args.rounds}
        for run in runs.values():
            run["rps"] = run["requests"] / args.seconds
        floor = runs["credo"]["rps"]
        print(
            f"3. throughput, {args.clients} clients, {args.seconds:.0f} s each in {args.rounds} interleaved rounds"
            f" (each after {args.warmup:g} s warm-up):"
        )
        for run in runs.values():
            print(
                f"   GET {run['url'].replace(session, '<id>'):<38} {run['rps']:8.1f} req/s"
                f"  ({run['rps'] / floor:4.2f} of the floor)"
                f"  {run['bytes']:>7,} bytes  statuses {run['statuses']}"
                f"  (load generator: {run['client_cpu']:.0%} of a core)"
            )

    five_xx = edits["5xx"] + stale["5xx"] + sum(run["5xx"] for run in runs.values())
    merged_ratio, spawn_ratio = runs["merged"]["rps"] / floor, runs["spawn"]["rps"] / floor
    checks = [
        (f"no acknowledged edit lost ({edits['lost']} lost)", edits["lost"] == 0),
        (f"no 5xx ({five_xx})", five_xx == 0),
        (f"no stale read ({stale['stale']} of {stale['reads']})", stale["stale"] == 0 and stale["reads"] > 0),
        (f"merged >= {MERGED_TARGET} x floor ({merged_ratio:.2f})", merged_ratio >= MERGED_TARGET),
        (f"spawn >= {SPAWN_TARGET} x floor ({spawn_ratio:.2f})", spawn_ratio >= SPAWN_TARGET),
    ]
    print()
    for label, ok in checks:
        print(f"{verdict(ok)}  {label}")
    ok = all(ok for _, ok in checks)
    print(f"\n{verdict(ok)}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
