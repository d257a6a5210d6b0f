"""Characteristics of permanents as the game sees them now: printed abilities plus
intrinsic abilities from basic land types (CR 305.6), with continuous effects applied
in layer order (CR 613) as far as the questions here need.

``board_view(state, holds)`` computes every permanent's characteristics at once (linear in the size of the
board); ``permanent_abilities(state, perm, holds)`` reads one permanent's. The conditions of conditional effects
("as long as ...", CR 604.1, 611.3a) are read by ``holds``, the condition reader the caller passes, so this module
reads no condition itself: the rules ask ``solver.rules.board`` (``board_view(state)``, ``permanent_abilities(state,
perm)``), which passes the one evaluator, ``solver.rules.quantities.condition_holds``.

Effects applied
---------------
* Layer 4, type-changing effects (CR 613.1d) from static abilities ``effect="land_type"``
  (``models.text.mana``): ``set`` (Blood Moon "nonbasic lands are Mountains", Celestial Dawn
  "lands you control are Plains") and ``add`` (Urborg "each land is a Swamp in addition",
  Prismatic Omen "every basic land type in addition"). A land whose subtypes are *set* to basic
  land types loses the abilities from its rules text and gains the intrinsic ability of each new
  type (CR 305.7); a land that gains a type keeps its abilities and gains the new mana ability.
  Order: an effect that would remove the ability generating another effect applies first (the
  other *depends* on it, CR 613.8a, e.g. Blood Moon before Urborg's own ability, so Urborg has
  none); otherwise timestamp order (CR 613.7). Timestamps: a permanent's or effect's ``timestamp``
  when the scenario gives one, else its position — permanents numbered 0, 1, ... in battlefield
  (scenario) order, then ``state.effects`` continuing the numbering in list order; ties keep that order.
* Layer 6, ability-adding effects (CR 613.1f) ``effect="grant_ability"`` ("lands you control
  have '{T}: Add one mana of any color'"), after layer 4 — so a land made a Mountain by Blood Moon
  still gains them (CR 305.7: abilities granted by other effects are not removed).
* The same effects from ``state.effects`` (resolved spells or activated abilities still in force).
* Land-type Auras (``affects: {what: enchanted}``, Spreading Seas): the permanent the Aura is attached to
  (CR 303.4); for a ``state.effects`` entry, its targets (CR 303.4a).
* Safety net: a sentence whose wording changes land types or mana abilities but was not modelled carries the
  mana-production and characteristics topics (``models.text.topics.changes_mana_abilities``), so the gate
  (``solver.rules.gate.require_modelled``) answers ``Unsupported`` naming it before could_produce, available_mana,
  cast or payments reads the board — never silently ignored.
"""
from __future__ import annotations

import dataclasses
import functools
import operator
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from mtgcheck.models.vocab.abilities import Ability, ActivationCost, Stripe, chapter_numbers
from mtgcheck.models.game.cards import BASIC_LAND_MANA, BASIC_LAND_TYPES
from mtgcheck.models.vocab.behaviour import abilities_of, functions_in
from mtgcheck.models.vocab.characteristics import AttachedChange, SelfTypeChange
from mtgcheck.models.vocab.grants import GrantAbility
from mtgcheck.models.vocab.keyword_effects import Keyword
from mtgcheck.models.vocab.filters import Qualifier
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.vocab.topics import Scope, Topic
from mtgcheck.models.vocab.keywords import KeywordKind
from mtgcheck.models.game.state import Effect, GameState, Permanent
from mtgcheck.models.game.subtypes import singular


from mtgcheck.solver.rules import budget as _budget
from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.models.game.subtypes import SUBTYPES
from mtgcheck.models.vocab.mana_effects import AddMana, LandType
from mtgcheck.models.vocab.filters import Filter
from mtgcheck.models.vocab.grants import GainControl
from mtgcheck.models.game.subtypes import CREATURE_TYPES
from mtgcheck.models.game.subtypes import subtype_kind
from mtgcheck.models.vocab.conditions import (
    Compare, ControlsAtLeast, HasDesignation, SourceModified, SourceRenowned, SourceTapped,
)
from mtgcheck.models.vocab.amounts import CountOf
from mtgcheck.models.vocab.logic import Not
from mtgcheck.models.vocab.conditions import DuringTurn, MaxSpeed, TopOfLibrary

BASIC_TYPES = BASIC_LAND_TYPES

#: The reader of a condition ("as long as ...", CR 604.1, 611.3a) that the layers apply an effect under:
#: ``holds(state, player, condition, source, text) -> (holds, why)``. The rules pass the one evaluator,
#: ``solver.rules.quantities.condition_holds`` (``solver.rules.board`` does), which reads the board back through
#: ``board_view``: asked while layer 6 is applied, it sees the types of layer 4 (``_condition_holds``).
ConditionReader = Callable[[GameState, str, Any, "Permanent | None", str], tuple[bool, str]]


def intrinsic_mana_ability(land_type: str) -> Ability:
    """The intrinsic "{T}: Add [mana]" ability of a basic land type (CR 305.6)."""
    sym = BASIC_LAND_MANA[land_type]
    return Ability("activated", AddMana(mana=(sym,)), ActivationCost(tap=True, text="{T}"),
                   f"{{T}}: Add {{{sym}}} ({land_type}, CR 305.6)", intrinsic=land_type)


_INTRINSIC = {t: intrinsic_mana_ability(t) for t in BASIC_TYPES}


def matches(filter_what: str, perm: Permanent, controller_rule: str, viewer: str, subtypes: Iterable[str] | None = None,
            source: Permanent | None = None) -> bool:
    """Does ``perm`` match a filter such as ``"nonbasic land"``, ``"land"``, ``"Forest"``, ``"creature"``?

    Parameters
    ----------
    filter_what : str
        The object words of the effect (``land``, ``basic land``, ``nonbasic land``, ``permanent``,
        ``nonland permanent``, ``creature``, ``artifact``, a subtype such as ``Forest``, ``enchanted``
        for the permanent ``source`` is attached to, ``this`` for ``source`` itself; ``each``/``all``
        and ``other`` (not ``source`` itself) in front). Plurals allowed.
    controller_rule : str
        ``you`` (``viewer`` controls it), ``opponent`` or ``any``.
    viewer : str
        The controller of the effect.
    subtypes : the permanent's subtypes now (after type-changing effects); its printed ones if omitted.
    source : the permanent the effect comes from (for ``other``, ``this``, ``enchanted``).

    Returns
    -------
    bool

    Raises
    ------
    ValueError
        A filter that is not understood (callers turn it into ``Unsupported``).
    """
    if controller_rule == "you" and perm.controller != viewer:
        return False
    if controller_rule == "opponent" and perm.controller == viewer:
        return False
    f = _compile(filter_what.strip().lower())
    if f.special == "enchanted":
        if source is None or source.attached_to != perm.id:
            return False
        subs0 = tuple(subtypes) if subtypes is not None else perm.card.type_line.subtypes
        return all(_has(q, perm.card, subs0) != neg for q, neg in f.tests)
    if f.special == "this":
        return source is not None and source.id == perm.id
    if f.other and source is not None and source.id == perm.id:
        return False
    subs = tuple(subtypes) if subtypes is not None else perm.card.type_line.subtypes
    card = perm.card
    return all(_has(q, card, subs) != neg for q, neg in f.tests)


def filter_matches(f, perm: Permanent, viewer: str, subtypes: Iterable[str] | None = None,
                   source: Permanent | None = None) -> bool:
    """Does ``perm`` match the typed filter ``f`` (``models.vocab.filters.Filter``) of an effect controlled by ``viewer``?

    ``subtypes``: the permanent's subtypes now (printed when omitted); ``source``: the permanent the effect comes
    from (``this``, ``enchanted``, ``other``). References: CR 109, 205, 303.4 (enchanted), 700.? ("other").

    Raises ``ValueError`` for a filter with a qualifier or alternatives (colours, keywords, unions): those need
    the state (``solver.rules.quantities.filter_verdict``).
    """
    if f.alternatives or not f.qualifier.empty:
        raise ValueError(f"the filter {f.words or f.describe()!r} needs the state (solver.rules.quantities.filter_verdict)")
    if f.controller == "you" and perm.controller != viewer:
        return False
    if f.controller == "opponent" and perm.controller == viewer:
        return False
    subs = tuple(subtypes) if subtypes is not None else perm.card.type_line.subtypes
    card = perm.card
    if f.relation == "enchanted" or f.relation == "equipped":
        # what the source is attached to (CR 301.5, 303.4), of the types the words name ("enchanted land",
        # "as long as enchanted permanent is a creature")
        return (source is not None and source.attached_to == perm.id and all(_has(w.lower(), card, subs) for w in f.all_of)
                and not any(_has(w.lower(), card, subs) for w in f.none_of))
    if f.relation == "this":
        return source is not None and source.id == perm.id
    if f.relation is not None:
        raise ValueError(f"the relation {f.relation!r} is not known here")
    if f.other and source is not None and source.id == perm.id:
        return False
    if not all(_has(w.lower(), card, subs) for w in f.all_of):
        return False
    if any(_has(w.lower(), card, subs) for w in f.none_of):
        return False
    if f.any_of and not any(_has(w.lower(), card, subs) for w in f.any_of):
        return False
    if f.colors and not all(c in card.colors for c in f.colors):
        return False
    if f.name is not None and card.name != f.name:
        return False
    return True


def permanents_match(f, perm: Permanent, viewer: str, subtypes: Iterable[str] | None = None,
                     source: Permanent | None = None) -> bool:
    """``filter_matches`` for the object words of a static effect, a reflector's group or a replacement effect: the
    object an event or a cost names ("that land", "it", "the sacrificed land": ``Filter.relation`` ``that``, ``it``,
    ``sacrificed``) is no permanent of such a group (it is read where that event or cost is, ``mana_amounts``,
    ``pool_costparts``). Raises ``ValueError`` as ``filter_matches``."""
    if f.relation in ("that", "it", "sacrificed"):
        return False
    return filter_matches(f, perm, viewer, subtypes, source)


@dataclass(frozen=True)
class _Filter:
    """A parsed filter: ``tests`` are (word, negated) pairs that must all hold; ``other`` excludes the source."""

    special: str | None
    other: bool
    tests: tuple[tuple[str, bool], ...]


_CARD_TYPES = ("Land", "Creature", "Artifact", "Enchantment", "Planeswalker", "Battle")
_SUPERTYPES = ("Basic", "Snow", "Legendary")


#: Plurals of creature types that are not the type plus "s" (CR 205.3m): "Elves you control" (Joraga Treespeaker).
_IRREGULAR_PLURALS = {  # the cost parser's singular of "Elves" ("Tap two untapped Elves you control")
                      "elve": "elf", "dwarve": "dwarf", "wolve": "wolf", "werewolve": "werewolf"}


@functools.lru_cache(maxsize=1024)
def _compile(w: str) -> _Filter:
    """Parse the words of a filter once (the cache is keyed by the text alone: nothing about a permanent
    or a source is remembered)."""
    if w in ("enchanted", "this"):
        return _Filter(w, False, ())
    if w == "equipped":  # the creature the source Equipment is attached to (CR 301.5): as for an Aura
        return _Filter("enchanted", False, ())
    m = w.split(" ", 1)
    if len(m) == 2 and m[0] in ("equipped", "enchanted") and m[1] in ("creature", "land", "permanent", "artifact"):
        # "Equipped creature has ..." (CR 301.5), "Enchanted land has ..." (303.4): the permanent the source is
        # attached to, of that card type
        return _Filter("enchanted", False, ((m[1], False),))
    other = False
    changed = True
    while changed:
        changed = False
        for prefix in ("each ", "all ", "other "):
            if w.startswith(prefix):
                other = other or prefix == "other "
                w = w[len(prefix):]
                changed = True
    last = w.rsplit(" ", 1)[-1]
    if last in _IRREGULAR_PLURALS:
        w = w[: len(w) - len(last)] + _IRREGULAR_PLURALS[last]
    else:  # the one singular of type words (CR 205.3: "Locus", "Plains", "Fungus")
        w = w[: len(w) - len(last)] + singular(last)
    parts = w.split()
    if not parts:
        raise ValueError(f"filter {w!r} not understood")
    head, quals = parts[-1], parts[:-1]
    tests: list[tuple[str, bool]] = []
    if head not in ("that", "it", "sacrificed") and not _names_type(head[3:] if head.startswith("non") and not quals else head):
        # "blue", "colorless", "locu": no type of the rules (CR 205), never a test no permanent passes
        raise ValueError(f"filter {w!r} not understood")
    if head.startswith("non") and not quals:
        tests.append((head[3:], True))
    elif head.startswith("non"):
        raise ValueError(f"filter {w!r} not understood")
    else:
        tests.append((head, False))
    for q in quals:
        neg = q.startswith("non")
        qw = q[3:] if neg else q
        if qw not in ("basic", "snow", "legendary", "land", "creature", "artifact", "enchantment"):
            raise ValueError(f"filter {w!r} not understood")
        tests.append((qw, neg))
    return _Filter(None, other, tuple(tests))


_TYPE_WORDS = frozenset(w.lower() for w in _CARD_TYPES + _SUPERTYPES + ("Permanent", "Token", "Instant", "Sorcery",
                                                                        "Kindred", "Tribal", "World"))


def _names_type(word: str) -> bool:
    """Whether a singular word names a card type, supertype or subtype of CR 205 (or "permanent", "token")."""

    w = word.lower()
    return w in _TYPE_WORDS or any(s.lower() == w for s in SUBTYPES)


def _has(word: str, card, subs: tuple[str, ...]) -> bool:
    cap = word.capitalize()
    if cap in ("Permanent", "Card"):  # the noun of the object words ("a white card"): every object here is a card
        return True
    if cap == "Token":
        return False  # tokens are not modelled on the battlefield: every permanent is a card
    if cap in _CARD_TYPES or cap in _SUPERTYPES:
        return card.is_type(cap)
    return cap in subs or card.is_type(cap) or any(s.lower() == word for s in subs)


@dataclass
class PermView:
    """A permanent's characteristics after the effects above: ``subtypes`` and ``abilities``,
    with ``why`` lines naming each effect that changed them."""

    subtypes: tuple[str, ...]
    abilities: tuple[Ability, ...]
    why: list[str] = field(default_factory=list)
    #: its card types now when an effect of ``SelfTypeChange`` changed them (layer 4, CR 613.1d); ``None``: printed
    types: tuple[str, ...] | None = None
    #: its base power and toughness when such an effect set them (layer 7b, CR 613.4b); ``None``: printed
    base_pt: tuple[int, int] | None = None
    #: the effects of other objects that changed it, in the order applied: (source permanent id, or None for a
    #: resolved spell or ability; the source's name; what it does, a few words) -- drawn by ``solver.questions.graph``
    changed_by: list[tuple[str | None, str, str]] = field(default_factory=list)


@dataclass
class _Fx:
    source: Permanent | None
    controller: str
    ability: Ability
    name: str
    order: tuple[int, int]  # (timestamp, position): sort key, CR 613.7
    targets: tuple[str, ...] = ()  # a resolved effect's targets (permanent ids): what "enchanted" means for it
    #: ``graveyard``: a static ability of a card in its owner's graveyard that says it functions there (CR 113.6b);
    #: its controller is that owner (109.5)
    zone: str = ""


def card_abilities(card) -> tuple[Ability, ...]:
    """A card's abilities (its behaviour model: catalog or parsed once when loaded)."""
    return abilities_of(card)


#: Layouts of double-faced cards (CR 712.1): put onto the battlefield from a zone other than the stack, the card
#: enters with its front face up (712.14), and the back face's abilities do not exist on the permanent (712.8d).
DOUBLE_FACED_LAYOUTS = ("transform", "modal_dfc", "meld")


def entering_abilities(card) -> tuple[Ability, ...]:
    """The abilities a card put onto the battlefield from a zone other than the stack has as it enters (a tuple of
    ``Ability``): a double-faced card's front face only (CR 712.14, 712.8d); any other card's all."""
    abil = abilities_of(card)
    if getattr(card, "layout", "normal") not in DOUBLE_FACED_LAYOUTS or not card.faces:
        return abil
    front = card.faces[0].name
    return tuple(a for a in abil if a.face is None or a.face == front)


def effect_abilities(state: GameState, eff: Effect) -> list[Ability]:
    """The abilities of a ``state.effects`` entry that are in force: the spell's own, or activated ability N."""
    return _effect_abilities(state, eff)


def _effect_abilities(state: GameState, eff: Effect) -> list[Ability]:
    abil = abilities_of(eff.card)
    if eff.ability is None:
        return [a for a in abil if a.kind in ("spell", "static", "replacement")]
    acts = [a for a in abil if a.kind == "activated"]
    if 1 <= eff.ability <= len(acts):
        return [acts[eff.ability - 1]]
    return []


def timestamps(state: GameState) -> tuple[dict[str, int], list[int]]:
    """The timestamp of every permanent (by id) and of every ``state.effects`` entry (CR 613.7).

    A given ``timestamp`` wins; otherwise the position: permanents 0, 1, ... in battlefield order, then the
    effects continuing the numbering in list order (a resolved effect is newer than every permanent unless
    the scenario says otherwise)."""
    perms = {p.id: (p.timestamp if p.timestamp is not None else i) for i, p in enumerate(state.battlefield)}
    n = len(state.battlefield)
    effs = [(e.timestamp if e.timestamp is not None else n + j) for j, e in enumerate(state.effects)]
    return perms, effs


def continuous_effects(state: GameState, effect_types: tuple[type, ...], printed: dict[str, tuple[Ability, ...]] | None = None,
                       lost: set[str] | None = None) -> list[_Fx]:
    """Static abilities whose effect is of one of ``effect_types`` from permanents (skipping those in ``lost``) and
    from ``state.effects`` (resolved spells/abilities still in force), in timestamp order (CR 613.7;
    ``timestamps``; ties in position order)."""
    out: list[_Fx] = []
    ts_perm, ts_eff = timestamps(state)
    n = 0
    for perm in state.battlefield:
        if lost and perm.id in lost:
            continue
        abil = printed[perm.id] if printed is not None else abilities_of(perm.card)
        for a in abil:
            if type(a.effect) in effect_types and a.kind in ("static", "replacement"):
                out.append(_Fx(perm, perm.controller, a, perm.name, (ts_perm[perm.id], n)))
                n += 1
    for j, eff in enumerate(state.effects):
        for a in _effect_abilities(state, eff):
            if type(a.effect) in effect_types:
                out.append(_Fx(None, eff.controller, a, eff.card.name, (ts_eff[j], n), tuple(eff.targets)))
                n += 1
    # a static ability that functions while its card is in a graveyard or the command zone (CR 113.6b, 113.6p: Anger,
    # Riftstone Portal; an emblem's "Swamps you control have ...", 114.4; eminence): "you" is the card's owner (109.5;
    # an emblem's owner controls it, 114.2). When it was put there is not part of a scenario: it is ordered first, and
    # ``board_view`` refuses it beside an effect whose order would matter (613.7)
    for zone in OTHER_ZONE_EFFECTS:
        for owner, cards in state.zones.get(zone, {}).items():
            for ci in cards:
                for a in abilities_of(ci.card):
                    if type(a.effect) in effect_types and a.kind in ("static", "replacement") and functions_in(ci.card, a, zone):
                        out.append(_Fx(None, owner, a, ci.card.name, (-1, n), zone=zone))
                        n += 1
    out.sort(key=lambda f: f.order)
    return out


#: Zones other than the battlefield whose cards' type-changing and ability-granting statics ``continuous_effects``
#: applies when the ability says it works there (CR 113.6b, 113.6p; ``models.vocab.behaviour.functions_in``).
OTHER_ZONE_EFFECTS = ("graveyard", "command")


def _chapter_pending(state: GameState, p: Permanent, chapter: int) -> bool:
    """Whether the trigger of ``p``'s chapter ``chapter`` is listed on the stack (CR 714.2b, 603.3): it has
    triggered but not resolved, so what it gives has not happened yet (608.2)."""
    if not state.stack_abilities:
        return False
    trig = [a for a in abilities_of(p.card) if a.kind == "triggered"]
    for sa in state.stack_abilities:
        if sa.kind != "triggered" or sa.card is not p.card or (sa.source is not None and sa.source != p.id):
            continue
        if 1 <= sa.index <= len(trig) and chapter in chapter_numbers(trig[sa.index - 1].text):
            return True
    return False


def _stripe_on(state: GameState, p: Permanent, st: Stripe) -> bool:
    """Whether ``p`` has the abilities of stripe ``st`` now: its counters (CR 711.2a-b, 721.2a); for a Saga's
    chapter (``lore``), also that the chapter's trigger is not waiting on the stack (714.2b, 608.2)."""
    return st.holds(p.counters) and not (st.counter == "lore" and _chapter_pending(state, p, st.least))


def _stripe_notes(p: Permanent, state: GameState | None = None) -> list[str]:
    """Why the abilities of a level or station stripe, or what a Saga's chapter left behind, do or do not apply to
    ``p`` (CR 711.2a-b, 721.2a, 714.2b)."""
    seen: dict[Stripe, bool] = {}
    for a in abilities_of(p.card):
        if a.stripe is not None and a.stripe not in seen:
            seen[a.stripe] = a.stripe.holds(p.counters) if state is None else _stripe_on(state, p, a.stripe)
    out = []
    for st, on in seen.items():
        n = int(p.counters.get(st.counter, 0) or 0)
        if st.counter == "lore":
            out.append(f"{p.name} has {n} lore counter(s): its {st.describe()} "
                       + ("has triggered and resolved, and what it gave lasts (CR 714.2b, 611.2a)" if on else
                          "has not resolved (too few lore counters, or its trigger is on the stack), so it gave "
                          "nothing yet (CR 714.2b, 608.2)"))
            continue
        out.append(f"{p.name} has {n} {st.counter} counter(s): the abilities of its {st.describe()} stripe "
                   f"{'apply' if on else 'do not apply'} (CR {'711.2' if st.counter == 'level' else '721.2a'})")
    return out


def _fingerprint(state: GameState) -> tuple:
    """What the view depends on, as the objects themselves (compared by identity, so no id can be reused
    while the cache holds them) plus the plain values that can change in place: each permanent's controller,
    attachment, timestamp and renown (``_PLAIN``: a grant's condition, CR 702.112b) and a copy of its counters (level
    and station stripes, CR 711.2a, 721.2a; "with a counter on it") and of its choices ("the chosen name", CR
    607.2d); each effect's card, ability, timestamp and controller. ``_unchanged`` compares the same parts."""
    return (tuple(state.battlefield), tuple(p.card for p in state.battlefield),
            tuple(map(_PLAIN, state.battlefield)), tuple(dict(p.counters) for p in state.battlefield),
            tuple(dict(p.choices) for p in state.battlefield),
            tuple(state.effects), tuple((e.card, e.ability, e.timestamp, e.controller) for e in state.effects))


_PLAIN = operator.attrgetter("controller", "attached_to", "timestamp", "renowned")
_CARD = operator.attrgetter("card")
_COUNTERS = operator.attrgetter("counters")
_CHOICES = operator.attrgetter("choices")
_EFFECT_PLAIN = operator.attrgetter("ability", "timestamp", "controller")


def _unchanged(fp: tuple, state: GameState) -> bool:
    """Whether ``state`` still has the fingerprint ``fp`` (``_fingerprint``: the same objects, by identity, and the
    same plain values), without building a new one: element-wise identity and equality in C loops (the view is
    asked for once per permanent by some callers, so this check runs often)."""
    perms, cards, plain, counters, choices, effs, eplain = fp
    bf = state.battlefield
    if len(bf) != len(perms) or len(state.effects) != len(effs):
        return False
    if not all(map(operator.is_, bf, perms)) or not all(map(operator.is_, map(_CARD, bf), cards)):
        return False
    if not all(map(operator.eq, map(_PLAIN, bf), plain)) or not all(map(operator.eq, map(_COUNTERS, bf), counters)):
        return False
    if not all(map(operator.eq, map(_CHOICES, bf), choices)):
        return False
    if effs:
        ef = state.effects
        if not all(map(operator.is_, ef, effs)) or not all(map(operator.is_, map(_CARD, ef), (x[0] for x in eplain))):
            return False
        if not all(map(operator.eq, map(_EFFECT_PLAIN, ef), (x[1:] for x in eplain))):
            return False
    return True


def _graveyard_key(state: GameState) -> tuple:
    """The cards in each graveyard and command zone by name: a static that functions there (CR 113.6b, 113.6p)
    changes the view."""
    return tuple((z, p, tuple(ci.card.name for ci in cards)) for z in OTHER_ZONE_EFFECTS
                 for p, cards in state.zones.get(z, {}).items())


#: Attribute of a ``GameState`` holding its last view (the cache lives and dies with the state).
_CACHE_ATTR = "_layers_board_view"


def _match(what: Filter | None, p: Permanent, f: _Fx, subtypes, kind: str) -> bool:
    """Whether the typed filter ``what`` of the effect ``f`` (``None``: any land) applies to ``p`` (``filter_matches``;
    ``Unsupported`` naming the effect for a filter it cannot read)."""
    if what is None:
        what = _ANY_LAND
    if f.source is None and what.relation in ("enchanted", "equipped"):
        # A resolved effect entry of an Aura-like card: the permanent it affects is its target (CR 303.4a:
        # an Aura spell targets what it will enchant); without a target it affects nothing we can name.
        if not f.targets:
            raise Unsupported(f"{f.name}: \"{f.ability.describe()}\" affects the enchanted permanent: give the "
                              f"effect's `targets` (or put the Aura on the battlefield with `attached_to`)")
        if p.id not in f.targets:
            return False
        what = dataclasses.replace(what, relation=None)
    try:
        return permanents_match(what, p, f.controller, subtypes, f.source)
    except ValueError:
        raise Unsupported(f"{f.name}: \"{f.ability.describe()}\": which permanents its {kind} applies to "
                          f"({what.words or what.describe()!r}) is not modelled") from None


#: The objects of a land-type change that names none (the catalog's default: any land).
_ANY_LAND = Filter(all_of=("Land",), words="land")



#: The haste a control change grants its target (CR 702.10), one ability object for every such effect.
_HASTE = Ability("keyword", Keyword(keyword="haste"), None, "haste")


def _control_grants(state: GameState) -> list[_Fx]:
    """The layer-6 part of each control change in force (``GainControl`` of a ``state.effects`` entry, CR 613.1b,
    613.1f): haste for its targets, as a grant to "it" (``_grant_applies``: a resolved effect's "it" is its target).

    The control change itself (layer 2) is read from the board: a target listed on the battlefield must be listed
    under the effect's controller; a target that is not on the battlefield is no longer affected (CR 611.2c, 400.7).

    Raises
    ------
    Unsupported
        The entry has no ``targets``, or a target is listed under another player (whether a later effect took it
        back is not modelled), naming the effect and the rule."""

    out: list[_Fx] = []
    for f in continuous_effects(state, (GainControl,)):
        if not isinstance(f.ability.effect, GainControl):
            continue
        if not f.targets:
            raise Unsupported(f"{f.name}: \"{f.ability.describe()}\" gains control of its target: give the effect's "
                              f"`targets` (the permanent, listed on {f.controller}'s battlefield)")
        for t in f.targets:
            p = next((q for q in state.battlefield if q.id == t), None)
            if p is not None and p.controller != f.controller:
                raise Unsupported(f"{f.name}: {f.controller} controls {p.name} until end of turn (layer 2, CR "
                                  f"613.1b), but the scenario lists it under {p.controller}: list it on "
                                  f"{f.controller}'s battlefield (a later control change is not modelled)")
        grant = GrantAbility(affects=Filter(relation="it", words="it"), ability=_HASTE)
        ab = dataclasses.replace(f.ability, effect=grant)
        out.append(_Fx(None, f.controller, ab, f.name, f.order, f.targets))
    return out


def _grant(g: _Fx) -> GrantAbility:
    """The ``GrantAbility`` of a grant effect (``continuous_effects`` with ``grant_ability``)."""
    eff = g.ability.effect
    if not isinstance(eff, GrantAbility):
        raise TypeError(f"{g.name}: {eff!r} is not a grant")
    return eff


def _grant_applies(state: GameState, g: _Fx, p: Permanent, subtypes: tuple[str, ...], holds: ConditionReader) -> bool:
    """Whether the grant ``g`` (a ``GrantAbility``) applies to ``p`` now: its object words (the typed filter, with
    the counters it asks for, CR 122.1) and its condition ("as long as ...", CR 604.1, 611.3a).

    Raises ``Unsupported`` naming the effect for object words or a condition that cannot be read here."""
    eff = _grant(g)
    f = eff.affects
    if f.relation in ("enchanted", "equipped", "it") and g.source is None:
        # a resolved effect entry of an Aura-like card: what it affects is its target (CR 303.4a)
        if not g.targets:
            raise Unsupported(f"{g.name}: \"{g.ability.describe()}\" affects the {f.relation} permanent: give the "
                              f"effect's `targets` (or put the card on the battlefield with `attached_to`)")
        if p.id not in g.targets:
            return False
        f = dataclasses.replace(f, relation=None, controller="any")
    q = f.qualifier
    extra = dataclasses.replace(q, counters=(), other=False, tapped=None)
    if f.alternatives or not extra.empty:
        raise Unsupported(f"{g.name}: \"{g.ability.describe()}\": which permanents it applies to "
                          f"({f.words or f.describe()!r}) is not modelled")
    base = dataclasses.replace(f, qualifier=Qualifier())
    try:
        if not filter_matches(base, p, g.controller, subtypes, g.source):
            return False
    except ValueError:
        raise Unsupported(f"{g.name}: \"{g.ability.describe()}\": which permanents it applies to "
                          f"({f.words or f.describe()!r}) is not modelled") from None
    if q.other and g.source is not None and g.source.id == p.id:
        return False
    if eff.chosen_name:  # "with the chosen name" (CR 607.2d): the name chosen as the source entered
        name = g.source.choices.get("card_name") if g.source is not None else None
        if not name:
            raise Unsupported(f"{g.name}: \"{g.ability.describe()}\" applies to permanents with the name chosen as it "
                              f"entered: give it as `choices: {{card_name: ...}}`")
        if p.card.name != name:
            return False
    if q.tapped is not None and p.tapped != q.tapped:  # "untapped creatures you control" (CR 110.5: a status)
        return False
    for kind in q.counters:  # "with a counter on it" (any kind: ""), "with a +1/+1 counter on it" (CR 122.1)
        if not any(int(n or 0) > 0 and (not kind or str(k).lower() == kind) for k, n in p.counters.items()):
            return False
    if eff.condition is not None:
        return _condition_holds(state, g, p, holds)
    return True


def _condition_holds(state: GameState, g: _Fx, p: Permanent, holds: ConditionReader) -> bool:
    """The condition of a conditional grant ("as long as ...", CR 604.1, 611.3a), read for its source by the one
    evaluator, ``holds`` (``solver.rules.quantities.condition_holds``). It is read while layer 6 is being applied,
    against the types of layer 4 (``board_view`` answers a nested call with that partial view), so only conditions
    that read no ability are allowed: a filter with a qualifier (keywords, colours, ...) is ``Unsupported``."""

    cond = _grant(g).condition
    if cond is None or not _layer_condition(cond):
        raise Unsupported(f"{g.name}: \"{g.ability.describe()}\": its condition is not modelled here")
    if g.source is None and not g.zone:
        raise Unsupported(f"{g.name}: \"{g.ability.describe()}\": a condition of an effect in force is not modelled")
    ok, _why = holds(state, g.controller, cond, g.source, g.ability.text)
    return ok


def _layer_condition(cond: Any) -> bool:
    """Whether a grant's condition reads no ability, so layer 6 can read it (``_condition_holds``): "you control
    [N or more] ..." and "an opponent controls ..." of filters without qualifiers (types only, layer 4), modified
    and renowned (CR 700.9, 702.112b), the source tapped or untapped (CR 110.5), a player's designation (CR 724), the
    top card of a library by its card types (``TopOfLibrary``, CR 401.1: a card's printed characteristics)."""

    if isinstance(cond, ControlsAtLeast):
        return cond.filter.qualifier.empty and not cond.filter.alternatives
    if isinstance(cond, Compare):
        return isinstance(cond.left, CountOf) and isinstance(cond.right, int) and \
            cond.left.filter.qualifier.empty and not cond.left.filter.alternatives
    if isinstance(cond, Not):
        return isinstance(cond.of, SourceTapped)

    if isinstance(cond, TopOfLibrary):  # a card in a library: its printed characteristics, no permanent's ability
        return cond.filter.qualifier.empty and not cond.filter.alternatives
    return isinstance(cond, (SourceModified, SourceRenowned, SourceTapped, HasDesignation, DuringTurn, MaxSpeed))


def _layer6_grants(state: GameState, grants: list[_Fx], subs: dict[str, tuple[str, ...]],
                   holds: ConditionReader) -> list[_Fx]:
    """The grants that exist in layer 6: an effect that makes a permanent lose all its abilities applies before
    the effects of that permanent's own abilities, which then do not exist (CR 613.8a-b, dependency; an effect
    never depends on itself). Returns the grants still in force, in timestamp order.

    Raises ``Unsupported`` for a dependency loop (CR 613.8b: timestamp order inside the loop, not modelled)."""
    if not any(_grant(g).loses for g in grants):
        return grants
    active = list(grants)
    for _ in range(len(grants) + 2):
        removed: dict[str, set[int]] = {}
        for g in active:
            if _grant(g).loses:
                for p in state.battlefield:
                    if _grant_applies(state, g, p, subs[p.id], holds):
                        removed.setdefault(p.id, set()).add(id(g))
        new = [g for g in grants if g.source is None or not (removed.get(g.source.id, set()) - {id(g)})]
        if [id(g) for g in new] == [id(g) for g in active]:
            return new
        active = new
    raise Unsupported("effects that make permanents lose all abilities depend on one another in a loop "
                      "(CR 613.8b): not modelled")


def board_view(state: GameState, holds: ConditionReader) -> dict[str, PermView]:
    """Every permanent's subtypes and abilities after type-changing and ability-granting effects.

    Parameters
    ----------
    state : GameState
    holds : ConditionReader
        Reads the conditions of conditional grants and of a permanent's own type changes (CR 604.1, 611.3a); the
        rules' is ``solver.rules.quantities.condition_holds`` (``solver.rules.board.board_view`` passes it). The view
        is kept with the state for that reader until the state changes.

    Returns
    -------
    dict mapping permanent id to ``PermView``.

    Raises
    ------
    Unsupported
        An effect whose filter (which permanents it affects) is not understood, naming the effect.

    References: CR 305.6, 305.7, 613.1d, 613.1f, 613.7, 613.8.
    """
    partial = state.__dict__.get(_PARTIAL_ATTR)
    if partial is not None:
        return partial  # asked by a grant's condition while layer 6 is applied (``_condition_holds``)
    hit = state.__dict__.get(_CACHE_ATTR)
    # DuringTurn, MaxSpeed (CR 611.3a, 702.178a); the cards in graveyards, whose grants may function there (113.6b)
    turn_key = (state.active, tuple(sorted(state.speed.items())), _graveyard_key(state))
    if hit is not None and hit[2] == turn_key and hit[3] is holds and _unchanged(hit[0], state):
        return hit[1]
    fp = _fingerprint(state)
    printed = _battlefield_printed(state)
    has_type_fx = any(isinstance(a.effect, LandType) for ab in printed.values() for a in ab) or state.effects
    lost: set[str] = set()  # lands whose rules-text abilities are gone (CR 305.7)
    subs: dict[str, tuple[str, ...]] = {p.id: p.card.type_line.subtypes for p in state.battlefield}
    why: dict[str, list[str]] = {p.id: [] for p in state.battlefield}
    by: dict[str, list[tuple[str | None, str, str]]] = {p.id: [] for p in state.battlefield}
    for p in state.battlefield:
        why[p.id].extend(_stripe_notes(p, state))
    if has_type_fx:
        lost = _land_type_changes(state, printed, subs, why, by)
    _changelings(state, printed, lost, subs, why)
    grants = _ability_grants(state, printed, lost)
    att = _attached_changes(state, printed, lost, subs, why, has_type_fx, grants, holds)
    if att is not None:
        printed, grants = att.printed, sorted(grants + att.grants, key=lambda f: f.order)
    if any(_grant(g).condition is not None for g in grants):
        # a condition read now sees the permanents' types (layer 4), no ability of layer 6 (``_condition_holds``)
        state.__dict__[_PARTIAL_ATTR] = {p.id: PermView(subs[p.id], (), []) for p in state.battlefield}
    try:
        for f in grants:  # "loses all land types" (layer 4, CR 305.7, 613.1d): after the type-changing effects above
            if _grant(f).lose_land_types:
                for p in state.battlefield:
                    if p.is_land and _grant_applies(state, f, p, subs[p.id], holds):
                        subs[p.id] = ()
                        why[p.id].append(f"{f.name} makes it lose all land types: no basic land type's mana ability "
                                         f"(CR 305.7, 613.1d)")
                        by[p.id].append((_source_id(f), f.name, "removes its land types"))
        out = _layer6(state, grants, subs, printed, lost, why, holds, att, by)
    finally:
        state.__dict__.pop(_PARTIAL_ATTR, None)
    state.__dict__[_CACHE_ATTR] = (fp, out, turn_key, holds)
    return out


def _battlefield_printed(state: GameState) -> dict[str, tuple[Ability, ...]]:
    """Each permanent's own abilities that function on the battlefield: those of its (front) face (CR 712.8a), not
    those that work only from another zone (CR 113.6: Simian Spirit Guide's, 113.6m), a Saga's or a Class's only
    while its chapter or level is reached (CR 711.2a-b, 721.2a); intrinsic land abilities come later (CR 305.6)."""
    # A permanent has the abilities of its (front) face that function on the battlefield (CR 113.6: Simian
    # Spirit Guide's "exile this card from your hand" ability works only from the hand, 113.6m).
    return {p.id: tuple(a for a in abilities_of(p.card) if a.intrinsic is None
                        and not (p.card.faces and a.face and a.face != p.card.faces[0].name)
                        and (not a.zones or "battlefield" in a.zones)
                        and (a.stripe is None or _stripe_on(state, p, a.stripe)))  # CR 711.2a-b, 721.2a
            for p in state.battlefield}


def _land_type_changes(state: GameState, printed: dict[str, tuple[Ability, ...]], subs: dict[str, tuple[str, ...]],
                       why: dict[str, list[str]], by: dict[str, list[tuple[str | None, str, str]]]) -> set[str]:
    """Layer 4's land-type effects (CR 305.7, 613.1d) in timestamp order (613.7), applied to ``subs`` with their
    reasons in ``why`` and ``by``; a set-type effect that removes the abilities of a land generating another type
    effect applies first (dependency, CR 613.8a). Returns the lands that lost their rules-text abilities (CR 305.7).

    Raises
    ------
    Unsupported : a Saga land losing its abilities (what its chapters gave stays, CR 714.2b), or land-type effects
    from a graveyard or the command zone, whose timestamps a scenario does not record (CR 613.7).
    """
    lost: set[str] = set()
    # Dependency (613.8a): a set-type effect that would remove the ability of a land generating another
    # type effect applies first, whatever the timestamps. Iterate: find the lands that lose their
    # abilities, drop their effects. (The filters here — land, nonbasic land, who controls it — do not
    # read subtypes, so no other layer-4 dependency arises.)
    while True:
        fx = continuous_effects(state, (LandType,), printed, lost)
        new_lost = set(lost)
        for f in fx:
            lt = f.ability.effect
            assert isinstance(lt, LandType)
            if not lt.set:
                continue
            for p in state.battlefield:
                if p.is_land and _match(lt.affects, p, f, None, "type-changing effect"):
                    new_lost.add(p.id)
        if new_lost == lost:
            break
        lost = new_lost
    for p in state.battlefield:
        if p.id in lost and any(a.stripe is not None and a.stripe.counter == "lore" for a in printed[p.id]):
            # what a Saga's resolved chapter gave it is granted by an effect, which a land-type change does not
            # remove (CR 305.7, 611.2a, 714.2b); keeping those while the rules text goes is not modelled
            raise Unsupported(f"{p.name} is a Saga land whose abilities a land-type effect removes; the abilities "
                              f"its resolved chapters gave it stay (CR 305.7, 714.2b), which is not modelled")
    fx = continuous_effects(state, (LandType,), printed, lost)
    if len(fx) > 1 and any(f.zone for f in fx):
        # CR 613.7: land-type effects apply in timestamp order; a card's in a graveyard or the command zone is when
        # it was put there, which a scenario does not record
        f0 = next(f for f in fx if f.zone)
        raise Unsupported(f"{f0.name} (in the {f0.zone}): “{f0.ability.text}” and another land-type effect apply in "
                          f"timestamp order (CR 613.7); when the card was put there is not recorded")
    # Sources that lose their abilities to a set effect had their own effects dropped above.
    for f in fx:  # timestamp order (613.7)
        lt = f.ability.effect
        assert isinstance(lt, LandType)
        for p in state.battlefield:
            if not p.is_land:
                continue
            if not _match(lt.affects, p, f, subs[p.id], "type-changing effect"):
                continue
            if lt.set:
                subs[p.id] = tuple(lt.set)
                why[p.id].append(f"{f.name} sets its land type to {', '.join(subs[p.id])}: it loses the abilities "
                                 f"of its rules text and has each new type's mana ability (CR 305.7, 613.1d)")
                by[p.id].append((_source_id(f), f.name, f"makes it a {', '.join(subs[p.id])}"))
            else:
                new = tuple(t for t in (lt.add or ()) if t not in subs[p.id])
                subs[p.id] = subs[p.id] + new
                if new:
                    why[p.id].append(f"{f.name} makes it also {', '.join(new)} (CR 305.7, 613.1d)")
                    by[p.id].append((_source_id(f), f.name, f"makes it also a {', '.join(new)}"))
    return lost


def _ability_grants(state: GameState, printed: dict[str, tuple[Ability, ...]], lost: set[str]) -> list:
    """The effects that grant or remove abilities (layer 6, CR 613.1f) in timestamp order, with the scenario's
    control-changing effects' grants.

    Raises
    ------
    Unsupported : a permanent with impending and a time counter (whether it was cast for its impending cost is not
    recorded, CR 702.176a); a grant from a graveyard or the command zone ordered against a loss of abilities (its
    timestamp is not recorded, CR 613.7).
    """
    for p in state.battlefield:
        if p.counters.get("time", 0) > 0 and any(isinstance(a.effect, Keyword) and a.effect.family is KeywordKind.IMPENDING
                                                 for a in printed[p.id]):
            # "if it was cast for its impending cost, it's not a creature" while it has a time counter (CR 702.176a)
            raise Unsupported(f"{p.name} has a time counter and impending: whether it was cast for its impending cost "
                              f"(then it is not a creature, CR 702.176a) is not recorded in the scenario")
    grants = continuous_effects(state, (GrantAbility,), printed, lost)
    if any(g.zone for g in grants) and any(_grant(g).loses for g in grants):
        # CR 613.7: the order of a loss of abilities and a grant is their timestamps'; a card's in a graveyard or the
        # command zone is when it was put there, which a scenario does not record
        g = next(g for g in grants if g.zone)
        raise Unsupported(f"{g.name} (in the {g.zone}): “{g.ability.text}” and an effect that removes abilities apply in "
                          f"timestamp order (CR 613.7); when the card was put there is not recorded")
    if state.effects:
        grants = sorted(grants + _control_grants(state), key=lambda f: f.order)
    return grants


def _changelings(state: GameState, printed: dict[str, tuple[Ability, ...]], lost: set[str],
                 subs: dict[str, tuple[str, ...]], why: dict[str, list[str]]) -> None:
    """Layer 4, first (CR 613.3, 604.3): a permanent whose own abilities include changeling is every creature type
    (702.73a, a characteristic-defining ability); the types are added to ``subs`` in place."""

    every = tuple(sorted(CREATURE_TYPES))
    for p in state.battlefield:
        if p.id in lost or not any(isinstance(a.effect, Keyword) and a.effect.family is KeywordKind.CHANGELING
                                   for a in printed[p.id]):
            continue
        subs[p.id] = subs[p.id] + tuple(t for t in every if t not in subs[p.id])
        why[p.id].append("changeling: it is every creature type (CR 702.73a)")


#: Attribute of a ``GameState`` holding the layer-4 view while layer 6 is applied (conditions read it).
_PARTIAL_ATTR = "_layers_partial_view"


def _source_id(f: _Fx) -> str | None:
    return f.source.id if f.source is not None else None


def _layer6(state: GameState, grants: list[_Fx], subs: dict[str, tuple[str, ...]], printed: dict[str, tuple[Ability, ...]],
            lost: set[str], why: dict[str, list[str]], holds: ConditionReader, att: "_Attached | None" = None,
            by: dict[str, list[tuple[str | None, str, str]]] | None = None) -> dict[str, PermView]:
    """Layer 6 (CR 613.1f): printed and land-type abilities, then the grants in timestamp order (``board_view``);
    ``att``: the card types and base power/toughness Auras and Equipment give what they are attached to."""
    kept = _layer6_grants(state, grants, subs, holds)
    if att is not None and any(g in att.grants and g not in kept for g in grants):
        raise Unsupported("an Aura or Equipment that changes the object it is attached to loses its abilities to "
                          "another effect (CR 613.8, dependency): not modelled")
    grants = kept
    out: dict[str, PermView] = {}
    for p in state.battlefield:
        ab: list[Ability] = []
        if p.is_land:
            ab.extend(_INTRINSIC[t] for t in BASIC_TYPES if t in subs[p.id])
        types: tuple[str, ...] | None = None
        base_pt: tuple[int, int] | None = None
        own_types: tuple[str, ...] | None = None
        if p.id not in lost:
            own, own_types, base_pt, subs[p.id] = _self_type_changes(state, p, printed[p.id], subs[p.id], why[p.id],
                                                                     holds)
            ab.extend(own)
        types = own_types
        if att is not None and p.id in att.types:
            if own_types is not None or base_pt is not None:
                raise Unsupported(f"{p.name}: its own type change and an Aura's or Equipment's apply together "
                                  f"(CR 613.7, timestamp order): not modelled")
            types, base_pt = att.types[p.id], att.pt.get(p.id)
        for g in grants:  # timestamp order (CR 613.7), after the dependencies of _layer6_grants (613.8)
            if not _grant_applies(state, g, p, subs[p.id], holds):
                continue
            eff = _grant(g)
            if eff.loses and own_types is not None:
                # the effect of its own type-changing ability began in layer 4 and goes on in later layers even
                # once the ability is lost (CR 613.6); which keywords remain then depends on timestamps: not modelled
                raise Unsupported(f"{g.name}: \"{g.ability.describe()}\" makes {p.name} lose all abilities while its own "
                                  f"type-changing ability applies (CR 613.6, 613.7): not modelled")
            changes = by.setdefault(p.id, []) if by is not None else []
            if eff.loses:
                ab = []
                why[p.id].append(f"{g.name} makes it lose all its abilities (CR 613.1f, 113.10b)")
                changes.append((_source_id(g), g.name, "removes its abilities"))
            for a in eff.granted:
                if isinstance(a.effect, Keyword) and a.effect.family is KeywordKind.CHANGELING:
                    # granted in layer 6, it would change the creature types of layer 4 (CR 702.73a, 613.1d, 613.8)
                    raise Unsupported(f"{g.name} gives {p.name} changeling: the creature types a granted changeling "
                                      f"adds (CR 702.73a, 613.1d) are not modelled")
                ab.append(a)
                why[p.id].append(f"{g.name} gives it \"{a.describe()}\" (CR 613.1f, 113.10)")
            if eff.granted:
                changes.append((_source_id(g), g.name, "gives it an ability"))
        out[p.id] = PermView(subs[p.id], tuple(ab), why[p.id], types, base_pt,
                             list(by.get(p.id, ())) if by is not None else [])
    return out


def _self_type_changes(state: GameState, p: Permanent, printed: tuple[Ability, ...], subs: tuple[str, ...],
                       why: list[str], holds: ConditionReader
                       ) -> tuple[list[Ability], tuple[str, ...] | None, tuple[int, int] | None, tuple[str, ...]]:
    """The permanent's printed abilities with its own type changes applied (``SelfTypeChange``, CR 611.3a): for each
    whose condition holds now, its card types and subtypes are added (layer 4, CR 613.1d, 205.1b), its base power
    and toughness set (layer 7b, 613.4b), its keywords added (layer 6, 613.1f).

    What other abilities read of the permanent's types and power is read by them from its card, so the change
    itself stays in its abilities as an ``Unmodelled`` sentence that counts where something in play reads those
    types or power (``Unmodelled.reads``: "creature", the subtypes, power/toughness; ``solver.rules.gate``); the rules
    that read the view (summoning sickness, CR 302.6: ``is_creature_now``; keywords: ``has_keyword``) see it.

    Returns (abilities, card types or None, base power/toughness or None, subtypes)."""

    if not any(isinstance(a.effect, SelfTypeChange) for a in printed):
        return list(printed), None, None, subs
    out: list[Ability] = []
    types: tuple[str, ...] | None = None
    pt: tuple[int, int] | None = None
    extra: list[Ability] = []
    for a in printed:
        eff = a.effect
        if not isinstance(eff, SelfTypeChange):
            out.append(a)
            continue
        if eff.condition is not None:
            ok, because = holds(state, p.controller, eff.condition, p, a.text)
        else:
            ok, because = True, "always"
        if not ok:
            out.append(a)
            why.append(f"{p.name}: “{a.text}” does not apply now ({because}; CR 611.3a)")
            continue
        now = types if types is not None else tuple(p.card.front.type_line.types)
        types = now + tuple(t for t in eff.types if t not in now)
        old = tuple(s for s in subs if not (eff.replace_creature_types and s in p.card.front.type_line.subtypes
                                            and p.card.is_type("Creature")))
        subs = old + tuple(s for s in eff.subtypes if s not in old)
        if eff.power is not None and eff.toughness is not None:
            pt = (eff.power, eff.toughness)
        extra.extend(eff.also)
        # what another ability would have to read for the change to matter: the card types and subtypes it adds
        # (not those the permanent already has), and power/toughness when it makes a creature or sets them
        added = [t for t in eff.types if t not in now]
        reads = {f"subtype:{t.lower()}" for t in added} | {f"subtype:{t}" for t in added} \
            | {f"subtype:{s}" for s in eff.subtypes if s not in p.card.front.type_line.subtypes}
        if "Creature" in added or pt is not None:
            reads.add("power_toughness")  # a creature has power and toughness (CR 208.1; crew, 702.122a)
        topics = frozenset({Topic.SUBTYPES} | ({Topic.POWER_TOUGHNESS} if pt is not None else set()))
        residual = Unmodelled(a.text, topics, Scope.BATTLEFIELD)
        object.__setattr__(residual, "reads", frozenset(reads))
        out.append(dataclasses.replace(a, effect=residual))
        why.append(f"{p.name}: “{a.text}” applies now ({because}): it is {' '.join(types)}"
                   + (f" with base power and toughness {pt[0]}/{pt[1]}" if pt else "") + " (CR 611.3a, 613.1d, 613.4b)")
    return out + extra, types, pt, subs


def permanent_abilities(state: GameState, perm: Permanent, holds: ConditionReader) -> tuple[Ability, ...]:
    """Every ability the permanent has now, in order: intrinsic basic-land-type mana abilities first
    (CR 305.6), then its own abilities (catalog model or parsed oracle text) unless a type-setting effect
    removed them (CR 305.7), then abilities granted by other effects (CR 613.1f).

    ``holds`` reads the conditions of the layers' effects (``board_view``); the rules ask
    ``solver.rules.board.permanent_abilities``, which passes theirs. Returns a tuple of ``Ability``.
    """
    _budget.tick(1, "looking at permanents' abilities")
    v = board_view(state, holds).get(perm.id)
    if v is None:  # not on the battlefield of this state: printed abilities
        out: list[Ability] = []
        if perm.is_land:
            out.extend(_INTRINSIC[t] for t in BASIC_TYPES if t in perm.card.type_line.subtypes)
        out.extend(a for a in abilities_of(perm.card) if not a.intrinsic)
        return tuple(out)
    return v.abilities


def has_keyword(state: GameState, perm: Permanent, keyword: str, holds: ConditionReader) -> bool:
    """Whether the permanent has a keyword ability now (printed, in its model or granted by a typed effect), e.g.
    ``"haste"`` (CR 702). Unmodelled text that could grant or remove it is the gate's (``solver.rules.gate``: the
    activation and keyword topics), checked before any question is answered. ``holds`` reads the conditions of the
    layers' effects (``board_view``); the rules ask ``solver.rules.board.has_keyword``, which passes theirs.
    """
    k = keyword.lower()
    if any(x.lower() == k for x in perm.card.keywords):
        return True
    return any(isinstance(a.effect, Keyword) and a.effect.name == k.replace(" ", "_")
               for a in permanent_abilities(state, perm, holds))


# --- Auras and Equipment: what they make the object they are attached to (AttachedChange) ---------------------------

@dataclass
class _Attached:
    """What ``_attached_changes`` found: the printed abilities with each applying ``AttachedChange`` replaced by what
    of it stays unmodelled (``printed``), its layer-6 part as grants (``grants``), and the card types and base
    power/toughness of each affected permanent (``types``, ``pt``: layer 4 and 7b)."""

    printed: dict[str, tuple[Ability, ...]]
    grants: list[_Fx]
    types: dict[str, tuple[str, ...]]
    pt: dict[str, tuple[int, int]]


def _subtype_kind(s: str) -> str | None:
    """The card type a subtype goes with (``models.game.subtypes.subtype_kind``, CR 205.3g-m)."""

    return subtype_kind(s)


#: Words that read an object's colours (CR 105): "white", "nonwhite", "colorless", "multicolored", "color(s)", and the
#: field names of a typed qualifier (``Qualifier``: ``colors``, ``not_colors``, ...), as ``keyword:`` tokens (a
#: word search, ``models.text.relevance.token_read_by``).
_COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_COLOR_READ = ("color", "colors", "colored", "colorless", "multicolored", "monocolored", "colors_any", "not_colors")


def _attached_reads(p: Permanent, eff: AttachedChange, old_types: tuple[str, ...], new_types: tuple[str, ...],
                    old_subs: tuple[str, ...], new_subs: tuple[str, ...]) -> set[str]:
    """What another ability would have to read for the parts of an applied ``AttachedChange`` that the rest of the
    engine reads from the card (its types by filters, its subtypes, power and toughness, colours, supertypes) to
    matter: ``Unmodelled.reads`` tokens of the types, subtypes and colours it changes (added or removed)."""
    reads: set[str] = set()
    for t in set(old_types) ^ set(new_types):
        reads |= {f"subtype:{t}", f"subtype:{t.lower()}"}
    for s in set(old_subs) ^ set(new_subs):
        reads.add(f"subtype:{s}")
    if (set(old_types) ^ set(new_types)) & {"Creature"} or eff.power is not None:
        reads.add("power_toughness")  # a creature has power and toughness (CR 208.1; crew, 702.122a)
    if eff.colors is not None:
        old = frozenset(p.card.colors)
        new = frozenset(eff.colors)
        if old != new:
            reads |= {f"keyword:{w}" for w in _COLOR_READ}
            for c in old ^ new:
                reads |= {f"keyword:{_COLOR_WORDS[c]}", f"keyword:non{_COLOR_WORDS[c]}"}
    return reads


def _attached_changes(state: GameState, printed: dict[str, tuple[Ability, ...]], lost: set[str],
                      subs: dict[str, tuple[str, ...]], why: dict[str, list[str]], type_fx: Any,
                      others: list[_Fx], holds: ConditionReader) -> "_Attached | None":
    """Apply what Auras and Equipment make the object they are attached to (``AttachedChange``; CR 303.4, 301.5).

    A source attached to nothing affects nothing (its ability stays typed, with no unmodelled part: CR 303.4 "the
    object it's attached to", 301.5; an unattached Equipment is normal, 301.5c). Attached to a permanent of the types
    its words name, it gives that permanent: card types (set, CR 205.1a, or added, 205.1b) and subtypes — those that no
    longer go with one of its card types go, 205.1a — in layer 4 (613.1d, written into ``subs``); base power and
    toughness in layer 7b (613.4b); "loses all [other] abilities" and the abilities it grants in layer 6 (613.1f) as a
    grant in timestamp order with the other grants (613.7). The source's ability is then replaced by an ``Unmodelled``
    of the same sentence whose ``reads`` are what it changed that other abilities read from the card (types by their
    filters, subtypes, power, colours: the gate counts it where something in play reads them), plus its untyped
    ``parts`` (a +1/+1, a name, a control change: CR 613.1b) and unapplied supertypes ("is snow": the payment reads
    snow from the card, CR 107.4h; kept with the topics costs and mana spending). Returns ``None`` when there is no
    such ability on the battlefield.

    Raises ``Unsupported`` where the order of effects is not modelled: two of them on one permanent, one with a
    land-type effect in play (Blood Moon: 613.7, 305.7), a source that may lose its abilities (613.8), an entry in
    ``state.effects``, an attachment the words do not allow (704.5m-n)."""
    sources = [(p, a) for p in state.battlefield if p.id not in lost for a in printed[p.id] if isinstance(a.effect, AttachedChange)]
    for e in state.effects:
        for a in _effect_abilities(state, e):
            if isinstance(a.effect, AttachedChange):
                raise Unsupported(f"{e.card.name}: \"{a.text}\" as an effect in force (not a permanent attached to "
                                  f"another): not modelled")
    if not sources:
        return None
    by_id = {p.id: p for p in state.battlefield}
    ts, _ = timestamps(state)
    new_printed = dict(printed)
    grants: list[_Fx] = []
    types: dict[str, tuple[str, ...]] = {}
    pts: dict[str, tuple[int, int]] = {}
    hit: dict[str, str] = {}
    for n, (src, a) in enumerate(sources):
        eff = a.effect
        assert isinstance(eff, AttachedChange)
        target = by_id.get(src.attached_to) if src.attached_to else None
        if target is None:
            why[src.id].append(f"{src.name} is attached to nothing: “{a.text}” affects nothing (CR 303.4, 301.5)")
            continue
        words_ok = all(_has(w.lower(), target.card, subs[target.id]) for w in eff.affects.all_of)
        if not words_ok:
            raise Unsupported(f"{src.name} is attached to {target.name}, which is not what “{a.text}” names: an illegal "
                              f"attachment (CR 704.5m-n, 301.5c) is not modelled")
        if target.id in hit:
            raise Unsupported(f"{target.name}: “{a.text}” ({src.name}) and “{hit[target.id]}” both change it "
                              f"(CR 613.7, timestamp order): not modelled")
        hit[target.id] = a.text
        old_types = tuple(target.card.front.type_line.types)
        old_subs = subs[target.id]
        changes_types = eff.types is not None or eff.subtypes is not None
        if changes_types and (type_fx and any(isinstance(x.effect, LandType) for ab in printed.values() for x in ab) or
                              target.id in lost or any(isinstance(x.effect, SelfTypeChange) for x in printed[target.id])):
            raise Unsupported(f"{target.name}: “{a.text}” ({src.name}) and a land-type or other type-changing effect "
                              f"(CR 305.7, 613.7): their order is not modelled")
        new_types = old_types
        new_subs = old_subs
        if changes_types:
            new_types, new_subs = _attached_types(eff, old_types, old_subs)
            subs[target.id] = new_subs
            types[target.id] = tuple(new_types)
            why[target.id].append(f"{src.name}: “{a.text}”: it is {' '.join(new_types)}"
                                  + (f" — {' '.join(new_subs)}" if new_subs else "") + " (CR 205.1a, 613.1d)")
        if eff.power is not None and eff.toughness is not None:
            pts[target.id] = (eff.power, eff.toughness)
            types.setdefault(target.id, tuple(new_types))
            why[target.id].append(f"{src.name}: base power and toughness {eff.power}/{eff.toughness} (CR 613.4b)")
        if eff.loses or eff.granted:
            g = GrantAbility(affects=eff.affects, ability=None, also=tuple(eff.granted), loses=eff.loses)
            grants.append(_Fx(src, src.controller, dataclasses.replace(a, effect=g), src.name, (ts[src.id], -1 - n)))
        rest = _attached_residuals(a, eff, target, old_types, tuple(new_types), old_subs, new_subs)
        i = new_printed[src.id].index(a)
        new_printed[src.id] = new_printed[src.id][:i] + tuple(rest) + new_printed[src.id][i + 1:]
        why[target.id].append(f"{src.name} is attached to it: “{a.text}” applies (CR 303.4, 301.5)")
    applied = {src.id for src, _a in sources if src.attached_to in hit}
    losers = [g for g in grants if _grant(g).loses] + [g for g in others if _grant(g).loses]
    for src_id in applied:
        src = by_id[src_id]
        if any(_grant_applies(state, g, src, subs[src_id], holds) for g in losers):
            # its own effect would stop once it loses its abilities; which applies first is a dependency (CR 613.8)
            raise Unsupported(f"{src.name} changes what it is attached to and may itself lose its abilities "
                              f"(CR 613.8, dependency): not modelled")
    return _Attached(new_printed, grants, types, pts)


def _attached_types(eff: AttachedChange, old_types: tuple[str, ...],
                    old_subs: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The card types and subtypes an Aura or Equipment gives the object it is attached to (layer 4, CR 613.1d):
    added to its own (CR 205.1b), or set, its subtypes that no longer go with one of its card types or that are of a
    kind the effect replaces going (CR 205.1a). Returns ``(card types, subtypes)``."""
    if eff.add_types:
        new_types = old_types + tuple(t for t in (eff.types or ()) if t not in old_types)
        new_subs = old_subs + tuple(s for s in (eff.subtypes or ()) if s not in old_subs)
        return new_types, new_subs
    new_types = eff.types if eff.types is not None else old_types
    replaced = {_subtype_kind(s) for s in (eff.subtypes or ())}
    if eff.types is not None and "Creature" in eff.types and eff.subtypes is None:
        replaced = set()
    kept = tuple(s for s in old_subs
                 if (_subtype_kind(s) in new_types if _subtype_kind(s) is not None
                     else any(t not in ("Creature", "Artifact", "Enchantment", "Land") for t in new_types))
                 and _subtype_kind(s) not in replaced)
    new_subs = kept + tuple(s for s in (eff.subtypes or ()) if s not in kept)
    return new_types, new_subs


def _attached_residuals(a: Ability, eff: AttachedChange, target: Permanent, old_types: tuple[str, ...],
                        new_types: tuple[str, ...], old_subs: tuple[str, ...], new_subs: tuple[str, ...]) -> list[Ability]:
    """What of an Aura's or Equipment's change stays unmodelled while it applies, read by the gate: the change
    itself where other abilities read what it changed from the card (``_attached_reads``), supertypes it does not
    apply ("is snow", CR 107.4h), a new name (CR 201.2), its untyped parts (CR 613.1b). Returns the abilities that
    replace ``a`` on its source."""
    reads = _attached_reads(target, eff, old_types, new_types, old_subs, new_subs)
    topics = frozenset({Topic.SUBTYPES} | ({Topic.POWER_TOUGHNESS} if eff.power is not None else set()))
    residual = Unmodelled(a.text, topics, Scope.BATTLEFIELD)
    object.__setattr__(residual, "reads", frozenset(reads))
    # a change nothing reads from the card is applied in full: no residual, whose words would otherwise be taken
    # for a reader of what the sentence changes (its own "snow", models.text.relevance.ability_words)
    rest = [dataclasses.replace(a, effect=residual)] if reads else []
    for sup in eff.supertypes:
        if target.card.type_line.supertypes and sup in target.card.type_line.supertypes:
            continue
        # snow: what the mana may pay ({S}, CR 107.4h) and a spell's {S} — the topics of the typed "is snow"
        # (models.text.relevance, ``supertype:snow``); an ability's {S} is in its own words (``reads``)
        u = Unmodelled(f"{eff.affects.words[:1].upper()}{eff.affects.words[1:]} is {sup.lower()}.",
                       frozenset({Topic.MANA_SPENDING, Topic.SPELL_COSTS} if sup == "Snow"
                                 else {Topic.COSTS, Topic.MANA_SPENDING}), Scope.BATTLEFIELD)
        object.__setattr__(u, "reads", frozenset({sup.lower()} if sup == "Snow" else {f"keyword:{sup.lower()}"}))
        rest.append(dataclasses.replace(a, effect=u))
    if eff.new_name is not None and eff.new_name != target.card.name:
        # its name (CR 201.2) is read from the card: it counts where something names a name
        u = Unmodelled(f"{eff.affects.words[:1].upper()}{eff.affects.words[1:]} is named {eff.new_name}.",
                       frozenset({Topic.SUBTYPES}), Scope.BATTLEFIELD)
        object.__setattr__(u, "reads", frozenset({"keyword:name", "keyword:named", "keyword:names",
                                                  f"keyword:{eff.new_name}", f"keyword:{target.card.name}"}))
        rest.append(dataclasses.replace(a, effect=u))
    rest.extend(dataclasses.replace(a, effect=u) for u in eff.parts)
    return rest
