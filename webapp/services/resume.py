"""Progress on another device, without an account: a resume code, taking progress over, and a
file of it.

    code = resume.code_for(learner)          # "K7M3XAC9RTWE" (made once; None: nothing to carry)
    resume.rotate(learner)                   # a new code; the old one stops working
    target = resume.take_over(here, "k7m3-xac9-rtwe")   # this browser continues that progress
    resume.current(cookie_id)                # the learner a cookie stands for now
    data = resume.export(learner); resume.import_rows(learner, rows)

A code is a bearer secret (whoever types it continues that progress), so it is long enough not to
be guessed at the pace the web layer allows (12 characters of the classes' alphabet without
look-alikes: 19**12, about 2 * 10**15), compared only by an indexed lookup, and never in a file.

Taking over *combines*: the progress already in this browser moves to the code's learner, and
nothing is dropped. Every answer is kept (where both browsers answered a step, the later answer
is the step's latest, as if both had been given in one browser); a lesson keeps the furthest
bookmark and is done if it was done in either; endless practice keeps the first answer to each
board. The browser's old id remembers where it went (`moved_to`), so another tab's cookie, or an
answer still on its way, follows it (`current`).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, select, update

from .classes import ALPHABET
from .database import db, write
from .models import DailyGoal, Learner, LessonProgress, PracticeAnswer, StepAttempt, aware
from .progress import new_learner_id

LENGTH = 12
GROUP = 4  # shown as XXXX-XXXX-XXXX
# The tables that hold a learner's progress: a take-over moves every one (a test checks that
# each table with a key to learners is here).
MOVED_TABLES = ("step_attempts", "practice_answers", "lesson_progress", "daily_goals")


class WrongCode(LookupError):
    """No learner has this code (a typo, a guess, or a code replaced by a newer one)."""


@dataclass(frozen=True)
class Summary:
    """How much progress a learner has: what the page says a code carries."""
    lessons: int
    done: int
    answers: int
    practice: int

    @property
    def empty(self) -> bool:
        return not (self.lessons or self.answers or self.practice)


# --- codes ----------------------------------------------------------------------------------------


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normal_code(raw: str | None) -> str | None:
    """A code as typed ("k7m3 xac9-rtwe") in its stored form, or None if it can't be one."""
    text = re.sub(r"[\s\-]", "", str(raw or "")[:40]).upper()
    if len(text) != LENGTH or any(ch not in ALPHABET for ch in text):
        return None
    return text


def shown(code: str) -> str:
    """The code in groups, as the page shows it and a person types it."""
    return "-".join(code[i:i + GROUP] for i in range(0, len(code), GROUP))


def code_for(learner_id: str | None) -> str | None:
    """The learner's code, made the first time it is asked for (two tabs asking at once get the
    same one); None for a browser with no progress (there is nothing to carry)."""
    row = db.session.get(Learner, learner_id) if learner_id else None
    if row is None or summary(learner_id).empty:
        return None
    if row.resume_code is None:
        _set_code(learner_id, only_if_none=True)
        db.session.refresh(row)
    return row.resume_code


def rotate(learner_id: str) -> str | None:
    """A new code for this learner; the old one no longer takes anything over."""
    if db.session.get(Learner, learner_id) is None:
        return None
    _set_code(learner_id, only_if_none=False)
    return code_for(learner_id)


def _set_code(learner_id: str, *, only_if_none: bool) -> None:
    def change():
        statement = update(Learner).where(Learner.id == learner_id).values(resume_code=new_code())
        if only_if_none:
            statement = statement.where(Learner.resume_code.is_(None))
        db.session.execute(statement)

    write(change)  # a clash with another learner's code (unique index) is rolled back and redone


def owner(code: str | None) -> str | None:
    """The learner whose code this is (None: no such code)."""
    wanted = normal_code(code)
    if wanted is None:
        return None
    return db.session.scalar(select(Learner.id).where(Learner.resume_code == wanted,
                                                      Learner.moved_to.is_(None)))


def summary(learner_id: str | None) -> Summary:
    if not learner_id:
        return Summary(0, 0, 0, 0)

    def count(*where):
        return db.session.scalar(select(func.count()).where(*where)) or 0

    return Summary(
        lessons=count(LessonProgress.learner_id == learner_id),
        done=count(LessonProgress.learner_id == learner_id,
                   LessonProgress.completed_at.is_not(None)),
        answers=count(StepAttempt.learner_id == learner_id),
        practice=count(PracticeAnswer.learner_id == learner_id))


# --- taking over ----------------------------------------------------------------------------------


def current(learner_id: str | None) -> str | None:
    """The learner a cookie's id stands for: itself, or the learner its progress moved to (then
    anything that reached the old id since, an answer on its way, moves too)."""
    if not learner_id:
        return None
    moved = db.session.scalar(select(Learner.moved_to).where(Learner.id == learner_id))
    if moved is None:
        return learner_id
    if not summary(learner_id).empty:
        write(lambda: _merge(learner_id, moved))
    return moved


def take_over(here: str | None, code: str | None) -> str:
    """This browser (learner `here`, or none yet) continues the progress of the code's learner;
    this browser's own progress is combined into it (see the module's text). Returns the
    learner the browser is now. WrongCode if no learner has this code."""
    target = owner(code)
    if target is None:
        raise WrongCode(code)
    if here and here != target and db.session.get(Learner, here) is not None:
        write(lambda: _merge(here, target))
    return target


def _merge(source: str, target: str) -> None:
    """Move every row of `source`'s progress to `target` (not committed: write() commits)."""
    _merge_practice(source, target)
    _merge_lessons(source, target)
    _merge_goals(source, target)
    db.session.execute(update(StepAttempt).where(StepAttempt.learner_id == source)
                       .values(learner_id=target))
    db.session.execute(update(Learner).where(Learner.moved_to == source).values(moved_to=target))
    db.session.execute(update(Learner).where(Learner.id == source)
                       .values(moved_to=target, resume_code=None))


def _merge_practice(source: str, target: str) -> None:
    """The first answer to each board is kept: of two answers to the same board, the earlier."""
    theirs = {(r.lesson_id, r.kind, r.seed): r for r in db.session.scalars(
        select(PracticeAnswer).where(PracticeAnswer.learner_id == target))}
    drop = []
    for row in db.session.scalars(select(PracticeAnswer)
                                  .where(PracticeAnswer.learner_id == source)):
        other = theirs.get((row.lesson_id, row.kind, row.seed))
        if other is not None:
            drop.append(other.id if row.id < other.id else row.id)
    if drop:
        db.session.execute(delete(PracticeAnswer).where(PracticeAnswer.id.in_(drop)))
    db.session.execute(update(PracticeAnswer).where(PracticeAnswer.learner_id == source)
                       .values(learner_id=target))


def _merge_goals(source: str, target: str) -> None:
    """Daily goals: a day both chose one for keeps the target's (the progress continued); the
    source's other changes join it, so every past day keeps the goal it had."""
    theirs = set(db.session.scalars(select(DailyGoal.since).where(DailyGoal.learner_id == target)))
    if theirs:
        db.session.execute(delete(DailyGoal).where(DailyGoal.learner_id == source,
                                                   DailyGoal.since.in_(list(theirs))))
    db.session.execute(update(DailyGoal).where(DailyGoal.learner_id == source)
                       .values(learner_id=target))


def _merge_lessons(source: str, target: str) -> None:
    """A lesson in both: started at the earlier start, done at the earlier finish, bookmarked
    where the learner was last."""
    theirs = {r.lesson_id: r for r in db.session.scalars(
        select(LessonProgress).where(LessonProgress.learner_id == target))}
    mine = list(db.session.scalars(select(LessonProgress)
                                   .where(LessonProgress.learner_id == source)))
    for row in mine:
        other = theirs.get(row.lesson_id)
        if other is None:
            continue
        other.started_at = min(aware(other.started_at), aware(row.started_at))
        done = [aware(t) for t in (other.completed_at, row.completed_at) if t is not None]
        other.completed_at = min(done) if done else None
        if aware(row.updated_at) > aware(other.updated_at):
            other.current_step, other.updated_at = row.current_step, row.updated_at
    db.session.flush()
    db.session.execute(delete(LessonProgress).where(LessonProgress.learner_id == source,
                                                    LessonProgress.lesson_id.in_(list(theirs))))
    db.session.execute(update(LessonProgress).where(LessonProgress.learner_id == source)
                       .values(learner_id=target))



# --- a file of it ---------------------------------------------------------------------------------


def export(learner_id: str | None) -> dict:
    """The learner's progress as plain data: lessons, every answer in the order given, practice
    answers, with their times. No learner id and no code: the file gives no access to anything."""
    if not learner_id:
        return {"lessons": [], "answers": [], "practice": [], "goals": []}
    lessons = db.session.scalars(select(LessonProgress)
                                 .where(LessonProgress.learner_id == learner_id)
                                 .order_by(LessonProgress.started_at, LessonProgress.lesson_id))
    answers = db.session.scalars(select(StepAttempt).where(StepAttempt.learner_id == learner_id)
                                 .order_by(StepAttempt.id))
    practice = db.session.scalars(select(PracticeAnswer)
                                  .where(PracticeAnswer.learner_id == learner_id)
                                  .order_by(PracticeAnswer.id))
    goals = db.session.scalars(select(DailyGoal).where(DailyGoal.learner_id == learner_id)
                               .order_by(DailyGoal.since))
    return {
        "lessons": [{"lesson": r.lesson_id, "step": r.current_step, "started": _when(r.started_at),
                     "updated": _when(r.updated_at), "done": _when(r.completed_at)}
                    for r in lessons],
        "answers": [{"lesson": r.lesson_id, "step": r.step_id, "correct": r.correct,
                     "answer": r.answer, "at": _when(r.created_at)} for r in answers],
        "practice": [{"lesson": r.lesson_id, "kind": r.kind, "seed": r.seed,
                      "correct": r.correct, "answer": r.answer, "at": _when(r.created_at),
                      **({"review": r.review_step} if r.review_step else {})}
                     for r in practice],
        "goals": [{"since": r.since.isoformat(), "goal": r.goal} for r in goals],
    }


def _when(moment: datetime | None) -> str | None:
    return None if moment is None else aware(moment).isoformat()


def import_rows(learner_id: str, data: dict) -> Summary:
    """Add the progress of `data` (export's shape, already checked by the caller) to the
    learner's, combined as a take-over combines (an answer already here, same step and time, is
    not added twice). Returns the learner's progress after it; committed on return."""
    def change():
        here = db.session.get(Learner, learner_id)
        if here is None:
            db.session.add(Learner(id=learner_id))
        staged = new_learner_id()  # the file's rows arrive as a learner of their own, then merge
        db.session.add(Learner(id=staged))
        db.session.flush()
        known = {(r.lesson_id, r.step_id, aware(r.created_at)) for r in db.session.scalars(
            select(StepAttempt).where(StepAttempt.learner_id == learner_id))}
        for row in sorted(data["answers"], key=lambda r: r["at"]):
            if (row["lesson"], row["step"], row["at"]) not in known:
                db.session.add(StepAttempt(learner_id=staged, lesson_id=row["lesson"],
                                           step_id=row["step"], correct=row["correct"],
                                           answer=row["answer"], created_at=row["at"]))
        for row in sorted(data["practice"], key=lambda r: r["at"]):
            db.session.add(PracticeAnswer(learner_id=staged, lesson_id=row["lesson"],
                                          kind=row["kind"], seed=row["seed"],
                                          correct=row["correct"], answer=row["answer"],
                                          created_at=row["at"], review_step=row.get("review")))
        for row in data["lessons"]:
            db.session.add(LessonProgress(learner_id=staged, lesson_id=row["lesson"],
                                          current_step=row["step"], started_at=row["started"],
                                          updated_at=row["updated"], completed_at=row["done"]))
        for row in data.get("goals", []):
            db.session.add(DailyGoal(learner_id=staged, since=row["since"], goal=row["goal"]))
        db.session.flush()
        _merge(staged, learner_id)
        db.session.execute(delete(Learner).where(Learner.id == staged))

    write(change)
    return summary(learner_id)
