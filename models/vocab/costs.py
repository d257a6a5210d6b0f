"""Cost models: alternative costs, additional costs and cost modifiers (parsed by ``models.text.costs``).

Plain data only (the total cost is computed in ``solver.rules.costs``). A card's abilities carry them as

* keywords (``kind="keyword"``): ``flashback``, ``escape``, ``evoke``, ``dash``, ``overload``
  (alternative costs, CR 118.9, 702.34, 702.138) and ``kicker``, ``multikicker``, ``buyback``,
  ``entwine`` (additional costs, CR 118.8, 702.33), with ``params.cost`` (the mana part) and
  ``params.parts`` (non-mana parts, as text);
* ``effect="additional_cost"`` (``params.parts``): "As an additional cost to cast this spell, ...";
* ``effect="cost_increase"`` / ``"cost_reduction"`` (``params.amount``, ``params.spells``,
  ``params.whose``): "Noncreature spells cost {1} more to cast" (Thalia), "Spells cost {1} more to
  cast" (Sphere of Resistance), "Instant and sorcery spells you cast cost {1} less to cast";
* ``effect="cost_minimum"`` (``params.minimum``, ``params.while_untapped``): "each spell that would
  cost less than three mana to cast costs three mana to cast" (Trinisphere), applied to the total
  cost after increases and reductions (CR 601.2f: "effects that directly affect the total cost");
* ``effect="grant_flashback"`` (``params.cost: mana_cost``): the spell gains flashback with a cost
  equal to its mana cost (Snapcaster Mage).
* ``effect="self_cost_change"`` (``params.direction``: ``less``/``more``, ``params.amount`` per counted
  object, ``params.count``: a ``Count`` mapping): "This spell costs {1} less to cast for each creature
  on the battlefield" (Blasphemous Act), "... for each instant and sorcery card in your graveyard",
  "This spell costs {X} less to cast, where X is the total power of creatures you control" (Ghalta);
  affinity keywords (CR 702.41a) carry ``Keyword.counts``. The oracle parsers are in ``models.text.costs``
  (``parse_count`` says what is counted).

References: CR 118.7-118.9, 601.2b, 601.2f, 702.33, 702.34, 702.138.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.vocab.cost_parts import CostPart
from mtgcheck.models.game.cards import Card
from mtgcheck.models.vocab.cost_effects import AdditionalCost as AdditionalCostEffect
from mtgcheck.models.vocab.cost_effects import CostIncrease, CostMinimum, CostReduction
from mtgcheck.models.vocab.keyword_effects import Keyword
from mtgcheck.models.game.mana import ManaCost
from mtgcheck.models.game.subtypes import CREATURE_TYPES
from mtgcheck.models.vocab.spree import SpreeMode

#: Alternative-cost keywords (CR 118.9) and the zone the card is cast from with them (``None``: wherever it may be
#: cast from): flashback and escape from a graveyard (702.34a, 702.138a), warp from a hand (702.185a); blitz
#: (702.152a), impending (702.176a), emerge (702.119a), spectacle (702.137a), surge (702.117a), bestow (702.103a)
#: and the face-down casts of morph, megamorph and disguise (702.37c, 702.168a) name no zone; nor do mutate
#: (702.140a), awaken (702.113a), web-slinging (702.188a), prowl (702.76a), freerunning (702.173a) and more than
#: meets the eye (702.162a: cast converted, its back face up, 712.8c) and cleave (702.148a: its bracketed words
#: removed).
ALTERNATIVE_KEYWORDS = {"flashback": "graveyard", "escape": "graveyard", "evoke": "hand", "dash": "hand",
                        "overload": "hand", "warp": "hand", "blitz": None, "impending": None, "emerge": None,
                        "spectacle": None, "surge": None, "morph": None, "megamorph": None, "disguise": None,
                        "bestow": None, "free": None, "foretell": "exile", "mutate": None, "awaken": None,
                        "web-slinging": None, "prowl": None, "freerunning": None, "more than meets the eye": None,
                        "cleave": None}
#: Keywords that cast the card face down as a 2/2 creature spell for {3} (CR 702.37c morph, 702.37b megamorph,
#: 702.168a disguise; 708.2-708.4): the keyword's own cost is for turning it face up, not for casting it.
FACE_DOWN_KEYWORDS = ("morph", "megamorph", "disguise")
#: Alternative costs usable only when something happened earlier this turn (the turn's history, models/game/turn.py):
#: spectacle "if an opponent lost life this turn" (CR 702.137a), surge "if you or a teammate has cast another spell
#: this turn" (702.117a).
#: Prowl "if you dealt combat damage to a player this turn with a [creature type of this spell]" (702.76a) and
#: freerunning "... with an Assassin or your commander" (702.173a) read which creatures dealt combat damage to a player
#: this turn (``TurnHistory.combat_damage``).
ALTERNATIVE_CONDITIONS = {"spectacle": "opponent_lost_life", "surge": "cast_another_spell",
                          "prowl": "combat_damage_shared_type", "freerunning": "combat_damage_assassin_or_commander"}
#: Additional-cost keywords (CR 118.8): (optional, repeatable).
ADDITIONAL_KEYWORDS = {"kicker": (True, False), "multikicker": (True, True), "buyback": (True, False),
                       "entwine": (True, False), "additional": (False, False)}
#: Spell classes a cost modifier may name.
SPELL_CLASSES = ("all", "noncreature", "creature", "instant_sorcery", "artifact", "nonartifact", "enchantment",
                 "multicolored", "monocolored", "colorless")


@dataclass(frozen=True)
class AlternativeCost:
    """A cost paid rather than the mana cost (CR 118.9).

    ``keyword``: one of ``ALTERNATIVE_KEYWORDS``; ``mana``: its mana part (``None`` only when the
    cost is "its mana cost" of a card that has none: unpayable, CR 118.6); ``parts``: non-mana parts;
    ``zone``: where the card must be (``None``: any).
    """

    keyword: str
    mana: ManaCost | None
    parts: tuple[CostPart, ...] = ()
    zone: str | None = "hand"
    text: str = ""
    #: a condition on the turn's history (``ALTERNATIVE_CONDITIONS``), ``None``: none
    condition: str | None = None


@dataclass(frozen=True)
class AdditionalCost:
    """A cost paid on top of the mana or alternative cost (CR 118.8, 702.33). ``choices``: the options of an
    either-or additional cost, each ``(mana, parts)`` ("sacrifice a creature or pay {3}"): the caster announces one
    as the spell is cast (CR 601.2b) and pays that one (601.2f-h); ``mana`` and ``parts`` are then empty."""

    keyword: str
    mana: ManaCost | None
    parts: tuple[CostPart, ...] = ()
    optional: bool = True
    repeatable: bool = False
    text: str = ""
    choices: tuple[tuple[ManaCost | None, tuple[CostPart, ...]], ...] = ()


@dataclass(frozen=True)
class CostChange:
    """A cost increase, reduction or minimum from a permanent's static ability (CR 601.2f, 118.7).

    ``kind``: ``"increase"``, ``"reduction"`` or ``"minimum"``; ``amount`` the mana added or removed;
    ``minimum`` the least total mana (minimum kind); ``spells`` which spells (``SPELL_CLASSES``);
    ``colors``: the spell must be at least one of these colours (empty: any); ``types``: it must have at
    least one of these types (empty: any); ``whose``: ``"all"`` (every player's spells), ``"you"`` (its
    controller's), ``"opponents"``; ``during``: whose turn it must (not) be (``effects.COST_DURING``);
    ``colored_only``: a coloured reduction that never reduces generic mana (Edgewalker);
    ``while_untapped``: only while the source is untapped; ``source``: card name; ``controller``.
    """

    kind: str
    amount: ManaCost = ManaCost()
    minimum: int = 0
    spells: str = "all"
    whose: str = "all"
    while_untapped: bool = False
    source: str = ""
    controller: str = ""
    text: str = ""
    colors: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    during: str = "any"
    colored_only: bool = False
    from_zones: tuple[str, ...] = ()
    nth: int = 0
    chosen_type: bool = False
    #: "Other [...] spells": never the source card itself (CR 601.2f; an eminence ability, 113.6)
    other: bool = False
    #: "Spells with the chosen name": the name chosen as the source entered (CR 607.2d, 201.2)
    chosen_name: bool = False

    def applies_to(self, spell: Card, caster: str, active: str | None = None, zone: str = "hand") -> bool:
        """Whether it changes the cost of ``spell`` cast by ``caster`` while ``active`` is the active player
        (Thalia ruling 2018-03-16: every noncreature spell, including your own; Sphere of Resistance ruling
        2004-10-04: all players; Stormscape Familiar ruling 2004-10-04: a spell of both named colours is
        reduced once; Defense Grid: not during the turn of the spell's controller; ``zone``: where it is cast
        from, for ``from_zones``). ``active=None``: the
        turn is not known, and a change that depends on it is taken to apply only when ``during`` is
        ``any`` (callers pass the active player)."""
        if self.other and spell.name == self.source:
            return False  # "other ... spells" (CR 109.5: the source is not other than itself)
        if self.whose == "you" and caster != self.controller:
            return False
        if self.whose == "opponents" and caster == self.controller:
            return False
        if self.during != "any":
            if active is None:
                return False
            whose_turn = caster if self.during.endswith("caster_turn") else self.controller
            if (active == whose_turn) == self.during.startswith("not_"):
                return False
        if self.from_zones and not (zone in self.from_zones or ("not_hand" in self.from_zones and zone != "hand")):
            return False  # "Spells you cast from your graveyard" (CR 601.2a: where the card is cast from)
        if self.colors and not (set(self.colors) & set(spell_colors(spell))):
            return False
        if self.types and not any(spell_has_type(spell, t) for t in self.types):
            return False
        return spell_in_class(spell, self.spells)


def spell_has_type(spell: Card, t: str) -> bool:
    """Whether the spell has the card type, supertype or subtype ``t`` (CR 205); a changeling is every
    creature type in every zone (CR 702.73a)."""
    if spell.is_type(t):
        return True
    return t in CREATURE_TYPES and any(str(k).lower() == "changeling" for k in getattr(spell, "keywords", ()) or ())


def spell_colors(spell: Card) -> frozenset[str]:
    """The colours of a spell from its characteristics (CR 105.2, 202.2: its mana cost's symbols, a colour
    indicator, a characteristic-defining ability as the card data gives them)."""
    cols = getattr(spell, "colors", None)
    if cols is None:
        mc = getattr(spell, "mana_cost", None)
        return frozenset(mc.colors) if mc is not None else frozenset()
    return frozenset(cols)


def spell_in_class(spell: Card, cls: str) -> bool:
    """Whether ``spell`` belongs to a ``SPELL_CLASSES`` class (by its types as a spell, CR 205)."""
    if cls == "all":
        return True
    if cls == "noncreature":
        return not spell.is_type("Creature")
    if cls == "creature":
        return spell.is_type("Creature")
    if cls == "instant_sorcery":
        return spell.is_type("Instant") or spell.is_type("Sorcery")
    if cls == "artifact":
        return spell.is_type("Artifact")
    if cls == "nonartifact":
        return not spell.is_type("Artifact")
    if cls == "enchantment":
        return spell.is_type("Enchantment")
    if cls == "multicolored":
        return len(spell_colors(spell)) >= 2  # CR 105.2b
    if cls == "monocolored":
        return len(spell_colors(spell)) == 1  # CR 105.2a
    if cls == "colorless":
        return not spell_colors(spell)  # CR 105.2c
    return False


def _mana_of(e: Any) -> ManaCost | None:
    c = e.cost
    if c is None:
        return None
    return ManaCost.parse(str(c)) if str(c).strip() else ManaCost()


def alternative_costs(card: Card, abilities: Iterable[Ability]) -> list[AlternativeCost]:
    """The alternative costs printed on (or modelled for) a card, in printed order (CR 118.9).

    Reads ``Keyword`` effects (``ALTERNATIVE_KEYWORDS``) and their typed ``cost``/``parts``; a face-down cast
    (morph, megamorph, disguise) costs {3} (CR 702.37c, 702.168a)."""
    out = []
    for a in abilities:
        e = a.effect
        if isinstance(e, Keyword) and e.keyword in ALTERNATIVE_KEYWORDS and e.keyword != "free":
            if e.keyword in FACE_DOWN_KEYWORDS:  # cast face down for {3} (CR 702.37c, 702.168a)
                out.append(AlternativeCost(e.keyword, ManaCost.parse("{3}"), (), None, a.text))
                continue
            out.append(AlternativeCost(e.keyword, _mana_of(e), tuple(e.parts), ALTERNATIVE_KEYWORDS[e.keyword], a.text,
                                       ALTERNATIVE_CONDITIONS.get(e.keyword)))
    return out


def spree_mode_costs(abilities: Iterable[Ability]) -> list[ManaCost]:
    """The additional cost of each mode of a spell with spree, in printed order (CR 702.172a; empty: no spree
    modes)."""
    return [ManaCost.parse(a.effect.cost) for a in abilities if isinstance(a.effect, SpreeMode)]


def additional_choices(card: Card, abilities: Iterable[Ability]) -> int:
    """How many options the card's either-or additional cost has (CR 601.2b; 0: it has none)."""
    return max((len(a.choices) for a in additional_costs(card, abilities)), default=0)


def additional_costs(card: Card, abilities: Iterable[Ability]) -> list[AdditionalCost]:
    """The additional costs of a card (kicker, multikicker, buyback, entwine, mandatory ones), CR 118.8."""
    out = []
    for a in abilities:
        e = a.effect
        if isinstance(e, Keyword) and e.name in ("kicker", "multikicker", "buyback", "entwine"):
            opt, rep = ADDITIONAL_KEYWORDS[e.name]
            out.append(AdditionalCost(e.name, _mana_of(e), tuple(e.parts), opt, rep, a.text))
        elif isinstance(e, AdditionalCostEffect):
            choices = tuple((_mana_of(c), tuple(c.parts)) for c in e.choices)
            out.append(AdditionalCost("additional", _mana_of(e), tuple(e.parts), bool(e.optional), False, a.text,
                                      choices))
    return out


def cost_changes(abilities: Iterable[Ability], source: str = "", controller: str = "") -> list[CostChange]:
    """The cost increases, reductions and minimums among a permanent's abilities (typed effects)."""
    out = []
    for a in abilities:
        e = a.effect
        if isinstance(e, CostIncrease):  # CostReduction is a CostIncrease
            out.append(CostChange("reduction" if isinstance(e, CostReduction) else "increase",
                                  ManaCost.parse(str(e.amount)), 0, str(e.spells), str(e.whose),
                                  False, source, controller, a.text, tuple(e.colors), tuple(e.types),
                                  str(e.during), bool(e.colored_only), tuple(e.from_zones), int(e.nth),
                                  bool(e.chosen_type), bool(e.other), bool(e.chosen_name)))
        elif isinstance(e, CostMinimum):
            out.append(CostChange("minimum", ManaCost(), int(e.minimum), str(e.spells), str(e.whose),
                                  bool(e.while_untapped), source, controller, a.text))
    return out


def has_name(card: Any, name: str) -> bool:
    """Whether ``card`` (a card, or the half or face cast) has the name ``name`` (CR 201.2; a split card outside the
    stack has both halves' names, 709.4a; the half cast has its own, 709.3; an adventurer or double-faced card only
    its main face's, 715.4, 712.8a): compared case-insensitively."""
    want = name.strip().casefold()
    faces = getattr(card, "faces", None) or ()
    if faces and getattr(card, "layout", "") in ("adventure", "modal_dfc", "transform", "flip", "meld"):
        # an adventurer card, or a double-faced card, outside the stack or cast as its main face has only that
        # face's name (CR 715.4, 712.8a, 712.8c, 712.11b-c: Bonecrusher Giant is not named Stomp)
        return want == str(faces[0].name).casefold()
    names = {str(card.name).casefold()} | {str(f.name).casefold() for f in faces}
    names |= {n.strip() for n in str(card.name).casefold().split("//")}
    return want in names
