"""Small two-player boards for solver tests: Alice (active) and Bob, permanents by catalog name."""
from __future__ import annotations

from typing import Iterable

from mtgcheck.models.catalog import load_catalog
from mtgcheck.models.state import Effect, GameState, Permanent

CAT = load_catalog()


def board(alice: Iterable = (), bob: Iterable = (), effects: Iterable = (), life: int | None = None,
          ids: str = "name") -> GameState:
    """A ``GameState`` with Alice's and Bob's permanents in order (catalog names or ``Card`` objects).

    Permanent ids are ``"{name}#{n}"`` (``ids="name"``) or ``"p{n}"`` (``ids="p"``), ``n`` counting from 1
    across both players. ``effects`` are ``(card name, controller, ability)`` triples; ``life`` sets Alice's.
    """
    s = GameState(players=["Alice", "Bob"], active="Alice")
    n = 0
    for player, names in (("Alice", alice), ("Bob", bob)):
        for name in names:
            n += 1
            card = CAT[name] if isinstance(name, str) else name
            pid = f"p{n}" if ids == "p" else f"{card.name}#{n}"
            s.battlefield.append(Permanent(pid, card, player, player))
    for name, ctl, ab in effects:
        s.effects.append(Effect(CAT[name], ctl, ab))
    if life is not None:
        s.life["Alice"] = life
    return s
