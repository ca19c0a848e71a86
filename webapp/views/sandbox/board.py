"""The sandbox's board: its shape, the compact link that carries it, and reading it from the form.

This module knows the *editor's* view of a board — e.g. a blocker ticked "removed from combat" is
still listed so it can be put back — and turns it into the rules core's contract with `to_core`.
It decides nothing about the rules and keeps no list of its own: ids, abilities and limits are the
core's, and the core validates the board when it is checked (the verdict shows what is wrong).
A link is read by the same reader as the form. No Flask here.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib

from ...content.fields import SliderError, posted, read_split
from ...rules import (ABILITIES, COLORS, DAMAGE_STEPS, ID_PATTERN, LIMITS, MAX_NAME, MAX_NUMBER,
                      PLAYER, START_LIFE)

LINK_LIMIT = 4000  # characters of the link parameter we are willing to read
# Cards beside the combat that change it, as the board format says them (docs/board-format.md):
# Zilortha on either side (lethal_by_power), Defensive Formation (defending_player_assigns).
EFFECTS = ("zilortha_defending", "zilortha_attacking", "defensive_formation")
# The defending player as a new board has it: what "Deal the damage" counts down (704.5a, 704.5c).
PLAYER_DEFAULTS = {"life": START_LIFE, "poison": 0}
_ID_RE = re.compile(ID_PATTERN)


class LinkError(ValueError):
    """The board link can't be read (truncated, edited by hand, from a newer version...)."""


class FormError(ValueError):
    """A slider field of the editor's form can't be read. `refused` is the reader's SliderError;
    `board` is the board as the rest of the form said, to show again with the message."""

    def __init__(self, board: dict, refused: SliderError):
        super().__init__(refused.code)
        self.board, self.refused = board, refused


def default_board() -> dict:
    """Force of Nature (8/8 green, trample) blocked by three Grizzly Bears (2/2 green), as
    printed."""
    bears = [{"id": f"b{i}", "name": "Grizzly Bears", "power": 2, "toughness": 2, "damage": 0,
              "abilities": [], "colors": ["green"], "removed": False} for i in (1, 2, 3)]
    return {
        "attackers": [{"id": "a1", "name": "Force of Nature", "power": 8, "toughness": 8,
                       "abilities": ["trample"], "colors": ["green"], "attacking": "player",
                       "blocked_by": ["b1", "b2", "b3"]}],
        "blockers": bears, "planeswalkers": [], "battles": [], "effects": [],
        "damage_step": None, "player": dict(PLAYER_DEFAULTS), "assignment": {"a1": {}},
    }


# ---- the link -------------------------------------------------------------------------------

# What the compact form leaves out: each field's value when nothing was changed.
_DEFAULTS = {"damage": 0, "abilities": [], "colors": [], "removed": False, "attacking": PLAYER,
             "blocked_by": [], "removed_from_combat": False}


def encode(board: dict) -> str:
    """Board -> short URL-safe text: version '1', then base64url(zlib(compact JSON))."""
    raw = json.dumps(_compact(board), separators=(",", ":"), ensure_ascii=False).encode()
    return "1" + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def _compact(board: dict) -> dict:
    out = {}
    for kind in _PREFIX:
        items = [{k: v for k, v in item.items() if _DEFAULTS.get(k, ...) != v}
                 for item in board[kind]]
        if items:
            out[kind] = items
    if board.get("effects"):
        out["effects"] = list(board["effects"])
    if board.get("damage_step"):
        out["damage_step"] = board["damage_step"]
    player = {k: v for k, v in board.get("player", PLAYER_DEFAULTS).items()
              if PLAYER_DEFAULTS[k] != v}
    if player:
        out["player"] = player
    # a creature with nothing to assign (no damage in this step, no recipient) has no row: the
    # form has no slider for it, so the link reads back as the board it was made from
    rows = {cid: row for cid, row in board["assignment"].items() if row}
    if rows:
        out["assignment"] = rows
    return out


def decode(text: str) -> dict:
    """A link -> the board, read like the editor's form. A link that doesn't read back as the
    board it describes (edited by hand, unknown ability, a field in the wrong place) is refused."""
    if not text or len(text) > LINK_LIMIT or text[0] != "1":
        raise LinkError("unknown link format")
    try:
        packed = base64.urlsafe_b64decode(text[1:] + "=" * (-len(text[1:]) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, 64 * 1024)
        if inflater.unconsumed_tail:
            raise LinkError("link too large")
        data = json.loads(raw)
    except (binascii.Error, zlib.error, ValueError, RecursionError) as err:
        raise LinkError(str(err).splitlines()[0]) from None
    try:
        board = from_form(_Fields(_fields(data)), {})
    except (AttributeError, KeyError, TypeError, FormError) as err:
        raise LinkError(f"not a board ({type(err).__name__})") from None
    if _compact(board) != data:
        raise LinkError("the link describes something the editor can't show")
    return board


def _fields(data: dict) -> list[tuple[str, object]]:
    """The editor form's fields for a compact board (the inverse of reading the form)."""
    pairs: list[tuple[str, object]] = []
    for kind, prefix in _FORM.items():
        for n, item in enumerate(data.get(kind, [])):
            item = {**_DEFAULTS, **item}
            for key, value in item.items():
                if key in _LISTS:
                    pairs += [(f"{prefix}-{n}-{_LISTS[key]}", v) for v in value]
                elif key in ("removed", "removed_from_combat"):
                    pairs += [(f"{prefix}-{n}-removed", "on")] if value is True else []
                else:
                    pairs.append((f"{prefix}-{n}-{key}", value))
    pairs += [("effect", e) for e in data.get("effects", [])]
    pairs += [("damage_step", data["damage_step"])] if "damage_step" in data else []
    pairs += [(f"player-{key}", value)
              for key, value in {**PLAYER_DEFAULTS, **data.get("player", {})}.items()]
    for attacker, split in data.get("assignment", {}).items():
        pairs += [(f"dmg:{attacker}:{recipient}", amount) for recipient, amount in split.items()]
    return pairs


_LISTS = {"abilities": "ability", "colors": "color", "blocked_by": "blocked_by"}  # list field -> its form field


class _Fields:
    """The few MultiDict methods `from_form` uses, over a list of pairs."""

    def __init__(self, pairs):
        self.pairs = pairs

    def get(self, key, default=None):
        return next((v for k, v in self.pairs if k == key), default)

    def getlist(self, key):
        return [v for k, v in self.pairs if k == key]

    def items(self, multi=False):
        return iter(self.pairs)


# ---- to the rules core ------------------------------------------------------------------------

def to_core(board: dict) -> dict:
    """The contract's board, without the assignment (the sliders are checked apart from it):
    removed blockers are gone; an attacker whose blockers all left stays blocked (702.19d)."""
    present = {b["id"] for b in board["blockers"] if not b["removed"]}
    effects = board.get("effects", ())
    sides = [side for side in ("attacking", "defending") if f"zilortha_{side}" in effects]
    player = board.get("player", PLAYER_DEFAULTS)
    return {
        **({"player": dict(player)} if player != PLAYER_DEFAULTS else {}),
        **({"lethal_by_power": sides} if sides else {}),
        **({"defending_player_assigns": True} if "defensive_formation" in effects else {}),
        **({"damage_step": board["damage_step"]} if board.get("damage_step") else {}),
        "attackers": [
            {"id": a["id"], "name": a["name"], "power": a["power"], "toughness": a["toughness"],
             "abilities": list(a["abilities"]), "colors": list(a["colors"]),
             "attacking": a["attacking"],
             "blocked": bool(a["blocked_by"]),
             "blocked_by": [b for b in a["blocked_by"] if b in present]}
            for a in board["attackers"]],
        "blockers": [
            {"id": b["id"], "name": b["name"], "power": b["power"], "toughness": b["toughness"],
             "damage": b["damage"], "abilities": list(b["abilities"]),
             "colors": list(b["colors"])}
            for b in board["blockers"] if not b["removed"]],
        "planeswalkers": [dict(p) for p in board["planeswalkers"]],
        "battles": [dict(b) for b in board["battles"]],
    }


# ---- editing ----------------------------------------------------------------------------------

_PREFIX = {"attackers": "a", "blockers": "b", "planeswalkers": "pw", "battles": "bt"}
_FORM = {"attackers": "attacker", "blockers": "blocker", "planeswalkers": "planeswalker",
         "battles": "battle"}  # each kind's field prefix in the editor form


def _new_id(board: dict, kind: str) -> str:
    taken = {x["id"] for group in _PREFIX for x in board[group]}
    n = 1
    while f"{_PREFIX[kind]}{n}" in taken:
        n += 1
    return f"{_PREFIX[kind]}{n}"


def add(board: dict, kind: str, names: dict[str, str]) -> dict:
    if kind not in _PREFIX or len(board[kind]) >= LIMITS[kind]:
        return board
    new_id = _new_id(board, kind)
    item = {
        "attackers": {"id": new_id, "name": names["attacker"], "power": 3, "toughness": 3,
                      "abilities": ["trample"], "colors": [], "attacking": "player",
                      "blocked_by": []},
        "blockers": {"id": new_id, "name": names["blocker"], "power": 2, "toughness": 2,
                     "damage": 0, "abilities": [], "colors": [], "removed": False},
        "planeswalkers": {"id": new_id, "name": names["planeswalker"], "loyalty": 3,
                          "removed_from_combat": False},
        "battles": {"id": new_id, "name": names["battle"], "defense": 3,
                    "removed_from_combat": False},
    }[kind]
    board = {**board, kind: [*board[kind], item]}
    if kind == "blockers" and board["attackers"]:  # a new blocker blocks the first attacker
        first = board["attackers"][0]
        board["attackers"] = [{**first, "blocked_by": [*first["blocked_by"], new_id]},
                              *board["attackers"][1:]]
    return board


def remove(board: dict, item_id: str) -> dict:
    board = {k: ([x for x in v if x["id"] != item_id] if k in _PREFIX else v)
             for k, v in board.items()}
    board["attackers"] = [
        {**a, "blocked_by": [b for b in a["blocked_by"] if b != item_id],
         "attacking": "player" if a["attacking"] == item_id else a["attacking"]}
        for a in board["attackers"]]
    board["assignment"] = {a: {r: n for r, n in row.items() if r != item_id}
                           for a, row in board["assignment"].items() if a != item_id}
    return board


def change(board: dict, item_id: str, fields: dict) -> dict:
    """The board with `fields` set on the attacker or blocker `item_id` (nothing else moves)."""
    return {**board, **{kind: [{**x, **fields} if x["id"] == item_id else x for x in board[kind]]
                        for kind in ("attackers", "blockers")}}


def step(board: dict, attacker: str, recipient: str, delta: int) -> dict:
    """A −/+ button: one slider one damage more or less (a recipient not on the board has no
    slider: nothing moves, as the form's reader would drop it)."""
    if recipient not in _recipients(board):
        return board
    row = dict(board["assignment"].get(attacker, {}))
    row[recipient] = max(0, min(MAX_NUMBER, int(row.get(recipient, 0)) + delta))
    return {**board, "assignment": {**board["assignment"], attacker: row}}


# ---- reading the editor form ------------------------------------------------------------------


def _int(value, default: int) -> int:
    """A number field as typed; the core says whether it is in range when the board is checked."""
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return default


def _name(value, default: str) -> str:
    text = " ".join(str(value or "").split())[:MAX_NAME]
    return text or default


def _rows(form, kind: str):
    """Yield (field getter, list getter, id) for the editor's rows of `kind` that carry a usable,
    unused id (ids are ours: the page makes them; a row without one can't be shown)."""
    prefix, seen = _FORM[kind], set()
    for n in range(LIMITS[kind]):
        item_id = form.get(f"{prefix}-{n}-id", "")
        if not isinstance(item_id, str) or not _ID_RE.match(item_id) or item_id in seen \
                or item_id == PLAYER:
            continue
        seen.add(item_id)
        yield (lambda field, n=n: form.get(f"{prefix}-{n}-{field}")), \
              (lambda field, n=n: form.getlist(f"{prefix}-{n}-{field}")), item_id


def from_form(form, names: dict[str, str]) -> dict:
    """Read the editor form: empty or unreadable numbers take a default, unknown ids, abilities
    and colours are dropped (the page can't show them). Ranges are left to the core, which says what is wrong.
    Slider fields are the exception: they are read as on every surface (`_assignment`), and one
    that can't be read raises SliderError."""
    board = {"attackers": [], "blockers": [], "planeswalkers": [], "battles": [], "assignment": {},
             "effects": [e for e in EFFECTS if e in form.getlist("effect")],
             # 510.4: the first-strike step or the regular one after it; none named, every
             # creature on the board deals damage (the core's contract)
             "damage_step": form.get("damage_step") if form.get("damage_step") in DAMAGE_STEPS
             else None,
             "player": {key: _int(form.get(f"player-{key}"), default)
                        for key, default in PLAYER_DEFAULTS.items()}}
    for get, getlist, bid in _rows(form, "blockers"):
        board["blockers"].append({
            "id": bid, "name": _name(get("name"), names.get("blocker", bid)),
            "power": _int(get("power"), 0), "toughness": _int(get("toughness"), 1),
            "damage": _int(get("damage"), 0),
            "abilities": [a for a in ABILITIES if a in getlist("ability")],
            "colors": [c for c in COLORS if c in getlist("color")],
            "removed": get("removed") == "on"})
    for get, _, pid in _rows(form, "planeswalkers"):
        board["planeswalkers"].append({
            "id": pid, "name": _name(get("name"), names.get("planeswalker", pid)),
            "loyalty": _int(get("loyalty"), 1), "removed_from_combat": get("removed") == "on"})
    for get, _, tid in _rows(form, "battles"):
        board["battles"].append({
            "id": tid, "name": _name(get("name"), names.get("battle", tid)),
            "defense": _int(get("defense"), 1), "removed_from_combat": get("removed") == "on"})
    blockers = [b["id"] for b in board["blockers"]]
    targets = {x["id"] for x in board["planeswalkers"] + board["battles"]}
    used = set(blockers) | targets
    for get, getlist, aid in _rows(form, "attackers"):
        if aid in used:
            continue
        target = get("attacking")
        board["attackers"].append({
            "id": aid, "name": _name(get("name"), names.get("attacker", aid)),
            "power": _int(get("power"), 0), "toughness": _int(get("toughness"), 1),
            "abilities": [a for a in ABILITIES if a in getlist("ability")],
            "colors": [c for c in COLORS if c in getlist("color")],
            "attacking": target if target in targets else PLAYER,
            "blocked_by": [b for b in blockers if b in getlist("blocked_by")]})
    try:
        board["assignment"] = _assignment(form, board)
    except SliderError as err:
        raise FormError({**board, "assignment": err.split}, err) from None
    return board


def _recipients(board: dict) -> list[str]:
    return [*(x["id"] for kind in ("blockers", "planeswalkers", "battles") for x in board[kind]),
            PLAYER]


def _assignment(form, board: dict) -> dict[str, dict[str, int]]:
    """The sliders' fields, read by the one reader (webapp.content.fields) with the board edited in
    the same form: fields for creatures no longer on the board are dropped, not refused (an
    attacker's sliders are then any creature, planeswalker or battle on it, and the player; the
    live check fits the split to the ones the rules allow). Only the fields the form names are
    kept, in the order posted (a missing one is 0 to the live check), so a board reads back from
    its link exactly as it was written. A field the reader refuses raises SliderError, whose split
    is what the other fields said."""
    sliders = {a["id"]: _recipients(board) for a in board["attackers"]}

    def kept(split: dict) -> dict:
        rows: dict[str, dict[str, int]] = {}
        for key, _ in posted(form):
            _, attacker, recipient = (key.split(":", 2) + ["", ""])[:3]
            if recipient in split.get(attacker, {}):
                rows.setdefault(attacker, {})[recipient] = split[attacker][recipient]
        return rows

    try:
        return kept(read_split(form, sliders, editing=True))
    except SliderError as err:
        raise SliderError(err.code, kept(err.split), **err.params) from None
