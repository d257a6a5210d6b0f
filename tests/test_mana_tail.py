"""The mana questions' long tail: riders that change nothing asked, spend restrictions, mana emptying as
steps end, "doesn't untap", and triggered abilities that add mana but are not mana abilities (Firebending).

Expected values come from the cited rules; the boards are small enough to work out by hand.
"""
from __future__ import annotations


import pytest

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.data.database import load_database
from mtgcheck.models.vocab.resolution import EntersTrigger
from mtgcheck.models.vocab.mana_effects import TriggeredAddMana
from mtgcheck.models.vocab.effect import walk_unmodelled
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.text.mana import cant_spend_code
from mtgcheck.models.text.oracle import parse_abilities
from mtgcheck.models.text.topics import classify
from mtgcheck.solver.rules.payment.model import restriction_verdict
from mtgcheck.solver.questions.runner import PASS, UNSUPPORTED

from .scenario_text import run
from mtgcheck.models.vocab.mana_effects import AddMana
from mtgcheck.models.vocab.amounts import Fixed
from mtgcheck.models.vocab.grants import GrantAbility


@pytest.fixture(scope="module")
def db():
    return load_database(None)


def card(text: str, type_line: str = "Creature — Test", name: str = "Test Card"):
    return card_from_fields({"name": name, "type_line": type_line, "oracle_text": text, "mana_cost": "{2}"})


# ---- riders acting on what the mana is spent on (CR 106.6) ------------------------------------------------

@pytest.mark.parametrize("rider", [
    "If that mana is spent on a creature spell, it gains haste until end of turn.",
    "If this mana is spent to cast a creature spell, that creature enters with an additional +1/+1 counter on it.",
    "If that mana is spent on an instant or sorcery spell, that spell can't be countered.",
    "Creature spells you spend this mana to cast have their base power and toughness become 4/3.",
])
def test_a_rider_on_the_spell_the_mana_is_spent_on_changes_no_mana_cr_106_6(rider):
    # CR 106.6: such an additional effect "doesn't affect the mana's type"; it acts on the spell once the mana is
    # spent (601.2h): neither what could be produced, nor the pools, nor whether the spell can be cast
    got = classify(rider, "rider")
    assert got == frozenset({Topic.RESOLUTION})


def test_a_delayed_trigger_when_the_mana_is_spent_is_a_trigger_cr_106_6_603_7():
    got = classify("When you spend this mana to cast a spell or activate an ability, copy that spell or ability. "
                   "You may choose new targets for the copy.", "rider")
    assert got == frozenset({Topic.RESOLUTION, Topic.TRIGGERS})


def test_a_rider_that_adds_mana_is_not_narrowed():
    # an "if spent ..., add ..." sentence makes mana: left to the general rules (CR 106.6 does not say it is none)
    got = classify("If that mana is spent on a creature spell, add {G}.", "rider")
    assert Topic.MANA_PRODUCTION in got


# ---- mana emptying as steps end (CR 500.4) ------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "You don't lose unspent red mana as steps and phases end.",
    "If you would lose unspent mana, that mana becomes black instead.",
    "A player losing unspent mana causes that player to lose that much life.",
    "Until end of turn, they don't lose this mana as steps and phases end.",   # Shizuko, Caller of Autumn
])
def test_what_happens_to_unspent_mana_as_steps_end_is_a_later_step_cr_500_4(line):
    # CR 500.4: mana empties from pools at the end of each step and phase; nothing asked about the state as it
    # is (could produce, the pools now, casting now) depends on what happens then
    assert classify(line) == frozenset({Topic.LATER_TURNS})


# ---- a trigger on tapping for mana that adds none (CR 605.1b, 605.5a) ---------------------------------------

def test_a_tapped_for_mana_trigger_that_adds_no_mana_is_not_a_mana_ability_cr_605_1b():
    # Forbidden Orchard's kind: it "could add mana" is false, so it is no mana ability; it uses the stack
    got = classify("Whenever you tap this land for mana, target opponent creates a 1/1 colorless Spirit creature "
                   "token.", "triggered")
    assert Topic.MANA_PRODUCTION not in got and Topic.TRIGGERS in got


# ---- spend restrictions "This mana can't be spent to ..." (CR 106.6) ----------------------------------------

def test_cant_be_spent_sentences_are_restriction_codes_cr_106_6():
    assert cant_spend_code("This mana can't be spent to cast nonartifact spells.") == "not_nonartifact_spell"
    assert cant_spend_code("This mana can't be spent to cast a nonartifact spell.") == "not_nonartifact_spell"
    assert cant_spend_code("This mana can't be spent to pay generic mana costs.") == "not_generic"
    assert cant_spend_code("You can't spend this mana to cast spells.") == "not_spells"
    assert cant_spend_code("Spend this mana only to cast creature spells.") is None


def test_not_nonartifact_mana_pays_artifacts_and_abilities_not_other_spells_cr_106_6():
    relic = card_from_fields({"name": "Test Relic", "type_line": "Artifact", "mana_cost": "{3}", "oracle_text": ""})
    bear = card_from_fields({"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}",
                             "oracle_text": ""})
    assert restriction_verdict("not_nonartifact_spell", relic) is True
    assert restriction_verdict("not_nonartifact_spell", bear) is False
    assert restriction_verdict("not_nonartifact_spell", None) is True   # an ability's cost
    assert restriction_verdict("not_spells", bear) is False
    assert restriction_verdict("not_spells", None) is True
    # which symbol the mana pays is not decided by the card alone: never spent, the caller says unsupported
    assert restriction_verdict("not_generic", bear) is None


def test_mana_that_cannot_pay_generic_is_listed_with_its_restriction_cr_106_6(tmp_path, db):
    res = run(tmp_path, db, """
        players: [Alice, Bob]
        cards:
          Test Prism:
            mana_cost: "{3}"
            type_line: Artifact
            oracle_text: "{T}: Add {W}{U}. This mana can't be spent to pay generic mana costs."
        battlefield: {Alice: [Test Prism, Forest]}
        ask: {available_mana: Alice}
        expect: {pools: ["{W:not_generic}{U:not_generic}{G}"], count: 1}
    """)
    assert res.verdict == PASS, res.message


def test_mana_that_cannot_pay_generic_never_pays_generic_silently(tmp_path, db):
    # {1}{G} from a Forest and two mana that can't pay generic costs: castable only if that mana could pay {1},
    # which CR 106.6 forbids; the engine does not decide per symbol, so it must not say "castable"
    res = run(tmp_path, db, """
        players: [Alice, Bob]
        cards:
          Test Prism:
            mana_cost: "{3}"
            type_line: Artifact
            oracle_text: "{T}: Add {W}{U}. This mana can't be spent to pay generic mana costs."
        battlefield: {Alice: [Test Prism, Forest]}
        hand: {Alice: [Grizzly Bears]}
        ask: {cast: {card: Grizzly Bears}}
        expect: {castable: false}
    """)
    assert res.verdict in (PASS, UNSUPPORTED), res.message


# ---- triggered abilities that add mana but are not mana abilities (CR 605.5a, 106.7) ------------------------

def test_firebending_is_a_triggered_ability_adding_red_cr_702_189a():
    (ab,) = parse_abilities(card("Firebending 2"))
    assert isinstance(ab.effect, TriggeredAddMana) and ab.effect.keyword == "firebending"
    assert ab.effect.output.mana == ("R",) and ab.effect.output.amount == Fixed(2)


def test_an_enters_trigger_that_adds_mana_is_still_an_enters_trigger_cr_603_6a():
    # Burning-Tree Emissary's kind: what it could produce counts its mana (CR 106.7), and trigger_order still
    # counts it as an enters-the-battlefield trigger (CR 603.6a)
    from mtgcheck.solver.questions.resolution import is_other_enters_trigger, is_self_etb_trigger

    (ab,) = parse_abilities(card("When this creature enters, add {R}{G}."))
    assert isinstance(ab.effect, TriggeredAddMana) and ab.effect.enters == "enters" and is_self_etb_trigger(ab)
    (other,) = parse_abilities(card("Whenever a land you control enters, add one mana of any color."))
    assert is_other_enters_trigger(other)
    # an X amount is the entering_x question's (CR 107.3m): left to the resolution rules
    (x,) = parse_abilities(card("When this creature enters, add X mana of any one color, where X is its power."))
    assert isinstance(x.effect, EntersTrigger)


FIREBENDER = """
        players: [Alice, Bob]
        cards:
          Test Firebender:
            mana_cost: "{1}{R}"
            type_line: Creature — Human
            oracle_text: "Firebending 2"
        battlefield: {Alice: [Forest, {card: Test Firebender, id: fb}]}
"""


def test_firebending_could_produce_red_cr_106_7_702_189a(tmp_path, db):
    # CR 106.7: "any type of mana that an ability of that permanent would produce if the ability were to resolve"
    res = run(tmp_path, db, FIREBENDER + """
        ask: {could_produce: {id: fb}}
        expect: {types: [R]}
    """)
    assert res.verdict == PASS, res.message


def test_firebending_adds_nothing_to_the_mana_available_now_cr_605_5a(tmp_path, db):
    # it triggers on attacking, not from a mana ability: not a mana ability, it uses the stack (CR 605.5a)
    res = run(tmp_path, db, FIREBENDER + """
        ask: {available_mana: Alice}
        expect: {pools: ["{G}"], count: 1}
    """)
    assert res.verdict == PASS, res.message


def test_a_dies_trigger_that_adds_mana_could_produce_its_type_cr_106_7(tmp_path, db):
    res = run(tmp_path, db, """
        players: [Alice, Bob]
        cards:
          Test Husk:
            mana_cost: "{4}"
            type_line: Artifact Creature — Construct
            oracle_text: "When this creature dies, add {C}{C}{C}."
        battlefield: {Alice: [{card: Test Husk, id: h}]}
        ask: {could_produce: {id: h}}
        expect: {types: [C]}
    """)
    assert res.verdict == PASS, res.message


@pytest.mark.parametrize("counters,types", [(0, []), (2, ["B"])])
def test_a_counted_trigger_with_no_counters_could_produce_nothing_cr_106_7(tmp_path, db, counters, types):
    # CR 106.7: "If that permanent wouldn't produce any mana under these conditions ... there's no type of mana
    # it could produce": no charge counter, no mana
    res = run(tmp_path, db, f"""
        players: [Alice, Bob]
        cards:
          Test Shrine:
            mana_cost: "{{3}}"
            type_line: Artifact
            oracle_text: "At the beginning of your first main phase, add {{B}} for each charge counter on this artifact."
        battlefield: {{Alice: [{{card: Test Shrine, id: s, counters: {{charge: {counters}}}}}]}}
        ask: {{could_produce: {{id: s}}}}
        expect: {{types: {types}}}
    """)
    assert res.verdict == PASS, res.message


def test_the_real_firebending_cards_are_read(real_db):
    for name in ("Boiling Rock Rioter", "Zuko, Exiled Prince", "Sun Warriors"):
        abs_ = parse_abilities(real_db.get(name))
        assert any(isinstance(a.effect, TriggeredAddMana) and a.effect.keyword == "firebending" for a in abs_), name


# ---- level up and station stripes (CR 711.2, 721.2) ---------------------------------------------------------

def test_level_symbols_mark_the_abilities_printed_under_them_cr_711_2(real_db):
    from mtgcheck.models.vocab.abilities import Stripe

    abs_ = parse_abilities(real_db.get("Joraga Treespeaker"))
    mana = [a for a in abs_ if a.kind == "activated" and isinstance(a.effect, AddMana)]
    assert [a.stripe for a in mana] == [Stripe("level", 1, 4)]
    assert any(isinstance(a.effect, GrantAbility) and a.stripe == Stripe("level", 5, None) for a in abs_)
    # the level up keyword itself is outside the striations: it is always there (CR 711.4)
    assert any(a.kind == "keyword" and a.stripe is None for a in abs_)


def test_a_station_symbol_is_a_charge_counter_stripe_cr_721_2a(real_db):
    from mtgcheck.models.vocab.abilities import Stripe

    abs_ = parse_abilities(real_db.get("Evendo, Waking Haven"))
    striped = [a for a in abs_ if a.stripe is not None]
    assert striped and all(a.stripe == Stripe("charge", 12, None) for a in striped)
    assert not any("12+" in u.text for a in abs_ for u in walk_unmodelled(a.effect))


def test_a_spacecraft_that_becomes_a_creature_keeps_that_unmodelled_in_its_stripe_cr_721_2b(real_db):
    # "It's an artifact creature at 8+": types and power from a stripe are not set by the engine, so that
    # striation carries an unmodelled line (the answers it could change stay unsupported while it holds)
    abs_ = parse_abilities(real_db.get("Exploration Broodship"))
    lines = [a for a in abs_ if a.is_unmodelled and "is a creature" in a.text]
    assert len(lines) == 1 and lines[0].stripe.least == 8


@pytest.mark.parametrize("n,holds", [(0, False), (1, True), (4, True), (5, False)])
def test_a_level_range_holds_from_its_least_to_its_most_cr_711_2a(n, holds):
    from mtgcheck.models.vocab.abilities import Stripe

    assert Stripe("level", 1, 4).holds({"level": n}) is holds


def test_a_catalog_stripe_with_a_wrong_key_is_an_error_naming_it():
    from mtgcheck.models.vocab.cost_parts import AbilityError
    from mtgcheck.models.data.catalog import catalog_ability

    with pytest.raises(AbilityError, match="unknown stripe key 'lowest'"):
        catalog_ability({"kind": "static", "effect": "text", "stripe": {"counter": "level", "least": 1, "lowest": 2}},
                        "X", "x.yaml: ability 1")


def test_grants_to_elves_reach_elves_cr_205_3m(tmp_path, db):
    # "Elves you control have ..." names the creature type Elf (CR 205.3m): Joraga Treespeaker at level 5
    res = run(tmp_path, db, """
        players: [Alice, Bob]
        battlefield:
          Alice: [{card: Joraga Treespeaker, counters: {level: 7}}, Llanowar Elves]
        ask: {available_mana: Alice}
        expect: {pools: ["{G}{G}{G}{G}"], count: 1}
    """)
    assert res.verdict == PASS, res.message


# ---- resource cost parts of mana abilities in available_mana (CR 118.3, 602.2b) ------------------------------

def test_a_discard_cost_with_the_hand_not_listed_is_unsupported_naming_the_hand(tmp_path, db):
    # the scenario does not say what is in Alice's hand: whether "Discard a card" can be paid is unknown
    res = run(tmp_path, db, """
        players: [Alice, Bob]
        battlefield: {Alice: [Skirge Familiar, Swamp]}
        ask: {available_mana: Alice}
        expect: {pools: ["{B}"], count: 1}
    """)
    assert res.verdict == UNSUPPORTED and "hand" in res.message, res.message


def test_two_discard_outlets_and_one_card_is_a_choice_left_unsupported(tmp_path, db):
    # Skirge Familiar and Bog Witch both want the one card: which one pays is a choice (CR 118.3), not modelled
    res = run(tmp_path, db, """
        players: [Alice, Bob]
        hand: {Alice: [Grizzly Bears]}
        battlefield: {Alice: [Skirge Familiar, Bog Witch, Swamp]}
        ask: {available_mana: Alice}
        expect: {pools: ["{B}{B}{B}"], count: 1}
    """)
    assert res.verdict == UNSUPPORTED, res.message


def test_discarding_from_a_hand_with_a_spirit_guide_is_a_choice_left_unsupported(tmp_path, db):
    # Elvish Spirit Guide's mana ability works from the hand (CR 113.6m): discarding it for Skirge Familiar
    # loses that mana, so which card to discard matters
    res = run(tmp_path, db, """
        players: [Alice, Bob]
        hand: {Alice: [Elvish Spirit Guide]}
        battlefield: {Alice: [Skirge Familiar]}
        ask: {available_mana: Alice}
        expect: {pools: ["{G}"], count: 1}
    """)
    assert res.verdict == UNSUPPORTED, res.message


@pytest.mark.parametrize("books,pools", [(0, []), (1, ["{C}"])])
def test_removing_a_counter_named_by_the_card_needs_that_counter_cr_122_1(tmp_path, db, books, pools):
    # "Remove a book counter from <its name>": the card names itself (CR 201.5)
    res = run(tmp_path, db, f"""
        players: [Alice, Bob]
        cards:
          Test Satchel:
            mana_cost: "{{2}}"
            type_line: Artifact
            oracle_text: "{{T}}, Remove a book counter from Test Satchel: Add {{C}}."
        battlefield: {{Alice: [{{card: Test Satchel, counters: {{book: {books}}}}}]}}
        ask: {{available_mana: Alice}}
    """)
    assert res.verdict not in ("error", UNSUPPORTED), res.message
    got = [p for p in res.answer.values["pools"] if p]
    assert got == pools


def test_tapping_two_untapped_elves_reads_elves_cr_205_3m():
    # the cost parser's "elve" is the creature type Elf (a filter that matched nothing would say "can't pay")
    from mtgcheck.models.game.state import Permanent
    from mtgcheck.solver.rules.layers import matches

    db = load_database(None)
    elf = Permanent("e", db.get("Llanowar Elves"), "Alice", "Alice")
    assert matches("elve", elf, "any", "Alice")


# ---- "{T}, Sacrifice a <kind>" and "Tap N untapped <kind>" in available_mana (CR 605.3a, 118.3) -------------

def test_a_tap_and_sacrifice_ability_watched_by_a_replacement_is_left_unsupported(tmp_path, db):
    # its mana is made after the sacrifice: sacrificing the effect's source itself could change it, so an output
    # shaped by replacement effects or triggers is not combined with a sacrifice here
    res = run(tmp_path, db, """
        players: [Alice, Bob]
        battlefield: {Alice: [Phyrexian Tower, Llanowar Elves, Mana Reflection]}
        ask: {available_mana: Alice}
        expect: {pools: ["{B}{B}{B}{B}{G}{G}"], count: 1}
    """)
    assert res.verdict == UNSUPPORTED, res.message


def test_tap_two_untapped_elves_taps_two_per_activation_cr_118_3(tmp_path, db):
    # Birchlore Rangers' kind: four Elves make two activations (any colour each), or they tap for their own mana
    res = run(tmp_path, db, """
        players: [Alice, Bob]
        cards:
          Test Ranger:
            mana_cost: "{G}"
            type_line: Creature — Elf Ranger
            oracle_text: "Tap two untapped Elves you control: Add {W}."
        battlefield: {Alice: [{card: Test Ranger, sick: true}, {card: Llanowar Elves, sick: true}]}
        ask: {available_mana: Alice}
        expect: {pools: ["{W}"], count: 1}
    """)
    assert res.verdict == PASS, res.message


# ---- Saga chapters, mana for another player, delayed end-step riders ----------------------------------------

def test_a_saga_chapter_that_adds_mana_is_a_triggered_ability_cr_714_2b(real_db):
    abs_ = parse_abilities(real_db.get("Maximum Carnage"))
    got = [a for a in abs_ if isinstance(a.effect, TriggeredAddMana)]
    assert len(got) == 1 and "lore counter" in got[0].effect.event and got[0].effect.output.mana == ("R", "R", "R")


def test_that_player_adds_is_read_as_what_the_ability_produces_cr_106_7(real_db):
    (ab,) = parse_abilities(real_db.get("Eladamri's Vineyard"))
    assert isinstance(ab.effect, TriggeredAddMana) and ab.effect.output.to == "that_player"


def test_a_delayed_sacrifice_at_the_next_end_step_changes_no_mana_now_cr_603_7a():
    got = classify("If this ability has been activated four or more times this turn, sacrifice this creature at the "
                   "beginning of the next end step.", "rider")
    assert got == frozenset({Topic.TRIGGERS})


# ---- amounts read from what the trigger event names (CR 603.2; EventAmount with of/reads) ------------------------

def _event_amount_of(name: str, real_db):
    from mtgcheck.models.vocab.behaviour import abilities_of

    (t,) = [a for a in abilities_of(real_db.get(name)) if isinstance(a.effect, TriggeredAddMana)]
    return t, t.effect.output.amount


def test_total_power_of_attacking_creatures_is_read_in_the_attack_cr_508_3a(real_db):
    """CR 603.2, 508.1, 508.3a, 506.4, 106.7: Klauth's "Whenever Klauth attacks, add X mana in any combination of
    colors, where X is the total power of attacking creatures": the attack that triggers it has Klauth (4/4) attacking,
    so read as if it resolved now X can be 4 (Klauth alone) or 0 (removed from combat, 506.4) — never the board's
    outside combat, where no creature attacks. It could produce each colour."""
    from mtgcheck.models.vocab.amounts import EventAmount, TotalAmong
    from mtgcheck.models.game.state import GameState, Permanent
    from mtgcheck.solver.rules.mana.amounts import event_reference_values
    from mtgcheck.solver.rules.mana.produce import could_produce

    t, amt = _event_amount_of("Klauth, Unrivaled Ancient", real_db)
    assert isinstance(amt, EventAmount) and amt.of == "attack"
    assert isinstance(amt.reads, TotalAmong) and amt.reads.stat == "power"
    s = GameState(players=["Alice", "Bob"], active="Alice")
    k = Permanent("k", real_db.get("Klauth, Unrivaled Ancient"), "Alice", "Alice")
    s.battlefield.append(k)
    assert event_reference_values(s, k, t, amt) == [0, 4]
    assert could_produce(s).types["k"] == frozenset("WUBRG")


def test_that_players_artifacts_are_counted_for_each_player_cr_603_2(real_db):
    """CR 603.2, 106.7: Blinkmoth Urn's "At the beginning of each player's first main phase, ... that player adds {C}
    for each artifact they control": "they" is the player the event names, any player; Alice controls the Urn and a
    Mox (2 artifacts), Bob none, so the amount is 2 at Alice's phase and 0 at Bob's."""
    from mtgcheck.models.game.state import GameState, Permanent
    from mtgcheck.solver.rules.mana.amounts import event_reference_values

    t, amt = _event_amount_of("Blinkmoth Urn", real_db)
    assert amt.of == "player" and amt.whose == "any"
    s = GameState(players=["Alice", "Bob"], active="Alice")
    u = Permanent("u", real_db.get("Blinkmoth Urn"), "Alice", "Alice")
    s.battlefield += [u, Permanent("m", real_db.get("Mox Emerald"), "Alice", "Alice"),
                      Permanent("f", real_db.get("Forest"), "Bob", "Bob")]
    assert event_reference_values(s, u, t, amt) == [0, 2]


def test_attacking_creatures_of_another_attack_are_not_the_sources_cr_508_3a():
    """CR 508.3a: "Whenever [a creature] attacks" triggers for that creature; when it is not the source ("Whenever a
    creature attacks, add {R} for each attacking creature", wording of no printed card) the attack reference is not
    read (the line stays unmodelled, never a guess)."""
    from mtgcheck.models.text.mana_tail import _event_reference

    amount = {"count": "attacking creature"}
    assert _event_reference("Whenever a creature attacks", amount, None, ("Test Card",)) is None
    assert _event_reference("Whenever Test Card attacks", amount, None, ("Test Card",)) is not None
    # a player not named by the event ("your upkeep") is not read as "they"
    assert _event_reference("At the beginning of your upkeep", {"count": "artifact they control"}, "that_player", ()) \
        is None


def test_combat_damage_that_much_is_at_least_one_cr_120_8(real_db):
    """CR 120.8, 603.2: Sakiko's "Whenever a creature you control deals combat damage to a player, add that much {G}":
    0 damage is no damage dealt (no trigger), so the event's number is at least 1; it could produce {G}."""
    from mtgcheck.models.vocab.amounts import EventAmount

    _t, amt = _event_amount_of("Sakiko, Mother of Summer", real_db)
    assert amt == EventAmount(at_least=1)
