"""Exact shortcuts tried before the payment search: a witness by max flow, or a proof that none exists.

``find_payment`` asks ``quick_payment(model)`` first; only when it cannot decide does the constraint search
(``search._iter_model``) run. The search stays the reference: ``find_payment(..., quick=False)`` skips this
module, and the tests compare both on random boards against an independent brute force.

Why it is exact
---------------
A payment (CR 601.2b, 601.2f-h) is an announcement of the cost's multi-way symbols and a set of uses such that
the units made pay the announced tokens, one unit per token (``_compatible``), the life paid is payable
(CR 119.4) and no use can be left out (irredundant). For one announcement:

* **A witness.** Take the groups' *plain* choices: no mana input (not a filter, CR 605.3a), no cost that
  uses other objects (``needs``/``gives``/``order``/``parts``, ``costparts``), no life. Per group, either
  all its plain choices add one unit each — one node "an item of this group, tapped for one of these" of
  capacity ``size``, joined to every token kind one of those units can pay — or it has one plain choice
  adding several units (Sol Ring's {C}{C}) — one node per distinct unit, capacity ``size`` times its
  multiplicity. A flow of value ``|tokens|`` from these nodes onto the token kinds is turned into counts:
  a unit of a one-unit node paying token ``t`` is one item used with its first plain choice whose unit can
  pay ``t``; a several-unit group uses ``max ceil(flow of u / multiplicity of u)`` items. Those uses pay the
  announcement (the flow is an allocation). Redundant uses are then left out one at a time while the rest
  still pays (``_Evaluator.feasible``): feasibility only grows with more uses (no inputs: every unit added
  is extra supply), so once a use cannot be left out it cannot be later either, and one pass leaves an
  irredundant set. The result is checked by the search's own exact test, ``_Evaluator.accept`` (feasible,
  irredundant, life payable); only an accepted assignment is returned, so it is a payment the search also
  lists (``iter_payments``), possibly not the first one it would list.
* **No payment.** When no group has a filter choice or a cost that uses other objects (those boards are left
  to the search, whose answers there may also be ``unsupported``), every payment with this announcement gives
  a flow of value ``|tokens|`` in the *relaxed* network: per group one node joined to every token kind any unit
  of any choice can pay, of capacity ``size`` times its most units (exact for one-unit choices and for a single
  choice; more permissive otherwise), life costs of sources ignored (dropping a condition only adds payments). An announcement whose own life (Phyrexian symbols, the cost's
  life) is not payable has no payment (life paid only grows, CR 119.4). So if no announcement has a full
  relaxed flow, no payment exists: ``None`` is exact.

Anything else (a filter on a board where the plain sources cannot pay, more than ``MAX_ANNOUNCEMENTS``
announcements) is left to the search. A max flow on at most a few dozen nodes and the 8 token kinds
(W, U, B, R, G, C, S, generic) is a few hundred operations: the search and its model (``_problem``) are
skipped on most castability questions.

References: CR 107.4, 119.4, 601.2b, 601.2f-h, 605.3a.
"""
from __future__ import annotations

import itertools
from collections import Counter
from typing import Sequence

from mtgcheck.solver.rules.payment.feasibility import _Evaluator, _compatible, _to_payment, announced_demand
from mtgcheck.solver.rules.payment.model import Payment, _Choice, _Model, life_payable

#: Most announcements of the multi-way symbols tried here (Reaper King's five {2/W}-like symbols: 32).
MAX_ANNOUNCEMENTS = 64


def _plain(c: _Choice) -> bool:
    """A choice usable by the witness: adds units, no input, no cost that uses other objects, no life."""
    return bool(c.units) and not c.filter and not c.inp and not c.needs and not c.gives and not c.order \
        and not c.parts and not c.life


def _compositions(n: int, k: int) -> list[tuple[int, ...]]:
    """Every way to split ``n`` identical symbols over ``k`` options (tuples of counts summing to ``n``)."""
    if k == 1:
        return [(n,)]
    return [(i,) + rest for i in range(n, -1, -1) for rest in _compositions(n - i, k - 1)]


def _max_flow(caps: Sequence[int], masks: Sequence[int], demand: Sequence[int]) -> tuple[int, list[list[int]]]:
    """Max flow from supply nodes (capacity ``caps[i]``) to token kinds (demand ``demand[k]``), node ``i``
    joined to kind ``k`` when bit ``k`` of ``masks[i]`` is set (unbounded edges). Augmenting paths, breadth
    first, by the bottleneck. Returns (value, flow[i][k])."""
    n, m = len(caps), len(demand)
    flow = [[0] * m for _ in range(n)]
    left = list(caps)
    need = list(demand)
    value = 0
    # greedy start: each node fills the kinds it can pay, scarcest-first nodes (fewest kinds) first
    for i in sorted(range(n), key=lambda i: bin(masks[i]).count("1")):
        for k in range(m):
            if left[i] and need[k] and masks[i] >> k & 1:
                x = min(left[i], need[k])
                flow[i][k] += x
                left[i] -= x
                need[k] -= x
                value += x
    total = sum(demand)
    while value < total:
        # BFS from the nodes with capacity left: node i -> kind k (edge), kind k -> node j (flow[j][k] > 0)
        prev_k: dict[int, int] = {}  # kind -> node it was reached from
        prev_i: dict[int, int] = {}  # node -> kind it was reached from (-1: a start)
        queue = [i for i in range(n) if left[i]]
        for i in queue:
            prev_i[i] = -1
        end = -1
        for i in queue:
            mask = masks[i]
            for k in range(m):
                if mask >> k & 1 and k not in prev_k:
                    prev_k[k] = i
                    if need[k]:
                        end = k
                        break
                    for j in range(n):
                        if flow[j][k] and j not in prev_i:
                            prev_i[j] = k
                            queue.append(j)
            if end >= 0:
                break
        if end < 0:
            break
        # bottleneck along the path
        b = need[end]
        k = end
        while True:
            i = prev_k[k]
            pk = prev_i[i]
            if pk < 0:
                b = min(b, left[i])
                break
            b = min(b, flow[i][pk])
            k = pk
        k = end
        while True:
            i = prev_k[k]
            flow[i][k] += b
            pk = prev_i[i]
            if pk < 0:
                left[i] -= b
                break
            flow[i][pk] -= b
            k = pk
        need[end] -= b
        value += b
    return value, flow


def quick_payment(model: _Model) -> tuple[bool, Payment | None]:
    """Decide ``find_payment`` without the search when an exact shortcut applies (module docstring).

    Parameters
    ----------
    model : the payment model (``build_model``).

    Returns
    -------
    (decided, payment) : ``(True, Payment)`` a payment accepted by ``_Evaluator.accept``; ``(True, None)``
        proven unpayable; ``(False, None)`` not decided here (run the search).
    """
    ev = _Evaluator(model)
    if not ev.gvars and not ev.svars:
        return False, None
    groups = model.groups
    n_ann = 1
    for s in model.syms:
        n_ann *= len(_compositions(s.count, len(s.options)))
        if n_ann > MAX_ANNOUNCEMENTS:
            return False, None
    # per group: the witness nodes (capacity, units, choice indices) and the relaxed nodes
    # (group, capacity, the node's units, their choices, multiplicity): a one-unit node (multiplicity 0) has one
    # unit per plain one-unit choice; a several-unit choice has one node per distinct unit
    wit: list[tuple[int, int, tuple, tuple[int, ...], int]] = []
    relaxed: list[tuple[int, tuple]] = []  # (capacity, units any of which the node's units may be)
    exact_no = True
    for gi, g in enumerate(groups):
        plain = [j for j, c in enumerate(g.choices) if _plain(c)]
        single = [j for j in plain if len(g.choices[j].units) == 1]
        if single:
            wit.append((gi, g.size, tuple(g.choices[j].units[0] for j in single), tuple(single), 0))
        elif len(plain) == 1:
            c = g.choices[plain[0]]
            for u, k in Counter(c.units).items():
                wit.append((gi, g.size * k, (u,), (plain[0],), k))
        if any(c.filter or c.inp or c.needs or c.gives or c.order or c.parts for c in g.choices):
            exact_no = False  # a filter (or a cost using other objects: left to the search, as its answers)
        with_units = [c for c in g.choices if c.units]
        if not with_units:
            continue
        if len(with_units) == 1:
            for u, k in Counter(with_units[0].units).items():
                relaxed.append((g.size * k, (u,)))
        else:
            relaxed.append((g.size * max(len(c.units) for c in with_units), tuple(u for c in with_units for u in c.units)))
    sym_choices = [_compositions(s.count, len(s.options)) for s in model.syms]
    announced = []  # (counts per symbol group, token kinds, demand per kind) of each life-payable announcement
    for combo in itertools.product(*sym_choices):
        demand, sym_life = announced_demand(model, combo)
        life = model.base_life + sym_life
        if not life_payable(life, model.life_total):
            continue  # no payment announces this (CR 119.4)
        kinds = tuple(t for t in demand if demand[t])
        if not kinds:
            return False, None  # nothing to pay in mana (e.g. all Phyrexian by life): the search's case
        announced.append((combo, kinds, [demand[t] for t in kinds]))
    for combo, kinds, need in announced:
        value, flow = _max_flow([w[1] for w in wit], [_kind_mask(w[2], kinds) for w in wit], need)
        if value == sum(need):
            pay = _witness(model, ev, wit, flow, kinds, combo)
            return (True, pay) if pay is not None else (False, None)
    if not exact_no:
        return False, None
    for combo, kinds, need in announced:
        if _max_flow([r[0] for r in relaxed], [_kind_mask(r[1], kinds) for r in relaxed], need)[0] == sum(need):
            return False, None  # the relaxation pays: only the search can tell
    return True, None


def _kind_mask(units: tuple, kinds: tuple[str, ...]) -> int:
    """Bit ``k`` set when one of ``units`` can pay a spell's token ``kinds[k]`` (``_compatible``)."""
    out = 0
    for k, t in enumerate(kinds):
        for u in units:
            if _compatible(u, "spell", t):
                out |= 1 << k
                break
    return out


def _witness(model: _Model, ev: _Evaluator, wit, flow, kinds, combo) -> Payment | None:
    """The assignment of a full flow (``quick_payment``), made irredundant and checked by ``accept``."""
    a = {v: 0 for names in ev.gvars for v in names}
    for names, counts in zip(ev.svars, combo):
        for v, n in zip(names, counts):
            a[v] = n
    items: dict[tuple[int, int], int] = {}  # (group, choice) -> items of a several-unit choice
    for (gi, _cap, units, choices, mult), row in zip(wit, flow):
        names = ev.gvars[gi]
        if mult:
            x = sum(row)
            items[(gi, choices[0])] = max(items.get((gi, choices[0]), 0), -(-x // mult))
            continue
        for k, x in enumerate(row):
            if not x:
                continue
            for j, u in zip(choices, units):
                if _compatible(u, "spell", kinds[k]):
                    a[names[j]] += x
                    break
    for (gi, j), n in items.items():
        a[ev.gvars[gi][j]] = n
    d, _ = ev.spell_demand(a)
    if not ev.feasible(a, d):
        return None
    for names in ev.gvars:  # leave out what the rest does not need (one pass: module docstring)
        for v in names:
            while a[v]:
                a[v] -= 1
                if not ev.feasible(a, d):
                    a[v] += 1
                    break
    if not ev.accept(a):
        return None
    return _to_payment(model, ev, a)
