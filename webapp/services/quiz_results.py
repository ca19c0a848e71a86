"""What a shared quiz's attempts add up to: per-question statistics and the results table.

Facts only: a wrong answer is counted by what it was (an option id, a number, the rules core's
first problem with a split), never by its words; the owner page and the CSV word them in the
reader's language through the function they pass in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..content.generate import check_split
from ..content.kinds import has_sliders
from . import spreadsheet

# A wrong split the rules core finds legal: it just isn't what the question asked.
LEGAL_BUT_NOT_ASKED = ("legal",)
MOST_COMMON = 3  # wrong answers shown per question


@dataclass(frozen=True)
class Wrong:
    """A wrong answer given `count` times: its `kind` (see `wrong_kind`) and the first answer
    of that kind (to word it)."""
    kind: tuple
    example: object
    count: int


@dataclass(frozen=True)
class QuestionStats:
    n: int
    answered: int
    percent: int | None  # right, of those answered; None when nobody answered
    wrong: list[Wrong]  # the most given first, at most MOST_COMMON
    replaced: int = 0  # answers to an earlier version of a generated question: not counted


def wrong_kind(q: dict, given) -> tuple:
    """What a wrong answer was, hashable: ("problem", code, rule) or LEGAL_BUT_NOT_ASKED for a
    split, ("given", answer) otherwise (chosen options in sorted order: the same choice)."""
    if has_sliders(q):
        problems = check_split(q, given) if isinstance(given, dict) else []
        return ("problem", problems[0]["code"], problems[0]["rule"]) if problems \
            else LEGAL_BUT_NOT_ASKED
    if isinstance(given, list):
        return ("given", tuple(sorted(map(str, given))))
    return ("given", given)


def per_question(questions: list[dict], attempts: Iterable,
                 refs: list[dict]) -> list[QuestionStats]:
    """Per question: how many answered, % right, and the wrong answers most given. Only answers
    to the question as `refs` (the quiz's) name it now count: one given to a generated question
    an older generator made (the attempt's reference differs) is counted apart, in `replaced`."""
    attempts = list(attempts)
    stats = []
    for n, q in enumerate(questions, start=1):
        given_to = [(a.answers[n], a.questions[n - 1] == refs[n - 1] if n <= len(a.questions)
                     else True) for a in attempts if n in a.answers]
        answered = [answer for answer, same in given_to if same]
        right = sum(bool(correct) for _, correct in answered)
        counts, examples = Counter(), {}
        for given, correct in answered:
            if not correct:
                kind = wrong_kind(q, given)
                counts[kind] += 1
                examples.setdefault(kind, given)
        stats.append(QuestionStats(
            n=n, answered=len(answered),
            percent=round(100 * right / len(answered)) if answered else None,
            wrong=[Wrong(kind, examples[kind], count)
                   for kind, count in counts.most_common(MOST_COMMON)],
            replaced=len(given_to) - len(answered)))
    return stats


RESULTS_HEADER = ["name", "started", "question", "type", "answer", "correct", "key", "score",
                  "percent", "passed"]


def results_csv(attempts: Iterable, questions_of: Callable, words: Callable) -> str:
    """One row per attempt and question. `questions_of(attempt)` gives the attempt's questions,
    each with the options in the order that attempt saw them: [(question, options)];
    `words(question, answer, options)` an answer as the reader reads it. A number's and a
    split's key is the number itself (the most that can reach the target). A generated question
    an older generator made (content.questions.replaced_question) has no key; `words` says its
    answer was given to a replaced question; its mark is as recorded. UTF-8 with a byte-order
    mark (Excel then reads names like "Zoë")."""
    def rows():
        for attempt in attempts:
            for n, (q, options) in enumerate(questions_of(attempt), start=1):
                given, correct = attempt.answers.get(n, (None, None))
                key = "" if q.get("replaced") else q["answer"] if q["type"] in (
                    "number", "assign") else words(q, q["answer"], q.get("options", []))
                yield [attempt.name, attempt.started_at.isoformat(), n, q["type"],
                       words(q, given, options), None if correct is None else bool(correct),
                       key, attempt.score, attempt.percent, attempt.passed]
    return spreadsheet.table(RESULTS_HEADER, rows(), bom=True)
