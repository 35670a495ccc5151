"""Data and its invariants. Rules that act on the data live in plain modules
(``merge``, ``oaths``, ``credo``, ``agents``) and writes go through ``services``.

Every model keeps its full history with django-simple-history. Writes set the
history user and change reason explicitly (``services.audit``), because the
history middleware cannot see token-authenticated API callers or commands; how a
change was made is the ``history_path`` column of every history row
(``instructions.history``).

Which column owns a scope's document (and a review item about it) is said once,
here: ``OWNER_COLUMN``. Its query filter (``owner_filter``), its database
constraint (``owner_matches_scope``) and its display name (``owner_name``) are
built from it.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models.functions import Length, Lower
from django.db.models.lookups import Exact, LessThanOrEqual
from django.utils import timezone
from simple_history.models import HistoricalRecords

from instructions.foundation.contract import (
    DEFAULT_BUNDLE_DIR,
    DEFAULT_OS_PROFILE,
    DEFAULT_REVIEW_POLICY,
    MAX_BODY_CHARS,
    MAX_CWD_CHARS,
    MAX_NOTE_CHARS,
    MAX_PLATFORM_CHARS,
    MAX_REASON_CHARS,
    MAX_WORKSPACE_NAME_CHARS,
    REVIEW_POLICY_HELP,
    OsProfile,
    ReviewPolicy,
    Scope,
)
from instructions.foundation.stored_text import (
    MAX_BUNDLE_DIR_CHARS,
    BundleDirValidator,
    InstructionTextValidator,
    TextValidator,
)
from instructions.history import ChangeRecord


def canonical_bundle_dir() -> models.Q:
    """``bundle_dir`` is a canonical absolute path other than ``/`` (``stored_text.bundle_dir_problem``),
    said in SQL: absolute, no empty, ``.`` or ``..`` component, no trailing ``/``."""
    field = "bundle_dir"
    condition = models.Q(**{f"{field}__startswith": "/"}) & ~models.Q(**{f"{field}__endswith": "/"})
    for part in ("//", "/./", "/../"):
        condition &= ~models.Q(**{f"{field}__contains": part})
    for end in ("/.", "/.."):
        condition &= ~models.Q(**{f"{field}__endswith": end})
    return condition


def normalize_slug(slug: str) -> str:
    """The one spelling of a workspace slug: ``Acme`` and ``ACME`` name ``acme``."""
    return slug.strip().lower()


def audited_history(**kwargs) -> HistoricalRecords:
    """Full history whose rows also record how each change was made (``history_path``)."""
    return HistoricalRecords(bases=[ChangeRecord], **kwargs)


class Role(models.TextChoices):
    VIEWER = "viewer", "Viewer"
    EDITOR = "editor", "Editor"
    MAINTAINER = "maintainer", "Maintainer"


#: Roles that may change the workspace scope.
WRITER_ROLES = (Role.EDITOR, Role.MAINTAINER)


class Workspace(models.Model):
    #: Lower case, unique whatever the case it was asked for in (``normalize_slug``).
    slug = models.SlugField(max_length=64, unique=True)
    name = models.CharField(max_length=MAX_WORKSPACE_NAME_CHARS, validators=[TextValidator(MAX_WORKSPACE_NAME_CHARS)])
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    #: What its maintainers let land in its workspace scope without a reviewer.
    review_policy = models.CharField(
        max_length=24, choices=ReviewPolicy.choices, default=DEFAULT_REVIEW_POLICY, help_text=REVIEW_POLICY_HELP
    )

    history = audited_history()

    class Meta:
        ordering = ["slug"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(review_policy__in=ReviewPolicy.values), name="workspace_review_policy_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(slug=Lower("slug")),
                name="workspace_slug_lower_case",
                violation_error_message="A workspace slug is lower case.",
            ),
        ]

    def __str__(self) -> str:
        return self.slug


class MembershipQuerySet(models.QuerySet):
    def for_workspace(self, workspace: Workspace) -> MembershipQuerySet:
        return self.filter(workspace=workspace).select_related("user").order_by("user__username")


class Membership(models.Model):
    workspace = models.ForeignKey(Workspace, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.VIEWER)
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    history = audited_history()
    objects = MembershipQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["workspace", "user"],
                name="membership_one_per_user_and_workspace",
                violation_error_message="This user is already a member of this workspace.",
            ),
            models.CheckConstraint(
                condition=models.Q(role__in=Role.values),
                name="membership_role_valid",
                violation_error_message="Role must be viewer, editor or maintainer.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.workspace} ({self.role})"


class AgentSessionQuerySet(models.QuerySet):
    def active(self) -> AgentSessionQuerySet:
        return self.filter(ended_at__isnull=True)

    def ended(self) -> AgentSessionQuerySet:
        return self.filter(ended_at__isnull=False)

    def idle_since(self, cutoff) -> AgentSessionQuerySet:
        return self.active().filter(last_seen_at__lt=cutoff)


class AgentSession(models.Model):
    """One run of one agent in one workspace (the seed's ``createSession``)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="agent_sessions")
    workspace = models.ForeignKey(Workspace, on_delete=models.CASCADE, related_name="agent_sessions")
    agent = models.CharField(max_length=64)
    started_at = models.DateTimeField(default=timezone.now)
    last_seen_at = models.DateTimeField(default=timezone.now)
    ended_at = models.DateTimeField(null=True, blank=True)
    end_reason = models.CharField(max_length=200, blank=True, validators=[TextValidator(200)])
    cwd = models.CharField(max_length=MAX_CWD_CHARS, blank=True, validators=[TextValidator(MAX_CWD_CHARS)])
    #: The caller's environment for the agent: it routinely carries API keys, so it is
    #: kept out of the history, masked in every read but the owner's spawn payload,
    #: and cleared when the session ends.
    env = models.JSONField(default=dict, blank=True)
    skip_os_instructions = models.BooleanField(default=False)
    additional_instructions = models.TextField(
        max_length=MAX_BODY_CHARS, blank=True, validators=[InstructionTextValidator()]
    )
    #: Where the launcher puts the session's bundle files, as the agent sees the
    #: directory: every path of its spawn payloads names it. ``/etc/agentos`` is the
    #: agentOS VM's mount; ``agentos-launch`` on an ordinary host names a private one.
    bundle_dir = models.CharField(
        max_length=MAX_BUNDLE_DIR_CHARS, default=DEFAULT_BUNDLE_DIR, validators=[BundleDirValidator()]
    )
    #: Which OS environment text opens ``instructions.md`` (``instructions.rules.os_profiles``).
    os_profile = models.CharField(max_length=32, choices=OsProfile.choices, default=DEFAULT_OS_PROFILE)
    #: The host's platform as the launcher describes it (the ``host`` profile shows it,
    #: on one line). Untrusted text, like ``cwd``.
    platform = models.CharField(
        max_length=MAX_PLATFORM_CHARS, blank=True, validators=[TextValidator(MAX_PLATFORM_CHARS)]
    )

    # Activity is not a change: last_seen_at is refreshed without a history row. The
    # env holds secrets: history rows (kept forever) never copy it.
    history = audited_history(excluded_fields=["last_seen_at", "env"])
    objects = AgentSessionQuerySet.as_manager()

    class Meta:
        ordering = ["-started_at"]
        indexes = [models.Index(fields=["owner", "ended_at"], name="session_owner_ended_idx")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ended_at__isnull=True) | models.Q(ended_at__gte=models.F("started_at")),
                name="session_ends_after_start",
                violation_error_message="A session cannot end before it starts.",
            ),
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("additional_instructions"), MAX_BODY_CHARS),
                name="session_additional_instructions_max_length",
                violation_error_message=f"Additional instructions are limited to {MAX_BODY_CHARS} characters.",
            ),
            models.CheckConstraint(
                condition=canonical_bundle_dir(),
                name="session_bundle_dir_canonical",
                violation_error_message="The bundle directory must be a normalised absolute path other than /.",
            ),
            models.CheckConstraint(
                condition=models.Q(os_profile__in=OsProfile.values),
                name="session_os_profile_known",
                violation_error_message=f"The OS profile must be one of: {', '.join(OsProfile.values)}.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.agent} session {self.id}"

    @property
    def is_active(self) -> bool:
        return self.ended_at is None


# --- session tokens ------------------------------------------------------------

#: How a session token starts: never a knox API token (``agentos_`` then hex digits only),
#: so the authentication tells the two apart before any lookup.
SESSION_TOKEN_PREFIX = "agentos_s_"  # noqa: S105 (a prefix, not a secret)
#: The part of a session token stored in clear to find its row (as knox does).
SESSION_TOKEN_KEY_CHARS = len(SESSION_TOKEN_PREFIX) + 8


class SessionToken(models.Model):
    """A credential bound to one agent session, for the agent itself.

    It authenticates as the session's owner for that session only: reading its spawn
    payload and merged instructions, reading and changing its session scope
    (``instructions.api.auth``); every other route refuses it. Stored as the owner's API
    tokens are (django-rest-knox's SHA-512 digest; shown once, never recoverable). It
    works while its session is live and the API token it was minted with exists and has
    not expired: ending the session deletes it, revoking that API token deletes it
    (``parent``, CASCADE). One per session: minting again replaces it.

    No history table of its own (a digest is nothing to review): issuing one is a history
    row of its session, with who, why and how.
    """

    digest = models.CharField(max_length=128, primary_key=True)
    token_key = models.CharField(max_length=SESSION_TOKEN_KEY_CHARS, db_index=True)
    session = models.ForeignKey(AgentSession, on_delete=models.CASCADE, related_name="tokens")
    #: The owner's API token it was minted with (knox's ``AuthToken``): revoked with it.
    parent = models.ForeignKey("knox.AuthToken", on_delete=models.CASCADE, related_name="session_tokens")
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    def __str__(self) -> str:
        return f"session token {self.token_key}… of {self.session_id}"


# --- who owns a scope ---------------------------------------------------------

#: The column naming the owner of each editable scope's document: a user, a
#: workspace or an agent session. Everything else about ownership derives from it.
OWNER_COLUMN: dict[str, str] = {Scope.USER: "user", Scope.WORKSPACE: "workspace", Scope.SESSION: "session"}


def owner_filter(scope: str, owner: object) -> dict[str, object]:
    """Query keywords selecting ``owner``'s document of ``scope`` (with ``scope=``)."""
    return {"scope": scope, OWNER_COLUMN[scope]: owner}


def owner_matches_scope(*, session_names_workspace: bool) -> models.Q:
    """Exactly the owner column of the scope is set. Review items about a session
    also name its workspace, for its maintainers (``session_names_workspace``)."""
    condition = models.Q()
    for scope, column in OWNER_COLUMN.items():
        unset = {f"{other}__isnull": True for other in OWNER_COLUMN.values() if other != column}
        if scope == Scope.SESSION and session_names_workspace:
            unset["workspace__isnull"] = False
        condition |= models.Q(scope=scope, **{f"{column}__isnull": False}, **unset)
    return condition


def owner_name(obj) -> str:
    """How people name the owner of ``obj``'s scope: a username, a workspace slug or a
    session id. ``obj`` is a document, a review item or one of their history rows (whose
    owner may since have been deleted: then its id)."""
    column = OWNER_COLUMN[obj.scope]
    owner_id = getattr(obj, f"{column}_id")
    if obj.scope == Scope.SESSION or owner_id is None:
        return str(owner_id or "")
    owner = getattr(obj, column)
    if owner is None:
        return str(owner_id)
    return owner.get_username() if obj.scope == Scope.USER else owner.slug


def owner_workspace_slug(obj) -> str:
    """The workspace ``obj``'s scope belongs to ("" for a user scope): its own, or its session's."""
    if obj.scope == Scope.WORKSPACE:
        return obj.workspace.slug if obj.workspace_id else ""
    if obj.scope == Scope.SESSION and obj.session_id and obj.session is not None:
        return obj.session.workspace.slug
    return ""


def target_key(scope: str, owner: object) -> str:
    """What a review item or an approved finding is about, as one comparable string:
    ``owner``'s scope (``workspace:12``), whether or not its document exists yet."""
    return f"{scope}:{owner.pk}"


def target_key_of(obj) -> str:
    """``target_key`` of a document or review item (or a history row of one), from its
    owner column's id: no query."""
    return f"{obj.scope}:{getattr(obj, OWNER_COLUMN[obj.scope] + '_id')}"


def additional_target_key(user: object, workspace: object) -> str:
    """The additional instructions ``user`` starts sessions with in ``workspace``."""
    return f"additional:{user.pk}:{workspace.pk}"


class ScopeOwned:
    """Ownership helpers of models that name a scope and its owner column."""

    scope: str

    @property
    def owner(self) -> object:
        return getattr(self, OWNER_COLUMN[self.scope])

    @property
    def owner_name(self) -> str:
        return owner_name(self)


class InstructionDocumentQuerySet(models.QuerySet):
    def of(self, scope: str, owner: object) -> InstructionDocumentQuerySet:
        """``owner``'s document of ``scope`` (at most one)."""
        return self.filter(**owner_filter(scope, owner))

    def for_merge(self, *, user, workspace, session=None) -> InstructionDocumentQuerySet:
        """The (at most three) documents that feed one merged set, in one query."""
        wanted = models.Q(**owner_filter(Scope.USER, user)) | models.Q(**owner_filter(Scope.WORKSPACE, workspace))
        if session is not None:
            wanted |= models.Q(**owner_filter(Scope.SESSION, session))
        return self.filter(wanted).select_related("user", "workspace", "session")


class InstructionDocument(ScopeOwned, models.Model):
    """The body of one editable scope for one owner: a user, a workspace or a session.

    Exactly one owner column is set, matching ``scope``, and each owner has at most
    one document of its scope; both are database constraints.
    """

    scope = models.CharField(
        max_length=16, choices=[(s, Scope(s).label) for s in (Scope.USER, Scope.WORKSPACE, Scope.SESSION)]
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="instruction_documents"
    )
    workspace = models.ForeignKey(
        Workspace, null=True, blank=True, on_delete=models.CASCADE, related_name="instruction_documents"
    )
    session = models.ForeignKey(
        AgentSession, null=True, blank=True, on_delete=models.CASCADE, related_name="instruction_documents"
    )
    body = models.TextField(max_length=MAX_BODY_CHARS, blank=True, validators=[InstructionTextValidator()])
    #: Bumped on every save; the ETag of the scope, for optimistic concurrency.
    version = models.PositiveIntegerField(default=1)
    updated_at = models.DateTimeField(default=timezone.now)
    history = audited_history()
    objects = InstructionDocumentQuerySet.as_manager()
    #: Not a column: the review item a write just opened when it landed with findings only worth
    #: a look (``services.documents.document_save`` sets it; None otherwise).
    flagged_review: ReviewItem | None = None

    class Meta:
        permissions = [("view_audit_log", "Can read and export the audit log")]
        constraints = [
            models.CheckConstraint(
                condition=owner_matches_scope(session_names_workspace=False),
                name="document_owner_matches_scope",
                violation_error_message="A document has exactly one owner, matching its scope.",
            ),
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(scope=Scope.USER),
                name="document_one_user_scope_per_user",
                violation_error_message="This user already has a user scope.",
            ),
            models.UniqueConstraint(
                fields=["workspace"],
                condition=models.Q(scope=Scope.WORKSPACE),
                name="document_one_workspace_scope_per_workspace",
                violation_error_message="This workspace already has a workspace scope.",
            ),
            models.UniqueConstraint(
                fields=["session"],
                condition=models.Q(scope=Scope.SESSION),
                name="document_one_session_scope_per_session",
                violation_error_message="This session already has a session scope.",
            ),
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("body"), MAX_BODY_CHARS),
                name="document_body_max_length",
                violation_error_message=f"An instruction body is limited to {MAX_BODY_CHARS} characters.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.scope} scope of {self.owner_name}"


class ReviewKind(models.TextChoices):
    REJECTED_WRITE = "rejected_write", "Write refused (oath conflict)"
    STORED_FAILURE = "stored_failure", "Stored body fails the credo"
    #: A change that landed with findings only worth a look (``review`` tier): keep it or revert it.
    ACCEPTED_FLAGGED = "accepted_flagged", "Flagged after acceptance"


class ReviewStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    APPROVED = "approved", "Approved"
    REJECTED = "rejected", "Rejected"
    #: A stored-failure flag whose body was since changed or now passes.
    RESOLVED = "resolved", "Resolved"


class ReviewSubject(models.TextChoices):
    #: The body of a scope's document (``scope`` and its owner column say which).
    SCOPE_BODY = "scope_body", "Scope body"
    #: The additional instructions ``user`` asked to start a session in ``workspace`` with
    #: (the session was not created: there is no ``session``).
    ADDITIONAL = "additional", "Additional instructions of a new session"


#: A pending proposal is stale once its document moved on from the version it was written against;
#: a change flagged after acceptance, once its document moved on from the version it made (it can
#: then be kept, no longer reverted).
STALE = models.Q(
    kind__in=[ReviewKind.REJECTED_WRITE, ReviewKind.ACCEPTED_FLAGGED],
    status=ReviewStatus.PENDING,
    document__isnull=False,
) & ~models.Q(document__version=models.F("base_version"))


class ReviewItemQuerySet(models.QuerySet):
    def pending(self) -> ReviewItemQuerySet:
        return self.filter(status=ReviewStatus.PENDING)

    def _authored(self, user) -> models.Q:
        submitted = ReviewSubmission.objects.filter(author_id=user.pk).values("item_id")
        return models.Q(author_id=user.pk) | models.Q(pk__in=submitted)

    def written_by(self, user) -> ReviewItemQuerySet:
        """The items ``user`` is an author of: the first to send the text, or any who sent
        the same text again (four eyes holds for each of them)."""
        return self.filter(self._authored(user))

    def not_written_by(self, user) -> ReviewItemQuerySet:
        return self.exclude(self._authored(user))

    def with_related(self) -> ReviewItemQuerySet:
        """With the rows every list shows, and ``stale`` annotated (in the same query)."""
        return self.select_related("workspace", "user", "session", "author", "reviewer", "document").annotate(
            stale=models.Case(models.When(STALE, then=True), default=False, output_field=models.BooleanField())
        )


class ReviewItem(ScopeOwned, models.Model):
    """A text that collides with the credo, kept for a reviewer: never silently dropped.

    Either a write refused with ``OATH_CONFLICT`` (the proposed text is kept here and
    the current version stays), or a stored body that fails after the credo's rules
    changed. The target is a scope's body (``scope`` plus its owner column) or the
    additional instructions of a session that was refused (``subject``), and
    ``target_key`` names it in one comparable string: one pending item per target,
    kind and body.
    """

    kind = models.CharField(max_length=20, choices=ReviewKind.choices)
    subject = models.CharField(max_length=16, choices=ReviewSubject.choices, default=ReviewSubject.SCOPE_BODY)
    target_key = models.CharField(max_length=120)
    status = models.CharField(max_length=10, choices=ReviewStatus.choices, default=ReviewStatus.PENDING)
    scope = models.CharField(max_length=16, choices=InstructionDocument._meta.get_field("scope").choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    workspace = models.ForeignKey(Workspace, null=True, blank=True, on_delete=models.CASCADE, related_name="reviews")
    session = models.ForeignKey(AgentSession, null=True, blank=True, on_delete=models.CASCADE, related_name="reviews")
    document = models.ForeignKey(
        InstructionDocument, null=True, blank=True, on_delete=models.SET_NULL, related_name="reviews"
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="authored_reviews"
    )
    body = models.TextField(max_length=MAX_BODY_CHARS, blank=True)
    body_sha256 = models.CharField(max_length=64)
    snippet = models.TextField()
    oath = models.CharField(max_length=200)
    rule_id = models.CharField(max_length=100, blank=True)
    #: The tier of that finding (``hold`` or ``review``), empty for a change held by the policy alone.
    tier = models.CharField(max_length=8, blank=True, default="")
    #: The check's confidence in that finding, 0 to 1 (None: no oath finding).
    confidence = models.FloatField(null=True, blank=True)
    #: The document's version when the body was proposed (0: there was none).
    base_version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="reviews_done"
    )
    reviewed_at = models.DateTimeField(null=True, blank=True)
    note = models.TextField(max_length=MAX_NOTE_CHARS, blank=True, validators=[TextValidator(MAX_NOTE_CHARS)])

    history = audited_history()
    objects = ReviewItemQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["status", "created_at"], name="review_status_created_idx"),
            models.Index(fields=["author", "status"], name="review_author_status_idx"),
        ]
        permissions = [("decide_reviewitem", "Can approve or reject review items")]
        constraints = [
            models.CheckConstraint(condition=models.Q(kind__in=ReviewKind.values), name="review_kind_valid"),
            models.CheckConstraint(condition=models.Q(status__in=ReviewStatus.values), name="review_status_valid"),
            models.CheckConstraint(
                condition=(
                    models.Q(subject=ReviewSubject.SCOPE_BODY) & owner_matches_scope(session_names_workspace=True)
                )
                | models.Q(
                    subject=ReviewSubject.ADDITIONAL,
                    kind__in=[ReviewKind.REJECTED_WRITE, ReviewKind.ACCEPTED_FLAGGED],
                    scope=Scope.SESSION,
                    session__isnull=True,
                    user__isnull=False,
                    workspace__isnull=False,
                ),
                name="review_target_matches_subject",
                violation_error_message="A review names exactly the owner of what it is about.",
            ),
            models.UniqueConstraint(
                fields=["target_key", "kind", "body_sha256"],
                condition=models.Q(status=ReviewStatus.PENDING),
                name="review_one_pending_per_target_and_body",
                violation_error_message="This text is already waiting for review.",
            ),
        ]

    def __str__(self) -> str:
        return f"Review #{self.pk} ({self.get_kind_display()}, {self.status})"

    def is_written_by(self, user) -> bool:
        """Whether ``user`` sent this text (first or again): four eyes keeps them from deciding it."""
        if user is None or user.pk is None:
            return False
        return self.author_id == user.pk or self.submissions.filter(author_id=user.pk).exists()

    @property
    def is_private(self) -> bool:
        """A person's own text (user scope, session, additional instructions): seen by its
        author and the Reviewers group only, never by the workspace's maintainers."""
        return self.scope != Scope.WORKSPACE

    @property
    def is_stale(self) -> bool:
        """``stale`` as annotated by ``with_related``, or computed (one query) without it."""
        if hasattr(self, "stale"):
            return self.stale
        return (
            self.kind in (ReviewKind.REJECTED_WRITE, ReviewKind.ACCEPTED_FLAGGED)
            and self.status == ReviewStatus.PENDING
            and self.document_id is not None
            and (
                InstructionDocument.objects.filter(pk=self.document_id).values_list("version", flat=True).first()
                != self.base_version
            )
        )


class ReviewSubmission(models.Model):
    """One sending of a review item's text: the first, and each time someone sends the
    same refused text again (one pending item per target and text). Each is a trace of
    its own (its history row names who, why and by which path), and each sender is an
    author of the item for four eyes."""

    item = models.ForeignKey(ReviewItem, on_delete=models.CASCADE, related_name="submissions")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    submitted_at = models.DateTimeField(default=timezone.now)
    #: Why the sender made the change, in their words (the write's change reason).
    why = models.CharField(max_length=MAX_REASON_CHARS, blank=True, validators=[TextValidator(MAX_REASON_CHARS)])

    history = audited_history()

    class Meta:
        ordering = ["submitted_at", "id"]
        indexes = [models.Index(fields=["author", "item"], name="submission_author_item_idx")]

    def __str__(self) -> str:
        return f"Submission of review #{self.item_id} by {self.author or 'the system'}"


class ApprovedFinding(models.Model):
    """A finding a reviewer approved for one target (``target_key``: a scope of one owner,
    or one user's additional instructions in one workspace).

    The same finding there (rule, in the same sentence) no longer blocks a write; any other
    finding still does, so an approval never makes a document sticky.
    """

    target_key = models.CharField(max_length=120)
    rule_id = models.CharField(max_length=100)
    #: SHA-256 of the finding's unit (its sentence, list item, cell or line) with whitespace
    #: collapsed and case folded (``approvals.finding_key``): the approval covers that
    #: sentence, not every sentence sharing the snippet. ``legacy:…`` for approvals made
    #: before units were keyed, which match nothing (their findings come back for review).
    unit_key = models.CharField(max_length=71)
    snippet = models.TextField()
    review = models.ForeignKey(
        "ReviewItem", null=True, blank=True, on_delete=models.SET_NULL, related_name="approved_findings"
    )
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    approved_at = models.DateTimeField(default=timezone.now)

    history = audited_history()

    class Meta:
        ordering = ["-approved_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["target_key", "rule_id", "unit_key"], name="approved_finding_once_per_target"
            )
        ]

    def __str__(self) -> str:
        return f"{self.rule_id} approved for {self.target_key}"


class Delivery(models.Model):
    """One spawn payload handed out: what a session received, from which versions."""

    session = models.ForeignKey(AgentSession, on_delete=models.CASCADE, related_name="deliveries")
    agent = models.CharField(max_length=64)
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    instructions_sha256 = models.CharField(max_length=64)
    instructions_bytes = models.PositiveIntegerField()
    credo_sha256 = models.CharField(max_length=64, blank=True)
    #: ``{"user": <history id>, "workspace": ..., "session": ...}`` for the scopes used.
    scope_versions = models.JSONField(default=dict)
    #: How the instructions reached the agent: a flag, a file flag, env, or not injected.
    mechanism = models.CharField(max_length=64)
    #: SHA-256 of the OS environment text that opened ``instructions.md`` (its text is a
    #: ``RecordedText``, as rendered for the profile, cwd, platform and bundle directory);
    #: "" for deliveries recorded before it was kept.
    os_text_sha256 = models.CharField(max_length=64, blank=True)
    #: The bundle directory the payload's paths named, and the OS profile whose text
    #: opened ``instructions.md`` (deliveries before sessions had them: the defaults,
    #: which is what they used).
    bundle_dir = models.CharField(max_length=MAX_BUNDLE_DIR_CHARS, default=DEFAULT_BUNDLE_DIR)
    os_profile = models.CharField(max_length=32, choices=OsProfile.choices, default=DEFAULT_OS_PROFILE)

    history = audited_history()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "deliveries"

    def __str__(self) -> str:
        return f"Delivery to {self.session_id} at {self.created_at:%Y-%m-%d %H:%M:%S}"


class RecordedText(models.Model):
    """The text of every credo and OS environment text a delivery was built from,
    kept by its SHA-256 so that what an agent received can be rebuilt and verified
    later (``instructions.selectors.rebuild``), even after the files on disk changed.

    Content-addressed: the key is the hash of the text, so a text is stored once
    however many deliveries used it, and a row never changes (no history: there is
    nothing to audit in a row whose key is its content). Written only by the
    delivery service, with ``INSERT ... ON CONFLICT DO NOTHING``.
    """

    sha256 = models.CharField(max_length=64, primary_key=True)
    text = models.TextField(blank=True)
    recorded_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Exact(Length("sha256"), 64),
                name="recorded_text_key_is_sha256",
                violation_error_message="A recorded text is keyed by the hex SHA-256 of its UTF-8 bytes.",
            ),
        ]

    def __str__(self) -> str:
        return f"text {self.sha256[:12]}… ({len(self.text)} characters)"
