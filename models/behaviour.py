"""A card's behaviour model: its abilities as typed effects, parsed once per card (CR 113).

``abilities_of(card)`` is the one way the rules (``solver/``) get a card's abilities: the hand-written catalog
model when the card has one, else its oracle text parsed once by ``models.text.oracle`` and cached per card.
The solver imports this module, never the English parsers of ``models.text`` (tests/test_no_english_in_solver.py).
"""
from __future__ import annotations

from .abilities import Ability
from .cards import Card


def abilities_of(card: Card) -> tuple[Ability, ...]:
    """The card's abilities (catalog model, or parsed oracle text, cached per card name, source and text).

    Parameters
    ----------
    card : Card

    Returns
    -------
    tuple of Ability, in printed order (faces in order).
    """
    if card.abilities is not None:
        return card.abilities
    from .text.oracle import abilities_of as parsed  # the parser frame, loaded on first use

    return parsed(card)


def ability_words(a: Ability) -> str:
    """What an ability says and is modelled as, as one string, for the gate's per-state readers (``solver.gate``;
    ``models.text.relevance.ability_words``: a typed change itself, a keyword had, and what an activated or
    triggered ability does as it resolves are left out)."""
    from .text.relevance import ability_words as words

    return words(a)


def token_read_by(token: str, words: str) -> bool:
    """Whether ``words`` (``ability_words``) may read what a typed change ``token`` (``Unmodelled.reads``) changes
    (``models.text.relevance.token_read_by``; over-approximated)."""
    from .text.relevance import token_read_by as read

    return read(token, words)
