"""What an outsider tried, kept tried: no open redirect, no 5xx on odd input, private pages and
files, and a busy database answered with a clear 503 instead of a crash."""

from __future__ import annotations

import os
import re
import stat
from html import unescape
from urllib.parse import urlsplit

import pytest
from sqlalchemy.exc import OperationalError

from tests.conftest import csrf_token

FON = "/learn/force-of-nature"
# Paths as a server receives them (PATH_INFO, already percent-decoded).
HOSTILE_PATHS = ["/\\evil.example", "/\\\\evil.example", "//evil.example", "///evil.example",
                 "//evil.example/learn", "/learn/\\evil.example", "/sandbox/../\\evil",
                 "/https://evil.example", "/learn/force-of-nature/\\\\evil.example",
                 "/learn/force-of-nature//evil.example"]


def links(html: str) -> list[str]:
    return [unescape(h) for h in re.findall(r'(?:href|action)="([^"]*)"', html)]


def assert_same_site(url: str) -> None:
    if url.startswith("#"):
        return
    parts = urlsplit(url)
    if parts.netloc:  # an absolute link (a redirect) may only name the host asked for
        assert parts.netloc == "localhost" and parts.scheme == "http", url
        url = url.removeprefix("http://localhost")
    assert url.startswith("/") and not url.startswith("//") and "\\" not in url, url


@pytest.mark.parametrize("path", HOSTILE_PATHS)
def test_no_link_the_app_builds_from_a_crafted_path_leaves_the_site(client, path):
    response = client.get("/", environ_overrides={"PATH_INFO": path})
    assert response.status_code < 500
    html = response.get_data(as_text=True)
    for url in links(html) + [response.headers.get("Location") or "#"]:
        assert_same_site(url)


def test_the_language_links_keep_the_page_and_its_query(client):
    html = client.get(f"{FON}/the-classic?answer=5").get_data(as_text=True)
    assert f'href="{FON}/the-classic?answer=5&amp;lang=fr"' in html
    html = client.post(f"{FON}/split-d-practice/live", data={"csrf_token": csrf_token(client),
                       "lesson": "force-of-nature", "step": "split-d-practice"}).get_data(as_text=True)
    assert f'href="{FON}/split-d-practice?lang=fr"' in html  # the GET page at that address


@pytest.mark.parametrize("path", [
    f"{FON}?step=²", f"{FON}?step=٣", f"{FON}?step=99999999999999999999",
    f"{FON}/the-classic?answer=²", f"{FON}/the-classic?answer=2147483648",
    f"{FON}/the-classic?answer=99999999999999999999999", f"{FON}/the-classic?answer=-1",
])
def test_odd_numbers_in_links_are_not_found_or_ignored_never_a_crash(client, path):
    assert client.get(path).status_code in (200, 404)


def test_a_tampered_stepper_on_a_step_without_a_board_is_a_400(client):
    step = "/learn/attacking-a-planeswalker/attack-targets"
    form = {"csrf_token": csrf_token(client), "lesson": "attacking-a-planeswalker",
            "step": "attack-targets", "op": "step:a1:b1:1"}
    assert client.post(step, data=form).status_code == 400


@pytest.mark.parametrize("amount", ["²", "٣", "1e3", "9" * 5000, " 4 ", "4\x00"])
def test_odd_predictions_get_a_clear_message_not_a_crash(client, amount):
    form = {"csrf_token": csrf_token(client), "lesson": "force-of-nature", "step": "two-predict",
            "amount": amount}
    response = client.post(f"{FON}/two-predict", data=form)
    assert response.status_code in (303, 400)


@pytest.mark.parametrize("host", ["a" * 64 + ".example", "a" * 300, "evil\\example", "ex ample",
                                  "[zz]", "example.com:99999999"])
def test_a_host_header_no_browser_sends_is_a_plain_400_with_the_security_headers(client, host):
    response = client.get("/", headers={"Host": host})
    assert response.status_code == 400
    assert "Content-Security-Policy" in response.headers and b"Traceback" not in response.data


@pytest.mark.parametrize("host", ["localhost:8000", "192.168.1.20:8000", "[::1]:8000",
                                  "trample.example.org"])
def test_real_host_names_are_served(client, host):
    assert client.get("/", headers={"Host": host}).status_code == 200


def test_pages_are_private_to_their_visitor_and_static_files_are_not(client):
    for path in ("/", "/sandbox", "/learn", f"{FON}/the-classic", "/no-such-page"):
        assert "private" in client.get(path).headers["Cache-Control"], path
    assert "private" not in client.get("/static/css/app.css").headers.get("Cache-Control", "")


def test_the_sqlite_file_is_readable_by_its_owner_only(app):
    path = app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


def test_an_answer_the_busy_database_could_not_store_is_a_503_with_a_retry_hint(client, monkeypatch):
    from webapp.services import db

    calls = []

    def locked():
        calls.append(1)
        raise OperationalError("INSERT", {}, Exception("database is locked"))

    monkeypatch.setattr(db.session, "commit", locked)
    monkeypatch.setattr("webapp.services.database.time.sleep", lambda _s: None)
    form = {"csrf_token": csrf_token(client), "lesson": "force-of-nature", "step": "two-predict",
            "amount": "4"}
    response = client.post(f"{FON}/two-predict", data=form)
    assert response.status_code == 503 and response.headers["Retry-After"] == "2"
    assert "Nothing was saved" in response.get_data(as_text=True) and len(calls) > 1


def test_a_database_that_is_busy_once_stores_the_answer(client, monkeypatch, app):
    from webapp.services import db

    real, failures = db.session.commit, []

    def once():
        if not failures:
            failures.append(1)
            raise OperationalError("INSERT", {}, Exception("database is locked"))
        return real()

    monkeypatch.setattr(db.session, "commit", once)
    form = {"csrf_token": csrf_token(client), "lesson": "force-of-nature", "step": "two-predict",
            "amount": "4"}
    assert client.post(f"{FON}/two-predict", data=form).status_code == 303 and failures


@pytest.mark.postgres
def test_on_postgresql_an_answer_id_past_32_bits_is_just_not_found(postgres_schema, tmp_path):
    from tests.conftest import isolated_app

    url, _ = postgres_schema
    app = isolated_app(tmp_path / "instance", DATABASE_URL=url)
    client = app.test_client()
    form = {"csrf_token": csrf_token(client), "lesson": "force-of-nature", "step": "two-predict",
            "amount": "4"}
    stored = client.post(f"{FON}/two-predict", data=form)
    assert stored.status_code == 303
    for answer in ("2147483647", "2147483648", "99999999999"):
        response = client.get(f"{FON}/two-predict", query_string={"answer": answer})
        assert response.status_code == 200
    shown = client.get(stored.headers["Location"]).get_data(as_text=True)
    assert "Right!" in shown or "Not quite" in shown  # the stored answer, read back


def test_gunicorn_trusts_forwarded_headers_from_nobody_and_the_app_only_when_told():
    """Behind no proxy, an X-Forwarded-Proto from 127.0.0.1 must not make a request 'https'
    (gunicorn trusts loopback by default); PROXY_FIX is the one switch that trusts a proxy."""
    from webapp import serving

    assert serving.forwarded_allow_ips == ""


def test_without_proxy_fix_a_forwarded_scheme_changes_nothing(client):
    response = client.get("/?lang=fr", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" not in response.headers["Set-Cookie"]
    assert "Strict-Transport-Security" not in response.headers


@pytest.mark.parametrize("step, field", [("which-illegal", "option"), ("skip-one-legal", "verdict"),
                                         ("two-predict", "amount"), ("two-predict", "lesson"),
                                         ("two-predict", "step")])
def test_every_answer_field_shown_back_is_escaped(client, step, field):
    payload = '<script>window.pwned=1</script>"><img src=x onerror=alert(1)>'
    form = {"csrf_token": csrf_token(client), "lesson": "force-of-nature", "step": step,
            "amount": "1", "option": "four-four", "verdict": "legal", field: payload}
    for headers in ({}, {"HX-Request": "true"}):
        html = client.post(f"{FON}/{step}", data=form, headers=headers).get_data(as_text=True)
        assert "<script>window.pwned" not in html and "<img src=x" not in html
