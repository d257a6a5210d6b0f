"""Property tests: the combinatorial counts of solver.questions.resolution equal brute-force enumeration.

Brute force here follows the rules literally, on small inputs:
* scry (CR 701.22a): every subset of the looked-at cards for the bottom, every order of each
  pile, cards told apart by position; distinct libraries compared by name;
* Hypergenesis-style processes (ruling 2006-09-25): every move sequence of the game (put one
  eligible card or decline; stop after all N players in sequence decline);
* trigger order (CR 603.3b): every permutation of each player's abilities, players in APNAP
  order, identical labels compared by name.
"""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgcheck.solver.questions.resolution import (
    count_process_outcomes, count_scry_results, count_scry_results_first_occurrence, count_trigger_orders,
    iter_process_outcomes, iter_scry_results, iter_trigger_stacks, process_end_states_brute_force, scry_choice_count,
)

NAMES = st.sampled_from(["Island", "Bolt", "Bears"])


def brute_scry(library: list[str], n: int) -> tuple[int, set[tuple[str, ...]]]:
    """CR 701.22a by enumeration: (number of decisions, set of resulting libraries by name)."""
    k = min(n, len(library))
    idx = list(range(k))
    rest = tuple(library[k:])
    decisions = 0
    results: set[tuple[str, ...]] = set()
    for j in range(k + 1):
        for bottom in itertools.combinations(idx, j):
            top = [i for i in idx if i not in bottom]
            for t in itertools.permutations(top):
                for b in itertools.permutations(bottom):
                    decisions += 1
                    results.add(tuple(library[i] for i in t) + rest + tuple(library[i] for i in b))
    return decisions, results


@settings(max_examples=150, deadline=None)
@given(st.lists(NAMES, max_size=7), st.integers(min_value=0, max_value=5))
def test_scry_counts_match_brute_force(library, n):
    """CR 701.22a: choices = (k+1)!, distinct_results and the lazy listing equal brute force."""
    decisions, results = brute_scry(library, n)
    k = min(n, len(library))
    assert scry_choice_count(k) == decisions
    assert count_scry_results(library[:k], library[k:]) == len(results)
    listed = [tuple(r["library"]) for r in iter_scry_results(library[:k], library[k:])]
    assert len(listed) == len(set(listed))
    assert set(listed) == results


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["Island", "Bolt"]), max_size=10), st.integers(min_value=0, max_value=5))
def test_scry_counts_match_brute_force_two_names(library, n):
    """CR 701.22a with two names only: the rest of the library often overlaps itself (periodic) or repeats
    among the looked-at cards, the cases the cluster count's inclusion-exclusion terms are for."""
    _, results = brute_scry(library, n)
    k = min(n, len(library))
    assert count_scry_results(library[:k], library[k:]) == len(results)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=6), st.integers(min_value=4, max_value=40),
       st.integers(min_value=0, max_value=11), st.integers(min_value=0, max_value=3))
def test_scry_cluster_count_matches_first_occurrence_count(period, size, n, shift):
    """CR 701.22a on libraries too large for brute force (cycling names, the worst case for both
    methods): the cluster inclusion-exclusion count equals the independent first-occurrence count."""
    library = [f"c{(i + shift) % period}" for i in range(size)]
    k = min(n, size)
    assert count_scry_results(library[:k], library[k:]) == count_scry_results_first_occurrence(library[:k], library[k:])


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(["P1", "P2", "P3"]), st.lists(st.sampled_from(["A", "B", "C"]), max_size=3),
                       min_size=1, max_size=3),
       st.booleans())
def test_process_outcomes_match_play_by_play(hands, repeat):
    """Hypergenesis ruling 2006-09-25 (repeat) / Show and Tell 2008-04-01 (once): the product formula and the
    listing equal every end state reachable move by move."""
    order = sorted(hands)
    ends = process_end_states_brute_force(hands, order, repeat)
    assert count_process_outcomes(hands, repeat) == len(ends)
    listed = {tuple((p, tuple(r[p])) for p in order) for r in iter_process_outcomes(hands, order, repeat)}
    assert listed == ends


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(["P1", "P2", "P3"]), st.lists(st.sampled_from(["X", "Y", "Z"]), max_size=4),
                       max_size=3))
def test_trigger_orders_match_permutations(triggers):
    """CR 603.3b: each player's abilities in any order, players in APNAP order (P1 active)."""
    apnap = ["P1", "P2", "P3"]
    players = [p for p in apnap if triggers.get(p)]
    brute: set[tuple[str, ...]] = set()
    for combo in itertools.product(*[list(itertools.permutations(triggers[p])) for p in players]):
        brute.add(tuple(f"{p}: {x}" for p, seq in zip(players, combo) for x in seq))
    assert count_trigger_orders(triggers) == len(brute)
    listed = [tuple(s) for s in iter_trigger_stacks(triggers, apnap)]
    assert len(listed) == len(set(listed)) and set(listed) == brute
