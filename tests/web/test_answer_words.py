"""One wording of an answer, by its question's kind (`_question.html` `answer_words`): the key's
answer and the learner's on a quiz's results read alike, and the results CSV (`shown_answer`)
says the same in plain text."""

from __future__ import annotations

import pytest
from markupsafe import Markup

from webapp.content.kinds import TYPE_KINDS, kind_name
from webapp.views.quiz import shown_answer

OPTIONS = [{"id": "1", "text": "One damage", "lang": None},
           {"id": "2", "text": "Two damage", "lang": None},
           {"id": "12", "text": "Twelve damage", "lang": "en"}]


def words(app, *args, lang="en", **kwargs) -> str:
    with app.test_request_context(f"/?lang={lang}"):
        macro = app.jinja_env.get_template("_question.html").module.answer_words
        return str(Markup(macro(*args, **kwargs)).striptags())


def test_a_chosen_option_is_named_alone_even_when_its_id_is_inside_anothers(app):
    # The results page once matched "1" and "2" inside "12" and listed all three options.
    assert words(app, "choice", "12", OPTIONS) == "Twelve damage"
    assert words(app, "choice", ["1", "12"], OPTIONS) == "One damage; Twelve damage"
    assert shown_answer({"type": "one"}, "12", OPTIONS) == "Twelve damage"


def test_each_kind_is_worded_and_the_page_and_the_csv_agree(app):
    split_q = {"type": "assign", "board": {"attackers": [
        {"id": "a1", "name": "Rhino", "power": 4, "toughness": 4, "abilities": ["trample"],
         "blocked_by": ["b1"]}], "blockers": [{"id": "b1", "name": "Bear", "power": 2,
                                                "toughness": 2}]}}
    with app.test_request_context("/"):
        split = shown_answer(split_q, {"a1": {"b1": 2, "player": 2}}, [])
    assert "Rhino" in split and "2" in split
    cases = [("legal", True, "Legal"), ("legal", False, "Not legal"), ("number", 5, "5"),
             ("one", "2", "Two damage"), ("many", ["1", "2"], "One damage; Two damage")]
    for question_type, given, said in cases:
        assert words(app, kind_name(question_type), given, OPTIONS) == said
        with app.test_request_context("/"):
            assert shown_answer({"type": question_type}, given, OPTIONS) == said
    assert words(app, "split", None, split=split) == split
    assert words(app, "verdict", False, lang="fr") == "Illégal"


def test_every_question_type_has_a_kind_and_an_unknown_one_is_an_error():
    from webapp.content.generate import TYPES

    assert set(TYPE_KINDS) == set(TYPES)
    assert set(TYPE_KINDS.values()) == {"amount", "verdict", "choice", "split"}
    with pytest.raises(ValueError, match="no question type 'essay'"):
        kind_name("essay")
