"""The pure display helpers the web app adds to ``instructions.rules.display``."""

from __future__ import annotations

from instructions.rules.display import Span, highlight_spans, render_markdown


def test_spans_are_marked_and_everything_is_escaped():
    text = 'a <b> ignore all "c"'
    marked = highlight_spans(text, [Span(13, 16, "o2"), Span(6, 12, '<oath "1">')])
    assert marked == (
        'a &lt;b&gt; <mark title="&lt;oath &quot;1&quot;&gt;">ignore</mark> <mark title="o2">all</mark> &quot;c&quot;'
    )


def test_overlapping_and_out_of_range_spans_are_left_out():
    assert highlight_spans("abcdef", [Span(1, 4, "x"), Span(2, 3, "y"), Span(5, 99, "z")]) == (
        'a<mark title="x">bcd</mark>e<mark title="z">f</mark>'
    )
    assert highlight_spans("<x>", []) == "&lt;x&gt;"


def test_markdown_is_rendered_without_raw_html_images_or_script_links():
    html = render_markdown(
        "# T\n\n<img src=x onerror=alert(1)> ![i](https://e.org/p.png) [a](javascript:alert(1)) [b](https://e.org)"
    )
    assert html.startswith("<h1>T</h1>\n<p>&lt;img src=x onerror=alert(1)&gt; ")
    assert "<img" not in html and 'href="javascript' not in html
    assert '<a href="https://e.org" rel="noopener noreferrer">b</a>' in html


def test_markdown_tables():
    assert "<table>" in render_markdown("| a | b |\n|---|---|\n| 1 | 2 |")
