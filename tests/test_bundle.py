"""The bundle: composition in any bundle directory, the OS text reader, atomic writes."""

from __future__ import annotations

import json
import os
import stat
import sys
from datetime import UTC, datetime

import pytest

from instructions.rules import bundle
from instructions.rules.bundle import (
    ENVIRONMENT_PATH,
    INSTRUCTIONS_PATH,
    MOUNTS_PATH,
    OsInstructionsUnavailable,
    bundle_file_name,
    compose_files,
    compose_instructions_md,
    environment_metadata,
    read_os_text,
    write_bundle,
)

# --- composition -------------------------------------------------------------------


def test_compose_order_os_then_merged_then_additional():
    text = compose_instructions_md(os_text="# Environment\nVM\n", merged="# [global]\nCredo", additional="Extra")
    assert text == "# Environment\nVM\n\n# [global]\nCredo\n\n# [additional]\nExtra"


@pytest.mark.parametrize(
    ("os_text", "merged", "additional", "expected"),
    [
        ("", "M", "", "M"),
        ("OS\n", "", "A", "OS\n\n# [additional]\nA"),
        ("  \n", "M", "\n", "M"),
        ("", "", "", ""),
        ("OS", "  indented\nkept  ", "A", "OS\n\n  indented\nkept  \n\n# [additional]\nA"),
    ],
)
def test_compose_leaves_out_empty_parts(os_text, merged, additional, expected):
    assert compose_instructions_md(os_text=os_text, merged=merged, additional=additional) == expected


def test_compose_files_only_instructions_without_metadata():
    assert compose_files(instructions_md="x") == {INSTRUCTIONS_PATH: "x"}
    assert compose_files(instructions_md="x", environment={}, mounts=[]) == {INSTRUCTIONS_PATH: "x"}


def test_compose_files_with_environment_and_mounts():
    started = datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)
    env = environment_metadata(agent="pi", workspace="acme", cwd="/home/user", session="s-1", started_at=started)
    files = compose_files(
        instructions_md="x", environment=env, mounts=[{"path": "/home/user"}, {"path": "/data", "read_only": True}]
    )
    assert json.loads(files[ENVIRONMENT_PATH]) == {
        "agent": "pi",
        "workspace": "acme",
        "cwd": "/home/user",
        "session": "s-1",
        "started_at": "2025-01-02T03:04:05+00:00",
    }
    assert json.loads(files[MOUNTS_PATH]) == [
        {"path": "/home/user", "read_only": False},
        {"path": "/data", "read_only": True},
    ]


def test_compose_files_in_another_bundle_directory():
    files = compose_files(instructions_md="x", environment={"agent": "pi"}, mounts=[{"path": "/x"}], bundle_dir="/b/c")
    assert list(files) == ["/b/c/instructions.md", "/b/c/environment.json", "/b/c/mounts.json"]
    assert bundle_file_name("/b/c/mounts.json", "/b/c") == "mounts.json"
    with pytest.raises(ValueError):
        bundle_file_name("/etc/agentos/instructions.md", "/b/c")


def test_environment_metadata_leaves_out_unknown_values():
    assert environment_metadata(agent="codex", workspace="acme") == {"agent": "codex", "workspace": "acme"}


@pytest.mark.parametrize("mount", [{"path": "relative"}, {"path": "/x", "read_only": "yes"}, {}, "/x"])
def test_bad_mounts_are_refused(mount):
    with pytest.raises(ValueError):
        compose_files(instructions_md="x", mounts=[mount])


# --- the OS text -------------------------------------------------------------------


@pytest.fixture
def os_file(tmp_path):
    path = tmp_path / "os.md"
    path.write_text("# Environment\nfirst\n")
    bundle._os_cache.clear()
    yield path
    bundle._os_cache.clear()


def test_os_text_is_cached_and_reread_when_changed(os_file, monkeypatch):
    assert read_os_text(os_file) == "# Environment\nfirst\n"
    reads = []
    original = type(os_file).read_bytes
    monkeypatch.setattr(type(os_file), "read_bytes", lambda self: reads.append(self) or original(self))
    assert read_os_text(os_file) == "# Environment\nfirst\n"
    assert reads == []  # unchanged: served from the cache
    os_file.write_text("# Environment\nsecond, longer\n")
    assert read_os_text(os_file) == "# Environment\nsecond, longer\n"
    assert len(reads) == 1


def test_missing_os_file_means_no_os_section(os_file):
    os_file.unlink()
    assert read_os_text(os_file) == ""


def test_unusable_os_file_is_an_error(os_file):
    os_file.write_bytes(b"\xff\xfe not utf-8")
    with pytest.raises(OsInstructionsUnavailable) as info:
        read_os_text(os_file)
    assert info.value.status == 503


# --- writing -----------------------------------------------------------------------


def listing(folder):
    return sorted(p.name for p in folder.iterdir())


def test_write_creates_read_only_files(tmp_path):
    target = tmp_path / "agentos"
    files = compose_files(instructions_md="héllo\n", environment={"agent": "pi"})
    write_bundle(files, target)
    assert listing(target) == [".agentos-bundle", "environment.json", "instructions.md"]
    assert json.loads((target / ".agentos-bundle").read_text()) == {"files": ["environment.json", "instructions.md"]}
    assert (target / "instructions.md").read_text(encoding="utf-8") == "héllo\n"
    for name in listing(target):
        assert stat.S_IMODE((target / name).stat().st_mode) == 0o444
    assert listing(tmp_path) == ["agentos"]


@pytest.mark.parametrize("exchange", [True, False], ids=["renameat2-exchange", "rename-aside"])
def test_existing_bundle_is_replaced_whole(tmp_path, monkeypatch, exchange):
    if not exchange:
        monkeypatch.setattr(bundle, "_exchange", lambda a, b: False)
    target = tmp_path / "agentos"
    write_bundle(compose_files(instructions_md="old", environment={"agent": "pi"}, mounts=[{"path": "/x"}]), target)
    inode_before = target.stat().st_ino
    write_bundle(compose_files(instructions_md="new"), target)
    assert listing(target) == [".agentos-bundle", "instructions.md"]  # old environment.json, mounts.json gone
    assert (target / "instructions.md").read_text() == "new"
    assert target.stat().st_ino != inode_before  # a different directory, swapped in
    assert listing(tmp_path) == ["agentos"]  # no temporary directories left


def test_exchange_is_used_where_available(tmp_path, monkeypatch):
    calls = []
    real = bundle._exchange

    def spy(a, b):
        calls.append(real(a, b))
        return calls[-1]

    monkeypatch.setattr(bundle, "_exchange", spy)
    target = tmp_path / "agentos"
    write_bundle({INSTRUCTIONS_PATH: "one"}, target)
    assert calls == []  # nothing to swap with: a plain rename
    write_bundle({INSTRUCTIONS_PATH: "two"}, target)
    assert calls == ([True] if sys.platform == "linux" else [calls[0]])
    assert (target / "instructions.md").read_text() == "two"
    assert listing(tmp_path) == ["agentos"]


def test_a_failed_write_leaves_the_old_bundle_and_no_temp_dir(tmp_path, monkeypatch):
    target = tmp_path / "agentos"
    write_bundle(compose_files(instructions_md="old", environment={"agent": "pi"}), target)
    real = bundle._write_file

    def fail_on_second(folder, name, text):
        if name == "environment.json":
            raise OSError(28, "No space left on device")
        real(folder, name, text)

    monkeypatch.setattr(bundle, "_write_file", fail_on_second)
    with pytest.raises(OSError, match="No space"):
        write_bundle(compose_files(instructions_md="new", environment={"agent": "codex"}), target)
    assert (target / "instructions.md").read_text() == "old"
    assert json.loads((target / "environment.json").read_text()) == {"agent": "pi"}
    assert listing(tmp_path) == ["agentos"]


@pytest.mark.parametrize(
    "path", ["/etc/agentos/../passwd", "/etc/agentos/sub/file", "/etc/other/x", "instructions.md", "/etc/agentos/"]
)
def test_only_files_directly_under_etc_agentos(tmp_path, path):
    with pytest.raises(ValueError):
        write_bundle({INSTRUCTIONS_PATH: "x", path: "y"}, tmp_path / "agentos")
    assert listing(tmp_path) == []


def test_symlink_or_file_target_is_refused(tmp_path):
    (tmp_path / "real").mkdir()
    os.symlink(tmp_path / "real", tmp_path / "link")
    (tmp_path / "file").write_text("x")
    for name in ("link", "file"):
        with pytest.raises(bundle.BundleTargetError):
            write_bundle({INSTRUCTIONS_PATH: "x"}, tmp_path / name)
    assert listing(tmp_path) == ["file", "link", "real"]
    assert listing(tmp_path / "real") == []


def test_a_bundle_for_another_directory_is_written_by_its_names(tmp_path):
    files = compose_files(instructions_md="x", environment={"agent": "gemini"}, bundle_dir="/run/user/1/b")
    write_bundle({**files, "/run/user/1/b/GEMINI.md": "x"}, tmp_path / "b", bundle_dir="/run/user/1/b")
    assert listing(tmp_path / "b") == [".agentos-bundle", "GEMINI.md", "environment.json", "instructions.md"]
    with pytest.raises(ValueError, match="not a file directly under /etc/agentos/"):
        write_bundle(files, tmp_path / "c")


def test_missing_parent_directories_are_created(tmp_path):
    write_bundle({INSTRUCTIONS_PATH: "x"}, tmp_path / "a" / "b" / "agentos")
    assert (tmp_path / "a" / "b" / "agentos" / "instructions.md").read_text() == "x"
