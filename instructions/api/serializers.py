"""Input and output shapes of the HTTP API.

Inputs are strict: unknown keys and wrong JSON types are a 400 (DRF would otherwise
turn ``123`` into ``"123"`` and ignore unknown keys). Outputs mirror the seed's
contract exactly; the same serializers document the OpenAPI schema.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from instructions.contract import EDITABLE_SCOPES, PRECEDENCE
from instructions.models import Role


class StrictCharField(serializers.CharField):
    default_error_messages = {"invalid": "Must be a string."}

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("trim_whitespace", False)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
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


class InstructionEntrySerializer(serializers.Serializer):
    scope = serializers.ChoiceField(choices=PRECEDENCE)
    path = serializers.CharField()
    body = serializers.CharField(allow_blank=True)
    lines = serializers.IntegerField(min_value=0)
    modified_at = serializers.IntegerField(help_text="Epoch milliseconds; 0 when the scope has no document.")
    oath_check = serializers.ChoiceField(choices=["pass", "fail", "unknown"])
    oath_conflict = serializers.CharField(allow_null=True)


class ConflictSerializer(serializers.Serializer):
    scope = serializers.ChoiceField(choices=PRECEDENCE)
    path = serializers.CharField()
    snippet = serializers.CharField()
    conflicting_oath = serializers.CharField()


class MergedInstructionsSerializer(serializers.Serializer):
    merged = serializers.CharField(allow_blank=True)
    entries = InstructionEntrySerializer(many=True)
    conflicts = ConflictSerializer(many=True)


class InstructionUpdateRequestSerializer(StrictSerializer):
    scope = serializers.ChoiceField(
        choices=EDITABLE_SCOPES, required=False, help_text="Optional; when given it must equal the scope in the URL."
    )
    body = StrictCharField(
        allow_blank=True, help_text="0 to 50,000 characters; empty clears the scope. Longer bodies get 413."
    )


class RevertRequestSerializer(StrictSerializer):
    history_id = StrictIntegerField(min_value=1)


class HistoryVersionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    body = serializers.CharField(allow_blank=True)
    modified_at = serializers.IntegerField()
    username = serializers.CharField(allow_null=True)
    change_reason = serializers.CharField(allow_null=True)
    oath_check = serializers.ChoiceField(choices=["pass", "fail", "unknown"])


# --- oaths and the credo --------------------------------------------------------


class OathCheckRequestSerializer(StrictSerializer):
    body = StrictCharField(allow_blank=True)


class OathFindingSerializer(serializers.Serializer):
    snippet = serializers.CharField()
    conflicting_oath = serializers.CharField()


class OathCheckResultSerializer(serializers.Serializer):
    oath_check = serializers.ChoiceField(choices=["pass", "fail"])
    conflicts = OathFindingSerializer(many=True)


class OathSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()


class CredoSerializer(serializers.Serializer):
    body = serializers.CharField(allow_blank=True)
    path = serializers.CharField()
    modified_at = serializers.IntegerField()
    oaths = OathSerializer(many=True)


# --- workspaces -----------------------------------------------------------------


class WorkspaceSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    role = serializers.CharField(allow_null=True, help_text="Your role here; null when you are not a member.")
    created_at = serializers.DateTimeField()


class WorkspaceCreateSerializer(StrictSerializer):
    slug = serializers.SlugField(max_length=64)
    name = StrictCharField(max_length=200, required=False, allow_blank=True)

    def validate_slug(self, value: Any) -> str:
        if not isinstance(self.initial_data.get("slug"), str):
            raise serializers.ValidationError("Must be a string.")
        return value


class WorkspaceUpdateSerializer(StrictSerializer):
    name = StrictCharField(max_length=200, min_length=1)


class MemberSerializer(serializers.Serializer):
    username = serializers.CharField()
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
    kind = serializers.CharField()
    status = serializers.CharField()
    scope = serializers.CharField()
    workspace = serializers.CharField(allow_null=True)
    owner = serializers.CharField()
    author = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    body = serializers.CharField(allow_blank=True)
    snippet = serializers.CharField()
    conflicting_oath = serializers.CharField()
    reviewer = serializers.CharField(allow_null=True)
    reviewed_at = serializers.DateTimeField(allow_null=True)
    note = serializers.CharField(allow_blank=True)


class ReviewDecisionSerializer(StrictSerializer):
    note = StrictCharField(allow_blank=True, required=False, default="", max_length=5000)
