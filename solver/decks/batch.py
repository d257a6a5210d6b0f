"""The state of a ``mtgcheck validate`` batch and one deck's row: the card data, the format and the validator a
process keeps (``setup``, ``new_state``), and ``validate_one`` (a deck -> its plain-data row).
"""
from __future__ import annotations

from typing import Any


try:  # orjson is a dependency; the standard library keeps working if it is missing
    import orjson
except ImportError:  # pragma: no cover
    orjson = None  # type: ignore[assignment]

from mtgcheck.solver.rules.errors import QuestionError, Unsupported


_STATE: dict[str, Any] = {}


def setup(db: Any, fmt_key: str, *, commanders: list[str] | None = None, companion: str | None = None,
          mode: str | None = None, show: int = 0) -> None:
    """Set the batch this process validates: card database, format (``"auto"``: each deck's own;
    ``"only:NAME"``: only the decks registered for the format NAME, ``--only-registered``), the
    ``--commander``/``--companion`` names, the output ``mode`` (``"json"``, ``"csv"`` or None for the summary)
    and how many non-legal decks a unit keeps for the summary (``show``)."""
    from mtgcheck.solver.decks.rules import DeckValidator

    _STATE.clear()
    _STATE.update(new_state(db, fmt_key, commanders=commanders, companion=companion, mode=mode, show=show))
    DeckValidator.caches(db)  # the card facts kept on disk, read once here (forked workers share them)


def new_state(db: Any, fmt_key: str, *, commanders: list[str] | None = None, companion: str | None = None,
              mode: str | None = None, show: int = 0) -> dict[str, Any]:
    """A batch's state as ``setup`` keeps it (for callers that run several batches, e.g. Dask workers)."""
    return {"db": db, "format": fmt_key, "commanders": commanders, "companion": companion, "mode": mode,
            "show": show}


def _validator(fmt_name: str, st: dict[str, Any]):
    """The batch's validator of a format. With ``--format auto`` the name comes from a deck record, which
    names a format by name only, never a file (``load_format(names_only=True)``); the ``--format`` value
    itself may be a format file the user gave."""
    vs = st.get("validators")
    v = vs.get(fmt_name) if vs is not None else None
    if v is None:
        from mtgcheck.models.data.formats import load_format

        from mtgcheck.solver.decks.rules import DeckValidator

        fmt = load_format(fmt_name, names_only=st["format"] == "auto")
        v = st.setdefault("validators", {})[fmt_name] = DeckValidator(fmt, st["db"])
    return v


_STATUSES = ("legal", "illegal", "unknown", "unreadable")
_STATUS_LABELS = {"unknown": "legality unknown"}


def _with_path(path: str, message: str) -> str:
    """``path: message`` unless the message already starts with the path."""
    return message if str(message).startswith(str(path)) else f"{path}: {message}"


def _error_row(deck, message: str, st: dict[str, Any] = _STATE) -> dict[str, Any]:
    return {"source": deck.source, "index": deck.index + 1, "name": deck.name, "format": deck.format, "legal": False,
            "status": "unreadable", "codes": ["unreadable_line"],
            "problems": [{"code": "unreadable_line", "rule": "format", "message": message, "cards": [], "counts": {}}],
            "notes": [], "counts": {}, "commanders": [], "companion": None,
            "data_date": getattr(st.get("db"), "date", None), "line": deck.line}


#: The batch format ``"only:NAME"``: validate only the decks registered for NAME (``--only-registered``).
ONLY = "only:"


def _registered_for(deck_format: Any, fmt_name: str, st: dict[str, Any]) -> bool:
    """Whether a deck registered as ``deck_format`` (a JSON-lines record's ``format``; None: none) is of the
    format ``fmt_name`` (a canonical name): names and aliases compare as ``load_format`` reads them."""
    if deck_format is None or deck_format == "":
        return False
    key = str(deck_format)
    seen = st.setdefault("registered", {})
    got = seen.get(key)
    if got is None:
        from mtgcheck.models.data.formats import FormatError, load_format

        try:
            got = load_format(key).name == fmt_name
        except (FormatError, ValueError, OSError):
            got = False
        if len(seen) < 10_000:
            seen[key] = got
    return got


def _validate_one(deck, st: dict[str, Any] = _STATE) -> dict[str, Any]:
    """One deck's report as plain data (``DeckReport.to_dict()`` plus ``line``), with the batch ``st``."""
    fmt = st["format"]
    if fmt == "auto":
        if not deck.format:
            return _error_row(deck, "the deck names no format; give --format", st)
        fmt = deck.format
    elif fmt.startswith(ONLY):
        fmt = fmt[len(ONLY):]
        if not _registered_for(deck.format, fmt, st):
            return {"skipped": deck.format, "source": deck.source}
    try:
        v = _validator(fmt, st)
    except ValueError as e:  # FormatError
        return _error_row(deck, str(e), st)
    try:
        d = v.validate(deck, commanders=st.get("commanders"), companion=st.get("companion")).to_dict()
    except QuestionError as e:  # a --commander/--companion name that is not a card (checked up front too)
        return _error_row(deck, str(e), st)
    except Unsupported as e:  # a rule we cannot decide for this deck (e.g. Zirda on text not understood)
        row = _error_row(deck, f"not modelled: {e}", st)
        row.update(legal=None, status="unknown", codes=["unsupported"])
        row["problems"][0].update(code="unsupported", rule="not modelled")
        return row
    d["line"] = deck.line
    return d


