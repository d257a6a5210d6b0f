"""Characteristics of permanents as the game sees them now: printed abilities plus
intrinsic abilities from basic land types (CR 305.6), with continuous effects applied
in layer order (CR 613) as far as the questions here need.

``permanent_abilities(state, perm)`` is the one place solvers ask "what abilities does
this permanent have"; ``board_view(state)`` computes it for every permanent at once
(linear in the size of the board), which is what ``solver.produce`` uses.

Effects applied
---------------
* Layer 4, type-changing effects (CR 613.1d) from static abilities ``effect="land_type"``
  (``models.mana_text``): ``set`` (Blood Moon "nonbasic lands are Mountains", Celestial Dawn
  "lands you control are Plains") and ``add`` (Urborg "each land is a Swamp in addition",
  Prismatic Omen "every basic land type in addition"). A land whose subtypes are *set* to basic
  land types loses the abilities from its rules text and gains the intrinsic ability of each new
  type (CR 305.7); a land that gains a type keeps its abilities and gains the new mana ability.
  Order: an effect that would remove the ability generating another effect applies first (the
  other *depends* on it, CR 613.8a, e.g. Blood Moon before Urborg's own ability, so Urborg has
  none); otherwise timestamp order (CR 613.7), which here is battlefield order.
* Layer 6, ability-adding effects (CR 613.1f) ``effect="grant_ability"`` ("lands you control
  have '{T}: Add one mana of any color'"), after layer 4 — so a land made a Mountain by Blood Moon
  still gains them (CR 305.7: abilities granted by other effects are not removed).
* The same effects from ``state.effects`` (resolved spells or activated abilities still in force).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from models.abilities import Ability, ability_from_dict, make_ability
from models.cards import BASIC_LAND_MANA
from models.oracle import abilities_of
from models.state import Effect, GameState, Permanent

import models.mana_text  # noqa: F401  (registers the mana-ability parser, models.oracle.effect_parser)

BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def intrinsic_mana_ability(land_type: str) -> Ability:
    """The intrinsic "{T}: Add [mana]" ability of a basic land type (CR 305.6)."""
    sym = BASIC_LAND_MANA[land_type]
    return make_ability("activated", "add_mana", "{T}", {"mana": "{" + sym + "}", "intrinsic": land_type},
                        f"{{T}}: Add {{{sym}}} ({land_type}, CR 305.6)")


_INTRINSIC = {t: intrinsic_mana_ability(t) for t in BASIC_TYPES}


def matches(filter_what: str, perm: Permanent, controller_rule: str, viewer: str, subtypes: Iterable[str] | None = None,
            source: Permanent | None = None) -> bool:
    """Does ``perm`` match a filter such as ``"nonbasic land"``, ``"land"``, ``"Forest"``, ``"creature"``?

    Parameters
    ----------
    filter_what : str
        The object words of the effect (``land``, ``basic land``, ``nonbasic land``, ``permanent``,
        ``nonland permanent``, ``creature``, ``artifact``, a subtype such as ``Forest``, ``enchanted``
        for the permanent ``source`` is attached to, ``this`` for ``source`` itself). Plurals allowed.
    controller_rule : str
        ``you`` (``viewer`` controls it), ``opponent`` or ``any``.
    viewer : str
        The controller of the effect.

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
    w = filter_what.strip().lower()
    if w in ("enchanted", "this") or w.startswith("other "):
        return _matches(w, perm, subtypes, source)
    subs = tuple(subtypes) if subtypes is not None else perm.card.type_line.subtypes
    key = (w, id(perm.card), subs)
    got = _MATCH_CACHE.get(key)
    if got is None:
        if len(_MATCH_CACHE) > 100_000:
            _MATCH_CACHE.clear()
        got = _MATCH_CACHE[key] = (_matches(w, perm, subs, source), perm.card)
    return got[0]


_MATCH_CACHE: dict = {}


def _matches(w: str, perm: Permanent, subtypes, source) -> bool:
    if w == "enchanted":
        return source is not None and source.attached_to == perm.id
    if w == "this":
        return source is not None and source.id == perm.id
    for prefix in ("each ", "all ", "other "):
        if w.startswith(prefix):
            if prefix == "other " and source is not None and source.id == perm.id:
                return False
            w = w[len(prefix):]
    if w.endswith("s") and w not in ("plains",):
        w = w[:-1]
    subs = tuple(subtypes) if subtypes is not None else perm.card.type_line.subtypes
    neg = False
    if w.startswith("non") and " " not in w:
        neg, w = True, w[3:]
    parts = w.split()
    if not parts:
        raise ValueError(f"filter {filter_what!r} not understood")
    head = parts[-1]
    quals = parts[:-1]

    def has(word: str) -> bool:
        cap = word.capitalize()
        if cap in ("Plains", "Island", "Swamp", "Mountain", "Forest") or cap not in (
                "Land", "Creature", "Artifact", "Enchantment", "Planeswalker", "Battle", "Permanent", "Basic", "Snow", "Legendary", "Token"):
            return cap in subs or perm.card.is_type(cap) or any(s.lower() == word for s in subs)
        if cap == "Permanent":
            return True
        if cap == "Token":
            return False
        return perm.card.is_type(cap)

    ok = True
    for q in quals:
        qneg = q.startswith("non")
        qw = q[3:] if qneg else q
        if qw in ("basic", "snow", "legendary", "land", "creature", "artifact", "enchantment"):
            ok = ok and (has(qw) != qneg)
        else:
            raise ValueError(f"filter {filter_what!r} not understood")
    res = has(head)
    if neg and not quals:
        res = not res
    elif neg:
        raise ValueError(f"filter {filter_what!r} not understood")
    return ok and res


@dataclass
class PermView:
    """A permanent's characteristics after the effects above: ``subtypes`` and ``abilities``,
    with ``why`` lines naming each effect that changed them."""

    subtypes: tuple[str, ...]
    abilities: tuple[Ability, ...]
    why: list[str] = field(default_factory=list)


@dataclass
class _Fx:
    source: Permanent | None
    controller: str
    ability: Ability
    name: str
    order: int


def _effect_abilities(state: GameState, eff: Effect) -> list[Ability]:
    abil = abilities_of(eff.card)
    if eff.ability is None:
        return [a for a in abil if a.kind in ("spell", "static", "replacement")]
    acts = [a for a in abil if a.kind == "activated"]
    if 1 <= eff.ability <= len(acts):
        return [acts[eff.ability - 1]]
    return []


def continuous_effects(state: GameState, effect_names: tuple[str, ...], printed: dict[str, tuple[Ability, ...]] | None = None,
                       lost: set[str] | None = None) -> list[_Fx]:
    """Static abilities with one of ``effect_names`` from permanents (skipping those in ``lost``) and
    from ``state.effects`` (resolved spells/abilities still in force), in timestamp order."""
    out: list[_Fx] = []
    n = 0
    for perm in state.battlefield:
        if lost and perm.id in lost:
            continue
        abil = printed[perm.id] if printed is not None else abilities_of(perm.card)
        for a in abil:
            if a.effect in effect_names and a.kind in ("static", "replacement"):
                out.append(_Fx(perm, perm.controller, a, perm.name, n))
                n += 1
    for eff in state.effects:
        for a in _effect_abilities(state, eff):
            if a.effect in effect_names:
                out.append(_Fx(None, eff.controller, a, eff.card.name, n))
                n += 1
    return out


_VIEW_CACHE: dict[int, tuple[Any, dict[str, PermView]]] = {}


def _fingerprint(state: GameState) -> tuple:
    return (tuple((id(p), p.controller, id(p.card), p.attached_to) for p in state.battlefield),
            tuple(id(e) for e in state.effects))


def board_view(state: GameState) -> dict[str, PermView]:
    """Every permanent's subtypes and abilities after type-changing and ability-granting effects.

    Parameters
    ----------
    state : GameState

    Returns
    -------
    dict mapping permanent id to ``PermView``.

    References: CR 305.6, 305.7, 613.1d, 613.1f, 613.7, 613.8.
    """
    fp = _fingerprint(state)
    hit = _VIEW_CACHE.get(id(state))
    if hit is not None and hit[0] == fp:
        return hit[1]
    printed = {p.id: tuple(a for a in abilities_of(p.card) if not a.params.get("intrinsic")
                           and not (p.card.faces and a.params.get("face") and a.params.get("face") != p.card.faces[0].name))
               for p in state.battlefield}
    has_type_fx = any(a.effect == "land_type" for ab in printed.values() for a in ab) or state.effects
    lost: set[str] = set()  # lands whose rules-text abilities are gone (CR 305.7)
    subs: dict[str, tuple[str, ...]] = {p.id: p.card.type_line.subtypes for p in state.battlefield}
    why: dict[str, list[str]] = {p.id: [] for p in state.battlefield}
    if has_type_fx:
        # Dependency (613.8a): a set-type effect that would remove the ability of a land generating another
        # type effect applies first. Iterate: find the lands that lose their abilities, drop their effects.
        while True:
            fx = continuous_effects(state, ("land_type",), printed, lost)
            new_lost = set(lost)
            for f in fx:
                if "set" not in f.ability.params:
                    continue
                aff = f.ability.params.get("affects", {})
                for p in state.battlefield:
                    if p.is_land and matches(aff.get("what", "land"), p, aff.get("controller", "any"), f.controller, source=f.source):
                        new_lost.add(p.id)
            if new_lost == lost:
                break
            lost = new_lost
        fx = continuous_effects(state, ("land_type",), printed, lost)
        # Sources that lose their abilities to a set effect had their own effects dropped above.
        for f in fx:  # timestamp order (613.7)
            aff = f.ability.params.get("affects", {})
            for p in state.battlefield:
                if not p.is_land:
                    continue
                if not matches(aff.get("what", "land"), p, aff.get("controller", "any"), f.controller, subs[p.id], f.source):
                    continue
                if "set" in f.ability.params:
                    subs[p.id] = tuple(f.ability.params["set"])
                    why[p.id].append(f"{f.name} sets its land type to {', '.join(subs[p.id])}: it loses the abilities "
                                     f"of its rules text and has each new type's mana ability (CR 305.7, 613.1d)")
                else:
                    new = tuple(t for t in f.ability.params.get("add", ()) if t not in subs[p.id])
                    subs[p.id] = subs[p.id] + new
                    if new:
                        why[p.id].append(f"{f.name} makes it also {', '.join(new)} (CR 305.7, 613.1d)")
    grants = continuous_effects(state, ("grant_ability",), printed, lost)
    out: dict[str, PermView] = {}
    for p in state.battlefield:
        ab: list[Ability] = []
        if p.is_land:
            ab.extend(_INTRINSIC[t] for t in BASIC_TYPES if t in subs[p.id])
        if p.id not in lost:
            ab.extend(printed[p.id])
        for g in grants:
            aff = g.ability.params.get("affects", {})
            try:
                ok = matches(aff.get("what", "permanent"), p, aff.get("controller", "any"), g.controller, subs[p.id], g.source)
            except ValueError:
                ok = False
            if ok:
                d = dict(g.ability.params["ability"])
                a = ability_from_dict({k: v for k, v in d.items()}, p.name)
                ab.append(a)
                why[p.id].append(f"{g.name} gives it \"{a.describe()}\" (CR 613.1f)")
        out[p.id] = PermView(subs[p.id], tuple(ab), why[p.id])
    _VIEW_CACHE.clear()
    _VIEW_CACHE[id(state)] = (fp, out)
    return out


def land_subtypes(state: GameState, perm: Permanent) -> tuple[str, ...]:
    """The permanent's subtypes after type-changing effects (printed subtypes when none apply), CR 613.1d."""
    v = board_view(state).get(perm.id)
    return v.subtypes if v else perm.card.type_line.subtypes


def permanent_abilities(state: GameState, perm: Permanent) -> tuple[Ability, ...]:
    """Every ability the permanent has now, in order: intrinsic basic-land-type mana abilities first
    (CR 305.6), then its own abilities (catalog model or parsed oracle text) unless a type-setting effect
    removed them (CR 305.7), then abilities granted by other effects (CR 613.1f).

    Returns a tuple of ``Ability``.
    """
    v = board_view(state).get(perm.id)
    if v is None:  # not on the battlefield of this state: printed abilities
        out: list[Ability] = []
        if perm.is_land:
            out.extend(_INTRINSIC[t] for t in BASIC_TYPES if t in perm.card.type_line.subtypes)
        out.extend(a for a in abilities_of(perm.card) if not a.params.get("intrinsic"))
        return tuple(out)
    return v.abilities


def has_keyword(state: GameState, perm: Permanent, keyword: str) -> bool:
    """Whether the permanent has a keyword ability (printed or in its model), e.g. ``"haste"`` (CR 702)."""
    k = keyword.lower()
    if any(x.lower() == k for x in perm.card.keywords):
        return True
    return any(a.kind == "keyword" and a.effect == k for a in permanent_abilities(state, perm))
