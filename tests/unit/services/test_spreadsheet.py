"""One CSV cell helper for every CSV: NFKC first, then the formula guard (issue 19: a full-width
＝ became = in a spreadsheet, after the guard had let it through)."""

from __future__ import annotations

import pytest

from webapp.services.spreadsheet import cell


@pytest.mark.parametrize("given, written", [
    ("＝2+2", "'=2+2"), ("＋1", "'+1"), ("－1", "'-1"), ("＠SUM(A1)", "'@SUM(A1)"),
    ("=2+2", "'=2+2"), ("+1", "'+1"), ("-1", "'-1"), ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
    ("\t=1", "'\t=1"), ("\r=1", "'\r=1"), ("  =1+1", "'  =1+1"), (" \t@x", "' \t@x"),
    ("Ana", "Ana"), ("Bo, \"the\" best", "Bo, \"the\" best"), ("a=b", "a=b"), ("", ""),
    ("ﬁve", "five"), (None, ""), (3, "3"), ({"b": 1, "a": 2}, '{"a": 2, "b": 1}'),
])
def test_a_cell_is_nfkc_normalised_then_guarded_against_formulas(given, written):
    assert cell(given) == written
