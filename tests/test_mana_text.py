"""The oracle-text parser for mana abilities (models.text.mana), CR 605, 106.12, 305.7."""
from __future__ import annotations

import pytest

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.text.oracle import parse_abilities
import mtgcheck.models.text.mana as mt
from mtgcheck.models.vocab.mana_effects import AddMana, ManaReplacement
from mtgcheck.models.vocab.effect import Unmodelled


def parse(text, type_line="Land", name="Test Card"):
    return parse_abilities(card_from_fields({"name": name, "type_line": type_line, "oracle_text": text}))


def test_fixed_choice_options_cr_106_10():
    """Generic numerals in an add effect add colorless mana (CR 106.10)."""
    assert mt.parse_add_clause("{2}") == {"mana": "{C}{C}"}
    assert mt.parse_add_clause("{W}, {U}, or {B}") == {"choice": ["W", "U", "B"]}
    assert mt.parse_add_clause("{R}{R}, {R}{G}, or {G}{G}") == {"options": ["{R}{R}", "{R}{G}", "{G}{G}"]}


def test_reflecting_pool_wording_cr_106_7():
    """Reflecting Pool's wording becomes a type reflector over lands you control (CR 106.7)."""
    (a,) = parse("{T}: Add one mana of any type that a land you control could produce.")
    assert isinstance(a.effect, AddMana) and a.is_mana_ability
    r = a.effect.reflect
    assert r.filter.all_of == ("Land",) and r.filter.controller == "you" and r.by == "type"


def test_exotic_orchard_wording_is_colour_reflector():
    """Exotic Orchard ruling 2009-02-01: colours only."""
    (a,) = parse("{T}: Add one mana of any color that a land an opponent controls could produce.")
    assert a.effect.reflect.by == "color"


def test_restriction_kept_cr_106_6():
    """CR 106.6: a spend restriction is carried by the mana."""
    (a,) = parse("{T}: Add one mana of any color. Spend this mana only to cast creature spells.")
    assert a.effect.restriction == "creature_spell" and a.effect.any_color


def test_library_moving_ability_is_not_a_mana_ability_605_1a_2026():
    """CR 605.1a (2026-09-25): an ability whose effect moves a card from a library is not a mana ability."""
    (a,) = parse("{T}: Add {G}. Draw a card.", "Creature — Elf", "Test Elf")
    assert isinstance(a.effect, AddMana) and not a.is_mana_ability


def test_targeted_ability_is_not_a_mana_ability_605_5a():
    """CR 605.5a: an ability with a target is not a mana ability."""
    (a,) = parse("{T}: Target player adds {G}.", "Artifact")
    assert not a.is_mana_ability


def test_triggered_mana_ability_605_1b():
    """CR 605.1b, 106.12a: Mana Flare's wording becomes a triggered mana ability."""
    (a,) = parse("Whenever a player taps a land for mana, that player adds one mana of any type that land produced.",
                 "Enchantment")
    assert a.kind == "triggered" and isinstance(a.effect, AddMana) and a.effect.produced_type
    assert a.effect.trigger.filter.all_of == ("Land",)


def test_replacement_and_land_type_wordings():
    """CR 106.12b (Contamination, Pale Moon, Mana Reflection); CR 305.7 (Blood Moon, Urborg)."""
    (c,) = parse("If a land is tapped for mana, it produces {B} instead of any other type and amount.", "Enchantment")
    assert isinstance(c.effect, ManaReplacement) and c.effect.mana == ("B",)
    (m,) = parse("If you tap a permanent for mana, it produces twice as much of that mana instead.", "Enchantment")
    assert m.effect.multiply == 2
    (b,) = parse("Nonbasic lands are Mountains.", "Enchantment")
    assert (b.effect.affects.all_of, b.effect.affects.none_of, b.effect.affects.controller) == (("Land",), ("Basic",), "any")
    assert b.effect.set == ("Mountain",) and b.effect.add is None
    (u,) = parse("Each land is a Swamp in addition to its other land types.", "Legendary Land")
    assert u.effect.add == ("Swamp",)


def test_unknown_wording_stays_text_never_guessed():
    """Wording the parser does not understand keeps effect 'text' (reported as not modelled)."""
    (a,) = parse("{1}: Flip a coin. If you win the flip, add {C}{C}.", "Artifact")
    assert isinstance(a.effect, Unmodelled)


def test_parser_coverage_on_32k_cards_at_least_94_percent():
    """docs/parser-coverage.md: >= 94% of cards with a mana ability are modelled as typed effects (since the typed
    vocabulary, an amount or condition the engine cannot evaluate makes the ability Unmodelled, where before it
    was an add_mana ability the solver answered unsupported for)."""
    from tests.shared_data import shared_file
    import benchmarks.bench_produce as bp

    path = shared_file("carddata/oracle-cards-2025-11-03.json.gz")
    total, ok, _ = bp.parser_coverage(path)
    assert total > 1500
    assert ok / total >= 0.94


def test_added_types_generic_and_snow_add_colorless_cr_106_10_106_11():
    """CR 106.10: generic mana symbols in an add effect add colorless mana; CR 106.11: so do snow symbols."""
    assert mt.added_types("{R}{2}") == ["R", "C", "C"]
    assert mt.added_types("{S}") == ["C"]
    with pytest.raises(ValueError):
        mt.added_types("{X}")
