"""When and how spells may be cast and abilities activated: flash (``CastAsThoughFlash``, CR 702.8), timing
restrictions (``TimingRestriction``, CR 602.5, 307.1), what can't be cast (``CantCast``, CR 101.2) and casting
without paying the mana cost (``FreeCastPermission``, CR 118.9)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .effect import _choice_in, _conditions_in, Effect, fld, _turn_step_in, _turn_steps_in
from .filters import Filter
from .logic import Condition
from .targeting import _spells_in
from .topics import Topic, _unknown, VocabularyError


#: Who a flash permission lets cast (``CastAsThoughFlash.who``): the controller of its source, every player, or
#: the owner of the cards it names ("Creature cards you own that aren't on the battlefield have flash").
FLASH_WHO = ("you", "any", "owner")


@dataclass(frozen=True, eq=False)
class CastAsThoughFlash(Effect):
    """A static permission to cast spells any time one could cast an instant: "You may cast creature spells as
    though they had flash" (Leyline of Anticipation: all spells; Vedalken Orrery; Yeva, Nature's Herald: green
    creature spells), "Any player may cast Sliver spells as though they had flash", "Creature cards you own that
    aren't on the battlefield have flash" (Teferi, Mage of Zhalfir), "Familiar spells you cast have flash" (CR 702.8a
    flash, 117.1a, 307.1 and 601.3: it changes only when the named spells may be cast).

    ``spells``: the cards it covers (their types, colours, subtypes; ``Filter`` read against the card); ``who``: one of
    ``FLASH_WHO``; the permission's source controller is "you".
    """

    kind: ClassVar[str] = "flash_permission"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CASTING})
    spells: Filter = fld(None, lambda v, where: _spells_in(v, where))
    who: str = fld("you")

    def __post_init__(self) -> None:
        if self.who not in FLASH_WHO:
            raise _unknown("player", self.who, FLASH_WHO, "flash_permission")


RESTRICTION_OF = ("activate", "cast")


RESTRICTION_TIMINGS = ("sorcery", "instant")


RESTRICTION_TURNS = ("yours", "opponents")


@dataclass(frozen=True, eq=False)
class TimingRestriction(Effect):
    """When an activated ability may be activated, or a spell cast: every listed part must hold.

    The restriction sentences of an activated ability ("Activate only as a sorcery", "only during your upkeep",
    "only once each turn", "only if you control a Swamp", CR 602.5, 602.5b, 602.5d-e) are read into
    ``Ability.restriction``; a spell's "Cast this spell only during combat" / "You can't cast this spell during
    your first, second, or third turns of the game" (CR 601.3) is a static ability with this effect.

    Attributes
    ----------
    of : str
        ``activate`` or ``cast``.
    timing : str or None
        ``sorcery``: the player has priority in a main phase of their own turn with an empty stack (CR 307.5,
        602.5d); ``instant``: only priority (CR 304.5, 602.5e).
    turn : str or None
        ``yours`` (the player's own turn) or ``opponents`` (an opponent's turn; "if it's not your turn").
    steps : tuple of str
        The steps it is allowed in (``models.game.turn.TurnStep`` values; "during combat": the combat steps, CR 506.1);
        empty: any step.
    before, after : str or None
        Only in a step before (after) this one in the turn ("before attackers are declared": before
        ``declare_attackers``, CR 508.1; "after blockers are declared": after ``declare_attackers``).
    per_turn : int or None
        At most this many times each turn (CR 602.5b: "once each turn", "no more than twice each turn").
    conditions : tuple of Condition
        Each must hold ("only if ...").
    any_player : bool
        "Any player may activate this ability": a permission for the other players too (CR 602.2, 113.?); the
        rest applies to every player who activates it.
    not_own_turns_upto : int or None
        Not during the player's own first ``n`` turns of the game (Serra Avenger: 3).
    per_game : int or None
        At most this many times for this object ("Activate only once", exhaust: CR 602.5b, 702.177a; a permanent that
        leaves and returns is a new object, 400.7): the permanent entry's ``activations`` (default: never).
    from_own_turn : int or None
        Not until the player has begun their ``n``-th turn of the game, in any player's turn ("You can't activate
        this ability until you've begun your sixth turn of the game", Black Tulip: 6; ``turn: number``).
    text : str
        The wording it was read from.
    """

    kind: ClassVar[str] = "timing_restriction"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.ACTIVATION, Topic.CASTING})
    of: str = fld("activate", _choice_in(RESTRICTION_OF, "restriction target"))
    timing: str | None = fld(None, _choice_in(RESTRICTION_TIMINGS, "timing"))
    turn: str | None = fld(None, _choice_in(RESTRICTION_TURNS, "turn"))
    steps: tuple[str, ...] = fld((), _turn_steps_in)
    before: str | None = fld(None, _turn_step_in)
    after: str | None = fld(None, _turn_step_in)
    per_turn: int | None = fld(None)
    conditions: tuple[Condition, ...] = fld((), _conditions_in)
    any_player: bool = fld(False)
    not_own_turns_upto: int | None = fld(None)
    per_game: int | None = fld(None)
    from_own_turn: int | None = fld(None)
    text: str = fld("")


# --- "can't cast spells with the chosen name" -----------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class CantCast(Effect):
    """"Spells with the chosen name can't be cast" (Meddling Mage, Nevermore, Voidstone Gargoyle), "Your opponents
    can't cast spells with the chosen name" (Council of the Absolute, Gideon's Intervention): no such spell may be
    cast by those players (CR 101.2: a "can't" wins over any permission; 601.2, 601.3). ``who``: ``all`` or
    ``opponents`` (of the source's controller); ``chosen_name``: the spell has the card name chosen as the source
    entered (``Permanent.choices['card_name']``, CR 607.2d, 201.2). Read by ``solver.rules.restrictions.cant_cast_problems``
    for ``cast``, ``payments`` and ``delve``."""

    kind: ClassVar[str] = "cant_cast"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CASTING})
    who: str = fld("all")
    chosen_name: bool = fld(True)

    def __post_init__(self) -> None:
        if self.who not in ("all", "opponents"):
            raise VocabularyError(f"cant_cast: who must be all or opponents, not {self.who!r}")


# --- "you may cast [spells] without paying their mana costs" -----------------------------------------------------

@dataclass(frozen=True, eq=False)
class FreeCastPermission(Effect):
    """A permanent's permission to cast spells without paying their mana costs (CR 118.9, 601.2b: an alternative
    cost of {0}; 107.3b: X is 0): "Any player may cast creature spells with mana value 3 or less without paying their
    mana costs and as though they had flash" (Aluren: ``who: any``, ``types: [Creature]``, ``mv_at_most: 3``,
    ``as_though_flash``), "You may cast spells from your hand without paying their mana costs" (Omniscience:
    ``from_hand``), "You may cast Dragon spells without paying their mana costs" (Dracogenesis). ``as_though_flash``
    applies only to a spell cast with this permission (Aluren ruling 2004-10-04: the flash is part of the
    permission). Read by ``solver.rules.altcosts`` (``cast``/``payments``: ``using: free`` is tried when one applies) and
    ``solver.rules.casting`` (its flash timing)."""

    kind: ClassVar[str] = "free_cast_permission"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CASTING, Topic.COSTS})
    who: str = fld("you")
    types: tuple[str, ...] = fld(())
    mv_at_most: int | None = fld(None)
    from_hand: bool = fld(False)
    as_though_flash: bool = fld(False)

    def __post_init__(self) -> None:
        if self.who not in ("you", "any"):
            raise VocabularyError(f"free_cast_permission: who must be you or any, not {self.who!r}")
