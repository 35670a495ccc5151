#!/usr/bin/env python
"""Rebuild the real-file corpus listed in ``eval/oaths/v3/real/manifest.jsonl``.

    python scripts/fetch_corpus.py [--manifest eval/oaths/v3/real/manifest.jsonl]
                                   [--dest ../corpus/real] [--split dev|sealed|all]
                                   [--git-mirrors DIR]

The texts of the public instruction files (AGENTS.md, CLAUDE.md, .cursorrules, ...) are not kept in this
repository; the manifest only names them (repository, path, commit, sha256). This script gets each one,
checks its sha256 against the manifest and stores it as ``<dest>/<owner>__<name>/<path with / -> __>``,
the layout the evaluation expects. A file already present with the right hash is not fetched again.
A file whose hash does not match is not written (the repository may have rewritten history).

Two sources:

* by default, ``https://raw.githubusercontent.com/<repo>/<commit>/<path>`` (``HEAD`` when the commit is
  null). This needs outbound HTTPS to raw.githubusercontent.com; machines without it (such as the
  project's build machines, which reach only package registries) report every file as not fetched.
* with ``--git-mirrors DIR``, nothing is downloaded: DIR is a folder of local git copies of the
  repositories, one per repository, named ``<owner>+<name>`` (either ``DIR/<owner>+<name>/repo`` or
  ``DIR/<owner>+<name>`` itself is the git directory, bare or not). Each file is read with
  ``git cat-file blob <commit>:<path>`` (the bytes ``git show`` prints for a blob; ``HEAD`` when the
  commit is null). When the manifest's commit is not in the copy (a shallow or later snapshot), the
  newest commit of the copy is tried instead, and the file is kept only if its sha256 still matches.
  Each row is reported (``present``, ``verified``, ``missing repository``, ``missing commit``,
  ``missing path``, ``hash mismatch``), then a summary per split. It needs only the ``git`` command.

Nothing else depends on this script; it is the documented way to rebuild the corpus elsewhere.

Exit code: 0 when every selected file is present and verified, 1 otherwise.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RAW = "https://raw.githubusercontent.com"

Row = dict[str, Any]

# Outcomes of one row read from a git mirror, in the order the summary lists them.
PRESENT = "present"
VERIFIED = "verified"
MISSING_REPO = "missing repository"
MISSING_COMMIT = "missing commit"
MISSING_PATH = "missing path"
MISMATCH = "hash mismatch"
OUTCOMES = (PRESENT, VERIFIED, MISSING_REPO, MISSING_COMMIT, MISSING_PATH, MISMATCH)
GOOD = frozenset({PRESENT, VERIFIED})


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


def write(target: Path, data: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)


# --- git mirrors -------------------------------------------------------------------------------------


def is_git_dir(path: Path) -> bool:
    """A git directory: bare (``HEAD`` and ``objects/`` inside) or a work tree's ``.git``."""
    return (path / "HEAD").is_file() and (path / "objects").is_dir()


def mirror_git_dir(mirrors: Path, repo: str) -> Path | None:
    base = mirrors / repo.replace("/", "+", 1)
    for candidate in (base / "repo", base, base / ".git"):
        if is_git_dir(candidate):
            return candidate
    return None


@dataclass(frozen=True)
class Git:
    """Read-only access to one git directory (no work tree, no hooks, no filters)."""

    exe: str
    git_dir: Path

    def run(self, *args: str) -> subprocess.CompletedProcess[bytes]:
        cmd = [self.exe, f"--git-dir={self.git_dir}", *args]
        return subprocess.run(cmd, capture_output=True, check=False)  # noqa: S603 (fixed git argv, no shell)

    def has_commit(self, rev: str) -> bool:
        return self.run("cat-file", "-e", f"{rev}^{{commit}}").returncode == 0

    def newest_commit(self) -> str | None:
        """The most recent commit reachable from any ref (HEAD when there are no refs)."""
        for args in (("rev-list", "--all", "--max-count=1"), ("rev-parse", "--verify", "--quiet", "HEAD")):
            out = self.run(*args)
            rev = out.stdout.decode("ascii", "replace").strip()
            if out.returncode == 0 and rev:
                return rev
        return None

    def blob(self, rev: str, path: str) -> bytes | None:
        out = self.run("cat-file", "blob", f"{rev}:{path}")
        return out.stdout if out.returncode == 0 else None


def from_mirror(row: Row, mirrors: Path, dest: Path, exe: str) -> tuple[str, str]:
    """Read one manifest row from its git mirror; return (outcome, detail)."""
    target = local_name(dest, row["repo"], row["path"])
    want = row["sha256"]
    if target.exists() and sha256(target.read_bytes()) == want:
        return PRESENT, "already in place"
    git_dir = mirror_git_dir(mirrors, row["repo"])
    if git_dir is None:
        return MISSING_REPO, f"no git directory for {row['repo'].replace('/', '+', 1)}"
    git = Git(exe, git_dir)
    commit = row.get("commit") or "HEAD"
    if git.has_commit(commit):
        data = git.blob(commit, row["path"])
        if data is None:
            return MISSING_PATH, f"no such file at {commit[:12]}"
        if sha256(data) != want:
            return MISMATCH, f"at {commit[:12]} (got {sha256(data)[:12]}…)"
        write(target, data)
        return VERIFIED, f"at {commit[:12]}"
    newest = git.newest_commit()
    if newest is None:
        return MISSING_COMMIT, f"{commit[:12]} not in the copy, which has no commits"
    data = git.blob(newest, row["path"])
    if data is None:
        return MISSING_COMMIT, f"{commit[:12]} not in the copy; the file is not at its newest commit {newest[:12]}"
    if sha256(data) != want:
        return MISSING_COMMIT, f"{commit[:12]} not in the copy; newest commit {newest[:12]} has other bytes"
    write(target, data)
    return VERIFIED, f"{commit[:12]} not in the copy; identical bytes at newest commit {newest[:12]}"


def run_mirrors(rows: list[Row], mirrors: Path, dest: Path) -> int:
    exe = shutil.which("git")
    if exe is None:
        print("--git-mirrors needs the git command on PATH", file=sys.stderr)
        return 2
    if not mirrors.is_dir():
        print(f"--git-mirrors: {mirrors} is not a folder", file=sys.stderr)
        return 2
    counts: dict[str, Counter[str]] = {}
    for row in rows:
        outcome, detail = from_mirror(row, mirrors, dest, exe)
        split = str(row.get("split") or "-")
        counts.setdefault(split, Counter())[outcome] += 1
        print(f"{outcome}: [{split}] {row['repo']}/{row['path']} @ {row.get('commit') or 'HEAD'}: {detail}")

    total: Counter[str] = Counter()
    print()
    for split in sorted(counts):
        total.update(counts[split])
        print(summary_line(split, counts[split]))
    print(summary_line("all", total))
    return 0 if sum(total[o] for o in GOOD) == len(rows) else 1


def summary_line(label: str, counts: Counter[str]) -> str:
    n = sum(counts.values())
    good = sum(counts[o] for o in GOOD)
    parts = ", ".join(f"{o} {counts[o]}" for o in OUTCOMES)
    return f"{label}: {n} files, {good} present and verified ({parts})"


# --- HTTPS ---------------------------------------------------------------------------------------------


def run_https(rows: list[Row], dest: Path, timeout: float) -> int:
    present = fetched = 0
    failed: list[tuple[Row, str]] = []
    for row in rows:
        target = local_name(dest, row["repo"], row["path"])
        if target.exists() and sha256(target.read_bytes()) == row["sha256"]:
            present += 1
            continue
        url = raw_url(row["repo"], row.get("commit"), row["path"])
        try:
            data = fetch(url, timeout)
        except (urllib.error.URLError, TimeoutError, OSError) as exc:
            failed.append((row, f"{type(exc).__name__}: {exc}"))
            continue
        if sha256(data) != row["sha256"]:
            failed.append((row, f"sha256 mismatch (got {sha256(data)[:12]}…)"))
            continue
        write(target, data)
        fetched += 1

    print(f"{len(rows)} files: {present} already present, {fetched} fetched, {len(failed)} not fetched")
    for row, why in failed:
        print(f"not fetched: {row['repo']}/{row['path']} @ {row.get('commit') or 'HEAD'}: {why}")
    return 1 if failed else 0


def main() -> int:
    ap = argparse.ArgumentParser(description="Fetch and verify the real instruction-file corpus.")
    ap.add_argument("--manifest", type=Path, default=ROOT / "eval/oaths/v3/real/manifest.jsonl")
    ap.add_argument(
        "--dest",
        type=Path,
        default=ROOT.parent / "corpus" / "real",
        help="default: corpus/real beside the checkout (outside the repository)",
    )
    ap.add_argument("--split", choices=("dev", "sealed", "all"), default="all")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per request")
    ap.add_argument(
        "--git-mirrors",
        type=Path,
        metavar="DIR",
        help="read the files from local git copies DIR/<owner>+<name>[/repo] instead of downloading them",
    )
    args = ap.parse_args()

    rows: list[Row] = [
        json.loads(line) for line in args.manifest.read_text(encoding="utf-8").splitlines() if line.strip()
    ]
    if args.split != "all":
        rows = [r for r in rows if r.get("split") == args.split]

    if args.git_mirrors is not None:
        return run_mirrors(rows, args.git_mirrors, args.dest)
    return run_https(rows, args.dest, args.timeout)


if __name__ == "__main__":
    sys.exit(main())
