"""schemathesis against /api/openapi.json: what the document forbids, the server refuses, and what
the server answers, the document describes (no 5xx, every status, type and body documented).

A board the document allows may still be refused with a 400: JSON Schema can't say that ids are
unique, that blocked_by names a blocker on the board, or that an assignment is possible — the rules
core decides those and says which field is wrong. So "schema-valid data is accepted" is the one
check not run."""

from __future__ import annotations

import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tests.conftest import examples, isolated_app

APP = isolated_app(Path(tempfile.mkdtemp(prefix="openapi-")) / "instance")
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", APP)


@schema.parametrize()
@settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_keeps_to_its_openapi_document(case):
    # identity: the checks read the body as sent; gzip is tested elsewhere
    case.call_and_validate(headers={"Accept-Encoding": "identity"},
                           excluded_checks=[positive_data_acceptance])


def base_board() -> dict:
    return {"attackers": [{"id": "a1", "name": "Rhino", "power": 4, "toughness": 4,
                           "abilities": ["trample"], "blocked_by": ["b1"]}],
            "blockers": [{"id": "b1", "name": "Bear", "power": 2, "toughness": 2, "damage": 0}],
            "assignment": {"a1": {"b1": 2, "player": 2}}}


def _one_field_changed():
    """A valid board with one field at a time set to a value at or just past a limit."""
    base = base_board()
    changes = [("name", ""), ("name", "x" * 60), ("name", "x" * 61), ("name", "   "),
               ("name", None), ("power", -999), ("power", -1000), ("power", 999),
               ("power", 1000), ("power", True), ("toughness", 0),
               ("toughness", 1), ("abilities", ["flying"]), ("abilities", ["deathtouch"]),
               ("abilities", ["trample"] * 20), ("abilities", ["trample"] * 21),
               ("colors", ["red"] * 5), ("colors", ["red"] * 6), ("attacking", "bad id"),
               ("blocked", None), ("blocked", True), ("id", "a" * 41), ("id", "bad id")]
    for key, value in changes:
        board = {**base, "attackers": [{**base["attackers"][0], key: value}]}
        if key == "id":
            board["assignment"] = {value: board["assignment"]["a1"]}
        yield key, value, board
    walker = {"id": "pw", "loyalty": 3}
    for key, value in [("attackers", []), ("colour", "red"), ("player", {"life": 0}),
                       ("player", {"life": 1, "poison": 9}), ("player", {"poison": 10}),
                       ("player", {"hand": 7}), ("lethal_by_power", ["attacking"]),
                       ("lethal_by_power", ["attacking", "attacking"]),
                       ("damage_step", "third"), ("defending_player_assigns", "yes"),
                       ("planeswalkers", [{**walker, "loyalty": 0}]),
                       ("planeswalkers", [{**walker, "loyalty": 0, "removed_from_combat": True}]),
                       ("planeswalkers", [{**walker, "loyalty": 0, "removed_from_combat": False}]),
                       ("battles", [{"id": "bt", "defense": 0, "removed_from_combat": True}]),
                       ("battles", [{"id": "bt", "defense": 0}])]:
        yield key, value, {**base, key: value, **({"assignment": {}} if key == "attackers" else {})}


def test_for_single_fields_the_document_and_the_server_draw_the_same_line():
    # The document once let through what the server refused: unknown top-level fields, a 21st
    # ability, an attack on "bad id", a blank name (null). It is now made from the request models.
    import jsonschema_rs  # comes with schemathesis

    from webapp.openapi import document

    doc = document()
    validator = jsonschema_rs.validator_for(
        {**doc["components"]["schemas"]["Board"], "components": doc["components"]})
    client = APP.test_client()
    for key, value, board in _one_field_changed():
        response = client.post("/api/check", json=board)
        allowed = validator.is_valid(board)
        assert allowed == (response.status_code == 200), (key, value, response.get_json())
    # JSON Schema counts 4.0 as an integer; the API, like the core, wants it written 4.
    decimal = {**base_board(), "blockers": [{"id": "b1", "power": 2, "toughness": 2.0}]}
    response = client.post("/api/check", json=decimal)
    assert response.status_code == 400 and response.json == {
        "error": "blockers[0].toughness: must be a whole number, not a decimal number",
        "field": "blockers[0].toughness"}
