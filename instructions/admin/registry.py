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

from dataclasses import dataclass
from typing import ClassVar

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import Case, Exists, OuterRef, Subquery, When
from django.db.models.functions import Greatest, Length, StrIndex, Substr
from django.http import HttpRequest
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from simple_history.admin import SimpleHistoryAdmin

from instructions.admin import views as admin_views
from instructions.foundation.contract import MAX_WHY_CHARS
from instructions.foundation.errors import OathConflict, ReviewRequired, ServiceError, StaleVersion
from instructions.foundation.stored_text import TEXT_VALIDATORS
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
)
from instructions.rules.display import CONTEXT_CHARS, Diff, change_counts, diff_of, highlight
from instructions.selectors.access import reviewable_items
from instructions.selectors.audit_log import document_line_changes, scope_title, with_previous_versions
from instructions.selectors.rebuild import delivery_rebuild
from instructions.selectors.reviews import review_states
from instructions.selectors.scopes import document_of, document_verdict, document_versions
from instructions.selectors.sessions import delivery_versions, session_deliveries
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


class ServiceAdmin(admin_views.ServiceActions, SimpleHistoryAdmin):
    """An admin whose writes are services (its form is a ``ServiceForm``; its pages and
    actions write through ``ServiceActions``, which answers a refusal with a message).

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


class NoFormWrites:
    """No add, change or delete through the admin's forms, whoever asks."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(NoFormWrites, ServiceAdmin):
    """Changed only by services (API, actions, commands), never by a form."""


# --- workspaces and members --------------------------------------------------------------


class WorkspaceForm(ServiceForm):
    class Meta:
        model = Workspace
        fields = ["slug", "name", "review_policy"]

    def perform(self, instance, *, change):
        if change:
            changed = ", ".join(self.changed_data) or "nothing"
            return workspace_update(
                workspace=instance,
                name=instance.name,
                review_policy=instance.review_policy,
                actor=self.request.user,
                reason=f"Admin: workspace changed ({changed})",
            )
        return workspace_create(
            slug=instance.slug, name=instance.name, creator=self.request.user, reason="Admin: workspace created"
        )


@admin.register(Workspace)
class WorkspaceAdmin(ServiceAdmin):
    form = WorkspaceForm
    list_display = ["slug", "name", "review_policy", "member_count", "created_at"]
    list_filter = ["review_policy"]
    search_fields = ["slug", "name"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_members=models.Count("memberships"))

    def get_readonly_fields(self, request, obj=None):
        # A new workspace starts with the default policy; its maintainers or staff change it after.
        return ["slug", "created_at"] if obj else ["created_at", "review_policy"]

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


@dataclass(frozen=True)
class StaleEdit:
    """A save refused because someone saved meanwhile: their version against the typed text."""

    current: InstructionDocument
    saved_by: str
    diff: Diff


class DocumentForm(ServiceForm):
    expected_version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    why = forms.CharField(
        required=False,
        max_length=MAX_WHY_CHARS,
        label="Why",
        validators=TEXT_VALIDATORS,
        help_text="Optional: kept in the change reason ('Admin edit: …').",
    )

    class Meta:
        model = InstructionDocument
        fields = ["scope", "user", "workspace", "session", "body"]
        widgets = {"body": forms.Textarea(attrs={"rows": 24, "cols": 100, "class": "monospace"})}

    #: Set when the save was refused as stale: shown above the form (the change form template).
    stale: StaleEdit | None = None

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
        body = self.cleaned_data.get("body", "")
        try:
            return document_save(
                target=target,
                body=body,
                actor=self.request.user,
                reason=f"Admin edit: {why}" if why else "Admin edit",
                if_match=self.cleaned_data.get("expected_version"),
            )
        except (OathConflict, ReviewRequired) as exc:
            raise type(exc)(self._conflict_message(exc), **exc.extra) from None
        except StaleVersion as exc:
            raise StaleVersion(self._keep_stale(instance, body), **exc.extra) from None

    def _conflict_message(self, exc: OathConflict | ReviewRequired) -> str:
        """The refusal (or the hold, under the workspace's review policy), linking to the
        review item that keeps the text: the admin's page for reviewers, the web app's
        (where authors follow their proposals) for anyone else."""
        review = exc.extra["review"]
        if admin_views.can_review(self.request):
            url = reverse("admin:instructions_reviewitem_change", args=[review])
        else:
            url = reverse("web:review", args=[review])
        return format_html('{} <a href="{}" id="conflict-review">Review #{}</a> keeps it.', exc.message, url, review)

    def _keep_stale(self, instance, body: str) -> str:
        """Keep the typed text, show what differs from the version saved meanwhile, and
        let the next save knowingly replace that version (as the web app's editor does)."""
        current = document_of(instance.scope, instance.owner)
        if current is None:  # cleared and gone: the next save makes it anew
            self.data = self._expecting(0)
            return "The scope changed since you opened it. Your text is kept: save again to store it."
        latest = document_versions(current).first()
        saved_by = latest.history_user.get_username() if latest and latest.history_user else "someone"
        self.stale = StaleEdit(
            current=current,
            saved_by=saved_by,
            diff=diff_of(current.body, body, old_name=f"version {current.version}", new_name="yours"),
        )
        self.data = self._expecting(current.version)
        return (
            f"{saved_by} saved version {current.version} while you were editing. Your text is kept, and what it "
            f"changes in version {current.version} is shown under it: save again to replace version "
            f"{current.version} with it, or reload to start from that version."
        )

    def _expecting(self, version: int):
        data = self.data.copy()
        data[self.add_prefix("expected_version")] = str(version)
        return data


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
    change_form_template = "admin/instructions/instructiondocument/change_form.html"
    list_display = ["title", "scope", "version", "updated", "last_changed_by", "review_badge"]
    list_display_links = ["title"]
    list_filter = ["scope", CredoStatusFilter]
    list_select_related = ["user", "workspace", "session__owner"]
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

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        document = self.get_object(request, object_id) if object_id else None
        extra_context = {**(extra_context or {})}
        if document is not None:
            extra_context["subtitle"] = scope_title(document)
        return super().changeform_view(request, object_id, form_url, extra_context)

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["scope", "user", "workspace", "session", "body", "why", "expected_version"]
        return ["scope", "owner", "version", "updated", "credo_check", "body", "why", "expected_version"]

    def get_readonly_fields(self, request, obj=None):
        return ["scope", "owner", "version", "updated", "credo_check"] if obj else []

    def has_delete_permission(self, request, obj=None):
        return False  # clearing a scope is saving an empty body; its history stays

    def get_urls(self):
        wrap = self.admin_site.admin_view
        # ``str``: the view reads the id with ``params.parse_id`` and answers 404 for what is not
        # one (an ``int`` converter would let a 26-digit id reach the database, a bounded one
        # would hand it to the admin's catch-all redirect).
        return [
            path("<str:object_id>/diff/", wrap(self.diff_view), name="instructions_instructiondocument_diff"),
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

    @admin.display(description="document", ordering="scope")
    def title(self, obj):
        return scope_title(obj)

    @admin.display(description="updated", ordering="updated_at")
    def updated(self, obj):
        return admin_views.when(obj.updated_at)

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
            result = document_verdict(obj)
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
class DocumentHistoryAdmin(NoFormWrites, admin.ModelAdmin):
    """Every version of every scope: read-only (history is never edited or deleted).
    Each row says what it changed (lines added and removed against the version
    before, one query for the page's bodies) and links to that diff."""

    list_display = ["when", "change", "document", "what_changed", "who", "path", "why"]
    list_display_links = ["when"]
    list_filter = ["history_path", "scope", "history_type"]
    list_select_related = ["history_user", "user", "workspace", "session__owner"]
    search_fields = ["history_change_reason", "history_user__username", "workspace__slug", "user__username"]
    date_hierarchy = "history_date"
    ordering = ["-history_date", "-history_id"]
    actions = None

    def get_queryset(self, request):
        return with_previous_versions(super().get_queryset(request).defer("body"))

    def get_changelist_instance(self, request):
        changelist = super().get_changelist_instance(request)
        counts = document_line_changes(list(changelist.result_list))
        for version in changelist.result_list:
            version.line_counts = counts.get(version.history_id)
        return changelist

    def changelist_view(self, request, extra_context=None):
        return super().changelist_view(request, {"title": "Document versions", **(extra_context or {})})

    def audit_view(self, request):
        return admin_views.audit_log_view(self, request)

    @admin.display(description="when", ordering="history_date")
    def when(self, obj):
        return admin_views.when(obj.history_date)

    @admin.display(description="change", ordering="history_id")
    def change(self, obj):
        return format_html('<span class="audit-key">document#{}</span>', obj.history_id)

    @admin.display(description="document")
    def document(self, obj):
        url = reverse("admin:instructions_instructiondocument_history", args=[obj.id])
        return format_html('<a href="{}">{}</a>', url, scope_title(obj))

    @admin.display(description="what changed")
    def what_changed(self, obj):
        added, removed = getattr(obj, "line_counts", None) or (0, 0)
        url = reverse("admin:instructions_instructiondocument_diff", args=[obj.id]) + f"?to={obj.history_id}"
        what = change_counts(added, removed) if obj.previous_id else f"created, {change_counts(added, removed)}"
        return format_html('version {}: <a href="{}">{}</a>', obj.version, url, what)

    @admin.display(description="who", ordering="history_user__username")
    def who(self, obj):
        return obj.history_user.get_username() if obj.history_user else "the service"

    @admin.display(description="path", ordering="history_path")
    def path(self, obj):
        return format_html("<code>{}</code>", obj.history_path)

    @admin.display(description="why")
    def why(self, obj):
        return obj.history_change_reason or ""


# --- the review queue ------------------------------------------------------------------


class StaleFilter(admin.SimpleListFilter):
    """Proposals written before a later edit of their scope (they can only be rejected)."""

    title = "staleness"
    parameter_name = "stale"

    def lookups(self, request, model_admin):
        return [("yes", "Stale: the scope changed since"), ("no", "Current")]

    def queryset(self, request, queryset):
        if self.value() in ("yes", "no"):
            return queryset.filter(stale=self.value() == "yes")
        return queryset


class KindFilter(admin.SimpleListFilter):
    """Held proposals (refused by the oath check, or held by the workspace's policy) apart
    from changes flagged after acceptance (they landed: keep or revert) and stored texts the
    credo now refuses."""

    title = "kind"
    parameter_name = "kind"

    def lookups(self, request, model_admin):
        return [
            (ReviewKind.REJECTED_WRITE, "Held proposals (refused, or held by the policy)"),
            (ReviewKind.ACCEPTED_FLAGGED, "Flagged after acceptance (landed: keep or revert)"),
            (ReviewKind.STORED_FAILURE, "Stored texts failing the credo"),
        ]

    def queryset(self, request, queryset):
        if self.value() in ReviewKind.values:
            return queryset.filter(kind=self.value())
        return queryset


class TierFilter(admin.SimpleListFilter):
    """The tier of an item's finding: hold (confident), worth a look, or none (held by the
    workspace's policy alone)."""

    title = "tier"
    parameter_name = "tier"

    def lookups(self, request, model_admin):
        return [("hold", "hold (confident)"), ("review", "worth a look"), ("none", "none (held by the policy)")]

    def queryset(self, request, queryset):
        if self.value() in ("hold", "review"):
            return queryset.filter(tier=self.value())
        if self.value() == "none":
            return queryset.filter(tier="")
        return queryset


@admin.register(ReviewItem)
class ReviewItemAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "status_badge",
        "kind",
        "about",
        "author",
        "created",
        "oath",
        "tier_badge",
        "confidence_shown",
        "snippet_in_context",
    ]
    list_display_links = ["id"]
    list_filter = ["status", StaleFilter, KindFilter, TierFilter, "oath", "scope", "workspace"]
    list_select_related = ["workspace", "user", "session__owner", "author", "reviewer"]
    search_fields = ["snippet", "body", "oath", "workspace__slug", "author__username", "user__username"]
    # The proposal against the current version, and the whole text, follow these
    # facts on the page (the change form template renders ``review_state``).
    fieldsets = [
        (None, {"fields": ["status_badge", "kind", "about", "author", "sent_by", "created", "written_against"]}),
        ("Finding", {"fields": ["oath", "rule_id", "tier_badge", "confidence_shown", "snippet"]}),
        ("Decision", {"fields": ["reviewer", "reviewed", "note"]}),
    ]
    actions = ["approve_selected", "reject_selected"]
    change_form_template = "admin/instructions/reviewitem/change_form.html"
    change_list_template = "admin/instructions/reviewitem/change_list.html"

    def get_readonly_fields(self, request, obj=None):
        return [field for _, options in self.get_fieldsets(request, obj) for field in options["fields"]]

    def get_fieldsets(self, request, obj=None):
        fieldsets = self.fieldsets
        if obj is not None and obj.kind == ReviewKind.ACCEPTED_FLAGGED:
            # A change flagged after acceptance was not written against a version: it made one.
            first, *rest = fieldsets
            fields = ["landed_as" if name == "written_against" else name for name in first[1]["fields"]]
            fieldsets = [(first[0], {**first[1], "fields": fields}), *rest]
        if obj is not None and obj.status == ReviewStatus.PENDING:
            return fieldsets[:-1]  # no decision yet
        return fieldsets

    @admin.display(description="sent by")
    def sent_by(self, obj):
        """Every sending of this text (each sender is an author: four eyes)."""
        return format_html_join(
            "; ",
            "{} ({}){}",
            (
                (s.author or "the system", admin_views.when(s.submitted_at), f": “{s.why}”" if s.why else "")
                for s in obj.submissions.select_related("author")
            ),
        )

    @admin.display(description="proposed", ordering="created_at")
    def created(self, obj):
        return admin_views.when(obj.created_at)

    @admin.display(description="decided", ordering="reviewed_at")
    def reviewed(self, obj):
        return admin_views.when(obj.reviewed_at)

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
        # ``str``: read with ``params.parse_id``, as the documents' diff.
        return [
            path("<str:object_id>/approve/", wrap(self.approve_view), name="instructions_reviewitem_approve"),
            path("<str:object_id>/reject/", wrap(self.reject_view), name="instructions_reviewitem_reject"),
            *super().get_urls(),
        ]

    def changelist_view(self, request, extra_context=None):
        context = {"title": "Review queue", "can_audit": admin_views.can_audit(request), **(extra_context or {})}
        return super().changelist_view(request, context)

    def approve_view(self, request, object_id):
        return admin_views.review_decide_view(self, request, object_id, "approve")

    def reject_view(self, request, object_id):
        return admin_views.review_decide_view(self, request, object_id, "reject")

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        """The item's facts, then its text against the current version of its scope
        (``selectors.review_states``), and what this person may do with it."""
        extra_context = {**(extra_context or {}), "review_pending": False, "review_stale": False}
        item = self.get_object(request, object_id) if object_id else None
        if item is not None:
            state = review_states([item])[0]
            pending = item.status == ReviewStatus.PENDING
            extra_context.update(
                subtitle=f"Review #{item.pk}: {scope_title(item)}",
                review_state=state,
                review_counts=state.diff.counts,
                review_pending=pending,
                review_stale=pending and state.stale,
                # Four eyes: the author sees the item, never a button to decide it.
                review_own=item.is_written_by(request.user),
                can_decide=pending and admin_views.can_review(request),
                whole_text=highlight(item.body, item.snippet),
                whole_lines=len(item.body.splitlines()),
            )
        return super().changeform_view(request, object_id, form_url, extra_context)

    @admin.action(
        description="Approve selected reviews (a held text becomes the new version; a flagged change is kept)",
        permissions=["review"],
    )
    def approve_selected(self, request, queryset):
        admin_views.review_approve_many(self, request, queryset)

    @admin.action(
        description="Reject selected reviews (with a note; a flagged change is reverted)…", permissions=["review"]
    )
    def reject_selected(self, request, queryset):
        return admin_views.review_reject_many(self, request, queryset)

    @admin.display(description="status", ordering="status")
    def status_badge(self, obj):
        badge = format_html('<span class="badge badge-{}">{}</span>', obj.status, obj.get_status_display())
        if obj.status == ReviewStatus.PENDING and obj.is_stale:
            badge = format_html('{} <span class="badge badge-stale">stale</span>', badge)
        return badge

    @admin.display(description="tier", ordering="tier")
    def tier_badge(self, obj):
        """The tier of the item's finding: hold (confident) or worth a look; none for a change
        held by the workspace's policy alone."""
        if not obj.tier:
            return "—"
        label = "hold" if obj.tier == "hold" else "worth a look"
        return format_html('<span class="badge badge-tier-{}">{}</span>', obj.tier, label)

    @admin.display(description="confidence", ordering="confidence")
    def confidence_shown(self, obj):
        return "—" if obj.confidence is None else f"{obj.confidence:.0%}"

    @admin.display(description="about")
    def about(self, obj):
        """The scope the text was meant for, by name; linked to its history where it has one."""
        title = scope_title(obj)
        if not obj.document_id:
            return title
        url = reverse("admin:instructions_instructiondocument_history", args=[obj.document_id])
        return format_html('<a href="{}">{}</a>', url, title)

    @admin.display(description="written against")
    def written_against(self, obj):
        """The version the proposal was made on, and where the scope is now."""
        if obj.kind == ReviewKind.STORED_FAILURE:
            return f"the stored text (version {obj.base_version}), flagged when the credo's rules changed"
        if obj.document_id is None:
            return "no version yet: the scope had no text"
        current = obj.document.version
        if obj.status == ReviewStatus.PENDING and obj.is_stale:
            return format_html(
                'version {}; the scope is now at version {} <span class="badge badge-stale">stale</span> '
                "approving it would undo the later edits, so it can only be rejected",
                obj.base_version,
                current,
            )
        if obj.base_version == current:
            return f"version {obj.base_version}, the current one"
        return f"version {obj.base_version} (the scope is now at version {current})"

    @admin.display(description="landed as")
    def landed_as(self, obj):
        """A change flagged after acceptance: the version it made, and where the scope is now."""
        current = obj.document.version if obj.document_id else 0
        if obj.status == ReviewStatus.PENDING and obj.is_stale:
            return format_html(
                'version {}; the scope is now at version {} <span class="badge badge-stale">stale</span> '
                "reverting it would undo the later edits, so it can be kept, no longer reverted",
                obj.base_version,
                current,
            )
        if obj.base_version == current:
            return f"version {obj.base_version}, the current one"
        return f"version {obj.base_version} (the scope is now at version {current})"

    @admin.display(description="snippet in context")
    def snippet_in_context(self, obj):
        shown = highlight(obj._context, obj.snippet)
        lead = "…" if obj._context_start > 1 else ""
        tail = "…" if obj._context_start - 1 + len(obj._context) < obj._body_length else ""
        return format_html('<span class="snippet">{}{}{}</span>', lead, shown, tail)


# --- sessions and deliveries ------------------------------------------------------------


def _short(session_id) -> str:
    return str(session_id)[:8]


@admin.register(AgentSession)
class AgentSessionAdmin(ReadOnlyAdmin):
    list_display = ["short_id", "agent", "owner", "workspace", "started", "status"]
    list_display_links = ["short_id"]
    list_filter = ["agent", "os_profile", ("ended_at", admin.EmptyFieldListFilter)]
    list_select_related = ["owner", "workspace"]
    search_fields = ["id", "owner__username", "workspace__slug", "agent"]
    actions = ["end_selected"]
    # The env holds the caller's secrets: only its names are shown here. The
    # additional instructions (up to 50,000 characters) are folded; the deliveries
    # are a list of links to what each one handed out.
    fieldsets = [
        (None, {"fields": ["id", "agent", "owner", "workspace", "cwd", "env_names"]}),
        ("Environment", {"fields": ["os_profile", "platform", "bundle_dir", "skip_os_instructions"]}),
        ("Lifetime", {"fields": ["started", "last_seen", "ended", "end_reason"]}),
        ("Instructions", {"fields": ["additional", "delivered"]}),
    ]
    #: Deliveries listed on a session's page (the rest: its filtered deliveries list).
    DELIVERIES_SHOWN = 10

    def get_readonly_fields(self, request, obj=None):
        return [field for _, options in self.fieldsets for field in options["fields"]]

    def has_end_permission(self, request):
        # Ending a session is a change: auditors (view only) read sessions, never end them.
        return request.user.has_perm("instructions.change_agentsession")

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        return admin_views.session_version_view(self, request, object_id, version_id)

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        session = self.get_object(request, object_id) if object_id else None
        extra_context = {**(extra_context or {})}
        if session is not None:
            owner = session.owner.get_username()
            extra_context["subtitle"] = f"{owner}'s {session.agent} session {_short(session.pk)} in {session.workspace}"
        return super().changeform_view(request, object_id, form_url, extra_context)

    @admin.display(description="session", ordering="id")
    def short_id(self, obj):
        return _short(obj.pk)

    @admin.display(description="started", ordering="started_at")
    def started(self, obj):
        return admin_views.when(obj.started_at)

    @admin.display(description="last seen")
    def last_seen(self, obj):
        return admin_views.when(obj.last_seen_at)

    @admin.display(description="ended", ordering="ended_at")
    def ended(self, obj):
        return admin_views.when(obj.ended_at) if obj.ended_at else "— (active)"

    @admin.display(description="status", ordering="ended_at")
    def status(self, obj):
        return format_html(
            '<span class="badge badge-{}">{}</span>', *(("resolved", "ended") if obj.ended_at else ("ok", "active"))
        )

    @admin.display(description="env (values masked)")
    def env_names(self, obj):
        if not obj.env:
            return "—"
        return format_html_join(", ", "<code>{}</code>=********", ((name,) for name in sorted(obj.env)))

    @admin.display(description="additional instructions")
    def additional(self, obj):
        if not obj.additional_instructions:
            return "—"
        return admin_views.folded(
            obj.additional_instructions, summary="Show them", element_id="additional-instructions"
        )

    @admin.display(description="deliveries")
    def delivered(self, obj):
        deliveries = list(session_deliveries(obj)[: self.DELIVERIES_SHOWN + 1])
        if not deliveries:
            return "— (nothing delivered yet)"
        items = format_html_join(
            "",
            '<li><a href="{}">Delivery #{}</a> · {} · {} · {} bytes via {}</li>',
            (
                (
                    reverse("admin:instructions_delivery_change", args=[d.pk]),
                    d.pk,
                    admin_views.when(d.created_at),
                    d.agent,
                    f"{d.instructions_bytes:,}",
                    d.mechanism,
                )
                for d in deliveries[: self.DELIVERIES_SHOWN]
            ),
        )
        more = ""
        if len(deliveries) > self.DELIVERIES_SHOWN:
            url = reverse("admin:instructions_delivery_changelist") + f"?session__id__exact={obj.pk}"
            more = format_html('<li><a href="{}">All deliveries of this session…</a></li>', url)
        return format_html('<ul class="deliveries" id="deliveries">{}{}</ul>', items, more)

    @admin.action(description="End selected sessions", permissions=["end"])
    def end_selected(self, request, queryset):
        self.perform_each(
            request,
            queryset.filter(ended_at__isnull=True).order_by("started_at", "pk"),
            lambda session: session_end(session=session, actor=request.user, reason="Admin: session ended"),
            verb="ended",
            name=lambda session: _short(session.pk),
        )


@admin.register(Delivery)
class DeliveryAdmin(ReadOnlyAdmin):
    """What each spawn payload handed out. A delivery's page rebuilds its
    ``instructions.md`` from the recorded versions and checks its SHA-256
    (``rebuild.delivery_rebuild``): "what did the agent receive?"."""

    list_display = ["id", "delivered", "agent", "to_session", "size", "mechanism", "sha256_short"]
    list_filter = ["agent", "mechanism"]
    list_select_related = ["session__owner"]
    search_fields = ["session__id", "instructions_sha256"]
    fieldsets = [
        (None, {"fields": ["to_session", "agent", "delivered", "mechanism", "size", "os_profile", "bundle_dir"]}),
        ("Recorded", {"fields": ["recorded_sha256", "credo_hash", "os_text_hash", "versions"]}),
    ]
    change_form_template = "admin/instructions/delivery/change_form.html"

    def get_readonly_fields(self, request, obj=None):
        return [field for _, options in self.fieldsets for field in options["fields"]]

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        delivery = self.get_object(request, object_id) if object_id else None
        extra_context = {**(extra_context or {})}
        if delivery is not None:
            rebuilt = delivery_rebuild(delivery)
            lines = len(rebuilt.text.splitlines())
            extra_context.update(
                subtitle=f"Delivery #{delivery.pk}: what {delivery.agent} received",
                rebuild=rebuilt,
                rebuilt_lines=lines,
                rebuilt_open=lines <= admin_views.FOLD_LINES and len(rebuilt.text) <= admin_views.FOLD_CHARS,
            )
        return super().changeform_view(request, object_id, form_url, extra_context)

    @admin.display(description="delivered", ordering="created_at")
    def delivered(self, obj):
        return admin_views.when(obj.created_at)

    @admin.display(description="session")
    def to_session(self, obj):
        url = reverse("admin:instructions_agentsession_change", args=[obj.session_id])
        owner = obj.session.owner.get_username()
        return format_html(
            '<a href="{}">{}\'s {} session {}</a>', url, owner, obj.session.agent, _short(obj.session_id)
        )

    @admin.display(description="instructions.md", ordering="instructions_bytes")
    def size(self, obj):
        return f"{obj.instructions_bytes:,} bytes"

    @admin.display(description="SHA-256")
    def sha256_short(self, obj):
        return format_html('<code title="{}">{}…</code>', obj.instructions_sha256, obj.instructions_sha256[:12])

    @admin.display(description="SHA-256 of instructions.md")
    def recorded_sha256(self, obj):
        return format_html('<code class="hash">{}</code>', obj.instructions_sha256)

    @admin.display(description="the credo's SHA-256")
    def credo_hash(self, obj):
        return format_html('<code class="hash">{}</code>', obj.credo_sha256) if obj.credo_sha256 else "— (no credo)"

    @admin.display(description="the OS text's SHA-256")
    def os_text_hash(self, obj):
        return (
            format_html('<code class="hash">{}</code>', obj.os_text_sha256)
            if obj.os_text_sha256
            else "— (not recorded)"
        )

    @admin.display(description="scope versions")
    def versions(self, obj):
        used = delivery_versions(obj)
        if not used:
            return "— (no scope text: the credo only)"
        return format_html_join(
            ", ",
            '{} scope: <a href="{}">version {}</a>',
            (
                (
                    v["scope"],
                    reverse("admin:instructions_instructiondocument_simple_history", args=[v["id"], v["history_id"]]),
                    v["version"],
                )
                for v in used
            ),
        )


# --- pages of the site itself ------------------------------------------------------------


def page_urls(site) -> list:
    """The site's pages that are no model's list: the audit log and the credo, at
    ``/admin/audit/`` and ``/admin/credo/`` (``InstructionsAdminSite.get_urls``)."""
    wrap = site.admin_view
    return [
        path("audit/", wrap(site._registry[HistoricalDocument].audit_view), name="instructions_audit_log"),
        path("credo/", wrap(site._registry[InstructionDocument].credo_view), name="instructions_credo"),
    ]
