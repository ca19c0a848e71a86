"""A shared quiz's statistics and results table, from the service directly (no request)."""

from __future__ import annotations

import csv
import io
from datetime import datetime, timezone
from types import SimpleNamespace

from webapp.services.quiz_results import (LEGAL_BUT_NOT_ASKED, RESULTS_HEADER, per_question,
                                          results_csv, wrong_kind)

BOARD = {"attackers": [{"id": "a1", "name": "Rhino", "power": 4, "toughness": 4,
                        "abilities": ["trample"], "blocked_by": ["b1"]}],
         "blockers": [{"id": "b1", "name": "Bear", "power": 2, "toughness": 2}]}
ASSIGN = {"type": "assign", "board": BOARD, "answer": 2,
          "goal": {"kind": "most", "creature": "a1", "recipient": "player"},
          "example": {"a1": {"b1": 2, "player": 2}}}
NUMBER = {"type": "number", "answer": 2}
MANY = {"type": "many", "answer": ["x", "y"],
        "options": [{"id": "x", "text": "X"}, {"id": "y", "text": "Y"}, {"id": "z", "text": "Z"}]}


def attempt(name: str, answers: dict, questions=()):
    return SimpleNamespace(name=name, answers=answers, token=f"t-{name}", questions=list(questions),
                           started_at=datetime(2026, 11, 26, 12, 0, tzinfo=timezone.utc),
                           score=sum(c for _, c in answers.values()), percent=50, passed=False)


def test_statistics_count_answers_and_group_wrong_ones_by_what_they_were():
    attempts = [
        attempt("a", {1: (2, True), 2: (["y", "z"], False),
                      3: ({"a1": {"b1": 1, "player": 3}}, False)}),
        attempt("b", {1: (3, False), 2: (["z", "y"], False),
                      3: ({"a1": {"b1": 3, "player": 1}}, False)}),
        attempt("c", {1: (3, False), 3: ({"a1": {"b1": 2, "player": 2}}, True)}),
        attempt("d", {}),
    ]
    number, many, assign, unanswered = per_question([NUMBER, MANY, ASSIGN, NUMBER], attempts,
                                                    [{"bank": "q"}] * 4)
    assert (number.n, number.answered, number.percent) == (1, 3, 33)
    assert [(w.kind, w.example, w.count) for w in number.wrong] == [(("given", 3), 3, 2)]
    assert many.percent == 0 and [(w.kind, w.count) for w in many.wrong] == [
        (("given", ("y", "z")), 2)]  # the same choice, in any order
    assert assign.percent == 33
    kinds = {w.kind: w.count for w in assign.wrong}
    assert kinds == {("problem", "player_before_lethal", "702.19b"): 1, LEGAL_BUT_NOT_ASKED: 1}
    assert (unanswered.answered, unanswered.percent, unanswered.wrong) == (0, None, [])


def test_a_split_that_is_not_a_split_counts_as_one_the_core_refuses():
    assert wrong_kind(ASSIGN, {"a1": {"nobody": 4}})[0] == "problem"
    assert wrong_kind(ASSIGN, "junk") == LEGAL_BUT_NOT_ASKED


def test_the_results_table_has_a_row_per_attempt_and_question_and_guards_every_name():
    attempts = [attempt("=1+1", {1: (3, False)}, [NUMBER, MANY]),
                attempt("Zoë 張", {1: (2, True), 2: (["x", "y"], True)}, [NUMBER, MANY]),
                attempt("@x", {}, [NUMBER]), attempt("+x", {}, [NUMBER]),
                attempt("-x", {}, [NUMBER]), attempt("\tx", {}, [NUMBER])]

    def words(q, given, options):
        if given is None:
            return ""
        return "; ".join(o["text"] for o in options if o["id"] in given) if q["type"] == "many" \
            else str(given)

    text = results_csv(attempts, lambda a: [(q, q.get("options", [])) for q in a.questions],
                       words)
    assert text.startswith("\ufeff")  # the byte-order mark: Excel reads UTF-8
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    assert rows[0] == RESULTS_HEADER
    assert rows[1] == ["'=1+1", "2026-11-26T12:00:00+00:00", "1", "number", "3", "false", "2",
                       "0", "50", "false"]
    assert rows[2][:7] == ["'=1+1", "2026-11-26T12:00:00+00:00", "2", "many", "", "", "X; Y"]
    assert rows[3][0] == rows[4][0] == "Zoë 張" and rows[4][4:6] == ["X; Y", "true"]
    assert [r[0] for r in rows[5:]] == ["'@x", "'+x", "'-x", "'\tx"]


def test_statistics_keep_answers_to_an_earlier_generator_version_apart():
    now, old = {"gen": [1, 5, 1], "v": 2}, {"gen": [1, 5, 1]}
    attempts = [attempt("new", {1: (2, True)}, [now]), attempt("old", {1: (9, False)}, [old]),
                attempt("old2", {1: (2, True)}, [old])]
    (stats,) = per_question([NUMBER], attempts, [now])
    assert (stats.answered, stats.percent, stats.wrong, stats.replaced) == (1, 100, [], 2)


def test_the_results_table_gives_a_replaced_question_no_key_and_its_recorded_mark():
    replaced = {"type": "replaced", "replaced": 1, "answer": None, "options": []}
    text = results_csv([attempt("a", {1: (9, False)}, [replaced])],
                       lambda a: [(replaced, [])],
                       lambda q, given, options: "(replaced)" if q.get("replaced") else str(given))
    row = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))[1]
    assert row[3:7] == ["replaced", "(replaced)", "false", ""]
