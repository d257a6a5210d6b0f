"""Helpers for the rulings page's tests: a ``PageService`` on the embedded catalog, and a real uvicorn server on
127.0.0.1 (any free port) run in a thread for the tests that need one (a browser, concurrent clients)."""
from __future__ import annotations

import contextlib
import socket
import threading
import time
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def catalog_service(**kw):
    """A ``PageService`` over the embedded catalog and the repository's examples."""
    from mtgcheck.models.data.database import load_database
    from mtgcheck.solver.web.service import PageService

    kw.setdefault("examples", EXAMPLES)
    return PageService(load_database(None), **kw)


@contextlib.contextmanager
def running_server(service, workers: int = 2) -> Iterator[str]:
    """Serve the page over ``service`` on 127.0.0.1 in a background thread; yields its base URL
    (``http://127.0.0.1:PORT``) and stops the server on exit."""
    import uvicorn

    from mtgcheck.solver.web.app import create_app

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(service, workers=workers), log_level="warning",
                                           access_log=False, lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
