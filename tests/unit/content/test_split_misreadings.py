"""A wrong split names the misreading that explains it (webapp.content.misreadings.diagnose_split):
the rules core finds the split legal on the misread board - and, for a "send the most" goal,
exactly the most the misread board lets through - while it is wrong on the real one. Each
misreading has a board and a split that trigger it, and its sentences in en, fr and ja."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.conftest import shipped_catalogue
from tests.unit.content.test_misreadings import bears, wurm
from webapp.content.misreadings import (BY_CODE, MISREADINGS, SPLIT_SENTENCES, diagnose_split,
                                        plausible_splits)

JACE = {"id": "pw1", "name": "Jace Beleren", "loyalty": 3}


MOST = {"goal": "most", "creature": "a1", "recipient": "player"}

# code -> (board, the learner's split, the goal)
CASES = {
    "lethal_by_toughness": (  # Zilortha on Nia's side: a 1/4 blocker needs 1, not 4
        {"attackers": [wurm()], "blockers": [bears(power=1, toughness=4)],
         "lethal_by_power": ["defending"]},
        {"a1": {"b1": 4, "player": 2}}, MOST),
    "marked_forgotten_by_power": (  # Zilortha on Nia's side: a 4/4 with 2 marked needs 2
        {"attackers": [wurm()], "blockers": [bears(power=4, toughness=4, damage=2)],
         "lethal_by_power": ["defending"]},
        {"a1": {"b1": 4, "player": 2}}, MOST),
    "unblocked_choice_forgotten": (  # Thorn Elemental with Rancor, trample's way: 9 is the most
        {"attackers": [wurm(power=9, abilities=["trample", "as_though_unblocked"])],
         "blockers": [bears(toughness=3)]},
        {"a1": {"b1": 3, "player": 6}}, MOST),
    "deathtouch_formula": (
        {"attackers": [wurm(["b1", "b2"], abilities=["trample", "deathtouch"])],
         "blockers": [bears(damage=2, abilities=["indestructible"]), bears(id="b2")]},
        {"a1": {"b1": 1, "b2": 1, "player": 4}}, MOST),
    "deathtouch_ignored": (
        {"attackers": [wurm(["b1", "b2"], abilities=["trample", "deathtouch"])],
         "blockers": [bears(), bears(id="b2", toughness=3)]},
        {"a1": {"b1": 2, "b2": 3, "player": 1}}, MOST),
    "marked_forgotten": (
        {"attackers": [wurm()], "blockers": [bears(toughness=4, damage=3)]},
        {"a1": {"b1": 4, "player": 2}}, MOST),
    "other_attackers_ignored": (
        {"attackers": [wurm(), wurm(id="a2", name="Rhino", power=4)],
         "blockers": [bears(toughness=5, abilities=["can_block_additional"])]},
        {"a1": {"b1": 5, "player": 1}, "a2": {"b1": 4}}, MOST),
    "protection_raises_lethal": (
        {"attackers": [wurm()], "blockers": [bears(abilities=["protection_from_green"])]},
        {"a1": {"b1": 6, "player": 0}}, MOST),
    "protected_skipped": (
        {"attackers": [wurm()], "blockers": [bears(abilities=["indestructible"])]},
        {"a1": {"b1": 0, "player": 6}}, {"goal": "legal"}),
    "one_blocker_only": (
        {"attackers": [wurm(["b1", "b2"])], "blockers": [bears(), bears(id="b2", toughness=3)]},
        {"a1": {"b1": 0, "b2": 3, "player": 3}}, MOST),
    "plain_trample_past_walker": (
        {"attackers": [wurm(attacking="pw1")], "blockers": [bears()], "planeswalkers": [JACE]},
        {"a1": {"b1": 2, "pw1": 0, "player": 4}}, {"goal": "legal"}),
    "battle_as_planeswalker": (
        {"attackers": [wurm(attacking="bt1", abilities=["trample_over_planeswalkers"])],
         "blockers": [bears()],
         "battles": [{"id": "bt1", "name": "Invasion of Zendikar", "defense": 3}]},
        {"a1": {"b1": 2, "bt1": 3, "player": 1}}, {"goal": "legal"}),
    "loyalty_skipped": (
        {"attackers": [wurm(attacking="pw1", abilities=["trample_over_planeswalkers"])],
         "blockers": [bears()], "planeswalkers": [JACE]},
        {"a1": {"b1": 2, "pw1": 0, "player": 4}}, MOST),
    "deathtouch_on_walker": (
        {"attackers": [wurm(attacking="pw1",
                            abilities=["trample_over_planeswalkers", "deathtouch"])],
         "blockers": [bears()], "planeswalkers": [{**JACE, "loyalty": 4}]},
        {"a1": {"b1": 1, "pw1": 1, "player": 4}}, MOST),
    "left_target_passes_on": (
        {"attackers": [wurm(attacking="bt1")], "blockers": [bears()],
         "battles": [{"id": "bt1", "name": "Invasion of Zendikar", "defense": 3,
                      "removed_from_combat": True}]},
        {"a1": {"b1": 2, "player": 4}}, {"goal": "legal"}),
    "blocked_gets_through": (
        {"attackers": [wurm(abilities=[])], "blockers": [bears()]},
        {"a1": {"b1": 2, "player": 4}}, {"goal": "legal"}),
    "gone_blockers_without_trample": (
        {"attackers": [wurm([], abilities=[], blocked=True)], "blockers": []},
        {"a1": {"player": 6}}, {"goal": "legal"}),
    "trample_ignored": (
        {"attackers": [wurm()], "blockers": [bears()]},
        {"a1": {"b1": 6, "player": 0}}, MOST),
    "blockers_ignored": (
        {"attackers": [wurm()], "blockers": [bears()]},
        {"a1": {"b1": 0, "player": 6}}, MOST),
    "blocker_power_as_toughness": (
        {"attackers": [wurm()], "blockers": [bears(power=1, toughness=3)]},
        {"a1": {"b1": 1, "player": 5}}, MOST),
}


def test_every_misreading_with_a_split_sentence_has_a_case():
    assert set(CASES) == set(SPLIT_SENTENCES)
    assert all(m.split_sentence for m in MISREADINGS if m.code in SPLIT_SENTENCES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_misreading_is_named_from_a_split(code):
    board, split, goal = CASES[code]
    before = copy.deepcopy(board)
    found = diagnose_split(board, split, **goal)
    assert found is not None and found.code == code
    assert found.rule and found.split_sentence and "%(said)s" not in found.split_sentence
    assert board == before  # the lesson's board is never changed


@pytest.mark.parametrize("code", sorted(CASES))
def test_a_right_split_is_never_a_misreading(code):
    from webapp.rules import analyze
    board, _, goal = CASES[code]
    best = analyze(board)["best"]  # legal; and for a1 alone, the most a1 can send
    assert diagnose_split(board, best, goal="legal") is None
    if goal["goal"] == "most" and len(board["attackers"]) == 1:
        assert diagnose_split(board, best, **goal) is None


def test_a_wrong_split_no_misreading_explains_is_not_named():
    board = {"attackers": [wurm()], "blockers": [bears()]}
    assert diagnose_split(board, {"a1": {"b1": 3, "player": 3}}, **MOST) is None


def test_most_lesson_slider_steps_can_name_a_plausible_mistake():
    """The figure reported in issue 24: a misread board's own best split, wrong on the real
    board, is named on nearly every lesson slider step."""
    steps = [s for lesson in shipped_catalogue().curriculum.lessons for s in lesson.steps
             if s.type == "practice"]
    named = [s for s in steps if any(code for _, code in plausible_splits(s.as_question()))]
    assert len(named) >= 0.9 * len(steps)


CATALOGS = Path(__file__).resolve().parents[3] / "webapp" / "translations"


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_each_sentence_exists_in_three_languages(lang):
    with open(CATALOGS / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalog = read_po(f)
    sentences = [m.sentence for m in MISREADINGS] + list(SPLIT_SENTENCES.values())
    for sentence in sentences:  # English is the msgid itself
        message = catalog.get(sentence)
        assert message is not None and message.string and not message.fuzzy, sentence
        for name in ("%(said)s", "%(creature)s"):
            assert (name in sentence) == (name in message.string), sentence
