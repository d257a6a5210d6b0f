"""Anchor words chosen as a permanent enters (CR 614.12c): "[Anchor word] — [ability]" means "as long as
[anchor word] was chosen as this permanent entered the battlefield, this permanent has [ability]" (Frontier Siege)."""
from __future__ import annotations

import json

import pytest

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.data.database import load_database
from mtgcheck.models.vocab.conditions import AnchorChosen
from mtgcheck.models.vocab.mana_effects import TriggeredAddMana
from mtgcheck.models.text.oracle import parse_abilities
from mtgcheck.solver.rules.mana.produce import could_produce
from mtgcheck.solver.questions.registry import Unsupported

from .scenario_text import state_of

SIEGE = ("As this enchantment enters, choose Khans or Dragons.\n• Khans — At the beginning of each of your main "
         "phases, add {G}{G}.\n• Dragons — Whenever a creature you control with flying enters, you may have it fight "
         "target creature you don't control.")


@pytest.fixture(scope="module")
def db():
    return load_database(None)


def _siege_state(tmp_path, db, entry: str):
    return state_of(tmp_path, db, f"""
players: [Alice, Bob]
cards:
  Frontier Siege: {{mana_cost: "{{3}}{{G}}", type_line: Enchantment, oracle_text: {json.dumps(SIEGE)}}}
battlefield:
  Alice: [{entry}]
ask: {{could_produce: {{card: Frontier Siege}}}}
""")


def test_the_khans_line_is_a_mana_trigger_under_its_anchor_cr_614_12c():
    """CR 614.12c: the Khans ability exists only while Khans was chosen: typed as ``AnchorChosen('Khans')``."""
    card = card_from_fields({"name": "Frontier Siege", "mana_cost": "{3}{G}", "type_line": "Enchantment",
                             "oracle_text": SIEGE})
    got = [a for a in parse_abilities(card) if isinstance(a.effect, TriggeredAddMana)]
    assert len(got) == 1
    assert got[0].effect.condition == AnchorChosen("Khans")
    assert got[0].effect.output.mana == ("G", "G")


def test_a_bullet_without_an_anchor_choice_is_not_anchored_cr_614_12c():
    """Without "As this ... enters, choose A or B", a "• Word — ..." line is no anchor-word ability (CR 614.12c)."""
    card = card_from_fields({"name": "Odd Thing", "mana_cost": "{3}{G}", "type_line": "Enchantment",
                             "oracle_text": "• Khans — At the beginning of each of your main phases, add {G}{G}."})
    assert not any(isinstance(a.effect, TriggeredAddMana) and isinstance(a.effect.condition, AnchorChosen)
                   for a in parse_abilities(card))


@pytest.mark.parametrize("word,types", [("Khans", frozenset({"G"})), ("Dragons", frozenset())])
def test_could_produce_follows_the_chosen_word_cr_614_12c_106_7(tmp_path, db, word, types):
    """CR 614.12c, 106.7: Khans chosen — {G}; Dragons chosen — no ability adding mana, no type."""
    st = _siege_state(tmp_path, db, f"{{card: Frontier Siege, choices: {{anchor: {word}}}}}")
    assert could_produce(st).types[st.permanents("Alice")[0].id] == types


def test_no_choice_given_is_unsupported_cr_614_12c(tmp_path, db):
    """Which word was chosen decides the answer; the scenario not saying it is unsupported, never guessed."""
    st = _siege_state(tmp_path, db, "Frontier Siege")
    with pytest.raises(Unsupported, match="anchor"):
        could_produce(st)
