"""Browser tests in a real Chromium (Debian's), against the real app on a loopback port."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from tests.conftest import isolated_app

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
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
            "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--no-first-run"]}


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    app = isolated_app(tmp_path_factory.mktemp("e2e") / "instance")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="session")
def base_url(live_server):
    return live_server


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}}


@pytest.fixture
def shot(page):
    """Save a full-page screenshot under screenshots/ (git-ignored) to look at."""
    SCREENSHOTS.mkdir(exist_ok=True)

    def take(name: str, target=None):
        (target or page).screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
    return take
