"""Instructions and triggers: a spell's or an ability's typed instructions (draw, scry, put onto the battlefield;
CR 608.2), enters-the-battlefield and cast triggers (CR 603.2, 603.6a), what a permanent enters with (tapped, with
counters, with a choice; CR 614.1c-d, 614.12), modes (CR 700.2) and spree modes (CR 702.172a).
"""
from __future__ import annotations

import re

from ...vocab.amounts import Fixed, VariableX
from ...vocab.effect import Unmodelled
from ...vocab.resolution import (
    CastTrigger, Draw, EntersChoice, EntersTapped, EntersTrigger, EntersWithCounters, Instructions, Modal,
    PutOntoBattlefieldProcess, Scry, Step,
)
from ...vocab.spree import SpreeMode
from ..targets import parse_target_phrase
from .filters import amount_each
from .patterns import ALT_L, SELF_RE, THIS_THIS, Unrenderable, WILD_L, alt, untyped, wild
from .table import NAMES, effect, renders
from .words import article, cap, count_words, number


@renders(Unmodelled)
def _unmodelled(e: Unmodelled) -> str:
    return untyped(e.text)  # untyped: the sentence itself, with its topics for the gate


@renders(SpreeMode)
def _spree_mode(e: SpreeMode) -> str:
    """"+ {1}{R} — [effect]" (CR 702.172a): the mode's cost and what it does."""
    if not e.cost or e.does is None:
        raise Unrenderable("a spree mode without its cost or effect")
    return f"+ {e.cost} " + alt("— ", "—") + effect(e.does)


def _starts(text: str, *prefixes: str) -> bool:
    t = text.lstrip().lower()
    return any(t.startswith(p) for p in prefixes)


#: The other event of "When this enters or [event]" by its typed kind (``EntersTrigger.also``, ``TRIGGER_EVENTS``):
#: the words are not typed beyond their kind, so they must at least be words of that kind (CR 603.2).
_ALSO_WORDS = {"combat": r".*(?:attack|block|combatdamage).*", "dies": r".*(?:dies|diesthisturn|isputintoagraveyardfromthebattlefield)",
               "self_to_graveyard": r"isputintoagraveyardfromanywhere", "step": r".*(?:atthebeginningof|step|upkeep).*",
               "cast": r".*cast.*", "mana": r".*formana.*", "any": ""}


def _head_and_rest(text: str) -> tuple[str, str]:
    """The trigger condition of a whole triggered line and what follows its comma."""
    m = re.match(r"^(?P<head>(?:when|whenever|at)\b[^,]*?),\s*(?P<rest>.*)$", text, re.I | re.S)
    if not m:
        raise Unrenderable("a triggered ability without its condition")
    return m.group("head"), m.group("rest")


@renders(EntersTrigger)
def _enters_trigger(e: EntersTrigger) -> str:
    does = e.does.text if e.does is not None else ""
    if e.refers_to_x != bool(re.search(r"\bX\b", does)):
        raise Unrenderable("refers_to_x and the effect's X disagree")
    if e.event == "other_enters":
        # the trigger condition ("Whenever another creature you control enters") is part of the untyped wording
        head, rest = _head_and_rest(does)
        if not re.search(r"\benters?\b", head) or re.match(r"(?i)when(?:ever)? this\b", normalise_head(head)):
            raise Unrenderable("an other-enters trigger whose wording is not one")
        if (e.condition is not None) != bool(re.match(r"(?i)if\b", rest)):
            raise Unrenderable("an other-enters trigger's condition")
        return untyped(does)
    if _starts(does, "when", "whenever"):  # the whole line is the untyped part: its head must be this entering
        head, does = _head_and_rest(does)
        if not re.fullmatch(r"when(?:ever)? this enters(?: the battlefield)?(?: or .*| and .*)?", normalise_head(head)):
            raise Unrenderable("an enters trigger whose condition is not this entering")
    cond = e.condition
    if cond in ("was_cast", "not_cast", "other") and not _starts(does, "if "):
        raise Unrenderable("an intervening if without its words")
    if cond is None and _starts(does, "if "):
        raise Unrenderable("an intervening if not typed")
    also = ""
    if e.also is not None:
        words = _ALSO_WORDS.get(e.also)
        if words is None:
            raise Unrenderable(f"enters-or-{e.also}")
        also = alt(" or", " and", " and whenever", " and at") + " " + wild("the other event", words)
    event = " " + wild("how it enters") if cond == "event" else ""
    return alt("When", "Whenever") + " this enters" + alt("", " the battlefield") + also + event + ", " + untyped(does)


@renders(CastTrigger)
def _cast_trigger(e: CastTrigger) -> str:
    does = e.does.text if e.does is not None else ""
    if not re.match(r"(?:when|whenever) you cast this\b", normalise_head(does)):
        raise Unrenderable("a cast trigger whose wording is not one")
    return untyped(does)


def normalise_head(text: str) -> str:
    """Wording with the card's own names and "this creature" read as "this", lower case (CR 201.5)."""
    t = text
    for n in NAMES.get():
        t = re.sub(r"(?<![\w'])" + re.escape(n) + r"(?![\w])", "this", t)
    return THIS_THIS.sub("this", SELF_RE.sub("this", t.replace("’", "'").lower()))


_ACTION_WORD = {"draw": "Draw", "scry": "Scry"}


def _step(s: Step) -> str:
    if s.action == "draw":
        return "Draw a card" if s.n == 1 else f"Draw {number(s.n)} cards"
    if s.action == "scry":
        return f"Scry {s.n}"
    if s.action == "damage":
        tgt = "any target" if s.target == "any" else "target " + target_words(s.target or "")
        return f"this deals {number(s.n)} damage to {tgt}"
    # an untyped instruction: its wording, with the typed target words where they were read (solver.rules.targets)
    if s.target and not re.search(r"\btarget " + re.escape(s.target) + r"\b", s.text, re.I) and s.target != "any":
        raise Unrenderable(f"the step's target {s.target!r} is not in its words")
    target_words(s.target or "") if s.target and s.target != "any" else None
    return untyped(s.text)


def target_words(words: str) -> str:

    spec = parse_target_phrase("target " + words)
    if spec is None:
        raise Unrenderable(f"target {words!r} is not read by the targets rules")
    return words


@renders(Instructions)
def _instructions(e: Instructions) -> str:
    if not e.steps:
        raise Unrenderable("no steps")
    words = [_step(s).rstrip(".") for s in e.steps]
    out = cap(words[0])
    for w in words[1:]:
        out += alt(". " + cap(w), ", then " + w[:1].lower() + w[1:] if not w.startswith((ALT_L, WILD_L)) else ". " + w)
    return out + "."


@renders(Draw)
def _draw(e: Draw) -> str:
    return "Draw a card." if e.n == 1 else f"Draw {number(e.n)} cards."


@renders(Scry)
def _scry(e: Scry) -> str:
    return f"Scry {e.n}."


@renders(EntersWithCounters)
def _enters_with_counters(e: EntersWithCounters) -> str:
    a = e.amount
    if isinstance(a, Fixed):
        n = a.n
        what = article(f"{e.counter} counter") if n == 1 else f"{number(n)} {e.counter} counters"
    elif isinstance(a, VariableX):
        what = f"X {e.counter} counters"
    else:
        what = f"{article(e.counter + ' counter')} on it {amount_each(a)}"
        return f"This enters{' tapped and' if e.tapped else ''} with {what}."
    if e.refers_to_x != isinstance(a, VariableX):
        raise Unrenderable("refers_to_x")
    return f"This enters{' tapped and' if e.tapped else ''} with {what} on it."


@renders(EntersTapped)
def _enters_tapped(e: EntersTapped) -> str:
    return "This enters tapped."


_CHOICE_WORDS = {"color": "a color", "creature_type": "a creature type", "card_name": "a card name", "player": "a player",
                 "opponent": "an opponent", "basic_land_type": "a basic land type", "card_type": "a card type"}


@renders(EntersChoice)
def _enters_choice(e: EntersChoice) -> str:
    return f"As this enters, choose {_CHOICE_WORDS[e.choice]}."


@renders(Modal)
def _modal(e: Modal) -> str:
    n = {(1, 1): "one", (2, 2): "two", (3, 3): "three", (1, None): "one or more", (1, 2): "one or both",
         (0, None): "any number"}.get((e.choose, e.most if e.most is not None else None))
    if e.most == 1 and e.choose == 1:
        n = "one"
    if n is None:
        raise Unrenderable("a mode count")
    head = f"Choose {n}" + (" that hasn't been chosen" if e.unchosen == "ever" else
                            " that hasn't been chosen this turn" if e.unchosen == "turn" else "")
    sep = alt(" —", ".")
    parts = " ".join(untyped(p.text) for p in e.parts)
    modes = "\n".join(untyped(m.text) for m in e.modes)
    return head + sep + (" " + parts if parts else "") + "\n" + modes


@renders(PutOntoBattlefieldProcess)
def _process(e: PutOntoBattlefieldProcess) -> str:
    """Hypergenesis, Eureka, Show and Tell (CR 608.2c): "[Starting with you,] each player may put [kinds] card from
    their hand onto the battlefield. [Repeat this process until no one puts a card onto the battlefield.]"."""
    kinds = tuple(e.kinds)
    if set(kinds) == {"artifact", "battle", "creature", "enchantment", "land", "planeswalker"}:
        what = "a permanent card"
    else:
        what = article(count_words(list(kinds), "or") + " card")
    head = {"you": "Starting with you, each player", "active": "Each player"}[e.starting]
    out = f"{head} may put {what} from their hand onto the battlefield."
    if e.repeat:
        out += " Repeat this process until no one puts a card onto the battlefield."
    return out
