"""CSV a spreadsheet opens as text, never as a formula: `cell` is the one escaper every CSV uses
(the quiz's results, a class's results), `table` the one writer (with `bom`, a byte-order mark
first: Excel then reads the file as UTF-8, "Zoë" and emoji included)."""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from urllib.parse import quote
from collections.abc import Iterable

from markupsafe import Markup

BOM = "\ufeff"
# What starts a formula (or a DDE call) in Excel, LibreOffice and Google Sheets.
FORMULA_START = ("=", "+", "-", "@")


def cell(value) -> str:
    """`value` as a CSV cell: text as it is (marked-up words as their plain text), a list or dict
    as JSON, None empty. NFKC first (a spreadsheet reads a full-width ＝ as =), then text that
    starts like a formula, after any spaces or tabs, or with a tab or a carriage return, gets a
    leading quote."""
    if value is None:
        return ""
    if hasattr(value, "__html__"):  # words with marks (an option's lang): the text they mark
        value = Markup(value.__html__()).striptags()
    if isinstance(value, (dict, list)):
        value = json.dumps(value, sort_keys=True)
    text = unicodedata.normalize("NFKC", str(value))
    if text[:1] in ("\t", "\r") or text.lstrip()[:1] in FORMULA_START:
        return "'" + text
    return text


def value(item) -> str:
    """Any value as a CSV cell: True/False as true/false, a number as written, anything else
    through `cell` (so no text can reach a spreadsheet as a formula)."""
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, (int, float)):
        return str(item)
    return cell(item)


def table(header: list[str], rows: Iterable[Iterable], *, before: Iterable[Iterable] = (),
          bom: bool = False) -> str:
    """A whole CSV file: the rows `before` (a title, a date: each value through `value`), the
    header, then every row, each value through `value`; with `bom`, a byte-order mark first."""
    out = io.StringIO()
    if bom:
        out.write(BOM)
    writer = csv.writer(out)
    for row in before:
        writer.writerow([value(item) for item in row])
    writer.writerow([value(name) for name in header])
    for row in rows:
        writer.writerow([value(item) for item in row])
    return out.getvalue()


def attachment(*parts: str) -> str:
    """A CSV's Content-Disposition naming it by `parts` (a title, a date, a code): an ASCII name
    every browser takes (the title transliterated where it can be, else "results"), then the
    real one (RFC 6266: filename*=UTF-8''...)."""
    title, *rest = parts
    ascii_title = re.sub(r"[^A-Za-z0-9]+", "-", unicodedata.normalize("NFKD", title)
                         .encode("ascii", "ignore").decode()).strip("-")[:60] or "results"
    plain = "-".join([ascii_title, *(re.sub(r"[^A-Za-z0-9-]+", "-", p) for p in rest)])
    return (f'attachment; filename="{plain}.csv"; '
            f"filename*=UTF-8''{quote(' '.join(parts) + '.csv', safe='')}")
