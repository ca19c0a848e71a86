"""Quizzes and attempts: make and edit a shared quiz, start an attempt, store each answer (committed
before it is acknowledged), read them back.

Plain functions over plain values; no request objects. Questions are stored as references
(webapp.content.questions): a bank id, a generated (tier, seed, position) or a judge's own
question; an attempt copies its quiz's list when it starts, so editing a quiz never changes it.
"""

from __future__ import annotations

import math
import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

from sqlalchemy import bindparam, delete, func, select, update

from ..content import generate
from ..content.questions import QuestionError, current, own_question
from .database import db, write
from .models import Quiz, QuizAnswer, QuizAttempt, aware

MODES = ("practice", "exam")
PASS_MARK = 70  # percent, as judge exams use
MAX_QUESTIONS = generate.MAX_QUESTIONS  # one limit: a quiz, a generated set, an imported file
MAX_MINUTES = 240
# An answer posted this long after an exam's time is up still counts (a slow phone, a slow wifi);
# the timer says so in words. The first request after it ends (submits) the attempt.
GRACE = timedelta(seconds=30)



def generated(tier: int, count: int, seed: int) -> list[dict]:
    """The references of a quiz made before questions were listed: generated, by position."""
    return [{"gen": [tier, seed, n]} for n in range(1, count + 1)]


@dataclass(frozen=True)
class Shared:
    """A quiz a judge made: the questions (tier, count, seed) and how it is taken."""
    title: str
    take_token: str
    owner_token: str
    tier: int
    count: int
    seed: int
    mode: str
    pass_mark: int
    questions: list = field(default_factory=list)
    time_limit: int | None = None
    taken: int = 0  # attempts so far: a quiz taken once has its questions and mode locked
    retakes: bool = True  # may one browser start again after submitting?
    deadline: datetime | None = None  # the last moment to start an attempt
    closed_at: datetime | None = None  # closed: no new attempts

    @property
    def locked(self) -> bool:
        return self.taken > 0

    def why_not_open(self, now: datetime | None = None) -> str | None:
        """Why no new attempt can start ("closed", "deadline"), or None when one can."""
        now = now or datetime.now(timezone.utc)
        if self.closed_at is not None:
            return "closed"
        if self.deadline is not None and now > aware(self.deadline):
            return "deadline"
        return None


@dataclass(frozen=True)
class Attempt:
    token: str
    name: str
    tier: int
    count: int
    seed: int
    mode: str
    pass_mark: int
    answers: dict  # position -> (answer, correct)
    quiz_title: str | None = None
    started_at: object = None
    questions: list = field(default_factory=list)
    time_limit: int | None = None
    submitted_at: datetime | None = None  # then nothing changes, and only then an exam's keys show
    quiz_id: int | None = None
    number: int | None = None  # the row's id: how the owner's page names it (never its token)

    @property
    def finished(self) -> bool:
        return len(self.answers) >= self.count

    @property
    def submitted(self) -> bool:
        return self.submitted_at is not None

    def seconds_left(self, now: datetime | None = None) -> int | None:
        """Whole seconds until the time is up (0 after), None without a timer."""
        deadline = self.deadline
        if deadline is None:
            return None
        left = (deadline - (now or datetime.now(timezone.utc))).total_seconds()
        return max(0, math.ceil(left))

    @property
    def deadline(self) -> datetime | None:
        """When an exam's time is up (None without a timer)."""
        return deadline(self.started_at, self.time_limit)

    @property
    def timed_out(self) -> bool:
        """Submitted by the clock (its time and GRACE were up), not by the taker."""
        deadline = self.deadline
        return (self.submitted_at is not None and deadline is not None
                and aware(self.submitted_at) >= deadline + GRACE)

    def out_of_time(self, now: datetime | None = None) -> bool:
        deadline = self.deadline
        return deadline is not None and (now or datetime.now(timezone.utc)) > deadline + GRACE

    @property
    def score(self) -> int:
        return sum(correct for _, correct in self.answers.values())

    @property
    def percent(self) -> int:
        return round(100 * self.score / self.count) if self.count else 0

    @property
    def passed(self) -> bool:
        return self.percent >= self.pass_mark


def start(name: str, tier: int, questions: list[dict], mode: str,
          time_limit: int | None = None) -> str:
    """A new attempt at these questions; returns its token (the unguessable link)."""
    token = secrets.token_urlsafe(32)  # 256 bits
    row = QuizAttempt(token=token, name=name, tier=tier, count=len(questions), seed=0,
                      mode=mode, pass_mark=PASS_MARK, questions=questions,
                      time_limit=time_limit if mode == "exam" else None)
    write(lambda: db.session.add(row))
    return token


def create(title: str, questions: list[dict], mode: str, pass_mark: int,
           time_limit: int | None = None) -> Shared:
    """A quiz to share: returns it with its take link's and owner link's tokens."""
    row = Quiz(title=title, take_token=secrets.token_urlsafe(32),
               owner_token=secrets.token_urlsafe(32), tier=_tier(questions),
               count=len(questions), seed=0, mode=mode, pass_mark=pass_mark,
               questions=questions, time_limit=time_limit)
    write(lambda: db.session.add(row))
    return _shared(row)


# What can't change once someone has taken the quiz: their attempts must keep meaning what they
# meant (the questions), and switching practice and exam under takers is unfair (the mode).
LOCKED_ONCE_TAKEN = ("mode",)
SETTINGS = ("title", "mode", "pass_mark", "time_limit", "deadline", "retakes")


def edit(owner_token: str, *, questions: list[dict] | None = None, **settings) -> bool:
    """Change a quiz's questions or settings (SETTINGS). Once anyone has taken it, a change to
    its questions or its mode is refused (False, nothing changed); the title, pass mark, timer
    (for attempts started from now), deadline and retakes always change. A new pass mark
    re-decides pass or fail of every attempt from its stored score."""
    unknown = set(settings) - set(SETTINGS)
    if unknown:
        raise TypeError(f"not a quiz setting: {sorted(unknown)}")
    done = []

    def change():
        row = db.session.scalar(select(Quiz).where(Quiz.owner_token == owner_token))
        if row is None:
            return
        if _taken(row.id) and (questions is not None or any(
                name in settings and settings[name] != getattr(row, name)
                for name in LOCKED_ONCE_TAKEN)):
            return
        if questions is not None:
            row.questions, row.count, row.tier = questions, len(questions), _tier(questions)
        for name, value in settings.items():
            setattr(row, name, value)
        if "pass_mark" in settings:
            db.session.execute(update(QuizAttempt).where(QuizAttempt.quiz_id == row.id)
                               .values(pass_mark=settings["pass_mark"]))
        done.append(True)
    write(change)
    return bool(done)


class QuizEditError(ValueError):
    """A change to a quiz's questions or settings that can't be made. `code` says why (the view
    words it): "too_many" (past MAX_QUESTIONS), "empty", "own" (a judge's question the core
    refuses; the message says what), "unknown_bank", "past_deadline", "locked" (taken: the
    questions can't change), "no_such_change"."""

    def __init__(self, code: str, message: str = ""):
        super().__init__(message or code)
        self.code = code


MAX_ADD = 25  # generated questions added at once


def moved(refs: list[dict], op: str, n: int | None) -> list[dict]:
    """The question list after op "remove", "up" or "down" on question `n` (from 1): up on the
    first or down on the last changes nothing."""
    if op not in ("remove", "up", "down") or n is None or not 1 <= n <= len(refs):
        raise QuizEditError("no_such_change")
    refs, i = list(refs), n - 1
    if op == "remove":
        refs.pop(i)
    elif op == "up" and i > 0:
        refs[i - 1], refs[i] = refs[i], refs[i - 1]
    elif op == "down" and i < len(refs) - 1:
        refs[i], refs[i + 1] = refs[i + 1], refs[i]
    return refs


def with_bank(refs: list[dict], ids: list[str], bank) -> list[dict]:
    """The list with the bank questions `ids` added (those already in it once)."""
    if not ids or any(bank.get(i) is None for i in ids):
        raise QuizEditError("unknown_bank")
    have = {r.get("bank") for r in refs}
    return [*refs, *({"bank": i} for i in dict.fromkeys(ids) if i not in have)]


def with_generated(refs: list[dict], tier: int, count: int) -> list[dict]:
    """The list with `count` (1 to MAX_ADD) fresh generated questions of `tier` added."""
    if not (1 <= count <= MAX_ADD and tier in generate.TIERS):
        raise QuizEditError("no_such_change")
    return [*refs, *map(current, generated(tier, count, secrets.randbelow(2**31)))]


def own_ref(spec: dict) -> dict:
    """A judge's question as a reference, under a fresh id of its own."""
    return {"own": {**spec, "id": f"own-{secrets.token_hex(4)}"}}


def set_questions(owner_token: str, refs: list[dict]) -> None:
    """Store a quiz's new question list: 1 to MAX_QUESTIONS questions, each judge's question
    re-keyed by the rules core first. QuizEditError when it can't be (nothing changes)."""
    if len(refs) > MAX_QUESTIONS:
        raise QuizEditError("too_many")
    if not refs:
        raise QuizEditError("empty")
    for ref in refs:
        if "own" in ref:
            try:
                own_question(ref["own"])
            except QuestionError as err:
                raise QuizEditError("own", str(err)) from None
    if not edit(owner_token, questions=refs):
        raise QuizEditError("locked")


def new_deadline(moment: datetime | None, current: datetime | None,
                 now: datetime | None = None) -> datetime | None:
    """The deadline to store for a typed `moment` (UTC, to the minute; None: no deadline). A
    past moment is refused, unless it is the deadline the quiz has (it passed: the owner is
    changing something else)."""
    if moment is None:
        return None
    if current is not None and moment == aware(current).replace(second=0, microsecond=0):
        return current
    if moment <= (now or utc_now()):
        raise QuizEditError("past_deadline")
    return moment


def close(owner_token: str, closed: bool = True) -> bool:
    """Close the quiz to new attempts (or reopen it); False for an unknown owner link. Closing a
    closed quiz keeps when it was first closed."""
    done = []

    def change():
        row = db.session.scalar(select(Quiz).where(Quiz.owner_token == owner_token))
        if row is None:
            return
        if not closed:
            row.closed_at = None
        elif row.closed_at is None:
            row.closed_at = utc_now()
        done.append(True)
    write(change)
    return bool(done)


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def _tier(questions: list[dict]) -> int:
    tiers = [r["gen"][0] for r in questions if "gen" in r] + \
        [r["own"].get("tier", 1) for r in questions if "own" in r]
    return max(tiers, default=1)


def _taken(quiz_id: int) -> int:
    return db.session.scalar(select(func.count()).select_from(QuizAttempt)
                             .where(QuizAttempt.quiz_id == quiz_id)) or 0


def shared(*, take: str | None = None, owner: str | None = None) -> Shared | None:
    """The quiz behind a take link or an owner link (never both from one token)."""
    token = take or owner
    if not token or len(token) > 64:
        return None
    column = Quiz.take_token if take else Quiz.owner_token
    row = db.session.scalar(select(Quiz).where(column == token))
    return _shared(row) if row else None


_LINK = re.compile(r"/quiz/([to])/([A-Za-z0-9_-]{20,64})(?:[/?#]|$)")


def from_link(raw: str | None) -> Shared | None:
    """The shared quiz a pasted take link or owner link names (a whole URL, a path, or the bare
    token of either); None for anything else."""
    text = (raw or "").strip()[:300]
    found = _LINK.search(text)
    if found:
        kind, token = found.groups()
        return shared(take=token) if kind == "t" else shared(owner=token)
    if re.fullmatch(r"[A-Za-z0-9_-]{20,64}", text):
        return shared(take=text) or shared(owner=text)
    return None


def take(quiz: Shared, name: str) -> str:
    """Someone starts a shared quiz: its questions, mode and pass mark; returns the attempt token."""
    row = db.session.scalar(select(Quiz).where(Quiz.take_token == quiz.take_token))
    token = secrets.token_urlsafe(32)
    attempt = QuizAttempt(token=token, quiz_id=row.id, name=name, tier=row.tier, count=row.count,
                          seed=row.seed, mode=row.mode, pass_mark=row.pass_mark,
                          questions=[current(r) for r in _questions(row)],
                          time_limit=row.time_limit)
    write(lambda: db.session.add(attempt))
    return token


def attempts(quiz: Shared) -> list[Attempt]:
    """Every attempt at a shared quiz, oldest first, with its answers (for the owner only)."""
    row = db.session.scalar(select(Quiz).where(Quiz.owner_token == quiz.owner_token))
    rows = db.session.scalars(select(QuizAttempt).where(QuizAttempt.quiz_id == row.id)
                              .order_by(QuizAttempt.created_at, QuizAttempt.id)).all()
    by_attempt: dict[int, dict] = {r.id: {} for r in rows}
    for a in db.session.scalars(select(QuizAnswer).where(
            QuizAnswer.attempt_id.in_(list(by_attempt)))):
        by_attempt[a.attempt_id][a.position] = (a.answer, a.correct)
    return [_attempt(r, by_attempt[r.id], quiz.title) for r in rows]


def _questions(row) -> list[dict]:
    return list(row.questions) if row.questions is not None else \
        generated(row.tier, row.count, row.seed)


def _shared(row: Quiz) -> Shared:
    """A quiz offers today's questions: a generated one an older generator made is made again
    (its answers, in attempts, stay with the version they answered; quiz_results keeps apart)."""
    return Shared(row.title, row.take_token, row.owner_token, row.tier, row.count, row.seed,
                  row.mode, row.pass_mark, [current(r) for r in _questions(row)], row.time_limit,
                  _taken(row.id) if row.id is not None else 0,
                  row.retakes is not False, row.deadline, row.closed_at)


def _attempt(row: QuizAttempt, answers: dict, title: str | None = None) -> Attempt:
    """An answered question stays the version it was answered in (an older one is shown as
    replaced, its mark as recorded); one not answered yet is today's (answer() stores that)."""
    refs = [r if n in answers else current(r) for n, r in enumerate(_questions(row), start=1)]
    return Attempt(row.token, row.name, row.tier, row.count, row.seed, row.mode, row.pass_mark,
                   answers, title, row.created_at, refs, row.time_limit,
                   row.submitted_at, row.quiz_id, number=row.id)


def owned_attempt(quiz: Shared, number: int) -> Attempt | None:
    """One attempt at this quiz, by the number the owner's page shows (None: not this quiz's)."""
    return next((a for a in attempts(quiz) if a.number == number), None)


def delete_attempt(owner_token: str, number: int) -> bool:
    """Delete one attempt at the quiz behind this owner link (a test run, say) with its answers:
    gone from the list, the statistics and the CSV; the last one gone, the questions unlock.
    False if the quiz has no such attempt."""
    done = []

    def remove():
        row = db.session.scalar(
            select(QuizAttempt).join(Quiz, Quiz.id == QuizAttempt.quiz_id)
            .where(Quiz.owner_token == owner_token, QuizAttempt.id == number))
        if row is None:
            return
        # Answers first: SQLite enforces the cascade only with foreign keys switched on.
        db.session.execute(delete(QuizAnswer).where(QuizAnswer.attempt_id == row.id))
        db.session.delete(row)
        done.append(True)
    write(remove)
    return bool(done)


def get(token: str) -> Attempt | None:
    """An attempt with its answers. An exam whose time (and GRACE) is up is submitted here, on
    the first request after it, so nothing sent later counts, whatever the browser does."""
    row = _row(token)
    if row is None:
        return None
    if row.submitted_at is None and _attempt(row, {}).out_of_time():
        _close(token, lambda r: aware(r.created_at) + timedelta(minutes=r.time_limit) + GRACE)
        row = _row(token)
    answers = {a.position: (a.answer, a.correct) for a in db.session.scalars(
        select(QuizAnswer).where(QuizAnswer.attempt_id == row.id))}
    title = db.session.get(Quiz, row.quiz_id).title if row.quiz_id else None
    return _attempt(row, answers, title)


def deadline(started_at: datetime | None, time_limit: int | None) -> datetime | None:
    """When an attempt's time is up (None without a timer); answers count until GRACE after."""
    if not time_limit or started_at is None:
        return None
    return aware(started_at) + timedelta(minutes=time_limit)


@dataclass(frozen=True)
class Standing:
    """What a live slider answer reads of an attempt: its mode, whether it is submitted, and its
    questions as stored (`question(n)`: today's reference for question n, as for any question
    not answered yet; a live answer stores nothing)."""
    mode: str
    submitted: bool
    refs: list

    @property
    def count(self) -> int:
        return len(self.refs)

    def question(self, n: int) -> dict:
        return current(self.refs[n - 1])


def standing(token: str) -> Standing | None:
    """An attempt's mode, questions and whether it is submitted, in one query of plain columns
    (no answers, no title, no object built): for a live slider answer, many a second. An exam
    out of time is closed as get() closes it."""
    if not token or len(token) > 64:
        return None
    with db.engine.connect() as connection:  # no ORM session: about half of standing's cost
        row = connection.execute(_STANDING, {"token": token}).first()
    if row is None:
        return None
    mode, submitted_at, started_at, time_limit, questions, tier, count, seed = row
    refs = list(questions) if questions is not None else generated(tier, count, seed)
    up = deadline(started_at, time_limit)
    if submitted_at is None and up is not None and datetime.now(timezone.utc) > up + GRACE:
        closed = get(token)
        return Standing(closed.mode, closed.submitted, refs)
    return Standing(mode, submitted_at is not None, refs)


# Built once: building a statement costs more than SQLite takes to run it.
_STANDING = select(QuizAttempt.mode, QuizAttempt.submitted_at, QuizAttempt.created_at,
                   QuizAttempt.time_limit, QuizAttempt.questions, QuizAttempt.tier,
                   QuizAttempt.count, QuizAttempt.seed).where(
                       QuizAttempt.token == bindparam("token"))


def _row(token: str) -> QuizAttempt | None:
    if not token or len(token) > 64:
        return None
    return db.session.scalar(select(QuizAttempt).where(QuizAttempt.token == token))


def _close(token: str, when) -> None:
    """Set the attempt's submitted_at to when(row), unless it is set already (the first wins)."""
    def close():
        row = db.session.scalar(select(QuizAttempt).where(QuizAttempt.token == token))
        if row is not None and row.submitted_at is None:
            row.submitted_at = when(row)
    write(close)
    db.session.expire_all()  # the next read sees the committed row


def submit(token: str) -> bool:
    """The taker submits (or the browser does at 0:00): from now on no answer changes. False for
    an unknown attempt; submitting twice changes nothing."""
    attempt = get(token)  # an attempt out of time is closed at its time, not now
    if attempt is None:
        return False
    _close(token, lambda _row: datetime.now(timezone.utc))
    return True


# What answer() did: stored, kept the first (practice: the feedback was shown), or refused
# because the attempt is submitted or out of time.
STORED, KEPT, CLOSED = "stored", "kept", "closed"


def answer(token: str, position: int, given, correct: bool) -> str:
    """Store the answer to one question, committed before it is acknowledged. In practice the
    first answer counts (its feedback was shown); in an exam the latest does, until submitted.
    Nothing is stored once the attempt is submitted or its time (and GRACE) is up."""
    attempt = get(token)
    if attempt is None or attempt.submitted:
        return CLOSED
    outcome = []

    def store():
        row = db.session.scalar(select(QuizAttempt).where(QuizAttempt.token == token))
        if row.submitted_at is not None:  # submitted meanwhile (another tab, the timer)
            outcome.append(CLOSED)
            return
        stored = db.session.get(QuizAnswer, (row.id, position))
        if stored is None:  # graded against today's question: the attempt now names that one
            refs = _questions(row)
            if 1 <= position <= len(refs) and refs[position - 1] != current(refs[position - 1]):
                refs[position - 1] = current(refs[position - 1])
                row.questions = refs
            db.session.add(QuizAnswer(attempt_id=row.id, position=position, answer=given,
                                      correct=bool(correct)))
        elif row.mode == "exam":
            stored.answer, stored.correct = given, bool(correct)
        else:
            outcome.append(KEPT)
            return
        outcome.append(STORED)
    write(store)
    return outcome[0]


def resume(quiz: Shared, tokens: list[str]) -> tuple[Attempt | None, Attempt | None]:
    """Of the attempts this browser remembers (newest first), at this quiz: the newest one not
    yet submitted (to resume, with its clock) and the newest submitted one."""
    rows = db.session.scalars(select(QuizAttempt.token).join(Quiz, Quiz.id == QuizAttempt.quiz_id)
                              .where(Quiz.take_token == quiz.take_token,
                                     QuizAttempt.token.in_(tokens[:MEMORY]))).all()
    here = set(rows)
    mine = [a for a in (get(t) for t in tokens if t in here) if a is not None]
    return (next((a for a in mine if not a.submitted), None),
            next((a for a in mine if a.submitted), None))


def door(quiz: Shared, tokens: list[str]) -> tuple[str, Attempt | None]:
    """What the take link does for a browser that remembers these attempts: ("resume", its
    unfinished attempt: same questions, same clock), ("closed" | "deadline", None or its last
    submitted attempt): no new attempt, ("taken", its submitted attempt) when the owner allows no
    retakes, or ("open", None or its last submitted attempt): a new one may start."""
    unfinished, submitted = resume(quiz, tokens)
    if unfinished is not None:
        return "resume", unfinished
    why = quiz.why_not_open()
    if why is not None:
        return why, submitted
    if submitted is not None and not quiz.retakes:
        return "taken", submitted
    return "open", submitted


def resume_at(attempt: Attempt) -> int | None:
    """Where an unfinished attempt goes on: its first unanswered question (None: all answered,
    so Review and submit)."""
    return next((n for n in range(1, attempt.count + 1) if n not in attempt.answers), None)


MEMORY = 30  # attempts a browser remembers (a signed cookie: 30 tokens are about 1.5 KB)
