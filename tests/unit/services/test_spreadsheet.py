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


def test_a_table_with_a_bom_and_rows_before_its_header():
    from webapp.services.spreadsheet import table

    text = table(["a"], [["Zoë 🐻"]], before=[["Lesson", "=x"], []], bom=True)
    assert text == "\ufeffLesson,'=x\r\n\r\na\r\nZoë 🐻\r\n"


@pytest.mark.parametrize("parts, ascii_name, real", [
    (("Force of Nature", "2026-11-26", "ABC123"), "Force-of-Nature-2026-11-26-ABC123.csv",
     "Force%20of%20Nature%202026-11-26%20ABC123.csv"),
    (("Zoë’s \"quiz\"; x", "2026-11-26"), "Zoes-quiz-x-2026-11-26.csv",
     "Zo%C3%AB%E2%80%99s%20%22quiz%22%3B%20x%202026-11-26.csv"),
    (("トランプル", "2026-11-26"), "results-2026-11-26.csv",
     "%E3%83%88%E3%83%A9%E3%83%B3%E3%83%97%E3%83%AB%202026-11-26.csv"),
])
def test_an_attachment_has_an_ascii_name_and_the_real_one(parts, ascii_name, real):
    from webapp.services.spreadsheet import attachment

    value = attachment(*parts)
    assert value == f'attachment; filename="{ascii_name}"; filename*=UTF-8\'\'{real}'
    assert value.isascii() and "\n" not in value
