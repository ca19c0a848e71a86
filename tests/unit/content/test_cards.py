"""The card catalogue (lessons/cards.toml): a real card appears only with its printed numbers,
colours and keywords; anything else is said in its name or is a token. `trample lessons check`
refuses a board that breaks this, at the file and line."""

from __future__ import annotations

import pytest

from webapp.content import DEFAULT_LESSONS_DIR, ContentError
from webapp.content.cards import (board_problems, default_cards, folder_problems, load_cards,
                                  parse_cards, shown_problems)
from webapp.content.cli import main

from .conftest import edit


def bears(**changes) -> dict:
    return {"id": "b1", "name": "Grizzly Bears", "power": 2, "toughness": 2,
            "colors": ["green"], **changes}


@pytest.mark.parametrize("shown, why", [
    (bears(power=4, toughness=3), "shows 4/3"),
    (bears(abilities=["trample"]), "trample"),
    (bears(colors=[]), "colourless"),
    (bears(name="Grizzly Bear"), "'Grizzly Bear' is not in cards.toml"),
    (bears(name="Grizzly Bears with a +1/+1 counter"), "shows 2/2"),
    (bears(name="Grizzly Bears with Lucky Charm", power=3), "'Lucky Charm' is not a modifier"),
    (bears(name="Grizzly Bears (flying)"), "(flying) is not an ability"),
    (bears(name="Hill Giant with delirium", power=5, toughness=5, colors=["red"]),
     "'delirium' is not a modifier"),
    ({"id": "a1", "name": "Garruk's Companion", "power": 3, "toughness": 2,
      "colors": ["green"], "abilities": ["trample"]}, "protection from blue"),
])
def test_a_real_card_shown_with_other_numbers_keywords_or_colours_is_refused(shown, why):
    problems = shown_problems(default_cards(), shown)
    assert len(problems) == 1 and why in problems[0], problems


@pytest.mark.parametrize("shown", [
    bears(),
    bears(name="Grizzly Bears B", damage=1),
    bears(name="Grizzly Bears with a +1/+1 counter", power=3, toughness=3),
    bears(name="Grizzly Bears with a -1/-1 counter", power=1, toughness=1),
    bears(name="Grizzly Bears with 2 +1/+1 counters", power=4, toughness=4),
    bears(name="Grizzly Bears with Embercleave", power=3, toughness=3,
          abilities=["double_strike", "trample"]),
    bears(name="Grizzly Bears with Rancor and a trample counter", power=4,
          abilities=["trample"]),
    bears(name="Grizzly Bears (protection from green)", abilities=["protection_from_green"]),
    bears(name="Beast token", power=3, toughness=3),
    {"id": "g", "name": "Guardian of the Guildpact", "power": 2, "toughness": 3,
     "colors": ["white"], "abilities": ["protection_from_green"]},
])
def test_a_real_card_as_printed_with_its_modifiers_said_or_a_token_passes(shown):
    assert shown_problems(default_cards(), shown) == []


CRUSADER = {"id": "a1", "name": "Mirran Crusader", "power": 2, "toughness": 2,
            "colors": ["white"], "abilities": ["double_strike", "protection_from_black",
                                               "protection_from_green"], "blocked_by": ["b1"]}


@pytest.mark.parametrize("blocker, why", [
    (bears(), "Grizzly Bears can't block Mirran Crusader: protection from green (rule 702.16f)"),
    ({"id": "b1", "name": "Typhoid Rats", "power": 1, "toughness": 1, "colors": ["black"],
      "abilities": ["deathtouch"]}, "protection from black"),
    # a token or a stated effect says its colours on the board
    ({"id": "b1", "name": "Beast token", "power": 3, "toughness": 3, "colors": ["green"]},
     "Beast token can't block"),
])
def test_a_block_that_protection_forbids_is_refused(blocker, why):
    problems = board_problems(default_cards(), {"attackers": [CRUSADER], "blockers": [blocker]})
    assert [(where, message) for _, where, message in problems if "block" in message] \
        == [("blockers[0]", problems[0][2])] and why in problems[0][2], problems


def test_a_block_protection_allows_passes():
    ogre = {"id": "b1", "name": "Gray Ogre", "power": 2, "toughness": 2, "colors": ["red"]}
    assert board_problems(default_cards(), {"attackers": [CRUSADER], "blockers": [ogre]}) == []


ZILORTHA = {"id": "z", "name": "Zilortha, Strength Incarnate", "power": 7, "toughness": 3,
            "colors": ["red", "green"], "abilities": ["trample"]}


@pytest.mark.parametrize("board, where", [
    ({"attackers": [{**bears(id="a1"), "blocked_by": ["z"]}], "blockers": [ZILORTHA]},
     "blockers[0]"),
    ({"attackers": [{**ZILORTHA, "blocked_by": ["b1"]}], "blockers": [bears()],
      "lethal_by_power": ["defending"]}, "attackers[0]"),  # the wrong side said
])
def test_zilortha_on_a_board_that_doesnt_say_lethal_by_power_for_its_side_is_refused(board, where):
    problems = board_problems(default_cards(), board)
    assert [w for _, w, _ in problems] == [where] and "lethal_by_power" in problems[0][2]
    side = "defending" if where.startswith("blockers") else "attacking"
    assert board_problems(default_cards(), {**board, "lethal_by_power": [side]}) == []
    assert default_cards().creature("Zilortha, Strength Incarnate") not in default_cards().modelled()


def test_the_shipped_lessons_and_bank_name_real_cards_truly():
    assert folder_problems(DEFAULT_LESSONS_DIR) == []


def test_the_catalogue_has_real_cards_tokens_walkers_and_a_battle():
    cards = load_cards(DEFAULT_LESSONS_DIR)
    assert len(cards.creatures) >= 40 and cards.tokens and cards.planeswalkers and cards.battles
    # Its choice is taught by its own practice idea: on no other generated board.
    assert cards.creature("Thorn Elemental").abilities == ("as_though_unblocked",)
    assert cards.creature("Thorn Elemental") not in cards.modelled()
    assert {c.name for c in cards.with_ability("as_though_unblocked")} == {
        "Thorn Elemental", "Pride of Lions", "Lone Wolf"}
    assert (cards.creature("Ghalta, Primal Hunger").power, cards.creature("Grizzly Bears").power) \
        == (12, 2)


def test_lessons_check_refuses_a_real_card_on_other_numbers_with_file_and_line(lessons_copy,
                                                                               capsys):
    edit(lessons_copy / "history" / "lesson.toml",
         '{ id = "bears", name = "Grizzly Bears", power = 2,',
         '{ id = "bears", name = "Grizzly Bears", power = 4,')
    edit(lessons_copy / "quizzes" / "tier-1.toml",
         'name = "Pelakka Wurm", power = 7, toughness = 7, abilities = ["trample"]',
         'name = "Pelakka Wurm", power = 7, toughness = 7, abilities = ["trample", "deathtouch"]')
    assert main(["check", str(lessons_copy)]) == 1
    lines = capsys.readouterr().out.splitlines()
    history = [line for line in lines if "history/lesson.toml: line 9: blockers[0]" in line]
    assert history and "Grizzly Bears is 2/2" in history[0] and "shows 4/2" in history[0], lines
    source = (lessons_copy / "quizzes" / "tier-1.toml").read_text().splitlines()
    wurm = next(n for n, text in enumerate(source, start=1) if "Pelakka Wurm" in text)
    assert any(f"tier-1.toml: line {wurm}: " in line and "deathtouch" in line for line in lines)


@pytest.mark.parametrize("text, why", [
    ('schema_version = 1\n[[creatures]]\nname = "X"\npower = 1\ntoughness = 1\ncolors = ["pink"]\n',
     "line 2: creatures.0.colors.0"),
    ('schema_version = 1\n[[creatures]]\nname = "X"\npower = 1\ntoughness = 1\ncolors = []\n'
     'abilities = ["flying"]\n', "line 2: creatures.0.abilities.0"),
    ('schema_version = 1\n[[creatures]]\nname = "X"\npower = 1\ntoughness = 1\ncolors = []\n'
     '[[creatures]]\nname = "X"\npower = 2\ntoughness = 2\ncolors = []\n', "already listed"),
    ('schema_version = 1\n[[creatures]]\nname = "X"\npower = 1\ntoughness = 1\ncolors = []\n'
     '[[tokens]]\nname = "Beast"\npower = 3\ntoughness = 3\ncolors = []\n', "ends in"),
    ('schema_version = 1\n[[creatures]]\nname = "X"\npower = 1\ntoughness = 1\ncolors = []\n'
     'cost = 3\n', "unknown field"),
])
def test_a_bad_cards_file_names_the_line(tmp_path, text, why):
    with pytest.raises(ContentError) as err:
        parse_cards(text, tmp_path / "cards.toml")
    assert why in str(err.value)


def test_a_lessons_folder_without_a_cards_file_is_refused(lessons_copy):
    (lessons_copy / "cards.toml").unlink()
    assert any("cards.toml: -: file is missing" in str(p) for p in folder_problems(lessons_copy))
