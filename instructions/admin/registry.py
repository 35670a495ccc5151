"""The model admins.

- Every model with its history (django-simple-history), lists tuned for big tables
  (``list_select_related``, annotations, no per-row queries).
- Saves go through the same service functions as the API and the commands. A
  form's service call is made while the form is validated (``ServiceForm``), so a
  refusal (an oath conflict, a stale version, a broken invariant) re-renders the
  form with the message instead of failing after validation.
- The review queue (``ReviewItemAdmin``): approve / reject, one service call per
  item. Document history: versions with who, when, why and how; diffs; revert
  through ``document_revert``. The audit log with CSV/JSON export; the credo read-only.

Page views live in ``instructions.admin.views``; rules in services and plain modules.
"""

from __future__ import annotations

from typing import ClassVar

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import Case, Exists, OuterRef, Subquery, When
from django.db.models.functions import Greatest, Length, StrIndex, Substr
from django.http import HttpRequest
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from simple_history.admin import SimpleHistoryAdmin

from instructions.access import reviewable_items
from instructions.admin import views as admin_views
from instructions.display import CONTEXT_CHARS, highlight
from instructions.errors import ServiceError
from instructions.models import (
    STALE,
    AgentSession,
    Delivery,
    InstructionDocument,
    Membership,
    ReviewItem,
    ReviewKind,
    ReviewStatus,
    Workspace,
    owner_name,
)
from instructions.oaths import check_text
from instructions.selectors import current_rules
from instructions.services.documents import Target, document_save
from instructions.services.sessions import session_end
from instructions.services.workspaces import membership_add, membership_change, workspace_create, workspace_update

HistoricalDocument = InstructionDocument.history.model


# --- saving through services -----------------------------------------------------------


class ServiceForm(forms.ModelForm):
    """A model form whose save is a service call, made at the end of validation.

    Django's admin validates the form and then calls ``save_model``; an error raised
    there is a 500. So the service runs in ``_post_clean`` (after the field,
    form and model checks have passed) and a ``ServiceError`` becomes a form error:
    the page re-renders with the message and the submitted text intact. The admin
    wraps the view in a transaction that commits when no exception escapes, so what
    the service keeps on refusal (a review item) is committed.
    """

    request: ClassVar[HttpRequest | None] = None
    saved: models.Model | None = None

    def perform(self, instance: models.Model, *, change: bool) -> models.Model:
        raise NotImplementedError

    def _post_clean(self) -> None:
        super()._post_clean()
        if self.errors:
            return
        try:
            self.saved = self.perform(self.instance, change=not self.instance._state.adding)
        except ServiceError as exc:
            self.add_error(None, exc.message)


class ServiceAdmin(SimpleHistoryAdmin):
    """An admin whose writes are services (its form is a ``ServiceForm``).

    History rows are read-only here: django-simple-history's revert form would save
    an old row directly, past the services, so its POST is refused (documents have
    their own revert, through ``document_revert``).
    """

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change, **kwargs)
        return type(form.__name__, (form,), {"request": request})

    def save_model(self, request, obj, form, change):
        saved = getattr(form, "saved", None)
        if saved is None:  # a model without a ServiceForm: never written around its service
            raise PermissionDenied
        for field in obj._meta.concrete_fields:
            setattr(obj, field.attname, getattr(saved, field.attname))
        obj._state.adding = False

    def revert_disabled(self, request, obj=None):
        return True

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        if request.method == "POST":
            raise PermissionDenied
        return super().history_form_view(request, object_id, version_id, extra_context)


class ReadOnlyAdmin(ServiceAdmin):
    """Changed only by services (API, actions, commands), never by a form."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


# --- workspaces and members --------------------------------------------------------------


class WorkspaceForm(ServiceForm):
    class Meta:
        model = Workspace
        fields = ["slug", "name"]

    def perform(self, instance, *, change):
        if change:
            return workspace_update(
                workspace=instance, name=instance.name, actor=self.request.user, reason="Admin: workspace renamed"
            )
        return workspace_create(
            slug=instance.slug, name=instance.name, creator=self.request.user, reason="Admin: workspace created"
        )


@admin.register(Workspace)
class WorkspaceAdmin(ServiceAdmin):
    form = WorkspaceForm
    list_display = ["slug", "name", "member_count", "created_at"]
    search_fields = ["slug", "name"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_members=models.Count("memberships"))

    def get_readonly_fields(self, request, obj=None):
        return ["slug", "created_at"] if obj else ["created_at"]

    def has_delete_permission(self, request, obj=None):
        return False  # a workspace's history is its audit trail; there is no delete service

    @admin.display(description="members", ordering="_members")
    def member_count(self, obj):
        return obj._members


class MembershipForm(ServiceForm):
    class Meta:
        model = Membership
        fields = ["workspace", "user", "role"]

    def validate_constraints(self):
        pass  # the service reports a duplicate member in its own words

    def perform(self, instance, *, change):
        actor = self.request.user
        if change:
            return membership_change(
                workspace=instance.workspace,
                user=instance.user,
                role=instance.role,
                actor=actor,
                reason="Admin: member role changed",
            )
        return membership_add(
            workspace=instance.workspace,
            user=instance.user,
            role=instance.role,
            actor=actor,
            reason="Admin: member added",
        )


@admin.register(Membership)
class MembershipAdmin(ServiceAdmin):
    form = MembershipForm
    list_display = ["workspace", "user", "role", "created_at"]
    list_filter = ["role", "workspace"]
    list_select_related = ["workspace", "user"]
    search_fields = ["workspace__slug", "user__username"]
    raw_id_fields = ["user", "workspace"]

    def get_readonly_fields(self, request, obj=None):
        return ["workspace", "user", "created_at"] if obj else ["created_at"]

    def has_delete_permission(self, request, obj=None):
        return False  # removal keeps the last maintainer: the API's membership_remove does it


# --- documents -------------------------------------------------------------------------------


class DocumentForm(ServiceForm):
    expected_version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    why = forms.CharField(
        required=False, max_length=80, label="Why", help_text="Optional: kept in the change reason ('Admin edit: …')."
    )

    class Meta:
        model = InstructionDocument
        fields = ["scope", "user", "workspace", "session", "body"]
        widgets = {"body": forms.Textarea(attrs={"rows": 24, "cols": 100, "style": "font-family: monospace"})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The version this form was loaded with: a save meanwhile by someone else is a
        # StaleVersion error, never a silent overwrite.
        self.fields["expected_version"].initial = self.instance.version if self.instance.pk else 0

    def perform(self, instance, *, change):
        target = Target(
            scope=instance.scope, user=instance.user, workspace=instance.workspace, session=instance.session
        )
        why = self.cleaned_data.get("why")
        return document_save(
            target=target,
            body=self.cleaned_data.get("body", ""),
            actor=self.request.user,
            reason=f"Admin edit: {why}" if why else "Admin edit",
            if_match=self.cleaned_data.get("expected_version"),
        )


class CredoStatusFilter(admin.SimpleListFilter):
    title = "review status"
    parameter_name = "review"

    def lookups(self, request, model_admin):
        return [
            ("flagged", "Fails the credo (flagged)"),
            ("refused", "Refused writes pending"),
            ("clear", "Nothing pending"),
        ]

    def queryset(self, request, queryset):
        if self.value() == "flagged":
            return queryset.filter(_flagged=True)
        if self.value() == "refused":
            return queryset.filter(_refused=True)
        if self.value() == "clear":
            return queryset.filter(_flagged=False, _refused=False)
        return queryset


def _pending(kind: str) -> Exists:
    return Exists(ReviewItem.objects.filter(document=OuterRef("pk"), kind=kind, status=ReviewStatus.PENDING))


@admin.register(InstructionDocument)
class InstructionDocumentAdmin(ServiceAdmin):
    form = DocumentForm
    list_display = ["__str__", "scope", "version", "updated_at", "last_changed_by", "review_badge"]
    list_filter = ["scope", CredoStatusFilter]
    list_select_related = ["user", "workspace", "session"]
    search_fields = ["body", "workspace__slug", "user__username"]
    raw_id_fields = ["user", "workspace", "session"]
    object_history_template = "admin/instructions/instructiondocument/object_history.html"
    history_list_display = ["version", "history_path"]

    def get_queryset(self, request):
        last = HistoricalDocument.objects.filter(id=OuterRef("pk")).order_by("-history_date", "-history_id")
        return (
            super()
            .get_queryset(request)
            .defer("body")
            .annotate(
                _flagged=_pending(ReviewKind.STORED_FAILURE),
                _refused=_pending(ReviewKind.REJECTED_WRITE),
                _last_user=Subquery(last.values("history_user__username")[:1]),
            )
        )

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["scope", "user", "workspace", "session", "body", "why", "expected_version"]
        return ["scope", "owner", "version", "updated_at", "credo_check", "body", "why", "expected_version"]

    def get_readonly_fields(self, request, obj=None):
        return ["scope", "owner", "version", "updated_at", "credo_check"] if obj else []

    def has_delete_permission(self, request, obj=None):
        return False  # clearing a scope is saving an empty body; its history stays

    def get_urls(self):
        wrap = self.admin_site.admin_view
        return [
            path("<int:object_id>/diff/", wrap(self.diff_view), name="instructions_instructiondocument_diff"),
            path("credo/", wrap(self.credo_view), name="instructions_credo"),
            *super().get_urls(),
        ]

    def diff_view(self, request, object_id):
        return admin_views.document_diff_view(self, request, object_id)

    def credo_view(self, request):
        return admin_views.credo_view(self, request)

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        return admin_views.document_revert_view(self, request, object_id, version_id)

    def revert_disabled(self, request, obj=None):
        return not self.has_change_permission(request, obj)

    def set_history_delta_changes(self, request, historical_records, foreign_keys_are_objs=True):
        pass  # the page links to real diffs instead of listing whole bodies

    @admin.display(description="owner")
    def owner(self, obj):
        return obj.owner_name

    @admin.display(description="last changed by", ordering="_last_user")
    def last_changed_by(self, obj):
        return obj._last_user or "—"

    @admin.display(description="review")
    def review_badge(self, obj):
        url = reverse("admin:instructions_reviewitem_changelist")
        query = f"?document__id__exact={obj.pk}&status__exact=pending"
        badges = [
            format_html('<a class="badge badge-{}" href="{}{}">{}</a>', css, url, query, label)
            for shown, css, label in (
                (obj._flagged, "fail", "fails the credo"),
                (obj._refused, "pending", "refused write pending"),
            )
            if shown
        ]
        return format_html_join(" ", "{}", ((b,) for b in badges)) if badges else "—"

    @admin.display(description="oath check now")
    def credo_check(self, obj):
        try:
            result = check_text(obj.body, current_rules())
        except ServiceError as exc:
            return f"unknown: {exc.message}"
        if result.status == "pass":
            return "pass"
        finding = result.first
        return format_html(
            "fails <strong>{}</strong>: {}", finding.oath, highlight(obj.body, finding.snippet, context=CONTEXT_CHARS)
        )


# --- history of documents, and the audit log ------------------------------------------


@admin.register(HistoricalDocument)
class DocumentHistoryAdmin(admin.ModelAdmin):
    """Every version of every scope: read-only (history is never edited or deleted)."""

    list_display = [
        "history_date",
        "history_user",
        "history_path",
        "document",
        "scope",
        "version",
        "history_change_reason",
    ]
    list_filter = ["history_path", "scope", "history_type"]
    list_select_related = ["history_user", "user", "workspace", "session"]
    search_fields = ["history_change_reason", "history_user__username", "workspace__slug", "user__username"]
    date_hierarchy = "history_date"
    ordering = ["-history_date", "-history_id"]
    actions = None

    def get_queryset(self, request):
        return super().get_queryset(request).defer("body")

    def get_urls(self):
        wrap = self.admin_site.admin_view
        return [path("audit/", wrap(self.audit_view), name="instructions_audit_log"), *super().get_urls()]

    def audit_view(self, request):
        return admin_views.audit_log_view(self, request)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description="document")
    def document(self, obj):
        url = reverse("admin:instructions_instructiondocument_history", args=[obj.id])
        return format_html('<a href="{}">{} scope of {}</a>', url, obj.scope, owner_name(obj))


# --- the review queue ------------------------------------------------------------------


@admin.register(ReviewItem)
class ReviewItemAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "status_badge",
        "kind",
        "scope",
        "owner",
        "author",
        "created_at",
        "oath",
        "snippet_in_context",
    ]
    list_display_links = ["id"]
    list_filter = ["status", "kind", "oath", "scope", "workspace"]
    list_select_related = ["workspace", "user", "session", "author", "reviewer"]
    search_fields = ["snippet", "body", "oath", "workspace__slug", "author__username", "user__username"]
    readonly_fields = ["highlighted_body"]
    fields = [
        "kind",
        "status",
        "scope",
        "owner",
        "document_link",
        "author",
        "created_at",
        "oath",
        "rule_id",
        "snippet",
        "highlighted_body",
        "base_version",
        "reviewer",
        "reviewed_at",
        "note",
    ]
    actions = ["approve_selected", "reject_selected"]
    change_form_template = "admin/instructions/reviewitem/change_form.html"
    change_list_template = "admin/instructions/reviewitem/change_list.html"

    def get_readonly_fields(self, request, obj=None):
        return self.fields

    def get_queryset(self, request):
        # The snippet in context is cut out by the database: a list of long bodies does
        # not carry every body to Python. StrIndex/Substr are 1-based.
        # Only the queue this person may decide, as the API shows it
        # (access.reviewable_items): refused private texts reach no one but their
        # authors and the reviewers.
        at = StrIndex("body", models.F("snippet"))
        start = Greatest(at - CONTEXT_CHARS, 1)
        return (
            super()
            .get_queryset(request)
            .filter(pk__in=reviewable_items(request.user).values("pk"))
            .defer("body")
            .annotate(
                _context_start=start,
                _context=Substr("body", start, Length("snippet") + 2 * CONTEXT_CHARS),
                _body_length=Length("body"),
                stale=Case(When(STALE, then=True), default=False, output_field=models.BooleanField()),
            )
        )

    def has_view_permission(self, request, obj=None):
        return admin_views.can_review(request) and super().has_view_permission(request, obj)

    def has_review_permission(self, request):
        return admin_views.can_review(request)

    def get_urls(self):
        wrap = self.admin_site.admin_view
        return [
            path("<int:object_id>/approve/", wrap(self.approve_view), name="instructions_reviewitem_approve"),
            path("<int:object_id>/reject/", wrap(self.reject_view), name="instructions_reviewitem_reject"),
            *super().get_urls(),
        ]

    def approve_view(self, request, object_id):
        return admin_views.review_decide_view(self, request, object_id, "approve")

    def reject_view(self, request, object_id):
        return admin_views.review_decide_view(self, request, object_id, "reject")

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        extra_context = {**(extra_context or {}), "review_pending": False, "review_stale": False}
        if object_id:
            item = self.get_object(request, object_id)
            extra_context["review_pending"] = item is not None and item.status == ReviewStatus.PENDING
            extra_context["review_stale"] = item is not None and item.is_stale
        return super().changeform_view(request, object_id, form_url, extra_context)

    @admin.action(description="Approve selected reviews (the body becomes the new version)", permissions=["review"])
    def approve_selected(self, request, queryset):
        admin_views.review_approve_many(request, queryset)

    @admin.action(description="Reject selected reviews (with a note)…", permissions=["review"])
    def reject_selected(self, request, queryset):
        return admin_views.review_reject_many(self, request, queryset)

    @admin.display(description="status", ordering="status")
    def status_badge(self, obj):
        badge = format_html('<span class="badge badge-{}">{}</span>', obj.status, obj.get_status_display())
        if obj.status == ReviewStatus.PENDING and obj.is_stale:
            badge = format_html('{} <span class="badge badge-stale">stale</span>', badge)
        return badge

    @admin.display(description="owner")
    def owner(self, obj):
        return obj.owner_name

    @admin.display(description="snippet in context")
    def snippet_in_context(self, obj):
        shown = highlight(obj._context, obj.snippet)
        lead = "…" if obj._context_start > 1 else ""
        tail = "…" if obj._context_start - 1 + len(obj._context) < obj._body_length else ""
        return format_html('<span class="snippet">{}{}{}</span>', lead, shown, tail)

    @admin.display(description="proposed / flagged body")
    def highlighted_body(self, obj):
        return format_html('<pre class="review-body">{}</pre>', highlight(obj.body, obj.snippet))

    @admin.display(description="document")
    def document_link(self, obj):
        if not obj.document_id:
            return "— (none yet)"
        url = reverse("admin:instructions_instructiondocument_history", args=[obj.document_id])
        return format_html('<a href="{}">history of document {}</a>', url, obj.document_id)


# --- sessions and deliveries ------------------------------------------------------------


@admin.register(AgentSession)
class AgentSessionAdmin(ReadOnlyAdmin):
    list_display = ["id", "agent", "owner", "workspace", "started_at", "ended_at"]
    list_filter = ["agent", ("ended_at", admin.EmptyFieldListFilter)]
    list_select_related = ["owner", "workspace"]
    search_fields = ["id", "owner__username", "workspace__slug", "agent"]
    actions = ["end_selected"]
    # The env holds the caller's secrets: only its names are shown here.
    exclude = ["env"]
    readonly_fields = ["env_names"]

    @admin.display(description="env (values masked)")
    def env_names(self, obj):
        if not obj.env:
            return "—"
        return format_html_join(", ", "<code>{}</code>=********", ((name,) for name in sorted(obj.env)))

    @admin.action(description="End selected sessions")
    def end_selected(self, request, queryset):
        ended = 0
        for session in queryset:  # one service call each: each end leaves its history
            if session.ended_at is None:
                session_end(session=session, actor=request.user, reason="Admin: session ended")
                ended += 1
        self.message_user(request, f"{ended} session(s) ended.", messages.SUCCESS)


@admin.register(Delivery)
class DeliveryAdmin(ReadOnlyAdmin):
    list_display = ["id", "session", "agent", "created_at", "instructions_sha256", "mechanism"]
    list_filter = ["agent", "mechanism"]
    list_select_related = ["session"]
    search_fields = ["session__id", "instructions_sha256"]
