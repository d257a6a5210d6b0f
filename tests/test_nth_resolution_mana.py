"""Mana added only "if this is the [second/third] time this ability has resolved this turn" (CR 608.2,
106.7): Soulbright Flamekin (activated, targeted: not a mana ability, CR 605.1a) and Ashling, Flame Dancer
(triggered). Expected values come from the rules: the Nth resolution needs N - 1 earlier ones, and each activation
resolves at most once."""
from __future__ import annotations

import json

import pytest

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.data.database import load_database
from mtgcheck.models.vocab.mana_effects import AddMana, TriggeredAddMana
from mtgcheck.models.vocab.conditions import ResolvedThisTurn
from mtgcheck.models.text.oracle import parse_abilities
from mtgcheck.solver.rules.mana.produce import could_produce
from mtgcheck.solver.questions.registry import Unsupported

from .scenario_text import state_of

SOULBRIGHT = ("{2}: Target creature gains trample until end of turn. If this is the third time this ability has "
              "resolved this turn, you may add {R}{R}{R}{R}{R}{R}{R}{R}.")
ASHLING = ("Magecraft — Whenever you cast or copy an instant or sorcery spell, discard a card, then draw a card. If "
           "this is the second time this ability has resolved this turn, Ashling deals 2 damage to each opponent and "
           "each creature they control. If it's the third time, add {R}{R}{R}{R}.")


@pytest.fixture(scope="module")
def db():
    return load_database(None)


def _card(name: str, text: str):
    return card_from_fields({"name": name, "mana_cost": "{1}{R}", "type_line": "Creature — Elemental",
                             "power": "2", "toughness": "2", "oracle_text": text})


def test_soulbright_is_a_targeted_add_mana_under_the_third_resolution_cr_605_1a():
    """CR 605.1a: a targeted ability is not a mana ability; the mana needs the third resolution (CR 608.2)."""
    (ab,) = parse_abilities(_card("Soulbright Flamekin", SOULBRIGHT))
    assert isinstance(ab.effect, AddMana) and ab.effect.targets
    assert ab.effect.condition == ResolvedThisTurn(3)
    assert ab.effect.mana == ("R",) * 8
    assert not ab.is_mana_ability


def test_ashling_adds_four_red_the_third_time_cr_608_2():
    """Ashling, Flame Dancer: the mana is the third resolution's; the first two times' effects stay riders."""
    (ab,) = parse_abilities(_card("Ashling, Flame Dancer", ASHLING))
    assert isinstance(ab.effect, TriggeredAddMana)
    assert ab.effect.condition == ResolvedThisTurn(3)
    assert ab.effect.output.mana == ("R",) * 4


def _soulbright(tmp_path, db, history: dict):
    return state_of(tmp_path, db, f"""
players: [Alice, Bob]
cards:
  Soulbright Flamekin: {{mana_cost: "{{1}}{{R}}", type_line: Creature — Elemental Shaman, power: "2", toughness: "2", oracle_text: {json.dumps(SOULBRIGHT)}}}
turn: {{history: {json.dumps(history)}}}
battlefield:
  Alice: [Soulbright Flamekin]
ask: {{could_produce: {{card: Soulbright Flamekin}}}}
""")


@pytest.mark.parametrize("history,types", [
    ({}, frozenset()),                                                            # first resolution
    ({"activated": [{"permanent": "Soulbright Flamekin", "ability": 1, "times": 1}]}, frozenset()),  # at most 2nd
    ({"resolved": [{"permanent": "Soulbright Flamekin", "ability": 1, "times": 2}]}, frozenset({"R"})),
    ({"resolved": [{"permanent": "Soulbright Flamekin", "ability": 1, "times": 3}]}, frozenset()),   # the 4th
])
def test_soulbright_could_produce_by_resolutions_cr_608_2_106_7(tmp_path, db, history, types):
    """CR 608.2, 106.7: red only when resolving now would be the third time."""
    st = _soulbright(tmp_path, db, history)
    assert could_produce(st).types[st.permanents("Alice")[0].id] == types


def test_soulbright_activated_twice_without_resolutions_is_unsupported_cr_608_2(tmp_path, db):
    """Two activations this turn: zero, one or two resolved (countered, or still on the stack) — not recorded, so
    whether this is the third is not known: unsupported, never guessed."""
    st = _soulbright(tmp_path, db, {"activated": [{"permanent": "Soulbright Flamekin", "ability": 1, "times": 2}]})
    with pytest.raises(Unsupported, match="resolved"):
        could_produce(st)
