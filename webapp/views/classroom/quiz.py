"""A class on a shared quiz: its questions, shown to learners with the quiz's own question markup.

The learner's page is quiz/question.html's `question` block (assign questions: the one live check
through _live.html's macros); slider moves come back as its `verdict` and `live_oob` blocks.
Reading an answer and grading it are the quiz's (views.quiz.answers, content.generate.grade);
this module adds what a class needs on top: an answer must move a slider (a class stores every
try), the stored shape the room overview reads
({"answer": ...} or {"assignment": split}), and the key shown on the projector and the review.
The class's routes reach it only through sources.QuizSource.

A question's step id in class_results is "q<position>" (1-based); the quiz's time limit never
applies: the host paces the class.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import abort, url_for

from ...content.generate import check_split, grade
from ...htmx import render
from ...i18n import gettext
from ...live import board_cards, labels, live_check
from ...content.fields import SliderError, posted
from ...content.kinds import has_sliders
from ...live.words import verdict
from ...services import classes
from ..quiz import (goal_asked, goal_mark, question_board, resolved_question, stepped_split,
                    options_of, shown_answer)
from ..feedback import key_feedback
from ..quiz.answers import QuizAnswerError, read_answer
from ..live_answer import canonical, facts_response, live_response, signed_facts

TEMPLATE = "quiz/question.html"
CHOICE = ("rule", "one", "many")


def is_exam(room) -> bool:
    """A class on an exam-mode quiz keeps the exam's rules: one answer per question, no right or
    wrong on the phone until the host reveals the answer, the review only after the end."""
    return room.quiz_mode == "exam"


def total(room) -> int:
    return len(room.questions or ())


def step_id(n: int) -> str:
    return f"q{n}"


def current(room) -> tuple[int, dict]:
    """The position (1-based) and the question (in this request's language) the class is on."""
    n = min(room.step, total(room) - 1) + 1
    return n, question(room, n)


def question(room, n: int) -> dict:
    return resolved_question(room.questions[n - 1])


def name(q: dict) -> str:
    """A question in a few words, for the host's lists (the summary, the CSV's step)."""
    if q.get("replaced"):
        return gettext("A generated question since replaced by a corrected version")
    prompt = " ".join(str(q.get("prompt") or "").split())
    return prompt if len(prompt) <= 90 else prompt[:89].rstrip() + "…"


def board(q: dict) -> dict | None:
    return question_board(q)


# --- reading and storing an answer ---------------------------------------------------------------


def read(q: dict, form):
    """A learner's answer in the quiz's shape; a QuizAnswerError says what is wrong. Slider
    fields are read as on every surface (webapp.content.fields); a class stores every try, so an
    answer that moved no slider at all is refused rather than stored as all zeros."""
    if not has_sliders(q):
        return read_answer(q, form)
    if not posted(form):
        raise QuizAnswerError(gettext("Move the sliders to assign the damage first."))
    return read_answer(q, form)


def graded(q: dict, given) -> tuple[dict, bool, bool | None, list[dict]]:
    """One try as the class stores it: (the stored answer, whether it is right, whether a split
    is legal (None for other questions), the core's problems with the split)."""
    correct = bool(grade(q, given))
    if has_sliders(q):
        problems = check_split(q, given)
        keep = ("code", "rule", "creature", "recipient", "params")
        return ({"assignment": given}, correct, not problems,
                [{k: p.get(k) for k in keep} for p in problems])
    return {"answer": given}, correct, None, []


def stored(seat, n: int) -> tuple[object, bool | None]:
    """The learner's latest answer to question n and whether it was right ((None, None): none)."""
    row = classes.result(seat.id, step_id(n))
    if row is None:
        return None, None
    answer = row.final_answer or {}
    return answer.get("assignment", answer.get("answer")), bool(row.correct)


# --- the learner's page ---------------------------------------------------------------------------


def context(room, seat, n: int, q: dict, *, given=None, correct=None, error=None,
            split=None) -> dict:
    """What quiz/question.html's `question` block needs, with the class's URLs."""
    shown_board = board(q)
    held = held_key(room, n)
    live = None
    if has_sliders(q):
        shown = split if split is not None else (given if isinstance(given, dict) else {})
        live = live_check(shown_board, shown, fit=True, hide_most=goal_mark(q), blind=held,
                          goal=goal_asked(q))
    # Retry until right: feedback at once, a right answer locks. One answer: the first locks;
    # an exam shows right or wrong (with the key) only once the host revealed it, a practice
    # quiz at once.
    if room.answer_mode == "one":
        shown_key = not held if is_exam(room) else given is not None
        answered, paced = given is not None or shown_key, False
    else:
        shown_key, answered, paced = False, bool(correct), True
    if q.get("replaced"):  # an older generator's question: its answers as recorded, no key
        shown_key, answered = False, True
    options = room_options(room, n, q)
    return {
        "saved": shown_answer(q, given, options) if held and given is not None else None,
        "saved_note": gettext("Wait for the host: the answer and why come on the big screen."),
        "hide_verdict": held,
        "q": q, "n": n, "live": live, "paced": paced, "error": error,
        "cards": board_cards(shown_board, labels(shown_board)) if shown_board else None,
        "options": options, "given": given, "correct": correct,
        "answered": answered, "show_key": shown_key, "hidden": {"step": step_id(n)},
        # with the key, the answer's result as the quiz's own page words it
        "feedback": key_feedback(q, shown_board, given, correct) if shown_key else None,
        "answer_url": url_for("classroom.answer", code=room.code),
        "live_url": live_url(room, n, q, held), "lettered": True,
    }


# --- a drag ---------------------------------------------------------------------------------------

def live_url(room, n: int, q: dict, held: bool) -> str:
    """The question's live address, with what its page shows signed in (the same for every
    phone: the room's shared screen stays one page): a drag reads no database. A page from
    before the host revealed the key keeps it hidden; the page after the reveal has a new one."""
    facts = None
    if has_sliders(q):  # a replaced question has none
        facts = signed_facts(["class", room.code, step_id(n)], board(q), goal_mark(q),
                             goal_asked(q), held)
    return url_for("classroom.live", code=room.code, **({"q": facts} if facts else {}))


def signed_drag(code: str, form):
    """A drag sent from a question page's own live address: its answer, or None to read the
    class (no signed facts, facts for another class or step, a slider field refused)."""
    try:
        return facts_response(["class", classes.normal_code(code), form.get("step")], TEMPLATE,
                              ["verdict", "live_oob"], form)
    except SliderError:  # the class's own path words it in the verdict's place
        return None


def live_answer(ref: dict, made: Callable[[], dict], held: bool, form):
    """The one live path's answer to a drag on question `ref` (made by `made()` only when the
    memo hasn't this split); a held key: no verdict, no marks. SliderError if a field is
    refused."""
    def question():
        q = made()
        if not has_sliders(q):
            abort(404)
        return board(q), goal_mark(q), goal_asked(q)

    return live_response(TEMPLATE, ["verdict", "live_oob"], question, form,
                         named=("quiz", canonical(ref)), blind=held,
                         context={"hide_verdict": held})


def room_options(room, n: int, q: dict) -> list[dict]:
    """A choice question's options in the room's one order (every phone's and the wall's)."""
    return options_of(classes.order_key(room), n, q)


def held_key(room, n: int) -> bool:
    """An exam's key waits for the host: until revealed, no verdict, lethal marks or gates."""
    return is_exam(room) and not classes.revealed(room, n)


def fragment(ctx: dict, blocks, status: int = 200):
    return render(TEMPLATE, blocks, status=status, **ctx)


def stepped(q: dict, form) -> dict:
    """The sliders after a −/+ button without JavaScript (the quiz's own reading)."""
    return stepped_split(q, form)


# --- the host's side ----------------------------------------------------------------------------


def key_options(q: dict) -> list[dict]:
    """A question's options in the bank's order (the projector's and the summary's)."""
    return list(q.get("options") or [])


def picks(room, n: int, q: dict, overview) -> list[dict]:
    """For a choice question: each option, in the room's order, and how many learners' latest
    answer picked it."""
    if q["type"] not in CHOICE:
        return []
    return [{"text": o["text"], "lang": o.get("lang"), "count": overview.picks.get(o["id"], 0),
             "right": o["id"] in (q["answer"] if isinstance(q["answer"], list) else [q["answer"]])}
            for o in room_options(room, n, q)]


def problem_sentence(q: dict, problem: dict) -> str:
    return verdict(board(q), {"legal": False, "problems": [problem]})["problems"][0]["text"]


def missed(room, seat) -> list[dict]:
    """The questions the host asked that this learner got wrong or skipped, each a link into
    their review (a question never asked keeps its key)."""
    done = classes.results(seat.id)
    out = []
    for n in range(1, total(room) + 1):
        row = done.get(step_id(n))
        if classes.asked(room, n) and (row is None or not row.correct):
            out.append({"number": n, "name": name(question(room, n)),
                        "url": url_for("classroom.review", code=room.code) + f"#q-{n}"})
    return out


def review_rows(room, seat) -> list[dict]:
    """Each missed question the host asked, with what the learner last sent, the key and why."""
    done = classes.results(seat.id)
    rows = []
    for n in range(1, total(room) + 1):
        row = done.get(step_id(n))
        if (row is not None and row.correct) or not classes.asked(room, n):
            continue
        q = question(room, n)
        given = None
        if row is not None:
            answer = row.final_answer or {}
            given = answer.get("assignment", answer.get("answer"))
        rows.append({"n": n, "q": q, "options": key_options(q),
                     "given": shown_answer(q, given, key_options(q)) if given is not None
                     else None})
    return rows


def wall(room, n: int, q: dict) -> dict:
    """A question on the wall: its whole prompt (the template shows it), its board as cards, and
    its options in the room's order."""
    shown_board = board(q)
    answer = q.get("answer")
    return {"q": q, "cards": board_cards(shown_board, labels(shown_board)) if shown_board else None,
            "options": room_options(room, n, q) if q["type"] in CHOICE else [],
            "right": answer if isinstance(answer, list) else [answer],
            "rules": []}  # a question's rules come with its key (they would tell the answer)
