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
