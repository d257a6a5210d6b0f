"""Reading the conditions and amounts a spell reads about the board, the players and the turn while it is cast (CR
601.2a, 601.2f, 601.3): "a creature died this turn", "an opponent controls seven or more lands", "you have 3 or less
life", "for each instant and sorcery spell you've cast this turn", "your devotion to black". Used by a spell's own cost
changes (``self_cost_conditions``), its own flash permission (``self_flash``) and its alternative costs' conditions
(``costs.cast_condition``).

The words are read by this module's shapes of the turn's history, life and counts, then by the one reader of
conditions (``restrictions.parse_restriction_condition``, then ``conditions.parse_board_condition``) and of amounts
(``conditions.parse_board_amount``, then ``filters.parse_amount``). A reading is kept only when every part of it speaks
of the board, the players or the turn (``board_only``), never of "this" object as a permanent (its counters, its power,
how it was cast): the spell is not a permanent while it is cast. Parsing only; ``solver.rules.quantities`` evaluates them.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any

from ..vocab.amounts import (
    Amount, CountOf, CountersAmong, Devotion, DistinctAmong, Fixed, GreatestAmong, LargestGroup, LifeTotal,
    PlayerCounters, PlayersWho, StartingLife, Sum, ThisTurn, TotalAmong,
)
from ..vocab.conditions import (
    AttackedThisTurn, CardsInZone, Compare, ControlsAtLeast, HasDesignation, OpponentControlsMore, OpponentHasCounters,
    SpellsCastThisTurn,
)
from ..vocab.filters import Comparison, Filter, Qualifier
from ..vocab.logic import AllOf, AnyOf, Condition, Not
from .filters import parse_amount
from .conditions import _history_filter, card_filter, object_filter, parse_board_amount
from .restrictions import parse_restriction_condition
from .words import parse_count_word

__all__ = ["board_only", "spell_condition", "spell_amount"]

#: Typed parts a spell's own cost change may hold: amounts and conditions of the board, the players and the turn
#: (``solver.rules.quantities`` reads them without a source permanent). Anything else (the source's counters, power, how it
#: was cast, an event's object, X) is not read here.
_ALLOWED: tuple[type, ...] = (
    Compare, AllOf, AnyOf, Not, ControlsAtLeast, OpponentControlsMore, OpponentHasCounters,
    HasDesignation, CardsInZone, SpellsCastThisTurn, AttackedThisTurn,
    CountOf, DistinctAmong, TotalAmong, GreatestAmong, Devotion, ThisTurn, PlayersWho,
    PlayerCounters, CountersAmong, LifeTotal, StartingLife, Sum, Fixed, LargestGroup,
    Filter, Qualifier, Comparison,
)


def board_only(x: Any) -> bool:
    """Whether a typed amount or condition speaks only of the board, the players and the turn (``_ALLOWED``; a filter
    with no relation to a source object, not "other"): what a spell's own cost change can read while the spell is on
    the stack (CR 601.2a, 601.2f)."""
    if x is None or isinstance(x, (str, int, float, bool)):
        return True
    if isinstance(x, (tuple, list, frozenset)):
        return all(board_only(v) for v in x)
    if not dataclasses.is_dataclass(x):
        return False
    if type(x) not in _ALLOWED:
        return False
    if isinstance(x, Filter) and (x.relation is not None or x.other):
        return False  # "attached to this", "other creatures": a source permanent the spell is not
    if isinstance(x, Qualifier) and (x.other or x.other_than or x.enchanted is not None or x.equipped is not None):
        return False
    if isinstance(x, Comparison) and x.against is not None:
        return False
    return all(board_only(getattr(x, f.name)) for f in dataclasses.fields(x))


_N = r"(\w+)"


def _num(word: str) -> int:
    n = parse_count_word(word)
    if not isinstance(n, int) or isinstance(n, bool):
        raise ValueError(f"the number {word!r} is not modelled")
    return n


def _turn_amount(w: str) -> Amount | None:
    """Amounts of the turn's history (models/game/turn.py) that the shared readers do not read: "creature that died this
    turn" (CR 700.4, any player's), "instant and sorcery spell you've cast this turn", "spell your opponents have cast
    this turn", "other spell cast this turn" (CR 601.2i: the spell being cast is not cast yet, so every spell cast
    earlier counts), "permanent sacrificed this turn", "Food you've sacrificed this turn" (701.17), "card type among
    cards in your graveyard" (205.2a)."""
    m = re.fullmatch(r"(creature|artifact|permanent)s? that died this turn", w)
    if m:
        return ThisTurn("died", "any", _history_filter(m.group(1)))
    m = re.fullmatch(r"(?:(.+?) )?spells? you've cast this turn", w)
    if m and m.group(1) and m.group(1) != "other":
        return ThisTurn("spells_cast", "you", _history_filter(m.group(1).replace(" and ", " or ")))
    if w in ("spell your opponents have cast this turn", "spell an opponent has cast this turn"):
        return ThisTurn("spells_cast", "opponent")
    if w in ("other spell cast this turn", "spell cast this turn"):
        return ThisTurn("spells_cast", "any")
    if w == "permanent sacrificed this turn":
        return ThisTurn("sacrificed", "any")
    m = re.fullmatch(r"(\w+) you've sacrificed this turn", w)
    if m:
        return ThisTurn("sacrificed", "you", _history_filter(m.group(1)))
    if w == "card type among cards in your graveyard":
        return DistinctAmong("card_type", card_filter("cards", "graveyard"))
    return None


_COLOURS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _history_objects(words: str) -> Filter | None:
    """The objects of a turn-history event with a leading colour word ("a blue spell", "a green creature"): the
    colour as ``Filter.colors`` (the card's colours, CR 105.2) and the rest by ``_history_filter``."""
    first, _, rest = words.strip().partition(" ")
    if first in _COLOURS:
        f = _history_filter(rest) if rest.strip() and rest.strip() not in ("spell", "spells") else None
        base = f if f is not None else Filter(words=words.strip())
        return dataclasses.replace(base, colors=(_COLOURS[first],), words=words.strip())
    return _history_filter(words)


def _turn_condition(c: str) -> Condition | None:
    """Conditions the shared readers do not read: life ("you have 3 or less life", "your life total is 5 or less",
    CR 119.1), the turn's history ("you've drawn two or more cards this turn", "an opponent cast two or more spells
    this turn", "you've gained 3 or more life this turn", "you've cast another instant or sorcery spell this turn"), and
    counts ("an opponent has no cards in hand", "an opponent controls no basic lands", "there are ten or more nonland
    permanents on the battlefield", "you have nine or more cards in your graveyard"); one opponent is enough for "an
    opponent"."""
    m = re.fullmatch(r"(?:you have " + _N + r" or less life|your life total is " + _N + r" or less)", c)
    if m:
        return Compare(LifeTotal("you"), "<=", _num(m.group(1) or m.group(2)))
    m = re.fullmatch(r"(you've|an opponent has) drawn " + _N + r" or more cards this turn", c)
    if m:
        return Compare(ThisTurn("cards_drawn", "you" if m.group(1) == "you've" else "opponent"), ">=", _num(m.group(2)))
    m = re.fullmatch(r"an opponent (?:has )?cast " + _N + r" or more spells this turn", c)
    if m:
        return Compare(ThisTurn("spells_cast", "opponent"), ">=", _num(m.group(1)))
    m = re.fullmatch(r"an opponent (?:has )?cast an? (.+?) spell this turn", c)
    if m:  # "an opponent cast a blue spell this turn" (Ricochet Trap): the cards' printed colours and types
        return Compare(ThisTurn("spells_cast", "opponent", _history_objects(m.group(1))), ">=", 1)
    if c == "an opponent gained life this turn":  # CR 119.3; one opponent is enough
        return Compare(ThisTurn("life_gained", "opponent"), ">=", 1)
    m = re.fullmatch(r"an opponent drew " + _N + r" or more cards this turn", c)
    if m:  # CR 121.1
        return Compare(ThisTurn("cards_drawn", "opponent"), ">=", _num(m.group(1)))
    m = re.fullmatch(r"an opponent had (an?|" + _N + r" or more) (.+?) enter the battlefield under their control this turn", c)
    if m:  # CR 603.6a; one opponent is enough
        n = 1 if m.group(1) in ("a", "an") else _num(m.group(2))
        return Compare(ThisTurn("entered", "opponent", _history_objects(m.group(3))), ">=", n)
    m = re.fullmatch(r"you've gained " + _N + r" or more life this turn", c)
    if m:
        return Compare(ThisTurn("life_gained", "you"), ">=", _num(m.group(1)))
    m = re.fullmatch(r"you've cast another (.+?) spell this turn", c)
    if m:
        return Compare(ThisTurn("spells_cast", "you", _history_filter(m.group(1))), ">=", 1)
    if c == "an opponent has no cards in hand":
        return Compare(CountOf(card_filter("cards", "hand", "opponent")), "<=", 0)
    m = re.fullmatch(r"an opponent controls no (.+)", c)
    if m:
        return Compare(CountOf(object_filter(m.group(1), "opponent")), "<=", 0)
    m = re.fullmatch(r"there are " + _N + r" or more (.+?) on the battlefield", c)
    if m:
        return Compare(CountOf(object_filter(m.group(2), "any")), ">=", _num(m.group(1)))
    m = re.fullmatch(r"you have " + _N + r" or more (.+?) in your graveyard", c)
    if m:
        return Compare(CountOf(card_filter(m.group(2), "graveyard")), ">=", _num(m.group(1)))
    return None


def spell_amount(words: str) -> Amount | None:
    """An amount a spell reads about the board, the players or the turn (``board_only``, not a fixed number), or
    ``None`` when a word is not read: the shapes of ``_turn_amount``, then ``parse_board_amount``, ``parse_amount``."""
    w = re.sub(r"\s+", " ", words.lower().strip().rstrip("."))
    try:
        got = _turn_amount(w)
    except ValueError:
        return None
    if got is not None:
        return got if board_only(got) else None
    try:
        got = parse_board_amount(words)
    except ValueError:
        try:
            got = parse_amount(words)
        except ValueError:
            return None
    return got if board_only(got) and not isinstance(got, Fixed) else None


def spell_condition(words: str) -> Condition | None:
    """A condition a spell reads about the board, the players or the turn (``board_only``), or ``None`` when a word
    is not read: the shapes of ``_turn_condition``, then ``parse_restriction_condition``."""
    c = re.sub(r"\s+", " ", words.lower().strip().rstrip("."))
    try:
        got = _turn_condition(c)
    except ValueError:
        return None
    if got is not None:
        return got if board_only(got) else None
    try:
        got = parse_restriction_condition(words)
    except ValueError:
        return None
    return got if board_only(got) else None
