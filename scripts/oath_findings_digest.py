#!/usr/bin/env python
"""A digest of the oath check's findings on every labelled text, to prove a refactor changed nothing.

    .venv/bin/python scripts/oath_findings_digest.py [--out FILE]

Reads every ``*.jsonl`` under ``eval/oaths/`` (all sets, all parts), checks each distinct text with the
rules in ``harness/credo-map.json`` and prints one line: how many texts, how many flagged, and the
sha256 of the findings (oath, rule, offsets, snippet, reason), text by text in sorted order. ``--out``
also writes the findings, one JSON line per text, for a diff when two digests differ.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from instructions.rules.credo import parse_credo_map  # noqa: E402
from instructions.rules.oaths import check_text_uncached  # noqa: E402


def labelled_texts(root: Path) -> list[str]:
    texts = set()
    for path in sorted(root.rglob("*.jsonl")):
        if "/real/" in path.as_posix():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                texts.add(json.loads(line)["text"])
    return sorted(texts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    _, rules = parse_credo_map((ROOT / "harness" / "credo-map.json").read_text(encoding="utf-8"))
    digest = hashlib.sha256()
    flagged = 0
    texts = labelled_texts(ROOT / "eval" / "oaths")
    out = args.out.open("w", encoding="utf-8") if args.out else None
    for text in texts:
        result = check_text_uncached(text, rules)
        rows = [[f.oath, f.rule_id, f.start, f.end, f.snippet, f.reason] for f in result.findings]
        flagged += bool(rows)
        line = json.dumps([hashlib.sha256(text.encode()).hexdigest()[:16], result.status, rows], ensure_ascii=False)
        digest.update(line.encode() + b"\n")
        if out:
            out.write(line + "\n")
    if out:
        out.close()
    print(f"{len(texts)} texts, {flagged} flagged, findings sha256 {digest.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
