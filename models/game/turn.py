"""The turn structure of a game state: the current step and what happened earlier this turn (CR 500-514).

A scenario is a snapshot taken while a player has priority in one step of the active player's turn. Questions whose
answer depends on when they are asked — sorcery timing (CR 307.1, 117.1a), "Activate only during your upkeep"
(602.5b), "Activate only once each turn", "Cast this spell only during combat", whether a creature is attacking
(506.4) — read it from ``GameState.turn``.

The default, when a scenario does not write ``turn:``, is the active player's precombat main phase with nothing done
earlier this turn (``TurnState()``, ``given=False``). Answers that rely on the default say so.

Classes
-------
CombatDamageSource
    A source that dealt combat damage to a player this turn (prowl, freerunning).
TurnStep
    The steps and phases of a turn, CR 500.1 (a main phase has no steps; it is listed as one value here).
TurnHistory
    Spells cast, abilities activated, lands played, life gained or lost, cards drawn or discarded, creatures that
    died, permanents that entered or were sacrificed, tokens created and attackers declared earlier this turn.
TurnState
    The step, each player's turn count and the history.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Mapping


class TurnStep(StrEnum):
    """A step (or a main phase) of a turn, in turn order (CR 500.1, 501.1, 506.1, 512.1).

    The values are the spellings scenarios use (``turn: {step: declare_attackers}``).
    """

    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    PRECOMBAT_MAIN = "precombat_main"
    BEGINNING_OF_COMBAT = "beginning_of_combat"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    COMBAT_DAMAGE = "combat_damage"
    END_OF_COMBAT = "end_of_combat"
    POSTCOMBAT_MAIN = "postcombat_main"
    END = "end"
    CLEANUP = "cleanup"

    @property
    def order(self) -> int:
        """Position in the turn, from 0 (untap) to 11 (cleanup): compare steps with it ("before attackers are
        declared" is ``step.order < TurnStep.DECLARE_ATTACKERS.order``)."""
        return _ORDER[self]

    @property
    def phase(self) -> str:
        """The phase the step belongs to (CR 500.1): ``beginning``, ``precombat_main``, ``combat``,
        ``postcombat_main`` or ``ending``."""
        return _PHASE[self]

    @property
    def is_main(self) -> bool:
        """A main phase (CR 505.1: the precombat and the postcombat main phase)."""
        return self in (TurnStep.PRECOMBAT_MAIN, TurnStep.POSTCOMBAT_MAIN)

    @property
    def is_combat(self) -> bool:
        """A step of the combat phase (CR 506.1: beginning of combat to end of combat)."""
        return self.phase == "combat"

    @property
    def has_attackers(self) -> bool:
        """Whether creatures can be attacking in this step: from the declare attackers step to the end of combat
        step (CR 506.4, 508.1, 511.3)."""
        return TurnStep.DECLARE_ATTACKERS.order <= self.order <= TurnStep.END_OF_COMBAT.order

    @property
    def has_blockers(self) -> bool:
        """Whether creatures can be blocking in this step: from the declare blockers step to the end of combat
        step (CR 509.1, 511.3)."""
        return TurnStep.DECLARE_BLOCKERS.order <= self.order <= TurnStep.END_OF_COMBAT.order

    @property
    def label(self) -> str:
        """How the rules name it: "precombat main phase", "declare attackers step", ..."""
        words = self.value.replace("_", " ")
        return f"{words} phase" if self.is_main else f"{words} step"


_ORDER = {s: i for i, s in enumerate(TurnStep)}
_PHASE = {
    TurnStep.UNTAP: "beginning", TurnStep.UPKEEP: "beginning", TurnStep.DRAW: "beginning",
    TurnStep.PRECOMBAT_MAIN: "precombat_main",
    TurnStep.BEGINNING_OF_COMBAT: "combat", TurnStep.DECLARE_ATTACKERS: "combat", TurnStep.DECLARE_BLOCKERS: "combat",
    TurnStep.COMBAT_DAMAGE: "combat", TurnStep.END_OF_COMBAT: "combat",
    TurnStep.POSTCOMBAT_MAIN: "postcombat_main",
    TurnStep.END: "ending", TurnStep.CLEANUP: "ending",
}

_EMPTY: Mapping = MappingProxyType({})


@dataclass(frozen=True)
class CombatDamageSource:
    """A source a player controlled that dealt combat damage to a player this turn (CR 510.1-510.2, 120.1), as prowl
    and freerunning read it (CR 702.76a: "a source that, at the time it dealt that damage, was under your control and
    had any of this spell's creature types"; 702.173a: "an Assassin creature or a commander under your control").

    Attributes
    ----------
    card : str
        Its card name.
    types : tuple of str or None
        The creature types it had as it dealt the damage; ``None``: those of its card (a changeling has every
        creature type, CR 702.73a).
    commander : bool
        It is a commander (CR 903.3).
    """

    card: str
    types: tuple[str, ...] | None = None
    commander: bool = False


@dataclass(frozen=True)
class TurnHistory:
    """What happened earlier in the current turn (default: nothing).

    Attributes
    ----------
    spells_cast : Mapping[str, tuple[str, ...]]
        Player name -> names of the spells that player cast this turn, in order (CR 601.2i: a spell becomes cast
        when its casting is complete).
    activations : Mapping[tuple[str, int], int]
        (permanent id, activated-ability number counted from 1) -> how many times it was activated this turn
        (CR 602.5b "only once each turn"; 606.3 loyalty abilities).
    lands_played : Mapping[str, int]
        Player name -> lands played this turn (CR 305.2).
    life_gained : Mapping[str, int]
        Player name -> life gained this turn (CR 119.3).
    attacked : frozenset[str]
        Ids of the permanents declared as attackers this turn (CR 508.1, 508.3).
    life_lost, cards_drawn, tokens_created, discarded, left_graveyard : Mapping[str, int]
        Player name -> life lost (CR 119.3), cards drawn (121.1), tokens created (111.1), cards discarded (701.8),
        cards that left that player's graveyard this turn.
    died, entered, sacrificed, left_battlefield : Mapping[str, tuple[str, ...]]
        Player name -> names of the cards that died this turn while that player controlled them (CR 700.4: put
        into a graveyard from the battlefield), that entered the battlefield under that player's control (603.6a),
        that the player sacrificed (701.17), that left the battlefield under that player's control to any other zone
        besides those (603.6c: exiled, returned to a hand or library; revolt). Scenario permanents are cards (no
        tokens), and so are these. ``left_battlefield_of`` counts all three lists: a permanent that died or was
        sacrificed left the battlefield.
    """

    spells_cast: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: _EMPTY)
    activations: Mapping[tuple[str, int], int] = field(default_factory=lambda: _EMPTY)
    lands_played: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    life_gained: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    attacked: frozenset[str] = frozenset()
    life_lost: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    cards_drawn: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    tokens_created: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    discarded: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    left_graveyard: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    died: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: _EMPTY)
    entered: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: _EMPTY)
    sacrificed: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: _EMPTY)
    left_battlefield: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: _EMPTY)
    #: name -> ``Card`` of every name above (filled by the scenario reader): what a filter on them reads
    cards: Mapping[str, Any] = field(default_factory=lambda: _EMPTY, compare=False)
    #: (permanent id, triggered-ability number counted from 1) -> how many times that triggered ability of the
    #: permanent resolved this turn ("if this is the second time this ability has resolved this turn", CR 603.4,
    #: 608.2); scenario key ``history: {resolved: [{permanent, trigger, times}]}``
    resolved: Mapping[tuple[str, int], int] = field(default_factory=lambda: _EMPTY)
    #: damage dealt earlier this turn (CR 120): ``(source permanent id, recipient)`` pairs, the recipient a player's
    #: name or a permanent's id ("target creature that dealt damage to you this turn", "that was dealt damage this
    #: turn"); scenario key ``history: {damage: [{from, to}]}``
    damage: tuple[tuple[str, str], ...] = ()
    #: ids of the permanents that fought this turn (CR 701.14); scenario key ``history: {fought: [REF]}``
    fought: frozenset[str] = frozenset()
    #: player -> energy counters ({E}) the player paid or lost this turn (CR 107.14, 122.1); ``energy_paid``
    energy_paid: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    #: player -> the sources that player controlled that dealt combat damage to a player this turn (CR 510.2, 120.1),
    #: read by prowl and freerunning (702.76a, 702.173a); scenario key ``history: {combat_damage: {Alice: [...]}}``.
    #: ``None``: not given (a player the mapping leaves out dealt none); ``TurnState.combat_damage_by`` says when the
    #: turn's step answers without it
    combat_damage: Mapping[str, tuple[CombatDamageSource, ...]] | None = None

    def dealt_damage(self, source_id: str, to: str | None = None) -> bool:
        """Whether the permanent ``source_id`` dealt damage this turn (to ``to``, a player or a permanent id, when
        given; CR 120.1). What the history does not list did not happen."""
        return any(s == source_id and (to is None or r == to) for s, r in self.damage)

    def was_dealt_damage(self, permanent_id: str) -> bool:
        """Whether the permanent ``permanent_id`` was dealt damage this turn (CR 120.1)."""
        return any(r == permanent_id for _, r in self.damage)

    def spells_cast_by(self, player: str) -> tuple[str, ...]:
        """Names of the spells ``player`` cast earlier this turn, in order (empty when none)."""
        return tuple(self.spells_cast.get(player, ()))

    def activations_of(self, permanent_id: str, ability: int) -> int:
        """How many times activated ability number ``ability`` (from 1) of ``permanent_id`` was activated this
        turn (0 when the scenario lists none)."""
        return int(self.activations.get((permanent_id, ability), 0))

    #: The per-player counts (``count_of``) and per-player card lists (``cards_of``), by ``ThisTurn`` event name
    #: (``models.vocab.amounts.TURN_EVENTS``).
    COUNTS = ("life_gained", "life_lost", "cards_drawn", "lands_played", "tokens_created", "discarded", "left_graveyard",
              "energy_paid")
    CARD_LISTS = ("spells_cast", "died", "entered", "sacrificed", "left_battlefield")

    def count_of(self, event: str, player: str) -> int:
        """How many ``event`` (one of ``COUNTS``) happened this turn for ``player`` (0 when the scenario lists none)."""
        if event not in self.COUNTS:
            raise ValueError(f"{event!r} is not a count of the turn history; counts are {', '.join(self.COUNTS)}")
        return int(getattr(self, event).get(player, 0))

    def cards_of(self, event: str, player: str) -> tuple[str, ...]:
        """Names of the cards of ``event`` (one of ``CARD_LISTS``) for ``player`` this turn, in order."""
        if event not in self.CARD_LISTS:
            raise ValueError(f"{event!r} is not a card list of the turn history; lists are {', '.join(self.CARD_LISTS)}")
        if event == "left_battlefield":
            return self.left_battlefield_of(player)
        return tuple(getattr(self, event).get(player, ()))

    def left_battlefield_of(self, player: str) -> tuple[str, ...]:
        """Names of the permanents that left the battlefield this turn under ``player``'s control (CR 603.6c): those
        listed under ``left_battlefield`` and every one that died (700.4) or was sacrificed (701.17) while that
        player controlled it (a sacrificed permanent the player controlled is put into its owner's graveyard,
        701.17a; it is counted once when listed under both)."""
        out = list(self.left_battlefield.get(player, ())) + list(self.died.get(player, ()))
        rest = list(self.sacrificed.get(player, ()))
        for n in self.died.get(player, ()):
            if n in rest:
                rest.remove(n)  # died because it was sacrificed: one permanent, listed twice
        return tuple(out + rest)

    @property
    def empty(self) -> bool:
        """True when nothing is recorded for this turn."""
        return not (self.spells_cast or self.activations or self.attacked or self.damage or self.resolved or self.fought
                    or any(getattr(self, k) for k in self.COUNTS + self.CARD_LISTS))


@dataclass(frozen=True)
class TurnState:
    """When a scenario's question is asked: the active player's step and what happened earlier this turn.

    Attributes
    ----------
    step : TurnStep
        The current step of the active player's turn (default: the precombat main phase, CR 505.1).
    number : Mapping[str, int] or None
        Player -> how many turns that player has begun this game, the current one included ("You can't cast this
        spell during your first, second, or third turns of the game"); ``None`` when the scenario does not say.
    history : TurnHistory
        What happened earlier this turn.
    given : bool
        True when the scenario wrote ``turn:``; False when this is the default. Answers that rely on the default
        say so (``describe``).
    """

    step: TurnStep = TurnStep.PRECOMBAT_MAIN
    number: Mapping[str, int] | None = None
    history: TurnHistory = field(default_factory=TurnHistory)
    given: bool = False

    def describe(self, active: str) -> str:
        """The step in words, e.g. "Alice's declare attackers step", with "(the scenario's default turn)" when the
        scenario did not give ``turn``."""
        text = f"{active}'s {self.step.label}"
        return text if self.given else f"{text} (the scenario's default turn)"

    def combat_damage_by(self, player: str) -> tuple[CombatDamageSource, ...] | None:
        """The sources ``player`` controlled that dealt combat damage to a player this turn (CR 510.2), or ``None``
        when that is not known: the history's ``combat_damage`` when given; none when the scenario's turn is in its
        beginning phase or precombat main phase, before the first combat phase (CR 500.1, 505.1a: combat damage is
        dealt only in a combat damage step, 510.1); otherwise (the default turn included) not known."""
        got = self.history.combat_damage
        if got is not None:
            return tuple(got.get(player, ()))
        if self.given and self.step.phase in ("beginning", "precombat_main"):
            return ()
        return None

    def turn_number(self, player: str) -> int | None:
        """How many turns ``player`` has begun, this one included, or ``None`` when the scenario does not say."""
        if self.number is None or player not in self.number:
            return None
        return int(self.number[player])
