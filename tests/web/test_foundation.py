"""Pages vs fragments, security headers, error pages, config, languages."""

from __future__ import annotations

import gc
import os
import warnings
from pathlib import Path

import pytest
from werkzeug.test import EnvironBuilder

from tests.conftest import csrf_token
from webapp import create_app

HX = {"HX-Request": "true"}


def test_home_and_sandbox_are_full_pages(client):
    for path in ("/", "/sandbox"):
        html = client.get(path).get_data(as_text=True)
        assert html.startswith("<!doctype html>")
        assert 'src="/static/vendor/htmx-2.0.11.min.js"' in html


def test_navigation_links_only_to_surfaces_that_exist(client, app):
    html = client.get("/").get_data(as_text=True)
    assert 'href="/sandbox"' in html
    assert ('href="/learn' in html) == ("learn" in app.blueprints)


def test_live_check_is_a_fragment_for_htmx_and_a_page_otherwise(client):
    token = csrf_token(client)
    form = {"csrf_token": token, "attacker-0-id": "a1", "attacker-0-name": "Wurm",
            "attacker-0-power": "3", "attacker-0-toughness": "3", "attacker-0-ability": "trample",
            "dmg:a1:player": "3"}
    fragment = client.post("/sandbox/live", data=form, headers=HX)
    assert "<html" not in fragment.get_data(as_text=True)
    assert "Legal" in fragment.get_data(as_text=True)
    assert "HX-Request" in fragment.headers["Vary"]
    page = client.post("/sandbox/live", data=form)
    assert page.get_data(as_text=True).startswith("<!doctype html>")
    assert "HX-Request" in page.headers["Vary"]


@pytest.mark.parametrize("header", ["HX-Boosted", "HX-History-Restore-Request"])
def test_boosted_and_history_restore_requests_get_the_whole_page(client, header):
    html = client.get("/sandbox", headers={**HX, header: "true"}).get_data(as_text=True)
    assert html.startswith("<!doctype html>")


def test_security_headers_on_every_response(client):
    for path in ("/", "/sandbox", "/healthz", "/nope", "/static/css/app.css"):
        headers = client.get(path).headers
        csp = headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"


def test_pages_have_no_inline_script_or_style(client):
    for path in ("/", "/sandbox", "/nope"):
        html = client.get(path).get_data(as_text=True)
        assert "<script>" not in html and "style=" not in html and "<style" not in html
        assert " on" + "click=" not in html


def test_session_cookie_is_secure_over_https_only(app):
    plain = app.test_client().get("/sandbox").headers.get("Set-Cookie", "")
    assert "HttpOnly" in plain and "Secure" not in plain
    secure = app.test_client().get("/sandbox", base_url="https://localhost").headers.get("Set-Cookie", "")
    assert "Secure" in secure and "HttpOnly" in secure


def test_post_without_csrf_token_is_rejected_with_a_helpful_page(client):
    response = client.post("/sandbox", data={"op": "add:blockers"})
    assert response.status_code == 400
    assert "safety check" in response.get_data(as_text=True)


def test_csrf_token_in_the_htmx_header_is_accepted(client):
    token = csrf_token(client)
    response = client.post("/sandbox/live", data={}, headers={**HX, "X-CSRFToken": token})
    assert response.status_code == 200


@pytest.mark.parametrize("method, path, status", [
    ("get", "/nope", 404), ("delete", "/sandbox", 405), ("post", "/sandbox", 400),
])
def test_error_pages_are_pages_and_fragments(client, method, path, status):
    page = getattr(client, method)(path)
    assert page.status_code == status
    assert page.get_data(as_text=True).startswith("<!doctype html>")
    assert f"({status})" in page.get_data(as_text=True)
    fragment = getattr(client, method)(path, headers=HX)
    assert fragment.status_code == status
    assert "<html" not in fragment.get_data(as_text=True) and f"({status})" in fragment.get_data(as_text=True)
    assert fragment.headers["HX-Retarget"] == "#flash"


def test_a_crash_is_a_friendly_500_without_a_traceback(app):
    app.config.update(TESTING=False, PROPAGATE_EXCEPTIONS=False)

    @app.get("/boom")
    def boom():
        raise RuntimeError("secret internals")

    response = app.test_client().get("/boom")
    assert response.status_code == 500
    text = response.get_data(as_text=True)
    assert "Something went wrong" in text and "secret internals" not in text and "Traceback" not in text


def open_files(name: str) -> int:
    """How many of this process's file descriptors are open on a file whose path ends in name."""
    fds = Path("/proc/self/fd")
    return sum(1 for fd in fds.iterdir() if _target(fd).endswith(name))


def _target(fd: Path) -> str:
    try:
        return os.readlink(fd)
    except OSError:  # closed since it was listed (the listing's own descriptor)
        return ""


def call_as_wsgi(app, path: str, method: str = "GET", encoding: str = "gzip"):
    """What gunicorn does: call the app, then iterate the body and close the iterable."""
    environ = EnvironBuilder(path=path, method=method,
                             headers={"Accept-Encoding": encoding}).get_environ()
    started = []
    body = app(environ, lambda status, headers, exc_info=None: started.append(status))
    return started, body


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="reads /proc/self/fd")
@pytest.mark.parametrize("method", ["GET", "HEAD"])
@pytest.mark.parametrize("encoding", ["gzip", "identity"])
def test_a_static_file_served_over_wsgi_is_closed_once_the_server_closes_the_body(app, method,
                                                                                 encoding):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        started, body = call_as_wsgi(app, "/static/css/app.css", method, encoding)
        b"".join(body)
        if hasattr(body, "close"):  # what a WSGI server does (a HEAD's empty body has none)
            body.close()
        del body
        gc.collect()
        assert started == ["200 OK"]
        assert open_files("/static/css/app.css") == open_files("/static/css/app.css.gz") == 0
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)]


# ---- config ------------------------------------------------------------------------------------

def test_production_defaults(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    app = create_app({"INSTANCE_PATH": str(tmp_path)})
    assert (tmp_path / "secret_key").exists()
    assert app.config["TESTING"] is False and app.debug is False
    assert app.config["WTF_CSRF_ENABLED"] is not False
    assert app.config["MAX_CONTENT_LENGTH"] == 64 * 1024
    assert app.config["SESSION_COOKIE_HTTPONLY"] is True
    assert app.config["SESSION_COOKIE_SAMESITE"] == "Lax"


def test_secret_key_is_generated_once_into_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    from webapp import config
    first = config._instance_secret(tmp_path)
    assert len(first) >= 32 and config._instance_secret(tmp_path) == first
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0


def test_environment_overrides_defaults_and_test_config_overrides_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "from-env")
    assert create_app({"INSTANCE_PATH": str(tmp_path)}).config["SECRET_KEY"] == "from-env"
    assert create_app({"INSTANCE_PATH": str(tmp_path), "SECRET_KEY": "from-test"}).config["SECRET_KEY"] == "from-test"


# ---- languages ---------------------------------------------------------------------------------

def test_language_comes_from_query_then_cookie_then_accept_language(client):
    assert 'lang="ja"' in client.get("/", headers={"Accept-Language": "ja,en;q=0.5"}).get_data(as_text=True)
    response = client.get("/?lang=fr")
    assert 'lang="fr"' in response.get_data(as_text=True)
    assert "lang=fr" in response.headers["Set-Cookie"]
    # the cookie now wins over Accept-Language
    assert 'lang="fr"' in client.get("/", headers={"Accept-Language": "ja"}).get_data(as_text=True)


def test_unknown_language_falls_back_to_english(client):
    assert 'lang="en"' in client.get("/?lang=xx", headers={"Accept-Language": "de"}).get_data(as_text=True)


def test_language_switcher_keeps_the_sandbox_board(client):
    html = client.get("/sandbox").get_data(as_text=True)
    assert 'href="/sandbox?b=1' in html and "lang=fr" in html


def test_class_pages_poll_at_the_configured_pace_and_a_silly_pace_stops_the_app(tmp_path):
    from tests.conftest import isolated_app

    with pytest.raises(ValueError, match="CLASS_POLL_MS must be between 100 and 60000"):
        isolated_app(tmp_path / "bad", CLASS_POLL_MS=0)
    client = isolated_app(tmp_path / "fast", CLASS_POLL_MS=500).test_client()
    host = client.post("/class/new", data={"lesson": "force-of-nature",
                                           "csrf_token": csrf_token(client, "/class/new")})
    assert 'hx-trigger="every 500ms"' in client.get(host.headers["Location"]).get_data(as_text=True)


def test_session_is_read_only_by_requests_that_use_it(client, monkeypatch):
    """The session cookie is decoded lazily (security.LazySession): a live answer or /healthz
    doesn't check it, a page that renders a form does, and the CSRF check still reads it."""
    from flask.sessions import SecureCookieSessionInterface

    token = csrf_token(client)
    reads = []
    real = SecureCookieSessionInterface.open_session
    monkeypatch.setattr(SecureCookieSessionInterface, "open_session",
                        lambda self, app, request: reads.append(request.path) or
                        real(self, app, request))
    assert client.get("/healthz").status_code == 200
    live = client.post("/sandbox/live", data={}, headers=HX)
    assert live.status_code == 200 and reads == []
    assert "Set-Cookie" not in live.headers  # the cookie is left as it is
    assert client.get("/sandbox").status_code == 200 and reads == ["/sandbox"]
    accepted = client.post("/sandbox", data={"csrf_token": token, "op": "add:blockers"})
    assert accepted.status_code == 200 and reads[-1] == "/sandbox"


def test_csrf_still_needs_the_sessions_own_token(client, app):
    """A token from another session, or a session cookie altered by hand, is refused."""
    other = app.test_client()
    foreign = csrf_token(other)
    csrf_token(client)
    assert client.post("/sandbox", data={"csrf_token": foreign, "op": "add:blockers"}
                       ).status_code == 400
    token = csrf_token(client)
    cookie = client.get_cookie("session").value
    client.set_cookie("session", cookie[:-2] + ("AA" if cookie[-2:] != "AA" else "BB"))
    assert client.post("/sandbox", data={"csrf_token": token, "op": "add:blockers"}
                       ).status_code == 400
