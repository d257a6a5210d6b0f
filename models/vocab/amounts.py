"""How many: the amounts of the vocabulary (``Fixed``, ``VariableX``, ``CountOf``, ``CountersOn``, ``Devotion``,
``PowerOf``, ...; CR 107.1, 107.3, 700.5), read by ``solver.rules.quantities``."""
from __future__ import annotations

from dataclasses import dataclass

from .filters import Filter, QUANTITIES
from .topics import _unknown


class Amount:
    """Base of the typed amounts (how many)."""


@dataclass(frozen=True)
class Fixed(Amount):
    """A fixed number."""

    n: int


@dataclass(frozen=True)
class VariableX(Amount):
    """The value of X chosen or defined for the spell or ability (CR 107.3)."""


@dataclass(frozen=True)
class CountOf(Amount):
    """The number of objects matching ``filter`` (``"for each Elf you control"``)."""

    filter: Filter


@dataclass(frozen=True)
class CountersOn(Amount):
    """The number of ``counter`` counters on the source (``"for each charge counter on this"``); ``""``: counters of
    every kind ("for each counter on Nardole", CR 122.1)."""

    counter: str


@dataclass(frozen=True)
class Devotion(Amount):
    """The controller's devotion to a colour (CR 700.5); ``"chosen"``: to the colour chosen as the ability resolves
    ("Choose a color. Add an amount of mana of that color equal to your devotion to that color", Nyx Lotus), read
    per colour by ``solver.rules.mana.produce.base_events``. Several colour letters (``"WBG"``: "your devotion to white and
    black", "to Abzan") count each mana symbol that is at least one of them once (CR 700.5a)."""

    color: str


@dataclass(frozen=True)
class PowerOf(Amount):
    """The source's power (CR 208)."""


@dataclass(frozen=True)
class CountersRemoved(Amount):
    """The number of ``counter`` counters removed to pay the ability's cost ("for each storage counter removed this
    way"; the cost says "Remove any number of storage counters", CR 107.1b, 118.3)."""

    counter: str


#: Objects a ``StatOf`` reads: the source, what it is attached to, the object sacrificed or exiled to pay the cost
#: (CR 118.3, 601.2h: "the sacrificed creature's power"), or the object a trigger event refers to.
STAT_RELATIONS = ("this", "enchanted", "equipped", "sacrificed", "exiled", "that")


@dataclass(frozen=True)
class StatOf(Amount):
    """A number characteristic of one object: ``stat`` (``power``, ``toughness``, ``mana_value``) of ``relation``
    ("this creature's toughness", "the sacrificed artifact's mana value"; CR 208, 202.3). The source's power is also
    ``PowerOf()``; both mean the same. An object used to pay a cost is read as it last existed on the battlefield
    (CR 608.2h), so a ``sacrificed``/``exiled`` stat depends on the choice made as the cost is paid."""

    stat: str = "power"
    relation: str = "this"

    def __post_init__(self) -> None:
        if self.stat not in QUANTITIES:
            raise _unknown("quantity", self.stat, QUANTITIES, "amount")
        if self.relation not in STAT_RELATIONS:
            raise _unknown("relation", self.relation, STAT_RELATIONS, "amount")


@dataclass(frozen=True)
class GreatestAmong(Amount):
    """The greatest ``stat`` among the objects matching ``filter`` ("the greatest power among creatures you
    control"); 0 when none matches (Spell Rupture ruling 2013-01-24: "If you control no creatures at that time, X
    will be 0"). A comparison uses a negative value as it is; a number of mana or a cost change uses 0 instead
    (CR 107.1b)."""

    stat: str
    filter: Filter

    def __post_init__(self) -> None:
        if self.stat not in QUANTITIES:
            raise _unknown("quantity", self.stat, QUANTITIES, "amount")


@dataclass(frozen=True)
class TotalAmong(Amount):
    """The sum of ``stat`` over the objects matching ``filter`` ("creatures you control have total power 8 or
    greater", "the total power of attacking creatures"); 0 when none matches."""

    stat: str
    filter: Filter

    def __post_init__(self) -> None:
        if self.stat not in QUANTITIES:
            raise _unknown("quantity", self.stat, QUANTITIES, "amount")


#: What ``DistinctAmong`` counts: different powers, mana values, card types (CR 205.2a), permanent types (the card
#: types a permanent can have, CR 110.4a: "four or more permanent types among cards in your graveyard"), basic land
#: types (CR 205.3i; domain, 207.2c), colours (CR 105.2), names (CR 201), creature types (CR 205.3m).
DISTINCT_ASPECTS = ("power", "mana_value", "card_type", "permanent_type", "basic_land_type", "color", "name",
                    "creature_type")


@dataclass(frozen=True)
class DistinctAmong(Amount):
    """How many different ``aspect`` values the objects matching ``filter`` have together ("the number of basic land
    types among lands you control", "four or more card types among cards in your graveyard", "each different power
    among creatures you control"). A colourless object adds no colour (CR 105.2c)."""

    aspect: str
    filter: Filter

    def __post_init__(self) -> None:
        if self.aspect not in DISTINCT_ASPECTS:
            raise _unknown("aspect", self.aspect, DISTINCT_ASPECTS, "amount")


#: What ``ThisTurn`` counts from the turn history (``models.game.turn.TurnHistory``): life gained (CR 119.3) or lost
#: (119.3), cards drawn (121.1), spells cast (601.2i), lands played (305.2), creatures/permanents that died (700.4),
#: tokens created (111.1), permanents that entered under the player's control (603.6a), cards discarded (701.8),
#: permanents sacrificed (701.17), cards that left the player's graveyard, permanents that left the battlefield under
#: the player's control (CR 603.10a: revolt's "a permanent you controlled left the battlefield this turn"), energy
#: counters paid or lost (107.14, 122.1).
TURN_EVENTS = ("life_gained", "life_lost", "cards_drawn", "spells_cast", "lands_played", "died", "tokens_created",
               "entered", "discarded", "sacrificed", "left_graveyard", "left_battlefield", "energy_paid")


#: Whose events or numbers an amount reads: the ability's controller, an opponent (per opponent, see ``Compare``),
#: or every player together.
WHOSE = ("you", "opponent", "any")


@dataclass(frozen=True)
class ThisTurn(Amount):
    """How many ``event`` happened this turn for ``whose`` ("the amount of life you gained this turn", "a creature
    died this turn": ``ThisTurn("died", "any", creature filter)`` compared with 1). ``filter`` narrows the objects of
    object events (``died``, ``entered``, ``sacrificed``, ``spells_cast``) by their card's characteristics."""

    event: str
    whose: str = "you"
    filter: Filter | None = None

    def __post_init__(self) -> None:
        if self.event not in TURN_EVENTS:
            raise _unknown("turn event", self.event, TURN_EVENTS, "amount")
        if self.whose not in WHOSE:
            raise _unknown("player", self.whose, WHOSE, "amount")


@dataclass(frozen=True)
class LifeTotal(Amount):
    """A player's life total (CR 119.1)."""

    whose: str = "you"

    def __post_init__(self) -> None:
        if self.whose not in WHOSE[:2]:
            raise _unknown("player", self.whose, WHOSE[:2], "amount")


@dataclass(frozen=True)
class PlayerCounters(Amount):
    """How many ``kind`` counters a player has ("you have six or more {E}", CR 122.1, 107.14)."""

    kind: str
    whose: str = "you"

    def __post_init__(self) -> None:
        if self.whose not in WHOSE[:2]:
            raise _unknown("player", self.whose, WHOSE[:2], "amount")


@dataclass(frozen=True)
class Sum(Amount):
    """``parts`` added together plus ``plus`` ("X plus one", "1 plus the exiled creature's mana value")."""

    parts: tuple[Amount, ...]
    plus: int = 0


@dataclass(frozen=True)
class OfChosenType(Amount):
    """The number of objects matching ``filter`` that have the creature type chosen for the source as it entered
    ("the number of creatures you control of the chosen type", Three Tree City; CR 205.3m, 607.2a: the choice is
    recorded on the permanent, ``choices: {creature_type: ...}``)."""

    filter: Filter


@dataclass(frozen=True)
class SharingCreatureType(Amount):
    """The greatest number of objects matching ``filter`` that have a creature type in common ("the greatest number of
    creatures you control that have a creature type in common", White Lotus Tile, Basalt Ravager): for each creature
    type (CR 205.3m), how many of them have it, the largest; a changeling has every creature type (CR 702.73a); 0 when
    none has a creature type."""

    filter: Filter


@dataclass(frozen=True)
class Revealed(Amount):
    """"Reveal any number of [cards] in your hand. Add ... for each card revealed this way" (Metalworker,
    Sacellum Godspeaker): a number the player chooses as the ability resolves, from 0 to the number of cards in the
    hand matching ``filter`` (CR 701.20a reveal, 608.2d choices on resolution). The callers enumerate every value.
    The same number for "you may discard any number of cards. If you do, draw that many cards and add that much {R}"
    (Neheb, Dreadhorde Champion; CR 701.9a discard, 608.2d)."""

    filter: Filter


@dataclass(frozen=True)
class PartySize(Amount):
    """The number of creatures in the controller's party ("add {R} for each creature in your party", Ardent
    Electromancer): up to one each of Cleric, Rogue, Warrior and Wizard among the creatures they control, counted to
    get the highest result (CR 700.8, 700.8a-b)."""


#: What an ``EventAmount`` reads of its trigger event (CR 603.2): a number of the event itself (``""``), the player the
#: event names (``player``), the combat of the attack that triggered it (``attack``).
EVENT_REFERENCES = ("", "player", "attack")


@dataclass(frozen=True)
class EventAmount(Amount):
    """A number the trigger event gives ("that much", "that many": how many creatures attacked, "Whenever one or
    more creatures you control attack, add that much mana ...", Grand Warlord Radha; "twice that much {G}",
    Fangorn): ``at_least`` is the least the event gives (1 for "one or more ... attack", CR 508.1, 603.2c),
    ``times`` multiplies ("twice"). It is not a number of the game state: read as if the ability resolved now (CR
    106.7), it is one of the numbers its event can give, enumerated by the caller.

    ``of`` and ``reads`` type an amount read from what the event names (CR 603.2: a triggered ability's text may refer to
    the event's object or player), not from the state as it is now:

    * ``of="player"``: ``reads`` is read with the player the event names as "you" ("At the beginning of each player's
      first main phase, ... that player adds {C} for each artifact they control", Blinkmoth Urn: ``reads`` is
      ``CountOf(artifact you control)``); ``whose`` is who the event can name (``any``: each player, ``opponent``);
    * ``of="attack"``: ``reads`` is read in the combat of the attack that triggered it ("Whenever Tesak attacks, add {R}
      for each attacking creature": ``CountOf(attacking creature)``; "Whenever Klauth attacks, add X mana ..., where X
      is the total power of attacking creatures": ``TotalAmong(power, attacking creature)``): the source is attacking
      when the ability triggers (CR 508.1, 508.3a), and may be removed from combat before it resolves (CR 506.4);
    * ``of=""``: a number of the event itself ("that much"), ``reads`` is ``None``.

    ``solver.rules.mana.amounts.chosen_values`` gives every value such an amount can take."""

    at_least: int = 0
    times: int = 1
    of: str = ""
    reads: "Amount | None" = None
    whose: str = "any"

    def __post_init__(self) -> None:
        if self.of not in EVENT_REFERENCES:
            raise _unknown("event reference", self.of, EVENT_REFERENCES, "amount")
        if (self.reads is None) != (self.of == ""):
            raise ValueError("an amount read from the event's player or attack needs 'reads', and only then")
        if self.whose not in WHOSE:
            raise _unknown("player", self.whose, WHOSE, "amount")


@dataclass(frozen=True)
class PlayersWho(Amount):
    """How many players of ``whose`` had ``event`` (a count of ``models.game.turn.TurnHistory.COUNTS``) happen this turn:
    "for each of your opponents who lost life this turn" (Belbe, Corrupted Observer; CR 119.3)."""

    event: str
    whose: str = "opponent"


@dataclass(frozen=True)
class StartingLife(Amount):
    """A player's starting life total (CR 103.4: 20 in a two-player game; variants differ, 103.4a-c): the
    scenario's ``starting_life`` (default 20). "You have at least 7 life more than your starting life total" is
    ``Compare(LifeTotal(), ">=", Sum((StartingLife(),), 7))``."""

    whose: str = "you"

    def __post_init__(self) -> None:
        if self.whose not in WHOSE[:2]:
            raise _unknown("player", self.whose, WHOSE[:2], "amount")


@dataclass(frozen=True)
class CountersAmong(Amount):
    """The number of ``counter`` counters on all the permanents matching ``filter`` together ("for each +1/+1
    counter on creatures you control", Deepwood Denizen; CR 122.1)."""

    counter: str
    filter: Filter


@dataclass(frozen=True)
class LargestGroup(Amount):
    """The greatest number of objects matching ``filter`` that share one ``aspect`` value: ``name`` ("you control
    three or more lands with the same name", Endless Atlas; CR 201.2)."""

    aspect: str
    filter: Filter

    def __post_init__(self) -> None:
        if self.aspect not in ("name",):
            raise _unknown("aspect", self.aspect, ("name",), "amount")


AMOUNT_TYPES: tuple[type, ...] = (Fixed, VariableX, CountOf, CountersOn, Devotion, PowerOf, CountersRemoved, StatOf,
                                  GreatestAmong, TotalAmong, DistinctAmong, ThisTurn, LifeTotal, PlayerCounters, Sum,
                                  OfChosenType, Revealed, PartySize, EventAmount,
                                  SharingCreatureType, PlayersWho, StartingLife, CountersAmong, LargestGroup)


@dataclass(frozen=True)
class TopCardsOfLibraries(Amount):
    """"Each player reveals the top card of their library. For each nonland card revealed this way, add {G}" (Selvala,
    Explorer Returned): the number of players whose library's top card (CR 401.1) matches ``filter``. A player with an
    empty library reveals nothing (CR 401.1); every library must be listed by the scenario (``solver.rules.quantities``
    answers ``Unsupported`` otherwise). Not a choice: the libraries as they are decide it (CR 106.7 reads it as if the
    ability resolved now)."""

    filter: Filter
