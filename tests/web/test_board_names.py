"""Issue 21: a board's descriptive names ("Hill Giant with a -1/-1 counter", "Thrasta, Tempest's
Roar with Basilisk Collar") stayed English on French and Japanese boards. The card's name stays
English; what the board adds to it is said in the page's language (webapp/names.py)."""

from __future__ import annotations

import pytest

from webapp.live.words import labels
from webapp.names import shown_name

NAMES = {
    "Hill Giant with a -1/-1 counter": ("Hill Giant avec 1 marqueur -1/-1",
                                        "Hill Giant（-1/-1カウンター1個）"),
    "Rampaging Baloths with 2 +1/+1 counters": ("Rampaging Baloths avec 2 marqueurs +1/+1",
                                                "Rampaging Baloths（+1/+1カウンター2個）"),
    "Crystalline Giant with a trample counter": ("Crystalline Giant avec 1 marqueur piétinement",
                                                 "Crystalline Giant（トランプルカウンター1個）"),
    "Stampeding Rhino with a +1/+1 counter and a trample counter": (
        "Stampeding Rhino avec 1 marqueur +1/+1 et 1 marqueur piétinement",
        "Stampeding Rhino（+1/+1カウンター1個とトランプルカウンター1個）"),
    "Thrasta, Tempest's Roar with Basilisk Collar": (
        "Thrasta, Tempest's Roar avec Basilisk Collar",
        "Thrasta, Tempest's Roar（Basilisk Collar付き）"),
    "Grim Flayer with delirium": ("Grim Flayer avec délire", "Grim Flayer（昂揚）"),
    "Grizzly Bears (protection from green)": ("Grizzly Bears (protection contre le vert)",
                                              "Grizzly Bears（緑からのプロテクション）"),
    "Hill Giant (can block an additional creature)": (None, None),
}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_a_descriptive_name_is_said_in_the_pages_language(app, name, lang):
    want = NAMES[name][("fr", "ja").index(lang)]
    with app.test_request_context(f"/?lang={lang}"):
        shown = shown_name(name)
    assert " with " not in shown and "counter" not in shown and "(can block" not in shown
    assert want is None or shown == want
    assert shown.startswith(name.split(" with ")[0].split(" (")[0])  # the card's name stays


def test_english_and_plain_names_are_unchanged(app):
    with app.test_request_context("/?lang=en"):
        assert shown_name("Hill Giant with a -1/-1 counter") == "Hill Giant with a -1/-1 counter"
    with app.test_request_context("/?lang=ja"):
        assert shown_name("Grizzly Bears") == "Grizzly Bears"
        board = {"attackers": [{"id": "a", "name": "Hateflayer with Rancor"}],
                 "blockers": [{"id": "b", "name": "Hill Giant with a -1/-1 counter"},
                              {"id": "c", "name": "Hill Giant with a -1/-1 counter"}]}
        assert labels(board) == {"a": "Hateflayer（Rancor付き）",
                                 "b": "Hill Giant（-1/-1カウンター1個） 1",
                                 "c": "Hill Giant（-1/-1カウンター1個） 2"}
    assert shown_name("Hill Giant with a -1/-1 counter") == "Hill Giant with a -1/-1 counter"


def test_generated_questions_say_board_names_in_the_pages_language_too(app):
    """The quiz generator writes names into its prompts and explanations: in French and Japanese
    their modifiers are translated there as on the board (the card's name stays English)."""
    from webapp.catalogue import catalogue
    from webapp.content.generate import GENERATOR_VERSION
    from webapp.content.questions import resolve
    from webapp.i18n import gettext

    english_left, named = [], 0
    for lang in ("fr", "ja"):
        with app.test_request_context(f"/?lang={lang}"):
            for seed in range(40):
                for position in range(1, 7):
                    ref = {"gen": [3, seed, position], "v": GENERATOR_VERSION}
                    english = resolve(ref, bank=catalogue().bank)
                    if " with " not in english["prompt"] and " (" not in english["prompt"]:
                        continue
                    named += 1
                    q = resolve(ref, lang, translate=gettext, bank=catalogue().bank,
                                names=shown_name)
                    for text in (q["prompt"], q.get("explanation") or ""):
                        if " counter" in text or " with " in text or "(can block" in text:
                            english_left.append((lang, seed, position, text[:160]))
    assert named, "no generated board with a descriptive name: the test would prove nothing"
    assert english_left == []
