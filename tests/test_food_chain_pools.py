"""Food Chain's "Exile a creature you control: Add X mana of any one color, where X is 1 plus the exiled
creature's mana value" in available_mana (solver.rules.mana.sacrifice_pools.expand_sacrifices).

Expected pools come from a brute force written from the rules: every creature first makes its own mana and is then
exiled (CR 605.3a: mana abilities in any order; exiling it loses nothing), X reads it as it last existed (608.2h),
and each exile picks one colour (the mana "of any one color"); the maximal pools are kept (never the code tested).
"""
from __future__ import annotations

import itertools
from collections import Counter

import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.solver.rules.mana.pools import available_mana

from .scenario_text import state_of

CREATURES = {  # name: (mana cost, mana value)
    "Zero Drop": ("{0}", 0),
    "One Drop": ("{G}", 1),
    "Three Drop": ("{1}{U}{U}", 3),
}


@pytest.fixture(scope="module")
def db():
    return load_database(None)


def _pools(tmp_path, db, perms: list[str]) -> set[frozenset]:
    cards = "\n".join(f'  {n}: {{mana_cost: "{c}", type_line: Creature — Beast, power: "1", toughness: "1", '
                      f'oracle_text: ""}}' for n, (c, _) in CREATURES.items())
    st = state_of(tmp_path, db, f"""
players: [Alice, Bob]
cards:
  Food Chain:
    mana_cost: "{{2}}{{G}}"
    type_line: Enchantment
    oracle_text: "Exile a creature you control: Add X mana of any one color, where X is 1 plus the exiled creature's mana value. Spend this mana only to cast creature spells."
{cards}
battlefield:
  Alice: [Food Chain, {", ".join(perms)}]
ask: {{available_mana: Alice}}
""")
    pools, _ = available_mana(st, "Alice")
    return {frozenset(Counter("{" + t for t in p.split("{") if t).items()) for p in pools}


def _brute(perms: list[str]) -> set[frozenset]:
    creatures = [p for p in perms if p in CREATURES]
    base = Counter("{G}" for p in perms if p == "Forest")
    out = []
    for colours in itertools.product("WUBRG", repeat=len(creatures)):
        pool = Counter(base)
        for c, col in zip(creatures, colours):
            pool[f"{{{col}:creature_spell}}"] += 1 + CREATURES[c][1]
        out.append(pool)
    keep = {frozenset(p.items()) for p in out
            if not any(q != p and all(q[k] >= n for k, n in p.items()) for q in out)}
    return keep


@pytest.mark.parametrize("perms", [
    ["Zero Drop"],
    ["Three Drop", "Forest"],
    ["One Drop", "Three Drop"],
    ["Zero Drop", "One Drop", "Three Drop", "Forest"],
    ["One Drop", "One Drop"],
])
def test_food_chain_pools_equal_brute_force_cr_605_3a_608_2h(tmp_path, db, perms):
    """CR 605.3a, 608.2h: the maximal pools equal the brute force over every colour of every exile."""
    assert _pools(tmp_path, db, perms) == _brute(perms)
