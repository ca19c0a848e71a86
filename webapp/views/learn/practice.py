"""Endless practice: fresh boards for the lessons a learner has finished, and spaced review.

GET  /learn/practice[?lesson=id]      lessons mastered, reviews due, and a new board to answer
GET  /learn/practice?lesson=id&kind=k&seed=n   that board (any lesson: "Try a similar one")
GET  /learn/<lesson>/<step>/similar   a 303 to a fresh board of that lesson, of the step's kind
POST /learn/practice                  an answer (stored, committed), then its feedback: a 303 to
                                      the answer's page, or the `feedback` block for htmx; the −/+
                                      buttons without JavaScript post here too (op=step:...)
POST /learn/practice/live             sliders moved on an assign board: the live check
GET  /learn/practice/answers/<id>     a stored answer's feedback, with its board
GET  /learn/today                     Today's boards: due reviews first, then the weakest lessons,
                                      with the day's count and streak (services/daily.py)
GET  /learn/today/line                one line of it (reviews due, boards left), for other pages
POST /learn/today/goal                the daily goal (boards a day) from today on

A board is (lesson, kind, seed): the generator (webapp.content.generate.practice_question) rebuilds
it from them; the form carries them signed, so a learner can't pick a board they already solved.
A board of Today's also carries the missed lesson step it reviews, if any, and that it is
Today's (its feedback leads on to Today's next board); a lesson's check (its last question before
Done) says so, and its right answer marks the lesson done.
GET  /learn/<lesson>/check            a 303 to a fresh board of the lesson, asked as its check
"""

from __future__ import annotations

import secrets
from types import SimpleNamespace

from flask import abort, redirect, request, url_for

from ... import csrf, signing
from ...content.generate import grade
from ...content.kinds import AnswerError, has_sliders, kind_of
from ...content.practice import PRACTICE_KINDS, ideas_for, practice_question, seed_with_idea
from ...htmx import render, wants_fragment
from ...i18n import _l, gettext
from ...live import board_cards, labels, live_check
from ...content.fields import SliderError
from ...live.words import slider_error_text, verdict as verdict_words
from ...services import daily, mastery, practice, progress
from ...services.answers import sliders, step_slider
from ..feedback import answer_feedback, recipient_names
from ..live_answer import live_response
from ..quiz import goal_asked, goal_mark
from ..quiz.answers import QuizAnswerError, read_answer, read_split
from . import bp, check_passed, clock, curriculum, learner_id, learner_id_or_new, lesson_states
from . import steps as parts

TEMPLATE = "learn/practice.html"


SALT = "trample-practice"  # the board a practice form answers, signed in its hidden field


@bp.get("/practice")
def practice_page():
    me = learner_id()
    done = _done_lessons(me)
    wanted = request.args.get("lesson")
    similar = _asked_board(wanted)
    if similar is not None:  # "Try a similar one" or a lesson's check: that board, done or not
        return _show(_item(*similar, mode=CHECK if request.args.get("mode") == CHECK else None))
    if wanted is not None and wanted not in {lesson.id for lesson in done}:
        abort(404)
    item = _new_item(done, me, wanted) if done else None
    return _show(item)


# What a lesson step's similar board asks, by the step's kind of question: the same kind (a
# choice step's board asks an amount).
SIMILAR_KIND = {"split": "assign", "amount": "number", "verdict": "legal", "choice": "number"}


@bp.get("/<lesson_id>/<step_id>/similar")
def similar(lesson_id: str, step_id: str):
    """A fresh board with the lesson's idea, new numbers and creatures (a new seed each time)."""
    lesson = curriculum().get(lesson_id)
    current = _step_of(lesson, step_id) if lesson else None
    if current is None:
        abort(404)
    return _fresh_board(lesson, SIMILAR_KIND.get(current.kind))


def _fresh_board(lesson, kind: str | None = None, mode: str | None = None):
    """A 303 to a new board of `lesson` (a new seed each time; any kind unless one is given)."""
    return redirect(url_for(".practice_page", lesson=lesson.id,
                            kind=kind or secrets.choice(PRACTICE_KINDS),
                            seed=secrets.randbelow(2**31), mode=mode), 303)


def _asked_board(wanted: str | None):
    """(lesson, kind, seed) named by the address, or None when it names no whole board."""
    kind, seed = request.args.get("kind"), request.args.get("seed", "")
    if wanted is None or kind not in PRACTICE_KINDS or not seed.isascii() \
            or not seed.isdigit() or len(seed) > 10:
        return None
    lesson = curriculum().get(wanted)
    if lesson is None or int(seed) >= 2**31:
        abort(404)
    return lesson, kind, int(seed)


@bp.post("/practice")
def practice_answer():
    item = _item_from_form()
    if item is None:
        return _bad_board()
    try:
        if request.form.get("op", "").startswith("step:"):
            return _show(item, split=_stepped(item))
        given = read_answer(item.q, request.form)
    except QuizAnswerError as err:
        return _show(item, error=str(err), status=400, blocks=_answer_blocks(), split=err.split)
    first = practice.find(learner_id(), item.lesson.id, item.kind, item.seed)
    if first is not None and not first.correct:  # another try after the nudge: kept nowhere
        again = SimpleNamespace(id=first.id, answer=given, correct=grade(item.q, given))
        return _show(item, stored=first, retry=again, blocks=_answer_blocks())
    stored = practice.record(learner_id_or_new(), item.lesson.id, item.kind, item.seed,
                             correct=grade(item.q, given), answer=given, at=clock(),
                             review_step=item.review)  # committed
    if item.mode == CHECK and stored.correct:
        check_passed(learner_id(), item.lesson)
    url = url_for(".practice_answer_page", answer_id=stored.id, mode=item.mode)
    if not wants_fragment():
        return redirect(url + "#feedback", 303)
    # The count, out of band, where the page shows it: Today's boards left, or the mastery of
    # the finished lessons (a similar board of a lesson not finished yet is answered on a page
    # with no finished lessons to count; a check's feedback says the lesson is done itself, and
    # its page may have had no finished lesson to list before).
    counted = ["today_bar"] if item.mode == TODAY else [] if item.mode == CHECK else \
        ["mastery"] if _done_lessons(learner_id()) else []
    response = _show(item, stored=stored, blocks=["feedback", *counted])
    response.headers["HX-Replace-Url"] = url
    return response


@bp.post("/practice/live")
@csrf.exempt  # changes nothing: a live answer is stored nowhere
def practice_live():
    signed = _board_from_form()
    if signed is None:
        return _bad_board()
    if wants_fragment():
        def board():  # made only when the memo hasn't this split (the same seed, the same board)
            item = _item(*signed)
            if not has_sliders(item.q):
                abort(404)
            return item.board, goal_mark(item.q), goal_asked(item.q)

        try:  # the one live path
            return live_response(TEMPLATE, ["verdict", "live_oob"], board, request.form,
                                 named=("practice", signed[0].id, *signed[1:3]))
        except SliderError as err:  # the verdict's place says why
            return _show(_item(*signed), error=slider_error_text(err), status=400,
                         blocks=_answer_blocks(), split=err.split)
    item = _item(*signed)
    if not has_sliders(item.q):
        abort(404)
    try:
        split = read_split(item.q, request.form)
    except QuizAnswerError as err:  # the page says why
        return _show(item, error=str(err), status=400, blocks=_answer_blocks(), split=err.split)
    return _show(item, split=split, blocks=["verdict", "live_oob"])


@bp.get("/practice/answers/<int:answer_id>")
def practice_answer_page(answer_id: int):
    stored = practice.get(learner_id(), answer_id) if answer_id < 2**31 else None
    lesson = curriculum().get(stored.lesson_id) if stored else None
    if stored is None or lesson is None:
        abort(404)
    mode = request.args.get("mode")
    return _show(_item(lesson, stored.kind, stored.seed, _step_of(lesson, stored.review_step),
                       mode if mode in MODES else None), stored=stored,
                 show_answer=request.args.get("show") == "1")


@bp.get("/<lesson_id>/check")
def check(lesson_id: str):
    """The lesson's check: a fresh board of its ideas (a new seed each time), whose right first
    answer marks the lesson done once its questions all have an answer."""
    lesson = curriculum().get(lesson_id)
    if lesson is None:
        abort(404)
    return _fresh_board(lesson, mode=CHECK)


@bp.get("/today")
def today_page():
    """Today's next board: a due review (a new board like the question missed) or a board of the
    weakest finished lesson. The same board until it is answered (a reload, Back, a phone that
    slept): its seed comes from the learner, the day and how many boards the day has had."""
    return _today_page()


GOAL_REFUSED = _l("That isn’t one of the daily goals: choose one from the list.")


@bp.post("/today/goal")
def today_goal():
    """The learner's daily goal from today on (one of daily.GOALS), then a 303 back to Today.
    Any other value: Today's page again, a 400 saying so, and nothing changes."""
    raw = request.form.get("goal", "")
    goal = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 3 else None
    if goal not in daily.GOALS:
        return _today_page(goal_error=str(GOAL_REFUSED), status=400)
    me = learner_id_or_new()
    daily.set_goal(me, goal, today_of(me).day)  # committed
    return redirect(url_for(".today_page"), 303)


def _today_page(goal_error: str | None = None, status: int = 200):
    me = learner_id()
    day = today_of(me)
    item = None
    if day.next is not None:
        lesson = curriculum().lesson(day.next.lesson_id)
        review = _step_of(lesson, day.next.step_id)
        seed = signing.number(SALT, me, day.day.isoformat(), day.done)
        kind = day.next.kind or (SIMILAR_KIND.get(review.kind) if review else None) \
            or PRACTICE_KINDS[seed % len(PRACTICE_KINDS)]
        item = _item(lesson, kind, seed, review, TODAY)
    return _show(item, today=day, goal_error=goal_error, status=status)


@bp.get("/today/line")
def today_line():
    """One line of Today for another page (the home page asks for it once loaded: the learner's
    cookie is only sent to /learn)."""
    return render(TEMPLATE, "today_line", today=today_of(learner_id()))


def today_of(me) -> daily.Today:
    """The learner's day: its count, streak, reviews due and next board (Today's page and line,
    and Learn's index beside Continue)."""
    shown = lesson_states(me)
    finished = [lesson.id for lesson in _done_lessons(me)]
    return daily.today(me, clock(), daily.offset_minutes(request.cookies.get("tz")),
                       finished=finished,
                       states={k: (v["state"], v["standing"]) for k, v in shown.items()},
                       known=_askable)


def _askable(review) -> bool:
    """A due review can be asked: its lesson is still taught and its step still in it."""
    lesson = curriculum().get(review.lesson_id)
    return lesson is not None and (review.step_id is None
                                   or _step_of(lesson, review.step_id) is not None)


def _step_of(lesson, step_id: str | None):
    """The lesson's step `step_id` (None for no id, or a step renamed since)."""
    if step_id is None:
        return None
    try:
        return lesson.step(step_id)
    except KeyError:
        return None


# --- the board being practised -------------------------------------------------------------------


def _done_lessons(me) -> list:
    states = progress.lessons(me)
    return [lesson for lesson in curriculum().lessons
            if (state := states.get(lesson.id)) is not None and state.done]


def _new_item(done: list, me, wanted: str | None):
    """A new board: for the lesson asked for, else for a finished lesson not yet mastered (any
    finished lesson once all are), of a random kind."""
    if wanted:
        lesson = curriculum().lesson(wanted)
    else:
        standings = practice.standings(me, clock())
        open_ = [lesson for lesson in done
                 if not standings.get(lesson.id, mastery.NONE).mastered]
        lesson = secrets.choice(open_ or done)
    kind, seed = secrets.choice(PRACTICE_KINDS), secrets.randbelow(2**31)
    missed = _missed_idea(me, lesson)
    if missed:  # lean toward what was just missed (a few draws; else any board)
        seed = seed_with_idea(ideas_for(lesson), kind, missed, [
            secrets.randbelow(2**31) for _ in range(LEAN_DRAWS)]) or seed
    return _item(lesson, kind, seed)


LEAN_DRAWS = 30  # seeds tried for a board of a missed idea


def _missed_idea(me, lesson) -> str | None:
    """The idea of the learner's latest miss among their last few answers on this lesson's
    boards, when the lesson has several ideas to choose from."""
    if len(ideas_for(lesson)) < 2:
        return None
    miss = next((a for a in practice.recent(me, lesson.id) if not a.correct), None)
    if miss is None or miss.kind not in PRACTICE_KINDS:
        return None
    return _item(lesson, miss.kind, miss.seed).q["idea"]


TODAY, CHECK = "today", "check"
MODES = (TODAY, CHECK)


def _item(lesson, kind: str, seed: int, review=None, mode: str | None = None) -> SimpleNamespace:
    """A practice board; `review`: the missed lesson step it is asked in place of; `mode`: TODAY
    for one of Today's boards (its feedback leads to the next), CHECK for a lesson's check."""
    q = practice_question(ideas_for(lesson), kind, seed)
    board = {k: v for k, v in q["board"].items() if k != "assignment"}
    signed = [lesson.id, kind, seed] + ([review.id if review else None, mode]
                                        if review or mode else [])
    token = signing.dumps(SALT, signed)
    # The attacker and recipient asked about are the question's data (a number's or a split's
    # goal); a legal-or-not question judges the whole split, its first attacker names the row.
    asked = q.get("goal") or q.get("verify") or {}
    creature = getattr(kind_of(q), "creature", None) or q["board"]["attackers"][0]["id"]
    return SimpleNamespace(lesson=lesson, kind=kind, seed=seed, q=q, board=board, token=token,
                           creature=creature, recipient=asked.get("recipient", "player"),
                           review=review.id if review else None,
                           review_name=parts.step_name(review) if review else None,
                           mode=mode)


def _item_from_form():
    """The board a form answers (None if its signed token can't be read)."""
    signed = _board_from_form()
    return _item(*signed) if signed is not None else None


def _board_from_form():
    """(lesson, kind, seed, step reviewed, Today's) of the board a form answers, from its signed
    token (None if it can't be read): what makes the board, before it is made."""
    try:
        lesson_id, kind, seed, *more = signing.loads(SALT, request.form.get("board"))
        lesson = curriculum().lesson(lesson_id)
        if kind not in PRACTICE_KINDS or not isinstance(seed, int) or not 0 <= seed < 2**31:
            raise ValueError(kind)
        review_id, mode = more or (None, None)
        review = _step_of(lesson, review_id)
        if (review_id is not None and review is None) or mode not in (None, *MODES):
            raise ValueError(review_id)  # a step renamed since: a new board then
    except (KeyError, ValueError, TypeError):  # None (forged) doesn't unpack: a TypeError
        return None
    return lesson, kind, seed, review, mode


def _bad_board():
    return _show(None, status=400, blocks=_answer_blocks(), error=gettext(
        "This practice board can’t be read. Open the practice page again for a new one."))


def _stepped(item) -> dict:
    """The sliders after a −/+ button without JavaScript (one damage more or less)."""
    limits = sliders(item.board)
    split = read_split(item.q, request.form)
    full = {a: {r: split.get(a, {}).get(r, 0) for r in info["recipients"]}
            for a, info in limits.items()}
    try:
        return step_slider(full, limits, request.form["op"])
    except ValueError:
        abort(400)


def _answer_blocks():
    return "feedback" if wants_fragment() else "content"


# --- the page -----------------------------------------------------------------------------------


def _show(item, *, stored=None, split=None, error=None, status=200, blocks="content",
          today=None, retry=None, show_answer=False, goal_error=None):
    """The practice page (or its `blocks`). `stored`: the first answer to the board, whose
    feedback shows; a wrong one gets the ladder: a nudge without the answer and another try
    (`retry`: that try, graded and kept nowhere; a second miss shows the worked answer), or the
    worked answer at once when the learner asks (`show_answer`)."""
    me = learner_id()
    shown = lesson_states(me)
    done = _done_lessons(me)
    if today is None and item is not None and item.mode == TODAY:
        today = today_of(me)
    checking = item is not None and item.mode == CHECK
    context = {
        "item": item, "stored": stored, "error": error, "oob": wants_fragment(), "today": today,
        "mastery": [] if checking else [{"lesson": lesson, "title": lesson.title(parts.lang()),
                                         **shown[lesson.id]} for lesson in done],
        "needed": mastery.STREAK, "rusty_days": mastery.RUSTY_AFTER.days,
        # Today's boards and a lesson's check show their own board alone
        "reviews": _reviews(me) if blocks == "content" and today is None and not checking else [],
        "answer_url": url_for(".practice_answer"), "live_url": url_for(".practice_live"),
        "goals": daily.GOALS, "goal_error": goal_error,
    }
    if item is not None:
        context.update(_board_context(item, retry or stored, split, first=stored,
                                      shown=show_answer or retry is not None))
    return render(TEMPLATE, blocks, status=status, **context)


def _board_context(item, stored, split, *, first=None, shown=False) -> dict:
    """What the board and its feedback show; `stored` is the answer the feedback is about (the
    first, or another try at it), `first` the first answer to the board."""
    names = labels(item.board)
    q = item.q
    first = first or stored
    # a first miss, the worked answer not shown yet: the answer can be changed and tried again
    retry_open = first is not None and not first.correct and not shown
    out = {"names": names, "cards": board_cards(item.board, names), "live": None,
           "question": _question_text(item, names), "feedback": None,
           "effect": _effect_text(q.get("effect"), names), "given": stored,
           "answered": first is not None and not retry_open}
    if q["type"] == "legal":
        out["shown_split"] = parts.split_list(q["board"], names)
    if has_sliders(q):
        placed = split if split is not None else (stored.answer if stored else {})
        out["live"] = live_check(item.board, placed, fit=True, hide_most=goal_mark(q),
                                 goal=goal_asked(q))
    if stored is not None:
        out["feedback"] = _feedback(item, stored, names)
        out["feedback"]["shown"] = stored.correct or shown
        out["feedback"]["retry"] = stored is not first
        out["feedback"]["answer_id"] = first.id
        if item.mode == CHECK:  # whether the right answer made the lesson done
            state = progress.lessons(learner_id()).get(item.lesson.id)
            out["feedback"]["lesson_done"] = bool(state and state.done)
    return out


def _effect_text(effect: dict | None, names) -> str | None:
    """A doubler or preventer beside the board (the board format can't carry it)."""
    if not effect:
        return None
    if effect["kind"] == "torbran":
        return gettext("You control Torbran, Thane of Red Fell: each red source you control "
                       "deals 2 more damage to your opponent and their permanents.")
    return gettext("Your opponent cast Healing Salve on %(name)s: the next 3 damage to it this "
                   "turn is prevented.", name=names[effect["blocker"]])


def _question_text(item, names) -> str:
    who = recipient_names(item.board, names, item.creature)
    if item.q["type"] == "legal":
        return gettext("Is this assignment legal?")
    if item.q.get("idea") == "banding":  # the only assign question with the defender choosing
        return gettext("A blocker has banding, so you assign this damage as the defending "
                       "player. Keep %(recipient)s alive: it gets no damage.",
                       recipient=who[item.recipient])
    if has_sliders(item.q):
        return gettext("Split the damage so the most possible reaches %(recipient)s.",
                       recipient=who[item.recipient])
    return gettext("How much damage can %(creature)s assign to %(recipient)s?",
                   creature=names[item.creature], recipient=who[item.recipient])


def _feedback(item, stored, names) -> dict:
    """What the feedback says: the one builder the quiz uses too (views/feedback.py)."""
    return answer_feedback(item.q, item.board, stored.answer, stored.correct, names,
                           play_out=item.q.get("play_out", True))


def _reviews(me) -> list[dict]:
    """What is due for review now (missed 1, 3 or 7 days ago): lesson steps and practice boards,
    each asked again as a new board in Today's boards."""
    out = []
    for review in practice.due(me, clock()):
        if not _askable(review):
            continue
        lesson = curriculum().lesson(review.lesson_id)
        step = _step_of(lesson, review.step_id)
        out.append({"lesson": lesson, "round": review.round, "title": lesson.title(parts.lang()),
                    "name": parts.step_name(step) if step else None})
    return out
