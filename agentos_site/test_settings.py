"""Settings for the test suite: the real settings plus a fixed key and fast hashing."""

import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-production")

from agentos_site.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
REST_FRAMEWORK = {**REST_FRAMEWORK}  # noqa: F405
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {
    **REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
    "anon": "100000/minute",
    "user": "100000/minute",
}
# Static files straight from the apps (no collectstatic in tests).
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
