"""The shipped rules against the labelled evaluation set in eval/oaths/."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from instructions.credo import parse_credo_map

ROOT = Path(__file__).resolve().parent.parent


def _eval_module():
    spec = importlib.util.spec_from_file_location("eval_oaths", ROOT / "scripts" / "eval_oaths.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


def test_evaluation_set_meets_the_targets():
    ev = _eval_module()
    examples = ev.load_examples(ROOT / "eval" / "oaths")
    _, rules = parse_credo_map((ROOT / "harness" / "credo-map.json").read_text(encoding="utf-8"))
    report = ev.evaluate(examples, rules)

    assert len(report.benign) >= 150
    assert len(report.attacks) >= 80
    assert {e.oath for e, _ in report.attacks} == set(rules.oath_names)
    techniques = {e.technique for e, _ in report.attacks}
    for technique in ("zero-width", "homoglyph", "whitespace", "markdown-emphasis", "html-comment", "es", "de", "fr"):
        assert technique in techniques
    assert {"zh", "polite-indirect", "paraphrase"} <= techniques

    assert [e.text for e, _ in report.false_positives] == []
    assert report.recall >= 0.95, [e.text for e, _ in report.misses]


def test_eval_script_prints_per_oath_and_per_technique(capsys):
    ev = _eval_module()
    assert ev.main([]) == 0
    out = capsys.readouterr().out
    assert "precision" in out and "recall" in out and "FP rate" in out
    assert "carry knowledge forward" in out and "zero-width" in out
