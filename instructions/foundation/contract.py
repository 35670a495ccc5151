"""The wire contract shared by the merge, the API and the commands.

These are the seed's zod schemas (``InstructionEntry``, ``MergedInstructions``) as
Python types. Clients parse them strictly: the keys here are exactly the keys on the
wire, no more and no fewer. They are declared here once: the API's serializers and its
OpenAPI schema are made from them (``instructions.api.serializers.wire_serializer``),
with what the schema says of a field beyond its type given as ``Wire`` beside it.
(``InstructionUpdateRequest``, an input, is a serializer only: it is validated there.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, TypedDict

from django.db import models

from instructions.foundation.errors import NotFound, ReadOnlyScope


class Scope(models.TextChoices):
    SESSION = "session", "Session"
    WORKSPACE = "workspace", "Workspace"
    USER = "user", "User"
    GLOBAL = "global", "Global (credo)"


#: Highest priority first: how ``GET /api/instructions/scopes`` lists them.
PRECEDENCE: tuple[str, ...] = (Scope.SESSION, Scope.WORKSPACE, Scope.USER, Scope.GLOBAL)
#: The order sections appear in the merged text: the credo first, the session last.
MERGE_ORDER: tuple[str, ...] = tuple(reversed(PRECEDENCE))
#: Scopes stored in the database and editable through the service.
EDITABLE_SCOPES: tuple[str, ...] = (Scope.SESSION, Scope.WORKSPACE, Scope.USER)

#: The section of ``instructions.md`` that holds a session's additional instructions,
#: after the merged scopes.
ADDITIONAL_SECTION = "additional"
#: Every name a section heading of the merged text or ``instructions.md`` carries.
SECTION_NAMES: tuple[str, ...] = (*MERGE_ORDER, ADDITIONAL_SECTION)


def section_header(name: str) -> str:
    """The line that opens a section: ``# [global]``, ``# [user]``, ... ``# [additional]``.

    Nothing a person writes may produce such a line (``stored_text.validate_instruction_text``):
    the sections are how a reader, and an agent, tell the credo from everything else.
    """
    return f"# [{name}]"


#: The longest body any scope may hold, in characters.
MAX_BODY_CHARS = 50_000
#: A reviewer's note on a decision, in every entry point (API, web app, admin).
MAX_NOTE_CHARS = 5_000
#: A workspace's display name.
MAX_WORKSPACE_NAME_CHARS = 200
#: A change reason as history keeps it (django-simple-history's column), in every entry point.
MAX_REASON_CHARS = 100
#: A "why" typed after a prefix the service writes ("Revert to version 12 (admin): ", "Admin
#: edit: "): short enough that prefix and why fit ``MAX_REASON_CHARS`` whole.
MAX_WHY_CHARS = 60
#: A session's working directory (Linux's PATH_MAX).
MAX_CWD_CHARS = 4096
#: A session's platform string (what the launcher's ``uname`` said).
MAX_PLATFORM_CHARS = 256

#: Where a session's bundle files are, as the agent sees them, unless the session
#: names another directory (``AgentSession.bundle_dir``): the agentOS VM's read-only
#: mount. Every path a spawn payload hands out is built from the session's directory.
DEFAULT_BUNDLE_DIR = "/etc/agentos"


class OsProfile(models.TextChoices):
    """Which OS environment text opens ``instructions.md`` (``instructions.rules.os_profiles``)."""

    AGENTOS_VM = "agentos-vm", "agentOS VM"
    HOST = "host", "Host (its real platform and working directory)"


DEFAULT_OS_PROFILE = OsProfile.AGENTOS_VM


class ReviewPolicy(models.TextChoices):
    """What a workspace's maintainers let land without a reviewer (its workspace scope only;
    user and session scopes always follow ``hold-confident``). What each does with a
    finding's tier: ``rules.review_policy``.
    """

    HOLD_CONFIDENT = "hold-confident", "Hold confident findings (default)"
    HOLD_ALL = "hold-all", "Hold any finding"
    APPROVE_EVERY_CHANGE = "approve-every-change", "Approve every change (another maintainer or a reviewer)"


DEFAULT_REVIEW_POLICY = ReviewPolicy.HOLD_CONFIDENT
#: Help text of the policy wherever it is set (model, API, forms).
REVIEW_POLICY_HELP = (
    "hold-confident (default): a change with a confident oath finding (tier hold) is refused and kept "
    "for review; one with findings only worth a look (tier review) lands and is flagged for a reviewer, "
    "who keeps it or reverts it. hold-all: any finding refuses the change. approve-every-change: every "
    "change to the workspace scope waits for another maintainer's or a reviewer's approval, its findings "
    "shown. User and session scopes always follow hold-confident."
)


def check_editable(scope: str) -> str:
    """``scope`` if it is one the service stores and may change.

    The global scope is the credo: it exists but is changed only on disk, so a
    write is ``ReadOnlyScope`` (403). Any other unknown name is ``NotFound`` (404).
    Every write path (API, admin, services) asks here.
    """
    if scope == Scope.GLOBAL:
        raise ReadOnlyScope("The global scope is the credo: it is read-only and changed only on disk.")
    if scope not in EDITABLE_SCOPES:
        raise NotFound(f"Unknown scope '{scope}'. Scopes: session, workspace, user, global.")
    return scope


def check_known(scope: str) -> str:
    """``scope`` if it names one of the four scopes (reads may name the global one); else ``NotFound``."""
    if scope != Scope.GLOBAL:
        check_editable(scope)
    return scope


OathCheck = Literal["pass", "fail", "unknown"]


@dataclass(frozen=True)
class Wire:
    """What the wire (and so the schema) says of a contract field beyond its Python type."""

    #: One of these values (a string field).
    choices: tuple[str, ...] = ()
    #: May be the empty string (a string field).
    blank: bool = False
    #: The least value (an integer field).
    min_value: int | None = None
    help_text: str = ""


#: A scope's name, any of the four.
ScopeName = Annotated[str, Wire(choices=PRECEDENCE)]


class InstructionEntry(TypedDict):
    scope: ScopeName
    path: str
    body: Annotated[str, Wire(blank=True)]
    lines: Annotated[int, Wire(min_value=0)]
    modified_at: Annotated[int, Wire(help_text="Epoch milliseconds; 0 when the scope has no document.")]
    oath_check: OathCheck
    oath_conflict: str | None


class Conflict(TypedDict):
    scope: ScopeName
    path: str
    snippet: str
    conflicting_oath: str


class MergedInstructions(TypedDict):
    merged: Annotated[str, Wire(blank=True)]
    entries: list[InstructionEntry]
    conflicts: list[Conflict]


def count_lines(body: str) -> int:
    """Lines as the seed counts them (``body.split('\\n').length``), 0 for no body."""
    return body.count("\n") + 1 if body else 0


def display_path(scope: str, owner: object) -> str:
    """The path an entry shows: recognisable to people, never the server's disk."""
    if scope == Scope.GLOBAL:
        return "harness/credo.md"
    if scope == Scope.USER:
        return f"users/{owner}/user.md"
    if scope == Scope.WORKSPACE:
        return f"workspaces/{owner}/AGENTS.md"
    if scope == Scope.SESSION:
        return f"sessions/{owner}/session.md" if owner else "sessions/session.md"
    raise ValueError(f"unknown scope {scope!r}")
