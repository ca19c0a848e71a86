"""The game's points, streaks and ranks (services/scoring.py): pure, no database."""

from __future__ import annotations

import pytest

from webapp.services.scoring import (MAX_POINTS, MIN_POINTS, SPEED_WINDOW, Answer, Player,
                                     points, standings, streak)


def test_a_wrong_first_answer_scores_nothing_however_fast():
    assert points(False, 0, 20) == 0
    assert points(False, None, None) == 0


def test_a_right_first_answer_scores_the_most_at_once_and_half_at_the_end_of_the_time():
    assert points(True, 0, 20) == MAX_POINTS == 1000
    assert points(True, 10_000, 20) == 750
    assert points(True, 20_000, 20) == MIN_POINTS == 500
    assert points(True, 4_000, 20) == 900


@pytest.mark.parametrize("elapsed", [-5_000, 0, 1, 999, 29_999, 30_000, 31_000, 10**9, None])
@pytest.mark.parametrize("countdown", [None, 20, 30, 60])
def test_a_right_answer_always_scores_within_the_bounds(elapsed, countdown):
    assert MIN_POINTS <= points(True, elapsed, countdown) <= MAX_POINTS


def test_without_a_countdown_the_speed_bonus_runs_over_the_speed_window():
    assert points(True, SPEED_WINDOW * 1000 // 2, None) == 750
    assert points(True, SPEED_WINDOW * 1000 * 3, None) == MIN_POINTS


def test_faster_never_scores_less():
    scores = [points(True, ms, 30) for ms in range(0, 31_000, 500)]
    assert scores == sorted(scores, reverse=True)


def test_the_streak_counts_right_first_answers_in_a_row_up_to_the_latest():
    right, wrong = Answer(True, 1000), Answer(False, 1000)
    items = ["q1", "q2", "q3", "q4"]
    assert streak({}, items) == 0
    assert streak({"q1": right, "q2": right}, items) == 2  # q3 still open: no break
    assert streak({"q1": right, "q2": wrong, "q3": right}, items) == 1
    assert streak({"q1": right, "q3": right}, items) == 1  # q2 skipped breaks the run
    assert streak({"q1": right, "q2": right, "q3": wrong}, items) == 0


def test_standings_rank_by_score_and_equal_scores_share_a_rank_listed_by_nickname():
    players = [Player(1, "zoë"), Player(2, "Ana"), Player(3, "Bo"), Player(4, "Cy")]
    fast, slow = Answer(True, 0), Answer(True, 20_000)
    answers = {1: {"q1": fast}, 2: {"q1": fast}, 3: {"q1": slow}, 4: {"q1": Answer(False, 1)}}
    table = standings(players, answers, ["q1"], 20)
    assert [(s.nickname, s.score, s.rank) for s in table] == [
        ("Ana", 1000, 1), ("zoë", 1000, 1), ("Bo", 500, 3), ("Cy", 0, 4)]
    assert table[0].points == {"q1": 1000} and table[0].streak == 1


def test_a_player_who_never_answered_is_ranked_with_nothing():
    table = standings([Player(1, "Ana"), Player(2, "Bo")], {1: {"q1": Answer(True, 0)}},
                      ["q1"], None)
    assert [(s.nickname, s.score, s.rank, s.streak) for s in table] == [
        ("Ana", 1000, 1, 1), ("Bo", 0, 2, 0)]


def test_removed_players_are_left_out_and_answers_to_other_items_count_nothing():
    players = [Player(1, "Ana"), Player(2, "Bo", removed=True)]
    answers = {1: {"q1": Answer(True, 0), "q9": Answer(True, 0)}, 2: {"q1": Answer(True, 0)}}
    table = standings(players, answers, ["q1"], 20)
    assert [(s.nickname, s.score, s.rank) for s in table] == [("Ana", 1000, 1)]
