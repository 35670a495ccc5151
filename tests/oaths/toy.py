"""A toy credo for the tests of the reading (structure, modality, commands), not of the shipped
lexicons: one harm ("delete the data"), one duty ("run the tests") and one command.
"""

from __future__ import annotations

from instructions.rules.oaths import check_text_uncached, compile_rules

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
