"""The web app's routes, mounted at ``/`` (sign-in lives at ``/accounts/``)."""

from django.urls import path

from instructions.foundation import params  # noqa: F401 (registers the <id:...> converter)
from instructions.web import sessions, team, views

app_name = "web"


def scope_routes(prefix: str, route: str) -> list:
    """The editor, live check, history, diff and revert of one kind of scope."""
    return [
        path(f"{route}", views.scope_edit, name=f"{prefix}-edit"),
        path(f"{route}check", views.scope_check, name=f"{prefix}-check"),
        path(f"{route}history/", views.scope_history, name=f"{prefix}-history"),
        path(f"{route}diff/", views.scope_diff, name=f"{prefix}-diff"),
        path(f"{route}revert/<id:history_id>/", views.scope_revert, name=f"{prefix}-revert"),
    ]


urlpatterns = [
    path("", views.home, name="home"),
    *scope_routes("me", "me/"),
    *scope_routes("workspace", "w/<slug:slug>/"),
    path("w/<slug:slug>/preview/", views.workspace_preview, name="workspace-preview"),
    path("w/<slug:slug>/members/", team.members, name="workspace-members"),
    path("w/<slug:slug>/review-policy/", team.review_policy, name="workspace-review-policy"),
    path("w/<slug:slug>/members/<str:username>/", team.member, name="workspace-member"),
    path("w/<slug:slug>/reviews/", team.workspace_reviews, name="workspace-reviews"),
    path("reviews/<id:pk>/", team.review, name="review"),
    path("reviews/<id:pk>/approve", team.review_approve_view, name="review-approve"),
    path("reviews/<id:pk>/reject", team.review_reject_view, name="review-reject"),
    path("proposals/", team.proposals, name="proposals"),
    path("sessions/", sessions.sessions, name="sessions"),
    path("sessions/<str:pk>/", sessions.session, name="session"),
    path("sessions/<str:pk>/deliveries/<id:delivery_id>/", sessions.delivery, name="delivery"),
]
