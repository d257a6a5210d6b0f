"""Every maximal pool of mana a player can make now with their mana sources (``solver.rules.mana.sources``).

``maximal_pools(state, player, limit)`` counts every maximal pool (no other pool the player can make holds it) and
lists up to ``limit``; ``available_mana`` lists them all. Big boards are counted without listing; past the budgets
(``ENUMERATION_BUDGET``, ``STEP_BUDGET``, ``COUNT_BUDGET``) the answer is ``Unsupported``, never a hang (docs/mana.md).
The cost parts of mana abilities that use the player's resources are settled first: hand, graveyard and energy
(``pool_costparts.settle_cost_parts``), {X} (``pool_costparts.expand_x_mana``), "Tap an untapped ..."
(``pool_costparts.tap_cost_variants``), life (``pool_costparts.life_variants``) and sacrifices
(``sacrifice_pools``): one run per choice, their pools merged (``merge_pools``).

References: CR 106 (mana), 605 (mana abilities), 106.12 (tapped for mana), 107.5, 118.3, 119.4 (paying life).
"""
from __future__ import annotations

import itertools
import operator
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable

from mtgcheck.models.game.mana import MANA_TYPES, ManaCost, mana_token
from mtgcheck.models.game.state import GameState

from mtgcheck.solver.rules import budget as _budget
from mtgcheck.solver.rules.combinatorics import binomial
from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.mana.pool_costparts import (LIFE_HEADER, expand_x_mana, life_variants, settle_cost_parts,
                                                       tap_cost_variants)
from mtgcheck.solver.rules.mana.sacrifice_pools import SACRIFICE_HEADER, expand_sacrifices, sacrifice_tap_variants
from mtgcheck.solver.rules.mana.sources import ManaBoard, ManaOption, ManaSource, mana_sources


# ---------------------------------------------------------------------------
# Every maximal pool
# ---------------------------------------------------------------------------

Pool = tuple  # sorted tuple of ((type, restriction), count)
Vec = tuple  # counts per mana kind, in the order of ``_Kinds.kinds``

#: Most pools held at once while enumerating (a partial sum, a filter layer, the pools reached). Beyond it
#: the answer is counted without listing when the board allows it, else ``Unsupported`` — never a hang.
ENUMERATION_BUDGET = 300_000
#: Most vector additions, lookups or comparisons spent on one question (a few seconds at most).
STEP_BUDGET = 4_000_000
#: Most class-total vectors visited when counting without listing.
COUNT_BUDGET = 3_000_000


class _TooLarge(Exception):
    """The exact enumeration would exceed the budget (the message says where)."""


class _Work:
    """The work spent on one question, against ``STEP_BUDGET`` (one object per question, passed down)."""

    def __init__(self, budget: int = STEP_BUDGET) -> None:
        self.spent = 0
        self.budget = budget

    def spend(self, n: int, where: str) -> None:
        self.spent += n
        if self.spent > self.budget:
            raise _TooLarge(f"more than {self.budget:,} steps, at {where}")


def _pool(c: Counter) -> Pool:
    return tuple(sorted(((k, v) for k, v in c.items() if v), key=lambda kv: (MANA_TYPES.index(kv[0][0]), kv[0][1] or "")))


def _contained(a: Counter, b: Counter) -> bool:
    return all(b.get(k, 0) >= v for k, v in a.items())


def _payments(pool: Counter, cost: ManaCost) -> list[Counter]:
    """Every distinct way to pay ``cost`` from the unrestricted mana of ``pool`` (the mana spent)."""
    units: list[tuple[str, ...]] = []
    for sym in cost:
        if sym.is_variable or sym.is_snow:
            raise Unsupported(f"paying {sym} in the cost of a mana ability is not modelled")
        if sym.is_phyrexian:  # {W/P} may be paid with 2 life (CR 107.4f): life is not a resource here
            raise Unsupported(f"paying {sym} (mana or 2 life, CR 107.4f) in the cost of a mana ability is not modelled "
                              f"for available_mana")
        opts = list(sym.options())
        units.append(tuple("|".join(o) for o in opts))
    results: set[tuple] = set()

    def go(i: int, avail: Counter, spent: Counter) -> None:
        if i == len(units):
            results.add(_pool(spent))
            return
        for choice in units[i]:
            reqs = choice.split("|")
            a2, s2 = Counter(avail), Counter(spent)
            ok = True
            pending_generic = 0
            for r in reqs:
                if r == "1":
                    pending_generic += 1
                elif a2.get((r, None), 0) > 0:
                    a2[(r, None)] -= 1
                    s2[(r, None)] += 1
                else:
                    ok = False
                    break
            if not ok:
                continue
            if pending_generic:
                kinds = [k for k, v in a2.items() if v > 0 and k[1] is None]
                for combo in itertools.combinations_with_replacement(sorted(kinds, key=lambda k: MANA_TYPES.index(k[0])), pending_generic):
                    cc = Counter(combo)
                    if all(a2[k] >= v for k, v in cc.items()):
                        go(i + 1, a2 - cc, s2 + cc)
            else:
                go(i + 1, a2, s2)

    go(0, Counter({k: v for k, v in pool.items() if k[1] is None}), Counter())
    return [Counter(dict(p)) for p in results]


class _Kinds:
    """The kinds of mana on the board, (type, restriction), in canonical order; pools are count vectors."""

    def __init__(self, kinds: Iterable[tuple[str, str | None]]):
        self.kinds = sorted(set(kinds), key=lambda k: (MANA_TYPES.index(k[0]), k[1] or ""))
        self.index = {k: i for i, k in enumerate(self.kinds)}
        self.tokens = [mana_token(t, r) for t, r in self.kinds]
        self.zero: Vec = (0,) * len(self.kinds)

    def vec(self, mana: Iterable[tuple[str, str | None]]) -> Vec:
        v = [0] * len(self.kinds)
        for k in mana:
            v[self.index[k]] += 1
        return tuple(v)

    def text(self, v: Vec) -> str:
        return "".join(tok * n for tok, n in zip(self.tokens, v))

    def counter(self, v: Vec) -> Counter:
        return Counter({k: n for k, n in zip(self.kinds, v) if n})


def _add(a: Vec, b: Vec) -> Vec:
    return tuple(x + y for x, y in zip(a, b))


def _maximal(pools: set[Vec], work: _Work | None = None) -> set[Vec]:
    """The pools that no other pool of the set contains strictly (a dominance filter).

    A pool can only be contained in one of greater total, so pools are bucketed by total; when every pool has
    the same total (the usual case without filters) nothing is compared. Otherwise the levels are walked from
    the largest total down, keeping the *shadow* of the kept pools: every vector one, two, ... mana below one of
    them. A pool is dominated exactly when it is in the shadow of its level (a chain of single-mana removals
    leads from any containing pool down to it), so each check is one set lookup. If the shadow grows beyond
    the budget, the remaining levels are compared pairwise.
    """
    if len(pools) < 2:
        return set(pools)
    work = work if work is not None else _Work()
    by_t: dict[int, list[Vec]] = {}
    for p in pools:
        by_t.setdefault(sum(p), []).append(p)
    if len(by_t) == 1:
        return set(pools)
    levels = sorted(by_t, reverse=True)
    kept: set[Vec] = set(by_t[levels[0]])
    frontier: set[Vec] = set(kept)
    t = levels[0] - 1
    shadow_work = 0
    dim = len(next(iter(pools)))
    while t >= levels[-1]:
        nxt: set[Vec] = set()
        for x in frontier:
            for i, v in enumerate(x):
                if v:
                    nxt.add(x[:i] + (v - 1,) + x[i + 1:])
        shadow_work += len(frontier) * dim
        work.spend(len(frontier) * dim, "the dominance filter")
        if len(nxt) > ENUMERATION_BUDGET or shadow_work > STEP_BUDGET:
            break
        here = [p for p in by_t.get(t, ()) if p not in nxt]
        kept.update(here)
        nxt.update(here)
        frontier = nxt
        t -= 1
    else:
        return kept
    # Pairwise for the levels left (t and below): compare with every kept pool of a greater total.
    higher = list(kept)
    for lv in [x for x in levels if x <= t]:
        here = []
        for p in by_t[lv]:
            work.spend(len(higher), f"the dominance filter over {len(pools):,} pools of {len(levels)} different totals")
            if not any(all(a >= b for a, b in zip(q, p)) for q in higher):
                here.append(p)
        kept.update(here)
        higher.extend(here)
    return kept


def _nfold(opts: list[Vec], n: int, zero: Vec, work: _Work) -> set[Vec]:
    """Every sum of ``n`` options (a multiset: the units are interchangeable), dominated sums dropped."""
    cur: set[Vec] = {zero}
    uniform = len({sum(o) for o in opts}) <= 1
    for _ in range(n):
        work.spend(len(cur) * len(opts), f"{n} interchangeable sources with {len(opts)} options each")
        cur = {_add(c, o) for c in cur for o in opts}
        if not uniform:
            cur = _maximal(cur, work)
        if len(cur) > ENUMERATION_BUDGET:
            raise _TooLarge(f"{n} interchangeable sources with {len(opts)} options each")
    return cur


_binom = binomial  # C(n, k), 0 outside 0 <= k <= n (solver.rules.combinatorics)


class _SingleManaCount:
    """Count (and list) the pools of sources that each add exactly one mana of a kind from a set, exactly.

    ``singles`` maps a set of kind indices S to the number n_S of such sources. Every source is activated and
    adds one mana, so a pool is a vector v with total N = sum n_S, and v is reachable exactly when the mana can
    be assigned to sources that can make it: by the max-flow min-cut theorem (Gale/Hall), for every set T of
    kinds, sum_{k in T} v_k <= cap(T) = sum of n_S over the sets S meeting T. All these pools have the same
    total, so all are maximal.

    Kinds that lie in exactly the same sets are interchangeable (a *class*): cap(T) only depends on which classes
    T meets, so only class totals are constrained and a class total x over m kinds splits in C(x+m-1, m-1) ways.
    The count is the sum over feasible class-total vectors of the product of those numbers; the last two classes
    are summed in O(1) from prefix sums, so the work is about N^(classes-2) — independent of how many kinds share
    a class.
    """

    def __init__(self, singles: dict[frozenset[int], int]):
        self.n = dict(singles)
        kinds = sorted(set().union(*singles)) if singles else []
        sig: dict[int, frozenset] = {k: frozenset(S for S in singles if k in S) for k in kinds}
        classes: dict[frozenset, list[int]] = {}
        for k in kinds:
            classes.setdefault(sig[k], []).append(k)
        self.classes = list(classes.values())
        self.N = sum(singles.values())
        C = len(self.classes)
        self.cap = [0] * (1 << C)
        cls_sets = [set(c) for c in self.classes]
        for mask in range(1 << C):
            ks = set().union(*(cls_sets[j] for j in range(C) if mask >> j & 1)) if mask else set()
            self.cap[mask] = sum(n for S, n in singles.items() if S & ks)
        # masks grouped by their highest class: checked when that class is fixed
        self.by_top: list[list[int]] = [[] for _ in range(C)]
        for mask in range(1, 1 << C):
            self.by_top[mask.bit_length() - 1].append(mask)
        self.visited = 0

    def _bounds(self, j: int, xs: list[int], rem: int) -> tuple[int, int]:
        """Necessary bounds for class j's total given classes < j: the masks whose top is j, and what the
        classes after j can absorb."""
        C = len(self.classes)
        hi = rem
        for mask in self.by_top[j]:
            s = sum(xs[i] for i in range(j) if mask >> i & 1)
            hi = min(hi, self.cap[mask] - s)
        after = ((1 << C) - 1) ^ ((1 << (j + 1)) - 1)
        lo = max(0, rem - self.cap[after]) if after else rem
        return lo, hi

    def _feasible(self, xs: list[int]) -> bool:
        return all(sum(xs[i] for i in range(len(xs)) if mask >> i & 1) <= self.cap[mask] for mask in range(1, len(self.cap)))

    def class_vectors(self):
        """Every feasible vector of class totals (lazily)."""
        C = len(self.classes)
        xs = [0] * C

        def go(j: int, rem: int):
            self.visited += 1
            if self.visited > COUNT_BUDGET:
                raise _TooLarge(f"counting pools over {C} classes of sources and {self.N} mana")
            if j == C - 1:
                xs[j] = rem
                lo, hi = self._bounds(j, xs, rem)
                if lo <= rem <= hi:
                    yield list(xs)
                return
            lo, hi = self._bounds(j, xs, rem)
            for x in range(lo, hi + 1):
                xs[j] = x
                yield from go(j + 1, rem - x)

        if C == 0:
            yield []
            return
        yield from go(0, self.N)

    def count(self) -> int:
        C = len(self.classes)
        if C == 0:
            return 1
        m = [len(c) for c in self.classes]
        if C == 1:
            return _binom(self.N + m[0] - 1, m[0] - 1)
        p, q = m[C - 2] - 1, m[C - 1] - 1
        bp = [_binom(a + p, p) for a in range(self.N + 1)]
        bq = [_binom(a + q, q) for a in range(self.N + 1)]
        prefix: dict[int, list[int]] = {}

        def pref(rem: int) -> list[int]:
            got = prefix.get(rem)
            if got is None:
                acc, got = 0, [0]
                for a in range(rem + 1):
                    acc += bp[a] * bq[rem - a]
                    got.append(acc)
                prefix[rem] = got
            return got

        xs = [0] * C
        a_bit, b_bit = 1 << (C - 2), 1 << (C - 1)

        def last_two(rem: int, weight: int) -> int:
            # x_{C-2} = a, x_{C-1} = rem - a; every mask with a top in the last two classes bounds a or rem.
            lo, hi = 0, rem
            for mask in self.by_top[C - 2] + self.by_top[C - 1]:
                s = sum(xs[i] for i in range(C - 2) if mask >> i & 1)
                c = self.cap[mask] - s
                if mask & a_bit and mask & b_bit:
                    if rem > c:
                        return 0
                elif mask & a_bit:
                    hi = min(hi, c)
                else:
                    lo = max(lo, rem - c)
            if lo > hi:
                return 0
            pr = pref(rem)
            return weight * (pr[hi + 1] - pr[lo])

        def go(j: int, rem: int, weight: int) -> int:
            _budget.tick(1, "counting pools of mana")
            self.visited += 1
            if self.visited > COUNT_BUDGET:
                raise _TooLarge(f"counting pools over {C} classes of sources and {self.N} mana")
            if j == C - 2:
                return last_two(rem, weight)
            lo, hi = self._bounds(j, xs, rem)
            total = 0
            for x in range(max(lo, 0), hi + 1):
                xs[j] = x
                total += go(j + 1, rem - x, weight * _binom(x + m[j] - 1, m[j] - 1))
            xs[j] = 0
            return total

        return go(0, self.N, 1)

    def vectors(self, nkinds: int):
        """Every reachable pool as a vector over ``nkinds`` kinds (lazily)."""

        def splits(total: int, ks: list[int]):
            if len(ks) == 1:
                yield ((ks[0], total),)
                return
            for x in range(total, -1, -1):
                for rest in splits(total - x, ks[1:]):
                    yield ((ks[0], x),) + rest

        def fill(xs: list[int], j: int, v: list[int]):
            if j == len(xs):
                _budget.tick(1, "listing pools of mana")
                yield tuple(v)
                return
            for part in splits(xs[j], self.classes[j]):
                for k, n in part:
                    v[k] += n
                yield from fill(xs, j + 1, v)
                for k, n in part:
                    v[k] -= n

        for xs in self.class_vectors():
            yield from fill(xs, 0, [0] * nkinds)


@dataclass
class PoolsResult:
    """The answer of ``maximal_pools``: the pools listed (canonical notation, sorted), how many maximal pools
    there are in all, and the explanation. ``capped`` when fewer are listed than exist."""

    pools: list[str]
    count: int
    why: list[str]
    method: str = ""

    @property
    def capped(self) -> bool:
        return len(self.pools) < self.count


#: Up to this many pools, the counted case lists every pool and sorts them (so the first ``limit`` in canonical
#: order are listed, as in the enumerated case); beyond it the listing is the first ``limit`` generated.
_SORT_ALL_UP_TO = 200_000


def _least_mana(cost: "Iterable") -> int:
    """The least mana that can pay ``cost``: generic {N} needs N, X 0, a Phyrexian symbol 0 (life, CR 107.4f),
    any other symbol (coloured, hybrid, monocoloured hybrid {2/W}: one {W}) 1 (CR 107.4)."""
    n = 0
    for sym in cost:
        if sym.is_variable or sym.is_phyrexian or not sym.is_mana:
            continue
        n += int(sym.text) if sym.is_generic else 1
    return n


def maximal_pools(state: GameState, player: str, limit: int | None = None, *,
                  _sources: "list[ManaSource] | None" = None) -> PoolsResult:
    """Every maximal mana pool ``player`` can produce now, exactly; at most ``limit`` listed, all counted.

    Every mana ability the player can activate now (``mana_sources``) is considered with every option
    (colour choices, replacement effects in every order, triggered mana). A permanent's {T}/{Q} abilities are
    alternatives of one unit (CR 107.5, 107.6). Sources without a mana cost are always activated (activating
    one only adds mana); abilities with a mana cost (filters) are tried in every order and with every way to pay
    them from the mana already made (CR 605.3a, 106.4). A pool is kept if no other reachable pool contains it
    strictly. Mana already in the pool (``state.pools``) is included.

    How (each step exact; see docs/mana.md):

    * identical units (same card, ability, options, costs) are collapsed into one kind with a count; a kind
      with one option adds a fixed amount;
    * when every other kind adds exactly one mana and there is no filter, the pools are counted by class
      totals (``_SingleManaCount``) and listed lazily — no pool is ever compared with another;
    * otherwise the pool set is built kind by kind (multiset sums, then sums of sets), dropping dominated pools
      as it goes (a dominated partial pool can never lead to a maximal one, since everything it allows is also
      allowed, with more mana, by the pool containing it), then filters are applied layer by layer (by the
      activations left), each layer reduced to its maximal pools;
    * past ``ENUMERATION_BUDGET`` pools, the count is computed when the board allows it, else ``Unsupported``.

    Raises
    ------
    Unsupported
        A source whose cost is not modelled here (sacrificing or tapping another permanent, discarding,
        unbounded activations), naming the card and the ability; or a board too large to enumerate that
        cannot be counted (the message says why).

    References: CR 106.4, 106.12, 605.3a, 616.1, 119.4.
    """
    board = ManaBoard(state)
    board.defer_cost_objects = True  # resolved per sacrificed object (sacrifice_pools.sacrifice_tap_variants)
    if _sources is None:
        sources = expand_sacrifices(state, player, mana_sources(state, player, board), board)
        sources, settled = settle_cost_parts(state, player, sources)  # discard, exile cards, {E}: against the state
        sources = expand_x_mana(state, player, sources, board)  # "{X}, {T}: Add X mana ...": one filter per X
        variants = tap_cost_variants(state, player, sources, board)  # "Tap an untapped ...": one run each
        header = None
        if variants is None:
            variants = sacrifice_tap_variants(state, player, sources, board)  # "{T}, Sacrifice a ...": one run each
            header = SACRIFICE_HEADER
        if variants is not None:
            got = merge_pools([(label, maximal_pools(state, player, None, _sources=v)) for label, v in variants], limit,
                              header)
            got.why[:0] = settled
            return got
        if settled:
            got = maximal_pools(state, player, limit, _sources=sources)
            got.why[:0] = settled
            return got
    else:
        sources = _sources

    lives = life_variants(state, player, sources)  # "Pay N life: Add ...": bounded by the life total (CR 119.4)
    if lives is not None:
        return merge_pools([(label, maximal_pools(state, player, None, _sources=v)) for label, v in lives], limit,
                           LIFE_HEADER)
    why: list[str] = []
    life_needed = 0
    # A permanent's {T} (or {Q}) can be paid once: its tap abilities are alternatives of one unit.
    units: dict[object, list[ManaSource]] = {}
    for s in sources:
        if s.deferred:  # an output read from a sacrificed object that no variant chose (an exile, other costs)
            raise Unsupported(s.deferred)
        for part in s.other_costs:
            if part.action == "pay_life":
                life_needed += part.amount * (s.limit or 1)
            elif part.action in ("put_counters", "exert") or \
                    (part.action in ("sacrifice", "return", "put_library") and part.what == "this") or \
                    (part.action == "remove_counters") or (part.action in ("exile", "reveal") and part.what == "this"):
                pass
            elif part.action == "discard_hand":
                # Lion's Eye Diamond: the hand's own mana abilities (Spirit Guides) are activated first, so
                # discarding the hand loses no mana; "activate only as an instant" is met with priority
                pass
            else:
                raise Unsupported(f"{s.why}: the cost \"{part.text or part.action}\" is not modelled for available_mana")
        if s.limit is None and not s.mana_cost:
            raise Unsupported(f"{s.why}: can be activated without limit; unbounded mana is not modelled")
        ukey = s.permanent if (s.tap or s.untap) else (s.permanent, s.ability_index)
        units.setdefault(ukey, []).append(s)
    free: dict[tuple, list[list[ManaSource]]] = {}
    filters: dict[tuple, list[list[ManaSource]]] = {}
    texts: dict[int, tuple[str, ...]] = {}  # options tuples shared by collapsed permanents: formatted once

    def _texts(opts: tuple[ManaOption, ...]) -> tuple[str, ...]:
        got = texts.get(id(opts))
        if got is None:
            got = texts[id(opts)] = tuple(str(o) for o in opts)
        return got

    for alts in units.values():
        key = tuple((s.name, s.ability_index, _texts(s.options), str(s.mana_cost or ""),
                     tuple(p.text for p in s.other_costs), s.limit) for s in alts)
        is_filter = any(s.mana_cost and len(s.mana_cost) for s in alts)
        (filters if is_filter else free).setdefault(key, []).append(alts)
    if life_needed > 0 and life_needed > state.life_of(player):
        raise Unsupported(f"choosing which life-paying mana abilities to use ({life_needed} life in all, "
                          f"{state.life_of(player)} available) is not modelled")
    start = Counter()
    for m, n in state.pools.get(player, None).counts.items() if state.pools.get(player) else []:
        start[(m.type, m.restriction)] += n
    K = _Kinds(list(start) + [(m.type, m.restriction) for s in sources for o in s.options for m in o.mana])
    fixed = K.vec(start.elements())
    singles: dict[frozenset[int], int] = {}
    others: list[tuple[list[Vec], int]] = []
    for key, group in free.items():
        alts = group[0]
        lim = min((s.limit or 1) for s in alts)
        per = len(group) * lim
        seen_o: dict[str, Vec] = {}
        for s in alts:
            for o in s.options:
                seen_o.setdefault(str(o), K.vec((m.type, m.restriction) for m in o.mana))
        opts = list(dict.fromkeys(seen_o.values()))
        desc = f"{len(group)} × " if len(group) > 1 else ""
        line = f"{desc}" + " or ".join(s.why for s in alts) + (f" (×{lim} activations)" if lim > 1 else "")
        if not opts:
            why.append(f"{line}: would produce no mana now (CR 106.5, 106.7)")
            continue
        if len(opts) == 1:
            fixed = _add(fixed, tuple(x * per for x in opts[0]))
        elif all(sum(o) == 1 for o in opts):
            S = frozenset(o.index(1) for o in opts)
            singles[S] = singles.get(S, 0) + per
        else:
            others.append((opts, per))
        notes = sorted({o.note for s in alts for o in s.options if o.note})
        why.append(f"{line}: {', '.join(seen_o)}" + (f" [{'; '.join(notes)}]" if notes else ""))
    if len(free) < sum(len(g) for g in free.values()):
        why.append("identical sources (same card, ability, options and costs) are collapsed: only how many of them "
                   "make each option matters, so the enumeration is over multisets, which is exact")
    if any(len(alts) > 1 for alts in units.values()):
        why.append("a permanent with several mana abilities that tap or untap it uses only one of them (CR 107.5, 107.6)")
    # An upper bound on all the mana that can be made (the pool, every free source's largest option, every
    # limited filter's largest output): a filter costing more can never be activated, so it is left out rather
    # than tried with every payment (Mox Lotus's {100} on a few lands). Filters without a limit that make more
    # than they cost are refused below; the others never raise the total.
    def _most(alts: list[ManaSource]) -> int:
        return max((len(o.mana) for src in alts for o in src.options), default=0)

    bound = sum(start.values())
    for g in free.values():
        bound += len(g) * min((src.limit or 1) for src in g[0]) * _most(g[0])
    for g in filters.values():
        lims = [src.limit for src in g[0] if src.limit is not None]
        if len(lims) == len(g[0]):
            bound += len(g) * min(lims) * _most(g[0])
    for key in list(filters):
        alts = filters[key][0]
        if all(s.mana_cost is not None and _least_mana(s.mana_cost) > bound for s in alts):
            why.append(" or ".join(s.why for s in alts) + f": costs more ({', '.join(str(s.mana_cost) for s in alts)}) than "
                       f"the {bound} mana that can be made at most, so it cannot be activated (CR 601.2h, 602.2b)")
            del filters[key]
    flist: list[tuple[list[ManaSource], int | None]] = []
    for key, group in filters.items():
        alts = group[0]
        lims = [s.limit for s in alts]
        n = None if any(x is None for x in lims) else len(group) * min(lims)
        for s in alts:
            phy = [str(sym) for sym in s.mana_cost or () if sym.is_phyrexian]
            if phy:
                raise Unsupported(f"{s.why}: its cost {s.mana_cost} can be paid with life instead of mana ({', '.join(phy)}, "
                                  f"CR 107.4f); choosing between life and mana is not modelled for available_mana")
            if s.limit is None:
                out_max = max((len(o.mana) for o in s.options), default=0)
                if out_max > _least_mana(s.mana_cost or ()):  # {2} is one symbol but two mana (CR 107.4b)
                    raise Unsupported(f"{s.why}: can be activated without limit and makes more mana than it costs")
        flist.append((alts, n))
        why.append(("filter " if len(alts) == 1 else "") + " or ".join(
            s.why + (f" (costs {s.mana_cost}, paid from other mana)" if s.mana_cost else "") for s in alts) +
            (f" ×{len(group)}" if len(group) > 1 else "") + ": tried in every order and with every payment")
    if not sources:
        why.append(f"{player} controls no mana ability that can be activated now")

    if not flist and not others:
        res = _counted(K, fixed, singles, limit, why)
    else:
        try:
            res = _enumerated(K, fixed, singles, others, flist, limit, why, _Work())
        except _TooLarge as e:
            if flist:
                raise Unsupported(f"available_mana for {player}: exact enumeration of the pools with "
                                  f"{sum(len(g) for g in filters.values())} filter source(s) exceeds the budget "
                                  f"({e}); the count is not computed either (filters change the totals)") from None
            raise Unsupported(f"available_mana for {player}: exact enumeration exceeds the budget ({e}); sources that "
                              f"add several mana in one option cannot be counted without listing yet") from None
    return res


def _counted(K: _Kinds, fixed: Vec, singles: dict[frozenset[int], int], limit: int | None, why: list[str]) -> PoolsResult:
    counter = _SingleManaCount(singles)
    try:
        count = counter.count()
    except _TooLarge as e:
        raise Unsupported(f"available_mana: too many pools to count exactly within the budget ({e})") from None
    gen = (_add(fixed, v) for v in counter.vectors(len(K.kinds)))
    if count <= _SORT_ALL_UP_TO or limit is None:
        pools = sorted(K.text(v) for v in gen)
        if limit is not None:
            pools = pools[:limit]
        order = "in canonical order"
    else:
        pools = sorted(K.text(v) for v in itertools.islice(gen, limit))
        order = "the first ones generated (largest totals of the first classes first), sorted"
    why.append(f"every source adds one mana (or a fixed amount), so every pool has the same total and none contains "
               f"another: all {count:,} reachable pools are maximal")
    if len(counter.classes) > 0:
        why.append(f"counted, not compared: {len(counter.classes)} class(es) of interchangeable kinds of mana; a pool is "
                   f"reachable exactly when, for every set of kinds, no more of that mana is asked for than the sources "
                   f"able to make some of it can give (Hall's condition)")
    if count > len(pools):
        why.append(f"{len(pools)} of {count:,} pools listed ({order})")
    why.append(f"{count:,} maximal pool(s): no other reachable pool contains one of them strictly")
    return PoolsResult(pools, count, why, "counted")


def _enumerated(K: _Kinds, fixed: Vec, singles: dict[frozenset[int], int], others: list[tuple[list[Vec], int]],
                flist: list[tuple[list[ManaSource], int | None]], limit: int | None, why: list[str],
                work: _Work) -> PoolsResult:
    n = len(K.kinds)
    if singles:  # fail fast: the one-mana sources alone already make this many pools
        pre = _SingleManaCount(singles)
        try:
            c = pre.count()
        except _TooLarge:
            c = None
        if c is None or c > ENUMERATION_BUDGET:
            raise _TooLarge(f"the one-mana sources alone make {'more than ' + format(COUNT_BUDGET, ',') + ' class vectors' if c is None else format(c, ',') + ' pools'}")
    kinds_list = [([tuple(1 if i == k else 0 for i in range(n)) for k in sorted(S)], c) for S, c in singles.items()]
    kinds_list += others
    pools: set[Vec] = {fixed}
    uniform = True
    for opts, per in sorted(kinds_list, key=lambda oc: len(oc[0])):
        sums = _nfold(opts, per, K.zero, work)
        work.spend(len(pools) * len(sums), f"{len(pools):,} × {len(sums):,} partial pools")
        uniform = uniform and len({sum(o) for o in opts}) <= 1
        pools = {_add(p, q) for p in pools for q in sums}
        if not uniform:
            pools = _maximal(pools, work)
        if len(pools) > ENUMERATION_BUDGET:
            raise _TooLarge(f"more than {ENUMERATION_BUDGET:,} partial pools")
    reached: set[Vec] = set(pools)
    fast: set[Vec] | None = None
    if flist:
        unres = [i for i, k in enumerate(K.kinds) if k[1] is None]
        pay_memo: dict[tuple, list[Vec]] = {}
        fopts: list[list[tuple[ManaSource, list[Vec]]]] = [
            [(s, list(dict.fromkeys(K.vec((m.type, m.restriction) for m in o.mana) for o in s.options))) for s in alts]
            for alts, _ in flist]

        def payments(p: Vec, cost: ManaCost) -> list[Vec]:
            size = cost.mana_value()  # the most mana one payment takes: {2} is two (CR 107.4b, 202.3)
            key = (str(cost), tuple(min(p[i], size) for i in unres))
            got = pay_memo.get(key)
            if got is None:
                got = pay_memo[key] = [K.vec(c.elements()) for c in _payments(K.counter(p), cost)]
            return got

        def results(p: Vec, i: int) -> set[Vec]:
            out: set[Vec] = set()
            for s, ovs in fopts[i]:
                pays = payments(p, s.mana_cost) if s.mana_cost and len(s.mana_cost) else [K.zero]
                for spent in pays:
                    after = tuple(a - b for a, b in zip(p, spent))
                    for o in ovs:
                        out.add(_add(after, o))
            return out

        fast = _order_free_filters(K, pools, flist, fopts, payments, work)
        left0 = tuple(x if x is not None else -1 for _, x in flist)
        pending: dict[tuple, set[Vec]] = {} if fast is not None else {left0: pools}
        if fast is not None:
            reached = fast
            why.append("the mana made before any filter can pay every filter's input at once, in every combination, "
                       "so the order of activations does not matter: the pools are the start pools plus every "
                       "combination of the filters' effects (output minus input), identical filters collapsed")
        while pending:
            left = max(pending, key=lambda lv: (sum(x for x in lv if x > 0), lv))
            layer = pending.pop(left)
            unlimited = [i for i, x in enumerate(left) if x == -1]
            if unlimited:  # closure under filters that can be activated again and again (never net mana)
                stack, seen = list(layer), set(layer)
                while stack:
                    p = stack.pop()
                    for i in unlimited:
                        for r in results(p, i):
                            if r not in seen:
                                seen.add(r)
                                stack.append(r)
                    work.spend(len(unlimited), "repeatable filters")
                    if len(seen) > ENUMERATION_BUDGET:
                        raise _TooLarge(f"more than {ENUMERATION_BUDGET:,} pools from repeatable filters")
                layer = seen
            layer = _maximal(layer, work)
            reached |= layer
            for i, x in enumerate(left):
                if x <= 0:
                    continue
                nl = left[:i] + (x - 1,) + left[i + 1:]
                tgt = pending.setdefault(nl, set())
                for p in layer:
                    got = results(p, i)
                    tgt |= got
                    work.spend(1 + len(got), "filter activations")
                    if len(tgt) > ENUMERATION_BUDGET:
                        raise _TooLarge(f"more than {ENUMERATION_BUDGET:,} pools after filter activations")
            if len(reached) > ENUMERATION_BUDGET:
                raise _TooLarge(f"more than {ENUMERATION_BUDGET:,} reachable pools")
    # the order-free combination drops contained pools as it goes (one total per step: none is contained)
    maximal = reached if flist and fast is not None else _maximal(reached, work)
    out = sorted(K.text(v) for v in maximal)
    listed = out if limit is None else out[:limit]
    if len(out) > len(listed):
        why.append(f"{len(listed)} of {len(out):,} pools listed (in canonical order)")
    why.append(f"{len(out):,} maximal pool(s): no other reachable pool contains one of them strictly")
    return PoolsResult(listed, len(out), why, "enumerated")


def _maximal_deltas(deltas: set[Vec]) -> list[Vec]:
    """The elements of ``deltas`` that no other element contains (componentwise >=). A vector can be contained only
    in one of a strictly larger total, so the vectors are taken by decreasing total and each is compared with the
    kept ones of larger totals: linear when every total is the same (filters that net the same mana either way)."""
    by_total: dict[int, list[Vec]] = {}
    for d in deltas:
        by_total.setdefault(sum(d), []).append(d)
    kept: list[Vec] = []
    for total in sorted(by_total, reverse=True):
        larger = list(kept)
        for d in by_total[total]:
            if not any(all(x >= y for x, y in zip(e, d)) for e in larger):
                kept.append(d)
    return kept


def _order_free_filters(K: _Kinds, pools: set[Vec], flist: list[tuple[list[ManaSource], int | None]],
                        fopts: list[list[tuple[ManaSource, list[Vec]]]], payments, work: _Work) -> set[Vec] | None:
    """Every pool reachable with the filters when their order cannot matter, or ``None`` when it could.

    Parameters
    ----------
    K : the mana kinds; pools : the pools made before any filter (free sources, pool mana).
    flist : the filter units (alternatives of one unit, number of activations); ``None`` activations
        (repeatable without limit) give ``None``.
    fopts : per filter unit, each alternative with its distinct outputs; payments : ``payments(pool, cost)``,
        every way to pay a cost from a pool (``_payments``).

    Returns
    -------
    set of Vec (the reachable pools, not yet reduced to the maximal ones), or None.

    Exactness. Let ``need[k]`` be, over every activation the filters allow, the most mana of kind ``k`` their
    inputs can take (per unit: the largest amount of ``k`` in any payment of any of its costs, times its
    activations). If every start pool holds at least ``need[k]`` of every kind, then every combination of
    activations and payments can be paid from the start pool alone, before any output is spent, in any order
    (CR 605.3a, 106.4); and whatever the order, a pool reached is the start pool plus the sum of each
    activation's output minus its payment. So the reachable pools are exactly the start pools plus every
    multiset of per-activation effects (identical units interchangeable, "not activated" included). An effect
    contained in another effect of the same unit, and a partial sum contained in another, are dropped as it
    goes: every completion of it is contained in the same completion of the other (all completions are
    payable). Filter lands ({T}: {C}, or {R/G}, {T}: two mana) net one mana either way, so every partial sum
    has one total and none is compared.
    """
    if any(n is None for _, n in flist):
        return None
    # the most mana one payment of a cost takes (its mana value: {2} is one symbol but two mana, {2/W} at most two;
    # CR 107.4b, 202.3), not its number of symbols
    biggest = max((s.mana_cost.mana_value() for alts, _ in flist for s in alts if s.mana_cost), default=0)
    rich = tuple(biggest for _ in K.kinds)
    need = [0] * len(K.kinds)
    effects: list[tuple[list[Vec], int]] = []
    for (alts, n), opts in zip(flist, fopts):
        most = [0] * len(K.kinds)
        deltas: set[Vec] = {K.zero}
        for s, outs in opts:
            pays = payments(rich, s.mana_cost) if s.mana_cost and len(s.mana_cost) else [K.zero]
            for spent in pays:
                for i, x in enumerate(spent):
                    most[i] = max(most[i], x)
                for o in outs:
                    deltas.add(tuple(a - b for a, b in zip(o, spent)))
        for i in range(len(need)):
            need[i] += most[i] * (n or 0)
        # an effect contained in another effect of the same unit is never better (both are always payable); only an
        # effect of a larger total can contain another (equal totals: only itself), so each is compared with those
        kept = _maximal_deltas(deltas)
        effects.append((sorted(kept), n or 0))
    if any(any(p[i] < need[i] for i in range(len(need))) for p in pools):
        return None
    cur = set(pools)
    same_total = len({sum(p) for p in pools}) <= 1 and all(len({sum(d) for d in ds}) <= 1 for ds, _ in effects)
    if same_total:
        # one total per step, so no pool can contain another: plain Minkowski sums, on pools encoded as
        # integers (digit i = mana of kind i; every digit stays in [0, base) because every payment is
        # covered by the start pool), which makes each addition one integer addition
        base = 1 + max(sum(p) for p in pools) + sum(n * max(sum(x for x in d if x > 0) for d in ds) for ds, n in effects)
        dim = len(K.kinds)

        def enc(v: Vec) -> int:
            return sum(x * base ** i for i, x in enumerate(v))

        ints = {enc(p) for p in pools}
        for effs, n in effects:
            ds = [enc(d) for d in effs]
            for _ in range(n):
                work.spend(len(ints) * len(ds), "filter effects")
                ints = {p + d for p in ints for d in ds}
                if len(ints) > ENUMERATION_BUDGET:
                    raise _TooLarge(f"more than {ENUMERATION_BUDGET:,} pools after filter activations")
        out: set[Vec] = set()
        for x in ints:
            digits = []
            for _ in range(dim):
                x, r = divmod(x, base)
                digits.append(r)
            out.add(tuple(digits))
        return out
    for effs, n in effects:
        for _ in range(n):
            work.spend(len(cur) * len(effs), "filter effects")
            cur = _maximal({tuple(map(operator.add, p, d)) for p in cur for d in effs}, work)
            if len(cur) > ENUMERATION_BUDGET:
                raise _TooLarge(f"more than {ENUMERATION_BUDGET:,} pools after filter activations")
    return _maximal(cur, work)


def available_mana(state: GameState, player: str, limit: int | None = None) -> tuple[list[str], list[str]]:
    """Every maximal mana pool ``player`` can produce now (all of them unless ``limit``), in canonical notation,
    and the explanation. See ``maximal_pools`` (which also gives the count when the listing is cut)."""
    res = maximal_pools(state, player, limit)
    return res.pools, res.why


def merge_pools(results: list[tuple[str, Any]], limit: int | None, header: str | None = None) -> PoolsResult:
    """The maximal pools of the union of several ``PoolsResult`` (one per variant), in canonical order; ``header``
    the first explanation line (default: the "Tap an untapped ..." one)."""

    def tokens(p: str) -> Counter:
        return Counter("{" + t for t in p.split("{") if t)

    allp = sorted({p for _, r in results for p in r.pools})
    cs = {p: tokens(p) for p in allp}
    keep = [p for p in allp if not any(q != p and sum(cs[q].values()) > sum(cs[p].values())
                                       and all(cs[q][k] >= n for k, n in cs[p].items()) for q in allp)]
    why = [header.format(n=len(results)) if header else
           "“Tap an untapped ...” costs: every assignment of untapped permanents to them was tried "
           f"({len(results)} variant(s); a permanent tapped for such a cost can't tap for its own mana, CR 118.3; "
           "summoning sickness doesn't stop it, CR 302.6)"]
    for label, r in results[:6]:
        why.append(f"  {label}: {r.count:,} maximal pool(s)")
    listed = keep if limit is None else keep[:limit]
    if len(listed) < len(keep):
        why.append(f"{len(listed)} of {len(keep):,} pools listed (in canonical order)")
    why.append(f"{len(keep):,} maximal pool(s): no other reachable pool contains one of them strictly")
    return PoolsResult(listed, len(keep), why, "variants")
