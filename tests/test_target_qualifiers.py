"""Target qualifiers and filter words (CR 601.2c, 602.2b, 115.3): a target phrase's colours, keywords,
power/toughness, mana value, counters, tapped, token, combat status and "another", and unions of nouns, checked on
the real cards of the 32k file (skipped when absent). Expected values come from the rules named."""
from __future__ import annotations

import pytest

from mtgcheck.models.vocab.filters import Comparison, Qualifier
from mtgcheck.models.text.filters import parse_filter, tail_qualifier
from mtgcheck.models.text.targets import parse_target_phrase
from mtgcheck.solver.questions.registry import Unsupported
from tests.probe_boards import ask


def _act(db, bf, name, n=1, **extra):
    return ask(db, bf, {"activate": {"permanent": name, "ability": n}}, **extra).values


def _cast(db, bf, card, targets=None, x=None, **extra):
    q = {"card": card}
    if targets is not None:
        q["targets"] = targets
    if x is not None:
        q["x"] = x
    return ask(db, bf, {"cast": q}, **extra).values


# --- reading --------------------------------------------------------------------------------------------------

def test_adjectives_and_tails_are_read_cr_105_702_208():
    """CR 105.2 (colours), 702 (keywords), 208.1 (power), 202.3 (mana value), 122.1 (counters), 506.4 (combat)."""
    assert parse_target_phrase("target nonblack creature").qualifier == Qualifier(not_colors=("B",))
    assert parse_target_phrase("target attacking or blocking creature").qualifier.combat == "attacking_or_blocking"
    assert parse_target_phrase("target creature with power 2 or less can't be blocked this turn").qualifier.compare == \
        (Comparison("power", "<=", 2),)
    assert parse_target_phrase("target permanent with mana value 3 or greater").qualifier.compare == \
        (Comparison("mana_value", ">=", 3),)
    q = parse_target_phrase("target creature without flying that's attacking you").qualifier
    assert q.without_keywords == ("flying",) and q.combat == "attacking_you"
    assert parse_target_phrase("target creature with a stun counter on it").qualifier.counters == ("stun",)
    assert parse_target_phrase("target white or blue creature").qualifier.colors_any == ("W", "U")
    assert parse_target_phrase("another target creature you control").qualifier.other
    spec = parse_target_phrase("target token you control")
    assert spec.qualifier.token is True and spec.controller == "you"


def test_unions_keep_each_nouns_adjectives_cr_115_1():
    """"target land or nonblack creature": a land, or a creature that is not black (each noun its own words)."""
    spec = parse_target_phrase("target land or nonblack creature")
    assert [(a.all_types, a.qualifier.not_colors) for a in spec.alternatives] == [(("Land",), ()), (("Creature",), ("B",))]
    # "artifact creature" is one noun with both types, not "artifact or creature"
    assert parse_target_phrase("target artifact creature").all_types == ("Artifact", "Creature")
    # "that's red or green" qualifies both nouns
    spec = parse_target_phrase("target spell or permanent that's red or green")
    assert spec.kinds == ("spell", "permanent") and spec.qualifier.colors_any == ("R", "G")


def test_cost_object_words_with_qualifiers_cr_118_3():
    """Cost words "artifact or creature", "green creature", "red or white creature" read as a typed Filter."""
    f = parse_filter("artifact or creature", "any", qualifiers=True)
    assert [a.all_of for a in f.alternatives] == [("Artifact",), ("Creature",)]
    assert parse_filter("green creature", "any", qualifiers=True).qualifier.colors == ("G",)
    with pytest.raises(ValueError):
        parse_filter("green creature")  # without qualifiers=True the plain reader still refuses it


def test_history_qualifier_is_kept_not_guessed():
    """History words the turn history does not record ("that blocked this turn") are kept, never dropped; those it
    records ("that dealt damage to you this turn", CR 120) are typed (tests/test_activation_targets.py)."""
    q, _, rest = tail_qualifier("that blocked this turn")
    assert q.history and not rest
    q, _, rest = tail_qualifier("that dealt damage to you this turn")
    assert q.this_turn == "dealt_damage_to_you" and not rest


# --- combat (CR 506.4) ----------------------------------------------------------------------------------------

def test_no_attacking_creature_outside_combat_cr_506_4(real_db):
    """CR 506.4: only during combat are creatures attacking or blocking; in the default precombat main phase
    Arbalest Elite has no legal target."""
    a = _act(real_db, {"Alice": ["Arbalest Elite"] + ["Plains"] * 3, "Bob": ["Grizzly Bears"]}, "Arbalest Elite")
    assert a["activatable"] is False and "506.4" in a["reason"]


def test_an_attacking_creature_is_a_legal_target_in_combat_cr_508_1(real_db):
    """CR 508.1: Bob's attacking Grizzly Bears in his declare attackers step is "attacking"."""
    bf = {"Alice": ["Arbalest Elite"] + ["Plains"] * 3, "Bob": [{"card": "Grizzly Bears", "attacking": True}]}
    assert _act(real_db, bf, "Arbalest Elite", active="Bob", turn={"step": "declare_attackers"})["activatable"] is True


def test_attacking_you_and_without_flying_cr_508_1b(real_db):
    """Giant Trap Door Spider: an attacking creature without flying that attacks Alice; Serra Angel flies."""
    base = ["Giant Trap Door Spider", "Mountain", "Forest", "Forest"]
    ok = _act(real_db, {"Alice": base, "Bob": [{"card": "Grizzly Bears", "attacking": True}]}, "Giant Trap Door Spider",
              active="Bob", turn={"step": "declare_attackers"})
    assert ok["activatable"] is True
    no = _act(real_db, {"Alice": base, "Bob": [{"card": "Serra Angel", "attacking": True}]}, "Giant Trap Door Spider",
              active="Bob", turn={"step": "declare_attackers"})
    assert no["activatable"] is False


# --- numbers, keywords, colours -------------------------------------------------------------------------------

def test_power_counts_counters_cr_208_3_122_1a(real_db):
    """Crafty Pathmage (1/1) may target itself; with two +1/+1 counters its power is 3, and Bob's Serra Angel
    (4/4) is no choice either (CR 208.3, 122.1a)."""
    assert _act(real_db, {"Alice": ["Crafty Pathmage"], "Bob": ["Serra Angel"]}, "Crafty Pathmage")["activatable"] is True
    a = _act(real_db, {"Alice": [{"card": "Crafty Pathmage", "counters": {"+1/+1": 2}}], "Bob": ["Serra Angel"]},
             "Crafty Pathmage")
    assert a["activatable"] is False


def test_flying_qualifier_cr_702_9(real_db):
    """Centaur Archer's target must have flying (CR 702.9): Serra Angel yes, Grizzly Bears no."""
    assert _act(real_db, {"Alice": ["Centaur Archer"], "Bob": ["Serra Angel"]}, "Centaur Archer")["activatable"] is True
    assert _act(real_db, {"Alice": ["Centaur Archer"], "Bob": ["Grizzly Bears"]}, "Centaur Archer")["activatable"] is False


def test_colour_qualifier_cr_105_2(real_db):
    """Northern Paladin destroys a black permanent: Vampire Nighthawk is black, Grizzly Bears green (CR 105.2)."""
    bf = {"Alice": ["Northern Paladin", "Plains", "Plains"]}
    assert _act(real_db, {**bf, "Bob": ["Vampire Nighthawk"]}, "Northern Paladin")["activatable"] is True
    assert _act(real_db, {**bf, "Bob": ["Grizzly Bears"]}, "Northern Paladin")["activatable"] is False


def test_land_or_nonblack_creature_chosen_cr_601_2c(real_db):
    """Befoul: a land or a nonblack creature; Vampire Nighthawk (black) is not a legal choice, Grizzly Bears is."""
    bf = {"Alice": ["Swamp"] * 4, "Bob": ["Vampire Nighthawk", "Grizzly Bears"]}
    assert _cast(real_db, bf, "Befoul", ["Grizzly Bears"])["castable"] is True
    assert _cast(real_db, bf, "Befoul", ["Vampire Nighthawk"])["castable"] is False


def test_mana_value_qualifier_cr_202_3(real_db):
    """Abrupt Decay: a nonland permanent with mana value 3 or less: Serra Angel (5) no, Grizzly Bears (2) yes."""
    bf = {"Alice": ["Swamp", "Forest"]}
    assert _cast(real_db, {**bf, "Bob": ["Serra Angel"]}, "Abrupt Decay")["castable"] is False
    assert _cast(real_db, {**bf, "Bob": ["Grizzly Bears"]}, "Abrupt Decay")["castable"] is True


def test_tapped_qualifier_cr_110_5(real_db):
    """Royal Assassin destroys a tapped creature (CR 110.5)."""
    assert _act(real_db, {"Alice": ["Royal Assassin"], "Bob": ["Grizzly Bears"]}, "Royal Assassin")["activatable"] is False
    assert _act(real_db, {"Alice": ["Royal Assassin"], "Bob": [{"card": "Grizzly Bears", "tapped": True}]},
                "Royal Assassin")["activatable"] is True


# --- another, tokens, protection-granting abilities -----------------------------------------------------------

def test_another_target_is_not_the_source_cr_109_5(real_db):
    """Giver of Runes: "another target creature you control" is never Giver itself; Mother of Runes may target
    itself. An activated ability that grants protection restricts nothing until it resolves (CR 602.2, 608.2)."""
    assert _act(real_db, {"Alice": ["Giver of Runes"]}, "Giver of Runes")["activatable"] is False
    assert _act(real_db, {"Alice": ["Giver of Runes", "Grizzly Bears"]}, "Giver of Runes")["activatable"] is True
    assert _act(real_db, {"Alice": ["Mother of Runes"]}, "Mother of Runes")["activatable"] is True


def test_no_token_in_a_scenario_cr_111_1(real_db):
    """Every permanent of a scenario is a card, so "target token" has no legal choice (CR 111.1, 601.2c)."""
    a = _cast(real_db, {"Alice": ["Forest"] * 3, "Bob": ["Grizzly Bears"]}, "For the Common Good", x=1)
    assert a["castable"] is False


def test_history_stays_unsupported_unless_no_creature_exists(real_db):
    """"that blocked this turn" is not in the turn history (unsupported); with no creature at all, no creature
    qualifies (CR 601.2c)."""
    with pytest.raises(Unsupported):
        _cast(real_db, {"Alice": ["Mountain", "Mountain"], "Bob": ["Grizzly Bears"]}, "Sizzling Barrage")
    # Reciprocate: "Exile target creature that dealt damage to you this turn": with no creature, no legal target
    assert _cast(real_db, {"Alice": ["Plains"] * 2}, "Reciprocate")["castable"] is False


# --- cost words -----------------------------------------------------------------------------------------------

def test_sacrifice_an_artifact_or_creature_cr_118_3(real_db):
    """Dreg Recycler sacrifices an artifact or creature: itself counts (a creature); Thelonite Monk needs a green
    creature (it is green itself)."""
    assert _act(real_db, {"Alice": ["Dreg Recycler"]}, "Dreg Recycler")["activatable"] is True
    assert _act(real_db, {"Alice": ["Thelonite Monk"], "Bob": ["Forest"]}, "Thelonite Monk")["activatable"] is True
    a = _act(real_db, {"Alice": ["Hand of Justice", "Serra Angel", "Serra Angel", "Grizzly Bears"]}, "Hand of Justice")
    assert a["activatable"] is False  # two other white creatures: Hand of Justice taps for {T}, not for the three


def test_other_than_a_basic_land_card_excludes_only_basic_lands_cr_205_4a_601_2c():
    """CR 205.4a, 601.2c: "target card ... other than a basic land card" (Surgical Extraction, Extirpate, Kotose, the
    Silent Spider) excludes a card that is both basic and a land, wherever the words stand beside the graveyard."""
    from mtgcheck.models.text.targets import parse_target_phrase

    for phrase, owner in (("target card in a graveyard other than a basic land card", "any"),
                          ("target card other than a basic land card from an opponent's graveyard", "opponent")):
        spec = parse_target_phrase(phrase)
        assert spec is not None and spec.kinds == ("card",) and spec.zone == "graveyard"
        assert spec.owner == owner and spec.not_all == (("Basic", "Land"),) and spec.unknown == ()
