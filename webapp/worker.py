"""gunicorn's thread worker, but a thread is given a request only once all of it has arrived.

gunicorn's gthread worker hands a connection to a thread as soon as its first byte arrives; the
thread then blocks reading the rest. In the store set-up there is no proxy in front to buffer
requests, so twenty sockets trickling a POST body a byte every 5 s held every thread and /healthz
timed out for as long as they were held (bench/slow_clients.py). Here the worker's own event loop
(the one that already waits on kept-alive connections without a thread) reads each request —
headers and body — into a buffer, and submits it to a thread when it is complete: a slow client
costs a socket and its bytes, never a thread. A request not complete within REQUEST_SECONDS is
dropped; one larger than MAX_BUFFERED goes to a thread as soon as its headers are in (the app
refuses it from Content-Length alone, without reading it: 413). Everything after the hand-over
(the app, keep-alive, graceful stops, the arbiter replacing a killed worker) is gthread's.

Relies on gthread's structure (TConn, the poller, enqueue_req): tests/web/test_serving.py starts a
real server and checks slow sockets don't stop it.
"""

from __future__ import annotations

import errno
import re
import selectors
import sys
import time
from functools import partial

from gunicorn.workers.gthread import TConn, ThreadWorker

# Time a client has to send one whole request, from its first byte (or from connecting).
REQUEST_SECONDS = 60
# Past this, a request is handed to a thread with what has arrived (a quiz file of 256 KB, four
# times over, is the largest the app takes: webapp/views/quiz/sharing.py UPLOAD_LIMIT).
MAX_BUFFERED = 1024 * 1024 + 64 * 1024
# Bytes all of a worker's arriving requests may hold: past it, the request that arrived last
# goes to a thread as gthread would (many large half-sent uploads must not exhaust memory).
MAX_BUFFERED_IN_ALL = 32 * 1024 * 1024
# How long a thread may hold the interpreter lock while the event loop waits for it.
SWITCH_SECONDS = 0.001
_HEADERS_END = b"\r\n\r\n"
_LENGTH = re.compile(rb"^content-length[ \t]*:[ \t]*([0-9]{1,12})[ \t]*\r?$", re.I | re.M)
_CHUNKED = re.compile(rb"^transfer-encoding[ \t]*:.*chunked", re.I | re.M)
_CONTINUE = re.compile(rb"^expect[ \t]*:[ \t]*100-continue", re.I | re.M)
_LENGTH_REQUIRED = (b"HTTP/1.1 411 Length Required\r\nContent-Type: text/plain\r\n"
                    b"Content-Length: 38\r\nConnection: close\r\n\r\n"
                    b"Send the body with a Content-Length.\r\n")


def request_complete(data: bytes) -> bool | None:
    """True when `data` holds a whole request (headers, and a body of Content-Length bytes);
    False when more is to come; None for a chunked body, which this server does not take (no
    browser sends one, and it could be trickled without end)."""
    end = data.find(_HEADERS_END)
    if end < 0:
        return len(data) >= MAX_BUFFERED
    head = data[:end]
    if _CHUNKED.search(head):
        return None
    found = _LENGTH.search(head)
    length = int(found.group(1)) if found else 0
    return length + end + 4 > MAX_BUFFERED or len(data) >= end + 4 + length


class WholeRequestWorker(ThreadWorker):

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Connections whose request is still arriving, oldest first (a dict: removal in O(1)).
        self.arriving: dict[TConn, None] = {}
        self.buffered = 0  # bytes they hold

    def init_process(self):
        # The event loop reads every request now, so it must not wait long for the interpreter
        # lock behind threads busy in the app (5 ms a switch by default): under a class's load
        # that wait, not the reading, was what the workers' clients felt.
        sys.setswitchinterval(SWITCH_SECONDS)
        super().init_process()

    def accept(self, listener):
        if self.cfg.is_ssl:  # TLS bytes can't be read ahead of the handshake: gthread's way
            return super().accept(listener)
        try:
            client_sock, client_addr = listener.accept()
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        self.read_request(TConn(self.cfg, client_sock, client_addr, listener.getsockname()))

    def on_client_socket_readable(self, conn, client):
        """A kept-alive connection sends its next request: read it whole first, too."""
        if self.cfg.is_ssl:
            return super().on_client_socket_readable(conn, client)
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        conn.sock.setblocking(False)
        self.read_request(conn)

    def read_request(self, conn):
        conn.early = bytearray()
        conn.continued = False
        conn.timeout = time.monotonic() + REQUEST_SECONDS
        conn.sock.setblocking(False)
        self.arriving[conn] = None
        # Most requests are already whole here (a kept-alive connection that became readable,
        # a fresh one whose first packet came with the connection): hand them over now. A turn
        # of the event loop per request cost a busy class most of its latency budget.
        if self.take_bytes(conn, registered=False):
            self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_bytes, conn))

    def on_bytes(self, conn, client):
        self.take_bytes(conn, registered=True)

    def take_bytes(self, conn, registered: bool) -> bool:
        """Read what has arrived; True while more is to come (the request stays arriving).
        Leaving, a registered connection is taken off the poller before its socket closes."""
        try:
            data = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return True
        except OSError:
            data = b""
        if not data:  # the client went away before its request was whole
            self.drop(conn, registered=registered)
            return False
        conn.early += data
        self.buffered += len(data)
        complete = request_complete(conn.early)
        if complete is None:
            self.drop(conn, _LENGTH_REQUIRED, registered=registered)
            return False
        if complete or self.buffered > MAX_BUFFERED_IN_ALL:
            if registered:
                self.poller.unregister(conn.sock)
            del self.arriving[conn]
            self.buffered -= len(conn.early)
            conn.data_ready = True
            self.enqueue_req(conn)
            return False
        if not conn.continued and _HEADERS_END in conn.early and _CONTINUE.search(
                conn.early[:conn.early.find(_HEADERS_END)]):
            conn.continued = True  # the client waits for this before sending its body
            self.send_quietly(conn, b"HTTP/1.1 100 Continue\r\n\r\n")
        return True

    def handle(self, conn):
        """In the thread: the parser reads the buffered request before the socket."""
        early = getattr(conn, "early", None)
        if early:
            conn.early = None
            conn.sock.setblocking(True)
            conn.init()
            conn.parser.unreader.unread(bytes(early))
        return super().handle(conn)

    def send_quietly(self, conn, data: bytes):
        try:
            conn.sock.send(data)
        except OSError:
            pass

    def drop(self, conn, answer: bytes = b"", registered: bool = True):
        """Give up on a request still arriving."""
        if registered:
            self.poller.unregister(conn.sock)
        del self.arriving[conn]
        self.buffered -= len(conn.early)
        if answer:
            self.send_quietly(conn, answer)
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self):
        """Also drop requests that did not arrive in time (called on every turn of the loop)."""
        super().murder_pending()
        now = time.monotonic()
        while self.arriving:
            oldest = next(iter(self.arriving))
            if oldest.timeout > now and self.alive:
                break
            self.drop(oldest)
