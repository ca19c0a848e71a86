"""The glossary: data validated by a strict schema, linked on each term's first use in a lesson,
and `lessons check` refusing a term used before it is taught where no link can go."""

from __future__ import annotations

import re
import tomllib

import pytest

from webapp.content import DEFAULT_LESSONS_DIR
from webapp.content.cli import main
from webapp.content.glossary import Glossary, GlossaryFile, lesson_texts, link_terms
from webapp.content.loader import collect
from webapp.content.texts import LANGUAGES

from .conftest import SEEDS, edit
from .test_own_words import runs, words
from tests.conftest import shipped_catalogue

REQUIRED = ("trample", "lethal damage", "blocker", "marked damage", "deathtouch", "first strike",
            "double strike", "protection", "indestructible", "planeswalker", "loyalty", "battle",
            "defense", "removed from combat", "state-based actions", "replacement effect",
            "prevention", "banding", "infect", "wither", "mana value", "damage assignment order",
            "power", "toughness", "attacking creature", "defending player", "combat damage",
            "assign", "life total")
BASICS = ("power", "toughness", "attacking-creature", "blocker", "defending-player",
          "combat-damage", "assign", "life-total")
CURRICULUM = shipped_catalogue().curriculum
GLOSSARY = CURRICULUM.glossary


def retitle(folder, title: str) -> None:
    md = folder / "en.md"
    lines = md.read_text(encoding="utf-8").splitlines(keepends=True)
    md.write_text(f"# {title}\n" + "".join(lines[1:]), encoding="utf-8")


def test_every_term_the_issue_names_is_in_the_glossary_with_a_rule_and_a_definition():
    names = {t.en.name for t in GLOSSARY.terms}
    assert set(REQUIRED) <= names
    for term in GLOSSARY.terms:
        assert re.match(r"^\d{3}(\.\d+[a-z]?)?$", term.rule)
        assert len(term.en.definition.split()) >= 8


def test_each_term_names_a_lesson_of_the_catalogue_or_none():
    ids = {lesson.id for lesson in CURRICULUM}
    assert all(t.lesson is None or t.lesson in ids for t in GLOSSARY.terms)


def test_the_schema_has_a_place_for_every_language():
    assert set(LANGUAGES) <= set(GlossaryFile.model_fields["terms"].annotation.__args__[0]
                                 .model_fields)


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed pages (../shared/seeds) are not here")
def test_definitions_are_in_our_own_words():
    seeded = set()
    for page in sorted(SEEDS.iterdir()):
        seeded |= runs(words(page.read_text(encoding="utf-8", errors="replace")))
    text = (DEFAULT_LESSONS_DIR / "glossary.toml").read_text(encoding="utf-8")
    assert not runs(words(text)) & seeded


@pytest.mark.parametrize("change, field, message", [
    ('schema_version = 1', "terms[0].colour", "unknown field"),
    ('id = "trample"\n', "terms[0].en", "is required"),
    ('lesson = "what-trample-does"', "terms[0].lesson", "is not a lesson in the catalogue"),
    ('id = "lethal-damage"', "terms[1].id", "'trample' is listed twice"),
])
def test_a_bad_glossary_names_the_file_and_field(lessons_copy, change, field, message):
    file = lessons_copy / "glossary.toml"
    text = file.read_text(encoding="utf-8")
    if field.endswith("colour"):
        text = text.replace('lesson = "what-trample-does"\n[terms.en]',
                            'lesson = "what-trample-does"\ncolour = "green"\n[terms.en]', 1)
    elif field.endswith(".en"):
        text = re.sub(r'(id = "trample"\n(?:.*\n){2})\[terms\.en\]\n(?:.*\n){3}', r"\1", text,
                      count=1)
    elif field.endswith("lesson"):
        text = text.replace(change, 'lesson = "no-such-lesson"', 1)
    else:
        text = text.replace(change, 'id = "trample"', 1)
    file.write_text(text, encoding="utf-8")
    _, problems = collect(lessons_copy)
    assert any(p.path.endswith("glossary.toml") and p.field == field and message in p.message
               for p in problems), problems


def test_a_lessons_folder_without_a_glossary_links_nothing(lessons_copy):
    (lessons_copy / "glossary.toml").unlink()
    curriculum, problems = collect(lessons_copy)
    assert problems == [] and curriculum.glossary.terms == ()


def test_a_term_in_a_title_before_its_lesson_is_flagged(lessons_copy, capsys):
    retitle(lessons_copy / "two-blockers", "Two blockers, and a first strike knight")
    assert main(["check", str(lessons_copy)]) == 1
    out = capsys.readouterr().out
    assert "two-blockers/en.md: title: 'first strike' is used here before it is taught " \
           "(lesson 'first-and-double-strike' introduces it)" in out


def test_a_term_in_its_own_lesson_or_later_is_not_flagged(lessons_copy, capsys):
    retitle(lessons_copy / "first-and-double-strike", "First strike, double strike and trample")
    retitle(lessons_copy / "battles", "Battles, after first strike")
    assert main(["check", str(lessons_copy)]) == 0, capsys.readouterr().out


def test_a_term_in_an_answer_option_before_its_lesson_is_flagged(lessons_copy):
    lesson = CURRICULUM.lesson("force-of-nature")
    step = next(s for s in lesson.steps if s.type == "choice")
    key = f"{step.id}.{step.options[0].id}"
    md = lessons_copy / lesson.id / "en.md"
    text = md.read_text(encoding="utf-8")
    text = re.sub(rf"(## {re.escape(key)}\n\n)", r"\1Banding aside, ", text, count=1)
    md.write_text(text, encoding="utf-8")
    _, problems = collect(lessons_copy)
    assert any(p.field == key and "'Banding' is used here before it is taught" in p.message
               for p in problems), problems


def test_a_term_no_lesson_teaches_is_fine_in_a_step_text_because_it_is_linked(lessons_copy):
    lesson = CURRICULUM.lesson("force-of-nature")
    step = lesson.steps[0]
    edit(lessons_copy / lesson.id / "en.md", f"## {step.id}\n\n", f"## {step.id}\n\nMana value "
         "aside, ")
    curriculum, problems = collect(lessons_copy)
    assert problems == []
    uses = curriculum.glossary.first_uses(curriculum.lesson(lesson.id), "en")
    assert any("mana-value" in terms for terms in uses.values())


def test_first_uses_name_each_term_once_per_lesson_in_the_order_a_learner_meets_them():
    for lesson in CURRICULUM:
        uses = GLOSSARY.first_uses(lesson, "en")
        all_terms = [t for terms in uses.values() for t in terms]
        assert len(all_terms) == len(set(all_terms))
        texts = [text for _, text, linkable in lesson_texts(lesson, "en") if linkable]
        assert all(text in texts for text in uses)


def test_linking_links_the_first_use_only_and_never_inside_code_or_links():
    glossary = CURRICULUM.glossary
    html = ('<p><a href="/x">trample</a> and <code>trample</code>: Trample needs lethal '
            'damage; trample again. Blockers too.</p>')
    out = link_terms(html, glossary, {"trample", "lethal-damage", "blocker"}, "en",
                     lambda t: f"/g#{t}")
    assert out.count('class="term"') == 3
    assert '<a class="term" href="/g#trample">Trample</a> needs' in out
    assert '<a class="term" href="/g#lethal-damage">lethal \ndamage</a>' not in out
    assert '<a class="term" href="/g#blocker">Blockers</a>' in out
    assert "<code>trample</code>" in out and "trample again" in out


def test_a_word_that_only_contains_a_term_is_not_linked():
    out = link_terms("<p>Battlefield, battle-scarred, and a battle.</p>", GLOSSARY, {"battle"},
                     "en", lambda t: f"/g#{t}")
    assert out == ('<p>Battlefield, battle-scarred, and a '
                   '<a class="term" href="/g#battle">battle</a>.</p>')


def test_an_empty_glossary_links_nothing():
    assert link_terms("<p>trample</p>", Glossary(), {"trample"}, "en", str) == "<p>trample</p>"


def test_the_glossary_file_is_plain_toml_with_a_schema_version():
    data = tomllib.loads((DEFAULT_LESSONS_DIR / "glossary.toml").read_text(encoding="utf-8"))
    assert data["schema_version"] == 1


def test_the_basic_words_are_taught_by_the_first_lesson_and_linked_where_it_first_uses_them():
    first = CURRICULUM.lessons[0]
    assert first.id == "combat-basics"
    for lang in LANGUAGES:
        uses = {t for terms in GLOSSARY.first_uses(first, lang).values() for t in terms}
        for term_id in BASICS:
            assert GLOSSARY.get(term_id).lesson == first.id
            assert term_id in uses, (lang, term_id)
    opening = first.steps[0].text("en").text
    assert GLOSSARY.first_uses(first, "en")[opening] >= {"attacking-creature", "defending-player",
                                                         "blocker"}


@pytest.mark.parametrize("lang, html, linked", [
    ("fr", "<p>Force of Nature attaque : sa force est de 8.</p>", "force</a> est de 8"),
    ("fr", "<p>Le joueur attaquant choisit ; un attaquant bloqué.</p>", "attaquant</a> bloqué"),
])
def test_a_word_that_only_holds_a_term_is_never_linked(lang, html, linked):
    """"Force of Nature" holds the French « force » (power), "joueur attaquant" holds
    « attaquant »: neither is the term, so the link goes to the term's real first use."""
    out = link_terms(html, GLOSSARY, {"power", "attacking-creature"}, lang, lambda t: f"/g#{t}")
    assert out.count('class="term"') == 1 and linked in out
    assert GLOSSARY.term_for(lang, html[3:18]) is None
