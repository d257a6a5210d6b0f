"""Summoning sickness read in one place (CR 302.6, 702.10b; "as though it had haste").

CR 302.6: a creature's {T}/{Q} abilities can't be activated unless it has been under its controller's control
continuously since their most recent turn began; haste lifts it (702.10b), and so does an effect that lets its
controller activate its abilities "as though it had haste" (Thousand-Year Elixir). The ``activate`` question, the
payment sources of ``cast`` and ``available_mana`` must give the same answer on every board: each test here asks all
three on the same board. Expected values come from the rule, never from running the code.
"""
from __future__ import annotations

import itertools

import pytest

import mtgcheck
from mtgcheck.solver.rules.sickness import tap_permission
from tests import boards


def _scenario(alice: list, ask: dict, bob: list | None = None) -> dict:
    return {"players": ["Alice", "Bob"], "battlefield": {"Alice": alice, "Bob": bob or []}, "ask": ask}


#: (Alice's other permanents, Bob's permanents, may the sick Elves tap?) — from CR 302.6 and each card's text
BOARDS = [
    ([], [], False),                                   # sick, nothing helps (302.6)
    (["Thousand-Year Elixir"], [], True),              # "as though those creatures had haste" (302.6)
    ([], ["Thousand-Year Elixir"], False),             # Bob's Elixir: "creatures you control" is Bob's
    (["Fires of Yavimaya"], [], True),                 # haste (702.10b)
    (["Tyvar, Jubilant Brawler"], [], True),           # "as though those creatures had haste"
]


@pytest.mark.parametrize("mine, theirs, may_tap", BOARDS)
def test_activate_cast_and_available_mana_agree_on_summoning_sickness_cr_302_6(mine, theirs, may_tap):
    """CR 302.6: on one board, ``activate`` says whether the sick Elves' {T} ability can be activated; ``cast``
    Grizzly Bears ({1}{G}) with the Elves and one Forest is castable exactly then, and ``available_mana`` holds
    {G}{G} exactly then (else {G}, the Forest alone)."""
    alice = [{"card": "Llanowar Elves", "sick": True}, "Forest"] + mine
    act = mtgcheck.ask(_scenario(alice, {"activate": {"permanent": "Llanowar Elves", "ability": 1}}, theirs))
    cast = mtgcheck.ask(_scenario(alice, {"cast": {"card": "Grizzly Bears"}}, theirs))
    avail = mtgcheck.ask(_scenario(alice, {"available_mana": "Alice"}, theirs))
    assert act.values["activatable"] is may_tap, act.explanation
    assert cast.values["castable"] is may_tap, cast.explanation
    assert avail.values["pools"] == (["{G}{G}"] if may_tap else ["{G}"]), avail.explanation


def test_a_creature_under_control_since_the_turn_began_may_tap_cr_302_6():
    """CR 302.6: the rule restricts only creatures that came under their controller's control this turn."""
    s = boards.board(["Llanowar Elves"])
    got = tap_permission(s, s.battlefield[0])
    assert got.allowed and "302.6" in got.why


def test_a_noncreature_permanent_is_never_summoning_sick_cr_302_6():
    """CR 302.6 speaks of creatures only: a sick noncreature artifact's {T} ability can be activated."""
    s = boards.board(["Sol Ring"])
    s.battlefield[0].sick = True
    assert tap_permission(s, s.battlefield[0]).allowed


@pytest.mark.parametrize("elixir, fires", list(itertools.product([False, True], repeat=2)))
def test_the_one_reader_names_what_lifts_summoning_sickness_cr_302_6_702_10b(elixir, fires):
    """CR 302.6, 702.10b: a sick creature may tap when it has haste or an "as though it had haste" effect applies;
    the verdict names the rule, and the Elixir when the Elixir is what lets it (and nothing gives haste)."""
    names = ["Llanowar Elves"] + (["Thousand-Year Elixir"] if elixir else []) + (["Fires of Yavimaya"] if fires else [])
    s = boards.board(names)
    s.battlefield[0].sick = True
    got = tap_permission(s, s.battlefield[0])
    assert got.allowed is (elixir or fires)
    assert "302.6" in got.why
    assert (got.by == "Thousand-Year Elixir") is (elixir and not fires)


def test_an_effect_for_other_creatures_helps_the_others_cr_302_6():
    """Dynaheir, Invoker Adept lets its controller activate abilities of *other* creatures they control as though
    they had haste (CR 302.6): a sick Llanowar Elves beside it may tap."""
    s = boards.board(["Llanowar Elves", "Dynaheir, Invoker Adept"])
    s.battlefield[0].sick = True
    got = tap_permission(s, s.battlefield[0])
    assert got.allowed and got.by == "Dynaheir, Invoker Adept"
