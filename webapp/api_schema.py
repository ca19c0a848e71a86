"""The JSON API's bodies as pydantic models: the API validates every request with them
(`webapp/views/api.py`) and the OpenAPI document is generated from them (`webapp/openapi.py`),
so the document and the server cannot draw different lines.

Their lists and limits are the rules core's own (webapp.rules). The core still parses the board
after them: it says in its own words what is wrong, and it decides what JSON Schema can't (ids
unique, blocked_by naming a blocker on the board, a split a creature could make)."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from .content.generate import MAX_QUESTIONS, MAX_SEED, TIERS, TYPES
from .rules import (ABILITIES, COLORS, DAMAGE_STEPS, ID_PATTERN, LIMITS, MAX_NAME, MAX_NUMBER,
                    MAX_POISON, SIDES, START_LIFE)

# How many ability words and colours a creature may list (the core's own caps).
MAX_ABILITY_WORDS, MAX_COLOR_WORDS = 20, len(COLORS)


def _undocumented_default(schema: dict) -> None:
    """A field that may be left out but has no value to write down (the core works it out)."""
    schema.pop("default", None)


def _number(low: int, **extra) -> Any:
    return Annotated[int, Field(ge=low, le=MAX_NUMBER, **extra)]


def _maybe(**extra) -> Any:
    """An answer field that is there only sometimes."""
    return Field(None, json_schema_extra=_undocumented_default, **extra)


def _unique(values: list) -> list:
    if len(set(values)) != len(values):
        raise ValueError("names the same value twice")
    return values


Id = Annotated[str, Field(pattern=ID_PATTERN)]
Amounts = dict[str, _number(0)]
Assignment = dict[str, Amounts]
Name = Annotated[str, Field(
    default=None, min_length=1, max_length=MAX_NAME, pattern=r"\S",
    description="defaults to the id; not blank", json_schema_extra=_undocumented_default)]


class Request(BaseModel):
    """What a tool sends: JSON types exactly (no "3" for 3, no 1.0), no unknown field."""
    model_config = ConfigDict(strict=True, extra="forbid")


class Creature(Request):
    id: Id
    name: Name
    power: _number(-MAX_NUMBER)
    toughness: _number(1)
    damage: _number(0, description="already marked; below toughness unless indestructible") = 0
    abilities: Annotated[list[Literal[ABILITIES]], Field(max_length=MAX_ABILITY_WORDS)] = []
    colors: Annotated[list[Literal[COLORS]], Field(max_length=MAX_COLOR_WORDS)] = []


class Attacker(Creature):
    attacking: Id = Field("player", description="\"player\" or the id of a planeswalker or battle")
    blocked: bool = Field(None, description="defaults to whether blocked_by is non-empty; true "
                                            "with an empty blocked_by means every blocker left "
                                            "combat (702.19d)",
                          json_schema_extra=_undocumented_default)
    blocked_by: Annotated[list[Id], Field(max_length=LIMITS["blockers"])] = []


class Blocker(Creature):
    pass


def _left_combat_or_counters(key: str) -> dict:
    """JSON Schema for the rule `_counters_left` checks: 0 only once it left combat."""
    return {"if": {"not": {"required": ["removed_from_combat"],
                           "properties": {"removed_from_combat": {"const": True}}}},
            "then": {"properties": {key: {"minimum": 1}}}}


class _InCombat(Request):
    """A planeswalker or battle: its counters now, 0 only once it left combat (put into the
    graveyard in an earlier damage step)."""
    counters: ClassVar[str]
    id: Id
    name: Name
    removed_from_combat: bool = False

    @model_validator(mode="after")
    def _counters_left(self):
        if getattr(self, self.counters) < 1 and not self.removed_from_combat:
            raise ValueError(f"{self.counters}: 0 only for one that left combat")
        return self


class Planeswalker(_InCombat):
    """Loyalty 1-999, or 0 once it left combat (704.5i)."""
    model_config = ConfigDict(json_schema_extra=_left_combat_or_counters("loyalty"))
    counters = "loyalty"
    loyalty: _number(0)


class Battle(_InCombat):
    """Defense 1-999, or 0 once it left combat (704.5v)."""
    model_config = ConfigDict(json_schema_extra=_left_combat_or_counters("defense"))
    counters = "defense"
    defense: _number(0)


class Player(Request):
    """The defending player; resolve reads it (704.5a: 0 life loses; 704.5c: 10 poison counters
    lose)."""
    life: _number(1) = START_LIFE
    poison: Annotated[int, Field(ge=0, le=MAX_POISON)] = 0


class Board(Request):
    __doc__ = ("One combat damage step at the moment damage is assigned. Limits: "
               + ", ".join(f"{n} {kind}" for kind, n in LIMITS.items()) + ".")
    attackers: Annotated[list[Attacker], Field(min_length=1, max_length=LIMITS["attackers"])]
    blockers: Annotated[list[Blocker], Field(max_length=LIMITS["blockers"])] = []
    planeswalkers: Annotated[list[Planeswalker], Field(max_length=LIMITS["planeswalkers"])] = []
    battles: Annotated[list[Battle], Field(max_length=LIMITS["battles"])] = []
    assignment: Assignment | None = Field(
        None, description="creature id -> {recipient id or \"player\": amount}; check needs it, "
                          "analyze ignores it, resolve deals it")
    player: Player = Field(default_factory=Player)
    damage_step: Literal[DAMAGE_STEPS] | None = Field(
        None, description="510.4: first = only first/double strikers deal damage; second = "
                          "double strikers and creatures without first strike; absent or null = "
                          "every creature deals damage")
    defending_player_assigns: bool = Field(
        False, description="the defending player assigns the combat damage of each creature "
                           "attacking them, not their planeswalkers or battles (Defensive "
                           "Formation); the usual rules for a split still hold")
    lethal_by_power: Annotated[list[Literal[SIDES]], AfterValidator(_unique), Field(
        max_length=len(SIDES), json_schema_extra={"uniqueItems": True},
        description="whose creatures have lethal damage measured by power, not toughness "
                    "(Zilortha, Strength Incarnate: \"creatures you control\"); a creature with "
                    "power 0 or less needs 1")] = []


class ResolveRequest(Board):
    """A board, and the split of its second damage step (first or double strike)."""
    second: Assignment | None = Field(
        None, description="the second damage step's split (first or double strike); absent or "
                          "null: a default one")


class GenerateQuery(Request):
    """/api/quiz/generate's query (each value a whole number in the address)."""
    tier: Literal[TIERS] = Field(
        description="1: one or two blockers, marked damage, deathtouch, protection; 2: shared "
                    "blockers, first/double strike, blockers removed; 3: planeswalkers, battles, "
                    "deathtouch on an already lethal blocker")
    n: Annotated[int, Field(ge=1, le=MAX_QUESTIONS)] = Field(10, description="how many questions")
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)] = Field(
        0, description="the same seed gives the same questions")


# --- what the API answers (documented; schemathesis checks the answers against them) ------------


class Problem(BaseModel):
    code: str = Field(description="stable snake_case mistake code")
    rule: str = Field(examples=["702.19b"])
    creature: str
    recipient: str | None = None
    params: dict[str, Any] = _maybe(
        description="names and numbers to translate the message from")
    message: str = Field(description="one English sentence")


class CheckResult(BaseModel):
    legal: bool
    problems: list[Problem]


class Reach(BaseModel):
    min: int
    max: int


class CreatureAnalysis(BaseModel):
    kind: Literal["attacker", "blocker"] = _maybe()
    power: int = _maybe()
    assigns: int = _maybe()
    lethal: dict[str, int] = _maybe()
    lethal_detail: dict[str, Any] = _maybe()
    recipients: dict[str, Reach] = _maybe()
    gated: dict[str, Any] = _maybe()
    chooser: str = _maybe()
    chooser_rule: str | None = None
    reach: dict[str, Any] = _maybe()
    closed: dict[str, Any] = _maybe()
    nothing_rule: str | None = None


class AnalyzeResult(BaseModel):
    creatures: dict[str, CreatureAnalysis]
    legal_assignments: int
    best: dict[str, dict[str, int]] = _maybe()


class Dealt(BaseModel):
    source: str
    recipient: str
    assigned: int
    dealt: int
    prevented_rule: str | None
    effect: Literal["life_lost", "poison_counters", "loyalty_lost", "defense_lost",
                    "minus_counters", "damage_marked"] | None
    rule: str | None
    deathtouch: bool
    lifelink: bool


class Cause(BaseModel):
    code: Literal["zero_toughness", "lethal_damage", "deathtouch"]
    rule: str


class CreatureAfter(BaseModel):
    damage: int
    minus_counters: int
    power: int
    toughness: int
    dies: bool
    causes: list[Cause]
    indestructible_rule: str | None = None


class Counters(BaseModel):
    """Loyalty (120.3c, 704.5i) or defense (120.3h, 704.5v) after the step."""
    dealt: int
    lost: int
    left: int
    dies: bool
    rule: str | None


class PlayerAfter(BaseModel):
    life: int
    poison: int
    loses: bool
    life_lost: int = _maybe()
    life_gained: int = _maybe()
    poison_added: int = _maybe()
    losses: list[dict[str, Any]] = _maybe()


class AttackingPlayer(BaseModel):
    life_gained: int = _maybe()


class Step(BaseModel):
    step: Literal["first", "second", "only"]
    rule: str
    board: Board
    assignment: Assignment
    dealt: list[Dealt]
    creatures: dict[str, CreatureAfter]
    planeswalkers: dict[str, Counters]
    battles: dict[str, Counters]
    player: PlayerAfter
    attacking_player: AttackingPlayer
    graveyard: list[str]


class Skipped(BaseModel):
    code: Literal["player_lost", "no_attackers"]
    rule: str = _maybe()


class ResolveResult(BaseModel):
    legal: bool
    problems: list[Problem]
    failed_step: Literal["first", "second", "only"] | None
    skipped: Skipped | None
    steps: Annotated[list[Step], Field(max_length=2)]


class Option(BaseModel):
    id: str
    text: str
    assignment: dict[str, Any] = _maybe(description="many: the split")


class Question(BaseModel):
    id: str = Field(description="stable for a tier, seed and position")
    tier: Literal[TIERS]
    type: Literal[TYPES]
    prompt: str = Field(description="exam wording; every number stated")
    board: Board
    answer: Any = Field(description="number: the most (integer); legal: true/false; rule and "
                                    "one: an option id; many: option ids; assign: the most that "
                                    "can reach the target (grade a split with /api/check)")
    options: list[Option] = _maybe()
    rules: list[str]
    explanation: str
    goal: dict[str, Any] = _maybe(description="assign: what the split must achieve")
    example: dict[str, Any] = _maybe(description="assign: one split that achieves it")


class Questions(BaseModel):
    questions: list[Question]


class Error(BaseModel):
    error: str = Field(description="starts with the bad field")
    field: str | None = None
