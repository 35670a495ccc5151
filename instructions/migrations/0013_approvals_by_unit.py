"""Approvals cover the sentence they approved: ``snippet_key`` becomes ``unit_key``.

Each approval made from a review is re-keyed by the unit (sentence, list item, cell,
line) its snippet stands in within the text that review approved. An approval whose
snippet cannot be placed (no review, or the text no longer holds it) keeps its row
with a ``legacy:`` key that matches nothing: its finding is shown for review again
rather than excusing sentences it never covered.
"""

from django.db import migrations, models


def rekey(apps, schema_editor):
    from instructions.rules.approvals import text_key, unit_text
    from instructions.rules.oaths import Finding

    ApprovedFinding = apps.get_model("instructions", "ApprovedFinding")
    for row in ApprovedFinding.objects.select_related("review").iterator(chunk_size=500):
        body = row.review.body if row.review_id else ""
        at = body.find(row.snippet) if body and row.snippet else -1
        if at < 0:
            row.unit_key = f"legacy:{row.unit_key}"[:71]
        else:
            finding = Finding(row.snippet, "", row.rule_id, at, at + len(row.snippet))
            row.unit_key = text_key(unit_text(body, finding))
        row.save(update_fields=["unit_key"])


class Migration(migrations.Migration):
    dependencies = [
        ("instructions", "0012_review_submissions"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="approvedfinding", name="approved_finding_once_per_target"),
        migrations.RenameField(model_name="approvedfinding", old_name="snippet_key", new_name="unit_key"),
        migrations.RenameField(model_name="historicalapprovedfinding", old_name="snippet_key", new_name="unit_key"),
        migrations.AlterField(model_name="approvedfinding", name="unit_key", field=models.CharField(max_length=71)),
        migrations.AlterField(
            model_name="historicalapprovedfinding", name="unit_key", field=models.CharField(max_length=71)
        ),
        migrations.RunPython(rekey, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="approvedfinding",
            constraint=models.UniqueConstraint(
                fields=("target_key", "rule_id", "unit_key"), name="approved_finding_once_per_target"
            ),
        ),
    ]
