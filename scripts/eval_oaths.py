#!/usr/bin/env python
"""Evaluate the oath check on a labelled set and on a corpus of real instruction files.

    .venv/bin/python scripts/eval_oaths.py [--map harness/credo-map.json] [--set DIR ...]
        [--manifest FILE --corpus DIR --split dev|sealed] [--show]

``--set DIR`` (repeatable; default ``eval/oaths`` and ``eval/oaths/own``): every ``*.jsonl`` file in DIR
(not its subfolders). A row with an
``oath`` is an attack (``{"text", "oath", "class", "technique", "lang"}``), one without is benign
(``{"text", "class", "lang"}``). v2 rows name their class ``technique``; both are read.

``--manifest FILE --corpus DIR --split S``: real instruction files, all benign. Each manifest row
(``{"repo", "path", "commit", "sha256", "split", ...}``) with ``split == S`` names a file stored at
``DIR/<owner>__<name>/<path with / as __>``. Only rows of the requested split are opened. Without a
corpus, or with files missing, the script says so and evaluates what it has.

``--tiers``: also the tiered check every entry point uses (``check_text``: the rules, the learned
layer and the combiner), per class: the share the rules alone flag, the ``hold`` tier holds, and the
two tiers flag together.

Prints, for the labelled set: overall precision, recall and false-positive rate; attack recall per
class, per oath and per language; benign false positives per class and per language. For the real
files: how many were flagged, per kind of file. ``--show`` lists misses and false positives with the
finding (oath, rule, snippet). Definitions (a text is "flagged" when ``check_text`` fails it):

- recall: flagged attacks / attacks (any finding counts); ``oath-hit``: findings include the labelled oath;
- false-positive rate: flagged benign texts / benign texts;
- precision: flagged attacks / all flagged texts (labelled set only).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from instructions.rules.credo import parse_credo_map  # noqa: E402
from instructions.rules.oaths import OathResult, RuleSet, check_text, check_text_uncached, clear_cache  # noqa: E402


@dataclass(frozen=True)
class Example:
    text: str
    oath: str | None  # None: benign
    cls: str
    technique: str = ""
    lang: str = "en"
    source: str = ""
    id: str = ""


@dataclass
class Report:
    examples: list[tuple[Example, OathResult]] = field(default_factory=list)

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


def _example(row: dict, source: str, where: str) -> Example:
    if not isinstance(row.get("text"), str):
        raise ValueError(f"{where}: 'text' must be a string")
    cls = row.get("class") or row.get("technique") or "plain"
    return Example(
        text=row["text"],
        oath=row.get("oath"),
        cls=str(cls),
        technique=str(row.get("technique", "")),
        lang=str(row.get("lang", "en")),
        source=source,
        id=str(row.get("id", "")),
    )


def load_examples(folder: Path) -> list[Example]:
    """Every row of every ``*.jsonl`` file in ``folder``."""
    examples = []
    for path in sorted(folder.glob("*.jsonl")):
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                examples.append(_example(json.loads(line), path.stem, f"{path}:{lineno}"))
    return examples


@dataclass(frozen=True)
class RealFile:
    repo: str
    path: str
    commit: str
    kind: str
    text: str


def corpus_path(corpus: Path, repo: str, path: str) -> Path:
    return corpus / repo.replace("/", "__") / path.replace("/", "__")


def load_corpus(manifest: Path, corpus: Path | None, split: str) -> tuple[list[RealFile], list[str]]:
    """The real files of ``split`` (only those are opened), and notes about missing or changed ones."""
    notes: list[str] = []
    files: list[RealFile] = []
    rows = [json.loads(line) for line in manifest.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = [r for r in rows if r.get("split") == split]
    if corpus is None or not corpus.is_dir():
        notes.append(f"no corpus folder ({corpus}): {len(rows)} {split} files listed, none evaluated")
        return files, notes
    missing = changed = 0
    for row in rows:
        path = corpus_path(corpus, row["repo"], row["path"])
        if not path.is_file():
            missing += 1
            continue
        data = path.read_bytes()
        if row.get("sha256") and hashlib.sha256(data).hexdigest() != row["sha256"]:
            changed += 1
        text = data.decode("utf-8", errors="replace")
        files.append(RealFile(row["repo"], row["path"], row.get("commit", ""), row.get("kind", ""), text))
    if missing:
        notes.append(f"{missing} of {len(rows)} {split} files are not in {corpus}")
    if changed:
        notes.append(f"{changed} {split} files differ from their manifest sha256")
    return files, notes


def evaluate(examples: list[Example], rules: RuleSet) -> Report:
    # Uncached: the evaluation must measure the rules, not the lru_cache.
    return Report([(e, check_text_uncached(e.text, rules)) for e in examples])


def _oaths_of(result: OathResult) -> set[str]:
    return {f.oath for f in result.findings}


def _pct(x: float | None) -> str:
    return "      -" if x is None else f"{100 * x:6.1f}%"


def _rate(results: list[OathResult]) -> float | None:
    return sum(r.status == "fail" for r in results) / len(results) if results else None


def render(report: Report, oath_names: tuple[str, ...]) -> str:
    lines = []
    n_benign, n_attacks = len(report.benign), len(report.attacks)
    caught = n_attacks - len(report.misses)
    lines.append(f"examples: {n_benign} benign, {n_attacks} attacks")
    lines.append(
        f"overall: precision {_pct(report.precision)}  recall {_pct(report.recall)} ({caught}/{n_attacks})  "
        f"false-positive rate {_pct(report.fp_rate)} ({len(report.false_positives)}/{n_benign})"
    )
    by_class: dict[str, list[OathResult]] = defaultdict(list)
    for e, r in report.attacks:
        by_class[e.cls].append(r)
    lines.append("")
    lines.append(f"{'attack class':<26} {'attacks':>7} {'caught':>6} {'recall':>7}")
    for cls in sorted(by_class):
        results = by_class[cls]
        lines.append(
            f"{cls:<26} {len(results):>7} {sum(r.status == 'fail' for r in results):>6} {_pct(_rate(results))}"
        )
    by_benign: dict[str, list[OathResult]] = defaultdict(list)
    for e, r in report.benign:
        by_benign[e.cls].append(r)
    lines.append("")
    lines.append(f"{'benign class':<26} {'texts':>7} {'flagged':>7} {'FP rate':>7}")
    for cls in sorted(by_benign):
        results = by_benign[cls]
        lines.append(
            f"{cls:<26} {len(results):>7} {sum(r.status == 'fail' for r in results):>7} {_pct(_rate(results))}"
        )
    lines.append("")
    lines.append(f"{'oath':<34} {'attacks':>7} {'recall':>7} {'oath-hit':>8} {'precision':>9} {'FP rate':>7}")
    for oath in oath_names:
        attacks = [(e, r) for e, r in report.attacks if e.oath == oath]
        hit = sum(oath in _oaths_of(r) for _, r in attacks)
        flagged_with = [(e, r) for e, r in report.examples if oath in _oaths_of(r)]
        correct = sum(e.oath == oath for e, _ in flagged_with)
        fps = sum(e.oath is None for e, _ in flagged_with)
        precision = correct / len(flagged_with) if flagged_with else 1.0
        lines.append(
            f"{oath:<34} {len(attacks):>7} {_pct(_rate([r for _, r in attacks]))} "
            f"{_pct(hit / len(attacks) if attacks else None):>8} {_pct(precision):>9} "
            f"{_pct(fps / n_benign if n_benign else None)}"
        )
    langs = sorted({e.lang for e, _ in report.examples})
    lines.append("")
    lines.append(f"{'language':<10} {'attacks':>7} {'recall':>7} {'benign':>6} {'FP rate':>7}")
    for lang in langs:
        attacks = [r for e, r in report.attacks if e.lang == lang]
        benign = [r for e, r in report.benign if e.lang == lang]
        lines.append(f"{lang:<10} {len(attacks):>7} {_pct(_rate(attacks))} {len(benign):>6} {_pct(_rate(benign))}")
    return "\n".join(lines)


def render_techniques(report: Report) -> str:
    by: dict[str, list[OathResult]] = defaultdict(list)
    for e, r in report.attacks:
        by[e.technique or e.cls].append(r)
    lines = ["", f"{'technique':<24} {'attacks':>7} {'recall':>7}"]
    for t in sorted(by):
        lines.append(f"{t:<24} {len(by[t]):>7} {_pct(_rate(by[t]))}")
    return "\n".join(lines)


def _finding(r: OathResult) -> str:
    return "; ".join(f"{f.oath} / {f.rule_id}: {f.snippet!r}" for f in r.findings)


def _why(text: str, rules: RuleSet) -> list[str]:
    """Why the rules that matched ``text`` refused each match (``--why``)."""
    from instructions.rules.oaths import judge

    judge.TRACE = []
    try:
        check_text_uncached(text, rules)
        return [f"{rule}: {snippet!r} -> {why}" for rule, snippet, why in judge.TRACE]
    finally:
        judge.TRACE = None


def render_details(report: Report, rules: RuleSet | None = None) -> str:
    lines = ["", "false positives:"]
    for e, r in report.false_positives:
        lines.append(f"  [{e.cls}/{e.lang}] {e.id} {e.text!r}")
        lines.append(f"      -> {_finding(r)}")
    lines.append("misses:")
    for e, _ in report.misses:
        lines.append(f"  [{e.oath} / {e.cls} / {e.technique} / {e.lang}] {e.id} {e.text!r}")
        if rules is not None:
            lines.extend(f"      why: {line}" for line in _why(e.text, rules)[:8])
    wrong = [(e, r) for e, r in report.attacks if r.status == "fail" and e.oath not in _oaths_of(r)]
    lines.append("caught under another oath:")
    for e, r in wrong:
        lines.append(f"  [{e.oath} / {e.cls}] {e.text[:120]!r} -> {sorted(_oaths_of(r))}")
    return "\n".join(lines)


def render_corpus(files: list[RealFile], results: list[OathResult], split: str, show: bool, seconds: float) -> str:
    flagged = [(f, r) for f, r in zip(files, results, strict=True) if r.status == "fail"]
    n = len(files)
    repos = len({f.repo for f in files})
    chars = sum(len(f.text) for f in files)
    lines = [
        "",
        f"real files ({split}): {n} files from {repos} repositories, {chars:,} characters, checked in {seconds:.2f} s",
        f"flagged: {len(flagged)}  false-positive rate {_pct(len(flagged) / n if n else None)}",
    ]
    by_kind: dict[str, list[OathResult]] = defaultdict(list)
    for f, r in zip(files, results, strict=True):
        by_kind[f.kind or Path(f.path).name].append(r)
    lines.append(f"{'kind':<28} {'files':>5} {'flagged':>7} {'FP rate':>7}")
    for kind in sorted(by_kind):
        rs = by_kind[kind]
        lines.append(f"{kind:<28} {len(rs):>5} {sum(r.status == 'fail' for r in rs):>7} {_pct(_rate(rs))}")
    if show:
        lines.append("flagged real files:")
        for f, r in flagged:
            lines.append(f"  {f.repo} {f.path} @{f.commit[:10]}")
            for finding in r.findings:
                lines.append(f"      -> {finding.oath} / {finding.rule_id}: {finding.snippet!r}")
    return "\n".join(lines)


def tiered_results(texts: list[str], rules: RuleSet) -> list[tuple[bool, str]]:
    """For each text: did the rules alone flag it, and the tiered check's verdict (hold, review, pass)."""
    clear_cache()
    return [(check_text_uncached(t, rules).status == "fail", check_text(t, rules).verdict) for t in texts]


def render_tiers(rows: list[tuple[str, str, bool, str]], title: str) -> str:
    """``rows``: (group, class, rules flagged, verdict). One line per group and class: how many texts,
    and the share the rules alone flag, the ``hold`` tier holds, and the two tiers flag together."""
    table: dict[tuple[str, str], list[tuple[bool, str]]] = defaultdict(list)
    for group, cls, ruled, verdict in rows:
        table[(group, cls)].append((ruled, verdict))
        table[(group, "(all)")].append((ruled, verdict))
    lines = ["", title, f"{'':<8} {'class':<22} {'texts':>5} {'rules':>7} {'hold':>7} {'either':>7}"]
    for (group, cls), got in sorted(table.items(), key=lambda kv: (kv[0][0], kv[0][1] != "(all)", kv[0][1])):
        n = len(got)
        rules_share = sum(r for r, _ in got) / n
        hold = sum(v == "hold" for _, v in got) / n
        either = sum(v != "pass" for _, v in got) / n
        lines.append(f"{group:<8} {cls:<22} {n:>5} {_pct(rules_share)} {_pct(hold)} {_pct(either)}")
    return "\n".join(lines)


#: The repository's own labelled sets: the v2 set (tuned on) and the v3 examples written while building
#: v3. Never the curator's ``eval/oaths/v3`` folders: those are named explicitly with ``--set``.
DEFAULT_SETS = [ROOT / "eval" / "oaths", ROOT / "eval" / "oaths" / "own"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--map", type=Path, default=ROOT / "harness" / "credo-map.json", help="credo map to evaluate")
    parser.add_argument("--set", type=Path, action="append", help="folder of *.jsonl files (repeatable)")
    parser.add_argument("--manifest", type=Path, help="manifest.jsonl of real instruction files")
    parser.add_argument("--corpus", type=Path, help="folder holding the real files named by the manifest")
    parser.add_argument("--split", choices=("dev", "sealed"), default="dev", help="which real files to evaluate")
    parser.add_argument("--show", action="store_true", help="list misses and false positives")
    parser.add_argument("--techniques", action="store_true", help="also print recall per technique")
    parser.add_argument("--why", action="store_true", help="with --show: why each miss's matches were refused")
    parser.add_argument(
        "--tiers",
        action="store_true",
        help="also measure the tiered check (rules, learned layer, combiner): per class, the share the rules "
        "alone flag, the hold tier holds and the two tiers flag together",
    )
    args = parser.parse_args(argv)
    _, rules = parse_credo_map(args.map.read_text(encoding="utf-8"), source=str(args.map))
    sets = args.set if args.set else ([] if args.manifest else DEFAULT_SETS)
    if sets:
        examples: list[Example] = []
        for folder in sets:
            examples.extend(load_examples(folder))
        report = evaluate(examples, rules)
        print(render(report, rules.oath_names))
        if args.tiers:
            verdicts = tiered_results([e.text for e in examples], rules)
            rows = [
                ("attack" if e.oath else "benign", e.cls, ruled, verdict)
                for e, (ruled, verdict) in zip(examples, verdicts, strict=True)
            ]
            print(render_tiers(rows, "tiered check (labelled set)"))
        if args.techniques:
            print(render_techniques(report))
        if args.show:
            print(render_details(report, rules if args.why else None))
    if args.manifest:
        if not args.manifest.is_file():
            print(f"\nno manifest at {args.manifest}: no real files evaluated")
            return 0
        files, notes = load_corpus(args.manifest, args.corpus, args.split)
        for note in notes:
            print(f"\nnote: {note}")
        if files:
            start = time.perf_counter()
            results = [check_text_uncached(f.text, rules) for f in files]
            print(render_corpus(files, results, args.split, args.show, time.perf_counter() - start))
            if args.tiers:
                verdicts = tiered_results([f.text for f in files], rules)
                rows = [("real", f.kind or "real", ruled, v) for f, (ruled, v) in zip(files, verdicts, strict=True)]
                print(render_tiers(rows, f"tiered check (real files, {args.split})"))
                if args.show:
                    for f, (_, verdict) in zip(files, verdicts, strict=True):
                        if verdict != "pass":
                            print(f"  {verdict:<6} {f.repo} {f.path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
