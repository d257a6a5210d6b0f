"""Mana that may be spent only on some spells and the activated abilities of some objects (CR 106.6, 602.2b).

"Spend this mana only to cast [X] spells or activate abilities of [Y]" is read into the code ``only:X|Y``
(models.text.mana.spend_only_code) and decided against the spell cast or the source of the ability activated
(solver.rules.payment.model.restriction_verdict). Wording it does not read keeps a free-form code, never spent: an
answer it decides stays unsupported. Examples: examples/classes/spend_restrictions_abilities.yaml.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from mtgcheck.models.data.scenario import load_scenarios
from mtgcheck.models.text.mana import slug, spend_only_code

ROOT = Path(__file__).resolve().parent.parent


def test_the_example_texts_are_the_printed_ones(real_db):
    for sc in load_scenarios(ROOT / "examples" / "classes" / "spend_restrictions_abilities.yaml"):
        for name, fields in (sc.data.get("cards") or {}).items():
            card = real_db.get(name)
            assert card.oracle_text == fields["oracle_text"], name
            assert str(card.type_line) == fields["type_line"], name


@pytest.mark.parametrize("sentence, code", [
    # CR 106.6: spells and abilities of the same objects
    ("Spend this mana only to cast Dragon spells or activate abilities of Dragons.", "only:Dragon|Dragon"),
    ("Spend this mana only to cast a Cleric, Rogue, Warrior, or Wizard spell or to activate an ability of a Cleric, "
     "Rogue, Warrior, or Wizard.", "only:Cleric/Rogue/Warrior/Wizard|Cleric/Rogue/Warrior/Wizard"),
    ("Spend this mana only to cast an artifact spell or activate an ability of an artifact source.",
     "only:Artifact|Artifact"),
    ("Spend this mana only to cast creature spells or activate abilities of creatures.", "only:Creature|Creature"),
    # abilities only, any ability, spells only, the other order
    ("Spend this mana only to activate abilities of artifacts.", "only:-|Artifact"),
    ("Spend this mana only to activate abilities.", "only:-|*"),
    ("Spend this mana only to activate abilities of land sources.", "only:-|Land"),
    ("Spend this mana only to cast a Sliver spell.", "only:Sliver|-"),
    ("Spend this mana only to activate an ability or cast an artifact spell.", "only:Artifact|*"),
    ("Spend this mana only to cast a colorless spell or to activate an ability.", "only:colorless|*"),
])
def test_spend_only_sentences_are_typed_cr_106_6(sentence, code):
    assert slug(sentence) == code


@pytest.mark.parametrize("sentence", [
    "Spend this mana only to cast outlaw spells or activate abilities of outlaw sources.",   # a group of types
    "Spend this mana only to cast an Equipment spell or activate an equip ability.",          # one keyword's ability
    "Spend this mana only to cast a colorless spell, activate an ability of a colorless permanent, or pay a cost "
    "that contains {C}.",                                                                      # a third use
    "Spend this mana only to cast a creature spell of the chosen type or activate an ability of a creature source "
    "of the chosen type.",                                                                     # a choice
])
def test_wording_not_read_keeps_a_free_form_code_never_spent(sentence):
    assert spend_only_code(sentence) is None
    assert not slug(sentence).startswith("only:") and slug(sentence) != "creature_spell_of_chosen_type"


SECLUDED = """
players: [Alice, Bob]
battlefield:
  Alice: [{card: Secluded Courtyard, choices: {creature_type: Elf}}, Elvish Herder]
ask: {activate: {permanent: Elvish Herder, ability: 1}}
"""


def test_a_chosen_type_for_abilities_is_unsupported_not_refused_cr_106_6(answer, real_db):
    """Secluded Courtyard (Elf chosen): "... or activate an ability of a creature source of the chosen type". Its
    green mana could pay Elvish Herder's {G}; that part is not read, so the answer is unsupported, never a silent
    no."""
    res = answer(SECLUDED, db=real_db)
    assert res.verdict == "unsupported", (res.verdict, res.answer and res.answer.values)
    assert "Secluded Courtyard" in res.message
