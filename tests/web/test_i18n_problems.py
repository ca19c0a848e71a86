"""Every problem code the rules core documents is rendered from code + params, translatably."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from webapp.i18n import lethal_note, problem_text
from webapp.rules.messages import SENTENCES

DOC = (Path(__file__).parents[2] / "docs" / "rules-api.md").read_text()
CODES_SECTION = DOC[DOC.index("Stable codes"):DOC.index("## analyze")]
DOCUMENTED_CODES = set(re.findall(r"`([a-z_]+)` \(\d", CODES_SECTION))
REASONS = set(re.search(r"reason in ([^)]*)\)", DOC).group(1).replace("`", "").replace(" ", "").split(","))

PARAMS = {"creature": "a1", "creature_name": "Force of Nature", "power": 8, "assigned": 4,
          "target": "player", "target_name": "the player", "blocker": "b1", "blocker_name": "Bears",
          "has": 1, "needs": 2, "marked": 0, "deathtouch": False, "planeswalker_name": "Jace",
          "loyalty": 3, "battle_name": "Invasion", "reason": "no_power"}


def test_the_doc_lists_the_codes_we_expect():
    assert {"wrong_total", "player_before_lethal", "no_damage_to_assign", "trample_when_blocking",
            "blocker_to_player"} <= DOCUMENTED_CODES


@pytest.mark.parametrize("code", sorted(DOCUMENTED_CODES))
def test_every_documented_code_has_its_own_sentence(app, code):
    assert any(known == code for known, _ in SENTENCES)
    with app.test_request_context():
        text = problem_text({"code": code, "rule": "702.19b", "params": PARAMS})
    assert "?" not in text and "%(" not in text and "breaks rule" not in text


@pytest.mark.parametrize("reason", sorted(REASONS))
def test_every_reason_for_assigning_nothing_has_a_sentence(app, reason):
    assert ("no_damage_to_assign", reason) in SENTENCES
    with app.test_request_context():
        text = problem_text({"code": "no_damage_to_assign", "params": {**PARAMS, "reason": reason}})
    assert "Force of Nature" in text and "%(" not in text


def test_player_before_lethal_explains_deathtouch_and_marked_damage(app):
    assert {v for code, v in SENTENCES if code == "player_before_lethal"} == {"deathtouch", "marked", "plain"}
    with app.test_request_context():
        assert "deathtouch" in problem_text({"code": "player_before_lethal", "params": {**PARAMS, "deathtouch": True}})
        assert "1 damage marked" in problem_text({"code": "player_before_lethal", "params": {**PARAMS, "marked": 1}})


def test_the_web_and_the_core_word_a_problem_from_the_same_sentence(app):
    from webapp.rules import check
    board = {"attackers": [{"id": "a1", "name": "Force of Nature", "power": 8, "toughness": 8,
                            "abilities": ["trample"], "blocked_by": ["b1"]}],
             "blockers": [{"id": "b1", "name": "Grizzly Bears", "power": 2, "toughness": 2}]}
    problem = check(board, {"a1": {"b1": 1, "player": 7}})["problems"][0]
    with app.test_request_context():
        shown = problem_text(problem)
    assert problem["message"] == shown.replace("Grizzly Bears", "Grizzly Bears (b1)")


def test_page_names_replace_the_cores_names(app):
    with app.test_request_context():
        text = problem_text({"code": "player_before_lethal", "params": PARAMS},
                            {"b1": "Grizzly Bears 1", "player": "Jace’s controller"})
    assert "Grizzly Bears 1" in text and "Jace’s controller" in text


def test_an_unknown_code_still_cites_its_rule(app):
    with app.test_request_context():
        assert "702.99z" in problem_text({"code": "brand_new", "rule": "702.99z", "params": {}})


def test_lethal_notes_say_where_the_number_comes_from(app):
    with app.test_request_context():
        assert lethal_note({"reason": "toughness_minus_marked", "toughness": 2, "marked": 1, "needs": 1}) \
            == "toughness 2 − 1 marked = 1"
        assert lethal_note({"reason": "deathtouch"}) == "deathtouch: 1 is lethal"
        assert "protection doesn’t change lethal" in lethal_note(
            {"reason": "toughness_minus_marked", "toughness": 2, "marked": 0, "needs": 2},
            ["protection_from_green"])


def test_french_and_japanese_pages_are_translated_and_card_names_stay(client):
    root = Path(__file__).parents[2] / "webapp" / "translations"
    for lang in ("fr", "ja"):
        assert (root / lang / "LC_MESSAGES" / "messages.po").exists()
    html = client.get("/sandbox?lang=ja").get_data(as_text=True)
    assert 'lang="ja"' in html and "Force of Nature" in html and "判定" in html
    assert "Verdict" not in client.get("/sandbox?lang=ja").get_data(as_text=True)


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", ["ne peut encore rien assigner pour le joueur", "il en faut 2 pour Grizzly Bears, qui en a reçu 1"]),
    ("ja", ["プレイヤーにダメージを割り振れません", "Grizzly Bearsに必要な2点のうち"]),
])
def test_a_problem_is_worded_in_the_learners_language(app, lang, words):
    from webapp.rules import check
    board = {"attackers": [{"id": "a1", "name": "Force of Nature", "power": 8, "toughness": 8,
                            "abilities": ["trample"], "blocked_by": ["b1"]}],
             "blockers": [{"id": "b1", "name": "Grizzly Bears", "power": 2, "toughness": 2}]}
    problem = check(board, {"a1": {"b1": 1, "player": 7}})["problems"][0]
    with app.test_request_context(f"/?lang={lang}"):
        text = problem_text(problem)
    assert all(word in text for word in words), text


def test_the_message_catalog_holds_every_ui_string(tmp_path):
    """A string added to a template or view without `make catalogs` can never be translated."""
    import subprocess
    import sys
    from pathlib import Path

    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parents[2]
    fresh = tmp_path / "fresh.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F",
                    "babel.cfg", "-k", "_l", "-o", str(fresh), "."], cwd=root, check=True, capture_output=True)
    with open(fresh, "rb") as f:
        wanted = {m.id for m in read_po(f) if m.id}
    with open(root / "webapp/translations/messages.pot", "rb") as f:
        have = {m.id for m in read_po(f) if m.id}
    assert sorted(map(str, wanted - have)) == [], "run `make catalogs`"


# --- generated quiz questions -------------------------------------------------------------------

GENERATED = [(tier, position) for tier in (1, 2, 3) for position in range(1, 7)]  # every type


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_generated_questions_are_worded_in_the_page_language(app, lang):
    from flask_babel import force_locale, gettext

    from webapp.content.generate import GENERATOR_VERSION
    from webapp.content.questions import resolve

    v = GENERATOR_VERSION
    english = resolve({"gen": [3, 7, 1], "v": v})
    with app.test_request_context(), force_locale(lang):
        for tier, position in GENERATED:
            q = resolve({"gen": [tier, 11, position], "v": v}, lang, translate=gettext)
            same = resolve({"gen": [tier, 11, position], "v": v})
            # the same board, key and options in every language; only the words change
            assert (q["board"], q["answer"], [o["id"] for o in q.get("options", [])]) == (
                same["board"], same["answer"], [o["id"] for o in same.get("options", [])])
            assert q["langs"] == {"prompt": lang, "explanation": lang, "made": lang}
            words = "\n".join([q["prompt"], q["explanation"],
                              *(o["text"] for o in q.get("options", []))])
            for sentence in ("Alice is attacking", "the defending player", " needs ", "Rule ",
                             " to the ", "Which of these", "Assign the combat damage"):
                assert sentence not in words, (tier, position, sentence)
            if lang == "ja":
                assert "。 " not in words and "？ " not in words, words  # no space after 。
    assert "Alice is attacking; Nia is defending." in english["prompt"]
    assert english["langs"]["prompt"] == "en"
