"""Text that functions only in deck construction or the draft (models/text/topics.deck_or_draft_only).

Rules: CR 100.2a (deck-construction exceptions printed on cards), 903.3-903.4 (what may be a commander, color
identity), 905.2b-c (abilities that function during the draft). Such sentences change no answer about a game.
"""
from __future__ import annotations

import pytest

from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.text.topics import classify, deck_or_draft_only


@pytest.mark.parametrize("text", [
    "A deck can have any number of cards named Persistent Petitioners.",  # CR 100.2a
    "Rulebreaker — If Daxiver, Izzet Electromancer is your Commander, you may include instant and sorcery cards of "
    "any color in your deck regardless of color identity.",  # CR 903.4
    "If The Paradise Bird is your commander, your deck can include cards of any color identity.",
    "Draft this card face up.",  # CR 905.2c
    "Reveal this card as you draft it. You may look at the next card drafted from this booster pack.",  # 905.2b
])
def test_cr_100_2a_903_4_905_2_deck_and_draft_only_sentences(text):
    assert deck_or_draft_only(text)
    assert classify(text, "static") == frozenset({Topic.DECK_CONSTRUCTION})


@pytest.mark.parametrize("text", [
    # they function in the game: a commander's permission to play cards, a cast as a copy of a commander
    "As long as this creature is your commander, you may play cards from any game in your deck as long as they can "
    "be played.",
    "If Enolc isn't a commander, you may cast it as though it was a copy of any of your commanders.",
    # Lurking Automaton's game text reads the noted number: it stays (only the draft instruction is draft-only)
    "This creature enters with X +1/+1 counters on it, where X is the highest number you noted for cards named "
    "Lurking Automaton.",
    "During deckbuilding, write two different colors on Your Mana Rock.",  # it fixes what the card produces in game
    # CR 905.2b: what is noted as it is drafted "can be referred to by other abilities during the game": kept wide
    "Reveal this card as you draft it and note how many cards you've drafted this draft round, including this card.",
])
def test_sentences_that_function_in_a_game_are_not_deck_only(text):
    assert not deck_or_draft_only(text)


def test_cr_905_2_a_draft_trade_line_is_draft_only():
    """Deal Broker: "Immediately after the draft, you may reveal a card in your card pool. ..." (CR 905.2)."""
    assert deck_or_draft_only("Immediately after the draft, you may reveal a card in your card pool. Each other player "
                              "may offer you one card in their card pool in exchange. You may accept any one offer.")
