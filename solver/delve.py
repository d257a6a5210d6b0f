"""Exact combinatorics of delve choices: which cards, which keywords, which counts.

Everything here is pure: it takes the graveyard as *kinds* of cards (cards with the same name
are interchangeable: exiling one or the other changes nothing about the payment, the keywords
they give or whether they count) with a multiplicity each, and the numbers ``k`` of cards
that may be exiled while casting, and answers without listing every subset.

Why a range of sizes is enough
------------------------------
Delve pays generic mana only, one card each (CR 702.66a), so whether the spell can be cast
after exiling ``k`` cards depends on ``k`` alone, not on which cards. And castability is
monotone in ``k`` up to the delve limit: a payment of the remaining cost with ``g`` generic
mana, minus any one unit paid toward generic, is a payment of the cost with ``g - 1`` generic
(unspent mana stays in the pool; an untapped creature may simply not convoke). So the sizes
with which the spell can be cast form one interval ``[k_min, k_max]``, where ``k_max`` is the
smaller of the delve limit and the graveyard size (when the spell can be cast at all).

References: CR 702.66a-b (delve, total cost), Soulflayer rulings 2014-11-24, Murktide Regent
rulings 2021-06-18.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence


@dataclass(frozen=True)
class CardKind:
    """Interchangeable graveyard cards: one name, ``count`` copies.

    ``keywords`` is what one such card gives a Soulflayer-style grant (may be empty), ``counts``
    whether it counts for a Murktide-style ability.
    """

    name: str
    count: int
    keywords: frozenset[str] = frozenset()
    counts: bool = False


def count_multisets(counts: Sequence[int], sizes: Iterable[int]) -> int:
    """How many distinct multisets of exactly ``k`` cards, for ``k`` in ``sizes``, can be drawn.

    Coefficients of prod_i (1 + t + ... + t^{c_i}), computed by polynomial multiplication with a
    sliding window: O(n * K) for ``n`` kinds and largest size ``K``.

    Parameters
    ----------
    counts : sequence of int  multiplicity of each kind of card (cards with one name).
    sizes : iterable of int  the numbers of cards to exile.

    Returns
    -------
    int  total number of distinct multisets over all the sizes.
    """
    sizes = sorted({s for s in sizes if s >= 0})
    if not sizes:
        return 0
    top = sizes[-1]
    poly = [1] + [0] * top
    for c in counts:
        if c <= 0:
            continue
        new = [0] * (top + 1)
        window = 0
        for j in range(top + 1):
            window += poly[j]
            if j - c - 1 >= 0:
                window -= poly[j - c - 1]
            new[j] = window
        poly = new
    return sum(poly[s] for s in sizes)


def iter_multisets(kinds: Sequence[tuple[str, int]], size: int) -> Iterator[tuple[str, ...]]:
    """Every distinct multiset of ``size`` names drawn from ``kinds`` (name, count), each as a sorted tuple.

    Yields in lexicographic order of the sorted tuples; no duplicates.
    """
    ordered = sorted(kinds)
    n = len(ordered)
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = suffix[i + 1] + ordered[i][1]
    chosen: list[str] = []

    def rec(i: int, left: int) -> Iterator[tuple[str, ...]]:
        if left == 0:
            yield tuple(chosen)
            return
        if i >= n or suffix[i] < left:
            return
        name, c = ordered[i]
        for take in range(min(c, left), -1, -1):  # more copies of an earlier name first: lexicographic
            chosen.extend([name] * take)
            yield from rec(i + 1, left - take)
            del chosen[len(chosen) - take:]

    yield from rec(0, size)


def attainable_keyword_sets(kinds: Sequence[CardKind], k_min: int, k_max: int) -> list[frozenset[str]]:
    """Every set of keywords a Soulflayer-style grant can end with, exiling ``k_min..k_max`` cards.

    A set ``S`` is attainable iff some choice of ``k`` cards (``k_min <= k <= k_max``) has keyword
    union exactly ``S``. Only cards whose keywords are a subset of ``S`` can be in such a choice
    (call their number ``compat(S)``); any superset of a covering choice among them still has union
    ``S``. So the achievable sizes for ``S`` are exactly ``[cover(S), compat(S)]``, where
    ``cover(S)`` is the fewest cards whose union is ``S`` — and ``S`` is attainable iff that
    interval meets ``[k_min, k_max]``. ``cover`` is computed exactly for every reachable union by
    a breadth-first search over unions of the distinct keyword sets (bitmasks).

    Parameters
    ----------
    kinds : sequence of CardKind
    k_min, k_max : int  the sizes with which the spell can be cast (``k_min > k_max``: none).

    Returns
    -------
    list of frozenset of str (the empty set included when attainable), sorted by size then names.
    """
    if k_min > k_max or k_max < 0:
        return []
    vocab = sorted({k for c in kinds for k in c.keywords})
    bit = {k: 1 << i for i, k in enumerate(vocab)}

    def mask(ks: Iterable[str]) -> int:
        m = 0
        for k in ks:
            m |= bit[k]
        return m

    per_mask: dict[int, int] = {}
    for c in kinds:
        if c.count > 0:
            m = mask(c.keywords)
            per_mask[m] = per_mask.get(m, 0) + c.count
    distinct = [m for m in per_mask if m]
    # cover[u]: fewest cards whose union is u (each distinct mask used at most once suffices)
    cover: dict[int, int] = {0: 0}
    frontier = [0]
    depth = 0
    while frontier:
        depth += 1
        nxt = []
        for u in frontier:
            for m in distinct:
                v = u | m
                if v not in cover:
                    cover[v] = depth
                    nxt.append(v)
        frontier = nxt
    out: list[frozenset[str]] = []
    items = sorted(per_mask.items())
    for u, need in cover.items():
        if need > k_max:
            continue
        compat = sum(n for m, n in items if m & ~u == 0)
        lo, hi = max(need, k_min), min(compat, k_max)
        if lo <= hi:
            out.append(frozenset(k for k in vocab if bit[k] & u))
    return sorted(out, key=lambda s: (len(s), sorted(s)))


def attainable_counts(kinds: Sequence[CardKind], k_min: int, k_max: int) -> list[int]:
    """Every number of counting cards (``CardKind.counts``) among ``k`` exiled cards, ``k_min <= k <= k_max``.

    With ``a`` counting and ``b`` other cards, ``j`` counting cards can be among ``k`` exiled iff
    ``max(0, k - b) <= j <= min(a, k)``.

    Returns
    -------
    sorted list of int (empty when no size is possible).
    """
    a = sum(c.count for c in kinds if c.counts)
    b = sum(c.count for c in kinds if not c.counts)
    got: set[int] = set()
    for k in range(max(k_min, 0), min(k_max, a + b) + 1):
        got.update(range(max(0, k - b), min(a, k) + 1))
    return sorted(got)


def feasible_interval(limit: int, available: int, castable) -> tuple[int, int] | None:
    """The sizes ``k`` (cards exiled) with which the spell can be cast, as ``(k_min, k_max)``, or None.

    ``castable(k)`` says whether the rest of the total cost can be paid after ``k`` generic mana is
    paid by delve. By the monotonicity shown in the module docstring it is enough to test
    ``k_max = min(limit, available)`` and then binary-search the smallest castable ``k``.

    Parameters
    ----------
    limit : int  the delve limit: generic mana in the total cost (CR 702.66a).
    available : int  cards that can be exiled (the graveyard, minus the spell itself when cast from there).
    castable : callable int -> bool

    Returns
    -------
    (k_min, k_max) or None when the spell cannot be cast even exiling the most cards.
    """
    k_max = max(0, min(limit, available))
    if not castable(k_max):
        return None
    lo, hi = 0, k_max
    while lo < hi:
        mid = (lo + hi) // 2
        if castable(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo, k_max
