"""Exact combinatorics on multisets of card names, shared by the solver modules.

Cards with the same name are interchangeable for every question that uses these helpers, so a
hand, graveyard or library is a multiset of names; choices that differ only by swapping two
copies of a name are one choice. Everything here is pure and exact (Python integers); the
property tests in ``tests/test_combinatorics.py`` check each count and listing against brute force
with ``itertools``.

- ``binomial(n, k)``: ``C(n, k)``, 0 outside ``0 <= k <= n``.
- ``multinomial(counts)``: how many distinct orderings a multiset has.
- ``distinct_orders(items, length)``: those orderings (or the distinct sequences of ``length`` items).
- ``count_multisets(counts, sizes)`` / ``iter_multisets(kinds, size)``: sub-multisets of given sizes.
- ``count_sub_multisets(items)`` / ``sub_multisets(items)``: every sub-multiset, of any size.

Used by ``solver.questions.resolution`` (scry, Hypergenesis, trigger order), ``solver.questions.delve`` (exile choices)
and ``solver.rules.mana.sources`` (interchangeable mana sources), which re-export their former names.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Iterable, Iterator, Sequence

from mtgcheck.solver.rules.budget import tick


def binomial(n: int, k: int) -> int:
    """``C(n, k)``, and 0 when ``k < 0`` or ``k > n`` (``math.comb`` with the empty cases)."""
    return math.comb(n, k) if 0 <= k <= n else 0


def multinomial(counts: Iterable[int]) -> int:
    """Number of distinct orderings of a multiset with these multiplicities: ``(sum c)! / prod(c!)``.

    Parameters
    ----------
    counts : iterable of int (each >= 0)

    Returns
    -------
    int
    """
    cs = [c for c in counts if c]
    out = math.factorial(sum(cs))
    for c in cs:
        out //= math.factorial(c)
    return out


def distinct_orders(items: Iterable[str], length: int | None = None) -> Iterator[tuple[str, ...]]:
    """Every distinct sequence of ``length`` names drawn from a multiset (default: all of it), lazily.

    Cards with the same name are interchangeable, so sequences that differ only by swapping them are
    one sequence. Names are ranked by first appearance in ``items``; sequences come in that
    lexicographic order. With ``length`` None there are ``multinomial`` of the multiplicities.
    """
    items = list(items)
    counts = Counter(items)
    names = list(counts)
    n = len(items) if length is None else length
    return _orders(names, counts, n)


def _orders(names: list[str], counts: Counter, n: int) -> Iterator[tuple[str, ...]]:
    """Depth-first over choices with an explicit stack (no recursion: a library of 10,000 cards is fine)."""
    cur: list[str] = []
    stack = [0]  # per depth: the index of the next name to try
    k = len(names)
    while stack:
        if len(cur) == n:
            tick(1, "ordering cards")
            yield tuple(cur)
            stack.pop()
            if cur:
                counts[cur.pop()] += 1
            continue
        i = stack[-1]
        while i < k and not counts[names[i]]:
            i += 1
        if i == k:
            stack.pop()
            if cur:
                counts[cur.pop()] += 1
            continue
        stack[-1] = i + 1
        counts[names[i]] -= 1
        cur.append(names[i])
        stack.append(0)


def count_multisets(counts: Sequence[int], sizes: Iterable[int]) -> int:
    """How many distinct multisets of exactly ``k`` cards, for ``k`` in ``sizes``, can be drawn.

    Coefficients of prod_i (1 + t + ... + t^{c_i}), computed by polynomial multiplication with a
    sliding window: O(n * K) for ``n`` kinds and largest size ``K``.

    Parameters
    ----------
    counts : sequence of int  multiplicity of each kind of card (cards with one name).
    sizes : iterable of int  the numbers of cards to draw (negative sizes and repeats are ignored).

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


def iter_multisets(kinds: Iterable[tuple[str, int]], size: int) -> Iterator[tuple[str, ...]]:
    """Every distinct multiset of ``size`` names drawn from ``kinds`` (name, count; one pair per name),
    each as a sorted tuple.

    Yields in lexicographic order of the sorted tuples; no duplicates.
    """
    ordered = sorted(kinds)
    n = len(ordered)
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = suffix[i + 1] + ordered[i][1]
    if size == 0:
        yield ()
        return
    if n == 0 or suffix[0] < size:
        return
    takes = [0] * n
    # explicit stack of [kind index, cards left to choose, next count to try]: more copies of an earlier
    # name first, so the sorted tuples come in lexicographic order (no recursion: any number of kinds)
    stack = [[0, size, min(ordered[0][1], size)]]
    while stack:
        fr = stack[-1]
        i, left, t = fr
        if t < 0:
            stack.pop()
            continue
        fr[2] = t - 1
        takes[i] = t
        rest = left - t
        if rest == 0:
            tick(1, "listing multisets of cards")
            yield tuple(name for j in range(i + 1) for name in (ordered[j][0],) * takes[j])
            continue
        j = i + 1
        if j < n and suffix[j] >= rest:
            stack.append([j, rest, min(ordered[j][1], rest)])


def sub_multisets(items: Iterable[str]) -> Iterator[tuple[str, ...]]:
    """Every sub-multiset of a multiset of names (sorted tuples), smallest first, lazily.

    Within a size, in lexicographic order. There are ``count_sub_multisets(items)`` of them.
    """
    counts = Counter(items)
    kinds = sorted(counts.items())
    for size in range(sum(counts.values()) + 1):
        yield from iter_multisets(kinds, size)


def count_sub_multisets(items: Iterable[str]) -> int:
    """``prod(c + 1)`` over the multiplicities: how many sub-multisets a multiset has (every size)."""
    out = 1
    for c in Counter(items).values():
        out *= c + 1
    return out
