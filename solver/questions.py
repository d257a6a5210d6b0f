"""The question registry: each question kind is answered by one plain function.

A handler takes a ``Context`` (scenario, game state, card database, the question's
arguments and run options) and returns an ``Answer`` whose ``values`` are plain data
(the answer keys of docs/scenarios.md) and whose ``explanation`` says why.

Topic modules register handlers with ``@question("kind", unordered=(...))``;
``unordered`` names answer keys whose lists compare as sets against ``expect``, and
``normalize`` maps a key to a function that puts expected and actual values in one
canonical form before comparing (e.g. mana pools in canonical notation).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

from mtgcheck.models.scenario import Scenario
from mtgcheck.models.state import GameState, Permanent, StateError


class QuestionError(ValueError):
    """The question's arguments are wrong (missing key, unknown player, bad reference).

    The runner reports it as an ``error`` verdict with the scenario's file and line.
    """

    def __init__(self, message: str, suggestions: list[str] | None = None) -> None:
        super().__init__(message)
        self.suggestions = suggestions or []


class Unsupported(Exception):
    """The question (or a card it needs) is not modelled yet; reported as ``unsupported``, never as passing."""


@dataclass
class Answer:
    """An answer: ``values`` (answer key → plain data), ``explanation`` (lines of why),
    ``extra`` (data not compared against ``expect``, e.g. a graph), ``capped`` (a listing was cut by ``--limit``)."""

    kind: str
    values: dict[str, Any]
    explanation: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    capped: bool = False


@dataclass
class Context:
    """Everything a handler may read. ``options`` holds run options: ``limit`` (int), ``graph`` (path or None)."""

    scenario: Scenario
    state: GameState
    db: Any
    args: Any
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def limit(self) -> int:
        return int(self.options.get("limit") or 50)

    # ---- argument helpers --------------------------------------------------
    def arg(self, key: str, default: Any = ..., types: tuple = ()) -> Any:
        """Read a key of a mapping argument; raises ``QuestionError`` if it is missing or of the wrong type."""
        if not isinstance(self.args, Mapping):
            if default is ...:
                raise QuestionError(f"{self.scenario.question.kind} takes a mapping with {key!r}, got {self.args!r}")
            return default
        if key not in self.args:
            if default is ...:
                raise QuestionError(f"{self.scenario.question.kind} needs {key!r}")
            return default
        v = self.args[key]
        if types and not isinstance(v, types):
            raise QuestionError(f"{key!r} of {self.scenario.question.kind} must be {' or '.join(t.__name__ for t in types)}, got {v!r}")
        return v

    def player(self, name: Any = None) -> str:
        """A player name from the arguments (default: the active player); raises ``QuestionError`` if unknown."""
        p = self.state.active if name is None else str(name)
        if p not in self.state.players:
            raise QuestionError(f"unknown player {p!r}; players are {', '.join(self.state.players)}")
        return p

    def permanent(self, ref: Any) -> Permanent:
        """Resolve a permanent reference (see ``GameState.find_permanent``); raises ``QuestionError`` with candidates."""
        try:
            return self.state.find_permanent(ref)
        except StateError as e:
            raise QuestionError(str(e), e.candidates) from None

    def card(self, name: Any):
        """Look a card up in the database; raises ``QuestionError`` with suggestions if unknown."""
        if not isinstance(name, str):
            raise QuestionError(f"a card name must be text, got {name!r}")
        try:
            return self.db.get(name)
        except KeyError as e:
            sugg = list(getattr(e, "suggestions", []) or [])
            shown = name if len(name) <= 100 else name[:100] + f"… ({len(name)} characters)"
            raise QuestionError(f"unknown card {shown!r}" + (f"; did you mean: {', '.join(sugg)}?" if sugg else ""), sugg) from None


Handler = Callable[[Context], Answer]


def take(items: "Iterable[Any]", limit: int | None) -> tuple[list[Any], bool]:
    """The first ``limit`` items of a (lazy) iterable and whether more were left: ``(items, capped)``.

    Listings in answers are capped by ``--limit``; ``capped`` is reported so an answer never
    pretends a cut list is complete. ``limit=None`` takes everything.
    """
    from . import budget

    out: list[Any] = []
    for it in items:
        if limit is not None and len(out) >= limit:
            return out, True
        budget.tick(1, "listing the answer's items (--limit)")
        out.append(it)
    return out, False


@dataclass
class Registered:
    kind: str
    handler: Handler
    unordered: tuple[str, ...] = ()
    normalize: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    bare_key: str | None = None


HANDLERS: dict[str, Registered] = {}

#: Modules that register handlers (all must import).
HANDLER_MODULES = (
    "mtgcheck.solver.basic", "mtgcheck.solver.produce", "mtgcheck.solver.payment.handlers", "mtgcheck.solver.delve", "mtgcheck.solver.resolution", "mtgcheck.solver.decks",
)
_loaded = False


def question(kind: str, unordered: tuple[str, ...] = (), normalize: Mapping[str, Callable[[Any], Any]] | None = None,
             bare_key: str | None = None) -> Callable[[Handler], Handler]:
    """Register ``fn`` as the handler of ``kind``.

    ``bare_key``: when ``expect`` is not a mapping, it is compared with this answer key
    (``could_produce`` takes a bare list of types).
    """

    def deco(fn: Handler) -> Handler:
        HANDLERS[kind] = Registered(kind, fn, tuple(unordered), dict(normalize or {}), bare_key)
        return fn

    return deco


def load_handlers() -> dict[str, Registered]:
    """Import every handler module once; returns the registry."""
    global _loaded
    if not _loaded:
        for mod in HANDLER_MODULES:
            importlib.import_module(mod)  # a missing handler module is a packaging error: fail loudly
        _loaded = True
    return HANDLERS
