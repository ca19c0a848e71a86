"""Issue 22, item 2: the board picture, one component (`board_cards` in templates/_macros.html)
on every surface that shows a board. Each card shows its name, colours in words beside the
coloured frame, power/toughness, keywords, counters and damage already marked; planeswalkers
their loyalty, battles their defense and protector, the player a life total only when the board
states one; each attacker's lane holds exactly its blockers. What a screen reader gets (the
picture with aria-hidden parts left out) says every one of those facts, and the drawn-only parts
say nothing it doesn't."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from flask import render_template_string

from webapp.live import board_cards, labels

PICTURE = '{% from "_macros.html" import board_cards %}{{ board_cards(cards) }}'

CREATURES = {  # every creature fact on one board
    "attackers": [
        {"id": "a1", "name": "Rootbreaker Wurm", "power": 6, "toughness": 6,
         "abilities": ["trample"], "colors": ["green"], "blocked_by": ["b1", "b2"]},
        {"id": "a2", "name": "Boros token", "power": 3, "toughness": 3,
         "abilities": ["first_strike", "lifelink"], "colors": ["red", "white"],
         "blocked_by": ["b2"]},
        {"id": "a3", "name": "Spirit token", "power": 1, "toughness": 1, "colors": []},
    ],
    "blockers": [
        {"id": "b1", "name": "Hill Giant with a -1/-1 counter", "power": 2, "toughness": 2,
         "damage": 1, "colors": ["red"]},
        {"id": "b2", "name": "Wall token", "power": 0, "toughness": 5, "damage": 3,
         "abilities": ["can_block_additional"]},
    ],
}
WALKER = {
    "attackers": [{"id": "a1", "name": "Force of Nature", "power": 8, "toughness": 8,
                   "abilities": ["trample_over_planeswalkers"], "colors": ["green"],
                   "attacking": "pw1", "blocked_by": ["b1"]}],
    "blockers": [{"id": "b1", "name": "Grizzly Bears", "power": 2, "toughness": 2,
                  "colors": ["green"]}],
    "planeswalkers": [{"id": "pw1", "name": "Jace Beleren", "loyalty": 3}],
}
BATTLE = {
    "attackers": [{"id": "a1", "name": "Thrasta, Tempest's Roar", "power": 7, "toughness": 7,
                   "abilities": ["trample"], "colors": ["green"], "attacking": "bt1"}],
    "battles": [{"id": "bt1", "name": "Invasion of Zendikar", "defense": 3,
                 "removed_from_combat": True}],
}


class Reader(HTMLParser):
    """The text a screen reader gets (aria-hidden subtrees left out, visually hidden text kept),
    the text only drawn (inside aria-hidden), and each lane's cards in order."""

    VOID = {"input", "br", "img", "hr", "meta", "link"}

    def __init__(self):
        super().__init__()
        self.read, self.drawn, self.stack, self.lanes = [], [], [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in self.VOID:
            return
        hidden = attrs.get("aria-hidden") == "true" or bool(self.stack and self.stack[-1])
        self.stack.append(hidden)
        if "combat" in (attrs.get("class") or "").split():
            self.lanes.append([])
        if "data-card" in attrs and self.lanes:
            self.lanes[-1].append(attrs["data-card"])

    def handle_endtag(self, tag):
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        (self.drawn if self.stack and self.stack[-1] else self.read).append(data)

    @property
    def text(self) -> str:
        return " ".join(" ".join(self.read).split())


def picture(app, board, lang="en") -> tuple[str, Reader]:
    with app.test_request_context(f"/?lang={lang}"):
        html = render_template_string(PICTURE, cards=board_cards(board, labels(board)))
    reader = Reader()
    reader.feed(html)
    return html, reader


def test_creatures_show_name_colours_in_words_stats_keywords_counters_and_marked_damage(app):
    html, seen = picture(app, CREATURES)
    text = seen.text
    for fact in ("Rootbreaker Wurm", "6/6", "green", "Trample",
                 "Boros token", "3/3", "red, white", "First strike, Lifelink",
                 "Spirit token", "1/1", "colourless",
                 "Hill Giant with a -1/-1 counter", "2/2", "red", "1 -1/-1 counter",
                 "1 damage already marked",
                 "Wall token", "0/5", "3 damage already marked",
                 "Can block an additional creature"):
        assert fact in text, fact
    # the frame and pips draw the same colours the words say
    assert 'class="card card-attacker col-green"' in html
    assert "col-multi" in html and 'pip pip-red' in html and 'pip pip-white' in html
    # a creature whose board states no colours says nothing about colour (the sandbox's boards)
    assert text.count("colourless") == 1
    _, bare = picture(app, {"attackers": [{"id": "a", "name": "Beast token", "power": 3,
                                           "toughness": 3}]})
    assert "colourless" not in bare.text and "green" not in bare.text


def test_each_lane_holds_its_attacker_its_blockers_and_what_it_attacks(app):
    _, seen = picture(app, CREATURES)
    assert seen.lanes == [["a1", "b1", "b2", "player"], ["a2", "b2", "player"], ["a3", "player"]]
    text = seen.text
    assert "Attacking the defending player · blocked by Hill Giant with a -1/-1 counter, " \
           "Wall token" in text
    assert "blocked by Wall token" in text and "not blocked" in text


def test_a_planeswalker_shows_its_loyalty_and_its_controller(app):
    _, seen = picture(app, WALKER)
    assert seen.lanes == [["a1", "b1", "pw1"]]
    for fact in ("Attacking Jace Beleren", "loyalty 3",
                 "Planeswalker, controlled by the defending player", "Trample over planeswalkers"):
        assert fact in seen.text, fact


def test_a_battle_shows_its_defense_and_protector_and_leaving_combat(app):
    _, seen = picture(app, BATTLE)
    assert seen.lanes == [["a1", "bt1"]]
    for fact in ("Attacking Invasion of Zendikar", "not blocked", "defense 3",
                 "Battle; its protector is the defending player", "removed from combat"):
        assert fact in seen.text, fact


def test_the_player_has_a_life_total_only_when_the_board_states_one(app):
    _, without = picture(app, CREATURES)
    assert "the defending player" in without.text and "life" not in without.text
    _, stated = picture(app, {**CREATURES, "player": {"life": 17}})
    assert "life 17" in stated.text


@pytest.mark.parametrize("board", [CREATURES, WALKER, BATTLE],
                         ids=["creatures", "walker", "battle"])
def test_what_is_only_drawn_is_also_said(app, board):
    """aria-hidden parts (pips, dots, the player icon) carry no fact the read text lacks."""
    _, seen = picture(app, board)
    for drawn in (d.strip() for d in seen.drawn):
        if drawn and drawn != "♙":
            assert f"{drawn} damage already marked" in seen.text, drawn


@pytest.mark.parametrize("lang, words", [
    ("fr", ("vert", "rouge et blanc", "incolore", "1 marqueur -1/-1",
            "blessures déjà marquées : 3")),
    ("ja", ("緑", "赤", "白", "無色", "-1/-1カウンター1個")),
])
def test_the_picture_is_in_the_pages_language(app, lang, words):
    _, seen = picture(app, CREATURES, lang)
    for word in words:
        assert word in seen.text, word
    for english in ("green", "colourless", "already marked", "Attacking"):
        assert english not in seen.text, english
    _, walker = picture(app, WALKER, lang)
    _, battle = picture(app, BATTLE, lang)
    assert "controlled by" not in walker.text and "protector" not in battle.text


PAGES = {  # a page of each surface whose board has sliders: the picture, then the sliders
    "lesson practice": "/learn/force-of-nature/split-d-practice",
    "lesson worked": "/learn/force-of-nature/mixed-worked",
    "lesson predict": "/learn/force-of-nature/two-predict",
    "planeswalker": "/learn/attacking-a-planeswalker/fon-jace-practice",
    "battle": "/learn/battles/thrasta-battle-practice",
    "sandbox": "/sandbox",
}


@pytest.mark.parametrize("path", PAGES.values(), ids=PAGES.keys())
def test_every_board_page_draws_the_picture_once_before_its_sliders(client, path):
    html = client.get(path).get_data(as_text=True)
    assert html.count('<ol class="board"') == 1
    if 'class="dmg"' in html:
        assert html.index('<ol class="board"') < html.index('class="dmg"')
        # the slider rows no longer repeat the cards: each card is drawn once, in the picture
        assert html.count('class="card card-attacker') == html.count('<li class="combat">')


@pytest.mark.parametrize("path", [PAGES["lesson practice"], PAGES["sandbox"]])
def test_the_live_verdict_sits_in_a_docked_region_that_keeps_its_id_and_target(client, path):
    html = client.get(path).get_data(as_text=True)
    assert 'hx-target="#verdict"' in html and html.count('id="verdict"') == 1
    dock = "live-dock" if "/learn/" in path else 'class="dock"'
    assert html.index(dock) < html.index('id="verdict"')


def test_a_quiz_assign_question_draws_the_picture_before_its_sliders(client, app):
    """A class on a quiz shows its phones this same question block (classroom/play.html)."""
    from tests.web.test_quiz import TYPES, attempt_of, questions_of, start

    attempt = attempt_of(app, start(client, count=str(len(TYPES))))
    n = next(i for i, q in enumerate(questions_of(attempt), 1) if q["type"] == "assign")
    html = client.get(f"/quiz/a/{attempt.token}/{n}").get_data(as_text=True)
    assert html.count('<ol class="board"') == 1 and 'class="dmg"' in html
    assert html.index('<ol class="board"') < html.index('class="dmg"')
    assert html.index("live-dock") < html.index('id="verdict"')
