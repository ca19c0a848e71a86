"""The one place that reads htmx's request headers and decides page or fragment.

A fragment is a named block of the template that renders the whole page (jinja2-fragments), so the
page and its live updates can never drift apart.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

import jinja2_fragments
from flask import Response, current_app, make_response, render_template, request
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


def render(template: str, blocks: str | list[str], status: int = 200,
           reuse: tuple | None = None, **context) -> Response:
    """Render the full page, or only `blocks` (joined) when htmx asked for a fragment.

    `reuse` = (store, {block: key}): a block whose key is given is rendered once per key and
    kept in `store` (an LRU); the key must stand for everything in the context that block shows.
    """
    if wants_fragment():
        names = [blocks] if isinstance(blocks, str) else list(blocks)
        if reuse:
            current_app.update_template_context(context)  # once for all the blocks
            body = "".join(_reused(template, name, reuse[0], reuse[1], context) for name in names)
        else:
            body = render_blocks(template, names, **context)
    else:
        body = render_template(template, **context)
    response = make_response(body, status)
    response.vary.add("HX-Request")
    return response


def _reused(template: str, block: str, store, keys: Mapping[str, Hashable], context: dict) -> str:
    def block_html() -> str:
        return jinja2_fragments.render_block(current_app.jinja_env, template, block, **context)

    if block not in keys:
        return block_html()
    return store.get_or_make((template, block, keys[block]), block_html)
