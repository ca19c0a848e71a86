"""Lesson content as validated data (no Flask, no database). Authoring guide: lessons/README.md.

Loading
    curriculum = load_curriculum(path=DEFAULT_LESSONS_DIR)   # raises ContentError
    err.problems -> [Problem(path, field, message)]; str(problem) == "path: field: message".
    Every bad file and field is reported at once; answer keys are re-checked by the rules core
    (pass verify_keys=False to skip that, e.g. in a tight loop of tests that break files).

Curriculum
    curriculum.lessons            tuple of Lesson, in catalogue order (iterable, len())
    curriculum.lesson(id)         KeyError for an unknown id; curriculum.get(id) -> Lesson | None
    curriculum.after(id)          the next lesson or None

Lesson
    .id .number (1-based) .prerequisites (ids) .rules (CR numbers) .steps (ordered)
    .title(lang) .summary(lang) .text(key, lang) -> Localized (English fallback, flagged)
    .translation(lang) -> "complete" | "partial" | "missing"; .languages
    .step(id) (KeyError if unknown) .step_index(id) .interactive_steps .questions
    .board(name) -> a fresh dict in the DESIGN.md board shape

Localized(text, lang, fallback)
    .text is Markdown; .html() / .inline_html() render it with raw HTML escaped;
    fallback=True means the requested language had no text and English is shown.

Steps (frozen pydantic models; every step has a stable .id, a .type and .rules)
    common: step.text(lang, part=None) -> Localized; step.board_data() -> dict | None
    "explain"  text(lang)
    "worked"   .board .assignment; note(creature, recipient, lang) per slider;
               board_with_assignment()
    "practice" .board .fixed {creature: {recipient: amount}} (locked sliders) .goal .solution;
               text(lang, "hint"), text(lang, "why")
               goal kinds: GoalLegal (any legal split), GoalExact (creature -> recipient == amount),
               GoalMost (creature -> recipient == the most analyze() allows)
    "predict"  .board .creature .recipient .answer; text(lang, "why")
    "choice"   .options (each .id, .correct, optional .amount/.assignment), optional
               .board/.assignment/.verify; .correct_option; option_text(option_id, lang);
               rationale(option_id, lang) -- every option, right or wrong, explains itself
    "legal"    .board .assignment .legal .rule; text(lang, "why")

Questions: step.as_question() -> the step as one of the question kinds of webapp.content.kinds
    (practice -> Split, predict -> Amount, choice -> Choice, legal -> Verdict; None for explain
    and worked), which reads, grades (Graded: correct, reason, facts, check) and checks its key
    with the rules core; max_to(board, creature, recipient="player") -> int
"""

from .loader import DEFAULT_LESSONS_DIR, collect, load_curriculum
from .model import ContentError, Curriculum, Lesson, Problem
from .schema import (INTERACTIVE_TYPES, QUESTION_TYPES, STEP_TYPES, Choice, Explain, GoalExact,
                     GoalLegal, GoalMost, Legal, Option, Practice, Predict, Worked)
from .texts import DEFAULT_LANGUAGE, LANGUAGES, Localized
from .kinds import max_to
from .verify import key_checks

__all__ = [
    "DEFAULT_LANGUAGE", "DEFAULT_LESSONS_DIR", "INTERACTIVE_TYPES", "LANGUAGES", "QUESTION_TYPES",
    "STEP_TYPES", "Choice", "ContentError", "Curriculum", "Explain", "GoalExact", "GoalLegal",
    "GoalMost", "Legal", "Lesson", "Localized", "Option", "Practice", "Predict",
    "Problem", "Worked", "collect", "key_checks",
    "load_curriculum", "max_to",
]
