"""Targets of activated abilities (CR 115, 601.2c, 602.2b): abilities on the stack as targets (CR 115.1c-d, 113.7,
605.3b), player targets with conditions, and object qualifiers, checked on the real cards of the 32k file (skipped
when absent). Expected values come from the rules and rulings named."""
from __future__ import annotations

import pytest

from mtgcheck.models.data.scenario import ScenarioError, parse_scenario
from mtgcheck.models.text.targets import parse_target_phrase
from mtgcheck.solver.questions.registry import Unsupported
from tests.probe_boards import ask


def _act(db, bf, name, n=1, **extra):
    return ask(db, bf, {"activate": {"permanent": name, "ability": n}}, **extra).values


# --- abilities on the stack (CR 115.1c-d, 113.7, 605.3b) -------------------------------------------------------

def test_ability_target_phrases_are_typed_cr_115_1():
    """"target activated or triggered ability you control from a colorless source": an ability on the stack of
    either kind, controlled by the activating player, whose source is colorless (CR 115.1c-d, 113.7, 105.2)."""
    spec = parse_target_phrase("target activated or triggered ability you control from a colorless source")
    assert spec.kinds == ("ability",) and spec.ability_kinds == ("activated", "triggered")
    assert spec.controller == "you" and spec.source is not None and spec.source.qualifier.colorless is True
    spec = parse_target_phrase("target activated ability from an artifact source")
    assert spec.ability_kinds == ("activated",) and spec.source.types == ("Artifact",) and not spec.unknown
    # Tale's End: an ability of either kind, or a legendary spell (a union)
    spec = parse_target_phrase("target activated ability, triggered ability, or legendary spell")
    assert set(spec.kinds) == {"ability", "spell"}
    assert spec.alternatives[0].ability_kinds == ("activated", "triggered")
    assert spec.alternatives[1].supertypes == ("Legendary",)


def test_empty_stack_no_ability_to_target_cr_115_1c(real_db):
    """CR 115.1c-d, 601.2c: with nothing on the stack there is no ability to copy or counter, so Lithoform Engine's
    and Brown Ouphe's abilities can't be activated."""
    a = _act(real_db, {"Alice": ["Lithoform Engine", "Island", "Island"]}, "Lithoform Engine")
    assert a["activatable"] is False and "605.3b" in a["reason"]
    a = _act(real_db, {"Alice": ["Brown Ouphe", "Forest", "Forest"]}, "Brown Ouphe")
    assert a["activatable"] is False


def test_copy_ability_you_control_cr_113_8(real_db):
    """Lithoform Engine copies an ability *you* control (CR 113.8: who activated it controls it): Alice's Mind
    Stone draw ability on the stack is a legal target; Bob's is not."""
    bf = {"Alice": ["Lithoform Engine", "Island", "Island", "Mind Stone"]}
    assert _act(real_db, bf, "Lithoform Engine", stack={"Alice": [{"card": "Mind Stone", "ability": 2}]})["activatable"] is True
    a = _act(real_db, bf, "Lithoform Engine", stack={"Bob": [{"card": "Mind Stone", "ability": 2}]})
    assert a["activatable"] is False and "Bob controls it" in a["reason"]


def test_source_characteristics_cr_113_7(real_db):
    """Brown Ouphe counters an activated ability from an artifact source (CR 113.7: the object that activated it):
    Mind Stone's is one, Prodigal Pyromancer's (a creature) is not; Abstruse Archaic needs a colorless source."""
    bf = {"Alice": ["Brown Ouphe", "Forest", "Forest"], "Bob": ["Mind Stone"]}
    assert _act(real_db, bf, "Brown Ouphe", stack={"Bob": [{"card": "Mind Stone", "ability": 2}]})["activatable"] is True
    a = _act(real_db, bf, "Brown Ouphe", stack={"Bob": [{"card": "Prodigal Pyromancer", "ability": 1}]})
    assert a["activatable"] is False and "113.7" in a["reason"]
    bf = {"Alice": ["Abstruse Archaic", "Island", "Island"]}
    assert _act(real_db, bf, "Abstruse Archaic", stack={"Alice": [{"card": "Mind Stone", "ability": 2}]})["activatable"] is True
    a = _act(real_db, bf, "Abstruse Archaic", stack={"Alice": [{"card": "Prodigal Pyromancer", "ability": 1}]})
    assert a["activatable"] is False and "colorless" in a["reason"]


def test_triggered_ability_target_cr_603_3(real_db):
    """Stifle counters a triggered ability on the stack (CR 603.3: a triggered ability is put on the stack);
    Strionic Resonator copies only a *triggered* ability, so an activated one is no legal target (CR 115.1d)."""
    a = ask(real_db, {"Alice": ["Island", "Island"]}, {"cast": {"card": "Stifle"}}, hand={"Alice": ["Stifle"]},
            stack={"Bob": [{"card": "Soul Warden", "trigger": 1}]}).values
    assert a["castable"] is True
    bf = {"Alice": ["Strionic Resonator", "Island", "Island", "Mind Stone"]}
    a = _act(real_db, bf, "Strionic Resonator", stack={"Alice": [{"card": "Mind Stone", "ability": 2}]})
    assert a["activatable"] is False and "triggered" in a["reason"]


def test_mana_ability_on_the_stack_is_impossible_cr_605_3b(real_db):
    """CR 605.3b, 605.4a: a mana ability doesn't go on the stack; a scenario listing one is rejected naming the line."""
    sc = parse_scenario({"players": ["Alice", "Bob"], "battlefield": {"Alice": ["Lithoform Engine"]},
                         "stack": {"Alice": [{"card": "Mind Stone", "ability": 1}]},
                         "ask": {"activate": {"permanent": "Lithoform Engine", "ability": 1}}}, "<test>")
    from mtgcheck.models.data.scenario import build_state

    with pytest.raises(ScenarioError, match="605.3b"):
        build_state(sc, real_db)
    sc = parse_scenario({"players": ["Alice", "Bob"], "battlefield": {"Alice": ["Lithoform Engine"]},
                         "stack": {"Alice": [{"card": "Mind Stone", "ability": 7}]},
                         "ask": {"activate": {"permanent": "Lithoform Engine", "ability": 1}}}, "<test>")
    with pytest.raises(ScenarioError, match="does not exist"):
        build_state(sc, real_db)


# --- player targets with conditions ----------------------------------------------------------------------------

def test_player_condition_not_read_is_kept_unknown_cr_601_2c():
    """A condition on a target player that is not read ("who doesn't control this creature", Hangman) is never
    dropped: it stays an unknown qualifier, so the answer names it rather than guessing (CR 601.2c)."""
    assert parse_target_phrase("target player who doesn't control this creature guesses the noted word").unknown


def test_keeper_of_the_flame_life_cr_119_115_1(real_db):
    """Keeper of the Flame needs an opponent with more life than its controller (CR 119.1: both start at 20, so at
    20-20 there is no legal target; with Alice at 12, Bob at 20 qualifies)."""
    bf = {"Alice": ["Keeper of the Flame", "Mountain"], "Bob": ["Forest"]}
    a = _act(real_db, bf, "Keeper of the Flame")
    assert a["activatable"] is False and "Bob has 20 life" in a["reason"]
    assert _act(real_db, bf, "Keeper of the Flame", life={"Alice": 12})["activatable"] is True


def test_keeper_of_the_mind_hand_must_be_listed_cr_402(real_db):
    """Keeper of the Mind needs an opponent with at least two more cards in hand (CR 402): a hand the scenario
    does not list is unknown (unsupported, naming it); Bob with 3 cards against Alice's 1 qualifies, with 2 not."""
    bf = {"Alice": ["Keeper of the Mind", "Island"], "Bob": ["Forest"]}
    with pytest.raises(Unsupported, match="hand is not listed"):
        _act(real_db, bf, "Keeper of the Mind")
    assert _act(real_db, bf, "Keeper of the Mind", hand={"Alice": ["Island"], "Bob": ["Island"] * 3})["activatable"] is True
    assert _act(real_db, bf, "Keeper of the Mind", hand={"Alice": ["Island"], "Bob": ["Island"] * 2})["activatable"] is False


def test_keeper_of_the_beasts_and_dead_cr_115_1(real_db):
    """Keeper of the Beasts: an opponent controlling more creatures (Alice has the Keeper, Bob two Bears: yes; one
    Bear: no). Keeper of the Dead: an opponent with at least two fewer creature cards in their graveyard, and a
    nonblack creature that player controls (with one opponent the second target is Bob's, CR 601.2c)."""
    bf = {"Alice": ["Keeper of the Beasts", "Forest"], "Bob": ["Grizzly Bears", "Grizzly Bears"]}
    assert _act(real_db, bf, "Keeper of the Beasts")["activatable"] is True
    bf = {"Alice": ["Keeper of the Beasts", "Forest"], "Bob": ["Grizzly Bears"]}
    assert _act(real_db, bf, "Keeper of the Beasts")["activatable"] is False
    bf = {"Alice": ["Keeper of the Dead", "Swamp"], "Bob": ["Grizzly Bears"]}
    gy = {"Alice": ["Grizzly Bears", "Grizzly Bears"], "Bob": []}
    assert _act(real_db, bf, "Keeper of the Dead", graveyard=gy)["activatable"] is True
    gy = {"Alice": ["Grizzly Bears"], "Bob": []}
    assert _act(real_db, bf, "Keeper of the Dead", graveyard=gy)["activatable"] is False


# --- object qualifiers -----------------------------------------------------------------------------------------

def test_qualifier_words_are_typed_cr_115_1():
    """Each qualifier becomes a typed test (none is dropped): CR 201.5, 303.4, 708.2, 509.1, 110.5, 208.1, 201.2."""
    q = parse_target_phrase("target permanent other than That Which Was Taken").qualifier
    assert q.other_than == "That Which Was Taken"
    assert parse_target_phrase("target permanent that isn't enchanted to its owner's hand").qualifier.enchanted is False
    assert parse_target_phrase("target enchanted creature").qualifier.enchanted is True
    assert parse_target_phrase("target face-down creature").qualifier.face_down is True
    assert parse_target_phrase("target creature blocking or blocked by it").qualifier.combat == "blocking_or_blocked_by_it"
    assert parse_target_phrase("target creature it's blocking").qualifier.combat == "blocked_by_it"
    q = parse_target_phrase("target tapped or blocking creature").qualifier
    assert [a.tapped for a in q.any_of] == [True, None] and q.any_of[1].combat == "blocking"
    q = parse_target_phrase("target 1/1 creature gets +1/+2 until end of turn").qualifier
    assert [(c.quantity, c.op, c.value) for c in q.compare] == [("power", "==", 1), ("toughness", "==", 1)]
    c = parse_target_phrase("target creature with power less than this creature's power").qualifier.compare[0]
    assert (c.quantity, c.op, c.against) == ("power", "<", "power")
    assert parse_target_phrase("target permanent you control named Volo's Journal").qualifier.name == "Volo's Journal"
    assert parse_target_phrase("target permanent not named Clever Conjurer").qualifier.not_named == "Clever Conjurer"
    assert parse_target_phrase("target creature of an opponent's choice they control").controller == "opponent"


def test_other_than_its_own_name_cr_201_5(real_db):
    """CR 201.5: That Which Was Taken's own name in its text means itself; alone with no other permanent it has no
    legal target, with an Island it has one."""
    a = _act(real_db, {"Alice": ["That Which Was Taken"]}, "That Which Was Taken", pool={"Alice": "{C}{C}{C}{C}"})
    assert a["activatable"] is False and "201.5" in a["reason"]
    a = _act(real_db, {"Alice": ["That Which Was Taken", "Island"]}, "That Which Was Taken", pool={"Alice": "{C}{C}{C}{C}"})
    assert a["activatable"] is True


def test_enchanted_cr_303_4(real_db):
    """CR 303.4: a permanent an Aura is attached to is enchanted. Ramses Overdark: Bob's Grizzly Bears with
    Pacifism is a legal target, without it none."""
    bf = {"Alice": ["Ramses Overdark"], "Bob": [{"card": "Grizzly Bears", "id": "gb"}]}
    assert _act(real_db, bf, "Ramses Overdark")["activatable"] is False
    bf["Bob"].append({"card": "Pacifism", "attached_to": "gb"})
    assert _act(real_db, bf, "Ramses Overdark")["activatable"] is True


def test_face_down_cr_708_2(real_db):
    """CR 708.2: every permanent of a scenario is face up, so "target face-down creature" has no legal choice."""
    a = _act(real_db, {"Alice": ["Nosy Goblin"], "Bob": ["Grizzly Bears"]}, "Nosy Goblin")
    assert a["activatable"] is False and "708.2" in a["reason"]


def test_blocking_relation_cr_509_1a(real_db):
    """CR 509.1a: a blocker blocks an attacking creature. Steadfast Armasaur outside combat has no target; attacking
    alone and blocked by Grizzly Bears, the Bears block it."""
    bf = {"Alice": ["Steadfast Armasaur", "Plains", "Plains"], "Bob": ["Grizzly Bears"]}
    assert _act(real_db, bf, "Steadfast Armasaur")["activatable"] is False
    bf = {"Alice": [{"card": "Steadfast Armasaur", "attacking": True}, "Plains", "Plains"],
          "Bob": [{"card": "Grizzly Bears", "blocking": True}]}
    assert _act(real_db, bf, "Steadfast Armasaur", turn={"step": "declare_blockers"})["activatable"] is True


def test_power_against_the_source_cr_208_1(real_db):
    """CR 208.1, 122.1a: Unliving Psychopath (0/4) destroys a creature with power less than its own: with two
    +1/+1 counters (power 2) Llanowar Elves (power 1) qualifies; with none nothing does."""
    bf = {"Alice": [{"card": "Unliving Psychopath", "counters": {"+1/+1": 2}}, "Swamp"], "Bob": ["Llanowar Elves"]}
    assert _act(real_db, bf, "Unliving Psychopath", 2)["activatable"] is True
    bf = {"Alice": ["Unliving Psychopath", "Swamp"], "Bob": ["Llanowar Elves"]}
    a = _act(real_db, bf, "Unliving Psychopath", 2)
    assert a["activatable"] is False and "208.1" in a["reason"]


def test_one_one_creature_cr_208_1(real_db):
    """Aegis of the Meek: "target 1/1 creature" is exact power 1 and toughness 1 (CR 208.1)."""
    assert _act(real_db, {"Alice": ["Aegis of the Meek", "Forest", "Grizzly Bears"]}, "Aegis of the Meek")["activatable"] is False
    assert _act(real_db, {"Alice": ["Aegis of the Meek", "Forest", "Llanowar Elves"]}, "Aegis of the Meek")["activatable"] is True


def test_opponents_choice_they_control_preacher_ruling(real_db):
    """Preacher rulings 2004-10-04 / 2007-09-16: the target is a creature the chosen opponent controls (they choose
    it): with only Alice's creatures there is none."""
    assert _act(real_db, {"Alice": ["Preacher", "Grizzly Bears"]}, "Preacher")["activatable"] is False
    assert _act(real_db, {"Alice": ["Preacher"], "Bob": ["Grizzly Bears"]}, "Preacher")["activatable"] is True


# --- history qualifiers (CR 120, 508.1; the turn history) -------------------------------------------------------

def test_dealt_damage_to_you_from_the_history_cr_120_1(real_db):
    """Giltspire Avenger: "target creature that dealt damage to you this turn". In the scenario's default turn
    nothing happened earlier (no legal target); with Bob's Grizzly Bears recorded as having dealt damage to Alice
    it is one; damage to Bob does not count ("you" is the ability's controller, CR 109.5)."""
    bf = {"Alice": ["Giltspire Avenger"], "Bob": ["Grizzly Bears"]}
    a = _act(real_db, bf, "Giltspire Avenger")
    assert a["activatable"] is False and "default turn" in a["reason"]
    hist = {"step": "postcombat_main", "history": {"damage": [{"from": "Grizzly Bears", "to": "Alice"}]}}
    assert _act(real_db, bf, "Giltspire Avenger", turn=hist)["activatable"] is True
    hist = {"step": "postcombat_main", "history": {"damage": [{"from": "Grizzly Bears", "to": "Bob"}]}}
    assert _act(real_db, bf, "Giltspire Avenger", turn=hist)["activatable"] is False


def test_was_dealt_damage_cr_120_1(real_db):
    """Opportunist: "target creature that was dealt damage this turn" (CR 120.1)."""
    bf = {"Alice": ["Opportunist"], "Bob": ["Grizzly Bears", "Llanowar Elves"]}
    assert _act(real_db, bf, "Opportunist")["activatable"] is False
    hist = {"history": {"damage": [{"from": "Llanowar Elves", "to": "Grizzly Bears"}]}}
    assert _act(real_db, bf, "Opportunist", turn=hist)["activatable"] is True


def test_damage_history_impossible_states_cr_120_1(real_db):
    """CR 120.1: only creatures, planeswalkers, battles and players can be dealt damage: a land is an impossible
    recipient, rejected naming the line; so is a source that is not on the battlefield."""
    from mtgcheck.models.data.scenario import build_state

    for dmg, msg in (({"from": "Grizzly Bears", "to": "Forest"}, "120.1"), ({"from": "Shivan Dragon", "to": "Alice"}, "from")):
        sc = parse_scenario({"players": ["Alice", "Bob"], "battlefield": {"Alice": ["Opportunist", "Forest"],
                                                                          "Bob": ["Grizzly Bears"]},
                             "turn": {"history": {"damage": [dmg]}},
                             "ask": {"activate": {"permanent": "Opportunist", "ability": 1}}}, "<test>")
        with pytest.raises(ScenarioError, match=msg):
            build_state(sc, real_db)


def test_power_against_a_count_cr_208_1(real_db):
    """Beguiler of Wills (1/1): "target creature with power less than or equal to the number of creatures you
    control" (CR 208.1; the count read by solver.rules.quantities). Alone it qualifies itself (power 1, one creature);
    with two +1/+1 counters (power 3, CR 122.1a) and only Bob's Grizzly Bears (power 2) besides, nothing does."""
    spec = parse_target_phrase("target creature with power less than or equal to the number of creatures you control")
    assert spec.qualifier.compare[0].amount is not None and not spec.unknown
    bf = {"Alice": ["Beguiler of Wills"], "Bob": ["Grizzly Bears"]}
    assert _act(real_db, bf, "Beguiler of Wills")["activatable"] is True
    bf = {"Alice": [{"card": "Beguiler of Wills", "counters": {"+1/+1": 2}}], "Bob": ["Grizzly Bears"]}
    a = _act(real_db, bf, "Beguiler of Wills")
    assert a["activatable"] is False and "208.1" in a["reason"]


def test_player_who_attacked_this_turn_cr_508_1(real_db):
    """Fire and Brimstone: "target player who attacked this turn" — only the active player declares attackers
    (CR 508.1): on Bob's turn after Grizzly Bears attacked, Bob is a legal target; in the default turn nobody is."""
    hand = {"Alice": ["Fire and Brimstone"]}
    bf = {"Alice": ["Plains"] * 5, "Bob": ["Grizzly Bears"]}
    a = ask(real_db, bf, {"cast": {"card": "Fire and Brimstone", "player": "Alice"}}, hand=hand).values
    assert a["castable"] is False and "508.1" in a["reason"]
    a = ask(real_db, bf, {"cast": {"card": "Fire and Brimstone", "player": "Alice"}}, hand=hand, active="Bob",
            turn={"step": "end", "history": {"attacked": ["Grizzly Bears"]}}).values
    assert a["castable"] is True
