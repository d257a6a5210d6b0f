"""Companion conditions checked against a starting deck (CR 702.139a, 702.139b): one function over the typed
condition a companion's text states (``models.vocab.deck_conditions``, read by
``models.text.deck.companion_condition``), never a rule written per card.

The starting deck is the deck as the game begins, without the companion (702.139b), with the commander in a
Commander game (903.6-903.7). Every card of the deck is looked at by its printed characteristics as a card in a
library (CR 400.3 zone, 109.2: no effects apply there): mana value (202.3; a split card's halves combined,
709.4), card types (205.2a, kindred among them), subtypes (205.3; changeling: every creature type, 702.73a), mana
symbols in its mana cost (107.4; each half of a split card apart, 709.4b), whether it has an activated ability
(602.1).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Iterable, Protocol

from mtgcheck.models.game.cards import Card
from mtgcheck.models.vocab.deck_conditions import (CompanionCondition, DeckSizeAbove, DifferentNames, EachCard,
                                                   HasActivatedAbility, ManaValue, RepeatedManaSymbol,
                                                   SharesCardType, SubtypeAmong, UnreadCondition)

from mtgcheck.solver.rules.errors import Unsupported

__all__ = ["companion_failures", "repeated_mana_symbol"]


class _Facts(Protocol):
    """What a companion condition reads of a card (``solver.decks.rules.CardFacts``)."""

    name: str
    land: bool
    permanent: bool
    mana_value: int
    types: frozenset[str]
    subtypes: frozenset[str]
    changeling: bool


def repeated_mana_symbol(card: Card) -> str | None:
    """A mana symbol that appears more than once in ``card``'s mana cost (CR 107.4), or None.

    A split card's mana cost is the combined costs of its halves, and an effect that looks at the symbols of a
    split card's mana cost sees the symbols of both halves (CR 709.4b: {1} twice in Fire // Ice, {1}{R} and
    {1}{U}, although the combined amount is {2}{U}{R}); every symbol is counted as printed, generic ones too.
    """
    costs = [f.mana_cost for f in card.faces if f.mana_cost is not None] if card.is_split and card.faces else [
        card.mana_cost if card.mana_cost is not None or not card.faces else card.faces[0].mana_cost]
    counter: Counter[str] = Counter(sym.text for cost in costs if cost is not None for sym in cost)
    for s, n in counter.items():
        if n > 1:
            return "{" + s + "}"
    return None


def _in_class(f: _Facts, cards: str) -> bool:
    """Whether ``f`` is a card of the class ``cards`` (``models.vocab.deck_conditions.CARD_CLASSES``)."""
    if cards == "card":
        return True
    if cards == "nonland card":
        return not f.land
    if cards == "permanent card":
        return f.permanent  # CR 110.4: artifact, battle, creature, enchantment, land, planeswalker
    if cards == "creature card":
        return "Creature" in f.types
    raise Unsupported(f"companion condition about a {cards}: not a card class the rules know (CR 702.139a)")


def _passes(f: _Facts, test: Any, printed: Callable[[Any], Card],
            activated: Callable[[Any], bool | None]) -> bool | None:
    """Whether ``f`` passes a card test; None when it cannot be told (its text is not understood)."""
    if isinstance(test, ManaValue):
        mv = f.mana_value
        if test.parity is not None:
            return mv % 2 == (0 if test.parity == "even" else 1)
        if test.at_least is not None:
            return mv >= test.at_least
        return test.at_most is not None and mv <= test.at_most
    if isinstance(test, SubtypeAmong):
        return f.changeling or bool(f.subtypes & frozenset(test.subtypes))
    if isinstance(test, HasActivatedAbility):
        return activated(f)
    if isinstance(test, RepeatedManaSymbol):
        has = repeated_mana_symbol(printed(f)) is not None
        return not has if test.absent else has
    raise Unsupported(f"companion condition test {test!r} is not modelled (CR 702.139a)")


def companion_failures(cond: CompanionCondition, deck: Iterable[tuple[Any, int]], *, min_size: int,
                       printed: Callable[[Any], Card],
                       activated: Callable[[Any], bool | None]) -> tuple[str, list[str]]:
    """Check a starting deck against a companion's condition (CR 702.139a).

    Parameters
    ----------
    cond : models.vocab.deck_conditions.CompanionCondition
    deck : iterable of (card facts, count)
        The starting deck, one entry per name (``solver.decks.rules.CardFacts``: ``name``, ``land``, ``permanent``,
        ``mana_value``, ``types``, ``subtypes``, ``changeling``).
    min_size : int
        The format's minimum deck size (CR 100.2a), for a condition on the deck's size.
    printed : callable
        A card facts' ``Card`` for its printed mana cost.
    activated : callable
        Whether a card has an activated ability: True, False, or None when its text is not understood.

    Returns
    -------
    (str, list of str)
        The condition in words and what fails it (card names; for a size condition "N cards"); an empty list
        when the deck meets it.

    Raises
    ------
    Unsupported
        The condition's wording is not read (``UnreadCondition``), or a card's text leaves a test unknown while
        no other card already fails it.
    """
    entries = list(deck)
    if isinstance(cond, UnreadCondition):
        raise Unsupported(f"the companion condition {cond.describe()} is not modelled (CR 702.139a)")
    if isinstance(cond, DeckSizeAbove):
        size = sum(n for _, n in entries)
        need = min_size + cond.more
        return (f"{cond.describe()} ({need}; it has {size})", [] if size >= need else [f"{size} cards"])
    if isinstance(cond, DifferentNames):
        return cond.describe(), [f.name for f, n in entries if _in_class(f, cond.cards) and n > 1]
    if isinstance(cond, SharesCardType):
        members = [f for f, _ in entries if _in_class(f, cond.cards)]
        if not members or frozenset.intersection(*[f.types for f in members]):
            return cond.describe(), []
        best = Counter(t for f in members for t in f.types).most_common(1)[0][0]
        return f"{cond.describe()} (most are {best})", [f.name for f in members if best not in f.types]
    if isinstance(cond, EachCard):
        bad: list[str] = []
        unknown: list[str] = []
        for f, _ in entries:
            if not _in_class(f, cond.cards) or (cond.lands_exempt and f.land):
                continue
            got = _passes(f, cond.test, printed, activated)
            if got is False:
                bad.append(f.name)
            elif got is None:
                unknown.append(f.name)
        if unknown and not bad:
            raise Unsupported(f"the companion condition ({cond.describe()}, CR 702.139a): cannot tell from the card "
                              "text whether " + ", ".join(unknown) + " passes it")
        return cond.describe(), bad
    raise Unsupported(f"companion condition {cond!r} is not modelled (CR 702.139a)")
