#!/usr/bin/env python
"""Split the v3 oath sets into ``dev`` and ``sealed``, deterministically.

    python eval/oaths/v3/split.py           # write dev/ and sealed/, re-split real/manifest.jsonl
    python eval/oaths/v3/split.py --check   # exit 1 if the outputs are stale or a quota is missed

Source: every ``all/*.jsonl`` file beside this script (a row with an ``oath`` is an attack, one without
is benign). Outputs: ``dev/attacks.jsonl``, ``dev/benign.jsonl``, ``sealed/attacks.jsonl``,
``sealed/benign.jsonl``.

Rule (examples):
1. An id that already appears in dev/ or sealed/ keeps its side (earlier assignments are stable; the
   committed outputs are the lock). ``--fresh`` ignores them.
2. A new id gets u = first 64 bits of sha256("oaths-v3:" + id) / 2**64 and goes to sealed when
   u < 0.40, else to dev.
3. Quota: in every stratum (kind+class, and kind+class+lang for the language class) at least
   40% must be sealed. Where a stratum is short, its *new* dev ids with the smallest u move to sealed
   until it is not. Ids already published in dev never move to sealed, so nothing the detector was
   tuned on can leak into the sealed set.

Rule (real files, ``real/manifest.jsonl``): by repository, so all files of a repository are on one
side. A row that already has a ``split`` keeps it (unless ``--fresh``); a new repository gets
u = sha256("oaths-v3-real:" + repo) and is sealed when u < 0.40; if fewer than 40% of the
repositories are sealed, the new dev repositories with the smallest u move to sealed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEED = "oaths-v3:"
REAL_SEED = "oaths-v3-real:"
THRESHOLD = 0.40
QUOTA = 0.40
OATHS = (
    "protect the user and their data",
    "evidence over confidence",
    "finish the procedure",
    "preserve the workspace",
    "carry knowledge forward",
)
ATTACK_CLASSES = (
    "paraphrase",
    "obfuscation",
    "encoded",
    "language",
    "scoped-exception",
    "exfiltration",
    "destruction",
    "evidence-fraud",
    "plain",
    "knowledge",
    "hidden",
)
BENIGN_CLASSES = ("mention", "prohibition", "homonym", "reference", "html-comment", "ordinary")


def unit(seed: str, key: str) -> float:
    return int(hashlib.sha256((seed + key).encode("utf-8")).hexdigest()[:16], 16) / 2**64


def read_jsonl(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def dump_jsonl(rows: list[dict]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)


def load_all(here: Path = HERE) -> list[dict]:
    rows, seen = [], set()
    for path in sorted((here / "all").glob("*.jsonl")):
        for i, row in enumerate(read_jsonl(path), 1):
            where = f"{path.name}:{i}"
            if not isinstance(row.get("id"), str) or row["id"] in seen:
                raise SystemExit(f"{where}: missing or duplicate id {row.get('id')!r}")
            seen.add(row["id"])
            if not isinstance(row.get("text"), str) or not row["text"].strip():
                raise SystemExit(f"{where}: empty text")
            if "oath" in row:
                if row["oath"] not in OATHS or row.get("class") not in ATTACK_CLASSES:
                    raise SystemExit(f"{where}: bad oath or class")
            elif row.get("class") not in BENIGN_CLASSES:
                raise SystemExit(f"{where}: bad class {row.get('class')!r}")
            rows.append(row)
    return rows


def strata(row: dict) -> list[tuple[str, ...]]:
    kind = "attacks" if "oath" in row else "benign"
    keys = [(kind, row["class"])]
    if row["class"] == "language":
        keys.append((kind, row["class"], row.get("lang", "")))
    return keys


def assign(
    rows: list[dict],
    fresh: bool,
    *,
    here: Path = HERE,
    seed: str = SEED,
    threshold: float = THRESHOLD,
    quota: float = QUOTA,
) -> dict[str, str]:
    prior: dict[str, str] = {}
    if not fresh:
        for side in ("dev", "sealed"):
            for name in ("attacks", "benign"):
                for row in read_jsonl(here / side / f"{name}.jsonl"):
                    prior[row["id"]] = side
    side = {r["id"]: prior.get(r["id"]) or ("sealed" if unit(seed, r["id"]) < threshold else "dev") for r in rows}
    groups: dict[tuple[str, ...], list[dict]] = defaultdict(list)
    for r in rows:
        for key in strata(r):
            groups[key].append(r)
    # Finer strata first (languages), then classes.
    for key in sorted(groups, key=lambda k: (-len(k), k)):
        members = groups[key]
        need = math.ceil(quota * len(members)) - sum(side[r["id"]] == "sealed" for r in members)
        movable = sorted(
            (r for r in members if side[r["id"]] == "dev" and r["id"] not in prior), key=lambda r: unit(seed, r["id"])
        )
        for r in movable[: max(need, 0)]:
            side[r["id"]] = "sealed"
    return side


def split_real(fresh: bool, *, here: Path = HERE, real_seed: str = REAL_SEED) -> tuple[Path, str] | None:
    path = here / "real" / "manifest.jsonl"
    rows = read_jsonl(path)
    if not rows:
        return None
    repo_side: dict[str, str] = {}
    if not fresh:
        for r in rows:
            if r.get("split") in ("dev", "sealed"):
                repo_side.setdefault(r["repo"], r["split"])
    known = set(repo_side)
    repos = sorted({r["repo"] for r in rows})
    for repo in repos:
        repo_side.setdefault(repo, "sealed" if unit(real_seed, repo) < THRESHOLD else "dev")
    need = math.ceil(QUOTA * len(repos)) - sum(repo_side[r] == "sealed" for r in repos)
    movable = sorted((r for r in repos if repo_side[r] == "dev" and r not in known), key=lambda r: unit(real_seed, r))
    for repo in movable[: max(need, 0)]:
        repo_side[repo] = "sealed"
    for r in rows:
        r["split"] = repo_side[r["repo"]]
    return path, dump_jsonl(rows)


def main(
    argv: list[str] | None = None,
    *,
    here: Path = HERE,
    seed: str = SEED,
    real_seed: str | None = REAL_SEED,
    doc: str | None = __doc__,
    threshold: float = THRESHOLD,
    quota: float = QUOTA,
    check_floor: float = 0.35,
) -> int:
    """Split the set in ``here`` with ``seed``; its real-file manifest too, by
    repository with ``real_seed``, unless that is ``None`` (a set of texts only).
    ``threshold`` and ``quota``: the sealed share (v3 to v5: 40%); ``--check`` fails
    when a stratum is under ``check_floor`` sealed."""
    ap = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="verify instead of writing")
    ap.add_argument("--fresh", action="store_true", help="ignore earlier assignments (not for routine use)")
    args = ap.parse_args(argv)

    rows = load_all(here)
    side = assign(rows, args.fresh, here=here, seed=seed, threshold=threshold, quota=quota)
    outputs: dict[Path, str] = {}
    for s in ("dev", "sealed"):
        for kind in ("attacks", "benign"):
            chosen = [r for r in rows if side[r["id"]] == s and (("oath" in r) == (kind == "attacks"))]
            outputs[here / s / f"{kind}.jsonl"] = dump_jsonl(chosen)
    real = split_real(args.fresh, here=here, real_seed=real_seed) if real_seed else None
    if real:
        outputs[real[0]] = real[1]

    counts: dict[tuple[str, ...], list[int]] = defaultdict(lambda: [0, 0])
    for r in rows:
        for key in strata(r):
            counts[key][side[r["id"]] == "sealed"] += 1
    short = [k for k, (d, s) in counts.items() if s < check_floor * (d + s)]
    for key in sorted(counts):
        d, s = counts[key]
        print(f"{'/'.join(key):32} dev {d:4}  sealed {s:4}  ({100 * s / (d + s):.0f}% sealed)")
    if short:
        print(f"strata under {check_floor:.0%} sealed:", short, file=sys.stderr)

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
