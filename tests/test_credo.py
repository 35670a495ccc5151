"""The credo from disk: cached, re-read on change at most every 5 seconds, and
reported clearly when broken."""

from __future__ import annotations

import os

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from instructions.checks import credo_check
from instructions.rules.credo import CredoError, CredoSource, read_credo


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def bump_mtime(path, seconds: int = 10) -> None:
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + seconds * 1_000_000_000))


def test_shipped_credo_has_the_five_oaths_and_the_v1_rules():
    from tests.helpers import HARNESS

    credo = read_credo(HARNESS)
    assert [o.name for o in credo.oaths] == [
        "protect the user and their data",
        "evidence over confidence",
        "finish the procedure",
        "preserve the workspace",
        "carry knowledge forward",
    ]
    assert credo.body.startswith("# The credo")
    assert credo.path == "harness/credo.md"
    assert len(credo.sha256) == 64


def test_changed_file_is_reread_but_not_within_the_recheck_window(credo_dir):
    clock = FakeClock()
    source = CredoSource(credo_dir, recheck_seconds=5, clock=clock)
    assert source.get().body.startswith("# The credo")
    assert source.reads == 1

    (credo_dir / "credo.md").write_text("# New credo\n")
    bump_mtime(credo_dir / "credo.md")
    clock.now += 4.9
    assert source.get().body.startswith("# The credo"), "no re-read within 5 seconds"
    assert source.reads == 1

    clock.now += 0.2
    assert source.get().body == "# New credo\n"
    assert source.reads == 2


def test_unchanged_files_are_not_reread_after_the_window(credo_dir):
    clock = FakeClock()
    source = CredoSource(credo_dir, recheck_seconds=5, clock=clock)
    source.get()
    for _ in range(10):
        clock.now += 6
        source.get()
    assert source.reads == 1


def test_missing_credo_means_no_global_section(credo_dir):
    (credo_dir / "credo.md").unlink()
    credo = read_credo(credo_dir)
    assert credo.body is None and not credo.exists
    assert credo.rules.rules, "the map's rules still apply"


@pytest.mark.parametrize(
    "content, message",
    [
        ("{not json", "not valid JSON"),
        ('{"oaths": "nope"}', "'oaths' list"),
        ('{"oaths": [{"name": "x", "rules": [{"pattern": "(unclosed"}]}]}', "invalid pattern"),
        ('{"oaths": [{"rules": []}]}', "non-empty 'name'"),
    ],
)
def test_broken_credo_map_is_reported(credo_dir, content, message):
    (credo_dir / "credo-map.json").write_text(content)
    with pytest.raises(CredoError, match=message):
        read_credo(credo_dir)
    errors = credo_check()
    assert [e.id for e in errors] == ["instructions.E002"]
    assert message in errors[0].msg


def test_broken_credo_map_fails_manage_py_check(credo_dir):
    (credo_dir / "credo-map.json").write_text("{not json")
    with pytest.raises(SystemCheckError, match="not valid JSON"):
        call_command("check")


def test_credo_without_map_is_an_error(credo_dir):
    (credo_dir / "credo-map.json").unlink()
    with pytest.raises(CredoError, match=r"credo-map\.json is missing"):
        read_credo(credo_dir)


def test_non_utf8_credo_is_an_error(credo_dir):
    (credo_dir / "credo.md").write_bytes(b"\xff\xfe bad")
    with pytest.raises(CredoError, match="not valid UTF-8"):
        read_credo(credo_dir)


def test_a_credo_broken_after_loading_is_not_silently_kept(credo_dir):
    clock = FakeClock()
    source = CredoSource(credo_dir, recheck_seconds=5, clock=clock)
    source.get()
    (credo_dir / "credo-map.json").write_text("{broken")
    bump_mtime(credo_dir / "credo-map.json")
    clock.now += 6
    with pytest.raises(CredoError):
        source.get()
