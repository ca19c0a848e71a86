"""No query string makes any page fail: every GET route of the app's url_map, with real values
for its path, gets query parameters named like path variables (the language links once rebuilt
the page's URL from them: a 500, and the error page failed the same way), url_for's own keywords,
repeated keys, long values, NUL and invalid UTF-8."""

from __future__ import annotations

import re

import pytest

from .test_class import Host, Learner
from .test_quiz import make_quiz, start

LESSON, STEP = "force-of-nature", "the-classic"


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """An app with a lesson class (host and learner), a shared quiz and a started attempt."""
    from tests.conftest import isolated_app

    # As in production: an exception is a 500 page, not raised into the test.
    app = isolated_app(tmp_path_factory.mktemp("query") / "instance", PROPAGATE_EXCEPTIONS=False)
    host = Host(app)
    learner = Learner(app, host.code, "Ana")
    judge = app.test_client()
    owner = make_quiz(judge, count="2").headers["Location"].rsplit("/", 1)[1]
    take = re.search(r"/quiz/t/([\w-]+)", judge.get(f"/quiz/o/{owner}").get_data(as_text=True))
    attempt = start(judge).headers["Location"].split("/a/")[1].split("/")[0]
    values = {"lesson_id": LESSON, "step_id": STEP, "code": host.code, "n": 1, "answer_id": 1, "number": 1,
              "filename": "css/app.css"}
    tokens = {"/class/host/": host.token, "/quiz/o/": owner, "/quiz/t/": take.group(1),
              "/quiz/a/": attempt}
    return app, host.client, learner.client, judge, values, tokens


def urls(app, values, tokens) -> list[tuple[str, str]]:
    """(rule, a URL for it) for every GET route: known path variables get real values, a token
    the one of its kind, anything else "x" (a route added later is walked too)."""
    found = []
    with app.test_request_context():
        for rule in app.url_map.iter_rules():
            if "GET" not in rule.methods:
                continue
            args = {}
            for name in rule.arguments:
                if name == "token":
                    args[name] = next((t for prefix, t in tokens.items()
                                       if rule.rule.startswith(prefix)), "x")
                else:
                    args[name] = values.get(name, "x")
            found.append((rule.rule, app.url_map.bind("localhost").build(
                rule.endpoint, args, force_external=False)))
    return sorted(found)


def names(app) -> list[str]:
    return sorted({n for rule in app.url_map.iter_rules() for n in rule.arguments})


def junk_queries(app, rule_args: list[str]) -> list[str]:
    every = names(app)
    return [
        "&".join(f"{n}=x" for n in rule_args) or "token=x",
        "&".join(f"{n}=x" for n in every),
        "_external=1&_anchor=x&_scheme=javascript&_method=POST&_server=evil.example",
        "lang=", "lang=xx", "lang=fr&lang=ja&lang=",
        "&".join(f"{n}=a&{n}=b" for n in every),
        "step_id=" + "x" * 8000 + "&q=" + "%e2%80%ae" * 500,
        "step_id=%00&token=%00&code=a%00b&%00=1&lang=fr%00",
        "step_id=%ff&token=%c3%28&%ff%fe=1&lang=%ff&code=%ed%a0%80",
        "a=1&&&==&=&%=%&+=+",
    ]


def test_no_query_string_makes_any_get_page_fail(world):
    app, host, learner, judge, values, tokens = world
    failures = []
    walked = urls(app, values, tokens)
    assert len(walked) >= 30
    for rule, url in walked:
        client = host if rule.startswith("/class/host") else \
            learner if rule.startswith("/class/") else judge
        assert client.get(url).status_code < 500, url
        arguments = sorted(app.url_map._rules_by_endpoint[  # the rule's own path variables
            next(r.endpoint for r in app.url_map.iter_rules() if r.rule == rule)][0].arguments)
        for query in junk_queries(app, arguments):
            for headers in ({}, {"HX-Request": "true"}):
                try:  # an error handler that fails raises here: a bare 500 from gunicorn
                    response = client.get(f"{url}?{query}", headers=headers)
                except Exception as err:  # noqa: BLE001 - any of them is the failure looked for
                    failures.append((repr(err)[:80], url, query[:80], headers))
                    continue
                if response.status_code >= 500 or \
                        "Content-Security-Policy" not in response.headers:
                    failures.append((response.status_code, url, query[:80], headers))
    assert not failures, failures[:10]


def test_the_language_links_keep_a_query_parameter_named_like_a_path_variable(world):
    app, host, learner, judge, values, tokens = world
    html = judge.get(f"/learn/{LESSON}/{STEP}?step_id=other&_external=1&lang=fr").get_data(
        as_text=True)
    assert f'href="/learn/{LESSON}/{STEP}?step_id=other&amp;_external=1&amp;lang=ja"' in html


def test_the_error_page_cannot_fail(world, monkeypatch):
    """Whatever breaks while drawing the error page, the answer is still a small page with the
    security headers, and the status the error had."""
    from webapp.views import errors

    def broken(*args, **kwargs):
        raise TypeError("drawing the page failed")

    monkeypatch.setattr(errors, "render", broken)
    app, host, learner, judge, values, tokens = world
    for path, status in (("/no-such-page", 404), ("/quiz/o/no-such-token", 404)):
        response = judge.get(path)
        assert response.status_code == status
        assert "Content-Security-Policy" in response.headers
        assert b"Traceback" not in response.data
