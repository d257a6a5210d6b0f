"""Printing user text safely on the terminal: rich never reads markup in it and no character makes printing fail.

Card names, titles, folder names, format names and messages that quote them are user text: ``[bold red]Bolt[/]``
is a name to show as written, ``[/]`` must not raise rich's ``MarkupError`` and ``:smile:`` must not become an
emoji. Every console of the command line is made here with markup, emoji codes and highlighting off, and styles
are given as ``rich.text.Text`` spans (``styled``), never as markup mixed with text. The standard streams write
a character they cannot encode (a lone surrogate from card data or a JSON record) as a backslash escape
(``safe_streams``), so printing never fails on a character.

rich is imported when a console is made, not when this module is (``validate --json`` never prints with rich).
"""
from __future__ import annotations

import sys
from typing import Any

__all__ = ["console", "styled", "error_text", "safe_streams"]


def console(stderr: bool = False, **kwargs: Any) -> Any:
    """A ``rich.console.Console`` that prints text as written: ``markup=False``, ``emoji=False``,
    ``highlight=False`` (other keyword arguments are passed on: ``width``, ``soft_wrap``, ...)."""
    from rich.console import Console

    kwargs.setdefault("highlight", False)
    return Console(stderr=stderr, markup=False, emoji=False, **kwargs)


def styled(*parts: "str | tuple[str, str]") -> Any:
    """A ``rich.text.Text`` of ``parts``: a string is plain text, ``(text, style)`` a styled span
    (``styled(("error:", "bold red"), " ", message)``). Nothing in the parts is read as markup."""
    from rich.text import Text

    return Text.assemble(*[(str(p[0]), p[1]) if isinstance(p, tuple) else str(p) for p in parts])


def error_text(message: Any, label: str = "error:", style: str = "bold red") -> Any:
    """``label`` in ``style``, a space, then ``message`` as written (``styled``)."""
    return styled((label, style), " ", str(message))


def safe_streams() -> None:
    """Make standard output and error write characters they cannot encode (lone surrogates) as backslash
    escapes instead of raising ``UnicodeEncodeError`` (``TextIOWrapper.reconfigure``; a stream without it,
    such as a test runner's capture, is left as it is)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        try:
            reconfigure(errors="backslashreplace")
        except (ValueError, OSError, AttributeError, TypeError):
            pass
