"""Spells with the card name chosen as a permanent entered: cost changes and "can't be cast" (CR 601.2f, 101.2,
607.2d, 201.2). Examples: examples/classes/chosen_name.yaml."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtgcheck.models.vocab.permissions import CantCast
from mtgcheck.models.vocab.cost_effects import CostIncrease, CostReduction
from mtgcheck.models.data.scenario import load_scenarios

ROOT = Path(__file__).resolve().parent.parent


def test_the_example_texts_are_the_printed_ones(real_db):
    for sc in load_scenarios(ROOT / "examples" / "classes" / "chosen_name.yaml"):
        for name, fields in (sc.data.get("cards") or {}).items():
            assert real_db.get(name).oracle_text == fields["oracle_text"], name


@pytest.mark.parametrize("card, cls, whose", [
    ("Council of the Absolute", CostReduction, "you"),
    ("Disruptor Flute", CostIncrease, "all"),
    ("Anointed Peacekeeper", CostIncrease, "opponents"),
])
def test_chosen_name_cost_changes_are_typed_cr_601_2f_607_2d(real_db, card, cls, whose):
    from mtgcheck.models.vocab.behaviour import abilities_of

    (e,) = [a.effect for a in abilities_of(real_db.get(card)) if isinstance(a.effect, CostIncrease)]
    assert type(e) is cls and e.chosen_name and e.whose == whose


@pytest.mark.parametrize("card, who", [("Council of the Absolute", "opponents"), ("Meddling Mage", "all"),
                                       ("Nevermore", "all"), ("Voidstone Gargoyle", "all"),
                                       ("Gideon's Intervention", "opponents")])
def test_cant_cast_the_chosen_name_is_typed_cr_101_2(real_db, card, who):
    from mtgcheck.models.vocab.behaviour import abilities_of

    (e,) = [a.effect for a in abilities_of(real_db.get(card)) if isinstance(a.effect, CantCast)]
    assert e.who == who and e.chosen_name


@pytest.mark.parametrize("card", ["Council of the Absolute", "Meddling Mage"])
def test_no_chosen_name_given_is_unsupported_naming_the_permanent(answer, real_db, card):
    res = answer(f"""
        players: [Alice, Bob]
        battlefield: {{Alice: [{card}], Bob: [Island, Island, Island]}}
        hand: {{Bob: [Divination]}}
        active: Bob
        ask: {{cast: {{card: Divination, player: Bob}}}}
    """, db=real_db)
    assert res.verdict == "unsupported" and card in res.message and "card_name" in res.message


def test_a_split_card_has_the_name_of_each_half_cr_709_4():
    """Outside the stack a split card has both names (CR 709.4): "Fire" chosen names Fire // Ice."""
    from mtgcheck.models.data.database import load_database
    from mtgcheck.solver.rules.costs import has_name

    class Face:
        def __init__(self, name):
            self.name = name

    class Split:
        name = "Fire // Ice"
        faces = (Face("Fire"), Face("Ice"))

    assert has_name(Split(), "fire") and has_name(Split(), "Ice") and not has_name(Split(), "Fireball")
    assert load_database is not None
