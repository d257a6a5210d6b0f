"""Budgets on enumerations: every search that can grow with its input stops with a clear message.

Exhaustive answers are the point of mtgcheck, but an input no real game reaches (10,000 lands, a
library of 10^9 cards, a listing ``--limit`` of 10^8) must end in a message, not a hang. A ``Budget``
counts *states* (units of enumeration work: a candidate payment, a pool, a listed item, a permanent
looked at) and wall-clock *seconds*; an enumeration calls ``tick()`` in its loop, and going over
either limit raises ``BudgetExceeded`` (an ``Unsupported``: the question is left unanswered, never
answered wrongly), naming the budget, what was being enumerated and how to raise it.

The budget in force is the one installed by ``use(budget)`` (the runner installs one per scenario
from the ``--max-states`` / ``--max-seconds`` options or the ``MTGCHECK_MAX_STATES`` /
``MTGCHECK_MAX_SECONDS`` environment variables, so ``run_scenario`` and everything built on it are
bounded); a direct call of a solver function outside ``use`` counts nothing. A budget never changes an
answer: it only stops one.
"""
from __future__ import annotations

import contextlib
import os
import time
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Iterator

from mtgcheck.solver.rules.errors import Unsupported

__all__ = ["Budget", "BudgetExceeded", "use", "current", "tick", "from_options", "DEFAULT_STATES", "DEFAULT_SECONDS"]

#: Default most states one question may enumerate (``--max-states``).
DEFAULT_STATES = 5_000_000
#: Default most seconds one question may take (``--max-seconds``).
DEFAULT_SECONDS = 60.0
#: ``tick`` reads the clock at most once per this many states (the clock costs more than a counter); when
#: states come slowly (each a costly step: a payment search per value of X) it reads it more often, down to
#: every state, so the seconds budget is read at least every ``_CLOCK_SECONDS`` or so whatever a state costs.
_CLOCK_EVERY = 256
_CLOCK_SECONDS = 0.05


class BudgetExceeded(Unsupported):
    """An enumeration went over its budget: ``budget`` is ``"states"`` or ``"seconds"``, ``what`` the work."""

    def __init__(self, budget: str, limit: float, what: str) -> None:
        self.budget = budget
        self.limit = limit
        self.what = what
        if budget == "states":
            how = (f"more than {int(limit):,} states while {what}: the states budget is exhausted; raise it with "
                   f"--max-states N (or MTGCHECK_MAX_STATES)")
        else:
            how = (f"more than {limit:g} s while {what}: the time budget is exhausted; raise it with "
                   f"--max-seconds S (or MTGCHECK_MAX_SECONDS)")
        super().__init__(f"not answered within the budget: {how}")


@dataclass
class Budget:
    """Limits for one question: ``max_states`` (int) and ``max_seconds`` (float, wall clock).

    ``states`` counts the work done so far; ``started`` is the ``time.monotonic()`` of the start.
    """

    max_states: int = DEFAULT_STATES
    max_seconds: float = DEFAULT_SECONDS
    states: int = 0
    started: float = field(default_factory=time.monotonic)
    _next_clock: int = 1
    _every: int = 1
    _last_clock: float = field(default_factory=time.monotonic)
    #: The ``BudgetExceeded`` raised once this budget ran out (None before): every later ``tick`` raises it
    #: again at once, and the runner refuses an answer computed after it (``spent``), so code that catches
    #: ``Unsupported`` to try another option cannot go on for ever nor answer from the options it managed.
    exceeded: "BudgetExceeded | None" = None

    def tick(self, n: int = 1, what: str = "enumerating") -> None:
        """Count ``n`` states of work; raises ``BudgetExceeded`` past either limit. The clock is read every
        ``_every`` states: the interval doubles (up to ``_CLOCK_EVERY``) while states come fast and shrinks
        (down to 1) when the time between two readings passes ``_CLOCK_SECONDS``. Once the budget is spent,
        every call raises."""
        if self.exceeded is not None:
            raise self.exceeded
        self.states += n
        if self.states > self.max_states:
            self.exceeded = BudgetExceeded("states", self.max_states, what)
            raise self.exceeded
        if self.states >= self._next_clock:
            now = time.monotonic()
            gap = now - self._last_clock
            self._last_clock = now
            if gap > _CLOCK_SECONDS:
                self._every = max(1, self._every // 4)
            elif gap < _CLOCK_SECONDS / 10 and self._every < _CLOCK_EVERY:
                self._every *= 2
            self._next_clock = self.states + self._every
            if now - self.started > self.max_seconds:
                self.exceeded = BudgetExceeded("seconds", self.max_seconds, what)
                raise self.exceeded

    def check_time(self, what: str = "enumerating") -> None:
        """Raise ``BudgetExceeded`` if the time budget is spent (without counting a state)."""
        if self.exceeded is not None:
            raise self.exceeded
        if time.monotonic() - self.started > self.max_seconds:
            self.exceeded = BudgetExceeded("seconds", self.max_seconds, what)
            raise self.exceeded

    def require(self, n: int, what: str) -> None:
        """Refuse up front a task known to need ``n`` states (e.g. listing ``n`` items)."""
        if self.exceeded is not None:
            raise self.exceeded
        if self.states + n > self.max_states:
            self.exceeded = BudgetExceeded("states", self.max_states, what)
            raise self.exceeded


_CURRENT: ContextVar[Budget | None] = ContextVar("mtgcheck_budget", default=None)


def current() -> Budget | None:
    """The budget in force (see ``use``), or None outside any (then nothing is counted)."""
    return _CURRENT.get()


def tick(n: int = 1, what: str = "enumerating") -> None:
    """``current().tick(n, what)``: count work in the budget in force (nothing outside ``use``)."""
    b = _CURRENT.get()
    if b is not None:
        b.tick(n, what)


@contextlib.contextmanager
def use(budget: Budget) -> Iterator[Budget]:
    """Install ``budget`` for the enclosed code (one question)."""
    token = _CURRENT.set(budget)
    try:
        yield budget
    finally:
        _CURRENT.reset(token)


def from_options(options: "dict | object") -> Budget:
    """A fresh budget from run options (``max_states``, ``max_seconds``), then the environment, then defaults."""
    get = options.get if isinstance(options, dict) else (lambda k, d=None: d)
    states = get("max_states") or os.environ.get("MTGCHECK_MAX_STATES") or DEFAULT_STATES
    seconds = get("max_seconds") or os.environ.get("MTGCHECK_MAX_SECONDS") or DEFAULT_SECONDS
    try:
        return Budget(max_states=int(states), max_seconds=float(seconds))
    except ValueError:
        return Budget()
