"""The exact shortcuts before the payment search (``solver.rules.payment.quick``) and the layer view's cache, against
the independent brute forces of ``test_payment_property`` and ``test_payment_filters``.

Rules: CR 107.4 (what each symbol accepts), 107.5 (a {T} used once), 119.4 (life paid at most the life total),
601.2b (the announced nonhybrid equivalent), 601.2g-h (the mana paid), 605.3a (a filter's input paid with mana
made before it), 118.3c (payments are irredundant: the witness is one of the listed payments), 711.2a (a
leveler's abilities depend on its level counters, so the layer view is rebuilt when they change).
"""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from mtgcheck.solver.rules.board import board_view
from mtgcheck.solver.rules.payment import find_payment, iter_payments
from mtgcheck.solver.rules.payment.model import build_model
from mtgcheck.solver.rules.payment.quick import quick_payment
from tests import test_payment_filters as F
from tests import test_payment_property as P


def _agree(state, perms, cost, exists: bool) -> None:
    quick = find_payment(state, "A", cost)
    reference = find_payment(state, "A", cost, quick=False)
    assert (quick is not None) == exists == (reference is not None)
    if quick is not None:
        assert quick in list(iter_payments(state, "A", cost))  # an irredundant payment the search lists


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(P.perm_lists, P.costs, st.integers(min_value=0, max_value=5))
def test_the_quick_witness_pays_and_agrees_with_the_brute_force_cr_601_2g(perms, cost, life):
    """CR 107.4, 107.5, 119.4, 601.2b: basics, a snow land, City of Brass, Sol Ring's {C}{C}: a payment exists
    exactly when the brute force finds one; the quick witness really pays (checked independently) and is one
    of the irredundant payments the search lists."""
    state = P.make_state(perms, life)
    brute = P.brute_force(perms, cost, life)
    _agree(state, perms, cost, bool(brute))
    pay = find_payment(state, "A", cost)
    if pay is not None:
        P.check_payment(perms, cost, life, pay)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(F.perm_lists, F.costs, st.integers(min_value=0, max_value=4))
def test_with_filters_the_shortcut_and_the_search_agree_cr_605_3a(perms, cost, life):
    """CR 601.2g-h, 605.3a, 119.4: with Signets and filter lands on the board, the shortcut (a witness from the
    sources without an input, else the search) agrees with the brute force over every activation order."""
    state = F.make_state(perms, life)
    _agree(state, perms, cost, F.brute_force_count(perms, cost, life) > 0)


def test_an_unpayable_colour_is_refuted_without_the_search_cr_107_4():
    """CR 107.4: {U}{U} needs two units of blue; Plains, Forest and one Island make one. No filter on the board,
    so the relaxed flow decides "no payment" at once."""
    state = P.make_state(["Plains", "Forest", "Island"], 20)
    model = build_model(state, "A", "{U}{U}")
    assert quick_payment(model) == (True, None)
    assert find_payment(state, "A", "{U}{U}") is None


def test_a_phyrexian_symbol_paid_with_life_only_within_the_life_total_cr_119_4():
    """CR 107.4f, 119.4: {G/P}{G/P} with one Forest needs 2 life for the other symbol: payable at 2 life, not at 1."""
    assert find_payment(P.make_state(["Forest"], 2), "A", "{G/P}{G/P}") is not None
    assert find_payment(P.make_state(["Forest"], 1), "A", "{G/P}{G/P}") is None


def test_a_filter_board_the_plain_sources_cannot_pay_is_left_to_the_search_cr_605_3a():
    """CR 605.3a: Island and Azorius Signet pay {W}{U} only through the Signet (the Island pays its {1}, it adds
    {W}{U}); the shortcut cannot say "no" with a filter on the board, the search finds the payment."""
    state = F.make_state(["Island", "Azorius Signet"])
    model = build_model(state, "A", "{W}{U}")
    assert quick_payment(model) == (False, None)
    pay = find_payment(state, "A", "{W}{U}")
    assert pay is not None and {u.name for u in pay.uses} == {"Island", "Azorius Signet"}


def test_sol_ring_is_left_out_when_the_rest_pays_cr_118_3c():
    """CR 118.3c, 601.2h: for {1}{G} with Sol Ring, Forest and Plains, a witness with all three would be
    redundant; whichever the flow uses, the witness uses exactly what it needs (two sources)."""
    state = P.make_state(["Sol Ring", "Forest", "Plains"], 20)
    pay = find_payment(state, "A", "{1}{G}")
    assert pay is not None and pay.sources == 2


def test_the_layer_view_is_read_back_until_counters_change_cr_711_2a():
    """The view is cached on the state and rebuilt when something it
    reads changes in place: a permanent's counters decide its level stripe (CR 711.2a)."""
    state = P.make_state(["Forest", "Island"], 20)
    first = board_view(state)
    assert board_view(state) is first
    state.battlefield[0].counters["level"] = 1
    again = board_view(state)
    assert again is not first
    assert board_view(state) is again


def test_choices_read_back_equal_the_ones_worked_out_again_cr_605_1a():
    """The choices of a source are read back on a later board with the same ability objects: they
    equal the ones worked out with the store emptied (CR 605.1a: a mana ability's output is its own), for plain,
    any-colour, several-unit and filter sources alike."""
    from mtgcheck.solver.rules.payment import model as M

    board = ["Forest", "City of Brass", "Sol Ring", "Azorius Signet", "Fire-Lit Thicket"]
    first = build_model(P.make_state(board, 20), "A", "{2}{G}")
    read_back = build_model(P.make_state(board, 20), "A", "{2}{G}")
    M._CHOICES.clear()
    fresh = build_model(P.make_state(board, 20), "A", "{2}{G}")
    for a, b, c in zip(first.groups, read_back.groups, fresh.groups):
        assert a.choices == b.choices == c.choices
    assert len(first.groups) == len(fresh.groups) == 5
