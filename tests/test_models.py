"""Invariants enforced by the database itself, not only by code."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from instructions.models import InstructionDocument, Membership, Role


def test_a_second_workspace_scope_for_one_workspace_fails_in_the_database(acme):
    InstructionDocument.objects.create(scope="workspace", workspace=acme, body="one")
    with pytest.raises(IntegrityError), transaction.atomic():
        InstructionDocument.objects.create(scope="workspace", workspace=acme, body="two")


def test_a_second_user_scope_fails_in_the_database(dave):
    InstructionDocument.objects.create(scope="user", user=dave, body="one")
    with pytest.raises(IntegrityError), transaction.atomic():
        InstructionDocument.objects.create(scope="user", user=dave, body="two")


@pytest.mark.parametrize("owner", ["user", "none", "both"])
def test_the_owner_must_match_the_scope(acme, dave, owner):
    fields = {"user": {"user": dave}, "none": {}, "both": {"workspace": acme, "user": dave}}[owner]
    with pytest.raises(IntegrityError), transaction.atomic():
        InstructionDocument.objects.create(scope="workspace", body="x", **fields)


def test_body_over_50000_characters_fails_in_the_database(acme):
    with pytest.raises(IntegrityError), transaction.atomic():
        InstructionDocument.objects.create(scope="workspace", workspace=acme, body="x" * 50_001)


def test_body_of_exactly_50000_characters_is_accepted(acme):
    InstructionDocument.objects.create(scope="workspace", workspace=acme, body="é" * 50_000)


def test_membership_is_unique_and_role_checked(acme, dave):
    Membership.objects.create(workspace=acme, user=dave, role=Role.VIEWER)
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.create(workspace=acme, user=dave, role=Role.EDITOR)
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.filter(workspace=acme, user=dave).update(role="owner")
