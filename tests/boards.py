"""Small two-player boards for solver tests: Alice (active) and Bob, permanents by catalog name."""
from __future__ import annotations

from typing import Iterable

from mtgcheck.models.data.catalog import load_catalog
from mtgcheck.models.game.state import Effect, GameState, Permanent

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


#: Treasure Cruise keeps mana value 8 however it is paid (CR 202.3, 702.66b): one small scenario file's text.
CRUISE_YAML = """\
title: Treasure Cruise
players: [Alice]
ask:
  mana_value: {card: Treasure Cruise}
expect:
  mana_value: 8
"""


def haste_grant_scenario(sentence: str, *, title: str = "", expect: str = "") -> str:
    """Scenario text: player A controls "Test Fires" (an enchantment whose only text is ``sentence``) and a
    summoning-sick Llanowar Elves, and asks whether the Elves' {T} ability can be activated (CR 302.6, 702.10).
    ``title`` and ``expect`` (a YAML line such as ``"expect: {activatable: true}"``) are added when given."""
    head = f"title: {title}\n" if title else ""
    tail = f"{expect}\n" if expect else ""
    return (head + "players: [A, B]\n"
            "cards:\n"
            "  Test Fires:\n"
            '    mana_cost: "{1}{R}{G}"\n'
            "    type_line: Enchantment\n"
            f'    oracle_text: "{sentence}"\n'
            "battlefield:\n"
            "  A: [Test Fires, {card: Llanowar Elves, sick: true}]\n"
            "ask: {activate: {permanent: Llanowar Elves, ability: 1}}\n" + tail)
