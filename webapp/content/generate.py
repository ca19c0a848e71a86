"""Generated quiz questions: fresh boards for a tier from a seed, keyed and explained by the rules core.

    generate(tier=1, n=10, seed=7) -> [question, ...]      same seed, same questions, any machine
    question_at(tier=1, seed=7, position=3)                 the third of them, made on its own

A question is a plain dict (the API's shape): id, tier, type, prompt, board (the rules-core
contract; a `legal` or `rule` question's board carries the assignment being judged), answer, rules,
explanation, and `options` for the choice types. Types:
    number  the most one attacker can assign to what it attacks (an integer)
    legal   is the split on the board legal (true/false)
    rule    which rule decides that the split on the board is illegal (an option id)
    one     how much lethal damage a blocker needs (an option id; distractors are the misreadings
            the lessons warn about)
    many    which of these splits are legal, select all that apply (option ids)
    assign  split the damage so the most reaches what the attacker attacks (`answer` is the most;
            a split is graded by the core: legal and sending that much)
Every key comes from `analyze` or `check`; a board whose answer a person could read two ways is
never emitted (e.g. a `rule` question whose split breaks two rules), nor a question whose premise
is false on its board (a `one` question about a recipient it can never reach, or a blocker another
attacker shares). Pure: no Flask, no database.

Boards draw their creatures, planeswalkers and battles from the card catalogue
(lessons/cards.toml): a real card with its printed numbers, what the board adds said in its name
("with a +1/+1 counter", "(can block an additional creature)"), or a token.

Facts: `number` and `assign` questions ask about what the attacker can reach (`verify`/`goal`
name the recipient: the player, a planeswalker's controller with trample over planeswalkers, else
the planeswalker or battle itself) and carry `facts` (assigns, each blocker's lethal damage,
others' damage on a shared blocker, loyalty, most) that sum to the key. Rules cited are those the
core names for the board (analyze's `reach`/`closed`/`nothing_rule`, check's problems, plus 702.2c
and 120.6 where deathtouch or marked damage decide lethal damage), each said in the explanation.

Words: every sentence goes through `_()` (Babel extracts it into the app's catalogs); English unless
the caller passes a `translate` function (the web layer passes gettext for the page's language).
Facts the pages word already are worded as they do: lethal damage by rules.messages.lethal_words
(i18n.lethal_note), rules by their notes in lessons/rules.toml (in `translated(..., lang)`'s
language), splits with the split_list macro's words. Boards, keys and option ids are the same in
every language.

Version: saved quizzes, attempts and classes store a generated question as a reference
{"gen": [tier, seed, position], "v": GENERATOR_VERSION} and rebuild it here whenever it is shown or
graded. Whoever changes what a seed produces (a board, a prompt, a key, an option) bumps
GENERATOR_VERSION in the same commit (tests/unit/content/test_generator_version.py pins a few
seeds and fails otherwise): answers given to the old version are then kept as recorded and shown
as replaced, never paired with the new board (content/questions.py `resolve`).
"""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from babel.lists import format_list

from .. import paths
from ..rules import MAX_NAME, analyze, check, lethal_damage, parse_board
from ..rules.messages import ABILITY_LABELS, board_labels, lethal_words, sentence
from .cards import default_cards
from .kinds import AnswerError, kind_of

_translate: ContextVar[Callable[[str], str]] = ContextVar("translate", default=str)
_lang: ContextVar[str] = ContextVar("lang", default="en")  # which rule notes explanations quote
# How a board's names are said: a card name stays English, but what the board adds to it ("with a
# +1/+1 counter", "(protection from green)") is said in the reader's language (webapp.names).
_shown_name: ContextVar[Callable[[str], str]] = ContextVar("shown_name", default=str)
# The sentence params that are a board's names: the generator's own, and the core's "*_name".
NAME_PARAMS = ("name", "attacker", "blocker")


class _Params(dict):
    def __missing__(self, key):  # a param a translation names but the sentence lacks
        return "?"


def _(text: str, **params) -> str:
    """A sentence in the language asked for (English by default), filled with its params."""
    text = _translate.get()(text)
    if not params:
        return text
    shown = _shown_name.get()
    return text % _Params({k: shown(v) if k in NAME_PARAMS or k.endswith("_name") else v
                           for k, v in params.items()})


def translating() -> bool:
    """Whether the words made now are translated (inside `translated` with a translate function)."""
    return _translate.get() is not str


@contextmanager
def translated(translate: Callable[[str], str] | None, lang: str | None = None,
               names: Callable[[str], str] | None = None) -> Iterator[None]:
    """Word the questions made inside with `translate` (e.g. flask_babel.gettext), the rule
    notes of `lang` and a board's names with `names` (webapp.names.shown_name); None keeps the
    wording already chosen (English unless an outer block chose another)."""
    token = _translate.set(translate or _translate.get())
    lang_token = _lang.set(lang or ("en" if translate is str else _lang.get()))
    names_token = _shown_name.set(names or (str if translate is str else _shown_name.get()))
    try:
        yield
    finally:
        _shown_name.reset(names_token)
        _lang.reset(lang_token)
        _translate.reset(token)

TIERS = (1, 2, 3)
# What a seed produces. 1: the generator before real cards (references saved without "v");
# 2: boards from the card catalogue, premises checked true; 3: two attackers sharing a blocker
# never mix first or double strike with neither (510.4). Bump on any change to what a seed asks
# (the board, the key, the options, what the prompt asks about): a saved answer must never be
# paired with another question. Wording alone needs no bump: it is chosen when a question is
# shown, in the reader's language, so a saved answer is already shown under newer words.
GENERATOR_VERSION = 3
TYPES = ("number", "legal", "rule", "one", "many", "assign")
MAX_QUESTIONS = 50
MAX_SEED = 2**32 - 1
# Rules a `rule` question may offer: the deciding rule is always among them.
RULE_CHOICES = ("510.1a", "510.1b", "510.1c", "702.19b", "702.19c", "702.19d", "702.19e",
                "702.19f", "702.22j")
# Offered as a wrong answer, these would also be right: 702.19c and 702.19e apply 702.19b's
# requirement on the way to a planeswalker's controller.
ALSO_GOVERNS = {"702.19c": {"702.19b"}, "702.19e": {"702.19b"}}


class GenerateError(ValueError):
    """A request the generator can't serve (tier, count or seed out of range)."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field


def generate(tier: int, n: int, seed: int) -> list[dict]:
    check_request(tier, n, seed)
    return [question_at(tier, seed, position) for position in range(1, n + 1)]


def check_request(tier: int, n: int, seed: int) -> None:
    """A GenerateError, in the generator's words, for a tier, count or seed it can't serve."""
    if tier not in TIERS:
        raise GenerateError("tier", f"must be one of {', '.join(map(str, TIERS))}")
    if not 1 <= n <= MAX_QUESTIONS:
        raise GenerateError("n", f"must be between 1 and {MAX_QUESTIONS}")
    if not 0 <= seed <= MAX_SEED:
        raise GenerateError("seed", f"must be between 0 and {MAX_SEED}")


def question_at(tier: int, seed: int, position: int,
                translate: Callable[[str], str] | None = None) -> dict:
    """Question `position` (from 1) of generate(tier, n, seed), made on its own: a quiz page needs
    one question, not all before it. A str seed hashes the same on every machine. `translate`
    words it in another language (the same board, key and options)."""
    rng = random.Random(f"trample-quiz/{tier}/{seed}/{position}")
    kind = TYPES[(position - 1) % len(TYPES)]  # every type, in turn
    with translated(translate):
        for _attempt in range(50):  # some boards can't carry some types unambiguously: draw again
            question = MAKERS[kind](rng.choice(SCENARIOS[tier])(rng), rng)
            if question is not None:
                break
        else:  # never seen: every tier has boards that carry every type
            question = MAKERS["number"](rng.choice(SCENARIOS[tier])(rng), rng)
    question.update(id=f"gen-t{tier}-s{seed}-{position}", tier=tier)
    return question


# --- boards: each scenario draws one board of its tier, from the card catalogue ---------------
# A real card shows its printed numbers; what a board adds (counters, equipment, an effect's
# ability) is said in its name, as lessons/cards.toml spells it.

_COUNTER_WORDS = {"deathtouch": "a deathtouch counter", "double_strike": "a double strike counter",
                  "first_strike": "a first strike counter", "trample": "a trample counter",
                  "indestructible": "an indestructible counter", "lifelink": "a lifelink counter"}
_BLOCKER_WORDS = {"can_block_additional", "indestructible", "deathtouch", "lifelink",
                  *(f"protection_from_{c}" for c in ("white", "blue", "black", "red", "green"))}


def _pool(*, trample: bool | None, power: tuple[int, int] = (0, 99),
          words: set[str] | None = None) -> tuple:
    """The real cards and tokens a generated board may draw from: trampling or not, with power
    in `power` and only abilities among `words`, in the catalogue's order."""
    cards = default_cards()
    out = []
    for card in (*cards.modelled(), *cards.tokens):
        if card.may_show:  # its printed text shows only on some boards (protection from
            continue       # monocolored): never drawn, so no board leaves it out
        tramples = bool({"trample", "trample_over_planeswalkers"} & set(card.abilities))
        if trample is not None and tramples != trample:
            continue
        if not power[0] <= card.power <= power[1]:
            continue
        if words is not None and not set(card.abilities) <= words:
            continue
        out.append(card)
    return tuple(out)


def _shown(card, *, plus: int = 0, adds: tuple[str, ...] = (), effect: str | None = None,
           minus: int = 0) -> dict:
    """A card as a board shows it, with +1/+1 (or `minus` -1/-1) counters and keyword counters
    said in its name; `effect` is an ability an effect granted, said in brackets."""
    facts = card.facts()
    said = []
    if plus:
        said.append("a +1/+1 counter" if plus == 1 else f"{plus} +1/+1 counters")
        facts["power"] += plus
        facts["toughness"] += plus
    if minus:
        said.append("a -1/-1 counter" if minus == 1 else f"{minus} -1/-1 counters")
        facts["power"] = max(0, facts["power"] - minus)
        facts["toughness"] -= minus
    for word in adds:
        if word not in facts["abilities"]:
            said.append(_COUNTER_WORDS[word])
            facts["abilities"].append(word)
    name = card.name
    if said and not card.name.endswith(" token"):
        name = f"{name} with {' and '.join(said)}"
    elif said:  # a token is whatever made it says: no counters needed
        name = card.name
    if effect and effect not in facts["abilities"]:
        name = f"{name} ({ABILITY_LABELS[effect].lower()})"
        facts["abilities"].append(effect)
    facts["name"] = name
    return facts


def make_blockers(rng: random.Random, count: int, *, marked: bool = False,
                  abilities: tuple[str, ...] = (), always: bool = False) -> list[dict]:
    """`count` different blockers (real cards or tokens, as printed); with `abilities`, some
    (`always`: each) get one of them, as a counter or from an effect, said in the name."""
    cards = rng.sample(_pool(trample=False, power=(0, 4), words=_BLOCKER_WORDS - {
        "can_block_additional"}), count)
    out = []
    for i, card in enumerate(cards):
        blocker = {"id": f"b{i + 1}", **_shown(card), "damage": 0}
        if abilities and (always or rng.random() < 0.5):
            word = rng.choice(abilities)  # a keyword counter if there is one, else an effect
            counter = word in _COUNTER_WORDS
            shown = _shown(card, adds=(word,) if counter else (), effect=None if counter else word)
            blocker = {"id": f"b{i + 1}", **shown, "damage": 0}
        toughness = blocker["toughness"]
        if marked and toughness > 1 and rng.random() < 0.6:
            blocker["damage"] = rng.randint(1, toughness - 1)
        out.append(blocker)
    return out


def make_trampler(rng: random.Random, blockers: list[dict], *,
                  power: tuple[int, int] = (4, 9),
                  abilities: tuple[str, ...] = ("trample",), attacking: str = "player",
                  aid: str = "a1", avoid: tuple[str, ...] = (), strike: bool = True) -> dict:
    """An attacker with `abilities`: a real card (or token) with that kind of trample printed, or
    without trample when `abilities` has none; other abilities (deathtouch, double strike) as
    keyword counters said in its name. Its power falls in `power`, with +1/+1 counters now and
    then. `strike=False`: never a card with first or double strike printed (two attackers that
    assign in one step must deal damage in the same step, 510.4)."""
    kind = next((w for w in ("trample_over_planeswalkers", "trample") if w in abilities), None)
    # printed power 1 or more: no wall (defender, which the board format can't show) attacks
    cards = [c for c in _pool(trample=kind is not None, power=(max(1, power[0] - 2), power[1]))
             if c.name not in avoid and (kind is None or kind in c.abilities)
             and not {"infect", "wither"} & set(c.abilities)
             and (strike or not {"first_strike", "double_strike"} & set(c.abilities))]
    card = rng.choice(cards)
    low = max(0, power[0] - card.power)
    plus = rng.randint(low, max(low, min(3, power[1] - card.power)))
    adds = tuple(w for w in abilities if w in _COUNTER_WORDS and w != kind)
    shown = _shown(card, plus=plus, adds=adds)
    if len(shown["name"]) > MAX_NAME:  # a long name: its printed numbers, the counters it needs
        shown = _shown(card, adds=adds)
    return {"id": aid, **shown, "attacking": attacking,
            "blocked_by": [b["id"] for b in blockers]}


def equipped(card, modifier: str) -> dict:
    """A card as a board shows it with an equipment or aura of the catalogue ("Hateflayer with
    Rancor"): its numbers and abilities added, said in its name, as lessons check reads it."""
    mod = default_cards().modifier(modifier)
    facts = card.facts()
    return {**facts, "name": f"{card.name} with {mod.name}", "power": facts["power"] + mod.power,
            "toughness": facts["toughness"] + mod.toughness,
            "abilities": [*facts["abilities"], *(w for w in mod.abilities
                                                 if w not in facts["abilities"])]}


def infected(rng: random.Random, blockers: list[dict]) -> dict:
    """Putrefax (trample, infect) or Hateflayer with Rancor (trample, wither)."""
    cards = default_cards()
    if rng.random() < 0.5:
        shown = cards.creature("Putrefax").facts()
    else:
        shown = equipped(cards.creature("Hateflayer"), "Rancor")
    return {"id": "a1", **shown, "attacking": "player", "blocked_by": [b["id"] for b in blockers]}


def one_trampler(rng):
    """Tier 1: a trampler and one to three blockers; marked damage, deathtouch, protection."""
    blockers = make_blockers(rng, rng.randint(1, 3), marked=True,
                             abilities=("protection_from_green", "indestructible"))
    abilities = ("trample", "deathtouch") if rng.random() < 0.3 else ("trample",)
    return {"attackers": [make_trampler(rng, blockers, abilities=abilities)], "blockers": blockers}


def shared_blocker(rng):
    """Tier 2: two tramplers, one blocker blocking both (it can block an additional creature)."""
    card = rng.choice([c for c in _pool(trample=False, power=(0, 3)) if c.toughness >= 3])
    wall = {"id": "b1", **_shown(card, effect="can_block_additional"), "damage": 0}
    # Both assign in the one step the question is about: neither has first or double strike.
    first = make_trampler(rng, [wall], power=(2, 6), aid="a1", strike=False)
    second = make_trampler(rng, [wall], power=(2, 6), aid="a2", strike=False,
                           avoid=(first["name"], first["name"].split(" with ")[0]))
    return {"attackers": [first, second], "blockers": [wall]}


def second_strike_step(rng):
    """Tier 2: the regular damage step after first strike: the survivors carry that damage."""
    blockers = make_blockers(rng, rng.randint(2, 3))
    for b in blockers:
        b["damage"] = rng.randint(0, b["toughness"] - 1)
    return {"attackers": [make_trampler(rng, blockers, abilities=("trample", "double_strike"))],
            "blockers": blockers}


def blockers_gone(rng):
    """Tier 2: blocked, then every blocker left combat (702.19d), with or without trample."""
    board: dict = {"blockers": []}
    target = rng.choice(("player", "player", "player", "planeswalker", "battle"))
    if target == "planeswalker":
        board["planeswalkers"] = [_walker(rng, removed=0)]
    elif target == "battle":
        board["battles"] = [_battle(rng)]
    attacker = make_trampler(rng, [], abilities=("trample",) if rng.random() < 0.6 else (),
                             power=(2, 12), attacking={"player": "player", "planeswalker": "pw1",
                                                       "battle": "bt1"}[target])
    attacker["blocked"] = True
    return {"attackers": [attacker], **board}


def _walker(rng, removed: float = 0.2) -> dict:
    card = rng.choice(default_cards().planeswalkers)
    return {"id": "pw1", "name": card.name, "loyalty": rng.randint(1, card.loyalty + 1),
            "removed_from_combat": rng.random() < removed}


def at_a_planeswalker(rng):
    """Tier 3: attacking a planeswalker with trample or trample over planeswalkers."""
    blockers = make_blockers(rng, rng.randint(1, 2), marked=True)
    kind = rng.choice(("trample", "trample_over_planeswalkers"))
    return {"attackers": [make_trampler(rng, blockers, abilities=(kind,), attacking="pw1")],
            "blockers": blockers, "planeswalkers": [_walker(rng)]}


def at_a_battle(rng):
    """Tier 3: attacking a battle: trample over planeswalkers does not reach its protector."""
    blockers = make_blockers(rng, rng.randint(1, 2))
    kind = rng.choice(("trample", "trample_over_planeswalkers"))
    return {"attackers": [make_trampler(rng, blockers, abilities=(kind,), attacking="bt1")],
            "blockers": blockers, "battles": [_battle(rng)]}


def _battle(rng) -> dict:
    card = rng.choice(default_cards().battles)
    return {"id": "bt1", "name": card.name, "defense": rng.randint(1, card.defense),
            "removed_from_combat": False}


def deathtouch_already_lethal(rng):
    """Tier 3: deathtouch and a blocker that already has lethal damage marked (indestructible)."""
    worn_card = rng.choice([c for c in _pool(trample=False, power=(0, 4))
                            if "indestructible" in c.abilities] or
                           _pool(trample=False, power=(0, 4)))
    worn = {"id": "b1", **_shown(worn_card, adds=() if "indestructible" in worn_card.abilities
                                 else ("indestructible",)), "damage": 0}
    if rng.random() < 0.5:  # a real card with an indestructible counter, now and then
        other = rng.choice([c for c in _pool(trample=False, power=(0, 4), words=set())])
        worn = {"id": "b1", **_shown(other, adds=("indestructible",)), "damage": 0}
    worn["damage"] = worn["toughness"] + rng.randint(0, 2)
    rest = [b for b in make_blockers(rng, 2) if b["name"] != worn["name"]][:1]
    rest[0]["id"] = "b2"
    blockers = [worn, *rest]
    return {"attackers": [make_trampler(rng, blockers, abilities=("trample", "deathtouch"))],
            "blockers": blockers}


# What endless practice (content/practice.py) builds its own boards from.
card_pool, shown_card, a_planeswalker, a_battle = _pool, _shown, _walker, _battle

SCENARIOS: dict[int, tuple[Callable, ...]] = {
    1: (one_trampler,),
    2: (shared_blocker, second_strike_step, blockers_gone, one_trampler),
    3: (at_a_planeswalker, at_a_battle, deathtouch_already_lethal, shared_blocker),
}


# --- questions: each maker turns a board into one question, or None if it can't be unambiguous --


def _names(board: dict) -> dict[str, str]:
    """id -> its name as the question's board shows it: numbered where names repeat ("Grizzly
    Bears 2", a board built in the sandbox), as the sliders and cards beside the question say."""
    return board_labels(board, _shown_name.get())


def _target(board: dict, attacker: dict) -> str:
    """What "player" means for this attacker, in words."""
    target = attacker.get("attacking", "player")
    for walker in board.get("planeswalkers", []):
        if walker["id"] == target:
            return _("%(name)s’s controller", name=walker["name"])
    for battle in board.get("battles", []):
        if battle["id"] == target:
            return _("%(name)s’s protector", name=battle["name"])
    return _("the defending player")


def _recipient(board: dict, attacker: dict, rid: str) -> str:
    return _target(board, attacker) if rid == "player" else _names(board)[rid]


def _describe(board: dict) -> str:
    """The board in exam wording: every number and ability stated."""
    names = _names(board)
    parts = []
    for a in board["attackers"]:
        said = {"name": names[a["id"]], "stats": f"{a['power']}/{a['toughness']}",
                "abilities": _and(_ability(w) for w in a["abilities"]) or _("no abilities"),
                "target": names.get(a.get("attacking", "player"), _("the defending player"))}
        if a["blocked_by"]:
            parts.append(_("%(name)s (%(stats)s, %(abilities)s) attacks %(target)s, blocked by "
                           "%(blockers)s.", blockers=_and(names[b] for b in a["blocked_by"]),
                           **said))
        elif a.get("blocked"):
            parts.append(_("%(name)s (%(stats)s, %(abilities)s) attacks %(target)s, blocked, but "
                           "every blocker has left combat.", **said))
        else:
            parts.append(_("%(name)s (%(stats)s, %(abilities)s) attacks %(target)s, unblocked.",
                           **said))
    for b in board["blockers"]:
        extra = [_("%(n)s damage already marked", n=b["damage"])] if b["damage"] else []
        extra += [_ability(w) for w in b["abilities"]]
        stats = f"{b['power']}/{b['toughness']}"
        parts.append(_("%(name)s is %(stats)s (%(extra)s).", name=names[b["id"]], stats=stats,
                       extra=_(", ").join(extra)) if extra
                     else _("%(name)s is %(stats)s.", name=names[b["id"]], stats=stats))
    for w in board.get("planeswalkers", []):
        parts.append(_("%(name)s has loyalty %(loyalty)s and has been removed from combat.",
                       name=names[w["id"]], loyalty=w["loyalty"]) if w["removed_from_combat"]
                     else _("%(name)s has loyalty %(loyalty)s.", name=names[w["id"]],
                            loyalty=w["loyalty"]))
    for t in board.get("battles", []):
        parts.append(_("%(name)s has defense %(defense)s.", name=names[t["id"]],
                       defense=t["defense"]))
    sides = board.get("lethal_by_power") or ()
    if "defending" in sides:
        parts.append(_("Nia controls Zilortha, Strength Incarnate: lethal damage to her "
                       "creatures is measured by their power, not their toughness."))
    if "attacking" in sides:
        parts.append(_("Alice controls Zilortha, Strength Incarnate: lethal damage to her "
                       "creatures is measured by their power, not their toughness."))
    if board.get("defending_player_assigns"):
        parts.append(_("Nia controls Defensive Formation: she assigns the combat damage of each "
                       "creature attacking her."))
    step = board.get("damage_step")  # a board built in the sandbox may name one (510.4)
    parts.append(_("Alice is attacking; Nia is defending. It is the first-strike combat damage "
                   "step.") if step == "first" else
                 _("Alice is attacking; Nia is defending. It is the regular combat damage step, "
                   "after first-strike damage.") if step == "second" else
                 _("Alice is attacking; Nia is defending. It is the combat damage step."))
    return _sentences(parts)


def _sentences(parts) -> str:
    """Sentences one after another: a space between them, none after a full stop that is
    itself full-width (Japanese: 「…です。次の…」)."""
    return re.sub(r"(?<=[。？！）」]) ", "", _(" ").join(parts))


def _and(items) -> str:
    """Names or abilities as a sentence lists them in the language the questions are worded in
    (CLDR list patterns): "A and B", "A, B, and C"; "A, B et C"; "A、B、C"."""
    return format_list(list(items), style="standard", locale=_lang.get())


def _ability(word: str) -> str:
    """An ability as the middle of a sentence says it: "trample", "protection from green"."""
    return _(ABILITY_LABELS[word]).lower() if word in ABILITY_LABELS else word.replace("_", " ")


# --- facts: what the core says decides a question, and its words (rules.messages) ------------


def _lethal_notes(board: dict, analysis: dict, attacker: dict, only=None) -> list[str]:
    """"Grizzly Bears: toughness 2, nothing marked = 2", per blocker: the pages' own wording."""
    names = _names(board)
    guards = {b["id"]: b["abilities"] for b in board["blockers"]}
    details = analysis["creatures"][attacker["id"]]["lethal_detail"]
    return [_("%(name)s: %(note)s", name=names[bid],
              note=lethal_words(detail, guards.get(bid, ()), _))
            for bid, detail in details.items() if only is None or bid in only]


def _lethal_rules(board: dict, analysis: dict, attacker: dict, only=None) -> list[str]:
    """702.2c when deathtouch decides a blocker's lethal damage, 120.6 when marked damage does."""
    details = [d for bid, d in analysis["creatures"][attacker["id"]]["lethal_detail"].items()
               if only is None or bid in only]
    rules = []
    if any(d["deathtouch"] and d["reason"] != "already_lethal" for d in details):
        rules.append("702.2c")
    if any(d["reason"] == "already_lethal" or (d["reason"] in ("toughness_minus_marked",
                                                               "power_minus_marked")
                                               and d["marked"]) for d in details):
        rules.append("120.6")
    return rules


def _reach_rules(board: dict, analysis: dict, attacker: dict, rid: str) -> list[str]:
    """The rules the core names for damage from `attacker` reaching `rid`, with those that
    decide its blockers' lethal damage."""
    info = analysis["creatures"][attacker["id"]]
    if rid in info["closed"]:
        return [info["closed"][rid]]
    if rid not in info["recipients"]:
        return [info["nothing_rule"] or "510.1b"]
    rule = info["reach"].get(rid)
    rules = [rule] if rule else ([] if attacker.get("blocked_by") else ["510.1b"])
    if rule == "702.19c" or rule == "702.19e":
        rules.append("702.19b") if attacker["blocked_by"] else None
    if attacker["blocked_by"] and ("trample" in attacker["abilities"]
                                   or "trample_over_planeswalkers" in attacker["abilities"]):
        rules += _lethal_rules(board, analysis, attacker)
    return [r for r in dict.fromkeys(rules) if r]


@lru_cache(maxsize=1)
def _rule_notes() -> dict[str, dict[str, str]]:
    """lessons/rules.toml: what each rule says, per language, as the pages' rule tags say it."""
    return tomllib.loads((paths.LESSONS / "rules.toml").read_text(encoding="utf-8"))


def _reasons(rules) -> list[str]:
    """Each deciding rule in the pages' own words (its rule note), with its number."""
    notes = _rule_notes()
    out = []
    for rule in dict.fromkeys(rules):
        note = notes.get(_lang.get(), {}).get(rule) or notes["en"].get(rule)
        # Translators: a rule note, then its number: "Trample …; the rest may go on (702.19b)."
        out.append(_("%(note)s (%(rule)s).", note=note.rstrip(".。"), rule=rule) if note else rule)
    return out


def _most(analysis: dict, attacker: dict, rid: str = "player") -> int:
    return analysis["creatures"][attacker["id"]]["recipients"].get(rid, {}).get("max", 0)


def asked_recipient(board: dict, attacker: dict) -> str:
    """What a question about damage past the blockers asks about: the player it attacks; for a
    planeswalker, its controller when trample over planeswalkers can reach them, else the
    planeswalker itself (702.19f decides the controller: a rule question asks that); for a
    battle, the battle (no trample reaches its protector)."""
    target = attacker.get("attacking", "player")
    if target == "player":
        return "player"
    walker = next((w for w in board.get("planeswalkers", []) if w["id"] == target), None)
    if walker is not None and ("trample_over_planeswalkers" in attacker["abilities"]
                               or walker["removed_from_combat"]):
        return "player"
    return target


def _sum(board: dict, analysis: dict, attacker: dict, rid: str) -> tuple[str, dict] | None:
    """The arithmetic of the most `attacker` can send to `rid`, as a line of numbers, and the
    facts it is made of; None when those facts don't sum to the core's answer (the question is
    then not asked: a judge would find the explanation wrong)."""
    info = analysis["creatures"][attacker["id"]]
    most = _most(analysis, attacker, rid)
    power = info["assigns"]
    needs = dict(info["lethal"])
    help_ = {}
    for bid in needs:
        others = sum(analysis["creatures"][x["id"]]["assigns"] for x in board["attackers"]
                     if x is not attacker and bid in x["blocked_by"])
        if others:
            help_[bid] = min(needs[bid], others)
    walker = next((w for w in board.get("planeswalkers", []) if w["id"] == attacker.get(
        "attacking")), None)
    loyalty = walker["loyalty"] if rid == "player" and walker and not walker[
        "removed_from_combat"] and info["reach"].get("player") == "702.19c" else 0
    terms = [f"{needs[b]}" if b not in help_ else f"({needs[b]} − {help_[b]})" for b in needs]
    left = power - sum(needs[b] - help_.get(b, 0) for b in needs) - loyalty
    if max(0, left) != most:
        return None
    line = " − ".join([str(power), *terms, *([str(loyalty)] if loyalty else [])])
    if left < 0:
        return f"{line} = −{-left}", {"creature": attacker["id"], "recipient": rid,
                                      "assigns": power, "lethal": needs, "others": help_,
                                      "loyalty": loyalty, "most": most}
    facts = {"creature": attacker["id"], "recipient": rid, "assigns": power, "lethal": needs,
             "others": help_, "loyalty": loyalty, "most": most}
    return f"{line} = {most}", facts


def _most_words(board: dict, analysis: dict, attacker: dict, rid: str) -> tuple[str, list, dict] | None:
    """Why `attacker` can send at most so much to `rid`: the rules that decide, the lethal
    damage of each blocker, the sum. None when the facts can't be said so that they add up."""
    info = analysis["creatures"][attacker["id"]]
    most = _most(analysis, attacker, rid)
    rules = _reach_rules(board, analysis, attacker, rid)
    names = _names(board)
    parts = _reasons(rules)
    facts: dict = {"creature": attacker["id"], "recipient": rid, "most": most}
    reachable = rid in info["recipients"] and most > 0
    free = info.get("as_though_unblocked")
    if free and rid in free["recipients"] and 0 < most == info["assigns"]:
        # Its printed choice: all of its damage as though it weren't blocked (510.1b).
        rules = ["510.1b"]
        parts = [*_reasons(rules), _(
            "%(name)s may assign its combat damage as though it weren’t blocked: then all "
            "%(power)s goes to %(target)s and none to its blockers.", name=attacker["name"],
            power=most, target=_recipient(board, attacker, rid))]
        facts = {"creature": attacker["id"], "recipient": rid, "most": most, "assigns": most,
                 "as_though_unblocked": True}
        return _sentences(parts), rules, facts
    if rid in info["recipients"] and attacker["blocked_by"]:
        summed = _sum(board, analysis, attacker, rid)
        if summed is None:
            return None
        line, facts = summed
        parts.append(_("%(notes)s.", notes=_("; ").join(_lethal_notes(board, analysis, attacker))))
        if facts["others"]:
            parts.append(_("Damage other attackers assign to a blocker counts toward its lethal "
                           "damage: %(help)s.", help=_(", ").join(
                               _("%(n)s to %(name)s", n=n, name=names[b])
                               for b, n in facts["others"].items())))
        if facts["loyalty"]:
            parts.append(_("%(name)s needs damage equal to its loyalty, %(loyalty)s, first.",
                           name=names[attacker["attacking"]], loyalty=facts["loyalty"]))
        parts.append(_("%(name)s assigns %(power)s: %(sum)s, so at most %(most)s can go to "
                       "%(target)s.", name=attacker["name"], power=info["assigns"], sum=line,
                       most=most, target=_recipient(board, attacker, rid)))
    elif reachable:
        parts.append(_("%(name)s assigns all %(power)s to %(target)s.", name=attacker["name"],
                       power=most, target=_recipient(board, attacker, rid)))
    else:
        parts.append(_("%(name)s can assign nothing to %(target)s: %(most)s.",
                       name=attacker["name"], target=_recipient(board, attacker, rid), most=most))
    return _sentences(parts), rules, facts


_ID_NOTE = re.compile(r" \((?:a|b|pw|bt)\d+\)")


def _said(problems: list[dict], board: dict | None = None) -> str:
    """The core's sentences, without the ids it adds for API users (the prompt names everyone);
    in another language, each sentence translated from its code and params."""
    if _translate.get() is str or board is None:
        return " ".join(_ID_NOTE.sub("", p["message"]) for p in problems)
    attackers = {a["id"]: a for a in board["attackers"]}
    out = []
    for p in problems:
        params = dict(p.get("params") or {})
        if params.get("target") == "player" and p.get("creature") in attackers:
            params["target_name"] = _target(board, attackers[p["creature"]])
        template = sentence(p["code"], params)
        out.append(_(template, **params) if template else _ID_NOTE.sub("", p["message"]))
    return _sentences(out)


def _base(board: dict, kind: str, prompt: str, answer, rules: list[str], explanation: str,
          **extra) -> dict:
    return {"type": kind, "prompt": prompt, "board": board, "answer": answer,
            "rules": sorted(set(rules)), "explanation": explanation, **extra}


def split_words(board: dict, split: dict) -> str:
    """A split in words, as the pages' split_list says each part ("2 to Grizzly Bears")."""
    names = _names(board)
    attackers = {a["id"]: a for a in board["attackers"]}
    out = []
    for aid, row in split.items():
        parts = [_("%(n)s to %(name)s", n=n, name=_target(board, attackers[aid])
                   if r == "player" else names[r]) for r, n in row.items() if n]
        out.append(_("%(name)s: %(parts)s", name=names[aid],
                     parts=_(", ").join(parts) or _("no damage assigned")))
    return _("; ").join(out)


def _split_rules(board: dict, analysis: dict, split: dict) -> list[str]:
    """The rules a legal split keeps, attacker by attacker: where its damage went decides."""
    rules: list[str] = []
    for a in board["attackers"]:
        row = split.get(a["id"], {})
        nothing = analysis["creatures"][a["id"]]["nothing_rule"]
        if nothing:  # it assigns no combat damage at all (510.1a, 510.1c, 702.19f...)
            rules.append(nothing)
        past = [r for r, n in row.items() if n and r not in a["blocked_by"]]
        if past and analysis["creatures"][a["id"]].get("as_though_unblocked") and not any(
                row.get(b) for b in a["blocked_by"]):
            rules.append("510.1b")  # nothing on its blockers: as though it weren't blocked
            continue
        for r in past:
            rules += _reach_rules(board, analysis, a, r)
        if not past and sum(row.values()):
            tramples = "trample" in a["abilities"] or "trample_over_planeswalkers" in a["abilities"]
            rules += ["702.19b", *_lethal_rules(board, analysis, a)] if tramples else ["510.1c"]
    return list(dict.fromkeys(rules))


def _problem_rules(problems: list[dict]) -> list[str]:
    return list(dict.fromkeys(p["rule"] for p in problems))


def number_question(board, rng, attacker: dict | None = None, recipient: str | None = None):
    """`attacker` and `recipient` (endless practice's focus) default to a random attacker and
    what a question about damage past its blockers asks about."""
    analysis = analyze(board)
    attacker = attacker or rng.choice(board["attackers"])
    rid = recipient or asked_recipient(board, attacker)
    said = _most_words(board, analysis, attacker, rid)
    if said is None:
        return None
    why, rules, facts = said
    target = _recipient(board, attacker, rid)
    return _base(board, "number",
                 _("%(board)s What is the most damage %(name)s can assign to %(target)s?",
                   board=_describe(board), name=attacker["name"], target=target),
                 facts["most"], rules, why, facts=facts,
                 verify={"kind": "max", "creature": attacker["id"], "recipient": rid})


def _random_split(board: dict, analysis: dict, rng: random.Random) -> dict:
    split = {}
    for a in board["attackers"]:
        info = analysis["creatures"][a["id"]]
        left, row = info["assigns"], {}
        recipients = list(info["recipients"])
        rng.shuffle(recipients)
        for i, r in enumerate(recipients):
            row[r] = left if i == len(recipients) - 1 else rng.randint(0, left)
            left -= row[r]
        split[a["id"]] = row
    return split


def legal_question(board, rng, split: dict | None = None):
    parsed = parse_board(board)  # once: the core reads it for each call otherwise
    analysis = analyze(parsed)
    if split is None:
        split = analysis["best"] if rng.random() < 0.4 else _random_split(board, analysis, rng)
    result = check(parsed, split)
    judged = {**board, "assignment": split}
    if result["legal"]:
        rules = _split_rules(board, analysis, split)
        notes = [n for a in board["attackers"] if any(split.get(a["id"], {}).get(r) for r in
                                                       split.get(a["id"], {})
                                                       if r not in a["blocked_by"])
                 for n in _lethal_notes(board, analysis, a)]
        why = _sentences([_("Legal."), *_reasons(rules),
                          *([_("%(notes)s.", notes=_("; ").join(notes))] if notes else [])])
    else:
        rules = _problem_rules(result["problems"])
        why = _sentences([_said(result["problems"], board), *_reasons(rules)])
    return _base(judged, "legal", _("%(board)s Alice assigns: %(split)s. Is this assignment "
                                    "legal?", board=_describe(board),
                                    split=split_words(board, split)),
                 result["legal"], rules, why)


def rule_question(board, rng):
    parsed = parse_board(board)
    analysis = analyze(parsed)
    for _attempt in range(20):
        split = _random_split(board, analysis, rng)
        problems = check(parsed, split)["problems"]
        rules = {p["rule"] for p in problems}
        if len(rules) == 1 and problems[0]["rule"] in RULE_CHOICES:
            deciding = problems[0]["rule"]
            wrong = [r for r in RULE_CHOICES
                     if r != deciding and r not in ALSO_GOVERNS.get(deciding, ())]
            options = [deciding, *rng.sample(wrong, 3)]
            rng.shuffle(options)
            return _base({**board, "assignment": split}, "rule",
                         _("%(board)s Alice assigns: %(split)s. This assignment is illegal. "
                           "Which rule decides that?", board=_describe(board),
                           split=split_words(board, split)), deciding, [deciding],
                         _sentences([_said(problems, board), *_reasons([deciding])]),
                         options=[{"id": r, "text": _("Rule %(rule)s", rule=r)} for r in options])
    return None


def one_question(board, rng):
    """How much lethal damage a blocker needs before the attacker may assign past it: asked only
    where it ever may (702.19f, power short of all its blockers' lethal damage) and where the
    blocker is its alone (another attacker's damage would count too)."""
    analysis = analyze(board)
    blocked = [a for a in board["attackers"] if a["blocked_by"]]
    if not blocked:
        return None
    attacker = rng.choice(blocked)
    rid = asked_recipient(board, attacker)
    if _most(analysis, attacker, rid) <= 0:
        return None
    chosen = rng.choice(attacker["blocked_by"])
    if sum(chosen in a["blocked_by"] for a in board["attackers"]) > 1:
        return None
    blocker = next(b for b in board["blockers"] if b["id"] == chosen)
    parsed = parse_board(board)
    deathtouch = "deathtouch" in attacker["abilities"]
    key = lethal_damage(parsed.creature(blocker["id"]), deathtouch)
    # The misreadings the lessons name: marked damage forgotten, deathtouch ignored, "protection
    # or indestructible raises it".
    misreadings = sorted({blocker["toughness"], blocker["toughness"] + 1, max(key - 1, 0),
                          key + 1} - {key})
    if len(misreadings) < 3:
        return None
    options = sorted({key, *rng.sample(misreadings, 3)})
    rules = ["702.19b", *_lethal_rules(board, analysis, attacker, only={chosen})]
    if analysis["creatures"][attacker["id"]]["reach"].get(rid) in ("702.19c", "702.19e"):
        rules.append(analysis["creatures"][attacker["id"]]["reach"][rid])
    why = _sentences([*_reasons(rules), _("%(notes)s.", notes=_lethal_notes(
        board, analysis, attacker, only={chosen})[0])])
    return _base(board, "one", _("%(board)s How much damage must %(attacker)s assign to "
                                 "%(blocker)s before it may assign any to %(target)s?",
                                 board=_describe(board), attacker=attacker["name"],
                                 blocker=blocker["name"],
                                 target=_recipient(board, attacker, rid)),
                 str(key), rules, why,
                 options=[{"id": str(o), "text": str(o)} for o in options],
                 facts={"creature": attacker["id"], "recipient": rid, "blocker": chosen},
                 verify={"kind": "lethal", "creature": attacker["id"], "blocker": blocker["id"]})


def many_question(board, rng):
    parsed = parse_board(board)
    analysis = analyze(parsed)
    splits, seen = [], set()
    for _attempt in range(40):
        split = analysis["best"] if not splits else _random_split(board, analysis, rng)
        key = repr(sorted((a, sorted(r.items())) for a, r in split.items()))
        if key not in seen:
            seen.add(key)
            splits.append(split)
        if len(splits) == 4:
            break
    results = [check(parsed, s) for s in splits]
    verdicts = [r["legal"] for r in results]
    if len(splits) < 4 or all(verdicts) or not any(verdicts):
        return None
    order = list(range(4))
    rng.shuffle(order)
    options = [{"id": "abcd"[i], "text": split_words(board, splits[j]), "assignment": splits[j]}
               for i, j in enumerate(order)]
    answer = ["abcd"[i] for i, j in enumerate(order) if verdicts[j]]
    rules: list[str] = []
    for split, result in zip(splits, results):
        rules += _split_rules(board, analysis, split) if result["legal"] else \
            _problem_rules(result["problems"])
    why = _sentences([
        *(_("(%(letter)s) legal.", letter="abcd"[i]) if verdicts[j] else
          _("(%(letter)s) %(problems)s", letter="abcd"[i],
            problems=_said(results[j]["problems"], board)) for i, j in enumerate(order)),
        *_reasons(rules)])
    return _base(board, "many", _("%(board)s Which of these assignments are legal? Select all "
                                  "that apply.", board=_describe(board)),
                 answer, rules, why, options=options)


def assign_question(board, rng, attacker: dict | None = None, recipient: str | None = None):
    """`attacker` and `recipient`: only this one may be asked about (endless practice's focus)."""
    analysis = analyze(board)
    # The example split is the core's best; ask only about an attacker it sends the most for.
    reached = []
    for a in ([attacker] if attacker else board["attackers"]):
        rid = recipient or asked_recipient(board, a)
        most = _most(analysis, a, rid)
        if most > 0 and analysis["best"].get(a["id"], {}).get(rid, 0) == most:
            reached.append((a, rid))
    if not reached:
        return None
    attacker, rid = rng.choice(reached)
    said = _most_words(board, analysis, attacker, rid)
    if said is None:
        return None
    why, rules, facts = said
    why = _sentences([why, _("For example: %(split)s.",
                             split=split_words(board, analysis["best"]))])
    return _base(board, "assign", _("%(board)s Assign the combat damage so that the most "
                                    "possible reaches %(target)s.", board=_describe(board),
                                    target=_recipient(board, attacker, rid)),
                 facts["most"], rules, why, facts=facts,
                 goal={"kind": "most", "creature": attacker["id"], "recipient": rid},
                 example=analysis["best"])


def band_question(board, rng, attacker: dict | None = None, recipient: str | None = None):
    """Banding (702.22j): a blocker has banding, so the defending player assigns the attacker's
    damage, and the task is to keep one of its blockers alive: it gets none, the others take it
    all. (Whether they may put some on themselves has no official ruling: nothing asks it.) None
    when the board has no banding blocker or no other blocker to take the damage."""
    attacker = attacker or board["attackers"][0]
    blockers = {b["id"]: b for b in board["blockers"]}
    blocking = [blockers[b] for b in attacker["blocked_by"]]
    if len(board["attackers"]) != 1 or len(blocking) < 2 \
            or not any("banding" in b.get("abilities", ()) for b in blocking):
        return None
    keep = recipient if recipient in {b["id"] for b in blocking} else rng.choice(blocking)["id"]
    other = next(b["id"] for b in blocking if b["id"] != keep)
    power = analyze(board)["creatures"][attacker["id"]]["assigns"]
    example = {attacker["id"]: {other: power}}  # all of it on one other blocker: the core checks
    names = _names(board)
    why = _sentences([
        _("A blocker with banding lets the defending player choose how the combat damage of "
          "%(name)s is divided among its blockers (702.22j).", name=attacker["name"]),
        _("Put all %(power)s on %(others)s and %(keep)s takes none: for example, %(split)s.",
          power=power, others=names[other], keep=names[keep],
          split=split_words(board, example))])
    prompt = _("%(board)s A blocker has banding, so the defending player assigns the combat "
               "damage of %(name)s. As the defending player, keep %(keep)s alive.",
               board=_describe(board), name=attacker["name"], keep=names[keep])
    return _base(board, "assign", prompt, 0, ["702.22j"], why,
                 facts={"creature": attacker["id"], "recipient": keep, "exact": 0},
                 goal={"kind": "exact", "creature": attacker["id"], "recipient": keep,
                       "amount": 0}, example=example)


BOARD_TYPES = ("number", "legal", "assign")


def from_board(board: dict, kind: str, split: dict | None = None, tier: int = 1) -> dict | None:
    """A question about a board a judge built in the sandbox, worded and keyed like a generated
    one: `number` (the most to what an attacker attacks), `legal` (is `split` legal) or `assign`
    (send the most). None when the board can't carry that question (nothing to drag, say).
    Raises BoardError for a board the core refuses."""
    if kind not in BOARD_TYPES:
        raise GenerateError("type", f"must be one of {', '.join(BOARD_TYPES)}")
    parse_board(board)  # the core refuses a bad board first (BoardError)
    board = _filled(board)
    rng = random.Random(0)  # which attacker, when there are several: the same every time
    question = legal_question(board, rng, split or {}) if kind == "legal" else \
        MAKERS[kind](board, rng)
    if question is not None:
        question.update(id="own", tier=tier)
    return question


def _filled(board: dict) -> dict:
    """The board with the contract's defaults written out, as the generator's own boards are.
    Everything else the board says is kept as it is: the defending player's life and poison,
    Zilortha's lethal damage by power, Defensive Formation, the damage step. A question without
    them would be keyed and explained for another board than the one the judge built."""
    defaults = {"attackers": {"abilities": [], "attacking": "player", "blocked_by": []},
                "blockers": {"damage": 0, "abilities": []},
                "planeswalkers": {"removed_from_combat": False},
                "battles": {"removed_from_combat": False}}
    kept = {key: value for key, value in board.items()
            if key not in defaults and key != "assignment"}
    return {**kept, **{kind: [{**fill, **thing} for thing in board.get(kind, [])]
                       for kind, fill in defaults.items()}}


MAKERS = {"number": number_question, "legal": legal_question, "rule": rule_question,
          "one": one_question, "many": many_question, "assign": assign_question}


def grade_assign(question: dict, split: dict) -> dict:
    """An `assign` answer, graded by its kind (webapp.content.kinds.Split): legal, and meeting
    the goal. {"correct", "problems" (the core's), "sent"}; "error" for a split the core refuses."""
    graded = kind_of(question).grade(split, target=question.get("answer"))
    out = {"correct": graded.correct, "problems": graded.problems,
           "sent": graded.facts.get("has", 0)}
    if graded.reason == "bad_input":
        out["error"] = graded.facts.get("field")
    return out


def check_split(question: dict, split: dict) -> list[dict]:
    """The rules core's problems with a split given to an assign question ([] when legal)."""
    graded = kind_of(question).grade(split, target=question.get("answer"))
    if graded.reason == "bad_input":
        return [{"code": "bad_split", "rule": "510.1",
                 "message": f"the split names what the board lacks ({graded.facts['field']})"}]
    return graded.problems


def grade(question: dict, given) -> bool:
    """Right or wrong, for an answer already read by the question's kind (number -> int, legal
    -> bool, rule and one -> option id, many -> option ids, assign -> a split); an answer of
    another shape is wrong."""
    kind = kind_of(question)
    try:
        if kind.kind == "split":
            return kind.grade(given, target=question.get("answer")).correct
        return kind.grade(given).correct
    except AnswerError:
        return False
