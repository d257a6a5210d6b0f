"""The deck-building facts of a card's text (``models.vocab.deckfacts.DeckText``), read once per card object.

A module of the data layer: it reads the card's wording with ``models.text.deck`` the first time a card's facts are
asked for and keeps them with the card (a ``Card`` is immutable: the facts cannot go stale), so that the deck rules
(``solver.decks.rules``) read typed facts only and never import the English readers.

References: CR 100.2a (copy limit), 702.124 (partner), 702.139a (companion), 903.3 (commanders), 602.1 (activated
abilities, Zirda's condition).
"""
from __future__ import annotations

from mtgcheck.models.vocab.deckfacts import DeckText
from mtgcheck.models.game.cards import Card

_ATTR = "_mtgcheck_deck_text"
_ACT = "_mtgcheck_has_activated"


def deck_text(card: Card) -> DeckText:
    """The deck-building facts of ``card``'s text (``models.text.deck.read_deck_text``, read once per card object).

    Parameters
    ----------
    card : Card

    Returns
    -------
    DeckText
    """
    got = card.__dict__.get(_ATTR)
    if got is None:
        from mtgcheck.models.text.deck import read_deck_text  # the reader, loaded on first use: a batch of stored
        # facts never loads it (tests/test_validate_stored_cards.py)

        got = read_deck_text(card)
        object.__setattr__(card, _ATTR, got)
    return got


def has_activated_ability(card: Card) -> bool | None:
    """Whether the card, as it is in a library, has an activated ability (Zirda's condition, CR 702.139a, 602.1):
    ``True``, ``False``, or ``None`` when its text is not understood (the caller must say so). Read once per card
    object (``models.text.deck.has_activated_ability``)."""
    d = card.__dict__
    if _ACT not in d:
        from mtgcheck.models.text.deck import has_activated_ability as read  # loaded on first use

        object.__setattr__(card, _ACT, read(card))
    return d[_ACT]
