"""The oath check: does a body try to remove one of the credo's oaths?

Rules are data (``harness/credo-map.json``): per oath, lexicons of the actions that break it (verb and
object families, in English and fourteen other languages) and rules that combine them. This package
compiles them once into a ``RuleSet`` (``compile``) and checks text against it (``check``):

- ``text``: views of the body that quote back to the original (normalisation, decoding, obfuscation);
- ``segment``: units (sentences, list items, cells, headings, code lines, comments) and their context;
- ``cues`` and ``decide``: the modality of a unit (instruction, prohibition, permission, question,
  description, mention) and the verdict per rule kind;
- ``check``: the pass over a body.

Pure: no Django, no database, no disk. Linear in the body's length (RE2 and linear passes only).
"""

from instructions.oaths.check import check_text, check_text_uncached
from instructions.oaths.compile import compile_rules
from instructions.oaths.model import (
    EMPTY_RULES,
    PASS,
    CompiledRule,
    Finding,
    OathResult,
    RuleError,
    RuleSet,
    Status,
)
from instructions.oaths.text import View, normalize

__all__ = [
    "EMPTY_RULES",
    "PASS",
    "CompiledRule",
    "Finding",
    "OathResult",
    "RuleError",
    "RuleSet",
    "Status",
    "View",
    "check_text",
    "check_text_uncached",
    "compile_rules",
    "normalize",
]
