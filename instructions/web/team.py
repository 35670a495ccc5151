"""Members of a workspace, its review queue, and the user's own proposals."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from instructions.foundation.contract import Scope
from instructions.foundation.errors import Forbidden, NotFound, ServiceError
from instructions.models import Membership, ReviewItem, ReviewKind, ReviewStatus, Role
from instructions.selectors import access
from instructions.selectors.reviews import QUEUE_SECTIONS, ReviewState, review_states, section_counts
from instructions.services.reviews import review_approve, review_reject
from instructions.services.workspaces import (
    member_by_username,
    membership_add,
    membership_change,
    membership_remove,
    user_by_username,
    workspace_update,
)
from instructions.web.base import paginate, perform, scope_page, web_view
from instructions.web.forms import ApproveForm, MemberAddForm, MemberRoleForm, RejectForm, ReviewPolicyForm

#: Review items per page of the queue (each is shown with its diff).
QUEUE_ROWS = 20

# --- members -------------------------------------------------------------------------


@web_view
def members(request: HttpRequest, slug: str) -> HttpResponse:
    """Who is in the workspace; maintainers add members here (POST)."""
    page = scope_page(request, slug)
    form = MemberAddForm(request.POST or None)
    if request.method == "POST":
        ws = access.workspace_access(request.user, slug, need=Role.MAINTAINER)  # 403 for the others
        if form.is_valid():
            try:
                member = membership_add(
                    workspace=ws.workspace,
                    user=user_by_username(form.cleaned_data["username"]),
                    role=form.cleaned_data["role"],
                    actor=request.user,
                    reason="Member added",
                )
            except ServiceError as exc:
                form.add_error("username", exc.message)
            else:
                messages.success(request, f"{member.user.get_username()} is now {member.role} of {slug}.")
                return redirect("web:workspace-members", slug)
    context = {
        "page": page,
        "tab": "members",
        "members": Membership.objects.for_workspace(page.workspace),
        "form": form,
        "roles": Role.choices,
        "policy_form": ReviewPolicyForm(initial={"review_policy": page.workspace.review_policy}),
    }
    return render(request, "web/members.html", context, status=400 if form.errors else 200)


@web_view
@require_POST
def review_policy(request: HttpRequest, slug: str) -> HttpResponse:
    """Change the workspace's review policy (maintainers only), with a reason for its history."""
    ws = access.workspace_access(request.user, slug, need=Role.MAINTAINER)  # 403 for the others
    form = ReviewPolicyForm(request.POST)
    if not form.is_valid():
        errors = "; ".join(f"{form.fields[name].label}: {' '.join(msgs)}" for name, msgs in form.errors.items())
        messages.error(request, f"Review policy not changed: {errors}")
        return redirect("web:workspace-members", slug)
    policy = form.cleaned_data["review_policy"]
    perform(
        request,
        lambda: workspace_update(
            workspace=ws.workspace,
            review_policy=policy,
            actor=request.user,
            reason=f"Review policy set to {policy}: {form.cleaned_data['reason']}",
        ),
        done=f"The review policy of {slug} is now {policy}.",
        refused="Review policy not changed",
    )
    return redirect("web:workspace-members", slug)


@web_view
@require_POST
def member(request: HttpRequest, slug: str, username: str) -> HttpResponse:
    """Change a member's role (``role``) or remove them (``remove``); the last
    maintainer stays (the service refuses, and the page says why)."""
    ws = access.workspace_access(request.user, slug, need=Role.MAINTAINER)
    user = member_by_username(workspace=ws.workspace, username=username)
    if "remove" in request.POST:
        perform(
            request,
            lambda: membership_remove(workspace=ws.workspace, user=user, actor=request.user, reason="Member removed"),
            done=f"{username} is no longer a member of {slug}.",
            refused="Not changed",
        )
        return redirect("web:workspace-members", slug)
    form = MemberRoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose a role: viewer, editor or maintainer.")
        return redirect("web:workspace-members", slug)
    role = form.cleaned_data["role"]
    perform(
        request,
        lambda: membership_change(
            workspace=ws.workspace, user=user, role=role, actor=request.user, reason="Role changed"
        ),
        done=f"{username} is now {role} of {slug}.",
        refused="Not changed",
    )
    return redirect("web:workspace-members", slug)


# --- reviews -------------------------------------------------------------------------


#: The queue's sections as its tabs name them, and what each holds.
SECTIONS = (
    (
        "held",
        "Held proposals",
        "Texts that have not landed: the oath check refused them, or the workspace's "
        "policy holds every change. Approving one makes it the new version; rejecting it leaves the scope as it is.",
    ),
    (
        "flagged",
        "Flagged after acceptance",
        "Changes that landed with findings only worth a look. Keep one and it "
        "stays; revert it and the scope goes back to the version before it, as a new recorded version.",
    ),
    (
        "stored",
        "Stored texts failing the credo",
        "Texts already stored that the credo in force now refuses, "
        "found when its rules changed. Approving one keeps it; it stays flagged until someone changes it otherwise.",
    ),
)


@web_view
def workspace_reviews(request: HttpRequest, slug: str) -> HttpResponse:
    """The workspace's queue (for those ``access.reviewable_items`` allows), one section at a
    time (``?section=``: held proposals, changes flagged after acceptance, stored texts failing
    the credo), each card with the decision forms for whoever may decide it; and the user's
    own proposals here."""
    page = scope_page(request, slug)
    section = request.GET.get("section", "held")
    if section not in QUEUE_SECTIONS:
        section = "held"
    statuses = _statuses(section)
    status = request.GET.get("status", ReviewStatus.PENDING)
    if status not in dict(statuses):
        status = ReviewStatus.PENDING
    items = access.reviewable_items(request.user).filter(workspace=page.workspace, status=status)
    counts = section_counts(items)
    queue = paginate(request, items.filter(kind__in=QUEUE_SECTIONS[section]), QUEUE_ROWS)
    states = review_states(list(queue))
    context = {
        "page": page,
        "tab": "reviews",
        "status": status,
        "statuses": statuses,
        "section": section,
        "sections": [
            {"name": name, "title": title, "about": about, "count": counts[name]}
            for name, title, about in SECTIONS
            # A section with nothing in it and not chosen is left out (stored failures are rare).
            if name != "stored" or counts[name] or section == name
        ],
        "queue": queue,
        "cards": [(state, _may_decide(request.user, state)) for state in states],
        "approve_form": ApproveForm(),
        "reject_form": RejectForm(),
        "here": request.get_full_path(),
        "mine": access.own_proposals(request.user).filter(workspace=page.workspace)[:20],
    }
    return render(request, "web/reviews.html", context)


def _statuses(section: str) -> list[tuple[str, str]]:
    """The status filter of a queue section, in its words: a flagged change is kept or reverted;
    only a stored failure is ever resolved (its text changed, or now passes)."""
    if section == "flagged":
        return [(ReviewStatus.PENDING, "Pending"), (ReviewStatus.APPROVED, "Kept"), (ReviewStatus.REJECTED, "Reverted")]
    if section == "held":
        return [choice for choice in ReviewStatus.choices if choice[0] != ReviewStatus.RESOLVED]
    return ReviewStatus.choices


def _may_decide(user, state: ReviewState) -> bool:
    """In the queue (``reviewable_items``): a pending item, unless ``user`` sent its text (four
    eyes). Read from the sendings ``review_states`` fetched: no query per item."""
    item = state.item
    if item.status != ReviewStatus.PENDING or item.author_id == user.pk:
        return False
    return all(sending.author_id != user.pk for sending in item.submissions.all())


def _reads_scope(user, item: ReviewItem) -> bool:
    """May ``user`` read the scope ``item`` is about as it is now? A workspace's to its
    members (``access.workspace_access``), a user's or a session's to its owner."""
    if item.scope == Scope.WORKSPACE:
        try:
            access.workspace_access(user, item.workspace.slug)
        except NotFound:
            return False
        return True
    owner = item.session.owner_id if item.session_id is not None else item.user_id
    return owner == user.pk


def _visible_review(request: HttpRequest, pk: int) -> tuple[ReviewItem, bool, bool]:
    """``(item, may decide, may read its scope now)``: reviewers see what ``access`` lets
    them act on (never deciding their own: four eyes), against the current text; authors
    see their own proposals, against the current text while they may still read it (once
    removed from the workspace, against the version they proposed on); anyone else 404."""
    item = access.reviewable_items(request.user).filter(pk=pk).first()
    if item is not None:
        return item, not item.is_written_by(request.user), True
    item = access.own_proposals(request.user).filter(pk=pk).first()
    if item is None:
        raise NotFound("Review not found.")
    return item, False, _reads_scope(request.user, item)


@web_view
def review(request: HttpRequest, pk: int) -> HttpResponse:
    item, can_decide, reads_scope = _visible_review(request, pk)
    context = {
        "state": review_states([item], current=reads_scope)[0],
        "can_decide": can_decide,
        "approve_form": ApproveForm(),
        "reject_form": RejectForm(),
    }
    return render(request, "web/review.html", context)


#: What a decision reads as once made: approving a change flagged after acceptance keeps it,
#: rejecting it reverts it.
_DONE = {
    (False, "approve"): "approved",
    (False, "reject"): "rejected",
    (True, "approve"): "kept",
    (True, "reject"): "reverted",
}


def _decide(request: HttpRequest, pk: int, decision: str) -> HttpResponse:
    item, can_decide, _ = _visible_review(request, pk)
    if not can_decide:
        raise Forbidden(
            "Four eyes: a proposal is decided by a maintainer of its workspace or a reviewer, never by its author."
        )
    form = (ApproveForm if decision == "approve" else RejectForm)(request.POST)
    if not form.is_valid():
        context = {
            "state": review_states([item])[0],
            "can_decide": True,
            "approve_form": form if decision == "approve" else ApproveForm(),
            "reject_form": form if decision == "reject" else RejectForm(),
        }
        return render(request, "web/review.html", context, status=400)
    service = review_approve if decision == "approve" else review_reject
    flagged = item.kind == ReviewKind.ACCEPTED_FLAGGED
    done = _DONE[flagged, decision]
    message = f"Review #{item.pk}: change {done}." if flagged else f"Review #{item.pk} {done}."
    if flagged and decision == "reject":
        before = (
            f"the text of version {item.base_version - 1}"
            if item.base_version > 1
            else "no text (the change created it)"
        )
        message = f"Review #{item.pk}: change reverted. The scope is back to {before}, saved as a new version."
    perform(
        request,
        lambda: service(item=item, reviewer=request.user, note=form.cleaned_data["note"]),
        done=message,
        refused=f"Review #{item.pk} was not {done}",
    )
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        return redirect(back)
    return redirect(reverse("web:review", args=[item.pk]))


@web_view
@require_POST
def review_approve_view(request: HttpRequest, pk: int) -> HttpResponse:
    return _decide(request, pk, "approve")


@web_view
@require_POST
def review_reject_view(request: HttpRequest, pk: int) -> HttpResponse:
    return _decide(request, pk, "reject")


@web_view
def proposals(request: HttpRequest) -> HttpResponse:
    """Everything of the user's kept for review (refused, held by the policy, or saved and
    flagged after acceptance), and what became of it."""
    return render(request, "web/proposals.html", {"items": paginate(request, access.own_proposals(request.user))})
