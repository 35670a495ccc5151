"""Gemini CLI's injection: a workspace context file in the bundle, named by --include-directories.

Pure: no database, no CLI. That the real Gemini CLI receives the text is
``manage.py verify_agents``'s job (see ``tests/test_verify_agents.py`` for the engine).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from instructions.agents import MAX_ARG_BYTES, AgentSpec
from instructions.agents_gemini import (
    GEMINI,
    GEMINI_CONTEXT_FILE,
    MECHANISM_GEMINI,
    build_gemini_spawn,
    gemini_files,
    gemini_import_tokens,
    inject_gemini,
)
from instructions.errors import InvalidInput, PayloadTooLarge

TEXT = "# Environment\n\nYou are on a host.\n\n# [user]\nBe brief."

# Each expectation was checked against Gemini CLI 0.61's own scanner
# (memoryImportProcessor.js findImports + findCodeRegions, run under node).
IMPORT_TOKENS = [
    ("@alice", ["@alice"]),
    ("ping @oncall today", ["@oncall"]),
    ("mail a@b.c", []),
    ("`@x` @y", ["@y"]),
    ("```\n@z\n```", []),
    ("@.", ["@."]),
    ("@./notes.md", ["@./notes.md"]),
    ("@/etc/passwd", ["@/etc/passwd"]),
    ("@1abc", []),
    ("(@paren)", []),
    ("@é", []),
    ("@", []),
    ("@ ", []),
    ("x\n@y", ["@y"]),
    ("tab\t@t", ["@t"]),
    ("``@a`` and `@b", []),
    ("@a@b", ["@a@b"]),
    ("@-flag", []),
    ("@_under", []),
    ("cr\r@c", ["@c"]),
]


@pytest.mark.parametrize(("text", "tokens"), IMPORT_TOKENS)
def test_import_tokens_are_found_as_gemini_finds_them(text, tokens):
    assert gemini_import_tokens(text) == tokens


def test_the_spec_has_the_registry_shape_and_names_the_mount():
    assert isinstance(GEMINI, AgentSpec)
    assert (GEMINI.name, GEMINI.command) == ("gemini", "gemini")
    assert "/etc/agentos" in GEMINI.mechanism and "not the system instruction" in GEMINI.mechanism
    assert GEMINI.inject(TEXT, {}).args == ("--include-directories=/etc/agentos",)


def test_injection_names_the_bundle_directory_in_one_argv_element():
    injection = inject_gemini(TEXT, {"GEMINI_API_KEY": "k"}, bundle_dir="/run/user/1000/agentos-bundle-x1/")
    # One element with "=": it can never take the user's next argument as a second directory.
    assert injection.args == ("--include-directories=/run/user/1000/agentos-bundle-x1",)
    assert injection.env == {}
    assert injection.mechanism == MECHANISM_GEMINI


def test_the_bundle_gets_a_gemini_md_holding_exactly_the_text():
    assert gemini_files(TEXT, bundle_dir="/b") == {f"/b/{GEMINI_CONTEXT_FILE}": TEXT}
    assert gemini_files(TEXT) == {"/etc/agentos/GEMINI.md": TEXT}


@pytest.mark.parametrize("bundle_dir", ["relative/dir", "", "/a,b", "/nul\x00"])
def test_bundle_directories_gemini_cannot_be_given_are_refused(bundle_dir):
    with pytest.raises(InvalidInput):
        inject_gemini(TEXT, {}, bundle_dir=bundle_dir)


def test_text_gemini_would_import_from_is_refused_naming_the_tokens():
    with pytest.raises(InvalidInput, match=r"@oncall, @\./notes\.md") as caught:
        inject_gemini("Ping @oncall and see @./notes.md", {})
    assert "backticks" in caught.value.message


def test_import_syntax_in_backticks_or_inside_words_is_delivered():
    text = "Mail ops@example.org; write `@oncall` literally.\n```\n@decorator\n```"
    assert inject_gemini(text, {}).mechanism == MECHANISM_GEMINI


def test_payload_carries_the_caller_env_and_both_files_and_only_a_path_in_argv():
    big = "x" * (MAX_ARG_BYTES + 70_000) + "\nend"
    payload = build_gemini_spawn(instructions_md=big, cwd="/w", env={"GEMINI_API_KEY": "k"}, bundle_dir="/b")
    assert payload["args"] == ["--include-directories=/b"]
    assert payload["env"] == {"GEMINI_API_KEY": "k"}
    assert payload["files"] == {"/b/instructions.md": big, "/b/GEMINI.md": big}
    assert (payload["agent"], payload["cwd"], payload["mechanism"]) == ("gemini", "/w", MECHANISM_GEMINI)


def test_an_oversized_caller_variable_is_still_refused():
    with pytest.raises(PayloadTooLarge):
        build_gemini_spawn(instructions_md=TEXT, cwd="/w", env={"BIG": "x" * MAX_ARG_BYTES})


@given(st.text(alphabet=st.characters(blacklist_characters="@\x00", blacklist_categories=["Cs"])))
def test_text_without_at_signs_always_passes(text):
    assert inject_gemini(text, {}).args == ("--include-directories=/etc/agentos",)
