"""What an agent received, rebuilt from the records and checked against its hash.

A ``Delivery`` records the SHA-256 of the ``instructions.md`` it handed out, the
credo's and the OS environment text's hashes, and the history id of every scope
version that entered the merge. Together with the texts the delivery service kept
(``RecordedText``, by hash) and the session's own history (its
``additional_instructions`` at that moment), that is everything the composition
read. ``delivery_rebuild`` runs the same pure functions again (``merge``, then
``bundle.compose_instructions_md``) and compares the SHA-256 of the result with
the recorded one: a match proves the text shown is byte for byte what the agent
got; anything else is said, with the reason.

The OS environment text is kept as it was rendered for the session (its profile,
``agentos-vm`` or ``host``, filled in with the session's cwd, platform and bundle
directory), so neither a later edit of a profile template nor the session's
fields are needed to rebuild it; the delivery also names the bundle directory and
profile it was made for (``Delivery.bundle_dir``, ``Delivery.os_profile``).

Reads only, in three queries (the scope versions, the kept texts, the session's
history row), whatever the length of the histories.
"""

from __future__ import annotations

from typing import NamedTuple

from instructions.foundation.contract import Scope
from instructions.foundation.stored_text import sha256_text
from instructions.models import AgentSession, Delivery, InstructionDocument, RecordedText
from instructions.rules.bundle import compose_instructions_md
from instructions.rules.merge import ScopeSource, SessionWindow, merge_instructions
from instructions.rules.oaths import EMPTY_RULES


class Rebuild(NamedTuple):
    """``text``: the rebuilt ``instructions.md`` (as far as the records allow);
    ``verified``: its SHA-256 and size are the recorded ones; ``reasons``: why not
    (empty when verified); ``sha256``: the rebuilt text's hash."""

    text: str
    verified: bool
    reasons: list[str]
    sha256: str


def _session_additional(delivery: Delivery, reasons: list[str]) -> str:
    """The session's ``additional_instructions`` as they were when the delivery was made."""
    row = (
        AgentSession.history.filter(id=delivery.session_id, history_date__lte=delivery.created_at)
        .order_by("-history_date", "-history_id")
        .values("additional_instructions")
        .first()
    )
    if row is None:
        reasons.append("The session has no recorded version from before this delivery.")
        return ""
    return row["additional_instructions"]


def delivery_rebuild(delivery: Delivery) -> Rebuild:
    """Rebuild ``delivery``'s ``instructions.md`` from the recorded versions and verify it."""
    reasons: list[str] = []
    wanted = {scope: history_id for scope, history_id in (delivery.scope_versions or {}).items()}
    rows = {
        row.history_id: row
        for row in InstructionDocument.history.filter(history_id__in=list(wanted.values())).only(
            "history_id", "scope", "body", "updated_at"
        )
    }
    sources: list[ScopeSource] = []
    for scope, history_id in wanted.items():
        row = rows.get(history_id)
        if row is None or row.scope != scope:
            reasons.append(f"Version {history_id} of the {scope} scope is not in the history.")
            continue
        # The path and time do not shape the merged text; what entered the merge did,
        # and ``scope_versions`` lists exactly that (an unusable session scope is left out).
        sources.append(ScopeSource(scope=scope, path=f"history/{history_id}", body=row.body, modified_at=0))

    hashes = {h for h in (delivery.credo_sha256, delivery.os_text_sha256) if h}
    texts = dict(RecordedText.objects.filter(sha256__in=hashes).values_list("sha256", "text"))
    if delivery.credo_sha256:
        credo = texts.get(delivery.credo_sha256)
        if credo is None:
            reasons.append(f"The credo's text (SHA-256 {delivery.credo_sha256}) was not kept.")
        else:
            sources.append(ScopeSource(scope=Scope.GLOBAL, path="credo", body=credo, modified_at=0))
    if not delivery.os_text_sha256:
        reasons.append("The OS environment text was not recorded (a delivery made before it was kept).")
        os_text = ""
    else:
        os_text = texts.get(delivery.os_text_sha256)
        if os_text is None:
            reasons.append(f"The OS environment text (SHA-256 {delivery.os_text_sha256}) was not kept.")
            os_text = ""

    # Oath results do not change the merged text, so no rules are needed here.
    merged = merge_instructions(sources=sources, rules=EMPTY_RULES, session=SessionWindow(started_at=0, active=True))[
        "merged"
    ]
    text = compose_instructions_md(os_text=os_text, merged=merged, additional=_session_additional(delivery, reasons))
    sha = sha256_text(text)
    size = len(text.encode("utf-8"))
    if sha == delivery.instructions_sha256 and size == delivery.instructions_bytes:
        # The hash is the proof; a gap in the records that did not change the text
        # (say, no session version, with no additional instructions) does not matter.
        return Rebuild(text=text, verified=True, reasons=[], sha256=sha)
    if sha != delivery.instructions_sha256:
        reasons.append(f"The rebuilt text's SHA-256 is {sha}; the delivery recorded {delivery.instructions_sha256}.")
    else:
        reasons.append(f"The rebuilt text is {size} bytes; the delivery recorded {delivery.instructions_bytes}.")
    return Rebuild(text=text, verified=False, reasons=reasons, sha256=sha)
