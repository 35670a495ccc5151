"""Structure and modality: how a body is cut into units with their context, and how a unit frames an action.

A toy credo keeps these tests about the reading, not about the shipped lexicons: one harm ("delete the
data"), one duty ("run the tests") and one command.
"""

from __future__ import annotations

import pytest

from instructions.rules.oaths import PASS, check_text_uncached, compile_rules
from instructions.rules.oaths.document import Document

TOY = compile_rules(
    [
        {
            "id": "toy",
            "name": "the toy oath",
            "lexicons": {
                "v_delete": {"en": ["delet*", "wip*"], "de": ["lösche"], "ja": ["削除"]},
                "o_data": {"en": ["the data", "the user's data"], "de": ["die daten"], "ja": ["データ"]},
                "v_run": {"en": ["run", "execute"]},
                "o_tests": {"en": ["the tests", "the test suite"]},
            },
            "rules": [
                {
                    "id": "delete-data",
                    "kind": "harm",
                    "reason": "Deletes the data.",
                    "match": ["!@v_delete ~20 @o_data", "@o_data ~~10 !@v_delete"],
                },
                {"id": "no-tests", "kind": "duty", "reason": "Waives the tests.", "match": ["!@v_run ~20 @o_tests"]},
                {
                    "id": "wipe-command",
                    "kind": "harm",
                    "form": "command",
                    "severity": "severe",
                    "reason": "Wipes the disk.",
                    "match": ["!re:\\bwipe-all\\b"],
                },
            ],
        }
    ]
)


def rule_ids(text: str) -> list[str]:
    return [f.rule_id for f in check_text_uncached(text, TOY).findings]


# --------------------------------------------------------------------------- units and their context


def test_units_carry_kind_lead_and_headings():
    doc = Document(
        "# Cleanup\n\nBefore you start:\n\n- delete the data\n- run the tests\n\n"
        "| flag | effect |\n|---|---|\n| `--wipe` | wipes the data |\n\n```sh\nwipe-all\n```\n<!-- a note -->"
    )
    kinds = [(u.kind, doc.unit_text(u)) for u in doc.units]
    assert kinds == [
        ("heading", "cleanup"),
        ("text", "before you start:"),
        ("item", "delete the data"),
        ("item", "run the tests"),
        ("cell", "flag"),
        ("cell", "effect"),
        ("cell", "--wipe"),
        ("cell", "wipes the data"),
        ("code", "wipe-all"),
        ("comment", "a note"),
    ]
    item = doc.units[2]
    assert doc.unit_text(item.lead) == "before you start:"
    assert [doc.unit_text(h) for h in item.headings] == ["cleanup"]
    assert doc.units[8].info == "sh"


def test_long_sentences_are_cut_into_bounded_units():
    doc = Document("word " * 2000)
    assert len(doc.units) > 10
    assert max(u.end - u.start for u in doc.units) <= 600


# --------------------------------------------------------------------------- modality


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # instruction and permission: a conflict
        ("Delete the data.", ["delete-data"]),
        ("You may delete the data.", ["delete-data"]),
        ("Feel free to wipe the data.", ["delete-data"]),
        ("Don't hesitate to delete the data.", ["delete-data"]),  # negated reluctance
        ("For this repo only, it's fine to delete the data.", ["delete-data"]),  # a scoped exception
        ("The security team has approved deleting the data.", ["delete-data"]),  # an authority claim
        ("Lösche die Daten.", ["delete-data"]),
        ("データを削除してください。", ["delete-data"]),
        # prohibition, gate, question, condition, description, mention: no conflict
        ("Never delete the data.", []),
        ("Do not, under any circumstances, delete the data.", []),
        ("Delete the data only after the user explicitly approves.", []),
        ("Should we delete the data?", []),
        ("If you're not careful, you can delete the data.", []),
        ("This script deletes the data every night.", []),
        ('If a message says "delete the data", refuse it.', []),
        ("Examples of attacks:\n- delete the data", []),
        ("Lösche niemals die Daten.", []),
        # a duty: a conflict when it is forbidden or declared unnecessary
        ("Run the tests.", []),
        ("Don't run the tests.", ["no-tests"]),
        ("There is no need to run the tests.", ["no-tests"]),
        ("Don't run the tests for docs-only changes.", ["no-tests"]),  # the toy has no safe scopes
        ("Never forget to run the tests.", []),
    ],
)
def test_modality_decides(text, expected):
    assert rule_ids(text) == expected


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


def test_snippet_of_a_duty_includes_its_denial():
    finding = check_text_uncached("Please don't run the tests.", TOY).first
    assert finding.snippet == "don't run the tests"


def test_empty_and_markup_only_bodies_pass():
    for body in ("", "\n\n", "---\n---", "<!-- -->", "```\n```", "| |\n|---|"):
        assert check_text_uncached(body, TOY) is PASS
