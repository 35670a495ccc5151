from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.permissions import AllowAny

from instructions.api import credo, reviews, schema, scopes, sessions, workspaces  # noqa: F401  (schema: its extensions)

urlpatterns = [
    # The seed's contract.
    path("instructions", scopes.MergedInstructionsView.as_view(), name="instructions"),
    path("instructions/scopes", scopes.ScopeListView.as_view(), name="instruction-scopes"),
    path("instructions/scope/<str:scope>", scopes.ScopeView.as_view(), name="instruction-scope"),
    path("instructions/scope/<str:scope>/history", scopes.ScopeHistoryView.as_view(), name="instruction-history"),
    path("instructions/scope/<str:scope>/revert", scopes.ScopeRevertView.as_view(), name="instruction-revert"),
    # Oaths and the credo.
    path("oaths/check", credo.OathCheckView.as_view(), name="oath-check"),
    path("credo", credo.CredoView.as_view(), name="credo"),
    # Workspaces and members.
    path("workspaces", workspaces.WorkspaceListView.as_view(), name="workspaces"),
    path("workspaces/<slug:slug>", workspaces.WorkspaceDetailView.as_view(), name="workspace"),
    path("workspaces/<slug:slug>/members", workspaces.MemberListView.as_view(), name="members"),
    path("workspaces/<slug:slug>/members/<str:username>", workspaces.MemberDetailView.as_view(), name="member"),
    # Reviews.
    path("reviews", reviews.ReviewListView.as_view(), name="reviews"),
    path("reviews/<int:pk>/approve", reviews.ReviewApproveView.as_view(), name="review-approve"),
    path("reviews/<int:pk>/reject", reviews.ReviewRejectView.as_view(), name="review-reject"),
    # Agent sessions and spawn payloads.
    path("agents", sessions.AgentListView.as_view(), name="agents"),
    path("sessions", sessions.SessionListView.as_view(), name="sessions"),
    path("sessions/<str:pk>", sessions.SessionDetailView.as_view(), name="session"),
    path("sessions/<str:pk>/spawn", sessions.SessionSpawnView.as_view(), name="session-spawn"),
    path("sessions/<str:pk>/deliveries", sessions.SessionDeliveryListView.as_view(), name="session-deliveries"),
    path("sessions/<str:pk>/token", sessions.SessionTokenView.as_view(), name="session-token"),
    # Schema and docs.
    # The schema and its docs are public, like any published API description.
    path("schema/", SpectacularAPIView.as_view(permission_classes=[AllowAny]), name="schema"),
    # The split view serves Swagger UI's start-up script as a file of its own (the
    # Content-Security-Policy allows no inline script).
    path(
        "docs/",
        SpectacularSwaggerSplitView.as_view(
            url_name="schema", permission_classes=[AllowAny], template_name="api/swagger_ui.html"
        ),
        name="api-docs",
    ),
]
