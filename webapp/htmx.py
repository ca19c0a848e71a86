"""The one place that reads htmx's request headers and decides page or fragment.

A fragment is a named block of the template that renders the whole page (jinja2-fragments), so the
page and its live updates can never drift apart.
"""

from __future__ import annotations

from flask import Response, make_response, render_template, request
from jinja2_fragments.flask import render_blocks


def wants_fragment() -> bool:
    """htmx 2 asks for a fragment: HX-Request, but not a boosted link/form nor a history restore
    (those swap the whole body and need the whole page)."""
    headers = request.headers
    return (
        headers.get("HX-Request") == "true"
        and headers.get("HX-Boosted") != "true"
        and headers.get("HX-History-Restore-Request") != "true"
    )


def render(template: str, blocks: str | list[str], status: int = 200, **context) -> Response:
    """Render the full page, or only `blocks` (joined) when htmx asked for a fragment."""
    if wants_fragment():
        names = [blocks] if isinstance(blocks, str) else list(blocks)
        body = render_blocks(template, names, **context)
    else:
        body = render_template(template, **context)
    response = make_response(body, status)
    response.vary.add("HX-Request")
    return response
