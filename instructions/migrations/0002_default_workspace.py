"""The default workspace exists after ``migrate`` (requests that name none use it)."""

from django.conf import settings
from django.db import migrations


def create_default_workspace(apps, schema_editor):
    Workspace = apps.get_model("instructions", "Workspace")
    HistoricalWorkspace = apps.get_model("instructions", "HistoricalWorkspace")
    slug = settings.AGENTOS_DEFAULT_WORKSPACE
    workspace, created = Workspace.objects.get_or_create(slug=slug, defaults={"name": "Default workspace"})
    if created:
        # Historical models are not wired to signals inside migrations: record it by hand.
        HistoricalWorkspace.objects.create(
            id=workspace.pk,
            slug=workspace.slug,
            name=workspace.name,
            created_at=workspace.created_at,
            history_date=workspace.created_at,
            history_type="+",
            history_change_reason="Created by migration",
        )


class Migration(migrations.Migration):
    dependencies = [("instructions", "0001_initial")]

    operations = [migrations.RunPython(create_default_workspace, migrations.RunPython.noop)]
