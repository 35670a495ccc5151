"""The web app's forms: what a page accepts, validated before any service runs."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from instructions.foundation.contract import (
    DEFAULT_OS_PROFILE,
    MAX_BODY_CHARS,
    MAX_NOTE_CHARS,
    MAX_REASON_CHARS,
    MAX_WHY_CHARS,
    REVIEW_POLICY_HELP,
    OsProfile,
    ReviewPolicy,
)
from instructions.foundation.errors import ServiceError
from instructions.foundation.stored_text import TEXT_VALIDATORS, validate_text
from instructions.models import AgentSession, Role


class BodyField(forms.CharField):
    """An instruction text from a textarea: kept exactly as typed (no stripping),
    except that browsers send line breaks as CRLF, which become LF again."""

    def __init__(self, **kwargs) -> None:
        attrs = {"rows": 22, "maxlength": MAX_BODY_CHARS, "spellcheck": "false", "class": "body"}
        super().__init__(
            required=False, strip=False, max_length=MAX_BODY_CHARS, widget=forms.Textarea(attrs=attrs), **kwargs
        )

    def to_python(self, value):
        return super().to_python(value).replace("\r\n", "\n")

    def validate(self, value) -> None:
        super().validate(value)
        try:
            validate_text(value, field="The text")
        except ServiceError as exc:
            raise ValidationError(exc.message) from None


class ScopeForm(forms.Form):
    body = BodyField(label="Instructions")
    reason = forms.CharField(
        label="Why",
        max_length=MAX_REASON_CHARS,
        validators=TEXT_VALIDATORS,
        help_text="Kept in the history with your change.",
        widget=forms.TextInput(attrs={"placeholder": "e.g. add the release checklist", "autocomplete": "off"}),
    )
    #: The version the text was loaded from: a save over a newer one is refused as stale.
    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)


class CheckForm(forms.Form):
    body = BodyField()


class RevertForm(forms.Form):
    why = forms.CharField(
        label="Why",
        required=False,
        max_length=MAX_WHY_CHARS,
        validators=TEXT_VALIDATORS,
        help_text="Optional: kept in the change reason.",
    )
    #: The current version when the page was shown: a revert over a newer one is refused.
    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)


class MemberAddForm(forms.Form):
    username = forms.CharField(label="Username", max_length=150)
    role = forms.ChoiceField(label="Role", choices=Role.choices, initial=Role.VIEWER)


class MemberRoleForm(forms.Form):
    role = forms.ChoiceField(label="Role", choices=Role.choices)


class ReviewPolicyForm(forms.Form):
    review_policy = forms.ChoiceField(label="Review policy", choices=ReviewPolicy.choices, help_text=REVIEW_POLICY_HELP)
    reason = forms.CharField(
        label="Why",
        max_length=MAX_REASON_CHARS,
        validators=TEXT_VALIDATORS,
        help_text="Kept in the workspace's history with the change.",
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )


class ApproveForm(forms.Form):
    note = forms.CharField(
        label="Note (optional)",
        required=False,
        max_length=MAX_NOTE_CHARS,
        validators=TEXT_VALIDATORS,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class RejectForm(forms.Form):
    note = forms.CharField(
        label="Why it is rejected",
        max_length=MAX_NOTE_CHARS,
        validators=TEXT_VALIDATORS,
        help_text="Shown to the author.",
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class PreviewForm(forms.Form):
    """Which of the user's active sessions in this workspace to preview (none: no
    session), and without one, which OS environment text to open with."""

    session = forms.ModelChoiceField(
        queryset=AgentSession.objects.none(), required=False, empty_label="no session", label="As session"
    )
    os_profile = forms.ChoiceField(
        choices=OsProfile.choices,
        required=False,
        initial=DEFAULT_OS_PROFILE,
        label="OS environment",
        help_text="Without a session; a session uses its own.",
    )

    def __init__(self, data=None, *, sessions) -> None:
        super().__init__(data)
        self.fields["session"].queryset = sessions
        self.fields["session"].label_from_instance = lambda s: f"{s.agent} · started {s.started_at:%Y-%m-%d %H:%M} UTC"
