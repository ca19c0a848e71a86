"""Live classes: a host, a join code, learners with nicknames, and their answers per step.

Everything lives in the database (several gunicorn workers and several app servers see one
class), nothing in process memory. No request objects: views pass plain values.

    room = classes.create("force-of-nature")           # room.code, room.host_token
    room = classes.create("", quiz=quizzes.from_link(link))   # or a shared quiz's questions
    seat = classes.join(room, "Ana")                    # NicknameError("taken") if someone has it
    seat = classes.rejoin(room, "Ana", "K7M3XA")        # the seat back on another phone
    classes.record(room.id, seat.id, "split-d-practice", answer, correct=False, legal=False,
                   problems=[{"code": "player_before_lethal", "rule": "702.19b", "text": "..."}])

The host's actions are the class's state machine (lobby -> running -> ended): `start`,
`next_step`, `previous_step`, `go`, `end`, `show`, `show_results`, `remove`, `readmit`, `lock`.
An action the class's state does not allow raises MoveRefused (nothing is written); a learner who
is not in the class raises NoSuchLearner. `locked` (the host's `lock`, in the lobby or while
running) is beside the state: no new nickname joins (RoomLocked), a player with their seat's
rejoin code still takes it back (`rejoin`). The class's number of steps is the caller's (a
lesson's steps or a quiz's questions: views/classroom/sources.py).

Each seat remembers its phone's last contact (`seen`: the poll, a page, an answer), written at
most every SEEN_WRITE_EVERY; the host's room reads it (class_reports.presence).

The room overview, the summary and the export read these rows: services/class_reports.py.

A class is in use while anyone acts in it: a host action, a join or an answer sets touched_at
(an answer at most once a minute per class). One idle for IDLE refuses joins at once; once idle
for cleanup.CLASS_KEEP the clean-up (services/cleanup.py) ends it (`end_idle`: its results keep)
or, if nobody ever joined, deletes it. An ended class is kept cleanup.ENDED_KEEP after its end,
unless its host deletes it sooner (`delete`).
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from datetime import datetime, timedelta, timezone

from sqlalchemy import bindparam, delete as delete_rows, func, select, update
from sqlalchemy.exc import IntegrityError

from .confusables import skeleton
from .database import db, write
from . import class_reports
from .models import Class, ClassLearner, ClassResult, ClassRun, Quiz, utcnow

# No look-alikes: no 0/O/D/Q, 1/I/L, 2/Z, 5/S, 6/G, 8/B, U/V.
ALPHABET = "ACEFHJKMNPRTWXY3479"
CODE_LENGTH = 6
REJOIN_LENGTH = 6  # a seat's rejoin code: 19**6 (47 million) codes, tried at the join's pace
MAX_NICKNAME = 24
IDLE = timedelta(hours=12)  # no host action, join or answer for this long: no more joins
TOUCH_EVERY = timedelta(minutes=1)  # answers mark a class in use at most this often (a write)
STATES = ("lobby", "running", "ended")
ANSWER_MODES = ("one", "retry")  # only a learner's first answer to a step, or until right
COUNTDOWNS = (20, 30, 60)  # a game's seconds per question the host may choose (or none)
GRACE = timedelta(seconds=1)  # an answer sent as the countdown hit 0 is still on its way


class MoveRefused(ValueError):
    """A host action the class's state does not allow; `code` says why: "started" (start a
    class that is not in its lobby), "not_running" (pace a class in its lobby or ended), "ended"
    (end a class twice), "no_such_step" (go to a step the class does not have)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


class NoSuchLearner(LookupError):
    """Remove or let back in a learner who is not in the class (or already out, or already in)."""


class RoomLocked(PermissionError):
    """A new nickname for a class its host locked."""


class RejoinRefused(PermissionError):
    """A seat taken back with a rejoin code that is not that nickname's ("wrong": no such
    nickname, no code, another code), or by a player the host removed ("removed")."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


class NicknameError(ValueError):
    """A nickname that can't be used; `code` says why ("empty", "too_long", "taken")."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


# --- codes and names ----------------------------------------------------------------------------


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(raw: str | None) -> str | None:
    """A code as typed ("ab c-3f7") in its stored form, or None if it can't be one."""
    text = re.sub(r"[\s\-]", "", str(raw or "")).upper()
    if len(text) != CODE_LENGTH or any(ch not in ALPHABET for ch in text):
        return None
    return text


def normal_rejoin(raw: str | None) -> str | None:
    """A rejoin code as typed ("k7m 3xa") in its stored form, or None if it can't be one."""
    text = re.sub(r"[\s\-]", "", str(raw or "")).upper()
    if len(text) != REJOIN_LENGTH or any(ch not in ALPHABET for ch in text):
        return None
    return text


# Characters that show nothing but are not control or format characters (Unicode's
# Default_Ignorable_Code_Point outside category C, and the blank Braille pattern): a nickname
# with one would look like another.
INVISIBLE = frozenset([0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0,
                       *range(0x180B, 0x1810), *range(0xFE00, 0xFE10),
                       *range(0xE0100, 0xE01F0)])


def normal_nickname(raw: str | None) -> str:
    """A nickname as shown: NFKC, control, format and invisible characters refused, spaces
    collapsed."""
    text = unicodedata.normalize("NFKC", str(raw or ""))
    if any(unicodedata.category(ch)[0] == "C" or ord(ch) in INVISIBLE
           for ch in text if ch not in " \t"):
        raise NicknameError("bad_characters")
    text = " ".join(text.split())
    if not text:
        raise NicknameError("empty")
    if len(text) > MAX_NICKNAME:
        raise NicknameError("too_long")
    return text


# --- a class ------------------------------------------------------------------------------------


def create(lesson_id: str, quiz=None, answer_mode: str = "retry", *, game: bool = False,
           countdown_s: int | None = None) -> Class:
    """A new class in its lobby, with a join code no live class has.
    With `quiz` (a services.quizzes.Shared), the class runs that quiz's questions as they are
    now (a copy: the owner editing the quiz later never shifts a running class), and keeps its
    rules: an exam takes only each learner's first answer. With `game`, the class scores first
    answers (services/scoring.py) and may close each question `countdown_s` (one of COUNTDOWNS)
    after it opens; without it, no countdown."""
    on_quiz = {} if quiz is None else {
        "quiz_token": quiz.take_token, "quiz_title": quiz.title[:80],
        "questions": list(quiz.questions), "quiz_mode": quiz.mode}
    if quiz is not None and quiz.mode == "exam":
        answer_mode = "one"
    if answer_mode not in ANSWER_MODES:
        raise ValueError(answer_mode)
    if countdown_s is not None and (not game or countdown_s not in COUNTDOWNS):
        raise ValueError(countdown_s)
    for _ in range(20):
        room = Class(code=new_code(), host_token=secrets.token_urlsafe(32), lesson_id=lesson_id,
                     projector_token=secrets.token_urlsafe(32), answer_mode=answer_mode,
                     state="lobby", step=0, version=1, asked=[], revealed=[], game=game,
                     countdown_s=countdown_s, **on_quiz)
        db.session.add(room)
        try:
            db.session.commit()
            return room
        except IntegrityError:  # that code is taken: draw another
            db.session.rollback()
    raise RuntimeError("no free join code")


def idle(room: Class, now: datetime) -> bool:
    """Whether nobody acted in the class for IDLE: it takes no more joins (checked as the code
    is looked up, not left to the clean-up)."""
    touched = room.touched_at if room.touched_at.tzinfo else \
        room.touched_at.replace(tzinfo=timezone.utc)  # SQLite gives back UTC without a zone
    return touched < now - IDLE


def by_code(code: str | None) -> Class | None:
    code = normal_code(code)
    return db.session.scalar(select(Class).where(Class.code == code)) if code else None


def by_host(token: str | None) -> Class | None:
    if not token or len(token) > 64:
        return None
    return db.session.scalar(select(Class).where(Class.host_token == token))


def by_hosts(tokens: list[str]) -> list[Class]:
    """The classes these host tokens open (one query), newest first; unknown tokens are skipped
    (a class deleted, or cleaned up)."""
    tokens = [t for t in tokens if t and len(t) <= 64]
    if not tokens:
        return []
    return list(db.session.scalars(select(Class).where(Class.host_token.in_(tokens))
                                   .order_by(Class.created_at.desc(), Class.id.desc())))


def by_projector(token: str | None) -> Class | None:
    """The class whose wall view `token` opens (that token controls nothing)."""
    if not token or len(token) > 64:
        return None
    return db.session.scalar(select(Class).where(Class.projector_token == token))


SEEN_EVERY = timedelta(seconds=5)  # the wall polls every 2 s; one write per 5 s is plenty


def projector_seen(room: Class) -> None:
    """The wall's view polled: remember when (at most one write per SEEN_EVERY), so the host's
    page can say whether the projector is connected."""
    now = utcnow()
    seen = room.projector_seen_at
    if seen is not None and (seen.tzinfo and seen or seen.replace(tzinfo=now.tzinfo)) \
            > now - SEEN_EVERY:
        return
    write(lambda: db.session.execute(update(Class).where(Class.id == room.id)
                                     .values(projector_seen_at=now)))


def projector_connected(room: Class, within: timedelta = timedelta(seconds=10)) -> bool | None:
    """Whether the wall's view polled lately (None: it was never opened)."""
    seen = room.projector_seen_at
    if seen is None:
        return None
    now = utcnow()
    return (seen if seen.tzinfo else seen.replace(tzinfo=now.tzinfo)) > now - within


def move(room: Class, *, state: str | None = None, step: int | None = None,
         shown: str | None | bool = False, reveal: bool = False,
         results: bool | None = None, now: datetime | None = None) -> None:
    """The host moves the class: start, go to a step, end; what learners see gets a new version
    (their pages follow), and a step the running class lands on counts as asked and opens at
    `now` (a game's countdown and speed bonus run from then). `shown` and `results` (the room's
    results on the wall) change only the projector, and every move hides both again; with
    `reveal` (an exam's key projected) the phones follow too."""
    now = now or utcnow()
    values: dict = {"touched_at": now}
    if state is not None or step is not None:
        values["version"] = Class.version + 1
        values["shown"] = None
        values["results_shown"] = False
        values["step_opened_at"] = now
    if results is not None:
        values["results_shown"] = results
    if state is not None:
        values["state"] = state
    if step is not None:
        values["step"] = step
    if (state or room.state) == "running" and (step is not None or state == "running"):
        values["asked"] = sorted(set(room.asked or ()) | {(room.step if step is None else step)
                                                          + 1})
    if shown is not False:
        values["shown"] = shown
    if reveal:
        values["revealed"] = sorted(set(room.revealed or ()) | {room.step + 1})
        values["version"] = Class.version + 1
    write(lambda: db.session.execute(update(Class).where(Class.id == room.id).values(**values)))
    db.session.refresh(room)


def order_key(room: Class) -> str:
    """What orders a choice's options in a class: the room, so every phone and the wall list them
    in one order (letters A, B, C... mean the same everywhere), and another class gets another."""
    return f"class/{room.id}/{room.code}"


def asked(room: Class, number: int) -> bool:
    """Whether the class was ever on step `number` (1-based) while running (a class from before
    this was kept: every step)."""
    return room.asked is None or number in room.asked


def revealed(room: Class, number: int) -> bool:
    return number in (room.revealed or ())


# --- the host's actions: the class's state machine ------------------------------------------------


def start(room: Class, now: datetime | None = None) -> None:
    """lobby -> running, on the first step."""
    if room.state != "lobby":
        raise MoveRefused("started")
    move(room, state="running", step=0, now=now)


def _running(room: Class) -> None:
    if room.state != "running":
        raise MoveRefused("not_running")


def next_step(room: Class, count: int, now: datetime | None = None) -> None:
    """The next of the class's `count` steps (the last stays the last)."""
    _running(room)
    if room.step + 1 < count:  # on the last step, Next changes nothing (its countdown runs on)
        move(room, step=room.step + 1, now=now)


def previous_step(room: Class, now: datetime | None = None) -> None:
    """The step before (on the first, nothing changes)."""
    _running(room)
    if room.step > 0:
        move(room, step=room.step - 1, now=now)


def go(room: Class, number: int, count: int, now: datetime | None = None) -> None:
    """Step `number` (1-based) of the class's `count` (it opens again: a game's countdown
    restarts)."""
    _running(room)
    if not 1 <= number <= count:
        raise MoveRefused("no_such_step")
    move(room, step=number - 1, now=now)


def seconds_left(room, now: datetime) -> int | None:
    """A game's countdown on the step the class is on: whole seconds left (rounded up, 0 once
    the time is up), or None when the class has no countdown (or is not running)."""
    if not room.countdown_s or room.state != "running" or room.step_opened_at is None:
        return None
    left = (_utc(room.step_opened_at) + timedelta(seconds=room.countdown_s) - now)
    return max(0, -int(-left.total_seconds() // 1))


def time_up(room, now: datetime) -> bool:
    """Whether the countdown closed answers to the step (by the server's clock, GRACE after 0:
    an answer sent at the last moment is still on its way)."""
    if seconds_left(room, now) is None:
        return False
    return now > _utc(room.step_opened_at) + timedelta(seconds=room.countdown_s) + GRACE


def elapsed_ms(room, now: datetime) -> int | None:
    """In a game, milliseconds since the step the class is on opened (None outside a game)."""
    if not room.game or room.step_opened_at is None:
        return None
    return max(0, int((now - _utc(room.step_opened_at)).total_seconds() * 1000))


def show(room: Class, what: str | None, *, reveal: bool = False) -> None:
    """What the projector shows over the overview ("answer", "mistake:<code>", or None). With
    `reveal` (an exam's key projected while the class runs) the phones show it too, and the
    question closes."""
    move(room, shown=what, reveal=reveal and room.state == "running")


def show_results(room: Class, shown: bool = True) -> None:
    """The wall shows (or hides again) the room's results on the step the class is on: counts,
    what the room chose, its mistakes, where it put its damage. Hidden until the host says, and
    hidden again at the next move (the host's own page shows them all along)."""
    _running(room)
    move(room, results=shown)


def end(room: Class) -> None:
    """The host ends the class (once); a class on a quiz leaves its run to the quiz's owner."""
    if room.state == "ended":
        raise MoveRefused("ended")
    move(room, state="ended")
    record_run(room)


def end_idle(room: Class, now: datetime) -> bool:
    """The clean-up ends a class nobody used for cleanup.CLASS_KEEP (phones show the end; the
    results keep as an ended class's do, from `now`); False if someone ended it meanwhile."""
    done = db.session.execute(update(Class).where(Class.id == room.id, Class.state != "ended")
                              .values(state="ended", version=Class.version + 1, shown=None,
                                      touched_at=now)).rowcount
    db.session.commit()
    if done:
        db.session.refresh(room)
        record_run(room)
    return bool(done)


def lock(room: Class, locked: bool) -> None:
    """The host locks the room (no new nickname joins) or opens it again; an ended class takes
    nobody anyway: MoveRefused("ended")."""
    if room.state == "ended":
        raise MoveRefused("ended")
    write(lambda: db.session.execute(update(Class).where(Class.id == room.id)
                                     .values(locked=locked, touched_at=utcnow())))
    db.session.refresh(room)


def has_players(room: Class) -> bool:
    """Whether anyone ever joined the class (removed players too: their answers are kept)."""
    return bool(db.session.scalar(select(func.count()).select_from(ClassLearner)
                                  .where(ClassLearner.class_id == room.id)))


def delete(room: Class) -> None:
    """The host deletes the class, with its players and their answers (a quiz class the host
    never ended leaves its run to the quiz's owner first, as the clean-up does)."""
    if room.state != "ended":
        record_run(room)
    write(lambda: db.session.execute(delete_rows(Class).where(Class.id == room.id)
                                     .execution_options(synchronize_session=False)))
    db.session.expunge(room)


def record_run(room: Class) -> None:
    """A quiz class's run for the quiz's owner (when, how many players, per question how many
    were right with their first answer): when the host ends it, or when the clean-up or the host
    ends or deletes one the host never ended. A lesson class, or one that never asked a
    question, leaves none."""
    if room.quiz_token is None or not room.asked:
        return
    quiz_id = db.session.scalar(select(Quiz.id).where(Quiz.take_token == room.quiz_token))
    if quiz_id is None:  # the quiz is gone
        return
    done = class_reports.summary(room)
    questions = []
    for n in range(1, len(room.questions or ()) + 1):
        item = done.get(f"q{n}") or {"answered": 0, "first_correct": 0}
        questions.append({"n": n, "asked": asked(room, n), "answered": item["answered"],
                          "first_correct": item["first_correct"]})
    players = class_reports.joined(room)
    write(lambda: db.session.add(ClassRun(quiz_id=quiz_id, started_at=room.created_at,
                                          players=players, questions=questions)))


# --- learners -----------------------------------------------------------------------------------


def nickname_key(name: str) -> str:
    """What two nicknames must not share in one class: the confusable skeleton, so look-alikes
    (a Cyrillic а for a Latin a, full-width letters, another case) are one nickname."""
    return skeleton(name)


def join(room: Class, nickname: str, now: datetime | None = None) -> ClassLearner:
    """A new seat, with its rejoin code (the join marks the class in use, in the same commit);
    RoomLocked if the host locked the class; NicknameError("taken") if someone in the class has
    the nickname or a look-alike of it, or ("removed") if the host removed the player who has it
    (only the host lets them back)."""
    name = normal_nickname(nickname)
    if room.locked:
        raise RoomLocked(room.code)
    key = nickname_key(name)
    now = now or utcnow()
    seat = ClassLearner(class_id=room.id, token=secrets.token_urlsafe(32), nickname=name,
                        nickname_key=key, joined_at=now, last_seen_at=now,
                        rejoin_code="".join(secrets.choice(ALPHABET)
                                            for _ in range(REJOIN_LENGTH)))
    try:
        db.session.execute(update(Class).where(Class.id == room.id).values(touched_at=now))
        db.session.add(seat)
        db.session.commit()
    except IntegrityError:  # the unique (class, nickname) constraint, or the class just ended
        db.session.rollback()
        holder = db.session.execute(select(ClassLearner.id, ClassLearner.removed_at).where(
            ClassLearner.class_id == room.id, ClassLearner.nickname_key == key)).first()
        if holder:
            raise NicknameError("taken" if holder.removed_at is None else "removed") from None
        raise
    return seat


def rejoin(room: Class, nickname: str, code: str | None,
           now: datetime | None = None) -> ClassLearner:
    """A player who lost their cookies takes their seat back (the same seat: their answers
    stay) with the nickname and the seat's rejoin code, locked room or not. The seat gets a new
    token, so the phone it was on before holds nothing any more. RejoinRefused("wrong") for a
    code that is not that nickname's (nothing changes), ("removed") if the host removed them."""
    wanted = normal_rejoin(code)
    try:
        key = nickname_key(normal_nickname(nickname))
    except NicknameError:
        raise RejoinRefused("wrong") from None
    found = db.session.scalar(select(ClassLearner).where(ClassLearner.class_id == room.id,
                                                         ClassLearner.nickname_key == key))
    if wanted is None or found is None or found.rejoin_code is None \
            or not secrets.compare_digest(found.rejoin_code, wanted):
        raise RejoinRefused("wrong")
    if found.removed_at is not None:
        raise RejoinRefused("removed")
    now = now or utcnow()
    token = secrets.token_urlsafe(32)

    def change():
        db.session.execute(update(Class).where(Class.id == room.id).values(touched_at=now))
        db.session.execute(update(ClassLearner).where(ClassLearner.id == found.id,
                                                      ClassLearner.removed_at.is_(None))
                           .values(token=token, last_seen_at=now))
    write(change)
    db.session.refresh(found)
    if found.token != token:  # removed as it came back
        raise RejoinRefused("removed")
    return found


SEEN_WRITE_EVERY = timedelta(seconds=10)  # a seat's last contact is written at most this often


def seen(seat_id: int, last: datetime | None, now: datetime) -> None:
    """The phone of seat `seat_id` made contact (its poll, a page, an answer): remember when,
    but write at most once every SEEN_WRITE_EVERY per seat (`last` is what the caller read with
    the seat; one narrow UPDATE, which changes nothing if another request just wrote it), so 60
    or 500 phones polling every 2 s cost a write per phone per SEEN_WRITE_EVERY, not per poll."""
    if last is not None and _utc(last) > now - SEEN_WRITE_EVERY:
        return
    write(lambda: db.session.execute(_SEEN, {"seat": seat_id, "now": now,
                                             "stale": now - SEEN_WRITE_EVERY}))


def _utc(when: datetime) -> datetime:
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)  # SQLite: UTC, no zone


_SEATS = ClassLearner.__table__.c
_SEEN = (update(ClassLearner.__table__)
         .where(_SEATS.id == bindparam("seat"),
                (_SEATS.last_seen_at.is_(None)) | (_SEATS.last_seen_at <= bindparam("stale")))
         .values(last_seen_at=bindparam("now")))


def room_and_seat(code: str | None, token: str | None):
    """(the class at `code`, the seat with `token` in it or None) in one query; (None, None) if
    there is no such class."""
    code = normal_code(code)
    if not code:
        return None, None
    token = token if token and len(token) <= 64 else ""
    row = db.session.execute(_ROOM_AND_SEAT, {"code": code, "token": token}).first()
    return (row[0], row[1]) if row else (None, None)


# Built once, as the statements of every learner request are (building one costs more than
# SQLite takes to run it).
_ROOM_AND_SEAT = (
    select(Class, ClassLearner)
    .outerjoin(ClassLearner, (ClassLearner.class_id == Class.id)
               & (ClassLearner.token == bindparam("token")))
    .where(Class.code == bindparam("code")))


def version_and_seat(code: str | None, token: str | None
                     ) -> tuple[int, str, int | None, bool, datetime | None] | None:
    """(version, state, seat id or None, whether the seat was removed, the seat's last contact)
    of the class at `code`: all a learner's poll needs, read as plain columns (no objects
    built) by a statement built once."""
    code = normal_code(code)
    if not code:
        return None
    token = token if token and len(token) <= 64 else ""
    with db.engine.connect() as connection:  # no ORM session: a third of the poll's cost
        row = connection.execute(_VERSION_AND_SEAT, {"code": code, "token": token}).first()
    return (row[0], row[1], row[2], row[3] is not None, row[4]) if row else None


# Built once: building it cost several times what running it does, on every poll.
_VERSION_AND_SEAT = (
    select(Class.version, Class.state, ClassLearner.id, ClassLearner.removed_at,
           ClassLearner.last_seen_at)
    .outerjoin(ClassLearner, (ClassLearner.class_id == Class.id)
               & (ClassLearner.token == bindparam("token")))
    .where(Class.code == bindparam("code")))


def live_room(code: str | None, token: str | None):
    """What a slider move on a class's phone needs, as plain columns (no objects built) by a
    statement built once: the class's state, step, items and reveals, and the seat (`seat_id`,
    `removed_at`; both None without one). None if there is no such class. A row reads like a
    Class for those columns (`row.step`, `row.questions`, ...)."""
    code = normal_code(code)
    if not code:
        return None
    token = token if token and len(token) <= 64 else ""
    with db.engine.connect() as connection:  # no ORM session: most of what it cost
        return connection.execute(_LIVE_ROOM, {"code": code, "token": token}).first()


_LIVE_ROOM = (
    select(Class.id, Class.code, Class.state, Class.step, Class.lesson_id, Class.quiz_token,
           Class.quiz_mode, Class.questions, Class.revealed, ClassLearner.id.label("seat_id"),
           ClassLearner.removed_at)
    .outerjoin(ClassLearner, (ClassLearner.class_id == Class.id)
               & (ClassLearner.token == bindparam("token")))
    .where(Class.code == bindparam("code")))


def seat(token: str | None) -> ClassLearner | None:
    if not token or len(token) > 64:
        return None
    return db.session.scalar(select(ClassLearner).where(ClassLearner.token == token))


def learners(room: Class, *, removed: bool = False) -> list[ClassLearner]:
    """The learners in the class, in the order they joined (or those the host removed)."""
    gone = ClassLearner.removed_at.is_not(None) if removed else ClassLearner.removed_at.is_(None)
    return list(db.session.scalars(
        select(ClassLearner).where(ClassLearner.class_id == room.id, gone)
        .order_by(ClassLearner.joined_at, ClassLearner.id)))


def learner(room: Class, learner_id: int) -> ClassLearner | None:
    found = db.session.get(ClassLearner, learner_id)
    return found if found is not None and found.class_id == room.id else None


def remove(room: Class, learner_id: int | None) -> ClassLearner:
    """The host removes a learner: their seat answers nothing and counts nowhere, and nobody can
    take their nickname, until the host lets them back in; their answers are kept. The removed
    learner; NoSuchLearner if there is no such learner in the class, or they were already out."""
    return _set_removed(room, learner_id, utcnow())


def readmit(room: Class, learner_id: int | None) -> ClassLearner:
    """The host lets a removed learner back in, with every answer they gave; NoSuchLearner if
    no removed learner of the class has that id."""
    return _set_removed(room, learner_id, None)


def _set_removed(room: Class, learner_id: int | None, when: datetime | None) -> ClassLearner:
    if learner_id is None:
        raise NoSuchLearner(learner_id)
    was = ClassLearner.removed_at.is_(None) if when else ClassLearner.removed_at.is_not(None)
    done = db.session.execute(update(ClassLearner).where(
        ClassLearner.id == learner_id, ClassLearner.class_id == room.id, was)
        .values(removed_at=when)).rowcount
    db.session.commit()
    if not done:
        raise NoSuchLearner(learner_id)
    return learner(room, learner_id)


# --- answers ------------------------------------------------------------------------------------


def record(class_id: int, learner_id: int, step_id: str, answer: dict, *, correct: bool,
           legal: bool | None, problems: list[dict], only_first: bool = False,
           now: datetime | None = None, first_ms: int | None = None) -> bool:
    """Store a submitted answer (committed before it returns): the first answer stays, the latest
    replaces the last, tries are counted, and the streak counts tries in a row that were illegal
    splits (slider steps: a legal split that misses the goal ends it) or wrong answers (others).
    With `only_first` (a class taking one answer per step) a second answer is not stored: False.
    `first_ms` (a game: elapsed_ms at the answer) is kept with the first answer only."""
    wrong = legal is False if legal is not None else not correct
    refused = []
    now = now or utcnow()

    def change():
        # The answer marks the class in use, but at most once a minute: one narrow UPDATE that
        # changes no row the rest of the time (the answer path of 60 phones stays cheap).
        db.session.execute(_TOUCH, {"class": class_id, "now": now, "stale": now - TOUCH_EVERY})
        # An answer is the phone's contact too (as throttled as the poll's: no row changes the
        # rest of the time).
        db.session.execute(_SEEN, {"seat": learner_id, "now": now,
                                   "stale": now - SEEN_WRITE_EVERY})
        if only_first:
            refused.clear()
            if db.session.get(ClassResult, (learner_id, step_id)) is not None:
                refused.append(True)
                return
            db.session.add(ClassResult(
                learner_id=learner_id, step_id=step_id, class_id=class_id, first_answer=answer,
                final_answer=answer, first_correct=correct, correct=correct, legal=legal,
                problems=problems, attempts=1, streak=int(wrong), updated_at=now,
                first_ms=first_ms))
            return
        done = db.session.execute(_NEXT_TRY, {
            "learner": learner_id, "step": step_id, "final_answer": answer, "correct": correct,
            "legal": legal, "problems": problems, "wrong": int(wrong), "updated_at": now,
        }).rowcount
        if not done:
            db.session.add(ClassResult(
                learner_id=learner_id, step_id=step_id, class_id=class_id, first_answer=answer,
                final_answer=answer, first_correct=correct, correct=correct, legal=legal,
                problems=problems, attempts=1, streak=int(wrong), updated_at=now,
                first_ms=first_ms))
    write(change)
    return not refused


_CLASSES = Class.__table__.c
_TOUCH = (update(Class.__table__)
          .where(_CLASSES.id == bindparam("class"), _CLASSES.touched_at < bindparam("stale"))
          .values(touched_at=bindparam("now")))

# Another try at a step already answered (built once, like the learners' other statements; on the
# table, so the ORM has no objects to bring up to date).
_RESULTS = ClassResult.__table__.c
_NEXT_TRY = (
    update(ClassResult.__table__)
    .where(_RESULTS.learner_id == bindparam("learner"), _RESULTS.step_id == bindparam("step"))
    .values(final_answer=bindparam("final_answer"), correct=bindparam("correct"),
            legal=bindparam("legal"), problems=bindparam("problems"),
            attempts=_RESULTS.attempts + 1,
            # a wrong try adds one to the streak; a right one (wrong = 0) ends it
            streak=(_RESULTS.streak + 1) * bindparam("wrong"),
            updated_at=bindparam("updated_at")))


def results(learner_id: int) -> dict[str, ClassResult]:
    return {r.step_id: r for r in db.session.scalars(
        select(ClassResult).where(ClassResult.learner_id == learner_id))}


def result(learner_id: int, step_id: str) -> ClassResult | None:
    return db.session.get(ClassResult, (learner_id, step_id))
