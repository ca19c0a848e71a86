"""CSV cells a spreadsheet opens as text, never as a formula: the one helper every CSV uses
(the quiz's results, a class's results)."""

from __future__ import annotations

import json
import unicodedata

# What starts a formula (or a DDE call) in Excel, LibreOffice and Google Sheets.
FORMULA_START = ("=", "+", "-", "@")


def cell(value) -> str:
    """`value` as a CSV cell: text as it is, a list or dict as JSON, None empty. NFKC first (a
    spreadsheet reads a full-width ＝ as =), then text that starts like a formula, after any
    spaces or tabs, or with a tab or a carriage return, gets a leading quote."""
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        value = json.dumps(value, sort_keys=True)
    text = unicodedata.normalize("NFKC", str(value))
    if text[:1] in ("\t", "\r") or text.lstrip()[:1] in FORMULA_START:
        return "'" + text
    return text
