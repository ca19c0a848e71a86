"""Learn: the curriculum, the lesson player, and the learner's progress and review list.

GET  /learn                              lessons in order: done / in progress / next; Continue; Review
GET  /learn/map                          every lesson by its prerequisites, with its state
GET  /learn/review                       steps whose latest answer was wrong, each with a retry link
GET  /learn/resume                       continue on another device (views/learn/devices.py)
GET  /learn/<lesson>[?step=N]            -> the lesson's first (or Nth) step
GET  /learn/<lesson>/<step>[?answer=id]  a step; with ?answer= the feedback to that stored answer
POST /learn/<lesson>/<step>              an answer: stored, then feedback (303 to ?answer=, or the
                                         `feedback` block for htmx); a bad answer is a 400 on the page
POST /learn/<lesson>/<step>/show         "Show me": the worked answer to a wrong answer (recorded:
                                         a right answer soon after doesn't clear it from Review)
POST /learn/<lesson>/<step>/live         sliders moved: the `verdict` block + out-of-band counters
                                         (htmx), or the whole page (the −/+ buttons without JS)
GET|POST /learn/<lesson>/finish          the lesson's summary / mark it finished (once every
                                         question has an answer and its check is passed: a new
                                         board right the first time, views/learn/practice.py)

Grading is the content API's and the rules core's (via services.answers); this module parses the
request, calls one service, and renders. What a step page shows (cards, sliders, feedback wording)
is built in steps.py.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from flask import Blueprint, abort, g, redirect, render_template, request, session, url_for

from ... import csrf, signing
from ...catalogue import catalogue
from ...htmx import render, wants_fragment
from ...content.fields import SliderError
from ...services import answers, mastery, progress, resume
from ...services import practice as practice_service
from ...services.answers import AnswerError
from .. import limiting
from ..live_answer import live_response
from . import steps as parts

bp = Blueprint("learn", __name__, url_prefix="/learn")
STEP_TEMPLATE = "learn/step.html"
COOKIE = "learner"
COOKIE_AGE = timedelta(days=400)  # the longest browsers keep a cookie


def curriculum():
    return catalogue().curriculum


def clock():
    """Now, by the app's clock: a test passes CLOCK (a function) in the config to move time
    (spaced review) without waiting."""
    return limiting.clock()


@bp.app_template_global()
def rule_note(rule: str):
    """What a cited rule says in our words, in the page's language (every surface cites rules)."""
    return curriculum().rule_note(str(rule), parts.lang())


@bp.context_processor
def _helpers():
    return {"md": parts.md_here, "inline": parts.inline_here, "lang": parts.lang()}


# --- the learner: an anonymous id in a signed, long-lived cookie -------------------------------


SALT = "trample-learner"  # the salt this cookie has always had: no learner loses their progress


def learner_id() -> str | None:
    """The learner this browser is: its cookie's id, or where that progress went since (another
    tab took over progress from a resume code): then the cookie is sent again."""
    if "learner_id" not in g:
        cookie = signing.read_cookie(COOKIE, salt=SALT)
        if cookie is not None and not 10 <= len(cookie) <= 40:
            cookie = None
        g.learner_id = resume.current(cookie)
        if g.learner_id != cookie:
            g.send_learner_cookie = True
    return g.learner_id


def learner_id_or_new() -> str:
    """The learner answering now: created on the first answer; the cookie is (re)sent."""
    if learner_id() is None:  # a new anonymous learner: a 429 once this address made too many
        limiting.limit("learner-new")
    g.learner_id = learner_id() or progress.new_learner_id()
    g.send_learner_cookie = True
    return g.learner_id


@bp.after_request
def _send_cookie(response):
    if g.pop("send_learner_cookie", False):
        signing.send_cookie(response, COOKIE, g.learner_id, path="/learn", max_age=COOKIE_AGE,
                            salt=SALT)
    return response


# --- pages --------------------------------------------------------------------------------------


def lesson_states(me) -> dict[str, dict]:
    """lesson id -> {"state": one of mastery.STATES, "standing": its mastery.Standing}: the one
    place Learn's pages (index, finish, map, practice, Today) get a lesson's state from. Worked
    out once per request and learner (Today's page asks twice: for its pick and for the page);
    a request that stores an answer asks only after storing it."""
    known = g.setdefault("lesson_states", {})
    if me not in known:
        known[me] = _lesson_states(me)
    return known[me]


def _lesson_states(me) -> dict[str, dict]:
    states = progress.lessons(me)
    standings = practice_service.standings(me, clock())
    out = {}
    for lesson in curriculum().lessons:
        row = states.get(lesson.id)
        standing = standings.get(lesson.id, mastery.NONE)
        out[lesson.id] = {"state": mastery.state(done=bool(row and row.done), started=bool(row),
                                                 standing=standing),
                          "standing": standing}
    return out


@bp.get("")
def index():
    me = learner_id()
    states = progress.lessons(me)
    shown = lesson_states(me)
    lessons = curriculum().lessons
    upcoming = _continue(states, progress.latest_attempts(me))
    rows = []
    for lesson in lessons:
        state = states.get(lesson.id)
        status = "done" if state and state.done else "started" if state else "new"
        rows.append({"lesson": lesson, "status": status, "next": lesson is upcoming[0],
                     "state": shown[lesson.id]["state"],
                     "title": lesson.title(parts.lang()), "summary": lesson.summary(parts.lang()),
                     "step_number": _step_number(lesson, state), "url": _resume_url(lesson, state)})
    return render_template("learn/index.html", rows=rows, continue_lesson=upcoming[0],
                           continue_url=upcoming[1], started=bool(states),
                           done=sum(r["status"] == "done" for r in rows),
                           review_count=len(_review_items(me)["missed"]),
                           today=_practice.today_of(me))


@bp.get("/map")
def progress_map():
    """Every lesson in the catalogue's order, in tiers by its prerequisites (a lesson sits one
    tier after its deepest prerequisite), each with its state; a lesson whose prerequisites
    aren't done yet says which ("after: ...") but stays open."""
    me = learner_id()
    shown = lesson_states(me)
    tier: dict[str, int] = {}
    for lesson in curriculum().lessons:  # prerequisites come earlier in the catalogue
        tier[lesson.id] = 1 + max((tier.get(p, 0) for p in lesson.prerequisites), default=0)
    tiers: list[list[dict]] = [[] for _ in range(max(tier.values(), default=0))]
    for lesson in curriculum().lessons:
        waiting = [curriculum().get(p) for p in lesson.prerequisites
                   if shown.get(p, {}).get("state") in ("new", "started")]
        tiers[tier[lesson.id] - 1].append({
            "lesson": lesson, "title": lesson.title(parts.lang()), **shown[lesson.id],
            "after": [p for p in waiting if p is not None],
            "url": url_for(".lesson_start", lesson_id=lesson.id)})
    return render_template("learn/map.html", tiers=tiers, counts={
        s: sum(v["state"] == s for v in shown.values()) for s in mastery.STATES})


@bp.get("/review")
def review():
    me = learner_id()
    items = _review_items(me)
    return render_template("learn/review.html", missed=items["missed"], skipped=items["skipped"],
                           answered_any=bool(progress.latest_attempts(me)))


@bp.get("/<lesson_id>")
def lesson_start(lesson_id: str):
    lesson = _lesson(lesson_id)
    parts.lang()  # a ?lang= on this link is remembered (cookie) before the redirect drops it
    number = _number(request.args.get("step", "1"))
    if number is None or not 1 <= number <= len(lesson.steps):
        abort(404)
    return redirect(_step_url(lesson, lesson.steps[number - 1]))


@bp.get("/<lesson_id>/<step_id>")
def step(lesson_id: str, step_id: str):
    lesson, current = _lesson_step(lesson_id, step_id)  # reading a step changes nothing
    graded, attempt_id = _stored_answer(learner_id(), lesson, current, request.args.get("answer"))
    return _show(lesson, current, graded=graded, attempt_id=attempt_id)


@bp.post("/<lesson_id>/<step_id>/next")
def next_step(lesson_id: str, step_id: str):
    """The learner goes on: "Continue" will resume at the next step (a learner who has not
    answered anything yet has no progress to keep, and none is created for them)."""
    lesson, current = _lesson_step(lesson_id, step_id)
    index = lesson.step_index(current.id)
    if index + 1 >= len(lesson.steps):
        abort(404)
    following = lesson.steps[index + 1]
    me = learner_id()
    if me and progress.learner_exists(me):
        progress.visit(me, lesson.id, following.id)
    return redirect(_step_url(lesson, following), 303)


@bp.post("/<lesson_id>/<step_id>")
def answer(lesson_id: str, step_id: str):
    lesson, current = _lesson_step(lesson_id, step_id)
    try:
        _same_step(lesson, current)
        if request.form.get("op", "").startswith("step:"):
            return _moved(lesson, current)
        given = answers.read_answer(current, request.form)
        graded = answers.grade(current, given)
    except AnswerError as err:
        return _show(lesson, current, error=err, status=400, blocks="feedback",
                     values=_posted_values(current), assignment=err.split)
    attempt = progress.record_answer(learner_id_or_new(), lesson.id, current.id,
                                     correct=graded.correct, answer=given, at=clock())  # committed
    url = url_for(".step", lesson_id=lesson.id, step_id=current.id, answer=attempt.id)
    if not wants_fragment():
        return redirect(url + "#feedback", 303)
    response = _show(lesson, current, graded=graded, attempt_id=attempt.id,
                     blocks=current.answered_blocks)
    response.headers["HX-Replace-Url"] = url
    return response


@bp.post("/<lesson_id>/<step_id>/show")
def show_answer(lesson_id: str, step_id: str):
    """The hint ladder's last rung on demand: the worked answer to this wrong answer."""
    lesson, current = _lesson_step(lesson_id, step_id)
    number = _number(request.form.get("answer"))
    attempt = progress.get_attempt(learner_id(), number) if number else None
    if attempt is None or (attempt.lesson_id, attempt.step_id) != (lesson.id, current.id) \
            or not progress.reveal(learner_id(), attempt.id, at=clock()):
        abort(404)
    url = url_for(".step", lesson_id=lesson.id, step_id=current.id, answer=attempt.id)
    if not wants_fragment():
        return redirect(url + "#feedback", 303)
    graded, attempt_id = _stored_answer(learner_id(), lesson, current, str(attempt.id))
    response = _show(lesson, current, graded=graded, attempt_id=attempt_id,
                     blocks=current.answered_blocks)
    response.headers["HX-Replace-Url"] = url
    return response


@bp.post("/<lesson_id>/<step_id>/live")
@csrf.exempt  # changes nothing: a live answer is stored nowhere (as the sandbox's)
def live(lesson_id: str, step_id: str):
    lesson, current = _lesson_step(lesson_id, step_id)
    if not current.moves_sliders:
        abort(404)
    try:
        _same_step(lesson, current)
        if current.kind == "split" and wants_fragment() \
                and not request.form.get("op", "").startswith("step:"):
            return practice_verdict(lesson, current)
        return _moved(lesson, current, blocks=["verdict", "live_oob"])
    except AnswerError as err:
        return _show(lesson, current, error=err, status=400, blocks="feedback",
                     assignment=err.split)


def practice_verdict(lesson, current):
    """A drag on a practice board (htmx), in Learn or a class: the one live path, with the step's
    locked sliders and the mark its goal hides. A practice drag is never graded nor stored. A
    field that is refused is an AnswerError (the feedback's place says why)."""
    try:  # the step names its board: made only when the memo hasn't this split
        return live_response(STEP_TEMPLATE, ["verdict", "live_oob"],
                             lambda: (current.board_data(), parts.hidden_marks(current),
                                      parts.goal_asked(current)),
                             request.form, fixed=parts.slider_locks(current),
                             named=("step", lesson.id, current.id))
    except SliderError as err:
        raise AnswerError(err.code, split=err.split, **err.params) from None


@bp.get("/<lesson_id>/finish")
def finished(lesson_id: str):
    return _finish_page(_lesson(lesson_id))


@bp.post("/<lesson_id>/finish")
def finish(lesson_id: str):
    """A lesson is done once every question in it has an answer (until then the page says which
    are left) and its check is passed: a new board of the lesson, right the first time (until
    then, this leads to one)."""
    lesson = _lesson(lesson_id)
    if request.form.get("lesson") != lesson.id:
        return _bad_finish(lesson)
    me = learner_id()
    if open_questions(me, lesson):
        return _finish_page(lesson, status=409)
    state = progress.lessons(me).get(lesson.id)
    if not (state and state.done) and not checked(me, lesson):
        return redirect(url_for(".check", lesson_id=lesson.id), 303)
    progress.complete_lesson(learner_id_or_new(), lesson.id, lesson.steps[-1].id)  # committed
    return redirect(url_for(".finished", lesson_id=lesson.id), 303)


def open_questions(me, lesson, latest=None) -> list:
    """The lesson's questions the learner hasn't answered yet (`latest`: their latest answers in
    it, when the caller has them already)."""
    latest = progress.latest_attempts(me, lesson.id) if latest is None else latest
    return [s for s in lesson.steps
            if s.kind is not None and (lesson.id, s.id) not in latest]


def checked(me, lesson) -> bool:
    """The lesson's check is passed: the learner's latest first answer on a new board of it (its
    check, "Try a similar one", practice) was right."""
    latest = practice_service.recent(me, lesson.id, last=1)
    return bool(latest) and latest[0].correct


def check_passed(me, lesson) -> bool:
    """The lesson's check was just answered right: the lesson is done (committed) if its
    questions all have an answer."""
    if me is None or open_questions(me, lesson):
        return False
    progress.complete_lesson(me, lesson.id, lesson.steps[-1].id)
    return True


def _finish_page(lesson, status: int = 200):
    me = learner_id()
    state = progress.lessons(me).get(lesson.id)
    latest = progress.latest_attempts(me, lesson.id)
    first = progress.first_attempts(me, lesson.id)
    answerable = [s for s in lesson.steps if s.kind is not None]
    right_first = [s for s in answerable if (a := first.get((lesson.id, s.id))) and a.correct]
    wrong = [s for s in answerable if (a := latest.get((lesson.id, s.id))) and not a.correct]
    missing = open_questions(me, lesson, latest)
    return render_template("learn/finish.html", lesson=lesson, title=lesson.title(parts.lang()),
                           check=not (state and state.done) and not missing and status != 409,
                           done=bool(state and state.done), answerable=answerable,
                           right_first=right_first, wrong=wrong, missing=missing,
                           refused=status == 409, step_url=_step_url, step_name=parts.step_name,
                           next_lesson=curriculum().after(lesson.id),
                           shown=lesson_states(me)[lesson.id], streak_needed=mastery.STREAK,
                           rusty_days=mastery.RUSTY_AFTER.days), status


# --- helpers: finding things ----------------------------------------------------------------------


def _lesson(lesson_id: str):
    lesson = curriculum().get(lesson_id)
    if lesson is None:
        abort(404)
    return lesson


def _lesson_step(lesson_id: str, step_id: str):
    lesson = _lesson(lesson_id)
    try:
        return lesson, lesson.step(step_id)
    except KeyError:
        abort(404)


def _same_step(lesson, current) -> None:
    """The form says which step it answers: an answer for another lesson's step is refused."""
    said = (request.form.get("lesson"), request.form.get("step"))
    if said != (lesson.id, current.id):
        raise AnswerError("wrong_step", lesson=str(said[0])[:60], step=str(said[1])[:60])


def _step_url(lesson, step) -> str:
    return url_for(".step", lesson_id=lesson.id, step_id=step.id)


def _step_number(lesson, state) -> int | None:
    if state is None:
        return None
    try:
        return lesson.step_index(state.current_step) + 1
    except KeyError:  # the step was renamed since: start the lesson again
        return 1


def _resume_url(lesson, state) -> str:
    if state is None or state.done:
        return _step_url(lesson, lesson.steps[0])
    return _step_url(lesson, lesson.steps[_step_number(lesson, state) - 1])


def _continue(states, latest):
    """Where "Continue" goes: a lesson with a question still unanswered (one whose every question
    has an answer is skipped, finished or not): the one touched last among those started, else
    the first such in the catalogue's order. `latest`: the learner's latest answers."""
    def open_(lesson) -> bool:
        state = states.get(lesson.id)
        return not (state and state.done) and any(
            (lesson.id, s.id) not in latest for s in lesson.steps if s.kind is not None)

    started = [s for s in states.values()
               if curriculum().get(s.lesson_id) and open_(curriculum().lesson(s.lesson_id))]
    if started:
        state = max(started, key=lambda s: s.updated_at)
        lesson = curriculum().lesson(state.lesson_id)
        return lesson, _resume_url(lesson, state)
    for lesson in curriculum().lessons:
        if open_(lesson):
            return lesson, _resume_url(lesson, states.get(lesson.id))
    for lesson in curriculum().lessons:  # every question answered: what is left is to finish
        state = states.get(lesson.id)
        if not (state and state.done):
            return lesson, url_for(".finished", lesson_id=lesson.id)
    return None, None


def _number(raw: str | None, most: int = 2**31 - 1) -> int | None:
    """A positive whole number from a URL, ASCII digits only ("²" passes isdigit() but is no
    number), at most `most` (ids are 32-bit on PostgreSQL)."""
    if not raw or len(raw) > 10 or not raw.isascii() or not raw.isdigit():
        return None
    value = int(raw)
    return value if value <= most else None


def _stored_answer(me, lesson, current, raw):
    number = _number(raw)
    if number is None:
        return None, None
    attempt = progress.get_attempt(me, number)
    if attempt is None or (attempt.lesson_id, attempt.step_id) != (lesson.id, current.id):
        return None, None
    try:
        return answers.grade(current, attempt.answer), attempt.id
    except AnswerError:  # the step changed since that answer
        return None, None


def _review_items(me) -> dict[str, list[dict]]:
    """Steps to go back to, in lesson order: "missed", those whose latest answer was wrong (what
    Review's "(N waiting)" counts), and "skipped", questions left without an answer before the
    furthest step reached in a lesson (passing a step with Next is no mistake; steps not reached
    yet are not skipped)."""
    latest = progress.latest_attempts(me)
    started = progress.lessons(me)
    seen = progress.answer_seen(me)  # right, but just after the answer was shown: not yet learned
    items = {"missed": [], "skipped": []}
    for lesson in curriculum().lessons:
        if lesson.id not in started:
            continue
        reached = _reached(lesson, started[lesson.id], latest)
        for index, current in enumerate(lesson.steps):
            if current.kind is None:
                continue
            attempt = latest.get((lesson.id, current.id))
            if attempt is not None and attempt.correct and (lesson.id, current.id) not in seen:
                continue
            if attempt is None and index >= reached:  # not reached yet: not skipped
                continue
            said = None  # a wrong answer in words (a right one is listed: answered, right)
            if attempt is not None and not attempt.correct:
                try:
                    said = parts.answer_words(current, attempt.answer)
                except AnswerError:  # the step changed since that answer
                    continue
            kind = "skipped" if attempt is None else "missed"
            items[kind].append({"lesson": lesson, "step": current,
                                "number": lesson.step_index(current.id) + 1,
                                "name": parts.step_name(current),
                                "title": lesson.title(parts.lang()),
                                "text": current.text(parts.lang()), "said": said,
                                "answered": attempt is not None,
                                "url": _step_url(lesson, current)})
    return items


def _reached(lesson, state, latest) -> int:
    """The index of the furthest step of `lesson` the learner has been on: its bookmark or the
    last step answered, whichever is further (Back moves the bookmark back)."""
    answered = [i for i, s in enumerate(lesson.steps) if (lesson.id, s.id) in latest]
    bookmark = (_step_number(lesson, state) or 1) - 1
    return max([bookmark, *answered])


# --- helpers: rendering a step ---------------------------------------------------------------------


def _posted_values(current) -> dict | None:
    """What the learner had entered, shown again next to a 400 message."""
    if current.kind == "amount":
        return {"amount": request.form.get("amount", "")[:20]}
    if current.kind == "choice":
        return {"option": request.form.get("option", "")}
    return None


def _moved(lesson, current, blocks="content"):
    """Sliders moved (live), or a −/+ button without JS: the board at the new values, no grading."""
    assignment = answers.read_sliders(current, request.form)
    graded, attempt_id = None, None
    if current.tried_after_answer:  # its board shows once its stored answer is read
        graded, attempt_id = _stored_answer(learner_id(), lesson, current, request.form.get("answer"))
    return _show(lesson, current, graded=graded, attempt_id=attempt_id, blocks=blocks,
                 assignment=assignment)


def _show(lesson, current, *, graded=None, attempt_id=None, error=None, status=200,
          blocks="content", values=None, assignment=None):
    index = lesson.step_index(current.id)
    steps = lesson.steps
    g.page = ("learn.step", {"lesson_id": lesson.id, "step_id": current.id})  # language links
    context = parts.step_context(
        lesson, current, order_key=_order_key,
        prev_url=_step_url(lesson, steps[index - 1]) if index else None,
        next_url=_step_url(lesson, steps[index + 1]) if index + 1 < len(steps) else None,
        next_action=url_for(".next_step", lesson_id=lesson.id, step_id=current.id),
        answer_url=url_for(".answer", lesson_id=lesson.id, step_id=current.id),
        live_url=url_for(".live", lesson_id=lesson.id, step_id=current.id),
        graded=graded, attempt_id=attempt_id, error=error, values=values, assignment=assignment,
        level=_level(graded, attempt_id))
    return render(STEP_TEMPLATE, blocks, status=status, **context)


def _level(graded, attempt_id) -> int | None:
    """The hint ladder's rung for a wrong answer: 1 a nudge, 2 the hint, 3 the worked answer (the
    third miss in a row, or "Show me"); None for a right answer or none."""
    if graded is None or graded.correct or attempt_id is None:
        return None
    misses, revealed = progress.ladder(learner_id(), attempt_id)
    return progress.ANSWER_AT if revealed else min(max(misses, 1), progress.ANSWER_AT)


def _order_key() -> str:
    """What makes this visitor's option order theirs: kept in their session, so a reload shows
    the same order and another visitor gets another."""
    if "order" not in session:
        session["order"] = secrets.token_hex(8)
    return session["order"]


def _bad_finish(lesson):
    return render_template("learn/finish.html", lesson=lesson, title=lesson.title(parts.lang()),
                           bad=True, done=False, answerable=[], right_first=[], wrong=[],
                           missing=[], refused=False, step_url=_step_url,
                           step_name=parts.step_name, next_lesson=None, shown=None), 400


from . import glossary as _glossary  # noqa: E402,F401 - its route registers on bp
from . import practice as _practice  # noqa: E402,F401 - its routes register on bp
from . import devices as _devices  # noqa: E402,F401 - its routes register on bp
