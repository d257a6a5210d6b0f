"""Classes of cards modelled whole: targets in any zone, the stack zone, scry with illegal targets, and the
bound that keeps unpayable filters out of available_mana.

Expected values come from the cited rules; the scenarios are small enough to work out by hand.
"""
from __future__ import annotations

import textwrap

import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.data.scenario import ScenarioError, build_state, load_scenarios
from mtgcheck.solver.questions.runner import ERROR, PASS, run_scenario


@pytest.fixture(scope="module")
def db():
    return load_database(None)


def scenario(tmp_path, text):
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    (sc,) = load_scenarios(p)
    return sc


def test_cr_115_1_an_effect_may_target_a_card_in_a_graveyard(tmp_path, db):
    """CR 115.1 (a target may be a card in a zone); Snapcaster Mage: its target is an instant or sorcery card
    in a graveyard. The scenario names the card; the state keeps its id as the effect's target."""
    sc = scenario(tmp_path, """
        players: [Alice, Bob]
        graveyard: {Alice: [Lightning Bolt, Opt]}
        effects: [{card: Snapcaster Mage, controller: Alice, targets: [Opt]}]
        ask: {mana_value: {card: Opt}}
    """)
    state, _ = build_state(sc, db)
    (opt,) = [ci for ci in state.cards("graveyard", "Alice") if ci.name == "Opt"]
    assert state.effects[0].targets == [opt.id]


def test_a_target_naming_no_card_is_an_error_with_the_line(tmp_path, db):
    """A target that names nothing anywhere is an input error naming the file, the line and the candidates."""
    sc = scenario(tmp_path, """
        players: [Alice, Bob]
        graveyard: {Alice: [Opt]}
        effects:
          - {card: Snapcaster Mage, controller: Alice, targets: [Lightning Bolt]}
        ask: {mana_value: {card: Opt}}
    """)
    with pytest.raises(ScenarioError) as e:
        build_state(sc, db)
    msg = str(e.value)
    assert ":5:" in msg and "Lightning Bolt" in msg and "another zone" in msg
    assert any("Opt (graveyard of Alice" in c for c in e.value.suggestions)


def test_a_target_matching_two_cards_asks_which(tmp_path, db):
    """Two cards of one name in different graveyards: the reference is ambiguous; {card, zone, owner} picks one."""
    base = """
        players: [Alice, Bob]
        graveyard: {Alice: [Opt], Bob: [Opt]}
        effects: [{card: Snapcaster Mage, controller: Alice, targets: [%s]}]
        ask: {mana_value: {card: Opt}}
    """
    with pytest.raises(ScenarioError, match="matches 2 cards"):
        build_state(scenario(tmp_path, base % "Opt"), db)
    state, _ = build_state(scenario(tmp_path, base % "{card: Opt, zone: graveyard, owner: Bob}"), db)
    assert state.effects[0].targets == [state.cards("graveyard", "Bob")[0].id]


def test_the_stack_is_a_zone_of_a_scenario(tmp_path, db):
    """CR 405.1: spells on the stack; a scenario lists them per controller (top first)."""
    sc = scenario(tmp_path, """
        players: [Alice, Bob]
        stack: {Bob: [Lightning Bolt]}
        ask: {mana_value: {card: Lightning Bolt, zone: stack}}
    """)
    state, _ = build_state(sc, db)
    assert [ci.name for ci in state.cards("stack", "Bob")] == ["Lightning Bolt"]
    assert run_scenario(sc, db).answer.values["mana_value"] == 1


def test_cr_608_2b_plain_scry_with_illegal_targets_looks_at_nothing(tmp_path, db):
    """CR 608.2b: a spell or ability whose every target is illegal does not resolve; nothing is looked at,
    whatever the size of the library (3 cards here, scry 2 would look at 2)."""
    sc = scenario(tmp_path, """
        players: [Alice]
        library: {Alice: [Island, Forest, Plains]}
        ask: {scry: {player: Alice, n: 2, targets_legal: false}}
        expect: {looked_at: 0, choices: 1, scried: false}
    """)
    assert run_scenario(sc, db).verdict == PASS


def test_cr_701_22a_a_draw_before_a_scry_leaves_fewer_cards_to_look_at(tmp_path, db):
    """CR 608.2c, 701.22a: 'draw a card, then scry 2' with a two-card library: the draw leaves one card, so
    the scry looks at one."""
    sc = scenario(tmp_path, """
        players: [Alice]
        cards:
          Test Peek:
            mana_cost: "{U}"
            type_line: Sorcery
            abilities:
              - {kind: spell, effect: instructions, params: {steps: [{action: draw, n: 1}, {action: scry, n: 2}]}, text: draw then scry 2}
        library: {Alice: [Island, Forest]}
        ask: {scry: {spell: Test Peek, player: Alice}}
        expect: {looked_at: 1}
    """)
    res = run_scenario(sc, db)
    assert res.verdict == PASS, res.message


def test_cr_601_2h_a_filter_costing_more_than_all_mana_is_left_out(tmp_path, db):
    """CR 601.2h/602.2b: an ability whose mana cost cannot be paid cannot be activated. Three basic lands make
    at most three mana, so a {100} filter never applies: the pool is the lands' {U}{B}{G}."""
    sc = scenario(tmp_path, """
        players: [Alice]
        cards:
          Test Hundred:
            mana_cost: "{0}"
            type_line: Artifact
            abilities:
              - {kind: activated, cost: "{100}", effect: add_mana, params: {any_color: true, amount: 1}, text: pay 100 for one mana of any color}
        battlefield: {Alice: [Forest, Island, Swamp, Test Hundred]}
        ask: {available_mana: Alice}
        expect: {pools: ["{U}{B}{G}"], count: 1}
    """)
    res = run_scenario(sc, db)
    assert res.verdict == PASS, res.message
    assert any("cannot be activated" in line for line in res.answer.explanation)


def test_a_filter_that_can_be_paid_is_still_tried(tmp_path, db):
    """The bound only drops what can never be paid: {1}: one mana of any color with two lands is a filter
    that turns one land's mana into any color (CR 605.3a): pools {G}{W}..{G}{G} and {U}{G}... are all reachable."""
    sc = scenario(tmp_path, """
        players: [Alice]
        cards:
          Test Filter:
            mana_cost: "{0}"
            type_line: Artifact
            abilities:
              - {kind: activated, cost: "{1}", effect: add_mana, params: {any_color: true, amount: 1}, text: pay 1 for one mana of any color}
        battlefield: {Alice: [Forest, Island, Test Filter]}
        ask: {available_mana: Alice}
    """)
    res = run_scenario(sc, db)
    assert res.verdict != ERROR, res.message
    # two lands: either both mana stay ({U}{G}), or one is filtered into any colour (the other kept)
    assert "{U}{G}" in res.answer.values["pools"]
    assert "{U}{R}" in res.answer.values["pools"] and "{R}{G}" in res.answer.values["pools"]


# ---------------------------------------------------------------------------
# Target requirements (CR 115, 601.2c)
# ---------------------------------------------------------------------------

from mtgcheck.models.text.targets import parse_target_phrase  # noqa: E402
from mtgcheck.models.vocab.targeting_specs import spell_targets  # noqa: E402
from mtgcheck.models.text.oracle import parse_abilities  # noqa: E402


def _spell(text, type_line="Instant"):
    from mtgcheck.models.game.cards import card_from_fields

    card = card_from_fields({"name": "Test Spell", "mana_cost": "{1}", "type_line": type_line, "oracle_text": text})
    return spell_targets(parse_abilities(card), "Aura" in type_line)


def test_cr_115_1_target_phrases_are_read():
    """CR 115.1: 'target creature you control', 'target artifact or enchantment', 'target instant or sorcery card
    in your graveyard', 'up to two target creatures' (which may be none: count 0)."""
    s = parse_target_phrase("target creature you control")
    assert s.kinds == ("permanent",) and s.types == ("Creature",) and s.controller == "you" and s.count == 1
    s = parse_target_phrase("target artifact or enchantment")
    assert s.types == ("Artifact", "Enchantment")
    s = parse_target_phrase("target instant or sorcery card in your graveyard")
    assert s.kinds == ("card",) and s.zone == "graveyard" and s.owner == "you" and s.types == ("Instant", "Sorcery")
    assert parse_target_phrase("up to two target creatures").count == 0
    assert parse_target_phrase("two target creatures").count == 2
    s = parse_target_phrase("any target")
    assert "player" in s.kinds and "permanent" in s.kinds


def test_cr_115_3_each_target_word_is_a_requirement_and_a_spell_that_targets_is_a_qualifier():
    """CR 115.3: 'target creature and target player' are two targets; in 'counter target spell that targets
    you' the second word is part of the first target's description, not a target."""
    (mode,) = _spell("Target creature gets -1/-1 until end of turn and target player loses 1 life.").modes
    assert [s.kinds for s in mode] == [("permanent",), ("player",)]
    (mode,) = _spell("Counter target spell that targets you.").modes
    assert len(mode) == 1 and mode[0].kinds == ("spell",) and mode[0].unknown


def test_cr_700_2_modes_each_have_their_targets():
    """CR 700.2, 601.2c: a modal spell's targets are the chosen modes' targets."""
    st = _spell("Choose one —\n• Destroy target artifact.\n• Draw a card.")
    assert st.choose == 1 and len(st.modes) == 2 and st.modes[1] == ()


def test_cr_303_4a_an_aura_spell_targets_what_it_enchants():
    st = _spell("Enchant creature\nEnchanted creature can't attack.", "Enchantment — Aura")
    assert st.modes[0][0].types == ("Creature",)


def test_cr_601_2c_a_modal_spell_with_one_legal_mode_is_castable(tmp_path, db):
    """CR 601.2c, 700.2: with no artifact in play, 'choose one: destroy target artifact / draw a card' can still
    be cast choosing the second mode; 'choose two' of two modes cannot (one of them has no legal target)."""
    base = """
        players: [Alice, Bob]
        cards:
          Test Charm: {mana_cost: "{U}", type_line: Instant, oracle_text: "Choose %s —\\n• Destroy target artifact.\\n• Draw a card."}
        battlefield: {Alice: [Island]}
        ask: {cast: {card: Test Charm}}
    """
    assert run_scenario(scenario(tmp_path, base % "one"), db).answer.values["castable"] is True
    res = run_scenario(scenario(tmp_path, base % "two"), db)
    assert res.answer.values["castable"] is False and "601.2c" in res.answer.values["reason"]


def test_cr_601_2c_unknown_legality_is_unsupported(tmp_path, db):
    """A creature exists but 'target creature that blocked this turn' depends on what happened earlier this turn,
    which the turn history does not record: unsupported, never a guess; with no creature at all the answer is
    certain (not castable). 'target attacking creature' is known: outside combat no creature is attacking
    (CR 506.4), so the scenario's default precombat main phase has no legal choice."""
    base = """
        players: [Alice, Bob]
        cards:
          Test Chastise: {mana_cost: "{W}", type_line: Instant, oracle_text: "Destroy target %s."}
        battlefield: {Alice: [Plains%s]}
        ask: {cast: {card: Test Chastise}}
    """
    history = "creature that blocked this turn"
    assert run_scenario(scenario(tmp_path, base % (history, ", Llanowar Elves")), db).verdict == "unsupported"
    assert run_scenario(scenario(tmp_path, base % (history, "")), db).answer.values["castable"] is False
    res = run_scenario(scenario(tmp_path, base % ("attacking creature", ", Llanowar Elves")), db)
    assert res.answer.values["castable"] is False and "506.4" in res.answer.values["reason"]


def test_cr_118_3_sacrifice_all_and_discard_your_hand_are_payable_with_none(tmp_path, db):
    """CR 118.3: 'sacrifice all creatures you control' with no creature, 'discard your hand' with an empty hand."""
    from mtgcheck.models.text.activation_costs import parse_activation_cost

    parts = parse_activation_cost("sacrifice all permanents you control and discard your hand", "K").parts
    assert [(p.action, p.amount) for p in parts] == [("sacrifice_all", 0), ("discard_hand", 0)]
    assert parse_activation_cost("sacrifice any number of creatures", "C").parts[0].action == "sacrifice_all"


# ---------------------------------------------------------------------------
# Haste from other permanents, "as though it had haste" (CR 302.6, 702.10, 613.1f)
# ---------------------------------------------------------------------------

def test_haste_grants_and_as_though_haste_are_typed_effects():
    """'Creatures you control have haste' is a keyword grant (CR 613.1f); 'as though those creatures had haste'
    is a permission, not a keyword (CR 302.6)."""
    from mtgcheck.models.game.cards import card_from_fields
    from mtgcheck.models.vocab.grants import AsThoughHaste, GrantAbility

    def parsed(text):
        card = card_from_fields({"name": "Test", "mana_cost": "{1}", "type_line": "Artifact", "oracle_text": text})
        return parse_abilities(card)[0].effect

    g = parsed("Creatures you control have haste.")
    assert isinstance(g, GrantAbility) and g.affects.controller == "you" and g.ability.effect.keyword == "haste"
    assert isinstance(parsed("Equipped creature has haste and shroud."), GrantAbility)
    a = parsed("You may activate abilities of creatures you control as though those creatures had haste.")
    assert isinstance(a, AsThoughHaste) and a.affects.controller == "you"
    # a quoted ability granted alongside haste is granted too (CR 113.10, 613.1f), never dropped
    both = parsed("Creatures you control have haste and \"{T}: Add {G}.\"")
    assert isinstance(both, GrantAbility) and [str(a.effect) for a in both.granted] == ["haste", "add_mana"]


def test_a_hypothetical_card_line_of_keywords_gives_the_card_those_keywords(tmp_path, db):
    """CR 702.10b: a creature with haste can use {T} abilities the turn it arrives; a `cards:` definition that
    lists no keywords gets them from its keyword lines."""
    sc = scenario(tmp_path, """
        players: [Alice, Bob]
        cards:
          Hasty Imp: {mana_cost: "{R}", type_line: Creature — Imp, oracle_text: "Flying, haste\\n{T}: Add {R}.", power: "1", toughness: "1"}
        battlefield: {Alice: [{card: Hasty Imp, sick: true}]}
        ask: {activate: {permanent: Hasty Imp, ability: 1}}
        expect: {activatable: true}
    """)
    assert run_scenario(sc, db).verdict == PASS
