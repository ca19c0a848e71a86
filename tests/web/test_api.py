"""The JSON API serves the rules-core contract (DESIGN.md) to tools."""

from __future__ import annotations

import json

import pytest

FORCE_OF_NATURE = {
    "attackers": [{"id": "a1", "name": "Force of Nature", "power": 8, "toughness": 8,
                   "abilities": ["trample"], "attacking": "player", "blocked_by": ["b1", "b2", "b3"]}],
    "blockers": [{"id": f"b{i}", "name": "Grizzly Bears", "power": 2, "toughness": 2, "damage": 0,
                  "abilities": []} for i in (1, 2, 3)],
    "assignment": {"a1": {"b1": 2, "b2": 2, "b3": 2, "player": 2}},
}


def test_check_says_a_lethal_split_with_the_rest_to_the_player_is_legal(client):
    response = client.post("/api/check", json=FORCE_OF_NATURE)
    assert response.status_code == 200
    assert response.json == {"legal": True, "problems": []}


def test_check_names_the_rule_when_damage_tramples_over_too_early(client):
    board = {**FORCE_OF_NATURE, "assignment": {"a1": {"b1": 1, "b2": 2, "b3": 2, "player": 3}}}
    body = client.post("/api/check", json=board).json
    assert body["legal"] is False
    assert [(p["code"], p["rule"], p["recipient"]) for p in body["problems"]] == [
        ("player_before_lethal", "702.19b", "b1")]


def test_analyze_reports_the_most_that_can_reach_the_player_and_the_number_of_legal_ways(client):
    body = client.post("/api/analyze", json=FORCE_OF_NATURE).json
    assert body["creatures"]["a1"]["recipients"]["player"]["max"] == 2
    assert body["creatures"]["a1"]["lethal"] == {"b1": 2, "b2": 2, "b3": 2}
    assert body["legal_assignments"] == 49


@pytest.mark.parametrize("path", ["/api/check", "/api/analyze", "/api/resolve"])
def test_a_bad_board_is_a_400_naming_the_field(client, path):
    board = json.loads(json.dumps(FORCE_OF_NATURE))
    board["attackers"][0]["abilities"] = ["trample", "flying_pig"]
    response = client.post(path, json=board)
    assert response.status_code == 400
    assert response.json["error"].startswith("attackers[0].abilities[1]")
    assert response.json["field"] == "attackers[0].abilities[1]"


@pytest.mark.parametrize("path", ["/api/check", "/api/analyze", "/api/resolve"])
@pytest.mark.parametrize("body", [b"{", b"\xff\xfe", b"[" * 60000, b"nul"])
def test_broken_json_is_a_400_about_the_body(client, path, body):
    response = client.post(path, data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.json["error"].startswith("body")


@pytest.mark.parametrize("body", ["[]", "3", '"board"', "null"])
def test_json_that_is_not_an_object_is_a_400(client, body):
    response = client.post("/api/check", data=body, content_type="application/json")
    assert response.status_code == 400
    assert "object" in response.json["error"]


@pytest.mark.parametrize("path", ["/api/check", "/api/analyze", "/api/resolve"])
def test_only_json_is_accepted(client, path):
    response = client.post(path, data={"attackers": "x"})
    assert response.status_code == 415
    assert "application/json" in response.json["error"]


def test_the_api_needs_no_csrf_token_even_though_forms_do(client):
    # TESTING doesn't disable CSRF here: the form endpoint rejects the same client.
    assert client.post("/sandbox", data={}).status_code == 400
    assert client.post("/api/check", json=FORCE_OF_NATURE).status_code == 200


def test_api_errors_are_json_too(client):
    assert client.get("/api/nowhere").json == {"error": "path: no such API endpoint"}
    response = client.get("/api/check")
    assert response.status_code == 405
    assert "POST" in response.headers["Allow"]
    assert response.is_json


def test_openapi_describes_both_endpoints_and_their_errors(client):
    doc = client.get("/api/openapi.json").json
    assert doc["openapi"].startswith("3.1")
    for path in ("/api/check", "/api/analyze", "/api/resolve"):
        responses = doc["paths"][path]["post"]["responses"]
        assert {"200", "400", "415"} <= set(responses)
    assert "trample" in json.dumps(doc["components"]["schemas"]["Attacker"])


def test_healthz_is_a_bare_ok(client):
    response = client.get("/healthz")
    assert (response.status_code, response.data) == (200, b"ok")


def test_oversized_bodies_are_refused(client):
    response = client.post("/api/check", data=b" " * (65 * 1024), content_type="application/json")
    assert response.status_code == 413
    assert response.is_json


@pytest.mark.parametrize("where", ["abilities", "colors"])
@pytest.mark.parametrize("junk", [[], {}, 3])
def test_a_non_word_in_a_word_list_is_a_400_not_a_crash(client, where, junk):
    board = json.loads(json.dumps(FORCE_OF_NATURE))
    board["attackers"][0][where] = [junk]
    response = client.post("/api/check", json=board)
    assert response.status_code == 400
    assert response.json["error"].startswith(f"attackers[0].{where}[0]")


def test_a_repeated_board_gets_the_same_answer_and_a_bad_one_the_same_error(client):
    import json

    board = {"attackers": [{"id": "a1", "name": "Rhino", "power": 4, "toughness": 4,
                            "abilities": ["trample"], "blocked_by": ["b1"]}],
             "blockers": [{"id": "b1", "name": "Bear", "power": 2, "toughness": 2}],
             "assignment": {"a1": {"b1": 2, "player": 2}}}
    first = client.post("/api/check", json=board)
    second = client.post("/api/check", json=board)
    assert second.get_json() == first.get_json() == {
        "legal": True, "problems": []}
    analysed = client.post("/api/analyze", json=board).get_json()  # same body, other endpoint
    assert analysed["legal_assignments"] == 3
    bad = json.dumps({**board, "assignment": {"a1": {"b1": -1}}})
    for _ in range(2):
        response = client.post("/api/check", data=bad, content_type="application/json")
        assert response.status_code == 400 and "between 0" in response.get_json()["error"]


def test_the_smallest_board_the_openapi_document_allows_is_accepted(client):
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    minimal = {
        "attackers": [{k: {"id": "a1", "power": 3, "toughness": 3, "attacking": "pw"}.get(k)
                       for k in schemas["Attacker"]["required"] + ["attacking"]}],
        "blockers": [{k: {"id": "b1", "power": 1, "toughness": 1}[k]
                      for k in schemas["Blocker"]["required"]}],
        "planeswalkers": [{k: {"id": "pw", "loyalty": 2}[k]
                           for k in schemas["Planeswalker"]["required"]}],
        "battles": [{k: {"id": "bt", "defense": 2}[k] for k in schemas["Battle"]["required"]}],
    }
    response = client.post("/api/analyze", json=minimal)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["creatures"]["a1"]["recipients"] == {"pw": {"min": 3, "max": 3}}


def test_generated_questions_over_http_and_a_clear_400_for_each_bad_parameter(client):
    response = client.get("/api/quiz/generate", query_string={"tier": 2, "n": 6, "seed": 11})
    assert response.status_code == 200
    questions = response.get_json()["questions"]
    assert len(questions) == 6 and {q["tier"] for q in questions} == {2}
    assert client.get("/api/quiz/generate?tier=2&n=6&seed=11").get_json() == {"questions": questions}
    for query, field in (("", "tier"), ("tier=9", "tier"), ("tier=1&n=500", "n"),
                         ("tier=1&seed=²", "seed"), ("tier=1&n=-2", "n")):
        bad = client.get(f"/api/quiz/generate?{query}")
        assert bad.status_code == 400 and bad.get_json()["field"] == field, query


def test_every_api_route_is_in_the_openapi_document_and_nothing_else_is(app):
    paths = app.test_client().get("/api/openapi.json").json["paths"]
    documented = {(path, method.upper()) for path, operations in paths.items()
                  for method in operations}
    served = {(rule.rule, method) for rule in app.url_map.iter_rules()
              if rule.endpoint.startswith("api.") and rule.endpoint != "api.openapi"
              for method in rule.methods - {"HEAD", "OPTIONS"}}
    assert documented == served


def test_a_board_valid_per_the_document_is_accepted_and_one_it_forbids_is_refused(client):
    import jsonschema_rs  # comes with schemathesis

    doc = client.get("/api/openapi.json").json
    board_schema = {**doc["components"]["schemas"]["Board"], "components": doc["components"]}
    validator = jsonschema_rs.validator_for(board_schema)
    assert validator.is_valid(FORCE_OF_NATURE)
    assert client.post("/api/check", json=FORCE_OF_NATURE).status_code == 200
    bad = {**FORCE_OF_NATURE, "attackers": [{**FORCE_OF_NATURE["attackers"][0], "power": "8"}]}
    assert not validator.is_valid(bad)
    response = client.post("/api/check", json=bad)
    assert response.status_code == 400 and response.json["field"] == "attackers[0].power"


CLEAVE = {"attackers": [{"id": "a1", "name": "Grizzly Bears with Embercleave", "power": 3,
                         "toughness": 3, "abilities": ["double_strike", "trample"],
                         "blocked_by": ["b1"]}],
          "blockers": [{"id": "b1", "name": "Eager Cadet", "power": 1, "toughness": 1}],
          "assignment": {"a1": {"b1": 1, "player": 2}}}


def test_resolve_plays_both_double_strike_steps_and_the_second_reaches_the_player(client):
    body = client.post("/api/resolve", json=CLEAVE).json
    first, second = body["steps"]
    assert body["legal"] is True and first["graveyard"] == ["b1"]
    assert second["board"]["attackers"][0]["blocked_by"] == [] and second["board"]["damage_step"] == "second"
    assert second["assignment"] == {"a1": {"player": 3}} and second["player"]["life"] == 15
    again = client.post("/api/analyze", json=second["board"]).json
    assert again["creatures"]["a1"]["reach"] == {"player": "702.19d"}


def test_resolve_takes_the_second_steps_split_and_says_when_an_assignment_is_illegal(client):
    body = client.post("/api/resolve", json={**CLEAVE, "second": {"a1": {"player": 3}}}).json
    assert [s["player"]["life"] for s in body["steps"]] == [18, 15]
    body = client.post("/api/resolve", json={**CLEAVE, "assignment": {"a1": {"player": 3}}}).json
    assert body["legal"] is False and body["failed_step"] == "first"
    assert body["problems"][0]["rule"] == "702.19b"


@pytest.mark.parametrize("change, field", [
    ({"second": {"a1": {"nobody": 3}}}, "second.a1.nobody"),
    ({"second": [3]}, "second"),
    ({"player": {"life": 0}}, "player.life"),
    ({"player": {"poison": 10}}, "player.poison"),
    ({"damage_step": "third"}, "damage_step"),
    ({"assignment": None}, "assignment"),
])
def test_resolve_bad_input_is_a_400_naming_the_field(client, change, field):
    response = client.post("/api/resolve", json={**CLEAVE, **change})
    assert response.status_code == 400
    assert response.json["field"] == field and response.json["error"].startswith(field)
