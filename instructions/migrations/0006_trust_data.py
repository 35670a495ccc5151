"""Data for the trust rules (run between the two schema halves 0005 and 0007).

1. ``target_key`` of every review item (and its history rows): the scope and its
   owner's id, as ``models.target_key`` writes it from now on.
2. One pending item per target, kind and body: older duplicates are resolved with
   a note naming the one kept.
3. Approvals become approved findings: a document whose body was approved
   (``approved_sha256`` matches it) gets one approved finding per finding the
   current credo reports for that body. If the credo cannot be read now, nothing is
   converted and the next ``recheck_oaths`` flags such bodies for review again.
4. Workspace slugs become lower case (a clash gets ``-2``, ``-3``...).
5. The ``Reviewers`` group (decide and read reviews, read documents) and the
   ``Auditors`` group (read the history, deliveries, sessions and the audit log).

Every change here leaves a history row with the ``system`` path.
"""

import hashlib
import logging

from django.conf import settings
from django.contrib.auth.management import create_permissions
from django.db import migrations
from django.utils import timezone

logger = logging.getLogger(__name__)
REASON = "Migration: trust rules"
OWNER_COLUMN = {"user": "user_id", "workspace": "workspace_id", "session": "session_id"}

REVIEWERS = {
    "reviewitem": ("view", "decide"),
    "approvedfinding": ("view",),
    "instructiondocument": ("view",),
    "historicalinstructiondocument": ("view",),
    "workspace": ("view",),
    "membership": ("view",),
}
# Auditors read the history and the audit log, not the review queue: refused private
# texts are seen by their authors and the Reviewers only.
AUDITORS = {
    "instructiondocument": ("view", "view_audit_log"),
    "historicalinstructiondocument": ("view",),
    "workspace": ("view",),
    "membership": ("view",),
    "agentsession": ("view",),
    "delivery": ("view",),
}


def _record(history_model, instance, fields, reason=REASON):
    history_model.objects.create(
        **{f: getattr(instance, f) for f in fields},
        history_date=timezone.now(),
        history_type="~",
        history_change_reason=reason,
        history_path="system",
    )


def _fields(model):
    return [f.attname for f in model._meta.concrete_fields]


def fill_target_keys(apps):
    for name in ("ReviewItem", "HistoricalReviewItem"):
        model = apps.get_model("instructions", name)
        batch = []
        for item in model.objects.all().iterator(chunk_size=1000):
            item.target_key = f"{item.scope}:{getattr(item, OWNER_COLUMN[item.scope])}"
            batch.append(item)
        model.objects.bulk_update(batch, ["target_key"], batch_size=1000)


def resolve_duplicates(apps):
    ReviewItem = apps.get_model("instructions", "ReviewItem")
    History = apps.get_model("instructions", "HistoricalReviewItem")
    kept = {}
    for item in ReviewItem.objects.filter(status="pending").order_by("-created_at", "-id"):
        key = (item.target_key, item.kind, item.body_sha256)
        if key not in kept:
            kept[key] = item
            continue
        item.status = "resolved"
        item.reviewed_at = timezone.now()
        item.note = f"Duplicate of review #{kept[key].pk}, which stays pending."
        item.save()
        _record(History, item, _fields(ReviewItem))


def approvals_to_findings(apps):
    Document = apps.get_model("instructions", "InstructionDocument")
    ApprovedFinding = apps.get_model("instructions", "ApprovedFinding")
    approved = [
        d
        for d in Document.objects.exclude(approved_sha256="").exclude(body="")
        if d.approved_sha256 == hashlib.sha256(d.body.encode("utf-8")).hexdigest()
    ]
    if not approved:
        return
    # The one place a migration runs the oath check: the approvals can only be
    # translated with the rules in force when the migration runs.
    from instructions.rules.approvals import finding_key
    from instructions.rules.credo import CredoError, read_credo
    from instructions.rules.oaths import check_text_uncached

    try:
        rules = read_credo(settings.AGENTOS_CREDO_DIR).rules
    except CredoError as exc:
        logger.warning("Approvals not converted (the credo cannot be read: %s); run manage.py recheck_oaths.", exc)
        return
    for document in approved:
        key = f"{document.scope}:{getattr(document, OWNER_COLUMN[document.scope])}"
        for finding in check_text_uncached(document.body, rules).findings:
            rule_id, snippet = finding_key(finding)
            ApprovedFinding.objects.get_or_create(
                target_key=key, rule_id=rule_id, snippet_key=snippet, defaults={"snippet": finding.snippet}
            )


def lower_case_slugs(apps):
    Workspace = apps.get_model("instructions", "Workspace")
    History = apps.get_model("instructions", "HistoricalWorkspace")
    taken = set(Workspace.objects.values_list("slug", flat=True))
    for workspace in Workspace.objects.order_by("pk"):
        lower = workspace.slug.lower()
        if lower == workspace.slug:
            continue
        candidate, n = lower, 2
        while candidate in taken:
            candidate, n = f"{lower}-{n}", n + 1
        taken.discard(workspace.slug)
        taken.add(candidate)
        workspace.slug = candidate
        workspace.save()
        _record(History, workspace, _fields(Workspace), reason=f"{REASON}: slug lower-cased")


def create_groups(apps):
    for label in ("contenttypes", "auth", "instructions"):
        config = apps.get_app_config(label)
        config.models_module = True  # create_permissions skips apps without models
        create_permissions(config, apps=apps, verbosity=0)
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, grants in (("Reviewers", REVIEWERS), ("Auditors", AUDITORS)):
        group, _ = Group.objects.get_or_create(name=name)
        for model, actions in grants.items():
            codenames = [a if a.startswith("view_audit") else f"{a}_{model}" for a in actions]
            group.permissions.add(
                *Permission.objects.filter(content_type__app_label="instructions", codename__in=codenames)
            )


def forwards(apps, schema_editor):
    fill_target_keys(apps)
    resolve_duplicates(apps)
    approvals_to_findings(apps)
    lower_case_slugs(apps)
    create_groups(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("instructions", "0005_trust_schema"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
