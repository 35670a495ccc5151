"""The second half of the trust schema: once 0006 filled and cleaned the data,
the constraints that rely on it, and the end of ``approved_sha256``."""

import django.db.models.functions.text
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("instructions", "0006_trust_data")]

    operations = [
        migrations.AlterField(
            model_name="reviewitem", name="target_key", field=models.CharField(max_length=120)
        ),
        migrations.AlterField(
            model_name="historicalreviewitem", name="target_key", field=models.CharField(max_length=120)
        ),
        migrations.RemoveField(
            model_name='historicalinstructiondocument',
            name='approved_sha256',
        ),
        migrations.RemoveField(
            model_name='instructiondocument',
            name='approved_sha256',
        ),
        migrations.AddConstraint(
            model_name='reviewitem',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('subject', 'scope_body'), models.Q(models.Q(('scope', 'user'), ('session__isnull', True), ('user__isnull', False), ('workspace__isnull', True)), models.Q(('scope', 'workspace'), ('session__isnull', True), ('user__isnull', True), ('workspace__isnull', False)), models.Q(('scope', 'session'), ('session__isnull', False), ('user__isnull', True), ('workspace__isnull', False)), _connector='OR')), models.Q(('kind', 'rejected_write'), ('scope', 'session'), ('session__isnull', True), ('subject', 'additional'), ('user__isnull', False), ('workspace__isnull', False)), _connector='OR'), name='review_target_matches_subject', violation_error_message='A review names exactly the owner of what it is about.'),
        ),
        migrations.AddConstraint(
            model_name='reviewitem',
            constraint=models.UniqueConstraint(condition=models.Q(('status', 'pending')), fields=('target_key', 'kind', 'body_sha256'), name='review_one_pending_per_target_and_body', violation_error_message='This text is already waiting for review.'),
        ),
        migrations.AddConstraint(
            model_name='workspace',
            constraint=models.CheckConstraint(condition=models.Q(('slug', django.db.models.functions.text.Lower('slug'))), name='workspace_slug_lower_case', violation_error_message='A workspace slug is lower case.'),
        ),
    ]
