"""The Sandbox through the test client: the no-JavaScript form path, the live fragment, the link."""

from __future__ import annotations

import re
from html import unescape

import pytest
from werkzeug.datastructures import MultiDict

from webapp.views.sandbox import board as sandbox_state

HX = {"HX-Request": "true"}


def form_of(html: str) -> list[tuple[str, str]]:
    """The fields a browser would submit from the page (inputs, checked boxes, selected options)."""
    fields = []
    for tag in re.findall(r"<input\b[^>]*>", html):
        name = re.search(r'\bname="([^"]+)"', tag)
        kind = re.search(r'\btype="([^"]+)"', tag)
        if not name or (kind and kind.group(1) in ("checkbox", "radio") and " checked" not in tag):
            continue
        value = re.search(r'\bvalue="([^"]*)"', tag)
        fields.append((unescape(name.group(1)), unescape(value.group(1)) if value else "on"))
    for name, body in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', html, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected', body) or re.search(r'<option value="([^"]*)"', body)
        fields.append((name, unescape(chosen.group(1))))
    return fields


def press(client, html: str, op: str, **changes) -> str:
    """Submit the page's form with the button `op`, as a browser without JavaScript would."""
    fields = [(k, changes.pop(k) if k in changes else v) for k, v in form_of(html)]
    fields += list(changes.items()) + [("op", op)]
    response = client.post("/sandbox", data=MultiDict(fields))
    assert response.status_code == 200
    return response.get_data(as_text=True)


def slider_values(html: str) -> dict[str, int]:
    return {unescape(n): int(v) for n, v in
            re.findall(r'type="range" class="dmg" id="[^"]+" name="([^"]+)"\s+min="0" max="\d+" step="1" value="(\d+)"', html)}


def verdict_of(html: str) -> str:
    block = re.search(r'<div id="verdict" class="verdict" role="status">(.*?)</div>', html, re.S).group(1)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", block)).split())


def test_the_sandbox_opens_on_force_of_nature_against_three_bears(client):
    html = client.get("/sandbox").get_data(as_text=True)
    assert "Force of Nature" in html and html.count("Grizzly Bears 3") >= 1
    assert slider_values(html) == {"dmg:a1:b1": 0, "dmg:a1:b2": 0, "dmg:a1:b3": 0, "dmg:a1:player": 0}
    assert 'max="8"' in html and "lethal 2" in html
    assert "toughness 2, nothing marked = 2" in html
    assert verdict_of(html).startswith("No damage placed yet") and "Rule 510.1a" in verdict_of(html)


def test_without_javascript_steppers_and_best_split_work_as_plain_form_posts(client):
    html = client.get("/sandbox").get_data(as_text=True)
    html = press(client, html, "step:a1:player:1")
    assert slider_values(html)["dmg:a1:player"] == 1
    assert "can’t assign damage to the defending player yet" in verdict_of(html)
    assert "Rule 702.19b" in verdict_of(html)
    html = press(client, html, "best")
    assert slider_values(html) == {"dmg:a1:b1": 2, "dmg:a1:b2": 2, "dmg:a1:b3": 2, "dmg:a1:player": 2}
    assert verdict_of(html).startswith("✓ Legal")


def test_a_plain_post_of_a_split_returns_the_page_with_its_verdict(client):
    html = client.get("/sandbox").get_data(as_text=True)
    html = press(client, html, "check", **{"dmg:a1:b1": "8"})
    assert "<!doctype html>" in html and verdict_of(html).startswith("✓ Legal")


def test_sliders_never_total_more_than_the_attackers_power(client):
    html = client.get("/sandbox").get_data(as_text=True)
    html = press(client, html, "check", **{"dmg:a1:b1": "7", "dmg:a1:b2": "5", "dmg:a1:player": "999"})
    assert slider_values(html) == {"dmg:a1:b1": 7, "dmg:a1:b2": 1, "dmg:a1:b3": 0, "dmg:a1:player": 0}


def test_the_editor_adds_and_removes_things(client):
    html = client.get("/sandbox").get_data(as_text=True)
    html = press(client, html, "add:blockers")
    assert "dmg:a1:b4" in slider_values(html)
    html = press(client, html, "remove:b1")
    assert "dmg:a1:b1" not in slider_values(html)
    html = press(client, html, "add:planeswalkers")
    html = press(client, html, "update", **{"attacker-0-attacking": "pw1"})
    assert "Attacking Planeswalker" in html
    assert "<details class=\"editor\" id=\"editor\" open>" in html


def test_colours_are_part_of_the_board_and_an_unknown_colour_is_dropped(client):
    html = client.get("/sandbox").get_data(as_text=True)
    # the example board as printed: Force of Nature and Grizzly Bears are green
    assert ('name="attacker-0-color" value="green" checked' in html
            and 'name="blocker-2-color" value="green" checked' in html)
    html = press(client, html, "update", **{"blocker-0-color": "purple"})  # bad input first
    assert 'name="blocker-0-color" value="green" checked' not in html  # dropped: colourless
    assert "Grizzly Bears 1" in html and verdict_of(html).startswith("No damage placed yet")
    html = press(client, html, "update", **{"blocker-0-color": "white"})
    assert 'name="blocker-0-color" value="white" checked' in html
    link = unescape(re.search(r'id="board-link" class="link-field" readonly value="([^"]+)"',
                              html).group(1))
    again = client.get(link.removeprefix("http://localhost")).get_data(as_text=True)
    assert 'name="blocker-0-color" value="white" checked' in again
    assert 'name="attacker-0-color" value="green" checked' in again


def test_a_blocker_removed_from_combat_leaves_the_attacker_blocked(client):
    html = client.get("/sandbox").get_data(as_text=True)
    for i in range(3):
        html = press(client, html, "update", **{f"blocker-{i}-removed": "on"})
    assert "blocked, but every blocker left combat" in html
    assert list(slider_values(html)) == ["dmg:a1:player"]  # 702.19d: trample sends it all on
    html = press(client, html, "best")
    assert slider_values(html) == {"dmg:a1:player": 8} and verdict_of(html).startswith("✓ Legal")


def test_lethal_notes_explain_marked_damage_deathtouch_and_protection(client):
    html = client.get("/sandbox").get_data(as_text=True)
    html = press(client, html, "update", **{"blocker-0-damage": "1", "blocker-1-ability": "protection_from_green",
                                            "attacker-0-ability": "deathtouch"})
    assert "deathtouch: 1 is lethal" in html
    assert "protection doesn’t change lethal" in html
    html = press(client, html, "update", **{"attacker-0-ability": "trample"})
    assert "toughness 2 − 1 marked = 1" in html


def test_cards_beside_the_combat_change_lethal_damage_and_who_splits_and_travel_in_the_link(client):
    html = client.get("/sandbox").get_data(as_text=True)
    html = press(client, html, "update", effect="purple_dragon")  # bad input first: dropped
    assert 'name="effect" value="zilortha_defending" checked' not in html
    assert verdict_of(html).startswith("No damage placed yet")
    html = press(client, html, "update", effect="zilortha_defending",
                 **{"blocker-0-power": "0", "blocker-0-toughness": "3", "blocker-1-power": "1",
                    "blocker-1-toughness": "4"})
    assert 'name="effect" value="zilortha_defending" checked' in html
    assert "lethal by power: power 0, so 1 damage is lethal" in html
    assert "lethal by power: power 1, nothing marked = 1" in html
    assert "Lethal damage: its power, not its toughness" in html
    html = press(client, html, "best")  # 1 + 1 + 2 on the blockers, 4 past them
    assert slider_values(html) == {"dmg:a1:b1": 1, "dmg:a1:b2": 1, "dmg:a1:b3": 2,
                                   "dmg:a1:player": 4}
    assert verdict_of(html).startswith("✓ Legal")
    html = press(client, html, "update", effect="defensive_formation")
    assert "Defensive Formation: the defending player decides how this damage is split" in html
    link = unescape(re.search(r'id="board-link" class="link-field" readonly value="([^"]+)"',
                              html).group(1))
    again = client.get(link.removeprefix("http://localhost")).get_data(as_text=True)
    assert 'name="effect" value="defensive_formation" checked' in again
    assert 'name="effect" value="zilortha_defending" checked' not in again  # unticked above


def test_a_board_the_rules_reject_shows_why_instead_of_failing(client):
    html = client.get("/sandbox").get_data(as_text=True)
    html = press(client, html, "update", **{"blocker-0-damage": "5"})
    assert "can’t be checked yet" in verdict_of(html)
    # the card as the board names it, not the core's field path ("blockers[0].damage")
    assert "Grizzly Bears 1 has 5 damage marked, lethal for its toughness of 2" in verdict_of(html)


def test_the_live_fragment_carries_the_verdict_and_out_of_band_counters(client):
    html = client.get("/sandbox").get_data(as_text=True)
    fields = MultiDict(form_of(html))
    fields["dmg:a1:b1"], fields["dmg:a1:b2"] = "2", "1"
    response = client.post("/sandbox/live", data=fields, headers=HX)
    text = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in text
    assert 'id="left-a1" hx-swap-oob="innerHTML"' in text and "<strong data-left-for=\"a1\">5</strong>" in text
    assert 'id="note-a1--b1" hx-swap-oob="innerHTML"' in text
    assert 'id="board-link"' in text and 'type="range"' not in text  # never swaps a slider
    assert response.headers["HX-Replace-Url"].startswith("/sandbox?b=1")


def test_editor_fragment_is_the_workspace_and_pushes_the_new_link(client):
    html = client.get("/sandbox").get_data(as_text=True)
    response = client.post("/sandbox", data=MultiDict(form_of(html) + [("op", "add:attackers")]), headers=HX)
    text = response.get_data(as_text=True)
    assert text.lstrip().startswith('<div id="workspace"')
    assert response.headers["HX-Push-Url"].startswith("/sandbox?b=1")


def test_the_link_reproduces_the_board_and_the_split_exactly(client):
    html = client.get("/sandbox").get_data(as_text=True)
    html = press(client, html, "best")
    link = unescape(re.search(r'id="board-link" class="link-field" readonly value="([^"]+)"', html).group(1))
    assert link.startswith("http://localhost/sandbox?b=1")
    again = client.get(link.removeprefix("http://localhost")).get_data(as_text=True)
    assert slider_values(again) == slider_values(html) and verdict_of(again) == verdict_of(html)


@pytest.mark.parametrize("link", ["garbage", "1", "1AAAA", "2abc", "1" + "A" * 5000, "1eJzLSM3JyVcozy_KSQEAGgQEXQ"])
def test_a_malformed_link_shows_a_friendly_error_and_the_example_board(client, link):
    response = client.get("/sandbox", query_string={"b": link})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "That board link couldn’t be read" in html and "Force of Nature" in html


def test_the_live_check_changes_nothing_so_it_needs_no_csrf_token(client):
    html = client.get("/sandbox").get_data(as_text=True)
    fields = MultiDict([(k, v) for k, v in form_of(html) if k != "csrf_token"])
    fresh = client.application.test_client()  # no session cookie either
    response = fresh.post("/sandbox/live", data=fields, headers=HX)
    assert response.status_code == 200
    assert "Set-Cookie" not in response.headers
    editor = fresh.post("/sandbox", data=MultiDict(list(fields.items(multi=True)) + [("op", "reset")]))
    assert editor.status_code == 400  # the editor is a form like any other: token required


def test_repeated_live_checks_give_the_same_answer_and_a_moved_slider_a_new_one(client):
    html = client.get("/sandbox").get_data(as_text=True)
    fields = MultiDict(form_of(html))
    fields["dmg:a1:b1"], fields["dmg:a1:b2"], fields["dmg:a1:b3"] = "2", "2", "2"
    fields["dmg:a1:player"] = "2"
    headers = {**HX, "Accept-Encoding": "gzip"}
    first = client.post("/sandbox/live", data=fields, headers=headers)
    again = client.post("/sandbox/live", data=fields, headers=headers)
    assert again.get_data() == first.get_data() and again.headers["Content-Encoding"] == "gzip"
    assert again.headers["HX-Replace-Url"] == first.headers["HX-Replace-Url"]
    assert "Content-Security-Policy" in again.headers
    fields["dmg:a1:b2"], fields["dmg:a1:b3"] = "1", "3"
    moved = client.post("/sandbox/live", data=fields, headers=HX).get_data(as_text=True)
    assert "Not legal" in moved and "Grizzly Bears 2" in moved


def _live(client, fields, **headers):
    response = client.post("/sandbox/live", data=fields, headers={**HX, **headers})
    assert response.status_code == 200
    return response.get_data(as_text=True), response.headers["HX-Replace-Url"]


def set_sliders(fields: MultiDict, b1: str, b2: str, b3: str, player: str) -> None:
    for name, value in zip(("b1", "b2", "b3", "player"), (b1, b2, b3, player)):
        fields[f"dmg:a1:{name}"] = value  # item assignment replaces; MultiDict.update would add


def test_every_move_gets_its_own_verdict_and_an_edited_board_is_never_answered_stale(client):
    fields = MultiDict(form_of(client.get("/sandbox").get_data(as_text=True)))
    moves = [("2", "2", "2", "2"), ("2", "1", "2", "0"), ("0", "0", "0", "8"), ("1", "3", "3", "1")]
    answers = []
    for b1, b2, b3, player in moves:
        set_sliders(fields, b1, b2, b3, player)
        answers.append(_live(client, fields))
    assert "Not legal" not in answers[0][0] and "Legal" in answers[0][0]
    assert all("Not legal" in text for text, _ in answers[1:])
    assert len({link for _, link in answers}) == len(moves)  # each split has its own link

    set_sliders(fields, "1", "2", "2", "3")
    assert "Not legal" in _live(client, fields)[0]
    fields["blocker-0-toughness"] = "1"  # the same sliders on an edited board: now legal
    text, link = _live(client, fields)
    assert "Not legal" not in text and "Legal" in text
    assert sandbox_state.decode(link.split("b=")[1])["blockers"][0]["toughness"] == 1


def test_a_drag_answers_in_the_language_of_each_request(client):
    """The board's prepared texts belong to one language: a French drag on a board an English
    request prepared (and the other way round) still answers in its own language."""
    fields = MultiDict(form_of(client.get("/sandbox").get_data(as_text=True)))
    set_sliders(fields, "2", "1", "0", "0")
    english, _ = _live(client, fields)
    french, _ = _live(client, fields, **{"Accept-Language": "fr"})
    set_sliders(fields, "2", "2", "0", "0")  # a new split on a board both languages prepared
    french_again, _ = _live(client, fields, **{"Accept-Language": "fr"})
    english_again, _ = _live(client, fields)
    assert "Not legal" in english and "Not legal" in english_again and "mortelles" not in english_again
    assert "Illégal" in french and "Illégal" in french_again and "mortelles" in french_again


def test_two_boards_whose_counters_match_never_share_their_html(client):
    """Kept pieces of HTML belong to their board: 2/2 bears and 2/3 bears with 1 damage marked
    need the same lethal 2, so every split shows the same counters, but not the same notes; and
    renamed bears get the same verdict in other words."""
    fields = MultiDict(form_of(client.get("/sandbox").get_data(as_text=True)))
    set_sliders(fields, "2", "1", "0", "0")
    fresh, _ = _live(client, fields)
    for n in range(3):
        fields[f"blocker-{n}-toughness"] = "3"
        fields[f"blocker-{n}-damage"] = "1"
    hurt, _ = _live(client, fields)
    assert "nothing marked" in fresh and "1 marked" not in fresh
    assert "1 marked" in hurt and "nothing marked" not in hurt

    set_sliders(fields, "2", "2", "2", "2")  # a legal split spells out who got what, by name
    bears, _ = _live(client, fields)
    for n in range(3):
        fields[f"blocker-{n}-name"] = "Runeclaw Bear"
    renamed, _ = _live(client, fields)
    assert "to Grizzly Bears 1" in bears and "to Runeclaw Bear 1" in renamed
    assert "Grizzly" not in renamed


def test_slider_fields_of_creatures_not_on_the_board_are_dropped_and_the_first_counts():
    """The editor changes the board in the same form, so a field for a creature no longer on it
    is dropped (not refused, as on the other surfaces: issue 20)."""
    board = sandbox_state.default_board()
    pairs = [("dmg:a1:b1", "3"), ("dmg:a1:b1", "5"), ("dmg:a9:b1", "1"), ("dmg:a1:b9", "1"),
             ("dmg:a1:bad id", "1"), ("dmg:a1", "1"), ("dmg:a1:player", " 2 ")]
    assert sandbox_state.decode(sandbox_state.encode(board))  # the default board reads back
    read = sandbox_state.from_form(MultiDict(form_of_board(board) + pairs), {})
    assert read["assignment"] == {"a1": {"b1": 3, "player": 2}}  # the live check fits them


def form_of_board(board) -> list[tuple[str, object]]:
    return [(k, v) for k, v in sandbox_state._fields(sandbox_state._compact(board))]


@pytest.mark.parametrize("raw", ["5000", "-4", "x", "1e3", ""])
def test_a_slider_value_that_is_not_a_whole_number_from_0_to_999_is_a_400(client, raw):
    """One policy on every surface (issue 20): before it, the sandbox fitted "5000" to 8 and
    read "x" as 0; now it says what is wrong and shows the board as the other fields said."""
    fields = MultiDict(form_of(client.get("/sandbox").get_data(as_text=True)))
    set_sliders(fields, "2", raw, "2", "2")
    response = client.post("/sandbox/live", data=fields, headers=HX)
    assert response.status_code == 400 and "HX-Replace-Url" not in response.headers
    assert f"“{raw}” isn’t a whole number from 0 to 999." in response.get_data(as_text=True)
    page = client.post("/sandbox", data=MultiDict([*fields.items(multi=True), ("op", "check")]))
    assert page.status_code == 400
    assert slider_values(page.get_data(as_text=True))["dmg:a1:b1"] == 2


def test_values_past_what_an_attacker_assigns_are_fitted_to_what_the_sliders_allow(client):
    fields = MultiDict(form_of(client.get("/sandbox").get_data(as_text=True)))
    set_sliders(fields, "999", "0", "0", "3")
    text, link = _live(client, fields)
    assert "Not legal" not in text and "8 to Grizzly Bears 1" in text
    assert sandbox_state.decode(link.split("b=")[1])["assignment"] == {
        "a1": {"b1": 8, "b2": 0, "b3": 0, "player": 0}}


def test_a_live_check_posted_as_multipart_answers_like_an_urlencoded_one(client):
    fields = MultiDict(form_of(client.get("/sandbox").get_data(as_text=True)))
    set_sliders(fields, "2", "2", "1", "0")
    urlencoded = client.post("/sandbox/live", data=fields, headers=HX)
    multipart = client.post("/sandbox/live", data=fields, headers=HX, content_type="multipart/form-data")
    assert multipart.status_code == 200 and "Not legal" in multipart.get_data(as_text=True)
    assert multipart.get_data() == urlencoded.get_data()


@pytest.mark.parametrize("assignment", [{}, {"a1": {}}, {"a1": {"b1": 2, "b2": 0, "b3": 2, "player": 4}}])
def test_a_link_reads_back_as_the_board_it_was_made_from(assignment):
    board = sandbox_state.default_board()
    board["blockers"][1].update(damage=1, abilities=["deathtouch"], removed=True)
    board["planeswalkers"] = [{"id": "pw1", "name": "Jace", "loyalty": 4, "removed_from_combat": True}]
    board["effects"] = ["zilortha_defending", "defensive_formation"]
    board["assignment"] = assignment
    back = sandbox_state.decode(sandbox_state.encode(board))
    assert back == {**board, "assignment": {a: row for a, row in assignment.items() if row}}


@pytest.mark.parametrize("edit", [
    lambda b: b["blockers"][0].update(abilities=["flying_pig"]),  # an unknown ability
    lambda b: b["attackers"][0].update(colors=["purple"]),  # an unknown colour
    lambda b: b["blockers"][0].update(power="2"),
    lambda b: b["blockers"][0].update(secret=1),
    lambda b: b["attackers"][0].update(blocked_by=["nobody"]),
    lambda b: b.update(blockers={"b1": 1}),
    lambda b: b.update(assignment={"a1": {"b1": 2.5}}),
])
def test_a_hand_edited_link_the_editor_cant_show_is_refused(edit):
    import base64
    import json
    import zlib
    board = sandbox_state.default_board()
    edit(board)
    raw = zlib.compress(json.dumps(board).encode())
    with pytest.raises(sandbox_state.LinkError):
        sandbox_state.decode("1" + base64.urlsafe_b64encode(raw).decode())


def _shared_blocker_board() -> dict:
    """Two tramplers share a blocker; one attacks a planeswalker: lethal counts both attackers'
    damage (702.19b) and the planeswalker gate (702.19c) depends on the split."""
    board = sandbox_state.default_board()
    board["attackers"] = [
        {"id": "a1", "name": "Colossal Dreadmaw", "power": 6, "toughness": 6, "abilities": ["trample"],
         "colors": ["green"], "attacking": "pw1", "blocked_by": ["b1", "b2"]},
        {"id": "a2", "name": "Rumbling Baloth", "power": 4, "toughness": 4, "abilities": ["trample"],
         "colors": ["green"], "attacking": "player", "blocked_by": ["b2"]}]
    board["blockers"] = [
        {"id": "b1", "name": "Grizzly Bears", "power": 2, "toughness": 2, "damage": 0, "abilities": [],
         "colors": ["green"], "removed": False},
        {"id": "b2", "name": "Wall token", "power": 0, "toughness": 3, "damage": 1,
         "abilities": ["can_block_additional"], "colors": [], "removed": False}]
    board["planeswalkers"] = [{"id": "pw1", "name": "Jace", "loyalty": 3, "removed_from_combat": False}]
    return board


@pytest.mark.parametrize("board", [sandbox_state.default_board(), _shared_blocker_board()],
                         ids=["force_of_nature", "shared_blocker_and_planeswalker"])
def test_a_live_answer_equals_the_full_page_for_the_same_split(client, board):
    """Sixty random splits: what the live fragment says is what a page without JavaScript says."""
    import random

    page = client.get("/sandbox", query_string={"b": sandbox_state.encode(board)})
    fields = MultiDict(form_of(page.get_data(as_text=True)))
    sliders = [k for k in fields if k.startswith("dmg:")]
    assert len(sliders) >= 4
    rng = random.Random(19)
    texts = set()
    for _ in range(60):
        for k in sliders:
            fields[k] = str(rng.choice([0, 0, 1, 2, 2, 3, 4]))
        fragment, _ = _live(client, fields)
        full = client.post("/sandbox/live", data=fields).get_data(as_text=True)
        assert verdict_of(full) == " ".join(unescape(re.sub(r"<[^>]+>", " ", fragment.split(
            "hx-swap-oob")[0].rsplit("<p class=\"left\"", 1)[0])).split())
        texts.add(verdict_of(full))
    assert len(texts) > 20  # the splits really differ
    assert any("Not legal" in t for t in texts) and any("Not legal" not in t for t in texts)


def test_live_answers_are_gzipped_only_for_clients_that_accept_it_and_never_when_gzip_is_off(tmp_path):
    import gzip

    from tests.conftest import isolated_app

    client = isolated_app(tmp_path / "on").test_client()
    fields = MultiDict(form_of(client.get("/sandbox").get_data(as_text=True)))
    set_sliders(fields, "2", "2", "2", "2")
    packed = client.post("/sandbox/live", data=fields, headers={**HX, "Accept-Encoding": "gzip"})
    plain = client.post("/sandbox/live", data=fields, headers=HX)
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    assert "Content-Encoding" not in plain.headers
    assert plain.get_data(as_text=True).lstrip().startswith('<p class="headline ok">')
    assert gzip.decompress(packed.get_data()) == plain.get_data()

    off = isolated_app(tmp_path / "off", GZIP=False).test_client()
    for path, send in (("/sandbox/live", off.post), ("/sandbox", off.get), ("/learn", off.get)):
        response = send(path, data=fields if send == off.post else None,
                        headers={**HX, "Accept-Encoding": "gzip"})
        assert response.status_code == 200 and "Content-Encoding" not in response.headers, path
    # Static files cost no compressing (their gzip copy is made at start-up): sent as they are.
    htmx = off.get("/static/vendor/htmx-2.0.11.min.js", headers={"Accept-Encoding": "gzip"})
    assert htmx.headers["Content-Encoding"] == "gzip"


def test_each_visitor_gets_their_own_csrf_token_and_live_answers_carry_none(app):
    """Whatever is ever kept between requests, one visitor's page never reaches another."""
    first, second = app.test_client(), app.test_client()
    tokens = []
    for client in (first, second, first):
        html = client.get("/sandbox").get_data(as_text=True)
        tokens.append(re.search(r'name="csrf_token" value="([^"]+)"', html).group(1))
    assert tokens[0] != tokens[1] and tokens[0].split(".")[0] == tokens[2].split(".")[0]
    fields = MultiDict(form_of(html))
    answer = first.post("/sandbox/live", data=fields, headers=HX).get_data(as_text=True)
    assert "csrf_token" not in answer and tokens[0] not in answer


def test_a_legal_verdict_is_punctuated_in_the_pages_language(client):
    """Issue 21: Japanese verdict lines had Western punctuation (": 2 to …, … (lethal).")."""
    html = client.get("/sandbox?lang=ja").get_data(as_text=True)
    html = press(client, html, "best")
    line = verdict_of(html)
    assert "：" in line and "（致死）" in line and line.endswith("。"), line
    assert not re.search(r"[:,(.]", re.sub(r"\d+\.\d+[a-z]?", "", line)), line
    english = verdict_of(press(client, client.get("/sandbox?lang=en").get_data(as_text=True),
                               "best"))
    assert re.search(r"Force of Nature: 2 to .* \(lethal\), .*\.$", english), english
