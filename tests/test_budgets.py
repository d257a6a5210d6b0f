"""Budgets on enumerations: inputs no real game reaches end in a message naming the budget and
how to raise it, never a hang, a RecursionError or gigabytes. Budgets are states (counted work), so these
tests do not depend on timing."""
from __future__ import annotations

import textwrap

import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.data.scenario import load_scenarios
from mtgcheck.solver.rules import budget
from mtgcheck.solver.rules.combinatorics import distinct_orders, iter_multisets
from mtgcheck.solver.questions.runner import ERROR, UNSUPPORTED, run_scenario

DB = load_database()


def answer(tmp_path, text, **options):
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(text))
    return run_scenario(load_scenarios(p)[0], DB, {"limit": 50, **options})


def test_budget_message_names_the_budget_and_how_to_raise_it():
    b = budget.Budget(max_states=3)
    with pytest.raises(budget.BudgetExceeded) as ei:
        for _ in range(10):
            b.tick(1, "listing pools")
    msg = str(ei.value)
    assert ei.value.budget == "states" and "3 states" in msg and "listing pools" in msg and "--max-states" in msg


def test_available_mana_on_a_huge_board_stops_at_the_states_budget(tmp_path):
    res = answer(tmp_path, """\
        players: [A]
        battlefield: {A: [{card: Forest, count: 3000}]}
        ask: {available_mana: A}
        """, max_states=500)
    assert res.verdict == UNSUPPORTED and "--max-states" in res.message


def test_payments_on_many_permanents_stop_at_the_states_budget(tmp_path):
    res = answer(tmp_path, """\
        players: [A]
        battlefield: {A: [{card: Forest, count: 2000}, {card: Island, count: 2000}]}
        ask: {payments: {card: Treasure Cruise}}
        """, max_states=500)
    assert res.verdict == UNSUPPORTED and "states budget" in res.message


def test_a_huge_listing_limit_is_bounded_by_the_budget():
    """--limit 10^8 on an enumeration with endless items: the listing stops at the budget, with the message."""
    import itertools

    from mtgcheck.solver.questions.registry import take

    with budget.use(budget.Budget(max_states=1000)):
        with pytest.raises(budget.BudgetExceeded, match="--max-states"):
            take(itertools.count(), 10**8)


def test_scry_with_a_library_of_a_billion_cards_is_refused(tmp_path):
    res = answer(tmp_path, "players: [A]\nask: {scry: {n: 5, library_size: 1000000000}}\n")
    assert res.verdict == ERROR and "library_size" in res.message and "at most" in res.message


def test_scry_of_10000_cards_answers_without_recursion_error(tmp_path):
    """CR 701.22a: scry N with N cards looked at has (N+1)! choices; the listing is lazy and iterative."""
    res = answer(tmp_path, "players: [A]\nask: {scry: {n: 3000, library_size: 3000}}\n", limit=2)
    assert res.verdict not in (ERROR,), res.message
    assert res.answer is not None and res.answer.values["looked_at"] == 3000


def test_distinct_orders_and_multisets_are_not_recursive():
    first = next(distinct_orders([f"c{i}" for i in range(5000)]))
    assert len(first) == 5000
    ms = next(iter_multisets([(f"k{i:05d}", 1) for i in range(5000)], 5000))
    assert len(ms) == 5000


def test_hypergenesis_with_many_players_is_answered_or_budgeted(tmp_path):
    """Hypergenesis ruling 2006-09-25: each player's sub-multisets; 60 players is a count, not a hang."""
    players = [f"P{i}" for i in range(60)]
    hand = ", ".join(f"{p}: [Forest, Island, Ornithopter]" for p in players)
    res = answer(tmp_path, f"players: [{', '.join(players)}]\nhand: {{{hand}}}\n"
                           "ask: {put_onto_battlefield: {spell: Hypergenesis}}\n", max_states=100_000)
    assert res.verdict in ("no expectation", UNSUPPORTED), res.message
    if res.answer is not None:
        assert res.answer.values["outcomes"] == 8 ** 60  # (1+1)^3 per player: each card put or not


def test_a_cost_of_5000_symbols_is_answered_within_budget(tmp_path):
    cost = "{G}" * 5000
    res = answer(tmp_path, f"""\
        players: [A]
        cards:
          Huge Spell: {{type_line: Sorcery, mana_cost: "{cost}"}}
        battlefield: {{A: [{{card: Forest, count: 40}}]}}
        ask: {{cast: {{card: Huge Spell}}}}
        """, max_states=200_000)
    assert res.verdict in ("no expectation", UNSUPPORTED), res.message
    if res.answer is not None:
        assert res.answer.values["castable"] is False  # 40 Forests cannot pay 5,000 {G} (CR 601.2g-h)
