"""The Django admin: every model with its history (django-simple-history).

Saves go through the same service functions as the API and the commands, so an
admin edit is oath-checked and leaves a history row with the admin user and a
change reason.
"""

from __future__ import annotations

from django.contrib import admin, messages
from simple_history.admin import SimpleHistoryAdmin

from instructions.errors import ServiceError
from instructions.models import AgentSession, Delivery, InstructionDocument, Membership, ReviewItem, Workspace
from instructions.services.audit import save_audited
from instructions.services.documents import Target, document_save


class AuditedAdmin(SimpleHistoryAdmin):
    """Admin saves and deletes that record the admin user and a reason."""

    def save_model(self, request, obj, form, change):
        verb = "changed" if change else "added"
        save_audited(obj, actor=request.user, reason=f"Admin: {obj._meta.verbose_name} {verb}")

    def delete_model(self, request, obj):
        obj._history_user = request.user
        obj._change_reason = f"Admin: {obj._meta.verbose_name} deleted"
        obj.delete()

    def delete_queryset(self, request, queryset):
        # One by one, never QuerySet.delete(): each row leaves its history.
        for obj in queryset:
            self.delete_model(request, obj)


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ["user"]


@admin.register(Workspace)
class WorkspaceAdmin(AuditedAdmin):
    list_display = ["slug", "name", "created_at"]
    search_fields = ["slug", "name"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Membership)
class MembershipAdmin(AuditedAdmin):
    list_display = ["workspace", "user", "role", "created_at"]
    list_filter = ["role", "workspace"]
    list_select_related = ["workspace", "user"]
    search_fields = ["workspace__slug", "user__username"]
    raw_id_fields = ["user", "workspace"]


@admin.register(InstructionDocument)
class InstructionDocumentAdmin(AuditedAdmin):
    list_display = ["__str__", "scope", "version", "updated_at"]
    list_filter = ["scope"]
    list_select_related = ["user", "workspace", "session"]
    search_fields = ["body", "workspace__slug", "user__username"]
    raw_id_fields = ["user", "workspace", "session"]
    readonly_fields = ["version", "updated_at", "approved_sha256"]

    def save_model(self, request, obj, form, change):
        """Oath-checked like any other write; a conflicting body becomes a review item."""
        target = Target(scope=obj.scope, user=obj.user, workspace=obj.workspace, session=obj.session)
        try:
            saved = document_save(target=target, body=obj.body, actor=request.user, reason="Admin edit")
        except ServiceError as exc:
            self.message_user(request, exc.message, level=messages.ERROR)
            obj.pk = obj.pk or None
            return
        obj.pk, obj.version = saved.pk, saved.version


@admin.register(AgentSession)
class AgentSessionAdmin(AuditedAdmin):
    list_display = ["id", "agent", "owner", "workspace", "started_at", "ended_at"]
    list_filter = ["agent", ("ended_at", admin.EmptyFieldListFilter)]
    list_select_related = ["owner", "workspace"]
    search_fields = ["id", "owner__username", "workspace__slug", "agent"]
    raw_id_fields = ["owner", "workspace"]


@admin.register(ReviewItem)
class ReviewItemAdmin(AuditedAdmin):
    list_display = ["id", "kind", "status", "scope", "workspace", "author", "oath", "created_at"]
    list_filter = ["status", "kind", "scope", "oath"]
    list_select_related = ["workspace", "author", "user", "session", "reviewer", "document"]
    search_fields = ["snippet", "body", "workspace__slug", "author__username"]
    raw_id_fields = ["user", "workspace", "session", "document", "author", "reviewer"]


@admin.register(Delivery)
class DeliveryAdmin(AuditedAdmin):
    list_display = ["id", "session", "agent", "created_at", "instructions_sha256", "mechanism"]
    list_filter = ["agent", "mechanism"]
    list_select_related = ["session"]
    search_fields = ["session__id", "instructions_sha256"]
    raw_id_fields = ["session"]
