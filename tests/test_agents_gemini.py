"""Gemini CLI's injection: a workspace context file in the bundle, named by --include-directories.

Pure: no database, no CLI. That the real Gemini CLI receives the text is
``manage.py verify_agents``'s job (see ``tests/test_verify_agents.py`` for the engine).
What every agent shares (env, skip, sizes, bundle directories) is in ``test_agents.py``.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from instructions.foundation.errors import InvalidInput, PayloadTooLarge
from instructions.rules.agents import (
    AGENTS,
    GEMINI_CONTEXT_FILE,
    MAX_ARG_BYTES,
    MECHANISM_GEMINI,
    agent_files,
    build_spawn,
    gemini_files,
    gemini_import_tokens,
)
from instructions.rules.bundle import compose_files

GEMINI = AGENTS["gemini"]


def spawn(text: str, bundle_dir: str = "/etc/agentos", **kwargs):
    kwargs.setdefault("env", {})
    kwargs.setdefault("cwd", "/w")
    kwargs.setdefault("skip_os_instructions", False)
    return build_spawn(agent="gemini", instructions_md=text, bundle_dir=bundle_dir, **kwargs)


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


def test_the_registry_entry_says_it_is_not_the_system_prompt():
    assert (GEMINI.name, GEMINI.command, GEMINI.label) == ("gemini", "gemini", "Gemini CLI")
    assert "/etc/agentos" in GEMINI.mechanism and "NOT the system instruction" in GEMINI.mechanism
    assert GEMINI.system_prompt is False
    assert GEMINI.reaches == "the first user turn (session context), not the system instruction"
    assert [spec.name for spec in AGENTS.values() if not spec.system_prompt] == ["gemini"]


def test_injection_names_the_bundle_directory_in_one_argv_element():
    payload = spawn(TEXT, "/run/user/1000/agentos-bundle-x1", env={"GEMINI_API_KEY": "k"})
    # One element with "=": it can never take the user's next argument as a second directory.
    assert payload["args"] == ["--include-directories=/run/user/1000/agentos-bundle-x1"]
    assert payload["env"] == {"GEMINI_API_KEY": "k"}
    assert payload["mechanism"] == MECHANISM_GEMINI


def test_the_bundle_gets_a_gemini_md_holding_exactly_the_text():
    assert gemini_files(TEXT, "/b") == {f"/b/{GEMINI_CONTEXT_FILE}": TEXT}
    assert agent_files("gemini", TEXT) == {"/etc/agentos/GEMINI.md": TEXT}
    assert agent_files("claude-code", TEXT) == {}
    files = compose_files(instructions_md=TEXT, environment={"agent": "gemini"}, bundle_dir="/b")
    assert spawn(TEXT, "/b", files=files)["files"] == {**files, "/b/GEMINI.md": TEXT}


def test_a_caller_bundle_with_another_gemini_md_is_a_bug():
    files = {"/b/instructions.md": TEXT, "/b/GEMINI.md": "something else"}
    with pytest.raises(ValueError, match=r"GEMINI\.md"):
        spawn(TEXT, "/b", files=files)


@pytest.mark.parametrize("bundle_dir", ["relative/dir", "", "/a,b", "/nul\x00", "/trailing/"])
def test_bundle_directories_gemini_cannot_be_given_are_refused(bundle_dir):
    with pytest.raises(InvalidInput):
        spawn(TEXT, bundle_dir)


def test_text_gemini_would_import_from_is_refused_naming_the_tokens():
    with pytest.raises(InvalidInput, match=r"@oncall, @\./notes\.md") as caught:
        spawn("Ping @oncall and see @./notes.md")
    assert "backticks" in caught.value.message


def test_skipping_the_injection_keeps_the_file_and_drops_the_flag():
    payload = spawn("Ping @oncall.", skip_os_instructions=True)
    assert payload["args"] == [] and payload["files"]["/etc/agentos/GEMINI.md"] == "Ping @oncall."


def test_import_syntax_in_backticks_or_inside_words_is_delivered():
    text = "Mail ops@example.org; write `@oncall` literally.\n```\n@decorator\n```"
    assert spawn(text)["mechanism"] == MECHANISM_GEMINI


def test_payload_carries_the_caller_env_and_both_files_and_only_a_path_in_argv():
    big = "x" * (MAX_ARG_BYTES + 70_000) + "\nend"
    payload = spawn(big, "/b", env={"GEMINI_API_KEY": "k"})
    assert payload["args"] == ["--include-directories=/b"]
    assert payload["env"] == {"GEMINI_API_KEY": "k"}
    assert payload["files"] == {"/b/instructions.md": big, "/b/GEMINI.md": big}
    assert (payload["agent"], payload["cwd"], payload["mechanism"]) == ("gemini", "/w", MECHANISM_GEMINI)


def test_an_oversized_caller_variable_is_still_refused():
    with pytest.raises(PayloadTooLarge):
        spawn(TEXT, env={"BIG": "x" * MAX_ARG_BYTES})


@given(
    st.text(
        alphabet=st.characters(
            blacklist_characters="@\x00",
            blacklist_categories=["Cs", "Cc", "Cf", "Zl", "Zp"],
            whitelist_characters="\t\n\r",
        )
    )
)
def test_text_without_at_signs_always_passes(text):
    assert spawn(text)["args"] == ["--include-directories=/etc/agentos"]
