"""Absolute links (a quiz's share links, a class's join link and QR code, the sandbox's board
link) use the configured PUBLIC_URL, which `make run` sets (webapp/serving.py): a request with
`Host: evil.example` can't make a page show links to elsewhere."""

from __future__ import annotations

import re

import pytest

from tests.conftest import csrf_token, isolated_app
from webapp import network

from .test_class import Host
from .test_quiz import make_quiz

EVIL = {"Host": "evil.example"}
BASE = "http://192.168.1.20:8000"


@pytest.fixture
def app(tmp_path):
    return isolated_app(tmp_path / "instance", PUBLIC_URL=BASE + "/")


def test_the_quiz_share_links_use_the_public_url_whatever_the_host_header(app):
    client = app.test_client()
    owner = make_quiz(client).headers["Location"]
    html = client.get(owner, headers=EVIL).get_data(as_text=True)
    assert f'value="{BASE}/quiz/t/' in html and f'value="{BASE}/quiz/o/' in html
    assert "evil.example" not in html


def test_the_class_join_link_and_qr_code_use_the_public_url(app):
    host = Host(app)
    wall = re.search(r'href="(/class/wall/[\w-]+)"', host.page()).group(1)  # the projector's link
    for url in (host.url, wall):
        html = host.client.get(url, headers=EVIL).get_data(as_text=True)
        assert "evil.example" not in html
        assert f"{BASE}/join" in html, url


def test_the_sandbox_board_link_uses_the_public_url(app):
    html = app.test_client().get("/sandbox", headers=EVIL).get_data(as_text=True)
    assert "evil.example" not in html and f"{BASE}/sandbox?b=" in html


def test_zero_address_stands_for_this_machines_lan_address(tmp_path, monkeypatch):
    """HOST=0.0.0.0 make run: links name the address phones reach, looked up as the banner does."""
    monkeypatch.setattr(network, "lan_address", lambda: "10.1.2.3")
    app = isolated_app(tmp_path / "instance", PUBLIC_URL="http://0.0.0.0:8000")
    html = app.test_client().get("/sandbox", headers=EVIL).get_data(as_text=True)
    assert "http://10.1.2.3:8000/sandbox?b=" in html and "evil.example" not in html
    monkeypatch.setattr(network, "lan_address", lambda: None)  # offline: this machine
    html = app.test_client().get("/sandbox", headers=EVIL).get_data(as_text=True)
    assert "http://127.0.0.1:8000/sandbox?b=" in html


@pytest.mark.parametrize("env, expected", [
    ({}, "http://127.0.0.1:8000"),
    ({"HOST": "0.0.0.0", "PORT": "8080"}, "http://0.0.0.0:8080"),
    ({"HOST": "::", "PORT": "8080"}, "http://0.0.0.0:8080"),
    ({"HOST": "::1"}, "http://[::1]:8000"),
    ({"PUBLIC_URL": "https://trample.example.org"}, "https://trample.example.org"),
    ({"PROXY_FIX": "1"}, None),  # behind a proxy: the host it forwards, unless PUBLIC_URL is set
])
def test_make_run_sets_the_public_url_from_where_it_listens(env, expected):
    from webapp.serving import public_url

    assert public_url(env) == expected


@pytest.mark.parametrize("value", ["evil.example", "ftp://x", "http://", "http://a b"])
def test_a_malformed_public_url_stops_the_app_with_a_reason(tmp_path, value):
    with pytest.raises(ValueError, match="PUBLIC_URL"):
        isolated_app(tmp_path / "instance", PUBLIC_URL=value)


def test_without_a_public_url_links_follow_the_request_as_before(tmp_path):
    """Tests and a proxy with PROXY_FIX: no PUBLIC_URL."""
    app = isolated_app(tmp_path / "instance")
    client = app.test_client()
    csrf_token(client)
    html = client.get("/sandbox").get_data(as_text=True)
    assert "http://localhost/sandbox?b=" in html
