"""After a right split in Learn, "What the damage does": the sandbox's outcome (webapp.live.outcome,
templates/_outcome.html) for the learner's split, on the page without JavaScript and in the htmx
feedback. A wrong answer never shows it. What dies and why, and the life totals, are the
resolver's; these tests read them as the page says them."""

from __future__ import annotations

import re

import pytest

from tests.web.test_i18n_pages import english_fragments, visible_ui_text
from tests.web.test_learn import CURRICULUM, HX, answer_page, post, right_answer
from tests.web.test_sandbox_outcome import events, marks, words

MOST = ("force-of-nature", "most-practice")  # Force of Nature 8/8 against three Grizzly Bears
RIGHT = {"dmg:fon:bears-a": "2", "dmg:fon:bears-b": "2", "dmg:fon:bears-c": "2",
         "dmg:fon:player": "2"}
HEADING = "What the damage does"


@pytest.fixture
def client(make_app):
    return make_app().test_client()


def feedback_of(html: str) -> str:
    """The feedback region (the whole fragment for htmx)."""
    found = re.search(r'<div id="feedback"[^>]*>(.*)</div>\s*(?:</article>|$)', html, re.S)
    return found.group(1) if found else html


def assert_most_practice_outcome(html: str) -> None:
    region = feedback_of(html)
    assert re.search(r'<details class="outcome outcome-box" open>\s*<summary><h3 class="outcome-h">'
                     rf'{HEADING}</h3></summary>', region)
    assert region.count('class="outcome-step"') == 1
    # inside the status region, the steps are not read out with the verdict
    assert re.search(r'</summary>\s*(?:\{#.*?#\}\s*)?<div aria-live="off">', region, re.S)
    assert events(region) == [
        "Force of Nature deals 2 damage to Grizzly Bears A.",
        "Force of Nature deals 2 damage to Grizzly Bears B.",
        "Force of Nature deals 2 damage to Grizzly Bears C.",
        "Force of Nature deals 2 damage to the defending player.",
        "Grizzly Bears A deals 2 damage to Force of Nature.",
        "Grizzly Bears B deals 2 damage to Force of Nature.",
        "Grizzly Bears C deals 2 damage to Force of Nature.",
        "Force of Nature survives with 6 damage marked (toughness 8).",
        "Grizzly Bears A dies. It has 2 damage marked and toughness 2.",
        "Grizzly Bears B dies. It has 2 damage marked and toughness 2.",
        "Grizzly Bears C dies. It has 2 damage marked and toughness 2.",
        "The defending player’s life: 20 → 18.",
    ]
    for bear in ("bears-a", "bears-b", "bears-c"):  # the picture says the same: dealt, and dies
        assert marks(region, bear) == ["2 damage dealt dies"]
    assert marks(region, "fon") == ["6 damage dealt survives"]
    assert marks(region, "player") == ["2 damage dealt life 20 → 18"]
    # The verdict comes first, then why, then the outcome, then the way on.
    order = [region.index(s) for s in ("Right!", "Why", HEADING, "Next step")]
    assert order == sorted(order)


# ---- a wrong answer first: no outcome ------------------------------------------------------------

@pytest.mark.parametrize("hx", [False, True], ids=["page", "htmx"])
@pytest.mark.parametrize("split", [
    {"dmg:fon:bears-a": "1", "dmg:fon:player": "7"},                      # illegal
    {"dmg:fon:bears-a": "3", "dmg:fon:bears-b": "3", "dmg:fon:bears-c": "2"},  # legal, not the most
], ids=["illegal", "not-the-most"])
def test_a_wrong_split_shows_no_outcome(client, split, hx):
    html = answer_page(client, *MOST, split, hx)
    assert "Not quite" in html
    assert HEADING not in html and "outcome-step" not in html


@pytest.mark.parametrize("hx", [False, True], ids=["page", "htmx"])
def test_a_wrong_legal_or_not_answer_shows_no_outcome(client, hx):
    html = answer_page(client, "force-of-nature", "all-on-one-legal", {"verdict": "illegal"}, hx)
    assert "Not quite" in html and HEADING not in html


def test_a_right_answer_on_an_illegal_split_has_nothing_to_deal(client):
    html = answer_page(client, "force-of-nature", "skip-one-legal", {"verdict": "illegal"})
    assert "Right!" in html and HEADING not in html


def test_a_bad_answer_is_a_400_without_an_outcome(client):
    response = post(client, *MOST, {"dmg:fon:bears-a": "x"}, HX)
    assert response.status_code == 400
    assert HEADING not in response.get_data(as_text=True)


# ---- a right split ---------------------------------------------------------------------------------

def test_without_javascript_a_right_split_shows_what_the_damage_does(client):
    response = post(client, *MOST, RIGHT)
    assert response.status_code == 303  # the plain post, then the page with its stored answer
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert_most_practice_outcome(html)


def test_htmx_gets_the_outcome_in_the_feedback_fragment(client):
    response = post(client, *MOST, RIGHT, HX)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html and 'class="lesson-head"' not in html  # the fragment only
    assert_most_practice_outcome(html)


def test_a_right_legal_or_not_answer_plays_out_the_legal_split_shown(client):
    html = answer_page(client, "force-of-nature", "all-on-one-legal", {"verdict": "legal"}, True)
    assert "Right!" in html and HEADING in html
    said = events(html)
    assert "Force of Nature deals 8 damage to Grizzly Bears A." in said
    assert "Grizzly Bears A dies. It has 8 damage marked and toughness 2." in said
    assert not any(s.startswith("Grizzly Bears B dies") for s in said)
    assert not any("life" in s for s in said)  # nothing tramples over


def test_first_or_double_strike_plays_out_in_two_steps(client):
    html = answer_page(client, "first-and-double-strike", "two-first-one-free",
                       right_answer(CURRICULUM.lesson("first-and-double-strike")
                                    .step("two-first-one-free")), True)
    region = words(feedback_of(html))
    assert feedback_of(html).count('class="outcome-step"') == 2
    first, second = "First-strike combat damage step", "Regular combat damage step"
    assert region.index(first) < region.index(second)
    assert "combat damage comes in two steps" in region
    assert "Your split set the first step." in region  # not the sandbox's words
    assert "sandbox" not in region.lower()


@pytest.mark.parametrize("lesson_id, step_id", [
    (lesson.id, step.id) for lesson in CURRICULUM for step in lesson.steps
    if step.type == "practice"])
def test_every_practice_steps_right_split_plays_out(client, lesson_id, step_id):
    step = CURRICULUM.lesson(lesson_id).step(step_id)
    html = answer_page(client, lesson_id, step_id, right_answer(step), True)
    assert "Right!" in html
    if not step.play_out:  # a board the format can't state exactly: nothing is dealt
        assert HEADING not in html and 'class="event' not in html
        return
    assert HEADING in html
    assert 'class="event event-damage"' in html
    if step.board_data().get("damage_step") == "second":  # the step the lesson says it is
        assert feedback_of(html).count('class="outcome-step"') == 1
        assert "First-strike combat damage step" not in words(feedback_of(html))


def test_a_board_the_lesson_calls_the_second_step_plays_out_as_that_step_alone(client):
    """The lesson says first-strike damage was dealt: dealing it again would tell another story."""
    step = CURRICULUM.lesson("first-and-double-strike").step("mulch-second-practice")
    assert step.board_data()["damage_step"] == "second"
    html = answer_page(client, "first-and-double-strike", "mulch-second-practice",
                       right_answer(step), True)
    region = feedback_of(html)
    assert region.count('class="outcome-step"') == 1
    assert "First-strike combat damage step" not in words(region)


def test_only_the_step_whose_board_cant_be_dealt_exactly_opts_out():
    opted_out = [(lesson.id, step.id) for lesson in CURRICULUM for step in lesson.steps
                 if step.type == "practice" and not step.play_out]
    assert opted_out == [("changes-between-steps", "guard-bears-locked")]


# ---- in every language -----------------------------------------------------------------------------

@pytest.mark.parametrize("lang, heading, life", [
    ("fr", "Ce que font les blessures", "20 → 18"),
    ("ja", None, "20 → 18"),
])
@pytest.mark.parametrize("hx", [False, True], ids=["page", "htmx"])
def test_the_outcome_is_in_the_learners_language(client, lang, heading, life, hx):
    client.get(f"/?lang={lang}")  # the switcher: the cookie keeps the language
    html = answer_page(client, *MOST, RIGHT, hx)
    region = feedback_of(html)
    assert 'class="outcome-step"' in region and life in words(region)
    if heading:
        assert heading in region
    shown = visible_ui_text(region)
    left = sorted(p for p in english_fragments(lang) if p in shown)
    assert not left, left
    assert HEADING not in region


# ---- endless practice: the same feedback, the same outcome -------------------------------------------

@pytest.mark.parametrize("hx", [False, True], ids=["page", "htmx"])
def test_endless_practice_plays_out_a_right_split_and_not_a_wrong_one(make_app, hx):
    from tests.web.test_practice import answer, board_on, finish, question, right, wrong

    app = make_app()
    client = app.test_client()
    finish(client, CURRICULUM.lesson("what-trample-does"))
    tokens = []  # two boards that ask for a split: a board keeps its first answer
    for _ in range(120):
        token = board_on(client.get("/learn/practice?lesson=what-trample-does")
                         .get_data(as_text=True))
        if question(app, token)[1]["type"] == "assign" and token not in tokens:
            tokens.append(token)
        if len(tokens) == 2:
            break
    assert len(tokens) == 2, "no two split boards drawn"
    for token, pick, shown in ((tokens[0], wrong, False), (tokens[1], right, True)):
        q = question(app, token)[1]
        response = answer(client, token, pick(q), hx)
        html = response.get_data(as_text=True) if hx else \
            client.get(response.headers["Location"]).get_data(as_text=True)
        assert ("Right!" in html) is shown and (HEADING in html) is shown
        if shown:
            region = feedback_of(html)
            assert region.index("Right!") < region.index(HEADING) < region.index("Next board")
            assert 'class="event event-damage"' in region and "outcome-step" in region


# ---- a class's phones: Learn's step, Learn's feedback ---------------------------------------------------

@pytest.mark.parametrize("hx", [False, True], ids=["page", "htmx"])
def test_a_class_phone_shows_its_own_right_split_played_out_and_not_a_wrong_one(make_app, hx):
    """A lesson step in class shows each learner right or wrong at once (only a quiz's exam waits
    for the host), so a right split's outcome is no more than that learner's feedback already says;
    the wall and the host's pages are unchanged."""
    from tests.web.test_class import ILLEGAL, LEGAL, PRACTICE, Host, Learner

    app = make_app()
    host = Host(app)
    ana, bo = Learner(app, host.code, "Ana"), Learner(app, host.code, "Bo", "10.0.0.2")
    host.go(PRACTICE)
    for learner, split, shown in ((ana, LEGAL, True), (bo, ILLEGAL, False)):
        response = learner.answer(split, **(HX if hx else {}))
        html = (response if hx else learner.play()).get_data(as_text=True)
        assert ("Right!" in html) is shown and (HEADING in html) is shown
    assert HEADING not in host.page() and HEADING not in host.page("/projector")
