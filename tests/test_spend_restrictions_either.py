"""Spend restrictions with an "or" half (CR 106.6): "Spend this mana only to cast [kind] spells or activate abilities
of [kind]s" and "... or activate an ability". The spell half is decided for every spell; "activate an ability" allows
any activated ability's cost (CR 602.1); "abilities of [kind]s" is not decided for an ability's cost (its source is
not read there), so an answer that depends on it is unsupported, naming that half. Each reading prints back to its
sentence (models/text/render.py).

Expected values come from the rules named in each test, never from running the engine.
"""
from __future__ import annotations

import pytest

from mtgcheck.models.cards import card_from_fields
from mtgcheck.models.mana import read_cast_or_activate
from mtgcheck.models.subtypes import OUTLAW_TYPES
from mtgcheck.models.text import roundtrip
from mtgcheck.models.text.mana import slug
from mtgcheck.models.text.oracle import abilities_of
from mtgcheck.solver.payment.model import restriction_verdict


@pytest.mark.parametrize("sentence, kinds, how", [
    ("Spend this mana only to cast creature spells or activate abilities of creatures.", ("Creature",), "of"),
    ("Spend this mana only to cast an artifact spell or activate an ability of an artifact source.", ("Artifact",), "of"),
    ("Spend this mana only to cast Dragon spells or activate abilities of Dragons.", ("Dragon",), "of"),
    ("Spend this mana only to cast Myr spells or activate abilities of Myr.", ("Myr",), "of"),
    ("Spend this mana only to cast a Time Lord or Alien spell or activate an ability of a Time Lord or Alien.",
     ("Time Lord", "Alien"), "of"),
    ("Spend this mana only to cast outlaw spells or activate abilities of outlaw sources.", OUTLAW_TYPES, "of"),
    ("Spend this mana only to cast a colorless spell or to activate an ability.", ("colorless",), "any"),
    ("Spend this mana only to activate an ability or cast an artifact spell.", ("Artifact",), "any"),
])
def test_the_or_class_is_read_with_its_kinds_cr_106_6_205_3_700_12(sentence, kinds, how):
    """CR 106.6: the restriction names kinds of spells and of abilities' sources; subtypes keep their spelling (CR
    205.3), "outlaw" is the batch of CR 700.12, "Myr" its own plural."""
    assert read_cast_or_activate(slug(sentence)) == (tuple(kinds), how)


def test_halves_that_differ_are_not_read():
    """"an instant or sorcery spell or to gain a Class level": the second half is no "abilities of" the same kind,
    so the restriction stays a free-form code (never spent, CR 106.6)."""
    assert read_cast_or_activate(slug("Spend this mana only to cast an instant or sorcery spell or to gain a Class "
                                      "level.")) is None


def test_the_spell_half_and_the_ability_half_cr_106_6_602_1_702_73a():
    """CR 106.6: a spell of the kind may be paid, another may not; a changeling creature spell has every creature type
    (CR 702.73a); "activate an ability" allows any ability's cost (602.1); "abilities of Elementals" is undecided for
    an ability's cost (``None``)."""
    elemental = card_from_fields({"name": "E", "type_line": "Creature — Elemental", "mana_cost": "{R}"})
    bolt = card_from_fields({"name": "B", "type_line": "Instant", "mana_cost": "{R}"})
    shifter = card_from_fields({"name": "S", "type_line": "Creature — Shapeshifter", "mana_cost": "{B}",
                                "keywords": ["Changeling"]})
    code = slug("Spend this mana only to cast Elemental spells or activate abilities of Elementals.")
    assert restriction_verdict(code, elemental) is True
    assert restriction_verdict(code, bolt) is False
    assert restriction_verdict(code, shifter) is True
    assert restriction_verdict(code, None) is None
    anyab = slug("Spend this mana only to cast a colorless spell or to activate an ability.")
    assert restriction_verdict(anyab, None) is True and restriction_verdict(anyab, bolt) is False


def test_the_readings_print_back_to_their_sentences():
    """Whole-sentence readings: the mana ability with its restriction prints back to its line."""
    for text in ("{T}: Add {C}{C}. Spend this mana only to cast Myr spells or activate abilities of Myr.",
                 "{T}: Add {C}. Spend this mana only to activate an ability or cast an artifact spell.",
                 "{T}: Add one mana of any color. Spend this mana only to cast a Cleric, Rogue, Warrior, or Wizard "
                 "spell or to activate an ability of a Cleric, Rogue, Warrior, or Wizard."):
        card = card_from_fields({"name": "Test Source", "type_line": "Artifact", "oracle_text": text})
        (a,) = abilities_of(card)
        assert a.refused is None and roundtrip.reading(a)[0], text


def test_an_ability_cost_paid_only_by_abilities_of_myr_mana_is_unsupported(answer):
    """CR 106.6: Myr Reservoir's mana pays abilities of Myr; whether Mind Stone's ability may use it is not read here,
    and only that mana could pay it: unsupported, naming the half (never "not activatable" by a guess)."""
    r = answer("""
players: [Alice, Bob]
cards:
  Myr Reservoir:
    mana_cost: "{3}"
    type_line: Artifact
    oracle_text: "{T}: Add {C}{C}. Spend this mana only to cast Myr spells or activate abilities of Myr."
  Mind Stone:
    mana_cost: "{2}"
    type_line: Artifact
    oracle_text: "{T}: Add {C}.\\n{1}, {T}, Sacrifice this artifact: Draw a card."
battlefield:
  Alice: [Myr Reservoir, Mind Stone]
ask: {activate: {permanent: Mind Stone, ability: 2}}
""")
    assert r.verdict == "unsupported" and "abilities of Myr" in (r.message or "")
