"""Feedback for every answer: a wrong prediction names the misreading its number reveals, a
legal-or-not verdict is explained whichever button was pressed, and praise names the reason.
Steps are read from the loader, so new lessons are covered as they arrive."""

from __future__ import annotations

import pytest

from tests.web.test_learn import CURRICULUM, answer_page, right_answer, shown_page, text
from webapp.content.misreadings import misread_numbers
from webapp.services.answers import sliders

PREDICTS = [(lesson.id, step.id) for lesson in CURRICULUM for step in lesson.steps
            if step.type == "predict"]
LEGALS = [(lesson.id, step.id) for lesson in CURRICULUM for step in lesson.steps
          if step.type == "legal"]


@pytest.fixture
def client(make_app):
    return make_app().test_client()


def misreadings_of(lesson_id, step_id):
    step = CURRICULUM.lesson(lesson_id).step(step_id)
    return step, misread_numbers(step.board_data(), step.creature, step.recipient)


@pytest.mark.parametrize("hx", [False, True], ids=["page", "htmx"])
@pytest.mark.parametrize("lesson_id, step_id", PREDICTS)
def test_each_misread_number_gets_its_own_explanation(client, lesson_id, step_id, hx):
    step, numbers = misreadings_of(lesson_id, step_id)
    for number, misreading in numbers.items():
        html = answer_page(client, lesson_id, step_id, {"amount": str(number)}, hx)
        assert "Not quite" in html
        assert f'data-misreading="{misreading.code}"' in html
        assert f"{number} is what" in text(html)
        assert f"Rule {misreading.rule}" in text(html)


@pytest.mark.parametrize("lesson_id, step_id", PREDICTS)
def test_a_number_no_misreading_explains_still_gets_the_reason(client, lesson_id, step_id):
    step, numbers = misreadings_of(lesson_id, step_id)
    other = next(n for n in range(0, 999) if n != step.answer and n not in numbers)
    html = shown_page(client, lesson_id, step_id, {"amount": str(other)})
    assert "Not quite" in html and "data-misreading" not in html
    assert f"You said {other}, but the most" in text(html) and f"is {step.answer}." in text(html)


@pytest.mark.parametrize("lesson_id, step_id", PREDICTS)
def test_a_right_prediction_is_praised_with_its_reason(client, lesson_id, step_id):
    step = CURRICULUM.lesson(lesson_id).step(step_id)
    html = answer_page(client, lesson_id, step_id, {"amount": str(step.answer)})
    assert "Right!" in html and "data-misreading" not in html
    blocked = step.board_data()
    attacker = next((a for a in blocked["attackers"] if a["id"] == step.creature), None)
    if attacker and attacker.get("blocked_by"):  # the lethal numbers are the reason
        assert f"Where {step.answer} comes from:" in html and "Lethal" in html


@pytest.mark.parametrize("verdict", ["legal", "illegal"])
@pytest.mark.parametrize("lesson_id, step_id", LEGALS)
def test_legal_or_not_is_explained_whichever_button_was_pressed(client, lesson_id, step_id,
                                                                 verdict):
    step = CURRICULUM.lesson(lesson_id).step(step_id)
    right = (verdict == "legal") is step.legal
    page = answer_page if right else shown_page  # a miss shows the answer when asked
    html = page(client, lesson_id, step_id, {"verdict": verdict}, hx=verdict == "legal")
    assert ("Right!" in html) is right
    if step.legal:
        assert 'class="problems"' not in html
        if step.board_data().get("blockers"):
            assert "Each blocker’s damage against the lethal damage it needs" in text(html)
            assert "lethal for it is" in html
    else:
        assert 'class="problems"' in html and "lethal for it is" not in html


def test_deathtouch_summing_toughness_is_named_on_the_page(client):
    lesson = next(lesson for lesson in CURRICULUM if lesson.id == "deathtouch-and-trample")
    step = next(s for s in lesson.steps if s.type == "predict")
    _, numbers = misreadings_of(lesson.id, step.id)
    number = next(n for n, m in numbers.items() if m.code == "deathtouch_ignored")
    html = answer_page(client, lesson.id, step.id, {"amount": str(number)}, hx=True)
    assert "has deathtouch, so 1 damage to a blocker is already lethal" in text(html)


PRACTICES = [(lesson.id, step.id) for lesson in CURRICULUM for step in lesson.steps
             if step.type == "practice"]


@pytest.mark.parametrize("lesson_id, step_id", PRACTICES)
def test_a_right_split_is_praised_with_each_blockers_lethal(client, lesson_id, step_id):
    step = CURRICULUM.lesson(lesson_id).step(step_id)
    html = answer_page(client, lesson_id, step_id, right_answer(step), hx=True)
    assert "Right!" in html
    if step.board_data().get("blockers"):
        assert "lethal for it is" in html


def test_a_right_split_on_a_lesson_step_and_on_a_practice_board_says_its_reasons_alike(client):
    """One macro (_question.html split_result): a right split on a lesson's practice step lists
    each blocker's damage against its lethal damage under the same heading a practice board's
    words use, not a bare list."""
    step = CURRICULUM.lesson("lethal-by-power").step("rhinos-zilortha-free")
    html = answer_page(client, "lethal-by-power", step.id, right_answer(step))
    assert "Right!" in html
    said = text(html)
    assert "Each blocker’s damage against the lethal damage it needs:" in said
    assert "lethal by power: power 7, nothing marked = 7" in said


def test_a_split_short_of_the_most_shows_where_the_most_comes_from_as_the_quiz_does(client):
    """One feedback for a split (views/feedback.py kind_feedback): a lesson's "send the most"
    step, answered short and then shown, says where the most comes from, as a quiz question of
    the same kind always did (the lesson's said only "Not quite" and the key)."""
    step = CURRICULUM.lesson("attacking-a-planeswalker").step("fon-jace-practice")
    short = {"dmg:fon:bears-a": "3", "dmg:fon:bears-b": "2", "dmg:fon:jace": "3"}
    said = text(shown_page(client, "attacking-a-planeswalker", step.id, short))
    assert "sends only 3 to Jace Beleren; a legal split can send 4." in said
    assert "Where 4 comes from: Grizzly Bears A:" in said


def test_a_split_posted_past_the_attackers_damage_is_graded_as_the_sliders_show_it(client):
    """One reading of a split on every surface (issue 20): Learn graded a hand-posted split as
    sent (8 to Jace on a Force of Nature that has 4 left after the Bears: "not legal"), where
    the quiz, a class and endless practice graded it as the sliders show it (4 to Jace). Now
    the kind reads it fitted everywhere, so the learner's answer is the split they saw."""
    step = CURRICULUM.lesson("attacking-a-planeswalker").step("fon-jace-practice")
    html = answer_page(client, "attacking-a-planeswalker", step.id,
                       {"dmg:fon:bears-a": "2", "dmg:fon:bears-b": "2", "dmg:fon:jace": "8"},
                       hx=True)
    assert "Right!" in html and "Not legal" not in html


def test_a_split_posted_past_a_locked_slider_keeps_the_lock_and_is_graded(client):
    """A locked slider's damage is spent first, as the panel counts it: a hand-posted split
    with every free slider far past the attacker's damage is fitted around the lock and graded
    (before, the fit cut the locked slider and the answer was refused as not fitting)."""
    step = CURRICULUM.lesson("deathtouch-limits").step("hurt-myr-one-free")
    free = {f"dmg:{cid}:{rid}": "99" for cid, info in sliders(step.board_data()).items()
            for rid in info["recipients"] if rid not in step.fixed.get(cid, {})}
    html = answer_page(client, "deathtouch-limits", step.id, free, hx=True)
    assert "Not quite" in html and "no longer fits" not in html
