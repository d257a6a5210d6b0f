"""Triggered abilities that add mana with an intervening "if" (CR 603.4, 605.5a, 106.7).

An intervening "if" is checked as the ability resolves (CR 603.4): what the permanent could produce counts the
ability's mana only while the condition holds now (CR 106.7). Expected values come from the cited rules; the boards
are small enough to work out by hand.
"""
from __future__ import annotations

import textwrap

import pytest

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.data.database import load_database
from mtgcheck.models.vocab.conditions import AttackedThisTurn, Compare, SourceCast
from mtgcheck.models.vocab.amounts import ThisTurn
from mtgcheck.models.vocab.mana_effects import TriggeredAddMana
from mtgcheck.models.vocab.effect import walk_unmodelled
from mtgcheck.models.data.scenario import ScenarioError, build_state, load_scenarios
from mtgcheck.models.text.oracle import parse_abilities
from mtgcheck.solver.questions.runner import PASS, UNSUPPORTED

from .scenario_text import run


@pytest.fixture(scope="module")
def db():
    return load_database(None)


def load(tmp_path, text):
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    (sc,) = load_scenarios(p)
    return build_state(sc, load_database(None))


def card(text: str, name: str = "Test Card", keywords: tuple = ()):
    return card_from_fields({"name": name, "type_line": "Creature — Test", "oracle_text": text, "mana_cost": "{2}",
                             "keywords": list(keywords)})


CARDS = """
cards:
  Stoker:
    mana_cost: "{3}{R}"
    type_line: Creature — Elemental
    oracle_text: "When this creature enters, if you cast it from your hand, add {R}{R}{R}."
  Hellkite:
    mana_cost: "{3}{R}{R}"
    type_line: Creature — Dragon
    keywords: [Bargain]
    oracle_text: "Bargain\\nWhen this creature enters, if it was bargained, add four mana in any combination of colors."
  Herbalist:
    mana_cost: "{2}{G}"
    type_line: Creature — Human Druid
    oracle_text: "Revolt — When this creature enters, if a permanent left the battlefield under your control this turn, add {G}{G}."
  Bear:
    mana_cost: "{1}{G}"
    type_line: Creature — Bear
    oracle_text: ""
"""


def test_parse_intervening_if_conditions():
    """CR 603.4: the condition after the trigger event is typed with the ability, never dropped."""
    cases = {
        "When this creature enters, if you cast it from your hand, add {R}{R}{R}.": SourceCast("hand"),
        "When this creature enters, if you cast it, add {W}{U}{B}{R}{G}.": SourceCast(),
        "When this creature enters, if it was bargained, add four mana in any combination of colors.":
            SourceCast(bargained=True),
        "Raid — When this creature enters, if you attacked this turn, add {R}{W}{B}.": AttackedThisTurn("you", 1),
        "When this creature enters, if an opponent lost life this turn, add {B}{R}.":
            Compare(ThisTurn("life_lost", "opponent"), ">=", 1),
        "Revolt — When this creature enters, if a permanent left the battlefield under your control this turn, add {G}{G}.":
            Compare(ThisTurn("left_battlefield", "you"), ">=", 1),
    }
    for text, cond in cases.items():
        (ab,) = parse_abilities(card(text))
        assert isinstance(ab.effect, TriggeredAddMana), text
        assert ab.effect.condition == cond, text
        assert ab.effect.enters == "enters"  # still an enters trigger for the resolution rules (CR 603.6a)


def test_unread_intervening_if_stays_unmodelled(tmp_path, db):
    """CR 603.4: a condition that is not read keeps the whole ability unmodelled, so could_produce is unsupported
    naming the sentence (never read as if the condition were absent)."""
    (ab,) = parse_abilities(card("When this creature enters, if it's night, add {G}{G}."))
    assert not isinstance(ab.effect, TriggeredAddMana)
    assert any("night" in u.text for u in walk_unmodelled(ab.effect))
    r = run(tmp_path, db, """
        players: [Alice, Bob]
        cards:
          Night Elf: {mana_cost: "{G}", type_line: Creature — Elf, oracle_text: "When this creature enters, if it's night, add {G}{G}."}
        battlefield: {Alice: [Night Elf]}
        ask: {could_produce: Night Elf}
    """)
    assert r.verdict == UNSUPPORTED and "night" in r.message


@pytest.mark.parametrize("entry,types", [
    ("{card: Stoker, cast_from: hand}", ["R"]),      # CR 601.2a, 603.4: cast from the hand
    ("{card: Stoker, cast_from: graveyard}", []),    # cast, but not from the hand
    ("Stoker", []),                                  # not cast: put onto the battlefield
    ("{card: Hellkite, cast_from: hand, bargained: true}", ["W", "U", "B", "R", "G"]),  # CR 702.166b
    ("{card: Hellkite, cast_from: hand}", []),
])
def test_how_the_permanent_entered(tmp_path, db, entry, types):
    """CR 603.4, 106.7: the intervening 'if' read now from the permanent's cast_from / bargained."""
    r = run(tmp_path, db, f"""
        players: [Alice, Bob]
        {textwrap.indent(CARDS, '        ').strip()}
        battlefield: {{Alice: [{entry}]}}
        ask: {{could_produce: {entry.split(',')[0].strip('{').replace('card: ', '')}}}
        expect: {types}
    """)
    assert r.verdict == PASS, r.message


@pytest.mark.parametrize("history,types", [
    ("{died: {Alice: [Bear]}}", ["G"]),              # CR 700.4: it died, so it left the battlefield
    ("{sacrificed: {Alice: [Bear]}}", ["G"]),        # CR 701.17a
    ("{left_battlefield: {Alice: [Bear]}}", ["G"]),  # CR 603.6c: exiled or returned to a hand
    ("{left_battlefield: {Bob: [Bear]}}", []),       # not under Alice's control
    ("{}", []),
])
def test_revolt_reads_the_turn_history(tmp_path, db, history, types):
    """Revolt (CR 603.6c, 603.4): a permanent left the battlefield under your control this turn."""
    r = run(tmp_path, db, f"""
        players: [Alice, Bob]
        {textwrap.indent(CARDS, '        ').strip()}
        turn: {{history: {history}}}
        battlefield: {{Alice: [Herbalist]}}
        ask: {{could_produce: Herbalist}}
        expect: {types}
    """)
    assert r.verdict == PASS, r.message


def test_scenario_errors_name_the_line(tmp_path):
    """An unknown cast_from zone and a bargain on a permanent that was not cast or has no bargain are errors naming
    the line (CR 601.2a, 702.166a-b)."""
    base = textwrap.indent(CARDS, "        ").strip()
    with pytest.raises(ScenarioError, match=r"s\.yaml:\d+.*cast_from 'hnd'.*hand"):
        load(tmp_path, f"""
        players: [Alice, Bob]
        {base}
        battlefield: {{Alice: [{{card: Stoker, cast_from: hnd}}]}}
        ask: {{could_produce: Stoker}}
        """)
    with pytest.raises(ScenarioError, match=r"s\.yaml:\d+.*bargained.*cast_from"):
        load(tmp_path, f"""
        players: [Alice, Bob]
        {base}
        battlefield: {{Alice: [{{card: Hellkite, bargained: true}}]}}
        ask: {{could_produce: Hellkite}}
        """)
    with pytest.raises(ScenarioError, match=r"s\.yaml:\d+.*Stoker has no bargain"):
        load(tmp_path, f"""
        players: [Alice, Bob]
        {base}
        battlefield: {{Alice: [{{card: Stoker, cast_from: hand, bargained: true}}]}}
        ask: {{could_produce: Stoker}}
        """)


def test_hypergenesis_put_with_intervening_if_is_unsupported(tmp_path, db):
    """CR 603.4: whether an enters trigger with an intervening 'if' triggers as the card is put onto the
    battlefield is not read by trigger_order: unsupported, never counted as triggering."""
    r = run(tmp_path, db, f"""
        players: [Alice, Bob]
        {textwrap.indent(CARDS, '        ').strip()}
        hand: {{Alice: [Stoker]}}
        ask: {{trigger_order: {{after: {{spell: Hypergenesis, player: Alice, put: {{Alice: [Stoker]}}}}}}}}
    """)
    assert r.verdict == UNSUPPORTED and "intervening" in r.message


# ---- counters removed, and other instructions around the mana (CR 608.2c, 608.2h) ----------------------------

def test_counters_removed_read_as_counters_on_the_source():
    """CR 122.1, 608.2h: "remove all charge counters ... Add ... for each charge counter removed this way" adds by the
    number on it as it resolves; "If no counters were removed this way, ... Otherwise, add" only with one."""
    from mtgcheck.models.vocab.amounts import CountersOn
    from mtgcheck.models.vocab.conditions import HasCounter

    (ab,) = parse_abilities(card("At the beginning of your first main phase, remove all charge counters from this "
                                 "artifact. Add one mana of any color for each charge counter removed this way."))
    assert isinstance(ab.effect, TriggeredAddMana) and ab.effect.condition is None
    assert ab.effect.output.any_color and ab.effect.output.amount == CountersOn("charge")
    (ab,) = parse_abilities(card("At the beginning of your first main phase, remove all flood counters from this "
                                 "enchantment. If no counters were removed this way, put a flood counter on this "
                                 "enchantment and draw a card. Otherwise, add {C}{G}{U}.", "Bounty of the Luxa"))
    # (a paraphrase kept by name: roundtrip_exceptions.yaml)
    assert ab.effect.condition == HasCounter("flood") and ab.effect.output.mana == ("C", "G", "U")


@pytest.mark.parametrize("counters,types", [("{charge: 2}", ["C"]), ("{}", [])])
def test_ventifact_bottle_counters(tmp_path, db, counters, types):
    """CR 603.4 (intervening 'if this artifact has a charge counter on it'), 608.2h, 106.7."""
    r = run(tmp_path, db, f"""
        players: [Alice, Bob]
        cards:
          Ventifact Bottle:
            mana_cost: "{{3}}"
            type_line: Artifact
            oracle_text: "At the beginning of your first main phase, if this artifact has a charge counter on it, tap it and remove all charge counters from it. Add {{C}} for each charge counter removed this way."
        battlefield: {{Alice: [{{card: Ventifact Bottle, counters: {counters}}}]}}
        ask: {{could_produce: Ventifact Bottle}}
        expect: {types}
    """)
    assert r.verdict == PASS, r.message


def test_other_instructions_are_riders_that_change_no_mana_answer():
    """CR 608.2c, 605.5a: "you lose 1 life and add {B}" is the output {B} with the rider "You lose 1 life.", which
    functions only as the ability resolves (topics triggers and resolution, never a mana topic)."""
    from mtgcheck.models.vocab.topics import Topic

    for text, rider in (("Whenever a creature enters, you lose 1 life and add {B}.", "You lose 1 life."),
                        ("Whenever you sacrifice an artifact, put a +1/+1 counter on this creature and add {R}.",
                         "Put a +1/+1 counter on this creature."),
                        ("Whenever this creature attacks, add {W}{W}{W} and you gain 3 life.", "You gain 3 life.")):
        (ab,) = parse_abilities(card(text))
        assert isinstance(ab.effect, TriggeredAddMana), text
        (u,) = ab.effect.output.riders
        assert u.text == rider and u.topics == frozenset({Topic.TRIGGERS, Topic.RESOLUTION})


def test_amount_after_an_instruction_stays_unmodelled():
    """CR 608.2c: an amount read after another instruction changed the board (a counter put on it, then "{C} for
    each counter on it") is not reordered: the line stays unmodelled (never read as if the instruction came after)."""
    (ab,) = parse_abilities(card("At the beginning of your first main phase, put a +1/+1 counter on this creature and "
                                 "add {C} for each counter on it."))
    assert not isinstance(ab.effect, TriggeredAddMana)


# ---- amounts of the event and of the board (CR 508.1, 603.2, 700.8) -----------------------------------------

def test_that_much_of_attackers_is_an_event_amount():
    """CR 508.1, 603.2c: "Whenever one or more creatures you control attack, add that much ..." adds one mana per
    attacker, at least one; "twice that much" doubles it."""
    from mtgcheck.models.vocab.amounts import EventAmount

    (ab,) = parse_abilities(card("Whenever one or more creatures you control attack, add that much mana in any "
                                 "combination of {R} and/or {G}."))
    assert ab.effect.output.amount == EventAmount(at_least=1) and ab.effect.output.combination == ("R", "G")
    (ab,) = parse_abilities(card("Whenever one or more Treefolk you control attack, add twice that much {G}."))
    assert ab.effect.output.amount == EventAmount(at_least=1, times=2)


@pytest.mark.parametrize("others,types", [("[]", []), ("[Wall]", []), ("[Bear]", ["R"])])
def test_sacrifice_if_you_do(tmp_path, db, others, types):
    """CR 608.2d, 701.17a, 208.1, 107.1b: 'you may sacrifice another creature. If you do, add {R} equal to the
    sacrificed creature's power' adds mana only with another creature of power 1 or more to sacrifice."""
    r = run(tmp_path, db, f"""
        players: [Alice, Bob]
        cards:
          Ozai:
            mana_cost: "{{3}}{{B}}"
            type_line: Legendary Creature — Human Noble
            power: "4"
            toughness: "4"
            oracle_text: "Whenever this creature attacks, you may sacrifice another creature. If you do, add an amount of {{R}} equal to the sacrificed creature's power."
          Wall: {{mana_cost: "{{1}}", type_line: Creature — Wall, power: "0", toughness: "4", oracle_text: ""}}
          Bear: {{mana_cost: "{{1}}{{G}}", type_line: Creature — Bear, power: "2", toughness: "2", oracle_text: ""}}
        battlefield: {{Alice: [Ozai, {others[1:-1] or ''}]}}
        ask: {{could_produce: Ozai}}
        expect: {types}
    """.replace("[Ozai, ]", "[Ozai]"))
    assert r.verdict == PASS, r.message


@pytest.mark.parametrize("creatures,types", [("[Elec]", ["R"]), ("[Bear]", [])])
def test_party_amount(tmp_path, db, creatures, types):
    """CR 700.8: 'add {R} for each creature in your party' counts up to one each of Cleric, Rogue, Warrior, Wizard
    its controller controls (a Human is in no party role)."""
    r = run(tmp_path, db, f"""
        players: [Alice, Bob]
        cards:
          Elec: {{mana_cost: "{{2}}{{R}}", type_line: Creature — Human Wizard, power: "3", toughness: "2", oracle_text: "When this creature enters, add {{R}} for each creature in your party."}}
          Elec2: {{mana_cost: "{{2}}{{R}}", type_line: Creature — Human, power: "3", toughness: "2", oracle_text: "When this creature enters, add {{R}} for each creature in your party."}}
          Bear: {{mana_cost: "{{1}}{{G}}", type_line: Creature — Bear, power: "2", toughness: "2", oracle_text: ""}}
        battlefield: {{Alice: [Elec2, {creatures[1:-1]}]}}
        ask: {{could_produce: Elec2}}
        expect: {types}
    """)
    assert r.verdict == PASS, r.message


OMNATH = """
cards:
  Omnath:
    mana_cost: "{R}{G}{W}{U}"
    type_line: Legendary Creature — Elemental
    power: "4"
    toughness: "4"
    oracle_text: "When Omnath enters, draw a card.\\nLandfall — Whenever a land you control enters, you gain 4 life if this is the first time this ability has resolved this turn. If it's the second time, add {R}{G}{W}{U}. If it's the third time, Omnath deals 4 damage to each opponent and each planeswalker you don't control."
"""


@pytest.mark.parametrize("history,types", [
    ("{}", []),                                                              # it would be the first time
    ("{resolved: [{permanent: Omnath, trigger: 2, times: 1}]}", ["W", "U", "R", "G"]),  # the second time
    ("{resolved: [{permanent: Omnath, trigger: 2, times: 2}]}", []),          # the third time
    ("{resolved: [{permanent: Omnath, trigger: 1, times: 1}]}", []),          # another ability resolved
])
def test_nth_time_this_ability_has_resolved(tmp_path, db, history, types):
    """CR 608.2, 603.4: 'If it's the second time, add {R}{G}{W}{U}' adds mana only when it resolved once earlier this
    turn (the history's resolved, per triggered ability counted from 1)."""
    r = run(tmp_path, db, f"""
        players: [Alice, Bob]
        {textwrap.indent(OMNATH, '        ').strip()}
        turn: {{history: {history}}}
        battlefield: {{Alice: [Omnath]}}
        ask: {{could_produce: Omnath}}
        expect: {types}
    """)
    assert r.verdict == PASS, r.message


def test_resolved_history_errors_name_the_line(tmp_path):
    """A 'resolved' entry naming a triggered ability the permanent does not have is an error naming the line and
    listing its triggered abilities (CR 603.1)."""
    with pytest.raises(ScenarioError, match=r"s\.yaml:\d+.*Omnath has 2 triggered abilities.*trigger 3 does not exist"):
        load(tmp_path, f"""
        players: [Alice, Bob]
        {textwrap.indent(OMNATH, '        ').strip()}
        turn: {{history: {{resolved: [{{permanent: Omnath, trigger: 3}}]}}}}
        battlefield: {{Alice: [Omnath]}}
        ask: {{could_produce: Omnath}}
        """)


def test_neheb_needs_the_hand(tmp_path, db):
    """CR 701.9a, 608.2d: the number of cards discarded as it resolves is 0 up to the cards in the hand: with the hand
    not listed it is unknown, so could_produce is unsupported (never a guess)."""
    r = run(tmp_path, db, """
        players: [Alice, Bob]
        cards:
          Neheb, Dreadhorde Champion:
            mana_cost: "{2}{R}{R}"
            type_line: Legendary Creature — Zombie Minotaur Warrior
            power: "5"
            toughness: "4"
            oracle_text: "Whenever this creature deals combat damage to a player or planeswalker, you may discard any number of cards. If you do, draw that many cards and add that much {R}."
        battlefield: {Alice: ["Neheb, Dreadhorde Champion"]}
        ask: {could_produce: "Neheb, Dreadhorde Champion"}
    """)
    assert r.verdict == UNSUPPORTED and "hand" in r.message


def test_other_players_mana_amounts():
    """CR 119.3, 122.1, 106.7: 'the active player adds {C}{C} for each of your opponents who lost life this turn'
    counts opponents of the ability's controller (PlayersWho); 'that player may put a +1/+1 counter on this creature.
    If they do, they add {C} for each counter on it' adds one more than the counters it has (the one just put)."""
    from mtgcheck.models.vocab.amounts import CountersOn, PlayersWho, Sum

    (ab,) = parse_abilities(card("At the beginning of each postcombat main phase, the active player adds {C}{C} for "
                                 "each of your opponents who lost life this turn."))
    assert ab.effect.output.amount == PlayersWho("life_lost", "opponent") and ab.effect.output.to == "active_player"
    (ab,) = parse_abilities(card("At the beginning of each player's first main phase, that player may put a +1/+1 "
                                 "counter on this creature. If they do, they add {C} for each counter on it.",
                                 "Cheering Crowd"))  # a paraphrase kept by name (roundtrip_exceptions.yaml)
    assert ab.effect.output.amount == Sum((CountersOn(""),), plus=1) and ab.effect.output.to == "that_player"


def test_required_target_of_a_rider_is_read_or_unsupported(tmp_path, db):
    """CR 603.3d, 608.2b: 'Urabrask deals 1 damage to target opponent. Add {R}.' adds mana only with a legal target;
    Leyline of Sanctity's 'You have hexproof.' gives its controller hexproof (CR 702.11c), so with Bob the only
    opponent there is no legal target and it adds nothing; Klothys's target card needs the graveyards listed."""
    from mtgcheck.models.vocab.conditions import HasLegalTarget

    (ab,) = parse_abilities(card("Whenever you cast an instant or sorcery spell, this creature deals 1 damage to "
                                 "target opponent. Add {R}."))
    assert isinstance(ab.effect, TriggeredAddMana) and isinstance(ab.effect.condition, HasLegalTarget)
    r = run(tmp_path, db, """
        players: [Alice, Bob]
        cards:
          Praetor: {mana_cost: "{2}{R}{R}", type_line: Creature — Phyrexian, power: "4", toughness: "4", oracle_text: "Whenever you cast an instant or sorcery spell, this creature deals 1 damage to target opponent. Add {R}."}
          Leyline: {mana_cost: "{2}{W}{W}", type_line: Enchantment, oracle_text: "You have hexproof."}
        battlefield: {Alice: [Praetor], Bob: [Leyline]}
        ask: {could_produce: Praetor}
    """)
    assert r.answer is not None and r.answer.values["types"] == [] and "702.11c" in " ".join(r.answer.explanation)
    r = run(tmp_path, db, """
        players: [Alice, Bob]
        cards:
          God: {mana_cost: "{1}{R}{G}", type_line: Legendary Enchantment — God, oracle_text: "At the beginning of your first main phase, exile target card from a graveyard. If it was a land card, add {R} or {G}. Otherwise, you gain 2 life."}
        battlefield: {Alice: [God]}
        ask: {could_produce: God}
    """)
    assert r.verdict == UNSUPPORTED and "graveyard" in r.message
