"""Issue 24, the small frictions a new player meets in Learn: an untouched board is neutral (not
red), a goal step's live line is no second red/green verdict, one forward button after feedback,
Review counts misses only (skipped steps apart), Continue skips lessons fully answered."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.conftest import csrf_token, shipped_catalogue
from tests.web.test_learn_progress import answer, answer_all, right_fields

CURRICULUM = shipped_catalogue().curriculum
FON = "/learn/force-of-nature"
HX = {"HX-Request": "true"}
EMPTY = {"dmg:fon:bears-a": "0", "dmg:fon:bears-b": "0", "dmg:fon:bears-c": "0",
         "dmg:fon:player": "0"}


@pytest.fixture
def client(make_app):
    return make_app().test_client()


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def verdict_html(html: str) -> str:
    """The inside of the page's live verdict (the whole answer of a live fragment)."""
    found = re.search(r'<div id="verdict" class="verdict" role="status"[^>]*>(.*?)</div>', html,
                      re.S)
    return found.group(1) if found else html.split("hx-swap-oob")[0]


def headline(html: str) -> tuple[str, str]:
    """(the verdict headline's class, its words)."""
    found = re.search(r'<p class="headline ([a-z]+)">(.*?)</p>', verdict_html(html), re.S)
    return found.group(1), text(found.group(2))


def live(client, lesson, step, fields):
    form = {"lesson": lesson, "step": step, **fields}
    return client.post(f"/learn/{lesson}/{step}/live", data=form, headers=HX)


def skip(client, lesson, step):
    return client.post(f"/learn/{lesson}/{step}/next", data={"csrf_token": csrf_token(client)})


# ---- 1. an untouched board is neutral ------------------------------------------------------------

def test_an_untouched_practice_board_opens_neutral_with_what_to_do(client):
    html = client.get(f"{FON}/most-practice").get_data(as_text=True)  # the page without JS
    kind, words = headline(html)
    assert kind == "plain" and words == "No damage placed yet"
    said = text(verdict_html(html))
    assert "Not legal" not in said and "must assign all 8" in said and "510.1a" in said


def test_a_drag_back_to_nothing_is_neutral_again_and_any_damage_gets_a_verdict(client):
    assert headline(live(client, "force-of-nature", "most-practice",
                         EMPTY).get_data(as_text=True)) == ("plain", "No damage placed yet")
    some = {**EMPTY, "dmg:fon:player": "1"}
    assert headline(live(client, "force-of-nature", "most-practice", some)
                    .get_data(as_text=True)) == ("bad", "✗ Not legal")
    legal = {**EMPTY, "dmg:fon:bears-a": "8"}
    kind, _ = headline(live(client, "force-of-nature", "most-practice", legal)
                       .get_data(as_text=True))
    assert kind != "bad"


def test_locked_sliders_are_not_damage_the_learner_placed(client):
    """split-d-practice locks 3 and 2 on two bears: the free sliders at 0 are still untouched,
    and the headline says the learner placed nothing, not that the board holds no damage (it
    shows 5, the exercise's)."""
    html = client.get(f"{FON}/split-d-practice").get_data(as_text=True)
    assert headline(html) == ("plain", "You haven’t placed any damage yet")
    moved = live(client, "force-of-nature", "split-d-practice",
                 {"dmg:fon:bears-c": "2"}).get_data(as_text=True)
    assert headline(moved)[0] != "plain"
    fr = client.get(f"{FON}/split-d-practice?lang=fr").get_data(as_text=True)
    ja = client.get(f"{FON}/split-d-practice?lang=ja").get_data(as_text=True)
    assert headline(fr)[1] == "Vous n’avez encore placé aucune blessure"
    assert headline(ja)[1] == "まだ自分ではダメージを割り振っていません"


def test_the_sandbox_and_a_worked_example_use_the_same_live_check(client):
    sandbox = client.get("/sandbox").get_data(as_text=True)
    assert headline(sandbox) == ("plain", "No damage placed yet")
    assert "must assign all 8" in text(verdict_html(sandbox))
    worked = client.get(f"{FON}/mixed-worked").get_data(as_text=True)  # locked and set: a verdict
    assert "No damage placed yet" not in worked and "✓ Legal" in text(worked)


def test_the_neutral_state_is_said_in_french_and_japanese(client):
    fr = client.get(f"{FON}/most-practice?lang=fr").get_data(as_text=True)
    ja = client.get(f"{FON}/most-practice?lang=ja").get_data(as_text=True)
    assert headline(fr)[1] == "Aucune blessure placée pour l’instant"
    assert headline(ja)[1] == "まだダメージを割り振っていません"


# ---- 2. a goal step's live line is no second verdict --------------------------------------------

def test_a_legal_split_on_a_goal_step_is_said_in_grey_without_a_tick(client):
    legal_not_most = {**EMPTY, "dmg:fon:bears-a": "2", "dmg:fon:bears-b": "2",
                      "dmg:fon:bears-c": "4"}
    fragment = live(client, "force-of-nature", "most-practice", legal_not_most)
    assert headline(fragment.get_data(as_text=True)) == ("plain", "Legal split")
    # The answer's page: the one red verdict is the grade's, the live line stays grey.
    answered = answer(client, "force-of-nature", "most-practice", legal_not_most,
                      follow_redirects=True).get_data(as_text=True)
    assert headline(answered) == ("plain", "Legal split") and "✓ Legal" not in text(answered)
    assert "Not quite" in text(answered)


def test_a_step_that_asks_only_for_a_legal_split_still_says_legal_in_green(client):
    fragment = live(client, "blocked-means-stopped", "split-practice",
                    {"dmg:wurm:bears": "3", "dmg:wurm:elves": "3"})
    assert headline(fragment.get_data(as_text=True)) == ("ok", "✓ Legal")


# ---- 3. one forward button after feedback --------------------------------------------------------

def test_after_feedback_there_is_one_way_forward(client):
    page = answer(client, "force-of-nature", "two-predict", {"amount": "4"},
                  follow_redirects=True).get_data(as_text=True)
    assert "Right!" in page
    forward = re.findall(r'<button type="submit" class="button primary">\s*(Next[^<]*)<', page)
    assert [f.strip() for f in forward] == ["Next step"]  # the feedback's, not the nav's too
    before = client.get(f"{FON}/two-predict").get_data(as_text=True)  # no answer shown: Next
    assert [f.strip() for f in re.findall(
        r'<button type="submit" class="button primary">\s*(Next[^<]*)<', before)] == ["Next"]
    # htmx swaps in only the feedback: its button is marked for learn.css to hide the nav's
    # (the browser test sees one button).
    fragment = answer(client, "force-of-nature", "two-predict", {"amount": "4"},
                      headers=HX).get_data(as_text=True)
    assert re.search(r'<form class="actions next-on"[^>]*>\s*<input[^>]*>\s*<button[^>]*>Next step',
                     fragment)


# ---- 4. Review: misses, with skipped steps apart -------------------------------------------------

def test_skipping_with_next_does_not_count_as_waiting_and_is_listed_apart(client):
    answer(client, "force-of-nature", "two-predict", {"amount": "6"})  # a miss
    skip(client, "force-of-nature", "two-predict")
    skip(client, "force-of-nature", "split-d-practice")
    index = client.get("/learn").get_data(as_text=True)
    assert "(1 waiting)" in index
    html = client.get("/learn/review").get_data(as_text=True)
    missed, skipped = html.split('id="skipped-h"')
    assert 'id="missed-h"' in missed and f'href="{FON}/two-predict"' in missed
    assert f'href="{FON}/split-d-practice"' not in missed
    assert f'href="{FON}/split-d-practice"' in skipped
    assert f'href="{FON}/two-predict"' not in skipped
    assert "Your answer: 6</p>" in missed


def test_only_skipped_steps_mean_nothing_waits_but_they_are_still_listed(client):
    skip(client, "force-of-nature", "two-predict")
    answer(client, "force-of-nature", "split-d-practice", right_fields(
        CURRICULUM.lesson("force-of-nature").step("split-d-practice")))
    assert "waiting" not in client.get("/learn").get_data(as_text=True)
    html = client.get("/learn/review").get_data(as_text=True)
    assert 'id="missed-h"' not in html and 'id="skipped-h"' in html
    assert f'href="{FON}/two-predict"' in html


def test_steps_not_reached_yet_are_not_called_skipped(client):
    answer(client, "force-of-nature", "split-d-practice", right_fields(
        CURRICULUM.lesson("force-of-nature").step("split-d-practice")))
    html = client.get("/learn/review").get_data(as_text=True)
    assert f'href="{FON}/two-predict"' in html  # passed without an answer
    for ahead in ("most-practice", "all-on-one-legal", "which-illegal", "skip-one-legal"):
        assert f'href="{FON}/{ahead}"' not in html
    skip(client, "force-of-nature", "most-practice")  # Next past it: now it is skipped
    assert f'href="{FON}/most-practice"' in client.get("/learn/review").get_data(as_text=True)


# ---- 5. Continue goes where there is something left to answer ------------------------------------

def continue_href(html: str) -> str:
    return re.search(r'<a class="button primary" href="([^"]+)">\s*Continue', html).group(1)


def test_continue_skips_a_lesson_whose_every_step_is_answered(client):
    answer(client, "deathtouch-and-trample", "wurm-predict", {"amount": "5"})  # left half done
    answer_all(client, "force-of-nature")  # touched last, every step answered, not finished
    html = client.get("/learn").get_data(as_text=True)
    assert continue_href(html).startswith("/learn/deathtouch-and-trample/")


def test_with_every_started_lesson_answered_continue_takes_the_first_in_order(client):
    answer_all(client, "force-of-nature")
    html = client.get("/learn").get_data(as_text=True)
    first = CURRICULUM.lessons[0]
    assert first.id != "force-of-nature"
    assert continue_href(html) == f"/learn/{first.id}/{first.steps[0].id}"


def test_endless_practice_gets_the_same_neutral_and_grey_states(client):
    """Endless practice's assign boards come from the same live check (their goal is the most)."""
    answer_all(client, "force-of-nature")
    finished = client.post(f"{FON}/finish", data={"csrf_token": csrf_token(client),
                                                   "lesson": "force-of-nature"})
    assert finished.status_code == 303
    # a slider board of the lesson, by its seed ("Try a similar one"'s address), not by chance
    html = client.get("/learn/practice?lesson=force-of-nature&kind=assign&seed=7"
                      ).get_data(as_text=True)
    assert 'class="dmg"' in html
    assert headline(html) == ("plain", "No damage placed yet")
    token = re.search(r'name="board" value="([^"]+)"', html).group(1)
    sliders = re.findall(r'class="dmg" id="[^"]+" name="(dmg:[^"]+)"\s+min="0" max="(\d+)"', html)
    fields = {name: "0" for name, _ in sliders}
    for attacker in {name.split(":")[1] for name, _ in sliders}:  # all on its first recipient
        name, most = next((n, m) for n, m in sliders if n.split(":")[1] == attacker)
        fields[name] = most
    fragment = client.post("/learn/practice/live", data={"board": token, **fields}, headers=HX)
    assert headline(fragment.get_data(as_text=True)) == ("plain", "Legal split")


# ---- "Check my answer" on an untouched board is no answer ----------------------------------------

@pytest.mark.parametrize("step, fields", [
    ("most-practice", {}),  # no slider field sent at all
    ("most-practice", {"dmg:fon:bears-a": "0", "dmg:fon:bears-b": "0", "dmg:fon:bears-c": "0",
                       "dmg:fon:player": "0"}),
    ("split-d-practice", {"dmg:fon:bears-c": "0", "dmg:fon:player": "0"}),  # locked ones aside
])
def test_checking_an_untouched_board_says_place_the_damage_and_records_nothing(client, step,
                                                                               fields):
    refused = answer(client, "force-of-nature", step, fields)
    assert refused.status_code == 400
    assert "Place the damage first" in text(refused.get_data(as_text=True))
    review = client.get("/learn/review").get_data(as_text=True)
    assert "Not quite" not in text(refused.get_data(as_text=True))
    assert step not in review  # not a miss: nothing was answered
    # and the first real answer still counts as the first
    right = CURRICULUM.lesson("force-of-nature").step(step)
    assert answer(client, "force-of-nature", step, right_fields(right)).status_code == 303


def test_untouched_is_refused_in_french_and_japanese(client):
    for lang, words in (("fr", "Placez d’abord les blessures"), ("ja", "先にダメージを割り振って")):
        client.get(f"/?lang={lang}")
        refused = answer(client, "force-of-nature", "most-practice", {})
        assert refused.status_code == 400 and words in text(refused.get_data(as_text=True))
