"""Issue 23, the wall (a projector in a store): no site chrome, the item in full with its board and
its options lettered in the room's one order (the phones' letters), and the room's results only
once the host shows them, step by step."""

from __future__ import annotations

import re

import pytest

from tests.web.test_class import HX, ILLEGAL, LEGAL, PRACTICE, Host, Learner, text
from tests.web.test_learn import CURRICULUM
from tests.web.test_class_quiz import QuizHost, QuizLearner, make_quiz

CHOICE = 8  # force-of-nature's "which-illegal": five options, one right ("three-three-two")
ONE = "t1-protection-lethal-one"  # four options, the answer "three"; a board of two cards


def wall_url(host) -> str:
    return re.search(r'href="(/class/wall/[A-Za-z0-9_-]{43})"', host.page()).group(1)


def wall(app, host) -> str:
    response = app.test_client().get(wall_url(host))
    assert response.status_code == 200
    return text(response)


def phone_order(learner) -> list[str]:
    """The options as a phone lists them: (letter, option id), in its order."""
    page = learner.play().get_data(as_text=True)
    return re.findall(r'<div class="option opt-\d">\s*<input[^>]*value="([^"]+)"[^>]*>\s*'
                      r'<label[^>]*><span class="opt-letter">([A-Z])</span>', page)


def wall_letters(page: str) -> list[tuple[str, str]]:
    """(letter, words) of each option on the wall, in its order."""
    return [(letter, re.sub(r"<[^>]+>", "", words).strip()) for letter, words in re.findall(
        r'<span class="opt-letter">([A-Z])</span> <span class="opt-text">(.*?)</span>', page)]


@pytest.fixture
def host(app):
    return Host(app)


# --- the wall is made for a wall ----------------------------------------------------------------


def test_the_wall_has_no_site_chrome_but_a_full_screen_button(app, host):
    Learner(app, host.code, "Ana")
    for page in (wall(app, host), (host.go(PRACTICE), wall(app, host))[1]):
        assert 'class="site"' not in page and "<footer" not in page and "<nav" not in page
        assert 'aria-label="Language"' not in page and "/sandbox" not in page
        # progressive enhancement: hidden until wall.js finds the browser can go full screen
        assert re.search(r'<button type="button"[^>]*id="fullscreen" hidden>Full screen<', page)
        assert "js/wall.js" in page
    assert 'class="site"' in text(host.client.get(host.url))  # the host's page keeps its nav


def test_the_lobby_names_who_joined_and_the_code_and_qr_stay_in_a_corner_after_the_start(
        app, host):
    Learner(app, host.code, "Ana"), Learner(app, host.code, "Zoë")
    lobby = wall(app, host)
    assert "<li>Ana</li>" in lobby and "<li>Zoë</li>" in lobby and "2 players in the room" in lobby
    host.go(PRACTICE)
    running = wall(app, host)
    assert 'class="wall-join"' in running and "<svg" in running and host.code in running
    assert "Ana" not in running.split("<main", 1)[1] and "2 players in the room" in running


def test_the_wall_shows_a_lesson_steps_whole_text_and_its_board(app, host):
    host.go(3)  # "optional": a long explanation with a list
    page = wall(app, host)
    assert "Over-assigning is legal." in page and "Trampling over is optional." in page
    assert "The one thing you can’t do is send damage to the player" in page \
        or "The one thing you can't do is send damage to the player" in page
    host.go(PRACTICE)
    page = wall(app, host)
    assert "Send exactly 1 to the player." in page  # the task, not its first sentence only
    assert 'class="board"' in page and "Force of Nature" in page and "Grizzly Bears C" in page
    assert "Rule 702.19b" in page


def test_the_wall_shows_a_quiz_prompt_in_full_with_its_board(app):
    quiz = make_quiz(app, [ONE])
    host = QuizHost(app, f"http://localhost/quiz/o/{quiz.owner_token}")
    host.go(1)
    page = wall(app, host)
    found = re.search(r'<p class="wall-prompt"[^>]*>(.*?)</p>', page).group(1)
    assert len(found) > 90 and "…" not in found and found.rstrip().endswith("?")
    assert 'class="board"' in page and "Guardian of the Guildpact" in page


# --- one order, one letter, one colour for the whole room ------------------------------------------


def test_every_phone_and_the_wall_list_a_lesson_choice_in_one_lettered_order(app, host):
    phones = [Learner(app, host.code, name) for name in ("Ana", "Bo", "Cy", "Dee")]
    host.go(CHOICE)
    orders = [phone_order(p) for p in phones]
    assert len(orders[0]) == 5 and all(order == orders[0] for order in orders)
    assert [letter for _, letter in orders[0]] == list("ABCDE")
    shown = wall_letters(wall(app, host))
    assert [letter for letter, _ in shown] == list("ABCDE")
    # the wall's option words are the phones', in the phones' order
    page = phones[0].play().get_data(as_text=True)
    words = [re.sub(r"<[^>]+>", "", w).strip() for w in re.findall(
        r'<span class="opt-letter">[A-Z]</span> (.*?)</label>', page, re.S)]
    assert [w for _, w in shown] == words


def test_every_phone_and_the_wall_list_a_quiz_choice_in_one_lettered_order(app):
    quiz = make_quiz(app, [ONE])
    host = QuizHost(app, f"http://localhost/quiz/o/{quiz.owner_token}")
    phones = [QuizLearner(app, host.code, name) for name in ("Ana", "Bo", "Cy")]
    host.go(1)
    orders = [phone_order(p) for p in phones]
    assert len(orders[0]) == 4 and all(order == orders[0] for order in orders)
    page = phones[0].play().get_data(as_text=True)
    words = re.findall(r'<span class="opt-letter">[A-Z]</span> ([^<]*)</label>', page)
    assert [w for _, w in wall_letters(wall(app, host))] == [w.strip() for w in words]


def test_learn_still_orders_a_choice_per_visitor():
    from webapp.views.learn.steps import shuffled
    orders = {tuple(shuffled(list("ABCDE"), f"visitor-{n}", "which-illegal")) for n in range(8)}
    assert len(orders) > 1  # each visitor their own order, as before


# --- the room's results wait for the host ---------------------------------------------------------


def test_results_stay_off_the_wall_until_the_host_shows_them_and_the_host_sees_them_live(
        app, host):
    ana, bo = Learner(app, host.code, "Ana"), Learner(app, host.code, "Bo")
    host.go(PRACTICE)
    ana.answer(ILLEGAL, **HX)
    bo.answer(LEGAL, **HX)
    hidden = wall(app, host)
    for secret in ("Answered", "First answers", "Mistakes the room makes", "average",
                   "Where the room put its damage", "damage to the player before"):
        assert secret not in hidden
    assert "The room’s answers stay hidden until the host shows them." in hidden
    room = text(host.client.get(host.url + "/room", headers=HX))  # the host: live, all along
    assert "<dt>Answered</dt><dd>2</dd>" in room and "Where the room put its damage" in room
    assert "damage to the player before every blocker had lethal" in room
    assert "Show the results on the wall" in host.page()
    assert host.post("/results", shown="1").status_code == 303
    shown = wall(app, host)
    assert "<dt>Answered</dt><dd>2</dd>" in shown
    assert "average 2.0" in shown  # to the player: 3 and 1
    assert "damage to the player before every blocker had lethal" in shown
    assert "Where the room put its damage" in shown
    assert "Hide the results on the wall" in host.page()
    assert host.post("/results", shown="0").status_code == 303
    assert "First answers" not in wall(app, host)


def test_the_picks_wait_for_the_host_and_then_stand_beside_their_letters(app):
    quiz = make_quiz(app, [ONE])
    host = QuizHost(app, f"http://localhost/quiz/o/{quiz.owner_token}")
    ana, bo = QuizLearner(app, host.code, "Ana"), QuizLearner(app, host.code, "Bo")
    host.go(1)
    ana.send(1, {"option": "three"}), bo.send(1, {"option": "three"})
    assert "pick-count" not in wall(app, host)
    room = host.page("/room")
    assert re.search(r'<span class="opt-letter">[A-D]</span> <span class="pick-count">2 players',
                     room)  # the host's picks, lettered as the wall
    host.post("/results", shown="1")
    page = wall(app, host)
    assert len(re.findall(r'class="pick-count">\d players?<', page)) == 4
    assert "2 players" in page and 'class="tag ok"' not in page  # the key waits for "Project"


@pytest.mark.parametrize("move", [{"op": "next"}, {"op": "prev"}, {"op": "go", "step": "5"}])
def test_the_results_are_hidden_again_at_every_move(app, host, move):
    Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    host.post("/results", shown="1")
    assert "The room’s answers stay hidden" not in wall(app, host)
    assert host.post("/move", **move).status_code == 303
    page = wall(app, host)
    assert "Show the results on the wall" in host.page()
    assert "Answered" not in page


def test_only_the_host_link_shows_the_results(app, host):
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    token = wall_url(host).rsplit("/", 1)[1]
    for path in (f"/class/host/{'x' * 43}/results", f"/class/host/{token}/results",
                 f"/class/wall/{token}/results", f"/class/{host.code}/results"):
        assert ana.client.post(path, data={"csrf_token": ana.csrf, "shown": "1"}).status_code \
            in (404, 405), path
    assert host.client.post(host.url + "/results", data={"shown": "1"}).status_code == 400
    assert "Answered" not in wall(app, host)


def test_results_before_the_start_are_refused(app, host):
    assert host.post("/results", shown="1").status_code == 409


def test_projecting_the_answer_shows_the_question_with_it(app, host):
    host.go(PRACTICE)
    host.post("/show", what="answer")
    page = wall(app, host)
    assert "Send exactly 1 to the player." in page and 'class="board"' in page
    assert "The worked answer" in page and "Legal" in page
    host.go(CHOICE)
    host.post("/show", what="answer")
    page = wall(app, host)
    assert len(wall_letters(page)) == 5 and page.count('class="tag ok"') == 1
    assert re.search(r'class="opt-text">[^<]*1 to C[^<]*</span> <span class="tag ok">', page)
    assert "Which of these splits" in page  # the question, with its key


def test_projecting_a_splits_answer_plays_it_out_on_the_wall(app, host):
    """Issue 22 item 4 on the projector: the worked split's board as the damage leaves it."""
    host.go(PRACTICE)
    page = wall(app, host)
    assert "What the damage does" not in page and "card-outcome" not in page
    host.post("/show", what="answer")
    page = wall(app, host)
    shown = re.search(r'<div class="wall-board wall-dealt">(.*?)</ol>\s*</div>', page, re.S)
    assert shown and "What the damage does" in shown.group(1)
    words = " ".join(re.sub(r"<[^>]+>", " ", shown.group(1)).split())
    assert "life 20 → 19" in words and words.count("dies") == 3  # 1 to the player; the Bears die
    host.go(CHOICE)  # a choice: the board as it stands, no outcome
    host.post("/show", what="answer")
    assert "wall-dealt" not in wall(app, host)


def test_projecting_a_quiz_splits_key_plays_its_example_out(app):
    quiz = make_quiz(app, ["t3-thrasta-counter-battle-most-assign"])
    host = QuizHost(app, f"http://localhost/quiz/o/{quiz.owner_token}")
    host.go(1)
    assert "wall-dealt" not in wall(app, host)
    host.post("/show", what="answer")
    page = wall(app, host)
    assert '<div class="wall-board wall-dealt">' in page and "card-outcome" in page


def test_a_lesson_choices_picks_speak_the_hosts_language_without_an_english_mark(app, host):
    """The host's picks of a lesson's choice step are the options' words in the host's language:
    marked lang="en" only where the lesson has no translation (a screen reader reads French
    words as French)."""
    ana = Learner(app, host.code, "Ana")
    host.go(CHOICE)
    host.client.set_cookie("lang", "fr")
    ana.answer({"option": "three-three-two"}, step="which-illegal")
    room = host.page("/room")
    picks = re.findall(r'<span class="pick-count">[^<]*</span> <span([^>]*)>', room)
    assert len(picks) == 5, room[-3000:]
    assert all('lang="en"' not in attrs for attrs in picks), picks


def test_a_prediction_and_a_legal_or_not_step_are_asked_and_answered_on_the_wall(app):
    """The wall words a lesson step by its kind (an amount, a verdict): a legal-or-not step asks
    the question and its worked answer says the verdict and the rule; a prediction's worked
    answer is the number."""
    lesson = CURRICULUM.lesson("what-trample-does")
    predict, legal = lesson.steps[5], lesson.steps[6]
    assert (predict.kind, legal.kind) == ("amount", "verdict")  # the steps this test means
    host = Host(app, lesson=lesson.id)
    host.go(6)
    host.post("/show", what="answer")
    page = app.test_client().get(wall_url(host)).get_data(as_text=True)
    assert "The worked answer" in page and f'<p class="big">{predict.answer}</p>' in page
    host.go(7)
    assert "Is this assignment legal?" in wall(app, host)
    host.post("/show", what="answer")
    said = "Legal" if legal.legal else "Not legal"
    assert f"{said} — {legal.rule}" in wall(app, host)
