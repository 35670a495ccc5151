"""Input and output shapes of the HTTP API, each declared once.

Inputs are strict: unknown keys and wrong JSON types are a 400 (DRF would otherwise
turn ``123`` into ``"123"`` and ignore unknown keys). Outputs mirror the seed's
contract exactly. The same serializers produce every response body (from model
instances, history rows and the pure modules' plain data, through ``source=``)
and document the OpenAPI schema, so the two cannot drift apart.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from rest_framework import serializers

from instructions.foundation.contract import (
    DEFAULT_BUNDLE_DIR,
    DEFAULT_OS_PROFILE,
    EDITABLE_SCOPES,
    MAX_BODY_CHARS,
    MAX_CWD_CHARS,
    MAX_NOTE_CHARS,
    MAX_PLATFORM_CHARS,
    MAX_WORKSPACE_NAME_CHARS,
    REVIEW_POLICY_HELP,
    InstructionEntry,
    MergedInstructions,
    OsProfile,
    ReviewPolicy,
    Wire,
)
from instructions.foundation.errors import InvalidInput
from instructions.foundation.stored_text import (
    _FORBIDDEN,
    MAX_BUNDLE_DIR_CHARS,
    TEXT_VALIDATORS,
    validate_bundle_dir,
    validate_instruction_text,
    validate_text,
)
from instructions.models import ReviewKind, ReviewStatus, Role
from instructions.rules.agents import ENV_NAME
from instructions.rules.merge import oath_status

# --- what the schema states about strings ---------------------------------------------
#
# Each pattern is derived from the rule the server applies, so the schema cannot drift
# from it: written with \uXXXX escapes only, it means the same to Python, ECMA-262 and
# Rust's regex (what clients and Schemathesis validate with). Lone surrogates, which
# every text refuses too, are left out: they are no Unicode text, and no regex but
# Python's can name them.


def _class_body(codepoints: Iterable[int]) -> str:
    """A regex character-class body naming exactly ``codepoints`` (runs as ranges)."""
    runs: list[list[int]] = []
    for cp in sorted(codepoints):
        if runs and cp == runs[-1][1] + 1:
            runs[-1][1] = cp
        else:
            runs.append([cp, cp])
    return "".join(f"\\u{a:04X}" if a == b else f"\\u{a:04X}-\\u{b:04X}" for a, b in runs)


def _bmp(predicate: Callable[[str], object]) -> set[int]:
    # Neither rule below names a character outside the BMP (tests/test_api_contract.py checks).
    return {cp for cp in range(0x10000) if predicate(chr(cp))}


#: DRF's CharField refuses NUL (Django's ProhibitNullCharactersValidator); so does every text.
_NUL = "\\u0000"
#: What ``stored_text.validate_text`` refuses: NUL, and the control characters of ``stored_text._FORBIDDEN``.
_NOT_TEXT = _NUL + _class_body(_bmp(_FORBIDDEN.match))
#: What ``str.strip()`` removes (a review note must hold something else).
_SPACE = _class_body(_bmp(str.isspace))

#: Any string DRF's CharField accepts.
NO_NUL_PATTERN = f"^[^{_NUL}]*$"
#: A text ``stored_text.validate_text`` accepts.
TEXT_PATTERN = f"^[^{_NOT_TEXT}]*$"
#: A text with something in it besides white space.
NOT_BLANK_PATTERN = f"^[^{_NOT_TEXT}]*[^{_NOT_TEXT}{_SPACE}][^{_NOT_TEXT}]*$"
#: ``cwd``: a text, empty or absolute.
CWD_PATTERN = f"^(?:/[^{_NOT_TEXT}]*)?$"
#: ``stored_text.bundle_dir_problem``'s rule: a text of one or more "/" + segment, no segment
#: empty, "." or "..": absolute, normalised (no "//", no trailing "/"), not "/".
_SEGMENT = f"(?:[^./{_NOT_TEXT}][^/{_NOT_TEXT}]*|\\.[^./{_NOT_TEXT}][^/{_NOT_TEXT}]*|\\.\\.[^/{_NOT_TEXT}]+)"
BUNDLE_DIR_PATTERN = f"^(?:/{_SEGMENT})+$"
#: ``agents.ENV_NAME``, anchored.
ENV_NAME_PATTERN = f"^{ENV_NAME.pattern}$"


class EpochMillisField(serializers.IntegerField):
    """A datetime shown as integer epoch milliseconds (the seed's ``modified_at``)."""

    def to_representation(self, value: Any) -> int:
        return int(value.timestamp() * 1000)


class StrictCharField(serializers.CharField):
    """A JSON string, as it came (no trimming), held to the one text validator like every
    stored text (``stored_text.TEXT_VALIDATORS``: no NUL, lone surrogate, control character or
    bidi override). In the schema: ``schema_pattern`` (the strings it accepts;
    ``pattern=`` narrows it) and ``schema_max_length`` (a limit enforced with another
    status than a field's 400), through ``schema.StrictCharFieldSchema``."""

    default_error_messages = {"invalid": "Must be a string."}
    schema_pattern: ClassVar[str] = TEXT_PATTERN
    schema_max_length: int | None = None

    def __init__(self, *, pattern: str | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("trim_whitespace", False)
        super().__init__(**kwargs)
        self.validators.extend(TEXT_VALIDATORS)
        if pattern is not None:
            self.schema_pattern = pattern

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class TextField(StrictCharField):
    """A text checked by the one text validator (``stored_text.validate_text``: no NUL, lone
    surrogates or control characters but tab, LF and CR); its length is the field's."""

    schema_pattern = TEXT_PATTERN

    def to_internal_value(self, data: Any) -> str:
        value = super().to_internal_value(data)
        try:
            return validate_text(value, field=self.field_name, max_chars=None)
        except InvalidInput as exc:
            raise serializers.ValidationError(exc.message) from None


class InstructionTextField(StrictCharField):
    """Instruction text, checked by the one text validator (``stored_text.validate_instruction_text``).

    An oversized text is answered 413 (``BodyTooLarge`` passes through DRF's
    validation to the API's error handler); any other refusal is a field error.
    The schema states the size and the characters; the one rule it cannot state (no
    line may read as a section heading of the merged text) is in the description.
    """

    schema_pattern = TEXT_PATTERN
    schema_max_length = MAX_BODY_CHARS
    RULES = (
        f"At most {MAX_BODY_CHARS:,} characters (longer: 413); no control characters but tab, LF and CR; "
        "no line that reads as a section heading of the merged text, such as '# [global]' (400)."
    )

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("allow_blank", True)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> str:
        value = super().to_internal_value(data)
        try:
            return validate_instruction_text(value, field=self.field_name)
        except InvalidInput as exc:
            raise serializers.ValidationError(exc.message) from None


class BundleDirField(StrictCharField):
    """A session's bundle directory, checked by ``stored_text.validate_bundle_dir``."""

    schema_pattern = BUNDLE_DIR_PATTERN

    def to_internal_value(self, data: Any) -> str:
        value = super().to_internal_value(data)
        try:
            return validate_bundle_dir(value, field=self.field_name)
        except InvalidInput as exc:
            raise serializers.ValidationError(exc.message) from None


class EnvField(serializers.DictField):
    """A caller's environment: each name ``agents.ENV_NAME`` (the rule ``agents.validate_env``
    applies), each value a text. OpenAPI 3.0 cannot state a rule on a map's keys
    (``propertyNames`` is 3.1): the description does, and a bad name is a 400 on ``env``
    itself (a bad value is one on ``env.NAME``)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault(
            "help_text",
            f"Variables for the agent. Names match {ENV_NAME_PATTERN} (letters, digits and _, not first a digit): "
            "any other name is a 400 on env.",
        )
        super().__init__(child=TextField(allow_blank=True), **kwargs)

    def to_internal_value(self, data: Any) -> dict[str, str]:
        if isinstance(data, dict):
            bad = [name for name in data if not ENV_NAME.fullmatch(name)]
            if bad:
                raise serializers.ValidationError(
                    f"Invalid variable name {bad[0]!r}: names are letters, digits and _, not first a digit."
                )
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    default_error_messages = {"invalid": "Must be true or false."}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class StrictIntegerField(serializers.IntegerField):
    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictSerializer(serializers.Serializer):
    """Rejects anything but a JSON object with only the declared keys."""

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise serializers.ValidationError({"non_field_errors": ["Expected a JSON object."]})
        unknown = sorted(set(data) - set(self.fields))
        if unknown:
            raise serializers.ValidationError({key: ["Unknown field."] for key in unknown})
        return super().to_internal_value(data)


# --- the seed's contract --------------------------------------------------------


#
# Declared once, as the TypedDicts of ``foundation.contract`` that the merge builds; each
# serializer is made from one (its fields in order, a field's type and ``Wire``), so a
# key is named in one place and the schema says exactly what the merge returns.


def _wire_field(hint: Any) -> serializers.Field:
    """The serializer field of one contract field's type hint."""
    wire = Wire()
    if typing.get_origin(hint) is typing.Annotated:
        hint, wire = typing.get_args(hint)[0], typing.get_args(hint)[1]
    options: dict[str, Any] = {"help_text": wire.help_text} if wire.help_text else {}
    if typing.get_origin(hint) in (typing.Union, types.UnionType) and type(None) in typing.get_args(hint):
        (hint,) = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        options["allow_null"] = True
    if typing.get_origin(hint) is typing.Literal:
        return serializers.ChoiceField(choices=list(typing.get_args(hint)), **options)
    if typing.get_origin(hint) is list:
        return wire_serializer(typing.get_args(hint)[0])(many=True, **options)
    if hint is int:
        return serializers.IntegerField(min_value=wire.min_value, **options)
    if hint is str and wire.choices:
        return serializers.ChoiceField(choices=wire.choices, **options)
    if hint is str:
        return serializers.CharField(allow_blank=wire.blank, **options)
    raise TypeError(f"no wire field for {hint!r}")


@functools.cache
def wire_serializer(shape: type) -> type[serializers.Serializer]:
    """The output serializer of a contract TypedDict, named after it (the schema's component
    ``InstructionEntry`` is ``InstructionEntrySerializer``); one class per shape."""
    hints = typing.get_type_hints(shape, include_extras=True)
    fields = {name: _wire_field(hint) for name, hint in hints.items()}
    return type(f"{shape.__name__}Serializer", (serializers.Serializer,), {"__module__": __name__, **fields})


InstructionEntrySerializer = wire_serializer(InstructionEntry)
MergedInstructionsSerializer = wire_serializer(MergedInstructions)


class InstructionUpdateRequestSerializer(StrictSerializer):
    scope = serializers.ChoiceField(
        choices=EDITABLE_SCOPES,
        required=False,
        help_text="Optional; when given it must equal the scope in the URL, else a 400 naming scope (a rule between "
        "the body and the path OpenAPI cannot state).",
    )
    body = InstructionTextField(help_text="Empty clears the scope. " + InstructionTextField.RULES)


class RevertRequestSerializer(StrictSerializer):
    history_id = StrictIntegerField(min_value=1)


class VersionOathCheckField(serializers.ChoiceField):
    """The ``oath_check`` of one stored version, against the rules in ``context["rules"]``
    with the findings approved for its scope (``context["approved"]``) set aside."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=["pass", "fail", "unknown"], source="*", **kwargs)

    def to_representation(self, row: Any) -> str:
        status, _ = oath_status(row.body, self.context["rules"], approved=self.context["approved"])
        return status


class HistoryVersionSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="history_id")
    body = serializers.CharField(allow_blank=True)
    modified_at = EpochMillisField(source="updated_at")
    username = serializers.CharField(source="history_user.username", allow_null=True)
    change_reason = serializers.CharField(source="history_change_reason", allow_null=True)
    oath_check = VersionOathCheckField()


# --- oaths and the credo --------------------------------------------------------


class OathCheckRequestSerializer(StrictSerializer):
    body = InstructionTextField(help_text=InstructionTextField.RULES)


class OathFindingSerializer(serializers.Serializer):
    """One finding of the oath check, as a 409 and ``POST /api/oaths/check`` report it.
    (The seed's ``MergedInstructions`` conflicts keep exactly their four keys.)"""

    snippet = serializers.CharField(help_text="The text found, quoted from the body as written.")
    conflicting_oath = serializers.CharField(source="oath")
    rule_id = serializers.CharField(
        help_text="The rule of harness/credo-map.json that found it, or learned-unit: a sentence only the learned "
        "layer flagged."
    )
    reason = serializers.CharField(allow_blank=True, help_text="Why it conflicts, in a sentence.")
    tier = serializers.ChoiceField(
        choices=["hold", "review"],
        help_text="hold: confident (the default review policy refuses the write); review: worth a look (the write "
        "lands and is flagged after acceptance).",
    )
    confidence = serializers.FloatField(min_value=0, max_value=1, help_text="How sure the check is, 0 to 1.")


class OathCheckResultSerializer(serializers.Serializer):
    oath_check = serializers.ChoiceField(source="status", choices=["pass", "fail"])
    verdict = serializers.ChoiceField(
        choices=["hold", "review", "pass"],
        help_text="hold: a finding is confident; review: findings only worth a look; pass: none.",
    )
    conflicts = OathFindingSerializer(source="findings", many=True)


class OathSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()


class CredoSerializer(serializers.Serializer):
    body = serializers.CharField(source="text", allow_blank=True)
    path = serializers.CharField()
    modified_at = serializers.IntegerField()
    oaths = OathSerializer(many=True)


# --- workspaces -----------------------------------------------------------------


class WorkspaceSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    role = serializers.CharField(
        source="member_role", allow_null=True, help_text="Your role here; null when you are not a member."
    )
    review_policy = serializers.ChoiceField(choices=ReviewPolicy.choices, help_text=REVIEW_POLICY_HELP)
    created_at = serializers.DateTimeField()


class WorkspaceCreateSerializer(StrictSerializer):
    slug = serializers.SlugField(max_length=64)
    name = StrictCharField(max_length=MAX_WORKSPACE_NAME_CHARS, required=False, allow_blank=True)

    def validate_slug(self, value: Any) -> str:
        if not isinstance(self.initial_data.get("slug"), str):
            raise serializers.ValidationError("Must be a string.")
        return value


class WorkspaceUpdateSerializer(StrictSerializer):
    """Either key or both; the reason (``X-Change-Reason``) is recorded in the workspace's history."""

    #: The schema's ``minProperties`` (``api.schema.StrictSerializerSchema``): ``{}`` is a 400.
    min_properties: ClassVar[int] = 1

    name = StrictCharField(max_length=MAX_WORKSPACE_NAME_CHARS, min_length=1, required=False)
    review_policy = serializers.ChoiceField(choices=ReviewPolicy.choices, required=False, help_text=REVIEW_POLICY_HELP)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs:
            raise serializers.ValidationError({"non_field_errors": ["Send name, review_policy or both."]})
        return attrs


class MemberSerializer(serializers.Serializer):
    username = serializers.CharField(source="user.username")
    role = serializers.ChoiceField(choices=Role.choices)
    created_at = serializers.DateTimeField()


class MemberCreateSerializer(StrictSerializer):
    username = StrictCharField(max_length=150)
    role = serializers.ChoiceField(choices=Role.choices, default=Role.VIEWER)


class MemberUpdateSerializer(StrictSerializer):
    role = serializers.ChoiceField(choices=Role.choices)


# --- reviews --------------------------------------------------------------------


class ReviewSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(
        choices=ReviewKind.values,
        help_text="rejected_write: a write refused and held (approve applies it); accepted_flagged: a change that "
        "landed with findings only worth a look (approve keeps it, reject reverts it); stored_failure: a stored body "
        "the credo's rules now flag.",
    )
    status = serializers.CharField()
    scope = serializers.CharField()
    workspace = serializers.CharField(source="workspace.slug", allow_null=True)
    owner = serializers.CharField(source="owner_name")
    author = serializers.CharField(source="author.username", allow_null=True)
    created_at = serializers.DateTimeField()
    body = serializers.CharField(allow_blank=True)
    snippet = serializers.CharField()
    conflicting_oath = serializers.CharField(source="oath")
    tier = serializers.CharField(
        allow_blank=True, help_text="The tier of the item's finding (hold or review); empty for a policy hold."
    )
    confidence = serializers.FloatField(allow_null=True)
    reviewer = serializers.CharField(source="reviewer.username", allow_null=True)
    stale = serializers.BooleanField(
        source="is_stale", help_text="The scope changed after this proposal: it can no longer be approved."
    )
    reviewed_at = serializers.DateTimeField(allow_null=True)
    note = serializers.CharField(allow_blank=True)


class ReviewDecisionSerializer(StrictSerializer):
    note = StrictCharField(
        allow_blank=True, required=False, default="", max_length=MAX_NOTE_CHARS, help_text="Why (optional)."
    )


class ReviewRejectSerializer(StrictSerializer):
    #: A note of only white space is refused too, by ``services.reviews.review_reject``.
    REQUIRED = "A note is required to reject: say why, for the author."
    note = StrictCharField(
        max_length=MAX_NOTE_CHARS,
        pattern=NOT_BLANK_PATTERN,
        error_messages={"required": REQUIRED, "blank": REQUIRED},
        help_text="Why, for the author: required, and more than white space.",
    )


class ReviewListQuerySerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=ReviewStatus.values, required=False)
    kind = serializers.ChoiceField(choices=ReviewKind.values, required=False)
    mine = serializers.BooleanField(required=False, default=False)


# --- agents, sessions and deliveries ---------------------------------------------


class SessionCreateSerializer(StrictSerializer):
    workspace = StrictCharField(required=False, help_text="Workspace slug; the default workspace when absent.")
    agent = StrictCharField(help_text="A name from GET /api/agents.")
    cwd = TextField(
        required=False,
        default="",
        allow_blank=True,
        max_length=MAX_CWD_CHARS,
        pattern=CWD_PATTERN,
        help_text="The agent's working directory: an absolute path, or empty for the launcher's own.",
    )
    env = EnvField(required=False, default=dict)
    skip_os_instructions = StrictBooleanField(required=False, default=False)
    additional_instructions = InstructionTextField(required=False, default="", help_text=InstructionTextField.RULES)
    bundle_dir = BundleDirField(
        required=False,
        default=DEFAULT_BUNDLE_DIR,
        max_length=MAX_BUNDLE_DIR_CHARS,
        help_text="The directory the launcher writes the bundle files into, as the agent sees it: every path in "
        "the payload names it. An absolute, normalised path other than /. Default: the agentOS VM's /etc/agentos.",
    )
    os_profile = serializers.ChoiceField(
        choices=OsProfile.choices,
        required=False,
        default=DEFAULT_OS_PROFILE,
        help_text="The OS environment text that opens instructions.md: agentos-vm (the VM) or host (an ordinary "
        "machine: its platform and the session's cwd).",
    )
    platform = TextField(
        required=False,
        default="",
        allow_blank=True,
        max_length=MAX_PLATFORM_CHARS,
        help_text="The host's platform on one line (e.g. 'Linux Debian GNU/Linux 12 6.1.0 x86_64'), for the host "
        "profile.",
    )


class SpawnSerializer(serializers.Serializer):
    agent = serializers.CharField()
    args = serializers.ListField(child=serializers.CharField())
    env = serializers.DictField(child=serializers.CharField())
    cwd = serializers.CharField(allow_blank=True)
    files = serializers.DictField(
        child=serializers.CharField(), help_text="Path in the session's bundle directory to the file's content."
    )
    mechanism = serializers.CharField()


class MaskedEnvField(serializers.DictField):
    """A session's env with every value masked: the names show, the secrets never do
    (only the owner's spawn payload carries the values)."""

    MASK = "********"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(child=serializers.CharField(), **kwargs)

    def to_representation(self, value: dict[str, str]) -> dict[str, str]:
        return dict.fromkeys(value, self.MASK)


class SessionSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    agent = serializers.CharField()
    workspace = serializers.CharField(source="workspace.slug")
    cwd = serializers.CharField(allow_blank=True)
    env = MaskedEnvField(help_text="Variable names; values are masked (the spawn payload carries them).")
    skip_os_instructions = serializers.BooleanField()
    additional_instructions = serializers.CharField(allow_blank=True)
    bundle_dir = serializers.CharField()
    os_profile = serializers.ChoiceField(choices=OsProfile.choices)
    platform = serializers.CharField(allow_blank=True)
    started_at = serializers.DateTimeField()
    last_seen_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)
    end_reason = serializers.CharField(allow_blank=True)
    active = serializers.BooleanField(source="is_active")


class SessionCreatedSerializer(SessionSerializer):
    spawn = SpawnSerializer()


class SessionTokenSerializer(serializers.Serializer):
    """A session token, as minted: the only time the token is shown."""

    token = serializers.CharField(
        source="raw",
        help_text="Send as 'Authorization: Token <token>'. Shown once; stored hashed. It reads this session's "
        "spawn payload (GET /api/sessions/{id}/spawn) and merged instructions (GET /api/instructions), and "
        "reads, changes and clears its session scope (GET/PUT/DELETE /api/instructions/scope/session); "
        "?session= defaults to this session. Every other route answers 403, another session 404. It stops "
        "working when the session ends, and when the API token it was minted with is revoked or expires.",
    )
    session = serializers.UUIDField(source="session_id")
    created_at = serializers.DateTimeField()


class DeliverySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    session = serializers.UUIDField(source="session_id")
    agent = serializers.CharField()
    created_at = serializers.DateTimeField()
    instructions_sha256 = serializers.CharField()
    instructions_bytes = serializers.IntegerField()
    credo_sha256 = serializers.CharField(allow_blank=True)
    scope_versions = serializers.DictField(child=serializers.IntegerField(), help_text="Scope to history id.")
    mechanism = serializers.CharField()
    bundle_dir = serializers.CharField(help_text="The directory the payload's paths named.")
    os_profile = serializers.ChoiceField(choices=OsProfile.choices)


class AgentSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    command = serializers.CharField()
    mechanism = serializers.CharField(
        help_text="How the instructions are injected (paths in /etc/agentos stand for the session's bundle directory)."
    )
    oversize = serializers.CharField()
    reaches = serializers.CharField(help_text="Where the text lands in the agent's model requests.")
    system_prompt = serializers.BooleanField(
        help_text="Whether the text reaches the model as part of its system prompt. False for gemini: Gemini CLI "
        "gets it as workspace context in the first user turn (it has no additive route into its system instruction)."
    )
    merges_env = serializers.ListField(
        child=serializers.CharField(),
        help_text="Caller variables the injection merges with its own (send them in the session's env to keep them).",
    )
