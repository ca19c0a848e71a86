"""The OpenAPI 3.1 description of the JSON API, written by hand from DESIGN.md's contract.
Its lists and limits are the rules core's own (webapp.rules), so the two cannot disagree."""

from __future__ import annotations

from .config import Defaults
from .content.generate import MAX_QUESTIONS, MAX_SEED, TIERS, TYPES
from .rules import (ABILITIES, COLORS, DAMAGE_STEPS, ID_PATTERN, LIMITS, MAX_NAME, MAX_NUMBER,
                    MAX_POISON, SIDES, START_LIFE)


def _number(low: int, **extra) -> dict:
    return {"type": "integer", "minimum": low, "maximum": MAX_NUMBER, **extra}


_ID = {"type": "string", "pattern": ID_PATTERN}
_AMOUNTS = {"type": "object", "additionalProperties": _number(0)}

_NAME = {"type": "string", "minLength": 1, "maxLength": MAX_NAME, "pattern": r"\S",
         "description": "defaults to the id; not blank"}
_CREATURE = {
    "id": _ID, "name": _NAME,
    "power": _number(-MAX_NUMBER),
    "toughness": _number(1),
    "damage": _number(0, description="already marked; below toughness unless indestructible"),
    "abilities": {"type": "array", "items": {"enum": list(ABILITIES)}},
    "colors": {"type": "array", "items": {"enum": list(COLORS)}},
}

def _counters(key: str) -> dict:
    """A planeswalker or battle: loyalty/defense 1-999, or 0 once it left combat (704.5i/704.5v)."""
    return {
        "type": "object", "required": ["id", key], "additionalProperties": False,
        "properties": {"id": _ID, "name": _NAME, key: _number(0),
                       "removed_from_combat": {"type": "boolean", "default": False}},
        "if": {"not": {"required": ["removed_from_combat"],
                       "properties": {"removed_from_combat": {"const": True}}}},
        "then": {"properties": {key: {"minimum": 1}}},
    }


_SCHEMAS = {
    "Attacker": {
        "type": "object", "required": ["id", "power", "toughness"], "additionalProperties": False,
        "properties": {
            **_CREATURE,
            "attacking": {"type": "string", "default": "player",
                          "description": "\"player\" or the id of a planeswalker or battle"},
            "blocked": {"type": "boolean",
                        "description": "defaults to whether blocked_by is non-empty; true with an "
                                       "empty blocked_by means every blocker left combat (702.19d)"},
            "blocked_by": {"type": "array", "items": _ID},
        },
    },
    "Blocker": {
        "type": "object", "required": ["id", "power", "toughness"], "additionalProperties": False,
        "properties": _CREATURE,
    },
    "Planeswalker": _counters("loyalty"),
    "Battle": _counters("defense"),
    "Player": {
        "type": "object", "additionalProperties": False,
        "description": "the defending player; resolve reads it (704.5a: 0 life loses; 704.5c: 10 "
                       "poison counters lose)",
        "properties": {"life": _number(1, default=START_LIFE),
                       "poison": {"type": "integer", "minimum": 0, "maximum": MAX_POISON,
                                  "default": 0}},
    },
    "Board": {
        "type": "object", "required": ["attackers"],
        "description": "One combat damage step at the moment damage is assigned. "
                       "Limits: " + ", ".join(f"{n} {kind}" for kind, n in LIMITS.items()) + ".",
        "properties": {
            "attackers": {"type": "array", "minItems": 1, "maxItems": LIMITS["attackers"],
                          "items": {"$ref": "#/components/schemas/Attacker"}},
            "blockers": {"type": "array", "maxItems": LIMITS["blockers"], "items": {"$ref": "#/components/schemas/Blocker"}},
            "planeswalkers": {"type": "array", "maxItems": LIMITS["planeswalkers"],
                              "items": {"$ref": "#/components/schemas/Planeswalker"}},
            "battles": {"type": "array", "maxItems": LIMITS["battles"], "items": {"$ref": "#/components/schemas/Battle"}},
            "assignment": {"type": ["object", "null"], "additionalProperties": _AMOUNTS,
                           "description": "creature id -> {recipient id or \"player\": amount}; "
                                          "check needs it, analyze ignores it, resolve deals it"},
            "player": {"$ref": "#/components/schemas/Player"},
            "damage_step": {"enum": [*DAMAGE_STEPS, None],
                            "description": "510.4: first = only first/double strikers deal damage; "
                                           "second = double strikers and creatures without first "
                                           "strike; absent or null = every creature deals "
                                           "damage"},
            "defending_player_assigns": {
                "type": "boolean",
                "description": "the defending player assigns the combat damage of each creature "
                               "attacking them, not their planeswalkers or battles (Defensive "
                               "Formation); the usual rules for a split still hold"},
            "lethal_by_power": {"type": "array", "uniqueItems": True, "maxItems": len(SIDES),
                                "items": {"enum": list(SIDES)},
                                "description": "whose creatures have lethal damage measured by "
                                               "power, not toughness (Zilortha, Strength "
                                               "Incarnate: \"creatures you control\"); a "
                                               "creature with power 0 or less needs 1"},
        },
    },
    "ResolveRequest": {
        "allOf": [{"$ref": "#/components/schemas/Board"}],
        "properties": {"second": {"type": ["object", "null"], "additionalProperties": _AMOUNTS,
                                  "description": "the second damage step's split (first or "
                                                 "double strike); absent or null: a default one"}},
    },
    "Problem": {
        "type": "object", "required": ["code", "rule", "creature", "message"],
        "properties": {
            "code": {"type": "string", "description": "stable snake_case mistake code"},
            "rule": {"type": "string", "examples": ["702.19b"]},
            "creature": {"type": "string"}, "recipient": {"type": ["string", "null"]},
            "params": {"type": "object", "description": "names and numbers to translate the message from"},
            "message": {"type": "string", "description": "one English sentence"},
        },
    },
    "CheckResult": {
        "type": "object", "required": ["legal", "problems"],
        "properties": {"legal": {"type": "boolean"},
                       "problems": {"type": "array", "items": {"$ref": "#/components/schemas/Problem"}}},
    },
    "AnalyzeResult": {
        "type": "object", "required": ["creatures", "legal_assignments"],
        "properties": {
            "creatures": {"type": "object", "additionalProperties": {
                "type": "object",
                "properties": {
                    "kind": {"enum": ["attacker", "blocker"]},
                    "power": {"type": "integer"}, "assigns": {"type": "integer"},
                    "lethal": _AMOUNTS,
                    "lethal_detail": {"type": "object"},
                    "recipients": {"type": "object", "additionalProperties": {
                        "type": "object", "properties": {"min": {"type": "integer"},
                                                         "max": {"type": "integer"}}}},
                    "gated": {"type": "object"},
                    "chooser": {"type": "string"}, "chooser_rule": {"type": ["string", "null"]},
                    "reach": {"type": "object"}, "closed": {"type": "object"},
                    "nothing_rule": {"type": ["string", "null"]},
                }}},
            "legal_assignments": {"type": "integer"},
            "best": {"type": "object", "additionalProperties": _AMOUNTS},
        },
    },
    "ResolveResult": {
        "type": "object", "required": ["legal", "problems", "failed_step", "steps", "skipped"],
        "properties": {
            "legal": {"type": "boolean"},
            "problems": {"type": "array", "items": {"$ref": "#/components/schemas/Problem"}},
            "failed_step": {"enum": ["first", "second", "only", None]},
            "skipped": {"type": ["object", "null"], "properties": {
                "code": {"enum": ["player_lost", "no_attackers"]}, "rule": {"type": "string"}}},
            "steps": {"type": "array", "maxItems": 2,
                      "items": {"$ref": "#/components/schemas/Step"}},
        },
    },
    "Step": {
        "type": "object",
        "required": ["step", "rule", "board", "assignment", "dealt", "creatures", "planeswalkers",
                     "battles", "player", "attacking_player", "graveyard"],
        "properties": {
            "step": {"enum": ["first", "second", "only"]},
            "rule": {"type": "string"},
            "board": {"$ref": "#/components/schemas/Board"},
            "assignment": {"type": "object", "additionalProperties": _AMOUNTS},
            "dealt": {"type": "array", "items": {
                "type": "object",
                "required": ["source", "recipient", "assigned", "dealt", "prevented_rule", "effect",
                             "rule", "deathtouch", "lifelink"],
                "properties": {
                    "source": {"type": "string"}, "recipient": {"type": "string"},
                    "assigned": {"type": "integer"}, "dealt": {"type": "integer"},
                    "prevented_rule": {"type": ["string", "null"]},
                    "effect": {"enum": ["life_lost", "poison_counters", "loyalty_lost",
                                        "defense_lost", "minus_counters", "damage_marked", None]},
                    "rule": {"type": ["string", "null"]},
                    "deathtouch": {"type": "boolean"}, "lifelink": {"type": "boolean"}}}},
            "creatures": {"type": "object", "additionalProperties": {
                "type": "object",
                "required": ["damage", "minus_counters", "power", "toughness", "dies", "causes"],
                "properties": {
                    "damage": {"type": "integer"}, "minus_counters": {"type": "integer"},
                    "power": {"type": "integer"}, "toughness": {"type": "integer"},
                    "dies": {"type": "boolean"},
                    "causes": {"type": "array", "items": {
                        "type": "object", "required": ["code", "rule"],
                        "properties": {"code": {"enum": ["zero_toughness", "lethal_damage",
                                                         "deathtouch"]},
                                       "rule": {"type": "string"}}}},
                    "indestructible_rule": {"type": ["string", "null"]}}}},
            "planeswalkers": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Counters"}},
            "battles": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Counters"}},
            "player": {"type": "object", "required": ["life", "poison", "loses"], "properties": {
                "life": {"type": "integer"}, "poison": {"type": "integer"},
                "life_lost": {"type": "integer"}, "life_gained": {"type": "integer"},
                "poison_added": {"type": "integer"}, "loses": {"type": "boolean"},
                "losses": {"type": "array", "items": {"type": "object"}}}},
            "attacking_player": {"type": "object",
                                 "properties": {"life_gained": {"type": "integer"}}},
            "graveyard": {"type": "array", "items": {"type": "string"}},
        },
    },
    "Counters": {
        "type": "object", "required": ["dealt", "lost", "left", "dies", "rule"],
        "description": "loyalty (120.3c, 704.5i) or defense (120.3h, 704.5v) after the step",
        "properties": {"dealt": {"type": "integer"}, "lost": {"type": "integer"},
                       "left": {"type": "integer"}, "dies": {"type": "boolean"},
                       "rule": {"type": ["string", "null"]}},
    },
    "Question": {
        "type": "object",
        "required": ["id", "tier", "type", "prompt", "board", "answer", "rules", "explanation"],
        "properties": {
            "id": {"type": "string", "description": "stable for a tier, seed and position"},
            "tier": {"enum": list(TIERS)},
            "type": {"enum": list(TYPES)},
            "prompt": {"type": "string", "description": "exam wording; every number stated"},
            "board": {"$ref": "#/components/schemas/Board"},
            "answer": {"description": "number: the most (integer); legal: true/false; rule and one: "
                                      "an option id; many: option ids; assign: the most that can "
                                      "reach the target (grade a split with /api/check)"},
            "options": {"type": "array", "items": {
                "type": "object", "required": ["id", "text"],
                "properties": {"id": {"type": "string"}, "text": {"type": "string"},
                               "assignment": {"type": "object", "description": "many: the split"}}}},
            "rules": {"type": "array", "items": {"type": "string"}},
            "explanation": {"type": "string"},
            "goal": {"type": "object", "description": "assign: what the split must achieve"},
            "example": {"type": "object", "description": "assign: one split that achieves it"},
        },
    },
    "Questions": {
        "type": "object", "required": ["questions"],
        "properties": {"questions": {"type": "array",
                                     "items": {"$ref": "#/components/schemas/Question"}}},
    },
    "Error": {
        "type": "object", "required": ["error"],
        "properties": {"error": {"type": "string", "description": "starts with the bad field"},
                       "field": {"type": ["string", "null"]}},
    },
}


def _operation(summary: str, result: str, body: str = "Board") -> dict:
    json_body = {"application/json": {"schema": {"$ref": f"#/components/schemas/{body}"}}}
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    return {
        "summary": summary,
        "requestBody": {"required": True, "content": json_body},
        "responses": {
            "200": {"description": "OK", "content": {
                "application/json": {"schema": {"$ref": f"#/components/schemas/{result}"}}}},
            "400": {"description": "Bad board or bad JSON; the error names the field", "content": error},
            "413": {"description": f"Body larger than {Defaults.MAX_CONTENT_LENGTH // 1024} KB",
                    "content": error},
            "415": {"description": "Body is not application/json", "content": error},
        },
    }


def _generate_operation() -> dict:
    def integer(name: str, low: int, high: int, default: int | None, text: str) -> dict:
        schema = {"type": "integer", "minimum": low, "maximum": high}
        if default is not None:
            schema["default"] = default
        return {"name": name, "in": "query", "required": default is None, "schema": schema,
                "description": text}

    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    return {
        "summary": "Fresh quiz questions for a tier, keyed by the rules core; same seed, same "
                   "questions.",
        "parameters": [
            integer("tier", min(TIERS), max(TIERS), None, "1: one or two blockers, marked damage, "
                    "deathtouch, protection; 2: shared blockers, first/double strike, blockers "
                    "removed; 3: planeswalkers, battles, deathtouch on an already lethal blocker"),
            integer("n", 1, MAX_QUESTIONS, 10, "how many questions"),
            integer("seed", 0, MAX_SEED, 0, "the same seed gives the same questions"),
        ],
        "responses": {
            "200": {"description": "OK", "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/Questions"}}}},
            "400": {"description": "A parameter out of range; the error names it", "content": error},
        },
    }


def document() -> dict:
    return {
        "openapi": "3.1.0",
        "info": {"title": "Trample Trainer rules API", "version": "1.0.0",
                 "description": "Check, analyze and resolve combat damage assignment (CR 510, "
                                "702.19, 704.5)."},
        "paths": {
            "/api/check": {"post": _operation(
                "Is this damage assignment legal? Every problem with its rule.", "CheckResult")},
            "/api/analyze": {"post": _operation(
                "Lethal damage, every recipient's least/most, legal ways, a best split.",
                "AnalyzeResult")},
            "/api/resolve": {"post": _operation(
                "Combat resolved: damage dealt, deaths, life, poison, loyalty and defense; both "
                "steps with first or double strike.", "ResolveResult", "ResolveRequest")},
            "/api/quiz/generate": {"get": _generate_operation()},
        },
        "components": {"schemas": _SCHEMAS},
    }
