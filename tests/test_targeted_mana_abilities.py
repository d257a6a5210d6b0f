"""Abilities that add mana but target (Radiant Lotus) or are loyalty abilities (Quintorius Kand's −6):
not mana abilities (CR 605.1a), so no pool holds their mana; what the permanent could produce counts them read as if
they resolved now, costs ignored (CR 106.7). Expected values come from the rules."""
from __future__ import annotations

import pytest

from mtgcheck.models.vocab.amounts import Fixed, Revealed, Sum, VariableX
from mtgcheck.models.text.mana import parse_add_effect
from mtgcheck.models.data.database import load_database
from mtgcheck.solver.rules.mana.produce import could_produce

from .scenario_text import state_of


@pytest.fixture(scope="module")
def db():
    return load_database(None)


def test_radiant_lotus_adds_three_per_artifact_of_one_chosen_colour_cr_605_1a():
    """"Choose a color. Target player adds three mana of the chosen color for each artifact sacrificed this way":
    one colour (any_color), three times the number sacrificed, to a target player (a target: CR 605.1a)."""
    p = parse_add_effect("Choose a color. Target player adds three mana of the chosen color for each artifact "
                         "sacrificed this way.")
    assert p["any_color"] is True and p["to"] == "target_player" and p["targets"] is True
    assert p["amount"] == Sum((VariableX(),) * 3)


def test_quintorius_counts_the_cards_targeted_in_the_graveyard_cr_601_2c():
    """"Exile any number of target cards from your graveyard. Add {R} for each card exiled this way": a number
    chosen from 0 to the cards there (CR 601.2c targets, 608.2b); the exile itself stays a rider."""
    p = parse_add_effect("Exile any number of target cards from your graveyard. Add {R} for each card exiled this "
                         "way. You may play those cards this turn.")
    assert isinstance(p["amount"], Revealed) and p["amount"].filter.zone == "graveyard"
    assert p["mana"] == "{R}" and p["targets"] is True
    assert "Exile any number of target cards" in p["rider"]


@pytest.mark.parametrize("cards,types", [([], frozenset()), (["Forest"], frozenset({"R"})),
                                         (["Forest", "Lightning Bolt", "Island"], frozenset({"R"}))])
def test_quintorius_could_produce_red_only_with_a_card_to_exile_cr_106_7(tmp_path, db, cards, types):
    """CR 106.7: with no card in the graveyard the ability would add no mana (no type); with one or more, {R}."""
    st = state_of(tmp_path, db, f"""
players: [Alice, Bob]
cards:
  Quintorius Kand:
    mana_cost: "{{3}}{{R}}{{W}}"
    type_line: Legendary Planeswalker — Quintorius
    loyalty: "4"
    oracle_text: "−6: Exile any number of target cards from your graveyard. Add {{R}} for each card exiled this way. You may play those cards this turn."
graveyard: {{Alice: [{", ".join(cards)}]}}
battlefield:
  Alice: [{{card: Quintorius Kand, counters: {{loyalty: 6}}}}]
ask: {{could_produce: {{card: Quintorius Kand}}}}
""")
    assert could_produce(st).types[st.permanents("Alice")[0].id] == types


def test_one_chosen_number_repeated_is_one_choice():
    """Sum((X, X, X)) with X = n is 3n (mana_amounts.substituted): the same chosen number counted three times."""
    from mtgcheck.solver.rules.mana.amounts import substituted

    assert substituted(Sum((VariableX(),) * 3), 2) == Fixed(6)
    assert substituted(Sum((VariableX(), Fixed(1))), 2) == Fixed(3)
