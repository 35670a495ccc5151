"""Invariants enforced by the database itself, not only by code."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from instructions.models import AgentSession, InstructionDocument, Membership, Role


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


# --- a session's bundle directory and OS profile ------------------------------------------------

BAD_BUNDLE_DIRS = ["relative", "/", "/a/", "/a//b", "//a", "/a/./b", "/a/../b", "/a/.", "/a/.."]


@pytest.mark.parametrize("bundle_dir", BAD_BUNDLE_DIRS)
def test_a_bundle_directory_that_is_not_canonical_fails_in_the_database(acme, alice, bundle_dir):
    with pytest.raises(IntegrityError), transaction.atomic():
        AgentSession.objects.create(owner=alice, workspace=acme, agent="pi", bundle_dir=bundle_dir)


@pytest.mark.parametrize("bundle_dir", [*BAD_BUNDLE_DIRS, "/a\x1bb", "/a\x00b", "/" + "x" * 1024])
def test_a_bundle_directory_that_is_not_canonical_is_refused_by_the_model(acme, alice, bundle_dir):
    session = AgentSession(owner=alice, workspace=acme, agent="pi", bundle_dir=bundle_dir)
    with pytest.raises(ValidationError) as caught:
        session.full_clean()
    assert "bundle_dir" in caught.value.message_dict


def test_canonical_bundle_directories_are_accepted(acme, alice):
    for bundle_dir in ("/etc/agentos", "/run/user/1000/agentos-bundle-x y", "/a..b/.c/d."):
        session = AgentSession(owner=alice, workspace=acme, agent="pi", bundle_dir=bundle_dir, platform="Linux")
        session.full_clean()
        session.save()


def test_an_unknown_os_profile_fails_in_the_database(acme, alice):
    with pytest.raises(IntegrityError), transaction.atomic():
        AgentSession.objects.create(owner=alice, workspace=acme, agent="pi", os_profile="windows")
    session = AgentSession(owner=alice, workspace=acme, agent="pi", os_profile="windows", platform="ok\x1b")
    with pytest.raises(ValidationError) as caught:
        session.full_clean()
    assert set(caught.value.message_dict) >= {"os_profile", "platform"}


def test_sessions_default_to_the_vm(acme, alice):
    session = AgentSession.objects.create(owner=alice, workspace=acme, agent="pi")
    assert (session.bundle_dir, session.os_profile, session.platform) == ("/etc/agentos", "agentos-vm", "")
