from django.contrib import admin
from django.urls import include, path, re_path

from agentos_site import views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("instructions.api.urls")),
    # Anything else under /api/ is a JSON 404 in the API's error shape, whatever
    # DEBUG is (Django's 404 page is HTML). /api/docs and /api/schema without their
    # trailing slash are redirected first by CommonMiddleware (APPEND_SLASH), which
    # only looks at paths that resolve to nothing: so those two are left out here.
    re_path(r"^api/(?!(?:docs|schema)\Z)", views.api_not_found),
    # Sign-in for the web app: login, logout, password change and reset.
    path("accounts/", include("django.contrib.auth.urls")),
    # The members' web app.
    path("", include("instructions.web.urls")),
]

# /healthz and /readyz are answered by agentos_site.health.HealthProbeMiddleware.

handler400 = "agentos_site.views.bad_request"
handler500 = "agentos_site.views.server_error"
