"""Sessions and deliveries in the admin, as an auditor reads them: "what did the agent
receive?" answered with the exact text, rebuilt and verified against its hash.

The world (conftest): alice maintains "acme". Here also ``audrey`` (Auditors, staff,
not a superuser).
"""

from __future__ import annotations

import os
import re

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from instructions.foundation.contract import Scope
from instructions.models import AgentSession, RecordedText
from instructions.rules import bundle
from instructions.rules.bundle import INSTRUCTIONS_PATH
from instructions.rules.session_spec import SessionSpec
from instructions.selectors import audit_log
from instructions.services.deliveries import spawn_for_session
from instructions.services.documents import Target, document_save
from instructions.services.sessions import session_create
from tests.helpers import make_user

LONG = ("Focus on the parser module and explain each change in one line. " * 20 + "\n") * 30


@pytest.fixture
def audrey(db):
    user = make_user("audrey", is_staff=True)
    user.groups.add(Group.objects.get(name="Auditors"))
    return user


@pytest.fixture
def os_file(tmp_path, settings):
    path = tmp_path / "os.md"
    path.write_text("# Environment\n\nYou run in agentOS.\n")
    settings.AGENTOS_OS_INSTRUCTIONS_FILE = path
    bundle._os_cache.clear()
    return path


@pytest.fixture
def delivered(alice, acme, credo_dir, os_file):
    document_save(target=Target(scope=Scope.WORKSPACE, workspace=acme), body="Run make test.", actor=alice, reason="t")
    session = session_create(
        owner=alice, workspace=acme, spec=SessionSpec(agent="claude-code", additional_instructions=LONG)
    )
    payload, delivery = spawn_for_session(session=session, actor=alice)
    return payload["files"][INSTRUCTIONS_PATH], delivery


def delivery_page(client, delivery) -> str:
    return client.get(reverse("admin:instructions_delivery_change", args=[delivery.pk])).content.decode()


def rebuilt_text(html: str) -> str:
    import html as html_module

    return html_module.unescape(re.search(r'<pre class="text" id="rebuilt">(.*?)</pre>', html, re.S).group(1))


def test_a_delivery_shows_the_exact_text_with_its_hash_verified(client, audrey, delivered):
    sent, delivery = delivered
    client.force_login(audrey)
    html = delivery_page(client, delivery)
    assert '<div class="verdict ok" id="verdict" role="status"><strong>Verified.</strong>' in html
    assert rebuilt_text(html) == sent
    assert f'<code class="hash">{delivery.instructions_sha256}</code>' in html
    # Long: folded behind an expander; the scope version it used is one click away.
    assert '<details class="fold" id="rebuilt-text">' in html
    version = delivery.scope_versions["workspace"]
    document = delivery.session.workspace.instruction_documents.get()
    url = reverse("admin:instructions_instructiondocument_simple_history", args=[document.pk, version])
    assert f'workspace scope: <a href="{url}">version 1</a>' in html


def test_it_still_verifies_after_the_credo_file_changed(client, audrey, delivered, credo_dir):
    sent, delivery = delivered
    path = credo_dir / "credo.md"
    path.write_text("# A different credo\n\nNew words.\n")
    os.utime(path, ns=(path.stat().st_mtime_ns + 10**9,) * 2)
    client.force_login(audrey)
    html = delivery_page(client, delivery)
    assert "<strong>Verified.</strong>" in html and rebuilt_text(html) == sent


def test_a_text_that_cannot_be_rebuilt_is_said_loudly(client, audrey, delivered):
    _, delivery = delivered
    RecordedText.objects.filter(sha256=delivery.credo_sha256).delete()  # as if the credo's text was never kept
    client.force_login(audrey)
    html = delivery_page(client, delivery)
    verdict = html.split('id="verdict"')[1].split("</div>")[0]
    assert 'role="alert"' in verdict and "NOT VERIFIED: this is not provably what the agent received" in verdict
    assert f"The credo&#x27;s text (SHA-256 {delivery.credo_sha256}) was not kept." in verdict
    assert "<strong>Verified.</strong>" not in html


def test_a_session_folds_its_long_instructions_and_lists_its_deliveries(client, audrey, delivered):
    _, delivery = delivered
    session = delivery.session
    spawn_for_session(session=session, actor=session.owner)
    client.force_login(audrey)
    html = client.get(reverse("admin:instructions_agentsession_change", args=[session.pk])).content.decode()
    assert '<details class="fold" id="additional-instructions"><summary>Show them' in html  # shut: it is long
    assert f"(30 lines, {len(LONG):,} characters)" in html
    deliveries = html.split('id="deliveries"')[1].split("</ul>")[0]
    assert deliveries.count("<li>") == 2
    assert reverse("admin:instructions_delivery_change", args=[delivery.pk]) in deliveries
    # An auditor reads sessions; ending one is a change, not offered to them.
    changelist = client.get(reverse("admin:instructions_agentsession_changelist")).content.decode()
    assert "end_selected" not in changelist
    client.post(
        reverse("admin:instructions_agentsession_changelist"),
        {"action": "end_selected", "_selected_action": [session.pk]},
    )
    assert AgentSession.objects.get(pk=session.pk).ended_at is None


def test_the_audit_row_of_a_session_leads_to_its_additional_instructions(client, audrey, delivered):
    _, delivery = delivered
    session = delivery.session
    [change] = [c for c in audit_log.changes(audit_log.AuditFilter(scope="session"), limit=10)]
    assert change.summary.endswith("started in acme, with 30 lines of additional instructions")
    client.force_login(audrey)
    page = client.get(reverse("admin:instructions_audit_log"), {"scope": "session"}).content.decode()
    version = reverse("admin:instructions_agentsession_simple_history", args=[session.pk, change.row["history_id"]])
    assert f'href="{version}"' in page
    html = client.get(version).content.decode()
    assert change.summary.replace("'", "&#x27;") in html
    assert "Focus on the parser module" in html and 'id="additional-instructions"' in html
    assert client.get(version.replace(f"/{change.row['history_id']}/", "/999999/")).status_code == 404
