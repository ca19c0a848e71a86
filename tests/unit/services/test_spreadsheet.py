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


def test_a_table_guards_every_text_cell_and_writes_numbers_and_truth_as_they_are():
    from webapp.services.spreadsheet import table

    text = table(["name", "score", "passed", "note"],
                 [["=1+1", 3, True, None], ["@x", -2, False, "+x"], ["-x", 0.5, True, "\tx"],
                  ["Zoë 張", 10, False, "a,b \"c\""]])
    assert text.splitlines() == [
        "name,score,passed,note",
        "'=1+1,3,true,",
        "'@x,-2,false,'+x",
        "'-x,0.5,true,'\tx",
        'Zoë 張,10,false,"a,b ""c"""',
    ]


def test_a_table_with_a_header_only_is_one_line():
    from webapp.services.spreadsheet import table

    assert table(["a", "b"], []) == "a,b\r\n"
