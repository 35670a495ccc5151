"""Admin pages beyond the model lists: review decisions, version diffs and reverts,
the audit log and its export, the read-only credo, and the index dashboard.

Views are thin: they check who is asking, call one service (``services.reviews``,
``services.documents``) or one read (``audit_log``), and render. Their URLs are
registered by the model admins in ``instructions.admin`` (``get_urls``).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseNotAllowed,
    HttpResponseRedirect,
    StreamingHttpResponse,
)
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

from instructions import access, audit_log
from instructions.access import reviewable_items
from instructions.contract import EDITABLE_SCOPES
from instructions.credo import CREDO_FILE, MAP_FILE, CredoError, current_credo
from instructions.display import highlight, side_by_side, unified
from instructions.errors import ServiceError
from instructions.services.documents import document_revert
from instructions.services.reviews import review_approve, review_reject

#: Rows shown on the audit log page (the downloads have no limit).
AUDIT_PAGE_ROWS = 200


def _context(model_admin, request: HttpRequest, **extra: Any) -> dict[str, Any]:
    return {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.model._meta,
        "app_label": model_admin.model._meta.app_label,
        **extra,
    }


def _safe_next(request: HttpRequest, fallback: str) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return fallback


# --- reviews -----------------------------------------------------------------------


def can_review(request: HttpRequest) -> bool:
    """Reviewers (the ``Reviewers`` group's permission) decide reviews in the admin;
    ``is_staff`` alone only lets a person in."""
    return access.is_reviewer(request.user)


def can_audit(request: HttpRequest) -> bool:
    return bool(request.user.is_active and request.user.has_perm(access.VIEW_AUDIT_LOG))


class NoteForm(forms.Form):
    note = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "cols": 80}),
        required=False,
        max_length=2000,
        help_text="Why: kept with the review and shown to its author.",
    )

    def __init__(self, *args: Any, required: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["note"].required = required
        if required:
            self.fields["note"].help_text = "Why (required): kept with the review and shown to its author."


def review_decide_view(model_admin, request: HttpRequest, object_id: int, decision: str) -> HttpResponse:
    """Approve or reject one review item: a confirmation page (GET) and the decision (POST).

    A stale proposal has no approve page: approving it would undo later edits.
    """
    if not can_review(request):
        raise PermissionDenied
    item = get_object_or_404(reviewable_items(request.user), pk=object_id)
    changelist = reverse("admin:instructions_reviewitem_changelist") + "?status__exact=pending"
    if decision == "approve" and item.is_stale:
        messages.error(request, f"Review #{item.pk} is stale: the scope changed after it was proposed. Reject it.")
        return HttpResponseRedirect(reverse("admin:instructions_reviewitem_change", args=[item.pk]))
    form = NoteForm(request.POST if request.method == "POST" else None, required=decision == "reject")
    if request.method == "POST" and form.is_valid():
        service = review_approve if decision == "approve" else review_reject
        try:
            service(item=item, reviewer=request.user, note=form.cleaned_data["note"])
        except ServiceError as exc:
            messages.error(request, f"Review #{item.pk} was not {decision}d: {exc.message}")
        else:
            messages.success(request, f"Review #{item.pk} {decision}d.")
        return HttpResponseRedirect(_safe_next(request, changelist))
    context = _context(
        model_admin,
        request,
        title=f"{decision.capitalize()} review #{item.pk}",
        item=item,
        decision=decision,
        form=form,
        body=highlight(item.body, item.snippet),
        next=_safe_next(request, changelist),
    )
    return TemplateResponse(request, "admin/instructions/reviewitem/decide.html", context)


def review_reject_many(model_admin, request: HttpRequest, queryset) -> HttpResponse | None:
    """The reject action: a page asking for the note, then one ``review_reject`` per item."""
    if not can_review(request):
        raise PermissionDenied
    form = NoteForm(request.POST if "confirm" in request.POST else None, required=True)
    if "confirm" in request.POST and form.is_valid():
        _loop(request, queryset, review_reject, "rejected", note=form.cleaned_data["note"])
        return None  # back to the changelist
    context = _context(
        model_admin,
        request,
        title="Reject the selected reviews",
        items=list(queryset.order_by("created_at", "pk")),
        form=form,
        action_checkbox_name="_selected_action",
    )
    return TemplateResponse(request, "admin/instructions/reviewitem/reject_many.html", context)


def _loop(request: HttpRequest, queryset, service, verb: str, **kwargs: Any) -> None:
    # One service call per item, never QuerySet.update(): each decision leaves history.
    done, failed = [], []
    for item in queryset.order_by("created_at", "pk"):
        try:
            service(item=item, reviewer=request.user, **kwargs)
        except ServiceError as exc:
            failed.append(f"#{item.pk}: {exc.message}")
        else:
            done.append(f"#{item.pk}")
    if done:
        messages.success(request, f"{verb.capitalize()}: {', '.join(done)}.")
    if failed:
        messages.error(request, f"Not {verb}: {'; '.join(failed)}")


def review_approve_many(request: HttpRequest, queryset) -> None:
    if not can_review(request):
        raise PermissionDenied
    _loop(request, queryset, review_approve, "approved")


# --- document versions ---------------------------------------------------------------


def _version_label(row) -> str:
    return f"version {row.version} ({row.history_date:%Y-%m-%d %H:%M:%S} UTC)"


def document_diff_view(model_admin, request: HttpRequest, object_id: int) -> HttpResponse:
    """Two versions of one scope side by side (``?from=<history id>&to=<history id>``).

    Without ``to``, the version after ``from``... without both, the last two versions.
    """
    document = get_object_or_404(model_admin.get_queryset(request), pk=object_id)
    if not model_admin.has_view_permission(request, document):
        raise PermissionDenied
    history = document.history.select_related("history_user")
    try:
        ids = [int(request.GET[k]) for k in ("from", "to") if request.GET.get(k)]
    except ValueError:
        raise Http404("Unknown version.") from None
    if len(ids) == 2:
        rows = {row.history_id: row for row in history.filter(history_id__in=ids)}
        if len(rows) != len(set(ids)):
            raise Http404("Unknown version.")
        old, new = rows[ids[0]], rows[ids[1]]
    else:
        latest = list(history.order_by("-history_date", "-history_id")[:2])
        if not latest:
            raise Http404("No versions.")
        new = latest[0]
        old = latest[1] if len(latest) > 1 else latest[0]
    if (old.history_date, old.history_id) > (new.history_date, new.history_id):
        old, new = new, old
    context = _context(
        model_admin,
        request,
        title=f"Changes to {document}",
        original=document,
        old=old,
        new=new,
        rows=side_by_side(old.body, new.body),
        unified=unified(old.body, new.body, old_name=_version_label(old), new_name=_version_label(new)),
        versions=list(
            document.history.order_by("-history_date", "-history_id").values("history_id", "version", "history_date")
        ),
    )
    return TemplateResponse(request, "admin/instructions/instructiondocument/diff.html", context)


def document_revert_view(model_admin, request: HttpRequest, object_id: str, version_id: str) -> HttpResponse:
    """One old version, its diff to the current body, and a button to revert to it.

    This replaces django-simple-history's own revert form for documents: that form
    saves the old row directly, which would skip the oath check and the audit
    reason. Here the revert is ``document_revert``: a new version, oath-checked,
    recorded with the admin user and a reason starting with ``Revert``.
    """
    document = get_object_or_404(model_admin.get_queryset(request), pk=object_id)
    if not model_admin.has_view_permission(request, document):
        raise PermissionDenied
    try:
        old = document.history.select_related("history_user").get(history_id=int(version_id))
    except (ValueError, document.history.model.DoesNotExist):
        raise Http404("Unknown version.") from None
    history_url = reverse("admin:instructions_instructiondocument_history", args=[document.pk])
    form = RevertForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if not model_admin.has_change_permission(request, document):
            raise PermissionDenied
        if form.is_valid():
            why = form.cleaned_data["why"]
            reason = f"Revert to version {old.version} (admin)" + (f": {why}" if why else "")
            try:
                saved = document_revert(document=document, history_id=old.history_id, actor=request.user, reason=reason)
            except ServiceError as exc:
                messages.error(request, f"Not reverted: {exc.message}")
            else:
                messages.success(request, f"Reverted to version {old.version}: it is now version {saved.version}.")
            return HttpResponseRedirect(history_url)
    context = _context(
        model_admin,
        request,
        title=f"Revert {document} to version {old.version}",
        original=document,
        old=old,
        rows=side_by_side(document.body, old.body),
        form=form,
        history_url=history_url,
        can_revert=model_admin.has_change_permission(request, document) and old.body != document.body,
    )
    return TemplateResponse(request, "admin/instructions/instructiondocument/revert.html", context)


class RevertForm(forms.Form):
    why = forms.CharField(required=False, max_length=60, help_text="Optional: kept in the change reason.")


# --- audit log -----------------------------------------------------------------------


class AuditFilterForm(forms.Form):
    since = forms.CharField(required=False, help_text="From (inclusive): 2025-01-31 or an ISO date-time (UTC).")
    until = forms.CharField(required=False, help_text="To (exclusive): same formats.")
    workspace = forms.CharField(required=False, help_text="Workspace slug.")
    user = forms.CharField(required=False, help_text="Username of whoever made the change.")
    scope = forms.ChoiceField(required=False, choices=[("", "any"), *[(s, s) for s in EDITABLE_SCOPES]])
    path = forms.ChoiceField(required=False, choices=[("", "any"), *[(p, p) for p in audit_log.PATHS]])

    def _moment(self, name: str) -> datetime | None:
        try:
            return audit_log.parse_moment(self.cleaned_data.get(name) or "")
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None

    def clean_since(self) -> datetime | None:
        return self._moment("since")

    def clean_until(self) -> datetime | None:
        return self._moment("until")

    def audit_filter(self) -> audit_log.AuditFilter:
        data = self.cleaned_data
        return audit_log.AuditFilter(
            since=data["since"],
            until=data["until"],
            workspace=data["workspace"] or None,
            user=data["user"] or None,
            scope=data["scope"] or None,
            path=data["path"] or None,
        )


def audit_log_view(model_admin, request: HttpRequest) -> HttpResponse:
    """Every change in a period, filtered; ``?download=csv|json`` for the whole of it."""
    if not can_audit(request):
        raise PermissionDenied
    form = AuditFilterForm(request.GET or None)
    valid = form.is_valid() if request.GET else True
    flt = form.audit_filter() if request.GET and valid else audit_log.AuditFilter()
    fmt = request.GET.get("download")
    if fmt in ("csv", "json") and valid:
        stamp = datetime.now(tz=UTC).strftime("%Y%m%dT%H%M%SZ")
        content_type = "text/csv; charset=utf-8" if fmt == "csv" else "application/json"
        # Streamed: the export of a long period never sits in memory whole.
        response = StreamingHttpResponse(audit_log.export(audit_log.audit_rows(flt), fmt), content_type=content_type)
        response["Content-Disposition"] = f'attachment; filename="audit-{stamp}.{fmt}"'
        return response
    rows = list(audit_log.audit_rows(flt, limit=AUDIT_PAGE_ROWS)) if valid else []
    query = request.GET.copy()
    query.pop("download", None)
    context = _context(
        model_admin,
        request,
        title="Audit log",
        form=form,
        rows=rows,
        columns=audit_log.COLUMNS,
        limit=AUDIT_PAGE_ROWS,
        query=query.urlencode(),
    )
    return TemplateResponse(request, "admin/instructions/audit_log.html", context)


# --- credo -----------------------------------------------------------------------------


def credo_view(model_admin, request: HttpRequest) -> HttpResponse:
    """The credo and its oaths, read-only: there is no way to change them here.
    Reviewers and auditors read it (they judge texts against it)."""
    if not (can_review(request) or can_audit(request)):
        raise PermissionDenied
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD"])
    folder = settings.AGENTOS_CREDO_DIR
    error, credo, rules_by_oath = "", None, {}
    try:
        credo = current_credo()
        described = json.loads((folder / MAP_FILE).read_text(encoding="utf-8")) if (folder / MAP_FILE).exists() else {}
        for oath in described.get("oaths", []):
            rules_by_oath[oath.get("name")] = oath.get("rules", [])
    except (CredoError, OSError, ValueError) as exc:
        error = str(exc)
    modified = datetime.fromtimestamp(credo.modified_at / 1000, tz=UTC) if credo and credo.modified_at else None
    oaths = (
        [{"name": oath.name, "id": oath.id, "rules": rules_by_oath.get(oath.name, [])} for oath in credo.oaths]
        if credo
        else []
    )
    context = _context(
        model_admin,
        request,
        title="The credo (read-only)",
        credo=credo,
        error=error,
        credo_path=folder / CREDO_FILE,
        map_path=folder / MAP_FILE,
        modified=modified,
        oaths=oaths,
    )
    return TemplateResponse(request, "admin/instructions/credo.html", context)
