#!/usr/bin/env python
"""How much of its allowance of candidate phrases each instruction file uses.

    .venv/bin/python scripts/oath_candidates.py FILE... [--index ../corpus/real/index.jsonl]

The oath check reads the candidate phrases of a text (matches of a rule's pattern, each
judged in its sentence) and holds a text holding more than ``budget.max_candidates`` of
its length for review. For each file: its characters, candidate phrases (read to the end),
phrases per 1,000 characters, the allowance and the share of it used; then the largest
share. ``--index``: also every file listed in a ``fetch_corpus.py``-style corpus index
(one JSON object per line with ``repo`` and ``path``; files stored beside it as
``<owner>__<name>/<path with / -> __>``). This is how the allowance was checked against
real files (``eval/README.md``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _indexed(index: Path) -> list[Path]:
    base = index.parent
    paths = []
    for line in index.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        path = base / row["repo"].replace("/", "__") / row["path"].replace("/", "__")
        if path.exists():
            paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    from instructions.rules.oaths import compile_rules
    from instructions.rules.oaths.budget import max_candidates
    from instructions.rules.oaths.check import candidate_count

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--index", type=Path, help="a corpus index (JSON lines with repo and path)")
    args = parser.parse_args(argv)
    paths = list(args.files) + (_indexed(args.index) if args.index else [])
    if not paths:
        parser.error("no files")
    data = json.loads((ROOT / "harness" / "credo-map.json").read_text(encoding="utf-8"))
    rules = compile_rules(data["oaths"])
    print(f"{'characters':>10} {'phrases':>8} {'per 1k':>7} {'allowed':>8} {'share':>6}  file")
    largest = 0.0
    for path in paths:
        text = path.read_text(encoding="utf-8", errors="replace")
        count, allowed = candidate_count(text, rules), max_candidates(len(text))
        share = count / allowed
        largest = max(largest, share)
        per_1k = 1000 * count / max(len(text), 1)
        print(f"{len(text):>10,} {count:>8} {per_1k:>7.1f} {allowed:>8} {share:>6.0%}  {path}")
    print(f"\n{len(paths)} files; the largest share of an allowance: {largest:.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
