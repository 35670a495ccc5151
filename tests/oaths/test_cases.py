"""The case files themselves: each is read by a test, each case has its shape, none is there twice."""

from __future__ import annotations

import re
from pathlib import Path

from tests.oaths.data import CASES, read_cases


def test_every_case_file_is_read_by_a_test_and_no_case_is_there_twice():
    here = Path(__file__).resolve().parent
    read = set()
    for module in here.glob("test_*.py"):
        read |= set(re.findall(r'load_cases\("([a-z_]+)"\)', module.read_text(encoding="utf-8")))
    files = {path.stem for path in CASES.glob("*.jsonl")}
    assert files == read, (files - read, read - files)
    seen = {}
    for name in sorted(files):
        for line, case in read_cases(name):  # each case's shape is checked as it is read
            key = (case["text"], case["expect"], case.get("oath"))
            assert key not in seen, f"{name}.jsonl:{line} repeats {seen[key]}"
            seen[key] = f"{name}.jsonl:{line}"
