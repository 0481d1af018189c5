"""SimWeb itself: a client hanging up is quiet in the test log, a handler that breaks is not."""

from __future__ import annotations

import socket
import struct
import threading
import time
import urllib.request

import pytest

from tests.sim.web import Reply, Request, SimWeb, eventually

RESET = struct.pack("ii", 1, 0)  # SO_LINGER on, 0 s: close() sends RST, as a cancelled client does


def reset_after(web: SimWeb, request: bytes) -> None:
    with socket.create_connection(("127.0.0.1", web.port)) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, RESET)
        sock.sendall(request)


def test_clients_that_hang_up_leave_no_traceback(simweb: SimWeb, capfd: pytest.CaptureFixture[str]) -> None:
    simweb.route("/slow", Reply(body=b"late", delay_s=0.2))
    reset_after(simweb, b"GET /slow HTTP/1.1\r\nHost: a.test\r\n\r\n")  # gone before the reply is written
    reset_after(simweb, b"")  # an idle keep-alive connection, reset while the server waits for a request line
    time.sleep(0.5)
    assert len(simweb.requests_to("/slow")) == 1
    assert "Traceback" not in capfd.readouterr().err


def test_a_handler_that_raises_is_still_printed(simweb: SimWeb, capfd: pytest.CaptureFixture[str]) -> None:
    def broken(req: Request) -> Reply:
        raise ValueError("handler bug")

    simweb.route("/broken", broken)
    with pytest.raises(OSError):
        urllib.request.urlopen(simweb.url("/broken"), timeout=2)
    time.sleep(0.2)
    err = capfd.readouterr().err
    assert "Traceback" in err and "ValueError: handler bug" in err


def test_a_held_reply_waits_for_its_event_and_a_client_that_hangs_up_is_recorded(simweb: SimWeb) -> None:
    hold = threading.Event()
    simweb.route("/held", Reply(body=b"late", hold=hold))
    with pytest.raises(OSError):  # a socket timeout: nothing arrives while the reply is held
        urllib.request.urlopen(simweb.url("/held"), timeout=0.5)
    assert eventually(lambda: simweb.hangups_at("/held"))
    hold.set()
    assert urllib.request.urlopen(simweb.url("/held"), timeout=10).read() == b"late"
    assert len(simweb.hangups_at("/held")) == 1  # the answered request is not a hang-up
