"""Spending mana "as though" it were other mana (CR 609.4b) and spells that mana can't pay (Hogaak).

Expected values from the rules and the cards' Oracle texts / rulings: Celestial Dawn (white mana as any
colour, other mana only as colorless; rulings 2004-10-04, 2006-09-25), Chromatic Orrery (any mana as any
colour), Sunglasses of Urza (white as red), Hogaak, Arisen Necropolis (no mana can be spent to cast it;
convoke and delve).
"""
from __future__ import annotations

import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.game.state import CardInstance, GameState, Permanent
from mtgcheck.solver.rules.payment import count_payments, count_payments_enumerated, find_payment, plain_count, spend_retyping
from mtgcheck.solver.questions.registry import Unsupported
import mtgcheck.solver.questions.delve  # noqa: F401  (registers convoke / delve payers, PAYMENT_EXTENSIONS)
from mtgcheck.models.vocab.mana_effects import SpendAsThough

DB = load_database()


def _state(db, *names, graveyard=()):
    s = GameState(players=["A", "B"], active="A")
    for i, n in enumerate(names):
        s.battlefield.append(Permanent(id=f"p{i}", card=db.get(n), controller="A", owner="A"))
    for i, n in enumerate(graveyard):
        s.zones["graveyard"]["A"].append(CardInstance(f"g{i}", db.get(n), "A"))
    return s


def test_celestial_dawn_island_casts_opt_cr_609_4b():
    """QA: Celestial Dawn + Island (a Plains, so {W}) cast Opt ({U}): white spent as though blue."""
    s = _state(DB, "Celestial Dawn", "Island")
    assert find_payment(s, "A", "{U}", spell_card=DB.get("Opt")) is not None


def test_celestial_dawn_other_mana_only_generic_ruling_2006_09_25():
    """Llanowar Elves' {G} is not changed, but may be spent only as though colorless: it pays {1} or {C},
    never {G}."""
    s = _state(DB, "Celestial Dawn", "Llanowar Elves")
    assert find_payment(s, "A", "{G}") is None
    assert find_payment(s, "A", "{1}") is not None
    assert find_payment(s, "A", "{C}") is not None


def test_celestial_dawn_retyping_table_cr_609_4b():
    """The table: W pays any colour (not {C}); every other type pays only as colorless."""
    retype, unmodelled = spend_retyping(_state(DB, "Celestial Dawn"), "A")
    assert retype == {"W": "WUBRG", "U": "C", "B": "C", "R": "C", "G": "C"} and unmodelled == []
    # an opponent's Celestial Dawn does not change how A spends mana ("you may spend")
    s = _state(DB, "Celestial Dawn")
    s.battlefield[0].controller = "B"
    assert spend_retyping(s, "A")[0] == {}


def test_chromatic_orrery_cr_609_4b():
    """Chromatic Orrery: its {C}{C}{C}{C}{C} pays any coloured symbols, and still {C}."""
    s = _state(DB, "Chromatic Orrery")
    assert find_payment(s, "A", "{W}{U}{B}{R}{G}") is not None
    assert find_payment(s, "A", "{C}{W}") is not None
    # Forest's {G} may pay {W} (any colour) but never {C} (CR 107.4c: colorless mana only)
    s2 = _state(DB, "Chromatic Orrery", "Forest")
    s2.battlefield[0].tapped = True
    assert find_payment(s2, "A", "{W}") is not None
    assert find_payment(s2, "A", "{C}") is None


@pytest.mark.parametrize("cost", ["{W}{U}", "{1}{G}", "{C}{U}", "{2}{B}"])
def test_counts_agree_under_spend_effects_cr_609_4b(cost):
    """The count, the listing and the plain encoding agree when units pay several types."""
    s = _state(DB, "Celestial Dawn", "Island", "Forest", "Llanowar Elves", "City of Brass", "Sol Ring")
    got = count_payments(s, "A", cost)
    assert got == count_payments_enumerated(s, "A", cost)
    assert got[1] == plain_count(s, "A", cost)


def test_unmodelled_spend_sentence_is_unsupported_cr_609_4b(real_db):
    """A scoped "spend ... as though" sentence (Agatha's Soul Cauldron: abilities of creatures) is not modelled:
    the gate every cast/payments question passes first (solver.rules.gate, mana spending) answers unsupported naming it,
    never a confident no."""
    from mtgcheck.models.vocab.topics import Topic
    from mtgcheck.solver.rules.board import board_view
    from mtgcheck.solver.rules.gate import require_modelled

    s = _state(real_db, "Agatha's Soul Cauldron", "Forest")
    assert find_payment(s, "A", "{G}") is not None
    with pytest.raises(Unsupported, match="Agatha"):
        require_modelled(s, {Topic.MANA_SPENDING}, view=board_view(s))


def test_parse_spend_as_though_oracle(real_db):
    """The Oracle sentences parse to the same rules as the catalog (Celestial Dawn, Orrery, Lattice, Sunglasses)."""
    from mtgcheck.models.text.oracle import parse_abilities

    def spend(name):
        return [a for a in parse_abilities(real_db.get(name)) if isinstance(a.effect, SpendAsThough)]

    cd = spend("Celestial Dawn")[0].effect
    assert cd.players == "you" and [dict(r) for r in cd.rules] == [
        {"mana": "W", "as": "any_color"}, {"mana": "other", "as": "C", "only": True}]
    assert spend("Mycosynth Lattice")[0].effect.players == "each"
    assert [dict(r) for r in spend("Sunglasses of Urza")[0].effect.rules] == [{"mana": "W", "as": "R"}]
    assert not spend("Agatha's Soul Cauldron")  # scoped: stays text


def test_sunglasses_of_urza_white_as_red(real_db):
    """Sunglasses of Urza: white mana may be spent as though it were red (and still as white)."""
    s = _state(real_db, "Sunglasses of Urza", "Plains", "Plains")
    assert find_payment(s, "A", "{R}{W}") is not None
    assert find_payment(s, "A", "{U}") is None


def test_hogaak_cannot_be_paid_with_mana(real_db):
    """QA: Hogaak, Arisen Necropolis ({5}{B}{G}): no mana can be spent to cast it, so seven lands do not pay it;
    convoke (one black and one green creature) with delve of five cards does (CR 702.51a, 702.66a)."""
    hogaak = real_db.get("Hogaak, Arisen Necropolis")
    lands = _state(real_db, "Swamp", "Forest", "Forest", "Forest", "Forest", "Forest", "Forest")
    assert find_payment(lands, "A", "{5}{B}{G}", spell_card=hogaak) is None
    s = _state(real_db, "Llanowar Elves", "Vampire Nighthawk", graveyard=["Opt"] * 5)
    p = find_payment(s, "A", "{5}{B}{G}", spell_card=hogaak)
    assert p is not None and all(u.kind != "mana_ability" for u in p.uses)
    # with lands added, a payment never uses them
    s2 = _state(real_db, "Llanowar Elves", "Vampire Nighthawk", "Swamp", "Forest", graveyard=["Opt"] * 5)
    assert count_payments(s2, "A", "{5}{B}{G}", spell_card=hogaak) == count_payments(s, "A", "{5}{B}{G}", spell_card=hogaak)
