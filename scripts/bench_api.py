"""Benchmark the hot paths: the merged set and the spawn payload, through the API.

Builds a throw-away SQLite database with three scopes of 50,000 characters each
(the worst case the service accepts) and a long history, then times requests
through Django's test client (no network), printing median and 95th percentile.

    .venv/bin/python scripts/bench_api.py [--requests 200] [--history 500]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup_django(db_path: Path) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "agentos_site.test_settings"
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ["ALLOWED_HOSTS"] = "testserver"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def timed(client, url: str, n: int) -> list[float]:
    samples = []
    for _ in range(n):
        start = time.perf_counter()
        response = client.get(url)
        samples.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code, response.content[:200])
    return samples


def report(label: str, samples: list[float]) -> None:
    p95 = statistics.quantiles(samples, n=20)[-1]
    print(f"  {label:<48} median {statistics.median(samples):7.2f} ms   p95 {p95:7.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--history", type=int, default=500, help="versions of the workspace scope")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        setup_django(Path(tmp) / "bench.sqlite3")
        from django.contrib.auth import get_user_model
        from knox.models import AuthToken
        from rest_framework.test import APIClient

        from instructions.rules.session_spec import SessionSpec
        from instructions.services.documents import Target, document_save
        from instructions.services.sessions import session_create
        from instructions.services.workspaces import workspace_create

        user = get_user_model().objects.create_user("bench")
        workspace = workspace_create(slug="bench", name="Bench", creator=user)
        session = session_create(owner=user, workspace=workspace, spec=SessionSpec(agent="claude-code"))
        line = "Prefer small, reviewed changes; run the tests before committing. Ünïcödé ✓\n"
        big = (line * (50_000 // len(line) + 1))[:50_000]
        ws = Target(scope="workspace", workspace=workspace)
        for i in range(args.history):
            document_save(target=ws, body=f"version {i}\n" + big[:49_000], actor=user, reason="bench")
        document_save(target=ws, body=big, actor=user, reason="bench")
        user_scope = Target(scope="user", user=user)
        document_save(target=user_scope, body=("User.\n" + big)[:50_000], actor=user, reason="bench")
        session_scope = Target(scope="session", session=session)
        document_save(target=session_scope, body=("Session.\n" + big)[:50_000], actor=user, reason="bench")

        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=user, expiry=None)[1]}")
        n = args.requests
        print(f"3 scopes of 50,000 characters, {args.history} versions of history, {n} requests each:")
        report("GET /api/instructions?workspace=bench", timed(client, "/api/instructions?workspace=bench", n))
        report("GET /api/instructions?session=<id>", timed(client, f"/api/instructions?session={session.pk}", n))
        report(
            "GET /api/instructions/scopes?session=<id>",
            timed(client, f"/api/instructions/scopes?session={session.pk}", n),
        )
        report("GET /api/sessions/<id>/spawn (claude-code)", timed(client, f"/api/sessions/{session.pk}/spawn", n))


if __name__ == "__main__":
    main()
