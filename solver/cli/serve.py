"""``mtgcheck serve``: the rulings page on this machine (``solver.web``), served by uvicorn on 127.0.0.1.

Listed in ``solver.cli.main.COMMAND_MODULES``; the web framework is imported only when the command runs, so other
commands start as fast as before.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click

#: The port ``mtgcheck serve`` listens on unless ``--port`` says otherwise.
DEFAULT_PORT = 8765


def default_examples() -> Path | None:
    """The ``examples/`` folder of a source checkout (beside the package's own folders), or None when mtgcheck was
    installed without it."""
    root = Path(__file__).resolve().parent.parent.parent / "examples"
    return root if root.is_dir() else None


def register(main: click.Group) -> None:
    @main.command()
    @click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True,
                  help="The port on 127.0.0.1 (0: any free port).")
    @click.option("--cards", "cards", type=click.Path(), default=None, envvar="MTGCHECK_CARDS",
                  help="Card data file (see check; default: downloaded data, else the embedded catalog).")
    @click.option("--examples", "examples", type=click.Path(file_okay=False), default=None,
                  help="The folder of scenarios the page lists (default: examples/ of a source checkout).")
    @click.option("--limit", type=click.IntRange(min=1), default=50, show_default=True, help="Most items listed.")
    @click.option("--max-states", type=click.IntRange(min=1), default=None, envvar="MTGCHECK_MAX_STATES",
                  help="Budget: most states one question may enumerate (default 5,000,000).")
    @click.option("--max-seconds", type=click.FloatRange(min=0.001), default=None, envvar="MTGCHECK_MAX_SECONDS",
                  help="Budget: most seconds one question may take (default 60).")
    @click.option("--workers", type=click.IntRange(1, 64), default=2, show_default=True,
                  help="Most questions answered at the same time (the others wait their turn).")
    def serve(port: int, cards: str | None, examples: str | None, limit: int, max_states: int | None,
              max_seconds: float | None, workers: int) -> None:
        """Serve the rulings page on http://127.0.0.1:PORT/: build a board by card name, ask, see the answer, why
        and the picture. Only this machine can reach it. Ctrl-C stops it.
        """
        import socket

        from mtgcheck.solver.cli.main import _console, open_database

        _stop_on_sigterm()

        err = _console(True)
        ex = Path(examples) if examples is not None else default_examples()
        if examples is not None and not Path(examples).is_dir():
            err.print(f"[bold red]error:[/] --examples {examples}: no such folder")
            sys.exit(2)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            if os.name != "nt":
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(("127.0.0.1", port))
            sock.listen(128)
        except OSError as e:
            sock.close()
            how = "choose another with --port N (0: any free port)" if port else ""
            err.print(f"[bold red]error:[/] cannot listen on 127.0.0.1:{port}: {e.strerror or e}; {how}".rstrip("; "))
            sys.exit(2)
        try:
            db = open_database(cards)
            from mtgcheck.solver.web.app import create_app
            from mtgcheck.solver.web.service import PageService

            service = PageService(db, examples=ex, limit=limit, max_states=max_states, max_seconds=max_seconds)
        except BaseException:
            sock.close()
            raise
        try:
            service.warm()
            app = create_app(service, workers=workers)
            run_server(app, sock, service.cards_line(), ex)
        except KeyboardInterrupt:  # stopped before it served
            click.echo("mtgcheck serve: stopped")
        finally:
            sock.close()
            service.close()


def run_server(app: Any, sock: Any, cards: str, examples: Path | None) -> None:
    """Serve ``app`` on the bound socket ``sock`` until Ctrl-C (or SIGTERM), printing the address first."""
    import warnings

    import uvicorn

    # a stop in the first instant, before uvicorn's loop runs, leaves its coroutine unstarted: nothing to say
    warnings.filterwarnings("ignore", message="coroutine 'Server.serve' was never awaited")
    host, port = sock.getsockname()[:2]
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off", timeout_graceful_shutdown=5)
    server = uvicorn.Server(config)
    shown = f"examples from {examples}" if examples is not None else "no examples folder (--examples DIR)"
    click.echo(f"mtgcheck serve: http://{host}:{port}/  ({cards}; {shown})")
    click.echo("open that address in a browser on this machine; Ctrl-C stops the server")
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    click.echo("mtgcheck serve: stopped")


def _stop_on_sigterm() -> None:
    """SIGTERM stops the server as Ctrl-C does, cleaning up: uvicorn handles it while serving and then raises it again
    with the handler it found, which is this one (the default handler would end the process on the spot)."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread() and hasattr(signal, "SIGTERM"):
        def stop(signum: int, frame: Any) -> None:
            raise KeyboardInterrupt

        signal.signal(signal.SIGTERM, stop)
