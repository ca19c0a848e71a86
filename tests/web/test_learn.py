"""The lesson player: every step type as a page and as an htmx fragment, feedback that names the
mistake, and bad answers refused with a clear 400 — never a 5xx."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.conftest import csrf_token, isolated_app, partly_translated_lessons, shipped_catalogue
from tests.conftest import LESSON_COUNT

CURRICULUM = shipped_catalogue().curriculum
HX = {"HX-Request": "true"}
FON = "/learn/force-of-nature"
ALL_STEPS = [(lesson.id, step.id) for lesson in CURRICULUM for step in lesson.steps]
ANSWERABLE = [(lesson.id, step.id) for lesson in CURRICULUM for step in lesson.steps
              if step.type in ("practice", "predict", "choice", "legal")]


@pytest.fixture
def client(make_app):
    return make_app().test_client()


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """One app for the many tests whose outcome doesn't depend on earlier progress (a fresh app
    per test costs a migration each)."""
    from webapp import create_app
    from webapp.services import upgrade

    folder = tmp_path_factory.mktemp("learn-read")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": f"sqlite:///{folder}/r.db"})
    upgrade(app)
    return app.test_client()


def post(client, lesson, step, data=None, headers=None, suffix=""):
    form = {"csrf_token": csrf_token(client), "lesson": lesson,
            "step": step, **(data or {})}
    return client.post(f"/learn/{lesson}/{step}{suffix}", data=form, headers=headers or {})


def answer_page(client, lesson, step, data, hx=False):
    """Answer and return the HTML the learner then sees (following the redirect without htmx)."""
    response = post(client, lesson, step, data, HX if hx else None)
    if hx:
        assert response.status_code == 200
        return response.get_data(as_text=True)
    assert response.status_code == 303
    return client.get(response.headers["Location"]).get_data(as_text=True)


def shown_page(client, lesson, step, data, hx=False):
    """A wrong answer, then "Show me the answer" (the hint ladder's last rung): the HTML with the
    worked answer, following the redirect without htmx."""
    response = post(client, lesson, step, data)
    assert response.status_code == 303
    attempt = re.search(r"answer=(\d+)", response.headers["Location"]).group(1)
    response = post(client, lesson, step, {"answer": attempt}, HX if hx else None, "/show")
    if hx:
        assert response.status_code == 200
        return response.get_data(as_text=True)
    assert response.status_code == 303
    return client.get(response.headers["Location"]).get_data(as_text=True)


def right_answer(step) -> dict:
    if step.type == "practice":
        return {f"dmg:{a}:{r}": n for a, split in step.solution.items() for r, n in split.items()
                if r not in step.fixed.get(a, {})}
    if step.type == "predict":
        return {"amount": step.answer}
    if step.type == "choice":
        return {"option": step.correct_option.id}
    return {"verdict": "legal" if step.legal else "illegal"}


def text(html: str) -> str:
    """Visible text, tags removed and spaces collapsed (for sentences split across elements)."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


# ---- pages ------------------------------------------------------------------------------------

@pytest.mark.parametrize("lesson_id, step_id", ALL_STEPS)
def test_every_step_of_every_lesson_is_a_page_with_progress_and_real_links(shared, lesson_id, step_id):
    lesson = CURRICULUM.lesson(lesson_id)
    number = lesson.step_index(step_id) + 1
    response = shared.get(f"/learn/{lesson_id}/{step_id}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert f"Step {number} of {len(lesson.steps)}" in html
    assert f'<progress id="step-progress" max="{len(lesson.steps)}" value="{number}"' in html
    if number > 1:
        assert f'rel="prev" href="/learn/{lesson_id}/{lesson.steps[number - 2].id}"' in html
    if number < len(lesson.steps):
        assert f'action="/learn/{lesson_id}/{step_id}/next"' in html
    else:
        assert f'action="/learn/{lesson_id}/finish"' in html


@pytest.mark.parametrize("lesson_id, step_id", ANSWERABLE)
@pytest.mark.parametrize("hx", [False, True], ids=["page", "htmx"])
def test_every_question_and_board_says_why_its_right_answer_is_right(shared, lesson_id, step_id, hx):
    step = CURRICULUM.lesson(lesson_id).step(step_id)
    html = answer_page(shared, lesson_id, step_id, right_answer(step), hx)
    assert "Right!" in html and "Not quite" not in html
    assert 'class="why-box"' in html or step.type == "choice"  # choices explain in the rationale
    assert ("<html" in html) is not hx


def test_the_learn_page_lists_the_lessons_in_order(client):
    html = client.get("/learn").get_data(as_text=True)
    positions = [html.index(f'href="/learn/{lesson.id}/') for lesson in CURRICULUM]
    assert positions == sorted(positions) and len(positions) == LESSON_COUNT
    assert "Start with lesson 1" in html and 'href="/learn/review"' in html


def test_step_n_of_a_lesson_redirects_to_that_step(shared):
    assert shared.get(f"{FON}?step=4").headers["Location"] == f"{FON}/two-predict"
    assert shared.get(FON).headers["Location"] == f"{FON}/the-classic"


@pytest.mark.parametrize("path", ["/learn/no-such-lesson", f"{FON}/no-such-step", f"{FON}?step=0",
                                  f"{FON}?step=99", f"{FON}?step=two", "/learn/no-such/finish"])
def test_unknown_lessons_and_steps_are_404_pages(shared, path):
    response = shared.get(path)
    assert response.status_code == 404
    assert "Page not found" in response.get_data(as_text=True)


def test_route_words_are_never_lesson_or_step_ids():
    assert not {"review"} & {lesson.id for lesson in CURRICULUM}
    assert not {"finish", "live"} & {s.id for lesson in CURRICULUM for s in lesson.steps}


def test_an_explanation_shows_its_markdown_and_rule_numbers(shared):
    html = shared.get(f"{FON}/optional").get_data(as_text=True)
    assert "<strong>Over-assigning is legal.</strong>" in html
    assert "Rule 702.19b" in html


def test_a_worked_example_shows_the_split_locked_with_each_lethal_mark_and_note(shared):
    html = shared.get(f"{FON}/mixed-worked").get_data(as_text=True)
    sliders = re.findall(r'<input type="range"[^>]*>', html)
    assert len(sliders) == 4 and all(" disabled" in s for s in sliders)
    assert [re.search(r'value="(\d+)"', s).group(1) for s in sliders] == ["1", "1", "3", "3"]
    assert html.count("lethal 1") == 2 and html.count("lethal 3") == 1  # marks on the tracks
    assert "Lethal 3: toughness 3, nothing marked = 3" in html
    unlinked = re.sub(r'<a class="term" href="[^"]+">([^<]+)</a>', r"\1", html)  # glossary links
    assert "1 to Llanowar Elves: toughness 1, no damage yet, so 1 is lethal." in unlinked
    assert "8 − 1 − 1 − 3 = 3 left" in html
    assert "0</strong> of 8 damage left to assign" in html
    assert "✓</span> Legal" in html


def test_a_worked_example_shows_what_the_blockers_deal_and_why(shared):
    html = text(shared.get("/learn/only-when-attacking/dreadmaw-blocks-worked")
                .get_data(as_text=True))
    assert "Damage the blockers deal" in html and "Blocking Hill Giant" in html
    assert "6 to Hill Giant : All 6 of the Dreadmaw's damage goes to Hill Giant." in html
    assert "its trample has no effect (rule 702.19a)" in html


def test_a_split_shown_in_words_includes_what_a_blocker_assigns(shared):
    html = text(shared.get("/learn/only-when-attacking/blocker-trample-legal").get_data(as_text=True))
    assert "Grizzly Bears : 2 to Rootbreaker Wurm" in html
    assert "Rootbreaker Wurm (blocking): 2 to Grizzly Bears, 4 to the attacking player" in html


def test_practice_locks_the_fixed_sliders_with_a_reason_and_frees_the_rest(shared):
    html = shared.get(f"{FON}/split-d-practice").get_data(as_text=True)
    locked = re.findall(r'<input type="range"[^>]*disabled[^>]*>', html)
    assert [re.search(r'name="([^"]+)"', s).group(1) for s in locked] == \
        ["dmg:fon:bears-a", "dmg:fon:bears-b"]
    assert "Locked at 3 for this exercise" in html and "Locked at 2 for this exercise" in html
    assert "3</strong> of 8 damage left to assign" in html
    assert 'hx-post="/learn/force-of-nature/split-d-practice/live"' in html
    assert "Show a hint" in html


def test_when_the_goal_is_the_most_the_sliders_dont_give_the_number_away(shared):
    html = shared.get(f"{FON}/most-practice").get_data(as_text=True)
    player = html[html.index('id="dmg-fon--player"'):html.index('id="note-fon--player"')]
    assert "most 2" not in player and "At most 2" not in html
    assert "Only after Grizzly Bears A, Grizzly Bears B, Grizzly Bears C each have lethal" in html


def test_a_practice_mistake_is_named_with_names_and_numbers(client):
    html = answer_page(client, "force-of-nature", "split-d-practice",
                       {"dmg:fon:bears-c": "1", "dmg:fon:player": "2"})
    assert "Not quite" in html
    assert "Grizzly Bears C has 1 of the 2 damage it needs" in html
    assert "Rule 702.19b" in html
    assert "data-ladder=\"1\"" in html
    assert "How much does Bears C need first?" not in html.split('id="feedback"')[1]
    html = answer_page(client, "force-of-nature", "split-d-practice",
                       {"dmg:fon:bears-c": "1", "dmg:fon:player": "2"})  # a second miss: the hint
    assert "data-ladder=\"2\"" in html and "A hint" in html
    assert "How much does Bears C need first?" in html.split('id="feedback"')[1]
    assert 'value="1"' in re.search(r'<input[^>]*name="dmg:fon:bears-c"[^>]*>', html).group(0)


def test_a_legal_split_that_misses_the_goal_says_by_how_much(client):
    html = shown_page(client, "force-of-nature", "split-d-practice",
                       {"dmg:fon:bears-c": "3", "dmg:fon:player": "0"})
    assert ("sends 0 to the defending player and this exercise asks for exactly 1"
            in text(html))
    html = shown_page(client, "force-of-nature", "most-practice",
                       {"dmg:fon:bears-a": "2", "dmg:fon:bears-b": "2", "dmg:fon:bears-c": "3",
                        "dmg:fon:player": "1"})
    assert "sends only 1 to the defending player; a legal split can send 2" in text(html)


def test_a_right_practice_answer_explains_why(client):
    html = answer_page(client, "force-of-nature", "most-practice",
                       {"dmg:fon:bears-a": "2", "dmg:fon:bears-b": "2", "dmg:fon:bears-c": "2",
                        "dmg:fon:player": "2"})
    assert "Right!" in html
    assert "Legal, and Force of Nature sends 2 to the defending player, as asked." in text(html)
    assert "2 + 2 + 2 = 6 on the blockers is the least" in html


def test_live_verdict_is_a_fragment_with_out_of_band_counters(client):
    response = post(client, "force-of-nature", "split-d-practice", {"dmg:fon:bears-c": "2"},
                    HX, "/live")
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in html
    assert "must assign all 8" in html and "Rule 510.1a" in html
    assert 'id="left-fon" hx-swap-oob=' in html and "1</strong> of 8" in html
    assert 'id="note-fon--bears-a" hx-swap-oob=' in html and "Locked at 3" in html
    assert "HX-Request" in response.headers["Vary"]


def test_without_javascript_the_steppers_move_a_slider_and_nothing_is_graded(client):
    response = post(client, "force-of-nature", "split-d-practice",
                    {"dmg:fon:bears-c": "1", "op": "step:fon:bears-c:1"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" in html
    assert 'value="2"' in re.search(r'<input[^>]*name="dmg:fon:bears-c"[^>]*>', html).group(0)
    assert "Right!" not in html and "Not quite" not in html
    assert "learner=" not in response.headers.get("Set-Cookie", "")


def test_a_stepper_never_pushes_past_the_damage_left(client):
    html = post(client, "force-of-nature", "split-d-practice",
                {"dmg:fon:bears-c": "3", "op": "step:fon:bears-c:1"}).get_data(as_text=True)
    assert 'value="3"' in re.search(r'<input[^>]*name="dmg:fon:bears-c"[^>]*>', html).group(0)


def test_predict_asks_for_the_number_before_showing_any_slider(client):
    html = client.get(f"{FON}/two-predict").get_data(as_text=True)
    assert 'type="number" id="amount" name="amount"' in html
    assert "How much damage can Force of Nature assign to the defending player?" in html
    assert 'type="range"' not in html


@pytest.mark.parametrize("hx", [False, True], ids=["page", "htmx"])
def test_a_wrong_prediction_gets_the_number_the_rule_and_a_board_to_try(client, hx):
    html = shown_page(client, "force-of-nature", "two-predict", {"amount": "6"}, hx)
    assert "You said 6, but the most Force of Nature can send to the defending player is 4." \
        in text(html)
    assert "8 − 4 = 4 may trample over" in html
    assert html.count('type="range"') == 3
    assert 'hx-post="/learn/force-of-nature/two-predict/live"' in html
    # the board sits outside the feedback region (its own live verdict), out-of-band for htmx
    assert ('<div id="try-board" class="try-board" hx-swap-oob="true">' in html) is hx
    feedback = html.split('id="try-board"')[0]
    assert 'type="range"' not in feedback


def test_the_board_after_a_prediction_works_without_javascript_and_keeps_the_feedback(client):
    page = answer_page(client, "force-of-nature", "two-predict", {"amount": "4"})
    attempt = re.search(r'name="answer" value="(\d+)"', page).group(1)
    html = post(client, "force-of-nature", "two-predict",
                {"answer": attempt, "dmg:fon:bears-a": "2", "op": "step:fon:bears-b:1"},
                suffix="/live").get_data(as_text=True)
    assert "Right!" in html and "<html" in html
    assert 'value="1"' in re.search(r'<input[^>]*name="dmg:fon:bears-b"[^>]*>', html).group(0)
    assert "must assign all 8" in html


@pytest.mark.parametrize("hx", [False, True], ids=["page", "htmx"])
def test_a_wrong_choice_explains_the_chosen_option_and_the_right_one(client, hx):
    html = shown_page(client, "force-of-nature", "which-illegal", {"option": "four-four"}, hx)
    assert "Not quite" in html
    assert "This one is legal (split b)." in html
    assert "The right answer:" in html and "This is the illegal one." in html
    assert "Right," not in html and "Right." not in html  # no verdict that contradicts "Not quite"
    assert "Grizzly Bears C has only 1 and needs 2" in html


def test_a_right_choice_explains_itself_and_is_checked_again_on_the_page(client):
    html = answer_page(client, "force-of-nature", "which-illegal", {"option": "c-short"})
    assert "Right!" in html and "The right answer:" not in html
    assert re.search(r'value="c-short" required checked', html)


@pytest.mark.parametrize("hx", [False, True], ids=["page", "htmx"])
def test_legal_or_not_names_the_deciding_rule_and_the_blocker_short_of_lethal(client, hx):
    html = shown_page(client, "force-of-nature", "skip-one-legal", {"verdict": "legal"}, hx)
    assert "Not quite" in html
    assert "You said “Legal”; the split is not legal." in text(html)
    assert "Deciding rule: 702.19b" in html
    assert "Grizzly Bears C has 0 of the 2 damage it needs" in html
    assert "Every blocker must have lethal damage before any goes to the player" in html


def test_legal_steps_show_the_split_without_giving_the_answer_away(client):
    html = client.get(f"{FON}/skip-one-legal").get_data(as_text=True)
    assert "2 to Grizzly Bears A, 2 to Grizzly Bears B, 4 to the defending player" in html
    assert "not allowed yet" not in html and 'type="range"' not in html


@pytest.mark.parametrize("lesson_id, step_id, data", [
    ("force-of-nature", "which-illegal", {"option": "c-short"}),
    ("force-of-nature", "skip-one-legal", {"verdict": "illegal"}),
    ("force-of-nature", "two-predict", {"amount": "4"}),
    ("force-of-nature", "most-practice", {"dmg:fon:bears-a": "8"}),
])
def test_htmx_gets_only_the_feedback_region_and_a_url_that_shows_it_again(client, lesson_id,
                                                                           step_id, data):
    response = post(client, lesson_id, step_id, data, HX)
    html = response.get_data(as_text=True)
    assert "<html" not in html and 'class="step-nav"' not in html and "headline" in html
    assert re.fullmatch(rf"/learn/{lesson_id}/{step_id}\?answer=\d+", response.headers["HX-Replace-Url"])
    again = client.get(response.headers["HX-Replace-Url"]).get_data(as_text=True)
    assert 'id="feedback" class="feedback" role="status"' in again and "headline" in again


def test_every_form_posts_without_javascript_and_carries_a_csrf_token(shared):
    for step in ("split-d-practice", "two-predict", "which-illegal", "skip-one-legal"):
        html = shared.get(f"{FON}/{step}").get_data(as_text=True)
        for form in re.findall(r"<form[^>]*>.*?</form>", html, re.S):
            assert 'method="post"' in form and 'action="/learn/' in form
            assert 'name="csrf_token"' in form


def test_an_answer_without_the_csrf_token_is_refused(client):
    response = client.post(f"{FON}/two-predict",
                           data={"lesson": "force-of-nature", "step": "two-predict", "amount": "4"})
    assert response.status_code == 400
    assert "safety check" in response.get_data(as_text=True)


# ---- bad and tampered answers -----------------------------------------------------------------

BAD = [
    # typed amounts and sliders say the same (issue 20): a whole number from 0 to 999
    ("two-predict", {"amount": "-3"}, "“-3” isn’t a whole number from 0 to 999."),
    ("two-predict", {"amount": "four"}, "“four” isn’t a whole number"),
    ("two-predict", {"amount": "1e9"}, "“1e9” isn’t a whole number"),
    ("two-predict", {"amount": "100000"}, "“100000” isn’t a whole number from 0 to 999."),
    ("two-predict", {}, "Enter a number first."),
    ("which-illegal", {"option": "no-such-option"}, "“no-such-option” isn’t one of this question’s answers."),
    ("which-illegal", {}, "Choose one of the answers first."),
    ("skip-one-legal", {"verdict": "maybe"}, "“maybe” isn’t an answer here"),
    ("skip-one-legal", {}, "Choose “Legal” or “Not legal” first."),
    ("most-practice", {"dmg:fon:bears-a": "-1"}, "“-1” isn’t a whole number from 0 to 999."),
    ("most-practice", {"dmg:fon:bears-a": "lots"}, "“lots” isn’t a whole number"),
    ("most-practice", {"dmg:wurm:bears-a": "2"}, "a slider this board doesn’t have (dmg:wurm:bears-a)"),
    ("most-practice", {"dmg:fon:jace": "2"}, "a slider this board doesn’t have (dmg:fon:jace)"),
    ("most-practice", {"op": "step:fon:nobody:1"}, "a slider this board doesn’t have"),
    ("split-d-practice", {"dmg:fon:bears-a": "8"}, "That slider is locked at 3 in this exercise."),
    ("the-classic", {"amount": "3"}, "This step has nothing to answer"),
]


@pytest.mark.parametrize("step_id, data, message", BAD)
@pytest.mark.parametrize("hx", [False, True], ids=["page", "htmx"])
def test_bad_answers_are_a_400_with_a_clear_message(client, step_id, data, message, hx):
    response = post(client, "force-of-nature", step_id, data, HX if hx else None)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert message in html
    assert "That answer couldn’t be read" in html
    assert ("<html" in html) is not hx
    assert "learner=" not in response.headers.get("Set-Cookie", "")  # nothing was recorded


@pytest.mark.parametrize("hidden", [
    {"lesson": "two-blockers", "step": "two-predict"},
    {"lesson": "force-of-nature", "step": "which-illegal"},
    {"lesson": "", "step": ""},
])
def test_an_answer_for_another_lessons_step_is_refused(client, hidden):
    token = csrf_token(client, f"{FON}/two-predict")
    response = client.post(f"{FON}/two-predict", data={"csrf_token": token, "amount": "4", **hidden})
    assert response.status_code == 400
    assert "This answer was sent for another step" in response.get_data(as_text=True)


def test_a_board_from_another_lesson_is_refused(client):
    other = CURRICULUM.lesson("deathtouch-and-trample").step("collar-one-free")
    response = post(client, "force-of-nature", "most-practice", right_answer(other))
    assert response.status_code == 400
    assert "a slider this board doesn’t have" in response.get_data(as_text=True)


def test_live_checks_refuse_tampering_too_and_exist_only_for_boards(client):
    assert post(client, "force-of-nature", "most-practice", {"dmg:fon:player": "x"},
                HX, "/live").status_code == 400
    assert post(client, "force-of-nature", "which-illegal", {}, HX, "/live").status_code == 404


def test_a_stored_answer_of_someone_else_is_not_shown(make_app):
    app = make_app()
    alice, bob = app.test_client(), app.test_client()
    location = post(alice, "force-of-nature", "two-predict", {"amount": "6"}).headers["Location"]
    assert "You said 6" in alice.get(location).get_data(as_text=True)
    html = bob.get(location).get_data(as_text=True)
    assert "You said 6" not in html and 'id="amount"' in html
    assert bob.get(f"{FON}/two-predict?answer=not-a-number").status_code == 200


# ---- language ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def partly(tmp_path_factory):
    """An app whose two-blockers lesson lacks its crash-predict step in French and Japanese."""
    root = tmp_path_factory.mktemp("partly")
    return isolated_app(root / "instance", LESSONS_DIR=str(partly_translated_lessons(root)))


def test_every_lesson_is_fully_translated():
    assert [(x.id, s.id, lang) for x in CURRICULUM for s in x.steps for lang in ("fr", "ja")
            if s.text(lang).fallback] == []


def test_lessons_without_a_translation_say_so_and_mark_the_english(partly):
    for lang in ("fr", "ja"):
        html = partly.test_client().get(f"/learn/two-blockers/crash-predict?lang={lang}"
                                        ).get_data(as_text=True)
        assert f'<html lang="{lang}">' in html
        assert 'class="notice untranslated"' in html
        assert '<div class="md" lang="en">' in html
    translated = partly.test_client().get("/learn/two-blockers/each-its-own?lang=fr")
    assert '<div class="md" lang="en">' not in translated.get_data(as_text=True)


def test_a_translated_lesson_is_shown_in_that_language(shared):
    lesson = next((x for x in CURRICULUM if x.translation("fr") != "missing"
                   and not x.steps[0].text("fr").fallback), None)
    assert lesson is not None, "lessons 1-3 are translated into French"
    html = shared.get(f"/learn/{lesson.id}/{lesson.steps[0].id}?lang=fr").get_data(as_text=True)
    assert '<div class="md" lang="en">' not in html  # this step's text is French, not a fallback
    assert lesson.steps[0].text("fr").text.split()[0] in html


def test_a_language_asked_for_on_a_lesson_link_survives_the_redirect(partly):
    response = partly.test_client().get("/learn/two-blockers?lang=fr", follow_redirects=True)
    html = response.get_data(as_text=True)
    assert '<html lang="fr">' in html and 'class="notice untranslated"' in html


def test_english_pages_carry_no_translation_note(shared):
    assert "Not yet translated" not in shared.get(f"{FON}/the-classic?lang=en").get_data(as_text=True)


def test_learn_pages_have_no_inline_script_or_style(shared):
    for path in ("/learn", f"{FON}/split-d-practice", f"{FON}/mixed-worked", "/learn/review"):
        html = shared.get(path).get_data(as_text=True)
        assert "<script>" not in html and "style=" not in html and "<style" not in html


def test_choice_options_are_shuffled_per_visitor_and_stay_put_on_reload(app):
    def order(client):
        html = client.get("/learn/force-of-nature/which-illegal").get_data(as_text=True)
        return re.findall(r'id="option-([^"]+)" name="option"', html)

    first = app.test_client()
    mine = order(first)
    assert order(first) == mine and sorted(mine) == sorted(
        o.id for o in CURRICULUM.lesson("force-of-nature").step("which-illegal").options)
    others = {tuple(order(app.test_client())) for _ in range(12)}
    assert len(others) > 1  # another visitor usually gets another order
