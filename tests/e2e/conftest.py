"""Browser tests in a real Chromium (Debian's), against the real app on a loopback port."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from tests.conftest import isolated_app, partly_translated_lessons
from tests.e2e.chromium import CHROMIUM, LAUNCH_ARGS

SCREENSHOTS = Path(__file__).parents[2] / "screenshots"


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.e2e)
            if not Path(CHROMIUM).exists():
                if os.environ.get("CI") == "true":
                    raise pytest.UsageError(f"CI=true but no Chromium at {CHROMIUM}")
                item.add_marker(pytest.mark.skip(reason="no Chromium here (install Debian's chromium)"))


@pytest.fixture(scope="session")
def browser_type_launch_args():
    # Never `playwright install`: we drive the system Chromium.
    return {"executable_path": CHROMIUM,
            "args": LAUNCH_ARGS}


# Chromium reports a Content-Security-Policy violation as a console error, but only while the page
# is open; this makes each one a console error we can count, with what was refused.
_REPORT_CSP = """document.addEventListener("securitypolicyviolation", (e) => console.error(
  "CSP violation: " + e.violatedDirective + " at " + e.sourceFile + ":" + e.lineNumber + " " + e.sample));"""


@pytest.fixture(autouse=True)
def no_console_errors(request, browser):
    """Every e2e test fails on any console error, page error or CSP violation in any page it
    opened (a test that provokes an error response on purpose says so with
    @pytest.mark.console_errors("the expected text")). The browser contexts a test opened are
    closed after it: a class page left open keeps polling, and dozens of them kept the
    machine busy for the rest of the session (88 renderers at 40% of a run)."""
    seen: list[str] = []
    opened = []
    real = browser.new_context

    def new_context(*args, **kwargs):
        context = real(*args, **kwargs)
        opened.append(context)
        context.add_init_script(_REPORT_CSP)
        context.on("console", lambda m: seen.append(m.text) if m.type == "error" else None)
        context.on("weberror", lambda e: seen.append(str(e.error)))
        return context

    browser.new_context = new_context
    yield
    browser.new_context = real
    still_open = browser.contexts
    for context in opened:
        if context in still_open:  # the test may have closed it (closing twice is an error)
            context.close()
    marker = request.node.get_closest_marker("console_errors")
    allowed = marker.args if marker else ()
    unexpected = [text for text in seen if not any(a in text for a in allowed)]
    assert unexpected == [], "console errors in the browser:\n" + "\n".join(unexpected)


_APPS: dict = {}  # base URL -> the app serving it
_SERVED: dict = {}  # base URL -> its _Served wrapper


class _Served:
    """The app as the test server calls it. It knows which requests are being answered, so a test
    can wait for the ones a closed page left behind (`settle`) before it moves the app's clock:
    else such a request may still write "seen now" for a phone the test has just closed.

    It also reads each answer whole and closes it itself. Werkzeug's server closes an answer only
    after draining the socket, and that drain raises when the browser has already dropped the
    connection (a closed tab): WhiteNoise's open static file was then left to the garbage
    collector, whose ResourceWarning failed whichever test it landed in. Nothing here streams."""

    def __init__(self, app):
        self.app = app
        self.active: set[int] = set()
        self.changed = threading.Condition()
        self.count = 0

    def __call__(self, environ, start_response):
        with self.changed:
            self.count += 1
            number = self.count
            self.active.add(number)
        try:
            answer = self.app(environ, start_response)
            try:
                return [b"".join(answer)]
            finally:
                if hasattr(answer, "close"):
                    answer.close()
        finally:
            with self.changed:
                self.active.discard(number)
                self.changed.notify_all()

    def settle(self, timeout: float = 10) -> None:
        """Return once every request being answered now has been answered."""
        with self.changed:
            pending = set(self.active)
            assert self.changed.wait_for(lambda: not pending & self.active, timeout), \
                f"requests still unanswered after {timeout} s"


def _serve(app):
    """Serve `app` on a free port in a thread: (its base URL, the server to shut down)."""
    served = _Served(app)
    server = make_server("127.0.0.1", 0, served, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}"
    _APPS[url] = app
    _SERVED[url] = served
    return url, server


def settle(base_url: str) -> None:
    """Wait until the server at `base_url` has answered every request it is answering now."""
    _SERVED[base_url].settle()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    # Class pages poll every 300 ms instead of 2 s: a phone follows the host as it does in a
    # store, only sooner, and the tests wait less (nothing else changes).
    url, server = _serve(isolated_app(tmp_path_factory.mktemp("e2e") / "instance",
                                      CLASS_POLL_MS=300))
    yield url
    server.shutdown()
    server.server_close()  # its listening socket, else left to the garbage collector


@pytest.fixture(scope="session")
def partly_server(tmp_path_factory):
    """A second server whose two-blockers lesson lacks a part in French and Japanese: every real
    lesson is fully translated, and the "not yet translated" notice still needs checking."""
    root = tmp_path_factory.mktemp("partly")
    url, server = _serve(isolated_app(root / "instance",
                                      LESSONS_DIR=str(partly_translated_lessons(root))))
    yield url
    server.shutdown()
    server.server_close()  # its listening socket, else left to the garbage collector


@pytest.fixture(scope="session")
def base_url(live_server):
    return live_server


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}}


@pytest.fixture
def shot(page):
    """Save a full-page screenshot under screenshots/ (git-ignored) to look at. Not under CI
    (CI=true), where nobody looks at them: a full-page screenshot costs Chromium about 0.15 s of
    CPU, and the browser tests take about a hundred."""
    SCREENSHOTS.mkdir(exist_ok=True)

    def take(name: str, target=None):
        if os.environ.get("CI") != "true":
            (target or page).screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
    return take


def attempt_questions(base_url: str, token: str) -> list[dict]:
    """The questions of a quiz attempt the e2e server stored, with their keys."""
    from webapp.content.questions import resolve
    from webapp.services import quizzes
    app = _APPS[base_url]
    with app.app_context():
        return [resolve(ref) for ref in quizzes.get(token).questions]


def served_app(base_url: str):
    """The app behind an e2e server, to arrange what a test needs in its database."""
    return _APPS[base_url]


def pass_check(page, lesson, base: str = "", seed: int = 1) -> None:
    """Answer the lesson's check right, as a learner who works it out: a number board of the
    lesson chosen by its seed (Finish draws one of any kind at random), so the answer is known."""
    from playwright.sync_api import expect

    from webapp.content.practice import ideas_for, practice_question

    q = practice_question(ideas_for(lesson), "number", seed)
    page.goto(f"{base}/learn/practice?lesson={lesson.id}&kind=number&seed={seed}&mode=check")
    page.locator("#amount").fill(str(q["answer"]))
    page.get_by_role("button", name="Check my answer").click()
    expect(page.locator("#feedback")).to_contain_text(
        f"Check passed: lesson {lesson.number} is done.")
