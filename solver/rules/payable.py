"""Can this cost part be paid? The one place that says so, for a spell's total cost and for an ability's cost
(CR 118.3: a cost can be paid only with the resources to pay it fully; 601.2h, 602.2b).

Every question that pays a cost with parts other than mana asks here: ``cast``/``payments``/``delve`` for a spell's
additional and alternative costs (``solver.rules.costs.nonmana_problems``, through ``solver.rules.casting``), ``activate`` for an
ability's cost (``solver.rules.payment.activation``), and ``available_mana`` for mana abilities whose cost uses the hand,
the graveyard or energy (``solver.rules.mana.pool_costparts``).

* ``part_problem(state, source, part, x)``: why one part can't be paid now, taken on its own (``None``: it can).
* ``own_parts_problem``: the first such reason among the parts that use no other object; the parts together and with
  the mana are ``solver.rules.cost_check.cost_problems`` (it needs the mana sources, which read this module).

The *source* is the object whose cost it is: a ``Permanent`` for an activated ability (its controller pays), or a
``CastSpell`` (``solver.rules.cost_objects``) for a spell being cast (CR 601.2a: the card is on the stack while its costs are paid, so it is neither
among the cards of the zone it came from nor a permanent). A part, a kind of object or a zone that is not modelled
ends in ``Unsupported`` naming it — never in "can't be paid", never in "can be paid".

References: CR 118.3, 601.2a, 601.2g-h, 602.2b, 107.3a (X), 107.14 (energy), 122.1 (counters), 701.9a (discard),
701.13a (exile), 701.17b (mill), 701.21a (sacrifice), 701.26 (tap/untap), 701.43 (exert), 701.59a (collect
evidence), 701.61a (forage).
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Iterable

from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.game.state import GameState

from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.support import COST_PARTS, cost_key
from mtgcheck.solver.rules.cost_objects import CastSpell, count_matching, zone_cards
from mtgcheck.solver.rules.cost_objects import use_of
from mtgcheck.solver.rules.cost_objects import _special_ok, _why_not, needs_of


#: parts of a permanent's cost that use the permanent itself (its own sacrifice, exile, return, counters, exert):
#: a spell being cast is no permanent, so such a part of a spell's cost is not modelled
_SELF_ACTIONS = ("exert", "remove_all_counters", "put_library", "remove_counters", "put_counters")


def part_problem(state: GameState, source: Any, part: Any, x: int = 0) -> str | None:
    """Why one non-mana cost part can't be paid now, taken on its own (``None``: it can), CR 118.3, 601.2h, 602.2b.

    Parameters
    ----------
    state : GameState
    source : Permanent or CastSpell
        Whose cost it is: a permanent whose ability is activated, or the spell being cast; its controller pays.
    part : CostPart (``models.vocab.abilities``), not ``pay_life`` (the life total is checked with the mana, CR 119.4).
    x : int  the announced X (CR 107.3a), for parts whose number is X.

    Returns
    -------
    str or None
        The reason in player terms. Sacrificing, exiling or returning the permanent itself, putting counters on it,
        exerting it (CR 701.43b) and discarding a whole hand can always be paid (CR 118.3: even an empty hand, Lion's
        Eye Diamond ruling 2004-10-04); removing counters needs that many on it (122.1); the parts that use other
        objects (sacrifice, tap, untap, return, exile, discard, reveal, counters on other permanents, collect
        evidence) need that many such objects (``solver.rules.cost_objects``); milling needs that many cards in
        the library (701.17b); paying {E} needs that many energy counters (107.14); forage needs three cards in
        the graveyard or a Food (701.61a).

    Raises
    ------
    Unsupported
        A cost part, or a kind of object, that is not modelled; a zone the scenario does not list; a part of a
        spell's cost that names the spell itself.
    """
    player = source.controller
    a, what, n = part.action, part.what, part.amount
    key = cost_key(part)
    if key not in COST_PARTS:  # the support table: the cost parts this reader decides (solver.rules.support)
        raise Unsupported(f"{source.name}: the cost part “{part.text or a}” is not modelled ({key})",
                          topics=(Topic.COSTS,), text=part.text or a, mechanic=key, card=source.name)
    if getattr(part, "x", False):
        n = int(x) * max(1, n)  # the announced X (CR 107.3a)
    spell = isinstance(source, CastSpell)
    if spell and (what == "this" or a in _SELF_ACTIONS or (a == "put_counters" and " on this" in (part.text or "").lower())):
        raise Unsupported(f"{source.name}: the spell's cost part “{part.text or a}” names the spell itself, which is on "
                          "the stack (CR 601.2a); that is not modelled", topics=(Topic.COSTS,), text=part.text or a)
    if a in ("exert", "remove_all_counters", "put_library"):
        # CR 701.43b: a permanent can be exerted even if it is untapped or already exerted; removing every counter of
        # a kind, even none, and putting itself on the bottom of its library can be paid while it is on the
        # battlefield (CR 118.3)
        return None

    if use_of(part) is not None:  # parts that use other objects: counted here on their own (CR 118.3)

        for nd in needs_of(state, source, SimpleNamespace(parts=(part,), tap=False, untap=False, text=part.text), x):
            if nd.n > 0 and not _special_ok(nd, nd.cands):
                return _why_not(state, player, nd)
        return None
    if a in ("sacrifice", "exile", "return") and what == "this":
        return None  # the permanent is on the battlefield: it can be sacrificed, exiled, returned (CR 118.3)
    if a == "put_counters" and (what == "this" or " on this" in (part.text or "").lower()):
        return None  # counters can always be put on the permanent itself (CR 122.1, 118.3)
    if a in ("sacrifice_all", "discard_hand"):
        return None  # all of them, even none (CR 118.3)
    if a == "remove_counters":
        have = sum(source.counters.values()) if what == "any" else source.counters.get(what, 0)
        label = "" if what == "any" else f"{what} "
        return None if have >= n else f"{source.name} has {have} {label}counter(s); the cost removes {n} (CR 122.1, 118.3)"
    if a == "mill":
        lib = zone_cards(state, "library", player, source, part)
        return None if len(lib) >= n else (f"the cost mills {n} card(s) but {player}'s library holds {len(lib)} "
                                           f"(CR 701.17b)")
    if a == "pay_energy":
        have = state.counters_of(player, "energy")
        return None if have >= n else f"the cost pays {n} {{E}} but {player} has {have} energy counter(s) (CR 107.14, 118.3)"
    if a == "forage":  # CR 701.61a: exile three cards from your graveyard or sacrifice a Food
        grave = zone_cards(state, "graveyard", player, source, part)
        foods = count_matching(state, player, "food", list(state.permanents(player)), source)
        if len(grave) >= 3 or foods:
            return None
        return (f"forage exiles three cards from {player}'s graveyard (it holds {len(grave)}) or sacrifices a Food "
                f"({player} controls none) (CR 701.61a, 118.3)")
    raise Unsupported(f"{source.name}: the cost part “{part.text or a}” is not modelled", topics=(Topic.COSTS,),
                      text=part.text or a)


def own_parts_problem(state: GameState, source: Any, parts: Iterable[Any], x: int = 0) -> str | None:
    """The first reason one of the parts that use no other object can't be paid (``part_problem``), else ``None``;
    the first half of ``cost_problems``, asked before the mana when a caller reads the mana cost in between."""

    for p in parts:
        if p.action == "pay_life" or use_of(p) is not None:
            continue
        problem = part_problem(state, source, p, x=x)
        if problem:
            return problem
    return None


