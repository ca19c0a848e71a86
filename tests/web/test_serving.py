"""The real server, started as `make run` starts it (gunicorn -c python:webapp.serving on a free
loopback port): slow clients don't stop it, and a killed worker is replaced."""

from __future__ import annotations

import http.client
import importlib.util
import json
import os
import re
import signal
import socket
import time
from pathlib import Path

import pytest

from webapp.worker import request_complete

_spec = importlib.util.spec_from_file_location(
    "bench_server", Path(__file__).resolve().parents[2] / "bench" / "_server.py")
bench_server = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_server)

SLOW_BODY = (b"POST /join HTTP/1.1\r\nHost: 127.0.0.1\r\n"
             b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\na")
SLOW_HEADERS = b"POST /join HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a"


@pytest.fixture(scope="module")
def server():
    with bench_server.gunicorn() as (base, port, master):
        yield port, master


def get(port: int, path: str, timeout: float = 30) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


@pytest.mark.parametrize("count", [20, 200])
def test_the_server_answers_while_slow_clients_hold_sockets(server, count):
    port, _ = server
    held = []
    try:
        for n in range(count):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(SLOW_BODY if n % 2 else SLOW_HEADERS)
            held.append(s)
        time.sleep(0.5)  # every held socket has been accepted and has sent its first bytes
        for _ in range(5):
            assert get(port, "/healthz") == (200, b"ok")
        for s in held[:3]:  # and one byte more, as a trickling client does
            s.sendall(b"b")
        assert get(port, "/healthz") == (200, b"ok")
    finally:
        for s in held:
            s.close()


def test_requests_in_pieces_keep_alive_and_json_still_work(server):
    port, _ = server
    body = json.dumps({"board": {}}).encode()
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        head = (f"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                f"\r\nContent-Length: {len(body)}\r\n\r\n").encode()
        for piece in (head[:10], head[10:], body[:3], body[3:]):
            s.sendall(piece)
            time.sleep(0.05)
        first = response(s)
        assert first.startswith(b"HTTP/1.1 400") and b'"error"' in first
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")  # the same connection
        second = response(s)
        assert second.startswith(b"HTTP/1.1 200") and second.endswith(b"ok")


def response(s: socket.socket) -> bytes:
    """One whole response from a kept-alive connection (its headers and body may come in
    separate packets: one recv can end between them)."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += s.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(re.search(rb"(?im)^content-length:\s*(\d+)", head).group(1))
    while len(body) < length:
        body += s.recv(65536)
    return head + b"\r\n\r\n" + body


def test_a_chunked_body_is_refused_with_411(server):
    port, _ = server
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked"
                  b"\r\n\r\n1\r\n{")
        assert s.recv(65536).startswith(b"HTTP/1.1 411")


def _until(condition, seconds: float = 60):
    """Poll `condition` (a process table) until it holds; a busy machine boots workers slowly."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.1)
    return condition()


def test_a_worker_killed_with_kill_9_is_replaced(server):
    port, master = server
    count = int(os.environ.get("WEB_WORKERS") or len(os.sched_getaffinity(0)) + 1)  # serving.py
    assert _until(lambda: len(bench_server.workers(master)) == count)  # every worker is up
    before = bench_server.workers(master)
    os.kill(before[0], signal.SIGKILL)
    assert _until(lambda: before[0] not in (now := bench_server.workers(master))
                  and len(now) == count)
    assert get(port, "/healthz") == (200, b"ok")


@pytest.mark.parametrize("data, complete", [
    (b"GET / HTTP/1.1\r\nHost: a\r\n", False),
    (b"GET / HTTP/1.1\r\nHost: a\r\n\r\n", True),
    (b"POST / HTTP/1.1\r\ncontent-length: 3\r\n\r\nab", False),
    (b"POST / HTTP/1.1\r\nContent-Length:3\r\n\r\nabc", True),
    (b"POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabcGET", True),  # the next request, pipelined
    (b"POST / HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n", True),  # too big: the app says so
    (b"POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", None),
])
def test_a_request_is_whole_when_its_headers_and_announced_body_are_in(data, complete):
    assert request_complete(data) is complete


def test_links_name_where_make_run_listens_not_the_host_header(server):
    """serving.py sets PUBLIC_URL from HOST and PORT: a crafted Host header changes no link."""
    port, _ = server
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", "/sandbox", headers={"Host": "evil.example"})
        html = connection.getresponse().read().decode()
    finally:
        connection.close()
    assert f"http://127.0.0.1:{port}/sandbox?b=" in html and "evil.example" not in html


def test_two_servers_side_by_side_keep_their_own_control_sockets(server):
    """gunicorn's control socket was one path per user: a second server replaced the first's,
    and removed it when it stopped. Each now has its own (webapp/serving.py)."""
    from gunicorn.ctl.client import ControlClient

    from webapp.serving import control_socket_path

    def listens_on(port: int) -> bool:
        path = control_socket_path({**os.environ, "HOST": "127.0.0.1", "PORT": str(port)})
        for _ in range(50):  # the master opens it just after the workers start
            if os.path.exists(path):
                break
            time.sleep(0.1)
        with ControlClient(path, timeout=10) as client:
            return f":{port}" in json.dumps(client.send_command("show listeners"))

    first, _ = server
    with bench_server.gunicorn() as (_, second, _master):
        assert listens_on(first) and listens_on(second)
    assert listens_on(first)  # the second one stopped: the first still answers
