"""What the deck rules need to know of a card, computed once per card and card data (``card_facts`` ->
``CardFacts``): names, types, colour identity, copy limit, partner and commander facts, companion, legalities
(from ``models.data.deck_facts.deck_text``, the typed facts of its text).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping

from mtgcheck.models.game.cards import BASIC_LAND_MANA, BASIC_LAND_TYPES, Card, compute_color_identity
from mtgcheck.models.data.deck_facts import deck_text
from mtgcheck.models.game.mana import COLORS


if TYPE_CHECKING:
    from mtgcheck.models.vocab.deck_conditions import CompanionCondition


# ---------------------------------------------------------------------------
# Card facts
# ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, eq=False)
class CardFacts:
    """Deck-building facts of one card, computed once (``card_facts``).

    Compared and hashed by identity: there is one ``CardFacts`` per card and database (``DeckValidator``'s
    cache), so sets of facts are cheap.

    ``copy_limit``: None follow the format, -1 any number ("A deck can have any number of cards named ..."),
    else the number the card's text allows (Seven Dwarves: 7, Nazgûl: 9).
    """

    name: str
    card: Card
    basic: bool
    copy_limit: int | None
    identity: frozenset[str]
    land_type_colors: frozenset[str]
    land: bool
    permanent: bool
    mana_value: int
    legendary: bool
    types: frozenset[str]
    subtypes: frozenset[str]
    changeling: bool
    partner: frozenset[tuple[str, ...]]
    can_be_commander: bool
    background: bool
    time_lord_doctor: bool
    #: the typed condition of its companion ability (CR 702.139a), None without one
    companion: "CompanionCondition | None"
    legalities: Mapping[str, str]
    creature_outside_battlefield: bool = False
    #: ``identity | land_type_colors``: every colour a commander's identity must hold for this card
    deck_colors: frozenset[str] = frozenset()


def card_facts(card: Card) -> CardFacts:
    """The deck-building facts of ``card``.

    Parameters
    ----------
    card : models.game.cards.Card

    Returns
    -------
    CardFacts
        Colour identity by CR 903.4 (``models.game.cards.compute_color_identity``), the colours of its basic land
        types (903.5d), copy-limit text, commander eligibility facts (903.3, 903.3a), partner abilities
        (702.124) and companion (702.139).
    """
    f = card.front
    tl = f.type_line
    subtypes = frozenset(tl.subtypes)
    colors = frozenset(BASIC_LAND_MANA[t] for t in BASIC_LAND_TYPES if t in subtypes)
    dt = deck_text(card)  # what its text says, read once (models.data.deck_facts)
    if dt.every_land_type:
        colors = frozenset(COLORS)
    legendary = "Legendary" in tl.supertypes
    identity = compute_color_identity(card)
    return CardFacts(
        name=card.name, card=card, basic="Basic" in tl.supertypes, copy_limit=dt.copy_limit,
        identity=identity, land_type_colors=colors, land="Land" in tl.types,
        permanent=tl.is_permanent, mana_value=card.mana_value(), legendary=legendary,
        types=frozenset(tl.types), subtypes=subtypes, changeling=dt.changeling,
        partner=dt.partner, can_be_commander=dt.can_be_commander,
        background=legendary and "Enchantment" in tl.types and "Background" in subtypes,
        # Doctor's companion pairs with "a legendary Time Lord Doctor creature card that has no other creature
        # types" (CR 702.124m); Time Lord is one subtype (CR 205.3m)
        time_lord_doctor=legendary and "Creature" in tl.types and subtypes == {"Time Lord", "Doctor"},
        companion=dt.companion,
        legalities=card.legalities or {},
        creature_outside_battlefield=dt.creature_outside_battlefield, deck_colors=identity | colors,
    )


class _Unknown:
    """A name no card has; ``suggestions`` is None until computed (``DeckValidator._suggest``: at most
    ``SUGGESTED_PER_DECK`` unknown names of one deck get fuzzy suggestions)."""

    __slots__ = ("name", "suggestions")

    def __init__(self, name: str, suggestions: "list[str] | None"):
        self.name = name
        self.suggestions = suggestions


