#!/usr/bin/env python
"""Download the real-file corpus listed in ``eval/oaths/v3/real/manifest.jsonl``.

    python scripts/fetch_corpus.py [--manifest eval/oaths/v3/real/manifest.jsonl]
                                   [--dest /work/corpus/real] [--split dev|sealed|all]

The texts of the public instruction files (AGENTS.md, CLAUDE.md, .cursorrules, ...) are not kept in this
repository; the manifest only names them (repository, path, commit, sha256). This script fetches each one
from ``https://raw.githubusercontent.com/<repo>/<commit>/<path>`` (``HEAD`` when the commit is null),
checks its sha256 against the manifest and stores it as ``<dest>/<owner>__<name>/<path with / -> __>``,
the layout the evaluation expects. A file already present with the right hash is not fetched again.
A file whose hash does not match is not written (the repository may have rewritten history).

It needs outbound HTTPS to raw.githubusercontent.com. Machines without it (such as the project's build
machines, which reach only package registries) cannot use it: every file is then reported as not fetched
and the exit code is 1. Nothing else depends on it; it is the documented way to rebuild the corpus elsewhere.

Exit code: 0 when every selected file is present and verified, 1 otherwise.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RAW = "https://raw.githubusercontent.com"


def local_name(dest: Path, repo: str, path: str) -> Path:
    return dest / repo.replace("/", "__", 1) / path.replace("/", "__")


def raw_url(repo: str, commit: str | None, path: str) -> str:
    return f"{RAW}/{repo}/{commit or 'HEAD'}/{urllib.parse.quote(path)}"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def fetch(url: str, timeout: float) -> bytes:
    req = urllib.request.Request(url, headers={"User-Agent": "agentos-oath-corpus/1"})  # noqa: S310 (https only)
    with urllib.request.urlopen(req, timeout=timeout) as resp:  # noqa: S310 (fixed https host)
        return resp.read()


def main() -> int:
    ap = argparse.ArgumentParser(description="Fetch and verify the real instruction-file corpus.")
    ap.add_argument("--manifest", type=Path, default=ROOT / "eval/oaths/v3/real/manifest.jsonl")
    ap.add_argument("--dest", type=Path, default=Path("/work/corpus/real"), help="default: /work/corpus/real")
    ap.add_argument("--split", choices=("dev", "sealed", "all"), default="all")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per request")
    args = ap.parse_args()

    rows = [json.loads(line) for line in args.manifest.read_text(encoding="utf-8").splitlines() if line.strip()]
    if args.split != "all":
        rows = [r for r in rows if r.get("split") == args.split]

    present = fetched = 0
    failed: list[tuple[dict, str]] = []
    for row in rows:
        target = local_name(args.dest, row["repo"], row["path"])
        if target.exists() and sha256(target.read_bytes()) == row["sha256"]:
            present += 1
            continue
        url = raw_url(row["repo"], row.get("commit"), row["path"])
        try:
            data = fetch(url, args.timeout)
        except (urllib.error.URLError, TimeoutError, OSError) as exc:
            failed.append((row, f"{type(exc).__name__}: {exc}"))
            continue
        if sha256(data) != row["sha256"]:
            failed.append((row, f"sha256 mismatch (got {sha256(data)[:12]}…)"))
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        fetched += 1

    print(f"{len(rows)} files: {present} already present, {fetched} fetched, {len(failed)} not fetched")
    for row, why in failed:
        print(f"not fetched: {row['repo']}/{row['path']} @ {row.get('commit') or 'HEAD'}: {why}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
