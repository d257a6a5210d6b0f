"""Game state: players, zones, permanents, mana pools, life totals and effects in force.

Plain data. Solvers read a ``GameState``; they do not change it (use ``copy`` or
build new states).

References: CR 102 (players), 103.1/101.4 and 603.3b (turn order, APNAP), 110 (permanents),
302.6 (summoning sickness), 400 (zones: library top first), 106.4 (mana pools), 119 (life).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping

from mtgcheck.models.game.cards import Card
from mtgcheck.models.game.mana import ManaPool
from mtgcheck.models.game.turn import TurnState

ZONES = ("battlefield", "hand", "graveyard", "library", "exile", "command")
#: Zones holding cards other than the battlefield. ``stack``: spells on the stack, listed per controller
#: (top first within each player's list; the order between players' lists is not kept).
CARD_ZONES = ("hand", "graveyard", "library", "exile", "command", "stack")


class StateError(ValueError):
    """An impossible or ambiguous state, or a reference that matches no permanent.

    ``candidates`` lists the permanents a reference could have meant, when useful.
    """

    def __init__(self, message: str, candidates: Iterable[str] = ()) -> None:
        super().__init__(message)
        self.candidates = list(candidates)


@dataclass
class CardInstance:
    """A card in a zone other than the battlefield. ``id`` is unique in the state.

    ``casts``: for a commander in the command zone, how many times its owner has cast it from the command zone
    this game (the commander tax counts them, CR 903.8); 0 elsewhere.

    A card in exile may carry a permission to cast it from there: ``foretold`` (CR 702.143a, 702.143c: exiled with its
    foretell ability; ``"earlier"`` a turn before this one, ``"this_turn"`` this turn), ``plotted`` (CR 702.170a,
    702.170d: the same values), ``on_adventure`` (CR 715.3d: exiled by its own Adventure spell resolving). ``None`` /
    ``False``: no such permission.
    """

    id: str
    card: Card
    owner: str
    casts: int = 0
    foretold: str | None = None
    plotted: str | None = None
    on_adventure: bool = False

    @property
    def name(self) -> str:
        return self.card.name


@dataclass
class Permanent:
    """A permanent on the battlefield (CR 110).

    ``sick`` means its controller has not controlled it continuously since their most
    recent turn began (CR 302.6); it matters only for creatures' {T}/{Q} abilities.
    ``x`` is the value of X paid when it was cast (CR 107.3m), ``None`` if not cast with X.
    ``choices`` holds choices made as it entered (``color``, ``creature_type``, ``card_name``).
    ``timestamp`` orders its static abilities' effects (CR 613.7); ``None``: its position (see docs/scenarios.md).
    """

    id: str
    card: Card
    controller: str
    owner: str
    tapped: bool = False
    sick: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    choices: dict[str, Any] = field(default_factory=dict)
    x: int | None = None
    attached_to: str | None = None
    #: the cards in exile that were exiled with it (CR 406.6, 607.2a: what its linked ability calls "the exiled card"
    #: or cards "exiled with this land"): the scenario entry's ``exiled``; none listed: none
    exiled_with: tuple[CardInstance, ...] = ()
    timestamp: int | None = None
    #: declared as an attacker this combat and not removed from combat (CR 506.4, 508.1); only from the declare
    #: attackers step to the end of combat step (``TurnStep.has_attackers``)
    attacking: bool = False
    #: declared as a blocker this combat (CR 509.1); only from the declare blockers step to the end of combat
    blocking: bool = False
    #: it has become renowned (CR 702.112b: a designation it keeps while on the battlefield)
    renowned: bool = False
    #: activated-ability number (from 1) -> how many times that ability of this object was activated since it last
    #: entered the battlefield, this turn included ("Activate only once", exhaust: CR 602.5b, 702.177a, 400.7);
    #: the scenario entry's ``activations``; none listed: never
    activations: dict[int, int] = field(default_factory=dict)
    #: the zone it was cast from as the spell that became it (CR 601.2a, 608.3; "if you cast it from your hand"),
    #: ``None``: it was not cast (put onto the battlefield); the scenario entry's ``cast_from``
    cast_from: str | None = None
    #: its bargain cost was paid as it was cast (CR 702.166b: "if it was bargained"); the entry's ``bargained``
    bargained: bool = False
    #: it entered the battlefield this turn ("Activate only if this land entered this turn", "creatures that
    #: entered this turn"; CR 603.6a, 400.7): the scenario entry's ``entered_this_turn`` (default false)
    entered_this_turn: bool = False
    #: the mana last noted for it by its linked ability (CR 607.2e: "note the type of mana spent", Jeweled Amulet;
    #: "the type and amount", Ice Cauldron), one type per mana in W U B R G C order; ``()``: nothing noted (a new
    #: object has none, CR 400.7). The scenario entry's ``noted_mana``
    noted_mana: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.card.name

    def is_type(self, t: str) -> bool:
        return self.card.is_type(t)

    @property
    def is_creature(self) -> bool:
        return self.card.is_type("Creature")

    @property
    def is_land(self) -> bool:
        return self.card.is_type("Land")


@dataclass
class StackAbility:
    """An activated or triggered ability on the stack (CR 113.7, 602.2a, 603.3): a scenario's ``stack`` entry
    ``{card, ability: N}`` (the card's Nth activated ability, from 1) or ``{card, trigger: N}`` (its Nth triggered
    ability). It exists independently of its source (CR 113.7a): ``card`` gives the source's characteristics as
    printed, ``source`` the id of the permanent it came from when the scenario names one. Mana abilities never are
    on the stack (CR 605.3b, 605.4a; the scenario rejects one).

    Attributes
    ----------
    id : str
    card : Card
        The source's card.
    controller : str
        Who controls the ability: who activated it, or the source's controller when it triggered (CR 113.8).
    kind : str
        ``activated`` or ``triggered``.
    index : int
        Which of the card's activated (or triggered) abilities, counted from 1.
    text : str
        The ability's text.
    source : str or None
        The id of the source permanent on the battlefield, if the scenario names it.
    """

    id: str
    card: Card
    controller: str
    kind: str
    index: int
    text: str = ""
    source: str | None = None

    @property
    def name(self) -> str:
        return self.card.name


@dataclass
class Effect:
    """A resolved spell or ability whose effect is still in force (e.g. a resolved Pale Moon).

    ``ability`` counts the card's activated abilities from 1; ``None`` means the spell's own effect.
    ``targets`` holds the ids of its targets after resolution: permanent ids, or ids of cards in
    other zones (Snapcaster Mage's target instant or sorcery card in a graveyard). ``timestamp`` orders it among continuous effects
    (CR 613.7); ``None``: after every permanent, in list order (see docs/scenarios.md).
    """

    card: Card
    controller: str
    ability: int | None = None
    targets: list[str] = field(default_factory=list)
    choices: dict[str, Any] = field(default_factory=dict)
    timestamp: int | None = None


@dataclass
class GameState:
    """A snapshot of a game.

    ``players`` is in turn order; ``active`` is the active player. ``zones[zone][player]``
    is a list of ``CardInstance`` for hand, graveyard, library (top first), exile and command.
    """

    players: list[str]
    active: str
    battlefield: list[Permanent] = field(default_factory=list)
    zones: dict[str, dict[str, list[CardInstance]]] = field(default_factory=dict)
    pools: dict[str, ManaPool] = field(default_factory=dict)
    life: dict[str, int] = field(default_factory=dict)
    #: counters players have (CR 122.1: energy, poison, ...); a player not listed has none
    player_counters: dict[str, dict[str, int]] = field(default_factory=dict)
    #: player designations (CR 724 the monarch, 725 the initiative, 702.131 the city's blessing, 309.7 a completed
    #: dungeon; ``models.vocab.conditions.DESIGNATIONS``): a player not listed has none
    designations: dict[str, frozenset[str]] = field(default_factory=dict)
    effects: list[Effect] = field(default_factory=list)
    #: (zone, player) pairs a scenario listed, even as an empty list: the zone's contents are known.
    listed_zones: set = field(default_factory=set)
    #: the step of the active player's turn and what happened earlier this turn (models/game/turn.py; default: the
    #: precombat main phase with nothing done yet)
    turn: TurnState = field(default_factory=TurnState)
    #: activated and triggered abilities on the stack (CR 113.7, 405.1), from the scenario's ``stack`` entries
    #: ``{card, ability: N}`` / ``{card, trigger: N}``; spells on the stack are in ``zones["stack"]``
    stack_abilities: list[StackAbility] = field(default_factory=list)
    #: player -> starting life total (CR 103.4); a player not listed: 20
    starting_life: dict[str, int] = field(default_factory=dict)
    #: player -> speed (CR 702.179: 1 to 4); a player not listed has no speed (702.179b), which counts as 0 for
    #: effects that refer to speed (702.179f); the scenario's ``speed``
    speed: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for z in CARD_ZONES:
            self.zones.setdefault(z, {})
            for p in self.players:
                self.zones[z].setdefault(p, [])
        for p in self.players:
            self.pools.setdefault(p, ManaPool())
            self.life.setdefault(p, 20)

    # ---- players ----------------------------------------------------------
    def turn_order_from(self, player: str) -> list[str]:
        """All players in turn order starting with ``player``."""
        i = self.players.index(player)
        return self.players[i:] + self.players[:i]

    def apnap_order(self) -> list[str]:
        """Active player, then the others in turn order (CR 101.4, 603.3b)."""
        return self.turn_order_from(self.active)

    def opponents(self, player: str) -> list[str]:
        """Every other player, in turn order after ``player`` (two-player and multiplayer games alike)."""
        return [p for p in self.turn_order_from(player) if p != player]

    def counters_of(self, player: str, kind: str) -> int:
        """How many ``kind`` counters ``player`` has (CR 122.1; energy CR 107.14); none unless the scenario says."""
        return self.player_counters.get(player, {}).get(kind, 0)

    def has_designation(self, player: str, designation: str) -> bool:
        """Whether ``player`` has ``designation`` (``models.vocab.conditions.DESIGNATIONS``; none unless the scenario says)."""
        return designation in self.designations.get(player, frozenset())

    def stack_empty(self) -> bool:
        """True when no spell and no ability is on the stack (the scenario's ``stack`` lists none; CR 405.1)."""
        return not any(self.zones.get("stack", {}).values()) and not self.stack_abilities

    def starting_life_of(self, player: str) -> int:
        """``player``'s starting life total (CR 103.4: 20 in a two-player game; the scenario's ``starting_life``
        for variants, 103.4a-c)."""
        return self.starting_life.get(player, 20)

    def speed_of(self, player: str) -> int:
        """``player``'s speed (CR 702.179): the scenario's ``speed``; 0 for a player with no speed (702.179b, 702.179f)."""
        return self.speed.get(player, 0)

    def life_of(self, player: str) -> int:
        """``player``'s life total (CR 119.1: each player starts at 20; a scenario may set it)."""
        return self.life.get(player, 20)

    # ---- objects ----------------------------------------------------------
    def permanents(self, controller: str | None = None) -> list[Permanent]:
        return [p for p in self.battlefield if controller is None or p.controller == controller]

    def permanent(self, pid: str) -> Permanent:
        for p in self.battlefield:
            if p.id == pid:
                return p
        raise StateError(f"no permanent with id {pid!r}", [p.id for p in self.battlefield])

    def cards(self, zone: str, player: str) -> list[CardInstance]:
        """Cards of ``player`` in ``zone`` (library top first)."""
        if zone not in CARD_ZONES:
            raise StateError(f"unknown zone {zone!r}; zones are {', '.join(CARD_ZONES)}")
        return self.zones[zone].get(player, [])

    def find_permanent(self, ref: Any) -> Permanent:
        """Resolve a permanent reference: a card name matching exactly one permanent,
        ``{card, controller}`` or ``{id}``.

        Raises ``StateError`` listing the candidates when the reference matches none or several.
        """
        if isinstance(ref, Mapping):
            if "id" in ref:
                return self.permanent(str(ref["id"]))
            name = ref.get("card")
            controller = ref.get("controller")
        else:
            name, controller = ref, None
        if not isinstance(name, str):
            raise StateError(f"a permanent reference is a card name, {{card, controller}} or {{id}}; got {ref!r}")
        low = name.casefold()
        hits = [p for p in self.battlefield if p.name.casefold() == low and (controller is None or p.controller == controller)]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            raise StateError(
                f"no permanent named {name!r}" + (f" controlled by {controller}" if controller else "") + " on the battlefield",
                [f"{p.name} ({p.controller}, id {p.id})" for p in self.battlefield],
            )
        raise StateError(
            f"{name!r} matches {len(hits)} permanents; name one by {{card, controller}} or {{id}}",
            [f"{p.name} ({p.controller}, id {p.id})" for p in hits],
        )

    def find_card(self, ref: Any) -> tuple[str, str, CardInstance]:
        """Resolve a reference to a card in a zone other than the battlefield: a card name matching exactly
        one card, ``{id}``, or ``{card, zone, owner}`` (``zone`` and ``owner`` narrow the search).

        Returns ``(zone, player whose zone holds it, CardInstance)``.
        Raises ``StateError`` listing the candidates when it matches none or several.
        """
        if isinstance(ref, Mapping):
            rid = ref.get("id")
            name, zone, owner = ref.get("card"), ref.get("zone"), ref.get("owner")
        else:
            rid, name, zone, owner = None, ref, None, None
        if rid is None and not isinstance(name, str):
            raise StateError(f"a card reference is a card name, {{card, zone, owner}} or {{id}}; got {ref!r}")
        if zone is not None and zone not in CARD_ZONES:
            raise StateError(f"unknown zone {zone!r}; zones are {', '.join(CARD_ZONES)}")
        hits = []
        for z in CARD_ZONES:
            if zone is not None and z != zone:
                continue
            for player, lst in self.zones[z].items():
                if owner is not None and player != str(owner):
                    continue
                for ci in lst:
                    if (ci.id == str(rid)) if rid is not None else ci.card.name.casefold() == str(name).casefold():
                        hits.append((z, player, ci))
        if len(hits) == 1:
            return hits[0]
        if not hits:
            what = f"id {rid!r}" if rid is not None else repr(name)
            raise StateError(f"no card {what} in any zone" + (f" ({zone})" if zone else ""),
                             [f"{ci.name} ({z} of {p}, id {ci.id})" for z, p, ci in self.zoned_cards()])
        raise StateError(f"{name!r} matches {len(hits)} cards; name one by {{card, zone, owner}} or {{id}}",
                         [f"{ci.name} ({z} of {p}, id {ci.id})" for z, p, ci in hits])

    def zoned_cards(self) -> Iterator[tuple[str, str, CardInstance]]:
        """Every card outside the battlefield as ``(zone, player, CardInstance)``."""
        for z in CARD_ZONES:
            for p, lst in self.zones[z].items():
                for ci in lst:
                    yield z, p, ci


def sorcery_timing(state: GameState, player: str) -> str | None:
    """Whether ``player`` could cast a sorcery now (CR 307.1, 117.1a): during a main phase of their own turn while the
    stack is empty.

    Parameters
    ----------
    state : GameState
        Its ``turn.step``, ``active`` and ``stack`` zone are read.
    player : str

    Returns
    -------
    str or None
        ``None`` when sorcery timing holds; otherwise the reason in words (naming the rule and the step).
    """
    turn = state.turn
    if player != state.active:
        return f"it is {turn.describe(state.active)}, not {player}'s turn (CR 307.1, 117.1a)"
    if not turn.step.is_main:
        return f"it is {turn.describe(state.active)}, not a main phase (CR 307.1, 117.1a)"
    if not state.stack_empty():
        return f"the stack is not empty during {turn.describe(state.active)} (CR 307.1, 117.1a)"
    return None
