"""The service's admin site (Django's "overriding the default admin site" pattern:
``agentos_site.apps.AdminConfig`` names it, in place of ``django.contrib.admin``).

- It names the service, and "View site" opens the members' web app.
- The sidebar and the index group the models by task (review, audit,
  instructions, people: ``instructions.admin.navigation``), not by Django app;
  an app's own index leads to the site's.
- Its index is the review-and-audit dashboard (``instructions.admin.views.dashboard_context``).
- Every view the site serves (model pages and the extra pages the model admins add
  through ``admin_view``) records its changes with the ``admin`` path; services that
  are a kind of change of their own (review decisions, reverts) narrow it.
"""

from __future__ import annotations

import functools

from django.contrib import admin
from django.http import HttpResponseRedirect
from django.urls import reverse, reverse_lazy

from instructions.history import ChangePath, change_path

# ``instructions.admin`` registers its model admins on this site when imported, so
# it is imported where it is used (at request time), never while this site is made.


class InstructionsAdminSite(admin.AdminSite):
    site_header = "agentos instructions"
    site_title = "agentos instructions"
    index_title = "Review and audit"
    site_url = reverse_lazy("web:home")

    def admin_view(self, view, cacheable=False):
        @functools.wraps(view)
        def recorded(request, *args, **kwargs):
            with change_path(ChangePath.ADMIN):
                return view(request, *args, **kwargs)

        return super().admin_view(recorded, cacheable)

    def get_urls(self):
        from instructions.admin.registry import page_urls

        return [*page_urls(self), *super().get_urls()]

    def get_app_list(self, request, app_label=None):
        from instructions.admin.navigation import group_apps

        app_list = super().get_app_list(request, app_label)
        return app_list if app_label else group_apps(request, app_list)

    def app_index(self, request, app_label, extra_context=None):
        # One Django app's model list is not a page here: the models are grouped by task
        # on the index (the breadcrumbs of every model page still name the app).
        return HttpResponseRedirect(reverse("admin:index", current_app=self.name))

    def index(self, request, extra_context=None):
        from instructions.admin.views import dashboard_context

        extra_context = {**(extra_context or {}), **dashboard_context(request)}
        return super().index(request, extra_context)
