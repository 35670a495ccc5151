"""The service's admin site (Django's "overriding the default admin site" pattern:
``agentos_site.apps.AdminConfig`` names it, in place of ``django.contrib.admin``).

Every view the site serves (model pages and the extra pages the model admins add
through ``admin_view``) records its changes with the ``admin`` path; services that
are a kind of change of their own (review decisions, reverts) narrow it.
"""

from __future__ import annotations

import functools

from django.contrib import admin

from instructions.audit_log import dashboard_summary
from instructions.history import ChangePath, change_path


class InstructionsAdminSite(admin.AdminSite):
    def admin_view(self, view, cacheable=False):
        @functools.wraps(view)
        def recorded(request, *args, **kwargs):
            with change_path(ChangePath.ADMIN):
                return view(request, *args, **kwargs)

        return super().admin_view(recorded, cacheable)

    def index(self, request, extra_context=None):
        extra_context = {**(extra_context or {}), "dashboard": dashboard_summary()}
        return super().index(request, extra_context)
