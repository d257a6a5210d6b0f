"""Mana: adding mana (``AddMana``, ``TriggeredAddMana``; CR 106, 605), replacing it (``ManaReplacement``, CR 614),
basic land types (``LandType``, CR 305.7) and how mana may be spent (``SpendAsThough``, ``CantSpendMana``, CR 609.4b);
docs/mana.md."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from ..game.cards import BASIC_LAND_TYPES
from ..game.mana import MANA_TYPES
from .amounts import Amount, Fixed
from .effect import (
    ALTERNATIVES, AMOUNT, Codec, CONDITION, _condition_in, Effect, FILTER, _filter_in, fld, INSTEAD, MANA,
    _mana_in, PLUS, RIDERS, TYPES, _types_in, Unmodelled,
)
from .filters import Filter
from .logic import Condition
from .readers import readers
from .resolution import ENTERS_EVENTS
from .topics import Topic, _unknown, VocabularyError


# --- mana ------------------------------------------------------------------

@dataclass(frozen=True)
class Reflect:
    """"Mana of any type/color that [filter] could produce" (CR 106.7)."""

    filter: Filter
    by: str = "type"  # "type" or "color"


def _reflect_in(v: Any, where: str) -> Reflect:
    if isinstance(v, Reflect):
        return v
    if not isinstance(v, Mapping):
        raise VocabularyError(f"{where}: reflect must be a mapping (what, controller, kind)")
    extra = set(v) - {"what", "controller", "kind"}
    if extra:
        raise _unknown("reflect key", sorted(extra)[0], ["what", "controller", "kind"], where)
    by = str(v.get("kind", "type"))
    if by not in ("type", "color"):
        raise _unknown("reflect kind", by, ["type", "color"], where)
    f = _filter_in({"what": v.get("what", "land"), "controller": v.get("controller", "you")}, where)
    return Reflect(f, by)


REFLECT: Codec = _reflect_in


#: Events of a triggered mana ability (CR 605.1b): a permanent tapped for mana (106.12a: its mana ability with
#: {T} resolved and produced mana), or a land's ability adding mana to the trigger's controller (Caged Sun:
#: "whenever a land's ability causes you to add one or more mana", any of the land's mana abilities).
MANA_TRIGGER_EVENTS = ("tapped_for_mana", "land_ability_adds")


def _color_sources_in(v: Any, where: str) -> Filter:
    """The objects whose colours an output looks at ("any color among legendary creatures and planeswalkers you
    control", "for each color among permanents you control", "a color of a permanent you control")."""
    if isinstance(v, Filter):
        return v
    if isinstance(v, Mapping):
        return _filter_in(v, where)
    try:
        f: Filter = readers().parse_color_sources(str(v))
        return f
    except ValueError as e:
        raise VocabularyError(f"{where}: colours of {v!r}: {e}") from None


#: The objects whose colours a mana output looks at (CR 105, 106.7).
COLOR_SOURCES: Codec = _color_sources_in


@dataclass(frozen=True)
class ManaTrigger:
    """The event of a triggered mana ability: "whenever [filter] is tapped for mana" (CR 605.1b, 106.12a).

    Attributes
    ----------
    filter : Filter  the permanents watched.
    to : str  who adds: ``"controller"`` (of the tapped permanent) or ``"you"`` (the trigger's controller).
    condition : Condition or None  an intervening "if" (CR 603.4), read when the mana ability resolves.
    of_chosen_color : bool  only when mana of the source's chosen colour was produced (106.12a, Gauntlet of Power).
    event : str  one of ``MANA_TRIGGER_EVENTS``.
    optional : bool  "may add" (the player may decline; every pool keeps the mana, since mana can stay unspent).
    """

    filter: Filter
    to: str = "controller"  # who adds: "controller" (of the tapped permanent) or "you"
    condition: Condition | None = None
    of_chosen_color: bool = False
    event: str = "tapped_for_mana"
    optional: bool = False


def _trigger_in(v: Any, where: str) -> ManaTrigger:
    if isinstance(v, ManaTrigger):
        return v
    if not isinstance(v, Mapping):
        raise VocabularyError(f"{where}: trigger must be a mapping")
    keys = ["event", "what", "controller", "to", "condition", "of_chosen_color", "optional"]
    extra = set(v) - set(keys)
    if extra:
        raise _unknown("trigger key", sorted(extra)[0], keys, where)
    event = str(v.get("event", "tapped_for_mana"))
    if event not in MANA_TRIGGER_EVENTS:
        raise _unknown("trigger event", event, MANA_TRIGGER_EVENTS, where)
    to = str(v.get("to", "controller"))
    if to not in ("controller", "you"):
        raise _unknown("trigger recipient", to, ["controller", "you"], where)
    cond = _condition_in(v["condition"], where) if v.get("condition") else None
    return ManaTrigger(_filter_in({"what": v.get("what", "land"), "controller": v.get("controller", "any")}, where),
                       to, cond, bool(v.get("of_chosen_color")), event, bool(v.get("optional")))


TRIGGER: Codec = _trigger_in


#: Who adds the mana of an ``AddMana`` (``AddMana.to``; CR 106.3: "a spell or ability that produces mana instructs a
#: player to add that mana"). ``None`` (or ``"you"``) is the ability's controller. The others:
#:
#: * ``chosen_player`` — "Choose a player. That player adds ...", "A player of your choice adds ..." (Spectral
#:   Searchlight, Valleymaker, Victory Chimes): the controller picks any player as the ability resolves, themselves
#:   included; not a target (CR 115.10a), so the ability can still be a mana ability (605.1a);
#: * ``target_player`` — "Target player adds ..." (The Warring Triad, Radiant Lotus): a target (CR 115.1c), so the
#:   ability is not a mana ability (605.1a; ``AddMana.targets`` is set with it) and uses the stack;
#: * ``each_player`` — "Each player adds ..." (Yurlok of Scorch Thrash): every player, the controller included;
#: * ``active_player`` — "the active player adds ..." (Belbe, Corrupted Observer);
#: * ``that_player`` — the player a trigger's event names ("At the beginning of each player's first main phase,
#:   that player adds {G}{G}", Eladamri's Vineyard; "Whenever a player casts a creature spell, that player adds
#:   {G}", Tangleroot): read by the trigger's reader, never by a mana ability's.
#:
#: What could be produced does not depend on who gets it (CR 106.7: the types "an ability of that permanent would
#: produce"); the pools a player can make count it only when that player may be the one who adds it
#: (``solver.rules.mana.produce.controller_may_receive``).
MANA_RECIPIENTS = ("chosen_player", "target_player", "each_player", "active_player", "that_player")


#: Other spellings accepted for ``AddMana.to`` (the parser's older names, the catalog's ``you``/``controller``).
_RECIPIENT_ALIASES = {"you": None, "controller": None, "a_player_of_your_choice": "chosen_player",
                      "player_of_your_choice": "chosen_player", "chosen": "chosen_player", "target": "target_player",
                      "each": "each_player", "all_players": "each_player", "active": "active_player"}


def _recipient_in(v: Any, where: str) -> str | None:
    if v is None:
        return None
    w = str(v).strip().lower().replace(" ", "_")
    if w in _RECIPIENT_ALIASES:
        return _RECIPIENT_ALIASES[w]
    if w not in MANA_RECIPIENTS:
        raise _unknown("mana recipient (to)", w, ("you",) + MANA_RECIPIENTS, where)
    return w


#: ``AddMana.to``: one of ``MANA_RECIPIENTS`` or ``None`` (the controller).
RECIPIENT: Codec = _recipient_in


@dataclass(frozen=True, eq=False)
class AddMana(Effect):
    """Add mana (CR 106, 605): an activated or triggered mana ability, or a spell's instruction.

    Exactly one output form is given: ``mana`` (fixed types, in order), ``choice`` (one of these types),
    ``options`` (one of these fixed groups), ``any_color``/``any_type``, ``combination`` (``True``: any
    colours; or the allowed types), ``reflect`` (CR 106.7 "could produce"), ``produced_type`` (triggered:
    the type the tapped permanent produced), ``chosen_color``, ``commander_identity``, ``each`` (one of each
    type listed), ``distinct_colors`` (N different colours), ``alternatives`` (one of several outputs).
    ``amount`` multiplies; ``plus`` is an additional output; ``instead`` a conditional replacement output;
    ``trigger`` makes it a triggered mana ability (CR 605.1b); ``to`` who adds (``None``: the controller; else one
    of ``MANA_RECIPIENTS``: a chosen, target, active player, each player, or the player a trigger's event names;
    ``target_player`` sets ``targets``, CR 115.1c, 605.1a);
    ``condition`` the intervening "if" of the triggered ability that carries it (CR 603.4): it adds no mana unless
    the condition holds as it resolves (``TriggeredAddMana.condition``, read by ``solver.rules.mana.produce.base_events``);
    ``restriction`` a spend-restriction code; ``timing`` "instant" for "Activate only as an instant" (CR 602.5e);
    ``riders`` other sentences of the ability (Unmodelled);
    ``damage_to_you``: "This land deals 1 damage to you" (painlands, Talismans, Ancient Tomb): the source deals that
    much damage to the ability's controller as the ability resolves, so they lose that much life (CR 120.3a, 119.3)
    during 601.2g, before the costs of the spell are paid (601.2h; the payment search reads it);
    ``targets`` / ``moves_library_card`` make it not a mana ability (605.1a);
    ``double_pool``: "Double the amount of each type of unspent mana you have" (Doubling Cube): it adds as much of
    each type as its controller's pool holds as it resolves (CR 106.4); could produce is the types in that pool
    (106.7); the pools and payments that would add to the pool first are not modelled (``solver.rules.mana.produce``).
    """

    kind: ClassVar[str] = "add_mana"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.MANA_PRODUCTION})
    mana: tuple[str, ...] | None = fld(None, MANA)
    choice: tuple[str, ...] | None = fld(None, TYPES)
    options: tuple[tuple[str, ...], ...] | None = fld(None, lambda v, w: tuple(_mana_in(x, w) for x in v))
    any_color: bool = fld(False)
    any_type: bool = fld(False)
    combination: Any = fld(None, lambda v, w: True if v is True else _types_in(v, w))
    reflect: Reflect | None = fld(None, REFLECT)
    produced_type: bool = fld(False)
    chosen_color: bool = fld(False)
    commander_identity: bool = fld(False)
    each: tuple[str, ...] | None = fld(None, TYPES)
    distinct_colors: int | None = fld(None)
    color_among: Filter | None = fld(None, COLOR_SOURCES)
    each_color_among: Filter | None = fld(None, COLOR_SOURCES)
    alternatives: tuple["AddMana", ...] = fld((), ALTERNATIVES)
    amount: Amount = fld(Fixed(1), AMOUNT)
    plus: "AddMana | None" = fld(None, PLUS)
    instead: "Instead | None" = fld(None, INSTEAD)
    trigger: ManaTrigger | None = fld(None, TRIGGER)
    condition: Condition | None = fld(None, CONDITION)
    to: str | None = fld(None, RECIPIENT)
    restriction: str | None = fld(None)
    #: "instant": "Activate only as an instant" (CR 602.5e; Lion's Eye Diamond), read by the payment search
    timing: str | None = fld(None)
    riders: tuple[Unmodelled, ...] = fld((), RIDERS, key="rider")
    damage_to_you: int = fld(0)
    targets: bool = fld(False)
    moves_library_card: bool = fld(False)
    #: "add mana equal to enchanted permanent's mana cost" (Elemental Resonance): ``"enchanted"``, the mana of the
    #: mana cost of the permanent the source is attached to (CR 202.1, 303.4); read by ``solver.rules.mana.produce``
    cost_of: str | None = fld(None)
    #: mana noted by a linked ability of the source (CR 607.2e): ``"type"`` one mana of its last noted type
    #: ("Add one mana of this artifact's last noted type", Jeweled Amulet), ``"mana"`` the last noted type and
    #: amount of mana (Ice Cauldron); read from ``Permanent.noted_mana`` by ``solver.rules.mana.produce`` (nothing noted: an
    #: undefined type, no mana, CR 106.5)
    noted: str | None = fld(None)
    #: "Double the amount of each type of unspent mana you have" (Doubling Cube; CR 106.4, 106.7)
    double_pool: bool = fld(False)

    def __post_init__(self) -> None:
        if self.cost_of is not None and self.cost_of != "enchanted":
            raise _unknown("cost_of", str(self.cost_of), ["enchanted"], "add_mana")
        if self.noted is not None and self.noted not in ("type", "mana"):
            raise _unknown("noted", str(self.noted), ["type", "mana"], "add_mana")
        if self.to == "target_player" and not self.targets:
            object.__setattr__(self, "targets", True)  # "target player" is a target (CR 115.1c): not a mana ability


@dataclass(frozen=True, eq=False)
class TriggeredAddMana(Effect):
    """A triggered ability that adds mana but is not a mana ability (CR 605.5a): it triggers on an event other
    than activating a mana ability or mana being added (605.1b) — an attack (Firebending N, CR 702.189a:
    "Whenever this creature attacks, add N {R}. Until end of combat, you don't lose this mana as steps and phases
    end"), a creature dying, a phase or step beginning, a spell cast — so it uses the stack and adds its mana only
    as it resolves (608.2). No payment and no pool made now can use it; what its permanent "could produce" counts
    its output, read as if it resolved now (CR 106.7).

    Attributes
    ----------
    event : str  the trigger wording ("whenever this creature attacks"), for explanations.
    output : AddMana  what it adds as it resolves (riders: "until end of turn, you don't lose this mana ...").
    optional : bool  "you may add".
    keyword : str or None  ``"firebending"`` when it is that keyword's ability (CR 702.189a).
    once_each_turn : bool  "This ability triggers only once each turn" (CR 603.2h): no type changes.
    enters : str or None  ``"enters"`` ("When this creature enters, add {R}{G}", CR 603.6a) or ``"other_enters"``
        ("Whenever a land you control enters, add ...") when it is an enters trigger, read by the resolution rules
        as ``EntersTrigger`` is (trigger_order); ``None``: another event.
    condition : Condition or None  an intervening "if" (CR 603.4: "When this creature enters, if you cast it from
        your hand, add {R}{R}{R}"): the ability triggers only if it holds and does nothing as it resolves unless it
        still holds, so what its permanent could produce counts its output only while it holds now (106.7).
    """

    kind: ClassVar[str] = "triggered_add_mana"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.OTHER_MANA})
    event: str = fld("")
    output: "AddMana | None" = fld(None, PLUS)
    optional: bool = fld(False)
    keyword: str | None = fld(None)
    once_each_turn: bool = fld(False)
    enters: str | None = fld(None)
    condition: Condition | None = fld(None, CONDITION)

    def __post_init__(self) -> None:
        if self.enters is not None and self.enters not in ENTERS_EVENTS:
            raise _unknown("triggered_add_mana enters", self.enters, ENTERS_EVENTS, "triggered_add_mana")


@dataclass(frozen=True)
class Instead:
    """"If [condition], add [output] instead" (a conditional output of the same ability)."""

    condition: Condition
    output: AddMana


def _by_subtype_in(v: Any, where: str) -> tuple[tuple[str, str], ...]:
    items = v.items() if isinstance(v, Mapping) else v
    out = []
    for sub, t in items:
        sub, t = str(sub).strip().capitalize(), str(t).strip("{} ").upper()
        if sub not in BASIC_LAND_TYPES:
            raise VocabularyError(f"{where}: {sub!r} is not a basic land type ({', '.join(BASIC_LAND_TYPES)})")
        if t not in MANA_TYPES:
            raise VocabularyError(f"{where}: {t!r} is not a type of mana ({', '.join(MANA_TYPES)})")
        out.append((sub, t))
    return tuple(out)


BY_SUBTYPE: Codec = _by_subtype_in


#: What a mana replacement's ``to_type`` may be: a type letter, or a colour chosen when it applies
#: (``any_color``) or recorded on its source (``chosen_color``: the colour in the source's ``choices``).
REPLACEMENT_TO = MANA_TYPES + ("any_color", "chosen_color")


@dataclass(frozen=True, eq=False)
class ManaReplacement(Effect):
    """"If [filter] is tapped for mana, it produces [...] instead" (CR 106.12b, 614.1a).

    One of ``to_type`` (a type letter, ``any_color`` or ``chosen_color``: the type is replaced, the amount
    kept), ``mana`` (type and amount replaced), ``multiply`` (twice/three times as much) or ``by_subtype``
    (Reality Twist: each basic land type to a type of mana, CR 305.6). ``min_amount``: only when it would
    produce at least that much; ``duration``: ``end_of_turn`` for a resolved spell's or ability's effect.
    ``replaces``: the types of mana that are replaced, the others kept ("instead of any other color": the
    five colours, colorless mana is kept, CR 106.1a-b; "instead of white mana": ``W``); absent: every type.
    ``amount``: with ``to_type``, the amount is replaced too ("one mana of a color of your choice instead of
    any other type and amount", Harvest Mage). ``targeted``: applies only to the effect's targets ("if target
    Plains is tapped for mana", Quarum Trench Gnomes).
    """

    kind: ClassVar[str] = "mana_replacement"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.MANA_PRODUCTION})
    applies: Filter = fld(None, FILTER)
    min_amount: int | None = fld(None)
    to_type: str | None = fld(None)
    mana: tuple[str, ...] | None = fld(None, MANA)
    multiply: int | None = fld(None)
    by_subtype: tuple[tuple[str, str], ...] | None = fld(None, BY_SUBTYPE)
    replaces: tuple[str, ...] | None = fld(None, TYPES)
    amount: int | None = fld(None)
    targeted: bool = fld(False)
    duration: str | None = fld(None)

    def __post_init__(self) -> None:
        if self.to_type is not None and self.to_type not in REPLACEMENT_TO:
            raise VocabularyError(f"mana_replacement: to_type {self.to_type!r} is not one of {', '.join(REPLACEMENT_TO)}")
        if self.amount is not None and self.to_type is None:
            raise VocabularyError("mana_replacement: amount goes with to_type (one mana of the new type)")

    @classmethod
    def normalize(cls, params: dict[str, Any]) -> dict[str, Any]:
        a = params.get("applies")
        if isinstance(a, Mapping) and "min_amount" in a:
            params = dict(params, applies={k: v for k, v in a.items() if k != "min_amount"}, min_amount=a["min_amount"])
        return params


@dataclass(frozen=True, eq=False)
class LandType(Effect):
    """Land-type change (CR 305.7, 613.1d): ``set`` replaces the land types (the land loses its rules-text
    abilities), ``add`` adds types ("in addition to its other types")."""

    kind: ClassVar[str] = "land_type"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CHARACTERISTICS, Topic.MANA_PRODUCTION})
    affects: Filter = fld(None, FILTER)
    set: tuple[str, ...] | None = fld(None)
    add: tuple[str, ...] | None = fld(None)


# --- spending ----------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class SpendAsThough(Effect):
    """"[players] may spend [mana] as though it were [...]" (CR 609.4b). ``rules``: ``{mana, as, only}``
    entries (see models/text/spend.py)."""

    kind: ClassVar[str] = "spend_as_though"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.MANA_SPENDING})
    players: str = fld("you")
    rules: tuple[Any, ...] = fld(())


@dataclass(frozen=True, eq=False)
class CantSpendMana(Effect):
    """No mana can be spent to cast this spell (Hogaak, Arisen Necropolis)."""

    kind: ClassVar[str] = "cant_spend_mana"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.MANA_SPENDING})
