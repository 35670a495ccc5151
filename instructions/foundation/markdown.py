"""The one Markdown the service reads and shows: CommonMark with GitHub's tables.

cmark-gfm (GitHub's C implementation, through ``cmarkgfm``) parses in time linear in the
text. Raw HTML in a text is shown as text, never rendered: a reviewer must see an HTML
comment or tag an agent will read. Every ``<`` that does not open an autolink
(``<https://…>``, ``<name@example.org>``) is hidden from the parser behind a character the
text does not hold, and put back, escaped, in the HTML.

Two readers: the web app's preview (``rules.display.render_markdown``) and the rule that a
body may not hold a line that renders as a section heading (``stored_text``).
"""

from __future__ import annotations

import re

import cmarkgfm
from cmarkgfm.cmark import Options

#: A ``<`` that opens an autolink: a scheme and no white space up to ``>``, or an address.
_LT_NOT_AUTOLINK = re.compile(r"<(?![A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>|[^\s<>@]+@[^\s<>@]+>)")
#: Where the hidden ``<`` are looked for: the Unicode private use area (the first one the text
#: does not use).
_PRIVATE_USE = range(0xE000, 0xF900)
#: GitHub's table extension; nothing else beyond CommonMark.
_EXTENSIONS = ["table"]
#: The HTML elements that nest in a rendered text (block quotes and lists).
_NESTING_TAG = re.compile(r"<(/?)(?:blockquote|ul|ol)\b")


_PRIVATE = re.compile("[\ue000-\uf8ff]")


def _free_character(text: str) -> str:
    used = set(_PRIVATE.findall(text))
    return next(chr(code) for code in _PRIVATE_USE if chr(code) not in used)


def to_html(text: str, *, sourcepos: bool = False) -> str:
    """``text`` as HTML (not sanitised: raw HTML is already text; links may still point
    anywhere). ``sourcepos``: each block names its lines (``data-sourcepos="3:1-3:12"``)."""
    hidden = _free_character(text)
    source = _LT_NOT_AUTOLINK.sub(hidden, text)
    options = Options.CMARK_OPT_SOURCEPOS if sourcepos else Options.CMARK_OPT_DEFAULT
    html = cmarkgfm.markdown_to_html_with_extensions(source, options=options, extensions=_EXTENSIONS)
    return html.replace(hidden, "&lt;")


def nesting_depth(html: str) -> int:
    """The deepest nesting of block quotes and lists in ``html`` (one pass over its tags)."""
    depth = deepest = 0
    for match in _NESTING_TAG.finditer(html):
        depth += -1 if match.group(1) else 1
        deepest = max(deepest, depth)
    return deepest
