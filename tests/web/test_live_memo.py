"""The memo of practice verdicts (webapp/live/memo.py): refused fields are never kept, what it
answers is byte for byte what the live check renders, it never carries one session's page into
another's, and it stays within its bytes."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.conftest import csrf_token, examples, isolated_app
from webapp.live.memo import Memo, deep_size

HX = {"HX-Request": "true"}
LESSON, STEP = "force-of-nature", "split-d-practice"  # bears A and B locked at 3 and 2
LIVE = f"/learn/{LESSON}/{STEP}/live"
SPLIT = {"dmg:fon:bears-a": "3", "dmg:fon:bears-b": "2", "dmg:fon:bears-c": "1",
         "dmg:fon:player": "2"}


@pytest.fixture(scope="module")
def apps(tmp_path_factory):
    """One app with the memo (the default) and one without it."""
    folder = tmp_path_factory.mktemp("memo")
    return (isolated_app(folder / "on"), isolated_app(folder / "off", LIVE_CACHE_BYTES=0))


def live(client, fields, headers=HX, lang=None):
    form = {"csrf_token": csrf_token(client), "lesson": LESSON, "step": STEP, **fields}
    return client.post(LIVE + (f"?lang={lang}" if lang else ""), data=form, headers=headers)


def memo(app) -> Memo:
    return app.extensions["live_memo"]


# --- bad input first ----------------------------------------------------------------------------


@pytest.mark.parametrize("fields, message", [
    ({**SPLIT, "dmg:fon:player": "two"}, "isn’t a whole number"),
    ({**SPLIT, "dmg:fon:player": "-1"}, "couldn’t be read"),
    ({**SPLIT, "dmg:fon:nobody": "1"}, "a slider this board doesn’t have"),
    ({**SPLIT, "dmg:fon:bears-a": "0"}, "locked at 3"),
])
def test_refused_fields_get_their_400_every_time_and_are_never_kept(tmp_path, fields, message):
    app = isolated_app(tmp_path / "i")
    client = app.test_client()
    for _ in range(2):  # the second time too: nothing was kept from the first
        response = live(client, fields)
        assert response.status_code == 400
        assert message in response.get_data(as_text=True)
    assert len(memo(app)) == 0 and memo(app).bytes_used == 0
    assert live(client, SPLIT).status_code == 200 and len(memo(app)) == 1


def test_a_body_larger_than_the_whole_memo_is_answered_but_not_kept():
    small = Memo(100)
    assert small.get(("k",), lambda: "x" * 500) == "x" * 500
    assert len(small) == 0 and small.bytes_used == 0


# --- the same answer, whoever asks --------------------------------------------------------------


def test_the_memo_answers_byte_for_byte_what_the_live_check_renders(apps):
    with_memo, without = (app.test_client() for app in apps)
    first = live(with_memo, SPLIT)
    again = live(with_memo, SPLIT)
    fresh = live(without, SPLIT)
    assert first.status_code == again.status_code == fresh.status_code == 200
    assert first.get_data() == again.get_data() == fresh.get_data()
    assert memo(apps[0]).hits >= 1
    assert "HX-Request" in again.headers["Vary"]
    assert "Not legal" in again.get_data(as_text=True)  # Bears C 1 of 2 lethal, 2 to the player


def test_two_sessions_get_the_same_bytes_and_neither_ones_token(apps):
    ana, bo = apps[0].test_client(), apps[0].test_client()
    tokens = {csrf_token(ana), csrf_token(bo)}
    assert len(tokens) == 2
    bodies = [live(who, SPLIT).get_data(as_text=True) for who in (ana, bo)]
    assert bodies[0] == bodies[1]
    for token in tokens:
        assert token not in bodies[0] and token.split(".")[0] not in bodies[0]
    assert "csrf" not in bodies[0] and "Set-Cookie" not in str(live(bo, SPLIT).headers)


def test_each_language_gets_its_own_verdict(apps):
    client = apps[0].test_client()
    english = live(client, SPLIT).get_data(as_text=True)
    french = live(client, SPLIT, lang="fr").get_data(as_text=True)
    japanese = live(client, SPLIT, lang="ja").get_data(as_text=True)
    assert "Not legal" in english and "Illégal" in french and "不適正" in japanese
    assert live(client, SPLIT, lang="en").get_data(as_text=True) == english


def test_a_page_without_htmx_is_never_answered_from_the_memo(apps):
    client = apps[0].test_client()
    live(client, SPLIT)
    page = live(client, SPLIT, headers={})
    assert page.status_code == 200 and "<html" in page.get_data(as_text=True)
    assert 'name="csrf_token"' in page.get_data(as_text=True)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(c=st.one_of(st.integers(-2, 12).map(str), st.sampled_from(["", " 1", "1.5", "x", "99999999"])),
       p=st.integers(0, 9).map(str), lang=st.sampled_from(["en", "fr", "ja"]))
def test_with_or_without_the_memo_every_split_gets_the_same_reply(apps, c, p, lang):
    fields = {**SPLIT, "dmg:fon:bears-c": c, "dmg:fon:player": p}
    replies = [live(app.test_client(), fields, lang=lang) for app in apps]
    assert replies[0].status_code == replies[1].status_code
    assert _without_tokens(replies[0]) == _without_tokens(replies[1])


def _without_tokens(response) -> str:
    """A 400 shows the form again, with the visitor's own token: compare everything else."""
    return re.sub(r'value="[^"]{40,}"', 'value="…"', response.get_data(as_text=True))


# --- bounded in bytes ---------------------------------------------------------------------------


def test_the_memo_keeps_the_most_recent_verdicts_within_its_bytes():
    kept = Memo(20_000)
    rendered = []

    def render(n):
        def body():
            rendered.append(n)
            return f"<p>verdict {n}</p>" + "·" * 900
        return body

    for n in range(200):
        kept.get(("lesson", "step", "en", (("fon", (("player", n),)),)), render(n))
        assert kept.bytes_used <= 20_000
    assert 0 < len(kept) < 200
    last = ("lesson", "step", "en", (("fon", (("player", 199),)),))
    first = ("lesson", "step", "en", (("fon", (("player", 0),)),))
    assert kept.get(last, render(-1)).startswith("<p>verdict 199</p>")  # a hit: not rendered
    assert kept.get(first, render(0)).startswith("<p>verdict 0</p>")    # evicted: rendered again
    assert rendered.count(-1) == 0 and rendered.count(0) == 2


def test_an_entry_counts_its_key_and_its_body():
    key, body = ("lesson", "step", "ja", (("fon", (("player", 2),)),)), "判定" * 100
    one = Memo(1_000_000)
    one.get(key, lambda: body)
    assert one.bytes_used >= deep_size(key) + deep_size(body) > len(body.encode("utf-8")) // 2


def test_zero_bytes_turns_the_memo_off():
    off = Memo(0)
    calls = []
    for _ in range(3):
        off.get(("k",), lambda: calls.append(1) or "body")
    assert len(calls) == 3 and len(off) == 0


# --- one live path: every surface answers through it ------------------------------------------


@pytest.fixture(params=["sandbox", "learn", "practice", "quiz", "class_lesson", "class_quiz"])
def surface(request, app):
    from tests.web import test_slider_fields as surfaces
    return getattr(surfaces, request.param)(app)


def test_every_surface_answers_a_split_it_has_rendered_from_the_memo(surface, app):
    kept = memo(app)
    fields = surface.split + [(surface.free, "1")]
    first = surface.live(fields, HX)
    hits, entries = kept.hits, len(kept)
    again = surface.live(fields, HX)
    assert first.status_code == again.status_code == 200, first.get_data(as_text=True)[:300]
    assert again.get_data() == first.get_data() and "<html" not in first.get_data(as_text=True)
    assert kept.hits == hits + 1 and len(kept) == entries
    other = surface.live([], HX)  # every free slider at 0
    assert other.status_code == 200 and other.get_data() != first.get_data()
    assert len(kept) == entries + 1


def test_a_refused_field_is_never_kept_on_any_surface(surface, app):
    kept = memo(app)
    entries = len(kept)
    for _ in range(2):
        response = surface.live(surface.split + [(surface.free, "1000")], HX)
        assert response.status_code == 400
    assert len(kept) == entries


# --- a quiz's live answer reads the attempt in one query, and still refuses what it refused ------


def _assign_attempt(app, client, **more):
    from tests.web.test_quiz import attempt_of, questions_of, start
    from webapp.content.generate import TYPES

    attempt = attempt_of(app, start(client, count=str(len(TYPES)), **more))
    questions = questions_of(attempt)
    n = next(i for i, q in enumerate(questions, 1) if q["type"] == "assign")
    other = next(i for i, q in enumerate(questions, 1) if q["type"] != "assign")
    return attempt, n, other


def _quiz_live(client, token, n):
    return client.post(f"/quiz/a/{token}/{n}/live", data={"dmg:a1:player": "0"}, headers=HX)


def test_a_quiz_live_answer_for_a_question_without_sliders_is_404_every_time(app):
    client = app.test_client()
    attempt, _, other = _assign_attempt(app, client)
    entries = len(memo(app))
    assert [_quiz_live(client, attempt.token, other).status_code for _ in range(2)] == [404, 404]
    assert _quiz_live(client, "nope", 1).status_code == 404
    assert len(memo(app)) == entries


def test_a_submitted_attempt_gets_no_live_answer_even_for_a_split_kept_before(app):
    from tests.web.test_quiz import submit

    client = app.test_client()
    attempt, n, _ = _assign_attempt(app, client)
    assert _quiz_live(client, attempt.token, n).status_code in (200, 400)
    submit(client, f"/quiz/a/{attempt.token}")
    assert _quiz_live(client, attempt.token, n).status_code == 409


def test_an_exam_out_of_time_is_closed_by_a_live_answer_as_by_any_request(app):
    from tests.web.test_quiz_integrity import backdate, submitted_at
    from webapp.services import quizzes

    client = app.test_client()
    attempt, n, _ = _assign_attempt(app, client, mode="exam", minutes="1")
    backdate(app, attempt.token, 60 + quizzes.GRACE.total_seconds() + 5)
    assert _quiz_live(client, attempt.token, n).status_code == 409
    assert submitted_at(app, attempt.token) is not None


def test_an_exam_live_answer_says_nothing_the_core_worked_out(app):
    client = app.test_client()
    attempt, n, _ = _assign_attempt(app, client, mode="exam")
    body = client.post(f"/quiz/a/{attempt.token}/{n}/live", data={}, headers=HX)
    text = body.get_data(as_text=True)
    assert body.status_code == 200 and "In an exam the verdict comes with your results." in text
    assert "Not legal" not in text and "lethal" not in text


def test_a_kept_answer_is_sent_gzipped_once_to_a_client_that_accepts_it(apps):
    import gzip

    client = apps[0].test_client()
    plain = live(client, SPLIT).get_data()
    zipped = [live(client, SPLIT, headers={**HX, "Accept-Encoding": "gzip"}) for _ in range(2)]
    for response in zipped:
        assert response.headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in response.headers["Vary"]
        assert gzip.decompress(response.get_data()) == plain  # never gzipped twice
    assert live(client, SPLIT).get_data() == plain  # and never sent gzipped to one who didn't ask


# --- the sandbox asks the memo by its whole editor form -------------------------------------------


def _sandbox_form(client, **changed):
    from tests.web.test_slider_fields import form_of

    html = client.get("/sandbox").get_data(as_text=True)
    fields = [(k, changed.get(k, v)) for k, v in form_of(html) if not k.startswith("dmg:")]
    return fields + [("dmg:a1:b1", "2"), ("dmg:a1:b2", "2"), ("dmg:a1:b3", "2"),
                     ("dmg:a1:player", "2")]


def test_the_sandbox_memo_answers_what_a_fresh_render_sends_headers_included(apps):
    from werkzeug.datastructures import MultiDict

    replies = []
    for app in (apps[0], apps[0], apps[1]):  # rendered, kept, never kept
        client = app.test_client()  # a session (and a CSRF token) of its own each time
        response = client.post("/sandbox/live", data=MultiDict(_sandbox_form(client)),
                               headers=HX)
        replies.append(response)
    assert [r.status_code for r in replies] == [200, 200, 200]
    assert replies[0].get_data() == replies[1].get_data() == replies[2].get_data()
    assert replies[0].headers["HX-Replace-Url"] == replies[1].headers["HX-Replace-Url"] \
        == replies[2].headers["HX-Replace-Url"]
    assert "csrf" not in replies[1].get_data(as_text=True)


def test_the_sandbox_memo_tells_apart_boards_with_the_same_sliders(apps):
    from werkzeug.datastructures import MultiDict

    client = apps[0].test_client()
    bears = client.post("/sandbox/live", data=MultiDict(_sandbox_form(client)), headers=HX)
    tougher = client.post("/sandbox/live", data=MultiDict(_sandbox_form(
        client, **{"blocker-0-toughness": "5"})), headers=HX)
    fresh = apps[1].test_client()
    expected = fresh.post("/sandbox/live", data=MultiDict(_sandbox_form(
        fresh, **{"blocker-0-toughness": "5"})), headers=HX)
    assert bears.status_code == tougher.status_code == 200
    assert tougher.get_data() != bears.get_data() and tougher.get_data() == expected.get_data()
    assert tougher.headers["HX-Replace-Url"] != bears.headers["HX-Replace-Url"]
    french = client.post("/sandbox/live?lang=fr", data=MultiDict(_sandbox_form(client)),
                         headers=HX)
    assert french.status_code == 200 and french.get_data() != bears.get_data()
