"""Limits that hold under abuse (issue 19): rate limits shared by every worker and server and
enforced atomically, what a visitor without a seat learns about a class code, expiry and the
clean-up of stale data."""

from __future__ import annotations

import re
import threading
from datetime import datetime, timezone

import pytest

from tests.conftest import isolated_app
from tests.web.test_class import Host, token_of

# A fixed clock for the app (config CLOCK): a burst never straddles two windows by chance.
NOON = lambda: datetime(2026, 11, 26, 12, 0, 30, tzinfo=timezone.utc)  # noqa: E731


def burst(app_for, count: int, request) -> list[int]:
    """`count` requests at once, each from its own thread and test client (apps from
    `app_for(i)`: one app, or several servers on one database), released together."""
    clients = []
    for i in range(count):
        client = app_for(i).test_client()
        clients.append((client, token_of(client.get("/join").get_data(as_text=True))))
    start = threading.Barrier(count)
    statuses = [0] * count

    def run(i):
        client, csrf = clients[i]
        start.wait()
        statuses[i] = request(client, csrf, i).status_code

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses


def join_burst(apps, code: str, count: int) -> list[int]:
    return burst(lambda i: apps[i % len(apps)], count, lambda client, csrf, i: client.post(
        "/join", data={"csrf_token": csrf, "code": code, "nickname": f"p{i}"},
        environ_base={"REMOTE_ADDR": "10.9.9.9"}))


def test_a_burst_of_joins_lets_exactly_the_limit_through(tmp_path):
    one = isolated_app(tmp_path / "instance", RATE_LIMITS={"join": "10/60"}, CLOCK=NOON)
    two = isolated_app(tmp_path / "instance", RATE_LIMITS={"join": "10/60"}, CLOCK=NOON)
    host = Host(one)
    statuses = join_burst([one, two], host.code, 40)
    assert statuses.count(303) == 10 and statuses.count(429) == 30, statuses


@pytest.mark.postgres
def test_a_burst_of_joins_on_two_servers_sharing_postgresql_lets_exactly_the_limit_through(
        tmp_path, postgres_schema):
    url, _ = postgres_schema
    apps = [isolated_app(tmp_path / name, DATABASE_URL=url, RATE_LIMITS={"join": "10/60"},
                         CLOCK=NOON) for name in ("one", "two")]
    host = Host(apps[0])
    statuses = join_burst(apps, host.code, 40)
    assert statuses.count(303) == 10 and statuses.count(429) == 30, statuses


def test_a_refused_join_says_when_to_come_back_and_the_next_window_lets_joins_in(tmp_path):
    now = [NOON()]
    app = isolated_app(tmp_path / "instance", RATE_LIMITS={"join": "2/60"}, CLOCK=lambda: now[0])
    host = Host(app)
    statuses = join_burst([app], host.code, 3)
    assert sorted(statuses) == [303, 303, 429]
    client = app.test_client()
    csrf = token_of(client.get("/join").get_data(as_text=True))
    refused = client.post("/join", data={"csrf_token": csrf, "code": host.code, "nickname": "z"},
                          environ_base={"REMOTE_ADDR": "10.9.9.9"})
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "30"
    assert "Too many tries" in refused.get_data(as_text=True)
    now[0] = now[0].replace(minute=1)  # the next minute's window
    again = client.post("/join", data={"csrf_token": csrf, "code": host.code, "nickname": "z"},
                        environ_base={"REMOTE_ADDR": "10.9.9.9"})
    assert again.status_code == 303
