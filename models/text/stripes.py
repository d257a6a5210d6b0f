"""Level and station symbols: the striated text boxes of leveler and station cards (CR 711, 721).

A level symbol ("LEVEL 1-4", "LEVEL 5+") or a station symbol ("STATION 12+") is a keyword ability standing for a
static ability: the abilities printed in its striation are the permanent's only while it has that many level
counters (CR 711.2a-b) or charge counters (721.2a). ``stripe_header`` reads such a line; ``models.text.oracle``
marks every ability printed after it (up to the next symbol, to the end of the text box, CR 711.3, 721.3) with its
``Stripe`` (``models.vocab.abilities``), and ``solver.rules.layers.board_view`` keeps an ability only while its stripe holds.
Abilities printed before the first symbol are treated normally (711.4, 721.4).

A station card with a power/toughness box is "a creature with base power and toughness [P/T] in addition to its
other types" in its striation (721.2b); the engine does not set types or power from a stripe, so that striation
gets one ``Unmodelled`` line saying so (``station_creature_line``), which keeps the answers it could change
unsupported while the stripe holds.
"""
from __future__ import annotations

import re

from ..vocab.abilities import Ability, Stripe
from ..vocab.topics import Topic
from ..vocab.effect import Unmodelled

_HEADER = re.compile(r"^(?:LEVEL (?P<lo>\d+)[-–](?P<hi>\d+)|LEVEL (?P<lvl>\d+)\+|STATION (?P<st>\d+)\+)$")
#: The reminder text of a Spacecraft that becomes a creature: "It's an artifact creature at 8+."
_CREATURE_AT = re.compile(r"creature at (\d+)\+", re.I)


def stripe_header(line: str) -> Stripe | None:
    """The ``Stripe`` of a level or station symbol line (CR 711.2, 721.2), else ``None``."""
    m = _HEADER.match(line.strip())
    if not m:
        return None
    if m.group("lo") is not None:
        return Stripe("level", int(m.group("lo")), int(m.group("hi")))
    if m.group("lvl") is not None:
        return Stripe("level", int(m.group("lvl")), None)
    return Stripe("charge", int(m.group("st")), None)


def station_creature_stripe(raw_text: str, stripes: list[Stripe]) -> Stripe | None:
    """The station stripe in which a station card with a power/toughness box is a creature (CR 721.2b): the one its
    reminder text names ("It's an artifact creature at 8+"), else the lowest one (over-approximated: from there on
    the answers it could change stay unsupported). ``None`` when it has no station stripe."""
    st = [s for s in stripes if s.counter == "charge"]
    if not st:
        return None
    m = _CREATURE_AT.search(raw_text or "")
    if m:
        for s in st:
            if s.least == int(m.group(1)):
                return s
    return min(st, key=lambda s: s.least)


def station_creature_line(stripe: Stripe) -> Ability:
    """The unmodelled line "it is a creature with its printed power and toughness" of a station stripe (CR 721.2b)."""
    text = f"{stripe.describe()}: this permanent is a creature with its printed power and toughness in addition to its other types"
    topics = frozenset({Topic.CHARACTERISTICS, Topic.POWER_TOUGHNESS, Topic.ACTIVATION, Topic.COMBAT, Topic.KEYWORDS})
    return Ability("static", Unmodelled(text, topics), None, text, stripe=stripe)
