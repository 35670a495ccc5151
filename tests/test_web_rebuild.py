"""What a delivery handed out, rebuilt from the records (``instructions.selectors.rebuild``).

The rebuild must reproduce ``instructions.md`` byte for byte after everything it
came from has changed: the scopes edited, the credo and the OS text rewritten on
disk, the session ended. And it must say so loudly when it cannot.
"""

from __future__ import annotations

import pytest

from instructions.foundation.contract import Scope
from instructions.foundation.stored_text import sha256_text
from instructions.models import Delivery, RecordedText
from instructions.rules import bundle
from instructions.rules.bundle import INSTRUCTIONS_PATH
from instructions.rules.session_spec import SessionSpec
from instructions.selectors.rebuild import delivery_rebuild
from instructions.services.deliveries import spawn_for_session, texts_record
from instructions.services.documents import Target, document_save
from instructions.services.sessions import session_create, session_end

# A paragraph the user scope repeats from the workspace scope: the merge drops it,
# so the rebuild must run the real merge, not concatenate the bodies.
SHARED = "Run the tests before every commit."


@pytest.fixture
def profiles(tmp_path, settings):
    """Private copies of the OS profile templates that a test may rewrite."""
    folder = tmp_path / "os-profiles"
    folder.mkdir()
    (folder / "agentos-vm.md").write_text("# Environment\n\nYou run in agentOS.\n")
    (folder / "host.md").write_text("# Environment\n\nOn ${platform}, in ${cwd}; the bundle is in ${bundle_dir}.\n")
    settings.AGENTOS_OS_PROFILES_DIR = folder
    bundle._os_cache.clear()
    yield folder
    bundle._os_cache.clear()


@pytest.fixture
def os_file(profiles):
    return profiles / "agentos-vm.md"


@pytest.fixture
def delivered(alice, acme, credo_dir, os_file):
    """A delivery with all three scopes, additional instructions and a deduplicated paragraph."""
    document_save(target=Target(scope=Scope.USER, user=alice), body=f"Be brief.\n\n{SHARED}", actor=alice, reason="t")
    document_save(target=Target(scope=Scope.WORKSPACE, workspace=acme), body=SHARED, actor=alice, reason="t")
    session = session_create(
        owner=alice,
        workspace=acme,
        spec=SessionSpec(agent="codex", additional_instructions="Today: the billing module."),
    )
    document_save(target=Target(scope=Scope.SESSION, session=session), body="Stay in src/.", actor=alice, reason="t")
    payload, delivery = spawn_for_session(session=session, actor=alice)
    return payload, Delivery.objects.get(pk=delivery.pk)


def test_a_delivery_is_rebuilt_exactly_after_everything_changed(alice, acme, credo_dir, os_file, delivered):
    payload, delivery = delivered
    sent = payload["files"][INSTRUCTIONS_PATH]
    assert sent.count(SHARED) == 1  # the merge dropped the repeat
    # Everything it came from changes afterwards.
    document_save(target=Target(scope=Scope.USER, user=alice), body="New preference.", actor=alice, reason="t")
    document_save(target=Target(scope=Scope.WORKSPACE, workspace=acme), body="New rule.", actor=alice, reason="t")
    (credo_dir / "credo.md").write_text("# A different credo\n")
    os_file.write_text("A different OS text.\n")
    session_end(session=delivery.session, actor=alice)

    rebuilt = delivery_rebuild(delivery)

    assert rebuilt.text == sent
    assert rebuilt.verified is True
    assert rebuilt.reasons == []
    assert rebuilt.sha256 == delivery.instructions_sha256 == sha256_text(sent)
    assert sent.endswith("# [session]\nStay in src/.\n\n# [additional]\nToday: the billing module.")


def test_texts_are_kept_once_by_their_hash(delivered, alice):
    _, delivery = delivered
    assert RecordedText.objects.count() == 2  # the credo and the OS text
    assert RecordedText.objects.filter(sha256=delivery.os_text_sha256).exists()
    assert RecordedText.objects.filter(sha256=delivery.credo_sha256).exists()
    spawn_for_session(session=delivery.session, actor=alice)
    texts_record(["x", "x"])
    assert RecordedText.objects.count() == 3
    assert RecordedText.objects.get(sha256=sha256_text("x")).text == "x"


def test_a_tampered_text_is_reported_not_shown_as_verified(delivered):
    _, delivery = delivered
    RecordedText.objects.filter(sha256=delivery.os_text_sha256).update(text="Something else.")
    rebuilt = delivery_rebuild(delivery)
    assert rebuilt.verified is False
    assert rebuilt.reasons == [
        f"The rebuilt text's SHA-256 is {rebuilt.sha256}; the delivery recorded {delivery.instructions_sha256}."
    ]
    assert rebuilt.text.startswith("Something else.\n\n# [global]\n")


def test_missing_records_are_named(delivered):
    _, delivery = delivered
    RecordedText.objects.filter(sha256=delivery.credo_sha256).delete()
    history_id = delivery.scope_versions["workspace"]
    delivery.scope_versions["workspace"] = 10**9
    rebuilt = delivery_rebuild(delivery)
    assert rebuilt.verified is False
    assert rebuilt.reasons[:2] == [
        "Version 1000000000 of the workspace scope is not in the history.",
        f"The credo's text (SHA-256 {delivery.credo_sha256}) was not kept.",
    ]
    assert rebuilt.reasons[2].startswith("The rebuilt text's SHA-256 is ")
    assert history_id != 10**9


def test_a_delivery_from_before_texts_were_kept_is_not_verified(delivered):
    _, delivery = delivered
    delivery.os_text_sha256 = ""
    rebuilt = delivery_rebuild(delivery)
    assert rebuilt.verified is False
    assert rebuilt.reasons[0] == "The OS environment text was not recorded (a delivery made before it was kept)."


def test_rebuild_costs_three_queries(delivered, django_assert_num_queries):
    _, delivery = delivered
    # the scope versions, the kept texts, the session's version at the time
    with django_assert_num_queries(3):
        assert delivery_rebuild(delivery).verified


def test_a_delivery_without_credo_or_scopes(alice, acme, credo_dir, os_file):
    (credo_dir / "credo.md").unlink()
    session = session_create(owner=alice, workspace=acme, spec=SessionSpec(agent="pi"))
    payload, delivery = spawn_for_session(session=session, actor=alice)
    assert delivery.credo_sha256 == ""
    rebuilt = delivery_rebuild(delivery)
    assert (rebuilt.text, rebuilt.verified) == (payload["files"][INSTRUCTIONS_PATH], True)
    assert rebuilt.text == "# Environment\n\nYou run in agentOS."


def test_a_host_delivery_is_rebuilt_exactly_after_its_template_changed(alice, acme, credo_dir, profiles):
    session = session_create(
        owner=alice,
        workspace=acme,
        spec=SessionSpec(
            agent="gemini",
            cwd="/home/alice/app",
            bundle_dir="/run/user/1000/agentos-bundle-z9",
            os_profile="host",
            platform="Linux 6.1 x86_64",
        ),
    )
    payload, delivery = spawn_for_session(session=session, actor=alice)
    sent = payload["files"]["/run/user/1000/agentos-bundle-z9/instructions.md"]
    assert sent.startswith(
        "# Environment\n\nOn Linux 6.1 x86_64, in /home/alice/app; the bundle is in /run/user/1000/agentos-bundle-z9."
    )
    (profiles / "host.md").write_text("Something else on ${platform}.\n")
    session_end(session=session, actor=alice)

    rebuilt = delivery_rebuild(Delivery.objects.get(pk=delivery.pk))
    assert (rebuilt.text, rebuilt.verified, rebuilt.reasons) == (sent, True, [])
    assert (delivery.bundle_dir, delivery.os_profile) == ("/run/user/1000/agentos-bundle-z9", "host")
