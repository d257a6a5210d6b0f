"""Mana abilities whose cost uses other permanents or the hand, as choices of the payment model (docs/payment.md).

A mana ability is activated by paying its whole cost (CR 605.3b, 602.2b, 601.2g-h); the payment search makes
each way of paying such a cost one *choice* of the permanent whose resource it uses, so that every use of a
permanent is exclusive and exhaustive:

* **"Sacrifice a <kind>: Add ..."** with no {T} and no mana (Squandered Resources, Ashnod's Altar, Phyrexian
  Altar, Krark-Clan Ironworks, Skirk Prospector): it can be activated once per permanent sacrificed, so the
  sacrificed permanent carries the mana ("sacrificed to Ashnod's Altar for {C}{C}"). A permanent tapped for
  its own mana can be sacrificed afterwards (tap first, then sacrifice: both; CR 605.3a lets the player
  activate mana abilities in any order), so "tap for {G}, then sacrifice for {G}" is one more choice of a
  Forest under Squandered Resources. The type "that land could produce" is the land's could-produce set
  (CR 106.7) as the whole board stands: it is sacrificed after every permanent is tapped, and a land whose
  answer depends on other permanents (a reflector) is sacrificed before the lands it reflects; two such
  lands sacrificed together are checked only up to that order, so that case is never answered "no" or counted
  (``order_unchecked``: unsupported).
* **"{T}, Tap an untapped <kind> you control: Add ..."** (Springleaf Drum, Holdout Settlement) and "Tap an
  untapped <kind> you control: Add ..." (Urza, Lord High Artificer; Seton): the tapped permanent's choice
  "tapped for a cost" gives one *token* of that cost and the ability's choice needs one; a payment is feasible
  only when every needed token is given (``_Evaluator``). Summoning sickness does not stop a creature from
  being tapped for another permanent's cost (CR 302.6 restricts only its own {T} abilities; Springleaf Drum
  ruling 2004-10-04), and a permanent tapped for a cost cannot also tap for its own mana (CR 118.3).
* **"{T}, Sacrifice a <kind>: Add ..."** (Phyrexian Tower): a sacrifice token, given by the sacrificed
  permanent (which may have been tapped for mana first).
* **"Discard your hand"** with "Activate only as an instant" (Lion's Eye Diamond): the ability can be activated
  only when its controller could cast an instant, so not in the middle of casting a spell (CR 602.5e, 605.3a);
  activated before casting, with priority, its mana stays in the pool (CR 106.4) — unless the spell is in the
  hand, which the cost would discard. So it pays for a spell cast from another zone and for an ability's cost,
  never for a spell cast from the hand (Lion's Eye Diamond ruling 2004-10-04).

A permanent sacrificed to an unlimited ability that is itself sacrificed (two Krark-Clan Ironworks sacrificing
each other) needs an order in which the ability's source is still there: ``sacrifice_order_ok`` searches the
orders exactly.

References: CR 106.7, 113.6m, 118.3, 302.6, 601.2g-h, 602.5e, 605.3a-b, 701.21a (sacrifice).
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from mtgcheck.models.game.state import GameState, Permanent

from mtgcheck.solver.rules.mana.sources import ManaSource
from mtgcheck.solver.rules.layers import matches
from mtgcheck.solver.rules.board import board_view
from mtgcheck.models.game.mana import Mana

#: cost parts handled here (besides those ``_source_choices`` pays itself)
_CONSUMED = ("tap_untapped", "discard_hand")


def _instant_only(src: ManaSource) -> bool:
    """Activated only with priority, so not while casting (CR 602.5d-e, 605.3a): "Activate only as an instant"
    (the catalog's ``timing``, or the parsed restriction) or "as a sorcery"."""
    r = getattr(src.ability, "restriction", None)
    return getattr(src.ability.effect, "timing", None) == "instant" or getattr(r, "timing", None) in ("instant", "sorcery")


def uses_other_objects(src: ManaSource) -> bool:
    """The source's cost sacrifices or taps another permanent (a choice of that permanent, see the module)."""
    return any(p.action == "tap_untapped" or (p.action == "sacrifice" and p.what != "this") for p in src.other_costs)


def hand_discard_verdict(src: ManaSource, spell_card: Any, spell_zone: str | None, cost_parts: tuple) -> str | None:
    """Whether a mana ability whose cost discards the hand can pay (``None``), else why not (exact).

    Lion's Eye Diamond ("Activate only as an instant"): not during casting (CR 602.5e, 605.3a); before casting,
    with priority, only when the spell is not in the hand (the cost would discard it, CR 601.2a) and the total
    cost needs no card from the hand. Without the timing rider the hand is discarded while paying, after any
    mana ability of a card in the hand was activated, which is always possible (CR 605.3a)."""
    if spell_card is not None and (spell_zone or "hand") == "hand" and _instant_only(src):
        return (f"{src.name}: “{src.ability.describe()}” can be activated only when {src.name}'s controller could cast "
                f"an instant, so not while casting a spell (CR 602.5e, 605.3a), and activated before casting it would "
                f"discard {spell_card.name} from the hand (Lion's Eye Diamond ruling 2004-10-04): it cannot pay")
    if any(p.action in ("discard", "discard_hand") for p in cost_parts):
        return "unmodelled"
    return None


@dataclass
class _Altar:
    """An unlimited "Sacrifice a <kind>: Add ..." ability (no {T}, no mana): a kind of altar."""

    key: tuple
    srcs: list[ManaSource]
    what: str
    other: bool
    reflect: str | None  # "type"/"color" for "mana of any type the sacrificed land could produce"


@dataclass
class Stories:
    """What ``add_stories`` did: notes for explanations and sources it could not model (named)."""

    notes: list[str]
    unmodelled: list[str]
    order_relevant: bool = False
    #: kind index -> how many sources of that kind (kinds whose sources may be sacrificed)
    alive: dict = dataclasses.field(default_factory=dict)


def add_stories(state: GameState, player: str, consumers: list[ManaSource], per_perm: dict[str, list],
                perm_name: dict[str, str], repeat_groups: list, excluded: set[str],
                make_choices: Callable[[ManaSource], list | None], choice_cls: Any, group_cls: Any,
                bound: int, unit_of: Callable[[Any, ManaSource], tuple]) -> Stories:
    """Add the choices of the mana abilities whose cost taps or sacrifices other permanents.

    Parameters
    ----------
    state, player : the game and the paying player.
    consumers : the sources whose cost has "Sacrifice a <kind>" (not itself) or "Tap an untapped <kind> you
        control" parts (``uses_other_objects``).
    per_perm : permanent id -> its choices so far (mana abilities that tap, untap or sacrifice it); extended in
        place with the combined choices (own use, then tapped for a cost or sacrificed).
    perm_name : permanent id -> name (extended for permanents that only pay a cost).
    repeat_groups : repeatable sources' groups (extended with "Tap an untapped ..." abilities without {T}).
    excluded : permanents that cannot be used (their {T} is part of the cost being paid, CR 601.2g-h).
    make_choices : ``_source_choices`` for a source whose listed parts are stripped (its mana, life and options).
    choice_cls, group_cls : ``model._Choice`` and ``model._Group``.
    bound : the most activations a repeatable source can take in one payment (its mana symbols).
    unit_of : ``(Mana, source) -> unit`` of the payment model (type after spend-as-though effects, snow, may pay
        the spell, may pay a filter's input: spend restrictions, CR 106.6, 609.4b).

    Returns
    -------
    Stories (notes, sources left out because a part is not modelled).
    """

    view = board_view(state)
    notes: list[str] = []
    unmodelled: list[str] = []
    mine = {p.id: p for p in state.permanents(player)}
    altars: dict[tuple, _Altar] = {}
    token_users: list[tuple[ManaSource, list[tuple[str, str, int]]]] = []

    def fits(what: str, q: Permanent, src_perm: Permanent | None) -> bool | None:
        try:
            return matches(what, q, "you", player, view[q.id].subtypes if q.id in view else None, src_perm)
        except ValueError:
            return None

    _sort_consumers(consumers, altars, token_users, unmodelled)
    if not altars and not token_users:
        return Stories(notes, unmodelled)

    produce = None
    if any(a.reflect for a in altars.values()):
        from mtgcheck.solver.rules.mana.produce import could_produce

        produce = could_produce(state)

    _add_token_users(token_users, per_perm, perm_name, repeat_groups, make_choices, group_cls, bound, notes)
    token_kinds = sorted({(k, w) for _, needs in token_users for k, w, _ in needs})
    for a in altars.values():
        notes.append(" or ".join(s.why for s in a.srcs[:1]) + (f" ×{len(a.srcs)}" if len(a.srcs) > 1 else "") +
                     f": each {a.what} sacrificed to it is one activation, chosen with that permanent (a permanent tapped "
                     "for mana can be sacrificed afterwards, CR 605.3a)")

    relevant = _order_relevant(altars, mine, token_kinds, fits)
    kind_index = {k: i for i, k in enumerate(sorted(altars, key=str))}
    deps: set[str] = set()
    if produce is not None:
        deps = {n for n in produce.graph.nodes if isinstance(n, str) and produce.graph.in_degree(n) > 0}

    for q in state.permanents(player):
        if q.id in excluded:
            continue
        own = list(per_perm.get(q.id, ()))
        tap_parts: list[Any] = [None] + own
        if not q.tapped:
            for k, w in token_kinds:
                if k == "tap" and fits(w, q, None):
                    tap_parts.append(("give", (k, w), f"tapped to pay “Tap an untapped {w} you control”"))
        rem_parts = _removal_parts(q, altars, token_kinds, fits, produce, unit_of, deps)
        if len(tap_parts) == 1 + len(own) and not rem_parts:
            continue
        inst = tuple(sorted(kind_index[a.key] for a in altars.values() if a.key in relevant
                            and any(s.permanent == q.id for s in a.srcs)))
        out = [dataclasses.replace(c, parts=(f"own:{i}",),
                                   order=c.order + ((("removed",), ("inst",) + inst) if inst and c.removes else ()))
               for i, c in enumerate(own)]
        for t in tap_parts:
            for r in [None] + rem_parts:
                if t is None and r is None:
                    continue
                if r is None and t in own:
                    continue  # already there
                if r is not None and t in own and t.removes:
                    continue  # sacrificed by its own ability: nothing left to sacrifice
                out.append(_combine(choice_cls, q, t, r, inst, kind_index, relevant, own))
        per_perm[q.id] = out
        perm_name.setdefault(q.id, q.name)
    return Stories(notes, unmodelled, bool(relevant),
                   {kind_index[k]: len(altars[k].srcs) for k in relevant})


def _order_relevant(altars: dict[tuple, "_Altar"], mine: dict[str, Permanent], token_kinds: list[tuple[str, str]],
                    fits: Callable[[str, Permanent, Permanent | None], bool | None]) -> set[tuple]:
    """The altar kinds whose every source is the player's and can itself be sacrificed (to an altar or for a token
    user's cost): for those the order of the sacrifices matters (a sacrificed altar is activated no more)."""
    def removable(q: Permanent) -> bool:
        for a in altars.values():
            f = fits(a.what, q, None)
            if f and not (a.other and any(s.permanent == q.id for s in a.srcs)):
                return True
        return any(k == "sac" and fits(w, q, None) for k, w in token_kinds)

    return {a.key for a in altars.values() if all(s.permanent in mine and removable(mine[s.permanent]) for s in a.srcs)}

def _sort_consumers(consumers: list[ManaSource], altars: dict[tuple, "_Altar"],
                    token_users: list[tuple[ManaSource, list[tuple[str, str, int]]]], unmodelled: list[str]) -> None:
    """Sort the sources whose cost uses other permanents: an ability whose only cost is "Sacrifice a <kind>" (one
    permanent, no {T}: an altar, activated once per permanent sacrificed, CR 605.3a) joins the altars of its kind;
    the others need their tokens ("sac"/"tap", kind, how many) with the payment (CR 601.2g-h); a cost part not
    modelled leaves the source out, named in ``unmodelled``."""
    for src in consumers:
        parts = src.other_costs
        sac = [p for p in parts if p.action == "sacrifice" and p.what != "this"]
        taps = [p for p in parts if p.action == "tap_untapped"]
        rest = [p for p in parts if p not in sac and p not in taps]
        bad = [p for p in rest if p.action not in ("pay_life", "sacrifice")] or \
            [p for p in sac + taps if p.amount < 1]
        if bad:
            unmodelled.append(f"{src.name} (“{src.ability.describe()}”: its cost part “{bad[0].text or bad[0].action}”)")
            continue
        plain = dataclasses.replace(src, other_costs=tuple(rest))
        if not src.tap and not src.untap and not src.mana_cost and not rest and not taps and len(sac) == 1 \
                and sac[0].amount == 1:
            r = getattr(src.ability.effect, "reflect", None)
            reflect = r.by if r is not None and r.filter.relation == "sacrificed" else None
            key = (src.name, src.ability_index, tuple(str(o) for o in src.options), sac[0].what, reflect)
            altars.setdefault(key, _Altar(key, [], sac[0].what, "another" in (sac[0].text or "").lower(), reflect)
                              ).srcs.append(src)
            continue
        needs = [("sac", p.what, p.amount) for p in sac] + [("tap", p.what, p.amount) for p in taps]
        token_users.append((plain, needs))


def _add_token_users(token_users: list[tuple[ManaSource, list[tuple[str, str, int]]]], per_perm: dict[str, list],
                     perm_name: dict[str, str], repeat_groups: list,
                     make_choices: Callable[[ManaSource], list | None], group_cls: Any, bound: int,
                     notes: list[str]) -> None:
    """The choices of the sources that need tokens: their own choices, each needing its tokens; one with {T} (or
    untapping, or from another zone) is its permanent's, one without is a repeatable group, once per token given
    (Urza, Lord High Artificer), at most ``bound``."""
    for src, needs in token_users:
        chs = make_choices(src)
        if not chs:
            continue
        tok = tuple(sorted(Counter({(k, w): n for k, w, n in needs}).items()))
        chs = [dataclasses.replace(c, needs=tok, ability=c.ability) for c in chs]
        if src.tap or src.untap or src.zone != "battlefield":
            per_perm.setdefault(src.permanent, []).extend(chs)
            perm_name[src.permanent] = src.name
        else:  # no {T}: once per token given (Urza, Lord High Artificer), at most ``bound``
            repeat_groups.append(group_cls(("repeat", src.permanent, src.ability_index), src.name, (src.permanent,),
                                           max(1, bound), chs, False, False))
        notes.append(f"{src.why}: its cost taps or sacrifices another permanent, chosen with the payment "
                     f"(CR 601.2g-h; a creature tapped for it may be summoning sick, CR 302.6)")


def _removal_parts(q: Permanent, altars: dict[tuple, "_Altar"], token_kinds: list[tuple[str, str]],
                   fits: Callable[[str, Permanent, Permanent | None], bool | None], produce: Any,
                   unit_of: Callable[[Any, ManaSource], tuple], deps: set[str]) -> list[Any]:
    """The ways ``q`` may leave for a cost: sacrificed to an altar of its kind (not to itself when the altar says
    "another"), for each mana the altar makes (one that reflects the sacrificed permanent's types makes what it could
    produce, CR 106.7; none for a land that could produce none: Squandered Resources ruling 2004-10-04), or
    sacrificed to pay a token user's "Sacrifice a <kind>"."""
    rem_parts: list[Any] = []
    for a in altars.values():
        if not fits(a.what, q, None):
            continue
        if a.other and all(s.permanent == q.id for s in a.srcs):
            continue
        rep = a.srcs[0]
        if a.reflect:
            types = sorted(produce.types.get(q.id, frozenset()) if produce else frozenset())
            if a.reflect == "color":
                types = [t for t in types if t != "C"]

            opts: list[tuple[tuple, str]] = [((Mana(t, getattr(rep.ability.effect, "restriction", None), rep.snow, rep.name),),
                                              "{" + t + "}") for t in types]
            if not opts:
                # Squandered Resources ruling 2004-10-04: a land that could produce no mana gives none
                continue
        else:
            opts = [(o.mana, str(o)) for o in rep.options]
        for mana, text in opts:
            units = tuple(unit_of(m, rep) for m in mana)
            rem_parts.append(("altar", a, units, text, q.id in deps and a.reflect is not None))
    for k, w in token_kinds:
        if k == "sac" and fits(w, q, None):
            rem_parts.append(("give", (k, w), f"sacrificed to pay “Sacrifice a {w}”"))
    return rem_parts

def _combine(choice_cls: Any, q: Permanent, t: Any, r: Any, inst: tuple, kind_index: dict, relevant: set,
             own: list) -> Any:
    """One choice of ``q``: its own use or a tap for a cost (``t``), then a sacrifice (``r``); either may be None."""
    units: tuple = ()
    inp: tuple = ()
    inp_text = ""
    life = 0
    idx = None
    bits: list[str] = []
    mana: list[str] = []
    taps = filt = False
    needs: tuple = ()
    gives: list = []
    parts: list[str] = []
    order: list = []
    if t is not None:
        if t in own:
            units, inp, inp_text, life, idx, taps, filt, needs = t.units, t.inp, t.inp_text, t.life, t.ability_index, \
                t.taps, t.filter, t.needs
            bits.append(f"“{t.ability}”" + (f" for {t.mana}" if t.mana else ""))
            mana.append(t.mana)
            parts.append(f"own:{own.index(t)}")
        else:
            _, key, text = t
            gives.append(key)
            taps = True
            bits.append(text)
            parts.append(f"give:{key}")
    if r is not None:
        if r[0] == "altar":
            _, a, runits, text, dep = r
            units = units + runits
            bits.append(f"sacrificed to {a.srcs[0].name} (“{a.srcs[0].ability.describe()}”) for {text}")
            mana.append(text)
            parts.append(f"altar:{kind_index[a.key]}:{text}")
            if a.key in relevant:
                order.append(("to", kind_index[a.key]))
            if dep:
                order.append(("dep",))
        else:
            _, key, text = r
            gives.append(key)
            bits.append(text)
            parts.append(f"give:{key}")
        order.append(("removed",))
    if inst:
        order.append(("inst",) + inst)
    return choice_cls("mana_ability" if units else "cost", units, "".join(mana), inp, inp_text, life, idx,
                      ", then ".join(bits), taps, filt,
                      needs=needs, gives=tuple(sorted(Counter(gives).items())),
                      parts=tuple(parts), order=tuple(order))


def sacrifice_order_ok(events: Counter, alive: Mapping[int, int]) -> bool:
    """Is there an order of sacrifices in which each altar used is still on the battlefield when used?

    Parameters
    ----------
    events : Counter of (instance kinds, target kind or None) -> n: sacrificed sources of unlimited "Sacrifice a
        <kind>" abilities (``instance kinds``: the kinds of ability it has), each sacrificed to an ability of kind
        ``target`` (``None``: paid by something that needs no such source).
    alive : kind -> how many sources of that kind are on the battlefield before any sacrifice.

    Other sacrificed permanents go first, while every source is still there. Exact: a search over the orders
    of the events (identical events interchangeable), memoized on what is left (CR 602.2b: a cost is paid while
    the ability's source exists; a source may sacrifice itself to its own ability).
    """
    memo: dict[frozenset, bool] = {}

    def go(left: Counter, live: dict) -> bool:
        if not any(left.values()):
            return True
        key = frozenset((k, n) for k, n in left.items() if n)
        if key in memo:
            return memo[key]
        ok = False
        for (kinds, target), n in list(left.items()):
            if not n:
                continue
            if target is None or live.get(target, 0) > 0:
                left[(kinds, target)] -= 1
                live2 = dict(live)
                for k in kinds:
                    live2[k] = live2.get(k, 0) - 1
                ok = go(left, live2)
                left[(kinds, target)] += 1
                if ok:
                    break
        memo[key] = ok
        return ok

    return go(Counter(events), dict(alive))
