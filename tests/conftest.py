"""Shared fixtures: every test builds its own app from the factory with its own instance folder."""

from __future__ import annotations

import re

import pytest

from webapp import create_app


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret"})
    app.instance_path = str(tmp_path / "instance")
    return app


@pytest.fixture
def client(app):
    return app.test_client()


def csrf_token(client, path: str = "/sandbox") -> str:
    """The CSRF token a real browser would have, read from a rendered form."""
    html = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
