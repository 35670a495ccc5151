"""The oath check's word lists, read once from ``harness/oath-lexicon.json``.

The file holds the engine's knowledge of language (modality cues, heading frames, the words that split
sentences), not rules about any oath: those are ``credo-map.json``. It sits beside the shipped credo map,
but ``AGENTOS_CREDO_DIR`` does not move it: a credo folder of one's own still runs on these words.

The file is a few groups (``cues``, ``frames``, ``sentences``); each group has an ``about`` and named
lists, each with a ``description`` and its ``words``: one list of entries, or one list per language code.
An entry that starts with ``"# "`` is a note for the reader, dropped here. Names are unique across groups.
A missing or malformed file stops the import with a ``LexiconError`` naming the place.
"""

from __future__ import annotations

import json
from pathlib import Path

#: The repository's ``harness/`` folder, where ``credo-map.json`` is shipped (``settings.BASE_DIR / "harness"``).
LEXICON_PATH = Path(__file__).resolve().parents[3] / "harness" / "oath-lexicon.json"
NOTE = "# "

Words = list[str] | dict[str, list[str]]


class LexiconError(Exception):
    """The lexicon file cannot be used as it is; the message says where."""


def _entries(items: object, where: str) -> list[str]:
    if not isinstance(items, list) or not all(isinstance(e, str) and e.strip() for e in items):
        raise LexiconError(f"{where}: must be a list of non-empty strings")
    return [e for e in items if not e.startswith(NOTE)]


def _words(words: object, where: str) -> Words:
    if isinstance(words, dict):
        return {lang: _entries(items, f"{where}.{lang}") for lang, items in words.items()}
    return _entries(words, where)


def read(path: Path = LEXICON_PATH) -> dict[str, dict[str, Words]]:
    """Every group of the file: {group: {list name: words}}, in the file's order, notes dropped."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise LexiconError(f"{path}: {exc}") from None
    groups: dict[str, dict[str, Words]] = {}
    seen: set[str] = set()
    for group, lists in data.items():
        if group == "about":
            continue
        if not isinstance(lists, dict):
            raise LexiconError(f"{path.name}: {group}: must be an object of named lists")
        groups[group] = {}
        for name, entry in lists.items():
            if name == "about":
                continue
            where = f"{path.name}: {group}.{name}"
            if name in seen:
                raise LexiconError(f"{where}: the name is used twice")
            if not isinstance(entry, dict) or set(entry) != {"description", "words"}:
                raise LexiconError(f"{where}: must be an object of a description and words")
            seen.add(name)
            groups[group][name] = _words(entry["words"], f"{where}.words")
    return groups


_GROUPS = read()


def group(name: str) -> dict[str, Words]:
    """The lists of one group, by name, in the file's order."""
    return _GROUPS[name]


def words(name: str) -> Words:
    """The words of one list, whichever group holds it."""
    for lists in _GROUPS.values():
        if name in lists:
            return lists[name]
    raise KeyError(name)
