from django.contrib.admin import apps as admin_apps


class AdminConfig(admin_apps.AdminConfig):
    """Django's admin with the service's own site (``agentos_site.admin``)."""

    default_site = "agentos_site.admin.InstructionsAdminSite"
