"""Endless practice's boards: each lesson's ideas are read from its boards, and every idea has a
maker whose questions the rules core keys (issue 13, item 6)."""

from __future__ import annotations

import pytest

from webapp.content.generate import GenerateError, grade
from webapp.content.practice import (IDEAS, PRACTICE_KINDS, ideas_for, lesson_ideas,
                                     practice_question)
from webapp.rules import analyze, check
from tests.conftest import shipped_catalogue

LESSONS = shipped_catalogue().curriculum.lessons


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_has_ideas_with_a_board_maker(lesson):
    ideas = ideas_for(lesson)
    assert ideas and all(idea in IDEAS for idea in ideas)


def test_ideas_are_read_from_the_boards():
    bears = {"id": "b1", "name": "Bears", "power": 2, "toughness": 2, "damage": 1}
    wurm = {"id": "a1", "name": "Wurm", "power": 6, "toughness": 6,
            "abilities": ["trample", "deathtouch"], "blocked_by": ["b1"]}
    assert lesson_ideas([{"attackers": [wurm], "blockers": [bears]}]) == ("deathtouch", "marked")
    assert lesson_ideas([]) == ("trample",)


@pytest.mark.parametrize("idea", sorted(IDEAS))
@pytest.mark.parametrize("kind", PRACTICE_KINDS)
def test_practice_questions_are_keyed_by_the_core_and_the_same_for_a_seed(idea, kind):
    boards = set()
    for seed in range(40):
        q = practice_question((idea,), kind, seed)
        assert q == practice_question((idea,), kind, seed)
        board = {k: v for k, v in q["board"].items() if k != "assignment"}
        boards.add(repr(board))
        if q["type"] == "number":
            asked = q["verify"]
            assert q["answer"] == analyze(board)["creatures"][asked["creature"]][
                "recipients"].get(asked["recipient"], {}).get("max", 0)
        elif q["type"] == "legal":
            assert q["answer"] is check(q["board"])["legal"]
        else:
            assert grade(q, q["example"])
    assert len(boards) > 30  # fresh boards: numbers and names vary


def test_an_unknown_practice_kind_is_refused():
    with pytest.raises(GenerateError):
        practice_question(("trample",), "essay", 1)
