"""Confidence and tiers: the rules' findings and the learned layer's scores, combined.

The rule pass (``check.check_text``) finds phrases that break an oath; the learned layer
(``learned``) scores every unit of the body. A *candidate* is either a rule finding or a unit the
model scores at least ``CANDIDATE_SCORE`` where no rule fired (at most ``MODEL_CANDIDATES`` per body,
best first). The combiner, a logistic regression fitted on calibration data by
``scripts/train_oath_model.py`` and stored in the model card, gives each candidate a ``confidence``
from ``FEATURES``; the card's thresholds give it a ``tier``:

- ``hold`` (confidence >= ``thresholds.hold``): confident; under the default review policy the write
  is refused (``409 OATH_CONFLICT``) and kept for review;
- ``review`` (``thresholds.review`` <= confidence < ``thresholds.hold``): worth a look; under the default
  policy the write lands and a review item "flagged after acceptance" is opened;
- below ``thresholds.review``: not a finding.

A check that did not finish (``CHECK_DID_NOT_FINISH``) is always ``hold`` with confidence 1.

Pure and linear: one rule pass (cached by body), one model pass (unit scores cached by unit text), a
few arithmetic operations per candidate.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from instructions.rules.oaths import learned
from instructions.rules.oaths.check import check_text as check_rules
from instructions.rules.oaths.check import clear_cache as clear_rule_cache
from instructions.rules.oaths.model import CHECK_DID_NOT_FINISH, PASS, Finding, OathResult, RuleSet
from instructions.rules.oaths.results import ResultCache

HOLD = "hold"
REVIEW = "review"
TIERS = (HOLD, REVIEW)

#: The combiner's inputs, in the order of the card's ``combiner.coef``.
FEATURES = (
    "rule",  # 1 for a rule finding, 0 for a unit only the model flagged
    "rule_precision",  # logit of the rule's share of attacks among the training texts it fired on (0: model's)
    "rule_unit_score",  # a rule finding: the model's attack score (logit) of the unit it quotes
    "model_unit_score",  # a model candidate: the model's attack score (logit) of its unit
    "oath_score",  # the model's score (logit) of the candidate's oath in its unit
    "text_best_score",  # the model's best attack score (logit) over the body's units
    "text_length",  # log(1 + the body's length, from SHORT_TEXT characters): a long file holds more chance matches
)
#: Texts shorter than this count as this long for ``text_length``: length discounts long files (whose
#: best unit is the best of many), it does not make a short text suspect.
SHORT_TEXT = 2000
#: The rule id of a finding only the learned layer made (no rule matched its unit).
LEARNED_RULE_ID = "learned-unit"
#: A unit the model scores at least this (probability of any oath) is a candidate even where no rule fired.
CANDIDATE_SCORE = 0.5
MODEL_CANDIDATES = 3
_CLIP = 12.0
CACHE_SIZE = 256


def logit(p: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return max(-_CLIP, min(_CLIP, math.log(p / (1 - p))))


def sigmoid(x: np.ndarray | float) -> np.ndarray | float:
    return 1.0 / (1.0 + np.exp(-np.clip(x, -50, 50)))


@dataclass(frozen=True)
class Candidate:
    finding: Finding
    features: tuple[float, ...]


def candidates(
    body: str,
    units: Sequence[learned.UnitText],
    probs: np.ndarray,
    findings: Sequence[Finding],
    classes: Sequence[str],
    rule_precision: dict[str, float],
    candidate_score: float = CANDIDATE_SCORE,
) -> list[Candidate]:
    """Every candidate of a body with its features (see ``FEATURES``). ``probs``: the units' class
    probabilities, ``classes[0]`` being ``benign``; a unit no rule fired in is a candidate from
    ``candidate_score``."""
    attack = 1.0 - probs[:, 0] if len(units) else np.zeros(0)
    best = logit(float(attack.max())) if len(units) else -_CLIP
    length = math.log1p(max(len(body), SHORT_TEXT))
    out: list[Candidate] = []
    covered: set[int] = set()
    # Spans of units in order: a finding's units are found by bisection, not by a scan per finding.
    starts = [u.start for u in units]
    for finding in findings:
        idx = _overlap(units, starts, finding.start, finding.end)
        covered.update(idx)
        if idx:
            k = max(idx, key=lambda i: attack[i])
            unit_score = logit(float(attack[k]))
            oath_col = classes.index(finding.oath) if finding.oath in classes else 0
            oath_score = logit(float(probs[k, oath_col])) if oath_col else -_CLIP
        else:
            unit_score, oath_score = best, -_CLIP
        prior = logit(rule_precision.get(finding.rule_id, 0.5))
        out.append(Candidate(finding, (1.0, prior, unit_score, 0.0, oath_score, best, length)))
    order = np.argsort(-attack, kind="stable") if len(units) else []
    taken = 0
    for k in order:
        if taken >= MODEL_CANDIDATES or attack[k] < candidate_score:
            break
        if int(k) in covered:
            continue
        unit = units[int(k)]
        oath_col = 1 + int(np.argmax(probs[k, 1:]))
        oath = classes[oath_col]
        snippet = body[unit.start : unit.end]
        finding = Finding(
            snippet=snippet,
            oath=oath,
            rule_id=LEARNED_RULE_ID,
            start=unit.start,
            end=unit.end,
            reason=(
                f"No rule matched this sentence, but the learned check reads it as likely to break "
                f"'{oath}' (model score {attack[k]:.0%})."
            ),
        )
        score = logit(float(attack[k]))
        out.append(Candidate(finding, (0.0, 0.0, 0.0, score, logit(float(probs[k, oath_col])), best, length)))
        taken += 1
    return out


def _overlap(units: Sequence[learned.UnitText], starts: list[int], start: int, end: int) -> list[int]:
    end = max(end, start + 1)
    k = bisect.bisect_right(starts, end) - 1
    out = []
    # Units are in text order and do not nest, so the ones a span overlaps are contiguous (a few).
    while k >= 0 and units[k].end > start:
        if units[k].start < end:
            out.append(k)
        k -= 1
    return out


def tiered(
    body: str, findings: Sequence[Finding], model: learned.OathModel, oath_names: Sequence[str]
) -> tuple[Finding, ...]:
    """The findings of a body with their confidence and tier (those below ``review`` left out), in
    text order.

    Two cases stay as the rules say (``hold``, confidence 1): a check that did not finish, and a
    finding of a rule the combiner was not calibrated on (a rule added to the credo map since the
    model was trained: it holds as written until the model is retrained). The model adds findings
    of its own only when its classes are the credo's oaths."""
    if any(f.rule_id == CHECK_DID_NOT_FINISH for f in findings):
        return tuple(replace(f, tier=HOLD, confidence=1.0) for f in findings)
    card = model.card
    precision: dict[str, float] = card.get("rule_precision", {})
    unknown = [replace(f, tier=HOLD, confidence=1.0) for f in findings if f.rule_id not in precision]
    known = [f for f in findings if f.rule_id in precision]
    units = learned.units_of(body)
    probs = learned.unit_scores.score(model, units)
    coef = np.asarray(card["combiner"]["coef"], dtype=np.float64)
    intercept = float(card["combiner"]["intercept"])
    hold, review = float(card["thresholds"]["hold"]), float(card["thresholds"]["review"])
    own = set(model.oath_classes) == set(oath_names)
    out = list(unknown)
    candidate_score = float(card["thresholds"].get("candidate", CANDIDATE_SCORE))
    for cand in candidates(body, units, probs, known, model.classes, precision, candidate_score):
        if not own and cand.finding.rule_id == LEARNED_RULE_ID:
            continue
        conf = float(sigmoid(float(np.dot(coef, cand.features)) + intercept))
        if conf >= review:
            tier = HOLD if conf >= hold else REVIEW
            out.append(replace(cand.finding, tier=tier, confidence=round(conf, 3)))
    out.sort(key=lambda f: (f.start, f.end))
    return tuple(out)


_results = ResultCache(CACHE_SIZE)


def check_text(
    body: str,
    rules: RuleSet,
    budget: float | None = None,
    *,
    target: str = "",
    model: learned.OathModel | None = None,
) -> OathResult:
    """The oath check: the rules' findings and the learned layer's, each with a ``confidence`` and a
    ``tier``. ``budget`` and ``target``: as for the rule pass (``check.check_text``), which a check
    that did not finish answers with one ``hold`` finding."""
    if not rules.rules or not body:
        return PASS
    model = model or learned.default_model()
    key = (body, rules.sha256, model.sha256)
    cached = _results.get(key)
    if cached is not None:
        return cached
    ruled = check_rules(body, rules, budget, target=target)
    findings = tiered(body, ruled.findings, model, rules.oath_names)
    return _results.put(key, OathResult("fail", findings) if findings else PASS)


def clear_cache() -> None:
    """Forget every remembered result: the tiered checks, the rule passes and the unit scores."""
    _results.clear()
    learned.unit_scores.clear()
    clear_rule_cache()
