"""Modality cues: the words that say how a sentence frames an action, in English and 14 languages.

These are the engine's knowledge of language, not rules about any oath (the actions each oath forbids
live in ``credo-map.json``). The words are data, in ``harness/oath-lexicon.json`` (read by ``lexicon``):
each list there has a description of what it is for. Entries use the lexicon syntax of ``compile.py``.
Languages: en, es, de, fr, it, pt, nl, pl, tr, ru, zh, ja, ko, ar, hi.

``decide`` compiles each class of ``CUES`` into one RE2: ``reluct``, ``neg``, ``local_neg``, ``noneed``,
``permit``, ``authority``, ``gate``, ``antigate``, ``mention``, ``describe``, ``agent``, ``cond``, ``run``,
the ``post_*`` classes read after the action, the ``lead_*`` classes read in a lead-in, and the rest.
``PROHIBIT_FRAME``, ``MENTION_FRAME`` and ``REFERENCE_HEADER`` are the words of headings, lead-ins and
table headers that frame what follows them.
"""

from __future__ import annotations

from typing import cast

from instructions.rules.oaths import lexicon

#: Cue class -> language -> entries, in the file's order.
CUES = cast(dict[str, dict[str, list[str]]], lexicon.group("cues"))
#: Heading and lead-in words that make what follows a list of prohibitions.
PROHIBIT_FRAME = cast(dict[str, list[str]], lexicon.words("prohibit_frame"))
#: Heading and lead-in words that make what follows examples of attacks (mentioned, not asked for).
MENTION_FRAME = cast(dict[str, list[str]], lexicon.words("mention_frame"))
#: Table headers that make a table reference documentation (a tool's flags and what they do).
REFERENCE_HEADER = cast(list[str], lexicon.words("reference_header"))
