"""The sandbox's board: its shape, the compact link that carries it, and reading it from the form.

This module knows the *editor's* view of a board — e.g. a blocker ticked "removed from combat" is
still listed so it can be put back — and turns it into the rules core's contract with `to_core`.
It decides nothing about the rules: lethal damage, recipients and legality come from the core.
No Flask here.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Annotated, Literal
from urllib.parse import parse_qsl

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from .deflate import deflate
from .i18n import ABILITY_ORDER

Id = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,40}$")]
Name = Annotated[str, StringConstraints(min_length=1, max_length=40, strip_whitespace=True)]
Number = Annotated[int, Field(ge=-999, le=999)]
Ability = Literal[ABILITY_ORDER]  # type: ignore[valid-type]
MAX = {"attackers": 8, "blockers": 12, "planeswalkers": 4, "battles": 4}
LINK_LIMIT = 4000  # characters of the link parameter we are willing to read


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Attacker(_Strict):
    id: Id
    name: Name
    power: Number
    toughness: Number
    abilities: list[Ability] = []
    attacking: str = "player"
    blocked_by: list[Id] = []


class Blocker(_Strict):
    id: Id
    name: Name
    power: Number
    toughness: Number
    damage: Number = 0
    abilities: list[Ability] = []
    removed: bool = False


class Planeswalker(_Strict):
    id: Id
    name: Name
    loyalty: Number
    removed_from_combat: bool = False


class Battle(_Strict):
    id: Id
    name: Name
    defense: Number
    removed_from_combat: bool = False


class SandboxBoard(_Strict):
    attackers: Annotated[list[Attacker], Field(max_length=MAX["attackers"])] = []
    blockers: Annotated[list[Blocker], Field(max_length=MAX["blockers"])] = []
    planeswalkers: Annotated[list[Planeswalker], Field(max_length=MAX["planeswalkers"])] = []
    battles: Annotated[list[Battle], Field(max_length=MAX["battles"])] = []
    assignment: dict[Id, dict[Id, Annotated[int, Field(ge=0, le=999)]]] = {}


class LinkError(ValueError):
    """The board link can't be read (truncated, edited by hand, from a newer version...)."""


def default_board() -> dict:
    """Force of Nature (8/8 trample) blocked by three Grizzly Bears (2/2)."""
    bears = [{"id": f"b{i}", "name": "Grizzly Bears", "power": 2, "toughness": 2, "damage": 0,
              "abilities": [], "removed": False} for i in (1, 2, 3)]
    return {
        "attackers": [{"id": "a1", "name": "Force of Nature", "power": 8, "toughness": 8,
                       "abilities": ["trample"], "attacking": "player",
                       "blocked_by": ["b1", "b2", "b3"]}],
        "blockers": bears, "planeswalkers": [], "battles": [],
        "assignment": {"a1": {}},
    }


# ---- the link -------------------------------------------------------------------------------

def encode(board: dict, base: dict | None = None) -> str:
    """Board -> short URL-safe text: version '1', then base64url(zlib(compact JSON)).
    `base` is `link_base(board)` worked out earlier: only the assignment is then added."""
    if base is None:
        compact = SandboxBoard.model_validate(board).model_dump(exclude_defaults=True)
    else:  # the assignment is the model's last field and is left out when empty
        compact = {**base, "assignment": board["assignment"]} if board["assignment"] else base
    raw = json.dumps(compact, separators=(",", ":"), ensure_ascii=False).encode()
    return "1" + base64.urlsafe_b64encode(deflate(raw, 9)).decode().rstrip("=")


def link_base(board: dict) -> dict:
    """The compact form of a board without its assignment (what slider moves leave unchanged)."""
    return SandboxBoard.model_validate({**board, "assignment": {}}).model_dump(exclude_defaults=True)


def decode(text: str) -> dict:
    if not text or len(text) > LINK_LIMIT or text[0] != "1":
        raise LinkError("unknown link format")
    try:
        packed = base64.urlsafe_b64decode(text[1:] + "=" * (-len(text[1:]) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, 64 * 1024)
        if inflater.unconsumed_tail:
            raise LinkError("link too large")
        data = json.loads(raw)
        return SandboxBoard.model_validate(data).model_dump()
    except (binascii.Error, zlib.error, ValueError, RecursionError, ValidationError) as err:
        raise LinkError(str(err).splitlines()[0]) from None


def validate(board: dict) -> dict:
    """Normalise a board built in code or from the form (fills defaults; raises on bad shape)."""
    return SandboxBoard.model_validate(board).model_dump()


# ---- to the rules core ------------------------------------------------------------------------

def to_core(board: dict) -> dict:
    """The contract's board, without the assignment (the sliders are checked apart from it):
    removed blockers are gone; an attacker whose blockers all left stays blocked (702.19d)."""
    present = {b["id"] for b in board["blockers"] if not b["removed"]}
    return {
        "attackers": [
            {"id": a["id"], "name": a["name"], "power": a["power"], "toughness": a["toughness"],
             "abilities": list(a["abilities"]), "attacking": a["attacking"],
             "blocked": bool(a["blocked_by"]),
             "blocked_by": [b for b in a["blocked_by"] if b in present]}
            for a in board["attackers"]],
        "blockers": [
            {"id": b["id"], "name": b["name"], "power": b["power"], "toughness": b["toughness"],
             "damage": b["damage"], "abilities": list(b["abilities"])}
            for b in board["blockers"] if not b["removed"]],
        "planeswalkers": [dict(p) for p in board["planeswalkers"]],
        "battles": [dict(b) for b in board["battles"]],
    }


def fit_assignment(board: dict, analysis: dict) -> dict:
    """Keep each attacker's assignment to the recipients the core says it may ever use, and never
    more in total than the damage it assigns (sliders can't over-assign; earlier ones win)."""
    fitted = {}
    for attacker in board["attackers"]:
        info = analysis["creatures"].get(attacker["id"])
        if not info:
            continue
        wanted = board["assignment"].get(attacker["id"], {})
        left = max(info["assigns"], 0)
        row = {}
        for recipient in info["recipients"]:
            amount = min(max(int(wanted.get(recipient, 0)), 0), left)
            row[recipient] = amount
            left -= amount
        fitted[attacker["id"]] = row
    return {**board, "assignment": fitted}


# ---- editing ----------------------------------------------------------------------------------

_PREFIX = {"attackers": "a", "blockers": "b", "planeswalkers": "pw", "battles": "bt"}


def _new_id(board: dict, kind: str) -> str:
    taken = {x["id"] for group in _PREFIX for x in board[group]}
    n = 1
    while f"{_PREFIX[kind]}{n}" in taken:
        n += 1
    return f"{_PREFIX[kind]}{n}"


def add(board: dict, kind: str, names: dict[str, str]) -> dict:
    if kind not in _PREFIX or len(board[kind]) >= MAX[kind]:
        return board
    new_id = _new_id(board, kind)
    item = {
        "attackers": {"id": new_id, "name": names["attacker"], "power": 3, "toughness": 3,
                      "abilities": ["trample"], "attacking": "player", "blocked_by": []},
        "blockers": {"id": new_id, "name": names["blocker"], "power": 2, "toughness": 2,
                     "damage": 0, "abilities": [], "removed": False},
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


def step(board: dict, attacker: str, recipient: str, delta: int) -> dict:
    row = dict(board["assignment"].get(attacker, {}))
    row[recipient] = max(0, min(999, int(row.get(recipient, 0)) + delta))
    return {**board, "assignment": {**board["assignment"], attacker: row}}


# ---- reading the editor form ------------------------------------------------------------------

_ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,40}$")


def _int(value, default: int, lo: int, hi: int) -> int:
    try:
        return max(lo, min(hi, int(str(value).strip())))
    except (TypeError, ValueError):
        return default


def _name(value, default: str) -> str:
    text = " ".join(str(value or "").split())[:40]
    return text or default


def _rows(form, prefix: str, limit: int):
    """Yield (field getter, id) for prefix-0.., prefix-1.. rows that carry a valid, unused id."""
    seen = set()
    for n in range(limit):
        item_id = form.get(f"{prefix}-{n}-id", "")
        if not _ID_RE.match(item_id) or item_id in seen or item_id == "player":
            continue
        seen.add(item_id)
        yield (lambda field, n=n: form.get(f"{prefix}-{n}-{field}")), \
              (lambda field, n=n: form.getlist(f"{prefix}-{n}-{field}")), item_id


def from_form(form, names: dict[str, str]) -> dict:
    """Read the editor form leniently: a bad number falls back to a sensible value, unknown ids
    and abilities are dropped. What remains is validated by the rules core."""
    board = {"attackers": [], "blockers": [], "planeswalkers": [], "battles": [], "assignment": {}}
    for get, getlist, bid in _rows(form, "blocker", MAX["blockers"]):
        board["blockers"].append({
            "id": bid, "name": _name(get("name"), names["blocker"]),
            "power": _int(get("power"), 0, -999, 999), "toughness": _int(get("toughness"), 1, 1, 999),
            "damage": _int(get("damage"), 0, 0, 999),
            "abilities": [a for a in ABILITY_ORDER if a in getlist("ability")],
            "removed": get("removed") == "on"})
    for get, _, pid in _rows(form, "planeswalker", MAX["planeswalkers"]):
        board["planeswalkers"].append({
            "id": pid, "name": _name(get("name"), names["planeswalker"]),
            "loyalty": _int(get("loyalty"), 1, 1, 999), "removed_from_combat": get("removed") == "on"})
    for get, _, tid in _rows(form, "battle", MAX["battles"]):
        board["battles"].append({
            "id": tid, "name": _name(get("name"), names["battle"]),
            "defense": _int(get("defense"), 1, 1, 999), "removed_from_combat": get("removed") == "on"})
    blockers = [b["id"] for b in board["blockers"]]
    targets = {x["id"] for x in board["planeswalkers"] + board["battles"]}
    used = set(blockers) | targets
    for get, getlist, aid in _rows(form, "attacker", MAX["attackers"]):
        if aid in used:
            continue
        target = get("attacking")
        board["attackers"].append({
            "id": aid, "name": _name(get("name"), names["attacker"]),
            "power": _int(get("power"), 0, -999, 999), "toughness": _int(get("toughness"), 1, 1, 999),
            "abilities": [a for a in ABILITY_ORDER if a in getlist("ability")],
            "attacking": target if target in targets else "player",
            "blocked_by": [b for b in blockers if b in getlist("blocked_by")]})
    board["assignment"] = read_assignment(form.items(multi=True), board["attackers"])
    return board


def read_assignment(pairs, attackers: list[dict]) -> dict[str, dict[str, int]]:
    """The sliders' "dmg:<attacker>:<recipient>" fields (the first of repeated ones counts);
    fields for creatures that are not attackers on this board are dropped."""
    ids = {a["id"] for a in attackers}
    assignment: dict[str, dict[str, int]] = {}
    for key, value in pairs:
        parts = key.split(":")
        if len(parts) == 3 and parts[0] == "dmg" and parts[1] in ids and _ID_RE.match(parts[2]):
            assignment.setdefault(parts[1], {}).setdefault(parts[2], _int(value, 0, 0, 999))
    return assignment


def split_body(body: bytes) -> tuple[bytes, list[tuple[str, str]]]:
    """An urlencoded form's board fields, still encoded, and its slider fields, decoded (the CSRF
    token is neither). While a slider is dragged the board part stays byte for byte the same, so it
    can name the board without being read again."""
    board, sliders = [], []
    for part in body.split(b"&"):
        if part[:6] in (b"dmg%3A", b"dmg%3a") or part.startswith(b"dmg:"):
            sliders.append(part)
        elif part and not part.startswith(b"csrf_token="):
            board.append(part)
    return b"&".join(board), parse_qsl(b"&".join(sliders).decode("utf-8", "replace"),
                                       keep_blank_values=True)


def board_fields(encoded: bytes) -> list[tuple[str, str]]:
    return parse_qsl(encoded.decode("utf-8", "replace"), keep_blank_values=True)
