"""Costs: cost increases, reductions and minimums (CR 601.2f), additional and alternative costs (CR 118.8, 118.9),
the cost of an activated ability changed (CR 602.2b) and costs that can't be paid (CR 118.12)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..game.mana import COLORS
from .amounts import Amount
from .cost_parts import COST_PARTS
from .effect import (
    ADDITIONAL_COSTS, _choice_in, Codec, Effect, _filter_in, fld, _opt_amount_in, _opt_condition_in, Unmodelled,
)
from .filters import Filter
from .logic import Condition
from .topics import Topic, _unknown, VocabularyError


def _colors_in(v: Any, where: str) -> tuple[str, ...]:
    out = tuple(str(x).upper() for x in ([v] if isinstance(v, str) else v))
    for c in out:
        if c not in COLORS:
            raise VocabularyError(f"{where}: {c!r} is not a colour letter ({', '.join(COLORS)})")
    return out


COLOR_LETTERS: Codec = _colors_in


#: When a cost change applies (CR 601.2f): always; only during (or outside) the turn of the spell's
#: controller ("except during its controller's turn", Defense Grid); only during (or outside) the turn of
#: the cost changer's controller ("During turns other than yours, ...", Geyser Drake).
COST_DURING = ("any", "caster_turn", "not_caster_turn", "controller_turn", "not_controller_turn")


def _during_in(v: Any, where: str) -> str:
    if str(v) not in COST_DURING:
        raise _unknown("during", str(v), COST_DURING, where)
    return str(v)


DURING: Codec = _during_in


@dataclass(frozen=True, eq=False)
class CostIncrease(Effect):
    """"[spells] cost [amount] more to cast" (CR 601.2f).

    ``spells``: a class of ``models.vocab.costs.SPELL_CLASSES``; ``colors``: the spell must be at least one of these
    colours (CR 105.2; "White spells and black spells": W or B, one change, Stormscape Familiar ruling
    2004-10-04); ``types``: it must have at least one of these card types, supertypes or subtypes ("Artifact
    and enchantment spells", "Cleric spells"); ``whose``: ``all``, ``you``, ``opponents``; ``during``: one of
    ``COST_DURING``; ``colored_only``: a reduction by coloured mana that "reduces only the amount of colored
    mana you pay" (Edgewalker), never generic mana (which CR 118.7b-c would otherwise reduce); ``from_zones``:
    where the spell is cast from (Gravebreaker Lamia, Aven Interrupter; ``not_hand``: anywhere but the hand)."""

    kind: ClassVar[str] = "cost_increase"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.SPELL_COSTS})
    amount: str = fld("{1}")
    spells: str = fld("all")
    whose: str = fld("all")
    colors: tuple[str, ...] = fld((), COLOR_LETTERS)
    types: tuple[str, ...] = fld(())
    during: str = fld("any", DURING)
    colored_only: bool = fld(False)
    #: the zones the spell must be cast from ("Spells you cast from your graveyard"); ``not_hand``: any zone
    #: but the hand ("from anywhere other than your hand"); empty: any zone
    from_zones: tuple[str, ...] = fld(())
    #: only the caster's ``nth`` spell of the turn ("The second spell you cast each turn", dualcast; the turn's
    #: history, models/game/turn.py); 0: every spell
    nth: int = fld(0)
    #: the spell must have the creature type chosen as the source entered ("Creature spells you cast of the chosen
    #: type", Herald's Horn; ``Permanent.choices['creature_type']``)
    chosen_type: bool = fld(False)
    #: the spell must have the card name chosen as the source entered ("Spells with the chosen name you cast",
    #: Council of the Absolute, Brago's Favor; ``Permanent.choices['card_name']``, CR 607.2d, 201.2)
    chosen_name: bool = fld(False)
    #: "Other [...] spells": not the source itself when it is the spell (an eminence ability of a commander cast
    #: from the command zone, CR 113.6, 601.2f)
    other: bool = fld(False)


@dataclass(frozen=True, eq=False)
class CostReduction(CostIncrease):
    """"[spells] cost [amount] less to cast" (CR 601.2f, 118.7a)."""

    kind: ClassVar[str] = "cost_reduction"


@dataclass(frozen=True, eq=False)
class CostMinimum(Effect):
    """Trinisphere: each spell that would cost less than ``minimum`` costs ``minimum`` (CR 601.2f)."""

    kind: ClassVar[str] = "cost_minimum"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.SPELL_COSTS})
    minimum: int = fld(0)
    spells: str = fld("all")
    whose: str = fld("all")
    while_untapped: bool = fld(False)


@dataclass(frozen=True, eq=False)
class SelfCostChange(Effect):
    """"This spell costs [amount] less/more to cast for each [count]" (CR 601.2f); ``count``: ``{zone, whose,
    types[, measure]}`` (models.vocab.costs.parse_count). Without ``count``, the typed ``per`` ("for each [amount]",
    "{X} less, where X is [amount]": ``amount`` per unit) and ``condition`` ("if [condition]": once while it holds)
    say when and how much (models.text.self_cost_conditions; read by ``solver.rules.costs.self_cost_changes``)."""

    kind: ClassVar[str] = "self_cost_change"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.SPELL_COSTS})
    direction: str = fld("less")
    amount: str = fld("{1}")
    count: Any = fld(None)
    per: Amount | None = fld(None, lambda v, w: _opt_amount_in(v, w))
    condition: Condition | None = fld(None, lambda v, w: _opt_condition_in(v, w))


@dataclass(frozen=True, eq=False)
class AdditionalCost(Effect):
    """"As an additional cost to cast this spell, [parts]" (CR 601.2b, 118.8). ``choices``: the options of an
    either-or additional cost ("sacrifice a creature or pay {3}", Bayou Groff), each an ``AdditionalCost``: the caster
    announces one as the spell is cast (CR 601.2b) and the total cost includes that one (601.2f); ``parts`` and
    ``cost`` are then empty."""

    kind: ClassVar[str] = "additional_cost"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.SPELL_COSTS, Topic.CASTING})
    parts: tuple[Any, ...] = fld((), COST_PARTS)
    cost: str | None = fld(None)
    optional: bool = fld(False)
    choices: tuple[Any, ...] = fld((), ADDITIONAL_COSTS)


#: What a chosen-object cost part does (CR 118.3): ``sacrifice`` (CR 701.21), ``return`` (a permanent to its
#: owner's hand), ``tap`` (an untapped permanent; not a {T} ability, so summoning sickness does not matter,
#: CR 302.6), ``exile`` (a card from the hand), ``discard`` (CR 701.9), ``reveal_hand`` (always payable).
OBJECT_ACTIONS = ("sacrifice", "return", "tap", "exile", "discard", "reveal_hand")


@dataclass(frozen=True)
class ObjectCost:
    """A cost part that chooses ``n`` objects matching ``filter`` (CR 118.3): permanents the caster controls
    (``filter.zone`` battlefield) or cards in the caster's hand (``filter.zone`` hand); ``action`` one of
    ``OBJECT_ACTIONS``; ``text`` the wording (explanations only)."""

    action: str
    n: int = 1
    filter: Filter = field(default_factory=Filter)
    text: str = ""

    def __post_init__(self) -> None:
        if self.action not in OBJECT_ACTIONS:
            raise _unknown("cost action", self.action, OBJECT_ACTIONS, "object cost")


#: Tests of a ``CastCondition``.
CAST_TESTS = ("controls", "your_turn", "not_your_turn", "attacking", "attacked", "hand_has_none", "condition")


@dataclass(frozen=True)
class CastCondition(Condition):
    """A condition of an alternative cost, read as the spell is cast (CR 601.2b, 118.9): ``test`` one of
    ``CAST_TESTS``: ``controls`` (at least ``n`` permanents matching ``filter``, whose ``controller`` says whose:
    you, an opponent, anyone: "there are thirteen or more creatures on the battlefield"), ``your_turn`` /
    ``not_your_turn`` (the caster is / is not the active player), ``attacking`` (at least ``n`` attacking
    creatures matching ``filter``; exactly ``n`` when ``exact``, CR 506.4), ``attacked`` (the caster attacked
    with a creature this turn, CR 508.1), ``hand_has_none`` (no card matching ``filter`` in the caster's hand),
    ``condition`` (the typed ``condition`` of the board, the players or the turn holds for the caster:
    "an opponent cast three or more spells this turn"; ``solver.rules.quantities.condition_holds``)."""

    test: str
    n: int = 1
    filter: Filter | None = None
    exact: bool = False
    text: str = ""
    condition: Any = None

    def __post_init__(self) -> None:
        if self.test not in CAST_TESTS:
            raise _unknown("cast condition", self.test, CAST_TESTS, "cast condition")


def _records_in(v: Any, where: str, record: type, what: str) -> tuple[Any, ...]:
    """``record`` instances, one value or a list; anything else (words the reader did not understand, or did not
    read: ``models.text.params`` reads a catalog's words before the effect is built) is a ``VocabularyError``
    naming ``where`` and ``what``."""
    out: list[Any] = []
    for x in ([v] if isinstance(v, (str, record)) else v or ()):
        if not isinstance(x, record):
            raise VocabularyError(f"{where}: {what} {x!r} is not understood")
        out.append(x)
    return tuple(out)


def _objects_in(v: Any, where: str) -> tuple[ObjectCost, ...]:
    """Chosen-object cost parts: ``ObjectCost`` records (wording such as "sacrifice two Mountains" is read by
    ``models.text.costs.object_cost`` before the effect is built)."""
    return _records_in(v, where, ObjectCost, "cost part")


def _cast_conditions_in(v: Any, where: str) -> tuple[CastCondition, ...]:
    """Conditions of an alternative cost: ``CastCondition`` records (wording such as "you control a Plains" is
    read by ``models.text.costs.cast_condition`` before the effect is built)."""
    return _records_in(v, where, CastCondition, "condition")


@dataclass(frozen=True, eq=False)
class PrintedAlternativeCost(Effect):
    """A spell's own alternative cost (CR 118.9): "You may [cost] rather than pay this spell's mana cost" and
    "you may cast this spell without paying its mana cost" (``free``), when ``conditions`` all hold ("If you
    control a Plains, ..."). At most one alternative cost is chosen, before the total is computed (CR 118.9a,
    601.2b); additional costs, increases and reductions still apply (118.9d, 601.2f); the mana value is the
    card's (118.9c, 202.3).

    ``cost``: the mana part (``None``: none); ``life``: life to pay (CR 119.4); ``objects``: chosen-object parts
    (``ObjectCost``); ``untyped``: wording of a part or condition that is not modelled (an answer that needs
    this alternative is then unsupported, naming the sentence; one that does not need it is unchanged, since
    the alternative only adds a way to cast the spell)."""

    kind: ClassVar[str] = "alternative_cost"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.SPELL_COSTS, Topic.CASTING})
    cost: str | None = fld(None)
    life: int = fld(0)
    objects: tuple[Any, ...] = fld((), _objects_in)
    free: bool = fld(False)
    conditions: tuple[Any, ...] = fld((), _cast_conditions_in)
    untyped: str = fld("")


ABILITY_COST_DURING = ("any", "controller_turn")


@dataclass(frozen=True, eq=False)
class AbilityCostChange(Effect):
    """An activated ability's own cost change: "This ability costs {N} less (more) to activate [for each X / if
    <condition> / during your turn]" and "This ability costs {X} less to activate, where X is ..." (CR 602.2b: the
    total cost of an ability is found as a spell's, 601.2f). It is read by ``solver.rules.activation_costs.ability_cost_change`` when
    the ability is activated (``Ability.cost_change``).

    Attributes
    ----------
    direction : str  ``less`` or ``more``.
    amount : int  generic mana per unit ({N}); 1 with ``per`` an X amount.
    per : Amount or None  "for each ...": the number of units (``None``: one unit).
    condition : Condition or None  "if ...": the change applies only while it holds.
    during : str  ``controller_turn`` ("during your turn") or ``any``.
    text : str  the wording.

    A reduction reduces only the generic mana of the cost, never below {0} (CR 601.2f, 118.7a).
    """

    kind: ClassVar[str] = "ability_cost_change"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.COSTS})
    direction: str = fld("less", _choice_in(("less", "more"), "direction"))
    amount: int = fld(1)
    per: Amount | None = fld(None, _opt_amount_in)
    condition: Condition | None = fld(None, _opt_condition_in)
    during: str = fld("any", _choice_in(ABILITY_COST_DURING, "during"))
    text: str = fld("")


ACTIVATORS = ("any", "you", "opponents")


@dataclass(frozen=True, eq=False)
class ActivationCostChange(Effect):
    """A static ability that changes what other activated abilities cost: "Activated abilities of creatures you
    control cost {2} less to activate. This effect can't reduce the mana in that cost to less than one mana."
    (Training Grounds), "Abilities you activate that aren't mana abilities cost {2} less ..." (Zirda),
    "Activated abilities cost {2} more to activate unless they're mana abilities" (Suppression Field),
    "Enchanted artifact's activated abilities cost {2} less ..." (Power Artifact). CR 602.2b: an ability's total
    cost is found as a spell's (601.2f): increases first, then reductions; a reduction reduces generic mana only and
    never below {0} (118.7a). Read by ``solver.rules.activation_costs.activation_total_cost`` (the ``activate`` question) and by
    ``solver.rules.activation_costs.check_mana_ability_cost_changes`` (a mana ability whose cost it would change makes the mana
    questions unsupported).

    Attributes
    ----------
    direction : str  ``less`` or ``more``.
    amount : int  generic mana.
    sources : Filter or None  whose abilities (a permanent filter; relation ``enchanted`` for "enchanted artifact's");
        ``None``: every source ("Abilities you activate", "Activated abilities cost ...").
    activator : str  ``you`` ("abilities you activate": the change's controller activates them), ``opponents``,
        ``any``.
    mana_abilities : bool  False with "that aren't mana abilities" / "unless they're mana abilities" (CR 605.1a).
    min_one : bool  "This effect can't reduce the mana in that cost to less than one mana": the cost keeps at least
        one mana symbol after this reduction (Training Grounds rulings 2010-06-15, 2023-05-12: an ability whose cost
        has no generic mana is not changed; {2} becomes {1}, {2}{G} becomes {G}).
    zone : str  where the affected sources are: ``battlefield`` or ``graveyard`` ("activated abilities of cards in
        your graveyard").
    condition : Condition or None  "As long as ...": the change applies only while it holds.
    text : str
    """

    kind: ClassVar[str] = "activation_cost_change"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.COSTS, Topic.ACTIVATION})
    direction: str = fld("less", _choice_in(("less", "more"), "direction"))
    amount: int = fld(1)
    sources: Filter | None = fld(None, lambda v, w: None if v is None else _filter_in(v, w))
    activator: str = fld("any", _choice_in(ACTIVATORS, "activator"))
    mana_abilities: bool = fld(True)
    min_one: bool = fld(False)
    zone: str = fld("battlefield", _choice_in(("battlefield", "graveyard"), "zone"))
    condition: Condition | None = fld(None, _opt_condition_in)
    text: str = fld("")


@dataclass(frozen=True, eq=False)
class CantPayCosts(Effect):
    """"Players can't pay life to cast spells or to activate abilities that aren't mana abilities." (Karn's Sylex),
    "Players can't pay life or sacrifice creatures to cast spells or activate abilities." (Angel of Jubilation,
    Yasharn): a cost with such a part can't be paid (CR 101.2: "can't" wins; 118.3, 602.2b), except paying 0 life
    (CR 119.4b). Read by ``solver.rules.activation_costs.cant_pay_problems`` for ``activate`` and by
    ``solver.rules.activation_costs.check_mana_ability_cost_changes`` for mana abilities; the part about casting spells is
    ``spells``, an ``Unmodelled`` the gate reads for the casting questions.

    Attributes
    ----------
    life : bool  players can't pay life.
    sacrifice : Filter or None  what players can't sacrifice ("creatures", "nonland permanents").
    mana_abilities : bool  False with "abilities that aren't mana abilities" (CR 605.1a).
    spells : Unmodelled or None  the casting part, not modelled.
    text : str
    """

    kind: ClassVar[str] = "cant_pay_costs"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.COSTS, Topic.ACTIVATION, Topic.LIFE})
    life: bool = fld(False)
    sacrifice: Filter | None = fld(None, lambda v, w: None if v is None else _filter_in(v, w))
    mana_abilities: bool = fld(True)
    spells: Unmodelled | None = fld(None, lambda v, w: v if isinstance(v, Unmodelled) or v is None
                                           else Unmodelled(str(v), frozenset({Topic.CASTING})))
    text: str = fld("")
