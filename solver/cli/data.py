"""``mtgcheck data``: download card data and say what is installed (``models.data.download``).

``mtgcheck data update [--source scryfall|mtgjson] [--force] [--index-url URL]``  fetch the current file
(only when changed; ``--index-url`` a mirror of Scryfall's bulk-data index, ``file:`` addresses too).
``mtgcheck data install FILE``  install a card data file you have (Scryfall bulk or MTGJSON AtomicCards).
``mtgcheck data status [--json]``  what is installed and which data commands use.

Exit codes of ``update`` and ``install``: 0 installed or already up to date; 2 it could not be done (no network,
HTTP error, interrupted or corrupt download, a file that is not card data): the installed data is unchanged and
the message says what to do.
"""
from __future__ import annotations

import json
import os
import sys

from typing import Any

import click


def _terminated(signum: int, frame: object) -> None:
    raise SystemExit(143)


def _null() -> Any:
    import contextlib

    return contextlib.nullcontext()


def register(main: click.Group) -> None:
    """Add the ``data`` command group to the ``mtgcheck`` group."""

    @main.group()
    def data() -> None:
        """Download card data (Scryfall or MTGJSON) and show what is installed."""

    @data.command()
    @click.option("--source", type=click.Choice(["scryfall", "mtgjson"]), default="scryfall", show_default=True,
                  help="Scryfall's Oracle Cards bulk file, or MTGJSON's AtomicCards.")
    @click.option("--force", is_flag=True, help="Download even when the installed file is up to date.")
    @click.option("--index-url", default=None, metavar="URL",
                  help="Scryfall bulk-data index to read: a mirror, e.g. https://mirror.example/bulk-data.json or "
                       "file:///srv/scryfall/bulk-data.json (default https://api.scryfall.com/bulk-data).")
    @click.option("--url", default=None, metavar="URL",
                  help="AtomicCards address for --source mtgjson (a mirror; default MTGJSON's).")
    @click.option("--max-seconds", type=click.FloatRange(min=1), default=3600, show_default=True,
                  help="Most seconds the whole update may take (a mirror that trickles is stopped).")
    def update(source: str, force: bool, index_url: str | None, url: str | None, max_seconds: float) -> None:
        """Download the current card data into mtgcheck's cache folder (unchanged files are not fetched again).

        Commands then use it when neither --cards nor MTGCHECK_CARDS names a file. Without a network: download
        the file elsewhere and run `mtgcheck data install FILE`, or keep a mirror (--index-url).
        """
        _update(source, force, index_url, url, max_seconds)

    @data.command()
    @click.argument("file", type=click.Path())
    def install(file: str) -> None:
        """Install a card data file you have: a Scryfall bulk file (oracle-cards, default-cards) or Scryfall
        JSON lines, or MTGJSON AtomicCards; plain or gzipped; a path or a file: address.

        The file is read whole as card data, copied into mtgcheck's cache folder and used by every command
        when neither --cards nor MTGCHECK_CARDS names a file (as after `mtgcheck data update`). Exit codes: 0
        installed; 2 the file cannot be read or is not card data (the installed data is unchanged).
        """
        _install(file)

    @data.command()
    @click.option("--json", "as_json", is_flag=True, help="Print the record as JSON.")
    def status(as_json: bool) -> None:
        """Show the downloaded card data (source, date, card count, path) and which data commands use now."""
        _status(as_json)


def _update(source: str, force: bool, index_url: str | None, url: str | None, max_seconds: float) -> None:
    """``mtgcheck data update``: download the card data (``models.data.download.update``) with a progress bar; SIGTERM
    ends it as Ctrl-C does (its temporary file removed). Exits 2 naming the problem."""
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn, TransferSpeedColumn

    from mtgcheck.models.data.download import SCRYFALL_INDEX_URL, DownloadError, update as do_update

    from mtgcheck.solver.questions.output import console, error_text

    err = console(stderr=True)
    out = console(soft_wrap=True)
    with Progress(TextColumn(f"downloading {source}"), BarColumn(), DownloadColumn(), TransferSpeedColumn(),
                  TimeRemainingColumn(), console=err, transient=True, disable=not err.is_terminal) as progress:
        task = progress.add_task("download", total=None)

        def advance(done: int, total: int | None) -> None:
            progress.update(task, completed=done, total=total)

        try:
            import signal

            # SIGTERM ends the update as Ctrl-C does: its temporary file is removed on the way out
            before = signal.signal(signal.SIGTERM, _terminated)
            try:
                res = do_update(source, index_url=index_url or SCRYFALL_INDEX_URL, url=url, progress=advance,
                                deadline=max_seconds, force=force)
            finally:
                signal.signal(signal.SIGTERM, before)
        except DownloadError as e:
            progress.stop()
            err.print(error_text(e), soft_wrap=True)
            sys.exit(2)
    out.print(res.message)
    if os.environ.get("MTGCHECK_CARDS", "").strip():
        out.print(f"note: MTGCHECK_CARDS={os.environ['MTGCHECK_CARDS']} is set and is used before the downloaded data")


def _install(file: str) -> None:
    """``mtgcheck data install FILE``: read a card data file whole and install it (``models.data.download.install``).
    Exits 2 naming the problem; the installed data is then unchanged."""
    from rich.text import Text

    from mtgcheck.models.data.download import DownloadError, install as do_install

    from mtgcheck.solver.questions.output import console

    err = console(stderr=True)
    out = console(soft_wrap=True)
    try:
        with err.status("reading the card data", spinner="dots") if err.is_terminal else _null():
            res = do_install(file)
    except DownloadError as e:
        err.print(Text(f"error: {e}", style="bold red"), soft_wrap=True)
        sys.exit(2)
    out.print(Text(res.message))
    if os.environ.get("MTGCHECK_CARDS", "").strip():
        out.print(Text(f"note: MTGCHECK_CARDS={os.environ['MTGCHECK_CARDS']} is set and is used before the "
                       "installed data"))


def _status(as_json: bool) -> None:
    """``mtgcheck data status``: the installed card data (source, date, cards, size, file, address) and which data
    the commands use now, as text or JSON."""
    from mtgcheck.models.data.download import data_dir, installed, installed_file

    rec = installed()
    env = os.environ.get("MTGCHECK_CARDS", "").strip()
    current = installed_file()
    in_use = (f"MTGCHECK_CARDS={env}" if env else (f"{current} (downloaded, {rec.get('current')})" if current
                                                    else "the embedded catalog (no card data downloaded)"))
    if as_json:
        click.echo(json.dumps({"folder": str(data_dir()), "in_use": in_use, **rec}, indent=2, default=str))
        return
    out = click.echo
    out(f"card data folder: {data_dir()}")
    if not rec["sources"]:
        out("nothing installed yet: run `mtgcheck data update` (Scryfall), `mtgcheck data update --source mtgjson`, "
            "or `mtgcheck data install FILE` with a file you have")
    for src, e in sorted(rec["sources"].items()):
        path = installed_file(src)
        mark = " (current)" if src == rec.get("current") else ""
        how = "installed" if e.get("installed_from") else "downloaded"
        out(f"{src}{mark}: {e.get('cards', '?')} cards dated {e.get('date') or '?'}, "
            f"{(e.get('size') or 0) / 1e6:.1f} MB, {how} {e.get('downloaded_at') or '?'}")
        out(f"  file: {path if path else str(data_dir() / str(e.get('file'))) + ' (missing: run mtgcheck data update)'}")
        out(f"  from: {e.get('url')}")
    out(f"commands use: {in_use} (--cards FILE overrides)")
