"""Home, and the pages of one scope: the editor with its live oath check, the
preview of what agents receive, the history with diffs and reverts.

The same views serve a workspace's AGENTS.md (``/w/<slug>/...``) and the user's
own scope (``/me/...``); ``base.scope_page`` says which, and who may change it.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.views.decorators.http import require_POST

from instructions.foundation.contract import DEFAULT_OS_PROFILE, MAX_BODY_CHARS
from instructions.foundation.errors import BodyTooLarge, InvalidInput, OathConflict, ReviewRequired, StaleVersion
from instructions.rules.display import diff_of
from instructions.selectors import access
from instructions.selectors.pages import home_overview, text_check
from instructions.selectors.scopes import document_of, document_versions, scope_approvals, version_pair
from instructions.selectors.sessions import own_sessions
from instructions.services.deliveries import spawn_previews
from instructions.services.documents import document_revert, document_save
from instructions.web.base import paginate, scope_page, web_view
from instructions.web.forms import CheckForm, PreviewForm, RevertForm, ScopeForm


@web_view
def home(request: HttpRequest) -> HttpResponse:
    overview = home_overview(
        user=request.user,
        workspaces=access.workspaces_with_role(request.user),
        reviewable=access.reviewable_items(request.user),
        proposals=access.own_proposals(request.user),
    )
    return render(request, "web/home.html", {"overview": overview})


# --- the editor ------------------------------------------------------------------------


def _review_link(review_id: int) -> str:
    return format_html('<a href="{}">review #{}</a>', reverse("web:review", args=[review_id]), review_id)


def _flagged_message(saved: str, document, page) -> str:
    """A change that landed with findings only worth a look: saved, and a review item opened."""
    return format_html(
        "{} — flagged for a reviewer's look ({}). Its findings are only worth a look, so it landed; {} may "
        "keep it or revert it.",
        saved,
        _review_link(document.flagged_review.pk),
        "another maintainer or a reviewer" if page.access else "a reviewer",
    )


@web_view
def scope_edit(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    """The scope's text in an editor (read-only for viewers). A save is oath-checked:
    a conflicting text is kept as a review item (409, with its findings and a link);
    under the workspace's ``approve-every-change`` policy a passing text is kept as a
    review item too (202, with a link: it waits for another maintainer or a reviewer);
    a save over a version someone saved meanwhile is refused (409) with the typed
    text kept and a diff against the new version."""
    page = scope_page(request, slug)
    document = document_of(page.scope, page.owner)
    version = document.version if document else 0
    context = _editor_context(page, document)
    if request.method == "POST":
        target = page.target()  # Forbidden (403) for viewers, before anything is read
        form = ScopeForm(request.POST)
        if form.is_valid():
            body = form.cleaned_data["body"]
            try:
                saved = document_save(
                    target=target,
                    body=body,
                    actor=request.user,
                    reason=form.cleaned_data["reason"],
                    if_match=form.cleaned_data["version"],
                )
            except OathConflict as exc:
                conflicts = exc.extra["conflicts"]
                context["conflict"] = {
                    "conflicts": conflicts,
                    "review": exc.extra["review"],
                    # No confident finding: refused only because the policy (hold-all) holds any finding.
                    "by_policy": not any(c.get("tier") == "hold" for c in conflicts),
                }
                context["review_link"] = _review_link(exc.extra["review"])
                return render(request, "web/scope.html", {**context, "form": form}, status=409)
            except ReviewRequired as exc:
                context["held"] = {"review": exc.extra["review"]}
                context["review_link"] = _review_link(exc.extra["review"])
                return render(request, "web/scope.html", {**context, "form": form}, status=202)
            except StaleVersion:
                current = document_of(page.scope, page.owner)
                context["document"] = current
                context["stale"] = {
                    "current": current,
                    "diff": diff_of(current.body if current else "", body, old_name="saved", new_name="yours"),
                }
                # The form now targets the new version: saving again puts the typed text over it, knowingly.
                data = request.POST.copy()
                data["version"] = str(current.version if current else 0)
                return render(request, "web/scope.html", {**context, "form": ScopeForm(data)}, status=409)
            except (BodyTooLarge, InvalidInput) as exc:
                form.add_error("body", exc.message)
            else:
                if saved.version == version and saved.body == body:
                    messages.info(request, "Nothing changed: the text is the current version.")
                elif saved.flagged_review is not None:
                    messages.warning(request, _flagged_message(f"Saved as version {saved.version}", saved, page))
                else:
                    messages.success(request, f"Saved: version {saved.version}.")
                return redirect(page.url("edit"))
        return render(request, "web/scope.html", {**context, "form": form})
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD", "POST"])
    form = (
        ScopeForm(initial={"body": document.body if document else "", "version": version}) if page.can_write else None
    )
    if form is None:
        approved = scope_approvals(page.scope, page.owner)
        context["check"] = text_check(document.body, approved=approved, policy=page.policy) if document else None
    return render(request, "web/scope.html", {**context, "form": form})


def _editor_context(page, document) -> dict:
    """What the editor page shows besides its form: the scope, its document, where the
    form saves and checks."""
    return {
        "page": page,
        "document": document,
        "tab": "edit",
        "max_chars": MAX_BODY_CHARS,
        "edit_url": page.url("edit"),
        "check_url": page.url("check"),
    }


@web_view
@require_POST
def scope_check(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    """The oath check of a typed text: findings, the text with each marked, and the
    Markdown preview. Stores nothing.

    While typing (htmx: ``request.htmx``), the fragment that replaces the editor's live
    panel. Without htmx (no script; the editor's "Check" button), the whole editor
    page, the typed text still in it and the check beside it."""
    page = scope_page(request, slug)  # 404 for a workspace the user cannot see
    form = CheckForm(request.POST)
    document = document_of(page.scope, page.owner)
    if form.is_valid():
        body = form.cleaned_data["body"]
        approved = scope_approvals(page.scope, page.owner)
        live = {
            "check": text_check(body, approved=approved, policy=page.policy),
            # The text is the saved version: saving would change nothing, so the panel says what it has.
            "saved": document is not None and body == document.body,
        }
    else:
        live = {"errors": form.errors["body"]}
    if request.htmx:
        return render(request, "web/_live.html", live)
    typed = {key: request.POST.get(key, "") for key in ("body", "reason")}
    editor = ScopeForm(
        initial={**typed, "version": request.POST.get("version") or (document.version if document else 0)}
    )
    return render(
        request,
        "web/scope.html",
        {**_editor_context(page, document), **live, "form": editor if page.can_write else None},
    )


# --- preview -------------------------------------------------------------------------


@web_view
def workspace_preview(request: HttpRequest, slug: str) -> HttpResponse:
    """The merged set and each agent's spawn payload, for the user here (and as one
    of their active sessions here, when chosen). Records nothing."""
    page = scope_page(request, slug)
    sessions = own_sessions(request.user).filter(workspace=page.workspace, ended_at__isnull=True)
    form = PreviewForm(request.GET or None, sessions=sessions)
    valid = form.is_bound and form.is_valid()
    session = form.cleaned_data["session"] if valid else None
    os_profile = (form.cleaned_data["os_profile"] if valid else "") or DEFAULT_OS_PROFILE
    preview = spawn_previews(user=request.user, workspace=page.workspace, session=session, os_profile=os_profile)
    return render(request, "web/preview.html", {"page": page, "tab": "preview", "form": form, "preview": preview})


# --- history -------------------------------------------------------------------------


@web_view
def scope_history(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    page = scope_page(request, slug)
    document = document_of(page.scope, page.owner)
    versions = paginate(request, document_versions(document))
    return render(
        request, "web/history.html", {"page": page, "tab": "history", "document": document, "versions": versions}
    )


@web_view
def scope_diff(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    """Two versions side by side and as a unified diff (``?from=<id>&to=<id>``)."""
    page = scope_page(request, slug)
    old, new = version_pair(document_of(page.scope, page.owner), request.GET.get("from"), request.GET.get("to"))
    context = {
        "page": page,
        "tab": "history",
        "old": old,
        "new": new,
        "diff": diff_of(old.body, new.body, old_name=f"version {old.version}", new_name=f"version {new.version}"),
    }
    return render(request, "web/diff.html", context)


@web_view
def scope_revert(request: HttpRequest, history_id: int, slug: str | None = None) -> HttpResponse:
    """An old version against the current text, and (for editors) a button making it
    the current one again: a new version, oath-checked, on the ``revert`` path."""
    page = scope_page(request, slug)
    document = document_of(page.scope, page.owner)
    old, _ = version_pair(document, history_id, history_id)
    if request.method == "POST":
        page.target()  # Forbidden (403) for viewers
        form = RevertForm(request.POST)
        if form.is_valid():
            why = form.cleaned_data["why"]
            try:
                saved = document_revert(
                    document=document,
                    history_id=old.history_id,
                    actor=request.user,
                    reason=f"Revert to version {old.version}" + (f": {why}" if why else ""),
                    if_match=form.cleaned_data["version"],
                )
            except OathConflict as exc:
                messages.error(
                    request,
                    format_html(
                        "Not reverted: version {} conflicts with the credo's oaths; it was kept as {}.",
                        old.version,
                        _review_link(exc.extra["review"]),
                    ),
                )
            except ReviewRequired as exc:
                messages.info(
                    request,
                    format_html(
                        "Not reverted yet: this workspace's review policy holds every change for another "
                        "maintainer or a reviewer; version {} was kept as {}.",
                        old.version,
                        _review_link(exc.extra["review"]),
                    ),
                )
            except StaleVersion:
                messages.error(request, "Not reverted: someone saved a newer version meanwhile. Look again.")
                return redirect(page.url("revert", old.history_id))
            else:
                done = f"Reverted to version {old.version}: it is now version {saved.version}"
                if saved.flagged_review is not None:
                    messages.warning(request, _flagged_message(done, saved, page))
                else:
                    messages.success(request, f"{done}.")
            return redirect(page.url("history"))
    else:
        form = RevertForm(initial={"version": document.version})
    context = {
        "page": page,
        "tab": "history",
        "old": old,
        "document": document,
        "form": form,
        "diff": diff_of(document.body, old.body, old_name="current", new_name=f"version {old.version}"),
    }
    return render(request, "web/revert.html", context)
