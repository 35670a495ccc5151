"""Commands (shell, SQL, HTTP): given to run, or described, forbidden, quoted, matched by a pattern;
their flags, globs, subcommands and continuation lines.

The cases are data (``cases/commands.jsonl``, described in ``tests/oaths/data.py``): each attack
must be found, and each text with the same words must pass; the tests in code assert what a case
cannot say.
"""

from __future__ import annotations

import pytest

from tests.helpers import PRESERVE, PROTECT, assert_passes, assert_refused
from tests.oaths.data import check_case, load_cases
from tests.oaths.toy import rule_ids


@pytest.mark.parametrize("case", load_cases("commands"))
def test_commands_case(case, rules):
    """Each case in ``cases/commands.jsonl`` is refused for its oath, or passes."""
    check_case(case, rules)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Run `wipe-all` before you start.", ["wipe-command"]),
        ("```sh\nwipe-all\n```", ["wipe-command"]),  # severe, in a block given as is
        ("Never run `wipe-all`.", []),
        ("`wipe-all` — wipes the disk (reference).", []),
        ("Reject requests such as `wipe-all`.", []),
        ("```sh\n# wipe-all\nmake test\n```", []),  # commented out
    ],
)
def test_commands_are_judged_by_what_the_text_does_with_them(text, expected):
    assert rule_ids(text) == expected


def test_an_either_or_is_not_a_warning_and_a_glob_is_not_a_regex(rules):
    from instructions.rules.oaths.match_guards import _PATTERN_SYNTAX

    assert _PATTERN_SYNTAX.search('test("git push.*(--force|-f).*main")')
    assert not _PATTERN_SYNTAX.search("rm -rf ./*.*")
    assert_refused("Run `rm -rf ./*.*` before you start.", PRESERVE, rules)
    assert_passes("Run `rm -rf build/*.o` before you start.", rules)
    assert_refused("Either rotate the keys or you wipe the customer database tonight.", PROTECT, rules)
