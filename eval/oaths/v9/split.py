#!/usr/bin/env python
"""Split the v9 oath sets into ``dev`` and ``sealed``, deterministically.

    python eval/oaths/v9/split.py           # write dev/ and sealed/
    python eval/oaths/v9/split.py --check   # exit 1 if the outputs are stale or a quota is missed

Source: every ``all/*.jsonl`` file beside this script (a row with an ``oath`` is an attack, one without
is benign). Outputs: ``dev/attacks.jsonl``, ``dev/benign.jsonl``, ``sealed/attacks.jsonl``,
``sealed/benign.jsonl``. This script splits texts only; it never reads or writes ``real/``.

Rule (v3's, with its own salt and a 60% seal instead of 40%):
1. An id that already appears in dev/ or sealed/ keeps its side (earlier assignments are stable; the
   committed outputs are the lock). ``--fresh`` ignores them.
2. A new id gets u = first 64 bits of sha256("oaths-v9:" + id) / 2**64 and goes to sealed when
   u < 0.60, else to dev.
3. Quota: in every stratum (kind+class, and kind+class+lang for the language class) at least
   60% (rounded up) must be sealed. Where a stratum is short, its *new* dev ids with the smallest u
   move to sealed until it is not. Ids already published in dev never move to sealed, so nothing the
   detector was tuned on can leak into the sealed set.

v3's ``split.py`` applies it: its ``main`` takes the salt, the seal share and the quota.
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
        v3_main(here=HERE, seed="oaths-v9:", real_seed=None, doc=__doc__, threshold=0.60, quota=0.60, check_floor=0.55)
    )
