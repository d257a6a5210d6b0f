"""What an effect gives an object or a player: abilities (``GrantAbility``, CR 613.1f), flashback (``GrantFlashback``),
haste for tapping (``AsThoughHaste``, CR 302.6) and control (``GainControl``, CR 613.1b)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, Mapping

from .effect import ABILITIES, ABILITY, CONDITION, Effect, FILTER, fld, _topics_in, Unmodelled
from .filters import Filter
from .logic import Condition
from .topics import Topic, _unknown, VocabularyError


def _parts_unmodelled_in(v: Any, where: str) -> tuple[Unmodelled, ...]:
    """Untyped parts of a grant's sentence: ``Unmodelled`` records, or ``{text, topics}`` mappings (catalog)."""
    out = []
    for x in v or ():
        if isinstance(x, Unmodelled):
            out.append(x)
        elif isinstance(x, Mapping):
            out.append(Unmodelled(str(x.get("text", "")), _topics_in(x.get("topics", "all"), where)))
        else:
            raise VocabularyError(f"{where}: a part must be a mapping with 'text' and 'topics', got {x!r}")
    return tuple(out)


@dataclass(frozen=True, eq=False)
class GrantAbility(Effect):
    """Objects matching ``affects`` have ``ability`` and each of ``also`` (``Ability`` records: keywords and quoted
    abilities, CR 113.10, 113.10a, 613.1f), in layer 6.

    Attributes
    ----------
    affects : Filter
        Which permanents (``relation`` ``enchanted``/``equipped``: what the source is attached to, with the card
        types of ``all_of`` when the wording names them, e.g. "as long as enchanted permanent is a creature").
    ability, also : Ability
        The abilities granted, in printed order. A quoted ability's "this creature" is the object that has it
        (CR 113.10a, 109.5); each is read by the rules like a printed one of that object.
    loses : bool
        The objects first lose all their abilities — printed ones, those of their land types and those granted by
        effects with an earlier timestamp (CR 613.1f, 613.7, 113.10b) — then gain ``ability``/``also``
        ("loses all abilities and has ...", "have ... and lose all other abilities").
    lose_land_types : bool
        "loses all land types" (layer 4, CR 305.7, 613.1d): it has no land subtype, hence no intrinsic mana ability.
    condition : Condition or None
        "As long as ..." (CR 604.1, 611.3a): the effect applies only while it holds.
    chosen_name : bool
        "with the chosen name" (Alpine Moon): only objects named as the source's entering choice (CR 607.2d).
    parts : tuple of Unmodelled
        Parts of the sentence that are not typed (a power/toughness change, layer 7), with their topics.
    """

    kind: ClassVar[str] = "grant_ability"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CHARACTERISTICS, Topic.MANA_PRODUCTION})
    affects: Filter = fld(None, FILTER)
    ability: Any = fld(None, ABILITY)
    also: tuple[Any, ...] = fld((), ABILITIES)
    loses: bool = fld(False)
    lose_land_types: bool = fld(False)
    condition: Condition | None = fld(None, CONDITION)
    #: "with the chosen name": only objects with the card name chosen for the source as it entered (its
    #: ``choices.card_name``; CR 607.2d, linked abilities)
    chosen_name: bool = fld(False)
    parts: tuple[Unmodelled, ...] = fld((), _parts_unmodelled_in)

    @property
    def granted(self) -> tuple[Any, ...]:
        """Every ability granted, in printed order (``ability`` then ``also``)."""
        return ((self.ability,) if self.ability is not None else ()) + tuple(self.also)

    def nested(self) -> Iterable["Effect"]:
        """The untyped parts of the sentence. The granted abilities are not parts of the source's ability: they
        function on the objects that have them (CR 113.10, 613.1f), where ``solver.rules.layers.board_view`` puts them
        and the gate reads them."""
        return iter(self.parts)


@dataclass(frozen=True, eq=False)
class AsThoughHaste(Effect):
    """"You may activate abilities of [creatures] as though those creatures had haste" (Thousand-Year Elixir,
    Tyvar, Jubilant Brawler): their {T}/{Q} abilities ignore summoning sickness, without giving haste (CR 302.6,
    702.10; the effect's controller is the one who may activate, so ``affects`` is relative to it)."""

    kind: ClassVar[str] = "as_though_haste"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.ACTIVATION})
    affects: Filter = fld(None, FILTER)


@dataclass(frozen=True, eq=False)
class GainControl(Effect):
    """"Gain control of target [object] until end of turn. Untap that [object]. It gains haste until end of turn."
    (Act of Treason, Threaten, Act of Aggression, Captivating Crew's ability): as it resolves the target is untapped
    (CR 701.26b); until end of turn its controller is the effect's controller (layer 2, CR 613.1b) and it has haste
    (layer 6, 613.1f, 702.10), so its {T} abilities may be activated this turn (302.6).

    Read for an effect in force (a scenario's ``effects`` entry with its ``targets``) by ``solver.rules.layers.board_view``:
    the target must be listed on the battlefield of the effect's controller (the control change is read from the
    board, never applied over it: another listing is ``unsupported``, naming layer 2) and it has haste.

    Attributes
    ----------
    target : str
        The target's words as printed after "target" ("creature", "creature an opponent controls", "artifact or
        creature"); the targets rules read them (CR 115.1, 601.2c).
    untap : str
        How "Untap ..." names the object: ``"that creature"``, ``"that permanent"``, ``"it"``.
    """

    kind: ClassVar[str] = "gain_control"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.CHARACTERISTICS, Topic.ACTIVATION, Topic.KEYWORDS})
    target: str = fld("")
    untap: str = fld("it")


@dataclass(frozen=True, eq=False)
class GrantFlashback(Effect):
    """The target spell card gains flashback with a cost equal to its mana cost (Snapcaster Mage)."""

    kind: ClassVar[str] = "grant_flashback"
    touches: ClassVar[frozenset[Topic]] = frozenset({Topic.SPELL_COSTS, Topic.CASTING, Topic.ZONES})
    target: str | None = fld(None)  # which card (description)
    cost: str | None = fld(None)    # "mana_cost": its mana cost
    duration: str | None = fld(None)
    event: str | None = fld(None)   # as a triggered ability: "enters" when this object entering triggers it (CR 603.6a)

    def __post_init__(self) -> None:
        if self.event not in (None, "enters"):
            raise _unknown("grant_flashback event", str(self.event), ("enters",), "grant_flashback")
