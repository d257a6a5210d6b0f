"""What can be targeted (CR 115, 601.2c, 602.2b): ward (CR 702.21a), hexproof and shroud granted by statics
(702.11, 702.18), "can't be the target of" (115.4) and protection (702.16), checked on the real cards of the 32k
file (skipped when absent). Expected values come from the rules named in each test."""
from __future__ import annotations

from mtgcheck.models.text.targets import mentions_targeting
from tests.probe_boards import ask


def _act(db, bf, name, n=1, **extra):
    return ask(db, bf, {"activate": {"permanent": name, "ability": n}}, **extra).values


def test_ward_is_not_a_targeting_restriction_cr_702_21a():
    """CR 702.21a: ward triggers when the permanent becomes the target, after the target was chosen; it never makes
    the target illegal. Hexproof, shroud, protection and "can't be the target" do (702.11b, 702.18a, 702.16b, 115.4)."""
    assert not mentions_targeting("Each creature you control with a counter on it has ward {1}.")
    assert not mentions_targeting("Ward—Pay 3 life.")
    assert mentions_targeting("Other Spiders you control have hexproof and ward {2}.")
    assert mentions_targeting("This creature can't be the target of red spells or abilities from red sources.")


def test_ward_granted_creature_is_a_legal_target_cr_702_21a(real_db):
    """Royal Assassin destroys target tapped creature: Bob's tapped Grizzly Bears with a +1/+1 counter has ward {1}
    from Cathedral Acolyte, and Bob's tapped Isamaru has ward {1} from K-9, Mark I: each is still a legal target
    (CR 702.21a, 601.2c, 602.2b); with nothing tapped there is none (601.2c)."""
    bears = {"card": "Grizzly Bears", "tapped": True, "counters": {"+1/+1": 1}}
    assert _act(real_db, {"Alice": ["Royal Assassin"], "Bob": ["Cathedral Acolyte", bears]}, "Royal Assassin")["activatable"] is True
    isamaru = {"card": "Isamaru, Hound of Konda", "tapped": True}
    assert _act(real_db, {"Alice": ["Royal Assassin"], "Bob": ["K-9, Mark I", isamaru]}, "Royal Assassin")["activatable"] is True
    untapped = {"card": "Grizzly Bears", "counters": {"+1/+1": 1}}
    a = _act(real_db, {"Alice": ["Royal Assassin"], "Bob": ["Cathedral Acolyte", untapped]}, "Royal Assassin")
    assert a["activatable"] is False


def _cast(db, bf, name, **extra):
    return ask(db, bf, {"cast": {"card": name}}, hand={"Alice": [name]}, **extra).values


def test_conditional_hexproof_of_the_source_cr_702_11b_611_3a(real_db):
    """Sokrates and Dragonlord Ojutai have hexproof as long as they're untapped (CR 611.3a: only while the condition
    holds; 110.5 tapped status): Alice's Murder can't target Bob's untapped one (702.11b), can target it tapped."""
    swamps = ["Swamp", "Swamp", "Swamp"]
    for name in ("Sokrates, Athenian Teacher", "Dragonlord Ojutai"):
        assert _cast(real_db, {"Alice": swamps, "Bob": [name]}, "Murder")["castable"] is False, name
        assert _cast(real_db, {"Alice": swamps, "Bob": [{"card": name, "tapped": True}]}, "Murder")["castable"] is True, name


def test_hexproof_stops_only_opponents_cr_702_11b(real_db):
    """Paradise Druid: its controller may target it while it has hexproof (CR 702.11b)."""
    a = _cast(real_db, {"Alice": ["Swamp", "Swamp", "Swamp", "Paradise Druid"], "Bob": ["Paradise Druid"]}, "Murder")
    assert a["castable"] is True
    assert _cast(real_db, {"Alice": ["Swamp", "Swamp", "Swamp"], "Bob": ["Paradise Druid"]}, "Murder")["castable"] is False


def test_hexproof_for_other_tapped_or_untapped_creatures_cr_702_11b_109_5(real_db):
    """Saryth gives *other untapped* creatures hexproof (CR 109.5, 110.5): Cast Down (nonlegendary) can target Bob's
    tapped Grizzly Bears but not his untapped one. The Wandering Rescuer gives other *tapped* creatures hexproof, so
    Royal Assassin ("target tapped creature") has no legal target (601.2c, 602.2b)."""
    saryth = "Saryth, the Viper's Fang"
    assert _cast(real_db, {"Alice": ["Swamp", "Swamp"], "Bob": [saryth, "Grizzly Bears"]}, "Cast Down")["castable"] is False
    bears = {"card": "Grizzly Bears", "tapped": True}
    assert _cast(real_db, {"Alice": ["Swamp", "Swamp"], "Bob": [saryth, bears]}, "Cast Down")["castable"] is True
    a = _act(real_db, {"Alice": ["Royal Assassin"], "Bob": ["The Wandering Rescuer", bears]}, "Royal Assassin")
    assert a["activatable"] is False


def test_hexproof_and_haste_while_an_opponent_controls_a_planeswalker_cr_611_3a_302_6(real_db):
    """Syr Ginger has trample, hexproof and haste as long as an opponent controls a planeswalker (CR 611.3a): then
    Alice's Murder can't target Bob's Syr Ginger (702.11b), and Alice's summoning-sick one may use its {T} ability
    (302.6, 702.10b); without the planeswalker neither holds."""
    ginger = "Syr Ginger, the Meal Ender"
    swamps = ["Swamp", "Swamp", "Swamp"]
    assert _cast(real_db, {"Alice": swamps + ["Ajani Goldmane"], "Bob": [ginger]}, "Murder")["castable"] is False
    assert _cast(real_db, {"Alice": swamps, "Bob": [ginger, "Ajani Goldmane"]}, "Murder")["castable"] is True
    sick = {"card": ginger, "sick": True}
    assert _act(real_db, {"Alice": [sick, "Swamp", "Swamp"], "Bob": ["Ajani Goldmane"]}, ginger)["activatable"] is True
    assert _act(real_db, {"Alice": [sick, "Swamp", "Swamp"]}, ginger)["activatable"] is False


def test_player_and_commander_grants_stay_unmodelled_cr_702_11c():
    """"You have hexproof" is a player's hexproof (CR 702.11c) and "Commanders you control" a designation (903.3):
    neither is a typed grant to permanents, so their text keeps targeting unknown."""
    from mtgcheck.models.cards import card_from_fields
    from mtgcheck.models.effects import GrantAbility
    from mtgcheck.models.text.oracle import parse_abilities

    for text in ("You have hexproof.", "Commanders you control have hexproof.",
                 "Enchanted creature has shroud as long as it's untapped."):
        c = card_from_fields({"name": "Test Ward", "mana_cost": "{1}", "type_line": "Enchantment", "oracle_text": text})
        assert not any(isinstance(a.effect, GrantAbility) for a in parse_abilities(c)), text
