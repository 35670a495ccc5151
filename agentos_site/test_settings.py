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

# With REDIS_URL, each test process keeps to keys of its own: the prefix names the
# pytest-xdist worker (gw0, gw1, ...) and the process, so parallel workers (and two
# runs sharing one Redis) neither read each other's throttle counters and rendered
# answers (their databases number rows alike) nor wipe them. Django's RedisCache.clear()
# is FLUSHDB, the whole database; here it deletes this process's keys only.
if REDIS_URL:  # noqa: F405
    from django.core.cache.backends.redis import RedisCache

    class ProcessRedisCache(RedisCache):
        """Redis with a per-process key prefix whose ``clear()`` deletes only those keys."""

        def clear(self) -> bool:
            client = self._cache.get_client(None, write=True)
            keys = list(client.scan_iter(match=f"{self.key_prefix}:*", count=1000))
            for start in range(0, len(keys), 1000):
                client.delete(*keys[start : start + 1000])
            return True

    _worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    CACHES = {
        "default": {
            **CACHES["default"],  # noqa: F405
            "BACKEND": "agentos_site.test_settings.ProcessRedisCache",
            "KEY_PREFIX": f"{CACHES['default']['KEY_PREFIX']}-test-{_worker}-{os.getpid()}",  # noqa: F405
        }
    }
