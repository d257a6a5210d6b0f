"""Oracle-text models for resolution questions: spell instructions, put-onto-the-battlefield
processes, enters-the-battlefield abilities and X on entering.

Models only (no searching): effect parsers registered with ``models.text.frame.effect_parser``
turn wording into the typed effects of ``models.vocab`` once, when a card is loaded;
``solver.questions.resolution`` reads only those typed effects (``Instructions``/``Step``,
``PutOntoBattlefieldProcess``, ``EntersWithCounters``, ``EntersTrigger``, ``CastTrigger``).

Effects produced here
---------------------
``instructions`` (kind ``spell``)
    ``steps``: the spell's instructions in the order written (CR 608.2c), each a
    ``Step(action: "scry"|"draw"|"damage"|"other", n)``; a step that targets has
    ``target: <what>`` (e.g. ``"any"``). "Scry 2, then draw a card" → scry, draw;
    "Draw a card. Scry 2." → draw, scry. A sentence no rule here understands makes the
    whole line unknown (``effect="text"``): nothing is guessed.
``put_onto_battlefield_process`` (kind ``spell``)
    Hypergenesis / Eureka / Show and Tell: ``params.kinds`` the card types a player may
    put (lower case), ``params.repeat`` (``true``: repeat until every player in sequence
    declines, rulings 2006-09-25), ``params.card_kind`` the wording of the kind.
    "permanent card" is read with the current rule 110.4a: artifact, battle, creature,
    enchantment, land or planeswalker card (the 2006 Hypergenesis-era ruling lists the
    types before battles existed).
``enters_with_counters`` (a replacement effect, CR 614.1c)
    "This creature enters with X +1/+1 counters on it": ``params.counter``, ``params.amount``
    (an int or ``"X"``).
``enters_trigger`` (kind ``triggered``)
    "When this ... enters, ...": ``event == "enters"``, ``refers_to_x``; "Whenever another ...
    enters": ``event == "other_enters"`` (``typed_trigger``, also for catalog descriptions).
``cast_trigger`` (kind ``triggered``)
    "When you cast this spell, ..." (``typed_trigger``).

References: CR 608.2c (instructions in the order written), 608.2b (illegal targets), 701.22
(scry), 121.1 (draw), 110.4a (permanent card), 603.6a (enters-the-battlefield abilities),
614.1c (enters with counters), 107.3m (X of an enters-the-battlefield ability).
"""
from __future__ import annotations

import re
from typing import Any

from ..game.cards import PERMANENT_TYPES, Card
from ..vocab.resolution import CastTrigger, EntersTrigger
from ..vocab.effect import Effect, Unmodelled
from .frame import effect_parser, keyword_parser
from .words import parse_count_word

#: The permanent card types of CR 110.4a, lower case, in the rule's order.
PERMANENT_CARD_KINDS: tuple[str, ...] = tuple(sorted(t.lower() for t in PERMANENT_TYPES))

_number = parse_count_word


# ---------------------------------------------------------------------------
# Spell instructions: scry N, draw N, "then", damage to a target
# ---------------------------------------------------------------------------

_SCRY = re.compile(r"^scry (\d+)$", re.I)
_DRAW = re.compile(r"^draw (a|an|one|two|three|four|five|\d+) cards?$", re.I)
_DAMAGE = re.compile(r"^this deals (\d+) damage to (any target|target [a-z ]+)$", re.I)
#: Targeted instructions that neither draw nor touch a library: understood as "a targeted step
#: with no effect on the scry question" (never guessed further).
_TARGETED_OTHER = (
    re.compile(r"^target (?P<what>[a-z ]+?) gets [+\-]\d+/[+\-]\d+( and gains [a-z ]+)? until end of turn$", re.I),
    re.compile(r"^destroy target (?P<what>[a-z ]+)$", re.I),
    re.compile(r"^exile target (?P<what>[a-z ]+)$", re.I),
    re.compile(r"^counter target (?P<what>[a-z ]+?)( unless its controller pays \{[0-9X]\})?$", re.I),
)


def parse_instruction(clause: str) -> dict[str, Any] | None:
    """One instruction (a clause without its final period) → a step mapping, or ``None``.

    Understood: ``"Scry N"`` (CR 701.22a), ``"draw a card"`` / ``"draw N cards"`` (CR 121.1),
    ``"this deals N damage to any target"`` / ``"... to target creature"`` (a targeted step,
    CR 115.1), and a few targeted instructions that do not touch a library ("target creature
    gets +N/+N until end of turn", "destroy / exile / counter target ...": ``action: other``).
    Anything else is not understood (``None``).
    """
    c = clause.strip().rstrip(".").strip()
    m = _SCRY.match(c)
    if m:
        return {"action": "scry", "n": int(m.group(1))}
    m = _DRAW.match(c)
    if m:
        n = _number(m.group(1))
        return {"action": "draw", "n": n} if n is not None else None
    m = _DAMAGE.match(c)
    if m:
        what = m.group(2)  # the words as printed: a subtype keeps its capital (CR 205.3, "target Wizard creature")
        return {"action": "damage", "n": int(m.group(1)),
                "target": "any" if what.lower() == "any target" else what[len("target "):]}
    for rx in _TARGETED_OTHER:
        m = rx.match(c)
        if m:
            return {"action": "other", "target": m.group("what"), "text": c[0].lower() + c[1:]}
    return None


def parse_instructions(text: str) -> list[dict[str, Any]] | None:
    """A line of spell text → its steps in the order written (CR 608.2c), or ``None`` if any part is unknown.

    Sentences are split at periods, and a sentence at ``", then "`` ("Scry 2, then draw a card").
    """
    t = text.strip()
    if not t:
        return None
    steps: list[dict[str, Any]] = []
    for sentence in [s for s in re.split(r"(?<=\.)\s+", t) if s.strip()]:
        for clause in re.split(r",\s*then\s+", sentence.strip().rstrip(".")):
            step = parse_instruction(clause)
            if step is None:
                return None
            steps.append(step)
    return steps


@effect_parser(40)
def _instructions_parser(kind: str, text: str, card: Card):
    if kind != "spell":
        return None
    steps = parse_instructions(text)
    if not steps:
        return None
    return "instructions", {"steps": steps}


@keyword_parser("scry")
def _scry_keyword(rest: str, card: Card) -> dict[str, Any]:
    """``Scry 1.`` read as a keyword line (the card data lists Scry as a keyword): ``{n: 1}``."""
    m = re.match(r"^(\d+)\.?$", rest.strip())
    if not m:
        raise ValueError(f"not a scry amount: {rest!r}")
    return {"n": int(m.group(1))}


# ---------------------------------------------------------------------------
# Put-onto-the-battlefield processes (Hypergenesis, Eureka, Show and Tell)
# ---------------------------------------------------------------------------

_PROCESS = re.compile(
    r"^(starting with you, )?each player may put (an? )?(?P<kind>.+?) card from their hand onto the battlefield\."
    r"(?P<repeat>\s*repeat this process until no one puts a card onto the battlefield\.)?$",
    re.I,
)


def parse_card_kind(words: str) -> list[str] | None:
    """``"artifact, creature, enchantment, or land"`` → those types; ``"permanent"`` → CR 110.4a's six types.

    Returns ``None`` when a word is not a card type.
    """
    w = words.strip().lower()
    if w == "permanent":
        return list(PERMANENT_CARD_KINDS)
    parts = [p.strip() for p in re.split(r",\s*(?:or\s+)?|\s+or\s+", w) if p.strip()]
    known = {t.lower() for t in ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")}
    if not parts or any(p not in known for p in parts):
        return None
    return parts


@effect_parser(40)
def _process_parser(kind: str, text: str, card: Card):
    if kind != "spell":
        return None
    m = _PROCESS.match(text.strip())
    if not m:
        return None
    kinds = parse_card_kind(m.group("kind"))
    if kinds is None:
        return None
    repeat = bool(m.group("repeat"))
    return "put_onto_battlefield_process", {
        "kinds": kinds, "repeat": repeat, "card_kind": m.group("kind").lower() + " card",
        "starting": "you" if m.group(1) else "active",
    }


# ---------------------------------------------------------------------------
# Enters-the-battlefield abilities and X
# ---------------------------------------------------------------------------

_ETB_TRIGGER = re.compile(r"^when(ever)? (this( [a-z]+)?|~) enters\b", re.I)
_ETB_ANYWHERE = re.compile(r"\bwhen(ever)? (it|this( [a-z]+)?|~) enters\b", re.I)
_ENTERS_WITH = re.compile(
    r"^this( [a-z]+)? enters with (?P<n>x|a|an|one|two|three|four|five|\d+) (?P<counter>[+\-\d/a-z]+) counters? on it\.?$",
    re.I,
)
_REFERS_X = re.compile(r"\bX\b")


@effect_parser(45)
def _enters_with_parser(kind: str, text: str, card: Card):
    if kind not in ("static", "replacement"):
        return None
    m = _ENTERS_WITH.match(text.strip())
    if not m:
        return None
    n = m.group("n")
    amount: int | str = "X" if n.lower() == "x" else (_number(n) or 0)
    return "enters_with_counters", {"counter": m.group("counter"), "amount": amount, "refers_to_x": amount == "X"}


#: An intervening "if" that holds only for a permanent that was cast (CR 603.4): "if you cast it (from your
#: hand)", "if it was cast", "if it was kicked (with its {2}{B} kicker)/bargained" (702.33d, 702.166b), "if {R}{R}
#: was spent to cast it" (601.2h), "if its prowl cost was paid" -- the whole clause, up to its comma, and never a negation ("if you
#: didn't cast it" holds for a permanent put onto the battlefield: Phage the Untouchable).
_IF_WAS_CAST = re.compile(
    r"^if (?:you cast (?:it|this \w+|~)(?: from your hand)?|(?:it|this \w+|~) was (?:cast|kicked(?: with its [^,]{1,30} kicker)?|bargained)"
    r"|(?:at least )?[^,]{1,40} (?:was|were) spent to cast (?:it|this \w+|~)|its [a-z]+ cost was paid),", re.I)


#: An intervening "if" that holds for every permanent that was not cast (CR 603.4): "if you didn't cast it (from
#: your hand)", "if it wasn't cast" (Phage the Untouchable) -- the whole clause, up to its comma.
_IF_NOT_CAST = re.compile(r"^if (?:you didn't cast (?:it|this \w+|~)(?: from your hand)?|(?:it|this \w+|~) wasn't cast),",
                          re.I)


def enters_condition(does: str) -> str | None:
    """The intervening "if" (CR 603.4) of an enters trigger whose effect wording is ``does`` (the text after
    the trigger condition's comma): None when it opens with no "if"; ``"was_cast"`` when the condition holds only
    for a permanent that was cast (``_IF_WAS_CAST``); ``"not_cast"`` when it holds for every permanent that was
    not cast (``_IF_NOT_CAST``); ``"other"`` for any other "if" (not modelled)."""
    t = does.strip()
    if not re.match(r"if\b", t, re.I):
        return None
    return "was_cast" if _IF_WAS_CAST.match(t) else "not_cast" if _IF_NOT_CAST.match(t) else "other"


@effect_parser(95)
def _etb_trigger_parser(kind: str, text: str, card: Card):
    m = _ETB_TRIGGER.match(text.strip()) if kind == "triggered" else None
    if m is None:
        return None
    rest = text.split(",", 1)[1].strip() if "," in text else ""
    condition, also = enters_condition(rest), None
    if "," in text:  # "enters or attacks", "enters from a graveyard" (CR 603.2)
        condition, also = _enters_event_rest(text.strip().split(",", 1)[0][m.end():], condition)
    return "enters_trigger", {"event": "enters", "refers_to_x": bool(_REFERS_X.search(rest)), "does": rest,
                              "condition": condition, "also": also}


_QUOTED = re.compile(r"[\"“][^\"”]*[\"”]")
_OTHER_ENTERS = re.compile(r"\bwhen(ever)? (a|an|another|one or more)\b[^,]*\benters\b", re.I)
_CAST_TRIGGER = re.compile(r"^when(ever)? you cast (this|~)\b", re.I)


#: What may follow "When this enters" in a trigger condition and leave the event plain entering (CR 603.6a): the
#: old "the battlefield", "under your control" (a card put onto the battlefield enters under the control of the
#: player who put it; 110.2).
_PLAIN_ENTERS_REST = re.compile(r"^(?:the battle?field)?\s*(?:under your control)?$", re.I)


def _enters_event_rest(rest: str, condition: str | None) -> tuple[str | None, str | None]:
    """(condition, also) of "When this enters[rest], ...": ``rest`` empty (or "under your control") leaves the
    event plain; "or [event]" adds a second event (``EntersTrigger.also``: its ``trigger_event`` kind, ``"any"``
    when not typed); any other qualifier ("from a graveyard", "untapped", "during the declare attackers step")
    makes the event itself conditional (``condition="event"``, not modelled; CR 603.2)."""
    from .facts import trigger_event

    r = rest.strip()
    r2 = re.sub(r"^the battle?field\b\s*", "", r, flags=re.I)
    if _PLAIN_ENTERS_REST.match(r):
        return condition, None
    if r2.lower().startswith(("or ", "and ")):  # ("When this enters and at the beginning of your upkeep", "... and
        # whenever you cast a spell": two trigger conditions in one, CR 603.1)
        other = r2.split(" ", 1)[1].strip()
        if re.match(r"(?:when(?:ever)?|at)\b", other, re.I):
            other = re.sub(r"^when(?:ever)?\s+", "", other, flags=re.I)
            kind = trigger_event(f"{other}, x." if other.lower().startswith("at ") else f"Whenever {other}, x.")
        else:
            kind = trigger_event(f"Whenever {other}, x.") if other else None
        if kind is None or re.search(r"\bor\b|\band\b", other):  # (two more events, or one not typed: any)
            return condition, "any"
        return condition, kind
    return "event", None


def typed_trigger(text: str, effect: Effect) -> Effect:
    """The trigger event of a triggered ability whose effect is not modelled, read from its wording once at
    load time (CR 603.1: "[When/Whenever/At] [event], [effect]").

    ``"When this creature enters, ..."`` and catalog descriptions such as ``"... when it enters"`` →
    ``EntersTrigger(event="enters")`` (CR 603.6a; ``refers_to_x`` when the effect wording uses X, CR 107.3m);
    ``"Whenever another creature enters ..."`` → ``EntersTrigger(event="other_enters")``; ``"When you cast this
    spell, ..."`` → ``CastTrigger`` (CR 603.2, 601.2i). The effect itself stays unmodelled: ``does`` is the
    given ``Unmodelled`` (same sentence, same topics), so the gate sees exactly what it saw before.
    Any other effect is returned unchanged.
    """
    if not isinstance(effect, Unmodelled):
        return effect
    t = (text or "").strip()
    # (an ability in quotes is one the effect grants, not this ability's trigger condition, CR 113.2c: Cherished
    # Hatchling's dies trigger grants "When this creature enters, ..." to Dinosaur spells)
    m = _ETB_TRIGGER.match(t)
    if m or _ETB_ANYWHERE.search(_QUOTED.sub("", t)):
        body = t.split(",", 1)[1] if "," in t else t
        condition, also = enters_condition(body) if "," in t else None, None
        if m and "," in t:
            condition, also = _enters_event_rest(t.split(",", 1)[0][m.end():], condition)
        return EntersTrigger(event="enters", refers_to_x=bool(_REFERS_X.search(body)), does=effect,
                             condition=condition, also=also)
    if _OTHER_ENTERS.search(t):
        body = t.split(",", 1)[1] if "," in t else t
        return EntersTrigger(event="other_enters", refers_to_x=bool(_REFERS_X.search(body)), does=effect,
                             condition=enters_condition(body) if "," in t else None)
    if _CAST_TRIGGER.match(t):
        return CastTrigger(does=effect)
    return effect
