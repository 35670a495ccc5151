"""``services.audit``: every write leaves a history row with user, reason and path,
whichever way the row is written (``save_audited``, or ``create_audited``: one
statement on PostgreSQL for rows made on every request)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.forms.models import model_to_dict

from instructions.history import ChangePath, change_path
from instructions.models import Delivery, Workspace
from instructions.rules.session_spec import SessionSpec
from instructions.services.audit import create_audited, save_audited
from instructions.services.sessions import session_create

#: What differs between two rows written the same way at different moments.
MOMENT = {"id", "history_id", "history_date", "created_at"}


def row(instance) -> dict:
    return {k: v for k, v in model_to_dict(instance).items() if k not in MOMENT}


def history_row(instance) -> dict:
    record = instance.history.get()
    values = {field.attname: getattr(record, field.attname) for field in record._meta.concrete_fields}
    return {k: v for k, v in values.items() if k not in MOMENT}


def delivery(session) -> Delivery:
    return Delivery(
        session=session,
        agent=session.agent,
        instructions_sha256="a" * 64,
        instructions_bytes=12,
        credo_sha256="b" * 64,
        scope_versions={"user": 3, "workspace": 7},
        mechanism="append-system-prompt",
        os_text_sha256="c" * 64,
    )


@pytest.fixture
def session(alice, acme):
    return session_create(owner=alice, workspace=acme, spec=SessionSpec(agent="claude-code"))


@pytest.mark.parametrize("path", [ChangePath.API, ChangePath.WEB, ChangePath.COMMAND])
def test_create_audited_writes_what_save_audited_writes(alice, session, path):
    with change_path(path):
        saved, created = delivery(session), delivery(session)
        save_audited(saved, actor=alice, reason="Spawn payload served")
        create_audited(created, actor=alice, reason="Spawn payload served")

    assert created.pk is not None and created.pk != saved.pk
    assert not created._state.adding
    fresh = Delivery.objects.get(pk=created.pk)
    assert row(fresh) == row(Delivery.objects.get(pk=saved.pk))
    assert fresh.created_at == created.created_at
    assert history_row(fresh) == history_row(Delivery.objects.get(pk=saved.pk))
    record = fresh.history.get()
    assert (record.id, record.history_type, record.history_path) == (created.pk, "+", path)
    assert (record.history_user, record.history_change_reason) == (alice, "Spawn payload served")
    assert record.instructions_sha256 == "a" * 64 and record.scope_versions == {"user": 3, "workspace": 7}


def test_create_audited_records_no_user_for_an_anonymous_actor_and_a_clean_reason(session):
    created = delivery(session)
    create_audited(created, actor=AnonymousUser(), reason="  two\nlines " + "x" * 200)
    record = created.history.get()
    assert record.history_user is None
    assert "\n" not in record.history_change_reason and len(record.history_change_reason) == 100


def test_create_audited_is_one_statement_on_postgresql(alice, session, django_assert_num_queries):
    # Elsewhere the row and its history row are two inserts (save_audited).
    with django_assert_num_queries(1 if connection.vendor == "postgresql" else 2):
        create_audited(delivery(session), actor=alice, reason="Spawn payload served")
    assert Delivery.history.count() == 1


def test_create_audited_of_an_existing_row_saves_it_as_a_change(alice, acme):
    # Only new rows take the one-statement path; a row with a key is an update.
    acme.name = "Acme Corp"
    create_audited(acme, actor=alice, reason="Renamed")
    assert Workspace.objects.get(pk=acme.pk).name == "Acme Corp"
    latest = acme.history.first()
    assert (latest.history_type, latest.history_change_reason, latest.name) == ("~", "Renamed", "Acme Corp")
