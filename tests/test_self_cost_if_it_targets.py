""""This spell costs {N} less to cast if it targets [phrase]" read by the targets rules' phrase reader (CR 601.2c:
targets are chosen before the total cost, 601.2f). Expected values from the cards' costs and the rules."""
from __future__ import annotations

from .probe_boards import ask


def _cast(db, bf, q, **extra):
    return ask(db, bf, {"cast": q}, **extra).values


def test_chosen_blue_spell_mystical_dispute_cr_601_2c_601_2f(real_db):
    """Mystical Dispute ({2}{U}): {U} against a blue spell, {2}{U} against a red one."""
    v = _cast(real_db, {"Alice": ["Island"]}, {"card": "Mystical Dispute", "player": "Alice", "targets": ["Opt"]},
              active="Bob", stack={"Bob": ["Opt"]})
    assert v["castable"] is True and v["total_cost"] == "{U}"
    v = _cast(real_db, {"Alice": ["Island"]}, {"card": "Mystical Dispute", "player": "Alice",
                                               "targets": ["Lightning Bolt"]}, active="Bob", stack={"Bob": ["Lightning Bolt"]})
    assert v["castable"] is False and v["total_cost"] == "{2}{U}"


def test_cheapest_legal_choice_without_targets_dire_downdraft_cr_601_2c(real_db):
    """Dire Downdraft ({3}{U}): without 'targets', a tapped creature is a legal choice that qualifies: {2}{U}; with
    only untapped, non-attacking creatures, {3}{U}."""
    v = _cast(real_db, {"Alice": ["Island"], "Bob": [{"card": "Grizzly Bears", "tapped": True}]},
              {"card": "Dire Downdraft"})
    assert v["total_cost"] == "{2}{U}"
    v = _cast(real_db, {"Alice": ["Island"], "Bob": ["Grizzly Bears"]}, {"card": "Dire Downdraft"})
    assert v["total_cost"] == "{3}{U}"


def test_condition_on_one_of_two_targets_is_unsupported_cr_601_2c(real_db):
    """Hunter's Mark has two target words; "if it targets a blue permanent you don't control" on one of them is not
    read: unsupported rather than a guess."""
    import pytest

    from mtgcheck.solver.rules.errors import Unsupported

    with pytest.raises(Unsupported, match="Hunter's Mark"):
        _cast(real_db, {"Alice": ["Forest", "Grizzly Bears"], "Bob": ["Harbinger of the Tides"]}, {"card": "Hunter's Mark"})
