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
never emitted (e.g. a `rule` question whose split breaks two rules). Pure: no Flask, no database.

Words: every sentence goes through `_()` (Babel extracts it into the app's catalogs); English unless
the caller passes a `translate` function (the web layer passes gettext for the page's language).
The boards, keys and option ids are the same in every language.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from ..rules import analyze, check, lethal_damage, parse_board
from ..rules.messages import ABILITY_LABELS, sentence
from .kinds import AnswerError, kind_of

_translate: ContextVar[Callable[[str], str]] = ContextVar("translate", default=str)


class _Params(dict):
    def __missing__(self, key):  # a param a translation names but the sentence lacks
        return "?"


def _(text: str, **params) -> str:
    """A sentence in the language asked for (English by default), filled with its params."""
    text = _translate.get()(text)
    return text % _Params(params) if params else text


def translating() -> bool:
    """Whether the words made now are translated (inside `translated` with a translate function)."""
    return _translate.get() is not str


@contextmanager
def translated(translate: Callable[[str], str] | None) -> Iterator[None]:
    """Word the questions made inside with `translate` (e.g. flask_babel.gettext); None keeps
    the wording already chosen (English unless an outer block chose another)."""
    token = _translate.set(translate or _translate.get())
    try:
        yield
    finally:
        _translate.reset(token)

TIERS = (1, 2, 3)
TYPES = ("number", "legal", "rule", "one", "many", "assign")
MAX_QUESTIONS = 50
MAX_SEED = 2**32 - 1

# Real creatures' names; their numbers vary (every prompt states them).
TRAMPLERS = ("Colossal Dreadmaw", "Pelakka Wurm", "Rampaging Baloths", "Thorn Elemental",
             "Krosan Colossus", "Ghalta, Primal Hunger", "Craterhoof Behemoth", "Force of Nature")
BLOCKERS = ("Grizzly Bears", "Hill Giant", "Wall of Wood", "Runeclaw Bear", "Gray Ogre",
            "Typhoid Rats", "Savannah Lions", "Trained Armodon", "Alpine Grizzly", "Elvish Warrior")
WALKERS = ("Jace Beleren", "Chandra Nalaar", "Garruk Wildspeaker", "Liliana Vess")
BATTLES = ("Invasion of Zendikar", "Invasion of Ergamon", "Invasion of Kaladesh")
# Rules a `rule` question may offer: the deciding rule is always among them.
RULE_CHOICES = ("510.1a", "510.1c", "702.19b", "702.19c", "702.19e", "702.22j")


class GenerateError(ValueError):
    """A request the generator can't serve (tier, count or seed out of range)."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field


def generate(tier: int, n: int, seed: int) -> list[dict]:
    if tier not in TIERS:
        raise GenerateError("tier", f"must be one of {', '.join(map(str, TIERS))}")
    if not 1 <= n <= MAX_QUESTIONS:
        raise GenerateError("n", f"must be between 1 and {MAX_QUESTIONS}")
    if not 0 <= seed <= MAX_SEED:
        raise GenerateError("seed", f"must be between 0 and {MAX_SEED}")
    return [question_at(tier, seed, position) for position in range(1, n + 1)]


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


# --- boards: each scenario draws one board of its tier ----------------------------------------


def make_blockers(rng: random.Random, count: int, *, marked: bool = False,
                  abilities: tuple[str, ...] = ()) -> list[dict]:
    names = rng.sample(BLOCKERS, count)
    out = []
    for i, name in enumerate(names):
        toughness = rng.randint(1, 5)
        damage = rng.randint(0, toughness - 1) if marked and rng.random() < 0.6 else 0
        out.append({"id": f"b{i + 1}", "name": name, "power": rng.randint(0, 4),
                    "toughness": toughness, "damage": damage,
                    "abilities": [rng.choice(abilities)] if abilities and rng.random() < 0.5 else []})
    return out


def make_trampler(rng: random.Random, blockers: list[dict], *,
                  power: tuple[int, int] = (4, 9),
                  abilities: tuple[str, ...] = ("trample",), attacking: str = "player",
                  aid: str = "a1", name: str | None = None) -> dict:
    return {"id": aid, "name": name or rng.choice(TRAMPLERS), "power": rng.randint(*power),
            "toughness": rng.randint(4, 8), "abilities": list(abilities), "attacking": attacking,
            "blocked_by": [b["id"] for b in blockers]}


def one_trampler(rng):
    """Tier 1: a trampler and one to three blockers; marked damage, deathtouch, protection."""
    blockers = make_blockers(rng, rng.randint(1, 3), marked=True,
                         abilities=("protection_from_green", "indestructible"))
    abilities = ("trample", "deathtouch") if rng.random() < 0.3 else ("trample",)
    return {"attackers": [make_trampler(rng, blockers, abilities=abilities)], "blockers": blockers}


def shared_blocker(rng):
    """Tier 2: two tramplers, one blocker blocking both (it can block an additional creature)."""
    wall = {"id": "b1", "name": rng.choice(BLOCKERS), "power": rng.randint(0, 3),
            "toughness": rng.randint(3, 6), "damage": 0, "abilities": ["can_block_additional"]}
    names = rng.sample(TRAMPLERS, 2)
    return {"attackers": [make_trampler(rng, [wall], power=(2, 6), aid=f"a{i + 1}", name=names[i])
                          for i in range(2)], "blockers": [wall]}


def second_strike_step(rng):
    """Tier 2: the regular damage step after first strike: the survivors carry that damage."""
    blockers = make_blockers(rng, rng.randint(2, 3), marked=True)
    for b in blockers:
        b["damage"] = rng.randint(0, b["toughness"] - 1)
    return {"attackers": [make_trampler(rng, blockers, abilities=("trample", "double_strike"))],
            "blockers": blockers}


def blockers_gone(rng):
    """Tier 2: blocked, then every blocker left combat (702.19d), with or without trample."""
    attacker = make_trampler(rng, [], abilities=("trample",) if rng.random() < 0.6 else ())
    attacker["blocked"] = True
    return {"attackers": [attacker], "blockers": []}


def at_a_planeswalker(rng):
    """Tier 3: attacking a planeswalker with trample or trample over planeswalkers."""
    blockers = make_blockers(rng, rng.randint(1, 2), marked=True)
    kind = rng.choice(("trample", "trample_over_planeswalkers"))
    walker = {"id": "pw1", "name": rng.choice(WALKERS), "loyalty": rng.randint(1, 5),
              "removed_from_combat": rng.random() < 0.2}
    return {"attackers": [make_trampler(rng, blockers, abilities=(kind,), attacking="pw1")],
            "blockers": blockers, "planeswalkers": [walker]}


def at_a_battle(rng):
    """Tier 3: attacking a battle: trample over planeswalkers does not reach its protector."""
    blockers = make_blockers(rng, rng.randint(1, 2))
    kind = rng.choice(("trample", "trample_over_planeswalkers"))
    battle = {"id": "bt1", "name": rng.choice(BATTLES), "defense": rng.randint(2, 6),
              "removed_from_combat": False}
    return {"attackers": [make_trampler(rng, blockers, abilities=(kind,), attacking="bt1")],
            "blockers": blockers, "battles": [battle]}


def deathtouch_already_lethal(rng):
    """Tier 3: deathtouch and a blocker that already has lethal damage marked (indestructible)."""
    blockers = make_blockers(rng, 2)
    worn = blockers[0]
    worn.update(abilities=["indestructible"], damage=worn["toughness"] + rng.randint(0, 2))
    return {"attackers": [make_trampler(rng, blockers, abilities=("trample", "deathtouch"))],
            "blockers": blockers}


SCENARIOS: dict[int, tuple[Callable, ...]] = {
    1: (one_trampler,),
    2: (shared_blocker, second_strike_step, blockers_gone, one_trampler),
    3: (at_a_planeswalker, at_a_battle, deathtouch_already_lethal, shared_blocker),
}


# --- questions: each maker turns a board into one question, or None if it can't be unambiguous --


def _names(board: dict) -> dict[str, str]:
    things = [*board["attackers"], *board["blockers"], *board.get("planeswalkers", []),
              *board.get("battles", [])]
    return {t["id"]: t["name"] for t in things}


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


def _describe(board: dict) -> str:
    """The board in exam wording: every number and ability stated."""
    names = _names(board)
    parts = []
    for a in board["attackers"]:
        said = {"name": a["name"], "stats": f"{a['power']}/{a['toughness']}",
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
        parts.append(_("%(name)s is %(stats)s (%(extra)s).", name=b["name"], stats=stats,
                       extra=_(", ").join(extra)) if extra
                     else _("%(name)s is %(stats)s.", name=b["name"], stats=stats))
    for w in board.get("planeswalkers", []):
        parts.append(_("%(name)s has loyalty %(loyalty)s and has been removed from combat.",
                       name=w["name"], loyalty=w["loyalty"]) if w["removed_from_combat"]
                     else _("%(name)s has loyalty %(loyalty)s.", name=w["name"],
                            loyalty=w["loyalty"]))
    for t in board.get("battles", []):
        parts.append(_("%(name)s has defense %(defense)s.", name=t["name"], defense=t["defense"]))
    parts.append(_("Alice is attacking; Nia is defending. It is the combat damage step."))
    return _sentences(parts)


def _sentences(parts) -> str:
    """Sentences one after another: a space between them, none after a full stop that is
    itself full-width (Japanese: 「…です。次の…」)."""
    return re.sub(r"(?<=[。？！）」]) ", "", _(" ").join(parts))


def _and(items) -> str:
    # Translators: joins ability words or names: "trample and deathtouch".
    return _(" and ").join(items)


def _ability(word: str) -> str:
    """An ability as the middle of a sentence says it: "trample", "protection from green"."""
    return _(ABILITY_LABELS[word]).lower() if word in ABILITY_LABELS else word.replace("_", " ")


def _lethal_words(board: dict, analysis: dict, attacker: dict) -> list[str]:
    return list(_lethal_by_blocker(board, analysis, attacker).values())


def _lethal_by_blocker(board: dict, analysis: dict, attacker: dict) -> dict[str, str]:
    """Per blocker id, how much is lethal for it and why, in words."""
    names = _names(board)
    words = {}
    for bid, detail in analysis["creatures"][attacker["id"]]["lethal_detail"].items():
        name = names[bid]
        if detail["reason"] == "deathtouch":
            words[bid] = _("%(name)s needs 1, because the attacker has deathtouch (702.2c)",
                           name=name)
        elif detail["reason"] == "already_lethal":
            words[bid] = _("%(name)s needs 0 more, because it already has lethal damage marked",
                           name=name)
        elif detail["marked"]:
            words[bid] = _("%(name)s needs %(needs)s (toughness %(toughness)s minus %(marked)s "
                           "marked)", name=name, needs=detail["needs"],
                           toughness=detail["toughness"], marked=detail["marked"])
        else:
            words[bid] = _("%(name)s needs %(needs)s (its toughness)", name=name,
                           needs=detail["needs"])
    return words


def _most(board: dict, analysis: dict, attacker: dict) -> int:
    return analysis["creatures"][attacker["id"]]["recipients"].get("player", {}).get("max", 0)


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
    names = _names(board)
    attackers = {a["id"]: a for a in board["attackers"]}
    out = []
    for aid, row in split.items():
        parts = [_("%(n)s to %(recipient)s", n=n, recipient=_target(board, attackers[aid])
                   if r == "player" else names[r]) for r, n in row.items() if n]
        out.append(_("%(name)s: %(parts)s", name=names[aid],
                     parts=_(", ").join(parts) or _("no damage")))
    return _("; ").join(out)


def number_question(board, rng):
    analysis = analyze(board)
    attacker = rng.choice(board["attackers"])
    most = _most(board, analysis, attacker)
    lethal = _lethal_words(board, analysis, attacker)
    why = _sentences(([_("%(reasons)s.", reasons=_("; ").join(lethal))] if lethal else []) + [
        _("%(name)s can assign at most %(most)s to %(target)s.", name=attacker["name"], most=most,
          target=_target(board, attacker))])
    return _base(board, "number",
                 _("%(board)s What is the most damage %(name)s can assign to %(target)s?",
                   board=_describe(board), name=attacker["name"], target=_target(board, attacker)),
                 most, ["702.19b", "510.1c"], why,
                 verify={"kind": "max", "creature": attacker["id"], "recipient": "player"})


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
    analysis = analyze(board)
    if split is None:
        split = analysis["best"] if rng.random() < 0.4 else _random_split(board, analysis, rng)
    result = check({**board, "assignment": split})
    judged = {**board, "assignment": split}
    if result["legal"]:
        why = _("Legal: %(reasons)s.", reasons=_("; ").join(
            _lethal_words(board, analysis, board["attackers"][0])
            or [_("every rule for this split is met")]))
        rules = ["702.19b"]
    else:
        why = _said(result["problems"], board)
        rules = [p["rule"] for p in result["problems"]]
    return _base(judged, "legal", _("%(board)s Alice assigns: %(split)s. Is this assignment "
                                    "legal?", board=_describe(board),
                                    split=split_words(board, split)),
                 result["legal"], rules, why)


def rule_question(board, rng):
    analysis = analyze(board)
    for _attempt in range(20):
        split = _random_split(board, analysis, rng)
        problems = check({**board, "assignment": split})["problems"]
        rules = {p["rule"] for p in problems}
        if len(rules) == 1 and problems[0]["rule"] in RULE_CHOICES:
            deciding = problems[0]["rule"]
            options = [deciding, *rng.sample([r for r in RULE_CHOICES if r != deciding], 3)]
            rng.shuffle(options)
            return _base({**board, "assignment": split}, "rule",
                         _("%(board)s Alice assigns: %(split)s. This assignment is illegal. "
                           "Which rule decides that?", board=_describe(board),
                           split=split_words(board, split)), deciding, [deciding],
                         _said(problems, board),
                         options=[{"id": r, "text": _("Rule %(rule)s", rule=r)} for r in options])
    return None


def one_question(board, rng):
    blocked = [a for a in board["attackers"] if a["blocked_by"]]
    if not blocked:
        return None
    attacker = rng.choice(blocked)
    chosen = rng.choice(attacker["blocked_by"])
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
    analysis = analyze(board)
    why = _lethal_by_blocker(board, analysis, attacker)[blocker["id"]]
    return _base(board, "one", _("%(board)s How much damage must %(attacker)s assign to "
                                 "%(blocker)s before it may assign any to %(target)s?",
                                 board=_describe(board), attacker=attacker["name"],
                                 blocker=blocker["name"], target=_target(board, attacker)),
                 str(key), ["702.19b", "702.2c"] if deathtouch else ["702.19b"],
                 _("%(reasons)s.", reasons=why),
                 options=[{"id": str(o), "text": str(o)} for o in options],
                 verify={"kind": "lethal", "creature": attacker["id"], "blocker": blocker["id"]})


def many_question(board, rng):
    analysis = analyze(board)
    splits, seen = [], set()
    for _attempt in range(40):
        split = analysis["best"] if not splits else _random_split(board, analysis, rng)
        key = repr(sorted((a, sorted(r.items())) for a, r in split.items()))
        if key not in seen:
            seen.add(key)
            splits.append(split)
        if len(splits) == 4:
            break
    verdicts = [check({**board, "assignment": s})["legal"] for s in splits]
    if len(splits) < 4 or all(verdicts) or not any(verdicts):
        return None
    order = list(range(4))
    rng.shuffle(order)
    options = [{"id": "abcd"[i], "text": split_words(board, splits[j]), "assignment": splits[j]}
               for i, j in enumerate(order)]
    answer = ["abcd"[i] for i, j in enumerate(order) if verdicts[j]]
    why = _sentences(
        _("(%(letter)s) legal.", letter="abcd"[i]) if verdicts[j] else
        _("(%(letter)s) %(problems)s", letter="abcd"[i], problems=_said(
            check({**board, "assignment": splits[j]})["problems"], board))
        for i, j in enumerate(order))
    return _base(board, "many", _("%(board)s Which of these assignments are legal? Select all "
                                  "that apply.", board=_describe(board)),
                 answer, ["702.19b"], why, options=options)


def assign_question(board, rng):
    analysis = analyze(board)
    # The example split is the core's best; ask only about an attacker it sends the most for.
    reached = [a for a in board["attackers"]
               if analysis["best"].get(a["id"], {}).get("player", 0) == _most(board, analysis, a)]
    reached = [a for a in reached if _most(board, analysis, a) > 0]  # nothing to drag otherwise
    if not reached:
        return None
    attacker = rng.choice(reached)
    most = _most(board, analysis, attacker)
    lethal = _lethal_words(board, analysis, attacker)
    why = _sentences(([_("%(reasons)s.", reasons=_("; ").join(lethal))] if lethal else []) + [
        _("At most %(most)s can reach %(target)s; for example: %(split)s.", most=most,
          target=_target(board, attacker), split=split_words(board, analysis["best"]))])
    return _base(board, "assign", _("%(board)s Assign the combat damage so that the most "
                                    "possible reaches %(target)s.", board=_describe(board),
                                    target=_target(board, attacker)), most, ["702.19b"], why,
                 goal={"kind": "most", "creature": attacker["id"], "recipient": "player"},
                 example=analysis["best"])


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
    """The board with the contract's defaults written out, as the generator's own boards are."""
    defaults = {"attackers": {"abilities": [], "attacking": "player", "blocked_by": []},
                "blockers": {"damage": 0, "abilities": []},
                "planeswalkers": {"removed_from_combat": False},
                "battles": {"removed_from_combat": False}}
    return {kind: [{**fill, **thing} for thing in board.get(kind, [])]
            for kind, fill in defaults.items()}


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
