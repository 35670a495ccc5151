"""Fill ``history_path`` of history rows written before it was a column.

Until then the path was the first word of the change reason (``API``, ``Admin``,
``Review``, ``Revert``; anything else counted as a command), and a refused write
kept its caller's reason behind ``Write refused (oath conflict): ``. This applies
that old rule once; nothing reads paths from reasons any more.
"""

from django.db import migrations

REFUSED_PREFIX = "Write refused (oath conflict): "
PREFIXES = (("API", "api"), ("Admin", "admin"), ("Review", "review"), ("Revert", "revert"))
HISTORICAL_MODELS = (
    "HistoricalWorkspace",
    "HistoricalMembership",
    "HistoricalAgentSession",
    "HistoricalInstructionDocument",
    "HistoricalReviewItem",
    "HistoricalDelivery",
)


def path_of(reason):
    if reason == "Created by migration":  # the default workspace (0002)
        return "system"
    reason = (reason or "").removeprefix(REFUSED_PREFIX)
    for prefix, path in PREFIXES:
        if reason.startswith(prefix):
            return path
    return "command"


def fill(apps, schema_editor):
    for name in HISTORICAL_MODELS:
        model = apps.get_model("instructions", name)
        batch = []
        for row in model.objects.only("history_id", "history_change_reason").iterator(chunk_size=2000):
            row.history_path = path_of(row.history_change_reason)
            batch.append(row)
            if len(batch) >= 2000:
                model.objects.bulk_update(batch, ["history_path"])
                batch = []
        if batch:
            model.objects.bulk_update(batch, ["history_path"])


class Migration(migrations.Migration):
    dependencies = [("instructions", "0003_history_path")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
