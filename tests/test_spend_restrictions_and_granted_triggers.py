"""The gate's precision: sentences the rules prove cannot change the answer asked, and the
close cousins that must stay unsupported (models/text/mana.py cant_spend_code, models/text/topics.py classify,
models/text/relevance.py static_change, models/text/scope.py). Expected answers come from the rules named; examples
of the whole class are in examples/classes/spend_restrictions_and_granted_triggers.yaml.
"""
from __future__ import annotations


import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.vocab.topics import Scope, Topic
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.text.mana import cant_spend_code
from mtgcheck.models.text.relevance import static_change, token_read_by
from mtgcheck.models.text.scope import line_scope
from mtgcheck.models.text.topics import classify, is_entering_keyword_line
from mtgcheck.solver.questions.runner import UNSUPPORTED
from tests.scenario_text import cards_block as _cards, run

MANA = {Topic.MANA_PRODUCTION, Topic.OTHER_MANA}
#: could_produce's topics (solver.rules.mana.produce: mana production, other mana, characteristics)
COULD_PRODUCE = MANA | {Topic.CHARACTERISTICS}
#: available_mana's topics without life (solver.questions.produce.available_mana_topics)
AVAILABLE = {Topic.MANA_PRODUCTION, Topic.CHARACTERISTICS, Topic.ACTIVATION, Topic.COSTS}


@pytest.fixture(scope="module")
def db():
    return load_database()




def _run(tmp_path, db, cards, battlefield: str, ask: str, hand: str = ""):
    body = ["players: [Alice, Bob]", _cards(cards), "battlefield:", f"  Alice: [{battlefield}]"]
    if hand:
        body += ["hand:", f"  Alice: [{hand}]"]
    return run(tmp_path, db, "\n".join(body + [f"ask: {ask}"]) + "\n")


VHAL = ("Legendary Creature — Human Wizard", "Vigilance\n{T}: Add an amount of {C} equal to Vhal's toughness. This "
        "mana can't be spent to cast spells from your hand.", "2/3")
BEARS = ("Creature — Bear", "", "2/2")


# --- 1. A spend restriction is about spending only (CR 106.6, 106.7) ---------------------------------------------

def test_other_cant_spend_sentence_is_a_restriction_code():
    """CR 106.6: "This mana can't be spent to cast spells from your hand" (Vhal) is a restriction carried by the mana;
    the named codes are unchanged (Battery Bearer, Jegantha, Thran Turbine)."""
    assert cant_spend_code("This mana can't be spent to cast spells from your hand.") == "cant_to_cast_spells_from_your_hand"
    assert cant_spend_code("This mana can't be spent to cast nonartifact spells.") == "not_nonartifact_spell"
    assert cant_spend_code("This mana can't be spent to pay generic mana costs.") == "not_generic"
    assert cant_spend_code("You can't spend this mana to cast spells.") == "not_spells"


def test_vhal_could_produce_colorless(tmp_path, db):
    """CR 106.7: Vhal could produce {C}; the restriction does not change the mana's type (106.6)."""
    r = _run(tmp_path, db, {"Vhal, Candlekeep Researcher": VHAL}, '{card: "Vhal, Candlekeep Researcher", id: v}',
             "{could_produce: {id: v}}")
    assert r.verdict != UNSUPPORTED, r.message
    assert r.answer.values["types"] == ["C"]


def test_vhal_mana_for_a_spell_from_hand_stays_unsupported(tmp_path, db):
    """The cousin: whether Vhal's mana may pay for Grizzly Bears cast from the hand is what the restriction decides
    (CR 106.6, 601.2h); the free-form code is never spent, so the cast answer is unsupported, naming it."""
    r = _run(tmp_path, db, {"Vhal, Candlekeep Researcher": VHAL, "Grizzly Bears": BEARS},
             '{card: "Vhal, Candlekeep Researcher", id: v}, Forest', "{cast: {card: Grizzly Bears}}", hand="Grizzly Bears")
    assert r.verdict == UNSUPPORTED and "cant_to_cast_spells_from_your_hand" in r.message


# --- 2. A granted quoted triggered ability that adds no mana (CR 603.3, 605.1b, 608.2) ------------------------------

GUILD_ARTISAN = ('Commander creatures you own have "Whenever this creature attacks a player, if no opponent has more '
                 'life than that player, you create two Treasure tokens."')
AETHERSPARK = ('As long as The Aetherspark is attached to a creature, The Aetherspark can\'t be attacked and has '
               '"Whenever equipped creature deals combat damage during your turn, put that many loyalty counters on '
               'The Aetherspark."')


@pytest.mark.parametrize("text, changes", [
    (GUILD_ARTISAN, ("granted_trigger",)),
    (AETHERSPARK, ("combat", "granted_trigger")),
    ('Enchanted creature gets +2/+2 and has "Whenever this creature attacks, untap all lands you control."',
     ("pt", "granted_trigger")),                                                                         # Bear Umbra
    ('Equipped creature gets +1/+1 and has trample and "Whenever this creature deals combat damage to a player or '
     'planeswalker, create that many Treasure tokens."', ("pt", "keyword:trample", "granted_trigger")),  # The Reaver Cleaver
    ('Enchanted creature has "At the beginning of your upkeep, you lose 1 life."', ("granted_trigger",)),  # Pillory
])
def test_granted_trigger_is_typed(text, changes):
    """CR 603.3, 608.2: having a triggered ability that adds no mana changes nothing until it triggers and resolves;
    topics without mana, characteristics or activation, read where something names abilities."""
    typed = static_change(text)
    assert typed is not None and typed.changes == changes
    assert "abilities" in typed.reads
    assert not classify(text, "static") & (COULD_PRODUCE | AVAILABLE)


@pytest.mark.parametrize("text", [
    'Creatures you control have "Whenever this creature attacks, add {R}."',             # adds mana: OTHER_MANA, 106.7
    'Enchanted land has "Whenever this land is tapped for mana, its controller adds an additional {G}."',  # 605.1b
    'Creatures you control have "{T}: Add one mana of any color."',                      # a mana ability (605.1a)
    'Creatures you control have "{1}: This creature gets +1/+1 until end of turn."',     # an activated ability
])
def test_granted_mana_or_activated_ability_stays_wide(text):
    """The cousins: a granted ability that adds mana or can be activated is not typed (CR 605.1a-b, 602.2)."""
    assert static_change(text) is None
    assert classify(text, "static") & (COULD_PRODUCE | AVAILABLE)


def test_abilities_token_is_read_by_what_names_abilities():
    """Something that names abilities ("creatures with no abilities", Muraganda Petroglyphs) can see a granted
    ability (CR 613.1f): the reads token says so; a plain mana ability does not name them."""
    assert token_read_by("abilities", "Creatures with no abilities get +2/+2.")
    assert not token_read_by("abilities", "{T}: Add {G}.")


def test_guild_artisan_with_forest(tmp_path, db):
    """CR 603.3, 106.4: Guild Artisan's granted attack trigger makes no mana now; the Forest makes {G}."""
    r = _run(tmp_path, db, {"Guild Artisan": ("Legendary Enchantment — Background", GUILD_ARTISAN, "")},
             "Guild Artisan, Forest", "{available_mana: Alice}")
    assert r.verdict != UNSUPPORTED, r.message
    assert r.answer.values["pools"] == ["{G}"]


# --- 3. Keywords granted that work in combat or as a creature enters ----------------------------------------------

@pytest.mark.parametrize("text, kw, entering", [
    ("Other Dogs you control have unleash.", "unleash", True),                    # Tesak, CR 702.98a
    ("Other nontoken creatures you control have fabricate 1.", "fabricate", True),  # Cayth, CR 702.123a
    ("Creature tokens you control have evolve.", "evolve", True),                 # Propagator Drone, CR 702.100a
    ("Other creatures you control have melee.", "melee", False),                  # Adriana, CR 702.121a
    ("Other Zombies you control have afflict 3.", "afflict", False),              # Lost Monarch of Ifnir, CR 702.130a
    ("Creatures you control have exalted.", "exalted", False),                    # Dauntless Escort Avatar, 702.83a
])
def test_combat_and_entering_keywords_typed(text, kw, entering):
    """CR 614.12 (entering replacements apply only as the creature enters), 603.3 (combat triggers)."""
    typed = static_change(text)
    assert typed is not None and typed.changes == ("keyword:" + kw,)
    assert not typed.topics & (COULD_PRODUCE | AVAILABLE)
    assert (Topic.RESOLUTION in typed.topics) == entering


def test_riot_stays_wide():
    """The cousin: riot may give haste as a creature enters (CR 702.136a), which decides whether its {T} abilities
    can be activated (CR 302.6): not typed."""
    assert static_change("Nontoken creatures you control have riot.") is None


def test_haste_reads_the_sick_permanents_cr_302_6():
    """Haste decides {T} abilities only of a permanent not controlled continuously since its controller's turn began
    (CR 302.6, 702.10b): typed, it counts wherever the state has such a permanent (the ``sick`` token)."""
    typed = static_change("Other creatures you control have haste and melee.")
    assert typed is not None and "sick" in typed.reads and "keyword:haste" in typed.reads


# --- 4. Keyword lines that work only as the object enters (CR 614.12, 113.6h) ---------------------------------------

def test_reflect_and_land_casualty_are_entering_lines():
    """Reflect's and land casualty's reminders begin "As this [land] enters" (CR 614.1c, 614.12)."""
    for text in ("Reflect {0}", "Land casualty 2"):
        assert is_entering_keyword_line(text)
        assert classify(text, "static") == frozenset({Topic.RESOLUTION, Topic.ZONES})
        assert line_scope("static", text) == Scope.ENTERING_SELF


def test_spell_casualty_is_not_an_entering_line():
    """The cousin: casualty on a spell is "As you cast this spell" (CR 702.153a), a choice made while casting."""
    assert not is_entering_keyword_line("Casualty 2")


# --- 5. Poison counters from a mana ability (CR 122.1, 106.7) -------------------------------------------------------

MOX = ("Artifact", "{T}: Add one mana of any color. You get two poison counters.", "")
SPHERE = ("Artifact", "{T}: Add one mana of any color.\nCorrupted — {T}: Add three mana of any one color. Activate only "
          "if an opponent has three or more poison counters.", "")


def test_poison_rider_topics():
    """CR 122.1, 106.7: a player's poison counters are no mana and no mana type; read where something reads poison."""
    assert classify("You get two poison counters.", "rider") == frozenset({Topic.LIFE, Topic.RESOLUTION})
    assert Unmodelled("You get two poison counters.", frozenset()).reads == frozenset({"poison"})
    assert not token_read_by("poison", "{T}: Add one mana of any color. You get two poison counters.")
    assert token_read_by("poison", "Activate only if an opponent has three or more poison counters.")


def test_mox_poison_could_produce_any_color(tmp_path, db):
    """CR 106.7: Mox Poison could produce any colour."""
    r = _run(tmp_path, db, {"Mox Poison": MOX}, "{card: Mox Poison, id: m}", "{could_produce: {id: m}}")
    assert r.verdict != UNSUPPORTED, r.message
    assert sorted(r.answer.values["types"]) == sorted(["W", "U", "B", "R", "G"])


def test_mox_poison_with_a_poison_reader_stays_unsupported(tmp_path, db):
    """The cousin: a mana ability whose activation reads poison counters (Glistening Sphere, CR 602.5b) is in play:
    the pools may depend on them, so available_mana stays unsupported, naming the rider."""
    r = _run(tmp_path, db, {"Mox Poison": MOX, "Glistening Sphere": SPHERE}, "Mox Poison, Glistening Sphere",
             "{available_mana: Alice}")
    assert r.verdict == UNSUPPORTED and "poison counters" in r.message


def test_energy_rider_is_not_typed_as_poison():
    """The cousin: energy counters pay costs (CR 107.14): "You get {E}{E}" is not this shape."""
    assert static_change("You get {E}{E}.") is None


# --- 7. Rafi, Retro Racer: "mana burn" adds no mana (CR 605.1b) ------------------------------------------------------

def test_mana_burn_trigger_adds_no_mana():
    """CR 605.1b: a triggered ability that could add no mana is no mana ability; "there's mana burn" adds none."""
    assert classify("there's mana burn and combat damage uses the stack for the rest of the game.",
                    "triggered") == frozenset({Topic.TRIGGERS})
    assert Topic.OTHER_MANA in classify("When this creature enters, add {R}{R}{R}.", "triggered") or \
        Topic.MANA_PRODUCTION in classify("When this creature enters, add {R}{R}{R}.", "triggered")
