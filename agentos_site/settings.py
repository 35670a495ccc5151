"""Settings for the agentos instructions service.

Everything a deployment changes comes from environment variables, read through the
helpers in ``agentos_site.env``. The defaults are safe for development: ``DEBUG`` is
off unless asked for, and without ``DEBUG`` start-up refuses to run with no
``SECRET_KEY``.
"""

from __future__ import annotations

import os
import secrets
import warnings
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from agentos_site.env import env_bool, env_int, env_list, env_str, private_dir, private_file
from agentos_site.observability import logging_config

BASE_DIR = Path(__file__).resolve().parent.parent
#: Files at rest (the development database and key): private to the service's user.
VAR_DIR = Path(env_str("AGENTOS_VAR_DIR") or BASE_DIR / "var")

DEBUG = env_bool("DEBUG", False)


def _secret_key() -> str:
    key = env_str("SECRET_KEY")
    if key:
        return key
    dev_key = VAR_DIR / "dev-secret-key"
    if not DEBUG and os.environ.get("AGENTOS_MANAGE_PY") == "1" and dev_key.exists():
        # Management commands in a development checkout (``manage.py create_token``
        # after ``make run``) use the key ``make run`` generated, so the README's commands
        # work as typed. A server (gunicorn, uwsgi: agentos_site.wsgi/asgi) never does:
        # only manage.py sets AGENTOS_MANAGE_PY, so a production start without
        # SECRET_KEY still stops below, whatever is on disk.
        return dev_key.read_text().strip()
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set the SECRET_KEY environment variable "
            "(for example to the output of `python -c 'import secrets; print(secrets.token_urlsafe(50))'`), "
            "or set DEBUG=1 for a development server with a generated key."
        )
    # Development only: a generated key kept under var/ so logins survive restarts.
    key_file = private_dir(VAR_DIR) / "dev-secret-key"
    private_file(key_file, secrets.token_urlsafe(50))
    return key_file.read_text().strip()


SECRET_KEY = _secret_key()
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "agentos_site.apps.AdminConfig",  # django.contrib.admin with the service's own site
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    # API tokens, stored as SHA-512 digests (shown once: manage.py create_token).
    "knox",
    # Lock-out after repeated failed sign-ins (AXES_* below).
    "axes",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "simple_history",
    "django_htmx",
    "csp",
    "instructions",
]

MIDDLEWARE = [
    # First: every request gets an id (X-Request-ID), carried by every log line of it.
    "agentos_site.observability.RequestIdMiddleware",
    # /healthz and /readyz, answered before the host check and the HTTPS redirect.
    "agentos_site.health.HealthProbeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Serves the admin's and the API docs' static files (collected into STATIC_ROOT).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    # ETag on every GET (a hash of the body unless a view set one) and 304 for If-None-Match.
    "django.middleware.http.ConditionalGetMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Content-Security-Policy on every response (CONTENT_SECURITY_POLICY below).
    "csp.middleware.CSPMiddleware",
    # request.htmx for the web app's live parts.
    "django_htmx.middleware.HtmxMiddleware",
    # Records the admin user on history rows; API and commands set it explicitly.
    "simple_history.middleware.HistoryRequestMiddleware",
    # Last: refuses sign-ins from a locked-out user and address (django-axes).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "agentos_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "libraries": {"web": "instructions.web.templatetags"},
        },
    },
]

WSGI_APPLICATION = "agentos_site.wsgi.application"
ASGI_APPLICATION = "agentos_site.asgi.application"


def _database_url() -> str:
    url = env_str("DATABASE_URL")
    if url:
        return url
    # The embedded default: its file holds API token digests and session data, so it is
    # created 0600 in a 0700 folder before SQLite first opens it (SQLite gives its
    # journal and WAL files the database file's permissions).
    database = private_dir(VAR_DIR) / "db.sqlite3"
    private_file(database)
    return f"sqlite:///{database}"


DATABASES = {"default": dj_database_url.parse(_database_url(), conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 0))}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Sessions start in UTC (what Django works in), so Django need not send a
    # SET TIME ZONE after connecting: one round trip less per request while
    # connections are not kept (DATABASE_CONN_MAX_AGE=0). (Behind PgBouncer, let it
    # accept the "options" startup parameter, or drop this.)
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("options", "-c timezone=UTC")
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite for a team on one machine (make run's threaded server, or a few
    # gunicorn workers), never "database is locked":
    # - WAL: readers never block the writer and the writer never blocks readers.
    # - IMMEDIATE: every transaction.atomic() takes the write lock at BEGIN. With
    #   SQLite's default DEFERRED, a transaction that read first and then writes
    #   fails at once with "database is locked" when another writer got there in
    #   between (waiting could deadlock, so SQLite does not wait): the 500s of
    #   concurrent edits. Taking the lock first serialises writers instead; it is
    #   also what makes the If-Match check and the write one step (SQLite has no
    #   SELECT ... FOR UPDATE).
    # - timeout: how long a writer waits for the lock (SQLite's busy timeout).
    # synchronous=NORMAL is WAL's recommended setting: durable across crashes of
    # the service, not of the machine's power.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": env_int("SQLITE_BUSY_TIMEOUT", 20),
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
if not STATIC_ROOT.is_dir():
    # Not collected (a development checkout, `manage.py collectstatic` never run):
    # serve the admin's and the docs' files straight from the apps instead of
    # warning at every start that staticfiles/ is missing.
    WHITENOISE_USE_FINDERS = True
    warnings.filterwarnings("ignore", message="No directory at: ", category=UserWarning)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# The members' web app signs people in at /accounts/ (the admin keeps its own login).
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "web:home"
LOGOUT_REDIRECT_URL = "login"
if DEBUG:
    # Password-reset mails are printed by the development server, not sent.
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"

# Sign-in lock-out (django-axes): after AXES_FAILURE_LIMIT failed attempts for one
# username from one address, that pair is refused (HTTP 429) for AXES_COOLOFF_MINUTES,
# even with the right password. A successful sign-in resets the count.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# Counted by the same client address as the API throttles (NUM_PROXIES below).
AXES_CLIENT_IP_CALLABLE = "instructions.foundation.client_address.client_address"

# How many reverse proxies of yours stand in front of the service, each appending to
# X-Forwarded-For the address it was connected from. 0 (the default): the header is
# ignored and the connection's address counts, so a client cannot choose its own
# address to dodge the throttles or the sign-in lock-out.
NUM_PROXIES = env_int("NUM_PROXIES", 0)

# Content-Security-Policy (django-csp): scripts, styles, fonts and fetches from this
# origin only; no inline script or style, no plug-ins, no framing, no <base>. Images
# may also be data: URLs (the API docs draw their icons so). The pages hold no inline
# script or handler attribute (tests/test_trust_boundaries.py checks that).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "form-action": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "frame-ancestors": [NONE],
    }
}

# API tokens (django-rest-knox): only a SHA-512 digest is stored. Tokens do not expire
# unless API_TOKEN_TTL_HOURS is set (launchers keep one for a long time).
# Named so that models may point at it (a session token belongs to the API token it was
# minted with): knox's token model is swappable through this setting.
KNOX_TOKEN_MODEL = "knox.AuthToken"  # noqa: S105 (a model name)
REST_KNOX = {
    "TOKEN_TTL": timedelta(hours=env_int("API_TOKEN_TTL_HOURS", 0)) or None,
    "TOKEN_PREFIX": "agentos_",
    "AUTH_HEADER_PREFIX": "Token",
}

# Uploads are JSON bodies of at most 50,000 characters (up to 200 kB of UTF-8);
# leave headroom for the envelope but refuse anything absurd before parsing.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DATA_UPLOAD_MAX_MEMORY_SIZE", 1024 * 1024)

# --- agentos -------------------------------------------------------------------

#: Folder holding credo.md and credo-map.json (the global, read-only scope).
AGENTOS_CREDO_DIR = Path(env_str("AGENTOS_CREDO_DIR") or BASE_DIR / "harness")
#: How often (seconds) the credo files' mtimes are looked at; never more often.
AGENTOS_CREDO_RECHECK_SECONDS = env_int("AGENTOS_CREDO_RECHECK_SECONDS", 5)
#: Seconds of CPU time (of the request's thread) one oath check of a proposed text may use; a check that
#: spends it holds the text for review (409 on a write, a finding on the dry run). 0: no limit.
OATH_CHECK_BUDGET_SECONDS = float(env_str("OATH_CHECK_BUDGET_SECONDS") or 0.75)
#: One template per OS environment profile (<profile>.md: agentos-vm, host), the text
#: that opens a session's instructions.md; see instructions/rules/os_profiles.py.
AGENTOS_OS_PROFILES_DIR = Path(env_str("AGENTOS_OS_PROFILES_DIR") or BASE_DIR / "harness" / "os-profiles")
#: Deprecated (one release): the single OS text of old. When set, it is the agentos-vm
#: profile's template, and `manage.py check` says to move it to AGENTOS_OS_PROFILES_DIR.
AGENTOS_OS_INSTRUCTIONS_FILE = (
    Path(env_str("AGENTOS_OS_INSTRUCTIONS_FILE")) if env_str("AGENTOS_OS_INSTRUCTIONS_FILE") else None
)
#: Workspace used when a request names none (created by `migrate`).
AGENTOS_DEFAULT_WORKSPACE = env_str("AGENTOS_DEFAULT_WORKSPACE", "default")
#: Agent sessions idle longer than this many minutes are ended.
AGENTOS_SESSION_IDLE_MINUTES = env_int("AGENTOS_SESSION_IDLE_MINUTES", 8 * 60)
#: How long a rendered merged set or spawn payload is kept in the shared cache. Only
#: memory is at stake: entries are keyed by the exact versions they were built from,
#: so none is ever served stale (instructions.foundation.render_cache).
AGENTOS_RENDER_CACHE_SECONDS = env_int("AGENTOS_RENDER_CACHE_SECONDS", 3600)
#: Off (0): every merged set and spawn payload is rendered afresh (to compare, or to rule the cache out).
AGENTOS_RENDER_CACHE = env_bool("AGENTOS_RENDER_CACHE", True)

if not AGENTOS_DEFAULT_WORKSPACE:
    raise ImproperlyConfigured("AGENTOS_DEFAULT_WORKSPACE must not be empty.")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "instructions.api.auth.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # DRF's JSON parser with the nesting depth limited before parsing (a 400, not a RecursionError).
    "DEFAULT_PARSER_CLASSES": ["instructions.api.parsers.JSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # DRF's, letting requests through (logged) when Redis cannot be reached.
    "DEFAULT_THROTTLE_CLASSES": [
        "instructions.api.throttling.AnonRateThrottle",
        "instructions.api.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_str("THROTTLE_ANON", "60/minute"),
        "user": env_str("THROTTLE_USER", "1200/minute"),
        # Failed authentications (bad tokens) per client address.
        "auth_failure": env_str("THROTTLE_AUTH_FAILURES", "20/minute"),
    },
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "instructions.api.errors.exception_handler",
    "NUM_PROXIES": NUM_PROXIES,
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "agentos instructions",
    "DESCRIPTION": (
        "Persistent instructions for coding agents: workspace, user and session scopes "
        "merged over the read-only credo, with oath checks, review and spawn payloads."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # A PATCH body is the serializer as declared: the API's PATCHes require their one
    # field (drf-spectacular would otherwise make every field optional).
    "COMPONENT_SPLIT_PATCH": False,
    # Swagger UI's assets are served by the service itself, not fetched from a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # The error answers of the machinery around every view (401, 406, 415, 429 ...).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "instructions.api.schema.collapse_blank_alternatives",
        "instructions.api.schema.refuse_nul_in_parameters",
        "instructions.api.schema.require_nonempty_bodies",
        "instructions.api.schema.add_error_responses",
    ],
    "ENUM_NAME_OVERRIDES": {
        "ScopeEnum": ["session", "workspace", "user", "global"],
        "EditableScopeEnum": ["session", "workspace", "user"],
        "OathCheckEnum": ["pass", "fail", "unknown"],
        "OathVerdictEnum": ["pass", "fail"],
    },
}

#: Redis shared by every instance (throttle counters, rendered responses); local memory without it.
REDIS_URL = env_str("REDIS_URL")
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "agentos",
    }
}
if REDIS_URL:
    CACHES["default"] = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "agentos"),
    }

# Everything to stderr whatever DEBUG is, errors with their traceback and the
# request id; LOG_FORMAT=json for one JSON object per line.
LOGGING = logging_config(log_format=env_str("LOG_FORMAT", "text"), level=env_str("LOG_LEVEL", "INFO"))

# Behind TLS (a reverse proxy that sets X-Forwarded-Proto), HTTPS=1 makes cookies
# secure-only, redirects plain HTTP and sends HSTS for HSTS_SECONDS.
if env_bool("HTTPS", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 3600)
