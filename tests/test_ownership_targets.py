"""Ownership in target phrases (CR 108.3: the owner of a permanent is the player who owned the card, or for a token
the player under whose control it was created, 111.2; 601.2c: a target must be legal as it is chosen): "target
permanent you own", "target nontoken permanent an opponent owns", "target creature you own" are read by the target
rules; owner and controller differ once control changes (CR 108.4). Real cards of the 32k file (skipped when absent);
expected values come from the rules named."""
from __future__ import annotations

from mtgcheck.models.text.targets import parse_target_phrase
from tests.probe_boards import ask


def test_owner_words_are_read_cr_108_3():
    """"you own", "an opponent owns", "you don't own" after the noun name the owner (CR 108.3); the destination after
    them ("to their owners' hands", "on the bottom of your library") is where it goes, not which it is."""
    assert parse_target_phrase("target permanent you own").owner == "you"
    assert parse_target_phrase("target non-Human creature you own").owner == "you"
    spec = parse_target_phrase("target nontoken permanent an opponent owns")
    assert spec.owner == "opponent" and spec.qualifier.token is False and not spec.unknown
    assert parse_target_phrase("target creature you don't own").owner == "not_you"
    spec = parse_target_phrase("target permanent you own on the bottom of your library")
    assert spec.owner == "you" and not spec.unknown and "you own" in spec.text


def test_owner_and_control_together_stay_unknown_cr_108_3():
    """"you own or control" (Telim'Tor's Edict), "you own but don't control" (Coveted Falcon), "you own and control"
    name control too: not read, so the legality of every permanent stays unknown (never narrowed to ownership)."""
    for phrase in ("target permanent you own or control", "target permanent you own but don't control",
                   "target creature you own and control"):
        spec = parse_target_phrase(phrase)
        assert spec.owner == "any" and spec.unknown, phrase


def test_opponent_owned_permanent_under_your_control_is_a_target_cr_108_4(real_db):
    """Bronze Tablet targets a nontoken permanent an opponent owns: a Forest Bob owns that Alice controls is one
    (CR 108.3-108.4: control does not change the owner); with only Alice-owned permanents around, even one Bob
    controls, the ability has no legal target and can't be activated (CR 601.2c, 602.2b)."""
    lands = ["Plains", "Island", "Swamp", "Mountain"]
    q = {"activate": {"permanent": "Bronze Tablet", "ability": 1}}
    a = ask(real_db, {"Alice": ["Bronze Tablet", *lands, {"card": "Forest", "owner": "Bob"}]}, q).values
    assert a["activatable"] is True
    a = ask(real_db, {"Alice": ["Bronze Tablet", *lands], "Bob": [{"card": "Forest", "owner": "Alice"}]}, q).values
    assert a["activatable"] is False


def test_spell_needs_a_creature_you_own_cr_601_2c(real_db):
    """Saving Grasp returns target creature you own (CR 108.3, 601.2c): a Grizzly Bears Alice owns that Bob controls
    is a legal target; one Bob owns that Alice controls is not, so with only that one the spell can't be cast."""
    q = {"cast": {"card": "Saving Grasp"}}
    hand = {"Alice": ["Saving Grasp"]}
    a = ask(real_db, {"Alice": ["Island"], "Bob": [{"card": "Grizzly Bears", "owner": "Alice"}]}, q, hand=hand).values
    assert a["castable"] is True
    a = ask(real_db, {"Alice": ["Island", {"card": "Grizzly Bears", "owner": "Bob"}]}, q, hand=hand).values
    assert a["castable"] is False
