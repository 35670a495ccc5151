"""Real servers on loopback for the serving tests and ``scripts/bench_scale.py``.

``Cluster`` makes a database of its own (an SQLite file, or a fresh PostgreSQL
database on the server ``DATABASE_URL`` names), migrates it, seeds it, starts N
gunicorn instances (gthread workers) on free loopback ports and waits until each
answers ``/readyz``; on exit it stops them and drops the database. ``Client`` is a
keep-alive HTTP/1.1 client for one thread.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Client:
    """One keep-alive connection; JSON in, ``(status, headers, parsed body)`` out."""

    def __init__(self, port: int, token: str | None = None, timeout: float = 60) -> None:
        self.port, self.token, self.timeout = port, token, timeout
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)

    def request(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None):
        all_headers = {"Host": "127.0.0.1", "Accept": "application/json", **(headers or {})}
        if self.token:
            all_headers["Authorization"] = f"Token {self.token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            all_headers["Content-Type"] = "application/json"
        for attempt in range(2):
            try:
                self.conn.request(method, path, body=data, headers=all_headers)
                response = self.conn.getresponse()
                raw = response.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # The server closed an idle keep-alive connection: reconnect once.
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
                if attempt:
                    raise
        content_type = response.getheader("Content-Type", "")
        parsed = json.loads(raw) if raw and content_type.startswith("application/json") else raw
        return response.status, dict(response.getheaders()), parsed

    def raw(self, path: str) -> tuple[int, bytes]:
        """GET ``path`` and read the body without parsing it (for throughput runs)."""
        headers = {"Host": "127.0.0.1", "Accept": "application/json"}
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        self.conn.request("GET", path, headers=headers)
        response = self.conn.getresponse()
        return response.status, response.read()

    def close(self) -> None:
        self.conn.close()


@dataclass
class Cluster:
    """``instances`` gunicorn instances over one database of their own."""

    instances: int = 2
    workers: int = 2
    threads: int = 4
    database_url: str = ""  # a PostgreSQL URL to create a database beside; "" for SQLite
    redis_url: str = ""
    seed: str = ""  # Python run by `manage.py shell` after migrate; prints JSON
    env: dict[str, str] = field(default_factory=dict)
    ports: list[int] = field(default_factory=list)
    seeded: Any = None
    _procs: list[subprocess.Popen] = field(default_factory=list)
    _tmp: tempfile.TemporaryDirectory | None = None
    _pg_admin_url: str = ""
    _pg_name: str = ""

    # --- database -----------------------------------------------------------------

    def _make_database(self) -> str:
        if not self.database_url.startswith(("postgres://", "postgresql://")):
            return f"sqlite:///{Path(self._tmp.name) / 'db.sqlite3'}"
        import psycopg

        parts = urlsplit(self.database_url)
        self._pg_admin_url = urlunsplit(parts._replace(path="/postgres"))
        self._pg_name = f"agentos_serving_{os.getpid()}_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(self._pg_admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{self._pg_name}"')
        return urlunsplit(parts._replace(path=f"/{self._pg_name}"))

    def _drop_database(self) -> None:
        if not self._pg_name:
            return
        import psycopg

        with psycopg.connect(self._pg_admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self._pg_name}" WITH (FORCE)')

    # --- processes ----------------------------------------------------------------

    def server_env(self, db_url: str) -> dict[str, str]:
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in {"DJANGO_SETTINGS_MODULE", "DEBUG", "DATABASE_URL", "REDIS_URL", "SECRET_KEY"}
        }
        env.update(
            DJANGO_SETTINGS_MODULE="agentos_site.settings",
            SECRET_KEY="serving-test-" + "k" * 50,
            DEBUG="0",
            ALLOWED_HOSTS="127.0.0.1,localhost",
            DATABASE_URL=db_url,
            THROTTLE_USER="10000000/minute",
            THROTTLE_ANON="10000000/minute",
        )
        if self.redis_url:
            env["REDIS_URL"] = self.redis_url
            # Keys of this cluster's own: clusters started side by side (pytest-xdist
            # workers, two runs on one Redis) share no throttle counter or cached answer.
            env["CACHE_KEY_PREFIX"] = f"agentos-serving-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        env.update(self.env)
        return env

    def manage(self, env: dict[str, str], *args: str) -> str:
        result = subprocess.run(  # noqa: S603 (our own manage.py)
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        if result.returncode != 0:
            raise RuntimeError(f"manage.py {' '.join(args[:1])} failed:\n{result.stdout}\n{result.stderr}")
        return result.stdout

    def __enter__(self) -> Cluster:
        self._tmp = tempfile.TemporaryDirectory(prefix="agentos-serving-")
        try:
            db_url = self._make_database()
            env = self.server_env(db_url)
            self.manage(env, "migrate", "--no-input", "-v", "0")
            if self.seed:
                out = self.manage(env, "shell", "-c", self.seed)
                self.seeded = json.loads(out.strip().splitlines()[-1])
            for n in range(self.instances):
                port = free_port()
                log = open(Path(self._tmp.name) / f"gunicorn-{n}.log", "wb")
                proc = subprocess.Popen(  # noqa: S603 (gunicorn from our own venv)
                    [
                        sys.executable,
                        "-m",
                        "gunicorn",
                        "agentos_site.wsgi",
                        f"--bind=127.0.0.1:{port}",
                        f"--workers={self.workers}",
                        f"--threads={self.threads}",
                        "--worker-class=gthread",
                        "--keep-alive=30",
                        "--backlog=256",
                    ],
                    cwd=ROOT,
                    env=env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
                proc.log_path = log.name
                log.close()
                self._procs.append(proc)
                self.ports.append(port)
            for port, proc in zip(self.ports, self._procs, strict=True):
                self._wait_ready(port, proc)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _wait_ready(self, port: int, proc: subprocess.Popen, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"gunicorn on {port} exited:\n{self.log(proc)}")
            with contextlib.suppress(OSError, http.client.HTTPException):
                client = Client(port, timeout=5)
                status, _, _ = client.request("GET", "/readyz")
                client.close()
                if status == 200:
                    return
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn on {port} never became ready:\n{self.log(proc)}")

    def log(self, proc: subprocess.Popen) -> str:
        try:
            return Path(proc.log_path).read_text(errors="replace")[-5000:]
        except OSError:
            return ""

    def logs(self) -> str:
        return "\n".join(f"--- instance {n}\n{self.log(p)}" for n, p in enumerate(self._procs))

    def __exit__(self, *exc: object) -> None:
        for proc in self._procs:
            if proc.poll() is None:
                # Our own process group (start_new_session): gunicorn's master and its workers.
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGTERM)
        for proc in self._procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)
        try:
            self._drop_database()
        finally:
            if self._tmp is not None:
                self._tmp.cleanup()
