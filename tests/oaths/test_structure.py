"""Structure: how a body is cut into units with their context (lists and their lead-ins, tables,
headings, code and its comments) and where a clause ends (dashes, colons, keys, asides, pronouns).

The cases are data (``cases/structure.jsonl``, described in ``tests/oaths/data.py``): each attack
must be found, and each text with the same words must pass; the tests in code assert what a case
cannot say.
"""

from __future__ import annotations

import pytest

from instructions.rules.oaths import PASS, check_text_uncached
from instructions.rules.oaths.document import Document
from tests.oaths.data import check_case, load_cases
from tests.oaths.toy import TOY


@pytest.mark.parametrize("case", load_cases("structure"))
def test_structure_case(case, rules):
    """Each case in ``cases/structure.jsonl`` is refused for its oath, or passes."""
    check_case(case, rules)


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


def test_empty_and_markup_only_bodies_pass():
    for body in ("", "\n\n", "---\n---", "<!-- -->", "```\n```", "| |\n|---|"):
        assert check_text_uncached(body, TOY) is PASS
