"""The oath check's word lists are data (``harness/oath-lexicon.json``), read once by ``lexicon``."""

from __future__ import annotations

import json
import re

import pytest
from django.conf import settings

from instructions.rules.oaths import cues, lexicon
from instructions.rules.oaths.lexicon import LEXICON_PATH, LexiconError, read


def test_the_lexicon_ships_beside_the_credo_map():
    assert LEXICON_PATH.parent == settings.BASE_DIR / "harness"
    assert (LEXICON_PATH.parent / "credo-map.json").is_file()
    assert LEXICON_PATH.is_file()


def test_every_list_says_what_it_is_for():
    data = json.loads(LEXICON_PATH.read_text(encoding="utf-8"))
    assert data["about"]
    for group, lists in data.items():
        if group == "about":
            continue
        assert lists["about"], group
        for name, entry in lists.items():
            if name != "about":
                assert entry["description"].strip() and entry["words"], f"{group}.{name}"


def test_cues_names_the_loaded_lists():
    assert cues.CUES is lexicon.group("cues")
    assert "reluct" in cues.CUES and "never" in cues.CUES["neg"]["en"]
    assert cues.PROHIBIT_FRAME is lexicon.words("prohibit_frame")
    assert cues.MENTION_FRAME is lexicon.words("mention_frame")
    assert cues.REFERENCE_HEADER is lexicon.words("reference_header")
    assert not any(e.startswith(lexicon.NOTE) for langs in cues.CUES.values() for es in langs.values() for e in es)


def _write(tmp_path, data):
    path = tmp_path / "oath-lexicon.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_notes_are_dropped_and_the_order_kept(tmp_path):
    path = _write(
        tmp_path,
        {
            "about": "x",
            "g": {
                "about": "y",
                "b": {"description": "d", "words": {"en": ["# a note", "one", "two"], "de": ["eins"]}},
                "a": {"description": "d", "words": ["x"]},
            },
        },
    )
    groups = read(path)
    assert list(groups["g"]) == ["b", "a"]
    assert groups["g"]["b"] == {"en": ["one", "two"], "de": ["eins"]}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"g": {"a": {"description": "d", "words": ["x", 3]}}}, "g.a.words: must be a list of non-empty strings"),
        ({"g": {"a": {"description": "d", "words": {"en": [""]}}}}, "g.a.words.en: must be a list"),
        ({"g": {"a": {"words": ["x"]}}}, "g.a: must be an object of a description and words"),
        (
            {"g": {"a": {"description": "d", "words": ["x"]}}, "h": {"a": {"description": "d", "words": ["y"]}}},
            "h.a: the name is used twice",
        ),
        ({"g": ["x"]}, "g: must be an object of named lists"),
    ],
)
def test_a_malformed_lexicon_is_refused_with_its_place(tmp_path, data, message):
    with pytest.raises(LexiconError, match=re.escape(message)):
        read(_write(tmp_path, data))


def test_a_missing_lexicon_is_refused(tmp_path):
    with pytest.raises(LexiconError, match=re.escape("oath-lexicon.json")):
        read(tmp_path / "oath-lexicon.json")
