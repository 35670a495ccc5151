"""Benchmark the audit export: memory must stay flat however many rows it writes.

Builds a throw-away SQLite database (or uses ``--database-url``), grows the
history to 1,000, 10,000 and 100,000 rows (document versions of 2,000 characters
each, written in bulk), and at each size streams the whole export three ways:
the admin's CSV download and JSON download (through Django's test client,
consuming the ``StreamingHttpResponse`` piece by piece) and ``manage.py
export_audit`` into a file. For each it prints the rows, the bytes written, the
time, and the peak of Python memory allocated during the export (tracemalloc),
then the ratio of the peak at the largest size to the peak at the smallest.

    .venv/bin/python scripts/bench_audit_export.py [--sizes 1000,10000,100000]

Flat memory means a ratio near 1 while the rows grow 100x. An export that built
its text in memory would grow with the output (about 0.5 GB at 100,000 rows).
"""

from __future__ import annotations

import argparse
import copy
import os
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BODY = ("Run the tests before every commit and say what they printed. " * 40)[:2000]


def setup_django(database_url: str) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "agentos_site.test_settings"
    os.environ["DATABASE_URL"] = database_url
    os.environ["ALLOWED_HOSTS"] = "testserver"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def grow_history(document, actor, upto: int) -> None:
    """Add document versions in bulk until the history holds ``upto`` rows."""
    from instructions.models import InstructionDocument

    have = InstructionDocument.history.count()
    batch = []
    for i in range(have, upto):
        version = copy.copy(document)
        version.body, version.version = f"{BODY} ({i})", i + 1
        batch.append(version)
        if len(batch) == 5000:
            InstructionDocument.history.bulk_history_create(batch, default_user=actor, default_change_reason="bench")
            batch = []
    if batch:
        InstructionDocument.history.bulk_history_create(batch, default_user=actor, default_change_reason="bench")


def measured(export) -> tuple[int, float, int]:
    """(bytes, seconds, peak bytes allocated) of one export."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    start = time.perf_counter()
    size = export()
    seconds = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return size, seconds, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000", help="history sizes, comma-separated, ascending")
    parser.add_argument("--database-url", help="default: a throw-away SQLite file")
    args = parser.parse_args()
    sizes = [int(n) for n in args.sizes.split(",")]

    with tempfile.TemporaryDirectory() as tmp:
        setup_django(args.database_url or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}")
        from django.contrib.auth import get_user_model
        from django.core.management import call_command
        from django.test import Client

        from instructions.services.documents import Target, document_save

        user = get_user_model().objects.create_superuser("bench", password=None)
        document = document_save(target=Target(scope="user", user=user), body=BODY, actor=user, reason="bench")
        client = Client()
        client.force_login(user)

        def admin_download(fmt: str):
            def run() -> int:
                response = client.get("/admin/audit/", {"download": fmt})
                assert response.status_code == 200 and response.streaming, response
                return sum(len(piece) for piece in response.streaming_content)

            return run

        def command() -> int:
            out = Path(tmp) / "export.csv"
            call_command("export_audit", "--output", str(out), stderr=open(os.devnull, "w"))  # noqa: SIM115
            return out.stat().st_size

        ways = {"admin CSV download": admin_download("csv"), "admin JSON download": admin_download("json")}
        ways["export_audit --output"] = command
        for export in ways.values():
            export()  # warm up: imports, URL resolution, template loading are not the export's cost
        peaks: dict[str, list[int]] = {name: [] for name in ways}
        print(f"{'rows':>8}  {'export':<24} {'MB written':>10} {'seconds':>8} {'peak MB':>8}")
        for size in sizes:
            grow_history(document, user, size)
            for name, export in ways.items():
                written, seconds, peak = measured(export)
                peaks[name].append(peak)
                print(f"{size:>8}  {name:<24} {written / 1e6:>10.1f} {seconds:>8.2f} {peak / 1e6:>8.2f}")
        print()
        for name, values in peaks.items():
            ratio = values[-1] / values[0]
            grown = sizes[-1] / sizes[0]
            print(f"{name:<24} peak at {sizes[-1]:,} rows / at {sizes[0]:,} rows = {ratio:.2f} (rows x{grown:.0f})")


if __name__ == "__main__":
    main()
