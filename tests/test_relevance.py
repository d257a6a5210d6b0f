"""The gate's precision: an unmodelled sentence whose only possible effect is on something the question
does not read leaves the answer exact; the same sentence where something in play does read it keeps the answer
unsupported, naming the card and the sentence (models/text/relevance.py, solver/rules/gate.py).

Each narrowing has a positive and a negative test naming its rule. Expected answers come from the rules named,
never from running the engine: the mana a permanent could produce is what its mana abilities would add (CR 106.7),
which no power/toughness change (613.4c), combat keyword (702.2 ...), subtype (205.3, 613.1d), combat rule (506-509),
entering replacement (614.12) or deck-building rule (903.5) changes.
"""
from __future__ import annotations

import json
import textwrap

import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.data.scenario import load_scenarios
from mtgcheck.models.text.relevance import static_change, token_read_by
from mtgcheck.models.text.topics import classify
from mtgcheck.solver.questions.runner import PASS, UNSUPPORTED, run_scenario


@pytest.fixture(scope="module")
def db():
    return load_database()


def _run(tmp_path, db, cards: dict[str, tuple[str, str, str]], body: str):
    """Run a scenario with invented cards ``{name: (type line, oracle text, power/toughness or "")}``."""
    lines = ["players: [Alice, Bob]"] + (["cards:"] if cards else [])
    for name, (type_line, text, pt) in cards.items():
        lines.append(f"  {name}:")
        lines.append('    mana_cost: "{2}"')
        lines.append(f"    type_line: {type_line}")
        lines.append(f"    oracle_text: {json.dumps(text)}")
        if text.startswith("Enchant "):
            lines.append("    keywords: [Enchant]")
        if pt:
            p, t = pt.split("/")
            lines.append(f'    power: "{p}"')
            lines.append(f'    toughness: "{t}"')
    path = tmp_path / "s.yaml"
    path.write_text("\n".join(lines) + "\n" + textwrap.dedent(body), encoding="utf-8")
    (sc,) = load_scenarios(path)
    return run_scenario(sc, db)


def _unsupported_naming(r, sentence: str) -> bool:
    return r.verdict == UNSUPPORTED and sentence in r.message


ELF = ("Creature — Elf Druid", "{T}: Add {G}.", "1/1")


# --- CR 613.4c: a power/toughness change ----------------------------------------------------------------------

ANTHEM = "Colorless creatures you control get +2/+2."


def test_cr_613_4c_a_pt_change_is_typed_by_its_change_not_its_words():
    """CR 613.4c (layer 7c) and 611.3a (a condition says when, not what): the colour word of the object words and
    the condition add no topic."""
    assert classify(ANTHEM, "static") == frozenset({Topic.POWER_TOUGHNESS})
    sc = static_change("As long as the top card of your library is a creature card, this creature gets +3/+3.")
    assert sc is not None and sc.changes == ("pt",) and sc.reads == frozenset({"power_toughness"})


def test_cr_613_4c_106_7_a_pt_change_does_not_change_what_a_land_could_produce(tmp_path, db):
    """CR 106.7: what a permanent could produce is what its mana abilities would add; a +2/+2 changes none."""
    r = _run(tmp_path, db, {"Odd Monument": ("Artifact", ANTHEM, ""), "Test Elf": ELF}, """
        battlefield:
          Alice: [Odd Monument, Test Elf]
        ask: {could_produce: Test Elf}
        expect: [G]
        """)
    assert r.verdict == PASS, r.message


def test_cr_613_4c_a_pt_change_counts_where_a_mana_amount_reads_power(tmp_path, db):
    """CR 613.4c, 208.3: an amount "equal to this creature's power" reads what the +2/+2 changes: unsupported."""
    joiner = ("Creature — Elf Druid", "{T}: Add an amount of {G} equal to this creature's power.", "1/2")
    r = _run(tmp_path, db, {"Odd Monument": ("Artifact", ANTHEM, ""), "Test Joiner": joiner}, """
        battlefield:
          Alice: [Odd Monument, Test Joiner]
        ask: {available_mana: Alice}
        expect: {pools: ["{G}"]}
        """)
    assert _unsupported_naming(r, ANTHEM), r.message


def test_cr_704_5f_a_toughness_decrease_is_not_typed():
    """CR 704.5f: a creature with toughness 0 or less is put into its owner's graveyard, so "get -1/-1" can change
    what is on the battlefield: not typed as a power/toughness change only."""
    assert static_change("Other creatures get -1/-1.") is None
    assert static_change("Creatures your opponents control get +1/-1.") is None


# --- CR 702: combat keywords ------------------------------------------------------------------------------------

def test_cr_702_2_a_deathtouch_grant_changes_no_mana(tmp_path, db):
    """CR 702.2b (deathtouch works on damage) and 106.7: the Elf could still produce green."""
    r = _run(tmp_path, db, {"Odd Banner": ("Enchantment", "Creatures you control have deathtouch.", ""), "Test Elf": ELF}, """
        battlefield:
          Alice: [Odd Banner, Test Elf]
        ask: {could_produce: Test Elf}
        expect: [G]
        """)
    assert r.verdict == PASS, r.message


def test_cr_702_9_a_flying_grant_counts_where_a_restriction_names_flying(tmp_path, db):
    """CR 702.9 (flying), 602.5b: "Activate only if you control a creature with flying" reads what the grant
    changes: the activate answer stays unsupported, naming the grant."""
    grant = "Creatures you control have flying."
    sky = ("Creature — Bird", "{T}: Add {U}. Activate only if you control a creature with flying.", "1/1")
    r = _run(tmp_path, db, {"Odd Banner": ("Enchantment", grant, ""), "Test Bird": sky}, """
        battlefield:
          Alice: [Odd Banner, Test Bird]
        ask: {activate: {permanent: Test Bird, ability: 1}}
        expect: {activatable: true}
        """)
    assert _unsupported_naming(r, grant), r.message


def test_cr_302_6_haste_counts_where_a_permanent_is_sick_and_hexproof_is_not_typed():
    """CR 302.6, 702.10b: haste decides {T} abilities only of a permanent not controlled continuously since its
    controller's turn began, so a haste grant reads the state's ``sick`` permanents (``solver.rules.gate.read_in_state``)
    and any words naming haste; CR 702.11 (hexproof decides targets): never narrowed."""
    c = static_change("Creatures you control have haste.")
    assert c is not None and c.changes == ("keyword:haste",) and {"sick", "keyword:haste"} <= c.reads
    assert static_change("Syr Ginger has trample, hexproof, and haste as long as an opponent controls a planeswalker.") is None


# --- CR 205.3m, 205.3i, 613.1d: subtypes ----------------------------------------------------------------------------

SLIVERS = "Eldrazi you control are Slivers in addition to their other types."


def test_cr_613_1d_a_creature_type_addition_changes_no_mana(tmp_path, db):
    """CR 205.3m, 613.1d: a creature type changes no mana ability (only basic land types do, 305.6)."""
    r = _run(tmp_path, db, {"Odd Hive": ("Enchantment", SLIVERS, ""), "Test Elf": ELF}, """
        battlefield:
          Alice: [Odd Hive, Test Elf]
        ask: {could_produce: Test Elf}
        expect: [G]
        """)
    assert r.verdict == PASS, r.message


def test_cr_613_1d_a_creature_type_addition_counts_where_a_count_names_the_type(tmp_path, db):
    """CR 613.1d: "for each Sliver you control" reads what the sentence changes: unsupported, naming it."""
    counter = ("Creature — Sliver", "{T}: Add {G} for each Sliver you control.", "1/1")
    r = _run(tmp_path, db, {"Odd Hive": ("Enchantment", SLIVERS, ""), "Test Sliver": counter}, """
        battlefield:
          Alice: [Odd Hive, Test Sliver]
        ask: {could_produce: Test Sliver}
        expect: [G]
        """)
    assert _unsupported_naming(r, SLIVERS), r.message


DESERTS = "Lands you control are Deserts in addition to their other types."


def test_cr_305_6_a_nonbasic_land_type_gives_no_mana_ability(tmp_path, db):
    """CR 305.6: only the basic land types have intrinsic mana abilities; Desert (205.3i) has none."""
    r = _run(tmp_path, db, {"Odd Dunes": ("Enchantment", DESERTS, "")}, """
        battlefield:
          Alice: [Odd Dunes, Forest]
        ask: {could_produce: Forest}
        expect: [G]
        """)
    assert r.verdict == PASS, r.message


def test_cr_305_6_a_nonbasic_land_type_counts_where_a_cost_names_it(tmp_path, db):
    """CR 613.1d: "Sacrifice a Desert" reads what the sentence changes: unsupported, naming it."""
    altar = ("Artifact", "{T}, Sacrifice a Desert: Add {C}{C}.", "")
    r = _run(tmp_path, db, {"Odd Dunes": ("Enchantment", DESERTS, ""), "Test Altar": altar}, """
        battlefield:
          Alice: [Odd Dunes, Test Altar, Forest]
        ask: {available_mana: Alice}
        expect: {pools: ["{G}"]}
        """)
    assert _unsupported_naming(r, DESERTS), r.message


def test_cr_305_6_a_basic_land_type_is_never_typed():
    """CR 305.6, 305.7: a basic land type gives its intrinsic mana ability: kept wide; so is a card type (302.6)."""
    assert static_change("Lands you control are Swamps in addition to their other types.") is None
    assert static_change("Enchanted creature gets +1/+1 and is an artifact in addition to its other types.") is None
    sc = static_change("Stonework Packbeast is also a Cleric, Rogue, Warrior, and Wizard.")
    assert sc is not None and sc.changes == ("subtype:Cleric", "subtype:Rogue", "subtype:Warrior", "subtype:Wizard")
    assert token_read_by("subtype:Cleric", "Add {C} for each creature in your party.")  # CR 700.8


# --- CR 205.4g, 107.4h: snow ----------------------------------------------------------------------------------------

SNOW = "Enchanted land is snow."


def test_cr_106_7_snow_changes_no_type_a_land_could_produce(tmp_path, db):
    """CR 106.7: could_produce is about types of mana only; snow (205.4g) is not a type of mana."""
    aura = ("Enchantment — Aura", "Enchant land\n" + SNOW, "")
    r = _run(tmp_path, db, {"Odd Frost": aura}, """
        battlefield:
          Alice: [{card: Forest, id: f}, {card: Odd Frost, attached_to: f}]
        ask: {could_produce: {id: f}}
        expect: [G]
        """)
    assert r.verdict == PASS, r.message


def test_cr_107_4h_snow_counts_for_the_pools_of_available_mana_where_s_is_paid(tmp_path, db):
    """CR 107.4h, 106.3: mana from a snow source pays {S}; a pool does not say which mana is snow, so available_mana
    reads the snow sentence where something in play names {S} or snow (a mana ability costing {S}): unsupported,
    naming it. (Without such a reader the pools are the same snow or not: tests/test_sentences_that_change_no_answer.py.)"""
    aura = ("Enchantment — Aura", "Enchant land\n" + SNOW, "")
    converter = ("Artifact", "{S}, {T}: Add {C}{C}.", "")
    r = _run(tmp_path, db, {"Odd Frost": aura, "Rime Converter": converter}, """
        battlefield:
          Alice: [{card: Forest, id: f}, {card: Odd Frost, attached_to: f}, Rime Converter]
        ask: {available_mana: Alice}
        expect: {pools: ["{G}"]}
        """)
    assert _unsupported_naming(r, SNOW), r.message


# --- CR 506-509: combat rules ------------------------------------------------------------------------------------------

BLOCK = "As long as this artifact is a creature, it can block an additional creature each combat."


def test_cr_509_1_a_blocking_rule_changes_no_mana(tmp_path, db):
    """CR 509.1a-c (blocking requirements and permissions): nothing of mana; the totem taps for red."""
    totem = ("Artifact", "{T}: Add {R}.\n" + BLOCK, "")
    r = _run(tmp_path, db, {"Test Totem": totem}, """
        battlefield:
          Alice: [Test Totem]
        ask: {could_produce: Test Totem}
        expect: [R]
        """)
    assert r.verdict == PASS, r.message


def test_a_combat_sentence_with_an_untyped_part_keeps_its_topics(tmp_path, db):
    """A sentence with a part the reader cannot type stays wide: "its activated abilities can't be activated"
    (CR 602.5) could change the answer, so could_produce stays unsupported, naming it."""
    line = ("As long as this artifact is a creature, it can block an additional creature each combat and its "
            "activated abilities can't be activated.")
    assert static_change(line) is None
    totem = ("Artifact", "{T}: Add {R}.\n" + line, "")
    r = _run(tmp_path, db, {"Test Totem": totem}, """
        battlefield:
          Alice: [Test Totem]
        ask: {available_mana: Alice}
        expect: {pools: ["{R}"]}
        """)
    assert _unsupported_naming(r, line), r.message


# --- CR 614.12, 113.6h: the object's own entering ------------------------------------------------------------------

OUTPOST = ("If this land would enter, sacrifice an untapped Mountain instead. If you do, put this land onto the "
           "battlefield. If you don't, put it into its owner's graveyard.")


def test_cr_614_12_an_entering_replacement_does_nothing_on_the_battlefield(tmp_path, db):
    """CR 614.12, 113.6h: the replacement applies only as the land would enter; on the battlefield it taps for
    what its mana ability adds."""
    post = ("Land", OUTPOST + "\n{T}: Add {C}{R}.", "")
    r = _run(tmp_path, db, {"Test Post": post}, """
        battlefield:
          Alice: [Test Post]
        ask: {could_produce: Test Post}
        expect: [R, C]
        """)
    assert r.verdict == PASS, r.message
    assert classify(OUTPOST, "static") == frozenset({Topic.RESOLUTION, Topic.ZONES})


def test_cr_614_12_more_wording_after_an_entering_replacement_is_not_typed():
    """A sentence after the replacement that does something else ("Draw a card.") keeps the line wide."""
    assert static_change(OUTPOST + " Draw a card.") is None


# --- CR 614.1a: counters put later ----------------------------------------------------------------------------------

SCALES = ("If one or more +1/+1 counters would be put on a permanent you control, that many plus one +1/+1 "
          "counters are put on that permanent instead.")


def test_cr_614_1a_a_counter_replacement_changes_no_power_now(tmp_path, db):
    """CR 614.1a, 122.6: the replacement changes counters put later; the creature's power now is printed plus its
    counters (208.3), here 1: it adds one mana of any colour."""
    kami = ("Creature — Spirit", SCALES + "\n{T}: Add X mana of any one color, where X is this creature's power.", "1/1")
    r = _run(tmp_path, db, {"Test Kami": kami}, """
        battlefield:
          Alice: [Test Kami]
        ask: {could_produce: Test Kami}
        expect: [W, U, B, R, G]
        """)
    assert r.verdict == PASS, r.message


def test_cr_614_1a_a_counter_replacement_counts_where_counters_are_put(tmp_path, db):
    """Erring toward unsupported: with an ability in play that puts counters, the replacement is counted
    (the available_mana answer names it)."""
    kami = ("Creature — Spirit", SCALES + "\n{T}: Add X mana of any one color, where X is this creature's power.", "1/1")
    feeder = ("Artifact", "{T}: Add {C}. Put a +1/+1 counter on target creature you control.", "")
    r = _run(tmp_path, db, {"Test Kami": kami, "Test Feeder": feeder}, """
        battlefield:
          Alice: [Test Kami, Test Feeder]
        ask: {could_produce: Test Kami}
        expect: [W, U, B, R, G]
        """)
    assert _unsupported_naming(r, SCALES), r.message


# --- CR 903.5, 100.2a: deck-building rules --------------------------------------------------------------------------

def test_cr_100_2a_a_deck_building_rule_does_nothing_in_a_game(tmp_path, db):
    """CR 100.2a, 903.5: what a deck may contain is checked before the game; nothing of mana depends on it."""
    petitioner = ("Creature — Human Advisor", "{T}: Add {U}.\nA deck can have any number of cards named Test Petitioner.",
                  "1/3")
    r = _run(tmp_path, db, {"Test Petitioner": petitioner}, """
        battlefield:
          Alice: [Test Petitioner]
        ask: {could_produce: Test Petitioner}
        expect: [U]
        """)
    assert r.verdict == PASS, r.message
    assert classify("A deck can have any number of cards named Test Petitioner.", "static") == frozenset(
        {Topic.DECK_CONSTRUCTION})


def test_a_deck_rule_about_colours_is_not_typed():
    """"As you create your deck, circle two of the colors below" decides what the card's mana ability adds (the
    circled colours): never typed as a deck rule."""
    assert static_change("As you create your deck, circle two of the colors below.") is None


# --- the catalog's typed sentences (``reads``) -----------------------------------------------------------------------

def test_cr_613_4c_catalog_patchwork_banner_counts_with_viridian_joiner(tmp_path, db):
    """CR 613.4c, 208.3: Patchwork Banner naming Elf pumps Viridian Joiner (an Elf), whose mana is "equal to this
    creature's power": the amount is what the +1/+1 changes, so available_mana is unsupported, naming the Banner."""
    r = _run(tmp_path, db, {}, """
        battlefield:
          Alice: [{card: Patchwork Banner, choices: {creature_type: Elf}}, Viridian Joiner]
        ask: {available_mana: Alice}
        expect: {pools: ["{G}{G}"]}
        """)
    assert r.verdict == UNSUPPORTED and "Patchwork Banner" in r.message, r.message


def test_cr_702_2_catalog_reads_a_keyword_named_by_another_ability(tmp_path, db):
    """CR 702.2, 602.5b: the catalog's Deathcap Cultivator declares what reads its grant (``reads``); a restriction
    naming deathtouch reads it, so the activate answer is unsupported, naming the Cultivator."""
    reader = ("Creature — Elf", "{T}: Add {G}. Activate only if you control a creature with deathtouch.", "1/1")
    r = _run(tmp_path, db, {"Test Reader": reader}, """
        battlefield:
          Alice: [Deathcap Cultivator, Test Reader]
        ask: {activate: {permanent: Test Reader, ability: 1}}
        expect: {activatable: false}
        """)
    assert r.verdict == UNSUPPORTED and "Deathcap Cultivator" in r.message, r.message


# --- CR 721.2a, 122.2: a striation of a card being cast ---------------------------------------------------------------

SHIP = ("Artifact — Spacecraft", "Station\nSTATION 8+\nFlying\n{T}: Add {C}.", "5/5")


def test_cr_721_2a_a_station_striation_does_nothing_while_its_card_is_cast(tmp_path, db):
    """CR 721.2a (the striation's abilities need 8 charge counters), 122.2 and 400.7 (a spell is a new object with
    no counters): casting the Spacecraft is answered."""
    r = _run(tmp_path, db, {"Test Ship": SHIP}, """
        hand:
          Alice: [Test Ship]
        battlefield:
          Alice: [Forest, Island]
        ask: {cast: {card: Test Ship}}
        expect: {castable: true}
        """)
    assert r.verdict == PASS, r.message


def test_cr_721_2b_a_charged_station_permanent_is_a_creature_the_engine_does_not_model(tmp_path, db):
    """CR 721.2b: with 8 charge counters the permanent is a creature (its striation's "is a creature" line is not
    modelled): what it could produce stays unsupported, naming the line."""
    r = _run(tmp_path, db, {"Test Ship": SHIP}, """
        battlefield:
          Alice: [{card: Test Ship, counters: {charge: 8}}]
        ask: {available_mana: Alice}
        expect: {pools: ["{C}"]}
        """)
    assert r.verdict == UNSUPPORTED and "STATION 8+" in r.message, r.message


# --- CR 700.5: devotion counted one more ---------------------------------------------------------------------------------

DEVOTION = "Your devotion to each color and each combination of colors is increased by one."


def test_cr_700_5_devotion_read_by_nothing_changes_no_mana(tmp_path, db):
    """CR 700.5: devotion is a count some abilities read; with none in play the altar's mana is what it adds."""
    altar = ("Artifact", "{T}: Add one mana of any color.\n" + DEVOTION, "")
    r = _run(tmp_path, db, {"Test Altar": altar}, """
        battlefield:
          Alice: [Test Altar]
        ask: {could_produce: Test Altar}
        expect: [W, U, B, R, G]
        """)
    assert r.verdict == PASS, r.message


def test_cr_700_5_devotion_counts_where_an_amount_reads_it(tmp_path, db):
    """CR 700.5: "equal to your devotion to green" reads what the altar changes: unsupported, naming it."""
    altar = ("Artifact", "{T}: Add one mana of any color.\n" + DEVOTION, "")
    temple = ("Land", "{T}: Add an amount of {G} equal to your devotion to green.", "")
    r = _run(tmp_path, db, {"Test Altar": altar, "Test Temple": temple}, """
        battlefield:
          Alice: [Test Altar, Test Temple]
        ask: {could_produce: Test Altar}
        expect: [W, U, B, R, G]
        """)
    assert _unsupported_naming(r, DEVOTION), r.message


# --- CR 602.2, 602.5: what activating an ability reads ----------------------------------------------------------------

def test_cr_602_2_an_effect_reading_power_matters_only_as_it_resolves(tmp_path, db):
    """CR 602.2, 608.2: "you gain life equal to the greatest power among creatures you control" is read as the
    ability resolves; whether it can be activated now does not depend on power, so the +2/+2 changes nothing."""
    tome = ("Artifact", "{2}, {T}: You gain life equal to the greatest power among creatures you control.", "")
    r = _run(tmp_path, db, {"Odd Monument": ("Artifact", ANTHEM, ""), "Test Tome": tome}, """
        battlefield:
          Alice: [Odd Monument, Test Tome, Forest, Island]
        ask: {activate: {permanent: Test Tome, ability: 1}}
        expect: {activatable: true}
        """)
    assert r.verdict == PASS, r.message


def test_cr_602_5_a_restriction_reading_power_counts(tmp_path, db):
    """CR 602.5b: "Activate only if you control a creature with power 4 or greater" reads what the +2/+2 changes
    (a 2/2 colorless creature becomes 4/4): the activate answer stays unsupported, naming the sentence."""
    tome = ("Artifact", "{2}, {T}: You gain 3 life. Activate only if you control a creature with power 4 or greater.", "")
    golem = ("Artifact Creature — Golem", "", "2/2")
    r = _run(tmp_path, db, {"Odd Monument": ("Artifact", ANTHEM, ""), "Test Tome": tome, "Test Golem": golem}, """
        battlefield:
          Alice: [Odd Monument, Test Tome, Test Golem, Forest, Island]
        ask: {activate: {permanent: Test Tome, ability: 1}}
        expect: {activatable: true}
        """)
    assert _unsupported_naming(r, ANTHEM), r.message


def test_cr_614_1c_entering_tapped_with_counters_does_nothing_on_the_battlefield(tmp_path, db):
    """CR 614.1c, 614.12: "enters tapped and with three charge counters on it" applied as it entered; the untapped
    artifact on the battlefield can be tapped for mana."""
    sphere = ("Artifact", "This artifact enters tapped and with three charge counters on it.\n{T}: Add {C}.", "")
    r = _run(tmp_path, db, {"Test Sphere": sphere}, """
        battlefield:
          Alice: [Test Sphere]
        ask: {activate: {permanent: Test Sphere, ability: 1}}
        expect: {activatable: true}
        """)
    assert r.verdict == PASS, r.message
    assert classify("You may have this land enter tapped. If you do, you get two rad counters.", "static") == frozenset(
        {Topic.RESOLUTION, Topic.ZONES})


def test_cr_905_2c_a_draft_instruction_does_nothing_in_a_game():
    """CR 905.2c: "Draft this card face up" works during the draft; a sentence read in the game after the draft
    ("the noted number", 905.2b) is not one of these."""
    assert classify("Draft this card face up.", "static") == frozenset({Topic.DECK_CONSTRUCTION})
    assert static_change("Reveal this card as you draft it and note how many cards you've drafted this draft round.") is None


def test_cr_602_2_another_activated_ability_of_the_permanent_is_not_the_subject(tmp_path, db):
    """CR 602.2: the totem's "{4}{R}: becomes a 4/4 creature" does nothing until it is activated, so whether its
    {T} mana ability can be activated does not depend on it."""
    totem = ("Artifact", "{T}: Add {R}.\n{4}{R}: This artifact becomes a 4/4 red Giant artifact creature with trample "
             "until end of turn.\n" + BLOCK, "")
    r = _run(tmp_path, db, {"Test Totem": totem}, """
        battlefield:
          Alice: [Test Totem]
        ask: {activate: {permanent: Test Totem, ability: 1}}
        expect: {activatable: true}
        """)
    assert r.verdict == PASS, r.message


# --- CR 702.167a: a keyword that stands for an activated ability ------------------------------------------------

def test_cr_702_167a_craft_materials_change_no_mana(real_db):
    """Craft is an activated ability ("[cost], Exile this ..., Exile [materials]: Return this card transformed",
    activated only as a sorcery) that adds no mana (CR 605.1a): its untyped materials ("with four or more red
    instant and/or sorcery cards {3}{R}{R}") change neither what the artifact could produce nor the pools, nor
    whether its mana ability (ability 1) can be activated (CR 602.2)."""
    from mtgcheck.models.vocab.behaviour import abilities_of
    from mtgcheck.models.game.state import GameState, Permanent
    from mtgcheck.solver.rules.board import board_view
    from mtgcheck.solver.rules.gate import unmodelled_findings

    card = real_db.get("Ore-Rich Stalactite // Cosmium Catalyst")
    craft = [a for a in abilities_of(card) if a.kind == "keyword" and a.effect.keyword == "craft"]
    assert craft and craft[0].is_activated_keyword
    s = GameState(players=["Alice", "Bob"], active="Alice")
    s.battlefield.append(Permanent(id="p1", card=card, controller="Alice", owner="Alice"))
    for topics in ([Topic.MANA_PRODUCTION, Topic.OTHER_MANA, Topic.CHARACTERISTICS],
                   [Topic.MANA_PRODUCTION, Topic.CHARACTERISTICS, Topic.ACTIVATION, Topic.COSTS]):
        assert not [f for f in unmodelled_findings(s, topics, view=board_view(s)) if "four or more red" in f.text]


# --- CR 602.5, 608.2c: which sentences of an activated ability's effect restrict activating it -----------------

@pytest.mark.parametrize("effect, restricts", [
    ("Draw a card. Activate only as a sorcery.", True),
    ("Untap this artifact. Activate no more than twice each turn.", True),
    ("Exchange control of two target nonlegendary creatures. You can't activate this ability during combat.", True),
    ("This creature deals X damage to target creature. Spend only red mana on X.", True),
    ("Draw a card. Any player may activate this ability.", True),
    ("Draw a card. You may activate this ability any time you could cast an instant.", True),
    # instructions followed as the ability resolves, after it was activated (CR 608.2c)
    ("Tap target creature or planeswalker. Its activated abilities can't be activated this turn.", False),
    ('Create a 1/1 blue Faerie creature token named Cloud Sprite. It has flying and "This token can block only '
     'creatures with flying."', False),
    ("When you next activate an exhaust ability that isn't a mana ability this turn, copy it.", False),
    ("Copy target activated or triggered ability you control.", False),
])
def test_cr_602_5_only_restriction_sentences_keep_the_activation_topic(effect, restricts):
    """CR 602.5: restrictions on activating an ability are part of it ("Activate only ...", "You can't activate this
    ability ..."); the other sentences of its effect happen as it resolves (608.2c), after it was activated, so
    "Its activated abilities can't be activated this turn" (Deadlock Trap, of its target) restricts nothing now."""
    assert (Topic.ACTIVATION in classify(effect, "activated", targets_typed=True)) is restricts


def test_cr_119_7_a_player_who_cant_gain_life_is_typed_by_its_change():
    """CR 119.7: "can't gain life" stops life gained as effects resolve and a cost that gains life; it is typed with
    the resolution topic only, read where an ability's cost gains life (never where one pays life, 119.4)."""
    for text in ("Your opponents can't gain life.", "Players can't gain life.", "Enchanted player can't gain life."):
        ch = static_change(text)
        assert ch is not None and ch.topics == frozenset({Topic.RESOLUTION}), text
        assert ch.reads == frozenset({"life_gain_cost"})
    assert static_change("Your life total can't change.") is None  # 119.8: no life can be paid
    assert static_change("Players can't gain life. Damage can't be prevented.") is None
    assert token_read_by("life_gain_cost", "Gain 2 life: Add {G}.")
    assert not token_read_by("life_gain_cost", "{T}, Pay 1 life: Add {R} or {W}.")
    assert not token_read_by("life_gain_cost", "When this land enters, you gain 1 life.")
