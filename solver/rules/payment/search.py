"""The payment search: a constraint problem (python-constraint) over a payment model (docs/payment.md).

``iter_payments`` lists every irredundant payment lazily, ``find_payment`` gives one witness (exact:
``None`` only after the exhaustive search).

References: CR 601.2b, 601.2f-h, 605, 106.6, 609.4b.
"""
from __future__ import annotations

import functools
from collections import Counter
from typing import Any, Iterable, Iterator, Mapping, Sequence

import constraint

from mtgcheck.models.game.mana import MANA_TYPES
from mtgcheck.models.game.mana import read_cast_or_activate as _read_either
from mtgcheck.models.game.state import GameState

from mtgcheck.solver.rules import budget as _budget
from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.mana.sources import ManaSource
from mtgcheck.solver.rules.payment.feasibility import _Evaluator, _mask, _maxflow_ok, _to_payment
from mtgcheck.solver.rules.payment.model import (
    Extension, ExtraPayer, Payment, _Choice, _Group, _Model, build_model, life_payable, unmodelled_message,
)
from mtgcheck.solver.rules.payment.quick import quick_payment


# ---------------------------------------------------------------------------
# The constraint problem
# ---------------------------------------------------------------------------


class _Bounds:
    """Bound state of a partial assignment (see ``_PaymentConstraint``); one per search depth."""

    __slots__ = ("dem", "life", "sym_min", "sym_max", "sym_tok", "sup", "fixed_sup", "net", "flex", "uses", "idem",
                 "filt_tok", "cls", "gused")
    dem: dict  # spell demand of the assigned symbols (and the fixed ones), token -> n
    life: int  # life paid so far
    sym_min: int  # least / most mana the unassigned symbols still ask for
    sym_max: int
    sym_tok: dict  # per token, the most of it the unassigned symbols can ask for
    sup: dict  # per type, the most units that can still pay it (assigned + unassigned items)
    fixed_sup: dict  # per type, units of the assigned uses
    net: int  # units net of inputs: assigned + the most the unassigned items add
    flex: int  # most units the unassigned items can add
    uses: int  # irredundancy count (non-filter uses + per filter use 1 - |input|), least
    idem: dict  # inputs of the assigned filter uses, token -> n
    filt_tok: dict  # per token, the most the unassigned filter items can ask for as input
    cls: dict  # per kind (type, snow, spell_ok, act_ok) of one-kind uses: (their units, fewest units of one)
    gused: int  # items of the group being assigned used so far

    def copy(self) -> "_Bounds":
        b = _Bounds.__new__(_Bounds)
        b.dem, b.life, b.sym_min, b.sym_max = dict(self.dem), self.life, self.sym_min, self.sym_max
        b.sym_tok, b.sup, b.fixed_sup = dict(self.sym_tok), dict(self.sup), dict(self.fixed_sup)
        b.net, b.flex, b.uses, b.idem = self.net, self.flex, self.uses, dict(self.idem)
        b.filt_tok, b.cls, b.gused = dict(self.filt_tok), dict(self.cls), self.gused
        return b


def _add(d: dict, k: Any, n: int) -> None:
    d[k] = d.get(k, 0) + n


def _counts(items: Iterable[Any]) -> dict:
    """How many times each item occurs, in first-seen order (as ``Counter``, without its cost)."""
    out: dict = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return out


@functools.lru_cache(maxsize=1 << 16)
def _use_mask(units: tuple, keys: tuple[tuple[str, str], ...]) -> tuple[int, bool]:
    """The union of the masks (``feasibility._mask``) of a use's units over ``keys``, and whether every unit has
    that same mask; memoized like ``_mask``."""
    masks = [_mask(u, keys) for u in units]  # bit i: the unit can pay keys[i] (``_compatible``)
    union = 0
    for mask in masks:
        union |= mask
    return union, all(mask == union for mask in masks)


@functools.lru_cache(maxsize=1 << 14)
def _choice_facts(c: _Choice) -> tuple:
    """What ``_PaymentConstraint`` reads of one choice, worked out once per distinct choice (a frozen, hashable
    record; the same choices recur on every board): per type the units that may pay the spell or an
    input (``(type, n)`` pairs), its input's mana types counted, the number of such units, its input's tokens
    counted, those units' types in order, its class (see "classes" in ``_PaymentConstraint``; ``None`` when it
    has none) and its units counted (first-seen order)."""
    ok = [u for u in c.units if u[2] or u[3]]
    out_t = tuple(_counts(t for u in ok for t in u[0]).items())
    in_t = _counts(t for t in c.inp if t in MANA_TYPES)
    inp_t = tuple(_counts(c.inp).items())
    spell_t = tuple(t for u in ok for t in u[0])
    cls = None
    if c.units and not c.inp and all(u == c.units[0] for u in c.units):
        # one kind of unit (a basic land; Thran Dynamo's {C}{C}{C} too): see "classes" in _PaymentConstraint
        t, snow, sp, ac = c.units[0]
        if t == "1" or (len(t) == 1 and t in MANA_TYPES):
            cls = ((t, bool(snow) and t != "1", bool(sp), bool(ac)), len(c.units))
    return out_t, in_t, len(ok), inp_t, spell_t, cls, tuple(_counts(c.units).items())


class _PaymentConstraint(constraint.Constraint):
    """Global constraint: bound pruning on partial assignments, exact check on complete ones.

    The bounds are kept incrementally: the solver assigns the variables in one fixed order (``order``,
    depth first), so the state after ``d`` variables is the state after ``d - 1`` plus the last one
    (``_apply``), kept on a stack indexed by depth; nothing is recomputed from scratch at a node.

    Every test below is a *necessary* condition for some completion of the partial assignment to be an
    accepted (feasible, irredundant, life-payable) payment, so pruning never loses a payment; the complete
    assignment is then checked exactly (``_Evaluator.accept``). Proofs, with ``D`` the spell demand
    (assigned symbols; unassigned ones at their least or most) and ``I`` the filter inputs:

    * life: life paid only grows as more is assigned (CR 119.4).
    * irredundancy (uses): in an irredundant payment every activation adds at least one unit that pays a
      token (else leave it out), and a filter needs its own input paid, so non-filter uses plus, per filter
      use, ``1 - |input|`` is at most the spell's demand.
    * per type: the tokens ``t`` of the spell and of the assigned inputs are paid by units of type ``t``:
      at most the assigned ones plus, per unassigned item, the most of ``t`` one of its remaining choices
      adds net of that choice's own input of type ``t`` (which only ``t`` can pay). The remaining choices
      of an item are those whose variables are not assigned yet (suffix maxima along the search order).
    * Hall over all types: the typed shortfall of the assigned units must fit in the units the unassigned
      items can still add (each adds at most its largest number of units).
    * total, net of inputs: every unit pays at most one token, and every token of the spell and
      of the filters' inputs is paid by one unit, so ``|D| + |I| <= units``; moving the inputs of the
      unassigned items to the right, an unassigned item adds at most ``max(0, max over its choices of
      units - |input|)`` (its output net of its own input: a Signet nets one mana, not two).
      (Units count here when they may pay the spell or an input: ``spell_ok or act_ok``.)
    * classes (irredundancy by kind): a use with no input whose units are all of one kind (a basic land, a
      colour of an any-colour land, pool mana, a delved card; also Thran Dynamo's {C}{C}{C} or Llanowar
      Tribe's {G}{G}{G}) none of whose units pays a token in a feasible allocation can be left out (the same
      allocation still pays), so in an irredundant payment each one pays at least one token of its own,
      distinct from the other uses' tokens, and compatible with its kind. More: units of one kind are
      interchangeable, so if the uses of a kind other than the one with the fewest units (``fewest``) had
      units enough for every token the kind pays, that one could be left out; so the uses of a kind with
      ``units`` units in all pay at least ``units - fewest + 1`` tokens (their number, for single units).
      Hence that many are at most the tokens the kind can pay (its type, generic, {S} if snow; of the spell
      if spell_ok, of inputs if act_ok), taking the demand at its most; and what they pay beyond their own
      type's tokens, summed over the kinds, is at most the generic and {S} tokens (kinds of one type, a Swamp
      and a Snow-Covered Swamp, share that type's tokens: per type, the larger of the kinds' own excesses
      and their total beyond the type's tokens). ``units - fewest`` only
      grows as uses are added. Four Plains never pay {W}{W}: at most two are used; Thran Dynamo is never
      used for {W}{W}{U}{U}{B}{B}{R}{R}{G}{G}, nor Llanowar Tribe's {G}{G}{G} with another Forest for {G}{G}.
    * filter order (``_reachable``): once every plain source is chosen, each filter used must become
      payable, by mana types, from plain mana and filters before it (CR 601.2g, 605.3a).
    * uses matching (``_uses_ok``), at the same points as the flow below: by the same argument as for the
      classes, in an irredundant payment every use with no input pays a token of its own, so the assigned
      ones can be matched to distinct tokens one of their units can pay (the spell's, decided, and the
      filter inputs, at their most: assigned plus the most the unassigned filters ask). Units that can pay
      the same token kinds (the same "mask", here and in the final payment alike) are interchangeable, so
      as for the classes the uses of one mask pay at least ``units - fewest + 1`` tokens. Hall's condition:
      every set of groups has at least as many tokens in the union of their masks as they pay at least.
      Gyre Engineer's {G}{U}, Mox Sapphire and Coastal Tower's {U} never pay {U}{U}{B}{B}{B}{R}{R} together;
      Thran Dynamo's {C}{C}{C} and an Island never pay the {2} of {2}{R}{G} together.
    * forced zeros: once every symbol is decided, if every variable left is a use with no input and
      ``uses`` has reached the demand, any further use breaks the irredundancy bound, so the one completion
      sets the rest to 0; it is checked exactly (``accept``) at once, and the subtree pruned if it fails.
    * flow (``_flow_ok``), once every symbol is decided, then at each completed group: a payment in this
      branch pays the spell's tokens and the assigned filters' inputs with distinct compatible units, made
      by the assigned uses and by the items still unassigned; relaxing the activation order, dropping the
      inputs of unassigned filters and letting each unassigned item make its most units, each of any type
      one of its choices makes, only removes demand and adds units and edges, so a payment gives a flow of
      the whole remaining demand. With no filter and only single-unit choices (basics, any-colour lands)
      it is exactly "the remaining sources can pay" (Hall's theorem, ``_maxflow_ok``).
    """

    def __init__(self, ev: _Evaluator, prune: bool = True, order: Sequence[str] = ()) -> None:
        self.ev = ev
        self.prune = prune
        m = ev.m
        self.allvars = [v for names in ev.gvars for v in names] + [v for names in ev.svars for v in names]
        self.order = list(order) or list(self.allvars)
        pos = {v: i for i, v in enumerate(self.order)}
        # per variable: what assigning it changes
        self._rec: dict[str, tuple] = {}
        root = _Bounds()
        root.dem = dict(m.fixed)
        root.life = m.base_life
        root.sym_min = root.sym_max = 0
        root.sym_tok, root.sup, root.fixed_sup, root.idem, root.filt_tok, root.cls = {}, {}, {}, {}, {}, {}
        root.net = root.flex = root.uses = 0
        root.gused = 0
        for si, (s, names) in enumerate(zip(m.syms, ev.svars)):
            lens = [0 if o == ("2life",) else len(o) for o in s.options]
            mn, mx = min(lens), max(lens)
            tokmax: dict = {}
            for o in s.options:
                if o != ("2life",):
                    for t, n in Counter(o).items():
                        tokmax[t] = max(tokmax.get(t, 0), n)
            root.sym_min += s.count * mn
            root.sym_max += s.count * mx
            for t, n in tokmax.items():
                _add(root.sym_tok, t, s.count * n)
            for r, (o, v) in enumerate(zip(s.options, names)):
                self._rec[v] = ("s", o == ("2life",), tuple(o) if o != ("2life",) else (), mn, mx, tuple(tokmax.items()))
        for gi, (g, names) in enumerate(zip(m.groups, ev.gvars)):
            # the group's variables in search order, and what the items not yet assigned could still add
            # when they may only take the choices from the j-th variable on (suffix maxima)
            ps = sorted((pos[v], j) for j, v in enumerate(names))
            seq = [j for _, j in ps]
            suffix: list[tuple] = [((), 0, 0, ())]  # after the last variable: nothing
            for j in reversed(seq):
                c = g.choices[j]
                out_t, in_t, ok_units, inp_t, _, _, _ = _choice_facts(c)
                gmax = dict(suffix[-1][0])
                for t, n in out_t:
                    # per type, net of the choice's own input of that type (it must be paid by that type)
                    gmax[t] = max(gmax.get(t, 0), n - in_t.get(t, 0))
                gtot = max(suffix[-1][1], ok_units)
                gnet = max(suffix[-1][2], ok_units - len(c.inp))
                gfilt = dict(suffix[-1][3])
                for t, n in inp_t:
                    gfilt[t] = max(gfilt.get(t, 0), n)
                suffix.append((tuple((t, n) for t, n in gmax.items() if n > 0), gtot, gnet, tuple(gfilt.items())))
            suffix.reverse()  # suffix[i]: choices seq[i:]; suffix[len(seq)]: none
            gmax0, gtot0, gnet0, gfilt0 = suffix[0]
            for t, n in gmax0:
                _add(root.sup, t, g.size * n)
            root.flex += g.size * gtot0
            root.net += g.size * gnet0
            for t, n in gfilt0:
                _add(root.filt_tok, t, g.size * n)
            for i, j in enumerate(seq):
                c, v = g.choices[j], names[j]
                k = (1 if c.units else 0) - len(c.inp)  # a permanent only tapped/sacrificed for a cost adds no unit
                if k < 0:
                    root.uses += k * g.size
                _, _, ok_units, _, spell_t, cls, _ = _choice_facts(c)
                self._rec[v] = ("g", i == 0, i == len(seq) - 1, g.size, suffix[i], suffix[i + 1],
                                k, c.life, tuple(c.inp), spell_t, ok_units - len(c.inp), cls)
        self._root = root
        # the flow relaxation (see the class docstring): once every symbol is decided, then at each
        # completed group
        sym_vars = [v for names in ev.svars for v in names]
        self._sym_depth = max([pos[v] + 1 for v in sym_vars] or [0])
        self._choice_vars = [(v, c) for g, names in zip(m.groups, ev.gvars) for c, v in zip(g.choices, names)]
        # per variable, its choice's units with their counts (first-seen order), for the flow's supply
        self._units_of = {v: _choice_facts(c)[6] for v, c in self._choice_vars if c.units}
        self._flex: list[tuple[int, tuple, int]] = []  # (first position, any-of-its-choices unit, most units)
        for g, names in zip(m.groups, ev.gvars):
            units = [u for c in g.choices for u in c.units]
            if not units:
                continue
            letters = "".join(sorted({ch for u in units for ch in u[0]}))
            flex = (letters, any(u[1] for u in units), any(u[2] for u in units), any(u[3] for u in units))
            self._flex.append((min(pos[v] for v in names), flex, g.size * max(len(c.units) for c in g.choices)))
        self._stack: list[_Bounds] = [root] + [root] * len(self.order)
        base = [v for g, names in zip(m.groups, ev.gvars) for c, v in zip(g.choices, names) if not c.filter]
        # every variable of a choice that is not a filter, including the plain choices of a permanent that
        # also has a filter ability (Fire-Lit Thicket's {T}: Add {C}): the reachability check below may
        # only run once all of them are decided, or it misses plain mana that is still to come
        self._base_vars = base
        self._base_depth = (max(pos[v] for v in base) + 1) if base else 0
        self._filter_vars = [(v, c) for g, names in zip(m.groups, ev.gvars) if any(c.filter for c in g.choices)
                             for v, c in zip(names, g.choices)]
        self._plain_uses = [(v, tuple(c.units)) for g, names in zip(m.groups, ev.gvars) for c, v in zip(g.choices, names)
                            if c.units and not c.inp]
        # "forced zeros": from this depth on every variable is a use with no input (each one used adds 1
        # to ``uses``), so once ``uses`` reaches its bound the only completion sets them all to 0
        self._forced_from = len(self.order)
        for i in range(len(self.order) - 1, -1, -1):
            rec = self._rec[self.order[i]]
            if rec[0] != "g" or rec[6] < 1:
                break
            self._forced_from = i

    # ---- incremental state ---------------------------------------------------------------------
    def _apply(self, parent: _Bounds, var: str, n: int) -> _Bounds:
        # copy on write: a state on the stack is never changed once made, so a child shares the parent's
        # dicts that assigning ``var`` leaves alone and copies only those it changes
        b = _Bounds.__new__(_Bounds)
        b.dem, b.life, b.sym_min, b.sym_max = parent.dem, parent.life, parent.sym_min, parent.sym_max
        b.sym_tok, b.sup, b.fixed_sup = parent.sym_tok, parent.sup, parent.fixed_sup
        b.net, b.flex, b.uses, b.idem = parent.net, parent.flex, parent.uses, parent.idem
        b.filt_tok, b.cls, b.gused = parent.filt_tok, parent.cls, parent.gused
        rec = self._rec[var]
        if rec[0] == "s":
            _, is_life, toks, mn, mx, tokmax = rec
            b.sym_min -= n * mn
            b.sym_max -= n * mx
            if tokmax:
                sym_tok = b.sym_tok = dict(parent.sym_tok)
                for t, k in tokmax:
                    sym_tok[t] = sym_tok.get(t, 0) - n * k
            if n:
                if is_life:
                    b.life += 2 * n
                elif toks:
                    dem = b.dem = dict(parent.dem)
                    for t in toks:
                        _add(dem, t, n)
            return b
        (_, first, last, size, before, after, k, life, inp, spell_t, net_units, cls) = rec
        prev = 0 if first else parent.gused
        left = size - prev
        # the unassigned part goes from ``left`` items over the choices from this variable on to
        # ``left - n`` items over the choices after it
        rest = left - n
        if before[0] or after[0] or (n and spell_t):
            sup = b.sup = dict(parent.sup)
            for t, x in before[0]:
                sup[t] -= left * x
            for t, x in after[0]:
                sup[t] += rest * x
        b.flex += rest * after[1] - left * before[1]
        b.net += rest * after[2] - left * before[2]
        if before[3] or after[3]:
            filt_tok = b.filt_tok = dict(parent.filt_tok)
            for t, x in before[3]:
                filt_tok[t] -= left * x
            for t, x in after[3]:
                filt_tok[t] += rest * x
        b.uses += k * n - (k * size if k < 0 else 0)
        b.gused = prev + n
        if n:
            if life:
                b.life += life * n
            if inp:
                idem = b.idem = dict(parent.idem)
                for t in inp:
                    _add(idem, t, n)
            if spell_t:
                fixed_sup = b.fixed_sup = dict(parent.fixed_sup)
                for t in spell_t:
                    _add(b.sup, t, n)
                    _add(fixed_sup, t, n)
            b.net += n * net_units
            if cls is not None:
                kind, k_units = cls
                units, fewest = parent.cls.get(kind, (0, k_units))
                b.cls = dict(parent.cls)
                b.cls[kind] = (units + n * k_units, min(fewest, k_units))
        return b

    def __call__(self, variables, domains, assignments, forwardcheck=False):
        _budget.tick(1, "searching payments")
        ev = self.ev
        d = len(assignments)
        complete = d == len(self.allvars)
        if not self.prune:
            return ev.accept(assignments) if complete else True
        if not d:
            return True
        var = self.order[d - 1]
        if var not in assignments or (d > 1 and self.order[d - 2] not in assignments):
            # not a prefix of the order (never with _OrderedSolver): no bound is known, check exactly only
            return ev.accept(assignments) if complete else True
        b = self._apply(self._stack[d - 1], var, assignments[var])
        self._stack[d] = b
        if not self._bounds_ok(b):
            return False
        if d >= self._base_depth and self._filter_vars and not self._reachable(assignments):
            return False
        if not complete and (d == self._sym_depth or (d > self._sym_depth and self._rec[var][0] == "g" and self._rec[var][2])) \
                and not (self._flow_ok(assignments, b, d) and self._uses_ok(assignments, b)):
            return False
        if not complete and d >= self._forced_from and d >= self._sym_depth and b.uses >= sum(b.dem.values()) \
                and not (d - 1 >= self._forced_from and d - 1 >= self._sym_depth and self._stack[d - 1].uses >= sum(b.dem.values())):
            # forced zeros: any further use would break the irredundancy bound (``uses``), so the subtree
            # holds one assignment, the rest all 0: decide it now instead of walking down to it (once: below a
            # node that passed, the same assignment)
            full = dict(assignments)
            for v in self.order[d:]:
                full[v] = 0
            return ev.accept(full)
        return ev.accept(assignments) if complete else True

    def _bounds_ok(self, b: _Bounds) -> bool:
        m = self.ev.m
        if not life_payable(b.life, m.life_total):  # life only grows as more is assigned
            return False
        dem = b.dem
        dem_total = sum(dem.values())
        if b.uses > dem_total + b.sym_max:
            return False
        idem, sup, fixed_sup = b.idem, b.sup, b.fixed_sup
        short = 0
        for t in MANA_TYPES:
            need = dem.get(t, 0) + idem.get(t, 0)
            if need > sup.get(t, 0):
                return False
            if need > fixed_sup.get(t, 0):
                short += need - fixed_sup.get(t, 0)
        if short > b.flex:
            return False
        if dem_total + b.sym_min > b.net:
            return False
        if b.cls:
            sym_tok, filt_tok = b.sym_tok, b.filt_tok
            # cap(t, sp, ac): the tokens of type t the spell (sp) and the inputs (ac) can ask for at most
            g_sp, g_ac = dem.get("1", 0) + sym_tok.get("1", 0), idem.get("1", 0) + filt_tok.get("1", 0)
            s_sp, s_ac = dem.get("S", 0) + sym_tok.get("S", 0), idem.get("S", 0) + filt_tok.get("S", 0)

            def cap(t: str, sp: bool, ac: bool) -> int:
                return ((dem.get(t, 0) + sym_tok.get(t, 0)) if sp else 0) + ((idem.get(t, 0) + filt_tok.get(t, 0)) if ac else 0)

            excess = 0
            per_type: dict = {}  # type -> [tokens its kinds pay at least, beyond own per kind, any sp, any ac]
            for (t, snow, sp, ac), (units, fewest) in b.cls.items():
                c = units - fewest + 1  # the fewest tokens these uses pay together (see "classes")
                gen = (g_sp if sp else 0) + (g_ac if ac else 0)  # cap("1", sp, ac)
                if t == "1":
                    if c > gen:
                        return False
                    excess += c
                    continue
                own = cap(t, sp, ac)
                s_cap = ((s_sp if sp else 0) + (s_ac if ac else 0)) if snow else 0  # cap("S", sp, ac)
                if c > own + gen + s_cap:
                    return False
                acc = per_type.setdefault(t, [0, 0, False, False])
                acc[0] += c
                acc[1] += max(0, c - own)
                acc[2] = acc[2] or sp
                acc[3] = acc[3] or ac
            for t, (c, beyond, sp, ac) in per_type.items():
                # kinds of one type (a Swamp and a Snow-Covered Swamp) share that type's tokens
                excess += max(beyond, c - cap(t, sp, ac))
            if excess > g_sp + g_ac + s_sp + s_ac:  # cap("1", True, True) + cap("S", True, True)
                return False
        return True

    def _uses_ok(self, assignments: Mapping[str, int], b: _Bounds) -> bool:
        """Irredundancy as a matching (see "uses matching" in the class docstring): the assigned uses with no
        input pay distinct tokens (spell tokens decided, filter inputs at their most), a use whose units all
        pay the same token kinds (one mask) grouped with the others of that mask, which pay at least
        ``units - fewest + 1`` tokens together, any other use at least one; Hall's condition over the groups."""
        toks: list[tuple[str, str, int]] = [("spell", t, n) for t, n in b.dem.items() if n > 0]
        act = dict(b.idem)
        for t, n in b.filt_tok.items():
            if n > 0:
                act[t] = act.get(t, 0) + n
        toks += [("act", t, n) for t, n in act.items() if n > 0]
        one: dict[int, list[int]] = {}  # mask -> [units, fewest units of one use] of one-mask uses
        mixed: dict[int, int] = {}  # union mask -> uses whose units pay different token kinds
        keys = tuple((target, tok) for target, tok, _ in toks)
        for v, units in self._plain_uses:
            n = assignments.get(v)
            if n:
                union, same = _use_mask(units, keys)
                if not union:
                    return False
                if same:
                    acc = one.setdefault(union, [0, len(units)])
                    acc[0] += n * len(units)
                    acc[1] = min(acc[1], len(units))
                else:
                    mixed[union] = mixed.get(union, 0) + n
        # the fewest tokens each group pays: a one-mask group ``units - fewest + 1``, a mixed use 1
        items = [(mask, units - fewest + 1) for mask, (units, fewest) in one.items()] + list(mixed.items())
        if len(items) > 12:  # not checked (a pruning test only: skipping it loses nothing)
            return True
        caps = [n for _, _, n in toks]
        # every set of groups, in increasing order of its bits; each set's union and uses from the set without
        # its lowest group (one step per set), the tokens of a union summed once per distinct union
        size = 1 << len(items)
        unions = [0] * size
        uses_of = [0] * size
        tokens: dict[int, int] = {}
        for sub in range(1, size):
            low = sub & -sub
            mask, n = items[low.bit_length() - 1]
            union = unions[sub] = unions[sub ^ low] | mask
            uses = uses_of[sub] = uses_of[sub ^ low] + n
            have = tokens.get(union)
            if have is None:
                have = tokens[union] = sum(c for i, c in enumerate(caps) if union >> i & 1)
            if uses > have:
                return False
        return True

    def _flow_ok(self, assignments: Mapping[str, int], b: _Bounds, d: int) -> bool:
        """The flow relaxation: the units of the assigned uses (filters' outputs included, activation order
        ignored) plus, per unassigned item, its most units each of any type its choices make, can pay the
        spell's demand and the assigned filters' inputs (an exact max flow, ``_maxflow_ok``)."""
        supply: dict = {}
        units_of = self._units_of
        for v in self.order[:d]:  # the assigned variables (a prefix of the order)
            uc = units_of.get(v)
            if uc is not None:
                n = assignments.get(v)
                if n:
                    for u, k in uc:
                        supply[u] = supply.get(u, 0) + n * k
        for first, flex, most in self._flex:
            if first >= d:
                supply[flex] = supply.get(flex, 0) + most
        demand: dict = {}
        for t, n in b.dem.items():
            if n:
                demand[("spell", t)] = n
        for t, n in b.idem.items():
            if n:
                demand[("act", t)] = n
        return _maxflow_ok(supply, demand)

    def _reachable(self, assignments) -> bool:
        """Filter ordering, necessary condition (CR 601.2g, 605.3a): once every plain source is chosen,
        each filter used must become payable, by mana types, from plain mana and filters before it."""
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
        p.addConstraint(_PaymentConstraint(ev, prune, order if prune else ()), allv)
    return p, ev


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------


def iter_payments(state: GameState, player: str, total_cost: Any, *, spell_card: Any = None,
                  exclude_permanents: Iterable[str] = (), extra: Iterable[ExtraPayer] = (),
                  extensions: Sequence[Extension] | None = None,
                  sources: Sequence[ManaSource] | None = None, spell_zone: str | None = None) -> Iterator[Payment]:
    """Every irredundant payment of ``total_cost`` by ``player``, lazily (identical sources collapsed).

    Parameters
    ----------
    state : GameState
    player : str, the player paying.
    total_cost : ManaCost, str (``"{2}{W/P}"``) or ``solver.rules.costs.TotalCost`` (its ``mana`` and ``life``).
        {X} must already be replaced by its value (CR 601.2b, 107.3a).
    spell_card : Card, optional; the spell being cast: decides spend restrictions (CR 106.6) and
        lets the extensions add convoke/improvise/delve payers. ``None``: an ability's cost.
    exclude_permanents : ids of permanents whose {T}/{Q} is part of the cost being paid; they cannot
        also be tapped for mana (CR 601.2g-h, 107.5).
    extra : further ``ExtraPayer`` objects for this call.
    extensions : sequence of Extension, optional; the payment extensions (only with ``spell_card``).
        ``None``: ``standard_extensions()`` (the spell's convoke, improvise, delve); ``()``: none.
    sources : override the mana sources (default ``solver.rules.mana.sources.mana_sources``).
    spell_zone : the zone ``spell_card`` is cast from (default ``"hand"``; it is on the stack while paid for,
        CR 601.2a).

    Returns
    -------
    iterator of Payment (see the module docstring for what counts as distinct).

    Raises
    ------
    PaymentProblem : {X} not chosen, or an unpayable mana component (CR 118.6).
    """
    model = build_model(state, player, total_cost, spell_card=spell_card, exclude_permanents=exclude_permanents,
                        extra=extra, extensions=extensions, sources=sources, spell_zone=spell_zone)
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


def _first_payment(model: _Model, quick: bool = True) -> Payment | None:
    """One payment of the model or ``None``: the exact shortcuts of ``quick.quick_payment`` first (a witness
    by max flow, checked by ``_Evaluator.accept``; or a proof by a relaxed flow that none exists), else the
    first payment the search lists. ``quick=False``: the search only (the reference)."""
    if quick:
        decided, pay = quick_payment(model)
        if decided:
            return pay
    return next(_iter_model(model), None)


def _undecided_message(undecided: Mapping[str, Sequence[str]]) -> str:
    parts = []
    for code, who in sorted(undecided.items()):
        why = "not modelled"
        if code == "creature_spell_of_chosen_type":
            why = "no creature type is recorded in its choices (choices: {creature_type: ...})"
        elif code == "eldrazi":
            why = "whether the ability's source is a colorless Eldrazi is not known here"
        elif _read_either(code) is not None:
            kinds = _read_either(code)[0]  # type: ignore[index]  # not None (the test above)
            why = (f"its half “activate abilities of {' or '.join(kinds)} sources”: whether the ability's source is "
                   "one is not known here")
        parts.append(f"mana of {', '.join(who)} restricted to “{code}” ({why})")
    return ("the spend restriction of " + "; ".join(parts) + " decides the answer, and it is not modelled "
            "(CR 106.6): that mana was not spent, but the cost can be paid only with it")


def find_payment(state: GameState, player: str, total_cost: Any, **kw: Any) -> Payment | None:
    """One payment of ``total_cost`` (a witness), or ``None`` when it cannot be paid.

    Same parameters as ``iter_payments``, plus ``quick`` (default ``True``): try the exact shortcuts of
    ``solver.rules.payment.quick`` first (a max-flow witness checked by the search's own ``accept``, or a relaxed
    flow proving that no payment exists); ``False``: the constraint search only, the reference. Exact either
    way (``None`` only when no payment exists); the witness may differ between the two (both are payments
    ``iter_payments`` lists).

    Raises
    ------
    Unsupported : no payment exists without mana whose spend restriction is not modelled (or cannot
        be decided, e.g. Cavern of Souls with no chosen type), but one would exist with it (CR 106.6).
    """
    quick = kw.pop("quick", True)
    model = build_model(state, player, total_cost, **kw)
    pay = _first_payment(model, quick)
    if pay is None and model.undecided:
        wider = build_model(state, player, total_cost, assume_undecided=True, **kw)
        if _first_payment(wider, quick) is not None:
            raise Unsupported(_undecided_message(model.undecided))
    if pay is None and model.unmodelled_spend:
        raise Unsupported(_spend_message(model.unmodelled_spend))
    if pay is None and model.unmodelled_sources:
        raise Unsupported(unmodelled_message(model.unmodelled_sources))
    if pay is None and model.order_unchecked:
        raise Unsupported(order_message(model.order_unchecked))
    return pay


def order_message(whys: Sequence[str]) -> str:
    """Why a "no payment" (or a count) is not an answer when some payments were left unchecked (see
    ``_Evaluator._special_ok``)."""
    return ("some payments were not checked, because the order of their mana abilities matters in a way that is not "
            "modelled: " + "; ".join(whys) + " (CR 106.7, 605.3a)")


def _spend_message(names: Sequence[str]) -> str:
    return ("no payment was found, but " + ", ".join(names) + " let mana be spent “as though” it were other mana in a "
            "way that is not modelled (CR 609.4b), so the answer cannot be given")

