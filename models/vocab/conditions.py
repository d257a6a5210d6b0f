"""Whether: the conditions of the vocabulary (``HasCounter``, ``ControlsAtLeast``, ``Not``, ``CardsInZone``,
``Compare``, ``DuringTurn``, ...; CR 603.4, 611.3a, 602.5), read by ``solver.rules.quantities``."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .amounts import Amount, WHOSE
from .filters import Filter, NUMBER_COMPARISONS
from .logic import AllOf, AnyOf, Condition, Not
from .topics import _unknown


@dataclass(frozen=True)
class HasCounter(Condition):
    """The source has at least ``n`` (default one) ``counter`` counters on it ("if there are three or more brick
    counters on this artifact")."""

    counter: str
    n: int = 1


@dataclass(frozen=True)
class ControlsAtLeast(Condition):
    """The controller controls at least ``n`` objects matching ``filter``."""

    n: int
    filter: Filter


@dataclass(frozen=True)
class SourceTapped(Condition):
    """The source of the ability is tapped ("if this creature is tapped", Barbflare Gremlin; CR 603.4)."""


@dataclass(frozen=True)
class EventObjectIs(Condition):
    """The object the trigger event refers to matches ``filter`` ("if that Island is snow", Snowfall): read
    against the permanent tapped for mana (CR 106.12a, 603.4)."""

    filter: Filter


#: How a count is compared: at least, at most or exactly ``n``.
COMPARISONS = ("at_least", "at_most", "exactly")


@dataclass(frozen=True)
class CardsInZone(Condition):
    """The number of cards in a player's ``zone`` (``hand`` or ``graveyard``) compared with ``n`` ("if you have no
    cards in hand", "if seven or more cards are in your graveyard", "exactly seven cards in hand"). ``whose``:
    ``you`` (the ability's controller, the caster). The zone's contents must be known (listed in the scenario)."""

    zone: str
    n: int
    compare: str = "at_least"
    whose: str = "you"


@dataclass(frozen=True)
class OpponentHasCounters(Condition):
    """An opponent has at least ``n`` ``kind`` counters ("if an opponent has three or more poison counters",
    CR 122.1)."""

    kind: str
    n: int


@dataclass(frozen=True)
class OpponentControlsMore(Condition):
    """An opponent controls at least ``by`` more objects matching ``filter`` than you ("if an opponent controls
    more lands than you": ``by`` 1; Isolated Watchtower "at least two more lands": 2)."""

    filter: "Filter"
    by: int = 1


@dataclass(frozen=True)
class SourceAttacking(Condition):
    """The source is an attacking creature ("Activate only if this creature is attacking", CR 506.4)."""


@dataclass(frozen=True)
class AttackedThisStep(Condition):
    """"If you've been attacked this step": a creature is attacking you (Ambush-style instants of Portal Three
    Kingdoms, read in the declare attackers step; CR 508.1, 506.4)."""


@dataclass(frozen=True)
class AttackedThisTurn(Condition):
    """Attackers were declared this turn (CR 508.1): ``subject`` ``this`` ("if this creature attacked this turn",
    boast, CR 702.142a) or ``you`` ("if you attacked this turn": with at least ``n`` creatures)."""

    subject: str = "this"
    n: int = 1
    #: ``you`` only: the attackers counted ("if you attacked with a Spacecraft this turn", Thaumaton Torpedo)
    filter: "Filter | None" = None


@dataclass(frozen=True)
class DefendingPlayerControls(Condition):
    """The defending player controls at least ``n`` objects matching ``filter`` ("only if defending player controls
    a snow land", Arcum's Sleigh; ``Not`` of it: "controls no snow lands"). There is a defending player only during
    combat; in a two-player game it is the nonactive player (CR 506.2); outside combat the condition does not hold."""

    filter: "Filter"
    n: int = 1


@dataclass(frozen=True)
class SpellsCastThisTurn(Condition):
    """You have cast at least ``n`` spells this turn (``other``: besides the spell being cast, which is not counted
    yet: "if you've cast another spell this turn", CR 601.2i)."""

    n: int = 1


@dataclass(frozen=True)
class Compare(Condition):
    """``left`` ``op`` ``right`` (amounts; an int means ``Fixed``): "creatures you control have total power 8 or
    greater" is ``Compare(TotalAmong("power", creatures you control), ">=", 8)``; "you have more cards in hand than
    each opponent" compares your hand with an opponent's.

    ``opponents``: when an amount reads an opponent (``whose="opponent"``, a filter controlled by ``opponent``), the
    comparison is made for each opponent separately: ``an`` (default) holds if it holds for at least one opponent
    ("if an opponent controls four or more lands"), ``each`` if for every opponent ("than each opponent").
    """

    left: Amount
    op: str
    right: Amount | int = 0
    opponents: str = "an"

    def __post_init__(self) -> None:
        if self.op not in NUMBER_COMPARISONS:
            raise _unknown("comparison", self.op, NUMBER_COMPARISONS, "condition")
        if self.opponents not in ("an", "each"):
            raise _unknown("opponent quantifier", self.opponents, ("an", "each"), "condition")


#: Player designations (CR 724 the monarch, 725 the initiative, 702.131 the city's blessing, 309.7 having completed
#: a dungeon): a scenario lists them per player (``designations: {Alice: [monarch]}``); none unless listed.
DESIGNATIONS = ("monarch", "initiative", "city's blessing", "completed a dungeon")


@dataclass(frozen=True)
class HasDesignation(Condition):
    """``whose`` has ``designation`` ("if you're the monarch", "if you have the city's blessing", "if you've completed
    a dungeon"; CR 724, 725, 702.131, 309.7)."""

    designation: str
    whose: str = "you"

    def __post_init__(self) -> None:
        if self.designation not in DESIGNATIONS:
            raise _unknown("designation", self.designation, DESIGNATIONS, "condition")
        if self.whose not in WHOSE[:2]:
            raise _unknown("player", self.whose, WHOSE[:2], "condition")


@dataclass(frozen=True)
class SourceMatches(Condition):
    """The source itself matches ``filter`` ("if this permanent is a creature", "only if Hakim isn't enchanted":
    a filter with relation ``None`` read against the source)."""

    filter: Filter


@dataclass(frozen=True)
class SourceModified(Condition):
    """The source is modified: it has a counter on it, is equipped, or is enchanted by an Aura its controller
    controls (CR 700.9; "as long as this creature is modified", Orochi Merge-Keeper)."""


@dataclass(frozen=True)
class SourceRenowned(Condition):
    """The source is renowned (CR 702.112b; "as long as this creature is renowned", Honored Hierarch): the scenario's
    ``renowned`` of the permanent."""


@dataclass(frozen=True)
class SourceCast(Condition):
    """How the source entered the battlefield: it was cast (CR 601.2), from ``zone`` when given ("if you cast it from
    your hand", Coal Stoker), and with ``bargained`` its bargain cost was paid (CR 702.166b: "if it was bargained",
    Realm-Scorcher Hellkite). An intervening "if" of its enters trigger (CR 603.4), read from the permanent's
    scenario keys ``cast_from`` and ``bargained`` (absent: it was not cast; an answer relying on that says so)."""

    zone: str | None = None
    bargained: bool = False


@dataclass(frozen=True)
class HasLegalTarget(Condition):
    """The triggered ability's target requirement ``spec`` (a ``models.vocab.targeting_specs.TargetSpec``) can be met now: a
    triggered ability whose required target can't be chosen is removed from the stack (CR 603.3d) and one whose
    targets are all illegal doesn't resolve (608.2b), so it adds its mana only with a legal target ("Urabrask deals
    1 damage to target opponent. Add {R}."; "exile target card from a graveyard. If it was a land card, add {R} or
    {G}", Klothys: a land card). Read by ``solver.rules.targets.spec_legality``."""

    spec: Any = None


@dataclass(frozen=True)
class ResolvedThisTurn(Condition):
    """"If this is the [first/second/third] time this ability has resolved this turn" (Omnath, Locus of Creation):
    as it resolves it is the ``nth`` time when it resolved ``nth - 1`` times earlier this turn (CR 603.4, 608.2), read
    from the turn history's ``resolved`` for the source and this ability (none listed: it has not resolved)."""

    nth: int = 1


@dataclass(frozen=True)
class ControlsCommander(Condition):
    """"As long as you control your commander" (Convergence of Dominion; CR 903.3): which permanents are
    commanders is not recorded in a scenario, so ``solver.rules.quantities`` answers it ``Unsupported`` wherever it is
    read."""


@dataclass(frozen=True)
class AnchorChosen(Condition):
    """"[Anchor word] — [ability]" (the Sieges: "As this enchantment enters, choose Khans or Dragons. • Khans — ..."):
    CR 614.12c, "as long as [anchor word] was chosen as this permanent entered the battlefield, this permanent has
    [ability]". The choice is the permanent's ``choices: {anchor: Khans}`` entry of the scenario (none given:
    ``solver.rules.quantities`` answers ``Unsupported``)."""

    word: str = ""


CONDITION_TYPES: tuple[type, ...] = (AnchorChosen, HasCounter, ControlsAtLeast, SourceTapped, EventObjectIs, Not, CardsInZone,
                                     OpponentHasCounters, OpponentControlsMore, SourceAttacking, AttackedThisStep,
                                     AttackedThisTurn, SpellsCastThisTurn, Compare, AllOf, AnyOf, HasDesignation,
                                     SourceMatches, SourceModified, SourceRenowned, SourceCast, ResolvedThisTurn,
                                     HasLegalTarget, DefendingPlayerControls, ControlsCommander)


#: Whose turn a ``DuringTurn`` condition names: the controller's own ("during your turn") or another player's
#: ("during turns other than yours").
TURN_OWNERS = ("you", "not_you")


@dataclass(frozen=True)
class DuringTurn(Condition):
    """"During your turn, ..." (``whose="you"``: the source's controller is the active player, CR 102.1, 500) or
    "During turns other than yours, ..." (``whose="not_you"``): a static ability whose effect applies only during
    those turns (CR 611.3a)."""

    whose: str = "you"

    def __post_init__(self) -> None:
        if self.whose not in TURN_OWNERS:
            raise _unknown("turn", self.whose, TURN_OWNERS, "condition")


@dataclass(frozen=True)
class MaxSpeed(Condition):
    """The controller has max speed: their speed is 4 (CR 702.179e). A player with no speed has speed 0 for
    effects that refer to speed (702.179f); a scenario's ``speed`` gives it (docs/scenarios.md). "Max speed —
    [ability]" means "As long as your speed is 4, this object has '[ability]'" (CR 702.178a)."""


CONDITION_TYPES = CONDITION_TYPES + (DuringTurn, MaxSpeed)


@dataclass(frozen=True)
class TargetsInclude(Condition):
    """"if it targets two creatures you control" (Wayta, Trainer Prodigy): the ability's chosen targets include at
    least ``count`` objects that are each a legal choice for ``spec`` (a ``models.vocab.targeting_specs.TargetSpec``). Its
    targets are chosen before its total cost is found (CR 601.2c before 601.2f, via 602.2b): the ``activate``
    question reads it against the target choices (``solver.rules.targets.targets_can_include``); ``condition_holds`` does
    not (unsupported)."""

    count: int
    spec: Any
    text: str = ""


@dataclass(frozen=True)
class TopOfLibrary(Condition):
    """The top card of the controller's library matches ``filter`` ("As long as the top card of your library is a
    land card, this creature has ...", Mul Daya Channelers). A library is ordered (CR 401.1, 401.2) and its top card
    is the first listed; the condition reads it only when the scenario lists that library (a library not listed:
    ``solver.rules.quantities`` answers ``Unsupported``); an empty library has no top card, so the condition does not
    hold. ``whose``: ``you`` (the source's controller)."""

    filter: Filter
    whose: str = "you"


CONDITION_TYPES = CONDITION_TYPES + (TopOfLibrary,)


@dataclass(frozen=True)
class ModeUnchosen(Condition):
    """The mode of a modal triggered ability "choose one that hasn't been chosen [this turn] —" (Galadriel, Light of
    Valinor; Zuko, Conflicted) can still be chosen as it resolves now (CR 700.2, 700.2a; a mode chosen by an earlier
    resolution of the ability of this object can't be chosen again). ``per``: ``turn`` ("this turn") or ``ever``
    (since the object entered the battlefield, CR 400.7). Read by ``solver.rules.quantities`` from the turn's history
    (``resolved``): no earlier resolution, so every mode is left; an earlier one, or a permanent that has been on the
    battlefield before this turn for ``ever``: which modes were chosen is not recorded (``Unsupported``)."""

    per: str = "turn"
    modes: int = 0


CONDITION_TYPES = CONDITION_TYPES + (ModeUnchosen,)


# --- "Activate only if this creature has another activated ability." --------------------------------

@dataclass(frozen=True)
class HasAnotherActivatedAbility(Condition):
    """"Activate only if this creature has another activated ability." (Tazri, Stalwart Survivor's granted mana ability):
    the source has, now, an activated ability besides the one restricted (CR 602.5; mana abilities are activated
    abilities too, 605.1a; what it has now is read through the layer view, 613). Read by
    ``solver.rules.quantities.condition_holds``; a second instance of the same granted ability is not read (unsupported)."""


CONDITION_TYPES = CONDITION_TYPES + (HasAnotherActivatedAbility,)
