"""Keyword lines the card data lists that are read as the rules define them, on the real cards of the 32k file
(skipped when absent); expected values come from the rules named:

* a flavor word before a one-sentence static ability (CR 207.2d: no rules meaning) is read as that ability —
  "Unquestionable Wisdom — Other creatures you control get +1/+0 and have vigilance." (Inquisitor Greyfax);
* "Partner with [name]" whose name has a comma (CR 702.124j) is one keyword, not two lines of unknown words;
* "[Quality] offering" (CR 702.48a) is the offering keyword with its quality: it changes only how its own card
  is cast, so it changes nothing about the permanent on the battlefield."""
from __future__ import annotations

import pytest

from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.vocab.topics import ALL_TOPICS, Topic
from mtgcheck.models.vocab.keyword_effects import Keyword
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.solver.questions.registry import Unsupported
from tests.probe_boards import ask


def _line(db, name, start):
    return next(a for a in abilities_of(db.get(name)) if (a.text or "").startswith(start))


@pytest.mark.parametrize("name,start", [("Inquisitor Greyfax", "Unquestionable Wisdom"),
                                        ("Canoptek Wraith", "Wraith Form"),
                                        ("Bloodcrusher of Khorne", "Devastating Charge")])
def test_flavor_word_before_a_static_sentence_cr_207_2d(real_db, name, start):
    """CR 207.2d: the flavor word has no rules meaning; the line is the static ability after the dash, with the
    topics of that sentence (not every topic, as for a line of unknown words)."""
    a = _line(real_db, name, start)
    assert a.kind == "static"
    assert not (isinstance(a.effect, Unmodelled) and a.effect.topics == ALL_TOPICS)


def test_flavor_word_static_grant_does_not_stop_activation_cr_602_2(real_db):
    """Inquisitor Greyfax: "Other creatures you control get +1/+0 and have vigilance" changes other creatures'
    power and combat (CR 613.4c, 702.20), not the costs or permission of its own ability (CR 602.2): Hunt for Heresy
    ({1}, {T}: tap target creature an opponent controls) can be activated with Bob's creature to target."""
    a = ask(real_db, {"Alice": ["Inquisitor Greyfax", "Plains"], "Bob": ["Grizzly Bears"]},
            {"activate": {"permanent": "Inquisitor Greyfax", "ability": 1}}).values
    assert a["activatable"] is True


@pytest.mark.parametrize("name,partner", [("Pippin, Warden of Isengard", "Merry, Warden of Isengard"),
                                          ("Brallin, Skyshark Rider", "Shabraz, the Skyshark")])
def test_partner_with_a_name_with_a_comma_cr_702_124j(real_db, name, partner):
    """CR 702.124j: "Partner with [name]" is one keyword whose parameter is the whole name, comma included."""
    a = _line(real_db, name, "Partner with")
    assert isinstance(a.effect, Keyword) and a.effect.keyword == "partner with"
    assert partner in (a.effect.parameter or "") or partner in str(a.effect.detail)


@pytest.mark.parametrize("name,quality", [("Patron of the Orochi", "Snake"), ("Blast-Furnace Hellkite", "Artifact")])
def test_offering_keyword_with_its_quality_cr_702_48a(real_db, name, quality):
    """CR 702.48a: "[Quality] offering" is the offering keyword; its quality is what may be sacrificed as the card is
    cast, a matter of casting only."""
    a = _line(real_db, name, f"{quality} offering")
    assert isinstance(a.effect, Keyword) and a.effect.keyword == "offering"
    assert Topic.ACTIVATION not in a.effect.detail.topics and Topic.MANA_PRODUCTION not in a.effect.detail.topics


def test_offering_on_the_battlefield_changes_no_activation_cr_702_48a(real_db):
    """Patron of the Orochi on the battlefield: offering works only as the card is cast (CR 702.48a, 113.6), so its
    "{T}: Untap all Forests and all green creatures. Activate only once each turn." can be activated (602.2, 602.5b)."""
    a = ask(real_db, {"Alice": ["Patron of the Orochi"]}, {"activate": {"permanent": "Patron of the Orochi", "ability": 1}}).values
    assert a["activatable"] is True


def test_offering_is_still_refused_for_casting_cr_702_48a(real_db):
    """Casting a card with offering: the cast question does not implement offering (CR 702.48a: cast any time an
    instant could be, by sacrificing a permanent of the quality), so the answer names the mechanic."""
    with pytest.raises(Unsupported, match="offering"):
        ask(real_db, {"Alice": ["Forest"] * 8}, {"cast": {"card": "Patron of the Orochi"}},
            hand={"Alice": ["Patron of the Orochi"]})


def test_start_your_engines_without_card_data_keywords_cr_702_179(real_db):
    """"Start your engines!" (CR 702.179a) on a card whose data lists no keyword (Chicago Loop) is the keyword: it
    changes a player's speed (triggers, later turns), not what a land could produce (CR 106.7): {T}: Add {C} and
    "Pay X speed: Add X mana in any combination of colors" (costs ignored, 106.7) give every type."""
    a = _line(real_db, "Chicago Loop", "Start your engines!")
    assert isinstance(a.effect, Keyword) and a.effect.keyword == "start your engines!"
    got = ask(real_db, {"Alice": [{"card": "Chicago Loop", "id": "c"}]}, {"could_produce": {"id": "c"}}).values
    assert set(got["types"]) == {"W", "U", "B", "R", "G", "C"}


@pytest.mark.parametrize("name,start,keyword", [("Collective Brutality", "Escalate", "escalate"),
                                                ("Exterminate!", "Replicate", "replicate"),
                                                ("Razorfield Ripper", "Reconfigure", "reconfigure")])
def test_a_cr_702_keywords_own_dash_is_not_a_flavor_word_cr_702(real_db, name, start, keyword):
    """"Escalate—Discard a card.", "Replicate—Tap an untapped Dalek you control." (CR 702.120a, 702.56a): the dash
    gives the keyword's cost, so the line stays that keyword's (typed or refused), never read as "Discard a card"."""
    a = _line(real_db, name, start)
    assert a.kind == "keyword"
    assert (isinstance(a.effect, Keyword) and a.effect.keyword == keyword) or a.refused is not None
