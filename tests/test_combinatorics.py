"""solver.rules.combinatorics against brute force with itertools.

Cards with the same name are interchangeable (they have the same characteristics), so choices are
counted over multisets of names: distinct orders of a library or of triggers (CR 701.22a scry,
CR 603.3b trigger order), sub-multisets of a graveyard exiled to delve (CR 702.66a).
"""
import itertools
import math
from collections import Counter

import pytest

from mtgcheck.solver.rules.combinatorics import (binomial, count_multisets, count_sub_multisets, distinct_orders, iter_multisets,
                                  multinomial, sub_multisets)

MULTISETS = [(), ("a",), ("a", "a"), ("a", "b"), ("b", "a", "b"), ("a", "b", "a", "c", "a"),
             ("x", "y", "z", "w"), ("c", "c", "b", "b", "a", "a")]


def _sub_multisets_brute(items):
    return {tuple(sorted(c)) for k in range(len(items) + 1) for c in itertools.combinations(items, k)}


@pytest.mark.parametrize("n", range(0, 7))
def test_binomial_matches_counting_subsets(n):
    for k in range(-2, n + 3):
        brute = sum(1 for _ in itertools.combinations(range(n), k)) if k >= 0 else 0
        assert binomial(n, k) == brute


@pytest.mark.parametrize("items", MULTISETS)
def test_distinct_orders_cr_701_22a(items):
    brute = set(itertools.permutations(items))
    listed = list(distinct_orders(items))
    assert len(listed) == len(set(listed)) == len(brute) == multinomial(Counter(items).values())
    assert set(listed) == brute


@pytest.mark.parametrize("items", MULTISETS)
def test_distinct_orders_of_a_given_length(items):
    for length in range(len(items) + 1):
        brute = set(itertools.permutations(items, length))
        listed = list(distinct_orders(items, length))
        assert len(listed) == len(set(listed)) and set(listed) == brute


def test_distinct_orders_rank_names_by_first_appearance():
    assert list(distinct_orders(["b", "a", "b"])) == [("b", "b", "a"), ("b", "a", "b"), ("a", "b", "b")]


def test_multinomial():
    assert multinomial([2, 1]) == 3
    assert multinomial([]) == 1
    assert multinomial([0, 3, 0]) == 1
    assert multinomial([2, 2, 2]) == math.factorial(6) // 8


@pytest.mark.parametrize("items", MULTISETS)
def test_sub_multisets_cr_702_66a(items):
    brute = _sub_multisets_brute(items)
    listed = list(sub_multisets(items))
    assert len(listed) == len(set(listed)) == len(brute) == count_sub_multisets(items)
    assert set(listed) == brute
    assert [len(m) for m in listed] == sorted(len(m) for m in listed)  # smallest first


@pytest.mark.parametrize("items", MULTISETS)
def test_multisets_of_given_sizes(items):
    kinds = list(Counter(items).items())
    counts = [c for _, c in kinds]
    brute = _sub_multisets_brute(items)
    for size in range(len(items) + 2):
        listed = list(iter_multisets(kinds, size))
        exact = {m for m in brute if len(m) == size}
        assert listed == sorted(exact)  # lexicographic, no duplicates
        assert count_multisets(counts, [size]) == len(exact)
    for lo in range(len(items) + 1):
        for hi in range(lo, len(items) + 2):
            assert count_multisets(counts, range(lo, hi + 1)) == sum(1 for m in brute if lo <= len(m) <= hi)
    assert count_multisets(counts, []) == count_multisets(counts, [-1]) == 0
