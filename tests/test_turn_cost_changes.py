"""Self cost changes read from the turn, the board and the targets (CR 601.2c before 601.2f), parsed from real oracle
text (cards not in the catalog) and applied by solver.rules.costs. Expected totals come from the cards' text and the rules."""
from __future__ import annotations

from .probe_boards import ask


def _cost(db, bf, q, **extra):
    return ask(db, bf, {"cast": q}, **extra).values


def test_greatest_power_the_skullspore_nexus_cr_601_2f_208(real_db):
    """The Skullspore Nexus ({6}{G}{G}): {X} less where X is the greatest power (4 with Serra Angel), not the total."""
    v = _cost(real_db, {"Alice": ["Serra Angel", "Grizzly Bears"]}, {"card": "The Skullspore Nexus"})
    assert v["total_cost"] == "{2}{G}{G}"


def test_creatures_that_attacked_this_turn_the_mary_janes_cr_508_1(real_db):
    """The Mary Janes ({3}{R}): {1} less for each creature that attacked this turn (the scenario's history)."""
    bf = {"Alice": ["Grizzly Bears", "Serra Angel"]}
    turn = {"step": "postcombat_main", "history": {"attacked": ["Grizzly Bears", "Serra Angel"]}}
    assert _cost(real_db, bf, {"card": "The Mary Janes"}, turn=turn)["total_cost"] == "{1}{R}"
    assert _cost(real_db, bf, {"card": "The Mary Janes"})["total_cost"] == "{3}{R}"  # default turn: nothing attacked


def test_attacking_creatures_static_snare_cr_506_4(real_db):
    """Static Snare ({4}{W}, flash): {1} less for each attacking creature, Bob's two attackers."""
    bf = {"Alice": ["Plains"], "Bob": [{"card": "Grizzly Bears", "attacking": True},
                                       {"card": "Serra Angel", "attacking": True}]}
    v = _cost(real_db, bf, {"card": "Static Snare", "player": "Alice"}, active="Bob",
              turn={"step": "declare_attackers"})
    assert v["total_cost"] == "{2}{W}"


def test_if_it_targets_a_tapped_creature_seized_from_slumber_cr_601_2c(real_db):
    """Seized from Slumber ({4}{W}): {3} less if it targets a tapped creature; chosen or the cheapest legal choice."""
    bf = {"Alice": ["Plains", "Plains"], "Bob": [{"card": "Serra Angel", "tapped": True}, "Grizzly Bears"]}
    v = _cost(real_db, bf, {"card": "Seized from Slumber"})
    assert v["castable"] is True and v["total_cost"] == "{1}{W}"
    v = _cost(real_db, bf, {"card": "Seized from Slumber", "targets": ["Grizzly Bears"]})
    assert v["castable"] is False and v["total_cost"] == "{4}{W}"


def test_another_spell_this_turn_rally_the_monastery_cr_601_2i(real_db):
    """Rally the Monastery ({3}{W}): {2} less if you've cast another spell this turn (the turn's history)."""
    v = _cost(real_db, {"Alice": ["Plains"]}, {"card": "Rally the Monastery"},
              turn={"history": {"cast": {"Alice": ["Opt"]}}})
    assert v["total_cost"] == "{1}{W}"


def test_second_spell_each_turn_raging_battle_mouse_cr_601_2f(real_db):
    """Raging Battle Mouse: "The second spell you cast each turn costs {1} less to cast" (its oracle text, parsed):
    Grizzly Bears after one spell this turn costs {G}; as the first spell, {1}{G}."""
    bf = {"Alice": ["Raging Battle Mouse", "Forest"]}
    assert _cost(real_db, bf, {"card": "Grizzly Bears"}, turn={"history": {"cast": {"Alice": ["Opt"]}}})["total_cost"] == "{G}"
    assert _cost(real_db, bf, {"card": "Grizzly Bears"})["total_cost"] == "{1}{G}"


def test_first_creature_spell_after_other_spells_is_unsupported_cr_601_2f(real_db):
    """Kinds of the spells cast earlier are not recorded (names only): "the first creature spell" after another
    spell this turn cannot be decided, so the answer is unsupported, naming the line."""
    import pytest

    from mtgcheck.solver.questions.registry import Unsupported

    with pytest.raises(Unsupported, match="first creature spell"):
        ask(real_db, {"Alice": ["Shadow in the Warp", "Plains"]}, {"cast": {"card": "Serra Angel"}},
            turn={"history": {"cast": {"Alice": ["Opt"]}}})
