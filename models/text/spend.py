"""Oracle parser for how mana may be spent: "spend ... as though it were ..." and "You can't spend mana
to cast this spell" (CR 609.4b; Hogaak, Arisen Necropolis).

Effects produced (static abilities):

* ``spend_as_though`` with ``players: you | each`` and ``rules``: a list of ``{mana, as, only}``:
  ``mana`` is the mana concerned (``W``..``C`` or ``any``, or ``other``: every type not named by an
  earlier rule), ``as`` is ``any_color`` or a type letter, ``only: true`` when that mana may be spent
  *only* that way (Celestial Dawn: other mana only as though it were colorless). The payment search
  (``solver.rules.payment``) reads it; this never changes the mana or the cost (CR 609.4b).
* ``cant_spend_mana``: no mana can be spent to cast this spell (only convoke, delve and other
  non-mana ways of paying remain).

Only unconditional sentences are parsed; "to cast that spell", "to activate abilities of ..." and other
scoped versions stay ``text`` (the payment answers ``unsupported`` when they could matter).
"""
from __future__ import annotations

import re

from .frame import effect_parser

_COLOR_WORD = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "C"}

_SENT = re.compile(
    r"^(?P<who>you|players) may spend (?P<what>mana|white mana|blue mana|black mana|red mana|green mana|"
    r"colorless mana|other mana)(?P<only> only)? as though it were "
    r"(?P<as>mana of any color|white mana|blue mana|black mana|red mana|green mana|colorless mana)$")


def parse_spend_sentences(text: str) -> dict | None:
    """``{players, rules}`` for a line made only of unconditional "spend ... as though" sentences, else None."""
    sentences = [s.strip() for s in re.split(r"(?<=\.)\s+", text.strip()) if s.strip()]
    if not sentences:
        return None
    rules = []
    players = None
    for s in sentences:
        m = _SENT.match(s.rstrip(".").strip().lower())
        if not m:
            return None
        who = "you" if m.group("who") == "you" else "each"
        if players is not None and who != players:
            return None
        players = who
        what = m.group("what").split()[0]
        mana = {"mana": "any", "other": "other"}.get(what) or _COLOR_WORD[what]
        as_ = "any_color" if m.group("as") == "mana of any color" else _COLOR_WORD[m.group("as").split()[0]]
        rule = {"mana": mana, "as": as_}
        if m.group("only"):
            rule["only"] = True
        rules.append(rule)
    return {"players": players, "rules": rules}


@effect_parser(28)
def spend_effect_parser(kind: str, text: str, card):
    """``spend_as_though`` (CR 609.4b) and ``cant_spend_mana`` (Hogaak, Arisen Necropolis) from a static line."""
    if kind != "static":
        return None
    t = text.strip()
    if re.fullmatch(r"you can't spend mana to cast this spell\.?", t, re.I):
        return "cant_spend_mana", {}
    got = parse_spend_sentences(t)
    if got is not None:
        return "spend_as_though", got
    return None
