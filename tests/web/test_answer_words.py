"""One wording of an answer, by its question's kind (views/answer_words.answer_in_words): the
key's answer and the learner's on a quiz's or a class's results, an exam's saved answer, Learn's
review list, and the results CSV (spreadsheet.cell: the same words as plain text)."""

from __future__ import annotations

import pytest
from markupsafe import Markup

from webapp.content.kinds import TYPE_KINDS, kind_name
from webapp.services.spreadsheet import cell
from webapp.views.answer_words import answer_in_words
from webapp.views.quiz import shown_answer

OPTIONS = [{"id": "1", "text": "One damage", "lang": None},
           {"id": "2", "text": "Two damage", "lang": None},
           {"id": "12", "text": "Twelve <damage>", "lang": "en"}]
SPLIT_Q = {"type": "assign", "board": {"attackers": [
    {"id": "a1", "name": "Rhino", "power": 4, "toughness": 4, "abilities": ["trample"],
     "blocked_by": ["b1"]}], "blockers": [{"id": "b1", "name": "Bear", "power": 2,
                                            "toughness": 2}]}}


def words(app, *args, lang="en") -> Markup:
    with app.test_request_context(f"/?lang={lang}"):
        app.preprocess_request()  # the locale the page would have
        return answer_in_words(*args)


def test_a_chosen_option_is_named_alone_even_when_its_id_is_inside_anothers(app):
    # The results page once matched "1" and "2" inside "12" and listed all three options.
    assert words(app, "choice", "12", None, OPTIONS).striptags() == "Twelve <damage>"
    assert words(app, "choice", ["1", "12"], None, OPTIONS).striptags() \
        == "One damage; Twelve <damage>"
    with app.test_request_context("/"):
        assert cell(shown_answer({"type": "one"}, "12", OPTIONS)) == "Twelve <damage>"


def test_an_option_in_another_language_than_the_page_is_marked_and_its_text_escaped(app):
    french = words(app, "choice", ["2", "12"], None, OPTIONS, lang="fr")
    assert str(french) == ('<span lang="en">Two damage</span>; '
                           '<span lang="en">Twelve &lt;damage&gt;</span>')
    assert 'lang=' not in str(words(app, "choice", "2", None, OPTIONS))


def test_each_kind_is_worded_and_the_page_and_the_csv_agree(app):
    with app.test_request_context("/"):
        split = shown_answer(SPLIT_Q, {"a1": {"b1": 2, "player": 2}}, [])
    assert "Rhino" in split and "2 to Bear" in split
    assert cell(split) == split.striptags()
    cases = [("legal", True, "Legal"), ("legal", False, "Not legal"), ("number", 5, "5"),
             ("one", "2", "Two damage"), ("many", ["1", "2"], "One damage; Two damage")]
    for question_type, given, said in cases:
        assert words(app, kind_name(question_type), given, None, OPTIONS).striptags() == said
        with app.test_request_context("/"):
            assert cell(shown_answer({"type": question_type}, given, OPTIONS)) == said
    assert words(app, "verdict", False, lang="fr") == "Illégal"


def test_a_csv_cell_holds_marked_words_as_their_text_and_still_refuses_a_formula():
    assert cell(Markup('<span lang="en">=SUM(A1)</span> &amp; more')) == "'=SUM(A1) & more"
    assert cell("<b>typed</b>") == "<b>typed</b>"  # typed text is kept as typed


def test_every_question_type_has_a_kind_and_an_unknown_one_is_an_error():
    from webapp.content.generate import TYPES

    assert set(TYPE_KINDS) == set(TYPES)
    assert set(TYPE_KINDS.values()) == {"amount", "verdict", "choice", "split"}
    with pytest.raises(ValueError, match="no question type 'essay'"):
        kind_name("essay")
