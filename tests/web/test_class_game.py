"""A class's game mode (issue 23 item 5): the host turns it on (off by default), with or without a
countdown the server enforces by its own clock; right first answers score points with a speed
bonus; streaks; a leaderboard on the wall only once the host shows the step's results; a podium at
the end; each phone's own score and rank; the points in the results CSV. Time moves by the app's
clock (config CLOCK), never by sleeping."""

from __future__ import annotations

import re

import pytest

from tests.web.test_class import (HX, ILLEGAL, LEGAL, PRACTICE, STEP_ID, Host, Learner,
                                  read_results, text, token_of)
from tests.web.test_class_presence import app, clock  # noqa: F401  (its fixtures: the app on a clock)
from tests.web.test_class_quiz import QuizLearner, make_quiz
from webapp.services import classes

CHOICE = 8  # force-of-nature's "which-illegal": c-short is right
LEGAL_STEP = 7  # "all-on-one-legal": legal


class GameHost(Host):
    """A host who creates a class with the game options of /class/new."""

    def __init__(self, app, *, game="1", countdown="", quiz="", lesson="force-of-nature"):
        self.client = app.test_client()
        self.csrf = token_of(self.client.get("/class/new").get_data(as_text=True))
        self.created = self.client.post("/class/new", data={
            "csrf_token": self.csrf, "lesson": lesson, "quiz": quiz, "game": game,
            "countdown": countdown})
        if self.created.status_code != 303:
            return
        self.url = self.created.location
        self.token = self.url.rsplit("/", 1)[1]
        self.code = re.search(r'class="code">(\w+)<', self.page()).group(1)
        self.wall_url = re.search(r'href="(/class/wall/[^"]+)"', self.page()).group(1)

    def page(self, path="", **kw) -> str:
        return re.sub(r"\s+", " ", super().page(path, **kw))

    def wall(self) -> str:
        return text(self.client.get(self.wall_url))


def game_box(page: str) -> str:
    found = re.search(r'<div id="game-me".*?</div>', page, re.S)
    return re.sub(r"<[^>]+>", " ", found.group(0)) if found else ""


def seat_id(app, code: str, nickname: str) -> int:
    with app.app_context():
        room = classes.by_code(code)
        return next(s.id for s in classes.learners(room) if s.nickname == nickname)


def seat_result(app, code: str, nickname: str, step_id: str):
    with app.app_context():
        return classes.result(seat_id(app, code, nickname), step_id)


def words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


# --- turning it on --------------------------------------------------------------------------------


def test_game_mode_is_off_by_default_and_a_plain_class_shows_no_points(app):
    page = app.test_client().get("/class/new").get_data(as_text=True)
    assert re.search(r'<input type="checkbox" id="game" name="game" value="1" ', page)
    assert not re.search(r'id="game"[^>]* checked', page)
    host = GameHost(app, game="")
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    assert ana.answer(LEGAL, **HX).status_code == 200
    assert "game-me" not in text(ana.play()) and "Leaderboard" not in host.page()
    with app.app_context():
        room = classes.by_code(host.code)
        assert not room.game and room.countdown_s is None


def test_a_countdown_that_is_not_one_of_the_choices_is_refused_and_the_form_keeps_the_game(app):
    host = GameHost(app, countdown="7")
    assert host.created.status_code == 400
    page = host.created.get_data(as_text=True)
    assert "Choose a countdown of 20, 30, 60 seconds, or none." in page
    assert re.search(r'id="game"[^>]* checked', page)


def test_a_countdown_without_game_mode_is_ignored(app):
    host = GameHost(app, game="", countdown="20")
    with app.app_context():
        room = classes.by_code(host.code)
        assert (room.game, room.countdown_s) == (False, None)


# --- the countdown, by the server's clock ---------------------------------------------------------


def test_the_countdown_shows_the_seconds_left_and_closes_answers_when_the_time_is_up(app, clock):
    host = GameHost(app, countdown="20")
    ana, bo = Learner(app, host.code, "Ana"), Learner(app, host.code, "Bo", address="10.0.0.2")
    assert "Each question closes after 20 seconds." in game_box(text(ana.play()))
    host.go(PRACTICE)
    assert 'data-seconds-left="20"' in text(ana.play())
    assert 'data-seconds-left="20"' in host.wall() and 'data-seconds-left="20"' in host.page()
    clock.move(12.5)
    assert re.search(r'data-seconds-left="8".*?<span class="countdown-n">8</span>',
                     text(ana.play()))
    assert ana.answer(LEGAL, **HX).status_code == 200  # in time
    clock.move(8.5 + classes.GRACE.total_seconds())  # past 0 and the grace
    late = bo.answer(LEGAL, **HX)
    assert late.status_code == 409
    assert "Time’s up: answers to this question are closed" in text(late)
    late = bo.answer(LEGAL)  # without JavaScript: the page says so too
    assert late.status_code == 409 and "Time’s up" in text(late)
    assert "Time’s up: no points for this question." in game_box(text(bo.play()))
    assert words(host.page()).count("Time’s up") >= 1
    assert seat_result(app, host.code, "Bo", STEP_ID) is None  # nothing stored
    # The next step opens with its own time.
    assert host.post("/move", op="next").status_code == 303
    assert 'data-seconds-left="20"' in text(bo.play())


def test_going_back_to_a_step_opens_it_again_with_a_fresh_countdown(app, clock):
    host = GameHost(app, countdown="30")
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    clock.move(40)
    assert ana.answer(LEGAL, **HX).status_code == 409
    host.go(PRACTICE)
    assert ana.answer(LEGAL, **HX).status_code == 200


# --- points, streaks, the phone's score -----------------------------------------------------------


def test_a_right_first_answer_scores_more_the_faster_and_a_wrong_one_nothing(app, clock):
    host = GameHost(app, countdown="20")
    ana, bo, cy = (Learner(app, host.code, n, address=f"10.0.0.{i}")
                   for i, n in enumerate(("Ana", "Bo", "Cy"), 1))
    host.go(PRACTICE)
    clock.move(4)
    answered = ana.answer(LEGAL, **HX)  # right at 4 s of 20: 900
    body = answered.get_data(as_text=True)
    assert 'id="game-me" class="game-me" hx-swap-oob="true"' in body  # beside the feedback
    assert "+900 points" in game_box(body) and "Score: 900" in game_box(body)
    clock.move(6)
    assert "+750 points" in game_box(bo.answer(LEGAL, **HX).get_data(as_text=True))
    wrong = cy.answer(ILLEGAL, **HX).get_data(as_text=True)
    assert "No points: your first answer wasn’t right." in game_box(wrong)
    cy.answer(LEGAL, **HX)  # right on the retry: still nothing
    assert "Score: 0" in game_box(text(cy.play()))
    # The host sees the leaderboard live; ranks by score.
    board = words(host.page("/room", headers=HX))
    assert re.search(r"Leaderboard 1 Ana 900 points 2 Bo 750 points 3 Cy 0 points", board)


def test_the_phone_shows_its_streak_of_right_first_answers(app, clock):
    host = GameHost(app)
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    ana.answer(LEGAL, **HX)
    host.go(LEGAL_STEP)
    box = game_box(ana.answer({"verdict": "legal"}, step="all-on-one-legal", **HX)
                   .get_data(as_text=True))
    assert "2 right in a row" in box and "Score: 2000" in box  # no countdown: 0 s is 1000
    host.go(CHOICE)
    box = game_box(ana.answer({"option": "four-four"}, step="which-illegal", **HX)
                   .get_data(as_text=True))
    assert "right in a row" not in box and "Score: 2000" in box


# --- the wall: the leaderboard after the reveal, the podium at the end ----------------------------


def test_the_wall_shows_the_leaderboard_only_once_the_host_shows_the_results(app, clock):
    host = GameHost(app, countdown="60")
    ana, bo = Learner(app, host.code, "Ana"), Learner(app, host.code, "Bo", address="10.0.0.2")
    host.go(PRACTICE)
    ana.answer(LEGAL, **HX)
    bo.answer(ILLEGAL, **HX)
    wall = host.wall()
    assert "Leaderboard" not in wall and "Ana" not in words(wall)  # nothing before the reveal
    assert 'data-seconds-left="60"' in wall
    assert host.post("/results", shown="1").status_code == 303
    wall = words(host.wall())
    assert re.search(r"Leaderboard 1 Ana 1,?000 points 2 Bo 0 points", wall)
    assert host.post("/move", op="next").status_code == 303  # hidden again
    assert "Leaderboard" not in host.wall()


def test_at_the_end_the_wall_has_a_podium_and_each_phone_its_score_and_rank(app, clock):
    host = GameHost(app)
    players = [Learner(app, host.code, n, address=f"10.0.0.{i}")
               for i, n in enumerate(("Ana", "Bo", "Cy", "Dee"), 1)]
    host.go(PRACTICE)
    for i, player in enumerate(players):
        clock.move(3)
        player.answer(LEGAL if i < 3 else ILLEGAL, **HX)
    host.post("/move", op="end", confirmed="1")
    wall = words(host.wall())
    assert re.search(r"The podium 1 Ana \S+ points 2 Bo \S+ points 3 Cy \S+ points Summary", wall)
    assert "Dee" not in wall
    box = game_box(text(players[1].play()))
    assert "Your score: 900 points" in box and "Rank 2 of 4" in box
    assert "Rank 4 of 4" in game_box(text(players[3].play()))
    assert re.search(r"Final scores 1 Ana", words(host.page()))


def test_a_removed_player_leaves_the_leaderboard(app):
    host = GameHost(app)
    ana, bo = Learner(app, host.code, "Ana"), Learner(app, host.code, "Bo", address="10.0.0.2")
    host.go(PRACTICE)
    bo.answer(LEGAL, **HX)
    host.post("/results", shown="1")
    assert re.search(r"Leaderboard 1 Bo 1,?000 points 2 Ana 0 points", words(host.wall()))
    assert host.post("/remove", learner=str(seat_id(app, host.code, "Bo"))).status_code == 303
    host.post("/results", shown="1")
    assert re.search(r"Leaderboard 1 Ana 0 points The room", words(host.wall()))


# --- a class on a quiz, and the results CSV -------------------------------------------------------


def test_a_quiz_class_scores_too_and_its_csv_has_each_players_points_total_and_rank(app, clock):
    quiz = make_quiz(app)
    host = GameHost(app, quiz=quiz.owner_token, countdown="20")
    ana = QuizLearner(app, host.code, "Ana")
    bo = QuizLearner(app, host.code, "Bo", address="10.0.0.2")
    host.go(1)
    clock.move(2)
    assert ana.send(1, {"amount": "3"}).status_code == 303
    assert "+950 points" in game_box(text(ana.play()))
    bo.send(1, {"amount": "2"})
    host.go(2)
    clock.move(10)
    ana.send(2, {"verdict": "legal"})
    clock.move(15)
    assert bo.send(2, {"verdict": "legal"}).status_code == 409  # too late
    host.post("/move", op="end", confirmed="1")
    _, rows = read_results(host.client.get(host.url + "/results.csv"))
    mine = {(r["Player"], r["Question"]): r for r in rows}
    assert mine[("Ana", "1")]["Points"] == "950" and mine[("Ana", "2")]["Points"] == "750"
    assert mine[("Ana", "1")]["Total points"] == "1700" and mine[("Ana", "1")]["Rank"] == "1"
    assert mine[("Bo", "1")]["Points"] == "0" and mine[("Bo", "2")]["Points"] == ""
    assert mine[("Bo", "2")]["Rank"] == "2"


def test_a_plain_class_csv_has_no_points_columns(app):
    host = GameHost(app, game="")
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    assert ana.answer(LEGAL, **HX).status_code == 200
    host.post("/move", op="end", confirmed="1")
    _, rows = read_results(host.client.get(host.url + "/results.csv"))
    assert "Points" not in rows[0]


def test_an_exam_keeps_the_points_on_the_phone_until_the_host_reveals_the_answer(app):
    quiz = make_quiz(app, mode="exam")
    host = GameHost(app, quiz=quiz.owner_token)
    ana = QuizLearner(app, host.code, "Ana")
    host.go(1)
    ana.send(1, {"amount": "3"})
    box = game_box(text(ana.play()))
    assert "points" not in box and "Score: 0" in box
    # The wall's leaderboard, once the room's results are shown, scores nothing unrevealed
    # either: Ana's 1000 would tell the room her answer was the key.
    host.post("/results", shown="1")
    board = words(re.search(r'<section class="leaderboard".*?</section>', host.wall(), re.S)
                  .group(0))
    assert "Ana 0 points" in board and "1000" not in board
    host.post("/show", what="answer")
    assert "+1000 points" in game_box(text(ana.play()))
    assert "1000 points" in words(host.wall())


def test_run_it_again_keeps_the_game_settings(app):
    host = GameHost(app, countdown="30")
    again = host.post("/again")
    assert again.status_code == 303
    page = text(host.client.get(again.location))
    assert "Game mode" in page and "Each question closes after 30 seconds." in page
