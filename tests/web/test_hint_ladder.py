"""The hint ladder in Learn (issue 24): a first miss gets a nudge naming the likely misreading
without the answer, a second the step's hint, the third (or "Show me the answer") the worked
answer; a right answer given just after seeing the answer leaves the step in Review."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest

from tests.web.test_learn import answer_page, post, right_answer, shown_page, text
from tests.conftest import shipped_catalogue

FON = "force-of-nature"
TOO_MANY = {"amount": "6"}                # two-predict: the answer is 4
ALL_ON_ONE = {"dmg:fon:bears-a": "8"}      # most-practice: legal, but 0 of the 2 reach the player


@pytest.fixture
def client(make_app):
    return make_app().test_client()


def feedback(html: str) -> str:
    """The feedback region's visible text."""
    region = html.split('id="feedback"', 1)[1] if 'id="feedback"' in html else html
    return text(region.split('id="try-board"')[0])


def attempt_of(html: str) -> str:
    return re.search(r'name="answer" value="(\d+)"', html).group(1)


@pytest.mark.parametrize("hx", [False, True], ids=["page", "htmx"])
def test_a_first_miss_gets_a_nudge_naming_the_misreading_not_the_answer(client, hx):
    html = answer_page(client, FON, "two-predict", TOO_MANY, hx)
    said = feedback(html)
    assert 'data-ladder="1"' in html and "Not quite" in said
    assert "You said 6; that is more than Force of Nature can send" in said
    assert 'data-misreading="one_blocker_only"' in html  # 8 − 2: as if one Bears needed lethal
    assert not re.search(r"\b4\b", said)  # the answer is nowhere in the nudge
    assert "Where 4 comes from" not in html and 'type="range"' not in html  # no board to try yet
    assert "Show me the answer" in said


def test_a_slider_miss_names_its_misreading_in_the_nudge(client):
    html = answer_page(client, FON, "most-practice", ALL_ON_ONE)
    said = feedback(html)
    assert 'data-ladder="1"' in html and 'data-misreading="trample_ignored"' in html
    assert "could send more to the defending player" in said
    assert "keeps all of Force of Nature’s damage on its blockers" in said
    assert not re.search(r"\b2\b", said) and "a legal split can send" not in said


def test_the_second_miss_adds_the_hint_and_the_third_shows_the_answer(client):
    html = answer_page(client, FON, "most-practice", ALL_ON_ONE)
    assert "A hint" not in feedback(html)
    html = answer_page(client, FON, "most-practice", ALL_ON_ONE)
    said = feedback(html)
    assert 'data-ladder="2"' in html and "A hint" in said
    assert "What is the least each Bears can take?" in said and not re.search(r"\b2\b", said)
    html = answer_page(client, FON, "most-practice", ALL_ON_ONE)
    said = feedback(html)
    assert "data-ladder" not in html and "Show me the answer" not in said
    assert "a legal split can send 2" in said and "8 − 6 = 2" in said
    assert 'data-misreading="trample_ignored"' in html  # the answer still names the mistake


def test_a_right_answer_after_a_miss_starts_the_ladder_again(client):
    answer_page(client, FON, "two-predict", TOO_MANY)
    answer_page(client, FON, "two-predict", {"amount": "4"})
    html = answer_page(client, FON, "two-predict", TOO_MANY)
    assert 'data-ladder="1"' in html


@pytest.mark.parametrize("hx", [False, True], ids=["page", "htmx"])
def test_show_me_gives_the_worked_answer_at_once(client, hx):
    html = shown_page(client, FON, "two-predict", TOO_MANY, hx)
    said = feedback(html)
    assert "You said 6, but the most Force of Nature can send to the defending player is 4." \
        in said
    assert "data-ladder" not in html and html.count('type="range"') == 3  # the board to try
    assert ('hx-swap-oob="true"' in html) is hx


def test_show_me_refuses_what_is_not_the_learners_wrong_answer(client):
    html = answer_page(client, FON, "two-predict", {"amount": "4"})  # right: nothing to show
    right = attempt_of(html)
    assert post(client, FON, "two-predict", {"answer": right}, suffix="/show").status_code == 404
    wrong = attempt_of(answer_page(client, FON, "two-predict", TOO_MANY))
    assert post(client, FON, "most-practice", {"answer": wrong},
                suffix="/show").status_code == 404  # another step's answer
    assert post(client, FON, "two-predict", {"answer": "x"}, suffix="/show").status_code == 404
    stranger = client.application.test_client()  # the same server, a learner of its own
    answer_page(stranger, FON, "two-predict", TOO_MANY)
    assert post(stranger, FON, "two-predict", {"answer": wrong},
                suffix="/show").status_code == 404


def review_text(client) -> str:
    return text(client.get("/learn/review").get_data(as_text=True))


class Clock:
    def __init__(self):
        self.now = datetime(2026, 11, 27, 12, tzinfo=timezone.utc)

    def __call__(self):
        return self.now


def test_a_retry_right_after_seeing_the_answer_stays_in_review_until_another_day(make_app):
    clock = Clock()
    client = make_app(CLOCK=clock).test_client()
    shown_page(client, FON, "two-predict", TOO_MANY)
    answer_page(client, FON, "two-predict", {"amount": "4"})  # copied from the answer just seen
    assert "Right after seeing the answer: try it again another day." in review_text(client)
    clock.now += timedelta(days=1, minutes=1)
    answer_page(client, FON, "two-predict", {"amount": "4"})
    assert "Right after seeing the answer" not in review_text(client)
    assert "How much can reach the player?" not in review_text(client)


def test_three_misses_show_the_answer_too_so_the_retry_stays_in_review(client):
    for _ in range(3):
        answer_page(client, FON, "two-predict", TOO_MANY)
    answer_page(client, FON, "two-predict", {"amount": "4"})
    assert "Right after seeing the answer" in review_text(client)


def test_a_retry_after_a_nudge_is_a_clean_try_and_clears_review(client):
    answer_page(client, FON, "two-predict", TOO_MANY)
    answer_page(client, FON, "two-predict", {"amount": "4"})
    assert "Right after seeing the answer" not in review_text(client)


def test_the_first_answer_still_counts_on_the_finish_page(client):
    answer_page(client, FON, "two-predict", TOO_MANY)
    answer_page(client, FON, "two-predict", {"amount": "4"})
    answer_page(client, FON, "most-practice", right_answer(
        shipped_catalogue().curriculum.lesson(FON).step("most-practice")))
    html = text(client.get(f"/learn/{FON}/finish").get_data(as_text=True))
    assert "Right the first time: 1 of" in html  # the practice board, not the retried prediction


@pytest.mark.parametrize("step_id", ["which-illegal", "skip-one-legal"])
def test_choice_and_legal_steps_nudge_before_giving_the_answer(client, step_id):
    wrong = {"which-illegal": {"option": "four-four"}, "skip-one-legal": {"verdict": "legal"}}
    html = answer_page(client, FON, step_id, wrong[step_id], hx=True)
    said = feedback(html)
    assert 'data-ladder="1"' in html
    assert "The right answer:" not in said and "Deciding rule" not in said
    assert "This is the illegal one." not in said


def test_a_class_still_shows_the_answer_at_once(make_app):
    """A class on a lesson builds the same page with no ladder (the host paces the room): a
    wrong answer on a phone gets the worked answer, no nudge and no "Show me"."""
    from tests.web.test_class import HX, ILLEGAL, PRACTICE, Host, Learner

    app = make_app()
    host = Host(app)
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    said = ana.answer(ILLEGAL, **HX).get_data(as_text=True)
    assert "Not quite" in said and "702.19b" in said
    assert "data-ladder" not in said and "Show me the answer" not in said


def test_a_nudge_says_which_way_a_prediction_is_off(client):
    said = feedback(answer_page(client, FON, "two-predict", {"amount": "2"}))
    assert "You said 2; Force of Nature can send more than that to the defending player." in said
    assert not re.search(r"\b4\b", said)
