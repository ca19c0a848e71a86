"""The sandbox states the defending player's life and poison counters (the board format's `player`,
704.5a, 704.5c): a judge sets them in the editor, the link carries them, and "Deal the damage"
counts them down to a loss. A board that leaves them as a new game has them links as before."""

from __future__ import annotations

import pytest

from tests.web.test_sandbox import verdict_of
from tests.web.test_sandbox_outcome import FORCE, bear, board_of, deal, fields_for, outcome_of
from webapp.views.sandbox import board as sandbox_state


def with_player(board: dict, **player) -> dict:
    return {**board, "player": {**sandbox_state.PLAYER_DEFAULTS, **player}}


# --- bad input first ---------------------------------------------------------------------------


@pytest.mark.parametrize("field, value, words", [
    ("player-life", "0", "The defending player, Life: must be from 1 to 999, not 0."),
    ("player-life", "1000", "The defending player, Life: must be from 1 to 999, not 1000."),
    ("player-poison", "10", "The defending player, Poison counters: must be from 0 to 9, not 10."),
    ("player-poison", "-1", "The defending player, Poison counters: must be from 0 to 9, not -1.")])
def test_life_or_poison_out_of_range_is_said_and_kept_in_the_field(client, field, value, words):
    fields = fields_for(client, board_of(FORCE, [bear("b1")]), {"b1": 2, "player": 6})
    fields[field] = value
    html = client.post("/sandbox", data=fields).get_data(as_text=True)
    assert words in verdict_of(html)
    assert f'name="{field}" value="{value}"' in html


@pytest.mark.parametrize("lang, words", [
    ("en", "Grizzly Bears, Toughness: must be from 1 to 999, not 0."),
    ("fr", "Grizzly Bears, Endurance : doit être entre 1 et 999, pas 0."),
    ("ja", "Grizzly Bears、タフネス：1以上999以下にしてください（0になっています）。")])
def test_a_number_out_of_range_names_the_card_and_the_editors_field_in_the_readers_language(
        client, lang, words):
    """Not the core's English with its field path ("blockers[0].toughness: ...")."""
    fields = fields_for(client, board_of(FORCE, [bear("b1")]), {"b1": 2, "player": 6}, lang=lang)
    fields["blocker-0-toughness"] = "0"
    said = verdict_of(client.post("/sandbox", data=fields).get_data(as_text=True))
    assert words in said and "blockers[0]" not in said


def test_a_new_board_links_as_before_and_has_20_life_and_no_poison(client):
    board = sandbox_state.default_board()
    assert "player" not in sandbox_state.to_core(board)
    html = client.get("/sandbox").get_data(as_text=True)
    assert 'name="player-life" value="20"' in html and 'name="player-poison" value="0"' in html
    link = sandbox_state.encode(board)
    assert link == sandbox_state.encode({k: v for k, v in board.items() if k != "player"})


def test_the_link_carries_life_and_poison(client):
    board = with_player(board_of(FORCE, [bear("b1")]), life=3, poison=7)
    assert sandbox_state.decode(sandbox_state.encode(board))["player"] == {"life": 3, "poison": 7}
    html = client.get("/sandbox", query_string={"b": sandbox_state.encode(board)}).get_data(
        as_text=True)
    assert 'name="player-life" value="3"' in html and 'name="player-poison" value="7"' in html


def test_dealing_more_than_the_life_left_says_the_player_loses(client):
    board = with_player(board_of(FORCE, [bear("b1")]), life=3)
    said = outcome_of(deal(client, fields_for(client, board, {"b1": 2, "player": 6})))
    assert "The defending player’s life: 3 → -3." in said
    assert "The defending player has no life left and loses the game." in said


def test_infect_past_the_blockers_counts_poison_to_ten(client):
    attacker = {**FORCE, "abilities": ["trample", "infect"]}
    board = with_player(board_of(attacker, [bear("b1")]), poison=4)
    said = outcome_of(deal(client, fields_for(client, board, {"b1": 2, "player": 6})))
    assert "The defending player’s poison counters: 4 → 10." in said
    assert "ten or more poison counters and loses the game" in said


@pytest.mark.parametrize("lang, words", [
    ("en", "Grizzly Bears has 2 damage marked, lethal for its toughness of 2: it would already "
           "have died (rule 704.5g)."),
    ("fr", "Grizzly Bears a 2 blessures marquées, ce qui est mortel pour son endurance de 2 : la "
           "créature serait déjà morte (règle 704.5g)."),
    ("ja", "Grizzly Bearsには2点のダメージが負わされており、タフネス2に対して致死ダメージです。")])
def test_damage_a_creature_could_not_survive_is_said_with_its_name_in_the_readers_language(
        client, lang, words):
    """A judge marks 2 on a 2/2: the core's English with its field path ("blockers[0].damage:
    2 damage on toughness 2 ...") was shown on every page, whatever its language."""
    fields = fields_for(client, board_of(FORCE, [bear("b1")]), {"b1": 2, "player": 6}, lang=lang)
    fields["blocker-0-damage"] = "2"
    said = verdict_of(client.post("/sandbox", data=fields).get_data(as_text=True))
    assert words in said and "blockers[0]" not in said


ZILORTHA = {"effects": ["zilortha_attacking"]}


@pytest.mark.parametrize("board, words", [
    ({**board_of(FORCE, [bear("b1"), bear("b2")]),
      "attackers": [{**board_of(FORCE, [])["attackers"][0], "blocked_by": ["b1"]},
                    {**board_of(FORCE, [])["attackers"][0], "id": "a2", "blocked_by": ["b1"]}]},
     "Grizzly Bears 1 blocks 2 attackers, but a creature blocks only one unless it can block an "
     "additional creature or blocks a band (rule 509.1a)."),
    ({**board_of(FORCE, [bear("b1", abilities=["wither"])]), **ZILORTHA},
     "Grizzly Bears deals its damage as -1/-1 counters, while Zilortha measures lethal damage"),
    (board_of({**FORCE, "abilities": ["trample", "as_though_unblocked"]},
              [bear("b1", abilities=["banding"])]),
     "Force of Nature may assign its damage as though it weren’t blocked, but a blocker with "
     "banding lets the defending player assign it")])
def test_a_board_the_core_cannot_judge_says_why_with_the_cards_names(client, board, words):
    page = client.get("/sandbox", query_string={"b": sandbox_state.encode(board)})
    said = verdict_of(page.get_data(as_text=True))
    assert words in said
    assert "[0]" not in said and "can_block_additional" not in said
