"""What the generated schema states beyond drf-spectacular's own reading of the views:
the strictness of the request serializers and strings (the extensions below), and the
error answers every operation may give (``add_error_responses``).

The extensions are registered by importing this module (``instructions.api.urls`` does).

- ``StrictSerializerSchema``: a ``StrictSerializer`` refuses keys it does not declare,
  so its schema says ``additionalProperties: false``.
- ``StrictCharFieldSchema``: a ``StrictCharField`` states the strings it accepts as a
  ``pattern`` (``schema_pattern``: NUL, control characters, a path's shape) and a limit
  answered with 413 rather than a field error as ``maxLength`` (``schema_max_length``).
- ``refuse_nul_in_parameters``: free-form string parameters exclude NUL.
- ``collapse_blank_alternatives``: see there.
- ``require_nonempty_bodies``: a body that needs a property must be sent.

The error answers:

Views declare the errors of their own logic (409, 412, 413 ...). The errors that
come from the machinery around every view (authentication, parsing, media type,
content negotiation, paging, throttling, the credo) would otherwise be missing from
``openapi.yaml``, and a client (or Schemathesis) would meet undeclared statuses.
This drf-spectacular post-processing hook declares them, all with the one ``Error``
shape, without overriding what a view declared itself.
"""

from __future__ import annotations

import re
from typing import Any

from drf_spectacular.extensions import OpenApiSerializerExtension, OpenApiSerializerFieldExtension

from instructions.api.serializers import NO_NUL_PATTERN


class StrictSerializerSchema(OpenApiSerializerExtension):
    target_class = "instructions.api.serializers.StrictSerializer"
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        schema["additionalProperties"] = False
        if getattr(self.target, "min_properties", None):
            schema["minProperties"] = self.target.min_properties
        return schema


class StrictCharFieldSchema(OpenApiSerializerFieldExtension):
    target_class = "instructions.api.serializers.StrictCharField"
    match_subclasses = True

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        schema = auto_schema._map_serializer_field(self.target, direction, bypass_extensions=True)
        schema["pattern"] = self.target.schema_pattern
        if self.target.schema_max_length is not None:
            schema["maxLength"] = self.target.schema_max_length
        return schema


ERROR_REF = {"$ref": "#/components/schemas/Error"}

DESCRIPTIONS = {
    "400": "Malformed request: a body that is not JSON or nested too deep (PARSE_ERROR), invalid input (INVALID).",
    "401": "No or unknown credentials (NOT_AUTHENTICATED, AUTHENTICATION_FAILED).",
    "403": "Not allowed (FORBIDDEN, READ_ONLY), including a missing CSRF token with a browser session.",
    "404": "Not found, or not yours to see (NOT_FOUND).",
    "405": "Method not allowed on this path; see the Allow header (METHOD_NOT_ALLOWED).",
    "406": "No acceptable response type: the API answers application/json (NOT_ACCEPTABLE).",
    "413": "The request body is too large (BODY_TOO_LARGE).",
    "415": "The body is not application/json (UNSUPPORTED_MEDIA_TYPE).",
    "429": "Too many requests; retry after the seconds in Retry-After (THROTTLED).",
    "503": "The credo or the OS instructions file cannot be used now (CREDO_UNAVAILABLE, OS_INSTRUCTIONS_UNAVAILABLE).",
}

RETRY_AFTER = {
    "Retry-After": {"schema": {"type": "integer", "minimum": 1}, "description": "Seconds to wait before retrying."}
}

#: Paths whose operations read the credo (the merge, the oath check) or the OS text.
CREDO_PATHS = ("/api/instructions", "/api/oaths", "/api/credo", "/api/sessions", "/api/reviews")
UNSAFE = {"post", "put", "patch", "delete"}


def statuses_for(path: str, method: str, operation: dict[str, Any]) -> list[str]:
    statuses = ["405", "406", "429"]
    if operation.get("security") != [{}] and operation.get("security") is not None:
        statuses.append("401")
    parameters = operation.get("parameters", [])
    if "requestBody" in operation or method in UNSAFE:
        statuses += ["400", "413", "415"]
    if any(p.get("in") == "query" for p in parameters):
        statuses.append("400")
    if "{" in path or any(p.get("name") in ("workspace", "session", "page") for p in parameters):
        statuses.append("404")
    if method in UNSAFE:
        statuses.append("403")  # CSRF with a browser session
    if path.startswith(CREDO_PATHS):
        statuses.append("503")
    return statuses


#: The name of each shared answer under ``components.responses``.
NAMES = {
    "400": "BadRequest",
    "401": "Unauthorized",
    "403": "Forbidden",
    "404": "NotFound",
    "405": "MethodNotAllowed",
    "406": "NotAcceptable",
    "413": "BodyTooLarge",
    "415": "UnsupportedMediaType",
    "429": "TooManyRequests",
    "503": "ServiceUnavailable",
}


def shared_response(status: str) -> dict[str, Any]:
    response: dict[str, Any] = {
        "content": {"application/json": {"schema": ERROR_REF}},
        "description": DESCRIPTIONS[status],
    }
    if status == "429":
        response["headers"] = RETRY_AFTER
    return response


def collapse_blank_alternatives(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """``POSTPROCESSING_HOOKS`` entry: drf-spectacular writes a string field that allows
    blank and has a ``pattern`` as ``oneOf: [{pattern}, {maxLength: 0}]``. Where the
    pattern itself accepts "" (every ``StrictCharField``'s does), "" matches both
    branches, and ``oneOf`` means exactly one: the schema would refuse the empty string
    the server takes. Such a ``oneOf`` is its first branch alone."""

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            branches = node.get("oneOf")
            if (
                isinstance(branches, list)
                and len(branches) == 2
                and branches[1] == {"type": "string", "maxLength": 0}
                and _accepts_empty(branches[0])
            ):
                del node["oneOf"]
                node.update(branches[0])
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    visit(result.get("components", {}))
    return result


def _accepts_empty(schema: dict[str, Any]) -> bool:
    return (
        schema.get("type") == "string"
        and "format" not in schema
        and not schema.get("minLength")
        and re.search(schema.get("pattern", ""), "") is not None
    )


def require_nonempty_bodies(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """A request body whose schema needs at least one property (``minProperties``) must be
    sent: the operation's ``requestBody`` is ``required`` (drf-spectacular marks it so only
    when one field is required, and a PATCH of all-optional fields then reads as optional)."""
    schemas = result.get("components", {}).get("schemas", {})
    for methods in result.get("paths", {}).values():
        for operation in methods.values():
            body = operation.get("requestBody") if isinstance(operation, dict) else None
            if not body:
                continue
            for media in body.get("content", {}).values():
                ref = media.get("schema", {}).get("$ref", "")
                if schemas.get(ref.rsplit("/", 1)[-1], {}).get("minProperties"):
                    body["required"] = True
    return result


def refuse_nul_in_parameters(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """``POSTPROCESSING_HOOKS`` entry: a path or query parameter holding NUL is refused
    with a 400 before any view runs (``ApiView.initial``: PostgreSQL cannot even compare
    text holding it), so every free-form string parameter says so with a pattern."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                schema = parameter.get("schema", {})
                free_form = schema.get("type") == "string" and not {"enum", "pattern", "format"} & set(schema)
                if parameter.get("in") in ("path", "query") and free_form:
                    schema["pattern"] = NO_NUL_PATTERN
    return result


def add_error_responses(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """``POSTPROCESSING_HOOKS`` entry: declare the common error answers of every operation
    (each once under ``components.responses``, referenced where it applies)."""
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            responses = operation.setdefault("responses", {})
            for status in statuses_for(path, method, operation):
                responses.setdefault(status, {"$ref": f"#/components/responses/{NAMES[status]}"})
            operation["responses"] = dict(sorted(responses.items()))
    result.setdefault("components", {})["responses"] = {name: shared_response(s) for s, name in NAMES.items()}
    return result
