"""Conditions of activation restrictions and of conditional mana outputs (models/text/conditions.py, read by
solver/rules/quantities.py through solver/rules/restrictions.py and solver/rules/mana/produce.py).

Rules: CR 602.5 ("Activate only if ..." is checked as the ability is activated), 605.3a (a restricted mana ability is
a source only while its restriction holds), 106.7 (what a permanent could produce is what its ability would produce
if it resolved now: an "instead" output whose condition holds replaces the first), 105.2c (lands are colourless),
201.2 (names), 205.2a (card types), 205.3i (the Urza's land types), 208 (power), 305.2 (lands played), 309.7
(completed dungeons), 601.2i (spells cast), 603.6a (entering under a player's control), 700.4 (dies), 701.8
(discard), 701.17 (sacrifice), 702.131 (the city's blessing), 725 (the initiative); morbid rulings 2011-09-22 (any
player's creature counts).
"""
from __future__ import annotations

import pytest

from mtgcheck.models.vocab.logic import AllOf, AnyOf
from mtgcheck.models.vocab.conditions import Compare, ControlsAtLeast, HasDesignation, SourceMatches
from mtgcheck.models.vocab.amounts import CountOf, DistinctAmong, LifeTotal, StatOf, ThisTurn, TotalAmong
from mtgcheck.models.vocab.permissions import TimingRestriction
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.text.conditions import parse_condition
from mtgcheck.models.text.conditions import parse_board_condition
from mtgcheck.models.text.oracle import parse_abilities
from mtgcheck.models.text.restrictions import parse_restriction_condition

from .scenario_text import ACTIVATE, AVAILABLE_MANA


# --- the parser ----------------------------------------------------------------------------------------------------

def test_cr_700_4_died_this_turn_counts_any_players_creatures():
    c = parse_restriction_condition("a creature died this turn")
    assert isinstance(c, Compare) and isinstance(c.left, ThisTurn) and c.left.event == "died"
    assert c.left.whose == "any" and c.left.filter.all_of == ("Creature",) and (c.op, c.right) == (">=", 1)
    assert parse_restriction_condition("five or more creatures died this turn").right == 5


def test_cr_105_2_coloured_permanents_and_208_power_are_qualified_filters():
    c = parse_restriction_condition("you control two or more red permanents")
    assert isinstance(c, ControlsAtLeast) and c.n == 2 and c.filter.qualifier.colors == ("R",)
    c = parse_restriction_condition("you control a creature with power 4 or greater")
    assert isinstance(c, ControlsAtLeast) and c.n == 1 and not c.filter.alternatives  # not "power 4" OR "greater"
    (cmp,) = c.filter.qualifier.compare
    assert (cmp.quantity, cmp.op, cmp.value) == ("power", ">=", 4)


def test_cr_208_total_power_and_the_sources_power():
    c = parse_restriction_condition("creatures you control have total power 8 or greater")
    assert isinstance(c.left, TotalAmong) and c.left.stat == "power" and c.right == 8
    c = parse_restriction_condition("this's power is 3 or greater")  # "Kitsa's power" once the name is "this"
    assert c.left == StatOf("power", "this") and c.right == 3
    assert isinstance(parse_restriction_condition("this permanent is a creature"), SourceMatches)


def test_cr_205_2a_zones_life_and_each_opponent():
    c = parse_restriction_condition("there are four or more card types among cards in your graveyard")
    assert isinstance(c.left, DistinctAmong) and c.left.aspect == "card_type" and c.left.filter.zone == "graveyard"
    c = parse_restriction_condition("there are four or more permanent types among cards in your graveyard")
    assert c.left.aspect == "permanent_type"
    c = parse_restriction_condition("there are at least three Zombie creature cards in your graveyard")
    assert isinstance(c.left, CountOf) and set(c.left.filter.all_of) == {"Creature", "Zombie"} and c.right == 3
    c = parse_restriction_condition("you have more cards in hand than each opponent")
    assert c.op == ">" and c.opponents == "each" and c.right.filter.controller == "opponent"
    c = parse_restriction_condition("an opponent controls four or more lands")
    assert c.left.filter.controller == "opponent" and c.opponents == "an" and c.right == 4
    assert parse_restriction_condition("you have 111 or more life") == Compare(LifeTotal("you"), ">=", 111)


def test_cr_702_131_725_309_7_designations():
    assert parse_restriction_condition("you have the city's blessing") == HasDesignation("city's blessing")
    assert parse_condition("you have the initiative") == HasDesignation("initiative")
    assert parse_condition("you've completed a dungeon") == HasDesignation("completed a dungeon")


def test_turn_history_wordings():
    """CR 601.2i, 603.6a, 701.8, 701.17, 111.1, 305.2: each reads its turn-history event."""
    def event(words):
        c = parse_board_condition(words)
        return c.left.event, c.left.whose, c.right
    assert event("you've cast a noncreature spell this turn") == ("spells_cast", "you", 1)
    assert parse_board_condition("you've cast a noncreature spell this turn").left.filter.none_of == ("Creature",)
    assert event("you've cast three or more spells this turn") == ("spells_cast", "you", 3)
    assert event("you had a creature enter the battlefield under your control this turn") == ("entered", "you", 1)
    assert event("two or more creatures entered the battlefield under your control this turn") == ("entered", "you", 2)
    assert event("you've discarded a card this turn") == ("discarded", "you", 1)
    assert event("you've sacrificed an artifact this turn") == ("sacrificed", "you", 1)
    assert event("you created a token this turn") == ("tokens_created", "you", 1)
    assert event("you played a land this turn") == ("lands_played", "you", 1)
    assert event("an opponent lost life this turn") == ("life_lost", "opponent", 1)
    c = parse_board_condition("three or more cards left your graveyard this turn or if you've sacrificed a Food this turn")
    assert isinstance(c, AnyOf) and len(c.parts) == 2


def test_cr_205_3i_urzas_land_types_and_201_2_names():
    c = parse_condition("you control an Urza's Power-Plant and an Urza's Tower")
    assert isinstance(c, AllOf) and [p.filter.all_of for p in c.parts] == [("Urza's", "Power-Plant"), ("Urza's", "Tower")]
    c = parse_condition("you control creatures named Mine Worker and Power Plant Worker")
    assert [p.filter.name for p in c.parts] == ["Mine Worker", "Power Plant Worker"]


@pytest.mark.parametrize("words", ["an oil counter was removed from a permanent you controlled this turn",
                                   "you control three or more lands that share a creature type",
                                   "this land was turned face up this turn", "you have more life than your starting life total"])
def test_wording_not_modelled_stays_unmodelled(words):
    with pytest.raises(ValueError):
        parse_restriction_condition(words)


@pytest.mark.parametrize("name", ["Caged Zombie", "Vengeful Devil", "Undercity Scrounger", "Skirsdag High Priest",
                                  "Barad-dûr", "Lagomos, Hand of Hatred", "Madblind Mountain", "Leechridden Swamp",
                                  "Mistveil Plains", "Moonring Island", "Sapseep Forest", "Bonders' Enclave",
                                  "Fanatic of Rhonas", "Whisperer of the Wilds", "Circle of Elders", "Crater Elemental",
                                  "Shaman of Forgotten Ways", "Bloodshot Trainee", "Greenhilt Trainee",
                                  "Kitsa, Otterball Elite", "Seeker of Insight", "Tapestry of the Ages",
                                  "Stella Lee, Wild Card", "Arch of Orazca", "Orazca Relic", "Timestream Navigator",
                                  "Tectonic Edge", "Raving Visionary", "Shifting Woodland", "Kitsune Bonesetter",
                                  "Bilbo, Birthday Celebrant", "Flywheel Racer", "Chronatog Totem", "Zhalfirin Decoy",
                                  "Diamond City", "Lilypad Village", "Gilt-Blade Prowler", "Detective's Satchel",
                                  "Idol of Oblivion", "Essence Anchor", "Bonecache Overseer", "Wall of Forgotten Pharaohs"])
def test_the_real_cards_restrictions_are_typed(real_db, name):
    """Each card's printed "Activate only ..." sentence is read in full into a typed restriction (CR 602.5)."""
    acts = [a for a in parse_abilities(real_db.get(name)) if a.kind == "activated"]
    restricted = [a for a in acts if isinstance(a.restriction, TimingRestriction) and a.restriction.conditions]
    assert restricted, [a.text for a in acts]


@pytest.mark.parametrize("name", ["Urza's Mine", "Urza's Power Plant", "Urza's Tower", "Tower Worker", "Ilysian Caryatid",
                                  "Raucous Audience", "River of Tears", "Sarevok's Tome", "Undermountain Adventurer"])
def test_the_real_cards_instead_outputs_are_typed(real_db, name):
    """CR 106.7: the "instead" output and its condition are read (no Unmodelled mana ability left)."""
    mana = [a for a in parse_abilities(real_db.get(name)) if a.kind == "activated" and "instead" in a.text]
    assert mana and all(not isinstance(a.effect, Unmodelled) and a.effect.instead is not None for a in mana)


# --- the answers ---------------------------------------------------------------------------------------------------

ACT = ACTIVATE


def _act(answer, db, card, perms="", n=1, extra="", bob=""):
    r = answer(ACT.format(card=f'"{card}"', perms=", ".join(f'"{p}"' for p in [card] + [x for x in perms.split(", ") if x]),
                          n=n, extra=extra, bob=bob), db)
    return r.answer.values if r.answer is not None else r.verdict


def test_cr_602_5_700_4_caged_zombie_reads_the_deaths_of_the_turn(answer, real_db):
    v = _act(answer, real_db, "Caged Zombie", "Swamp, Swamp")
    assert v["activatable"] is False and "died" in v["reason"] and "the scenario's default turn" in v["reason"]
    v = _act(answer, real_db, "Caged Zombie", "Swamp, Swamp", extra="turn: {history: {died: {Bob: [Grizzly Bears]}}}")
    assert v["activatable"] is True  # an opponent's creature counts (morbid rulings 2011-09-22)


def test_cr_602_5_105_2c_madblind_mountain_counts_red_permanents_not_lands(answer, real_db):
    v = _act(answer, real_db, "Madblind Mountain", "Mountain, Goblin Guide", n=2)
    assert v["activatable"] is False and "red" in v["reason"]
    assert _act(answer, real_db, "Madblind Mountain", "Mountain, Goblin Guide, Goblin Piker", n=2)["activatable"] is True


def test_cr_602_5_tectonic_edge_reads_each_opponent(answer, real_db):
    v = _act(answer, real_db, "Tectonic Edge", "Plains", n=2, bob="Forest, Island, Forest, Island")
    assert v["activatable"] is True
    v = _act(answer, real_db, "Tectonic Edge", "Plains", n=2, bob="Forest, Island, Forest")
    assert v["activatable"] is False and "3" in v["reason"]


def test_cr_602_5_an_unlisted_graveyard_is_unknown_not_empty(answer, real_db):
    assert _act(answer, real_db, "Raving Visionary", "Island, Island, Island", n=2) == "unsupported"
    v = _act(answer, real_db, "Raving Visionary", "Island, Island, Island", n=2,
             extra="graveyard: {Alice: [Forest, Grizzly Bears, Lightning Bolt, Divination]}")
    assert v["activatable"] is True


def test_cr_602_5_an_unlisted_opponent_hand_is_unknown(answer, real_db):
    assert _act(answer, real_db, "Kitsune Bonesetter", "Grizzly Bears", extra="hand: {Alice: [Opt]}") == "unsupported"
    v = _act(answer, real_db, "Kitsune Bonesetter", "Grizzly Bears", extra="hand: {Alice: [Opt], Bob: []}")
    assert v["activatable"] is True


MANA = AVAILABLE_MANA


def _pools(answer, db, perms, extra=""):
    r = answer(MANA.format(perms=", ".join(f'"{p}"' for p in perms.split(", ")), extra=extra), db)
    return r.answer.values["pools"] if r.answer is not None else r.verdict


def test_cr_106_7_205_3i_the_urza_lands(answer, real_db):
    assert _pools(answer, real_db, "Urza's Mine, Urza's Tower") == ["{C}{C}"]
    assert _pools(answer, real_db, "Urza's Mine, Urza's Power Plant, Urza's Tower") == ["{C}{C}{C}{C}{C}{C}{C}"]


def test_cr_106_7_305_2_river_of_tears(answer, real_db):
    assert _pools(answer, real_db, "River of Tears") == ["{U}"]
    assert _pools(answer, real_db, "River of Tears", "turn: {history: {lands_played: {Alice: 1}}}") == ["{B}"]


def test_cr_106_7_725_309_7_designations_in_mana_outputs(answer, real_db):
    assert _pools(answer, real_db, "Sarevok's Tome") == ["{C}"]
    assert _pools(answer, real_db, "Sarevok's Tome", "designations: {Alice: [initiative]}") == ["{C}{C}"]
    assert _pools(answer, real_db, "Undermountain Adventurer", "designations: {Alice: [completed a dungeon]}") == ["{G}" * 6]


def test_cr_106_7_208_ilysian_caryatid_two_of_one_colour(answer, real_db):
    assert sorted(_pools(answer, real_db, "Ilysian Caryatid, Serra Angel")) == sorted(
        ["{W}{W}", "{U}{U}", "{B}{B}", "{R}{R}", "{G}{G}"])


def test_cr_605_3a_formidable_mana_ability(answer, real_db):
    assert _pools(answer, real_db, "Circle of Elders, Serra Angel, Grizzly Bears") == ["{C}{C}{C}"]  # 2+4+2 = 8
    assert _pools(answer, real_db, "Circle of Elders, Serra Angel") == [""]  # total power 6: no mana ability


def test_cr_724_regal_behemoth_reads_the_monarch(answer, real_db):
    """Regal Behemoth: "Whenever you tap a land for mana while you're the monarch, add an additional one mana of any
    color" (CR 605.1b, 724): the extra mana only while Alice is the monarch."""
    assert _pools(answer, real_db, "Regal Behemoth, Forest") == ["{G}"]
    got = _pools(answer, real_db, "Regal Behemoth, Forest", "designations: {Alice: [monarch]}")
    assert sorted(got) == sorted(["{W}{G}", "{U}{G}", "{B}{G}", "{R}{G}", "{G}{G}"])


# --- an ability's own cost change (CR 602.2b, 601.2f, 118.7a) -------------------------------------------------------

@pytest.mark.parametrize("name", ["Battlefield Butcher", "Tamiyo's Logbook", "Jodah's Codex", "Esquire of the King",
                                  "Hylda's Crown of Winter", "Loreseeker's Stone", "Baru, Wurmspeaker", "Voldaren Estate",
                                  "Etherium Pteramander", "Starport Security", "Qiqirn Merchant", "Mirror of Galadriel"])
def test_the_real_cards_cost_changes_are_typed(real_db, name):
    """The printed "This ability costs ... to activate" sentence is read into ``Ability.cost_change`` (CR 602.2b)."""
    from mtgcheck.models.vocab.cost_effects import AbilityCostChange

    acts = [a for a in parse_abilities(real_db.get(name)) if a.kind == "activated" and "This ability costs" in a.text]
    assert acts and all(isinstance(a.cost_change, AbilityCostChange) for a in acts)


# ("if it targets two creatures you control", Wayta, is read now: tests/test_target_words.py, CR 601.2c before 601.2f)
@pytest.mark.parametrize("sentence", ["This ability costs {4}{B} less to activate if you've drawn three or more cards this turn.",
                                      "This ability costs {X} less to activate, where X is the power of the creature it targets."])
def test_cost_changes_not_read_in_full_stay_with_the_ability(sentence):
    from mtgcheck.models.text.restrictions import parse_cost_change, split_cost_change

    assert parse_cost_change(sentence) is None
    assert split_cost_change(f"Draw a card. {sentence}") == (f"Draw a card. {sentence}", None)


def test_cr_601_2f_battlefield_butcher_counts_creature_cards(answer, real_db):
    v = _act(answer, real_db, "Battlefield Butcher", "Swamp, Swamp",
             extra="graveyard: {Alice: [Grizzly Bears, Grizzly Bears, Llanowar Elves], Bob: []}")
    assert v["activatable"] is True  # {5} - 3 = {2}
    v = _act(answer, real_db, "Battlefield Butcher", "Swamp, Swamp", extra="graveyard: {Alice: [Grizzly Bears], Bob: []}")
    assert v["activatable"] is False  # {4}
    assert _act(answer, real_db, "Battlefield Butcher", "Swamp, Swamp") == "unsupported"  # graveyard not listed


def test_cr_601_2f_118_7a_a_reduction_keeps_coloured_mana(answer, real_db):
    board = "Ornithopter, Ornithopter, Ornithopter, Ornithopter, Ornithopter, Ornithopter, Forest"
    assert _act(answer, real_db, "Tamiyo's Logbook", board)["activatable"] is False  # {U} remains
    assert _act(answer, real_db, "Tamiyo's Logbook", board + ", Island")["activatable"] is True


def test_cr_601_2f_an_increase_and_a_turn_condition(answer, real_db):
    v = _act(answer, real_db, "Loreseeker's Stone", "Plains, Island, Swamp, Mountain", extra="hand: {Alice: [Opt, Opt]}")
    assert v["activatable"] is False  # {3} + 2 = {5} with four lands
    assert _act(answer, real_db, "Hylda's Crown of Winter", "", bob="Grizzly Bears")["activatable"] is True  # {0}
    assert _act(answer, real_db, "Hylda's Crown of Winter", "", bob="Grizzly Bears", extra="active: Bob")["activatable"] is False


# --- "Activate only once" (CR 602.5b, 702.177a, 400.7) and "until you've begun your sixth turn" (CR 602.5) ---------

def test_activate_only_once_and_exhaust_are_typed(real_db):
    from mtgcheck.models.text.restrictions import parse_restriction

    assert parse_restriction("Activate only once.").per_game == 1
    r = parse_restriction("Activate only once and only if you control a snow Mountain.")
    assert r.per_game == 1 and len(r.conditions) == 1
    loot = [a for a in parse_abilities(real_db.get("Loot, the Pathfinder")) if a.kind == "activated"]
    assert loot and all(isinstance(a.restriction, TimingRestriction) and a.restriction.per_game == 1 for a in loot)
    (tulip,) = [a for a in parse_abilities(real_db.get("Black Tulip")) if a.kind == "activated"]
    assert tulip.restriction.from_own_turn == 6


def test_cr_602_5b_once_reads_the_permanents_activations(answer, real_db):
    board = "Plains, Plains, Plains, Island, Island, Island, Swamp"
    v = _act(answer, real_db, "Haunted Screen", board, n=3)
    assert v["activatable"] is True
    r = answer(ACT.format(card='"Haunted Screen"', perms='{card: Haunted Screen, activations: {3: 1}}, ' + board, n=3,
                          extra="", bob=""), real_db)
    assert r.answer.values["activatable"] is False and "already activated 1 time" in r.answer.values["reason"]


def test_cr_602_5_black_tulip_needs_the_turn_number(answer, real_db):
    assert _pools(answer, real_db, "Black Tulip") == "unsupported"  # turns begun: not given
    assert _pools(answer, real_db, "Black Tulip", "turn: {number: {Alice: 5, Bob: 5}}") == [""]
    got = _pools(answer, real_db, "Black Tulip", "active: Bob\nturn: {number: {Alice: 6, Bob: 6}}")
    assert sorted(got) == sorted(["{W}{W}{W}", "{U}{U}{U}", "{B}{B}{B}", "{R}{R}{R}", "{G}{G}{G}"])
