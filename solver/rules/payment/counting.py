"""Counting payments without listing them (docs/payment.md, "Counting").

``count_payments`` counts collapsed and individual payments combinatorially; ``count_payments_enumerated``
and ``plain_count`` are the references the tests compare it with.
"""
from __future__ import annotations

import itertools
import math
from typing import Any, Iterator, Sequence

import constraint

from mtgcheck.models.game.state import GameState

from mtgcheck.solver.rules import budget as _budget
from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.payment.feasibility import _Evaluator
from mtgcheck.solver.rules.payment.model import (
    _Choice, _Group, _Model, build_model, life_needed, life_payable, unmodelled_message,
)
from mtgcheck.solver.rules.payment.search import _spend_message, _undecided_message, iter_payments, order_message


def count_payments(state: GameState, player: str, total_cost: Any, **kw: Any) -> tuple[int, int]:
    """Count the payments: ``(collapsed, individual)``, combinatorially (``_count_model``).

    ``collapsed`` counts payments with identical sources collapsed (see module docstring);
    ``individual`` counts them with every permanent, pool mana and symbol told apart.
    Same parameters as ``iter_payments``; equals counting ``iter_payments`` (tests check it).

    Raises
    ------
    Unsupported : mana whose spend restriction is not modelled would add payments (CR 106.6).
    """
    model = build_model(state, player, total_cost, **kw)
    if model.unmodelled_spend:
        raise Unsupported(_spend_message(model.unmodelled_spend).replace("no payment was found, but ", ""))
    if model.unmodelled_sources:
        raise Unsupported(unmodelled_message(model.unmodelled_sources, counting=True))
    got = _count_model(model)
    if model.order_unchecked:
        raise Unsupported(order_message(model.order_unchecked))
    if model.undecided:
        wider = _count_model(build_model(state, player, total_cost, assume_undecided=True, **kw))
        if wider != got:
            raise Unsupported(_undecided_message(model.undecided).replace(
                "the cost can be paid only with it", "some payments would spend it"))
    return got


def count_payments_enumerated(state: GameState, player: str, total_cost: Any, **kw: Any) -> tuple[int, int]:
    """``count_payments`` by listing every payment of ``iter_payments`` (the reference for the tests)."""
    n = tot = 0
    for pay in iter_payments(state, player, total_cost, **kw):
        n += 1
        tot += pay.multiplicity
    return n, tot


# ---------------------------------------------------------------------------
# Counting without listing
# ---------------------------------------------------------------------------
# A group is *simple* when each of its choices adds exactly one unit of mana (or one extra payer's unit)
# with no input, no life and no filter: basics, any-colour lands, Birds, delved cards, pool mana.
# Whether a payment is feasible and irredundant depends on its simple uses only through how many units
# of each *kind* (type, snow, spell_ok, act_ok) they add: units of one kind are interchangeable in
# every check (and removing one simple use removes one unit of its kind). So the count is
#     sum over (symbol announcements, uses of the other groups, simple kind totals t) that are accepted
#         of  (number of ways the simple groups make exactly t)
# and the number of ways is a dynamic programme over the simple groups (collapsed: vectors of counts
# per choice; individual: with the multinomial of which items of a group are used which way). Only
# the kind totals are checked, never each colour assignment of each any-colour source.


def _compositions(total: int, parts: int, exact: bool) -> Iterator[tuple[int, ...]]:
    """Vectors of ``parts`` non-negative ints summing to ``total`` (exact) or at most ``total``."""
    if parts == 0:
        if total == 0 or not exact:
            yield ()
        return
    if parts == 1:
        if exact:
            yield (total,)
        else:
            for i in range(total + 1):
                yield (i,)
        return
    for i in range(total + 1):
        for rest in _compositions(total - i, parts - 1, exact):
            yield (i,) + rest


def _multinomial(size: int, counts: Sequence[int]) -> int:
    out = 1
    left = size
    for c in counts:
        out *= math.comb(left, c)
        left -= c
    return out


def _simple(g: _Group) -> bool:
    return all(len(c.units) == 1 and not c.inp and not c.life and not c.damage and not c.filter and not c.needs and not c.gives
               and not c.order and not c.parts for c in g.choices)


def _counter() -> Any:
    """The ``tick`` of the budget in force (``solver.rules.budget``), or a function that counts nothing outside one."""
    b = _budget.current()
    return b.tick if b is not None else (lambda n=1, what="": None)


_WHAT = "counting payments"


def _ticked(items: Iterator[Any], tick: Any) -> Iterator[Any]:
    """``items``, counting one state in the budget (``tick``) for each."""
    for x in items:
        tick(1, _WHAT)
        yield x


def _simple_table(groups: list[_Group], kinds: dict, tmax: int) -> dict[tuple, list[int]]:
    """vector of unit counts per kind (total <= tmax) -> [collapsed ways, individual ways]. Each step of the
    programme counts one state in the budget in force (``solver.rules.budget``); raises ``BudgetExceeded`` past it."""
    tick = _counter()
    k = len(kinds)
    dp: dict[tuple, list[int]] = {(0,) * k: [1, 1]}
    for g in groups:
        # one choice at a time, state (vector, items of g used so far); weights are binomials
        cur: dict[tuple, list[int]] = {(v, 0): w for v, w in dp.items()}
        for ch in g.choices:
            ki = kinds[ch.units[0]]
            nxt: dict[tuple, list[int]] = {}
            for (v, used), (c, ind) in cur.items():
                tick(1, _WHAT)
                room = min(g.size - used, tmax - sum(v))
                for n in range(room + 1):
                    if n:
                        v2 = v[:ki] + (v[ki] + n,) + v[ki + 1:]
                        mult = math.comb(g.size - used, n) if g.item else 1
                    else:
                        v2, mult = v, 1
                    key = (v2, used + n)
                    e = nxt.get(key)
                    if e is None:
                        nxt[key] = [c, ind * mult]
                    else:
                        e[0] += c
                        e[1] += ind * mult
            cur = nxt
        dp = {}
        for (v, _), (c, ind) in cur.items():
            e = dp.get(v)
            if e is None:
                dp[v] = [c, ind]
            else:
                e[0] += c
                e[1] += ind
    return dp


def _count_model(model: _Model) -> tuple[int, int]:
    """``(collapsed, individual)`` payments of a model, without listing them (see the comment above).

    Every composition built, every configuration of symbols and non-simple groups and every vector of kind
    totals checked counts one state in the budget in force (``solver.rules.budget``: states and seconds, the clock
    read at least every 50 ms); raises ``BudgetExceeded`` past either.
    """
    tick = _counter()
    if not model.groups and not model.syms:
        ok = life_payable(model.base_life, model.life_total) and not model.fixed
        return (1, 1) if ok else (0, 0)
    simple = [g for g in model.groups if _simple(g)]
    complex_ = [g for g in model.groups if not _simple(g)]
    kinds: dict = {}
    for g in simple:
        for c in g.choices:
            kinds.setdefault(c.units[0], len(kinds))
    kind_list = list(kinds)
    spell_max = sum(model.fixed.values()) + sum(
        s.count * max(0 if o == ("2life",) else len(o) for o in s.options) for s in model.syms)
    tmax = spell_max + sum(g.size * max(0, max(len(c.inp) - 1 for c in g.choices)) for g in complex_)
    table = _simple_table(simple, kinds, tmax)
    by_total: dict[int, list[tuple[tuple, list[int]]]] = {}
    for vec, ways in table.items():
        by_total.setdefault(sum(vec), []).append((vec, ways))
    # the checks run on a model whose simple groups are replaced by one group per kind
    kind_groups = [_Group(("kind", k), "kind", (), tmax, [_Choice("mana_ability", (k,), "", (), "", 0, None, "", False, False)],
                          False, False) for k in kind_list]
    syn = _Model(complex_ + kind_groups, model.syms, model.fixed, model.base_life, model.life_total, [], model.cost,
                 alive=model.alive, order_unchecked=model.order_unchecked)
    ev = _Evaluator(syn)
    nc = len(complex_)
    kind_vars = [ev.gvars[nc + i][0] for i in range(len(kind_list))]
    # per group / symbol: its compositions with their individual weights
    gcomps = []
    for g in complex_:
        opts = []
        for comp in _compositions(g.size, len(g.choices), exact=False):
            tick(1, _WHAT)
            opts.append((comp, _multinomial(g.size, comp) if g.item else 1))
        gcomps.append(opts)
    scomps = []
    for sg in model.syms:
        scomps.append([(comp, _multinomial(sg.count, comp))
                       for comp in _ticked(_compositions(sg.count, len(sg.options), exact=True), tick)])
    collapsed = individual = 0
    a: dict[str, int] = {}
    for sconf in itertools.product(*scomps):
        tick(1, _WHAT)
        sweight = 1
        for (comp, w), names in zip(sconf, ev.svars):
            sweight *= w
            for v, n in zip(names, comp):
                a[v] = n
        dem, sym_life = ev.spell_demand(a)
        dem_key = tuple(sorted(dem.items()))
        n_dem = sum(dem.values())
        for gconf in itertools.product(*gcomps):
            tick(1, _WHAT)
            gweight = sweight
            uses = units = inp = life = damage = 0
            for (comp, w), g, names in zip(gconf, complex_, ev.gvars):
                gweight *= w
                for v, n, c in zip(names, comp, g.choices):
                    a[v] = n
                    if n:
                        uses += n * ((1 if c.units else 0) - len(c.inp))
                        units += n * len(c.units)
                        inp += n * len(c.inp)
                        life += n * c.life
                        damage += n * c.damage
            if not life_payable(life_needed(sym_life + model.base_life, life, damage), model.life_total):
                continue
            lo = max(0, n_dem + inp - units)
            hi = min(tmax, n_dem - uses)
            for k in range(lo, hi + 1):
                for v, (wc, wi) in by_total.get(k, ()):
                    tick(1, _WHAT)
                    for var, n in zip(kind_vars, v):
                        a[var] = n
                    if ev.feasible(a, dem, dem_key) and ev.irredundant(a, dem, dem_key):
                        collapsed += wc
                        individual += wi * gweight
    return collapsed, individual


def plain_count(state: GameState, player: str, total_cost: Any, **kw: Any) -> int:
    """Count payments with the plain encoding (the benchmark's baseline): one variable per permanent
    (which of its uses, or unused) and one per multi-way symbol (which half), a single
    ``FunctionConstraint`` checked on complete assignments, no collapsing, no bound pruning,
    python-constraint's default order. Equals ``count_payments(...)[1]`` (tests check it).
    """
    model = build_model(state, player, total_cost, spell_card=kw.get("spell_card"),
                        exclude_permanents=kw.get("exclude_permanents", ()), extra=kw.get("extra", ()),
                        extensions=kw.get("extensions"),
                        sources=kw.get("sources"), collapse=False)
    ev = _Evaluator(model)
    if not ev.gvars and not ev.svars:
        return 1 if not model.fixed and life_payable(model.base_life, model.life_total) else 0
    p = constraint.Problem(constraint.BacktrackingSolver(forwardcheck=False))
    readers = []
    for gi, (g, names) in enumerate(zip(model.groups, ev.gvars)):
        if g.size == 1:
            v = f"p{gi:03d}"
            p.addVariable(v, list(range(-1, len(g.choices))))
            readers.append((v, names, "index"))
        else:
            for n in names:
                p.addVariable(n, list(range(0, g.size + 1)))
                readers.append((n, [n], "count"))
            if len(names) > 1:
                p.addConstraint(constraint.MaxSumConstraint(g.size), names)
    for si, (s, names) in enumerate(zip(model.syms, ev.svars)):
        v = f"y{si:03d}"
        p.addVariable(v, list(range(len(s.options))))
        readers.append((v, names, "index"))

    def check(*vals):
        a: dict[str, int] = {}
        for (v, names, how), val in zip(readers, vals):
            if how == "index":
                for j, n in enumerate(names):
                    a[n] = 1 if j == val else 0
            else:
                a[v] = val
        return ev.accept(a)

    p.addConstraint(constraint.FunctionConstraint(check), [r[0] for r in readers])
    return sum(1 for _ in p.getSolutionIter())

