"""One scope of one owner: its document, its versions, its entry in the scopes list, its verdict."""

from __future__ import annotations

from django.db.models import QuerySet

from instructions.foundation.contract import PRECEDENCE, InstructionEntry, Scope, display_path
from instructions.foundation.errors import NotFound
from instructions.foundation.params import parse_id
from instructions.models import (
    AgentSession,
    InstructionDocument,
    Workspace,
    target_key,
    target_key_of,
)
from instructions.rules.approvals import FindingKey, verdict
from instructions.rules.merge import make_entry
from instructions.rules.oaths import OathResult
from instructions.selectors.merging import MergeInputs, approvals_by_target, current_rules, gather_inputs


def scope_approvals(scope: str, owner: object) -> frozenset[FindingKey]:
    """The findings reviewers approved for ``owner``'s scope (one query)."""
    key = target_key(scope, owner)
    return approvals_by_target([key])[key]


def document_verdict(document: InstructionDocument) -> OathResult:
    """The oath check of a stored document as writes and merges go by it: its target's approved
    findings set aside (one query)."""
    key = target_key_of(document)
    return verdict(document.body, current_rules(), approvals_by_target([key])[key])


def document_of(scope: str, owner: object) -> InstructionDocument | None:
    """``owner``'s document of ``scope``, if it has one."""
    return InstructionDocument.objects.of(scope, owner).first()


def document_versions(document: InstructionDocument | None) -> QuerySet:
    """A document's history rows, newest first (empty without a document)."""
    if document is None:
        return InstructionDocument.history.none()
    return document.history.select_related("history_user").order_by("-history_id")


def empty_entry(scope: str, path: str) -> InstructionEntry:
    return {
        "scope": scope,
        "path": path,
        "body": "",
        "lines": 0,
        "modified_at": 0,
        "oath_check": "unknown",
        "oath_conflict": None,
    }


def scope_entries(*, user, workspace: Workspace, session: AgentSession | None = None) -> list[InstructionEntry]:
    """All four scopes as entries, highest priority first; a scope with no document
    (or an ended session's) is an empty entry."""
    return entries_of(gather_inputs(user=user, workspace=workspace, session=session), user=user, workspace=workspace)


def scope_entry_and_version(
    *, scope: str, user, workspace: Workspace, session: AgentSession | None = None
) -> tuple[InstructionEntry, int]:
    """One scope's entry and the version it shows (0: no document), read by the same
    query. The version is the ETag a client sends back in If-Match: read separately,
    a write landing between the two reads would pair an old body with the new
    version, and an edit of that old body would then overwrite the write unnoticed."""
    inputs = gather_inputs(user=user, workspace=workspace, session=session)
    entries = entries_of(inputs, user=user, workspace=workspace)
    document = inputs.documents.get(scope)
    return next(e for e in entries if e["scope"] == scope), document.version if document else 0


def entries_of(inputs: MergeInputs, *, user, workspace: Workspace) -> list[InstructionEntry]:
    session = inputs.session
    sources = {s.scope: s for s in inputs.sources}
    owners = {
        Scope.SESSION: session.pk if session else None,
        Scope.WORKSPACE: workspace.slug,
        Scope.USER: user.get_username(),
        Scope.GLOBAL: None,
    }
    entries = []
    for scope in PRECEDENCE:
        source = sources.get(scope)
        if scope == Scope.SESSION and session is not None and not session.is_active:
            source = None
        if source is None:
            entries.append(empty_entry(scope, display_path(scope, owners[scope])))
        else:
            entries.append(make_entry(source, inputs.credo.rules)[0])
    return entries


def version_pair(document: InstructionDocument | None, old_id, new_id) -> tuple[object, object]:
    """Two versions of ``document`` (history rows), the older first; ``NotFound`` for unknown
    ids (``params.parse_id``: anything that is not an id, or is larger than any, is unknown)."""
    old_key, new_key = parse_id(old_id), parse_id(new_id)
    if old_key is None or new_key is None:  # not an id, or larger than any (never sent to the database)
        raise NotFound("Unknown version.")
    ids = {old_key, new_key}
    rows = {row.history_id: row for row in document_versions(document).filter(history_id__in=ids)}
    if len(rows) != len(ids):
        raise NotFound("Unknown version.")
    old, new = rows[old_key], rows[new_key]
    return (old, new) if old.history_id <= new.history_id else (new, old)
