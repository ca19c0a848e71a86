"""The wording checks of `trample lessons check` (webapp/content/wording.py): each catches the
mistake a judge once found, written the way it was written, in every language it was in."""

from __future__ import annotations

import pytest

from webapp.content import wording


@pytest.mark.parametrize("line", [
    "This board is the regular damage step: only the Rhino deals damage now.",
    "Ce plateau montre l'étape normale : seul le Rhino inflige des blessures maintenant.",
    "この盤面は通常のダメージ・ステップです。今ダメージを与えるのはRhinoだけで、Guardは",
    "3 to Palace Guard, 4 − 1 = 3 is lethal (rule 510.4 keeps that damage on it).",
    "4 − 1 = 3 est mortel (la règle 510.4 laisse cette blessure sur lui).",
    "4 − 1 = 3点で致死ダメージです（そのダメージが残るのはルール510.4のとおりです）。",
    "Root-breaker Wurm (6/6, trample) attacks Jace Beleren (loyalty 3).",
    "the normal rule: a blocked creature without trample never damages the player, however big.",
    "une créature bloquée sans piétinement n'inflige jamais de blessures au joueur, quelle",
    "トランプルを持たないクリーチャーは、どれほど大きくても、ブロックされたらプレイヤーにダメージを与えられません。",
    "Once a creature is blocked, it stays blocked for the rest of combat (rule 509.1h), even if",
    "elle est **bloquée**, et elle le reste jusqu'à la fin du combat (règle 509.1h).",
    "一度ブロックされたクリーチャーは、戦闘の終わりまでブロックされたままです（ルール509.1h）。",
    "Which rule of thumb always gives the most a deathtouch trampler can send to the player?",
    "接死を持つトランプル持ちがプレイヤーに回せる最大値を、いつでも正しく出せる目安はどれ？",
    "your Stampeding Rhino (4/4, trample) deals 4 damage to your opponent's Llanowar Elves (1/1)",
    "introduced battles (rule 310), and trample's reminder text grew to include them.",
    "How much damage counts as lethal for Wall of Wood in this assignment?",
])
def test_a_corrected_statement_is_refused_if_it_comes_back(line):
    faults = wording.misstatements(f"# Title\n\n{line}\n")
    assert faults and faults[0].startswith("line 3: ")


@pytest.mark.parametrize("line", [
    "The Rhino and Palace Guard deal their damage now (rule 120.6: damage stays marked).",
    "Craw Wurmはブロックされたままです（ルール509.1h）。",  # true where it is said: no end is claimed
    "it stays blocked until combat ends, unless it is removed from combat itself (rule 509.1h).",
])
def test_the_corrected_text_passes(line):
    assert wording.misstatements(line) == []


def test_a_rule_number_without_a_note_is_refused():
    lines = [(9, "damage becomes -1/-1 counters instead (rule 702.80b)."), (10, "rule 702.80a")]
    assert wording.uncited(lines, {"702.80a"}) == [
        "line 9: rule 702.80b has no note in rules.toml: cite the rule that says it (wither's "
        "effect is 702.80a), or add its note"]


def test_a_section_number_counts_when_one_of_its_rules_has_a_note():
    assert wording.uncited([(1, "trample (702.19) and wither (702.80)")],
                           {"702.19b", "702.80a"}) == []


def test_every_shipped_text_cites_only_rules_with_notes():
    from pathlib import Path

    from webapp.content import DEFAULT_LESSONS_DIR

    root = Path(DEFAULT_LESSONS_DIR)
    notes = wording.rule_notes(root)
    assert "702.80a" in notes and "702.80b" not in notes
    for file in wording.text_files(root):
        if file.suffix != ".po" and file.name != "rules.toml":
            assert wording.uncited(wording.numbered_lines(file), notes) == [], file


def _judge_corners():
    from tests.conftest import shipped_catalogue

    return shipped_catalogue().curriculum.lesson("judge-corners")


def test_a_step_keying_banding_damage_to_the_player_as_legal_is_refused():
    """The old judge-corners/band-self-legal: 1 to the Pegasus, 2 to the Bears, 1 to the player,
    keyed legal = true as if a ruling said so."""
    from webapp.content.schema import Legal

    lesson = _judge_corners()
    step = Legal(id="band-self-legal", type="legal", board="rhino-vs-band", rule="702.19b",
                 assignment={"rhino": {"pegasus": 1, "bears": 2, "player": 1}}, legal=True)
    step._lesson = lesson
    assert "rhino -> player" in wording.unsettled_banding(step)
    illegal = step.model_copy(update={"legal": False})
    illegal._lesson = lesson
    assert wording.unsettled_banding(illegal) is None


def test_the_shipped_banding_steps_keep_damage_on_the_blockers():
    lesson = _judge_corners()
    steps = [s for s in lesson.steps if getattr(s, "board", None) in ("rhino-vs-band",
                                                                       "dreadmaw-vs-band")]
    assert len(steps) >= 3
    assert all(wording.unsettled_banding(s) is None for s in steps)
    assert "band-self-legal" not in {s.id for s in lesson.steps}


@pytest.mark.parametrize("line", [
    "Thrasta, Tempest's Roar（7/7、trample over planeswalkers）がJaceを攻撃します。",
    "explanation = \"\"\"deathtouch があれば1点で足ります。\"\"\"",
    "Mesa Pegasus（1/1、Banding）",
])
def test_an_english_ability_name_in_japanese_text_is_refused(line):
    assert wording.english_abilities([(4, line)])[0].startswith("line 4: ")


@pytest.mark.parametrize("line", [
    "## blocker-trample-legal",                     # a key, not text
    "[t1-deathtouch-wall-lethal]",
    "why.blocked-no-trample = \"\"\"正解です。\"\"\"",
    "Trample Trainerへようこそ。",                     # the app's name
    "Thrasta（7/7、プレインズウォーカー越えトランプル）",
])
def test_japanese_text_with_ids_and_japanese_names_passes(line):
    assert wording.english_abilities([(1, line)]) == []


@pytest.mark.parametrize("line", [
    "%(creature_name)s doit assigner ses %(power)s blessures ; %(assigned)s sont assignées.",
    "%(planeswalker_name)s a reçu %(has)s blessures sur les %(loyalty)s qu’exige sa loyauté.",
    "Au plus %(most)s des blessures de %(name)s peuvent aller vers %(target)s.",
    "Hill Giant a déjà 1 blessures marquées.",
])
def test_a_french_number_governing_a_plural_is_refused(line):
    assert wording.french_agreement([(7, line)])[0].startswith("line 7: ")


@pytest.mark.parametrize("line", [
    "%(creature_name)s doit assigner en blessures de combat toute sa force, soit %(power)s ; "
    "total assigné : %(assigned)s.",
    "mais les 10 blessures vont au joueur, et 2 blessures au Giant.",
    "Une 6/4 bloquée par une 1/1 met quand même ses 6 blessures sur cette 1/1.",
])
def test_french_without_number_agreement_passes(line):
    assert wording.french_agreement([(1, line)]) == []


def test_the_shipped_french_catalog_agrees_in_number():
    file = wording.CATALOGS / "fr" / "LC_MESSAGES" / "messages.po"
    assert wording.french_agreement(wording.singular_lines(file)) == []


@pytest.mark.parametrize("line", ["(%(letter)s) 適正。", "%(name)sに2点, %(other)sに1点", "致死:"])
def test_western_punctuation_in_a_japanese_sentence_is_refused(line):
    assert wording.western_punctuation([(3, line)])


@pytest.mark.parametrize("line", ["（%(letter)s）適正。", "クイズファイル（.toml）を選んでください。",
                                  "%(name)s：%(parts)s", "ルール702.19b"])
def test_japanese_punctuation_passes(line):
    assert wording.western_punctuation([(3, line)]) == []
