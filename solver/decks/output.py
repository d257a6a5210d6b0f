"""The CSV writer of ``mtgcheck validate --csv`` and the output stream of a batch.
"""
from __future__ import annotations

from typing import Any


try:  # orjson is a dependency; the standard library keeps working if it is missing
    import orjson
except ImportError:  # pragma: no cover
    orjson = None  # type: ignore[assignment]



def _suffixes() -> list[str]:
    from mtgcheck.models.data.decklist import DECK_SUFFIXES

    return list(DECK_SUFFIXES)


def _csv_header() -> list[str]:
    return ["source", "index", "line", "name", "format", "status", "legal", "codes", "problems", "first_problem",
            "commanders", "data_date"]


def _csv_row(d: dict[str, Any]) -> list[Any]:
    probs = d.get("problems") or []
    return [d.get("source"), d.get("index"), d.get("line"), d.get("name") or "", d.get("format"), d.get("status"),
            d.get("legal"), " ".join(d.get("codes") or []), len(probs), probs[0]["message"] if probs else d.get("fatal", ""),
            " / ".join(d.get("commanders") or []), d.get("data_date") or ""]


class _Output:
    """Bytes to standard output (its binary buffer when it has one)."""

    def __init__(self, stream) -> None:
        self.stream = stream
        self.buf = getattr(stream, "buffer", None)

    def write(self, b: bytes) -> None:
        if not b:
            return
        if self.buf is not None:
            self.buf.write(b)
        else:
            self.stream.write(b.decode("utf-8"))

    def flush(self) -> None:
        if self.buf is not None:
            self.buf.flush()
        self.stream.flush()


