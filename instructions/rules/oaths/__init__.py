"""The oath check: does a body try to remove one of the credo's oaths?

Rules are data (``harness/credo-map.json``): per oath, lexicons of the actions that break it (verb and
object families, in English and fourteen other languages) and rules that combine them. This package
compiles them once into a ``RuleSet`` (``compile``) and checks text against it (``check``):

- ``text``: views of the body that quote back to the original (normalisation, decoding, obfuscation);
- ``segment``: units (sentences, list items, cells, headings, code lines, comments) and their context;
- ``cues`` and ``decide``: the modality of a unit (instruction, prohibition, permission, question,
  description, mention) and the verdict per rule kind;
- ``check``: the rule pass over a body (``check_rules``; ``check_text_uncached`` without its cache);
- ``learned``: a linear model over hashed n-grams of each unit (plain weight arrays in ``data/``);
- ``confidence``: the combiner that gives every finding a ``confidence`` and a ``tier`` (``hold`` or
  ``review``) and adds the units the model flags where no rule fired (``check_text``, the check every
  entry point uses).

Pure: no Django, no database, no disk. Linear in the body's length (RE2 and linear passes only), and
bounded by a budget of CPU time when the caller gives one (``budget``): a check that spends it holds the
text for review with one finding, ``CHECK_DID_NOT_FINISH``.
"""

from instructions.rules.oaths.check import check_text as check_rules
from instructions.rules.oaths.check import check_text_uncached
from instructions.rules.oaths.compile import compile_rules
from instructions.rules.oaths.confidence import HOLD, LEARNED_RULE_ID, REVIEW, check_text, clear_cache
from instructions.rules.oaths.model import (
    CHECK_DID_NOT_FINISH,
    EMPTY_RULES,
    PASS,
    CompiledRule,
    Finding,
    OathResult,
    RuleError,
    RuleSet,
    Status,
)
from instructions.rules.oaths.views import View, normalize

__all__ = [
    "CHECK_DID_NOT_FINISH",
    "EMPTY_RULES",
    "HOLD",
    "LEARNED_RULE_ID",
    "PASS",
    "REVIEW",
    "CompiledRule",
    "Finding",
    "OathResult",
    "RuleError",
    "RuleSet",
    "Status",
    "View",
    "check_rules",
    "check_text",
    "check_text_uncached",
    "clear_cache",
    "compile_rules",
    "normalize",
]
