"""``seed_demo``: what ``make run`` does on a fresh database."""

from __future__ import annotations

from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from django.test import RequestFactory

from instructions.models import InstructionDocument, ReviewItem


def test_seed_demo_creates_a_login_once_and_demo_data(db, capsys):
    call_command("seed_demo")
    out = capsys.readouterr().out
    password = next(line.split(": ", 1)[1] for line in out.splitlines() if "password:" in line)
    admin = get_user_model().objects.get(username="admin")
    assert admin.is_superuser and authenticate(RequestFactory().post("/"), username="admin", password=password) == admin
    workspace_doc = InstructionDocument.objects.get(scope="workspace", workspace__slug="default")
    assert workspace_doc.history.get().history_user == admin
    assert InstructionDocument.objects.filter(scope="user", user=admin).exists()
    review = ReviewItem.objects.get()
    assert (review.status, review.author, review.oath) == ("pending", admin, "finish the procedure")
    assert review.body != workspace_doc.body

    call_command("seed_demo")
    again = capsys.readouterr().out
    assert "already exists" in again and password not in again
    assert ReviewItem.objects.count() == 1
