"""Model rows to the plain dicts the output serializers describe."""

from __future__ import annotations

from typing import Any

from instructions.models import Membership, ReviewItem, Workspace
from instructions.oaths import RuleSet, check_text
from instructions.selectors import epoch_ms, owner_name
from instructions.services.documents import sha256_text


def workspace_data(workspace: Workspace, role: str | None) -> dict[str, Any]:
    return {"slug": workspace.slug, "name": workspace.name, "role": role, "created_at": workspace.created_at}


def member_data(member: Membership) -> dict[str, Any]:
    return {"username": member.user.get_username(), "role": member.role, "created_at": member.created_at}


def history_data(row: Any, rules: RuleSet) -> dict[str, Any]:
    if not row.body:
        oath = "unknown"
    elif row.approved_sha256 and row.approved_sha256 == sha256_text(row.body):
        oath = "pass"
    else:
        oath = check_text(row.body, rules).status
    return {
        "id": row.history_id,
        "body": row.body,
        "modified_at": epoch_ms(row.updated_at),
        "username": row.history_user.get_username() if row.history_user else None,
        "change_reason": row.history_change_reason,
        "oath_check": oath,
    }


def review_data(item: ReviewItem) -> dict[str, Any]:
    return {
        "id": item.pk,
        "kind": item.kind,
        "status": item.status,
        "scope": item.scope,
        "workspace": item.workspace.slug if item.workspace else None,
        "owner": owner_name(item),
        "author": item.author.get_username() if item.author else None,
        "created_at": item.created_at,
        "body": item.body,
        "snippet": item.snippet,
        "conflicting_oath": item.oath,
        "reviewer": item.reviewer.get_username() if item.reviewer else None,
        "reviewed_at": item.reviewed_at,
        "note": item.note,
    }
