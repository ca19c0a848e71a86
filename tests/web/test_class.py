"""Class: a host runs a live class; learners join with a code and follow on their phones."""

from __future__ import annotations

import csv
import io
import re
from datetime import timedelta

import pytest


from tests.conftest import isolated_app, shipped_catalogue
from webapp.services import classes, db
from webapp.services.models import Class

LESSON = "force-of-nature"
PRACTICE = 5            # step 5 of force-of-nature: split-d-practice, two sliders locked
STEP_ID = "split-d-practice"
ILLEGAL = {"dmg:fon:bears-a": "3", "dmg:fon:bears-b": "2", "dmg:fon:bears-c": "0",
           "dmg:fon:player": "3"}  # Bears C has no damage, 3 goes to the player: 702.19b
LEGAL = {"dmg:fon:bears-a": "3", "dmg:fon:bears-b": "2", "dmg:fon:bears-c": "2",
         "dmg:fon:player": "1"}
HX = {"HX-Request": "true"}


def token_of(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


class Host:
    """A host's browser: creates a class and drives it."""

    def __init__(self, app, lesson=LESSON):
        self.client = app.test_client()
        self.csrf = token_of(self.client.get("/class/new").get_data(as_text=True))
        response = self.client.post("/class/new", data={"csrf_token": self.csrf, "lesson": lesson})
        assert response.status_code == 303
        self.url = response.location
        self.token = self.url.rsplit("/", 1)[1]
        self.code = re.search(r'class="code">(\w+)<', self.page()).group(1)

    def page(self, path="", **kw) -> str:
        response = self.client.get(self.url + path, follow_redirects=True, **kw)
        assert response.status_code == 200, response.status_code
        return response.get_data(as_text=True)

    def post(self, path, **data):
        return self.client.post(self.url + path, data={"csrf_token": self.csrf, **data})

    def go(self, number: int):
        if "Start the class" in self.page():
            assert self.post("/move", op="start").status_code == 303
        assert self.post("/move", op="go", step=str(number)).status_code == 303


class Learner:
    def __init__(self, app, code, nickname, address="10.0.0.1"):
        self.client = app.test_client()
        self.code = code
        self.env = {"REMOTE_ADDR": address}
        self.csrf = token_of(self.client.get("/join").get_data(as_text=True))
        self.joined = self.client.post("/join", data={"csrf_token": self.csrf, "code": code,
                                                      "nickname": nickname},
                                       environ_base=self.env)

    def play(self):
        return self.client.get(f"/class/{self.code}/play")

    def answer(self, fields, step=STEP_ID, **headers):
        return self.client.post(f"/class/{self.code}/answer", headers=headers, data={
            "csrf_token": self.csrf, "lesson": LESSON, "step": step, **fields})

    def live(self, fields, step=STEP_ID):
        return self.client.post(f"/class/{self.code}/live", headers=HX, data={
            "csrf_token": self.csrf, "lesson": LESSON, "step": step, **fields})


@pytest.fixture
def host(app):
    return Host(app)


def text(response) -> str:
    return re.sub(r"\s+", " ", response.get_data(as_text=True))


def shown_as_word(name: str, html: str) -> bool:
    """Whether `name` stands on its own in the page, not inside a random base64 token."""
    return re.search(rf"(?<![\w+/=-]){re.escape(name)}(?![\w+/=-])", html) is not None


# --- starting and joining ----------------------------------------------------------------------


def test_a_new_class_has_a_six_character_code_without_look_alikes_and_a_long_host_link(app, host):
    assert re.fullmatch(r"[ACEFHJKMNPRTWXY3479]{6}", host.code)
    assert not set("0O1IL2Z5S8B6GUVDQ") & set(classes.ALPHABET)
    assert len(host.token) >= 43  # 256 random bits, URL-safe base64
    projector = host.page("/projector")
    assert "<svg" in projector and 'role="img"' in projector and host.code in projector
    assert "/join?code=" + host.code in host.page()


def test_the_host_link_is_also_kept_in_the_hosts_cookie(host):
    page = host.client.get("/class").get_data(as_text=True)
    assert host.url in page and host.code in page
    stranger = host.client.application.test_client()
    assert host.url not in stranger.get("/class").get_data(as_text=True)


def test_new_class_refuses_an_unknown_lesson(app):
    client = app.test_client()
    csrf = token_of(client.get("/class/new").get_data(as_text=True))
    response = client.post("/class/new", data={"csrf_token": csrf, "lesson": "no-such-lesson"})
    assert response.status_code == 400 and "Choose one of the lessons" in text(response)


def test_a_learner_joins_with_the_code_typed_loosely_and_waits_in_the_lobby(app, host):
    ana = Learner(app, host.code.lower()[:3] + " " + host.code.lower()[3:], "Ana")
    assert ana.joined.status_code == 303
    assert ana.joined.location == f"/class/{host.code}/play"
    page = text(ana.play())
    assert "You are Ana in class" in page and "Waiting for the host" in page
    assert "Ana" in host.page()


def test_the_join_link_of_the_qr_code_fills_in_the_code(app, host):
    page = app.test_client().get(f"/join?code={host.code}").get_data(as_text=True)
    assert f'value="{host.code}"' in page


@pytest.mark.parametrize("code", ["ZZZZZZ", "ABC", "", "A" * 40, "<script>"])
def test_a_wrong_code_gets_a_clear_message(app, host, code):
    response = Learner(app, code, "Ana").joined
    assert response.status_code == 400
    assert "No class is running with the code" in text(response)
    assert "<script>" not in response.get_data(as_text=True)


def test_a_class_that_ended_takes_no_one_new(app, host):
    host.go(1)
    host.post("/move", op="end", confirmed="1")
    assert Learner(app, host.code, "Late").joined.status_code == 400


def test_nicknames_are_unique_in_a_class_whatever_the_case(app, host):
    assert Learner(app, host.code, "Ana").joined.status_code == 303
    again = Learner(app, host.code, "  ANA ").joined
    assert again.status_code == 409 and "already uses that nickname" in text(again)
    other = Host(app)
    assert Learner(app, other.code, "Ana").joined.status_code == 303  # another class: fine


@pytest.mark.parametrize("nickname, message", [
    ("", "Choose a nickname"), ("   ", "Choose a nickname"),
    ("x" * 25, "at most 24 characters"), ("x" * 5000, "at most 24 characters"),
    ("bad\x00name", "control or invisible"), ("rtl\u202ename", "control or invisible"),
])
def test_bad_nicknames_are_refused_with_a_reason(app, host, nickname, message):
    response = Learner(app, host.code, nickname).joined
    assert response.status_code == 400 and message in text(response)


def test_hostile_nicknames_are_escaped_on_every_page(app, host):
    evil = '<img src=x onerror=alert(1)>'[:24]
    assert Learner(app, host.code, evil).joined.status_code == 303
    host.go(PRACTICE)
    for page in (host.page(), host.page("/room", headers=HX), host.page("/projector")):
        assert "<img src=x" not in page
    assert "&lt;img src=x" in host.page()


def test_joins_are_rate_limited_per_address(tmp_path):
    app = isolated_app(tmp_path / "instance", RATE_LIMITS={"join": "3/60"})
    host = Host(app)
    for name in ("a", "b", "c"):
        assert Learner(app, host.code, name, address="10.1.1.1").joined.status_code == 303
    refused = Learner(app, host.code, "d", address="10.1.1.1").joined
    assert refused.status_code == 429 and "Too many tries" in text(refused)
    assert Learner(app, host.code, "e", address="10.1.1.2").joined.status_code == 303


def test_joining_needs_the_csrf_token(app, host):
    response = app.test_client().post("/join", data={"code": host.code, "nickname": "Ana"})
    assert response.status_code == 400


# --- following the host --------------------------------------------------------------------------


def test_the_learner_page_polls_with_an_etag_and_reloads_when_the_host_moves_on(app, host):
    ana = Learner(app, host.code, "Ana")
    page = ana.play().get_data(as_text=True)
    sync = re.search(r'data-follow[^>]*hx-get="([^"]+)"', page).group(1).replace("&amp;", "&")
    first = ana.client.get(sync)
    assert first.status_code == 200 and first.headers["ETag"] and "HX-Refresh" not in first.headers
    again = ana.client.get(sync, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    host.go(PRACTICE)
    moved = ana.client.get(sync, headers={"If-None-Match": first.headers["ETag"]})
    assert moved.status_code == 200 and moved.headers["HX-Refresh"] == "true"
    assert 'name="step" value="split-d-practice"' in ana.play().get_data(as_text=True)


def test_learners_see_learns_own_step_markup_with_the_class_urls(app, host):
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    page = ana.play().get_data(as_text=True)
    assert 'class="lesson-step type-practice"' in page and 'id="verdict"' in page
    assert 'hx-post="/learn/force-of-nature/split-d-practice/live"' in page  # Learn's live check
    assert f'action="/class/{host.code}/answer"' in page
    assert "Next step" not in page and "/learn/force-of-nature/split-d-practice/next" not in page


def test_a_slider_move_gets_the_live_verdict_and_counts_no_try(app, host):
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    response = ana.live(ILLEGAL)
    assert response.status_code == 200
    assert "Not legal" in text(response) and "702.19b" in text(response)
    assert 'hx-swap-oob' in response.get_data(as_text=True)
    bare = ana.client.post(f"/class/{host.code}/live", headers=HX,  # no CSRF token: it stores
                           data={"lesson": LESSON, "step": STEP_ID, **ILLEGAL})  # nothing
    assert bare.status_code == 200 and "Not legal" in text(bare)
    assert ">0</dd>" in host.page("/room", headers=HX).split("Answered")[1][:40]


def test_an_answer_is_stored_and_a_reconnecting_learner_sees_it(app, host):
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    response = ana.answer(LEGAL, **HX)
    assert response.status_code == 200 and "Right!" in text(response)
    page = text(ana.play())  # a reload, or the phone coming back
    assert "Right!" in page and 'name="dmg:fon:bears-c" min="0" max="8" step="1" value="2"' in page
    # a class follows its host: no "Try a similar one" away from it, on the page or the fragment
    assert "Try a similar one" not in page and "Try a similar one" not in text(response)


def test_an_answer_without_javascript_redirects_to_the_feedback(app, host):
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    response = ana.answer(ILLEGAL)
    assert response.status_code == 303 and response.location.endswith("/play#feedback")
    assert "Not quite" in text(ana.play())


def test_the_minus_plus_buttons_work_without_javascript(app, host):
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    response = ana.answer({**LEGAL, "op": "step:fon:player:-1"})
    assert response.status_code == 200
    assert 'name="dmg:fon:player" min="0" max="8" step="1" value="0"' in text(response)


def test_a_bad_answer_is_a_400_with_learns_message(app, host):
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    response = ana.answer({**LEGAL, "dmg:fon:player": "lots"}, **HX)
    assert response.status_code == 400 and "isn’t a whole number" in text(response)


def test_an_answer_for_a_step_the_class_left_is_not_stored_and_the_page_follows(app, host):
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    stale = ana.answer(LEGAL, step="most-practice")
    assert stale.status_code == 303 and stale.location == f"/class/{host.code}/play"
    host.go(PRACTICE + 1)
    moved = ana.answer(LEGAL, **HX)  # the host moved on as it was sent
    assert_follows_with_notice(moved, f"Step {PRACTICE + 1} of")
    assert_follows_with_notice(ana.live(LEGAL), f"Step {PRACTICE + 1} of")
    assert "<dd>0</dd>" in host.page("/room", headers=HX).split("Answered")[1][:30]


def assert_follows_with_notice(response, where: str) -> None:
    """A late answer or drag with htmx: no reload; the class's screen as it is now is swapped in
    (the poll's own headers), saying that nothing was kept."""
    assert response.status_code == 200 and "HX-Refresh" not in response.headers
    assert response.headers["HX-Retarget"] == "#class-screen"
    assert response.headers["HX-Reselect"] == "#class-screen"
    page = text(response)
    assert "The host moved on before that reached the class: nothing was kept." in page
    assert where in page


def test_answers_before_the_start_are_not_stored(app, host):
    ana = Learner(app, host.code, "Ana")
    assert_follows_with_notice(ana.answer(LEGAL, **HX), "You’re in!")  # still the lobby
    host.go(PRACTICE)
    room = host.page("/room", headers=HX).replace("\n", "").replace(" ", "")
    assert "Answered</dt><dd>0</dd>" in room


def test_every_kind_of_step_can_be_answered_in_class(app, host):
    ana = Learner(app, host.code, "Ana")
    lesson = shipped_catalogue().curriculum.lesson(LESSON)
    host.go(lesson.step_index("two-predict") + 1)  # predict
    response = ana.answer({"amount": "4"}, step="two-predict", **HX)
    assert response.status_code == 200 and "try-board" in response.get_data(as_text=True)
    host.go(lesson.step_index("all-on-one-legal") + 1)  # legal
    response = ana.answer({"verdict": "legal"}, step="all-on-one-legal", **HX)
    assert response.status_code == 200 and "Deciding rule" in text(response)
    host.go(lesson.step_index("which-illegal") + 1)  # choice
    page = ana.play().get_data(as_text=True)
    option = re.search(r'name="option" value="([^"]+)"', page).group(1)
    response = ana.answer({"option": option}, step="which-illegal", **HX)
    assert response.status_code == 200 and "Your answer:" in text(response)


# --- authz ----------------------------------------------------------------------------------------


HOST_PAGES = ["", "/room", "/projector", "/results.csv"]


@pytest.mark.parametrize("path", HOST_PAGES)
def test_strangers_and_learners_cannot_reach_host_pages(app, host, path):
    ana = Learner(app, host.code, "Ana")
    forged = "x" * 43
    assert ana.client.get(f"/class/host/{forged}{path}").status_code == 404
    assert app.test_client().get(f"/class/host/{host.token[:-1]}{path}").status_code == 404
    assert "/class/host/" not in ana.play().get_data(as_text=True)


@pytest.mark.parametrize("path, data", [("/move", {"op": "next"}), ("/show", {"what": "answer"}),
                                        ("/remove", {"learner": "1"})])
def test_host_actions_need_the_host_link_and_the_csrf_token(app, host, path, data):
    ana = Learner(app, host.code, "Ana")
    assert ana.client.post(f"/class/host/{'x' * 43}{path}",
                           data={"csrf_token": ana.csrf, **data}).status_code == 404
    assert host.client.post(host.url + path, data=data).status_code == 400  # no CSRF token


def test_a_learner_of_one_class_cannot_answer_in_or_see_another(app, host):
    other = Host(app)
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    other.go(PRACTICE)
    response = ana.client.post(f"/class/{other.code}/answer", data={
        "csrf_token": ana.csrf, "lesson": LESSON, "step": STEP_ID, **LEGAL})
    assert response.status_code == 403
    assert ana.client.get(f"/class/{other.code}/play").location == f"/join?code={other.code}"
    assert ana.live(LEGAL).status_code == 200


def test_answering_needs_the_csrf_token(app, host):
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    response = ana.client.post(f"/class/{host.code}/answer",
                               data={"lesson": LESSON, "step": STEP_ID, **LEGAL})
    assert response.status_code == 400


def test_an_unknown_class_sends_to_the_join_form_as_any_class_without_a_seat_does(app):
    client = app.test_client()  # (test_limits.py: a live, an ended and a missing code alike)
    assert client.get("/class/ZZZZZZ/play").location == "/join"
    assert client.get("/class/ZZZZZZ/sync?v=1").headers["HX-Refresh"] == "true"


@pytest.mark.parametrize("data", [{"op": "dance"}, {"op": "go", "step": "0"},
                                  {"op": "go", "step": "99"}, {"op": "go", "step": "²"}])
def test_bad_moves_are_refused(app, host, data):
    host.go(1)
    assert host.post("/move", **data).status_code == 400


def test_bad_show_requests_are_refused(app, host):
    host.go(PRACTICE)
    assert host.post("/show", what="mistake:no_such_code").status_code == 400
    assert host.post("/show", what="<script>").status_code == 400


# --- the room overview --------------------------------------------------------------------------


def test_the_overview_groups_mistakes_by_problem_code_and_flags_the_stuck(app, host):
    learners = [Learner(app, host.code, name) for name in ("Ana", "Bo", "Cy")]
    host.go(PRACTICE)
    for _ in range(3):
        learners[0].answer(ILLEGAL, **HX)
    learners[1].answer(ILLEGAL, **HX)
    learners[2].answer(LEGAL, **HX)
    room = text(host.client.get(host.url + "/room", headers=HX))
    assert "<dt>Joined</dt><dd>3</dd>" in room.replace(" <", "<").replace("> ", ">")
    assert ("2 players:</span> damage to the player before every blocker had lethal — "
            '<span class="rule">702.19b</span>') in room
    assert "Stuck (3 wrong tries in a row):</strong> Ana" in room
    assert "Legal splits" in room and "the player" in room
    hidden = text(host.client.get(host.url + "/projector", follow_redirects=True))
    assert "Mistakes the room makes" not in hidden and "2 players:" not in hidden
    assert host.post("/results", shown="1").status_code == 303  # the host shows them
    projector = text(host.client.get(host.url + "/projector", follow_redirects=True))
    assert "2 players" in projector and "Mistakes the room makes" in projector
    assert "702.19b" in projector
    for name in ("Ana", "Bo", "Cy"):  # never a nickname on the big screen
        assert not shown_as_word(name, hidden) and not shown_as_word(name, projector)


def test_a_nickname_check_ignores_random_tokens_but_finds_real_names():
    # The host URL, CSRF tokens and CSP nonces are random base64: "Bo" can sit inside one.
    assert not shown_as_word("Bo", '<a href="/class/host/_xgjPrtBoitbB8VW4d">x</a>')
    assert not shown_as_word("Bo", '<script nonce="q+Bo/=">')
    assert shown_as_word("Bo", "<li>Bo</li>")
    assert shown_as_word("Bo", '<span aria-label="Stuck: Bo, Cy">')


def test_a_legal_try_ends_a_streak(app, host):
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    for _ in range(3):
        ana.answer(ILLEGAL, **HX)
    ana.answer(LEGAL, **HX)
    assert "Stuck" not in host.page("/room", headers=HX)


def test_stuck_counts_illegal_splits_in_a_row_not_legal_ones_that_miss_the_goal(app, host):
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    legal_but_not_asked = {**LEGAL, "dmg:fon:bears-c": "3", "dmg:fon:player": "0"}
    ana.answer(ILLEGAL, **HX)
    ana.answer(ILLEGAL, **HX)
    assert "Not quite" in text(ana.answer(legal_but_not_asked, **HX))
    ana.answer(ILLEGAL, **HX)
    ana.answer(ILLEGAL, **HX)
    assert "Stuck" not in host.page("/room", headers=HX)  # 2 in a row since the legal one
    ana.answer(ILLEGAL, **HX)
    assert "Stuck (3 wrong tries in a row):</strong> Ana" in text(
        host.client.get(host.url + "/room", headers=HX))


def test_the_heat_strip_shows_where_the_room_put_its_damage(app, host):
    ana, bo = Learner(app, host.code, "Ana"), Learner(app, host.code, "Bo")
    host.go(PRACTICE)
    ana.answer(ILLEGAL, **HX)
    bo.answer(LEGAL, **HX)
    room = host.page("/room", headers=HX)
    # 4 of 16 damage to the player: 25%, an average of 2.0 per answer
    assert 'aria-label="the player: 25% of the damage"' in room and "average 2.0" in room


def test_the_host_projects_the_worked_answer_and_a_mistake_explained(app, host):
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    ana.answer(ILLEGAL, **HX)
    assert host.post("/show", what="answer").status_code == 303
    screen = text(host.client.get(host.url + "/projector", follow_redirects=True))
    assert "The worked answer" in screen and "Legal" in screen
    host.post("/show", what="mistake:player_before_lethal")
    screen = text(host.client.get(host.url + "/projector", follow_redirects=True))
    assert "Grizzly Bears C has 0 of the 2 damage it needs" in screen and "Ana" not in screen
    host.post("/show", what="none")
    assert "A mistake the room makes" not in text(host.client.get(host.url + "/projector",
                                                                  follow_redirects=True))


def test_the_host_removes_a_player(app, host):
    ana = Learner(app, host.code, "Ana")
    learner_id = re.search(r'<option value="(\d+)">Ana</option>', host.page()).group(1)
    assert host.post("/remove", learner=learner_id).status_code == 303
    assert "Ana" not in re.search(r'class="names">.*?</p>', host.page(), re.S).group(0)
    assert "You were removed from this class" in ana.play().get_data(as_text=True)
    assert host.post("/remove", learner=learner_id).status_code == 400  # already out


# --- the end -----------------------------------------------------------------------------------


def read_results(response) -> tuple[list[list[str]], list[dict]]:
    """The results CSV as a spreadsheet reads it: UTF-8 after its byte-order mark, the rows before
    the table (lesson or quiz, date, code), then the table's rows as dicts by its header."""
    assert response.status_code == 200 and response.mimetype == "text/csv"
    data = response.get_data()
    assert data.startswith(b"\xef\xbb\xbf")  # the BOM: Excel reads UTF-8
    lines = list(csv.reader(io.StringIO(data.decode("utf-8").removeprefix("\ufeff"))))
    blank = lines.index([])
    header = lines[blank + 1]
    return lines[:blank], [dict(zip(header, row, strict=True)) for row in lines[blank + 2:]]


def answered(rows: list[dict]) -> list[dict]:
    return [r for r in rows if r["Tries"] != "0"]


def test_the_end_summary_csv_and_review_links(app, host):
    ana, bo = Learner(app, host.code, "=SUM(A1)"), Learner(app, host.code, "Bo, \"the\" best")
    host.go(PRACTICE)
    ana.answer(ILLEGAL, **HX)
    ana.answer(LEGAL, **HX)
    bo.answer(ILLEGAL, **HX)
    host.post("/move", op="end", confirmed="1")
    summary = text(host.client.get(host.url))
    assert "Summary" in summary and "50%" in summary and "0%" in summary
    assert "damage to the player before every blocker had lethal — 702.19b (1)" in summary
    response = host.client.get(host.url + "/results.csv")
    assert "attachment" in response.headers["Content-Disposition"]
    _, rows = read_results(response)
    assert [(r["Player"], r["Step"], r["Tries"], r["Right in the end"]) for r in rows] == [
        ("'=SUM(A1)", "5", "2", "yes"), ('Bo, "the" best', "5", "1", "no")]
    assert "3 to the defending player" in rows[0]["First answer"]
    assert "1 to the defending player" in rows[0]["Last answer"]
    review = ana.play().get_data(as_text=True)
    assert "/learn/force-of-nature/split-d-practice" not in review  # right in the end
    assert "/learn/force-of-nature/most-practice" in review  # skipped
    assert "/learn/force-of-nature/split-d-practice" in bo.play().get_data(as_text=True)


def test_the_results_csv_reads_in_a_spreadsheet(app, host):
    """Issue 23: steps in class order with titles, answers in words, every player (one who
    never answered too) with totals, the BOM, the lesson and the date in the file and its name,
    a formula nickname escaped, "Zoë" and an emoji intact."""
    import html
    from urllib.parse import unquote

    zoe = Learner(app, host.code, "Zoë 🐻")
    formula = Learner(app, host.code, "=HYPERLINK(\"http://x\")", address="10.0.0.2")
    Learner(app, host.code, "Never", address="10.0.0.3")
    host.go(8)  # asked out of order: 8, then 5, then 4 and 7
    formula_page = text(formula.play())
    assert formula.answer({"option": "four-four"}, step="which-illegal", **HX).status_code == 200
    host.go(PRACTICE)
    zoe.answer(ILLEGAL, **HX)
    zoe.answer(LEGAL, **HX)
    formula.answer(LEGAL, **HX)
    host.go(4)
    assert zoe.answer({"amount": "4"}, step="two-predict", **HX).status_code == 200
    host.go(7)
    assert zoe.answer({"verdict": "legal"}, step="all-on-one-legal", **HX).status_code == 200
    host.post("/move", op="end", confirmed="1")
    response = host.client.get(host.url + "/results.csv")
    before, rows = read_results(response)
    assert before[0] == ["Lesson", "Force of Nature against three Grizzly Bears"] or \
        before[0][0] == "Lesson" and "Force of Nature" in before[0][1]
    title = before[0][1]
    assert before[1][0] == "Date" and re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", before[1][1])
    assert before[2] == ["Class code", host.code]
    day = before[1][1][:10]
    disposition = response.headers["Content-Disposition"]
    ascii_name = re.search(r'filename="([^"]+)"', disposition).group(1)
    assert ascii_name.isascii() and ascii_name.endswith(f"-{day}-{host.code}.csv")
    assert ascii_name.startswith("Force-of-Nature")
    assert unquote(disposition.split("filename*=UTF-8''")[1]) == f"{title} {day} {host.code}.csv"
    # Every player in the order they joined, every asked step in class order, with its title.
    players = ["Zoë 🐻", "'=HYPERLINK(\"http://x\")", "Never"]
    assert [(r["Player"], r["Step"]) for r in rows] == [(p, n) for p in players
                                                        for n in ("4", "5", "7", "8")]
    page = host.page()  # the summary names each step as the CSV titles it
    for r in rows:
        assert r["Title"] and r["Title"] in html.unescape(page)
    zoe_rows = {r["Step"]: r for r in rows if r["Player"] == "Zoë 🐻"}
    assert zoe_rows["4"]["First answer"] == "4"
    assert zoe_rows["5"]["First answer"] == ("Force of Nature: 3 to Grizzly Bears A, 2 to "
                                              "Grizzly Bears B, 3 to the defending player")
    assert (zoe_rows["5"]["Right first try"], zoe_rows["5"]["Tries"],
            zoe_rows["5"]["Right in the end"]) == ("no", "2", "yes")
    assert zoe_rows["7"]["First answer"] == "Legal"
    assert zoe_rows["8"]["First answer"] == "" and zoe_rows["8"]["Tries"] == "0"
    choice = next(r for r in rows if r["Player"] == players[1] and r["Step"] == "8")
    assert choice["First answer"] and choice["First answer"] in html.unescape(formula_page)
    assert choice["Right first try"] == "no"
    for r in rows:  # never raw JSON or an internal id
        for column in ("First answer", "Last answer"):
            assert "{" not in r[column] and "bears-" not in r[column]
            assert "four-four" not in r[column]
    # Totals per player: right first tries / answered / asked, on each of their rows.
    for player in players:
        mine = [r for r in rows if r["Player"] == player]
        right = sum(r["Right first try"] == "yes" for r in mine)
        assert {(r["Total right first try"], r["Total answered"], r["Total asked"])
                for r in mine} == {(str(right), str(len(answered(mine))), "4")}
    assert {(r["Total right first try"], r["Total answered"]) for r in rows
            if r["Player"] == "Never"} == {("0", "0")}


def test_the_results_csv_is_in_the_hosts_language(app, host):
    host.go(PRACTICE)
    Learner(app, host.code, "Ana").answer(LEGAL, **HX)
    before, rows = read_results(host.client.get(host.url + "/results.csv?lang=fr"))
    assert before[0][0] == "Leçon" and before[1][0] == "Date"
    assert list(rows[0]) == ["Participant", "Étape", "Titre", "Première réponse",
                             "Juste du premier coup", "Dernière réponse", "Essais",
                             "Juste au final", "Justes du premier coup (total)",
                             "Répondues (total)", "Posées (total)"]
    assert rows[0]["Juste au final"] == "oui"
    assert "le joueur défenseur : 1" in rows[0]["Première réponse"]  # the split in French


def test_stale_classes_are_cleaned_up(app, host):
    from webapp.services import cleanup  # (test_limits.py: what the clean-up keeps)
    with app.app_context():
        room = db.session.get(Class, classes.by_code(host.code).id)
        room.touched_at = room.touched_at - cleanup.CLASS_KEEP - timedelta(minutes=1)
        db.session.commit()
        fresh = classes.create(LESSON)
        cleanup.clean(classes.utcnow())
        assert classes.by_code(host.code) is None and classes.by_code(fresh.code) is not None
    assert host.client.get(host.url).status_code == 404


# --- several servers on one database ------------------------------------------------------------


def run_on_two_servers(one, two):
    """The host on one server, learners on the other: they see each other at once."""
    host = Host(one)
    ana = Learner(two, host.code, "Ana")
    assert ana.joined.status_code == 303
    assert "Ana" in host.page()
    host.go(PRACTICE)
    assert 'name="step" value="split-d-practice"' in ana.play().get_data(as_text=True)
    for _ in range(3):
        assert ana.answer(ILLEGAL, **HX).status_code == 200
    assert "Stuck (3 wrong tries in a row):</strong> Ana" in text(
        host.client.get(host.url + "/room", headers=HX))
    host.post("/move", op="end", confirmed="1")
    _, rows = read_results(host.client.get(host.url + "/results.csv"))
    assert [(r["Player"], r["Tries"]) for r in answered(rows)] == [("Ana", "3")]


def test_two_servers_on_one_sqlite_file_behave_as_one(make_app):
    run_on_two_servers(make_app(), make_app())


@pytest.mark.postgres
def test_two_servers_on_one_postgresql_behave_as_one(tmp_path, postgres_schema):
    url, _ = postgres_schema
    one = isolated_app(tmp_path / "one", DATABASE_URL=url)
    two = isolated_app(tmp_path / "two", DATABASE_URL=url)
    run_on_two_servers(one, two)


def test_the_projector_counts_the_room_before_and_between_questions(app, host):
    Learner(app, host.code, "Ana"), Learner(app, host.code, "Bo")
    assert "2 players in the room" in text(host.client.get(host.url + "/projector",
                                                           follow_redirects=True))
    host.go(1)  # an explanation: nothing to answer
    screen = text(host.client.get(host.url + "/projector", follow_redirects=True))
    assert "2 players in the room" in screen and "Ana" not in screen


def _term_links(html: str) -> list[str]:
    return re.findall(r'<a class="term" href="[^"]+">[^<]+</a>', html)


@pytest.mark.parametrize("lesson_id", ["what-trample-does", LESSON])
def test_a_lesson_step_on_a_class_phone_links_the_glossary_as_learn_does(app, lesson_id):
    """Issue 20's drift: step 1 of what-trample-does had 3 glossary links in Learn and 0 on the
    class phone. Every step of the lesson shows the same term links on both."""
    from tests.conftest import shipped_catalogue

    lesson = shipped_catalogue().curriculum.lesson(lesson_id)
    host = Host(app, lesson=lesson_id)
    ana = Learner(app, host.code, "Ana")
    learn = app.test_client()
    seen = 0
    for number, step in enumerate(lesson.steps, start=1):
        host.go(number)
        in_class = _term_links(ana.play().get_data(as_text=True))
        in_learn = _term_links(learn.get(f"/learn/{lesson_id}/{step.id}").get_data(as_text=True))
        assert in_class == in_learn, step.id
        seen += len(in_learn)
    assert seen > 0  # the lesson links some terms, so the comparison means something


def _step_markup(html: str, code: str, lesson_id: str, step_id: str) -> str:
    """The step's article as a visitor gets it, with the class's URLs written as Learn's, the
    form token blanked and a choice's options in one order (each visitor has their own)."""
    article = re.search(r'<article class="lesson-step.*?</article>', html, re.S).group(0)
    article = re.sub(r'name="csrf_token" value="[^"]+"', 'name="csrf_token" value=""', article)
    learn = f"/learn/{lesson_id}/{step_id}"
    article = article.replace(f"/class/{code}/answer", learn).replace(f"/class/{code}/live",
                                                                      learn + "/live")
    # A class letters its options (one order for the whole room, the wall's letters): the rest is
    # Learn's markup.
    article = re.sub(r' opt-\d"', '"', article).replace(' lettered"', '"')
    article = re.sub(r'<span class="opt-letter">[A-Z]</span> ', "", article)
    options = re.findall(r'<div class="option">.*?</div>', article, re.S)
    for i, option in enumerate(options):
        article = article.replace(option, f"<option {i}>", 1)
    for i, option in enumerate(sorted(options)):
        article = article.replace(f"<option {i}>", option, 1)
    return article


@pytest.mark.parametrize("lesson_id, lang", [("what-trample-does", "en"), (LESSON, "en"),
                                              ("what-trample-does", "fr"), (LESSON, "ja")])
def test_a_lesson_step_on_a_class_phone_is_learns_step_exactly(app, lesson_id, lang):
    """One context builder and one block: every step of the lesson, on a class phone, is the
    markup Learn shows (text, glossary links, rule notes, sliders, forms) in the reader's
    language, but for the URLs the class answers at; and its page has no Back, Next or Finish
    (the host paces the class)."""
    lesson = shipped_catalogue().curriculum.lesson(lesson_id)
    host = Host(app, lesson=lesson_id)
    ana = Learner(app, host.code, "Ana")
    learn = app.test_client()
    for client in (ana.client, learn):
        client.set_cookie("lang", lang)
    for number, step in enumerate(lesson.steps, start=1):
        host.go(number)
        phone = ana.play().get_data(as_text=True)
        page = learn.get(f"/learn/{lesson_id}/{step.id}").get_data(as_text=True)
        assert (_step_markup(phone, host.code, lesson_id, step.id)
                == _step_markup(page, host.code, lesson_id, step.id)), step.id
        assert 'class="step-nav"' not in phone and "/finish" not in phone
        assert phone.count("<article") == 1


def test_a_lesson_steps_feedback_on_a_class_phone_is_learns(app, host):
    """An answer's feedback (htmx) is Learn's feedback block, word for word."""
    ana = Learner(app, host.code, "Ana")
    host.go(PRACTICE)
    in_class = ana.answer(ILLEGAL, **HX).get_data(as_text=True)
    learn = app.test_client()
    csrf = token_of(learn.get(f"/learn/{LESSON}/{STEP_ID}").get_data(as_text=True))
    answered = learn.post(f"/learn/{LESSON}/{STEP_ID}", data={
        "csrf_token": csrf, "lesson": LESSON, "step": STEP_ID, **ILLEGAL})
    attempt = re.search(r"answer=(\d+)", answered.headers["Location"]).group(1)
    # Learn's hint ladder nudges first; a class (paced by its host) shows the worked answer at
    # once: Learn's block as it is once the learner asks to see the answer.
    in_learn = learn.post(f"/learn/{LESSON}/{STEP_ID}/show", headers=HX, data={
        "csrf_token": csrf, "lesson": LESSON, "step": STEP_ID, "answer": attempt}
    ).get_data(as_text=True)
    next_form = re.compile(
        r'\s*<form class="actions next-on" method="post" action="[^"]+/next">.*?</form>', re.S)
    assert next_form.search(in_learn) and not next_form.search(in_class)  # the host paces it
    similar = re.compile(r'<p class="similar">.*?</p>')  # "Try a similar one" leaves the class
    assert similar.search(in_learn) and not similar.search(in_class)
    assert "702.19b" in in_class and in_class == similar.sub("", next_form.sub("", in_learn))


def test_no_page_pastes_rendered_html_in():
    """A step or a question is shown through its own page's block (the class phone, the quiz
    preview), never rendered apart and pasted in with `| safe` (issue 20: pasted in, a class's
    step lost Learn's glossary links)."""
    from pathlib import Path

    folder = Path(__file__).parents[2] / "templates"
    assert [str(t.relative_to(folder)) for t in folder.rglob("*.html")
            if re.search(r"\|\s*safe", t.read_text())] == []


@pytest.mark.parametrize("lang, heading", [("en", "Step 2 of "), ("fr", "\u00a0: "),
                                           ("ja", "：")])
def test_the_hosts_step_heading_is_punctuated_as_its_language_is(host, lang, heading):
    """"Step 2 of 9: name" joined its parts with an English colon in every language."""
    host.go(2)
    html = host.page(query_string={"lang": lang})
    said = re.search(r'<h2 id="controls-h">(.*?)</h2>', html).group(1)
    assert heading in said
    if lang != "en":
        assert ": " not in said.replace("\u00a0: ", "")
