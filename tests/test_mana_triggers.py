"""Triggered mana abilities (CR 605.1b, 605.4a, 106.12a): parsing the class from oracle text, and the mana they
add in available_mana and payments. Expected values come from the rules and rulings named in each test.
"""
from __future__ import annotations

import pytest

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.vocab.mana_effects import AddMana
from mtgcheck.models.text.mana_triggers import parse_triggered_mana
from mtgcheck.models.text.oracle import parse_abilities
from mtgcheck.solver.rules.mana.pools import available_mana
from tests.boards import CAT, board


def _card(name: str, type_line: str, text: str, cost: str = "{2}"):
    return card_from_fields({"name": name, "type_line": type_line, "oracle_text": text, "mana_cost": cost})


# ---- parsing (oracle wording → the typed trigger) ----------------------------------------------------------------

def test_caged_sun_wording_is_a_land_ability_trigger_of_the_chosen_colour():
    """CR 605.1b: Caged Sun's "whenever a land's ability causes you to add one or more mana of the chosen color,
    add one additional mana of that color" — any land mana ability, the trigger's controller adds, one mana."""
    p = parse_triggered_mana("Whenever a land's ability causes you to add one or more mana of the chosen color, "
                             "add one additional mana of that color.")
    assert p["trigger"]["event"] == "land_ability_adds"
    assert p["trigger"]["of_chosen_color"] is True and p["trigger"]["to"] == "you"
    assert p["chosen_color"] is True and p.get("amount", 1) == 1


def test_snowfall_wording_optional_instead_and_cumulative_upkeep_restriction():
    """Snowfall oracle: "may add" {U}, {U}{U} instead if that Island is snow, spend only on cumulative upkeep
    (CR 106.6, 702.24a)."""
    p = parse_triggered_mana("Whenever an Island is tapped for mana, its controller may add an additional {U}. If that "
                             "Island is snow, its controller may add an additional {U}{U} instead. Spend this mana only "
                             "to pay cumulative upkeep costs.")
    assert p["mana"] == "{U}" and p["instead"]["mana"] == "{U}{U}"
    assert p["instead"]["condition"] == "that island is snow"
    assert p["restriction"] == "cumulative_upkeep" and p["trigger"]["optional"] is True


def test_damage_rider_is_kept_not_dropped():
    """Overabundance: the damage happens as the mana is made (CR 120.3); the sentence stays (never dropped)."""
    card = _card("Test Overabundance", "Enchantment", "Whenever a player taps a land for mana, that player adds one mana "
                 "of any type that land produced, and this enchantment deals 1 damage to the player.")
    (ab,) = parse_abilities(card)
    assert isinstance(ab.effect, AddMana) and ab.effect.produced_type
    assert [r.text for r in ab.effect.riders] == ["This enchantment deals 1 damage to the player."]


def test_opponent_untap_trigger_is_not_a_mana_ability():
    """CR 605.5a: a trigger from a mana ability that could not produce mana is not a mana ability (Vorinclex's
    second ability): it changes no mana answer now."""
    from mtgcheck.models.vocab.topics import Topic

    card = _card("Test Vorinclex", "Creature — Horror", "Whenever an opponent taps a land for mana, that land doesn't "
                 "untap during its controller's next untap step.")
    (ab,) = parse_abilities(card)
    assert Topic.MANA_PRODUCTION not in ab.effect.topics


def test_monarch_condition_is_kept_with_the_trigger():
    """Regal Behemoth: "while you're the monarch" (CR 724) is the trigger's condition, typed (``HasDesignation``),
    never a trigger without its condition; it is read against the scenario's designations."""
    from mtgcheck.models.vocab.conditions import HasDesignation

    card = _card("Test Behemoth", "Creature — Lizard", "Whenever you tap a land for mana while you're the monarch, "
                 "add an additional one mana of any color.")
    (ab,) = parse_abilities(card)
    assert isinstance(ab.effect, AddMana) and ab.effect.trigger.condition == HasDesignation("monarch")


# ---- solving ------------------------------------------------------------------------------------------------------

def _caged(color: str, owner_board):
    s = owner_board
    sun = next(p for p in s.battlefield if p.name == "Caged Sun")
    sun.choices = {"color": color}
    return s


def test_caged_sun_one_extra_for_a_land_not_for_a_creature():
    """Caged Sun oracle ("a land's ability"), CR 605.1b: Forest +{G}; Llanowar Elves (a creature) nothing."""
    pools, _ = available_mana(_caged("G", board(["Forest", "Llanowar Elves", "Caged Sun"])), "Alice")
    assert pools == ["{G}{G}{G}"]


def test_caged_sun_triggers_once_per_ability_even_for_two_mana_of_its_colour():
    """Caged Sun oracle ("one or more mana of the chosen color ... one additional mana"): a land that adds {G}{G}
    gets one more {G}, not two (CR 603.2c: one trigger per event)."""
    twin = _card("Test Twin Grove", "Land", "{T}: Add {G}{G}.", cost="")
    pools, _ = available_mana(_caged("G", board([twin, "Caged Sun"])), "Alice")
    assert pools == ["{G}{G}{G}"]


def test_caged_sun_also_for_a_land_ability_without_tap():
    """Caged Sun oracle: any ability of a land that adds mana (not only "tapped for mana", CR 106.12): a land's
    "{U}{U}: Add {G}" filter still triggers it, tapping-based triggers (Wild Growth) do not."""
    filt = _card("Test Filter Land", "Land", "{U}{U}: Add {G}.", cost="")
    s = _caged("G", board(["Island", "Island", filt, "Caged Sun"]))
    pools, _ = available_mana(s, "Alice")
    # the Islands' {U}{U} pay {U}{U}: the land adds {G} and Caged Sun one more {G} (without it: only {G}, dominated)
    assert sorted(pools) == ["{G}{G}", "{U}{U}"]


def test_gauntlet_needs_the_chosen_colour_after_replacement_effects():
    """CR 106.12a (tapped for mana of a specified type: what was actually produced); Contamination makes the
    Mountain produce {B}, so a red Gauntlet of Power does not trigger."""
    s = board(["Mountain", "Gauntlet of Power", "Contamination"])
    s.battlefield[1].choices = {"color": "R"}
    pools, _ = available_mana(s, "Alice")
    assert pools == ["{B}"]


def test_snow_trigger_source_makes_snow_mana():
    """Kinnan ruling 2020-04-17 (the additional mana is produced by the trigger's source); CR 107.4h: mana from a
    snow source is snow mana, so a snow Aura's extra mana is snow."""
    from mtgcheck.solver.rules.mana.sources import mana_sources

    frost = _card("Test Frost", "Snow Enchantment — Aura", "Enchant land\nWhenever enchanted land is tapped for mana, "
                  "its controller adds an additional {G}.", cost="{G}")
    s = board(["Forest", frost])
    s.battlefield[1].attached_to = s.battlefield[0].id
    (src,) = mana_sources(s, "Alice")
    (opt,) = src.options
    assert sorted((m.type, m.snow) for m in opt.mana) == [("G", False), ("G", True)]


@pytest.mark.parametrize("name", ["Caged Sun", "Gauntlet of Power", "Snowfall", "Utopia Sprawl", "Overgrowth",
                                  "Dictate of Karametra", "Keeper of Progenitus", "Vorinclex, Voice of Hunger"])
def test_catalog_models_of_the_class_are_triggered_mana_abilities(name):
    """CR 605.1b: each catalog model of the class has a triggered add_mana ability with a trigger."""
    assert any(a.kind == "triggered" and isinstance(a.effect, AddMana) and a.effect.trigger is not None
               for a in abilities_of(CAT[name]))


# ---- could produce (CR 106.7) ---------------------------------------------------------------------------------------

def _types(state, pid):
    from mtgcheck.solver.rules.mana.produce import could_produce

    return "".join(t for t in "WUBRGC" if t in could_produce(state).types[pid])


def test_a_land_does_not_could_produce_an_auras_extra_mana():
    """CR 106.7 ("an ability of that permanent"); Kinnan ruling 2020-04-17 (the additional mana is produced by the
    trigger's source): an Island with Overgrowth could produce {U} only."""
    s = board(["Island", "Overgrowth"])
    s.battlefield[1].attached_to = s.battlefield[0].id
    assert _types(s, s.battlefield[0].id) == "U"


def test_the_aura_itself_could_produce_what_its_trigger_adds():
    """CR 106.7: the Aura's own triggered mana ability, read as if it resolved now, adds {G}{G}: Overgrowth could
    produce {G}."""
    s = board(["Island", "Overgrowth"])
    s.battlefield[1].attached_to = s.battlefield[0].id
    assert _types(s, s.battlefield[1].id) == "G"


def test_a_type_that_land_produced_defines_no_type_for_could_produce():
    """CR 106.7 ("or no type of mana can be defined this way"): Mana Flare, read without a tapped land, defines no
    type of mana, so it could produce none."""
    s = board(["Forest", "Mana Flare"])
    assert _types(s, s.battlefield[1].id) == ""


def test_snowfall_could_produce_blue_whatever_the_island():
    """CR 106.7: Snowfall's output is {U} or {U}{U} depending on the Island (the event's object): blue either way."""
    s = board(["Island", "Snowfall"])
    assert _types(s, s.battlefield[1].id) == "U"


# ---- resolved spells and life ----------------------------------------------------------------------------------------

def test_high_tide_in_force_adds_for_every_players_islands():
    """High Tide oracle ("whenever a player taps an Island for mana, that player adds an additional {U}"), a delayed
    triggered mana ability in force this turn (CR 603.7a, 605.1b): Bob's High Tide helps Alice's Island."""
    pools, _ = available_mana(board(["Island"], effects=[("High Tide", "Bob", None)]), "Alice")
    assert pools == ["{U}{U}"]


def test_damage_rider_does_not_block_pools_that_pay_no_life(tmp_path, real_db):
    """CR 119.4: a pool depends on the life total only when a mana ability pays life. Overabundance's damage changes
    no pool of Forests (answered); with Mana Confluence ("Pay 1 life") it could, so it is unsupported, naming it."""
    import textwrap

    from mtgcheck.models.data.scenario import load_scenarios
    from mtgcheck.solver.questions.runner import run_scenario

    def run(cards):
        p = tmp_path / "s.yaml"
        p.write_text(textwrap.dedent(f"""\
            players: [Alice, Bob]
            source: CR 119.4
            battlefield: {{Alice: [{cards}]}}
            ask: {{available_mana: Alice}}
            """))
        (sc,) = load_scenarios(p)
        return run_scenario(sc, real_db)

    res = run("Forest, Overabundance")
    assert res.verdict != "unsupported" and res.answer.values["pools"] == ["{G}{G}"]
    res = run("Forest, Overabundance, Mana Confluence")
    assert res.verdict == "unsupported" and "Overabundance" in res.message
