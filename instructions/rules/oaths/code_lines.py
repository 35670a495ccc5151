"""Words in code blocks: code, comments that caption a command, and commented-out commands.

Words in code are code unless the block holds prose or the line is a comment; a comment in a block of
commands that only names what a command does ("# Remove the hook" above its command) is a caption, not
an order; a command that opens a comment is commented out, unless the comment above it says to
uncomment it.
"""

from __future__ import annotations

import bisect
import re

from instructions.rules.oaths.candidate import Candidate
from instructions.rules.oaths.cue_set import cues
from instructions.rules.oaths.document import Document, units_before
from instructions.rules.oaths.segment import Unit

_PROSE_INFO = frozenset({"", "text", "txt", "markdown", "md", "prompt", "plaintext", "plain", "none", "note"})
_COMMENT_MARKERS = ("#", "//", "--", ";", "/*", "*", "rem ", "<!--", "%")


_UNCOMMENT = re.compile(r"\b(?:uncomment|un-comment|enable|activate|re-?enable)\b")


#: A comment that speaks to someone or gives an order is not a caption ("# agents: always run this first").
_ADDRESSED = re.compile(
    r"\b(?:agents?|assistants?|ai|llms?|claude|copilot|codex|gemini|cursor|bots?|models?|you|your|yourself|must|should|"
    r"always|never|don'?t|do not|please|note|important|warning|todo|fixme|instead|before|after|first|then|every|each)\b"
)
#: Code, then white space and a comment on the same line: the comment's start.
_TRAILING_COMMENT = re.compile(r"^\s*[^\s#/].*?\s(?:#|//)\s")
CAPTION_WORDS = 10
#: Blocks of commands (a shell session, a CLI's usage), where a comment names what a command does.
_SHELL_INFO = frozenset(
    {
        "",
        "sh",
        "bash",
        "shell",
        "zsh",
        "fish",
        "console",
        "shell-session",
        "sh-session",
        "terminal",
        "powershell",
        "ps1",
        "pwsh",
        "cmd",
        "bat",
        "batch",
        "text",
        "txt",
        "plaintext",
        "plain",
        "make",
        "makefile",
    }
)


def _captions_command(doc: Document, unit: Unit, text: str, at: int, comment_line: bool) -> bool:
    """Is ``text[at:]`` inside a comment that only names what a command does, in a code block: after the
    command on its line ("conforme hook uninstall   # Remove git pre-commit hook"), or alone on the line
    just above it ("# Install without tests" over "mvn install -DskipTests")? A comment that addresses
    someone, orders or is longer than a caption is read as prose."""
    if unit.info not in _SHELL_INFO:
        return False  # a comment in a program is the developer's prose (and where hidden orders sit)
    if comment_line:
        k = bisect.bisect_left(doc._vstarts, unit.vstart)
        following = doc.units[k + 1] if k + 1 < len(doc.units) else None
        if following is None or following.kind != "code" or following.fence != unit.fence:
            return False
        nxt = doc.unit_text(following).lstrip(" ")
        if not nxt or nxt.startswith(_COMMENT_MARKERS):
            return False
        comment = text.lstrip(" #/-;*%")
    else:
        m = _TRAILING_COMMENT.match(text)
        if m is None or m.end() > at:
            return False
        comment = text[m.end() :]
    return len(comment.split()) <= CAPTION_WORDS and _ADDRESSED.search(comment) is None


def _uncomment_ordered(doc: Document, unit: Unit) -> bool:
    """Does the comment line just before this commented-out command tell the agent to uncomment it?"""
    previous = units_before(doc, unit, 1)
    return bool(_UNCOMMENT.search(previous)) and not cues().has("neg", previous)


def place_in_code(c: Candidate) -> None:
    """Is the match on a line of a code block (``code_line``), and is that line a comment (``comment_line``)?"""
    c.code_line = c.unit.kind == "code" and not c.decoded
    c.line = c.text.lstrip(" ")
    c.comment_line = c.code_line and c.line.startswith(_COMMENT_MARKERS) and not c.line.startswith("#!")


# The guards, in the order ``judge.CODE_GUARDS`` reads them.


def caption_of_command(c: Candidate) -> object:
    """ "mvn install -DskipTests  # skip tests", "# Remove the hook" above its command: a description."""
    return (
        c.how == "base"
        and c.code_line
        and not c.command
        and _captions_command(c.doc, c.unit, c.text, c.m0 - c.lo, c.comment_line)
    )


def words_in_code(c: Candidate) -> object:
    """Words in code are code, unless the block holds prose, the line is a comment or the rule reads code."""
    return (
        c.code_line and not c.command and c.unit.info not in _PROSE_INFO and not c.comment_line and not c.rule.in_code
    )


def commented_out(c: Candidate) -> object:
    """A comment in a code block is prose; a command that opens it is commented out, not given to run
    (unless the comment above it says to uncomment it)."""
    if not (c.comment_line and c.command):
        return False
    content_start = c.lo + len(c.text) - len(c.line.lstrip("#/-;*% <!"))
    return c.m0 - content_start <= 1 and not _uncomment_ordered(c.doc, c.unit)
