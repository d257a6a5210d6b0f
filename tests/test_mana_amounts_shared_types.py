""""The greatest number of creatures you control that have a creature type in common" (White Lotus Tile;
``models.vocab.amounts.SharingCreatureType``, read by ``solver.rules.quantities.amount_value``).

Expected values come from the rules: CR 205.3m (creature types), 702.73a (a changeling is every creature type),
106.5/106.7 (no mana when X is 0).
"""
from __future__ import annotations

import pytest

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.vocab.amounts import SharingCreatureType
from mtgcheck.models.game.state import GameState, Permanent
from mtgcheck.models.text.filters import parse_amount
from mtgcheck.solver.rules.quantities import amount_value


def _creature(name: str, subtypes: str, keywords: tuple[str, ...] = ()) -> object:
    return card_from_fields({"name": name, "type_line": f"Creature — {subtypes}", "oracle_text": "", "mana_cost": "{1}",
                             "power": "1", "toughness": "1", "keywords": list(keywords)})


def _value(perms: list[tuple[object, str]]) -> int:
    amount = parse_amount("the greatest number of creatures you control that have a creature type in common")
    bf = [Permanent(f"p{i}", c, who, who) for i, (c, who) in enumerate(perms)]
    st = GameState(players=["Alice", "Bob"], active="Alice", battlefield=bf)
    return amount_value(st, "Alice", amount)[0]


def test_the_words_are_read_into_the_typed_amount():
    a = parse_amount("the greatest number of creatures you control that have a creature type in common")
    assert isinstance(a, SharingCreatureType) and a.filter.controller == "you"


@pytest.mark.parametrize("board,expected", [
    ([], 0),                                                                # no creature: 0
    ([("Elf Druid", "Alice")], 1),                                          # one creature has its types
    ([("Elf Druid", "Alice"), ("Elf Warrior", "Alice"), ("Bear", "Alice")], 2),  # two Elves
    ([("Human Soldier", "Alice"), ("Human Wizard", "Alice"), ("Merfolk Wizard", "Alice")], 2),
    ([("Elf Druid", "Alice"), ("Elf Warrior", "Bob"), ("Elf", "Bob")], 1),   # Bob's Elves are not Alice's
])
def test_the_largest_group_of_one_creature_type_cr_205_3m(board, expected):
    perms = [(_creature(f"C{i}", t), who) for i, (t, who) in enumerate(board)]
    assert _value(perms) == expected


def test_a_changeling_counts_with_every_creature_type_cr_702_73a():
    perms = [(_creature("E1", "Elf"), "Alice"), (_creature("E2", "Elf"), "Alice"), (_creature("B", "Bear"), "Alice"),
             (_creature("S", "Shapeshifter", ("Changeling",)), "Alice")]
    assert _value(perms) == 3


def test_changelings_alone_share_every_type_cr_702_73a():
    perms = [(_creature(f"S{i}", "Shapeshifter", ("Changeling",)), "Alice") for i in range(2)]
    assert _value(perms) == 2
