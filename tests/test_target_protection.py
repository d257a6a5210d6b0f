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
    from mtgcheck.models.game.cards import card_from_fields
    from mtgcheck.models.vocab.grants import GrantAbility
    from mtgcheck.models.text.oracle import parse_abilities

    for text in ("You have hexproof.", "Commanders you control have hexproof.",
                 "Enchanted creature has shroud as long as it's untapped."):
        c = card_from_fields({"name": "Test Ward", "mana_cost": "{1}", "type_line": "Enchantment", "oracle_text": text})
        assert not any(isinstance(a.effect, GrantAbility) for a in parse_abilities(c)), text


def test_protection_from_a_quality_stops_that_source_cr_702_16b(real_db):
    """CR 702.16b: Tsabo Tavoc (protection from legendary creatures) can't be the target of its own ability, whose
    source is a legendary creature (113.7), so alone it has no legal target (601.2c); Bob's Isamaru is one.
    Royal Assassin, a black source, can't target White Knight (protection from black), can target Black Knight."""
    swamps = ["Swamp", "Swamp"]
    assert _act(real_db, {"Alice": ["Tsabo Tavoc"] + swamps}, "Tsabo Tavoc")["activatable"] is False
    assert _act(real_db, {"Alice": ["Tsabo Tavoc"] + swamps, "Bob": ["Isamaru, Hound of Konda"]}, "Tsabo Tavoc")["activatable"] is True
    white = {"card": "White Knight", "tapped": True}
    black = {"card": "Black Knight", "tapped": True}
    assert _act(real_db, {"Alice": ["Royal Assassin"], "Bob": [white]}, "Royal Assassin")["activatable"] is False
    assert _act(real_db, {"Alice": ["Royal Assassin"], "Bob": [black]}, "Royal Assassin")["activatable"] is True


def test_protection_from_everything_cr_702_16j(real_db):
    """CR 702.16j: Progenitus can't be targeted by any spell or ability: not by Tsabo Tavoc's."""
    a = _act(real_db, {"Alice": ["Tsabo Tavoc", "Swamp", "Swamp"], "Bob": ["Progenitus"]}, "Tsabo Tavoc")
    assert a["activatable"] is False and "protection" in a["reason"]


def test_cant_be_the_target_of_a_quality_cr_601_2c_113_7(real_db):
    """"This creature can't be the target of red spells or abilities from red sources" (Suq'Ata Firewalker): Flame
    Slash (red) has no legal target, Murder (black) has (CR 601.2c); Mercenary Informer (black spells and sources)
    is no legal target for Royal Assassin, a black source (113.7); Karplusan Strider for Unsummon (blue)."""
    suq = "Suq'Ata Firewalker"
    assert _cast(real_db, {"Alice": ["Mountain"], "Bob": [suq]}, "Flame Slash")["castable"] is False
    assert _cast(real_db, {"Alice": ["Swamp", "Swamp", "Swamp"], "Bob": [suq]}, "Murder")["castable"] is True
    informer = {"card": "Mercenary Informer", "tapped": True}
    assert _act(real_db, {"Alice": ["Royal Assassin"], "Bob": [informer]}, "Royal Assassin")["activatable"] is False
    assert _act(real_db, {"Alice": ["Royal Assassin"], "Bob": [{"card": suq, "tapped": True}]}, "Royal Assassin")["activatable"] is True
    assert _cast(real_db, {"Alice": ["Island"], "Bob": ["Karplusan Strider"]}, "Unsummon")["castable"] is False


def test_cards_in_graveyards_cant_be_targeted_cr_601_2c(real_db):
    """Silent Gravestone: "Cards in graveyards can't be the targets of spells or abilities" (CR 601.2c, 115.1):
    Raise Dead has no legal target while it is on the battlefield, and one without it."""
    gy = {"Alice": ["Grizzly Bears"], "Bob": []}
    a = ask(real_db, {"Alice": ["Swamp"], "Bob": ["Silent Gravestone"]}, {"cast": {"card": "Raise Dead"}},
            hand={"Alice": ["Raise Dead"]}, graveyard=gy).values
    assert a["castable"] is False
    a = ask(real_db, {"Alice": ["Swamp"]}, {"cast": {"card": "Raise Dead"}}, hand={"Alice": ["Raise Dead"]}, graveyard=gy).values
    assert a["castable"] is True


def test_cant_be_targeted_sentences_are_typed():
    """The class's wordings parse into ``CantBeTargeted``; "unless it attacked or blocked this turn" (Lurker) and
    "this turn" stay unmodelled (CR 601.2c: never guessed)."""
    from mtgcheck.models.game.cards import card_from_fields
    from mtgcheck.models.vocab.targeting import CantBeTargeted
    from mtgcheck.models.text.oracle import parse_abilities

    def eff(text):
        c = card_from_fields({"name": "Test Shade", "mana_cost": "{1}", "type_line": "Creature — Shade",
                              "oracle_text": text, "power": "1", "toughness": "1"})
        return parse_abilities(c)[0].effect

    e = eff("This creature can't be the target of red spells or abilities from red sources.")
    assert isinstance(e, CantBeTargeted) and e.by == "any"
    assert [q.colors for q in e.spell_quality] == [q.colors for q in e.source_quality] == [("R",)]
    e = eff("Enchanted creature can't be the target of spells or abilities your opponents control.")
    assert isinstance(e, CantBeTargeted) and e.affects.relation == "enchanted" and e.by == "opponent"
    e = eff("This creature can't be the target of blue or black spells.")
    assert isinstance(e, CantBeTargeted) and e.spells and not e.abilities
    assert [q.colors for q in e.spell_quality] == [("U",), ("B",)]  # either quality (CR 702.16a)
    assert not isinstance(eff("This creature can't be the target of spells unless it attacked or blocked this turn."), CantBeTargeted)


def test_a_player_s_hexproof_shroud_and_protection_are_typed_cr_702_11c_702_18a_702_16k():
    """CR 702.11c, 702.18a, 702.16j, 702.16k: "You have hexproof/shroud/protection from ..." is a typed player keyword;
    a sentence that also gives objects the keyword, or holds only during a turn, is not (it stays unmodelled)."""
    from mtgcheck.models.text.untargetable import parse_player_keyword

    assert parse_player_keyword("You have hexproof.") == {"keyword": "hexproof"}
    assert parse_player_keyword("You have shroud.") == {"keyword": "shroud"}
    assert parse_player_keyword("You have protection from each of your opponents.") == {
        "keyword": "protection", "from_opponents": True}
    assert parse_player_keyword("You have protection from everything.")["quality"][0].everything
    for text in ("You and permanents you control have hexproof.", "During your turn, you and this creature have hexproof.",
                 "You have protection from the chosen card name."):
        try:
            parse_player_keyword(text)
        except ValueError:
            continue
        raise AssertionError(text)


def test_a_player_with_hexproof_is_no_legal_target_for_an_opponent_cr_702_11c(real_db):
    """CR 702.11c, 601.2c: Bob's Leyline of Sanctity stops Alice's Lightning Bolt at Bob; Alice may still target
    herself; Alice's True Believer (shroud, 702.18a) stops even her own Probe at herself."""
    bolt = {"cast": {"card": "Lightning Bolt", "targets": ["Bob"]}}
    bf = {"Alice": ["Mountain"], "Bob": ["Leyline of Sanctity"]}
    assert ask(real_db, bf, bolt, hand={"Alice": ["Lightning Bolt"]}).values["castable"] is False
    me = {"cast": {"card": "Lightning Bolt", "targets": ["Alice"]}}
    assert ask(real_db, bf, me, hand={"Alice": ["Lightning Bolt"]}).values["castable"] is True
    probe = {"cast": {"card": "Gitaxian Probe", "targets": ["Alice"]}}
    a = ask(real_db, {"Alice": ["Island", "True Believer"]}, probe, hand={"Alice": ["Gitaxian Probe"]})
    assert a.values["castable"] is False and "702.18a" in a.values["reason"]
