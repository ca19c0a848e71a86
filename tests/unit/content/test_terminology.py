"""lessons/terminology.toml: the official terms, honest about where they come from, and
`trample lessons check` holding French and Japanese text to them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from webapp.content import DEFAULT_LESSONS_DIR
from webapp.content.cli import main
from webapp.content.terminology import check_terms, check_text, load_terms

from .conftest import SEEDS

# The terms issue 14 asks for, in each language.
FRENCH = ["piétinement", "blessures", "blessures mortelles", "créature bloqueuse",
          "créature attaquante", "joueur défenseur", "assigner", "contact mortel", "initiative",
          "double initiative", "indestructible", "protection contre le vert", "retiré du combat",
          "planeswalker", "loyauté", "bataille"]
JAPANESE = ["トランプル", "致死ダメージ", "ブロック・クリーチャー", "攻撃クリーチャー", "防御プレイヤー",
            "割り振る", "接死", "先制攻撃", "二段攻撃", "破壊不能", "プロテクション", "戦闘から取り除かれる",
            "忠誠度", "バトル"]
SEED_LANGUAGE = {"fr": ("002_", "003_"), "ja": ("004_",)}


@pytest.fixture(scope="module")
def terms():
    problems = []
    loaded = load_terms(DEFAULT_LESSONS_DIR, problems)
    assert problems == []
    return loaded


def written_in(term: str, text: str, lang: str) -> bool:
    if lang == "ja":
        return term in text  # no spaces between words
    return re.search(r"(?<!\w)" + re.escape(term.lower()) + r"(?!\w)", text) is not None


def seed_text(lang: str) -> str:
    return "\n".join(page.read_text(encoding="utf-8").lower() for page in sorted(SEEDS.iterdir())
                     if page.name.startswith(SEED_LANGUAGE[lang]))


def test_the_file_lists_every_term_the_issue_names(terms):
    assert set(FRENCH) <= {t.words["fr"] for t in terms}
    assert set(JAPANESE) <= {t.words["ja"] for t in terms}
    assert len({t.en for t in terms}) == len(terms), "one row per English term"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed pages (../shared/seeds) are not here")
@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_from_the_seeds_means_written_in_the_seeds_and_only_then(terms, lang):
    """A row may say a term comes from the seeds only if the seed pages of that language contain
    it; a term they contain must say so."""
    text = seed_text(lang)
    claimed_but_absent = [t.words[lang] for t in terms
                          if lang in t.seeds and not written_in(t.words[lang], text, lang)]
    present_but_unclaimed = [t.words[lang] for t in terms
                             if t.words[lang] and lang not in t.seeds
                             and written_in(t.words[lang], text, lang)
                             and t.words[lang] != t.en]  # "indestructible" is also English
    assert claimed_but_absent == [] and present_but_unclaimed == []


def test_the_terms_the_seeds_are_silent_on_are_marked_so(terms):
    by_en = {t.en: t for t in terms}
    for en in ("deathtouch", "first strike", "double strike", "battle"):
        assert "fr" not in by_en[en].seeds
    assert by_en["trample over planeswalkers"].seeds == ()
    # Not from the seeds, but printed on Thrasta's Japanese card; the English keyword is refused.
    assert by_en["trample over planeswalkers"].words["ja"] == "プレインズウォーカー越えトランプル"
    assert "trample over planeswalkers" in by_en["trample over planeswalkers"].avoid["ja"]


def test_an_english_keyword_left_in_japanese_text_is_flagged_in_any_case(terms):
    text = "Thrasta（7/7、Trample over planeswalkers）が攻撃します。\n越えて trample over planeswalkers が"
    found = check_text(terms, "ja", text, "x/ja.md")
    assert [p.field for p in found] == ["line 1", "line 2"]
    assert "プレインズウォーカー越えトランプル" in found[0].message


def test_the_real_lessons_and_catalogs_use_the_terms():
    assert check_terms(DEFAULT_LESSONS_DIR) == []


def test_degats_in_french_lesson_text_is_flagged_with_the_term_to_use(lessons_copy, capsys):
    fr = lessons_copy / "what-trample-does" / "fr.md"
    fr.write_text(fr.read_text(encoding="utf-8") + "\n## trample-idea-extra\nLes dégâts passent.\n",
                  encoding="utf-8")
    problems = [str(p) for p in check_terms(lessons_copy)]
    said = "« dégâts »: say « blessures » (damage"
    assert any("fr.md: line" in p and said in p for p in problems)
    assert main(["check", str(lessons_copy)]) == 1
    assert "« blessures »" in capsys.readouterr().out


def test_a_japanese_mistranslation_is_flagged(lessons_copy):
    (lessons_copy / "what-trample-does" / "ja.md").write_text(
        "# トランプル\n\nブロッククリーチャーが戦闘から除外された。\n", encoding="utf-8")
    problems = "\n".join(map(str, check_terms(lessons_copy)))
    assert "「ブロッククリーチャー」: say 「ブロック・クリーチャー」" in problems
    assert "「戦闘から除外」: say 「戦闘から取り除かれる」" in problems


def test_catalogs_and_rule_notes_are_checked_too(lessons_copy, tmp_path):
    catalogs = tmp_path / "translations"
    (catalogs / "fr" / "LC_MESSAGES").mkdir(parents=True)
    (catalogs / "fr" / "LC_MESSAGES" / "messages.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\nmsgid "Damage"\nmsgstr "Dommages"\n',
        encoding="utf-8")
    with (lessons_copy / "rules.toml").open("a", encoding="utf-8") as notes:
        notes.write('\n[fr]\n"702.2c" = "Avec le toucher mortel, 1 suffit."\n')
    problems = "\n".join(map(str, check_terms(lessons_copy, catalogs)))
    assert "messages.po: line 5: « Dommages »: say « blessures »" in problems
    assert "rules.toml" in problems and "say « contact mortel »" in problems


def test_a_word_inside_another_word_is_not_flagged(lessons_copy):
    """French matches whole words: « résistances » is not « résistance », « dégâtsX » nothing."""
    fr = lessons_copy / "what-trample-does" / "fr.md"
    fr.write_text(fr.read_text(encoding="utf-8") + "\nirrésistance\n", encoding="utf-8")
    assert check_terms(lessons_copy) == []


def test_a_bad_row_is_reported_and_names_its_field(lessons_copy):
    file = lessons_copy / "terminology.toml"
    file.write_text(file.read_text(encoding="utf-8")
                    + '\n[[terms]]\nen = "menace"\nrule = "702.111"\nseeds = ["de"]\n'
                    + '\n[[terms]]\nen = "reach"\nrule = "x"\nseeds = []\ncolour = "green"\n',
                    encoding="utf-8")
    problems = [str(p) for p in check_terms(lessons_copy)]
    assert any("terminology.toml: terms[" in p and "seeds:" in p for p in problems)
    assert any("unknown field(s): colour" in p for p in problems)


def test_a_missing_file_is_one_clear_problem(lessons_copy):
    Path(lessons_copy / "terminology.toml").unlink()
    assert [p.message for p in check_terms(lessons_copy)] == ["file is missing"]


def test_french_text_puts_a_no_break_space_before_double_punctuation():
    """French typography, as in the catalogs: « Attaque : Jace » never wraps before the colon."""
    loose = re.compile(r" [:;?!]|« | »")
    files = [*DEFAULT_LESSONS_DIR.glob("*/fr.md"), *DEFAULT_LESSONS_DIR.glob("quizzes/*.fr.toml")]
    found = [f"{path.relative_to(DEFAULT_LESSONS_DIR)}:{number}: {line.strip()[:60]}"
             for path in files
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if loose.search(line)]
    for path, header in (("rules.toml", "[fr]"), ("glossary.toml", "[terms.fr]")):
        inside = False
        for number, line in enumerate((DEFAULT_LESSONS_DIR / path).read_text("utf-8").splitlines(), 1):
            if line.startswith("["):
                inside = line.strip() == header
            elif inside and loose.search(line):
                found.append(f"{path}:{number}: {line.strip()[:60]}")
    assert not found, "\n".join(found)
