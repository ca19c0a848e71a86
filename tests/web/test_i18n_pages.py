"""Every page in French and Japanese: the right <html lang>, and no English UI string left.

The language is chosen once and kept: ?lang= (the switcher), then the cookie it sets, then
Accept-Language. Lesson text that is not translated yet is English on purpose and marked
lang="en"; the UI around it never is."""

from __future__ import annotations

import html as htmlmod
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.conftest import csrf_token, shipped_catalogue

CATALOGS = Path(__file__).parents[2] / "webapp" / "translations"
PLACEHOLDER = re.compile(r"%\(\w+\)s|%%")


def english_fragments(lang: str) -> set[str]:
    """The English pieces of every UI string this language translates differently: a page in
    that language showing one of them shows untranslated UI."""
    with (CATALOGS / lang / "LC_MESSAGES" / "messages.po").open("rb") as src:
        catalog = read_po(src)
    pieces = set()
    for m in catalog:
        ids = (m.id,) if isinstance(m.id, str) else m.id
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        for english in ids:
            if m.id and english not in strings:
                pieces |= {p.strip() for p in PLACEHOLDER.split(english) if len(p.strip()) >= 14}
    return pieces


def visible_ui_text(page: str) -> str:
    """The page's words outside English lesson text (lang="en" blocks), tags and attributes
    dropped except the ones people hear (aria-label, title, alt, placeholder)."""
    page = re.sub(r'<(div|span|p|li|label)\b[^>]*\blang="en"[^>]*>.*?</\1>', " ", page, flags=re.S)
    page = re.sub(r"<(script|style|title)\b.*?</\1>", " ", page, flags=re.S)  # title: the h1
    spoken = " ".join(re.findall(r'(?:aria-label|title|alt|placeholder|aria-valuetext)="([^"]*)"',
                                 page))
    return htmlmod.unescape(re.sub(r"<[^>]+>", " ", page) + " " + spoken)


@pytest.fixture(scope="module")
def curriculum():
    return shipped_catalogue().curriculum


def quiz_pages(client) -> list[str]:
    """A quiz attempt's question and review pages and a shared quiz's take and owner pages. Six
    generated questions hold every type (they come in turn), so every kind of key is shown."""
    started = client.post("/quiz", data={"csrf_token": csrf_token(client, "/quiz"), "name": "Nia",
                                         "tier": "3", "mode": "practice", "count": "6",
                                         "source": "generated"})
    question = started.headers["Location"]
    attempt = question.rsplit("/", 1)[0]
    owner = client.post("/quiz/new", data={
        "csrf_token": csrf_token(client, "/quiz/new"), "title": "Soirée", "tier": "2", "count": "3",
        "pass_mark": "70", "mode": "exam", "seed": "5", "op": "save"}).headers["Location"]
    take = re.search(r'id="take-link"[^>]*value="http://localhost([^"]+)"',
                     client.get(owner).get_data(as_text=True)).group(1)
    from webapp.content.questions import default_bank
    every = str(len(default_bank().of_tier(1)))  # the review shows every bank question's key and reasons
    banked = client.post("/quiz", data={"csrf_token": csrf_token(client, "/quiz"), "name": "Nia",
                                        "tier": "1", "mode": "practice", "count": every,
                                        "source": "bank"}).headers["Location"]
    # Results show keys only once submitted; an exam not yet submitted shows Review and submit,
    # with its timer (issue 19).
    for done in (attempt, banked.rsplit("/", 1)[0]):
        client.post(done + "/submit", data={"csrf_token": csrf_token(client, "/quiz")})
    timed = client.post("/quiz", data={"csrf_token": csrf_token(client, "/quiz"), "name": "Nia",
                                       "tier": "2", "mode": "exam", "count": "2", "minutes": "15",
                                       "source": "generated"}).headers["Location"]
    return [question, attempt + "/review", banked.rsplit("/", 1)[0] + "/review",
            "/quiz/new?tier=3&count=3&seed=7", owner, take, timed, timed.rsplit("/", 1)[0] + "/review"]


def class_pages(client) -> list[tuple[str, str]]:
    """A class's screens as its host, its projector and a learner see them: the lobby, a practice
    step with an answer in, then the end. Pages change as the class goes on, so each is read
    when it shows that moment: (path, html)."""
    seen = []

    def read(path):
        response = client.get(path)
        assert response.status_code == 200, path
        seen.append((path, response.get_data(as_text=True)))
        return seen[-1][1]

    token = csrf_token(client, "/class/new")
    read("/class/new")
    host = client.post("/class/new", data={"csrf_token": token, "lesson": "force-of-nature"}
                       ).headers["Location"]
    page = read(host)
    code = re.search(r'class="code">(\w+)<', page).group(1)
    wall = re.search(r'href="(/class/wall/[^"]+)"', page).group(1)  # the projector's own link
    read(wall)
    read("/join")
    client.post("/join", data={"csrf_token": csrf_token(client, "/join"), "code": code,
                               "nickname": "Nia"})
    read(f"/class/{code}/play")
    for fields in ({"op": "start"}, {"op": "go", "step": "5"}):
        client.post(host + "/move", data={"csrf_token": token, **fields})
    client.post(f"/class/{code}/answer", data={
        "csrf_token": token, "lesson": "force-of-nature", "step": "split-d-practice",
        "dmg:fon:bears-a": "1", "dmg:fon:bears-b": "2", "dmg:fon:bears-c": "2",
        "dmg:fon:player": "0"})
    for path in (f"/class/{code}/play", host, host + "/room", wall):
        read(path)
    client.post(host + "/show", data={"csrf_token": token, "what": "answer"})
    read(wall)
    client.post(host + "/move", data={"csrf_token": token, "op": "end", "confirmed": "1"})
    for path in (host, f"/class/{code}/play", "/class", host + "/delete"):  # the host's list
        read(path)
    return seen


def every_page(client, curriculum) -> list[str]:
    pages = ["/", "/learn", "/learn/map", "/learn/review", "/learn/practice", "/learn/today",
             "/learn/today/line", "/learn/glossary",
             "/learn/practice?lesson=force-of-nature&kind=number&seed=1&mode=check",
             "/learn/resume",
             "/sandbox",
             "/quiz", "/no-such-page"]
    for lesson in curriculum:
        pages.append(f"/learn/{lesson.id}/finish")
        pages += [f"/learn/{lesson.id}/{step.id}" for step in lesson.steps]
    return pages + quiz_pages(client)


def main_part(page: str) -> str:
    return page.split("<main", 1)[-1].split("</main>", 1)[0]


def english_left(page: str) -> list:
    """The parts of a page's main content marked as English, and the not-yet-translated notice."""
    marked = re.findall(r'<(\w+)[^>]*\blang="en"[^>]*>([^<]{0,60})', main_part(page))
    if 'class="notice untranslated"' in page:
        marked.append("the not-yet-translated notice")
    return marked


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_every_page_says_its_language_and_leaves_no_english_behind(client, curriculum, lang):
    """No English UI string anywhere, and no English lesson, quiz or glossary text either: every
    lesson, quiz question and term is translated, so nothing is marked lang="en" and no lesson
    says "not yet translated"."""
    client.get(f"/?lang={lang}")  # the switcher: from now on the cookie keeps the language
    english = english_fragments(lang)
    left, untranslated = {}, {}
    pages = [(path, client.get(path)) for path in every_page(client, curriculum)]
    assert all(response.status_code in (200, 404) for _, response in pages), \
        [path for path, response in pages if response.status_code not in (200, 404)]
    pages = [(path, r.get_data(as_text=True)) for path, r in pages] + class_pages(client)
    for path, page in pages:
        assert f'<html lang="{lang}">' in page, path
        visible = visible_ui_text(page)  # once per page, not once per English string
        found = sorted(piece for piece in english if piece in visible)
        if found:
            left[path] = found
        if english_left(page):
            untranslated[path] = english_left(page)
    assert left == {}
    assert untranslated == {}


def test_the_walk_sees_english_left_in_a_page():
    page = ('<html lang="fr"><main><p class="notice untranslated">…</p>'
            '<p lang="en">Grizzly Bears needs 2.</p></main></html>')
    assert english_left(page) == [("p", "Grizzly Bears needs 2."), "the not-yet-translated notice"]
    assert english_left('<html lang="fr"><nav><a lang="en">English</a></nav><main><p>Bonjour</p>'
                        "</main></html>") == []  # the switcher's "English" is not content


@pytest.mark.parametrize(("accept", "lang"), [("fr-CA,fr;q=0.9", "fr"), ("ja-JP", "ja"),
                                               ("de, ja;q=0.5", "ja"), ("de", "en")])
def test_accept_language_picks_the_nearest_language(client, accept, lang):
    page = client.get("/learn", headers={"Accept-Language": accept}).get_data(as_text=True)
    assert f'<html lang="{lang}">' in page


def test_the_chosen_language_is_kept_over_accept_language_until_changed(client):
    client.get("/sandbox?lang=ja")
    assert '<html lang="ja">' in client.get("/quiz", headers={"Accept-Language": "fr"}).get_data(
        as_text=True)
    client.get("/learn?lang=fr")  # switching again replaces the choice
    assert '<html lang="fr">' in client.get("/learn", headers={"Accept-Language": "ja"}).get_data(
        as_text=True)


def test_an_unknown_language_keeps_the_choice_already_made(client):
    client.get("/?lang=fr")
    response = client.get("/learn?lang=xx")
    assert '<html lang="fr">' in response.get_data(as_text=True)
    assert "Set-Cookie" not in response.headers


def test_pages_say_they_vary_by_language(client):
    vary = client.get("/learn").headers.get("Vary", "")
    assert "Accept-Language" in vary and "Cookie" in vary


def test_the_switcher_keeps_the_lesson_step(client, curriculum):
    lesson = curriculum.lessons[0]
    step = lesson.steps[1]
    page = client.get(f"/learn/{lesson.id}/{step.id}?lang=ja").get_data(as_text=True)
    links = dict(re.findall(r'<a href="([^"]+)" lang="(\w\w)" hreflang', page))
    assert {lang: link for link, lang in links.items()} == {
        code: f"/learn/{lesson.id}/{step.id}?lang={code}" for code in ("en", "fr", "ja")}
