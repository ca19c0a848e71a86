"""GET /learn/glossary: every glossary term in plain words, its rule and the lesson that teaches
it. Lesson texts link a term's first use here (#<term id>), so a definition is one tap away on a
phone or one Enter away on a keyboard, never hover-only."""

from __future__ import annotations

from flask import render_template

from . import bp, curriculum
from . import steps as parts


@bp.get("/glossary")
def glossary():
    here = curriculum()
    terms = sorted(here.glossary.terms if here.glossary else (),
                   key=lambda t: t.words(parts.lang()).name.lower())
    rows = [{"id": t.id, "words": t.words(parts.lang()), "rule": t.rule,
             "fallback": t.words(parts.lang()) is t.en and parts.lang() != "en",
             "lesson": here.get(t.lesson) if t.lesson else None} for t in terms]
    for row in rows:
        row["lesson_title"] = row["lesson"].title(parts.lang()) if row["lesson"] else None
    return render_template("learn/glossary.html", rows=rows)
