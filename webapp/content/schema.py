"""Strict schemas for the lesson files: `catalogue.toml` and each lesson's `lesson.toml`.

Every model forbids unknown fields (`extra="forbid"`), so a typo in a field name is an error that
names the file and field instead of being silently ignored. Boards stay plain dicts here: the rules
core (`webapp.rules.parse_board`) is the one judge of a board, and the loader asks it.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, StringConstraints, model_validator

from . import kinds

# Lesson, step and option ids are the stable public names of content (progress rows point at them).
Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=60)]
# Creature/planeswalker/battle ids inside a board, and "player" (rules-api.md).
ThingId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,40}$")]
# A Comprehensive Rules number: 702, 702.19, 702.19b.
RuleNumber = Annotated[str, StringConstraints(pattern=r"^\d{3}(\.\d+[a-z]?)?$")]
Amount = Annotated[int, Field(ge=0, le=999)]
Assignment = dict[ThingId, dict[ThingId, Amount]]

STEP_TYPES = ("explain", "worked", "practice", "predict", "choice", "legal")
INTERACTIVE_TYPES = ("worked", "practice")
QUESTION_TYPES = ("predict", "choice", "legal")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- catalogue.toml -------------------------------------------------------------------------------


class CatalogueEntry(Strict):
    id: Slug
    prerequisites: tuple[Slug, ...] = ()
    # What endless practice exercises (webapp.content.practice.IDEAS); empty: read from its boards.
    practice: tuple[str, ...] = ()


class CatalogueFile(Strict):
    schema_version: Literal[1]
    lessons: tuple[CatalogueEntry, ...] = Field(min_length=1)


# --- goals of practice steps ----------------------------------------------------------------------


class GoalLegal(Strict):
    """Any legal assignment of the whole board."""

    kind: Literal["legal"]


class GoalExact(Strict):
    """A legal assignment in which `creature` assigns exactly `amount` to `recipient`."""

    kind: Literal["exact"]
    creature: ThingId
    recipient: ThingId = "player"
    amount: Amount


class GoalMost(Strict):
    """A legal assignment in which `creature` assigns to `recipient` the most any legal assignment
    of this board can (analyze()'s max, ignoring the step's fixed sliders)."""

    kind: Literal["most"]
    creature: ThingId
    recipient: ThingId = "player"


Goal = Annotated[Union[GoalLegal, GoalExact, GoalMost], Field(discriminator="kind")]


# --- machine-checkable claims of choice steps -----------------------------------------------------


class VerifyMax(Strict):
    """Options carry `amount`; the correct one equals analyze()'s max for creature -> recipient."""

    kind: Literal["max"]
    creature: ThingId
    recipient: ThingId = "player"


class VerifyLethal(Strict):
    """Options carry `amount`; the correct one equals analyze()'s lethal for creature -> blocker."""

    kind: Literal["lethal"]
    creature: ThingId
    blocker: ThingId


class VerifyOnlyLegal(Strict):
    """Options carry `assignment`; check() finds the correct one legal and every other illegal."""

    kind: Literal["only-legal"]


class VerifyOnlyIllegal(Strict):
    """Options carry `assignment`; check() finds the correct one illegal and every other legal."""

    kind: Literal["only-illegal"]


Verify = Annotated[Union[VerifyMax, VerifyLethal, VerifyOnlyLegal, VerifyOnlyIllegal],
                   Field(discriminator="kind")]


class Option(Strict):
    id: Slug
    correct: bool = False
    amount: Amount | None = None
    assignment: Assignment | None = None


# --- steps ----------------------------------------------------------------------------------------


class StepBase(Strict):
    id: Slug
    rules: tuple[RuleNumber, ...] = ()

    # Set by the loader: the lesson this step belongs to (for texts and boards).
    _lesson: Any = PrivateAttr(default=None)

    @property
    def lesson(self):
        return self._lesson

    @property
    def interactive(self) -> bool:
        return self.type in INTERACTIVE_TYPES

    @property
    def question(self) -> bool:
        return self.type in QUESTION_TYPES

    def text(self, lang: str = "en", part: str | None = None):
        """The step's Markdown for `part` (None = the main text) in `lang`, English fallback."""
        return self._lesson.text(self.id if part is None else f"{self.id}.{part}", lang)

    # The kind of question the step asks (webapp.content.kinds: what a page's inputs and
    # feedback branch on), None for a step that asks nothing.
    kind: ClassVar[str | None] = None
    # Its board has sliders the learner moves: a practice split, or a prediction's board, tried
    # once the learner has answered (`tried_after_answer`: the answer's feedback brings it).
    moves_sliders: ClassVar[bool] = False
    tried_after_answer: ClassVar[bool] = False

    @property
    def answered_blocks(self) -> list[str]:
        """The step page's blocks an answer (htmx) brings back: its feedback, and a prediction's
        board to try it on."""
        return ["feedback", "try_board"] if self.tried_after_answer else ["feedback"]

    def as_question(self):
        """The step as a question (webapp.content.kinds), None for a step that asks nothing."""
        return None

    def text_keys(self) -> tuple[list[str], list[str]]:
        """(required, optional) Markdown section keys of the step; see lessons/README.md."""
        return [self.id, f"{self.id}.why"], [f"{self.id}.hint"]  # a question's: its why, a hint

    def board_data(self) -> dict | None:
        """A fresh copy of the step's board in the DESIGN.md shape (no assignment), or None."""
        name = getattr(self, "board", None)
        return None if name is None else self._lesson.board(name)


class Explain(StepBase):
    type: Literal["explain"]
    rules: tuple[RuleNumber, ...] = Field(min_length=1)

    def text_keys(self) -> tuple[list[str], list[str]]:
        return [self.id], []


class Worked(StepBase):
    type: Literal["worked"]
    board: Slug
    assignment: Assignment

    def text_keys(self) -> tuple[list[str], list[str]]:
        """Its text and a note per slider of the worked split."""
        return [self.id, *(f"{self.id}.{c}.{r}" for c, split in self.assignment.items()
                           for r in split)], []

    def note(self, creature: str, recipient: str, lang: str = "en"):
        """Why the worked split gives `recipient` what it does (one per slider)."""
        return self.text(lang, f"{creature}.{recipient}")

    def board_with_assignment(self) -> dict:
        return {**self.board_data(), "assignment": self.assignment}


class Practice(StepBase):
    type: Literal["practice"]
    kind: ClassVar[str] = kinds.Split.kind
    moves_sliders: ClassVar[bool] = True
    board: Slug
    fixed: Assignment = {}
    goal: Goal
    solution: Assignment
    # False where the board can't state its combat exactly enough to be dealt (a creature that
    # gained first strike after the first-strike step still deals damage, 702.7c; the board
    # format has no field for it): a right answer's feedback then shows no play-out.
    play_out: bool = True

    def text_keys(self) -> tuple[list[str], list[str]]:
        return [self.id, f"{self.id}.hint", f"{self.id}.why"], []  # a hint it always has

    def as_question(self) -> kinds.Split:
        goal = self.goal
        return kinds.Split(self.board_data(), self.solution, goal.kind,
                           getattr(goal, "creature", None), getattr(goal, "recipient", "player"),
                           getattr(goal, "amount", None), fixed=self.fixed)


class Predict(StepBase):
    type: Literal["predict"]
    kind: ClassVar[str] = kinds.Amount.kind
    moves_sliders: ClassVar[bool] = True
    tried_after_answer: ClassVar[bool] = True
    board: Slug
    creature: ThingId
    recipient: ThingId = "player"
    answer: Amount

    def as_question(self) -> kinds.Amount:
        return kinds.Amount(self.board_data(), self.creature, self.answer, self.recipient)


class Choice(StepBase):
    type: Literal["choice"]
    kind: ClassVar[str] = kinds.Choice.kind
    board: Slug | None = None
    assignment: Assignment | None = None
    verify: Verify | None = None
    options: tuple[Option, ...] = Field(min_length=2, max_length=6)

    def text_keys(self) -> tuple[list[str], list[str]]:
        """Its text, and each option's text and why."""
        keys = [self.id]
        for o in self.options:
            keys += [f"{self.id}.{o.id}", f"{self.id}.{o.id}.why"]
        return keys, [f"{self.id}.hint"]

    @model_validator(mode="after")
    def _options_make_sense(self) -> "Choice":
        ids = [o.id for o in self.options]
        if len(set(ids)) != len(ids):
            raise ValueError("option ids must be unique")
        if sum(o.correct for o in self.options) != 1:
            raise ValueError("exactly one option must have correct = true")
        if self.assignment is not None and self.board is None:
            raise ValueError("an assignment needs a board")
        kind = self.verify.kind if self.verify else None
        if kind in ("max", "lethal"):
            amounts = [o.amount for o in self.options]
            if None in amounts or len(set(amounts)) != len(amounts):
                raise ValueError(f"verify '{kind}' needs a different amount on every option")
        if kind in ("only-legal", "only-illegal"):
            if any(o.assignment is None for o in self.options):
                raise ValueError(f"verify '{kind}' needs an assignment on every option")
        if kind and self.board is None:
            raise ValueError("verify needs a board")
        return self

    @property
    def correct_option(self) -> Option:
        return next(o for o in self.options if o.correct)

    def as_question(self) -> kinds.Choice:
        v = self.verify
        return kinds.Choice(
            tuple(kinds.Option(o.id, amount=o.amount, assignment=o.assignment)
                  for o in self.options),
            frozenset({self.correct_option.id}), board=self.board_data(),
            shown=self.assignment, verify=v.kind if v else None,
            creature=getattr(v, "creature", None), recipient=getattr(v, "recipient", "player"),
            blocker=getattr(v, "blocker", None))

    def option(self, option_id: str) -> Option | None:
        return next((o for o in self.options if o.id == option_id), None)

    def option_text(self, option_id: str, lang: str = "en"):
        return self.text(lang, option_id)

    def rationale(self, option_id: str, lang: str = "en"):
        return self.text(lang, f"{option_id}.why")


class Legal(StepBase):
    type: Literal["legal"]
    kind: ClassVar[str] = kinds.Verdict.kind
    board: Slug
    assignment: Assignment
    legal: bool
    rule: RuleNumber

    def as_question(self) -> kinds.Verdict:
        return kinds.Verdict(self.board_data(), self.assignment, self.legal, rule=self.rule,
                             rules=self.rules)

    def board_with_assignment(self) -> dict:
        return {**self.board_data(), "assignment": self.assignment}


Step = Annotated[Union[Explain, Worked, Practice, Predict, Choice, Legal],
                 Field(discriminator="type")]


class LessonFile(Strict):
    id: Slug
    rules: tuple[RuleNumber, ...] = Field(min_length=1)
    boards: dict[Slug, dict[str, Any]] = {}
    steps: tuple[Step, ...] = Field(min_length=1)
