""""Cards with {X} in their mana cost" (Rosheen, Roaring Prophet; CR 107.3, 202.1) as a typed qualifier
(``Qualifier.x_in_cost``), read over a listed hand. Expected values come from the rules: an {X} symbol in the card's
mana cost; the number revealed is any number from 0 to those cards (CR 701.20a, 608.2d), so a maximal pool reveals
them all."""
from __future__ import annotations

import json

import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.text.filters import parse_objects
from mtgcheck.solver.rules.mana.pools import available_mana

from .scenario_text import state_of

ROSHEEN = ("{T}: Reveal any number of cards with {X} in their mana cost in your hand. Add {C}{C} for each card "
           "revealed this way. Spend this mana only on costs that contain {X}.")
HAND = {  # name: mana cost
    "Ex One": "{X}{R}",
    "Ex Two": "{X}{X}{G}",
    "Plain One": "{1}{R}",
    "Free One": "{0}",
}


@pytest.fixture(scope="module")
def db():
    return load_database(None)


def test_the_words_read_into_an_x_qualifier_in_the_hand_cr_107_3():
    f = parse_objects("cards with {X} in their mana cost in your hand")
    assert f.zone == "hand" and f.controller == "you" and f.qualifier.x_in_cost is True


@pytest.mark.parametrize("hand", [[], ["Plain One"], ["Ex One"], ["Ex One", "Plain One", "Ex Two"],
                                  ["Ex Two", "Ex Two", "Free One"]])
def test_rosheen_reveals_every_x_card_cr_701_20a_107_3(tmp_path, db, hand):
    """Brute force: the cards whose mana cost holds {X} counted from the hand; two colorless mana each."""
    cards = "\n".join(f'  {n}: {{mana_cost: "{c}", type_line: Sorcery, oracle_text: ""}}' for n, c in HAND.items())
    st = state_of(tmp_path, db, f"""
players: [Alice, Bob]
cards:
  Rosheen, Roaring Prophet: {{mana_cost: "{{2}}{{R}}{{G}}", type_line: Legendary Creature — Giant, power: "4", toughness: "4", oracle_text: {json.dumps(ROSHEEN)}}}
{cards}
hand: {{Alice: [{", ".join(hand)}]}}
battlefield:
  Alice: ["Rosheen, Roaring Prophet"]
ask: {{available_mana: Alice}}
""")
    n = sum("{X}" in HAND[c] for c in hand)
    pools, _ = available_mana(st, "Alice")
    assert pools == (["{C:costs_that_contain_x}" * (2 * n)] if n else [""])
