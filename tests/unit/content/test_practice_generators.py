"""Each lesson's endless practice exercises that lesson's own idea (issue 24, item 3): read the
board without the idea (deathtouch dropped, marks wiped, the doubler counted in lethal damage,
the planeswalker gone...) and the answer changes on most boards; every lesson gets sliders and
"how much" answers that aren't always 0; every board shows real cards as printed."""

from __future__ import annotations

from collections import Counter

import pytest

from webapp.content.cards import board_problems, default_cards
from webapp.content.practice import (IDEAS, PRACTICE_KINDS, ideas_for, needs_idea,
                                     practice_question)
from webapp.content.kinds import kind_of
from webapp.rules import analyze, check
from tests.conftest import shipped_catalogue

from .generated_audit import faults

LESSONS = shipped_catalogue().curriculum.lessons
SEEDS = range(20)
NEEDED = 0.6  # the share of a lesson's boards whose answer needs its idea


def sample(lesson):
    ideas = ideas_for(lesson)
    return [practice_question(ideas, kind, seed) for kind in PRACTICE_KINDS for seed in SEEDS]


@pytest.fixture(scope="module")
def samples():
    return {lesson.id: sample(lesson) for lesson in LESSONS}


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_a_lessons_practice_needs_its_idea_to_answer(lesson, samples):
    questions = samples[lesson.id]
    share = sum(needs_idea(q) for q in questions) / len(questions)
    assert share >= NEEDED, f"{lesson.id}: only {share:.0%} of boards need {ideas_for(lesson)}"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_gets_sliders_and_amounts_that_vary(lesson, samples):
    kinds = Counter(q["type"] for q in samples[lesson.id])
    assert set(kinds) == set(PRACTICE_KINDS), kinds
    amounts = {q["answer"] for q in samples[lesson.id] if q["type"] in ("number", "assign")}
    assert len(amounts) > 2 and amounts != {0}, amounts


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_practice_boards_show_real_cards_and_pass_the_generated_question_audit(lesson, samples):
    cards = default_cards()
    for q in samples[lesson.id]:
        board = {k: v for k, v in q["board"].items() if k != "assignment"}
        assert not board_problems(cards, board), (q["id"], board_problems(cards, board))
        assert not faults(q), (q["id"], faults(q))


@pytest.mark.parametrize("idea", sorted(i for i in IDEAS if "number" in IDEAS[i].kinds))
def test_each_misreading_reads_another_board(idea):
    """The misreading is a real change to the board, and its keys still come from the core."""
    changed = 0
    for seed in range(8):
        q = practice_question((idea,), "number", seed)
        board = {k: v for k, v in q["board"].items() if k != "assignment"}
        changed += IDEAS[idea].misread(board, q) != board
        asked = q["verify"]
        assert q["answer"] == analyze(board)["creatures"][asked["creature"]]["recipients"].get(
            asked["recipient"], {}).get("max", 0)
        legal = practice_question((idea,), "legal", seed)
        assert legal["answer"] is check(legal["board"])["legal"]
    assert changed >= 4


def test_banding_asks_the_defending_player_to_keep_a_blocker_alive_and_nothing_else():
    """Banding (702.22j): the defending player assigns the trampler's damage. Its boards ask only
    that a chosen blocker survive (no damage to it): never how much reaches the player or
    whether a split is legal, where banding's open question (may the defender damage
    themselves?) would decide. The key is legal and right; the misreader's split (banding
    forgotten: lethal to each blocker, the rest to the player) kills the kept blocker."""
    for seed in range(30):
        q = practice_question(("banding",), "assign", seed)
        board = {k: v for k, v in q["board"].items() if k != "assignment"}
        assert q["idea"] == "banding" and q["goal"]["kind"] == "exact" and q["rules"] == ["702.22j"]
        kept, attacker = q["goal"]["recipient"], board["attackers"][0]
        assert kept in attacker["blocked_by"] and len(attacker["blocked_by"]) >= 2
        assert any("banding" in b["abilities"] for b in board["blockers"])
        question = kind_of(q)
        assert question.grade(q["example"]).correct and q["example"]["a1"].get(kept, 0) == 0
        theirs = analyze(IDEAS["banding"].misread(board, q))["best"]
        assert theirs["a1"].get(kept, 0) > 0 and not question.grade(theirs).correct
        assert needs_idea(q)
        for other in ("number", "legal"):  # drawn from the lesson's other ideas instead
            asked = practice_question(("counters", "banding"), other, seed)
            assert asked["idea"] == "counters" and asked["type"] == other
            assert practice_question(("banding",), other, seed)["idea"] == "trample"


def test_the_doubler_is_said_beside_the_board_and_never_played_out():
    effects = Counter()
    for seed in range(20):
        q = practice_question(("doublers",), "number", seed)
        effects[q["effect"]["kind"]] += 1
        assert q["play_out"] is False
        if q["effect"]["kind"] == "torbran":
            assert "red" in q["board"]["attackers"][0]["colors"]
        else:
            assert q["effect"]["blocker"] in {b["id"] for b in q["board"]["blockers"]}
    assert set(effects) == {"torbran", "salve"}


def test_a_lesson_may_name_its_practice_ideas_in_the_catalogue(curriculum):
    assert ideas_for(curriculum.lesson("doublers-and-preventers")) == ("doublers",)
    assert ideas_for(curriculum.lesson("combat-basics")) == ("basics",)
    assert ideas_for(curriculum.lesson("marked-damage")) == ("marked",)  # read from its boards


def test_an_unknown_practice_idea_in_the_catalogue_is_refused(lessons_copy):
    from webapp.content import ContentError, load_curriculum
    from .conftest import edit

    edit(lessons_copy / "catalogue.toml", 'practice = ["doublers"]', 'practice = ["doubling"]')
    with pytest.raises(ContentError) as err:
        load_curriculum(lessons_copy, verify_keys=False)
    assert any("practice[0]" in str(p) and "doubling" in str(p) for p in err.value.problems)
