"""Glossary definitions a judge corrected (issue 21) stay corrected, in every language: lethal
damage is defined by 120.6 alone (trample's same-step count and deathtouch's 1 belong to
702.19b and 702.2c, which are about assigning); deathtouch and removed from combat are complete."""

from __future__ import annotations

import tomllib

import pytest

from webapp.content import DEFAULT_LESSONS_DIR

TERMS = {t["id"]: t for t in tomllib.loads(
    (DEFAULT_LESSONS_DIR / "glossary.toml").read_text(encoding="utf-8"))["terms"]}
LANGS = ("en", "fr", "ja")


@pytest.mark.parametrize("lang", LANGS)
def test_lethal_damage_is_defined_without_the_rules_for_assigning_it(lang):
    term = TERMS["lethal-damage"]
    assert term["rule"] == "120.6"
    text = term[lang]["definition"]
    for assigning in ("702.19b", "702.2c", "same step", "même étape", "同じステップ",
                      "deathtouch", "contact mortel", "接死"):
        assert assigning not in text


@pytest.mark.parametrize("lang,words", [
    ("en", ("702.2b", "702.2c", "indestructible", "planeswalker")),
    ("fr", ("702.2b", "702.2c", "indestructible", "planeswalker")),
    ("ja", ("702.2b", "702.2c", "破壊不能", "プレインズウォーカー")),
])
def test_deathtouch_says_when_it_destroys_and_what_it_does_not_change(lang, words):
    assert all(w in TERMS["deathtouch"][lang]["definition"] for w in words)


@pytest.mark.parametrize("lang,words", [
    ("en", ("regenerat", "controller", "506.4c", "no combat damage")),
    ("fr", ("régénération", "contrôleur", "506.4c", "blessures de combat")),
    ("ja", ("再生", "コントローラー", "506.4c", "戦闘ダメージ")),
])
def test_removed_from_combat_names_its_causes_and_its_effects(lang, words):
    assert all(w in TERMS["removed-from-combat"][lang]["definition"] for w in words)
