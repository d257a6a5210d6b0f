"""A split card's combined characteristics and a modal double-faced card's front face outside the stack (CR 709.4b,
712.8a). Examples: examples/classes/characteristics_outside_the_stack.yaml."""
from __future__ import annotations

from pathlib import Path

from mtgcheck.models.data.scenario import load_scenarios

ROOT = Path(__file__).resolve().parent.parent


def test_the_example_texts_are_the_printed_ones(real_db):
    for sc in load_scenarios(ROOT / "examples" / "classes" / "characteristics_outside_the_stack.yaml"):
        for name, fields in (sc.data.get("cards") or {}).items():
            card = real_db.get(name)
            if "card_faces" in fields:
                assert [f.oracle_text for f in card.faces] == [f["oracle_text"] for f in fields["card_faces"]], name
            else:
                assert card.oracle_text == fields["oracle_text"], name


def test_a_split_spell_on_the_stack_is_not_given_both_colours_cr_709_3():
    """On the stack a split spell has only the half cast (CR 709.3): the combined colours are for other zones."""
    from types import SimpleNamespace

    from mtgcheck.models.game.cards import card_from_fields
    from mtgcheck.solver.rules.quantities import object_colors

    card = card_from_fields({"name": "Fire // Ice", "layout": "split", "mana_cost": "{1}{R} // {1}{U}",
                             "type_line": "Instant // Instant",
                             "card_faces": [{"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant"},
                                            {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant"}]})
    obj = SimpleNamespace(card=card, name=card.name)
    assert object_colors("card", obj) == (frozenset({"R", "U"}), "")
    cols, why = object_colors("spell", obj)
    assert cols is None and "709.3" in why
