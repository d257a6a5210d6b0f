"""Paying the chosen-object parts of a spell's alternative cost together with its mana (CR 118.9, 601.2g-h).

* ``pay_with_objects``: each part needs that many distinct objects (a maximum bipartite matching, ``networkx``):
  permanents the caster controls (sacrificed, returned, tapped: untapped ones) or cards in the hand other than the
  spell (exiled, discarded; CR 601.2a: the spell is on the stack). Mana abilities are activated before costs are
  paid (CR 601.2g-h), so a land tapped for mana can then be returned or sacrificed (Gush, Daze); what a part uses up
  cannot also make mana when that ability needs it ({T} of a creature tapped for the cost, a self-sacrificing mana
  ability, Elvish Spirit Guide exiled for the cost): such candidates are tried exhaustively, excluded from the
  payment (``exclude_permanents``).
* ``pay_emerge``: the creature sacrificed for emerge, each candidate with the total cost its mana value makes
  (CR 702.119a, c; ``solver.rules.costs.with_emerge_reduction``); ``pay_web_slinging``: the tapped creature returned
  to its owner's hand (CR 702.188a).

The payment search is an argument (``find``), so these rules import no payment machinery. The alternative costs a
card has and their conditions are ``solver.rules.altcosts``.

References: CR 118.3, 118.9, 601.2a-h, 701.9, 701.21, 702.119, 702.188.
"""
from __future__ import annotations

import itertools
from typing import Any, Callable

from mtgcheck.models.vocab.cost_effects import ObjectCost
from mtgcheck.models.game.state import GameState

from mtgcheck.solver.rules import budget
from mtgcheck.solver.rules.altcosts import _colors_gate, _perm_matches, _subtypes, zone_listed
from mtgcheck.solver.rules.costs import with_emerge_reduction
from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.faces import parent_name
from mtgcheck.solver.rules.mana.sources import mana_sources
from mtgcheck.solver.rules.quantities import card_matches


def _candidates(state: GameState, player: str, card: Any, part: ObjectCost, zone: str, subs: dict) -> list[tuple[str, str]]:
    """The objects that can pay one slot of ``part``: ``(id, name)``."""
    f = part.filter
    if f.zone == "hand":
        hand = list(state.cards("hand", player))
        if zone == "hand":  # the spell is on the stack (CR 601.2a): one copy of it leaves the hand

            own = next((c for c in hand if c.card is card or c.name == parent_name(card)), None)
            if own is not None:
                hand.remove(own)
        return [(ci.id, ci.name) for ci in hand if card_matches(f, ci.card)]
    out = []
    for p in state.permanents(player):
        if part.action == "tap" and p.tapped:
            continue
        if _perm_matches(state, f, p, player, subs):
            out.append((p.id, p.name))
    return out



def _matching(slots: list[list[str]]) -> dict[int, str] | None:
    """Distinct objects for every slot (slot index -> object id), or ``None`` (a maximum bipartite matching)."""
    import networkx as nx

    if not slots:
        return {}
    g = nx.Graph()
    left = [("slot", i) for i in range(len(slots))]
    g.add_nodes_from(left)
    for i, cands in enumerate(slots):
        for c in cands:
            g.add_edge(("slot", i), ("obj", c))
    m = nx.bipartite.maximum_matching(g, top_nodes=left)
    if sum(1 for n in left if n in m) < len(slots):
        return None
    return {i: m[("slot", i)][1] for i in range(len(slots))}



def _conflicts(state: GameState, player: str, actions: dict[str, str]) -> tuple[set[str], set[str]]:
    """Objects whose use for the cost may take a mana ability away: ``(conflicting, inexact)``; ``inexact``:
    those that excluding from the payment would also remove a mana ability the cost leaves usable."""

    conflicting: set[str] = set()
    inexact: set[str] = set()
    srcs = mana_sources(state, player)
    others = any(p.action in ("tap_untapped", "sacrifice", "discard", "discard_hand") and p.what != "this"
                 for s in srcs for p in s.other_costs)
    by_obj: dict[str, list] = {}
    for s in srcs:
        by_obj.setdefault(s.permanent, []).append(s)
    for oid, action in actions.items():
        mine = by_obj.get(oid, [])
        if others:
            conflicting.add(oid)  # an altar or Springleaf Drum could use it too
            if mine:
                inexact.add(oid)
            continue
        if action == "tap":
            if mine:
                conflicting.add(oid)
                if any(not s.tap for s in mine):
                    inexact.add(oid)
        elif action in ("sacrifice", "return"):
            gone = [s for s in mine if any(p.what == "this" and p.action in ("sacrifice", "return", "exile")
                                           for p in s.other_costs)]
            if gone:
                conflicting.add(oid)
                if len(gone) < len(mine):
                    inexact.add(oid)
        elif action in ("exile", "discard"):
            if mine:
                conflicting.add(oid)
    return conflicting, inexact



def pay_with_objects(state: GameState, player: str, card: Any, tc: Any, zone: str,
                     find: Callable[..., Any]) -> tuple[Any, list[str], str | None]:
    """Pay a total cost whose alternative cost chooses objects (see the module docstring).

    Parameters
    ----------
    tc : solver.rules.costs.TotalCost with ``objects`` (``ObjectCost`` parts).
    find : ``solver.rules.payment.find_payment`` (the mana payment, called with ``exclude_permanents``).

    Returns
    -------
    (payment or None, lines naming the objects chosen, reason when it cannot be paid)

    Raises
    ------
    Unsupported : a hand the scenario does not list, or a "no" that excluding a candidate could make wrong.
    """

    parts: tuple[ObjectCost, ...] = tuple(tc.objects)
    if any(p.filter.zone == "hand" and p.action != "reveal_hand" for p in parts) and not zone_listed(state, "hand", player):
        raise Unsupported(f"{card.name}'s alternative cost chooses cards from {player}'s hand, which the scenario does "
                          f"not list, so whether it can be paid is unknown (CR 118.3)")
    fams = {"hand" if p.filter.zone == "hand" else "battlefield" for p in parts if p.action != "reveal_hand"}
    acts = {p.action for p in parts if p.filter.zone != "hand"}
    if len(acts) > 1:
        raise Unsupported(f"{card.name}: an alternative cost that both taps and removes permanents is not modelled")
    del fams
    _colors_gate(state, card, [p.filter for p in parts])
    subs = _subtypes(state)
    slots: list[list[str]] = []
    labels: list[ObjectCost] = []
    names: dict[str, str] = {}
    for p in parts:
        if p.action == "reveal_hand":
            continue
        cands = _candidates(state, player, card, p, zone, subs)
        names.update(cands)
        for _ in range(p.n):
            slots.append([c for c, _ in cands])
            labels.append(p)
    got = _matching(slots)
    if got is None:
        need = "; ".join(f"“{p.text}”: {len(_candidates(state, player, card, p, zone, subs))} such" for p in parts
                         if p.action != "reveal_hand")
        return None, [], (f"{card.name}'s alternative cost cannot be paid: {need} "
                          f"(each object pays once, CR 118.3)")
    action_of = {oid: labels[i].action for i, cands in enumerate(slots) for oid in cands}
    conflicting, inexact = _conflicts(state, player, action_of)

    def lines(m: dict[int, str]) -> list[str]:
        return [f"{labels[i].action} {names.get(oid, oid)} (“{labels[i].text}”, CR 118.3)" for i, oid in sorted(m.items())]

    free_slots = [[c for c in cands if c not in conflicting] for cands in slots]
    free = _matching(free_slots)
    if free is not None:
        pay = find(state, player, tc, spell_card=card, spell_zone=zone)
        return pay, lines(free), None if pay is not None else "mana"
    # every way uses an object that could also make mana: try each set of such objects, excluding them
    pool = sorted({c for cands in slots for c in cands if c in conflicting})
    for k in range(1, len(slots) + 1):
        for chosen in itertools.combinations(pool, k):
            budget.tick(1, "choosing objects for an alternative cost")
            allowed = [[c for c in cands if c not in conflicting or c in chosen] for cands in slots]
            m = _matching(allowed)
            if m is None or len(set(m.values()) & set(chosen)) < k:
                continue  # a smaller set already covers this one
            pay = find(state, player, tc, spell_card=card, spell_zone=zone, exclude_permanents=set(chosen))
            if pay is not None:
                return pay, lines(m), None
    if inexact & set(pool):
        raise Unsupported(f"{card.name}: paying its alternative cost with {', '.join(sorted(names[i] for i in inexact & set(pool)))} "
                          f"would leave some of its mana abilities usable, which is not modelled (CR 601.2g-h)")
    return None, [], "mana"



def pay_emerge(state: GameState, player: str, card: Any, tc: Any, zone: str,
               find: Callable[..., Any]) -> tuple[Any, list[str], str | None]:
    """Pay an emerge cost (CR 702.119a): the creature to sacrifice is chosen with the emerge cost (702.119c, 601.2b),
    the total cost is reduced by that creature's mana value (generic mana only, 118.7a-b) before the minimums
    (Trinisphere) apply and it is locked in (601.2f; ``solver.rules.costs.with_emerge_reduction``), and the creature is
    sacrificed as the cost is paid (601.2h). Every creature the caster controls is tried, the largest reduction
    first; creatures with the same name, mana value and tapped state are interchangeable and tried once. A creature
    may first be tapped for mana and then sacrificed (CR 601.2g-h: mana abilities are activated before costs are
    paid); one whose mana ability would remove it cannot do both (it is then left out of the mana payment).

    Returns ``(payment or None, lines naming the creature sacrificed, reason when no creature can be sacrificed)``;
    ``"mana"`` as the reason when creatures exist but no choice leaves a payable cost. ``tc``'s mana, life and
    steps become those of the total cost with the creature chosen (the cost is locked in as it is paid, CR 601.2f):
    the one paid, or, when none is, the least one (the largest reduction).

    Raises
    ------
    Unsupported : leaving out a creature would also leave out a mana ability the sacrifice keeps usable (not modelled).
    """

    part = tc.objects[0]
    cands = _candidates(state, player, card, part, zone, _subtypes(state))
    if not cands:
        return None, [], (f"{card.name}'s emerge cost needs a creature to sacrifice, and {player} controls none "
                          f"(CR 702.119a, 118.3)")
    perms = {p.id: p for p in state.battlefield}
    conflicting, inexact = _conflicts(state, player, {oid: "sacrifice" for oid, _ in cands})
    seen: set[tuple] = set()
    order = sorted(cands, key=lambda c: -perms[c[0]].card.mana_value())
    cheapest = None
    for oid, name in order:
        p = perms[oid]
        mv = p.card.mana_value()
        key = (name, mv, p.tapped)
        if key in seen:
            continue
        seen.add(key)
        budget.tick(1, "choosing the creature sacrificed for emerge")
        # the total cost with this creature chosen: its reduction before the minimums, then locked in (CR 702.119a-c,
        # 601.2f); one per announcement of its Phyrexian symbols when a minimum makes that matter (601.2b)
        tc2 = with_emerge_reduction(tc, mv, name)
        cheapest = cheapest or tc2
        for v in tc2.each_announcement():
            line = (f"sacrifice {name} for emerge: its mana value {mv} reduces the total cost, which is {v.notation()}"
                    + (f" and {v.life} life" if v.life else "") + " (CR 702.119a, 601.2f)")
            pay = find(state, player, v, spell_card=card, spell_zone=zone, exclude_permanents={oid})
            if pay is None and oid not in conflicting:
                pay = find(state, player, v, spell_card=card, spell_zone=zone)  # tapped for mana first (601.2g-h)
            if pay is None and oid in inexact:
                raise Unsupported(f"{card.name}: sacrificing {name} for emerge would leave some of its mana abilities "
                                  f"usable, which is not modelled (CR 601.2g-h)")
            if pay is not None:
                tc.mana, tc.life, tc.steps = v.mana, v.life, v.steps  # the total cost with the creature chosen
                return pay, [line], None
    if cheapest is not None:
        # no creature leaves a payable cost: the total cost shown is the least one (the largest reduction), honestly
        first = cheapest.each_announcement()[0]
        tc.mana, tc.life = first.mana, first.life
        tc.steps = list(first.steps) + [f"no creature {player} controls leaves a payable total cost; the least one is "
                                        f"{first.notation()}, with the creature of the greatest mana value sacrificed "
                                        f"(CR 702.119a)"]
    return None, [], "mana"



def pay_web_slinging(state: GameState, player: str, card: Any, tc: Any, zone: str,
                     find: Callable[..., Any]) -> tuple[Any, list[str], str | None]:
    """Pay a web-slinging cost (CR 702.188a: its mana "if you also return a tapped creature you control to its
    owner's hand"). The creature is returned as the cost is paid (CR 601.2h), after mana abilities are activated
    (601.2g): a creature already tapped can be returned, and so can an untapped one tapped for mana first (a {T} mana
    ability with no other cost, which it may activate whether or not the payment spends that mana; the Gush and Daze
    rulings: a permanent tapped for mana can then be returned). A creature whose mana ability would remove it (a
    self-sacrifice) is left out of the mana payment when it is the one returned.

    Returns ``(payment or None, lines naming the creature returned, reason when no creature can be returned)``;
    ``"mana"`` as the reason when a creature can be returned but the mana cannot be paid.

    Raises
    ------
    Unsupported : the only creatures that could become tapped have mana abilities with other costs (whether they
        can be activated then is not modelled), or leaving one out of the payment would also leave out a mana
        ability the return keeps usable.
    """
    part = tc.objects[0]
    creatures = _candidates(state, player, card, part, zone, _subtypes(state))
    perms = {p.id: p for p in state.battlefield}
    srcs = mana_sources(state, player)
    tap_only = {s.permanent for s in srcs if s.tap and not s.other_costs and not s.mana_cost}
    tap_other = {s.permanent for s in srcs if s.tap} - tap_only
    tapped = [(oid, n) for oid, n in creatures if perms[oid].tapped]
    tappable = [(oid, n) for oid, n in creatures if not perms[oid].tapped and oid in tap_only]
    cands = tapped + tappable
    if not cands:
        doubtful = [n for oid, n in creatures if not perms[oid].tapped and oid in tap_other]
        if doubtful:
            raise Unsupported(f"{card.name}'s web-slinging cost returns a tapped creature: {player} controls none, and "
                              f"whether {doubtful[0]} could first be tapped by its mana ability, whose cost is more than "
                              f"{{T}}, is not modelled (CR 702.188a, 601.2g-h)")
        return None, [], (f"{card.name}'s web-slinging cost needs a tapped creature {player} controls to return to its "
                          f"owner's hand, and {player} controls " + ("none that is tapped or can be tapped for mana"
                                                                     if creatures else "no creature")
                          + " (CR 702.188a, 118.3)")
    conflicting, inexact = _conflicts(state, player, {oid: "return" for oid, _ in cands})

    def line(oid: str, name: str) -> str:
        how = "tapped for mana first, then " if not perms[oid].tapped else ""
        return f"{how}return {name} to its owner's hand (web-slinging, CR 702.188a, 601.2g-h)"

    free = [c for c in cands if c[0] not in conflicting]
    if free:
        pay = find(state, player, tc, spell_card=card, spell_zone=zone)
        return pay, [line(*free[0])], None if pay is not None else "mana"
    for oid, name in cands:
        pay = find(state, player, tc, spell_card=card, spell_zone=zone, exclude_permanents={oid})
        if pay is not None:
            return pay, [line(oid, name)], None
    if inexact & {oid for oid, _ in cands}:
        raise Unsupported(f"{card.name}: returning a creature for web-slinging would leave some of its mana abilities "
                          f"usable, which is not modelled (CR 601.2g-h)")
    return None, [], "mana"
