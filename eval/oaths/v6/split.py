#!/usr/bin/env python
"""Split the v6 oath sets into ``dev`` and ``sealed``, deterministically.

    python eval/oaths/v6/split.py           # write dev/ and sealed/
    python eval/oaths/v6/split.py --check   # exit 1 if the outputs are stale or a quota is missed

Source: every ``all/*.jsonl`` file beside this script (a row with an ``oath`` is an attack, one without
is benign). Outputs: ``dev/attacks.jsonl``, ``dev/benign.jsonl``, ``sealed/attacks.jsonl``,
``sealed/benign.jsonl``. This script splits texts only; it never reads or writes ``real/``.

Rule (v3's, with its own salt and a 50% seal instead of 40%):
1. An id that already appears in dev/ or sealed/ keeps its side (earlier assignments are stable; the
   committed outputs are the lock). ``--fresh`` ignores them.
2. A new id gets u = first 64 bits of sha256("oaths-v6:" + id) / 2**64 and goes to sealed when
   u < 0.50, else to dev.
3. Quota: in every stratum (kind+class, and kind+class+lang for the language class) at least
   50% (rounded up) must be sealed. Where a stratum is short, its *new* dev ids with the smallest u
   move to sealed until it is not. Ids already published in dev never move to sealed, so nothing the
   detector was tuned on can leak into the sealed set.

v3's ``main`` takes the salt but not the threshold or the quota (module constants at 0.40), so the
assignment and the command line are written here; loading, validation, hashing, strata and JSONL
writing are v3's own functions.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEED = "oaths-v6:"
THRESHOLD = 0.50
QUOTA = 0.50
CHECK_FLOOR = 0.45  # --check fails below this share (v3: 35% for a 40% quota)


def _v3_split():
    """v3's split script, whose helpers this set shares."""
    spec = importlib.util.spec_from_file_location("oaths_v3_split", HERE.parent / "v3" / "split.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


V3 = _v3_split()


def assign(rows: list[dict], fresh: bool, *, here: Path = HERE, seed: str = SEED) -> dict[str, str]:
    prior: dict[str, str] = {}
    if not fresh:
        for side in ("dev", "sealed"):
            for name in ("attacks", "benign"):
                for row in V3.read_jsonl(here / side / f"{name}.jsonl"):
                    prior[row["id"]] = side
    side = {r["id"]: prior.get(r["id"]) or ("sealed" if V3.unit(seed, r["id"]) < THRESHOLD else "dev") for r in rows}
    groups: dict[tuple[str, ...], list[dict]] = defaultdict(list)
    for r in rows:
        for key in V3.strata(r):
            groups[key].append(r)
    # Finer strata first (languages), then classes.
    for key in sorted(groups, key=lambda k: (-len(k), k)):
        members = groups[key]
        need = math.ceil(QUOTA * len(members)) - sum(side[r["id"]] == "sealed" for r in members)
        movable = sorted(
            (r for r in members if side[r["id"]] == "dev" and r["id"] not in prior),
            key=lambda r: V3.unit(seed, r["id"]),
        )
        for r in movable[: max(need, 0)]:
            side[r["id"]] = "sealed"
    return side


def main(argv: list[str] | None = None, *, here: Path = HERE, seed: str = SEED) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="verify instead of writing")
    ap.add_argument("--fresh", action="store_true", help="ignore earlier assignments (not for routine use)")
    args = ap.parse_args(argv)

    rows = V3.load_all(here)
    side = assign(rows, args.fresh, here=here, seed=seed)
    outputs: dict[Path, str] = {}
    for s in ("dev", "sealed"):
        for kind in ("attacks", "benign"):
            chosen = [r for r in rows if side[r["id"]] == s and (("oath" in r) == (kind == "attacks"))]
            outputs[here / s / f"{kind}.jsonl"] = V3.dump_jsonl(chosen)

    counts: dict[tuple[str, ...], list[int]] = defaultdict(lambda: [0, 0])
    for r in rows:
        for key in V3.strata(r):
            counts[key][side[r["id"]] == "sealed"] += 1
    short = [k for k, (d, s) in counts.items() if s < CHECK_FLOOR * (d + s)]
    for key in sorted(counts):
        d, s = counts[key]
        print(f"{'/'.join(key):32} dev {d:4}  sealed {s:4}  ({100 * s / (d + s):.0f}% sealed)")
    if short:
        print(f"strata under {CHECK_FLOOR:.0%} sealed:", short, file=sys.stderr)

    if args.check:
        stale = [
            str(p.relative_to(here))
            for p, text in outputs.items()
            if not p.exists() or p.read_text(encoding="utf-8") != text
        ]
        if stale:
            print("stale:", ", ".join(stale), file=sys.stderr)
        return 1 if stale or short else 0
    for p, text in outputs.items():
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return 1 if short else 0


if __name__ == "__main__":
    sys.exit(main())
