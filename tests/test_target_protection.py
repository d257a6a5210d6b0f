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
