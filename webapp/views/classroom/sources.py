"""What a class runs: a lesson's steps or a shared quiz's questions, behind one small interface.

`source(room)` chooses once per request, from the room, a LessonSource or a QuizSource; the
class's routes (__init__.py, host.py) and its templates use only what both offer, and never ask
which one they have:

    count, number, title, words     how many items, the one the class is on (1-based), the class's
                                    title, and how the pages name an item ("Step 3 of 9" or
                                    "Question 3 of 9")
    item_id(n), name(n), answerable(n)
                                    item n's key in class_results, its name in a few words, whether
                                    it asks anything
    exam, feedback_blocks, live     the pacing: an exam shows right or wrong only once the host
                                    reveals the answer; the blocks an answer sent by htmx gets
                                    back (None: the answer form is a plain post, which gets the
                                    page); whether sliders are checked live
    names_current(form), closed()   whether a form is for the item the class is on; why answers
                                    to it are closed (an exam's revealed question), or None
    grade(form), read_sliders(form) a try as the class stores it (Graded), or the sliders;
                                    Unreadable says why not
    context(seat, ...), fragment(seat, blocks, ...)
                                    the item on a phone: the item page's own context (Learn's
                                    step builder, the quiz's question builder); page_template and
                                    item_block name the page and its block (classroom/play.html
                                    extends that page and shows that block), error_block the
                                    block that says why a form was refused
    missed(seat), review_rows(seat) after the end: what the learner missed (with links), and the
                                    class's own review page (a quiz's keys), or None (a lesson's
                                    review is Learn)
    answer_words(n, stored)         a stored answer to item n as the learner read it ("Legal",
                                    "4", an option's text, a split in words), for the CSV
    split_board(), picks(overview), sentence(problem), projected()
                                    what the host page and the projector show: the board whose
                                    splits the room overview maps (None: not a split), the room's
                                    picks, a mistake in words, the projected answer
                                    (answer_template renders it)
    wall()                          the item on the wall, in full: its task or prompt, its board
                                    picture, its options in the room's order (wall_template
                                    renders it)

The kind-specific parts stay in the two adapters these call: steps.py (a lesson step, with
Learn's own markup and context) and quiz.py (a quiz question, with the quiz's).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from flask import abort, url_for
from markupsafe import Markup, escape

from ...i18n import _l, gettext
from ...live import dealt, labels, live_check
from ...content.fields import SliderError
from ...content.kinds import has_sliders
from ...live.words import slider_error_text
from ...services import answers, classes
from ...services.answers import AnswerError
from ..learn import curriculum, practice_verdict
from ..quiz import shown_answer
from ..quiz.answers import QuizAnswerError, read_split
from . import quiz, steps

CLOSED = _l("The answer to this question has been shown: answers to it are closed.")
STALE = _l("an answer to an earlier version of this step")

# How the class's pages name the items of a lesson and of a quiz (the one place they differ in
# words: the pages themselves never ask which they show).
LESSON_WORDS = {
    "n_of_total": _l("Step %(n)s of %(total)s"), "item_n": _l("Step %(n)s"),
    "previous": _l("Previous step"), "next": _l("Next step"), "go_to": _l("Go to step"),
    "check_next": _l("Check for the next step"),
    "project_answer": _l("Project the worked answer"),
    "missed_intro": _l("Go back over the steps you missed, in the normal lesson player:"),
    "ended_hint": _l("Each player’s phone now lists the steps they missed, with links back "
                     "into the lesson."),
    "summary_caption": _l("How the room did, step by step"), "summary_column": _l("Step"),
    "kind": _l("Lesson"),
}
QUIZ_WORDS = {
    "n_of_total": _l("Question %(n)s of %(total)s"), "item_n": _l("Question %(n)s"),
    "previous": _l("Previous question"), "next": _l("Next question"),
    "go_to": _l("Go to question"), "check_next": _l("Check for the next question"),
    "project_answer": _l("Project the answer and why"),
    "missed_intro": _l("Go back over the questions you missed, with the answer and why:"),
    "ended_hint": _l("Each player’s phone now lists the questions they missed, with the answer "
                     "and why."),
    "summary_caption": _l("How the room did, question by question"),
    "summary_column": _l("Question"),
    "kind": _l("Quiz"),
}


class Unreadable(Exception):
    """A form the class can't read: `error` for the item's page (what its context builder takes),
    `split` the sliders as the learner had them (None: as stored)."""

    def __init__(self, error, split=None):
        super().__init__(str(error))
        self.error = error
        self.split = split


@dataclass(frozen=True)
class Graded:
    """One try as the class stores it (services.classes.record), and what the feedback shows."""
    answer: dict
    correct: bool
    legal: bool | None
    problems: list
    shown: object = None  # a lesson step's graded answer, for Learn's feedback


def source(room):
    """The class's items, chosen once from the room: a quiz's questions (copied into the class
    when it was created) or a lesson's steps. A class whose items are gone is a 410."""
    if room.quiz_token is not None:
        return QuizSource(room)
    lesson = curriculum().get(room.lesson_id)
    if lesson is None:
        abort(410)
    return LessonSource(room, lesson)


def signed_drag(code: str, form):
    """A drag from a page whose live address says, signed, what it shows: its answer, read from
    no database, or None (the route then reads the class). A lesson step's page sends its drags
    to Learn's own live address; a quiz question's carries its facts (quiz.live_url)."""
    return quiz.signed_drag(code, form)


class LessonSource:
    words = LESSON_WORDS
    page_template, item_block, error_block = steps.STEP_TEMPLATE, "step", "feedback"
    answer_template = "classroom/_answer_step.html"
    wall_template = "classroom/_wall_step.html"
    exam = False

    def __init__(self, room, lesson):
        self.room, self.lesson = room, lesson
        self.count = len(lesson.steps)
        self.number = min(room.step, self.count - 1) + 1
        self.current = lesson.steps[self.number - 1]

    @property
    def title(self) -> Markup:
        return steps.parts.inline(self.lesson.title(steps.parts.lang()))

    def step(self, n: int):
        return self.lesson.steps[n - 1]

    def item_id(self, n: int) -> str:
        return self.step(n).id

    def name(self, n: int) -> str:
        return steps.parts.step_name(self.step(n))

    def answerable(self, n: int) -> bool:
        return self.step(n).kind is not None

    @property
    def live(self) -> bool:
        return self.current.moves_sliders

    @property
    def feedback_blocks(self) -> list[str]:
        """The answer form posts through htmx and gets Learn's feedback back (and, after a
        prediction, the board to try it on)."""
        return self.current.answered_blocks

    # --- a learner's answers -----------------------------------------------------------------

    def names_current(self, form) -> bool:
        return (form.get("lesson"), form.get("step")) == (self.lesson.id, self.current.id)

    def closed(self):
        return None

    def grade(self, form) -> Graded:
        try:
            given = answers.read_answer(self.current, form)
            graded = answers.grade(self.current, given)
        except AnswerError as err:
            raise Unreadable(err, err.split) from None
        legal, problems = steps.problems(self.current, graded)
        return Graded(given, graded.correct, legal, problems, shown=graded)

    def read_sliders(self, form) -> dict:
        try:
            return answers.read_sliders(self.current, form)
        except AnswerError as err:
            raise Unreadable(err, err.split) from None

    def live_answer(self, form):
        """A drag on a practice board: Learn's own live answer (None for a prediction's board,
        which shows the stored answer and so goes through the page's context)."""
        if self.current.kind != "split":
            return None
        try:
            return practice_verdict(self.lesson, self.current)
        except AnswerError as err:
            raise Unreadable(err, err.split) from None

    # --- a learner's page ----------------------------------------------------------------------

    def context(self, seat, *, error=None, split=None, graded=None, message=None) -> dict:
        """Learn's context for the step. Without `graded`, the learner's stored answer is shown,
        except next to a refused form or on a practice board being moved (sliders as sent)."""
        after = self.current.tried_after_answer  # a prediction's board shows its stored answer
        if graded is None and error is None and (split is None or after):
            graded = steps.stored(self.current, seat)
        ctx = steps.context(self.room, self.lesson, self.current, seat, graded=graded,
                            error=error, assignment=split)
        if message is not None:
            ctx["error"] = str(message)
        return ctx

    def fragment(self, seat, blocks, *, status: int = 200, **shown):
        return steps.fragment(self.context(seat, **shown), blocks, status=status)

    def missed(self, seat) -> list[dict]:
        """The answerable steps this learner got wrong or skipped, each a link into Learn."""
        done = classes.results(seat.id)
        return [{"number": n, "name": self.name(n),
                 "url": url_for("learn.step", lesson_id=self.lesson.id, step_id=self.item_id(n))}
                for n in range(1, self.count + 1)
                if self.answerable(n) and not ((row := done.get(self.item_id(n))) and row.correct)]

    def review_rows(self, seat):
        return None  # Learn is a lesson's review: missed() links there

    def answer_words(self, n: int, stored: dict) -> str:
        """A stored answer to step n in the words the step showed it with: "Legal" or "Not
        legal" (Learn's buttons), the amount, the option's text, the split in words."""
        try:
            return steps.parts.answer_words(self.step(n), stored)
        except AnswerError:  # an answer of another shape: the step changed since
            return str(STALE)

    # --- the host's page and the projector ------------------------------------------------------

    def split_board(self):
        return self.current.board_data() if self.current.kind == "split" else None

    def picks(self, overview) -> list[dict]:
        """A choice step: each option, in the room's order, and how many latest answers chose
        it."""
        return steps.picks(self.room, self.current, overview)

    def sentence(self, problem: dict) -> str:
        return steps.problem_sentence(self.current, problem)

    def projected(self) -> dict:
        """The worked answer of the step: its split on locked sliders, or its answer."""
        current = self.current
        board = current.board_data()
        split = getattr(current, "solution", None) or getattr(current, "assignment", None)
        shown = played = None
        if board is not None and split and current.type in ("practice", "worked"):
            shown = live_check(board, split, locked=lambda *_: gettext("The worked split."))
            played = dealt(board, split, labels(board)) if shown.verdict and \
                shown.verdict["legal"] else None
        return {"step": current, "live": shown, "dealt": played}

    def wall(self) -> dict:
        return steps.wall(self.room, self.current)


class QuizSource:
    words = QUIZ_WORDS
    page_template, item_block, error_block = quiz.TEMPLATE, "question", "unreadable"
    answer_template = "classroom/_answer_key.html"
    wall_template = "classroom/_wall_question.html"
    feedback_blocks = None  # the question's form is a plain post: the page comes back

    def __init__(self, room):
        self.room = room
        self.count = quiz.total(room)
        if not self.count:
            abort(410)
        self.number = min(room.step, self.count - 1) + 1
        self.exam = quiz.is_exam(room)

    @property
    def title(self) -> Markup:
        return escape(self.room.quiz_title or gettext("Quiz"))

    @cached_property
    def q(self) -> dict:
        return quiz.question(self.room, self.number)

    def item_id(self, n: int) -> str:
        return quiz.step_id(n)

    def name(self, n: int) -> str:
        return quiz.name(quiz.question(self.room, n))

    def answerable(self, n: int) -> bool:
        return True

    @property
    def live(self) -> bool:
        return has_sliders(self.q)

    # --- a learner's answers -----------------------------------------------------------------

    def names_current(self, form) -> bool:
        return form.get("step") == self.item_id(self.number)

    def closed(self):
        """An exam's question closes when the host reveals its answer."""
        return CLOSED if self.exam and classes.revealed(self.room, self.number) else None

    def grade(self, form) -> Graded:
        if self.q.get("replaced"):  # an older generator's: answers to it are kept, none added
            raise Unreadable(gettext("This question can’t be answered any more: it was "
                                     "replaced by a corrected version."))
        try:
            given = quiz.read(self.q, form)
        except QuizAnswerError as err:
            raise Unreadable(str(err), err.split) from None
        return Graded(*quiz.graded(self.q, given))

    def read_sliders(self, form) -> dict:
        try:
            if form.get("op", "").startswith("step:"):  # −/+ without JavaScript
                return quiz.stepped(self.q, form)
            return read_split(self.q, form)
        except QuizAnswerError as err:
            raise Unreadable(str(err), err.split) from None

    def live_answer(self, form):
        """A drag on an assign question: the one live path. The question is made only when the
        memo hasn't this split; an exam's key waits for the host (no verdict, no marks)."""
        held = quiz.held_key(self.room, self.number)
        try:
            return quiz.live_answer(self.room.questions[self.number - 1], lambda: self.q, held,
                                    form)
        except SliderError as err:
            raise Unreadable(slider_error_text(err), err.split) from None

    # --- a learner's page ----------------------------------------------------------------------

    def context(self, seat, *, error=None, split=None, graded=None, message=None,
                stored: bool = True) -> dict:
        """The quiz's context for the question, with the learner's latest answer (`stored`)."""
        given, correct = quiz.stored(seat, self.number) if stored else (None, None)
        return quiz.context(self.room, seat, self.number, self.q, given=given, correct=correct,
                            error=str(message) if message is not None else error, split=split)

    def fragment(self, seat, blocks, *, status: int = 200, **shown):
        # The verdict and the refusal don't show the stored answer: no query for a slider move.
        return quiz.fragment(self.context(seat, stored=False, **shown), blocks, status=status)

    def missed(self, seat) -> list[dict]:
        return quiz.missed(self.room, seat)

    def review_rows(self, seat) -> list[dict]:
        return quiz.review_rows(self.room, seat)

    def answer_words(self, n: int, stored: dict) -> str:
        """A stored answer to question n as the results and the review word it."""
        q = quiz.question(self.room, n)
        given = stored.get("assignment", stored.get("answer"))
        return shown_answer(q, given, quiz.key_options(q))

    # --- the host's page and the projector ------------------------------------------------------

    def split_board(self):
        return quiz.board(self.q) if has_sliders(self.q) else None

    def picks(self, overview) -> list[dict]:
        return quiz.picks(self.room, self.number, self.q, overview)

    def sentence(self, problem: dict) -> str:
        return quiz.problem_sentence(self.q, problem)

    def projected(self) -> dict:
        """The question's key and why, and for a split what the key's example does."""
        shown_board = quiz.board(self.q)
        played = dealt(shown_board, self.q["example"], labels(shown_board)) \
            if has_sliders(self.q) and shown_board and self.q.get("example") else None
        return {"q": self.q, "options": quiz.key_options(self.q), "dealt": played}

    def wall(self) -> dict:
        return quiz.wall(self.room, self.number, self.q)
