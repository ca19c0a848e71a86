"""Class: a host runs a live class; learners join on their phones and follow the host's steps.

Learners (identity: a random seat token in a signed cookie, no account):
GET|POST /join                      code + nickname -> the class (rate limited per address);
                                    with the seat's rejoin code: that seat back, on this phone
GET  /class/<code>/play             the class's current step (Learn's step markup), the lobby, or
                                    the end with links to review missed steps in Learn
GET  /class/<code>/sync?v=N         polled every CLASS_FOLLOW_MS: ETag/304 while nothing changed;
                                    when the host moved on, the play page, whose #class-screen
                                    htmx swaps in (HX-Refresh for a removed seat or no seat)
POST /class/<code>/answer           an answer to the current step: stored, then Learn's feedback
POST /class/<code>/live             sliders moved: Learn's verdict (the one live check)
                                    (either one for a step the class has left: nothing kept, and
                                    the screen where the class is now, swapped in with a notice)
GET  /class/<code>/review           (a class on a quiz) the questions this learner missed, with
                                    the key and why

A class runs a lesson's steps or a shared quiz's questions: sources.source(room) chooses once
which, and the routes use only its interface (sources.py), never asking which they have.

The host's pages (reached only through the host link) are in host.py.
"""

from __future__ import annotations

from datetime import timedelta

from flask import (Blueprint, abort, current_app, make_response, redirect, render_template,
                   request, url_for)

from ... import csrf, signing
from ...htmx import wants_fragment
from ...i18n import _l, gettext
from ...services import class_reports, classes
from .. import limiting
from . import game, shared, sources

bp = Blueprint("classroom", __name__)
SEAT_COOKIE = "class_seat"
HOST_COOKIE = "class_host"
COOKIE_AGE = timedelta(hours=12)

SYNC_TEXT = {"lobby": _l("Waiting for the host to start…"),
             "running": _l("Your screen follows the host."), "ended": _l("The class is over.")}
_NICKNAME_ERRORS = {
    "empty": _l("Choose a nickname so the host knows you’re here."),
    "too_long": _l("A nickname can be at most %(n)s characters.") ,
    "bad_characters": _l("A nickname can’t contain control or invisible characters."),
    "taken": _l("Someone in this class already uses that nickname. Choose another, or, if "
                "it is you on a new phone or page, type your rejoin code too."),
    "removed": _l("The host removed the player with that nickname from this class: only the "
                  "host can let them back in."),
}
REMOVED = _l("You were removed from this class. Only the host can let you back in.")
LOCKED = _l("The host locked this class: nobody new can join. If you were in it, type your "
            "nickname and the rejoin code your phone showed; otherwise ask the host to unlock "
            "the room.")
WRONG_REJOIN = _l("That rejoin code doesn’t match that nickname in this class: nothing "
                  "changed. Check the code your phone showed under your nickname (six letters "
                  "and digits), or ask the host.")
ANSWERED = _l("You already answered this question: in this class only your first answer "
              "counts, and it is kept.")
LATE = _l("The host moved on before that reached the class: nothing was kept. This is where the "
         "class is now.")
TIME_UP = _l("Time’s up: answers to this question are closed. Wait for the next one.")


# --- cookies: the learner's seat and the host's class ------------------------------------------


def room_and_seat(code: str):
    """The class at `code` and the visitor's seat in it. Only a seat opens a class: a visitor
    without one there gets the same answer for a live, an ended and a missing code (the join
    form for a page, 403 for an answer), and each such lookup counts against the address's
    limit, so codes can't be enumerated (issue 19: about 190 guesses a second told live codes
    apart)."""
    room, seat = classes.room_and_seat(code, signing.read_cookie(SEAT_COOKIE))
    if seat is None:
        limiting.limit("class-lookup")
        abort(redirect(url_for(".join_form", code=classes.normal_code(code)))
              if request.method == "GET" else 403)
    return room, seat


# --- joining ------------------------------------------------------------------------------------


@bp.get("/join")
def join_form():
    code = classes.normal_code(request.args.get("code")) or ""
    return render_template("classroom/join.html", code=code, nickname="", rejoin="",
                           problem=None)


@bp.post("/join")
def join():
    code_raw = (request.form.get("code") or "")[:40]
    nickname = (request.form.get("nickname") or "")[:200]
    rejoin = (request.form.get("rejoin") or "")[:40]

    def refuse(problem: str, status: int = 400):
        return render_template("classroom/join.html", code=code_raw, nickname=nickname[:40],
                               rejoin=rejoin[:12], problem=problem), status

    allowed, retry_after = limiting.allowed("join")
    if allowed:  # a room's burst fits the minute; a guesser's pace is held by the hour
        allowed, retry_after = limiting.allowed("join-hour")
    if not allowed:  # the form again, with what was typed, and when to come back
        page, status = refuse(gettext("Too many tries to join from this network address. "
                                      "Try again in %(minutes)s min.",
                                      minutes=-(-retry_after // 60)), 429)
        return page, status, {"Retry-After": str(retry_after)}
    room, now = classes.by_code(code_raw), limiting.clock()
    if room is None or room.state == "ended" or classes.idle(room, now):
        return refuse(gettext("No class is running with the code “%(code)s”. Check the code on "
                              "the projector: six letters and digits.", code=code_raw.strip()[:12]))
    seat = classes.seat(signing.read_cookie(SEAT_COOKIE))
    if seat is not None and seat.class_id == room.id and seat.removed_at is not None:
        return refuse(str(REMOVED), 403)  # not back in under this or another nickname
    if seat is not None and seat.class_id == room.id:  # already in: back to the class
        return redirect(url_for(".play", code=room.code), 303)
    if rejoin.strip():  # their seat back on this phone, with the code their phone showed
        try:
            seat = classes.rejoin(room, nickname, rejoin, now)
        except classes.RejoinRefused as err:
            return refuse(str(REMOVED if err.code == "removed" else WRONG_REJOIN), 403)
        return signing.send_cookie(redirect(url_for(".play", code=room.code), 303),
                                   SEAT_COOKIE, seat.token, max_age=COOKIE_AGE)
    try:
        seat = classes.join(room, nickname, now)
    except classes.RoomLocked:
        return refuse(str(LOCKED), 403)
    except classes.NicknameError as err:
        text = str(_NICKNAME_ERRORS.get(err.code, _NICKNAME_ERRORS["empty"]))
        return refuse(text % {"n": classes.MAX_NICKNAME} if "%(n)" in text else text,
                      409 if err.code in ("taken", "removed") else 400)
    return signing.send_cookie(redirect(url_for(".play", code=room.code), 303), SEAT_COOKIE,
                               seat.token, max_age=COOKIE_AGE)


# --- following the class ------------------------------------------------------------------------


@bp.get("/class/<code>/play")
def play(code: str):
    room, seat = room_and_seat(code)
    if seat.removed_at is not None:
        return removed_page(room, seat)
    classes.seen(seat.id, seat.last_seen_at, limiting.clock())  # a page without JavaScript too
    return _play_page(room, seat, sources.source(room))


def sync_key(room, seat) -> str:
    """What a learner's page polls /sync with: the class's version, marked for a removed seat
    (so removing and letting back in each reload the page once)."""
    return f"{room.version}x" if seat.removed_at is not None else str(room.version)


def removed_page(room, seat):
    """A removed learner's page: says so, answers nothing; its poll reloads it if the host lets
    them back in."""
    return make_response(render_template("classroom/removed.html", room=room, seat=seat,
                                         text=REMOVED, sync_v=sync_key(room, seat)), 403)


def _play_page(room, seat, src, *, error=None, split=None, status=200, notice=None):
    """The learner's page: the lobby, the item the class is on (the item page's own block, with
    its own context), or the end with what this learner missed."""
    context = {"room": room, "seat": seat, "sync_text": SYNC_TEXT[room.state],
               "follow_ms": follow_every(room),
               "class_title": src.title, "words": src.words, "notice": notice,
               "one_answer": room.answer_mode == "one", "exam": src.exam,
               "item_page": src.page_template, "item_block": src.item_block}
    if room.state == "running":
        context.update(src.context(seat, error=error, split=split))
        context.update(number=src.number, total=src.count)
    elif room.state == "ended":
        context["missed"] = src.missed(seat)
    context["game"] = game.play(room, seat, src, limiting.clock())
    # The whole page, even to htmx (the poll's swap): nothing in it is out of band.
    context["oob"] = False
    return render_template("classroom/play.html", **context), status


def follow_every(room) -> int:
    """How often (ms) a phone in `room` asks whether the host moved: CLASS_FOLLOW_MS, or less
    often in a room so big that its phones together would poll more than CLASS_FOLLOW_ROOM_RATE
    times a second. A phone learns its room's pace with each new screen (the start, each step)."""
    config = current_app.config
    rate = max(1, int(config["CLASS_FOLLOW_ROOM_RATE"]))
    return max(int(config["CLASS_FOLLOW_MS"]), -(-1000 * class_reports.joined(room) // rate))


@bp.get("/class/<code>/sync")
def sync(code: str):
    """What the learner's page polls, every CLASS_FOLLOW_MS. Unchanged: 304 to a revalidation
    (the ETag is the class's version), else a short status line: one narrow indexed query, no
    template, no session. Changed (another step, the start, the end): the play page as it is now,
    with headers telling htmx to swap its #class-screen in place of the old one (no reload);
    a removed seat, one let back in, or no seat: HX-Refresh, so the page reloads."""
    version, state, seat_id, removed, last_seen = classes.version_and_seat(
        code, signing.read_cookie(SEAT_COOKIE)) or (None, None, None, False, None)
    if seat_id is None:  # no seat here, or no such class: alike (see room_and_seat)
        limiting.limit("class-lookup")
    elif not removed:  # the phone is here (a write at most every SEEN_WRITE_EVERY)
        classes.seen(seat_id, last_seen, limiting.clock())
    asked = request.args.get("v", "")
    if seat_id is None or asked != (f"{version}x" if removed else str(version)):
        if seat_id is not None and not removed and not asked.endswith("x") and wants_fragment():
            return _moved_screen(code)
        return _refresh()
    response = make_response("")
    response.set_etag(f"{version}-{seat_id}{'x' if removed else ''}")
    response.headers["Cache-Control"] = "private, no-cache"
    response.make_conditional(request)
    if response.status_code == 200:  # words only for a page that has not seen them
        response.set_data(str(SYNC_TEXT[state]))
    return response


def _refresh():
    response = make_response("", 200)
    response.headers["HX-Refresh"] = "true"
    response.headers["Cache-Control"] = "no-store"
    return response


# The phone's poll swaps the new screen in: htmx picks #class-screen out of the whole page.
SCREEN_SWAP = {"HX-Retarget": "#class-screen", "HX-Reselect": "#class-screen",
               "HX-Reswap": "outerHTML", "Cache-Control": "no-store"}


def _moved_screen(code: str):
    """The host moved: the learner's page where the class is now, to be swapped in. Every phone
    of the room asks for it within one poll, so a screen with nothing of the phone's own in it
    is rendered once for the room (views/classroom/shared.py)."""
    room, seat = room_and_seat(code)
    if seat.removed_at is not None:  # removed since the poll's query: the removed page
        return _refresh()
    src = sources.source(room)
    page = shared.screen(room, seat, src, _play_page, follow_every(room))
    if page is None:
        return _screen(room, seat, src)
    response = make_response(page, 200)
    response.headers.update(SCREEN_SWAP)
    return response


def _screen(room, seat, src, notice=None):
    """The learner's page as it is now, for htmx to swap its #class-screen in (no reload)."""
    page, status = _play_page(room, seat, src, notice=notice)
    response = make_response(page, status)
    response.headers.update(SCREEN_SWAP)
    return response


def _answering(code: str):
    """The class, the seat and the class's items an answer or a slider move is for; refused
    unless the visitor is in this class and the form is for the item the class is on."""
    room, seat = room_and_seat(code)
    if seat.removed_at is not None:
        abort(removed_page(room, seat))
    src = sources.source(room)
    if room.state != "running" or not src.names_current(request.form):
        abort(moved_on(room, seat, src))
    return room, seat, src


def moved_on(room, seat, src):
    """An answer or a slider move for a step the class has left (the host moved on as it was
    sent, or the phone slept through the move): nothing is stored, and the phone goes to where
    the class is now, saying why: with htmx its screen is swapped in place (no reload, the
    answer's form is gone with the old step); without, a redirect to the class's page."""
    if wants_fragment():
        return _screen(room, seat, src, notice=LATE)
    return redirect(url_for(".play", code=room.code), 303)


@bp.post("/class/<code>/answer")
def answer(code: str):
    """An answer to the item the class is on: stored (every try, or only the first), then the
    feedback; a form a real page could not send is a 400 that says why."""
    room, seat, src = _answering(code)
    # A lesson's answer form posts through htmx and gets its feedback block back; a quiz's is a
    # plain post, which gets the whole page.
    inline = src.feedback_blocks is not None and wants_fragment()
    if request.form.get("op", "").startswith("step:"):  # −/+ without JavaScript
        return _slid(room, seat, src, inline)
    now = limiting.clock()
    closed = src.closed()
    if closed is None and classes.time_up(room, now):  # a game's countdown, by the server
        closed = TIME_UP
    if closed is not None:
        if inline:
            return src.fragment(seat, src.error_block, message=closed, status=409)
        return _play_page(room, seat, src, status=409, notice=closed)
    try:
        graded = src.grade(request.form)
    except sources.Unreadable as err:
        return _unreadable(room, seat, src, err, inline)
    # The reply is made first (the commit expires the class and seat rows, which would then be
    # read again), then the answer is committed, and only then acknowledged.
    reply = src.fragment(seat, src.feedback_blocks, graded=graded.shown) if inline \
        else redirect(url_for(".play", code=room.code) + "#feedback", 303)
    if not classes.record(room.id, seat.id, src.item_id(src.number), graded.answer,
                          correct=graded.correct, legal=graded.legal, problems=graded.problems,
                          only_first=room.answer_mode == "one", now=now,
                          first_ms=classes.elapsed_ms(room, now)):  # committed, then acknowledged
        if inline:  # the first answer stays; the feedback place says why
            return src.fragment(seat, src.error_block, message=ANSWERED, status=409)
        return _play_page(room, seat, src, notice=ANSWERED, status=409)
    if inline and room.game:  # the phone's score and streak follow the feedback
        reply.set_data(reply.get_data() + render_template(
            "classroom/_game.html", game=game.play(room, seat, src, now), oob=True,
            room=room).encode())
    return reply


def _unreadable(room, seat, src, err, fragment: bool):
    """An answer or a slider move that can't be read: a 400 saying why, the sliders as the
    learner had them (the item's error block as a `fragment`, else the whole page)."""
    if not fragment:
        return _play_page(room, seat, src, error=err.error, split=err.split, status=400)
    return src.fragment(seat, src.error_block, error=err.error, split=err.split, status=400)


@bp.post("/class/<code>/live")
@csrf.exempt  # changes nothing, as Learn's and the quiz's live answers: stored nowhere
def live(code: str):
    if wants_fragment() and not request.form.get("op", "").startswith("step:"):
        answer = sources.signed_drag(code, request.form) or _dragged(code)
        if answer is not None:
            return answer
    room, seat, src = _answering(code)
    return _slid(room, seat, src, wants_fragment())


def _dragged(code: str):
    """A drag on a class on a quiz, for a seat in the running class on the question the form
    names: the one live path's answer, with the class read as plain columns
    (classes.live_room). Anything else (no seat, removed, moved on, a lesson, a refused field)
    is None: the route then answers it as any class request (_answering, _slid)."""
    row = classes.live_room(code, signing.read_cookie(SEAT_COOKIE))
    if row is None or row.seat_id is None or row.removed_at is not None \
            or row.state != "running" or row.quiz_token is None or not row.questions:
        return None
    src = sources.QuizSource(row)  # reads the row's step, questions, mode and reveals only
    if not src.names_current(request.form):
        return None
    try:
        return src.live_answer(request.form)
    except sources.Unreadable:
        return None


def _slid(room, seat, src, fragment: bool):
    """Sliders moved (or −/+ pressed without JavaScript): the one live check's verdict and
    counters (a `fragment`), or the page at the new values; nothing is stored."""
    if fragment and not request.form.get("op", "").startswith("step:"):
        try:  # a drag: the one live path (Learn's for a lesson step), memo included
            answer = src.live_answer(request.form)
        except sources.Unreadable as err:
            return _unreadable(room, seat, src, err, fragment)
        if answer is not None:
            return answer
    if not src.live:
        abort(404)
    try:
        split = src.read_sliders(request.form)
    except sources.Unreadable as err:
        return _unreadable(room, seat, src, err, fragment)
    if not fragment:
        return _play_page(room, seat, src, split=split)
    return src.fragment(seat, ["verdict", "live_oob"], split=split)


@bp.get("/class/<code>/review")
def review(code: str):
    """After a class on a quiz: each question this learner missed, with the key and why (a
    lesson's review is Learn itself: the end page links there)."""
    room, seat = room_and_seat(code)
    if seat.removed_at is not None:
        return removed_page(room, seat)
    src = sources.source(room)
    rows = src.review_rows(seat) if room.state == "ended" else None
    if rows is None:
        return redirect(url_for(".play", code=room.code), 303)
    return render_template("classroom/review.html", room=room, seat=seat, title=src.title,
                           rows=rows)


from . import host  # noqa: E402,F401  (more routes on this blueprint)
