"""Mana amounts read from the board, the turn history or the cost (examples/classes/mana_amounts_board.yaml;
docs/mana.md "Amounts and colours read from the board").

Rules: CR 106.7 (could produce: costs ignored; an ability that would add no mana adds no type), 107.3 (X, may be 0),
118.3 (a cost is paid in full), 119.3 (life gained), 121.1 (drawing), 122.1 (counters), 205.3m (creature types),
208.1 (power/toughness), 305.6 (basic land types), 601.2h / 608.2h (the object paid as a cost), 608.2d (choices on
resolution), 700.5 (devotion), 701.20a (reveal); Exotic Orchard ruling 2009-02-01 (costs are ignored); Spell Rupture
ruling 2013-01-24 (no creature: the greatest power is 0). Expected values are worked out by hand from these.
"""
from __future__ import annotations

import pytest

from mtgcheck import ask
from mtgcheck.models.text.activation_costs import parse_activation_cost
from mtgcheck.models.vocab.amounts import (
    CountersOn, CountersRemoved, CountOf, Devotion, DistinctAmong, GreatestAmong, OfChosenType, PlayerCounters,
    Revealed, StatOf, Sum, ThisTurn, VariableX,
)
from mtgcheck.models.text.filters import parse_amount
from mtgcheck.models.vocab.mana_effects import AddMana

CARDS = {
    "Deathbloom Ritualist": {"mana_cost": "{3}{B}{G}", "type_line": "Creature — Elf Warlock", "power": "3",
                             "toughness": "5", "oracle_text": "{T}: Add X mana of any one color, where X is the number "
                                                              "of creature cards in your graveyard."},
    "Metalworker": {"mana_cost": "{3}", "type_line": "Artifact Creature — Construct", "power": "1", "toughness": "2",
                    "oracle_text": "{T}: Reveal any number of artifact cards in your hand. Add {C}{C} for each card "
                                   "revealed this way."},
    "Priest of Yawgmoth": {"mana_cost": "{1}{B}", "type_line": "Creature — Phyrexian Human Cleric", "power": "1",
                           "toughness": "2", "oracle_text": "{T}, Sacrifice an artifact: Add an amount of {B} equal to "
                                                            "the sacrificed artifact's mana value."},
    "Black Mana Battery": {"mana_cost": "{4}", "type_line": "Artifact",
                           "oracle_text": "{T}, Remove any number of charge counters from this artifact: Add {B}, then "
                                          "add an additional {B} for each charge counter removed this way."},
    "Nyx Lotus": {"mana_cost": "{4}", "type_line": "Legendary Artifact",
                  "oracle_text": "{T}: Choose a color. Add an amount of mana of that color equal to your devotion to "
                                 "that color."},
    "Three Tree City": {"type_line": "Legendary Land",
                        "oracle_text": "{T}: Add {C}.\n{2}, {T}: Choose a color. Add an amount of mana of that color "
                                       "equal to the number of creatures you control of the chosen type."},
}


def _ask(battlefield, question, **extra):
    sc = {"players": ["Alice", "Bob"], "cards": CARDS, "battlefield": {"Alice": battlefield}, "ask": question}
    sc.update(extra)
    return ask(sc)


def test_the_wording_is_read_into_typed_amounts():
    """The shapes of the class, each into its typed amount (models/vocab/)."""
    g = parse_amount("the greatest toughness among other creatures you control")
    assert isinstance(g, GreatestAmong) and g.stat == "toughness" and g.filter.other and g.filter.controller == "you"
    d = parse_amount("creatures you control with defender")
    assert isinstance(d, CountOf) and d.filter.qualifier.keywords == ("defender",)
    p4 = parse_amount("creature with power 4 or greater you control")  # one qualifier, not "power 4" or "greater"
    assert isinstance(p4, CountOf) and not p4.filter.alternatives and p4.filter.qualifier.compare[0].op == ">="
    yard = parse_amount("black creature card in your graveyard")
    assert isinstance(yard, CountOf) and yard.filter.zone == "graveyard" and yard.filter.qualifier.colors == ("B",)
    assert parse_amount("basic land types among lands you control").aspect == "basic_land_type"
    assert isinstance(parse_amount("different power among creatures you control"), DistinctAmong)
    assert parse_amount("this's toughness") == StatOf("toughness", "this")
    assert parse_amount("the amount of life you gained this turn") == ThisTurn("life_gained")
    assert parse_amount("card you've drawn this turn") == ThisTurn("cards_drawn")
    assert parse_amount("counter on this") == CountersOn("")  # every kind (CR 122.1)
    assert parse_amount("artifact you control named this").filter.name == "this"
    assert parse_amount("your devotion to that color") == Devotion("chosen")
    assert isinstance(parse_amount("creatures you control of the chosen type"), OfChosenType)
    assert parse_amount("the sacrificed artifact's mana value") == StatOf("mana_value", "sacrificed")
    assert parse_amount("1 plus the exiled creature's mana value") == Sum((StatOf("mana_value", "exiled"),), 1)
    assert parse_amount("X plus one") == Sum((VariableX(),), 1)
    assert parse_amount("counters removed this way") == CountersRemoved("")
    assert isinstance(parse_amount("artifact cards in your hand revealed this way"), Revealed)
    assert parse_amount("the number of experience counters you have") == PlayerCounters("experience")
    assert parse_amount("1 life your opponents have lost this turn") == ThisTurn("life_lost", "opponent")


def test_one_or_more_counters_is_a_chosen_number_from_one():
    """CR 118.3: "Remove one or more dream counters" removes a number chosen as the cost is paid, at least one."""
    part = parse_activation_cost("{T}, Remove one or more dream counters from this", "Rasputin").parts[0]
    assert (part.action, part.what, part.amount) == ("remove_counters", "dream", 0)


def test_an_unlisted_graveyard_is_unknown_not_empty():
    """A zone the scenario does not list has unknown contents: unsupported naming the card, never 0 (CR 404.1)."""
    a = _ask(["Deathbloom Ritualist"], {"available_mana": "Alice"})
    assert a.verdict == "unsupported" and "Deathbloom Ritualist" in a.message and "graveyard" in a.message


def test_an_unlisted_hand_is_unknown_for_a_reveal():
    """CR 701.20a / 608.2d: the cards revealed are chosen among the hand's as it resolves; an unlisted hand is unknown."""
    a = _ask([{"card": "Metalworker", "id": "mw"}], {"could_produce": {"id": "mw"}})
    assert a.verdict == "unsupported"


def test_every_number_of_revealed_cards_is_an_option():
    """CR 608.2d: 0, 1 or 2 artifact cards revealed: {C}{C}{C}{C} is the one maximal pool, the others are contained."""
    a = _ask(["Metalworker"], {"available_mana": "Alice"}, hand={"Alice": ["Sol Ring", "Sol Ring"]})
    assert a.values["pools"] == ["{C}{C}{C}{C}"]


def test_battery_options_are_every_number_of_counters_removed():
    """CR 107.3 / 118.3: with one charge counter the battery can remove 0 or 1: {B} or {B}{B} (both options listed for
    payments; available_mana keeps the maximal one)."""
    from mtgcheck.models.data.database import load_database
    from mtgcheck.models.data.scenario import build_state, load_scenarios
    from mtgcheck.solver.rules.mana.sources import mana_sources
    import yaml, tempfile, os

    sc = {"players": ["Alice", "Bob"], "cards": CARDS,
          "battlefield": {"Alice": [{"card": "Black Mana Battery", "counters": {"charge": 1}}]},
          "ask": {"available_mana": "Alice"}}
    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, "s.yaml")
        with open(p, "w", encoding="utf-8") as f:
            yaml.safe_dump(sc, f, allow_unicode=True)
        state = build_state(load_scenarios(p)[0], load_database(None))[0]
    (src,) = mana_sources(state, "Alice")
    assert sorted(str(o) for o in src.options) == ["{B}", "{B}{B}"]


def test_sacrificed_objects_value_is_ignored_for_could_produce_and_enumerated_for_pools():
    """CR 106.7 and the Exotic Orchard ruling 2009-02-01: costs are ignored, so Priest of Yawgmoth could produce {B}
    with no artifact. available_mana tries every artifact (CR 601.2h) read as it last existed (608.2h): Sol Ring,
    tapped first for {C}{C} (CR 605.3a), then sacrificed for {B}. Payments do not enumerate that choice yet
    (unsupported naming the card). Food Chain exiles Grizzly Bears (mana value 2) for 1 + 2 = 3 mana of one colour
    (608.2h; the exile is folded like a sacrifice outlet, solver.rules.mana.sacrifice_pools)."""
    a = _ask([{"card": "Priest of Yawgmoth", "id": "p"}], {"could_produce": {"id": "p"}})
    assert a.values["types"] == ["B"]
    b = _ask(["Priest of Yawgmoth", "Sol Ring"], {"available_mana": "Alice"})
    assert b.values["pools"] == ["{B}{C}{C}"]
    c = _ask(["Priest of Yawgmoth", "Sol Ring"], {"cast": {"card": "Grizzly Bears"}}, hand={"Alice": ["Grizzly Bears"]})
    assert c.verdict == "unsupported" and "Priest of Yawgmoth" in c.message
    cards = dict(CARDS, **{"Food Chain": {"mana_cost": "{2}{G}", "type_line": "Enchantment", "oracle_text":
                                          "Exile a creature you control: Add X mana of any one color, where X is 1 plus "
                                          "the exiled creature's mana value."}})
    d = ask({"players": ["Alice", "Bob"], "cards": cards, "battlefield": {"Alice": ["Food Chain", "Grizzly Bears"]},
             "ask": {"available_mana": "Alice"}})
    assert sorted(d.values["pools"]) == sorted("{" + c + "}" + "{" + c + "}" + "{" + c + "}" for c in "WUBRG")


def test_devotion_to_the_chosen_colour_per_colour():
    """CR 700.5: Serra Angel {3}{W}{W} gives devotion 2 to white; Nyx Lotus adds {W}{W} (no other colour)."""
    a = _ask(["Nyx Lotus", "Serra Angel"], {"available_mana": "Alice"})
    assert a.values["pools"] == ["{W}{W}"]


def test_chosen_creature_type_must_be_given():
    """CR 607.2a: the type chosen as Three Tree City entered is recorded on it; without it: unsupported, not a guess."""
    a = _ask([{"card": "Three Tree City", "id": "c"}, "Llanowar Elves"], {"could_produce": {"id": "c"}})
    assert a.verdict == "unsupported"
    b = _ask([{"card": "Three Tree City", "id": "c", "choices": {"creature_type": "Elf"}}, "Llanowar Elves"],
             {"could_produce": {"id": "c"}})
    assert b.values["types"] == ["W", "U", "B", "R", "G", "C"]


def test_amounts_read_from_the_game_are_never_cached_per_ability():
    """solver/rules/ability_cache.py: only context-free amounts may be reused across boards; an amount read from the game
    (or chosen with the cost) disqualifies the ability."""
    from mtgcheck.models.vocab.behaviour import abilities_of
    from mtgcheck.models.data.scenario import scenario_cards  # noqa: F401  (the card is built from its text below)
    from mtgcheck.models.game.cards import card_from_fields
    from mtgcheck.solver.rules.ability_cache import context_free

    for name in ("Deathbloom Ritualist", "Black Mana Battery", "Nyx Lotus", "Priest of Yawgmoth", "Metalworker"):
        card = card_from_fields(dict(CARDS[name], name=name), source="test")
        mana = [ab for ab in abilities_of(card) if isinstance(ab.effect, AddMana)]
        assert mana and not any(context_free(ab) for ab in mana), name


@pytest.mark.parametrize("history, pools", [({"life_gained": {"Alice": 2}}, 5), ({}, 5)])
def test_history_amount_reads_the_turn(history, pools):
    """CR 119.3: life gained this turn (the scenario's history); without a history nothing was gained (one mana)."""
    cards = dict(CARDS, **{"Accomplished Alchemist": {
        "mana_cost": "{3}{G}", "type_line": "Creature — Elf Druid", "power": "2", "toughness": "5",
        "oracle_text": "{T}: Add one mana of any color.\n{T}: Add X mana of any one color, where X is the amount of "
                       "life you gained this turn."}})
    sc = {"players": ["Alice", "Bob"], "cards": cards, "battlefield": {"Alice": ["Accomplished Alchemist"]},
          "ask": {"available_mana": "Alice"}}
    if history:
        sc["turn"] = {"history": history}
    a = ask(sc)
    size = 2 if history else 1
    assert a.values["count"] == pools and all(len(p) == 3 * size for p in a.values["pools"])
