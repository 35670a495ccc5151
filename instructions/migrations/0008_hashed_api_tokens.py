"""API tokens are stored hashed (django-rest-knox) from now on.

Tokens made before, by DRF's ``authtoken`` (its table kept each key in plain text),
are carried over as knox tokens (``token_key`` = their first 15 characters, ``digest``
= SHA-512, exactly as knox checks them), so launchers keep working; then the plain
text table is dropped. The old keys stay valid until revoked; new ones are made with
``manage.py create_token``.
"""

import hashlib

from django.db import migrations

OLD_TABLE = "authtoken_token"


def carry_over(apps, schema_editor):
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        if OLD_TABLE not in connection.introspection.table_names(cursor):
            return
        cursor.execute(f"SELECT key, user_id, created FROM {OLD_TABLE}")  # noqa: S608 (a constant)
        rows = cursor.fetchall()
    AuthToken = apps.get_model("knox", "AuthToken")
    for key, user_id, created in rows:
        AuthToken.objects.get_or_create(
            digest=hashlib.sha512(key.encode("utf-8")).hexdigest(),
            defaults={"token_key": key[:15], "user_id": user_id, "created": created, "expiry": None},
        )
    schema_editor.execute(f"DROP TABLE {schema_editor.quote_name(OLD_TABLE)}")


class Migration(migrations.Migration):
    dependencies = [
        ("instructions", "0007_trust_constraints"),
        ("knox", "0009_extend_authtoken_field"),
    ]

    operations = [migrations.RunPython(carry_over, migrations.RunPython.noop)]
