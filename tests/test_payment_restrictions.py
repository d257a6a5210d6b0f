"""Spend restrictions in the payment search (CR 106.6): every code of docs/mana.md's table.

Expected values come from the rule and the cards' Oracle texts: Eldrazi Temple (colorless Eldrazi spells
or abilities of colorless Eldrazi), Cavern of Souls (a creature spell of the chosen type), "spells with
mana value N or greater" (Troyan, Gutsy Explorer: N = 5, or spells with {X}); a free-form code is not
modelled: it is never spent, and when only it could pay, the answer is ``unsupported``.
"""
from __future__ import annotations

import pytest

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.data.database import load_database
from mtgcheck.models.game.mana import Mana, ManaPool
from mtgcheck.models.game.state import GameState, Permanent
from mtgcheck.solver.rules.payment import count_payments, find_payment, restriction_verdict
from mtgcheck.solver.questions.registry import Unsupported

DB = load_database()


def _card(name, cost, types, colors=(), keywords=()):
    return card_from_fields({"name": name, "mana_cost": cost, "type_line": types, "colors": list(colors),
                             "keywords": list(keywords), "oracle_text": ""})


def _state(*entries, pool=None):
    s = GameState(players=["A", "B"], active="A")
    for i, e in enumerate(entries):
        name, choices = (e, {}) if isinstance(e, str) else e
        s.battlefield.append(Permanent(id=f"p{i}", card=DB.get(name), controller="A", owner="A", choices=dict(choices)))
    if pool:
        s.pools["A"] = ManaPool(pool)
    return s


SEER = _card("Seer", "{3}{C}", "Creature — Eldrazi Processor")
RED_ELDRAZI = _card("Red Eldrazi", "{3}{R}", "Creature — Eldrazi", colors="R")


def test_eldrazi_temple_pays_colorless_eldrazi_cr_106_6():
    """QA: Eldrazi Temple + Wastes + Mountain cast a {3}{C} colorless Eldrazi (Temple {C}{C} restricted)."""
    s = _state("Eldrazi Temple", "Wastes", "Mountain")
    assert find_payment(s, "A", "{3}{C}", spell_card=SEER) is not None


def test_eldrazi_temple_not_for_coloured_eldrazi_cr_106_6():
    """Eldrazi Temple's Oracle text: only *colorless* Eldrazi; a red Eldrazi gets {C}+{C}+{R} = 3 < 4."""
    s = _state("Eldrazi Temple", "Wastes", "Mountain")
    assert find_payment(s, "A", "{3}{R}", spell_card=RED_ELDRAZI) is None


def test_eldrazi_code_table_cr_106_6():
    """CR 106.6 / docs/mana.md table: eldrazi code on spells; abilities cannot be decided (None)."""
    assert restriction_verdict("eldrazi", SEER) is True
    assert restriction_verdict("eldrazi", RED_ELDRAZI) is False
    assert restriction_verdict("eldrazi", DB.get("Goblin Guide")) is False
    assert restriction_verdict("eldrazi", None) is None


def test_cavern_of_souls_chosen_type_cr_106_6():
    """Cavern of Souls naming Goblin pays Goblin Guide's {R}; naming Elf it does not."""
    gg = DB.get("Goblin Guide")
    assert find_payment(_state(("Cavern of Souls", {"creature_type": "Goblin"})), "A", "{R}", spell_card=gg) is not None
    assert find_payment(_state(("Cavern of Souls", {"creature_type": "Elf"})), "A", "{R}", spell_card=gg) is None


def test_cavern_of_souls_changeling_cr_702_73a():
    """Changeling: every creature type, in every zone (CR 702.73a), so any chosen type matches."""
    shape = _card("Shape", "{R}", "Creature — Shapeshifter", colors="R", keywords=["Changeling"])
    s = _state(("Cavern of Souls", {"creature_type": "Goblin"}))
    assert find_payment(s, "A", "{R}", spell_card=shape) is not None


def test_cavern_of_souls_noncreature_cr_106_6():
    """Cavern's coloured mana is only for creature spells: Opt's {U} cannot be paid."""
    s = _state(("Cavern of Souls", {"creature_type": "Goblin"}))
    assert find_payment(s, "A", "{U}", spell_card=DB.get("Opt")) is None


def test_cavern_without_choice_is_unsupported_cr_106_6():
    """No chosen type recorded: cannot be decided; only that mana could pay, so unsupported (never a guess)."""
    s = _state("Cavern of Souls")
    with pytest.raises(Unsupported, match="creature_spell_of_chosen_type"):
        find_payment(s, "A", "{R}", spell_card=DB.get("Goblin Guide"))
    # ... but when the undecided mana is not needed, the answer stands: {C} pays {1}
    assert find_payment(s, "A", "{1}", spell_card=DB.get("Goblin Guide")) is not None


def test_mana_value_codes_cr_202_3e():
    """mana_value_at_least_N: the spell's mana value, X counted on the stack (CR 202.3e); _or_x: any {X} spell."""
    big = _card("Big", "{4}{G}", "Creature — Beast", colors="G")
    small = _card("Small", "{1}{G}", "Creature — Elf", colors="G")
    xspell = _card("Xs", "{X}{G}", "Sorcery", colors="G")
    assert restriction_verdict("mana_value_at_least_5", big) is True
    assert restriction_verdict("mana_value_at_least_5", small) is False
    assert restriction_verdict("mana_value_at_least_5", xspell, x=3) is False
    assert restriction_verdict("mana_value_at_least_5", xspell, x=4) is True
    assert restriction_verdict("mana_value_at_least_5_or_x", xspell, x=0) is True
    assert restriction_verdict("mana_value_at_least_5_or_x", small) is False
    assert restriction_verdict("mana_value_at_least_5", None) is False


def test_free_form_code_unsupported_only_when_needed_cr_106_6():
    """A free-form code (not modelled) is not spent; when only it could pay, the answer is unsupported."""
    pool = {Mana("G", restriction="activate_abilities"): 1}
    gg = _card("Bear", "{1}{G}", "Creature — Bear", colors="G")
    with pytest.raises(Unsupported, match="activate_abilities"):
        find_payment(_state("Forest", pool=pool), "A", "{1}{G}", spell_card=gg)
    # the Forests alone pay: the answer does not depend on the restricted mana
    assert find_payment(_state("Forest", "Forest", pool=pool), "A", "{1}{G}", spell_card=gg) is not None
    # counting: payments using that mana would be missing, so the count is unsupported too
    with pytest.raises(Unsupported):
        count_payments(_state("Forest", "Forest", pool=pool), "A", "{1}{G}", spell_card=gg)
    # nothing pays even with it: a plain no
    assert find_payment(_state(pool=pool), "A", "{2}{G}", spell_card=gg) is None
