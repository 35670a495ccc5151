from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("instructions.api.urls")),
    # Sign-in for the web app: login, logout, password change and reset.
    path("accounts/", include("django.contrib.auth.urls")),
    # The members' web app.
    path("", include("instructions.web.urls")),
]
