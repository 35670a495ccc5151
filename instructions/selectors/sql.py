"""Every raw SQL statement of the service, in one place.

Each is written by hand for the hottest paths (every API read resolves a workspace or a
session; every merged read and spawn reads a stamp; every audited insert on PostgreSQL),
where building the ORM's version of it cost more than running it. The benchmarks that
justify them are ``scripts/bench_scale.py`` (throughput of the merged read and the spawn
against the floor of ``GET /api/credo``) and ``scripts/bench_api.py`` (latency of the same
reads); ``tests/test_selectors_sql.py`` compares the rows of each statement with those of
the ORM query it stands for. Table and column names come from the models only; every value
is a parameter.

The selectors run the reads (``access``, ``stamps``); ``services.audit`` runs the insert.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from functools import lru_cache

from django.db import connection, models

from instructions.foundation.contract import Scope
from instructions.models import (
    OWNER_COLUMN,
    AgentSession,
    ApprovedFinding,
    InstructionDocument,
    Membership,
    Workspace,
)


def sql_col(alias: str, meta, name: str) -> str:
    """``alias.column`` of field ``name`` of the model ``meta`` describes, quoted."""
    return f"{alias}.{connection.ops.quote_name(meta.get_field(name).column)}"


def stamp_columns(target: str) -> str:
    """The stamp's columns of the joined document ``d`` (as ``stamp_sql``): its id, scope and
    version, and the count and highest id of the approvals of ``target`` (its target key)."""
    doc, approval = InstructionDocument._meta, ApprovedFinding._meta
    table = connection.ops.quote_name(approval.db_table)
    approvals = f"FROM {table} a WHERE {sql_col('a', approval, 'target_key')} = {target}"
    return (
        f"{sql_col('d', doc, 'id')} AS stamp_id, {sql_col('d', doc, 'scope')} AS stamp_scope, "
        f"{sql_col('d', doc, 'version')} AS stamp_version, "
        f"(SELECT COUNT(*) {approvals}) AS stamp_approvals, "
        f"(SELECT MAX({sql_col('a', approval, 'id')}) {approvals}) AS stamp_top "
    )


@lru_cache(maxsize=4)
def stamp_sql(scopes: tuple[str, ...], vendor: str) -> str:
    """The stamp's query, written once (``vendor``: the SQL is per database vendor).

    It runs on every read of the merged set and every spawn; building it through the
    ORM each time cost more than running it. The owner columns come from
    ``OWNER_COLUMN``, as ``for_merge``'s filter does; each document's approvals are
    counted by its target key (given as parameters, one per scope).
    """
    doc = InstructionDocument._meta
    scope_col = sql_col("d", doc, "scope")
    where = " OR ".join(f"({scope_col} = %s AND {sql_col('d', doc, OWNER_COLUMN[scope])} = %s)" for scope in scopes)
    target = "CASE " + " ".join(f"WHEN {scope_col} = %s THEN %s" for _ in scopes) + " END"
    # Names from the models only; every value is a parameter.
    return f"SELECT {stamp_columns(target)}FROM {connection.ops.quote_name(doc.db_table)} d WHERE {where}"


#: The workspace's fields the merged read uses, read with its stamp (columns that need no
#: conversion from the database on any vendor; the others load if ever asked for).
WORKSPACE_FIELDS = ("id", "slug", "name")


@lru_cache(maxsize=2)
def workspace_stamp_sql(vendor: str) -> str:
    """``workspace_stamp_rows``' query, written once per database vendor: the workspace named
    by a slug, the caller's role there, and the stamp's columns of the caller's user scope and
    of the workspace's scope (as ``stamp_sql``), one row per document."""
    quote, col = connection.ops.quote_name, sql_col
    ws, member, doc = Workspace._meta, Membership._meta, InstructionDocument._meta
    scope = col("d", doc, "scope")
    target = f"CASE WHEN {scope} = %s THEN %s ELSE %s || CAST({col('w', ws, 'id')} AS TEXT) END"
    workspace_columns = ", ".join(f"w.{quote(ws.get_field(name).column)}" for name in WORKSPACE_FIELDS)
    # Names from the models only; every value is a parameter.
    return (
        f"SELECT {workspace_columns}, {col('m', member, 'role')} AS member_role, "
        f"{stamp_columns(target)}"
        f"FROM {quote(ws.db_table)} w "
        f"LEFT JOIN {quote(member.db_table)} m "
        f"ON {col('m', member, 'workspace')} = w.{quote(ws.pk.column)} AND {col('m', member, 'user')} = %s "
        f"LEFT JOIN {quote(doc.db_table)} d ON ({scope} = %s AND {col('d', doc, OWNER_COLUMN[Scope.USER])} = %s) "
        f"OR ({scope} = %s AND {col('d', doc, OWNER_COLUMN[Scope.WORKSPACE])} = w.{quote(ws.pk.column)}) "
        f"WHERE w.{quote(ws.get_field('slug').column)} = %s"
    )


@lru_cache(maxsize=2)
def session_stamp_sql(vendor: str) -> str:
    """``session_stamp_rows``' query, written once per database vendor: one session of its
    owner, its workspace's slug and name, whether its owner is a member there, and the
    stamp's columns of the three documents it merges (the owner's user scope, the
    workspace's scope, its own session scope; as ``stamp_sql``), one row per document."""
    quote, col = connection.ops.quote_name, sql_col
    session, ws, member, doc = AgentSession._meta, Workspace._meta, Membership._meta, InstructionDocument._meta
    scope = col("d", doc, "scope")
    session_ws = col("s", session, "workspace")
    target = f"CASE WHEN {scope} = %s THEN %s WHEN {scope} = %s THEN %s ELSE %s || CAST({session_ws} AS TEXT) END"
    session_columns = ", ".join(f"s.{quote(field.column)}" for field in session.concrete_fields)
    owner = {name: col("d", doc, OWNER_COLUMN[name]) for name in OWNER_COLUMN}
    # Names from the models only; every value is a parameter.
    return (
        f"SELECT {session_columns}, {col('w', ws, 'slug')} AS ws_slug, {col('w', ws, 'name')} AS ws_name, "  # noqa: S608
        f"EXISTS (SELECT 1 FROM {quote(member.db_table)} m WHERE {col('m', member, 'workspace')} = {session_ws} "
        f"AND {col('m', member, 'user')} = {col('s', session, 'owner')}) AS owner_is_member, "
        f"{stamp_columns(target)}"
        f"FROM {quote(session.db_table)} s "
        f"JOIN {quote(ws.db_table)} w ON w.{quote(ws.pk.column)} = {session_ws} "
        f"LEFT JOIN {quote(doc.db_table)} d ON ({scope} = %s AND {owner[Scope.USER]} = %s) "
        f"OR ({scope} = %s AND {owner[Scope.WORKSPACE]} = {session_ws}) "
        f"OR ({scope} = %s AND {owner[Scope.SESSION]} = s.{quote(session.pk.column)}) "
        f"WHERE s.{quote(session.pk.column)} = %s AND {col('s', session, 'owner')} = %s"
    )


# --- access: a workspace with the caller's role, a session with its workspace

#: The workspace named by a slug with the caller's role there, in one query. Written
#: out rather than built by the ORM: every API read asks it, and building the
#: equivalent subquery cost more than running it (``scripts/bench_scale.py``).
WORKSPACE_WITH_ROLE = """
    SELECT w.id, w.slug, w.name, w.created_at, w.review_policy, m.role AS member_role
    FROM instructions_workspace w
    LEFT JOIN instructions_membership m ON m.workspace_id = w.id AND m.user_id = %s
    WHERE w.slug = %s
"""


@lru_cache(maxsize=4)
def own_session_sql(vendor: str) -> str:
    """One session with its workspace's name and whether its owner is a member there.

    Written out (names from the models, every value a parameter): every use of a
    session asks it, and the ORM's version with the annotated subquery cost more
    to build than to run (``scripts/bench_scale.py``).
    """
    quote = connection.ops.quote_name
    session, workspace, member = AgentSession._meta, Workspace._meta, Membership._meta
    columns = ", ".join(f"s.{quote(f.column)}" for f in session.concrete_fields)
    return (
        f"SELECT {columns}, w.{quote('slug')} AS ws_slug, w.{quote('name')} AS ws_name, "  # noqa: S608
        f"EXISTS (SELECT 1 FROM {quote(member.db_table)} m WHERE m.{quote('workspace_id')} = s.{quote('workspace_id')} "
        f"AND m.{quote('user_id')} = s.{quote('owner_id')}) AS owner_is_member "
        f"FROM {quote(session.db_table)} s "
        f"JOIN {quote(workspace.db_table)} w ON w.{quote('id')} = s.{quote('workspace_id')} "
        f"WHERE s.{quote('id')} = %s AND s.{quote('owner_id')} = %s"
    )


# --- writes: a row and its first history row in one statement (PostgreSQL)


@dataclass(frozen=True)
class InsertWithHistory:
    history_model: type[models.Model]
    tracked: tuple  # the fields history copies from the row
    own: tuple  # the row's columns (all but its key)
    kept: tuple  # the history row's columns (all but its key and the row's key)
    sql: str


@functools.cache
def insert_with_history(model: type[models.Model]) -> InsertWithHistory:
    """The statement ``create_audited`` sends for ``model`` on PostgreSQL, made once per model."""
    meta, quote = model._meta, connection.ops.quote_name
    history_model = getattr(model, meta.simple_history_manager_attribute).model
    own = tuple(field for field in meta.concrete_fields if not field.primary_key)
    kept = tuple(
        field
        for field in history_model._meta.concrete_fields
        if not field.primary_key and field.attname != meta.pk.attname
    )
    pk = quote(meta.pk.column)
    names = ", ".join(quote(field.column) for field in own)
    marks = ", ".join(["%s"] * len(own))
    history_names = ", ".join(quote(field.column) for field in kept)
    casts = ", ".join(f"%s::{field.db_type(connection)}" for field in kept)
    # Names from the models only; every value is a parameter.
    sql = (
        f"WITH new AS (INSERT INTO {quote(meta.db_table)} ({names}) VALUES ({marks}) RETURNING {pk}) "  # noqa: S608
        f"INSERT INTO {quote(history_model._meta.db_table)} ({pk}, {history_names}) "
        f"SELECT new.{pk}, {casts} FROM new RETURNING {pk}"
    )
    return InsertWithHistory(history_model, tuple(history_model.tracked_fields), own, kept, sql)
