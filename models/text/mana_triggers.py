"""Reading triggered mana abilities and the sentences around them (CR 605.1b, 106.12a).

Parsing only (``solver.rules.mana.triggers`` does the solving). Registered with ``effect_parser(19)``, before the
general mana parser of ``models.text.mana`` (20), for:

* **Triggered mana abilities** — "Whenever [a player taps | you tap] [objects] for mana, [that player adds |
  add] ...", "Whenever [objects] is tapped for mana [of the chosen color], its controller [may] add(s) ...",
  and Caged Sun's "Whenever a land's ability causes you to add one or more mana of the chosen color, add one
  additional mana of that color" → ``add_mana`` with a ``trigger`` (``event``, ``what``, ``controller``, ``to``,
  ``condition``, ``of_chosen_color``, ``optional``). A second sentence "If that Island is snow, its controller
  may add {U}{U} instead" becomes ``instead`` (Snowfall); "Spend this mana only to pay cumulative upkeep costs"
  the restriction ``cumulative_upkeep``; any other sentence (damage to the player, "that land doesn't untap")
  stays a rider, ``Unmodelled`` with its topics: never dropped.
* A triggered ability that triggers on tapping for mana but adds no mana (Vorinclex, Voice of Hunger's
  "that land doesn't untap during its controller's next untap step") is not a mana ability (CR 605.5a): it
  uses the stack after the mana ability resolved, so it changes no mana answer now; it stays ``Unmodelled``
  with the topics ``triggers`` and ``resolution`` only.
* A spell's "Until end of turn, whenever a player taps an Island for mana, that player adds an additional {U}"
  (High Tide, Bubbling Muck): the same ``add_mana`` with a ``trigger`` on the spell; it is in force while the
  resolved spell is listed under the scenario's ``effects`` (a delayed triggered ability, CR 603.7a).
* "As this [permanent] enters, choose a color." → ``enters_choice`` (CR 614.12; the scenario's ``choices``).
* "Creatures [you control] [of the chosen color] get +N/+N." → ``Unmodelled`` with the topic
  ``power_toughness`` only (layer 7c changes power and toughness and nothing else, CR 613.4c).

Wording it does not understand returns ``None`` (the other parsers, then ``Unmodelled``).
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from ..game.cards import Card
from .mana import _split_sentences, parse_add_clause, slug
from .frame import effect_parser
from ..vocab.topics import Topic
from ..vocab.effect import Unmodelled
from .topics import classify

_TAPPER = r"(?P<tapper>you|a player|an opponent|that player) taps? (?P<obj>.+?) for mana"
_TAPPED = r"(?P<obj2>.+?) (?:is|becomes) tapped for mana(?P<oftype> of the chosen color)?"
_CAUSES = r"(?P<land>a land's ability) causes you to add one or more mana(?P<ofchosen> of the chosen color)?"
_HEAD = re.compile(rf"^whenever (?:{_TAPPER}|{_TAPPED}|{_CAUSES})(?P<while> while [^,]+)?,(?: if (?P<cond>[^,]+),)? (?P<rest>.+)$",
                   re.I | re.S)
_ADDER = re.compile(r"^(?P<who>(?:its|that land's|that permanent's|that creature's) controller|that player|you)?\s*"
                    r"(?P<may>may )?(?P<verb>adds?) (?P<body>.+)$", re.I | re.S)
#: Riders of a triggered mana ability that damage the player (a life change as the mana is made, CR 120).
_DAMAGE_TAIL = re.compile(r",? and (?P<rider>this (?:enchantment|creature|artifact|permanent) deals \d+ damage to (?:the|that) player)$",
                          re.I)


def _object(obj: str) -> tuple[str, str]:
    """(filter words, controller) of the watched objects."""
    o = re.sub(r"^(a|an|one) ", "", obj.strip(), flags=re.I)
    low = o.lower()
    if low.startswith("enchanted "):
        return "enchanted", "any"  # the permanent this Aura is attached to (CR 303.4)
    if low in ("this", "this land", "this creature", "this artifact", "it"):
        return "this", "any"
    for tail, ctl in ((" you control", "you"), (" an opponent controls", "opponent")):
        if low.endswith(tail):
            return o[: -len(tail)], ctl
    return o, "any"


def parse_triggered_mana(text: str) -> dict[str, Any]:
    """Parse a triggered mana ability into ``add_mana`` params with a ``trigger`` (see the module docstring).

    Raises ``ValueError`` for wording that is not understood (the ability then stays ``Unmodelled``).
    """
    t = text.strip()
    m = _HEAD.match(t)
    if not m:
        raise ValueError("not a triggered mana ability")
    trigger: dict[str, Any] = {"event": "tapped_for_mana"}
    if m.group("land"):
        trigger.update(event="land_ability_adds", what="land", controller="any")
        if m.group("ofchosen"):
            trigger["of_chosen_color"] = True
    else:
        what, ctl = _object(m.group("obj") or m.group("obj2"))
        tapper = (m.group("tapper") or "").lower()
        if tapper == "you":
            ctl = "you"
        elif tapper == "an opponent":
            ctl = "opponent"
        trigger.update(what=what, controller=ctl)
        if m.group("oftype"):
            trigger["of_chosen_color"] = True
    cond = m.group("cond") or (m.group("while") or "").strip().removeprefix("while ") or None
    if cond:
        trigger["condition"] = cond
    sentences = _split_sentences(m.group("rest").strip())
    first = sentences[0].rstrip(".")
    riders: list[str] = []
    d = _DAMAGE_TAIL.search(first)
    if d:
        riders.append(d.group("rider")[0].upper() + d.group("rider")[1:] + ".")
        first = first[: d.start()]
    a = _ADDER.match(first)
    if not a:
        raise ValueError(f"the trigger's effect is not an instruction to add mana: {first!r}")
    who = (a.group("who") or "").lower()
    trigger["to"] = "you" if who in ("", "you") else "controller"
    if a.group("may"):
        trigger["optional"] = True
    body = re.sub(r"^(one|two|three) additional ", r"\1 ", a.group("body").strip(), flags=re.I)
    body = re.sub(r"^(?:an additional|additional) ", "", body, flags=re.I)
    params = parse_add_clause(body)
    if params.pop("that_color", False):
        if not trigger.get("of_chosen_color"):
            raise ValueError("'that color' without a chosen colour")
        params["chosen_color"] = True
    for sent in sentences[1:]:
        low = sent.lower().rstrip(".")
        mi = re.fullmatch(r"if (.+?), (?:(?:its|that land's) controller |that player )?(?:may )?adds? (?:an additional )?(.+?) instead", low)
        if mi and "instead" not in params:
            alt = parse_add_clause(re.sub(r"^an additional ", "", sent.rstrip(".")[mi.start(2):mi.end(2)], flags=re.I))
            params["instead"] = dict(alt, condition=mi.group(1))
            continue
        if low.startswith("spend this mana only"):
            params["restriction"] = ("cumulative_upkeep" if re.fullmatch(r"spend this mana only to pay cumulative upkeep costs", low)
                                     else slug(sent))
            continue
        if re.search(r"\badds?\b|\binstead\b", low):
            raise ValueError(f"a second mana instruction is not modelled: {sent!r}")
        riders.append(sent)
    if riders:
        riders = [_rider(r) for r in riders]
        params["rider"] = riders
    params["trigger"] = trigger
    return params


_NO_UNTAP = re.compile(r"^that (?:land|permanent) doesn't untap during its controller's next untap step\.?$", re.I)


def _rider(sentence: str) -> Any:
    """A rider sentence as an ``Unmodelled`` with its topics: "that land doesn't untap during its controller's next
    untap step" (Winter's Night) changes a later untap step (CR 502.3), nothing about mana or costs now; others are
    classified as riders (``topics.classify``: damage to the player is a life change)."""

    if _NO_UNTAP.match(sentence.strip()):
        return Unmodelled(sentence, frozenset({Topic.RESOLUTION}))
    return Unmodelled(sentence, classify(sentence, "rider"))


_UNTIL_EOT = re.compile(r"^until end of turn, (whenever .+)$", re.I | re.S)
_NON_MANA_TRIGGER = re.compile(r"^whenever (?:a player|you|an opponent) taps? (?:a|an) [a-z ]+ for mana, that (?:land|permanent) "
                               r"doesn't untap during its controller's next untap step\.?$", re.I)
_ENTERS_COLOR = re.compile(r"^as this (?:artifact|aura|enchantment|creature|land|permanent|equipment|vehicle) enters, "
                           r"choose a colou?r\.?$", re.I)
_PT_ONLY = re.compile(r"^(?:other )?creatures(?: you control)?(?: of the chosen colou?r)? gets? [+-]\d+/[+-]\d+\.?$", re.I)


@effect_parser(19)
def mana_trigger_parser(kind: str, text: str, card: Card) -> "tuple[str, Mapping] | None":
    """The registered effect parser of this module (see the module docstring)."""
    low = text.lower()
    if kind == "triggered":
        if _NON_MANA_TRIGGER.match(text.strip()):
            # not a mana ability (CR 605.5a): goes on the stack after the mana ability, changes no mana now
            return "text", {"text": text, "topics": ["triggers", "resolution"]}
        if ("for mana" not in low and "causes you to add" not in low) or "add" not in low:
            return None
        try:
            return "add_mana", parse_triggered_mana(text)
        except ValueError:
            return None
    if kind == "spell":
        m = _UNTIL_EOT.match(text.strip())
        if m and "for mana" in low:
            # High Tide: the spell creates a delayed triggered mana ability for the turn (CR 603.7a, 605.1b); in
            # force while the scenario lists the resolved spell under ``effects``
            try:
                return "add_mana", parse_triggered_mana(m.group(1))
            except ValueError:
                return None
        return None
    if kind == "static":
        if _ENTERS_COLOR.match(text.strip()):
            return "enters_choice", {"choice": "color"}
        if _PT_ONLY.match(text.strip()):
            return "text", {"text": text, "topics": ["power_toughness"]}
    return None
