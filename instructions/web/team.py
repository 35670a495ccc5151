"""Members of a workspace, its review queue, and the user's own proposals."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from instructions.foundation.contract import Scope
from instructions.foundation.errors import Forbidden, NotFound, ServiceError
from instructions.models import Membership, ReviewItem, ReviewStatus, Role
from instructions.selectors import access
from instructions.selectors.reviews import review_states
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


@web_view
def workspace_reviews(request: HttpRequest, slug: str) -> HttpResponse:
    """The workspace's queue (for those ``access.reviewable_items`` allows), and the
    user's own proposals here."""
    page = scope_page(request, slug)
    status = request.GET.get("status", ReviewStatus.PENDING)
    if status not in ReviewStatus.values:
        status = ReviewStatus.PENDING
    queue = paginate(
        request, access.reviewable_items(request.user).filter(workspace=page.workspace, status=status), QUEUE_ROWS
    )
    context = {
        "page": page,
        "tab": "reviews",
        "status": status,
        "statuses": ReviewStatus.choices,
        "queue": queue,
        "states": review_states(list(queue)),
        "mine": access.own_proposals(request.user).filter(workspace=page.workspace)[:20],
    }
    return render(request, "web/reviews.html", context)


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
    perform(
        request,
        lambda: service(item=item, reviewer=request.user, note=form.cleaned_data["note"]),
        done=f"Review #{item.pk} {decision}d.",
        refused=f"Review #{item.pk} was not {decision}d",
    )
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
    """Everything the user proposed that the oath check refused, and what became of it."""
    return render(request, "web/proposals.html", {"items": paginate(request, access.own_proposals(request.user))})
