"""Activation restrictions and ability cost changes read against facts beyond the board's counts:
shared names (CR 201.2), what a permanent did this turn (603.6a entered, 701.14 fought), energy paid or lost (107.14),
the starting life total (103.4, 119.1), the defending player (506.2), "can't ... during combat" (506.1), a hand the
scenario does not list (402.3), counters among creatures (122.1), devotion to several colours (700.5a), modified
creatures (700.9) and an activated keyword's restriction (702.122a, 602.5b).

Expected values come from the cited rules and the cards' wording; the boards are small enough to count by hand.
"""
from __future__ import annotations

import pytest

from mtgcheck.models.vocab.conditions import AttackedThisTurn, Compare, DefendingPlayerControls, SourceMatches
from mtgcheck.models.vocab.amounts import CountersAmong, Devotion, LargestGroup, LifeTotal, StartingLife, Sum, ThisTurn
from mtgcheck.models.vocab.logic import Not
from mtgcheck.models.vocab.permissions import TimingRestriction
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.data.scenario import ScenarioError
from mtgcheck.models.text.conditions import parse_board_amount
from mtgcheck.models.text.oracle import parse_abilities
from mtgcheck.models.text.restrictions import parse_restriction, parse_restriction_condition

from .scenario_text import ACTIVATE


# --- the parser ----------------------------------------------------------------------------------------------------

def test_cr_201_2_lands_with_the_same_name():
    c = parse_restriction_condition("you control three or more lands with the same name")
    assert isinstance(c, Compare) and isinstance(c.left, LargestGroup) and c.left.aspect == "name"
    assert c.left.filter.all_of == ("Land",) and (c.op, c.right) == (">=", 3)


def test_cr_603_6a_701_14_107_14_what_happened_this_turn():
    c = parse_restriction_condition("this land entered this turn")
    assert isinstance(c, SourceMatches) and c.filter.qualifier.this_turn == "entered"
    c = parse_restriction_condition("you control a creature that fought this turn")
    assert c.n == 1 and c.filter.all_of == ("Creature",) and c.filter.qualifier.this_turn == "fought"
    c = parse_restriction_condition("you've paid or lost four or more {E} this turn")
    assert c == Compare(ThisTurn("energy_paid", "you"), ">=", 4)
    c = parse_restriction_condition("you attacked with a Spacecraft this turn")
    assert isinstance(c, AttackedThisTurn) and c.subject == "you" and c.filter.all_of == ("Spacecraft",)


def test_cr_103_4_life_more_than_the_starting_life_total():
    c = parse_restriction_condition("you have at least 7 life more than your starting life total")
    assert c == Compare(LifeTotal("you"), ">=", Sum((StartingLife("you"),), 7))


def test_cr_506_2_the_defending_player_and_506_1_not_during_combat():
    r = parse_restriction("Activate only during combat and only if defending player controls a snow land.")
    (c,) = r.conditions
    assert isinstance(c, DefendingPlayerControls) and set(c.filter.all_of) == {"Land", "Snow"}
    assert set(r.steps) == {"beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat"}
    (c,) = parse_restriction("Activate only during combat and only if defending player controls no snow lands.").conditions
    assert isinstance(c, Not) and isinstance(c.of, DefendingPlayerControls)
    r = parse_restriction("You can't activate this ability during combat.")
    assert r is not None and "declare_attackers" not in r.steps and {"precombat_main", "postcombat_main", "upkeep"} <= set(r.steps)


def test_cr_122_1_700_5a_700_9_cost_change_amounts():
    assert parse_board_amount("+1/+1 counter on creatures you control") == CountersAmong(
        "+1/+1", parse_board_amount("+1/+1 counter on creatures you control").filter)
    assert parse_board_amount("+1/+1 counter on creatures you control").filter.all_of == ("Creature",)
    assert parse_board_amount("your devotion to Abzan") == Devotion("WBG")
    assert parse_board_amount("your devotion to black and red") == Devotion("BR")
    assert parse_board_amount("modified creature you control").filter.qualifier.modified is True


@pytest.mark.parametrize("name", ["Endless Atlas", "Sceptre of Eternal Glory", "Mirrex", "Fungus Elemental", "Boxing Ring",
                                  "Izzet Generatorium", "Speaker of the Heavens", "Ayli, Eternal Pilgrim", "Arcum's Sleigh",
                                  "Kjeldoran Guard", "Djinn of Infinite Deceits"])
def test_the_real_cards_restrictions_are_typed(real_db, name):
    """CR 602.5: the printed restriction sentence is read in full (no Unmodelled ability left with it)."""
    acts = [a for a in parse_abilities(real_db.get(name)) if a.kind == "activated"]
    restricted = [a for a in acts if isinstance(a.restriction, TimingRestriction)]
    assert restricted and not any(Topic.ACTIVATION in a.effect.topics for a in restricted if isinstance(a.effect, Unmodelled))


@pytest.mark.parametrize("name", ["Deepwood Denizen", "Devoted Abzan", "Towashi Guide-Bot", "Thaumaton Torpedo"])
def test_the_real_cards_cost_changes_are_typed(real_db, name):
    """CR 602.2b: "This ability costs ... less to activate ..." is read into ``Ability.cost_change``."""
    acts = [a for a in parse_abilities(real_db.get(name)) if a.kind == "activated" and "This ability costs" in a.text]
    assert acts and all(a.cost_change is not None for a in acts)


@pytest.mark.parametrize("name", ["Luxurious Locomotive", "Leather Armor"])
def test_cr_702_122a_602_5b_an_activated_keywords_restriction(real_db, name):
    (kw,) = [a for a in parse_abilities(real_db.get(name)) if a.kind == "keyword" and a.effect.keyword in ("crew", "equip")]
    assert isinstance(kw.restriction, TimingRestriction) and kw.restriction.per_turn == 1
    assert kw.effect.detail is None  # nothing of it is left unmodelled


# --- the answers ---------------------------------------------------------------------------------------------------

ACT = ACTIVATE


def _act(answer, db, card, perms="", extra="", bob="", n=1):
    r = answer(ACT.format(card=f'"{card}"', perms=perms or f'"{card}"', extra=extra, bob=bob, n=n), db)
    return r.answer.values if r.answer is not None else r.verdict


def test_cr_201_2_endless_atlas(answer, real_db):
    assert _act(answer, real_db, "Endless Atlas", '"Endless Atlas", Island, Island, Island')["activatable"] is True
    v = _act(answer, real_db, "Endless Atlas", '"Endless Atlas", Island, Island, Swamp, Swamp')
    assert v["activatable"] is False and "share a name" in v["reason"]


def test_cr_603_6a_mirrex_reads_its_entry(answer, real_db):
    assert _act(answer, real_db, "Mirrex", '{card: Mirrex, entered_this_turn: true}', n=2)["activatable"] is True
    v = _act(answer, real_db, "Mirrex", "Mirrex", n=2)
    assert v["activatable"] is False and "entered" in v["reason"]


def test_cr_701_14_boxing_ring_reads_the_fights(answer, real_db):
    perms = '"Boxing Ring", Grizzly Bears'
    assert _act(answer, real_db, "Boxing Ring", perms, bob="Watchwolf")["activatable"] is False
    extra = "turn: {history: {fought: [Grizzly Bears]}}"
    assert _act(answer, real_db, "Boxing Ring", perms, extra=extra, bob="Watchwolf")["activatable"] is True


def test_cr_107_14_izzet_generatorium(answer, real_db):
    extra = "turn: {history: {energy_paid: {Alice: 4}}}"
    assert _act(answer, real_db, "Izzet Generatorium", extra=extra)["activatable"] is True
    assert _act(answer, real_db, "Izzet Generatorium", extra=extra.replace("4", "3"))["activatable"] is False


def test_cr_103_4_speaker_of_the_heavens(answer, real_db):
    v = _act(answer, real_db, "Speaker of the Heavens", extra="life: {Alice: 27}")
    assert v["activatable"] is True
    v = _act(answer, real_db, "Speaker of the Heavens", extra="life: {Alice: 27}\nstarting_life: {Alice: 40, Bob: 40}")
    assert v["activatable"] is False and "40" in v["reason"]


def test_cr_402_3_kitsune_bonesetter_and_an_unlisted_hand(answer, real_db):
    perms = '"Kitsune Bonesetter", Grizzly Bears'
    assert _act(answer, real_db, "Kitsune Bonesetter", perms, extra="hand: {Alice: []}")["activatable"] is False
    # with a card in Alice's hand, Bob's unlisted hand decides: not answered
    assert _act(answer, real_db, "Kitsune Bonesetter", perms, extra="hand: {Alice: [Opt]}") == "unsupported"
    assert _act(answer, real_db, "Kitsune Bonesetter", perms, extra="hand: {Alice: [Opt], Bob: []}")["activatable"] is True


def test_cr_506_2_defending_player(answer, real_db):
    perms = '"Arcum\'s Sleigh", Grizzly Bears, Forest, Forest'
    combat = "turn: {step: declare_attackers}"
    assert _act(answer, real_db, "Arcum's Sleigh", perms, extra=combat, bob="Snow-Covered Forest")["activatable"] is True
    assert _act(answer, real_db, "Arcum's Sleigh", perms, extra=combat, bob="Forest")["activatable"] is False
    v = _act(answer, real_db, "Arcum's Sleigh", perms, bob="Snow-Covered Forest")
    assert v["activatable"] is False  # outside combat
    three = ACT.replace("players: [Alice, Bob]", "players: [Alice, Bob, Carol]")
    r = answer(three.format(card='"Arcum\'s Sleigh"', perms=perms, extra=combat, bob="Snow-Covered Forest", n=1), real_db)
    assert r.verdict == "unsupported"  # who is defending depends on the attacks (CR 506.2, 508.1b)


def test_cr_506_1_djinn_of_infinite_deceits(answer, real_db):
    perms = '"Djinn of Infinite Deceits", Grizzly Bears'
    assert _act(answer, real_db, "Djinn of Infinite Deceits", perms, bob="Watchwolf",
                extra="turn: {step: end_of_combat}")["activatable"] is False
    assert _act(answer, real_db, "Djinn of Infinite Deceits", perms, bob="Watchwolf",
                extra="turn: {step: end}")["activatable"] is True


def test_cr_122_1_700_5a_700_9_cost_changes(answer, real_db):
    v = _act(answer, real_db, "Deepwood Denizen",
             '{card: Deepwood Denizen, counters: {+1/+1: 1}}, {card: Grizzly Bears, counters: {+1/+1: 3}}, Forest, Forest')
    assert v["activatable"] is True  # {5}{G} - 4 = {1}{G}
    # Devoted Abzan {B} + Watchwolf {G}{W} = devotion 3: {5} - 3 = {2}
    assert _act(answer, real_db, "Devoted Abzan", '"Devoted Abzan", Watchwolf, Mountain, Mountain')["activatable"] is True
    assert _act(answer, real_db, "Devoted Abzan", '"Devoted Abzan", Mountain, Mountain')["activatable"] is False
    perms = '{card: Towashi Guide-Bot, counters: {+1/+1: 1}}, {card: Grizzly Bears, counters: {+1/+1: 1}}, Island, Island'
    assert _act(answer, real_db, "Towashi Guide-Bot", perms)["activatable"] is True  # {4} - 2
    assert _act(answer, real_db, "Towashi Guide-Bot", perms.replace("{card: Grizzly Bears, counters: {+1/+1: 1}}",
                                                                     "Grizzly Bears"))["activatable"] is False


def test_cr_702_122a_luxurious_locomotive_in_available_mana(answer, real_db):
    r = answer("""
        players: [Alice, Bob]
        battlefield: {Alice: [Luxurious Locomotive, Forest]}
        ask: {available_mana: Alice}
    """, real_db)
    assert r.answer.values["pools"] == ["{G}"]


# --- the scenario facts --------------------------------------------------------------------------------------------

def _error(tmp_path, catalog_db, text):
    import textwrap

    from mtgcheck.models.data.scenario import build_state, load_scenarios

    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        (sc,) = load_scenarios(p)
        build_state(sc, catalog_db)
    return e.value


def test_scenario_fought_must_name_a_creature(tmp_path, catalog_db):
    err = _error(tmp_path, catalog_db, """
        players: [Alice, Bob]
        turn: {step: postcombat_main, history: {fought: [Forest]}}
        battlefield: {Alice: [Forest]}
        ask: {available_mana: Alice}
    """)
    assert "701.14" in str(err) and err.line == 3


def test_scenario_entered_this_turn_is_not_sick_false(tmp_path, catalog_db):
    err = _error(tmp_path, catalog_db, """
        players: [Alice, Bob]
        battlefield: {Alice: [{card: Grizzly Bears, entered_this_turn: true, sick: false}]}
        ask: {available_mana: Alice}
    """)
    assert "302.6" in str(err) and err.line == 3


def test_scenario_starting_life_is_a_positive_whole_number(tmp_path, catalog_db):
    err = _error(tmp_path, catalog_db, """
        players: [Alice, Bob]
        starting_life: {Alice: zero}
        ask: {available_mana: Alice}
    """)
    assert "103.4" in str(err) and err.line == 3


# --- statics of other permanents that change ability costs (CR 602.2b, 601.2f, 118.7a) -----------------------------

@pytest.mark.parametrize("name, of, direction, floor, mana", [
    ("Training Grounds", ("Creature",), "less", True, True), ("Biomancer's Familiar", ("Creature",), "less", True, True),
    ("Heartstone", ("Creature",), "less", True, True), ("Forensic Gadgeteer", ("Artifact",), "less", True, True),
    ("Zirda, the Dawnwaker", None, "less", True, False), ("Suppression Field", None, "more", False, False),
    ("Power Artifact", ("Artifact",), "less", True, True), ("Blossoming Tortoise", ("Land",), "less", False, True),
])
def test_the_real_cards_statics_are_typed(real_db, name, of, direction, floor, mana):
    from mtgcheck.models.vocab.cost_effects import ActivationCostChange

    (e,) = [a.effect for a in parse_abilities(real_db.get(name)) if isinstance(a.effect, ActivationCostChange)]
    assert (e.direction, e.min_one, e.mana_abilities) == (direction, floor, mana)
    assert (e.sources.all_of if e.sources is not None else None) == of


def test_power_artifact_reads_the_enchanted_artifact(real_db):
    from mtgcheck.models.vocab.cost_effects import ActivationCostChange

    (e,) = [a.effect for a in parse_abilities(real_db.get("Power Artifact")) if isinstance(a.effect, ActivationCostChange)]
    assert e.sources.relation == "enchanted"


def test_cr_602_2b_training_grounds_floor_of_one_mana(answer, real_db):
    """Training Grounds ruling 2010-06-15: {2} costs {1}; {2}{G} costs {G}; a cost without generic mana is unchanged."""
    extra = ""
    v = _act(answer, real_db, "Zirda, the Dawnwaker", '"Zirda, the Dawnwaker", Grizzly Bears, Training Grounds', extra=extra)
    assert v["activatable"] is False  # {1} stays {1} (two floored reductions), no land
    v = _act(answer, real_db, "Deepwood Denizen", 'Training Grounds, "Deepwood Denizen", Forest, Forest, Forest, Forest')
    assert v["activatable"] is True  # {5}{G} - 2 = {3}{G}
    v = _act(answer, real_db, "Deepwood Denizen", 'Training Grounds, "Deepwood Denizen", Forest, Forest, Forest')
    assert v["activatable"] is False


def test_cr_601_2f_increases_then_reductions(answer, real_db):
    perms = '"Zirda, the Dawnwaker", Grizzly Bears, Forest, Suppression Field'
    assert _act(answer, real_db, "Zirda, the Dawnwaker", perms)["activatable"] is True  # {1} + {2} - {2} = {1}
    v = _act(answer, real_db, "Prodigal Sorcerer", '"Prodigal Sorcerer", Forest', bob="Suppression Field")
    assert v["activatable"] is False  # {2} more, one land


def test_cr_602_2b_605_3a_a_mana_abilitys_changed_cost_is_unsupported(answer, real_db):
    mana = """
        players: [Alice, Bob]
        battlefield: {{Alice: [{perms}]}}
        ask: {{available_mana: Alice}}
    """
    r = answer(mana.format(perms="Training Grounds, {card: Pili-Pala, tapped: true}, Forest, Forest"), real_db)
    assert r.verdict == "unsupported" and "Training Grounds" in r.message
    r = answer(mana.format(perms='"Zirda, the Dawnwaker", {card: Pili-Pala, tapped: true}, Forest, Forest'), real_db)
    assert sorted(r.answer.values["pools"]) == sorted(["{W}", "{U}", "{B}", "{R}", "{G}{G}"])
    r = answer(mana.format(perms="Training Grounds, Llanowar Elves, Forest"), real_db)
    assert r.answer.values["pools"] == ["{G}{G}"]  # no generic mana in {T}: unchanged (CR 118.7a)


# --- "Players can't pay life [or sacrifice ...] to cast spells or activate abilities" (CR 101.2, 118.3, 119.4b) ------

@pytest.mark.parametrize("name, sacrifice, mana", [("Karn's Sylex", None, False), ("Angel of Jubilation", ("Creature",), True),
                                                   ("Yasharn, Implacable Earth", ("Permanent",), True)])
def test_the_real_cards_cant_pay_statics_are_typed(real_db, name, sacrifice, mana):
    from mtgcheck.models.vocab.cost_effects import CantPayCosts

    (e,) = [a.effect for a in parse_abilities(real_db.get(name)) if isinstance(a.effect, CantPayCosts)]
    assert e.life and e.mana_abilities is mana and e.spells is not None and Topic.CASTING in e.spells.topics
    assert (e.sacrifice.all_of if e.sacrifice is not None else None) == sacrifice


def test_cr_101_2_118_3_cant_pay_life_or_sacrifice(answer, real_db):
    assert _act(answer, real_db, "Greed", "Greed, Swamp", bob="Karn's Sylex")["activatable"] is False
    assert _act(answer, real_db, "Greed", "Greed, Swamp")["activatable"] is True
    assert _act(answer, real_db, "Mogg Fanatic", bob="Angel of Jubilation")["activatable"] is False
    assert _act(answer, real_db, "Evolving Wilds", bob="Angel of Jubilation")["activatable"] is True
    assert _act(answer, real_db, "Evolving Wilds", bob='"Yasharn, Implacable Earth"')["activatable"] is True


def test_cr_605_1a_mana_abilities_and_the_casting_side(answer, real_db):
    mana = """
        players: [Alice, Bob]
        battlefield: {{Alice: [Horizon Canopy], Bob: [{who}]}}
        ask: {{available_mana: Alice}}
    """
    assert sorted(answer(mana.format(who="Karn's Sylex"), real_db).answer.values["pools"]) == ["{G}", "{W}"]
    r = answer(mana.format(who="Angel of Jubilation"), real_db)  # it forbids the mana ability's "Pay 1 life"
    assert r.verdict == "unsupported" and "Angel of Jubilation" in r.message
    r = answer("""
        players: [Alice, Bob]
        battlefield: {Alice: [Mountain], Bob: [Karn's Sylex]}
        hand: {Alice: [Lightning Bolt]}
        ask: {cast: {card: Lightning Bolt}}
    """, real_db)
    assert r.verdict == "unsupported" and "can't pay life" in r.message  # the casting side is not modelled


def test_cr_903_3_convergence_of_dominion_changes_only_graveyard_abilities(answer, real_db):
    """Its static changes abilities of cards in a graveyard (CR 113.6), never a permanent's: its condition ("As long as
    you control your commander", not recorded in a scenario) is never read for ``activate``."""
    from mtgcheck.models.vocab.cost_effects import ActivationCostChange
    from mtgcheck.models.vocab.conditions import ControlsCommander

    (e,) = [a.effect for a in parse_abilities(real_db.get("Convergence of Dominion")) if isinstance(a.effect, ActivationCostChange)]
    assert e.zone == "graveyard" and e.condition == ControlsCommander() and e.min_one
    v = _act(answer, real_db, "Convergence of Dominion", '"Convergence of Dominion", Island, Island, Island',
             extra="library: {Alice: [Opt, Opt, Opt]}")
    assert v["activatable"] is True  # {3}, {T}: three lands
