"""The readers of English and of cards that the vocabulary needs, installed by the text layer.

The vocabulary is data: it never reads English. Where a typed value is built from words (a catalog entry's filter
"green creature", an amount "the number of Elves you control", the facts of an unmodelled sentence, a card's
abilities from its oracle text), the vocabulary asks the reader the text layer installed here when it was imported
(``models/text/__init__.py`` installs ``models.text.readers.READERS``). Every way to a card's text (the card
database, the catalog, scenario files, the oracle parser) imports the text layer first, so the readers are in
place before any sentence is built.

A missing reader is never a silent default: ``readers()`` raises ``ReadersMissing`` (an ``Unmodelled`` sentence
without its facts would read as "changes no cost", a silent wrong answer; CR 601.2f).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar, cast

from ..game.cards import Card
from .topics import Scope, Topic


@dataclass(frozen=True)
class SentenceFacts:
    """What an unmodelled sentence speaks of, read once per sentence by the text layer (``models.text.facts``):
    the solver's safety nets read these, never the wording (fields documented on ``Unmodelled``)."""

    #: zones it may let spells be cast from (CR 601.3)
    cast_from: frozenset[str] = frozenset()
    #: it changes what a spell costs (CR 601.2f): ``"this"``, ``"spells"`` or ``None``
    cost_change: str | None = None
    #: it may set or change creatures' power (layer 7, CR 613.4)
    power_change: bool = False
    #: a keyword variant not split into a ``Keyword`` (CR 702.11d)
    keyword_variant: str | None = None
    #: it changes how mana may be spent (CR 609.4b)
    spend_change: bool = False
    #: it may function while its own card is being cast (CR 113.6a, 113.6d-f)
    while_cast: bool = True
    #: what another ability must read for it to matter beyond its topics (``models.text.relevance``)
    reads: frozenset[str] = field(default_factory=frozenset)
    #: the one kind of event a triggered ability's condition names (``TRIGGER_EVENTS``), or None: any event
    trigger_event: str | None = None
    #: it may replace whether or as what a permanent enters (CR 614.1c, 614.6, 707.5)
    enters_replacement: bool = False


@dataclass(frozen=True)
class Readers:
    """The readers the vocabulary asks (each implemented in ``models/text/``; ``models.text.readers``). What they
    return is typed where it is read (the family modules, ``abilities``), which this module does not import
    (they import it).

    Attributes
    ----------
    sentence_facts : (text) -> SentenceFacts
        The facts of an unmodelled sentence (``models.text.facts.sentence_facts``), cached per sentence.
    classify : (text, kind) -> frozenset of Topic
        What a sentence of an ability of ``kind`` could change (``models.text.topics.classify``).
    parse_filter : (what, controller, qualifiers) -> Filter
        An object phrase as a ``Filter`` (``models.text.filters.parse_filter``); raises ``ValueError``.
    parse_amount, parse_condition, parse_color_sources : (text) -> Amount, Condition, Filter
        ``models.text.filters`` (amount, colour sources), ``models.text.conditions`` (condition); each raises
        ``ValueError`` for words it does not read.
    parse_activation_cost : (text, card_name) -> ActivationCost
        ``models.text.activation_costs.parse_activation_cost`` (CR 602.1a).
    card_abilities : (card) -> tuple of Ability
        A card's oracle text parsed, once per card (``models.text.oracle.abilities_of``).
    ability_words, token_read_by, line_scope
        ``models.text.relevance.ability_words``, ``token_read_by``; ``models.text.scope.line_scope``.
    """

    sentence_facts: Callable[[str], SentenceFacts]
    classify: Callable[[str, str], frozenset[Topic]]
    parse_filter: Callable[[str, str, bool], Any]
    parse_amount: Callable[[str], Any]
    parse_condition: Callable[[str], Any]
    parse_color_sources: Callable[[str], Any]
    parse_activation_cost: Callable[[str, str], Any]
    card_abilities: Callable[[Card], tuple[Any, ...]]
    ability_words: Callable[[Any], str]
    token_read_by: Callable[[str, str], bool]
    line_scope: Callable[[str, str], Scope]


class ReadersMissing(RuntimeError):
    """The vocabulary was asked to read words before the text layer installed its readers."""


#: The installed reader records by their class (``Readers`` here, ``targeting_specs.TargetReader``): one registry.
_INSTALLED: dict[type, Any] = {}

R = TypeVar("R")


def install(r: Any) -> None:
    """Install one of the text layer's reader records (``Readers``, ``TargetReader``; ``models/text/__init__.py``
    imports the modules that do); a second record of the same class replaces the first."""
    _INSTALLED[type(r)] = r


def installed(kind: type[R], missing: type[ReadersMissing] = ReadersMissing) -> R:
    """The installed reader record of class ``kind``.

    Raises
    ------
    ReadersMissing (or ``missing``, a subclass)
        None installed: import ``mtgcheck.models.text`` (or load cards through ``mtgcheck.models.data``) before
        building vocabulary from words; never answered with a default.
    """
    r = _INSTALLED.get(kind)
    if r is None:
        raise missing(f"the vocabulary was asked to read words ({kind.__name__}: a sentence's facts, a filter, an "
                      "amount, a card's text, target words) before the text layer installed its readers: import "
                      "mtgcheck.models.text first")
    return cast(R, r)


def readers() -> Readers:
    """The installed ``Readers`` (``installed(Readers)``; raises ``ReadersMissing`` when none is)."""
    return installed(Readers)
