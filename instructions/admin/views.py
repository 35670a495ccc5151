"""Admin pages beyond the model lists: review decisions, version diffs and reverts,
the audit log and its export, the read-only credo, and the index dashboard.

Views are thin: they check who is asking, call one service (``services.reviews``,
``services.documents``) or one read (``audit_log``), and render. Their URLs are
registered by the model admins in ``instructions.admin`` (``get_urls``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from datetime import UTC, date, datetime
from typing import Any, TypeVar

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseNotAllowed,
    HttpResponseRedirect,
    StreamingHttpResponse,
)
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.timesince import timesince

from instructions.foundation.contract import EDITABLE_SCOPES, MAX_NOTE_CHARS, MAX_WHY_CHARS
from instructions.foundation.errors import ServiceError
from instructions.foundation.params import day_end, day_start, parse_id
from instructions.foundation.stored_text import TEXT_VALIDATORS
from instructions.history import ChangePath
from instructions.models import ReviewKind
from instructions.rules.credo import CREDO_FILE, MAP_FILE, CredoError, current_credo
from instructions.rules.display import diff_of, highlight
from instructions.selectors import access, audit_log
from instructions.selectors.access import reviewable_items
from instructions.selectors.reviews import review_states
from instructions.services.documents import document_revert
from instructions.services.reviews import review_approve, review_reject

#: Rows shown on the audit log page (the downloads have no limit).
AUDIT_PAGE_ROWS = 200

T = TypeVar("T")


class ServiceActions:
    """The admin's one translation of domain errors, for the model admins (``ServiceAdmin``).

    A write asked for on an admin page or by an action goes through ``perform`` (one
    write) or ``perform_each`` (one per selected row): the service's refusal
    (``ServiceError``) becomes an error message on the page the admin goes back to,
    its success a success message; a server error it never is. Views and actions do
    not catch ``ServiceError`` themselves. (A model form's save is a service call too,
    answered on the form itself: ``registry.ServiceForm``.)
    """

    def perform(
        self, request: HttpRequest, write: Callable[[], T], *, done: Callable[[T], str], refused: str, back: str
    ) -> HttpResponse:
        """``write()``, then back to ``back`` with ``done(its result)`` or ``refused: why``."""
        try:
            result = write()
        except ServiceError as exc:
            messages.error(request, f"{refused}: {exc.message}")
        else:
            messages.success(request, done(result))
        return HttpResponseRedirect(back)

    def perform_each(
        self,
        request: HttpRequest,
        rows: Iterable[T],
        write: Callable[[T], object],
        *,
        verb: str,
        name: Callable[[T], str],
    ) -> list[T]:
        """``write(row)`` for each row, one service call each (never ``QuerySet.update()``:
        each leaves its history); one message names those done (``Ended: ...``), one
        those refused with why (``Not ended: name: why; ...``). Returns the rows done."""
        done, failed = [], []
        for row in rows:
            try:
                write(row)
            except ServiceError as exc:
                failed.append(f"{name(row)}: {exc.message}")
            else:
                done.append(row)
        if done:
            messages.success(request, f"{verb.capitalize()}: {', '.join(name(row) for row in done)}.")
        if failed:
            messages.error(request, f"Not {verb}: {'; '.join(failed)}")
        return done


def _context(model_admin, request: HttpRequest, **extra: Any) -> dict[str, Any]:
    return {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.model._meta,
        "app_label": model_admin.model._meta.app_label,
        **extra,
    }


def when(moment: datetime | None) -> str:
    """A moment as "5 minutes ago", the exact UTC time on hover (as ``_time.html`` writes
    it in templates; ``admin.js`` keeps it fresh)."""
    if moment is None:
        return "—"
    utc = moment.astimezone(UTC)
    return format_html(
        '<time class="ago" datetime="{}" title="{}">{} ago</time>',
        utc.isoformat(),
        utc.strftime("%Y-%m-%d %H:%M:%S UTC"),
        timesince(utc),
    )


#: Text longer than this is folded shut (``folded``).
FOLD_LINES, FOLD_CHARS = 40, 4000


def folded(text: str, *, summary: str, element_id: str = "") -> str:
    """Long text folded behind an expander (open when short), never taller than a
    screenful once opened (it scrolls inside its box)."""
    lines = len(text.splitlines())
    short = lines <= FOLD_LINES and len(text) <= FOLD_CHARS
    return format_html(
        '<details class="fold"{}{}><summary>{} <span class="quiet-note">({} line{}, {} characters)</span></summary>'
        '<pre class="text">{}</pre></details>',
        format_html(' id="{}"', element_id) if element_id else "",
        " open" if short else "",
        summary,
        lines,
        "" if lines == 1 else "s",
        f"{len(text):,}",
        text,
    )


def object_or_404(queryset, object_id: object):
    """The row of ``queryset`` with the id in the URL, or 404: an id that is not one
    (``params.parse_id``: not digits, or larger than any key) never reaches the database."""
    pk = parse_id(object_id)
    if pk is None:
        raise Http404("Not found.")
    return get_object_or_404(queryset, pk=pk)


def _safe_next(request: HttpRequest, fallback: str) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return fallback


# --- reviews -----------------------------------------------------------------------


def can_review(request: HttpRequest) -> bool:
    """Reviewers (the ``Reviewers`` group's permission) decide reviews in the admin;
    ``is_staff`` alone only lets a person in."""
    return access.is_reviewer(request.user)


def can_audit(request: HttpRequest) -> bool:
    return bool(request.user.is_active and request.user.has_perm(access.VIEW_AUDIT_LOG))


def can_read_credo(request: HttpRequest) -> bool:
    """Reviewers and auditors read the credo: they judge texts against it."""
    return can_review(request) or can_audit(request)


class NoteForm(forms.Form):
    note = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "cols": 80}),
        required=False,
        max_length=MAX_NOTE_CHARS,
        validators=TEXT_VALIDATORS,
        help_text="Why: kept with the review and shown to its author.",
    )

    def __init__(self, *args: Any, required: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["note"].required = required
        if required:
            self.fields["note"].help_text = "Why (required): kept with the review and shown to its author."


#: How a decision reads once made.
DECIDED = {"approve": "approved", "reject": "rejected"}
#: ... on a change flagged after acceptance: approving keeps it, rejecting reverts it.
DECIDED_FLAGGED = {"approve": "kept", "reject": "reverted"}
#: What deciding a change flagged after acceptance is called, on its buttons and pages.
FLAGGED_ACTIONS = {"approve": "Keep", "reject": "Revert this change"}


def review_decide_view(model_admin, request: HttpRequest, object_id: str, decision: str) -> HttpResponse:
    """Approve or reject one review item: a confirmation page (GET) and the decision (POST).

    The page shows the proposal against the current version, as the item's own page
    does (a change flagged after acceptance: the change it made). A stale proposal has
    no approve page (approving it would undo later edits), a stale flagged change no
    revert page (reverting it would), and nobody gets a page deciding their own
    proposal (four eyes); the service refuses all three all the same.
    """
    if not can_review(request):
        raise PermissionDenied
    item = object_or_404(reviewable_items(request.user), object_id)
    item_url = reverse("admin:instructions_reviewitem_change", args=[item.pk])
    changelist = reverse("admin:instructions_reviewitem_changelist") + "?status__exact=pending"
    flagged = item.kind == ReviewKind.ACCEPTED_FLAGGED
    if flagged and decision == "reject" and item.is_stale:
        messages.error(
            request,
            f"Review #{item.pk} is stale: the scope changed after this change. It can be kept, no longer reverted.",
        )
        return HttpResponseRedirect(item_url)
    if not flagged and decision == "approve" and item.is_stale:
        messages.error(request, f"Review #{item.pk} is stale: the scope changed after it was proposed. Reject it.")
        return HttpResponseRedirect(item_url)
    if item.is_written_by(request.user):
        messages.error(request, f"You wrote review #{item.pk}: four eyes, so another reviewer decides it.")
        return HttpResponseRedirect(item_url)
    form = NoteForm(request.POST if request.method == "POST" else None, required=decision == "reject")
    decided = (DECIDED_FLAGGED if flagged else DECIDED)[decision]
    if request.method == "POST" and form.is_valid():
        service = review_approve if decision == "approve" else review_reject
        author = item.author.get_username() if item.author else "its author"
        subject = f"Review #{item.pk}: change" if flagged else f"Review #{item.pk}"
        return model_admin.perform(
            request,
            lambda: service(item=item, reviewer=request.user, note=form.cleaned_data["note"]),
            done=lambda _: f"{subject} {decided}; {author} sees the decision and the note.",
            refused=f"Review #{item.pk} was not {decided}",
            back=_safe_next(request, changelist),
        )
    state = review_states([item])[0]
    action = FLAGGED_ACTIONS[decision] if flagged else decision.capitalize()
    context = _context(
        model_admin,
        request,
        title=f"{action}: review #{item.pk}" if flagged else f"{action} review #{item.pk}",
        item=item,
        about=audit_log.scope_title(item),
        decision=decision,
        action=action,
        flagged=flagged,
        form=form,
        state=state,
        counts=state.diff.counts,
        body=highlight(item.body, item.snippet),
        next=_safe_next(request, changelist),
    )
    return TemplateResponse(request, "admin/instructions/reviewitem/decide.html", context)


def review_reject_many(model_admin, request: HttpRequest, queryset) -> HttpResponse | None:
    """The reject action: a page asking for the note, then one ``review_reject`` per item."""
    if not can_review(request):
        raise PermissionDenied
    form = NoteForm(request.POST if "confirm" in request.POST else None, required=True)
    if "confirm" in request.POST and form.is_valid():
        _decide_each(model_admin, request, queryset, review_reject, "rejected", note=form.cleaned_data["note"])
        return None  # back to the changelist
    context = _context(
        model_admin,
        request,
        title="Reject the selected reviews",
        items=list(queryset.order_by("created_at", "pk")),
        form=form,
        action_checkbox_name="_selected_action",
    )
    return TemplateResponse(request, "admin/instructions/reviewitem/reject_many.html", context)


def _decide_each(model_admin, request: HttpRequest, queryset, service, verb: str, **kwargs: Any) -> None:
    model_admin.perform_each(
        request,
        queryset.order_by("created_at", "pk"),
        lambda item: service(item=item, reviewer=request.user, **kwargs),
        verb=verb,
        name=lambda item: f"#{item.pk}",
    )


def review_approve_many(model_admin, request: HttpRequest, queryset) -> None:
    if not can_review(request):
        raise PermissionDenied
    _decide_each(model_admin, request, queryset, review_approve, "approved")


# --- document versions ---------------------------------------------------------------


def _version_label(row) -> str:
    return f"version {row.version} ({row.history_date:%Y-%m-%d %H:%M:%S} UTC)"


def document_diff_view(model_admin, request: HttpRequest, object_id: str) -> HttpResponse:
    """Two versions of one scope side by side (``?from=<history id>&to=<history id>``).

    With ``to`` alone: the change that version made (against the version before it,
    or against nothing for the first). With neither: the last change.
    """
    document = object_or_404(model_admin.get_queryset(request), object_id)
    if not model_admin.has_view_permission(request, document):
        raise PermissionDenied
    history = document.history.select_related("history_user")
    ids = {k: parse_id(request.GET[k]) for k in ("from", "to") if request.GET.get(k)}
    if None in ids.values():
        raise Http404("Unknown version.")
    if "from" in ids and "to" in ids:
        rows = {row.history_id: row for row in history.filter(history_id__in=ids.values())}
        if len(rows) != len(set(ids.values())):
            raise Http404("Unknown version.")
        old, new = rows[ids["from"]], rows[ids["to"]]
        if (old.history_date, old.history_id) > (new.history_date, new.history_id):
            old, new = new, old
    else:
        newest = history.filter(history_id__lte=ids["to"]) if "to" in ids else history
        latest = list(newest.order_by("-history_id")[:2])
        if not latest or ("to" in ids and latest[0].history_id != ids["to"]):
            raise Http404("Unknown version.")
        new, old = latest[0], (latest[1] if len(latest) > 1 else None)
    old_body = old.body if old is not None else ""
    diff = diff_of(
        old_body,
        new.body,
        old_name=_version_label(old) if old is not None else "nothing (the scope had no version)",
        new_name=_version_label(new),
    )
    context = _context(
        model_admin,
        request,
        title=f"Changes to {audit_log.scope_title(document)}",
        original=document,
        document_title=audit_log.scope_title(document),
        old=old,
        new=new,
        diff=diff,
        counts=diff.counts,
        left_title=f"version {old.version}" if old is not None else "(nothing)",
        right_title=f"version {new.version}",
        versions=list(
            document.history.order_by("-history_date", "-history_id").values("history_id", "version", "history_date")
        ),
    )
    return TemplateResponse(request, "admin/instructions/instructiondocument/diff.html", context)


def document_revert_view(model_admin, request: HttpRequest, object_id: str, version_id: str) -> HttpResponse:
    """One old version, its diff to the current body, and a button to revert to it.

    This replaces django-simple-history's own revert form for documents: that form
    saves the old row directly, which would skip the oath check and the audit
    reason. Here the revert is ``document_revert``: a new version, oath-checked,
    recorded with the admin user and a reason starting with ``Revert``.
    """
    document = object_or_404(model_admin.get_queryset(request), object_id)
    if not model_admin.has_view_permission(request, document):
        raise PermissionDenied
    history_id = parse_id(version_id)
    old = document.history.select_related("history_user").filter(history_id=history_id).first() if history_id else None
    if old is None:
        raise Http404("Unknown version.")
    history_url = reverse("admin:instructions_instructiondocument_history", args=[document.pk])
    form = RevertForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if not model_admin.has_change_permission(request, document):
            raise PermissionDenied
        if form.is_valid():
            why = form.cleaned_data["why"]
            reason = f"Revert to version {old.version} (admin)" + (f": {why}" if why else "")
            return model_admin.perform(
                request,
                lambda: document_revert(
                    document=document, history_id=old.history_id, actor=request.user, reason=reason
                ),
                done=lambda saved: f"Reverted to version {old.version}: it is now version {saved.version}.",
                refused="Not reverted",
                back=history_url,
            )
    name = audit_log.scope_title(document)
    can_revert = model_admin.has_change_permission(request, document) and old.body != document.body
    context = _context(
        model_admin,
        request,
        title=f"Revert {name} to version {old.version}" if can_revert else f"{name}, version {old.version}",
        original=document,
        document_title=name,
        old=old,
        diff=diff_of(document.body, old.body),
        version_text=folded(old.body, summary=f"Version {old.version}", element_id="version-text")
        if old.body
        else format_html('<p class="quiet-note">Empty: the scope was cleared.</p>'),
        form=form,
        history_url=history_url,
        can_revert=can_revert,
    )
    return TemplateResponse(request, "admin/instructions/instructiondocument/revert.html", context)


class RevertForm(forms.Form):
    why = forms.CharField(
        required=False,
        max_length=MAX_WHY_CHARS,
        validators=TEXT_VALIDATORS,
        help_text="Optional: kept in the change reason.",
    )


# --- sessions --------------------------------------------------------------------------


def session_version_view(model_admin, request: HttpRequest, object_id: str, version_id: str) -> HttpResponse:
    """One recorded version of a session, read-only: its fields then, its additional
    instructions (folded when long) and what changed in them since the version before.
    This is where the audit log's session rows lead."""
    if not model_admin.has_view_permission(request):
        raise PermissionDenied
    history_id = parse_id(version_id)
    found = audit_log.session_version(object_id, history_id) if history_id is not None else None
    if found is None:
        raise Http404("Unknown version.")
    version, previous = found.row, found.previous
    before = previous.additional_instructions if previous is not None else ""
    text = version.additional_instructions
    diff = diff_of(before, text)
    context = _context(
        model_admin,
        request,
        title=f"Session {str(version.id)[:8]}, version of {version.history_date:%Y-%m-%d %H:%M} UTC",
        version=version,
        short=str(version.id)[:8],
        session_exists=model_admin.get_queryset(request).filter(pk=version.id).exists(),
        summary=found.summary,
        additional=folded(text, summary="Show them", element_id="additional-instructions"),
        changed=previous is not None and before != text,
        diff=diff,
        counts=diff.counts,
    )
    return TemplateResponse(request, "admin/instructions/agentsession/version.html", context)


# --- audit log -----------------------------------------------------------------------


class AuditFilterForm(forms.Form):
    """The audit log's filters. Days are picked with the browser's date picker and
    read in UTC; both ends are included (``until`` is the day after, exclusive, as
    ``AuditFilter`` and ``export_audit --until`` take it)."""

    since = forms.DateField(
        required=False, label="From", widget=forms.DateInput(attrs={"type": "date"}), help_text="Day, UTC."
    )
    until = forms.DateField(
        required=False, label="To", widget=forms.DateInput(attrs={"type": "date"}), help_text="Day, UTC, included."
    )
    path = forms.ChoiceField(
        required=False,
        choices=[("", "any"), *[(value, f"{value}: {label}") for value, label in ChangePath.choices]],
        help_text="How the change was made.",
    )
    scope = forms.ChoiceField(
        required=False,
        choices=[("", "any"), *[(s, s) for s in EDITABLE_SCOPES]],
        help_text="session: session scopes and sessions.",
    )
    workspace = forms.CharField(required=False, help_text="Workspace slug.")
    user = forms.CharField(required=False, help_text="Who made the change.")

    def clean_until(self) -> date | None:
        until = self.cleaned_data.get("until")
        if until is not None:
            try:
                day_end(until)
            except ValueError as exc:
                raise forms.ValidationError(f"Pick an earlier day: {exc}") from None
        return until

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        since, until = data.get("since"), data.get("until")
        if since and until and until < since:
            raise forms.ValidationError("“To” is before “From”.")
        return data

    def audit_filter(self) -> audit_log.AuditFilter:
        data = self.cleaned_data
        since, until = data["since"], data["until"]
        return audit_log.AuditFilter(
            since=day_start(since) if since else None,
            until=day_end(until) if until else None,
            workspace=data["workspace"] or None,
            user=data["user"] or None,
            scope=data["scope"] or None,
            path=data["path"] or None,
        )


def change_links(request: HttpRequest, change: audit_log.Change) -> dict[str, str]:
    """Where a person goes from one audit row: the version it made and its diff, the
    review, the delivery. Only pages this person may open."""
    row, user = change.row, request.user
    object_id, history_id = row["object_id"], row["history_id"]
    links: dict[str, str] = {}
    if change.kind == "document" and user.has_perm("instructions.view_instructiondocument"):
        version = "admin:instructions_instructiondocument_simple_history"
        links["version"] = reverse(version, args=[object_id, history_id])
        diff = reverse("admin:instructions_instructiondocument_diff", args=[object_id])
        links["diff"] = f"{diff}?to={history_id}"
    elif change.kind == "session" and user.has_perm("instructions.view_agentsession"):
        links["version"] = reverse("admin:instructions_agentsession_simple_history", args=[object_id, history_id])
    elif change.kind == "review" and can_review(request):
        links["review"] = reverse("admin:instructions_reviewitem_change", args=[object_id])
    elif change.kind == "delivery" and user.has_perm("instructions.view_delivery"):
        links["received"] = reverse("admin:instructions_delivery_change", args=[object_id])
    elif change.kind in ("workspace", "membership") and user.has_perm(f"instructions.view_{change.kind}"):
        links["history"] = reverse(f"admin:instructions_{change.kind}_history", args=[object_id])
    return links


def shown_changes(request: HttpRequest, changes: list[audit_log.Change]) -> list[dict[str, Any]]:
    return [{"change": change, "links": change_links(request, change)} for change in changes]


def audit_log_view(model_admin, request: HttpRequest) -> HttpResponse:
    """Every change in a period, filtered; ``?download=csv|json`` for the whole of it."""
    if not can_audit(request):
        raise PermissionDenied
    form = AuditFilterForm(request.GET or None)
    valid = form.is_valid() if request.GET else True
    flt = form.audit_filter() if request.GET and valid else audit_log.AuditFilter()
    fmt = request.GET.get("download")
    if fmt in ("csv", "json") and valid:
        stamp = datetime.now(tz=UTC).strftime("%Y%m%dT%H%M%SZ")
        content_type = "text/csv; charset=utf-8" if fmt == "csv" else "application/json"
        # Streamed: the export of a long period never sits in memory whole.
        response = StreamingHttpResponse(audit_log.export(audit_log.audit_rows(flt), fmt), content_type=content_type)
        response["Content-Disposition"] = f'attachment; filename="audit-{stamp}.{fmt}"'
        return response
    changes = audit_log.changes(flt, limit=AUDIT_PAGE_ROWS) if valid else []
    query = request.GET.copy()
    query.pop("download", None)
    context = _context(
        model_admin,
        request,
        title="Audit log",
        form=form,
        changes=shown_changes(request, changes),
        columns=audit_log.COLUMNS,
        limit=AUDIT_PAGE_ROWS,
        query=query.urlencode(),
        filtered=bool(request.GET),
    )
    # An invalid filter (a day that is not one, "To" before "From", the calendar's last
    # day) is shown with its errors, as a 400: nothing was listed.
    return TemplateResponse(request, "admin/instructions/audit_log.html", context, status=200 if valid else 400)


# --- the index ------------------------------------------------------------------------

#: Changes and waiting reviews on the dashboard.
DASHBOARD_ROWS = 10


def dashboard_context(request: HttpRequest) -> dict[str, Any]:
    """The index's dashboard, for what this person may see: review counts and the
    proposals waiting for them (reviewers), failing documents (anyone reading
    documents), the latest changes with what each changed (auditors)."""
    user = request.user
    context: dict[str, Any] = {"can_review": can_review(request), "can_audit": can_audit(request)}
    if context["can_review"]:
        context["reviews"] = audit_log.review_counts()
        # Everything this person may decide, oldest first; stale ones are marked (reject them).
        context["waiting"] = list(
            reviewable_items(user)
            .pending()
            .not_written_by(user)
            .select_related("session__owner")
            .order_by("created_at", "pk")[:DASHBOARD_ROWS]
        )
    if user.has_perm("instructions.view_instructiondocument"):
        context["failing_documents"] = audit_log.failing_documents_count()
    if context["can_audit"]:
        context["recent"] = shown_changes(request, audit_log.changes(limit=DASHBOARD_ROWS))
    return context


# --- credo -----------------------------------------------------------------------------


def _rule(rule: dict[str, Any]) -> dict[str, Any]:
    """A rule of ``credo-map.json`` as the page shows it: its pattern and exceptions as
    (where, pattern) pairs, whatever keys the file gives them."""
    exceptions = [(where, pattern) for exception in rule.get("exceptions", []) for where, pattern in exception.items()]
    return {
        "id": rule.get("id", ""),
        "description": rule.get("description", ""),
        "pattern": rule.get("pattern", ""),
        "within": rule.get("within", ""),
        "exceptions": exceptions,
    }


def credo_view(model_admin, request: HttpRequest) -> HttpResponse:
    """The credo and its oaths, read-only: there is no way to change them here.
    Reviewers and auditors read it (they judge texts against it)."""
    if not can_read_credo(request):
        raise PermissionDenied
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD"])
    folder = settings.AGENTOS_CREDO_DIR
    error, credo, rules_by_oath = "", None, {}
    try:
        credo = current_credo()
        described = json.loads((folder / MAP_FILE).read_text(encoding="utf-8")) if (folder / MAP_FILE).exists() else {}
        for oath in described.get("oaths", []):
            rules_by_oath[oath.get("name")] = oath.get("rules", [])
    except (CredoError, OSError, ValueError) as exc:
        error = str(exc)
    modified = datetime.fromtimestamp(credo.modified_at / 1000, tz=UTC) if credo and credo.modified_at else None
    oaths = (
        [
            {"name": oath.name, "id": oath.id, "rules": [_rule(rule) for rule in rules_by_oath.get(oath.name, [])]}
            for oath in credo.oaths
        ]
        if credo
        else []
    )
    context = _context(
        model_admin,
        request,
        title="The credo (read-only)",
        credo=credo,
        error=error,
        credo_path=folder / CREDO_FILE,
        map_path=folder / MAP_FILE,
        modified=modified,
        oaths=oaths,
    )
    return TemplateResponse(request, "admin/instructions/credo.html", context)
