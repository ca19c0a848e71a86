"""The Sandbox's "Deal the damage": the resolver's outcome, step by step, with and without htmx.

What dies and why, life and loyalty, and the steps are the rules core's (webapp/rules/resolve.py);
these tests read them as the page says them: the ordered list, and the marks on the board picture.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from werkzeug.datastructures import MultiDict

from tests.web.test_sandbox import HX, form_of, slider_values, verdict_of
from webapp.views.sandbox import board as sandbox_state


def bear(bid: str, **changes) -> dict:
    return {"id": bid, "name": "Grizzly Bears", "power": 2, "toughness": 2, "damage": 0,
            "abilities": [], "colors": ["green"], "removed": False, **changes}


def board_of(attacker: dict, blockers: list[dict], planeswalkers=()) -> dict:
    return {"attackers": [{"id": "a1", "attacking": "player", "abilities": ["trample"],
                           "blocked_by": [b["id"] for b in blockers], **attacker}],
            "blockers": blockers, "planeswalkers": list(planeswalkers), "battles": [],
            "assignment": {}}


# As printed (a real card's name promises its card: tests/web/test_sandbox_real_cards.py).
FORCE = {"name": "Force of Nature", "power": 8, "toughness": 8, "colors": ["green"]}


def fields_for(client, board: dict, split: dict[str, int], lang: str | None = None) -> MultiDict:
    """The sandbox form as a browser holds it for `board`, its sliders set to `split`."""
    query = {"b": sandbox_state.encode(board), **({"lang": lang} if lang else {})}
    page = client.get("/sandbox", query_string=query)
    assert page.status_code == 200  # the link read back as this board
    fields = MultiDict(form_of(page.get_data(as_text=True)))
    for recipient, amount in split.items():
        fields[f"dmg:a1:{recipient}"] = str(amount)
    return fields


def deal(client, fields: MultiDict, status: int = 200, **headers) -> str:
    response = client.post("/sandbox/deal", data=fields, headers=headers)
    assert response.status_code == status, response.get_data(as_text=True)[-2000:]
    return response.get_data(as_text=True)


def words(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def outcome_of(html: str) -> str:
    """The outcome region's words (the whole fragment for htmx; the region on a full page)."""
    found = re.search(r'<div id="outcome"[^>]*>(.*?)<!-- /outcome -->', html, re.S)
    return words(found.group(1) if found else html)


def events(html: str) -> list[str]:
    """The ordered list's sentences, every step's in order (rule citations left out)."""
    items = re.findall(r'<li class="event[^"]*">(.*?)</li>', html, re.S)
    return [words(re.sub(r'<(details|span) class="rule[^"]*".*?</\1>', "", item, flags=re.S))
            for item in items]


def marks(html: str, card: str) -> list[str]:
    """The outcome marks the board picture draws on one card (every step's picture)."""
    pattern = (rf'data-card="{card}"[^>]*>(?:(?!data-card=).)*?'
               r'<span class="card-outcome">(.*?)</span><!-- /mark -->')
    return [words(m) for m in re.findall(pattern, html, re.S)]


# ---- bad input first ----------------------------------------------------------------------------

@pytest.mark.parametrize("raw", ["x", "1000", "-1", "", "1e3"])
def test_a_slider_that_cant_be_read_is_a_400_saying_why_with_the_board_kept(client, raw):
    fields = fields_for(client, board_of(FORCE, [bear("b1"), bear("b2")]),
                        {"b1": 2, "b2": raw, "player": 4})
    page = deal(client, fields, status=400)
    assert f"“{raw}” isn’t a whole number from 0 to 999." in outcome_of(page)
    assert slider_values(page)["dmg:a1:b1"] == 2 and slider_values(page)["dmg:a1:player"] == 4
    fragment = deal(client, fields, status=400, **HX)
    assert "<html" not in fragment and "isn’t a whole number from 0 to 999." in fragment


def test_a_board_out_of_range_is_a_400_with_the_cores_reason(client):
    fields = fields_for(client, board_of(FORCE, [bear("b1")]), {"b1": 2, "player": 6})
    fields["attacker-0-power"] = "5000"
    page = deal(client, fields, status=400, **HX)
    assert "can’t be checked yet" in outcome_of(page)
    assert "Force of Nature, Power: must be from -999 to 999, not 5000." in outcome_of(page)
    assert "card-outcome" not in page


def test_a_deal_without_the_csrf_token_is_refused(client):
    fields = fields_for(client, board_of(FORCE, [bear("b1")]), {"b1": 2, "player": 6})
    del fields["csrf_token"]
    client.post("/sandbox/deal", data=fields)  # no exception: a refusal page
    assert client.post("/sandbox/deal", data=fields).status_code == 400


def test_garbage_fields_are_ignored_as_the_sandbox_ignores_them(client):
    fields = fields_for(client, board_of(FORCE, [bear("b1")]), {"b1": 2, "player": 6})
    fields.add("dmg:zz:b1", "3")  # a creature not on the board: dropped, as in the live check
    fields.add("nonsense", "\x00" * 50)
    assert "Force of Nature deals 2 damage to Grizzly Bears." in events(deal(client, fields))


# ---- illegal or incomplete: why, with nothing lost --------------------------------------------

def test_an_illegal_split_says_why_in_the_live_checks_words_and_keeps_the_sliders(client):
    board = board_of(FORCE, [bear("b1"), bear("b2")])
    fields = fields_for(client, board, {"b1": 1, "b2": 2, "player": 5})
    page = deal(client, fields)
    said = outcome_of(page)
    assert "Nothing was dealt" in said and "Not legal" in said
    assert verdict_of(page).removeprefix("✗ Not legal") in said  # the same words as the verdict
    assert slider_values(page) == {"dmg:a1:b1": 1, "dmg:a1:b2": 2, "dmg:a1:player": 5}
    assert "card-outcome" not in page
    fragment = deal(client, fields, **HX)
    assert "can’t assign damage to the defending player yet" in fragment
    assert 'type="range"' not in fragment  # the sliders stay as the user left them


def test_an_incomplete_split_says_damage_is_left_to_assign(client):
    fields = fields_for(client, board_of(FORCE, [bear("b1"), bear("b2")]), {"b1": 2})
    said = outcome_of(deal(client, fields, **HX))
    assert "Nothing was dealt" in said and "must assign all 8" in said


# ---- legal splits, played out ------------------------------------------------------------------

def test_plain_trample_over_two_blockers(client):
    fields = fields_for(client, board_of(FORCE, [bear("b1"), bear("b2")]),
                        {"b1": 2, "b2": 2, "player": 4})
    page = deal(client, fields, **HX)
    said = events(page)
    assert said[:5] == [
        "Force of Nature deals 2 damage to Grizzly Bears 1.",
        "Force of Nature deals 2 damage to Grizzly Bears 2.",
        "Force of Nature deals 4 damage to the defending player.",
        "Grizzly Bears 1 deals 2 damage to Force of Nature.",
        "Grizzly Bears 2 deals 2 damage to Force of Nature."]
    assert "Grizzly Bears 1 dies. It has 2 damage marked and toughness 2." in said
    assert "Grizzly Bears 2 dies. It has 2 damage marked and toughness 2." in said
    assert "Force of Nature survives with 4 damage marked (toughness 8)." in said
    assert "The defending player’s life: 20 → 16." in said
    assert "Rule 704.5g" in page and page.count("<h3") == 1  # one damage step
    assert marks(page, "b1") == ["2 damage dealt dies"]
    assert marks(page, "a1") == ["4 damage dealt survives"]
    assert marks(page, "player")[0].startswith("4 damage dealt life 20 → 16")
    assert 'class="card card-blocker col-green is-dead"' in page


def test_a_deathtouch_blocker_kills_the_trampler(client):
    rats = {"id": "b1", "name": "Typhoid Rats", "power": 1, "toughness": 1, "damage": 0,
            "abilities": ["deathtouch"], "removed": False}
    fields = fields_for(client, board_of(FORCE, [rats]), {"b1": 1, "player": 7})
    said = events(deal(client, fields, **HX))
    assert "Typhoid Rats deals 1 damage to Force of Nature." in said
    assert "Force of Nature dies. A source with deathtouch dealt it damage." in said
    assert "Typhoid Rats dies. It has 1 damage marked and toughness 1." in said
    assert "The defending player’s life: 20 → 13." in said


def test_an_indestructible_blocker_survives_lethal_damage(client):
    myr = {"id": "b1", "name": "Darksteel Myr", "power": 0, "toughness": 1, "damage": 0,
           "abilities": ["indestructible"], "removed": False}
    fields = fields_for(client, board_of(FORCE, [myr]), {"b1": 1, "player": 7})
    page = deal(client, fields, **HX)
    said = events(page)
    assert ("Darksteel Myr is indestructible, so it survives. It has 1 damage marked and "
            "toughness 1.") in said
    assert not any("dies" in s for s in said) and "Rule 702.12b" in page
    assert marks(page, "b1") == ["1 damage dealt survives (indestructible)"]


def test_double_strike_deals_in_two_steps_the_second_derived_by_the_resolver(client):
    striker = {"name": "Attacker", "power": 3, "toughness": 3,
               "abilities": ["trample", "double_strike"]}
    fields = fields_for(client, board_of(striker, [bear("b1")]), {"b1": 2, "player": 1})
    page = deal(client, fields, **HX)
    steps = re.findall(r"<h3[^>]*>(.*?)</h3>", page, re.S)
    assert [words(s) for s in steps] == ["First-strike combat damage step",
                                         "Regular combat damage step"]
    said = events(page)
    assert said[:3] == ["Attacker deals 2 damage to Grizzly Bears.",
                        "Attacker deals 1 damage to the defending player.",
                        "Grizzly Bears dies. It has 2 damage marked and toughness 2."]
    assert "The defending player’s life: 20 → 19." in said
    # the bears died before dealing damage; in the second step the trampler has no blocker left
    assert not any(s.startswith("Grizzly Bears deals") for s in said)
    assert "Attacker deals 3 damage to the defending player." in said
    assert said[-1] == "The defending player’s life: 19 → 16."
    assert "the best split" in outcome_of(page)


def test_a_first_strike_blocker_hits_first_and_the_trampler_answers_in_the_second_step(client):
    guard = bear("b1", name="Blocker", abilities=["first_strike"])
    fields = fields_for(client, board_of(FORCE, [guard]), {"b1": 2, "player": 6})
    page = deal(client, fields, **HX)
    assert page.count("<h3") == 2
    said = events(page)
    assert said[0] == "Blocker deals 2 damage to Force of Nature."
    assert "Force of Nature deals 2 damage to Blocker." in said
    assert "Blocker dies. It has 2 damage marked and toughness 2." in said
    assert said[-1] == "The defending player’s life: 20 → 14."


def test_a_planeswalker_loses_loyalty_and_goes_to_the_graveyard(client):
    walker = {"id": "pw1", "name": "Planeswalker", "loyalty": 4, "removed_from_combat": False}
    attacker = {"name": "Attacker", "power": 6, "toughness": 6, "attacking": "pw1"}
    fields = fields_for(client, board_of(attacker, [bear("b1")], [walker]), {"b1": 2, "pw1": 4})
    page = deal(client, fields, **HX)
    said = events(page)
    assert "Attacker deals 4 damage to Planeswalker." in said
    assert ("Planeswalker’s loyalty: 4 → 0. It has no loyalty left and is put into its owner’s "
            "graveyard.") in said
    assert "Rule 704.5i" in page
    assert marks(page, "pw1") == ["4 damage dealt loyalty 4 → 0 put into the graveyard"]
    assert not any("life" in s for s in said)  # nothing reached the player


def test_without_javascript_the_deal_is_a_full_page_with_the_board_as_left(client):
    fields = fields_for(client, board_of(FORCE, [bear("b1"), bear("b2")]),
                        {"b1": 2, "b2": 2, "player": 4})
    page = deal(client, fields)
    assert page.lstrip().lower().startswith("<!doctype html>")
    assert slider_values(page) == {"dmg:a1:b1": 2, "dmg:a1:b2": 2, "dmg:a1:player": 4}
    assert verdict_of(page).startswith("✓ Legal")
    assert "The defending player’s life: 20 → 16." in events(page)
    # the button posts the form there without JavaScript, and htmx swaps only the outcome
    button = re.search(r"<button[^>]*>\s*Deal the damage\s*</button>", page).group(0)
    assert 'formaction="/sandbox/deal#outcome"' in button and 'hx-post="/sandbox/deal"' in button
    assert 'hx-target="#outcome"' in button


def test_with_htmx_the_deal_is_only_the_outcome_fragment(client):
    fields = fields_for(client, board_of(FORCE, [bear("b1"), bear("b2")]),
                        {"b1": 2, "b2": 2, "player": 4})
    response = client.post("/sandbox/deal", data=fields, headers=HX)
    text = response.get_data(as_text=True)
    assert "HX-Request" in response.headers["Vary"]
    assert "<html" not in text and 'type="range"' not in text and 'id="workspace"' not in text
    assert text.lstrip().startswith('<section class="outcome"')
    assert "The defending player’s life: 20 → 16." in events(text)


def test_a_drag_after_dealing_clears_the_outcome_it_no_longer_matches(client):
    fields = fields_for(client, board_of(FORCE, [bear("b1"), bear("b2")]), {"b1": 2, "b2": 2})
    live = client.post("/sandbox/live", data=fields, headers=HX).get_data(as_text=True)
    assert '<div id="outcome" hx-swap-oob="innerHTML"></div>' in live


@pytest.mark.parametrize("lang, expected", [
    ("fr", ["Force of Nature inflige 2 blessures à Grizzly Bears 1.",
            "Les points de vie du joueur défenseur : 20 → 16."]),
    ("ja", ["Force of Nature は Grizzly Bears 1 に 2 点のダメージを与える。",
            "防御プレイヤーのライフ：20 → 16。"]),
])
def test_the_outcome_is_worded_in_the_readers_language(client, lang, expected):
    fields = fields_for(client, board_of(FORCE, [bear("b1"), bear("b2")]),
                        {"b1": 2, "b2": 2, "player": 4}, lang=lang)
    page = deal(client, fields)
    assert f'<html lang="{lang}"' in page
    said = events(page)
    for sentence in expected:
        assert sentence in said
    assert "Deal the damage" not in page and "deals 2 damage" not in page


def test_protection_from_green_prevents_a_green_tramplers_damage_and_only_a_green_ones(client):
    """The sandbox's creatures have colours (the editor's boxes), so protection from a colour
    decides something there too (702.16e): the green Force of Nature's 2 to the Bears with
    protection from green is prevented; a colourless token's 2 is dealt. (The editor dropped
    colours before: protection from a colour never prevented anything in the sandbox.)"""
    shielded = bear("b1", abilities=["protection_from_green"], colors=["green"])
    force = {**FORCE, "colors": ["green"]}
    said = events(deal(client, fields_for(client, board_of(force, [shielded]),
                                          {"b1": 2, "player": 6}), **HX))
    assert said[0] == "2 damage from Force of Nature to Grizzly Bears is prevented by protection."
    assert not any("Grizzly Bears dies" in s for s in said)
    token = {"name": "Beast token", "power": 8, "toughness": 8, "colors": []}
    said = events(deal(client, fields_for(client, board_of(token, [shielded]),
                                          {"b1": 2, "player": 6}), **HX))
    assert "Beast token deals 2 damage to Grizzly Bears." in said
    assert "Grizzly Bears dies. It has 2 damage marked and toughness 2." in said
