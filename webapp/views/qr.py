"""A link as a QR code, for every page that shows one: the class's join link (the wall and the
host's page), a shared quiz's take link, a learner's resume link. Inline SVG from segno: no
script, no style attribute, nothing loaded from elsewhere."""

from __future__ import annotations

import segno
from markupsafe import Markup, escape

from ..i18n import gettext


def qr_svg(url: str, label: str | None = None) -> Markup:
    """A link (the join link, unless `label` names another) as an inline SVG QR code (no script,
    no style attribute)."""
    svg = segno.make(url, error="m").svg_inline(scale=6, dark="#000", light="#fff", border=3,
                                                omitsize=True)
    label = escape(label or gettext("QR code of the join link %(url)s", url=url))
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1))
