"""Doubling Cube: what it could produce is read from its controller's mana pool (CR 106.4, 106.7); the pools and
payments that would fill the pool first are unsupported, naming it. Examples: examples/classes/mana_from_the_pool.yaml.
"""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("ask", ["{available_mana: Alice}", "{cast: {card: Grizzly Bears}}",
                                 "{payments: {card: Grizzly Bears}}"])
def test_pools_and_payments_with_a_doubling_cube_are_unsupported_naming_it_cr_106_4(answer, ask):
    res = answer(f"""
        players: [Alice, Bob]
        battlefield: {{Alice: [Doubling Cube, Forest, Forest]}}
        hand: {{Alice: [Grizzly Bears]}}
        pool: {{Alice: "{{G}}"}}
        ask: {ask}
    """)
    assert res.verdict == "unsupported", res.answer
    assert "Doubling Cube" in res.message


def test_the_real_card_is_the_catalog_model(real_db):
    """The printed text ("{3}, {T}: Double the amount of each type of unspent mana you have.") is what the catalog
    models: one activated ability with that cost."""
    from mtgcheck.models.vocab.behaviour import abilities_of

    card = real_db.get("Doubling Cube")
    assert card.oracle_text == "{3}, {T}: Double the amount of each type of unspent mana you have."
    (ab,) = abilities_of(card)
    assert ab.kind == "activated" and ab.effect.double_pool is True and ab.cost.tap
