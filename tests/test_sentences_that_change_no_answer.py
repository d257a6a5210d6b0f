"""The gate's precision: unmodelled sentences the rules prove cannot change the answer asked
no longer make it unsupported, and their close cousins that can still do (models/text/topics.py classify,
models/text/relevance.py, models/text/scope.py, solver/rules/gate.py). Each narrowing has a test naming its rule and a
test of the cousin that must stay unsupported. Expected answers come from the rules named; examples of the whole
class are in examples/classes/sentences_that_change_no_answer.yaml.
"""
from __future__ import annotations


import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.text.topics import classify
from mtgcheck.solver.questions.runner import PASS, UNSUPPORTED
from tests.scenario_text import cards_block as _cards, run

MANA = {Topic.MANA_PRODUCTION, Topic.OTHER_MANA}


@pytest.fixture(scope="module")
def db():
    return load_database()




def _ask(tmp_path, db, cards, battlefield: str, ask: str, expect: str = ""):
    body = "\n".join(["players: [Alice, Bob]", _cards(cards), "battlefield:", f"  Alice: [{battlefield}]",
                      f"ask: {ask}"] + ([f"expect: {expect}"] if expect else []))
    return run(tmp_path, db, body + "\n")


# --- 1. "mana" that adds no mana (CR 605.1a-b, 106.7) ---------------------------------------------------------------

@pytest.mark.parametrize("kind, text", [
    ("triggered", "Whenever you cast a spell, if mana from a Treasure was spent to cast it, you draw a card and you "
                  "lose 1 life."),                                                                  # Mastermind Plum
    ("triggered", "Whenever you cast a creature spell, if three or more mana from creatures was spent to cast it, "
                  "draw a card."),                                                                  # Inga and Esika
    ("triggered", "Whenever you cast a noncreature spell, if at least four mana was spent to cast it, put a +1/+1 "
                  "counter on this creature."),                                                     # The Emperor of Palamecia
    ("triggered", "Whenever you activate an ability, if it isn't a mana ability, you may pay {2}. If you do, copy "
                  "that ability. You may choose new targets for the copy."),                        # Rings of Brighthearth
    ("activated", "Pay any amount of mana. Look at that many cards from the top of your library, then put one of "
                  "those cards into your hand and the rest on the bottom of your library in a random order."),  # Karn
    ("activated", "Search your library for an artifact card with a mana ability or a basic land card, reveal it, put "
                  "it into your hand, then shuffle."),                                              # Moonsilver Key
    ("activated", "Mill five cards. Put all creature cards with activated abilities that aren't mana abilities from "
                  "among the milled cards into your hand."),                                        # Tazri
    ("activated", "When you next activate an exhaust ability that isn't a mana ability this turn, copy it. You may "
                  "choose new targets for the copy."),                                              # Pit Automaton
    ("activated", "This enchantment deals damage to any target equal to the number of red mana symbols in the "
                  "sacrificed creature's mana cost."),                                              # Fiery Bombardment
])
def test_mana_words_that_add_no_mana_are_no_mana_topic(kind, text):
    """CR 605.1a-b: an activated or triggered ability is a mana ability only if it could add mana; mana spent or
    paid (601.2h, 602.2b, 118.1), mana abilities named, mana symbols counted (107.4) add none, and what a permanent
    could produce is what its abilities would add (106.7)."""
    assert not classify(text, kind, True) & MANA


def test_spent_to_activate_is_no_restriction():
    """CR 602.2b, 608.2: "for each mana from Treasures spent to activate this ability" (Mr. House) is read as the
    ability resolves; "Spend only mana ... to activate this ability" restricts the payment (CR 602.5) and stays."""
    assert Topic.ACTIVATION not in classify("Roll a six-sided die plus an additional six-sided die for each mana from "
                                            "Treasures spent to activate this ability.", "activated", True)
    assert Topic.ACTIVATION in classify("Draw a card. Spend only mana produced by Treasures to activate this ability.",
                                        "activated", True)


@pytest.mark.parametrize("kind, text, topic", [
    # Doubling Cube: doubling unspent mana adds mana without the word "add" (CR 605.1a; it is a mana ability)
    ("activated", "Double the amount of each type of unspent mana you have.", Topic.MANA_PRODUCTION),
    # a trigger on a spell cast that adds mana is no mana ability, but could produce counts it (CR 605.5a, 106.7)
    ("triggered", "Whenever you cast a spell, if mana from a Treasure was spent to cast it, add {R}.", Topic.OTHER_MANA),
    # a triggered mana ability (CR 605.1b): tapped for mana, adds mana
    ("triggered", "Whenever you tap a land for mana, add one mana of any type that land produced.",
     Topic.MANA_PRODUCTION),
    # "Tap up to three lands your opponents control for mana" activates their mana abilities (CR 605.3a)
    ("activated", "Tap up to three lands your opponents control for mana.", Topic.MANA_PRODUCTION),
])
def test_mana_made_stays_mana(kind, text, topic):
    """The cousins: wording that does make mana keeps its mana topic (CR 605.1a-b, 605.5a, 106.7)."""
    assert topic in classify(text, kind, True)


TREASURE_DRAW = ("Creature — Human Wizard", "{T}: Add {B}.\nWhenever you cast a spell, if mana from a Treasure was spent "
                 "to cast it, you draw a card and you lose 1 life.", "2/2")
TREASURE_ADD = ("Creature — Human Wizard", "{T}: Add {B}.\nWhenever you cast a spell, if mana from a Treasure was spent "
                "to cast it, add {R}.", "2/2")


def test_treasure_spent_draw_trigger_leaves_could_produce_answered(tmp_path, db):
    """CR 106.7, 605.1b (Mastermind Plum's wording): the trigger adds no mana; the permanent could produce {B}."""
    r = _ask(tmp_path, db, {"Plum Sage": TREASURE_DRAW}, "{card: Plum Sage, id: p}", "{could_produce: {id: p}}",
             "{types: [B]}")
    assert r.verdict == PASS, r.message


def test_treasure_spent_add_trigger_stays_unsupported(tmp_path, db):
    """The cousin: the same trigger adding {R} would add mana if it resolved (CR 106.7, 605.5a): not modelled here,
    so could_produce stays unsupported, naming the sentence."""
    r = _ask(tmp_path, db, {"Plum Adder": TREASURE_ADD}, "{card: Plum Adder, id: p}", "{could_produce: {id: p}}")
    assert r.verdict == UNSUPPORTED and "add {R}" in r.message


# --- 2. What spells cost to cast (CR 601.2f, 118.7-118.9): the spell_costs topic ----------------------------------

@pytest.mark.parametrize("text, changes", [
    ("Rare and mythic rare spells you cast cost {1} less to cast.", ("spell_cost",)),                       # Rarity
    ("Creature spells you cast that share a creature type with this creature cost {1} less to cast.",
     ("spell_cost",)),                                                                                   # Mistform Warchief
    ("Creature spells you cast cost {X} less to cast, where X is the amount of life you gained this turn.",
     ("spell_cost",)),                                                                                   # Ezzaroot Channeler
    ("Creature spells you cast cost {1} less to cast for each +1/+1 counter on Animar.", ("spell_cost",)),  # Animar
    ("You may cast artifact spells and colorless spells from the top of your library.", ("cast_from_library",)),
    ("You may play lands and cast spells from the top of your library. If you cast a spell this way, pay life equal "
     "to its mana value rather than pay its mana cost.", ("cast_from_library", "cast_from_library", "spell_cost")),
])
def test_spell_cost_changes_are_typed(text, changes):
    """CR 601.2f, 118.7, 118.9, 601.3: a change of what spells cost to cast, a permission to cast spells from the
    library: the topics spell_costs (and casting, zones for the permission), never costs or activation."""
    from mtgcheck.models.text.relevance import static_change

    typed = static_change(text)
    assert typed is not None and typed.changes == changes
    assert Topic.COSTS not in classify(text) and Topic.ACTIVATION not in classify(text)
    assert Topic.SPELL_COSTS in classify(text) or Topic.CASTING in classify(text)


@pytest.mark.parametrize("text", [
    # Tithe Taker: abilities' activation costs change too (CR 602.2b)
    "During your turn, spells your opponents cast cost {1} more to cast and abilities your opponents activate cost "
    "{1} more to activate unless they're mana abilities.",
    "All targeted spells and abilities cost {2} less and have their targets chosen randomly.",          # High Troller
    "Activated abilities of artifacts cost {1} more to activate unless they're mana abilities.",
])
def test_ability_cost_changes_keep_the_costs_topic(text):
    """The cousins: a change that names abilities changes activation costs (CR 602.2b, 601.2f): not typed as a spell
    cost, it keeps the costs topic that activate and the mana questions declare."""
    from mtgcheck.models.text.relevance import static_change

    assert static_change(text) is None
    assert Topic.COSTS in classify(text)


RARE_DISCOUNT = ("Creature — Unicorn", "Rare and mythic rare spells you cast cost {1} less to cast.\n{T}: You gain 1 life.",
                 "2/2")


def test_spell_cost_change_leaves_activate_answered(tmp_path, db):
    """CR 602.2b, 601.2f (Rarity's wording): the ability costs {T} only; the spells' discount does not apply."""
    r = _ask(tmp_path, db, {"Rare Unicorn": RARE_DISCOUNT}, "{card: Rare Unicorn, id: u}",
             "{activate: {permanent: {id: u}, ability: 1}}", "{activatable: true}")
    assert r.verdict == PASS, r.message


def test_spell_cost_change_keeps_cast_unsupported(tmp_path, db):
    """The cousin: casting a spell reads it (CR 601.2f): cast stays unsupported, naming the sentence."""
    body = "\n".join(["players: [Alice, Bob]", _cards({"Rare Unicorn": RARE_DISCOUNT}),
                      "battlefield:", "  Alice: [Rare Unicorn, Mountain]", "hand:", "  Alice: [Lightning Bolt]",
                      "ask: {cast: {card: Lightning Bolt}}"])
    r = run(tmp_path, db, body + "\n")
    assert r.verdict == UNSUPPORTED and "Rare and mythic rare spells" in r.message


def test_spell_cost_change_keeps_delve_unsupported(tmp_path, db):
    """The cousin: delve totals the spell's cost (CR 601.2f, 702.66a): it declares spell_costs too."""
    body = "\n".join(["players: [Alice, Bob]", _cards({"Rare Unicorn": RARE_DISCOUNT}),
                      "battlefield:", "  Alice: [Rare Unicorn, Island]", "hand:", "  Alice: [Treasure Cruise]",
                      "graveyard:", "  Alice: [Forest, Forest, Forest, Forest, Forest, Forest, Forest]",
                      "ask: {delve: {card: Treasure Cruise}}"])
    r = run(tmp_path, db, body + "\n")
    assert r.verdict == UNSUPPORTED and "Rare and mythic rare spells" in r.message


def test_ability_cost_increase_keeps_activate_unsupported(tmp_path, db):
    """The cousin: Tithe Taker's increase of activation costs during its controller's turn (CR 602.2b, 601.2f) is not
    modelled: activating an ability with a mana cost stays unsupported, naming it."""
    tithe = ("Creature — Human Soldier", "During your turn, spells your opponents cast cost {1} more to cast and "
             "abilities your opponents activate cost {1} more to activate unless they're mana abilities.", "2/1")
    pinger = ("Artifact", "{1}, {T}: You gain 1 life.", "")
    body = "\n".join(["players: [Alice, Bob]", "active: Bob", _cards({"Tithe Sergeant": tithe, "Life Stone": pinger}),
                      "battlefield:", "  Alice: [{card: Life Stone, id: s}, Island]", "  Bob: [Tithe Sergeant]",
                      "ask: {activate: {permanent: {id: s}, ability: 1}}"])
    r = run(tmp_path, db, body + "\n")
    assert r.verdict == UNSUPPORTED and "abilities your opponents activate" in r.message


# --- 3. An activated ability changing what later spells cost (CR 602.2, 608.2, 107.3) ---------------------------

def test_kaza_wording_answered_and_x_in_cost_stays_unsupported(tmp_path, db):
    """CR 602.2b, 107.3a: with X in its cost, "X is the mana value of the exiled card" (Elite Arcanist) defines what
    the ability costs: not modelled, activate stays unsupported; Kaza's X (not in its cost) does not."""
    kaza = ("Legendary Creature — Human Wizard", "Haste\n{T}: The next instant or sorcery spell you cast this turn costs "
            "{X} less to cast, where X is the number of Wizards you control as this ability resolves.", "1/2")
    arcanist = ("Creature — Human Wizard", "{X}, {T}: Copy the exiled card. You may cast the copy without paying its "
                "mana cost. X is the mana value of the exiled card.", "1/1")
    r = _ask(tmp_path, db, {"Roil Wizard": kaza}, "{card: Roil Wizard, id: k}",
             "{activate: {permanent: {id: k}, ability: 1}}", "{activatable: true}")
    assert r.verdict == PASS, r.message
    r = _ask(tmp_path, db, {"Copy Wizard": arcanist}, "{card: Copy Wizard, id: e}, Island",
             "{activate: {permanent: {id: e}, ability: 1}}")
    assert r.verdict == UNSUPPORTED and "X is the mana value of the exiled card" in r.message


# --- 5. "This land is every nonbasic land type" (CR 205.3i, 305.6-305.7) --------------------------------------------

NEXUS = ("Land", "This land is every nonbasic land type.\n{T}: Add {C}.\n{1}, {T}: Add one mana of any color.", "")


def test_every_nonbasic_land_type_is_a_subtype_change():
    """CR 305.6-305.7, 205.3i: nonbasic land types give no mana ability: typed as subtypes added (all of them)."""
    from mtgcheck.models.text.relevance import static_change

    typed = static_change("This land is every nonbasic land type.")
    assert typed is not None and typed.changes == ("subtype:*",)
    assert classify("This land is every nonbasic land type.") == frozenset({Topic.SUBTYPES})
    # the cousin: a basic land type gives the land its intrinsic mana ability (CR 305.6): not typed
    assert static_change("This land is every basic land type.") is None
    assert Topic.MANA_PRODUCTION in classify("This land is every basic land type.")


def test_planar_nexus_alone_makes_colorless(tmp_path, db):
    """CR 305.7, 106.4 (Planar Nexus's wording): nothing reads land types; it taps for {C} (its {1} ability has no
    other mana to pay it, CR 601.2g-h)."""
    r = _ask(tmp_path, db, {"Nexus Land": NEXUS}, "Nexus Land", "{available_mana: Alice}",
             '{pools: ["{C}"], count: 1}')
    assert r.verdict == PASS, r.message


def test_planar_nexus_with_urzas_tower_stays_unsupported(tmp_path, db):
    """The cousin: Urza's Tower asks whether Alice controls an Urza's Mine and an Urza's Power-Plant (CR 205.3i): a
    land that is every nonbasic land type is both, which the engine does not model — unsupported, naming it."""
    tower = ("Land — Urza's Tower", "{T}: Add {C}. If you control an Urza's Mine and an Urza's Power-Plant, add "
             "{C}{C}{C} instead.", "")
    r = _ask(tmp_path, db, {"Nexus Land": NEXUS, "Urza's Tower": tower}, "Nexus Land, {card: \"Urza's Tower\", id: t}",
             "{could_produce: {id: t}}")
    assert r.verdict == UNSUPPORTED and "every nonbasic land type" in r.message


# --- 6. "Enchanted land is snow" (CR 205.4g, 107.4h) ----------------------------------------------------------------

FROST = ("Snow Enchantment — Aura", "Enchant land\nEnchanted land is snow.", "")


def _frost(tmp_path, db, extra_cards: dict, battlefield: str, ask: str, expect: str = ""):
    cards = {"Frost Veil": FROST, **extra_cards}
    body = _cards(cards).replace('    oracle_text: "Enchant land', '    keywords: [Enchant]\n    oracle_text: "Enchant land')
    lines = ["players: [Alice, Bob]", body, "battlefield:", f"  Alice: [{{card: Forest, id: f}}, "
             f"{{card: Frost Veil, attached_to: f}}{', ' + battlefield if battlefield else ''}]", f"ask: {ask}"]
    return run(tmp_path, db, "\n".join(lines + ([f"expect: {expect}"] if expect else [])) + "\n")


def test_snow_land_pool_is_answered(tmp_path, db):
    """CR 205.4g, 107.4h: a pool does not say which mana is snow; with nothing naming snow or {S} the snow Forest
    still makes {G} (Glittering Frost's wording)."""
    r = _frost(tmp_path, db, {}, "", "{available_mana: Alice}", '{pools: ["{G}"], count: 1}')
    assert r.verdict == PASS, r.message


def test_snow_land_with_an_s_cost_stays_unsupported(tmp_path, db):
    """The cousin: a mana ability costing {S} (CR 107.4h) can be paid with the snow Forest's mana only: available_mana
    stays unsupported, naming the snow sentence."""
    converter = ("Artifact", "{S}, {T}: Add {C}{C}.", "")
    r = _frost(tmp_path, db, {"Rime Converter": converter}, "Rime Converter", "{available_mana: Alice}")
    assert r.verdict == UNSUPPORTED and "Enchanted land is snow" in r.message


def test_snow_land_keeps_cast_unsupported(tmp_path, db):
    """The cousin: casting reads what the mana may pay (CR 107.4h, 601.2h): the snow sentence counts (mana_spending)."""
    r = _frost(tmp_path, db, {}, "", "{cast: {card: Grizzly Bears}}\nhand:\n  Alice: [Grizzly Bears]")
    assert r.verdict == UNSUPPORTED and "Enchanted land is snow" in r.message


# --- 7. Replacements and statics that act only later ------------------------------------------------------------------

@pytest.mark.parametrize("text, change, topics", [
    ("If a spell or ability an opponent controls causes you to discard a card, you may reveal that card and put it on "
     "top of your library instead of putting it anywhere else.", "discard_replacement",
     {Topic.RESOLUTION, Topic.ZONES}),                                                             # Nephalia Academy
    ("If a spell or ability an opponent controls causes you to discard this card, put it onto the battlefield instead "
     "of putting it into your graveyard.", "discard_replacement", {Topic.RESOLUTION, Topic.ZONES}),  # Obstinate Baloth
    ("If turning a face-down permanent face up causes a triggered ability of a permanent you control to trigger, that "
     "ability triggers an additional time.", "extra_trigger", {Topic.TRIGGERS, Topic.RESOLUTION}),   # Panoptic Projektor
    ("If an artifact or creature entering causes a triggered ability of a permanent you control to trigger, that "
     "ability triggers an additional time.", "extra_trigger", {Topic.TRIGGERS, Topic.RESOLUTION}),   # Panharmonicon
    ("If you would begin your turn while this artifact is tapped, you may skip that turn instead. If you do, untap "
     "this artifact.", "turn_skip", {Topic.LATER_TURNS}),                                          # Time Vault
    ("If you would copy a spell one or more times, instead copy it that many times plus an additional time. You may "
     "choose new targets for the additional copy.", "copy_replacement", {Topic.RESOLUTION}),       # Twinning Staff
])
def test_later_replacements_are_typed(text, change, topics):
    """CR 614.1a (discard and copy replacements apply as a spell or ability resolves, 608.2, 707.10), 603.2d (extra
    triggers wait on the stack; the cause is no mana event, so no triggered mana ability, 605.1b), 614.10 (skipping a
    later turn): none changes whether an ability can be activated or what mana can be made now."""
    from mtgcheck.models.text.relevance import static_change

    typed = static_change(text)
    assert typed is not None and typed.changes == (change,)
    assert classify(text) == frozenset(topics)


@pytest.mark.parametrize("text", [
    # every trigger of a permanent, a triggered mana ability included (CR 605.1b): it may double mana made now
    "If a triggered ability of a permanent you control triggers, that ability triggers an additional time.",
    # the cause is a land tapped for mana: triggered mana abilities (CR 605.1b)
    "If a land being tapped for mana causes a triggered ability of a permanent you control to trigger, that ability "
    "triggers an additional time.",
    # any discard, costs included (CR 701.9, 118.1): not only an opponent's spell or ability resolving
    "If you would discard a card, you may put it on top of your library instead.",
    # the untap without the turn skip it belongs to
    "If you do, untap this artifact.",
])
def test_later_replacement_cousins_are_not_typed(text):
    """The cousins that may act now keep their wide topics (CR 605.1b, 701.9)."""
    from mtgcheck.models.text.relevance import static_change

    assert static_change(text) is None


def test_all_triggers_doubled_keeps_available_mana_unsupported(tmp_path, db):
    """The cousin: doubling every trigger doubles a triggered mana ability (CR 605.1b, 603.2d): with a land that has
    one (Glittering Frost's wording) available_mana stays unsupported, naming the doubler."""
    mirror = ("Artifact", "If a triggered ability of a permanent you control triggers, that ability triggers an "
              "additional time.", "")
    r = _ask(tmp_path, db, {"Odd Mirror": mirror}, "Odd Mirror, Forest", "{available_mana: Alice}")
    assert r.verdict == UNSUPPORTED and "triggers an additional time" in r.message


def test_delayed_control_change_rider_is_a_trigger_only():
    """CR 603.7a: "An opponent gains control of this land at the beginning of the next end step" (Rainbow Vale) is a
    delayed trigger; the same change now ("Target opponent gains control of this land") keeps its wide topics."""
    assert classify("An opponent gains control of this land at the beginning of the next end step.", "rider") == \
        frozenset({Topic.TRIGGERS})
    assert Topic.MANA_PRODUCTION in classify("Target opponent gains control of this land.", "rider")


OZ = "If one or more +1/+1 counters would be put on an artifact or creature you control, that many plus one +1/+1 " \
     "counters are put on it instead."


def test_counters_put_by_an_ability_as_it_resolves_are_not_read_now(tmp_path, db):
    """CR 608.2, 601.2c (Ozolith, the Shattered Spire): "{1}{G}, {T}: Put a +1/+1 counter on target artifact or
    creature you control" puts the counter as it resolves; activating it reads only the target: answered."""
    oz = ("Legendary Artifact", OZ + "\n{1}{G}, {T}: Put a +1/+1 counter on target artifact or creature you control. "
          "Activate only as a sorcery.", "")
    r = _ask(tmp_path, db, {"Odd Spire": oz}, "{card: Odd Spire, id: o}, Forest, Island",
             "{activate: {permanent: {id: o}, ability: 1}}", "{activatable: true}")
    assert r.verdict == PASS, r.message


def test_counters_put_as_a_cost_keep_the_replacement_read(tmp_path, db):
    """The cousin: a cost that puts a +1/+1 counter (CR 602.2b, 118.1) is paid now and the replacement changes how many
    (CR 614.1a), so the sentence still counts for activating it, named."""
    oz = ("Legendary Artifact", OZ, "")
    grower = ("Creature — Elf", "Put a +1/+1 counter on this creature: This creature gains trample until end of turn.",
              "1/1")
    r = _ask(tmp_path, db, {"Odd Spire": oz, "Odd Grower": grower}, "Odd Spire, {card: Odd Grower, id: g}",
             "{activate: {permanent: {id: g}, ability: 1}}")
    assert r.verdict == UNSUPPORTED and "that many plus one" in r.message


# --- 4. Entering as a copy (CR 707.2, 707.9, 614.1c, 614.12) ----------------------------------------------------------

@pytest.mark.parametrize("text, typed", [
    ("You may have this creature enter as a copy of any creature on the battlefield.", True),            # Clone
    ("You may have this artifact enter as a copy of any creature on the battlefield, except it's an artifact and it "
     "has \"{T}: Add {U}.\"", True),                                                                   # Machine God's Effigy
    ("As this artifact enters, you may have it become a copy of any creature on the battlefield until end of turn, "
     "except it has haste.", True),                                                                    # Cursed Mirror
    ("You may have this land enter tapped as a copy of any land card in a graveyard, except it's a Cave in addition "
     "to its other types.", True),                                                                     # Echoing Deeps
    ("If you attacked this turn, you may have this creature enter as a copy of any creature on the battlefield.",
     True),                                                                                            # Protean Raider
    # the cousins: the copy keeps this card's name (CR 707.9b), so a permanent listed under it may be a copy
    ("You may have Sakashima the Impostor enter as a copy of any creature on the battlefield, except its name is "
     "Sakashima the Impostor, it's legendary in addition to its other types, and it has \"{2}{U}{U}: Return Sakashima "
     "the Impostor to its owner's hand at the beginning of the next end step.\"", False),
    # other creatures entering as a copy of this one (Essence of the Wild): not its own entering
    ("Creatures you control enter as a copy of this creature.", False),
    # a reflexive trigger that acts on another permanent (Wall of Stolen Identity)
    ("You may have this creature enter as a copy of any creature on the battlefield, except it's a Wall in addition to "
     "its other types and has defender. When you do, tap the copied creature and it doesn't untap during its "
     "controller's untap step for as long as you control this creature.", False),
])
def test_entering_as_a_copy_lines(text, typed):
    """CR 707.2, 707.9: a copy has the copied object's name, so a permanent listed under its own card name did not
    enter as a copy; the line works only as the permanent enters (CR 614.1c, 614.12): resolution and zones only, scope
    entering_self. Not so when the copy keeps this card's name, or when the line is about other objects."""
    from mtgcheck.models.vocab.topics import Scope
    from mtgcheck.models.text.scope import line_scope
    from mtgcheck.models.text.topics import is_entering_copy_line

    assert is_entering_copy_line(text) is typed
    if typed:
        assert classify(text) == frozenset({Topic.RESOLUTION, Topic.ZONES})
        assert line_scope("static", text) is Scope.ENTERING_SELF
    else:
        assert classify(text) & {Topic.CHARACTERISTICS, Topic.MANA_PRODUCTION, Topic.ACTIVATION}


def test_copy_entering_stays_unsupported_for_entering_x(tmp_path, db):
    """The cousin: as the permanent enters, the copy line applies (CR 614.1c, 707.9): entering_x (CR 107.3m: "except
    it enters with X additional +1/+1 counters on it", Altered Ego) stays unsupported, naming it."""
    ego = ("Creature — Shapeshifter", "You may have this creature enter as a copy of any creature on the battlefield, "
           "except it enters with X additional +1/+1 counters on it.", "0/0")
    body = "\n".join(["players: [Alice, Bob]", _cards({"Odd Ego": ego}).replace('"{2}"', '"{X}{2}{G}{U}"'),
                      "ask: {entering_x: {card: Odd Ego, x_paid: 3}}"])
    r = run(tmp_path, db, body + "\n")
    assert r.verdict == UNSUPPORTED and "enter as a copy" in r.message


def test_name_keeping_copy_stays_unsupported(tmp_path, db):
    """The cousin: a copy that keeps this card's name (CR 707.9b) may be on the battlefield under that name with the
    copied creature's abilities (mana abilities too): available_mana stays unsupported, naming it."""
    saka = ("Legendary Creature — Human Rogue", "You may have Odd Impostor enter as a copy of any creature on the "
            "battlefield, except its name is Odd Impostor, it's legendary in addition to its other types.", "0/0")
    r = _ask(tmp_path, db, {"Odd Impostor": saka}, "{card: Odd Impostor, counters: {+1/+1: 1}}, Forest",
             "{available_mana: Alice}")
    assert r.verdict == UNSUPPORTED and "except its name is Odd Impostor" in r.message
