"""Optional additional costs (CR 601.2b, 601.2f, 118.8): not paying one never stops casting, so castability is
answered without it; paying it (``additional: [additional]``) is read or unsupported; a line that also lowers the
cost when paid stays unsupported. Real cards of the 32k file (skipped when absent)."""
from __future__ import annotations

import pytest

from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.vocab.cost_effects import AdditionalCost
from mtgcheck.solver.questions.registry import Unsupported
from tests.probe_boards import ask

BOARD = {"Alice": ["Mountain"] * 3 + ["Swamp"] * 3 + ["Island"] * 3, "Bob": ["Grizzly Bears"]}


@pytest.mark.parametrize("name,cost", [("Draconic Roar", "{1}{R}"), ("Foul-Tongue Invocation", "{2}{B}"),
                                       ("Dragonlord's Prerogative", "{4}{U}{U}")])
def test_optional_reveal_not_paid_cr_601_2b(real_db, name, cost):
    eff = next(a.effect for a in abilities_of(real_db.get(name)) if isinstance(a.effect, AdditionalCost))
    assert eff.optional
    a = ask(real_db, BOARD, {"cast": {"card": name}}, hand={"Alice": [name]})
    assert a.values["castable"] is True and a.values["total_cost"] == cost
    assert any("not paid" in line and "601.2b" in line for line in a.explanation)


@pytest.mark.parametrize("others, castable", [([], False), (["Lightning Bolt"], False), (["Shivan Dragon"], True)])
def test_paying_the_optional_reveal_needs_a_dragon_card_in_hand_cr_601_2b_118_3(real_db, others, castable):
    """Draconic Roar paid with its optional cost, "reveal a Dragon card from your hand" (CR 601.2b, 701.20a): it can
    be paid only with a Dragon card in the hand other than the spell itself, which is on the stack (CR 601.2a, 118.3)."""
    a = ask(real_db, BOARD, {"cast": {"card": "Draconic Roar", "additional": ["additional"]}},
            hand={"Alice": ["Draconic Roar"] + others})
    assert a.values["castable"] is castable, a.explanation


def test_optional_cost_that_lowers_the_cost_stays_unsupported_cr_601_2f(real_db):
    """Bite Down on Crime: "This spell costs {2} less to cast if evidence was collected" on the same line —
    paying the optional cost could make it castable, so the answer is not given without it."""
    with pytest.raises(Unsupported, match="collect evidence"):
        ask(real_db, BOARD, {"cast": {"card": "Bite Down on Crime"}}, hand={"Alice": ["Bite Down on Crime"]})
