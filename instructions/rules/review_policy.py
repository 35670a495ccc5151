"""What a write's oath findings do under its scope's review policy.

Each finding of the check has a tier (``hold``: confident; ``review``: worth a look). A
workspace's maintainers choose its policy (``ReviewPolicy``); user and session scopes, and a
session's additional instructions, always follow ``hold-confident``:

=====================  ===========================  =============================  ==========
policy                 a ``hold`` finding           only ``review`` findings       no finding
=====================  ===========================  =============================  ==========
hold-confident         refused, kept for review     lands, flagged after           lands
                                                    acceptance
hold-all               refused, kept for review     refused, kept for review       lands
approve-every-change   refused, kept for review     held for approval (findings    held for
                                                    shown on the item)             approval
=====================  ===========================  =============================  ==========

A change being applied by a review's approval (``approved``) is never held by the policy again,
and never flagged: the reviewer has seen it.

Pure: plain values in, one outcome out.
"""

from __future__ import annotations

from typing import Literal

from instructions.foundation.contract import ReviewPolicy
from instructions.rules.oaths import OathResult

Outcome = Literal["refuse", "hold-for-approval", "land-flagged", "land"]
REFUSE: Outcome = "refuse"
HOLD_FOR_APPROVAL: Outcome = "hold-for-approval"
LAND_FLAGGED: Outcome = "land-flagged"
LAND: Outcome = "land"


def write_outcome(result: OathResult, policy: str | None, *, approved: bool = False) -> Outcome:
    """What happens to a write whose check (approved findings already set aside) is ``result``,
    under ``policy`` (None: a scope without one, which follows ``hold-confident``)."""
    if result.held or (policy == ReviewPolicy.HOLD_ALL and result.findings):
        return REFUSE
    if approved:
        return LAND
    if policy == ReviewPolicy.APPROVE_EVERY_CHANGE:
        return HOLD_FOR_APPROVAL
    return LAND_FLAGGED if result.findings else LAND
