"""``scripts/fetch_corpus.py --git-mirrors``: the real-file corpus rebuilt from local git copies,
byte for byte, and nothing written that does not match the manifest."""

# ruff: noqa: S603, S607  (git and this interpreter on folders the test made)
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "fetch_corpus.py"


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()


@pytest.fixture
def mirror(tmp_path):
    """A folder of git copies holding one repository, ``acme/tools``, with two commits."""
    work = tmp_path / "work"
    (work / ".github").mkdir(parents=True)
    git(work, "init", "-q")
    (work / "AGENTS.md").write_bytes(b"# Tools\r\n\nRun the tests.\n")
    git(work, "add", ".")
    git(work, "commit", "-qm", "one")
    first = git(work, "rev-parse", "HEAD")
    (work / "AGENTS.md").write_bytes(b"# Tools\n\nRun the tests, then lint.\n")
    git(work, "commit", "-qam", "two")
    mirrors = tmp_path / "mirrors"
    mirrors.mkdir()
    git(tmp_path, "clone", "-q", "--bare", str(work), str(mirrors / "acme+tools" / "repo"))
    return mirrors, first


def run(tmp_path: Path, mirrors: Path, rows: list[dict]) -> tuple[int, str, Path]:
    manifest = tmp_path / "manifest.jsonl"
    manifest.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    dest = tmp_path / "corpus"
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--manifest", str(manifest), "--dest", str(dest), "--git-mirrors", str(mirrors)],
        capture_output=True,
        text=True,
    )
    return result.returncode, result.stdout + result.stderr, dest


def test_files_are_read_at_their_commit_byte_for_byte(tmp_path, mirror):
    mirrors, first = mirror
    text = b"# Tools\r\n\nRun the tests.\n"
    row = {"repo": "acme/tools", "path": "AGENTS.md", "commit": first, "sha256": hashlib.sha256(text).hexdigest()}
    code, out, dest = run(tmp_path, mirrors, [row | {"split": "dev"}])
    assert code == 0, out
    assert (dest / "acme__tools" / "AGENTS.md").read_bytes() == text


def test_a_mismatch_or_a_missing_repository_writes_nothing_and_fails(tmp_path, mirror):
    mirrors, first = mirror
    rows = [
        {"repo": "acme/tools", "path": "AGENTS.md", "commit": first, "sha256": "0" * 64, "split": "dev"},
        {"repo": "acme/gone", "path": "AGENTS.md", "commit": first, "sha256": "0" * 64, "split": "dev"},
    ]
    code, out, dest = run(tmp_path, mirrors, rows)
    assert code == 1
    assert "acme/gone" in out
    assert not (dest / "acme__tools" / "AGENTS.md").exists()
