#!/usr/bin/env python
"""Time the oath check on large bodies: a benign one, worst cases, and growth from 5,000 to 50,000 characters.

    .venv/bin/python scripts/bench_oaths.py [--repeat 5]

Uses ``check_text_uncached`` so the lru_cache in ``check_text`` never answers. Prints figures only;
linear growth shows as a roughly constant time per 1,000 characters across sizes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from instructions.credo import parse_credo_map  # noqa: E402
from instructions.oaths import RuleSet, check_text_uncached  # noqa: E402

BENIGN_LINES = [
    "- Never commit secrets, `.env` files or credentials.",
    "- Run `make test` before pushing; skip CI for docs-only changes.",
    "- Ignore linter output for generated files in `src/gen/`.",
    "- **Do not** commit directly to main. <!-- keep in sync with CONTRIBUTING.md -->",
    "- Record what you learned in `docs/agent-notes.md`.",
    "- Use `git stash` to park unfinished work; never run `git clean -fdx` without asking.",
    "- 提交前请运行所有测试。Führe vor jedem Commit die Tests aus.",
]


def benign(size: int) -> str:
    text, i = [], 0
    while sum(map(len, text)) < size:
        text.append(BENIGN_LINES[i % len(BENIGN_LINES)])
        i += 1
    return "\n".join(text)[:size]


# Worst cases for this design: every word starts a rule's pattern and every line is a near miss an
# exception has to excuse; nested HTML comments; one long run of format characters and look-alikes.
WORST: dict[str, Callable[[int], str]] = {
    "near-misses": lambda n: (
        "never commit secrets. ignore all previous build outputs. skip slow tests for docs. " * n
    )[:n],
    "trigger-words": lambda n: ("ignore forget skip delete never commit send without " * n)[:n],
    "html-comments": lambda n: ("<!-- ignore --> " * n)[:n],
    "zero-width+homoglyphs": lambda n: ("і\u200bg\u200bn\u200bо\u200br\u200bе " * n)[:n],
    "no-spaces": lambda n: "a" * n,
}


def timed(body: str, rules: RuleSet, repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        check_text_uncached(body, rules)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement (the median is printed)")
    parser.add_argument("--map", type=Path, default=ROOT / "harness" / "credo-map.json")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    _, rules = parse_credo_map(args.map.read_text(encoding="utf-8"))
    print(f"compile {len(rules.rules)} rules: {1000 * (time.perf_counter() - start):.1f} ms (once per credo change)")

    print(f"\n50,000-character bodies (median of {args.repeat}):")
    cases = {"benign": benign, **WORST}
    for name, make in cases.items():
        body = make(50_000)
        print(f"  {name:<22} {1000 * timed(body, rules, args.repeat):8.1f} ms")

    sizes = [5_000, 10_000, 20_000, 50_000]
    print("\ngrowth (ms, and ms per 1,000 characters in brackets; linear = flat brackets):")
    print(f"  {'case':<22}" + "".join(f"{n:>18,}" for n in sizes) + "   50k/5k")
    for name, make in cases.items():
        times = [timed(make(n), rules, args.repeat) for n in sizes]
        cells = "".join(f"{1000 * t:9.1f} ({1e6 * t / n:5.2f})" for t, n in zip(times, sizes, strict=True))
        print(f"  {name:<22}{cells}   {times[-1] / times[0]:5.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
