"""The text layer's readers, installed in the vocabulary (``models.vocab.readers``) when ``models.text`` is imported:
the vocabulary asks them where a typed value is built from words (a catalog filter, amount or condition, a cost's
words, an unmodelled sentence's facts) and the rules' door to a card's abilities (``models.vocab.behaviour``) asks them
for a card's parsed text."""
from __future__ import annotations

import importlib
from typing import Callable

from ..game.cards import Card
from ..vocab.readers import Readers, install
from .activation_costs import parse_activation_cost
from .conditions import parse_condition
from .facts import sentence_facts
from .filters import parse_amount, parse_color_sources, parse_filter
from .frame import HUB
from .relevance import ability_words, token_read_by
from .scope import line_scope
from .topics import classify

_HUB_READER: list[Callable[[Card], tuple]] = []


def card_abilities(card: Card) -> tuple:
    """A card's abilities read from its oracle text by the line parser (``models.text.oracle.abilities_of``, cached
    per card), loaded on first use as the parser frame loads it (``models.text.frame.HUB``): a topic reader used on
    its own does not load the hub; a missing hub is a packaging error and fails loudly."""
    if not _HUB_READER:
        _HUB_READER.append(importlib.import_module(HUB).abilities_of)
    return _HUB_READER[0](card)


#: The readers (``models.vocab.readers.Readers``), one per way the vocabulary reads words.
READERS = Readers(sentence_facts=sentence_facts, classify=classify, parse_filter=parse_filter,
                  parse_amount=parse_amount, parse_condition=parse_condition, parse_color_sources=parse_color_sources,
                  parse_activation_cost=parse_activation_cost, card_abilities=card_abilities,
                  ability_words=ability_words, token_read_by=token_read_by, line_scope=line_scope)
install(READERS)
