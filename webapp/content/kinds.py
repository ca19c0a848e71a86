"""The one question model: every question the app asks is one of four frozen kinds.

    Amount    how much: the most `creature` can assign to `recipient`, or (with `blocker`) the
              lethal damage it must assign to that blocker first              answer: int
    Verdict   is the split on the board legal?                                answer: bool
    Choice    choose one option, or (`many`) every right one; options may be amounts, splits
              or rules, and `verify` says what the rules core re-derives     answer: id | [ids]
    Split     drag the sliders: a legal split meeting a goal (legal, exact, most; with
              `lethal`, exactly those blockers assigned lethal damage)     answer: {a: {r: n}}

Lesson steps (schema.Practice/Predict/Choice/Legal `.as_question()`), bank and own questions and
generated ones (`kind_of(question)`) all become one of these. Each kind has

    read(form)        the answer from submitted fields, or AnswerError(code, **params)
    blank(form)       nothing answered yet (Next and Back move on without storing anything)
    grade(answer)     Graded: right or wrong, the facts the feedback names and the rules core's
                      problems (codes, rules, params) - never a sentence; AnswerError("stale")
                      for an answer of another shape (stored before the question changed)
    key_problems()    [] when the rules core agrees with every stored fact, else one sentence
                      per disagreement for the author (`trample lessons check`, quiz imports)

Nothing here decides a rule: the core (check, analyze, blocker_status) does. Words are chosen by
the pages, in the reader's language, from the codes and facts. Slider and amount fields are
read by the one reader, `webapp.content.fields`. Pure: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..rules import BoardError, analyze, blocker_status, check, fit
from . import fields  # the one reader of amounts and slider fields

# A goal with `lethal` is checked by trying every split of its one attacker; past this many
# splits the board is too big for a teaching question.
MAX_SPLITS = 20_000
CHOICE_CHECKS = ("max", "lethal", "only-legal", "only-illegal", "each-legal", "rule")
GOALS = ("legal", "exact", "most")


class AnswerError(ValueError):
    """An answer that can't be read or graded. `code` is stable (the pages word it); `params`
    fill the words; `split` is what the readable slider fields said, to show them again."""

    def __init__(self, code: str, split: dict | None = None, **params):
        super().__init__(code)
        self.code = code
        self.params = params
        self.split = split


@dataclass(frozen=True)
class Graded:
    """A graded answer. `reason`: met | wrong | illegal | wrong_amount | not_most | wrong_lethal
    | fixed_changed | bad_input. `facts`: the numbers and ids the feedback names (said, answer,
    creature, recipient, has, wants, chosen, right, legal, rule...). `check`: the rules core's
    verdict on the split graded or judged, when there is one; `problems` are its problems."""

    correct: bool
    answer: Any
    reason: str
    facts: dict = field(default_factory=dict)
    check: dict | None = None

    @property
    def problems(self) -> list[dict]:
        return list(self.check["problems"]) if self.check else []


# --- what the core says ------------------------------------------------------------------------


def max_to(board: dict, creature: str, recipient: str = "player") -> int:
    """The most `creature` can legally assign to `recipient` on `board` (0 if it never can)."""
    info = analyze(board)["creatures"].get(creature)
    if info is None:
        raise BoardError("creature", f"{creature!r} is not a creature on this board")
    return info["recipients"].get(recipient, {}).get("max", 0)


def lethal_for(board: dict, creature: str, blocker: str) -> int:
    """The lethal damage `creature` must assign to `blocker` (702.19b, deathtouch included)."""
    info = analyze(board)["creatures"].get(creature)
    if info is None or blocker not in info["lethal"]:
        raise BoardError("blocker", f"{blocker!r} is not blocking {creature!r} on this board")
    return info["lethal"][blocker]


def said(result: dict) -> str:
    """The core's problems, for an author (the CLI): "702.19b <message>; ..."."""
    return "; ".join(f"{p['rule']} {p['message']}" for p in result["problems"]) or "no problems"


def _lethal_set(board: dict, split: dict) -> set[str]:
    return {b for b, s in blocker_status(board, split).items() if s["lethal"]}


def _every(form: Mapping, name: str) -> list:
    """Every value of a field: a MultiDict's list, else the one value a plain mapping has."""
    if hasattr(form, "getlist"):
        return list(form.getlist(name))
    return [form[name]] if name in form else []


def read_amount(raw) -> int:
    """A typed amount: the sliders' policy (webapp.content.fields.amount); AnswerError else."""
    if raw is None or not str(raw).strip():
        raise AnswerError("missing_number")
    try:
        return fields.amount(raw)
    except fields.SliderError as err:
        raise AnswerError(err.code, **err.params) from None


def sliders(board: dict, analysis: dict | None = None) -> dict[str, dict]:
    """attacker id -> {"assigns": damage it assigns, "recipients": [ids in display order]}."""
    analysis = analysis or analyze(board)
    return {cid: {"assigns": max(info["assigns"], 0), "recipients": list(info["recipients"])}
            for cid, info in analysis["creatures"].items() if info["kind"] == "attacker"}


def slider_split(board: dict, form: Mapping, *, fixed: Mapping | None = None,
                 analysis: dict | None = None) -> dict:
    """The split the slider fields of `form` set on `board` (webapp.content.fields): locked sliders
    (`fixed`) keep their value, a missing free slider is 0; AnswerError with what the readable
    fields said for a field that can't be read."""
    known = {cid: info["recipients"] for cid, info in sliders(board, analysis).items()}
    try:
        return fields.read_split(form, known, fixed=fixed or {})
    except fields.SliderError as err:
        raise AnswerError(err.code, split=err.split, **err.params) from None


def _guarded(problems):
    """key_problems: a board or split the core refuses is one problem, not a crash."""
    try:
        return list(problems())
    except BoardError as err:
        return [f"the rules core refused it: {err}"]


# --- the kinds ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Amount:
    board: dict
    creature: str
    answer: int
    recipient: str = "player"
    blocker: str | None = None  # the lethal damage for this blocker, instead of the most
    kind = "amount"

    def read(self, form: Mapping) -> int:
        return read_amount(form.get("amount"))

    def blank(self, form: Mapping) -> bool:
        return not str(form.get("amount") or "").strip()

    def grade(self, answer) -> Graded:
        if isinstance(answer, bool) or not isinstance(answer, int):
            raise AnswerError("stale")
        return Graded(answer == self.answer, answer, "met" if answer == self.answer else "wrong",
                      {"said": answer, "answer": self.answer, "creature": self.creature,
                       "recipient": self.blocker or self.recipient})

    def real(self) -> int:
        """What the core says the answer is."""
        if self.blocker is not None:
            return lethal_for(self.board, self.creature, self.blocker)
        return max_to(self.board, self.creature, self.recipient)

    def key_problems(self) -> list[str]:
        def problems():
            real = self.real()
            if real != self.answer:
                yield f"answer is {self.answer} but the rules core says {real}"
        return _guarded(problems)


@dataclass(frozen=True)
class Verdict:
    board: dict            # without the split judged
    assignment: dict       # the split judged
    legal: bool
    rule: str | None = None  # the rule that decides it, when the question names one
    rules: tuple = ()        # the rules the question cites
    kind = "verdict"

    def read(self, form: Mapping) -> bool:
        verdict = form.get("verdict")
        if not verdict:
            raise AnswerError("missing_verdict")
        if verdict not in ("legal", "illegal"):
            raise AnswerError("unknown_verdict", value=str(verdict)[:20])
        return verdict == "legal"

    def blank(self, form: Mapping) -> bool:
        return not form.get("verdict")

    def judged(self) -> dict:
        """The board with the split judged, as the core reads it."""
        return {**self.board, "assignment": self.assignment}

    def grade(self, answer) -> Graded:
        if not isinstance(answer, bool):
            raise AnswerError("stale")
        try:
            result = check(self.board, self.assignment)
        except BoardError:
            raise AnswerError("stale") from None
        right = answer is self.legal
        return Graded(right, answer, "met" if right else "wrong",
                      {"said": answer, "legal": self.legal, "rule": self.rule}, result)

    def key_problems(self) -> list[str]:
        def problems():
            analyze(self.board)  # parses, and must be small enough to analyze
            result = check(self.board, self.assignment)
            if result["legal"] != self.legal:
                yield f"the key says legal = {str(self.legal).lower()} but check() says " \
                      f"{str(result['legal']).lower()} ({said(result)})"
                return
            cited = {p["rule"] for p in result["problems"]}
            if self.rule is not None and not self.legal and self.rule not in cited:
                yield f"rule {self.rule} is not among the rules check() cites: {sorted(cited)}"
            if self.rule is None and cited - set(self.rules):
                yield f"rules should cite {', '.join(sorted(cited - set(self.rules)))}, the " \
                      f"rules check() names"
        return _guarded(problems)


@dataclass(frozen=True)
class Option:
    id: str
    amount: int | None = None        # a number to choose (check max / lethal)
    assignment: dict | None = None   # a split to judge (only-legal / only-illegal / each-legal)
    rule: str | None = None          # a rule to choose (check rule)


@dataclass(frozen=True)
class Choice:
    options: tuple[Option, ...]
    right: frozenset                 # the right option ids (one, unless `many`)
    many: bool = False
    board: dict | None = None
    shown: dict | None = None        # a split the question shows on its board
    verify: str | None = None        # what the core re-derives (CHOICE_CHECKS), None: nothing
    creature: str | None = None      # check max / lethal: whose damage
    recipient: str = "player"        # check max
    blocker: str | None = None       # check lethal
    kind = "choice"

    def __post_init__(self):
        ids = [o.id for o in self.options]
        if len(set(ids)) != len(ids) or not self.right or not self.right <= set(ids):
            raise ValueError("a choice needs distinct option ids and its right ones among them")
        if not self.many and len(self.right) != 1:
            raise ValueError("a choose-one question has exactly one right option")
        if self.verify is not None and self.verify not in CHOICE_CHECKS:
            raise ValueError(f"verify is one of {', '.join(CHOICE_CHECKS)}")

    def option(self, option_id: str) -> Option | None:
        return next((o for o in self.options if o.id == option_id), None)

    def read(self, form: Mapping):
        if self.many:
            chosen = [str(c).strip() for c in _every(form, "option")]
            if not any(chosen):
                raise AnswerError("missing_options")
            unknown = next((c for c in chosen if self.option(c) is None), None)
            if unknown is not None:
                raise AnswerError("unknown_option", value=unknown[:60])
            return sorted(set(chosen))
        option = str(form.get("option") or "").strip()
        if not option:
            raise AnswerError("missing_option")
        if self.option(option) is None:
            raise AnswerError("unknown_option", value=option[:60])
        return option

    def blank(self, form: Mapping) -> bool:
        return not any(str(c).strip() for c in _every(form, "option"))

    def grade(self, answer) -> Graded:
        chosen = answer if self.many else [answer]
        if not isinstance(chosen, list) or not chosen or \
                any(not isinstance(c, str) or self.option(c) is None for c in chosen):
            raise AnswerError("stale")
        right = set(chosen) == self.right
        ids = sorted(self.right)
        return Graded(right, answer, "met" if right else "wrong",
                      {"chosen": answer, "right": ids if self.many else ids[0]})

    def key_problems(self) -> list[str]:
        return _guarded(self._problems)

    def _problems(self):
        if self.board is not None:
            analyze(self.board)  # parses, and must be small enough to analyze
        if self.shown is not None and self.verify != "rule":  # a split shown as an example
            result = check(self.board, self.shown)
            if not result["legal"]:
                yield f"the split shown is illegal: {said(result)}"
        if self.verify is None:
            return
        if self.verify in ("max", "lethal"):
            real = max_to(self.board, self.creature, self.recipient) if self.verify == "max" \
                else lethal_for(self.board, self.creature, self.blocker)
            for o in self.options:
                if o.id in self.right and o.amount != real:
                    yield f"option '{o.id}' says {o.amount} but the rules core says {real}"
            return
        if self.verify == "rule":
            yield from self._rule_problems()
            return
        for o in self.options:  # only-legal, only-illegal, each-legal: each split judged
            legal = check(self.board, o.assignment)["legal"]
            keyed = o.id in self.right
            want = keyed if self.verify == "each-legal" else \
                (keyed if self.verify == "only-legal" else not keyed)
            if legal != want:
                yield f"option '{o.id}' is keyed {'right' if keyed else 'wrong'} but check() " \
                      f"finds it {'legal' if legal else 'illegal'}"

    def _rule_problems(self):
        result = check(self.board, self.shown)
        if result["legal"]:
            yield "the split is legal, so no rule makes it illegal"
            return
        deciding = {p["rule"] for p in result["problems"]}
        for o in self.options:
            if o.id in self.right and o.rule not in deciding:
                yield f"option '{o.id}' (rule {o.rule}) is keyed right, but check() cites " \
                      f"{', '.join(sorted(deciding))}"
            if o.id not in self.right and o.rule in deciding:
                yield f"option '{o.id}' (rule {o.rule}) also decides it: the question is " \
                      f"ambiguous"


@dataclass(frozen=True)
class Split:
    board: dict
    example: dict                    # a split that meets the goal (the key shown)
    goal: str = "legal"              # GOALS
    creature: str | None = None      # exact / most: whose damage
    recipient: str = "player"
    amount: int | None = None        # exact: how much
    lethal: tuple | None = None      # exactly these blockers assigned lethal damage
    fixed: dict = field(default_factory=dict)  # locked sliders: {attacker: {recipient: n}}
    kind = "split"

    def __post_init__(self):
        if self.goal not in GOALS:
            raise ValueError(f"goal is one of {', '.join(GOALS)}")
        if self.goal != "legal" and self.creature is None:
            raise ValueError(f"a '{self.goal}' goal names its creature")
        if (self.goal == "exact") != (self.amount is not None):
            raise ValueError("an 'exact' goal, and only it, has an amount")

    def read(self, form: Mapping, analysis: dict | None = None) -> dict:
        """The split the sliders show: read by the one reader, then fitted as the sliders behave
        (rules.fit: never more than an attacker has left), so every surface grades what the
        learner saw, a form posted by hand included. Every free slider at 0 on a split that
        isn't legal is no answer yet ("missing_damage", as an empty number field is): pressing
        Check on an untouched board must not spend the learner's first answer."""
        split = fit(self.board, self.sliders(form, analysis), self.fixed)
        free = [n for cid, row in split.items() for r, n in row.items()
                if r not in self.fixed.get(cid, {})]
        legal = bool(check({**self.board, "assignment": split}).get("legal"))
        if fields.untouched(free, legal):
            raise AnswerError("missing_damage", split=split)
        return split

    def sliders(self, form: Mapping, analysis: dict | None = None) -> dict:
        """What the sliders show, untouched or not (a −/+ step, a preview): AnswerError only for a
        field that can't be read."""
        return slider_split(self.board, form, fixed=self.fixed, analysis=analysis)

    def blank(self, form: Mapping) -> bool:
        """No slider moved; fields that can't be read are not nothing (they get their message)."""
        try:
            split = self.sliders(form)
        except AnswerError:
            return False
        return not any(v for row in split.values() for v in row.values())

    def target(self) -> int | None:
        """What the goal asks `creature` to send to `recipient`: the exact amount, the most any
        legal split allows (the fixed sliders aside), or - with `lethal` - the most among legal
        splits that assign lethal damage to exactly those blockers (None if none can). None for
        a `legal` goal."""
        if self.goal == "exact":
            return self.amount
        if self.goal == "legal":
            return None
        if self.lethal is None:
            return max_to(self.board, self.creature, self.recipient)
        best = None
        for split in self._every_split():
            whole = {self.creature: split}
            if check(self.board, whole)["legal"] and \
                    _lethal_set(self.board, whole) == set(self.lethal):
                sent = split.get(self.recipient, 0)
                best = sent if best is None else max(best, sent)
        return best

    def _every_split(self):
        """Every way to split the creature's damage among the recipients the core allows it."""
        info = analyze(self.board)["creatures"][self.creature]
        recipients, total = list(info["recipients"]), info["assigns"]
        if not recipients:
            yield {}
            return
        slots = total + len(recipients) - 1
        for count, bars in enumerate(combinations(range(slots), len(recipients) - 1)):
            if count >= MAX_SPLITS:
                raise BoardError("goal", "too many splits to check this goal; use a smaller board")
            edges = (-1, *bars, slots)
            yield {r: edges[i + 1] - edges[i] - 1 for i, r in enumerate(recipients)}

    def grade(self, answer, target: int | None = None) -> Graded:
        """`target`: the goal's amount when the caller has it already (else worked out)."""
        if not isinstance(answer, dict) or not all(isinstance(row, dict) and all(
                isinstance(n, int) and not isinstance(n, bool) for n in row.values())
                for row in answer.values()):
            raise AnswerError("stale")
        for cid, row in self.fixed.items():
            for rid, locked in row.items():
                if answer.get(cid, {}).get(rid) != locked:
                    return Graded(False, answer, "fixed_changed",
                                  {"creature": cid, "recipient": rid, "locked": locked})
        try:
            result = check(self.board, answer)
            lethal = _lethal_set(self.board, answer)
        except BoardError as err:
            return Graded(False, answer, "bad_input", {"field": err.field})
        facts = {}
        if self.creature is not None:
            facts = {"creature": self.creature, "recipient": self.recipient,
                     "has": answer.get(self.creature, {}).get(self.recipient, 0)}
        if not result["legal"]:
            return Graded(False, answer, "illegal", facts, result)
        if self.lethal is not None and lethal != set(self.lethal):
            return Graded(False, answer, "wrong_lethal",
                          {**facts, "lethal": sorted(lethal), "wants_lethal": list(self.lethal)},
                          result)
        if self.goal != "legal":
            want = self.target() if target is None else target
            facts["wants"] = want
            if facts["has"] != want:
                return Graded(False, answer, "not_most" if self.goal == "most" else
                              "wrong_amount", facts, result)
        return Graded(True, answer, "met", facts, result)

    def key_problems(self) -> list[str]:
        return _guarded(self._problems)

    def _problems(self):
        creatures = analyze(self.board)["creatures"]
        attackers = {cid for cid, info in creatures.items() if info["kind"] == "attacker"}
        if self.creature is not None and self.creature not in attackers:
            yield f"the goal's creature '{self.creature}' is not an attacker on the board"
            return
        if self.lethal is not None:
            if len(attackers) != 1:
                yield "a goal with 'lethal' needs a board with one attacker"
                return
            unknown = set(self.lethal) - {b["id"] for b in self.board.get("blockers", [])}
            if unknown:
                yield f"the goal's lethal names {', '.join(sorted(unknown))}, not blockers on " \
                      f"the board"
                return
        sliders = {(a, r) for a in attackers for r in creatures[a]["recipients"]}
        if self.fixed and not sliders - {(a, r) for a, row in self.fixed.items() for r in row}:
            yield "every slider is fixed; leave at least one free"
            return
        target = self.target()
        if self.goal != "legal" and target is None:
            yield "no legal split meets the goal"
            return
        graded = self.grade(self.example, target)
        if graded.correct:
            return
        f = graded.facts
        yield {"fixed_changed": f"the example moves the slider {f.get('creature')} -> "
                                f"{f.get('recipient')}, locked at {f.get('locked')}",
               "bad_input": f"the example names what the board lacks ({f.get('field')})",
               "illegal": f"the example is illegal: {said(graded.check or {'problems': []})}",
               "wrong_lethal": "the example does not assign lethal damage to exactly the "
                               "goal's lethal blockers",
               }.get(graded.reason, f"the example sends {f.get('has')} to {self.recipient}; "
                                    f"the goal asks for {target}")


KINDS = (Amount, Verdict, Choice, Split)
# A quiz question's type (the bank's and the generator's word) -> the name of its kind.
TYPE_KINDS = {"number": Amount.kind, "legal": Verdict.kind, "rule": Choice.kind,
              "one": Choice.kind, "many": Choice.kind, "assign": Split.kind}


def kind_name(question_type: str) -> str:
    """The kind a quiz question's type is ("amount", "verdict", "choice" or "split"): what a
    page branches on to show, read or word an answer (templates: `q.type | kind`)."""
    try:
        return TYPE_KINDS[question_type]
    except KeyError:
        raise ValueError(f"no question type {question_type!r}") from None


def has_sliders(q: Mapping) -> bool:
    """A quiz question answered by dragging the board's sliders (a split): the one place that
    knows which types those are. A replaced question (type "replaced") is no kind: no sliders."""
    return TYPE_KINDS.get(q["type"]) == Split.kind


def beyond_legal(question) -> bool:
    """A split graded against more than legality (exact, most, lethal): its live check then says
    a legal split in neutral words (webapp.live.Live.goal), so the grade is the only red or
    green. Any other kind (or none) is not."""
    return isinstance(question, Split) and question.goal != "legal"


def kind_of(q: Mapping) -> Amount | Verdict | Choice | Split:
    """A quiz question (the shape `questions.resolve` and the generator give: type, board with
    the split judged, answer, verify, goal, example, options) as its kind."""
    kind = kind_name(q["type"])
    board = q.get("board")
    plain = {k: v for k, v in board.items() if k != "assignment"} if board is not None else None
    judged = (board or {}).get("assignment")
    verify = q.get("verify") or {}
    if kind == Amount.kind:
        return Amount(plain, verify["creature"], q["answer"], verify.get("recipient", "player"),
                      verify.get("blocker") if verify.get("kind") == "lethal" else None)
    if kind == Verdict.kind:
        return Verdict(plain, judged, q["answer"], rules=tuple(q.get("rules") or ()))
    if kind == Split.kind:
        goal = q["goal"]
        lethal = goal.get("lethal")
        return Split(plain, q["example"], goal["kind"], goal.get("creature"),
                     goal.get("recipient") or "player", goal.get("amount"),
                     tuple(lethal) if lethal is not None else None)
    answer = q["answer"]
    by_amount = verify.get("kind") in ("max", "lethal")
    # A generated rule question's option id is its rule.
    options = tuple(Option(
        str(o["id"]),
        amount=o.get("amount", int(o["id"]) if by_amount and str(o["id"]).isdigit() else None),
        assignment=o.get("assignment"),
        rule=o.get("rule", o["id"] if q["type"] == "rule" else None))
        for o in q.get("options") or ())
    check_kind = {"rule": "rule", "many": "each-legal"}.get(q["type"], verify.get("kind"))
    return Choice(options, frozenset(answer if isinstance(answer, list) else [answer]),
                  many=q["type"] == "many", board=plain, shown=judged, verify=check_kind,
                  creature=verify.get("creature"), recipient=verify.get("recipient") or "player",
                  blocker=verify.get("blocker"))
