"""The base of the vocabulary of card behaviour: ``Effect`` (one frozen dataclass per kind of effect), ``Unmodelled``
(a sentence no reader typed: never absent), ``fld`` and the field readers shared by the families (``Codec``).

Every ability of a card carries exactly one ``Effect``. Text the parser does not turn into a typed effect is
``Unmodelled(text, topics)``, ``topics`` over-approximating what it could change (``ALL_TOPICS`` when unsure), and the
solver's gate (``solver.rules.gate.require_modelled``) answers ``unsupported`` naming the card and the sentence
when such text could apply to a question. The reference of the vocabulary is docs/effects.md.

References: CR 113 (abilities), 113.6 (where abilities function), 207.2c (ability words), 109.1 (objects).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, ClassVar, Iterable, Mapping

from ..game.mana import added_types, MANA_TYPES, ManaCost
from ..game.turn import TurnStep
from .amounts import Amount, Fixed, VariableX
from .filters import Filter
from .logic import Condition
from .readers import readers
from .topics import ALL_TOPICS, Scope, Topic, topics_of, _unknown, VocabularyError


def freeze(value: Any) -> Any:
    """Turn nested dicts/lists into read-only mappings/tuples so abilities stay hashable-ish plain data."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Inverse of ``freeze``: plain dicts and lists (for JSON output)."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    if isinstance(value, ManaCost):
        return str(value)
    return value


# ---------------------------------------------------------------------------
# Effects
# ---------------------------------------------------------------------------

#: Reads a catalog (or parser) value of a field into its typed value: ``read(value, where) -> typed``, raising
#: ``VocabularyError`` naming ``where``; a value that is typed already is returned as it is.
Codec = Callable[[Any, str], Any]


def _plain(v: Any, where: str) -> Any:
    return freeze(v)


PLAIN: Codec = _plain


#: Tags of the readers of fields whose values are other effects or abilities, built as the outer effect is
#: (``models.vocab.registry.BUILDING_CODECS``, read by ``build_effect``): the mana an output adds, its alternatives
#: and its conditional replacement, the options of an either-or additional cost, granted abilities.
PLUS = "add_mana"


INSTEAD = "instead"


ALTERNATIVES = "alternatives"


ADDITIONAL_COSTS = "additional_costs"


ABILITY = "ability"


ABILITIES = "abilities"


def fld(default: Any = None, codec: Codec | str = PLAIN, key: str | None = None) -> Any:
    """A field of an effect: ``codec`` reads its catalog value (a function, or the tag of a reader that builds
    nested effects or abilities, ``build_effect``); ``key`` is the catalog's name for it when that is not the
    field's name (``rider`` for ``AddMana.riders``)."""
    return field(default=default, metadata={"codec": codec, "key": key})


@dataclass(frozen=True, eq=False)
class Effect:
    """Base of every effect. ``kind`` is the effect's name in the catalog; ``topics``
    what it can change (used by docs and by the probe; the gate reads ``Unmodelled.topics``)."""

    kind: ClassVar[str] = ""
    touches: ClassVar[frozenset[Topic]] = frozenset()

    @classmethod
    def normalize(cls, params: dict[str, Any]) -> dict[str, Any]:
        """Hook: rewrite catalog parameter shapes before the fields are read (default: unchanged)."""
        return params

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, f.name) == getattr(other, f.name) for f in dataclasses.fields(self))

    def __hash__(self) -> int:
        return hash(str(self))

    def __str__(self) -> str:
        return self.kind

    def nested(self) -> Iterable["Effect"]:
        """Nested effects (riders, granted abilities' effects, alternatives): for the gate's walk."""
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            for x in (v if isinstance(v, tuple) else (v,)):
                if isinstance(x, Effect):
                    yield x
                elif isinstance(getattr(x, "effect", None), Effect):
                    yield x.effect
                elif isinstance(getattr(x, "output", None), Effect):
                    yield x.output


@dataclass(frozen=True, eq=False)
class Unmodelled(Effect):
    """A sentence the parser did not turn into a typed effect (never treated as absent).

    Attributes
    ----------
    text : str
        The sentence (oracle wording or a catalog description).
    topics : frozenset of Topic
        What it could change, over-approximated (``ALL_TOPICS`` when unsure).
    scope : Scope
        Where and when it functions (CR 113.3, 113.6): set by the oracle parser, ``UNKNOWN`` otherwise.

    The other fields are the facts of its sentence (``models.vocab.readers.SentenceFacts``), read when it is built
    by the text layer's reader (``models.text.facts.sentence_facts``, once per sentence); the solver's safety nets
    read them, never the wording. Built with text before the text layer installed its readers, it raises
    ``ReadersMissing``: its facts are never silently absent.
    """

    kind: ClassVar[str] = "text"
    text: str = ""
    topics: frozenset[Topic] = ALL_TOPICS
    #: Where and when it functions (CR 113.3, 113.6), typed by the parser (``models.text.scope``).
    scope: Scope = Scope.UNKNOWN
    #: Zones it may let spells be cast from (CR 601.3), read from ``text`` when built (models/text/facts.py).
    cast_from: frozenset[str] = field(init=False, compare=False, default=frozenset())
    #: It changes what a spell costs (CR 601.2f): ``"this"`` ("This spell costs ..."), ``"spells"``, or ``None``.
    cost_change: str | None = field(init=False, compare=False, default=None)
    #: It may set or change creatures' power (layer 7, CR 613.4).
    power_change: bool = field(init=False, compare=False, default=False)
    #: The line is a keyword variant not split into a ``Keyword`` ("hexproof from artifacts, ...", CR 702.11d).
    keyword_variant: str | None = field(init=False, compare=False, default=None)
    #: It changes how mana may be spent ("spend ... as though", "can't spend mana", CR 609.4b).
    spend_change: bool = field(init=False, compare=False, default=False)
    #: Its wording may make it function while its own card is being cast (CR 113.6a, 113.6d-f; facts.while_cast).
    while_cast: bool = field(init=False, compare=False, default=True)
    #: What another ability in play must read for it to matter beyond ``topics`` ("power_toughness",
    #: "keyword:flying", "subtype:Desert", "snow", "counters_put"), when the parser typed what it changes
    #: (``models.text.relevance.static_change``); ``solver.rules.gate`` decides per state.
    reads: frozenset[str] = field(init=False, compare=False, default=frozenset())
    #: For a triggered ability's whole line: the one kind of event its trigger condition names, when plain
    #: (``TRIGGER_EVENTS``: a step, a cast, combat; ``models.text.facts.trigger_event``); None: any event.
    trigger_event: str | None = field(init=False, compare=False, default=None)
    #: Whether the line may replace whether or as what a permanent enters the battlefield (Clone's "enter as a copy",
    #: Containment Priest's "would enter ... exile it instead"; CR 614.1c, 614.6, 707.5), over-approximated
    #: (``models.text.facts.enters_replacement``); "enters tapped" and "enters with counters" are not.
    enters_replacement: bool = field(init=False, compare=False, default=False)

    def __post_init__(self) -> None:
        if self.text:
            # the text layer's reader of a sentence's facts, cached per sentence; never a silent default
            # (``models.vocab.readers.readers`` raises ``ReadersMissing`` when none is installed)
            f = readers().sentence_facts(self.text)
            object.__setattr__(self, "while_cast", f.while_cast)
            object.__setattr__(self, "cast_from", f.cast_from)
            object.__setattr__(self, "cost_change", f.cost_change)
            object.__setattr__(self, "power_change", f.power_change)
            object.__setattr__(self, "keyword_variant", f.keyword_variant)
            object.__setattr__(self, "spend_change", f.spend_change)
            object.__setattr__(self, "trigger_event", f.trigger_event)
            object.__setattr__(self, "enters_replacement", f.enters_replacement)
            object.__setattr__(self, "reads", f.reads)


def _riders_in(v: Any, where: str) -> tuple[Unmodelled, ...]:
    if isinstance(v, str):
        v = [v]
    out = []
    for x in v or ():
        if isinstance(x, Unmodelled):
            out.append(x)
        else:
            out.append(Unmodelled(str(x), readers().classify(str(x), "rider")))
    return tuple(out)


RIDERS: Codec = _riders_in


def _mana_in(v: Any, where: str) -> tuple[str, ...]:
    if isinstance(v, tuple) and all(isinstance(x, str) and x in MANA_TYPES for x in v):
        return v
    try:
        return tuple(added_types(str(v)))  # the one reader of fixed mana to add (CR 106.1, 106.10, 106.11)
    except ValueError as e:
        raise VocabularyError(f"{where}: mana {v!r}: {e}") from None


MANA: Codec = _mana_in


def _types_in(v: Any, where: str) -> tuple[str, ...]:
    out = tuple(str(x).upper() for x in v)
    for t in out:
        if t not in MANA_TYPES:
            raise VocabularyError(f"{where}: {t!r} is not a type of mana ({', '.join(MANA_TYPES)})")
    return out


TYPES: Codec = _types_in


def _filter_in(v: Any, where: str) -> Filter:
    if isinstance(v, Filter):
        return v
    if not isinstance(v, Mapping):
        raise VocabularyError(f"{where}: a filter must be a mapping with 'what' and 'controller', got {v!r}")
    extra = set(v) - {"what", "controller"}
    if extra:
        raise _unknown("filter key", sorted(extra)[0], ["what", "controller"], where)
    try:
        f: Filter = readers().parse_filter(str(v.get("what", "permanent")), str(v.get("controller", "any")), False)
        return f
    except ValueError as e:
        raise VocabularyError(f"{where}: {e}") from None


FILTER: Codec = _filter_in


def _amount_in(v: Any, where: str) -> Amount:
    if isinstance(v, Amount):
        return v
    if isinstance(v, bool):
        raise VocabularyError(f"{where}: amount {v!r} is not a number")
    if isinstance(v, int):
        return Fixed(v)
    if isinstance(v, str) and v.strip().upper() == "X":
        return VariableX()
    if isinstance(v, str) and v.strip().isdigit():
        return Fixed(int(v))
    if isinstance(v, Mapping) and len(v) == 1 and next(iter(v)) in ("count", "equal_to", "x_is"):
        try:
            a: Amount = readers().parse_amount(str(next(iter(v.values()))))
            return a
        except ValueError as e:
            raise VocabularyError(f"{where}: amount {dict(v)!r}: {e}") from None
    raise VocabularyError(f"{where}: amount {v!r} is not understood (a number, X, or count/equal_to/x_is)")


AMOUNT: Codec = _amount_in


def _condition_in(v: Any, where: str) -> Condition:
    if isinstance(v, Condition):
        return v
    try:
        c: Condition = readers().parse_condition(str(v))
        return c
    except ValueError as e:
        raise VocabularyError(f"{where}: condition {v!r}: {e}") from None


CONDITION: Codec = _condition_in


def _cost_in(v: Any, where: str) -> ManaCost:
    if isinstance(v, ManaCost):
        return v
    try:
        return ManaCost.parse(str(v))
    except ValueError as e:
        raise VocabularyError(f"{where}: mana cost {v!r}: {e}") from None


COST: Codec = _cost_in


def _topics_in(v: Any, where: str) -> frozenset[Topic]:
    return topics_of(v if not isinstance(v, str) else [v], where)


def _trigger_does(text: str) -> Unmodelled:
    return Unmodelled(text, readers().classify(text, "triggered"))


#: The steps of a turn in order (CR 500.1, 501-514): the values of ``models.game.turn.TurnStep``.
TURN_STEPS: tuple[str, ...] = tuple(s.value for s in TurnStep)


#: The steps of the combat phase (CR 506.1).
COMBAT_STEPS = ("beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat")


def _turn_steps_in(v: Any, where: str) -> tuple[str, ...]:
    vals = [v] if isinstance(v, str) else list(v or ())
    out = []
    for x in vals:
        if str(x) not in TURN_STEPS:
            raise _unknown("step", str(x), TURN_STEPS, where)
        out.append(str(x))
    return tuple(out)


def _turn_step_in(v: Any, where: str) -> str | None:
    return None if v is None else _turn_steps_in([v], where)[0]


def _choice_in(choices: tuple[str, ...], what: str) -> Codec:
    def dec(v: Any, where: str) -> Any:
        if v is None:
            return None
        if str(v) not in choices:
            raise _unknown(what, str(v), choices, where)
        return str(v)
    return dec


def _conditions_in(v: Any, where: str) -> tuple[Condition, ...]:
    """Restriction conditions: typed ``Condition`` records (a catalog's words, "you control five or more lands",
    are read before the effect is built: ``models.text.params``)."""
    out: list[Condition] = []
    for x in [v] if isinstance(v, (str, Condition)) else list(v or ()):
        if not isinstance(x, Condition):
            raise VocabularyError(f"{where}: condition {x!r} is not understood")
        out.append(x)
    return tuple(out)


def _opt_amount_in(v: Any, where: str) -> Amount | None:
    return None if v is None else _amount_in(v, where)


def _opt_condition_in(v: Any, where: str) -> Condition | None:
    return None if v is None else _condition_in(v, where)


def effect_fields(cls: type[Effect]) -> dict[str, dataclasses.Field[Any]]:
    """The fields of an effect class by their catalog key."""
    return {(f.metadata.get("key") or f.name): f for f in dataclasses.fields(cls)}


def walk_unmodelled(effect: Effect) -> Iterable[Unmodelled]:
    """Every ``Unmodelled`` in an effect: itself, or its riders, details and nested abilities' effects."""
    if isinstance(effect, Unmodelled):
        yield effect
        return
    for part in effect.nested():
        yield from walk_unmodelled(part)
