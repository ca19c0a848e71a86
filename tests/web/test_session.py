"""The signed session cookie: remembering a verified cookie never lets a bad one through."""

from __future__ import annotations

import pytest

from tests.conftest import csrf_token


def _cookie(client) -> str:
    csrf_token(client)  # a rendered form puts the CSRF token in the session
    return client.get_cookie("session").value


def _open(app, cookie: str):
    with app.test_request_context("/", headers={"Cookie": f"session={cookie}"}):
        return app.session_interface.open_session(app, __import__("flask").request)


def test_a_tampered_cookie_is_refused_even_after_the_genuine_one_was_verified(app, client):
    cookie = _cookie(client)
    assert "csrf_token" in _open(app, cookie)  # verified, and now remembered
    payload, _, rest = cookie.partition(".")
    forged = ("A" if payload[0] != "A" else "B") + payload[1:] + "." + rest
    assert dict(_open(app, forged)) == {}
    assert dict(_open(app, cookie + "x")) == {}


def test_a_remembered_cookie_still_expires(app, client, monkeypatch):
    import itsdangerous.timed

    from webapp import security

    cookie = _cookie(client)
    assert "csrf_token" in _open(app, cookie)
    later = security.time.time() + app.permanent_session_lifetime.total_seconds() + 5
    monkeypatch.setattr(security.time, "time", lambda: later)
    monkeypatch.setattr(itsdangerous.timed.time, "time", lambda: later)
    assert dict(_open(app, cookie)) == {}


def test_each_request_gets_its_own_copy_of_a_remembered_session(app, client):
    cookie = _cookie(client)
    first = _open(app, cookie)
    first["csrf_token"] = "changed"
    first.setdefault("_flashes", []).append(("message", "hello"))
    second = _open(app, cookie)
    assert second["csrf_token"] != "changed" and "_flashes" not in second


def test_a_cookie_signed_with_another_key_is_refused(app, client, tmp_path):
    from tests.conftest import isolated_app

    cookie = _cookie(client)
    other = isolated_app(tmp_path / "other", SECRET_KEY="another-secret")
    assert "csrf_token" in _open(app, cookie)
    assert dict(_open(other, cookie)) == {}


@pytest.mark.parametrize("cookie", ["", "garbage", "a.b.c", "." * 50])
def test_junk_cookies_give_an_empty_session(app, cookie):
    assert dict(_open(app, cookie)) == {}
