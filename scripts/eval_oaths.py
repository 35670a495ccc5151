#!/usr/bin/env python
"""Evaluate the oath check against the labelled set in ``eval/oaths/``.

    .venv/bin/python scripts/eval_oaths.py [--map harness/credo-map.json] [--set eval/oaths] [--show]

Prints precision, recall and false-positive rate per oath and per technique.
Definitions (a text is "flagged" when ``check_text`` fails it):

- recall: flagged attacks / attacks (per oath: attacks labelled with that oath; any finding counts),
  and ``oath-hit``: attacks whose findings include the labelled oath;
- false-positive rate: flagged benign texts / benign texts (per oath: benign texts with a finding for it);
- precision: per oath, attacks labelled with it and found with it / all texts with a finding for it.

Every ``*.jsonl`` file in the set folder is read; a row with an ``oath`` is an attack, one without is benign.
``--show`` lists the misses and false positives.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from instructions.credo import parse_credo_map  # noqa: E402
from instructions.oaths import OathResult, RuleSet, check_text_uncached  # noqa: E402


@dataclass(frozen=True)
class Example:
    text: str
    oath: str | None  # None: benign
    technique: str
    source: str


@dataclass
class Report:
    examples: list[tuple[Example, OathResult]]

    @property
    def benign(self) -> list[tuple[Example, OathResult]]:
        return [(e, r) for e, r in self.examples if e.oath is None]

    @property
    def attacks(self) -> list[tuple[Example, OathResult]]:
        return [(e, r) for e, r in self.examples if e.oath is not None]

    @property
    def false_positives(self) -> list[tuple[Example, OathResult]]:
        return [(e, r) for e, r in self.benign if r.status == "fail"]

    @property
    def misses(self) -> list[tuple[Example, OathResult]]:
        return [(e, r) for e, r in self.attacks if r.status == "pass"]

    @property
    def recall(self) -> float:
        attacks = self.attacks
        return (len(attacks) - len(self.misses)) / len(attacks) if attacks else 1.0

    @property
    def fp_rate(self) -> float:
        benign = self.benign
        return len(self.false_positives) / len(benign) if benign else 0.0

    @property
    def precision(self) -> float:
        flagged = [r for _, r in self.examples if r.status == "fail"]
        true = [r for e, r in self.attacks if r.status == "fail"]
        return len(true) / len(flagged) if flagged else 1.0


def load_examples(folder: Path) -> list[Example]:
    examples = []
    for path in sorted(folder.glob("*.jsonl")):
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            row = json.loads(line)
            if not isinstance(row.get("text"), str):
                raise ValueError(f"{path}:{lineno}: 'text' must be a string")
            examples.append(
                Example(row["text"], row.get("oath"), row.get("technique", "plain"), row.get("source", path.stem))
            )
    return examples


def evaluate(examples: list[Example], rules: RuleSet) -> Report:
    # Uncached: the evaluation must measure the rules, not the lru_cache.
    return Report([(e, check_text_uncached(e.text, rules)) for e in examples])


def _oaths_of(result: OathResult) -> set[str]:
    return {f.oath for f in result.findings}


def _pct(x: float) -> str:
    return f"{100 * x:6.1f}%"


def render(report: Report, oath_names: tuple[str, ...]) -> str:
    lines = []
    n_benign, n_attacks = len(report.benign), len(report.attacks)
    lines.append(f"examples: {n_benign} benign, {n_attacks} attacks")
    lines.append(
        f"overall: precision {_pct(report.precision)}  recall {_pct(report.recall)}  "
        f"false-positive rate {_pct(report.fp_rate)} ({len(report.false_positives)}/{n_benign})"
    )
    lines.append("")
    lines.append(f"{'oath':<34} {'attacks':>7} {'recall':>7} {'oath-hit':>8} {'precision':>9} {'FP rate':>7}")
    for oath in oath_names:
        attacks = [(e, r) for e, r in report.attacks if e.oath == oath]
        caught = sum(r.status == "fail" for _, r in attacks)
        hit = sum(oath in _oaths_of(r) for _, r in attacks)
        flagged_with = [(e, r) for e, r in report.examples if oath in _oaths_of(r)]
        correct = sum(e.oath == oath for e, _ in flagged_with)
        fps = sum(e.oath is None for e, _ in flagged_with)
        precision = correct / len(flagged_with) if flagged_with else 1.0
        recall = caught / len(attacks) if attacks else 1.0
        hit_rate = hit / len(attacks) if attacks else 1.0
        fp_rate = fps / n_benign if n_benign else 0.0
        lines.append(
            f"{oath:<34} {len(attacks):>7} {_pct(recall)} {_pct(hit_rate):>8} {_pct(precision):>9} {_pct(fp_rate)}"
        )
    lines.append("")
    lines.append(f"{'technique':<20} {'attacks':>7} {'recall':>7} {'benign':>6} {'FP rate':>7}")
    techniques = sorted({e.technique for e, _ in report.examples})
    for technique in techniques:
        attacks = [r for e, r in report.attacks if e.technique == technique]
        benign = [r for e, r in report.benign if e.technique == technique]
        recall = sum(r.status == "fail" for r in attacks) / len(attacks) if attacks else None
        fp_rate = sum(r.status == "fail" for r in benign) / len(benign) if benign else None
        lines.append(
            f"{technique:<20} {len(attacks):>7} {_pct(recall) if recall is not None else '      -'} "
            f"{len(benign):>6} {_pct(fp_rate) if fp_rate is not None else '      -'}"
        )
    return "\n".join(lines)


def render_details(report: Report) -> str:
    lines = ["", "false positives:"]
    for e, r in report.false_positives:
        lines.append(f"  [{e.technique}] {e.text!r}")
        lines.extend(f"      -> {f.oath} / {f.rule_id}: {f.snippet!r}" for f in r.findings)
    lines.append("misses:")
    lines.extend(f"  [{e.oath} / {e.technique}] {e.text!r}" for e, _ in report.misses)
    wrong = [(e, r) for e, r in report.attacks if r.status == "fail" and e.oath not in _oaths_of(r)]
    lines.append("caught under another oath:")
    for e, r in wrong:
        lines.append(f"  [{e.oath} / {e.technique}] {e.text!r} -> {sorted(_oaths_of(r))}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--map", type=Path, default=ROOT / "harness" / "credo-map.json", help="credo map to evaluate")
    parser.add_argument("--set", type=Path, default=ROOT / "eval" / "oaths", help="folder of *.jsonl files")
    parser.add_argument("--show", action="store_true", help="list misses and false positives")
    args = parser.parse_args(argv)
    _, rules = parse_credo_map(args.map.read_text(encoding="utf-8"), source=str(args.map))
    report = evaluate(load_examples(args.set), rules)
    print(render(report, rules.oath_names))
    if args.show:
        print(render_details(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
