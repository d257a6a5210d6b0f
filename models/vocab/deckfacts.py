"""Deck-building facts a card's own text states, typed and read once per card.

``solver.decks.rules`` checks decks against the deck-construction rules and reads only these typed facts; the
wording is read by ``models.text.deck`` the first time a card's facts are asked for
(``models.data.deck_facts.deck_text``), and kept with the card (a ``Card`` is immutable: the facts cannot go stale).

References: CR 100.2a (a card's text may change the copy limit), 702.73a (changeling), 702.124 (partner
variants), 702.139a (companion), 903.3, 903.3a (commanders), 903.5d (every land type), 602.1, 305.6
(activated abilities, Zirda).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING


if TYPE_CHECKING:
    from mtgcheck.models.vocab.deck_conditions import CompanionCondition


@dataclass(frozen=True, slots=True)
class DeckText:
    """What a card's text says about deck building.

    Attributes
    ----------
    copy_limit : int or None
        ``None``: the format's limit applies; ``-1``: any number ("A deck can have any number of cards named
        ...", Relentless Rats); else the number allowed ("up to seven", Seven Dwarves: 7), CR 100.2a.
    partner : frozenset of tuple
        Partner abilities (CR 702.124): ``("partner",)``, ``("partner_text", KIND)``, ``("partner_with", NAME)``,
        ``("background",)``, ``("doctor",)``.
    can_be_commander : bool
        "<name> can be your commander" (CR 903.3a).
    changeling : bool
        Every creature type, also outside the battlefield (CR 702.73a).
    companion : models.vocab.deck_conditions.CompanionCondition or None
        The condition of its companion keyword ability (CR 702.139a), typed; None: it has none.
    creature_outside_battlefield : bool
        A creature while not on the battlefield (Grist), so a creature card for CR 903.3.
    every_land_type : bool
        Every land type (rangeling), so every basic land type (903.5d).
    """

    copy_limit: int | None
    partner: frozenset[tuple[str, ...]]
    can_be_commander: bool
    changeling: bool
    companion: "CompanionCondition | None"
    creature_outside_battlefield: bool
    every_land_type: bool
