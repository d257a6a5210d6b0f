"""The payment search: a constraint problem (python-constraint) over a payment model (docs/payment.md).

``iter_payments`` lists every irredundant payment lazily, ``find_payment`` gives one witness (exact:
``None`` only after the exhaustive search).

References: CR 601.2b, 601.2f-h, 605, 106.6, 609.4b.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Any, Iterable, Iterator, Mapping, Sequence

import constraint

from mtgcheck.models.mana import MANA_TYPES
from mtgcheck.models.state import GameState

from .. import budget as _budget
from ..questions import Unsupported
from ..sources import ManaSource
from .feasibility import _Evaluator
from .model import Extension, ExtraPayer, Payment, Use, _Group, _Model, build_model, life_payable


# ---------------------------------------------------------------------------
# The constraint problem
# ---------------------------------------------------------------------------


class _PaymentConstraint(constraint.Constraint):
    """Global constraint: bound pruning on partial assignments, exact check on complete ones."""

    def __init__(self, ev: _Evaluator, prune: bool = True) -> None:
        self.ev = ev
        self.prune = prune
        m = ev.m
        # per group: per choice, units per type usable for the spell (max over choices), totals
        self._gmax: list[tuple[Counter, int]] = []
        for g in m.groups:
            per_type: Counter = Counter()
            tot = 0
            for c in g.choices:
                cnt = Counter(t for u in c.units if u[2] for t in u[0])
                for t, n in cnt.items():
                    per_type[t] = max(per_type[t], n)
                tot = max(tot, sum(1 for u in c.units if u[2]) - (0 if c.filter else 0))
            self._gmax.append((per_type, tot))
        # irredundancy bound: every activation used contributes at least one unit to some demand, so
        # (non-filter uses) + sum over filter uses of (1 - input size) <= the spell's mana demand
        self._slack = [[(1 - len(c.inp)) for c in g.choices] for g in m.groups]
        # every variable of a choice that is not a filter, including the plain choices of a permanent that
        # also has a filter ability (Fire-Lit Thicket's {T}: Add {C}): the reachability check below may
        # only run once all of them are decided, or it misses plain mana that is still to come
        self._base_vars = [v for g, names in zip(m.groups, ev.gvars) for c, v in zip(g.choices, names) if not c.filter]
        self._filter_vars = [(v, c) for g, names in zip(m.groups, ev.gvars) if any(c.filter for c in g.choices)
                             for v, c in zip(names, g.choices)]
        self._future_min = [sum(min(0, k * g.size) for k in ks) for g, ks in zip(m.groups, self._slack)]
        self.allvars = [v for names in ev.gvars for v in names] + [v for names in ev.svars for v in names]

    def __call__(self, variables, domains, assignments, forwardcheck=False):
        _budget.tick(1, "searching payments")
        ev = self.ev
        complete = len(assignments) == len(self.allvars)
        if not self.prune:
            return ev.accept(assignments) if complete else True
        if not self._bounds_ok(assignments):
            return False
        return ev.accept(assignments) if complete else True

    def _bounds_ok(self, assignments) -> bool:
        ev = self.ev
        m = ev.m
        # least demand so far (by type) and least life
        dem = Counter(m.fixed)
        life = m.base_life
        unassigned_sym_min_total = 0
        for s, names in zip(m.syms, ev.svars):
            left = s.count
            for opt, v in zip(s.options, names):
                n = assignments.get(v)
                if n is None:
                    continue
                left -= n
                if opt == ("2life",):
                    life += 2 * n
                else:
                    for tok in opt:
                        dem[tok] += n
            if left > 0:
                # each remaining symbol needs at least its smallest mana option unless life
                mins = [0 if o == ("2life",) else len(o) for o in s.options]
                unassigned_sym_min_total += left * min(mins)
        # the most mana the spell can still ask for (unassigned symbols at their largest option)
        spell_max = sum(dem.values())
        for s, names in zip(m.syms, ev.svars):
            left = s.count - sum(assignments.get(v, 0) for v in names)
            if left > 0:
                spell_max += left * max(0 if o == ("2life",) else len(o) for o in s.options)
        # most supply still possible
        sup: Counter = Counter()
        sup_total = 0
        act_min = 0
        uses = 0
        idem: Counter = Counter()  # typed demand of filter inputs
        fixed_sup: Counter = Counter()  # mana of the assigned uses
        flex_cap = 0  # most units the unassigned items can still add
        for g, names, (gmax, gtot), ks, fmin in zip(m.groups, ev.gvars, self._gmax, self._slack, self._future_min):
            used = 0
            all_assigned = True
            for c, v, k in zip(g.choices, names, ks):
                n = assignments.get(v)
                if n is None:
                    all_assigned = False
                    if k < 0:
                        uses += k * g.size
                    continue
                used += n
                uses += k * n
                if n:
                    if c.life:
                        life += c.life * n
                    act_min += len(c.inp) * n
                    for tok in c.inp:
                        if tok in MANA_TYPES:
                            idem[tok] += n
                    for u in c.units:
                        if u[2]:
                            for t in u[0]:
                                sup[t] += n
                                fixed_sup[t] += n
                            sup_total += n
            if not all_assigned:
                left = g.size - used
                if left > 0:
                    for t, k in gmax.items():
                        sup[t] += left * k
                    sup_total += left * gtot
                    flex_cap += left * gtot
        if not life_payable(life, m.life_total):  # life only grows as more is assigned
            return False
        if uses > spell_max:
            return False
        for t in MANA_TYPES:
            if dem.get(t, 0) + idem.get(t, 0) > sup.get(t, 0):
                return False
        # Hall over all types together: the typed shortfall of the assigned sources must fit in the
        # remaining items, each item filling at most its own units (an any-colour source fills one)
        short = sum(max(0, dem.get(t, 0) + idem.get(t, 0) - fixed_sup.get(t, 0)) for t in MANA_TYPES)
        if short > flex_cap:
            return False
        if sum(v for k, v in dem.items()) + unassigned_sym_min_total + act_min > sup_total + 0 * act_min:
            # filter inputs are paid from the same pool of mana as the spell (outputs counted in sup_total)
            return False
        return self._reachable(assignments)

    def _reachable(self, assignments) -> bool:
        """Filter ordering, necessary condition (CR 601.2g, 605.3a): once every plain source is chosen,
        each filter used must become payable, by mana types, from plain mana and filters before it."""
        if not self._filter_vars or any(v not in assignments for v in self._base_vars):
            return True
        used = [c for v, c in self._filter_vars if assignments.get(v)]
        if not used:
            return True
        types: set = set()
        for g, names in zip(self.ev.m.groups, self.ev.gvars):
            for c, v in zip(g.choices, names):
                if not c.filter and assignments.get(v):
                    types.update(t for u in c.units if u[3] and u[0] != "1" for t in u[0])
        pending = list(used)
        changed = True
        while pending and changed:
            changed = False
            for c in list(pending):
                if all((tok in types) if tok in MANA_TYPES else bool(types) for tok in c.inp):
                    types.update(t for u in c.units if u[3] for t in u[0])
                    pending.remove(c)
                    changed = True
        return not pending


class _OrderedSolver(constraint.OptimizedBacktrackingSolver):
    def __init__(self, order: list[str]) -> None:
        super().__init__(forwardcheck=False)
        self._order = order

    def getSortedVariables(self, domains, vconstraints):  # noqa: N802 (library API)
        return [v for v in self._order if v in domains]


def _problem(model: _Model, prune: bool = True) -> tuple[constraint.Problem, _Evaluator]:
    ev = _Evaluator(model)
    order: list[str] = []
    # symbols first (they fix the demand), then groups with few items (scarce) first
    for names in ev.svars:
        order.extend(names)
    # filters first, trying zero first (the solver pops from the end of a domain), then plain
    # sources with fewer choices first, trying their largest count first: the first branch looks
    # for a payment without filters, which is where a witness usually is.
    def is_filter(g: _Group) -> bool:
        return any(c.filter for c in g.choices)

    gorder = sorted(range(len(model.groups)), key=lambda i: (not is_filter(model.groups[i]), len(model.groups[i].choices),
                                                             model.groups[i].size))
    for i in gorder:
        order.extend(ev.gvars[i])
    p = constraint.Problem(_OrderedSolver(order) if prune else constraint.BacktrackingSolver(forwardcheck=False))
    for g, names in zip(model.groups, ev.gvars):
        for v in names:
            if prune:
                p.addVariable(v, list(range(g.size, -1, -1)) if is_filter(g) else list(range(0, g.size + 1)))
            else:
                p.addVariable(v, list(range(0, g.size + 1)))
        if len(names) > 1:
            p.addConstraint(constraint.MaxSumConstraint(g.size), names)
    for s, names in zip(model.syms, ev.svars):
        for v in names:
            p.addVariable(v, list(range(0, s.count + 1)))
        p.addConstraint(constraint.ExactSumConstraint(s.count), names)
    allv = [v for names in ev.gvars for v in names] + [v for names in ev.svars for v in names]
    if allv:
        p.addConstraint(_PaymentConstraint(ev, prune), allv)
    return p, ev


def _to_payment(model: _Model, ev: _Evaluator, a: Mapping[str, int]) -> Payment:
    ann_parts: list[str] = []
    fixed_gen = model.fixed.get("1", 0)
    spell_dem, _ = ev.spell_demand(a)
    gen = spell_dem.get("1", 0)
    if gen:
        ann_parts.append("{" + str(gen) + "}")
    for tok in ("C", "S", "W", "U", "B", "R", "G"):
        ann_parts.extend(["{" + tok + "}"] * spell_dem.get(tok, 0))
    life_sym = 0
    for s, names in zip(model.syms, ev.svars):
        for opt, v in zip(s.options, names):
            if opt == ("2life",):
                life_sym += 2 * a[v]
    if life_sym:
        ann_parts.append(f"({life_sym} life)")
    del fixed_gen
    uses: list[Use] = []
    sources = 0
    mult = 1
    for g, names in zip(model.groups, ev.gvars):
        counts = [a[v] for v in names]
        used = sum(counts)
        if not used:
            continue
        # multinomial: which items of the group are used which way
        if g.item:
            mult *= math.factorial(g.size) // (math.factorial(g.size - used) * math.prod(math.factorial(c) for c in counts))
        for c, n in zip(g.choices, counts):
            if n:
                uses.append(Use(c.kind, g.name, g.ids, n, c.ability_index, c.ability, c.mana, c.inp_text, c.life, c.taps))
        if g.once:
            sources += used
    for s, names in zip(model.syms, ev.svars):
        counts = [a[v] for v in names]
        mult *= math.factorial(s.count) // math.prod(math.factorial(c) for c in counts)
    return Payment("".join(ann_parts), tuple(uses), ev.life(a), sources, mult)


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------


def iter_payments(state: GameState, player: str, total_cost: Any, *, spell_card: Any = None,
                  exclude_permanents: Iterable[str] = (), extra: Iterable[ExtraPayer] = (),
                  extensions: Sequence[Extension] | None = None,
                  sources: Sequence[ManaSource] | None = None) -> Iterator[Payment]:
    """Every irredundant payment of ``total_cost`` by ``player``, lazily (identical sources collapsed).

    Parameters
    ----------
    state : GameState
    player : str, the player paying.
    total_cost : ManaCost, str (``"{2}{W/P}"``) or ``solver.costs.TotalCost`` (its ``mana`` and ``life``).
        {X} must already be replaced by its value (CR 601.2b, 107.3a).
    spell_card : Card, optional; the spell being cast: decides spend restrictions (CR 106.6) and
        lets the extensions add convoke/improvise/delve payers. ``None``: an ability's cost.
    exclude_permanents : ids of permanents whose {T}/{Q} is part of the cost being paid; they cannot
        also be tapped for mana (CR 601.2g-h, 107.5).
    extra : further ``ExtraPayer`` objects for this call.
    extensions : sequence of Extension, optional; the payment extensions (only with ``spell_card``).
        ``None``: ``standard_extensions()`` (the spell's convoke, improvise, delve); ``()``: none.
    sources : override the mana sources (default ``solver.sources.mana_sources``).

    Returns
    -------
    iterator of Payment (see the module docstring for what counts as distinct).

    Raises
    ------
    PaymentProblem : {X} not chosen, or an unpayable mana component (CR 118.6).
    """
    model = build_model(state, player, total_cost, spell_card=spell_card, exclude_permanents=exclude_permanents,
                        extra=extra, extensions=extensions, sources=sources)
    yield from _iter_model(model)


def _iter_model(model: _Model) -> Iterator[Payment]:
    p, ev = _problem(model)
    if not ev.gvars and not ev.svars:
        if life_payable(model.base_life, model.life_total):
            if not model.fixed:
                yield Payment("", (), model.base_life, 0, 1)
        return
    for a in p.getSolutionIter():
        yield _to_payment(model, ev, a)


def _undecided_message(undecided: Mapping[str, Sequence[str]]) -> str:
    parts = []
    for code, who in sorted(undecided.items()):
        why = "not modelled"
        if code == "creature_spell_of_chosen_type":
            why = "no creature type is recorded in its choices (choices: {creature_type: ...})"
        elif code == "eldrazi":
            why = "whether the ability's source is a colorless Eldrazi is not known here"
        parts.append(f"mana of {', '.join(who)} restricted to “{code}” ({why})")
    return ("the spend restriction of " + "; ".join(parts) + " decides the answer, and it is not modelled "
            "(CR 106.6): that mana was not spent, but the cost can be paid only with it")


def find_payment(state: GameState, player: str, total_cost: Any, **kw: Any) -> Payment | None:
    """One payment of ``total_cost`` (a witness), or ``None`` when it cannot be paid.

    Same parameters as ``iter_payments``; exact (the search is exhaustive before saying ``None``).

    Raises
    ------
    Unsupported : no payment exists without mana whose spend restriction is not modelled (or cannot
        be decided, e.g. Cavern of Souls with no chosen type), but one would exist with it (CR 106.6).
    """
    model = build_model(state, player, total_cost, **kw)
    pay = next(_iter_model(model), None)
    if pay is None and model.undecided:
        wider = build_model(state, player, total_cost, assume_undecided=True, **kw)
        if next(_iter_model(wider), None) is not None:
            raise Unsupported(_undecided_message(model.undecided))
    if pay is None and model.unmodelled_spend:
        raise Unsupported(_spend_message(model.unmodelled_spend))
    return pay


def _spend_message(names: Sequence[str]) -> str:
    return ("no payment was found, but " + ", ".join(names) + " let mana be spent “as though” it were other mana in a "
            "way that is not modelled (CR 609.4b), so the answer cannot be given")

