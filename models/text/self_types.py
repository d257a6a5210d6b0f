"""A permanent's own characteristics that depend on the game: parsing only, read by
``solver.rules.layers.board_view``.

* **Self type changes** (``SelfTypeChange``, CR 611.3a, 613.1d, 613.4b, 205.1b): "As long as this artifact has
  eight or more +1/+1 counters on it, it's a 0/0 creature in addition to its other types and it has annihilator 2"
  (Idol of False Gods), "During turns other than yours, this artifact is a 2/3 Gargoyle artifact creature with
  flying" (Warden of the Wall), "During your turn, this Vehicle is also a creature", "As long as this Vehicle has
  three or more fire counters on it, it's an artifact creature", "During your turn, Gideon Blackblade is a 4/4
  Human Soldier creature with indestructible that's still a planeswalker". The condition is the source's counters
  (``HasCounter``) or whose turn it is (``DuringTurn``); anything else stays unmodelled.
* **Max speed** (CR 702.178a): "Max speed — [ability]" means "As long as your speed is 4, this object has
  '[ability]'": a ``GrantAbility`` of the ability to the object itself with the condition ``MaxSpeed``
  (``max_speed_abilities``, called by the oracle parser for such a line). An ability that says where it functions
  (CR 702.178b: "Exile this card from your graveyard: ...") and a static ability stay unmodelled.
* **Prototype** (CR 702.160, 718): the keyword line "Prototype {2}{G} — 1/3" is read into the keyword's typed
  mana cost, power and toughness; the card may be cast prototyped with them (718.3), and on the battlefield the
  permanent has them exactly when it was cast prototyped (718.3b), which a scenario says with the entry key
  ``prototyped`` (``models.vocab.keyword_model.prototype_card``).
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any, Mapping

from ..game.cards import Card, Face
from ..vocab.conditions import DuringTurn, HasCounter, MaxSpeed
from ..vocab.grants import GrantAbility
from .frame import effect_parser, keyword_parser
from .words import parse_count_word
from ..vocab.abilities import Ability
from ..vocab.filters import Filter
from .frame import read_line
from .grants import _granted_keyword

_CARD_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker")

#: The condition words in front of the change.
_LEAD = re.compile(
    r"^(?:(?P<during>during your turn|during turns other than yours)"
    r"|as long as (?:this(?: \w+)?|it) has (?P<n>\w+) or more (?P<counter>\S+) counters? on it)"
    r", (?P<rest>.+)$", re.I)
#: The subject and the verb: "it's", "it is", "this artifact is", "this is" (the card's name, CR 201.5).
_SUBJECT = re.compile(r"^(?:it's|it is|this(?: artifact| vehicle| creature| land| enchantment| permanent)? is)\s+(?P<rest>.+)$",
                      re.I)
_BODY = re.compile(
    r"^(?P<also>also )?(?:an? )?(?:(?P<p>\d+)/(?P<t>\d+) )?(?P<types>(?:[A-Za-z'-]+ )*?)creature"
    r"(?P<addition> in addition to its other types)?"
    r"(?: with (?P<with>[a-z, ]+?))?"
    r"(?P<still> that's still an? (?:planeswalker|artifact|land|enchantment))?"
    r"(?: and it has (?P<has>[a-z0-9 ,]+?))?$", re.I)


def parse_self_type_change(text: str, card: Card) -> Mapping[str, Any]:
    """Read a self type change (module docstring) into ``self_type_change`` params: a static ability changing its own
    object's types, base power and toughness and keywords while a condition holds (CR 611.3a, 613.1d, 613.4b, 613.1f).

    Raises ``ValueError`` for any other wording (the line then stays unmodelled)."""

    t = text.strip().rstrip(".").strip()
    m = _LEAD.match(t)
    if not m:
        raise ValueError("no condition of a self type change")
    if m.group("during"):
        cond: Any = DuringTurn("you" if m.group("during").lower() == "during your turn" else "not_you")
    else:
        n = parse_count_word(m.group("n"))
        if n is None or n < 1:
            raise ValueError(f"the count {m.group('n')!r} is not read")
        cond = HasCounter(m.group("counter"), n)
    s = _SUBJECT.match(m.group("rest"))
    if not s:
        raise ValueError("not the object itself")
    b = _BODY.match(s.group("rest"))
    if not b:
        raise ValueError("not a creature type change")
    words = b.group("types").split()
    types = ["Creature"]
    subtypes: list[str] = []
    for w in words:
        if w.lower() in _CARD_TYPES:
            types.append(w.capitalize())
        elif w[:1].isupper():
            subtypes.append(w)
        else:
            raise ValueError(f"the word {w!r} is not a type")
    # CR 205.1b: "in addition to its other types", "also", "that's still a ...", "an artifact creature" keep the
    # object's other types; "a [creature type] artifact creature" keeps them but replaces its creature types
    has_pt = b.group("p") is not None
    kws = []
    for group in (b.group("with"), b.group("has")):
        if not group:
            continue
        for item in [x.strip() for x in re.split(r",\s*(?:and\s+)?|\s+and\s+", group) if x.strip()]:
            k = _granted_keyword(item, card)
            if k is None:
                raise ValueError(f"the keyword {item!r} is not read")
            kws.append(k)
    out: dict[str, Any] = {"condition": cond, "types": tuple(dict.fromkeys(types)), "subtypes": tuple(subtypes),
                           "replace_creature_types": bool(subtypes) and not b.group("addition") and not b.group("also"),
                           "also": tuple(kws)}
    if has_pt:
        out["power"], out["toughness"] = int(b.group("p")), int(b.group("t"))
    return out


@effect_parser(18)
def self_type_change_parser(kind: str, text: str, card: Card) -> "tuple[str, Mapping[str, Any]] | None":
    """A static ability making its own object a creature while a condition holds (``parse_self_type_change``);
    ``None`` for anything else."""
    if kind != "static" or "creature" not in text.lower():
        return None
    try:
        return "self_type_change", parse_self_type_change(text, card)
    except ValueError:
        return None


def max_speed_abilities(rest: str, line: str, face: Face, card: Card) -> "list | None":
    """The abilities of a line "Max speed — [ability]" (CR 702.178a): one static ability granting ``[ability]`` to
    its own object while its controller's speed is 4 (``GrantAbility`` with ``MaxSpeed``), or ``None`` when the
    ability is not an activated or triggered ability that functions on the battlefield (a static ability, an
    ability of a card in another zone, CR 702.178b): the line then stays unmodelled."""

    got = read_line(rest, face, card)
    if len(got) != 1:
        return None
    inner = got[0]
    if inner.kind not in ("activated", "triggered") or inner.zones:
        return None
    inner = dataclasses.replace(inner, text=rest)
    eff = GrantAbility(affects=Filter(relation="this", words="this object"), ability=inner, condition=MaxSpeed())
    return [Ability("static", eff, None, line)]


#: "{2}{G} — 1/3": the prototype's mana cost, power and toughness (CR 702.160a, 718.1).
_PROTOTYPE = re.compile(r"^(?P<cost>(?:\{[^}]+\})+)\s*[—-]\s*(?P<p>\d+)/(?P<t>\d+)$")


@keyword_parser("prototype")
def prototype_parameter(rest: str, card: Card) -> Mapping[str, Any]:
    """Prototype's parameter (CR 702.160a): the prototype's mana cost and its power/toughness, typed (``Keyword.cost``,
    ``Keyword.size``; the prototyped cast, CR 718.3, is ``models.vocab.keyword_model.prototype_card``). Raises
    ``ValueError`` for another shape."""
    m = _PROTOTYPE.match(rest.strip())
    if not m:
        raise ValueError(f"prototype parameter {rest!r} is not read")
    return {"cost": m.group("cost"), "size": f"{m.group('p')}/{m.group('t')}"}
