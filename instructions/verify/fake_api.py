"""A fake model API on 127.0.0.1 that records every request and answers "ok".

One server speaks the three wire formats the agent CLIs use, told apart by path:

- Anthropic Messages (``POST .../messages``, streamed as SSE when the request asks,
  and ``.../messages/count_tokens``): Claude Code, pi, OpenCode's Anthropic provider.
- OpenAI Responses (``POST .../responses``, SSE) and Chat Completions
  (``.../chat/completions``, SSE): Codex, and any CLI set up for them.
- Gemini (``POST .../models/<m>:generateContent``, ``:streamGenerateContent?alt=sse``,
  ``:countTokens``): Gemini CLI. A JSON-mode request (``responseMimeType:
  application/json``, Gemini's router and next-speaker checks) gets a JSON answer
  that satisfies either.

Every answer is the word "ok" and a stop, so each CLI finishes after one turn.
Nothing here talks to the network: the server binds 127.0.0.1 only, on a free port.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

FAKE_REPLY = "ok"
#: Satisfies both Gemini's model router ({reasoning, model_choice}) and its
#: next-speaker check ({reasoning, next_speaker}).
GEMINI_JSON_REPLY = json.dumps({"reasoning": "fake", "model_choice": "flash", "next_speaker": "user"})


@dataclass(frozen=True)
class Recorded:
    method: str
    path: str
    body: Any


class FakeModelServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self._records: list[Recorded] = []
        self._lock = threading.Lock()
        # Handlers run in their own threads; ``take`` waits until none is running so a
        # request whose CLI already exited is not lost (no fixed sleep).
        self._busy = 0
        self._idle = threading.Condition(self._lock)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def record(self, record: Recorded) -> None:
        with self._lock:
            self._records.append(record)

    def enter(self) -> None:
        with self._lock:
            self._busy += 1

    def leave(self) -> None:
        with self._lock:
            self._busy -= 1
            self._idle.notify_all()

    def take(self, timeout: float = 5.0) -> list[Recorded]:
        """Every request recorded since the last call, once no request is in flight."""
        with self._idle:
            self._idle.wait_for(lambda: self._busy == 0, timeout=timeout)
            records, self._records = self._records, []
        return records


@contextmanager
def fake_model_server() -> Iterator[FakeModelServer]:
    server = FakeModelServer()
    # A short poll interval: shutdown() waits for it, once per run of the command.
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="fake-model-api", daemon=True
    )
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: FakeModelServer

    def log_message(self, format: str, *args: Any) -> None:  # the CLIs' traffic is not for stderr
        pass

    def handle_one_request(self) -> None:
        self.server.enter()
        try:
            super().handle_one_request()
        finally:
            self.server.leave()

    # --- plumbing -----------------------------------------------------------------

    def _json(self, payload: Any, status: int = 200) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _sse(self, events: list[tuple[str | None, Any]]) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        for name, data in events:
            chunk = f"event: {name}\n" if name else ""
            chunk += "data: " + (data if isinstance(data, str) else json.dumps(data)) + "\n\n"
            self.wfile.write(chunk.encode())
        self.wfile.flush()
        self.close_connection = True

    def do_GET(self) -> None:
        self.server.record(Recorded(self.command, self.path, None))
        self._json({"object": "list", "data": [], "models": []})

    def do_POST(self) -> None:
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            body: Any = json.loads(raw)
        except ValueError:
            body = raw.decode("utf-8", "replace")
        self.server.record(Recorded(self.command, self.path, body))
        request = body if isinstance(body, dict) else {}
        path = self.path.split("?", 1)[0]
        model = str(request.get("model") or "fake-model")
        if path.endswith(":countTokens") or path.endswith("/count_tokens"):
            self._json({"totalTokens": 1, "input_tokens": 1})
        elif path.endswith(":streamGenerateContent"):
            self._sse([(None, _gemini_response(request))])
        elif path.endswith(":generateContent"):
            self._json(_gemini_response(request))
        elif path.endswith("/messages"):
            self._anthropic(model, bool(request.get("stream")))
        elif path.endswith("/responses"):
            self._sse(_responses_events(model))
        elif path.endswith("/chat/completions"):
            self._sse(_chat_events(model))
        else:
            self._json({"error": {"type": "not_found", "message": f"fake model API: no route {path}"}}, 404)

    def _anthropic(self, model: str, stream: bool) -> None:
        message = {
            "id": "msg_fake",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
        }
        if not stream:
            self._json({**message, "content": [{"type": "text", "text": FAKE_REPLY}], "stop_reason": "end_turn"})
            return
        self._sse(
            [
                ("message_start", {"type": "message_start", "message": message}),
                (
                    "content_block_start",
                    {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
                ),
                (
                    "content_block_delta",
                    {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": FAKE_REPLY}},
                ),
                ("content_block_stop", {"type": "content_block_stop", "index": 0}),
                (
                    "message_delta",
                    {
                        "type": "message_delta",
                        "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                        "usage": {"output_tokens": 1},
                    },
                ),
                ("message_stop", {"type": "message_stop"}),
            ]
        )


def _gemini_response(request: dict[str, Any]) -> dict[str, Any]:
    config = request.get("generationConfig") or {}
    text = GEMINI_JSON_REPLY if config.get("responseMimeType") == "application/json" else FAKE_REPLY
    return {
        "candidates": [{"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
        "modelVersion": "fake-model",
    }


def _responses_events(model: str) -> list[tuple[str | None, Any]]:
    item = {
        "type": "message",
        "id": "msg_fake",
        "role": "assistant",
        "status": "completed",
        "content": [{"type": "output_text", "text": FAKE_REPLY, "annotations": []}],
    }
    response = {
        "id": "resp_fake",
        "object": "response",
        "created_at": int(time.time()),
        "status": "completed",
        "model": model,
        "output": [item],
        "usage": {
            "input_tokens": 1,
            "output_tokens": 1,
            "total_tokens": 2,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens_details": {"reasoning_tokens": 0},
        },
    }
    return [
        (
            "response.created",
            {"type": "response.created", "response": {**response, "status": "in_progress", "output": []}},
        ),
        (
            "response.output_item.added",
            {
                "type": "response.output_item.added",
                "output_index": 0,
                "item": {**item, "status": "in_progress", "content": []},
            },
        ),
        (
            "response.output_text.delta",
            {
                "type": "response.output_text.delta",
                "item_id": "msg_fake",
                "output_index": 0,
                "content_index": 0,
                "delta": FAKE_REPLY,
            },
        ),
        ("response.output_item.done", {"type": "response.output_item.done", "output_index": 0, "item": item}),
        ("response.completed", {"type": "response.completed", "response": response}),
    ]


def _chat_events(model: str) -> list[tuple[str | None, Any]]:
    base = {"id": "chatcmpl_fake", "object": "chat.completion.chunk", "created": int(time.time()), "model": model}
    return [
        (None, {**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": FAKE_REPLY}}]}),
        (
            None,
            {
                **base,
                "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            },
        ),
        (None, "[DONE]"),
    ]
