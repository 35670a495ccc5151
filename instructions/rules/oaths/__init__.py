"""The oath check: does a body try to remove one of the credo's oaths?

Rules are data (``harness/credo-map.json``): per oath, lexicons of the actions that break it (verb and
object families, in English and fourteen other languages) and rules that combine them. This package
compiles them once into a ``RuleSet`` and checks text against it. Its modules, by mechanism:

- compiling the rules: ``compile`` (the map validated into a ``RuleSet``), ``templates`` (lexicon entries
  and template tokens to RE2 sources), ``inflections`` (English participles), ``automata`` (RE2 and a
  rule's ``TemplateUnion``);
- views of a body that quote back to the original: ``views`` (normalisation), ``obfuscation`` (leetspeak,
  letter-spaced and split words), ``ciphers`` (ROT13, ROT47, Caesar, Atbash, Vigenère), ``decoders``
  (base64, hex, Morse and other encodings), ``invisible`` (text in characters nobody sees);
- the body: ``segment`` (units and their structural context), ``document`` (its units, base view,
  lookups and counters), ``alt_view`` and ``payloads`` (the alternative readings, encoded and hidden
  payloads);
- the pass over a body: ``check`` (every rule over the views; ``results``, the remembered results),
  ``matching`` (a match's template, head and gaps), ``findings`` (the quoted span, pattern rules, a check
  that did not finish);
- judging one match: ``judge`` (its tables of guards, in order, then the reading and the verdict), with
  ``candidate`` and the guards of ``match_guards``, ``requirements`` and ``code_lines``;
- reading its modality: ``decide`` (``read``, step by step over a ``clauses.Clause``), ``cues`` and
  ``cue_set`` (the cue words, compiled), ``clauses``, ``frames``, ``gates``, ``denials``, ``verb_forms``,
  ``commands`` (what runs a command) and ``language``; ``verdicts`` (the verdict per rule kind);
- ``model`` (the data types) and ``budget`` (the check's allowances);
- beside the rules: ``learned`` (a linear model over hashed n-grams of each unit; plain weight arrays in
  ``data/``) and ``confidence`` (the combiner that gives every finding a ``confidence`` and a ``tier``,
  ``hold`` or ``review``, and adds the units the model flags where no rule fired).

``check_text`` is the check every entry point uses (``confidence.check_text``: rules, model, combiner);
``check_rules`` is the rule pass alone (``check.check_text``; ``check_text_uncached`` without its cache).

Every ladder of conditions is a table of named rows read in order (``judge.MATCH_GUARDS``,
``decide.READ_STEPS``, ``verb_forms.VERB_FORMS``, ``verdicts.KIND_VERDICTS``, ...).

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
