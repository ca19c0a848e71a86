"""The OpenAPI 3.1 description of the JSON API, written by hand from DESIGN.md's contract.
Its lists and limits are the rules core's own (webapp.rules), so the two cannot disagree."""

from __future__ import annotations

from .config import Defaults
from .content.generate import MAX_QUESTIONS, MAX_SEED, TIERS, TYPES
from .rules import ABILITIES, COLORS, ID_PATTERN, LIMITS, MAX_NAME, MAX_NUMBER


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
    "Planeswalker": {
        "type": "object", "required": ["id", "loyalty"], "additionalProperties": False,
        "properties": {"id": _ID, "name": _NAME,
                       "loyalty": _number(1),
                       "removed_from_combat": {"type": "boolean"}},
    },
    "Battle": {
        "type": "object", "required": ["id", "defense"], "additionalProperties": False,
        "properties": {"id": _ID, "name": _NAME,
                       "defense": _number(1),
                       "removed_from_combat": {"type": "boolean"}},
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
                                          "check needs it, analyze ignores it"},
        },
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
                    "chooser": {"type": "string"}, "chooser_rule": {"type": "string"},
                    "reach": {"type": "object"}, "closed": {"type": "object"},
                    "nothing_rule": {"type": ["string", "null"]},
                }}},
            "legal_assignments": {"type": "integer"},
            "best": {"type": "object", "additionalProperties": _AMOUNTS},
        },
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


def _operation(summary: str, result: str) -> dict:
    json_body = {"application/json": {"schema": {"$ref": "#/components/schemas/Board"}}}
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
                 "description": "Check and analyze combat damage assignment (CR 510, 702.19)."},
        "paths": {
            "/api/check": {"post": _operation(
                "Is this damage assignment legal? Every problem with its rule.", "CheckResult")},
            "/api/analyze": {"post": _operation(
                "Lethal damage, every recipient's least/most, legal ways, a best split.",
                "AnalyzeResult")},
            "/api/quiz/generate": {"get": _generate_operation()},
        },
        "components": {"schemas": _SCHEMAS},
    }
