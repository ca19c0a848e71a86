"""Pages and downloads reached by an unguessable link (a token, or a class's code) are never kept
on disk: `Cache-Control: no-store`, decided in one place (webapp/security.py) from the route's
path variables. A store's laptop is shared; `private, no-cache` would keep the owner's results,
the quiz's key and the host page in its cache."""

from __future__ import annotations

from webapp.security import SECRET_ARGUMENTS

from .test_query_strings import urls, world  # noqa: F401 - the fixture, and every GET route

# The class poll: a status line with an ETag, no secret; stored so that a 304 can answer it.
OWN_CACHING = {"/class/<code>/sync"}
# No secret in the address, but secret links in the page: "Your quizzes" lists owner links,
# /class the host links of the classes this browser hosted, /learn/resume the resume code.
LISTS_SECRETS = {"/quiz/mine", "/class", "/learn/resume"}


def test_every_page_behind_a_secret_link_is_no_store_and_others_stay_private(world):  # noqa: F811
    app, host, learner, judge, values, tokens = world
    secret = 0
    for rule, url in urls(app, values, tokens):
        client = host if rule.startswith("/class/host") else \
            learner if rule.startswith("/class/") else judge
        arguments = next(r.arguments for r in app.url_map.iter_rules() if r.rule == rule)
        wrong = url
        for secret_value in (values["code"], *tokens.values()):
            wrong = wrong.replace(secret_value, "nosuch")
        for response in (client.get(url), client.get(wrong)):  # found, and not found
            cache = response.headers.get("Cache-Control", "")
            if rule in OWN_CACHING:  # 304s while nothing changed, else no-store with a reload
                assert cache in ("private, no-cache", "no-store"), (url, cache)
            elif arguments & set(SECRET_ARGUMENTS) or rule in LISTS_SECRETS:
                assert "no-store" in cache.split(", "), (url, response.status_code, cache)
            elif response.mimetype == "text/html":
                assert cache == "private, no-cache", (url, cache)
        secret += bool(arguments & set(SECRET_ARGUMENTS))
    assert secret >= 12  # the quiz's and the class's pages, downloads and fragments


def test_the_owners_downloads_are_no_store(world):  # noqa: F811
    app, host, learner, judge, values, tokens = world
    owner = tokens["/quiz/o/"]
    for path in (f"/quiz/o/{owner}/results.csv", f"/quiz/o/{owner}/quiz.toml",
                 f"/class/host/{host_token(tokens)}/results.csv"):
        client = host if path.startswith("/class") else judge
        response = client.get(path)
        assert response.status_code == 200
        assert "no-store" in response.headers["Cache-Control"].split(", ")


def host_token(tokens) -> str:
    return tokens["/class/host/"]
