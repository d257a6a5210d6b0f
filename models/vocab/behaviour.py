"""A card's behaviour model: its abilities as typed effects, parsed once per card (CR 113).

``abilities_of(card)`` is the one way the rules (``solver/``) get a card's abilities: the hand-written catalog
model when the card has one, else its oracle text parsed once by ``models.text.oracle`` and cached per card.
The solver imports this module, never the English parsers of ``models.text`` (tests/test_no_english_in_solver.py):
the parsers are the text layer's readers, installed in ``models.vocab.readers`` when ``models.text`` is imported
(every way to a card loads it first); a missing reader raises ``ReadersMissing``, never an empty answer.
"""
from __future__ import annotations

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.game.cards import Card
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.vocab.topics import Scope, Topic
from mtgcheck.models.vocab.mana_effects import AddMana
from mtgcheck.models.vocab.readers import readers


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
    return readers().card_abilities(card)  # the text layer's parser (models.text.oracle), cached per card


def ability_words(a: Ability) -> str:
    """What an ability says and is modelled as, as one string, for the gate's per-state readers (``solver.rules.gate``;
    ``models.text.relevance.ability_words``: a typed change itself, a keyword had, and what an activated or
    triggered ability does as it resolves are left out)."""
    return readers().ability_words(a)


def token_read_by(token: str, words: str) -> bool:
    """Whether ``words`` (``ability_words``) may read what a typed change ``token`` (``Unmodelled.reads``) changes
    (``models.text.relevance.token_read_by``; over-approximated)."""
    return readers().token_read_by(token, words)


def in_force_topics(u: Unmodelled) -> frozenset[Topic]:
    """What an unmodelled instruction of a resolved spell or ability can change while its effect is still in force
    (CR 611.2a: a continuous effect from a resolved spell lasts as long as it says): its sentence read as a static
    ability's, not as an instruction waiting to resolve ("Your opponents can't cast spells this turn" changes casting;
    "Target creature gains haste until end of turn" activation). Cached per sentence."""
    hit = _IN_FORCE.get(u.text)
    if hit is None:
        hit = _IN_FORCE[u.text] = readers().classify(u.text, "static") if u.text else u.topics
    return hit


_IN_FORCE: dict[str, frozenset[Topic]] = {}


def works_on_the_stack(u: Unmodelled) -> bool:
    """Whether an unmodelled sentence of a spell may work while the spell is on the stack and change what others may
    do there (CR 113.6, 702.61a: "If this spell was kicked, it has split second"): not one the parser or the scope
    reader types as an instruction waiting for the spell to resolve (608.2), a change of its own casting or entering,
    or "can't be countered" (``models.text.scope.line_scope``; a catalog description is read the same way)."""
    if u.scope not in (Scope.UNKNOWN, Scope.STACK):
        return False
    hit = _ON_STACK.get(u.text)
    if hit is None:
        hit = _ON_STACK[u.text] = readers().line_scope("spell", u.text) in (Scope.UNKNOWN, Scope.STACK)
    return hit


_ON_STACK: dict[str, bool] = {}


#: Card types whose abilities function in the command zone (CR 113.6p: emblems, planes, vanguards, schemes and
#: conspiracies; a phenomenon is a planar card of Planechase, 901.1).
COMMAND_ZONE_TYPES = ("Plane", "Phenomenon", "Vanguard", "Scheme", "Conspiracy", "Emblem")


def functions_in(card: Card, a: Ability, zone: str) -> bool:
    """Whether ability ``a`` of ``card`` functions while the card is in ``zone`` (a zone other than the battlefield,
    CR 113.6): the ability says so (``Ability.zones``: flashback from a graveyard, eminence in the command zone), or
    the card is of a type whose abilities work in the command zone (113.6p)."""
    if zone in a.zones:
        return True
    return zone == "command" and any(card.is_type(t) for t in COMMAND_ZONE_TYPES)


def makes_mana_another_way(a: Ability) -> str | None:
    """How an ability that is not a mana ability could still add mana or untap a mana source (CR 605.1a, 606): "a
    loyalty ability that adds mana" (it uses the stack, 605.1a), "an activated ability that untaps a permanent" (Kiora's
    Follower, Voltaic Key: the permanent may then be tapped for mana again), or ``None``. Read from its typed effect and
    wording (over-approximated: any "untap" in an activated ability's effect counts)."""
    if a.kind != "activated" or a.is_mana_ability:
        return None

    if isinstance(a.effect, AddMana):
        return "a loyalty ability that adds mana" if a.loyalty is not None else "an ability that adds mana"
    head, _, body = (a.text or "").partition(":")
    if "untap" in body.lower():
        return "an activated ability that untaps a permanent"
    return None
