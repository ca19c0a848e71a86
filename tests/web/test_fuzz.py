"""Junk against every endpoint: always an answer, never a 5xx (exceptions propagate under TESTING)."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from werkzeug.datastructures import MultiDict

from tests.conftest import csrf_token, examples, isolated_app, shipped_catalogue
from tests.web.test_api import FORCE_OF_NATURE
from webapp.views.sandbox import board as sandbox_state

FUZZ = settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

junk_scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12),
                         st.floats(allow_nan=True), st.text(max_size=30),
                         st.sampled_from(["player", "a1", "b1", "b2", "pw1", "trample", "", "-1", "1e9"]))
junk_json = st.recursive(junk_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=12), inner, max_size=4)), max_leaves=20)


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory):
    # Hundreds of imports from one address: far past the rate limits, which are not under test.
    return isolated_app(tmp_path_factory.mktemp("fuzz") / "instance",
                        RATE_LIMITS={"quiz-new": "100000/3600"}).test_client()


@pytest.fixture(scope="module")
def token(fuzz_client):
    """The client's CSRF token, read once: it is the session's and holds for every form (reading
    it again for each example rendered a whole page per example, half of a fuzz test's time)."""
    return csrf_token(fuzz_client)


def past_the_csrf_check(response) -> bool:
    """The shared token was taken: the junk reached the form's own reading, as deep as a fresh
    token per example took it. (A junk `lang` may have changed the client's language.)"""
    said = response.get_data(as_text=True)
    return not any(words in said for words in ("safety check failed", "sécurité du formulaire a échoué",
                                               "フォームの安全確認に失敗"))


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _paths(inner, (*prefix, i))


@st.composite
def mutated_boards(draw):
    """The Force of Nature board with a few places replaced by junk: close enough to reach deep."""
    board = copy.deepcopy(FORCE_OF_NATURE)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(board) if p]
        path = draw(st.sampled_from(paths))
        target = board
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = draw(junk_json)
    return board


@FUZZ
@given(body=st.one_of(junk_json, mutated_boards()), path=st.sampled_from(["/api/check", "/api/analyze"]))
def test_api_never_fails_on_junk_json(fuzz_client, body, path):
    response = fuzz_client.post(path, data=json.dumps(body, allow_nan=True), content_type="application/json")
    assert response.status_code in (200, 400)
    assert response.is_json


@FUZZ
@given(body=mutated_boards(), path=st.sampled_from(["/api/check", "/api/analyze", "/api/resolve"]))
def test_what_the_api_models_refuse_the_core_refuses_and_words(fuzz_client, body, path):
    """The API validates with the models the OpenAPI document is made from; a body they refuse,
    the core refuses too, and the tool reads the core's sentence, as from the sandbox's core."""
    from pydantic import ValidationError

    from webapp.api_schema import Board
    from webapp.rules import BoardError, analyze, check

    response = fuzz_client.post(path, data=json.dumps(body, allow_nan=True),
                                content_type="application/json")
    try:
        Board.model_validate(body)
    except ValidationError:
        with pytest.raises(BoardError) as core:
            (analyze if path == "/api/analyze" else check)(body)
        assert response.status_code == 400
        assert response.get_json() == {"error": str(core.value), "field": core.value.field}


@FUZZ
@given(raw=st.binary(max_size=300), path=st.sampled_from(["/api/check", "/api/analyze"]),
       kind=st.sampled_from(["application/json", "text/plain", "application/x-www-form-urlencoded", ""]))
def test_api_never_fails_on_junk_bytes(fuzz_client, raw, path, kind):
    assert fuzz_client.post(path, data=raw, content_type=kind).status_code in (200, 400, 415)


field_names = st.one_of(
    st.sampled_from(["attacker-0-id", "attacker-0-power", "attacker-0-toughness", "attacker-0-ability",
                     "attacker-0-attacking", "attacker-0-blocked_by", "attacker-1-id", "blocker-0-id",
                     "blocker-0-damage", "blocker-0-toughness", "blocker-0-removed", "blocker-1-id",
                     "planeswalker-0-id", "planeswalker-0-loyalty", "battle-0-id", "dmg:a1:b1",
                     "dmg:a1:player", "dmg:a1:pw1", "dmg:b1:a1", "op"]),
    st.text(max_size=20))
field_values = st.one_of(st.sampled_from(["a1", "b1", "b2", "pw1", "bt1", "player", "on", "trample", "0", "8",
                                          "-5", "999999999999", "add:attackers", "add:blockers",
                                          "add:planeswalkers", "add:battles", "remove:b1", "remove:a1",
                                          "step:a1:b1:1", "step:a1:player:-1", "step:zz", "best", "reset"]),
                         st.text(max_size=20))


@FUZZ
@given(fields=st.lists(st.tuples(field_names, field_values), max_size=25),
       path=st.sampled_from(["/sandbox", "/sandbox/live"]), htmx=st.booleans())
def test_sandbox_forms_never_fail_on_junk(fuzz_client, token, fields, path, htmx):
    # The page's token first, as a browser sends it: a junk field that happens to be named
    # csrf_token (Hypothesis found one) comes after it, as on the other fuzzed forms.
    data = MultiDict([("csrf_token", token)] + sandbox_form() + fields)
    headers = {"HX-Request": "true"} if htmx else {}
    response = fuzz_client.post(path, data=data, headers=headers)
    # A slider field that isn't a whole number from 0 to 999 is a 400 that says why (issue 20).
    assert response.status_code == 200 or (
        response.status_code == 400
        and "isn’t a whole number from 0 to 999" in response.get_data(as_text=True))


def sandbox_form():
    return [("attacker-0-id", "a1"), ("attacker-0-name", "Force"), ("attacker-0-power", "8"),
            ("attacker-0-toughness", "8"), ("attacker-0-ability", "trample"),
            ("attacker-0-blocked_by", "b1"), ("blocker-0-id", "b1"), ("blocker-0-name", "Bear"),
            ("blocker-0-power", "2"), ("blocker-0-toughness", "2"), ("blocker-0-damage", "0")]


@FUZZ
@given(link=st.one_of(st.text(max_size=200), st.binary(max_size=200).map(lambda b: "1" + b.hex()),
                      mutated_boards().map(lambda b: _encode_raw(b))))
def test_board_links_never_fail(fuzz_client, link):
    assert fuzz_client.get("/sandbox", query_string={"b": link}).status_code in (200, 400)


def _encode_raw(board):
    import base64
    import zlib
    raw = json.dumps(board, allow_nan=True).encode()
    return "1" + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


edits = st.lists(st.one_of(
    st.tuples(st.just("add"), st.sampled_from(["attackers", "blockers", "planeswalkers", "battles"])),
    st.tuples(st.just("remove"), st.sampled_from(["a1", "a2", "b1", "b2", "b4", "pw1", "bt1"])),
    st.tuples(st.just("step"), st.sampled_from(["b1", "b2", "player", "pw1"]))), max_size=30)


@FUZZ
@given(steps=edits)
def test_every_editable_board_round_trips_through_its_link(steps):
    names = {"attacker": "Wurm", "blocker": "Wall", "planeswalker": "Jace", "battle": "Invasion"}
    board = sandbox_state.default_board()
    for verb, arg in steps:
        if verb == "add":
            board = sandbox_state.add(board, arg, names)
        elif verb == "remove":
            board = sandbox_state.remove(board, arg)
        elif board["attackers"]:
            board = sandbox_state.step(board, board["attackers"][0]["id"], arg, 1)
    link = sandbox_state.encode(board)
    assert len(link) < 1500
    back = sandbox_state.decode(link)
    assert {k: v for k, v in back.items() if k != "assignment"} == \
        {k: v for k, v in board.items() if k != "assignment"}
    assert {a: row for a, row in back["assignment"].items() if row} == \
        {a: row for a, row in board["assignment"].items() if row}
    assert sandbox_state.encode(back) == link


@FUZZ
@given(path=st.text(max_size=40), method=st.sampled_from(["get", "post", "put", "delete", "patch"]))
def test_any_path_and_method_is_answered_without_a_5xx(fuzz_client, path, method):
    response = getattr(fuzz_client, method)("/" + path.lstrip("/"))
    assert response.status_code < 500


# ---- every Learn form and route, with tampered hidden fields and odd numbers ---------------------


_LESSONS = shipped_catalogue().curriculum
_STEPS = [(lesson.id, step.id) for lesson in _LESSONS.lessons for step in lesson.steps]
odd_numbers = st.sampled_from(["²", "٣", "１２", "0x10", "1e9", "-0", "2147483648", "9" * 40, " 7",
                               "7 ", "", "NaN", "∞", "3.5", "\x00", "+4"])
learn_names = st.sampled_from(["lesson", "step", "amount", "option", "verdict", "op", "answer",
                               "dmg:a1:b1", "dmg:fon:player", "dmg:fon:bears-a", "dmg:x:y"])
learn_values = st.one_of(odd_numbers, st.text(max_size=12),
                         st.sampled_from(["legal", "illegal", "answer", "check", "step:fon:player:1",
                                          "step:a1:b1:1", "step:fon:bears-a:-1", "step:", "four-four"]))


@FUZZ
@given(where=st.sampled_from(_STEPS), action=st.sampled_from(["", "/live", "/next"]),
       fields=st.lists(st.tuples(learn_names, learn_values), max_size=8),
       honest=st.booleans(), htmx=st.booleans())
def test_learn_forms_never_fail_on_tampered_fields(fuzz_client, token, where, action, fields,
                                                   honest, htmx):
    lesson, step = where
    data = MultiDict([("csrf_token", token),
                      *([("lesson", lesson), ("step", step)] if honest else []), *fields])
    headers = {"HX-Request": "true"} if htmx else {}
    response = fuzz_client.post(f"/learn/{lesson}/{step}{action}", data=data, headers=headers)
    assert response.status_code < 500 and b"Traceback" not in response.data
    assert past_the_csrf_check(response)


@FUZZ
@given(where=st.sampled_from(_STEPS), arg=st.sampled_from(["step", "answer", "lang", "b"]),
       value=st.one_of(odd_numbers, st.text(max_size=40)),
       page=st.sampled_from(["/learn/{lesson}", "/learn/{lesson}/{step}", "/learn/{lesson}/finish",
                             "/learn", "/learn/review", "/sandbox", "/"]))
def test_every_page_answers_odd_query_values(fuzz_client, where, arg, value, page):
    lesson, step = where
    response = fuzz_client.get(page.format(lesson=lesson, step=step), query_string={arg: value})
    assert response.status_code < 500


@FUZZ
@given(host=st.one_of(st.text(max_size=80), st.from_regex(r"[a-z0-9.-]{1,300}(:[0-9]{1,8})?",
                                                          fullmatch=True)),
       path=st.sampled_from(["/", "/sandbox", "/learn", "/no-such-page", "/api/openapi.json"]))
def test_odd_host_headers_never_fail(fuzz_client, host, path):
    try:
        response = fuzz_client.get(path, headers={"Host": host})
    except ValueError:  # a header value the HTTP layer itself refuses (a newline): never sent
        return
    assert response.status_code < 500


# ---- the Quiz's forms ----------------------------------------------------------------------------

quiz_fields = st.lists(st.tuples(
    st.sampled_from(["name", "tier", "mode", "count", "amount", "verdict", "option", "op",
                     "dmg:a1:b1", "dmg:a1:player", "dmg:a2:b1", "dmg:zz:b1"]),
    st.one_of(odd_numbers, st.text(max_size=20),
              st.sampled_from(["1", "2", "3", "practice", "exam", "legal", "illegal", "a", "b",
                               "702.19b", "4"]))), max_size=8)


@pytest.fixture(scope="module")
def quiz_url(fuzz_client):
    data = {"csrf_token": csrf_token(fuzz_client, "/quiz"), "name": "Fuzz", "tier": "3",
            "mode": "practice", "count": "50"}
    return fuzz_client.post("/quiz", data=data).headers["Location"].rsplit("/", 1)[0]


@FUZZ
@given(fields=quiz_fields, n=st.integers(-2, 52), action=st.sampled_from(["", "/live", "start"]),
       htmx=st.booleans())
def test_quiz_forms_never_fail_on_junk(fuzz_client, token, quiz_url, fields, n, action, htmx):
    data = MultiDict([("csrf_token", token), *fields])
    path = "/quiz" if action == "start" else f"{quiz_url}/{n}{action}"
    headers = {"HX-Request": "true"} if htmx else {}
    response = fuzz_client.post(path, data=data, headers=headers)
    assert response.status_code < 500 and b"Traceback" not in response.data
    assert past_the_csrf_check(response)


# ---- a judge's authoring forms and quiz files ------------------------------------------------------

authoring_fields = st.lists(st.tuples(
    st.sampled_from(["op", "ids", "tier", "count", "link", "type", "title", "mode", "pass_mark",
                     "minutes"]),
    st.one_of(odd_numbers, st.text(max_size=30),
              st.sampled_from(["bank", "gen", "remove:1", "up:2", "down:1", "remove:99",
                               "t1-hurt-bears-most", "number", "legal", "assign", "exam",
                               "/sandbox?b=1eJyrVkrLz", "http://x/sandbox?b="]))), max_size=8)
quiz_files = st.one_of(
    st.binary(max_size=300),
    st.text(max_size=300).map(str.encode),
    st.sampled_from(["schema_version = 1\ntitle = 'x'\n[[questions]]\nid = 'a'\n",
                     "schema_version = 1\ntitle = 'x'\nquestions = 3\n"]).map(str.encode))


@pytest.fixture(scope="module")
def owner_url(fuzz_client):
    data = {"csrf_token": csrf_token(fuzz_client, "/quiz/new"), "title": "Fuzz", "tier": "1",
            "count": "3", "op": "save"}
    return fuzz_client.post("/quiz/new", data=data).headers["Location"]


@FUZZ
@given(fields=authoring_fields, action=st.sampled_from(["questions", "board", "settings"]),
       htmx=st.booleans())
def test_authoring_forms_never_fail_on_junk(fuzz_client, token, owner_url, fields, action, htmx):
    data = MultiDict([("csrf_token", token), *fields])
    headers = {"HX-Request": "true"} if htmx else {}
    response = fuzz_client.post(f"{owner_url}/{action}", data=data, headers=headers)
    assert response.status_code < 500 and b"Traceback" not in response.data
    assert past_the_csrf_check(response)


@FUZZ
@given(content=quiz_files, where=st.sampled_from(["new", "owner"]))
def test_quiz_files_never_fail(fuzz_client, token, owner_url, content, where):
    import io
    path = "/quiz/new/import" if where == "new" else f"{owner_url}/import"
    response = fuzz_client.post(path, data={"csrf_token": token,
                                            "file": (io.BytesIO(content), "q.toml")},
                                content_type="multipart/form-data")
    assert response.status_code in (303, 400) and b"Traceback" not in response.data
    assert past_the_csrf_check(response)
