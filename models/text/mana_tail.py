"""Reading the mana questions' long tail (issue 11): triggered abilities that add mana but are not mana abilities.

Parsing only; ``solver.mana_triggers.other_mana_abilities`` reads the result for "could produce" (CR 106.7).
Registered with ``effect_parser(21)``, after the mana ability parser of ``models.text.mana`` (20):

* **"[When/Whenever/At] [event], [you may] add [mana]. [riders]"** whose event is not a mana ability being
  activated or mana being added (CR 605.1b): "When this creature dies, add {C}{C}{C}" (Su-Chi), "Whenever this
  creature attacks, add {R}. Until end of turn, you don't lose this mana as steps and phases end" (Brazen
  Collector), "At the beginning of your first main phase, add {G}{G}" (Hulking Raptor) → ``triggered_add_mana``
  (CR 605.5a: it uses the stack). The mana sentence is read by ``models.text.mana.parse_add_effect`` (outputs,
  "Spend this mana only", "This mana can't be spent ...", riders); "This ability triggers only once each turn"
  (CR 603.2h) is ``once_each_turn``. An enters trigger ("When this creature enters, add {R}{G}", Burning-Tree
  Emissary; "Whenever a land you control enters, add one mana of any color", Lotus Cobra) keeps its event in
  ``enters`` (``models.text.resolution.typed_trigger``), which the resolution rules count as they count
  ``EntersTrigger``; one whose mana uses X and a cast trigger are left to ``typed_trigger``; a trigger with an
  intervening "if" (a comma in the event), another player adding the mana, or wording that is not understood
  returns ``None`` (the line stays ``Unmodelled``).
* **Saga chapters that add mana** ("II — Add {R}{R}", Maximum Carnage; CR 714.2b): ``models.text.oracle`` reads a
  chapter as the triggered ability "When one or more lore counters are put onto this Saga, add {R}{R}", which this
  parser reads as any other such trigger.
* **"that player adds ..."** (Eladamri's Vineyard: "At the beginning of each player's first main phase, that player
  adds {G}{G}"), "the active player adds", "each player adds", "choose a player. That player adds ... they choose"
  (Stadium Vendors) → the same effect with the output's ``to`` (``models.effects.MANA_RECIPIENTS``): what the
  ability would produce (CR 106.7), whoever gets it.
* **Firebending N** (CR 702.189a: "Whenever this creature attacks, add N {R}. Until end of combat, you don't
  lose this mana as steps and phases end"), and "Firebending X, where X is ..." → the same effect with
  ``keyword="firebending"``. The card data lists no keyword for it, so the line reaches the parser as a static
  line; the ability it stands for is a triggered one.
"""
from __future__ import annotations

import re
from typing import Mapping

from ..cards import Card
from .mana import parse_add_effect
from .oracle import effect_parser

#: "[When/Whenever/At] [event], [you may] add ...": the event has no comma (no intervening "if", CR 603.4).
_HEAD = re.compile(r"^(?P<event>(?:when|whenever|at) [^,]+), (?P<may>you may )?(?P<add>add .+)$", re.I | re.S)
#: Events of triggered mana abilities (CR 605.1b), read by ``models.text.mana_triggers``, never here.
_MANA_EVENT = re.compile(r"\bfor mana\b|\bmana\b|\badds?\b|\bspen[dt]\b|\bmana abilit", re.I)
_ONCE_EACH_TURN = re.compile(r"\s*this ability triggers only once each turn\.?\s*", re.I)
_FIREBENDING = re.compile(r"^firebending (?P<n>\d+|x)(?:, where x is (?P<x>[^.]+))?\.?$", re.I)
#: Who adds, when not the ability's controller: "that player adds {G}{G}" (Eladamri's Vineyard), "choose a player.
#: That player adds ..." (Stadium Vendors); ``models.effects.MANA_RECIPIENTS``
_OTHER_ADDER = re.compile(r"^(?P<who>that player|the active player|each player|choose a player\. that player) adds "
                          r"(?P<rest>.+)$", re.I | re.S)
_OTHER_TO = {"that player": "that_player", "the active player": "active_player", "each player": "each_player",
             "choose a player. that player": "chosen_player"}
#: "... of any color they choose": the recipient makes the choice (the same choices whoever makes them, CR 106.7)
_THEY_CHOOSE = re.compile(r" (?:they choose|that player chooses)(?=\.|$)", re.I)


def parse_triggered_add_mana(text: str) -> dict:
    """Parse a non-mana triggered ability that adds mana (see the module docstring) into
    ``triggered_add_mana`` params; raises ``ValueError`` when the wording is not one."""
    t = text.strip()
    m = _FIREBENDING.match(t)
    if m:
        n = m.group("n").lower()
        if n == "x":
            if not m.group("x"):
                raise ValueError("firebending X without what X is")
            amount: object = {"x_is": m.group("x").strip()}
        else:
            amount = int(n)
        # CR 702.189a: "Whenever this creature attacks, add N {R}. Until end of combat, you don't lose this mana
        # as steps and phases end."
        return {"event": "whenever this creature attacks", "keyword": "firebending",
                "output": {"mana": "{R}", "amount": amount,
                           "rider": "Until end of combat, you don't lose this mana as steps and phases end."}}
    condition = None
    mi = _INTERVENING.match(t)
    if mi:  # "When this creature enters, if you cast it from your hand, add {R}{R}{R}" (CR 603.4)
        condition = _intervening_condition(mi.group("cond"))
        t = f"{mi.group('event')}, {mi.group('rest')}"
    other = None
    m2 = re.match(r"^(?P<event>(?:when|whenever|at) [^,]+), (?P<rest>.+)$", t, re.I | re.S)
    m3 = _OTHER_ADDER.match(m2.group("rest")) if m2 else None
    if m2 and m3:
        # "that player adds {G}{G}": mana for another player, read only as what the ability would produce
        other = _OTHER_TO[m3.group("who").lower()]
        t = f"{m2.group('event')}, add {_THEY_CHOOSE.sub('', m3.group('rest'), count=1)}"
    m = _HEAD.match(t)
    if not m or _MANA_EVENT.search(m.group("event")):
        raise ValueError("not a non-mana trigger that adds mana")
    from mtgcheck.models.effects import EntersTrigger, Unmodelled

    from .resolution import typed_trigger

    probe = Unmodelled("")
    typed = typed_trigger(t, probe)
    enters = None
    if typed is not probe:
        # an enters trigger keeps its event for the resolution rules (trigger_order reads ``enters`` as it reads
        # ``EntersTrigger.event``); one whose mana uses X (entering_x, CR 107.3m) or a cast trigger stays theirs
        if not isinstance(typed, EntersTrigger) or typed.refers_to_x or re.search(r"\bx\b", m.group("add"), re.I):
            raise ValueError("a cast trigger, or an enters trigger that uses X")
        enters = typed.event
    body = m.group("add")
    once = bool(_ONCE_EACH_TURN.search(body))
    body = _ONCE_EACH_TURN.sub(" ", body).strip()
    params = parse_add_effect(body)
    if params.get("to") or params.get("targets") or params.get("moves_library_card"):
        raise ValueError("mana to another player, a target or a library card: not modelled here")
    if other is not None:
        params["to"] = other
    out: dict = {"event": m.group("event").strip(), "output": params}
    if enters is not None:
        out["enters"] = enters
    if m.group("may"):
        out["optional"] = True
    if once:
        out["once_each_turn"] = True
    if condition is not None:
        out["condition"] = condition
    return out


#: "[When/Whenever/At] [event], if [condition], [effect]": the intervening "if" clause (CR 603.4).
_INTERVENING = re.compile(r"^(?P<event>(?:when|whenever|at) [^,]+), if (?P<cond>[^,]+), (?P<rest>.+)$", re.I | re.S)


def _intervening_condition(words: str) -> object:
    """The typed condition of an intervening "if" (CR 603.4), read by the one condition reader of each wording:
    ``models.text.amounts.parse_condition`` (the board, the turn history, how the source entered), then
    ``models.text.restrictions.parse_restriction_condition`` ("you attacked this turn", "this artifact is untapped").
    Raises ``ValueError`` when neither reads it (the line then stays ``Unmodelled``)."""
    from .amounts import parse_condition
    from .restrictions import parse_restriction_condition

    try:
        return parse_condition(words)
    except ValueError:
        return parse_restriction_condition(words)


@effect_parser(21)
def mana_tail_parser(kind: str, text: str, card: Card) -> "tuple[str, Mapping] | None":
    """The registered effect parser (see the module docstring)."""
    low = text.lower()
    if kind == "static" and low.startswith("firebending "):
        try:
            return "triggered_add_mana", parse_triggered_add_mana(text)
        except ValueError:
            return None
    if kind == "triggered" and re.search(r"\badds?\b", low):
        try:
            return "triggered_add_mana", parse_triggered_add_mana(text)
        except ValueError:
            return None
    return None
