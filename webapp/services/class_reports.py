"""What a class's answers say: the room overview on one step, the summary, the results CSV.

Read-only, over the rows services/classes.py writes (one per learner and step), aggregated per
request: cheap at a store's 60 learners and at 500.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

from sqlalchemy import func, select

from . import scoring, spreadsheet
from .database import db
from .models import Class, ClassLearner, ClassResult, ClassRun, Quiz

STUCK = 3  # wrong tries in a row that flag a learner as stuck
# No contact from a phone for this long (no poll, page or answer: closed, asleep, out of reach):
# the host's room lists its player as left. The phone polls every 2 s and its last contact is
# written at most every classes.SEEN_WRITE_EVERY (10 s), so this is three missed writes.
LEFT_AFTER = timedelta(seconds=30)


@dataclass
class Overview:
    """The room on one step: counts, mistakes grouped by the rules core's problem code, where the
    room put its damage, and who is stuck (nicknames only for the host, never the projector)."""
    joined: int = 0
    answered: int = 0
    first_correct: int = 0  # right with their first answer
    correct: int = 0        # right with their latest answer (after retries)
    retries: int = 0        # answers after each learner's first
    legal: int = 0
    illegal: int = 0
    groups: list[dict] = field(default_factory=list)   # {code, rule, count, problem}
    heat: dict = field(default_factory=dict)           # (attacker, recipient) -> total damage
    stuck: list[str] = field(default_factory=list)
    picks: Counter = field(default_factory=Counter)    # option id -> latest answers choosing it

    def share(self, attacker: str, recipient: str) -> int:
        """Per cent of `attacker`'s damage (over every answer) the room sent to `recipient`."""
        total = sum(v for (a, _), v in self.heat.items() if a == attacker)
        return round(100 * self.heat.get((attacker, recipient), 0) / total) if total else 0

    def average(self, attacker: str, recipient: str) -> float:
        return round(self.heat.get((attacker, recipient), 0) / self.answered, 1) \
            if self.answered else 0.0


# A learner the host removed counts nowhere (their answers are kept in case they come back).
IN_CLASS = ClassLearner.removed_at.is_(None)


def joined(room: Class) -> int:
    return db.session.scalar(
        select(func.count()).select_from(ClassLearner).where(ClassLearner.class_id == room.id,
                                                              IN_CLASS))


def joined_counts(rooms: list[Class]) -> dict[int, int]:
    """How many are in each of these classes (one query): class id -> count."""
    if not rooms:
        return {}
    return dict(db.session.execute(
        select(ClassLearner.class_id, func.count())
        .where(ClassLearner.class_id.in_([r.id for r in rooms]), IN_CLASS)
        .group_by(ClassLearner.class_id)).all())


@dataclass
class Presence:
    """Who is in the room, for the host (nicknames in the order they joined). On a question
    (`step_id` given): who `answered` it (nickname, whether their phone has left since), who has
    `not_yet` and is here, and who `left` without answering. Elsewhere (the lobby, a step with
    nothing to answer): who is `here` and who `left`."""
    question: bool
    answered: list[tuple[str, bool]] = field(default_factory=list)
    not_yet: list[str] = field(default_factory=list)
    here: list[str] = field(default_factory=list)
    left: list[str] = field(default_factory=list)


def presence(room: Class, step_id: str | None, now: datetime) -> Presence:
    """One query over the class's players (and whether each answered `step_id`): cheap at 60
    and at 500. A seat never seen (from before its last contact was kept) counts from its
    join."""
    answered = ClassResult.learner_id.is_not(None) if step_id else None
    columns = [ClassLearner.nickname, ClassLearner.last_seen_at, ClassLearner.joined_at]
    query = select(*columns, answered) if step_id else select(*columns)
    if step_id:
        query = query.outerjoin(ClassResult, (ClassResult.learner_id == ClassLearner.id)
                                & (ClassResult.step_id == step_id))
    rows = db.session.execute(query.where(ClassLearner.class_id == room.id, IN_CLASS)
                              .order_by(ClassLearner.joined_at, ClassLearner.id)).all()
    out = Presence(question=step_id is not None)
    since = now - LEFT_AFTER
    for row in rows:
        seen = row[1] or row[2]
        gone = (seen if seen.tzinfo else seen.replace(tzinfo=timezone.utc)) < since
        if step_id and row[3]:
            out.answered.append((row[0], gone))
        elif gone:
            out.left.append(row[0])
        elif step_id:
            out.not_yet.append(row[0])
        else:
            out.here.append(row[0])
    return out


def overview(room: Class, step_id: str) -> Overview:
    """One narrow query over the step's answers (one row per learner who answered) and a count of
    the room: cheap at a store's 60 learners and at 500."""
    out = Overview(joined=joined(room))
    rows = db.session.execute(
        select(ClassResult.correct, ClassResult.legal, ClassResult.problems,
               ClassResult.final_answer, ClassResult.streak, ClassLearner.nickname,
               ClassResult.first_correct, ClassResult.attempts)
        .join(ClassLearner, ClassLearner.id == ClassResult.learner_id)
        .where(ClassResult.class_id == room.id, ClassResult.step_id == step_id, IN_CLASS)).all()
    groups: Counter = Counter()
    example: dict = {}
    for correct, legal, problems, answer, streak, nickname, first_correct, attempts in rows:
        out.answered += 1
        out.first_correct += bool(first_correct)
        out.correct += bool(correct)
        out.retries += attempts - 1
        out.legal += legal is True
        out.illegal += legal is False
        if streak >= STUCK:
            out.stuck.append(nickname)
        for key in {(p["code"], p["rule"]) for p in problems or ()}:
            groups[key] += 1
            example.setdefault(key, next(p for p in problems if (p["code"], p["rule"]) == key))
        # a quiz question's option id (or ids: select all), or a lesson choice step's
        chosen = (answer or {}).get("answer", (answer or {}).get("option"))
        for option in chosen if isinstance(chosen, list) else [chosen]:
            if isinstance(option, str):
                out.picks[option] += 1
        for attacker, split in ((answer or {}).get("assignment") or {}).items():
            for recipient, amount in split.items():
                out.heat[(attacker, recipient)] = out.heat.get((attacker, recipient), 0) + amount
    out.groups = [{"code": code, "rule": rule, "count": n, "problem": example[(code, rule)]}
                  for (code, rule), n in groups.most_common()]
    out.stuck.sort(key=str.casefold)
    return out


def summary(room: Class) -> dict[str, dict]:
    """Per step: how many answered, how many were right first time and in the end, and the most
    common mistake (code, rule, count)."""
    out: dict[str, dict] = {}
    rows = db.session.execute(
        select(ClassResult.step_id, ClassResult.first_correct, ClassResult.correct,
               ClassResult.problems)
        .join(ClassLearner, ClassLearner.id == ClassResult.learner_id)
        .where(ClassResult.class_id == room.id, IN_CLASS)).all()
    mistakes: dict[str, Counter] = {}
    for step_id, first_correct, correct, problems in rows:
        item = out.setdefault(step_id, {"answered": 0, "first_correct": 0, "correct": 0,
                                        "top": None})
        item["answered"] += 1
        item["first_correct"] += bool(first_correct)
        item["correct"] += bool(correct)
        for key in {(p["code"], p["rule"]) for p in problems or ()}:
            mistakes.setdefault(step_id, Counter())[key] += 1
    for step_id, counter in mistakes.items():
        (code, rule), n = counter.most_common(1)[0]
        out[step_id]["top"] = {"code": code, "rule": rule, "count": n}
    return out


def standings(room: Class, items: Iterable[str], only: int | None = None
              ) -> list[scoring.Standing]:
    """A game's standings over `items` (the item ids the class asked, in class order), best
    first: one query over the class's players and their first answers, scored by
    services/scoring.py (removed players left out). With `only` (a seat id), that player's
    score and streak alone, from their own rows (a phone during the class: no rank needed, so
    500 phones following the host don't each read the whole room)."""
    seats = [ClassLearner.class_id == room.id] + ([ClassLearner.id == only] if only else [])
    rows = [ClassResult.class_id == room.id] + ([ClassResult.learner_id == only] if only else [])
    players = [scoring.Player(i, nickname, removed is not None) for i, nickname, removed in
               db.session.execute(select(ClassLearner.id, ClassLearner.nickname,
                                         ClassLearner.removed_at).where(*seats))]
    answers: dict[int, dict[str, scoring.Answer]] = {}
    for learner_id, step_id, first_correct, first_ms in db.session.execute(
            select(ClassResult.learner_id, ClassResult.step_id, ClassResult.first_correct,
                   ClassResult.first_ms).where(*rows)):
        answers.setdefault(learner_id, {})[step_id] = scoring.Answer(bool(first_correct),
                                                                     first_ms)
    return scoring.standings(players, answers, items, room.countdown_s)


@dataclass(frozen=True)
class Item:
    """One of the class's items as the CSV lists it: its number in the class (1-based), its key
    in class_results, its title in the reader's language, and whether the class asked it."""
    number: int
    item_id: str
    title: str
    asked: bool


def results_csv(room: Class, items: Iterable[Item], words: Callable[[int, dict], str],
                header: list[str], yes_no: tuple[str, str], before: Iterable[Iterable],
                game: list[scoring.Standing] | None = None) -> str:
    """The class's results, one row per player (in the order they joined, those who never
    answered too) and item the class asked or anyone answered (in class order): the item's
    title, the first and last answers in `words(number, stored answer)`, whether each was right
    (`yes_no`; empty when not answered), the tries, and the player's totals (right first tries,
    answered, asked). `header` and the rows `before` it (title, date) are the reader's words.
    In a game (`game`: the standings), each row ends with the item's points and the player's
    total points and rank (`header` names them too).
    Every text cell goes through the one escaper (spreadsheet.cell); a byte-order mark first."""
    players = db.session.execute(
        select(ClassLearner.id, ClassLearner.nickname)
        .where(ClassLearner.class_id == room.id, IN_CLASS)
        .order_by(ClassLearner.joined_at, ClassLearner.id)).all()
    done: dict[int, dict[str, tuple]] = {}
    for learner_id, step_id, first, first_correct, final, attempts, correct in db.session.execute(
            select(ClassResult.learner_id, ClassResult.step_id, ClassResult.first_answer,
                   ClassResult.first_correct, ClassResult.final_answer, ClassResult.attempts,
                   ClassResult.correct)
            .where(ClassResult.class_id == room.id)):
        done.setdefault(learner_id, {})[step_id] = (first, first_correct, final, attempts,
                                                    correct)
    answered_ids = {step_id for rows in done.values() for step_id in rows}
    listed = [item for item in items if item.asked or item.item_id in answered_ids]
    yes, no = yes_no

    def mark(right) -> str:
        return yes if right else no

    scores = {s.id: s for s in game or ()}

    def scored(learner_id: int, item_id: str | None) -> list:
        if game is None:
            return []
        standing = scores.get(learner_id)
        if standing is None:
            return [None, None, None]
        shown = standing.points.get(item_id) if item_id else None
        return [shown, standing.score, standing.rank]

    def rows():
        for learner_id, nickname in players:
            mine = done.get(learner_id, {})
            given = [mine[item.item_id] for item in listed if item.item_id in mine]
            totals = [sum(bool(r[1]) for r in given), len(given), len(listed)]
            if not listed:  # a class that asked nothing: the player is still listed
                yield [nickname, None, None, None, None, None, 0, None, *totals,
                       *scored(learner_id, None)]
            for item in listed:
                row = mine.get(item.item_id)
                if row is None:
                    yield [nickname, item.number, item.title, None, None, None, 0, None,
                           *totals, *scored(learner_id, None)]
                    continue
                first, first_correct, final, attempts, correct = row
                yield [nickname, item.number, item.title, words(item.number, first or {}),
                       mark(first_correct), words(item.number, final or {}), attempts,
                       mark(correct), *totals, *scored(learner_id, item.item_id)]
    return spreadsheet.table(header, rows(), before=before, bom=True)


def quiz_runs(take_token: str) -> list[ClassRun]:
    """The ended classes that ran the quiz with this take token, newest first (for its owner:
    counts only, no nickname, no class link)."""
    return list(db.session.scalars(
        select(ClassRun).join(Quiz, Quiz.id == ClassRun.quiz_id)
        .where(Quiz.take_token == take_token)
        .order_by(ClassRun.ended_at.desc(), ClassRun.id.desc())))
