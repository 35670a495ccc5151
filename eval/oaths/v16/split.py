#!/usr/bin/env python
"""Split the v16 oath sets into ``dev`` and ``sealed``, deterministically.

    python eval/oaths/v16/split.py           # write dev/ and sealed/
    python eval/oaths/v16/split.py --check   # exit 1 if the outputs are stale or a quota is missed

v3's rule (``eval/oaths/v3/split.py``, whose docstring states it) with the salt ``oaths-v16:`` and every
row sealed in every class and language: v16 has no development part, so ``dev/`` is empty. Texts only:
``real/`` is never read or written.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: v3's rule, which this set shares with its own salt (v3's script, loaded without running it).
v3_main = runpy.run_path(str(HERE.parent / "v3" / "split.py"))["main"]


if __name__ == "__main__":
    sys.exit(
        v3_main(here=HERE, seed="oaths-v16:", real_seed=None, doc=__doc__, threshold=1.0, quota=1.0, check_floor=1.0)
    )
