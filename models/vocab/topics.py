"""Topics and scopes: what a piece of card behaviour could change, and where it functions.

``Topic`` is the closed set of things an answer may depend on; every typed part of the vocabulary
(``models.vocab``: effect classes' ``touches``; ``models.vocab.keywords``: each keyword's rules) and every
``Unmodelled`` sentence carries topics, and each question kind declares the topics its answer depends on
(``solver.questions.registry``). ``Scope`` says where and when a part functions (CR 113.3, 113.6). The gate
(``solver.rules.gate``) reads both.

This module imports nothing of mtgcheck: it is the bottom of the vocabulary.
"""
from __future__ import annotations

from enum import StrEnum
from typing import Iterable


class VocabularyError(ValueError):
    """An effect name or parameter that is not in the vocabulary, or a value of the wrong shape.

    The message names where it came from (file and key) and the closest valid name.
    """


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The valid name closest to ``word`` (rapidfuzz ratio, at least 60), or ``None``."""
    from rapidfuzz import fuzz, process

    got = process.extractOne(str(word), list(choices), scorer=fuzz.ratio, score_cutoff=60)
    return got[0] if got else None


def _unknown(what: str, word: str, choices: Iterable[str], where: str) -> VocabularyError:
    choices = sorted(choices)
    near = closest(word, choices)
    hint = f"; did you mean {near!r}?" if near else f"; valid: {', '.join(choices)}"
    return VocabularyError(f"{where}: unknown {what} {word!r}{hint}")



class Topic(StrEnum):
    """What a piece of card behaviour could change; each question kind declares the topics it depends on."""

    MANA_PRODUCTION = "mana_production"    #: what mana abilities exist and what they add (CR 106, 605)
    #: mana added by an ability that is not a mana ability ("When this creature dies, add {C}{C}{C}", CR 605.5a):
    #: no payment can use it (it goes on the stack), but "could produce" counts what any ability of a permanent
    #: would add if it resolved now (CR 106.7)
    OTHER_MANA = "other_mana"
    MANA_SPENDING = "mana_spending"        #: how mana may be spent (CR 609.4b, 106.6)
    COSTS = "costs"                        #: total cost of spells and abilities (CR 118, 601.2f)
    CASTING = "casting"                    #: permission, timing, targets of casting (CR 601.2, 117)
    ACTIVATION = "activation"              #: permission to activate, haste, other zones (CR 602, 302.6, 113.6)
    KEYWORDS = "keywords"                  #: which keyword abilities objects have (CR 702)
    CHARACTERISTICS = "characteristics"    #: types, colours, abilities (layers 1-6, CR 613)
    COLORS = "colors"                      #: colours of objects (layer 5, CR 105, 613.1e)
    COMBAT = "combat"                      #: attacking, blocking, combat damage (CR 506-511)
    LIFE = "life"                          #: life totals, damage and life payments (CR 119, 120)
    POWER_TOUGHNESS = "power_toughness"    #: power and toughness (layer 7, CR 613.4)
    ZONES = "zones"                        #: moving objects between zones, what is where (CR 400)
    RESOLUTION = "resolution"              #: what spells and abilities do as they resolve (CR 608)
    TRIGGERS = "triggers"                  #: triggered abilities and their order (CR 603)
    DECK_CONSTRUCTION = "deck_construction"  #: deck-building rules a card changes (CR 100.2, 903)
    #: what happens in later steps and turns ("doesn't untap during your (next) untap step", CR 502.3; mana
    #: emptying from pools as steps end, CR 500.4): no question about the present state depends on it
    LATER_TURNS = "later_turns"
    #: creature and nonbasic land subtypes (layer 4, CR 613.1d, 205.3i, 205.3m): no question declares it; a
    #: sentence that only adds such types counts where something in play reads them (``Unmodelled.reads``)
    SUBTYPES = "subtypes"
    #: what spells cost to cast (CR 601.2f, 118.7-118.9): "Rare and mythic rare spells you cast cost {1} less to
    #: cast", "pay life equal to its mana value rather than pay its mana cost". A cost change "to cast" applies to
    #: spells only, never to an ability's activation cost (CR 602.2b follows 601.2b-i, but such a change names
    #: casting): declared by the questions that total a spell's cost (cast, payments, delve), not by activate or
    #: the mana questions
    SPELL_COSTS = "spell_costs"


ALL_TOPICS: frozenset[Topic] = frozenset(Topic)


#: Kinds of trigger event an unmodelled triggered ability may be typed by (``Unmodelled.trigger_event``): ``step``
#: a phase or step beginning or ending (CR 603.2b, 500.1), ``cast`` a spell being cast (601.2i), ``combat``
#: attacking, blocking or combat damage (508.1m, 509.1i, 510.3a), ``dies`` a permanent put into a graveyard from the
#: battlefield (700.4, 603.6c, 603.10a; not a card put there from anywhere else: a spell resolving goes to its owner's
#: graveyard, 608.2n), ``self_to_graveyard`` this object put into a graveyard from anywhere (603.10a: "When this is put
#: into a graveyard from anywhere", Emrakul, the Aeons Torn), ``mana`` a permanent tapped for mana (106.12: only by
#: activating a mana ability, 605.3). A question may declare some of them as not happening in what it asks about
#: (``solver.questions.registry.question(quiet_events=...)``).
TRIGGER_EVENTS = ("step", "cast", "combat", "dies", "self_to_graveyard", "mana")


class Scope(StrEnum):
    """Where and when one ability's unmodelled sentence functions, recorded by the parser from the kind of ability
    it is part of and the object it modifies (CR 113.3, 113.6); the gate (``solver.rules.gate``) reads it.

    * ``UNKNOWN``: not typed; the gate applies its general rules (the ability's kind and zones,
      ``Unmodelled.while_cast``).
    * ``INSTRUCTION``: a spell ability of an instant or sorcery (CR 113.3a), followed as the spell resolves
      (608.2c). While the spell is cast only its targets (601.2c, checked by ``solver.rules.targets``), its modes
      (700.2a, 601.2b) and its costs matter, and a sentence that could speak of those is never typed so.
    * ``CASTING_SELF``: modifies what that particular object costs to cast, how or when it may be cast, or from
      which zones (CR 113.6d-f: "This spell costs {1} less to cast", "rather than pay this spell's mana cost",
      "Cast this spell only ...", "You may cast this card from your graveyard"). It changes only the casting of
      that object: nothing about a permanent on the battlefield or the casting of another card.
    * ``STACK_SELF``: "can't be countered/copied" (CR 113.6g): on the stack, never whether a spell can be cast.
    * ``ENTERING_SELF``: modifies how that object enters the battlefield (CR 113.6h, 614.12).
    * ``BATTLEFIELD``: a permanent's static ability with none of those exceptions (CR 113.6 first paragraph,
      604.1): it functions only while the permanent is on the battlefield, never while its card is cast.
    * ``STACK``: functions while its object is a spell on the stack and changes what *other* players and spells
      may do there (split second, CR 702.61a: no other spell may be cast and no non-mana ability activated):
      never while its own card is cast nor from any other zone.
    """

    UNKNOWN = "unknown"
    INSTRUCTION = "instruction"
    CASTING_SELF = "casting_self"
    STACK_SELF = "stack_self"
    ENTERING_SELF = "entering_self"
    BATTLEFIELD = "battlefield"
    STACK = "stack"


def topics_of(values: Iterable[str | Topic], where: str = "topics") -> frozenset[Topic]:
    """Read topic names (``"all"`` = every topic); raises ``VocabularyError`` naming the closest topic."""
    out: set[Topic] = set()
    for v in values:
        if str(v) == "all":
            return ALL_TOPICS
        try:
            out.add(Topic(str(v)))
        except ValueError:
            raise _unknown("topic", str(v), [t.value for t in Topic] + ["all"], where) from None
    return frozenset(out)
