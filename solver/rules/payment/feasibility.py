"""Exact feasibility of a complete assignment of a payment model (docs/payment.md).

``Evaluator.feasible`` decides whether chosen uses pay an announced cost: a transportation problem
(closed-form Hall conditions, else max flow), with filters (mana abilities with a mana input) checked
over every activation order by a backward search (``_base_needs``). ``Evaluator.irredundant`` checks
that no use can be left out.

References: CR 106.6, 107.4, 601.2g-h, 605.3a, 609.4b.
"""
from __future__ import annotations

import functools
import math
from collections import Counter
from typing import Iterable, Mapping, Sequence

from mtgcheck.models.game.mana import MANA_TYPES

from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.payment.model import (
    MAX_FILTER_ACTIVATIONS, Payment, Use, _Model, _Unit, life_needed, life_payable,
)
from mtgcheck.solver.rules.payment.costparts import sacrifice_order_ok


# ---------------------------------------------------------------------------
# Exact feasibility of a complete assignment
# ---------------------------------------------------------------------------


def _hall_ok(units: Counter, demand: Counter) -> bool:
    """Can ``units`` (kinds (type, snow)) pay ``demand`` (tokens W..C, S, 1)? Exact (Hall's theorem)."""
    need_total = sum(demand.values())
    if sum(units.values()) < need_total:
        return False
    a: dict = {}
    a_snow: dict = {}
    for (t, snow), n in units.items():
        if t == "1":
            continue
        a[t] = a.get(t, 0) + n
        if snow:
            a_snow[t] = a_snow.get(t, 0) + n
    slack_snow = 0
    for t in MANA_TYPES:
        d = demand.get(t, 0)
        have = a.get(t, 0)
        if have < d:
            return False
        if a_snow:
            slack_snow += min(have - d, a_snow.get(t, 0))
    return demand.get("S", 0) <= slack_snow


def _compatible(unit: _Unit, target: str, tok: str) -> bool:
    t, snow, spell_ok, act_ok = unit
    if target == "spell" and not spell_ok or target == "act" and not act_ok:
        return False
    if tok == "1":
        return True
    if tok == "S":
        return snow and t != "1"
    return tok in t  # a unit's type may be several letters: spend-as-though effects (CR 609.4b)


@functools.lru_cache(maxsize=1 << 16)
def _mask(unit: _Unit, keys: tuple[tuple[str, str], ...]) -> int:
    """The demand kinds ``keys`` ((target, token) pairs) one unit can pay, as a bit mask (bit ``i``: ``keys[i]``,
    ``_compatible``). A pure function of hashable arguments, asked again and again by the search's bounds with
    the same few units and token lists, so it is memoized."""
    mask = 0
    for i, (target, tok) in enumerate(keys):
        if _compatible(unit, target, tok):
            mask |= 1 << i
    return mask


#: Most distinct demand kinds for which ``_maxflow_ok`` checks Hall's condition subset by subset.
_HALL_KINDS = 10


def _maxflow_ok(supply: Mapping, demand: Mapping) -> bool:
    """Transportation feasibility: supply kinds (unit) → demand kinds ((target, token)); exact.

    Each unit pays at most one compatible token (``_compatible``). With few demand kinds this is Hall's
    condition checked directly — every set ``T`` of demand kinds needs at most the supply compatible with
    some kind in ``T`` — which is exact for bipartite transportation problems (max-flow min-cut: a cut of
    least capacity separates a set ``T`` of demand kinds together with the supply kinds compatible with
    them). Supply kinds are first merged by the set of demand kinds they are compatible with. Otherwise an
    augmenting-path max flow.
    """
    need = sum(demand.values())
    if sum(supply.values()) < need:
        return False
    d_keys = [k for k, v in demand.items() if v > 0]
    if len(d_keys) <= _HALL_KINDS:
        by_mask: dict[int, int] = {}
        keys = tuple(d_keys)
        for k, n in supply.items():
            if n > 0:
                mask = _mask(k, keys)
                if mask:
                    by_mask[mask] = by_mask.get(mask, 0) + n
        masks = list(by_mask.items())
        dem = [demand[k] for k in d_keys]
        for sub in range(1, 1 << len(d_keys)):
            want = 0
            for i, n in enumerate(dem):
                if sub >> i & 1:
                    want += n
            have = 0
            for mask, n in masks:
                if mask & sub:
                    have += n
                    if have >= want:
                        break
            if have < want:
                return False
        return True
    return _augmenting_flow_ok(supply, demand, need)


def _augmenting_flow_ok(supply: Mapping, demand: Mapping, need: int) -> bool:
    """Max flow by augmenting paths (breadth first); ``True`` when it reaches ``need``."""
    s_keys = [k for k, v in supply.items() if v > 0]
    d_keys = [k for k, v in demand.items() if v > 0]
    # residual capacities
    S, T = ("S",), ("T",)
    cap: dict = {}
    adj: dict = {}

    def add(u, v, c):
        cap[(u, v)] = cap.get((u, v), 0) + c
        cap.setdefault((v, u), 0)
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)

    for k in s_keys:
        add(S, ("s", k), supply[k])
        for dk in d_keys:
            if _compatible(k, dk[0], dk[1]):
                add(("s", k), ("d", dk), need)
    for dk in d_keys:
        add(("d", dk), T, demand[dk])
    flow = 0
    while flow < need:
        prev = {S: None}
        queue = [S]
        for u in queue:
            if u == T:
                break
            for v in adj.get(u, ()):
                if v not in prev and cap[(u, v)] > 0:
                    prev[v] = u
                    queue.append(v)
        if T not in prev:
            return False
        # bottleneck
        v, b = T, need
        while prev[v] is not None:
            u = prev[v]
            b = min(b, cap[(u, v)])
            v = u
        v = T
        while prev[v] is not None:
            u = prev[v]
            cap[(u, v)] -= b
            cap[(v, u)] += b
            v = u
        flow += b
    return True


def announced_demand(m: _Model, counts: Iterable[Sequence[int]]) -> tuple[Counter, int]:
    """What an announcement of the cost's multi-way symbols demands (CR 601.2b, 107.4e-f): the fixed tokens plus, per
    symbol group, ``counts[i][j]`` symbols paid with its option ``j``; a Phyrexian option ``("2life",)`` adds 2 life
    per symbol instead of tokens (CR 107.4f). Returns (tokens demanded, life paid by the symbols)."""
    d = Counter(m.fixed)
    life = 0
    for s, per_option in zip(m.syms, counts):
        for opt, n in zip(s.options, per_option):
            if not n:
                continue
            if opt == ("2life",):
                life += 2 * n
            else:
                for tok in opt:
                    d[tok] += n
    return d, life


class _Evaluator:
    """Exact checks on complete (or partial) assignments of a model."""

    def __init__(self, model: _Model) -> None:
        self.m = model
        self.gvars: list[list[str]] = []
        self.svars: list[list[str]] = []
        for gi, g in enumerate(model.groups):
            self.gvars.append([f"g{gi:03d}_{j:02d}" for j in range(len(g.choices))])
        for si, s in enumerate(model.syms):
            self.svars.append([f"a{si:03d}_{r:02d}" for r in range(len(s.options))])
        # units that may pay more than their own type (spend-as-though effects): exact checks by max flow
        self.wild = any(len(u[0]) > 1 for g in model.groups for c in g.choices for u in c.units)
        self._cache: dict = {}
        self._needs_cache: dict = {}
        self._allg = [v for names in self.gvars for v in names]
        flat = [(v, c) for g, names in zip(model.groups, self.gvars) for c, v in zip(g.choices, names)]
        self._pvars = [(v, c) for v, c in flat if not c.filter]
        self._fvars = [(v, c) for v, c in flat if c.filter]
        self._fvlist = [v for v, _ in self._fvars]
        self._fcache: dict = {}
        self._back_memo: dict = {}
        # choices that give or need tokens, or carry order tags (costs that use other permanents,
        # solver/rules/payment/costparts.py): checked on every assignment
        self._special = [(v, c) for v, c in flat if c.needs or c.gives or c.order]
        self._svars = [v for v, _ in self._special]
        # per variable of a combined choice (tap, then sacrifice): the variables of the same group's choices
        # made of fewer of its activations (irredundancy leaves each activation out)
        self._subs: dict[str, list[str]] = {}
        for g, names in zip(model.groups, self.gvars):
            for c, v in zip(g.choices, names):
                if len(c.parts) > 1:
                    mine = set(c.parts)
                    self._subs[v] = [w for d, w in zip(g.choices, names) if d.parts and set(d.parts) < mine]

    # ---- demand and supply of a complete assignment ------------------------
    def spell_demand(self, a: Mapping[str, int]) -> tuple[Counter, int]:
        return announced_demand(self.m, [[a[v] for v in names] for names in self.svars])

    def feasible(self, a: Mapping[str, int], spell_demand: Counter | None = None, sd_key: tuple | None = None) -> bool:
        """Exact: the chosen uses pay the announced cost (with filter ordering). Cached per assignment.
        ``sd_key``: ``tuple(sorted(spell_demand.items()))`` when the caller has it."""
        if spell_demand is None:
            spell_demand, _ = self.spell_demand(a)
            sd_key = None
        if sd_key is None:
            sd_key = tuple(sorted(spell_demand.items()))
        key = (sd_key, tuple(map(a.__getitem__, self._allg)))
        got = self._cache.get(key)
        if got is None:
            got = self._feasible(a, spell_demand, key[0])
            if len(self._cache) > 200000:
                self._cache.clear()
            self._cache[key] = got
        return got

    def _feasible(self, a: Mapping[str, int], spell_demand: Counter, sd_key: tuple = ()) -> bool:
        if self._special and not self._special_ok(a):
            return False
        return self._feasible_mana(a, spell_demand, sd_key)

    def _special_ok(self, a: Mapping[str, int]) -> bool:
        """Tokens and order (solver/rules/payment/costparts.py): every "tap an untapped ..." / "sacrifice a ..." part
        needed is given by a permanent (CR 118.3, 601.2h); the sacrifices can be ordered so that each altar used
        is still there (``sacrifice_order_ok``); two sacrificed lands whose could-produce depends on other
        permanents, or a sacrifice with a filter whose output depends on the board, are not checked: rejected
        and recorded (``order_unchecked``), so that a "no" or a count is never given from them."""
        tokens: Counter = Counter()
        events: Counter = Counter()
        deps = removed = boarddep = 0
        for v, c in self._special:
            n = a.get(v, 0)
            if not n:
                continue
            for k, m in c.needs:
                tokens[k] -= m * n
            for k, m in c.gives:
                tokens[k] += m * n
            inst: tuple = ()
            target = None
            rem = False
            for tag in c.order:
                if tag[0] == "inst":
                    inst = tag[1:]
                elif tag[0] == "to":
                    target = tag[1]
                elif tag[0] == "removed":
                    rem = True
                elif tag[0] == "dep":
                    deps += n
                elif tag[0] == "boarddep":
                    boarddep += n
            if rem:
                removed += n
                if inst:
                    events[(inst, target)] += n
        if any(x < 0 for x in tokens.values()):
            return False
        if deps > 1 or (boarddep and removed):
            why = ("two sacrificed lands whose could-produce depends on other permanents (the order of the "
                   "sacrifices matters)" if deps > 1 else
                   "a sacrifice together with a filter whose output depends on other permanents")
            if why not in self.m.order_unchecked:
                self.m.order_unchecked.append(why)
            return False
        if events:

            return sacrifice_order_ok(events, self.m.alive)
        return True

    def _feasible_mana(self, a: Mapping[str, int], spell_demand: Counter, sd_key: tuple = ()) -> bool:
        base: dict = {}
        for v, c in self._pvars:
            n = a[v]
            if n:
                for u in c.units:
                    base[u] = base.get(u, 0) + n
        fvals = tuple(map(a.__getitem__, self._fvlist))
        if not any(fvals):
            usable: dict = {}
            for u, n in base.items():
                if u[2]:
                    k = (u[0], u[1])
                    usable[k] = usable.get(k, 0) + n
            if self.wild:
                return _maxflow_ok(Counter({(t, sn, True, False): n for (t, sn), n in usable.items()}),
                                   Counter({("spell", t): n for t, n in spell_demand.items() if n}))
            return _hall_ok(usable, spell_demand)
        # with filters: an activation order must exist in which each filter's input is paid by mana made
        # before it, and the spell by the rest. The orders are searched once per (spell demand, filter
        # multiset), backwards, giving the least the plain mana must pay (``_base_needs``); then an exact
        # Hall / flow check of the plain mana against each of those needs. Everything that depends only on
        # the filter uses is computed once per (spell demand, filter uses).
        fk = (sd_key or tuple(sorted(spell_demand.items())), fvals)
        ent = self._fcache.get(fk)
        if ent is None:
            filt: dict = {}
            for (v, c), n in zip(self._fvars, fvals):
                if n:
                    filt[c] = filt.get(c, 0) + n
            out_avail: dict = {}
            out_total = 0
            need_t: dict = {t: n for t, n in spell_demand.items() if t in MANA_TYPES and n}
            need_total = sum(spell_demand.values())
            for c, n in filt.items():
                for u in c.units:
                    out_total += n
                    if u[2] or u[3]:
                        for t in u[0]:
                            out_avail[t] = out_avail.get(t, 0) + n
                for tok in c.inp:
                    need_total += n
                    if tok in MANA_TYPES:
                        need_t[tok] = need_t.get(tok, 0) + n
            ent = (out_avail, out_total, need_t, need_total, self._base_needs(spell_demand, filt))
            self._fcache[fk] = ent
        out_avail, out_total, need_t, need_total, needs = ent
        # cheap necessary conditions first: all the mana made, the filters' outputs included, covers the
        # spell and the filters' inputs in total and type by type
        if sum(base.values()) + out_total < need_total:
            return False
        if need_t:
            avail = dict(out_avail)
            for u, n in base.items():
                if u[2] or u[3]:
                    for t in u[0]:
                        avail[t] = avail.get(t, 0) + n
            for tok, need in need_t.items():
                if need > avail.get(tok, 0):
                    return False
        if not self.wild and all(u[2] == u[3] for u in base):
            # every plain unit may pay a filter's input and the spell alike, and only its own type:
            # Hall's closed form on the per-token need
            usable = {}
            for u, n in base.items():
                if u[2]:
                    k = (u[0], u[1])
                    usable[k] = usable.get(k, 0) + n
            return any(_hall_ok(usable, merged) for _, merged in needs)
        return any(_maxflow_ok(base, need) for need, _ in needs)

    def _base_needs(self, spell_demand: Counter, filt: Counter) -> list[tuple[Counter, Counter]]:
        """The minimal demands ``{(target, token): n}`` that the plain (non-filter) mana must pay so that
        the filter uses ``filt`` can be activated in some order and, with them, the spell demand paid
        (CR 601.2g, 605.3a: a filter's input is paid with mana already made; its own output cannot pay it).

        Exact, by going through the order backwards: the filter activated last can pay, with its outputs,
        only what is still owed (spell symbols and inputs of filters after it); then its own input is owed
        by mana made before it. Identical filter uses are interchangeable, so each step tries each distinct
        use once; states (filters left, owed) are memoized. The answer depends only on the spell demand and
        the filter multiset, so it is cached for every plain-mana vector checked against it."""
        key = (frozenset(spell_demand.items()), frozenset(filt.items()))
        got = self._needs_cache.get(key)
        if got is not None:
            return got
        if sum(filt.values()) > MAX_FILTER_ACTIVATIONS:
            # documented limit: never treat an unsearched combination as "not payable"
            raise Unsupported(f"a payment with more than {MAX_FILTER_ACTIVATIONS} filter activations "
                              f"({sum(filt.values())} here) is not searched")
        memo = self._back_memo  # (filters left, owed) -> minimal needs; independent of the spell demand

        def back(rem: frozenset, owed: frozenset) -> frozenset:
            if not rem:
                return frozenset((owed,))
            mk = (rem, owed)
            hit = memo.get(mk)
            if hit is not None:
                return hit
            out: set = set()
            remc = dict(rem)
            for c in remc:
                r2 = dict(remc)
                r2[c] -= 1
                if not r2[c]:
                    del r2[c]
                r2f = frozenset(r2.items())
                for left in _absorb(c.units, dict(owed)):
                    for tok in c.inp:
                        left[("act", tok)] = left.get(("act", tok), 0) + 1
                    out |= back(r2f, frozenset(left.items()))
            res = frozenset(_minimal(out))
            memo[mk] = res
            return res

        start = frozenset((("spell", t), n) for t, n in spell_demand.items() if n)
        got = []
        for o in _minimal(back(frozenset(filt.items()), start)):
            need = Counter(dict(o))
            merged: Counter = Counter()
            for (_, tok), n in need.items():
                merged[tok] += n
            got.append((need, merged))
        self._needs_cache[key] = got
        return got

    def life(self, a: Mapping[str, int]) -> int:
        """Life paid by a complete assignment: the Phyrexian symbols paid with life, the cost's own life and the
        sources' life costs (CR 119.4, 107.4f)."""
        life_vars = self.__dict__.get("_life_vars")
        if life_vars is None:  # the variables that pay life, with how much per use (once per model)
            life_vars = self._life_vars = (
                [(v, 2) for s, names in zip(self.m.syms, self.svars) for opt, v in zip(s.options, names) if opt == ("2life",)]
                + [(v, c.life) for g, names in zip(self.m.groups, self.gvars) for c, v in zip(g.choices, names) if c.life])
        life = self.m.base_life
        for v, k in life_vars:
            n = a[v]
            if n:
                life += k * n
        return life

    def irredundant(self, a: dict[str, int], spell_demand: Counter, sd_key: tuple | None = None) -> bool:
        if sd_key is None:
            sd_key = tuple(sorted(spell_demand.items()))
        for names in self.gvars:
            for v in names:
                if a[v]:
                    a[v] -= 1
                    ok = self.feasible(a, spell_demand, sd_key)
                    if not ok:  # one activation of a combined choice left out (tap only, sacrifice only)
                        for w in self._subs.get(v, ()):
                            a[w] += 1
                            ok = self.feasible(a, spell_demand, sd_key)
                            a[w] -= 1
                            if ok:
                                break
                    a[v] += 1
                    if ok:
                        return False
        return True

    def life_needed(self, a: Mapping[str, int]) -> int:
        """The life total a complete assignment needs (``model.life_needed``: the life in the mana abilities' own
        costs, then their sources' damage and the life in the total cost; CR 601.2g-h, 119.4, 120.3a)."""
        parts = self.__dict__.get("_need_vars")
        if parts is None:  # per variable: (life in the cost, life in the ability's cost, damage) per use
            parts = self._need_vars = (
                [(v, 2, 0, 0) for s, names in zip(self.m.syms, self.svars) for opt, v in zip(s.options, names)
                 if opt == ("2life",)]
                + [(v, 0, c.life, c.damage) for g, names in zip(self.m.groups, self.gvars)
                   for c, v in zip(g.choices, names) if c.life or c.damage])
        cost_life, ability_life, damage = self.m.base_life, 0, 0
        for v, k, al, dm in parts:
            n = a[v]
            if n:
                cost_life += k * n
                ability_life += al * n
                damage += dm * n
        return life_needed(cost_life, ability_life, damage)

    def damage(self, a: Mapping[str, int]) -> int:
        """Damage the sources of a complete assignment deal to the payer (CR 120.3a)."""
        return sum(c.damage * a[v] for g, names in zip(self.m.groups, self.gvars)
                   for c, v in zip(g.choices, names) if c.damage and a[v])

    def accept(self, a: dict[str, int]) -> bool:
        d, _ = self.spell_demand(a)
        if not life_payable(self.life_needed(a), self.m.life_total):
            return False
        return self.feasible(a, d) and self.irredundant(a, d)


def _absorb(units: Sequence[_Unit], owed: dict) -> list[dict]:
    """Every way the output ``units`` of one activation pay part of ``owed`` ({(target, token): n}),
    each unit paying one owed token it is compatible with (or nothing, when it can pay none): what is left
    owed, deduplicated."""
    outs = [owed]
    for u in units:
        nxt = []
        seen = set()
        for o in outs:
            paid = False
            for k, n in o.items():
                if n and _compatible(u, k[0], k[1]):
                    paid = True
                    o2 = dict(o)
                    if n == 1:
                        del o2[k]
                    else:
                        o2[k] = n - 1
                    fk = frozenset(o2.items())
                    if fk not in seen:
                        seen.add(fk)
                        nxt.append(o2)
            # leaving a unit unused when it could pay something owes a superset: never minimal
            # (what less is owed needs at most as much plain mana), so only units that can pay nothing go unused
            if not paid:
                fk = frozenset(o.items())
                if fk not in seen:
                    seen.add(fk)
                    nxt.append(o)
        outs = nxt
    return [dict(o) for o in outs]


def _minimal(needs: Iterable[frozenset]) -> list[frozenset]:
    """The needs that contain no other need (whatever pays a larger need also pays the smaller one inside it)."""
    items = sorted(set(needs), key=lambda f: sum(n for _, n in f))
    out: list[tuple[frozenset, dict]] = []
    for f in items:
        d = dict(f)
        if any(all(d.get(k, 0) >= n for k, n in od.items()) for _, od in out):
            continue
        out.append((f, d))
    return [f for f, _ in out]


def _to_payment(model: _Model, ev: _Evaluator, a: Mapping[str, int]) -> Payment:
    """The ``Payment`` of a feasible complete assignment ``a`` (variable -> count) of ``model``: the announced
    mana (CR 601.2g), the uses, the life, the sources, the number of item-level payments it stands for (a
    multinomial per group and per multi-way symbol) and the damage. Read by the search and the quick shortcuts."""
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
                uses.append(Use(c.kind, g.name, g.ids, n, c.ability_index, c.ability, c.mana, c.inp_text, c.life, c.taps,
                                c.damage))
        if g.once:
            sources += used
    for s, names in zip(model.syms, ev.svars):
        counts = [a[v] for v in names]
        mult *= math.factorial(s.count) // math.prod(math.factorial(c) for c in counts)
    return Payment("".join(ann_parts), tuple(uses), ev.life(a), sources, mult, ev.damage(a))
