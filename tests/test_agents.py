"""Spawn payloads, read back the way each agent reads them. Pure: no database."""

from __future__ import annotations

import json
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from instructions.foundation.errors import InvalidInput, NotFound, PayloadTooLarge
from instructions.rules.agents import (
    AGENTS,
    MAX_ARG_BYTES,
    MECHANISM_SKIPPED,
    OPENCODE_DEFAULT_CONTEXT_PATHS,
    agent_files,
    build_spawn,
    get_agent,
    registered_agents,
    toml_basic_string,
)
from instructions.rules.bundle import INSTRUCTIONS_PATH, compose_files, compose_instructions_md

TEXT = "# Environment\n\nYou are in a VM.\n\n# [user]\nBe brief."
PREFIX = "developer_instructions="

ADVERSARIAL = [
    'say "hi"',
    'ends with a quote"',
    '"starts and ends with quotes"',
    '"""triple"""',
    "'single' and '''triple single'''",
    "back\\slash \\n not a newline \\u0041",
    "a = 1",
    'model = "gpt"\n[table]\nkey = [1, 2]',
    "42",
    "true",
    "1979-05-27T07:32:00Z",
    "[1, 2, 3]",
    "{ inline = 1 }",
    "tab\there\r\nwindows line",
    "emoji 😀 CJK 中文 é \ufeff zero\u200bwidth",
    "--append-system-prompt looks like a flag",
    "-c developer_instructions=x",
    "   leading and trailing spaces   ",
    "\n\nleading newlines\n\n",
    "",
]


def payload(agent: str, text: str = TEXT, **kwargs) -> dict:
    kwargs.setdefault("cwd", "/home/user")
    kwargs.setdefault("env", {})
    kwargs.setdefault("skip_os_instructions", False)
    return build_spawn(agent=agent, instructions_md=text, **kwargs)


def codex_reads(args: list[str]) -> str:
    """Codex's `-c key=value`: split at the first '=', trim, parse the value as TOML."""
    assert args[0] == "-c"
    key, _, value = args[1].partition("=")
    assert key.strip() == "developer_instructions"
    return tomllib.loads("_x_ = " + value.strip())["_x_"]


def flag_value(args: list[str], flag: str) -> str:
    """The value after ``flag``, as Claude Code's and pi's parsers take it (next argv element)."""
    assert args.count(flag) == 1
    return args[args.index(flag) + 1]


def exec_strings(p: dict) -> list[bytes]:
    return [a.encode() for a in p["args"]] + [f"{k}={v}".encode() for k, v in p["env"].items()]


# --- the registry ------------------------------------------------------------------


def test_registry_names_and_description():
    assert set(AGENTS) == {"claude-code", "codex", "gemini", "opencode", "pi"}
    assert [spec.name for spec in registered_agents()] == ["claude-code", "codex", "gemini", "opencode", "pi"]
    assert get_agent("codex").command == "codex"
    assert get_agent("opencode").merges_env == ("OPENCODE_CONFIG_CONTENT", "OPENCODE_CONTEXTPATHS")
    assert {spec.name: spec.system_prompt for spec in registered_agents()} == {
        "claude-code": True,
        "codex": True,
        "gemini": False,
        "opencode": True,
        "pi": True,
    }


def test_unknown_agent_is_not_found():
    with pytest.raises(NotFound, match="Unknown agent 'cursor'"):
        payload("cursor")


def test_payload_shape():
    p = payload("claude-code", env={"ANTHROPIC_API_KEY": "k"})
    assert p == {
        "agent": "claude-code",
        "args": ["--append-system-prompt", TEXT],
        "env": {"ANTHROPIC_API_KEY": "k"},
        "cwd": "/home/user",
        "files": {INSTRUCTIONS_PATH: TEXT},
        "mechanism": "append-system-prompt",
    }


def test_files_are_passed_through_and_must_hold_the_text():
    files = compose_files(instructions_md=TEXT, environment={"agent": "pi"})
    assert payload("pi", files=files)["files"] == files
    with pytest.raises(ValueError):
        payload("pi", files={INSTRUCTIONS_PATH: "something else"})


# --- Claude Code and pi ------------------------------------------------------------


@pytest.mark.parametrize("agent", ["claude-code", "pi"])
@pytest.mark.parametrize("text", [t for t in ADVERSARIAL if "\n" in t])
def test_append_system_prompt_carries_the_exact_text(agent, text):
    p = payload(agent, text)
    assert p["mechanism"] == "append-system-prompt"
    assert flag_value(p["args"], "--append-system-prompt") == text


def test_claude_code_takes_single_line_text_inline():
    p = payload("claude-code", "--leading dashes, one line")
    assert p["args"] == ["--append-system-prompt", "--leading dashes, one line"]


@pytest.mark.parametrize("text", ["README.md", "/etc/passwd", "a single line", ""])
def test_pi_never_gets_text_it_could_take_for_a_file_name(text):
    # pi reads a value naming an existing file; the bundle's file holds exactly the text.
    p = payload("pi", text)
    assert p["args"] == ["--append-system-prompt", INSTRUCTIONS_PATH]
    assert p["mechanism"] == "append-system-prompt-path"
    assert p["files"][INSTRUCTIONS_PATH] == text


def test_claude_code_at_the_limit_inline_and_past_it_the_file_flag():
    at_limit = "\n" + "x" * (MAX_ARG_BYTES - 1)
    assert payload("claude-code", at_limit)["args"] == ["--append-system-prompt", at_limit]
    over = at_limit + "x"
    p = payload("claude-code", over)
    assert p["args"] == ["--append-system-prompt-file", INSTRUCTIONS_PATH]
    assert p["mechanism"] == "append-system-prompt-file"
    assert p["files"][INSTRUCTIONS_PATH] == over


def test_limit_counts_utf8_bytes_not_characters():
    text = "\n" + "é" * 70_000  # 70,001 characters, 140,001 bytes
    assert payload("claude-code", text)["mechanism"] == "append-system-prompt-file"
    p = payload("pi", text)
    assert p["args"] == ["--append-system-prompt", INSTRUCTIONS_PATH]


# --- Codex -------------------------------------------------------------------------


@pytest.mark.parametrize("text", ADVERSARIAL)
def test_codex_reads_back_exactly_the_text(text):
    p = payload("codex", text)
    assert p["mechanism"] == "developer-instructions"
    assert p["args"][1].startswith(PREFIX)
    assert codex_reads(p["args"]) == text


def test_codex_value_never_falls_back_to_raw_text():
    # Codex uses raw text only when the value is not TOML; ours always is a TOML string.
    for text in ADVERSARIAL:
        value = payload("codex", text)["args"][1][len(PREFIX) :]
        assert isinstance(tomllib.loads("_x_ = " + value)["_x_"], str)
        assert value == value.strip()


def test_del_is_escaped_and_non_ascii_stays_raw():
    assert toml_basic_string("a\x7fb") == '"a\\u007fb"'
    assert toml_basic_string("é中😀") == '"é中😀"'
    assert toml_basic_string('q"\\\t\n') == '"q\\"\\\\\\t\\n"'


def test_lone_surrogates_are_refused():
    with pytest.raises(ValueError):
        toml_basic_string("a\ud800b")
    for agent in AGENTS:
        with pytest.raises(InvalidInput, match="surrogates"):
            payload(agent, "a\ud800b\n")


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_codex_toml_string_round_trips_any_text(text):
    assert tomllib.loads("_x_ = " + toml_basic_string(text))["_x_"] == text


#: Any text the service accepts (text.validate_text): no surrogates, no control characters
#: but tab, LF and CR, no bidi controls or line/paragraph separators.
ACCEPTED_TEXT = st.text(
    alphabet=st.characters(exclude_categories=("Cs", "Cc", "Zl", "Zp"), include_characters="\t\n\r").filter(
        lambda ch: ch not in "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
    )
)


@settings(max_examples=200, deadline=None)
@given(ACCEPTED_TEXT)
def test_codex_payload_round_trips_any_text(text):
    assert codex_reads(payload("codex", text)["args"]) == text


@pytest.mark.parametrize("text", ["del\x7fchar", "esc \x1b[31m", "bidi \u202e", "sep \u2028", "nel \x85"])
def test_control_characters_never_reach_an_agent(text):
    """The last guard: whatever composed the text, a payload never carries them."""
    for agent in AGENTS:
        with pytest.raises(InvalidInput, match="Control character"):
            payload(agent, text)


def test_codex_at_the_limit_and_refused_past_it():
    fits = "x" * (MAX_ARG_BYTES - len(PREFIX) - 2)  # two quotes
    p = payload("codex", fits)
    assert len(p["args"][1].encode()) == MAX_ARG_BYTES
    with pytest.raises(PayloadTooLarge) as info:
        payload("codex", fits + "x")
    assert info.value.status == 413
    assert f"{MAX_ARG_BYTES + 1} bytes" in info.value.message
    assert f"{MAX_ARG_BYTES} bytes" in info.value.message
    assert info.value.extra == {"size": MAX_ARG_BYTES + 1, "limit": MAX_ARG_BYTES}


def test_codex_counts_escapes_against_the_limit():
    # 90,000 bytes of text, but 140,000 bytes once each newline is escaped as two.
    text = "\n" * 50_000 + "é" * 20_000
    assert len(text.encode()) < MAX_ARG_BYTES
    with pytest.raises(PayloadTooLarge):
        payload("codex", text)


# --- OpenCode ----------------------------------------------------------------------


def test_opencode_config_content_and_context_paths():
    p = payload("opencode", env={"HOME": "/home/user"})
    assert p["args"] == []
    assert p["mechanism"] == "opencode-config-content"
    assert json.loads(p["env"]["OPENCODE_CONFIG_CONTENT"]) == {"instructions": [INSTRUCTIONS_PATH]}
    assert json.loads(p["env"]["OPENCODE_CONTEXTPATHS"]) == [*OPENCODE_DEFAULT_CONTEXT_PATHS, INSTRUCTIONS_PATH]
    assert p["env"]["HOME"] == "/home/user"


def test_opencode_merges_the_callers_config():
    theirs = {"model": "anthropic/x", "instructions": ["docs/rules.md"], "mcp": {"a": {"enabled": True}}}
    p = payload("opencode", env={"OPENCODE_CONFIG_CONTENT": json.dumps(theirs)})
    assert json.loads(p["env"]["OPENCODE_CONFIG_CONTENT"]) == {
        **theirs,
        "instructions": ["docs/rules.md", INSTRUCTIONS_PATH],
    }


def test_opencode_does_not_repeat_our_path():
    theirs = {"instructions": [INSTRUCTIONS_PATH, "x.md"]}
    env = {"OPENCODE_CONFIG_CONTENT": json.dumps(theirs), "OPENCODE_CONTEXTPATHS": json.dumps([INSTRUCTIONS_PATH])}
    p = payload("opencode", env=env)
    assert json.loads(p["env"]["OPENCODE_CONFIG_CONTENT"]) == theirs
    assert json.loads(p["env"]["OPENCODE_CONTEXTPATHS"]) == [INSTRUCTIONS_PATH]


def test_opencode_merges_the_callers_context_paths():
    p = payload("opencode", env={"OPENCODE_CONTEXTPATHS": json.dumps(["AGENTS.md", "x/"])})
    assert json.loads(p["env"]["OPENCODE_CONTEXTPATHS"]) == ["AGENTS.md", "x/", INSTRUCTIONS_PATH]


@pytest.mark.parametrize(
    "env",
    [
        {"OPENCODE_CONFIG_CONTENT": "[1, 2]"},
        {"OPENCODE_CONFIG_CONTENT": '"a string"'},
        {"OPENCODE_CONFIG_CONTENT": "{not json"},
        {"OPENCODE_CONFIG_CONTENT": '{"a": NaN}'},
        {"OPENCODE_CONFIG_CONTENT": '{"instructions": "one.md"}'},
        {"OPENCODE_CONTEXTPATHS": '{"a": 1}'},
        {"OPENCODE_CONTEXTPATHS": "[1]"},
    ],
)
def test_opencode_refuses_what_it_cannot_merge(env):
    with pytest.raises(InvalidInput) as info:
        payload("opencode", env=env)
    assert info.value.status == 400


# --- env and skip ------------------------------------------------------------------


@pytest.mark.parametrize("agent", sorted(AGENTS))
def test_skip_os_instructions_injects_nothing(agent):
    env = {"OPENCODE_CONFIG_CONTENT": "not even json", "KEY": "v"}
    files = compose_files(instructions_md=TEXT, environment={"agent": agent})
    p = payload(agent, env=env, skip_os_instructions=True, files=files)
    assert p["args"] == []
    assert p["env"] == env
    assert p["files"] == {**files, **agent_files(agent, TEXT)}  # the mount stays, the agent's own files too
    assert p["mechanism"] == MECHANISM_SKIPPED


@pytest.mark.parametrize("agent", sorted(AGENTS))
def test_caller_env_passes_through(agent):
    env = {"PATH": "/usr/bin", "ANTHROPIC_API_KEY": "secret", "EMPTY": ""}
    p = payload(agent, env=env)
    assert {k: p["env"][k] for k in env} == env


@pytest.mark.parametrize(
    "env", [{"": "x"}, {"A=B": "x"}, {"A": "nul\x00"}, {"A": 1}, ["A=1"], {"A": "\udcff"}], ids=repr
)
def test_bad_env_is_invalid(env):
    with pytest.raises(InvalidInput):
        payload("claude-code", env=env)


@pytest.mark.parametrize("agent", sorted(AGENTS))
def test_nul_in_text_is_invalid(agent):
    with pytest.raises(InvalidInput, match="NUL"):
        payload(agent, "a\x00b\n")


@pytest.mark.parametrize("agent", sorted(AGENTS))
def test_an_oversized_caller_variable_is_refused(agent):
    big = "v" * MAX_ARG_BYTES  # "BIG=" makes it 4 bytes too long
    with pytest.raises(PayloadTooLarge, match="BIG"):
        payload(agent, env={"BIG": big})
    assert payload(agent, env={"BIG": big[:-4]})["env"]["BIG"] == big[:-4]


# --- size: three maximal scopes ----------------------------------------------------


def maximal_instructions(char: str) -> str:
    merged = "\n\n".join(f"# [{scope}]\n" + char * 50_000 for scope in ("user", "workspace", "session"))
    return compose_instructions_md(os_text="# Environment\nA VM.\n", merged=merged, additional=char * 50_000)


@pytest.mark.parametrize("char", ["é", "中", "😀", "x"])
@pytest.mark.parametrize("agent", sorted(AGENTS))
def test_no_exec_string_over_the_limit_with_maximal_scopes(agent, char):
    text = maximal_instructions(char)
    assert len(text.encode()) > MAX_ARG_BYTES
    try:
        p = payload(agent, text, env={"TERM": "xterm"})
    except PayloadTooLarge as exc:
        assert agent == "codex"
        assert f"{MAX_ARG_BYTES} bytes" in exc.message
        return
    assert agent != "codex"
    assert max(len(s) for s in exec_strings(p)) <= MAX_ARG_BYTES
    assert p["files"][INSTRUCTIONS_PATH] == text
    if agent == "gemini":
        assert p["args"] == ["--include-directories=/etc/agentos"]
    else:
        assert INSTRUCTIONS_PATH in " ".join(p["args"]) + json.dumps(p["env"])


# --- the bundle directory ----------------------------------------------------------


@pytest.mark.parametrize("agent", sorted(AGENTS))
@pytest.mark.parametrize("text", [TEXT, "one line", maximal_instructions("é")])
def test_every_path_handed_out_names_the_bundle_directory(agent, text):
    """Inline text may mention /etc/agentos itself (the VM's OS text does): it stays as written,
    and every path the payload hands out names the session's directory, none the default."""
    bundle_dir = "/run/user/1000/agentos-bundle-k2 x"
    text = text + "\n\nThe VM keeps it in /etc/agentos/instructions.md."
    files = compose_files(instructions_md=text, environment={"agent": agent}, bundle_dir=bundle_dir)
    try:
        p = payload(agent, text, files=files, bundle_dir=bundle_dir, env={"OPENCODE_CONTEXTPATHS": '["a.md"]'})
    except PayloadTooLarge:
        assert agent == "codex"
        return
    assert all(path.startswith(bundle_dir + "/") for path in p["files"])
    assert p["files"][f"{bundle_dir}/instructions.md"] == text
    # What is not the text itself (Codex's whole argument is the text, as TOML).
    paths = [a for a in p["args"] if a != text and agent != "codex"] + [
        v for k, v in p["env"].items() if k in ("OPENCODE_CONFIG_CONTENT", "OPENCODE_CONTEXTPATHS")
    ]
    assert "/etc/agentos" not in " ".join(paths)
    if agent == "codex" or (agent in ("claude-code", "pi") and p["mechanism"] == "append-system-prompt"):
        assert "/etc/agentos/instructions.md" in " ".join(p["args"])  # the inline text, as written
    elif agent == "gemini":
        assert p["args"] == [f"--include-directories={bundle_dir}"]
    elif agent == "opencode":
        assert json.loads(p["env"]["OPENCODE_CONFIG_CONTENT"])["instructions"] == [f"{bundle_dir}/instructions.md"]
        assert json.loads(p["env"]["OPENCODE_CONTEXTPATHS"]) == ["a.md", f"{bundle_dir}/instructions.md"]
    else:
        assert p["args"][1] == f"{bundle_dir}/instructions.md"


@pytest.mark.parametrize("bundle_dir", ["relative", "/", "/a/", "/a//b", "//a", "/a/./b", "/a/../b", "/a/..", "/a\x1b"])
def test_a_bundle_directory_that_is_not_canonical_is_refused(bundle_dir):
    with pytest.raises(InvalidInput, match="bundle_dir"):
        payload("claude-code", bundle_dir=bundle_dir)


def test_files_must_be_in_the_bundle_directory():
    with pytest.raises(ValueError, match=r"/b/instructions\.md"):
        payload("claude-code", files={INSTRUCTIONS_PATH: TEXT}, bundle_dir="/b")
