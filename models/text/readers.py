"""The text layer's readers, installed in the vocabulary (``models.vocab.readers``) when ``models.text`` is imported:
the vocabulary asks them where a typed value is built from words (a catalog filter, amount or condition, a cost's
words, an unmodelled sentence's facts) and the rules' door to a card's abilities (``models.vocab.behaviour``) asks them
for a card's parsed text."""
from __future__ import annotations

from ..vocab.readers import Readers, install
from .activation_costs import parse_activation_cost
from .conditions import parse_condition
from .facts import sentence_facts
from .filters import parse_amount, parse_color_sources, parse_filter
from .oracle import abilities_of
from .relevance import ability_words, token_read_by
from .scope import line_scope
from .topics import classify

#: The readers (``models.vocab.readers.Readers``), one per way the vocabulary reads words.
READERS = Readers(sentence_facts=sentence_facts, classify=classify, parse_filter=parse_filter,
                  parse_amount=parse_amount, parse_condition=parse_condition, parse_color_sources=parse_color_sources,
                  parse_activation_cost=parse_activation_cost, card_abilities=abilities_of,
                  ability_words=ability_words, token_read_by=token_read_by, line_scope=line_scope)
install(READERS)
