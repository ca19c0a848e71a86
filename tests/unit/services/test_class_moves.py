"""The class's state machine (services.classes), without requests: lobby -> running -> ended,
and every host action the state does not allow refused with nothing written."""

from __future__ import annotations

import pytest

from webapp.services import classes, db
from webapp.services.models import Class

COUNT = 4  # the class's steps, as the caller (a lesson or a quiz) says


@pytest.fixture
def room(make_app):
    app = make_app()
    with app.app_context():
        yield classes.create("force-of-nature")


def stored(room) -> tuple:
    db.session.expire_all()
    found = db.session.get(Class, room.id)
    return found.state, found.step, found.version, found.shown, list(found.asked or ())


def test_a_class_goes_from_the_lobby_through_its_steps_to_the_end(room):
    assert stored(room)[:3] == ("lobby", 0, 1)
    classes.start(room)
    classes.next_step(room, COUNT)
    classes.go(room, 4, COUNT)
    classes.next_step(room, COUNT)  # the last step stays the last: nothing moves
    assert stored(room)[:3] == ("running", 3, 4)
    classes.previous_step(room)
    classes.end(room)
    state, step, version, _, asked = stored(room)
    assert (state, step) == ("ended", 2) and version == 6 and asked == [1, 2, 3, 4]


@pytest.mark.parametrize("action", [
    lambda r: classes.next_step(r, COUNT), lambda r: classes.previous_step(r),
    lambda r: classes.go(r, 1, COUNT)])
def test_a_class_in_its_lobby_is_not_paced(room, action):
    with pytest.raises(classes.MoveRefused) as refused:
        action(room)
    assert refused.value.code == "not_running" and stored(room)[:3] == ("lobby", 0, 1)


def test_a_class_starts_once(room):
    classes.start(room)
    classes.next_step(room, COUNT)
    with pytest.raises(classes.MoveRefused) as refused:
        classes.start(room)  # a second tab's old "Start" would send everyone back to step 1
    assert refused.value.code == "started" and stored(room)[:2] == ("running", 1)


def test_ending_twice_is_refused_and_changes_nothing(room):
    classes.start(room)
    classes.end(room)
    before = stored(room)
    with pytest.raises(classes.MoveRefused) as refused:
        classes.end(room)
    assert refused.value.code == "ended" and stored(room) == before


@pytest.mark.parametrize("action", [
    lambda r: classes.next_step(r, COUNT), lambda r: classes.previous_step(r),
    lambda r: classes.go(r, 2, COUNT), lambda r: classes.start(r)])
def test_nothing_moves_an_ended_class(room, action):
    classes.start(room)
    classes.end(room)
    before = stored(room)
    with pytest.raises(classes.MoveRefused):
        action(room)
    assert stored(room) == before


@pytest.mark.parametrize("number", [0, COUNT + 1, -1])
def test_going_to_a_step_the_class_does_not_have_is_refused(room, number):
    classes.start(room)
    with pytest.raises(classes.MoveRefused) as refused:
        classes.go(room, number, COUNT)
    assert refused.value.code == "no_such_step" and stored(room)[:3] == ("running", 0, 2)


def test_a_new_step_takes_the_projected_answer_off_the_wall(room):
    classes.start(room)
    classes.show(room, "answer")
    assert stored(room)[3] == "answer"
    classes.next_step(room, COUNT)
    assert stored(room)[3] is None


def test_a_reveal_counts_only_while_the_class_runs(room):
    classes.show(room, "answer", reveal=True)  # in the lobby: the wall only
    assert not classes.revealed(room, 1)
    classes.start(room)
    classes.show(room, "answer", reveal=True)
    assert classes.revealed(room, 1)


def test_removing_an_unknown_seat_is_refused(room, make_app):
    other = classes.create("force-of-nature")
    stranger = classes.join(other, "Bo")  # in another class
    for learner_id in (None, 0, 10**6, stranger.id):
        with pytest.raises(classes.NoSuchLearner):
            classes.remove(room, learner_id)
    assert classes.learners(other) == [stranger]


def test_a_learner_is_removed_once_and_let_back_in_once(room):
    ana = classes.join(room, "Ana")
    with pytest.raises(classes.NoSuchLearner):
        classes.readmit(room, ana.id)  # not removed: nothing to undo
    assert classes.remove(room, ana.id).removed_at is not None
    with pytest.raises(classes.NoSuchLearner):
        classes.remove(room, ana.id)
    assert classes.learners(room) == [] and classes.learners(room, removed=True) == [ana]
    assert classes.readmit(room, ana.id).removed_at is None
    assert classes.learners(room) == [ana]


def shown_results(room) -> bool:
    db.session.expire_all()
    return db.session.get(Class, room.id).results_shown


@pytest.mark.parametrize("move", [
    lambda r: classes.next_step(r, COUNT), lambda r: classes.previous_step(r),
    lambda r: classes.go(r, 3, COUNT), lambda r: classes.go(r, 2, COUNT)])
def test_the_rooms_results_stay_on_the_wall_only_for_the_step_they_were_shown_on(room, move):
    classes.start(room)
    classes.next_step(room, COUNT)
    assert not shown_results(room)  # hidden until the host says
    version = stored(room)[2]
    classes.show_results(room)
    assert shown_results(room) and stored(room)[2] == version  # the wall only: no phone reloads
    move(room)  # Next, Previous, Go (even to the same step): hidden again
    assert not shown_results(room)


def test_the_host_can_hide_the_results_again(room):
    classes.start(room)
    classes.show_results(room)
    classes.show_results(room, False)
    assert not shown_results(room)


@pytest.mark.parametrize("ended", [False, True])
def test_results_are_shown_only_while_the_class_runs(room, ended):
    if ended:
        classes.start(room)
        classes.end(room)
    with pytest.raises(classes.MoveRefused) as refused:
        classes.show_results(room)
    assert refused.value.code == "not_running" and not shown_results(room)


def locked(room) -> bool:
    db.session.expire_all()
    return db.session.get(Class, room.id).locked


def test_the_lock_is_beside_the_state_and_only_turns_away_new_nicknames(room):
    ana = classes.join(room, "Ana")
    classes.lock(room, True)
    assert locked(room) and stored(room)[:3] == ("lobby", 0, 1)  # what phones show: unchanged
    with pytest.raises(classes.RoomLocked):
        classes.join(room, "Bo")
    classes.start(room)
    assert locked(room)  # moves keep the lock
    assert classes.rejoin(room, "ANA", ana.rejoin_code).id == ana.id  # her seat, locked or not
    classes.lock(room, False)
    assert classes.join(room, "Bo").nickname == "Bo"


def test_an_ended_class_is_not_locked_or_unlocked(room):
    classes.end(room)
    for wanted in (True, False):
        with pytest.raises(classes.MoveRefused) as refused:
            classes.lock(room, wanted)
        assert refused.value.code == "ended" and not locked(room)


def test_a_rejoin_with_another_code_or_by_a_removed_player_changes_nothing(room):
    ana = classes.join(room, "Ana")
    token, code = ana.token, ana.rejoin_code
    other = next(c * classes.REJOIN_LENGTH for c in classes.ALPHABET
                 if c * classes.REJOIN_LENGTH != code)
    for nickname, typed in (("Ana", other), ("Ana", ""), ("Ana", None), ("Zed", code),
                            ("", code), ("Ana\u200b", code)):
        with pytest.raises(classes.RejoinRefused) as refused:
            classes.rejoin(room, nickname, typed)
        assert refused.value.code == "wrong"
    classes.remove(room, ana.id)
    with pytest.raises(classes.RejoinRefused) as refused:
        classes.rejoin(room, "Ana", code)
    assert refused.value.code == "removed"
    db.session.expire_all()
    assert classes.seat(token).id == ana.id  # the seat still answers to its own phone


# --- a game's countdown: by the clock the caller passes (the app's) -------------------------------


def test_each_step_the_class_lands_on_opens_at_the_move_and_a_countdown_runs_from_there(make_app):
    from datetime import datetime, timedelta, timezone
    t0 = datetime(2026, 11, 27, 10, 0, tzinfo=timezone.utc)
    app = make_app()
    with app.app_context():
        room = classes.create("force-of-nature", game=True, countdown_s=20)
        assert classes.seconds_left(room, t0) is None  # the lobby: no countdown
        classes.start(room, t0)
        assert classes.seconds_left(room, t0) == 20 and classes.elapsed_ms(room, t0) == 0
        later = t0 + timedelta(seconds=19, milliseconds=100)
        assert classes.seconds_left(room, later) == 1 and not classes.time_up(room, later)
        assert classes.elapsed_ms(room, later) == 19_100
        at_zero = t0 + timedelta(seconds=20) + classes.GRACE
        assert classes.seconds_left(room, at_zero) == 0 and not classes.time_up(room, at_zero)
        assert classes.time_up(room, at_zero + timedelta(milliseconds=1))
        classes.next_step(room, COUNT, at_zero)  # the next step: its own 20 s
        assert classes.seconds_left(room, at_zero) == 20
        classes.show_results(room)  # showing the results does not restart it
        assert classes.seconds_left(room, at_zero + timedelta(seconds=5)) == 15


def test_next_on_the_last_step_and_back_on_the_first_change_nothing(make_app):
    """A second Next on the last step (a double click) must not open it again: its countdown
    and speed bonus would restart, and phones would be told the class moved."""
    from datetime import datetime, timedelta, timezone
    t0 = datetime(2026, 11, 27, 10, 0, tzinfo=timezone.utc)
    app = make_app()
    with app.app_context():
        room = classes.create("force-of-nature", game=True, countdown_s=20)
        classes.start(room, t0)
        classes.previous_step(room, t0 + timedelta(seconds=5))
        assert room.step == 0 and classes.seconds_left(room, t0 + timedelta(seconds=5)) == 15
        classes.go(room, COUNT, COUNT, t0)
        version = room.version
        classes.next_step(room, COUNT, t0 + timedelta(seconds=5))
        assert room.step == COUNT - 1 and room.version == version
        assert classes.seconds_left(room, t0 + timedelta(seconds=5)) == 15


def test_a_countdown_needs_game_mode_and_one_of_the_choices(make_app):
    app = make_app()
    with app.app_context():
        for game, countdown in ((False, 20), (True, 7)):
            with pytest.raises(ValueError):
                classes.create("force-of-nature", game=game, countdown_s=countdown)
        plain = classes.create("force-of-nature")
        classes.start(plain)
        assert not plain.game and classes.seconds_left(plain, plain.step_opened_at) is None
        assert classes.elapsed_ms(plain, plain.step_opened_at) is None
