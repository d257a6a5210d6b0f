"""Emerge's reduction is a reduction of the total cost (CR 702.119a), the creature chosen with the emerge cost
(702.119c, 601.2b): minimums (Trinisphere) apply after it (601.2f; Trinisphere rulings 2004-12-01). Real cards."""
from __future__ import annotations

import pytest

EMERGE = """\
    players: [Alice, Bob]
    battlefield:
      Alice: [{board}]
    hand:
      Alice: [Elder Deep-Fiend]
    ask: {{cast: {{card: Elder Deep-Fiend, using: emerge}}}}
"""


@pytest.mark.parametrize("board, castable, cost", [
    # {5}{U}{U} - 8 = {U}{U}, raised to {1}{U}{U} by Trinisphere: two Islands do not pay it, three do
    ("Trinisphere, Craterhoof Behemoth, Island, Island", False, "{1}{U}{U}"),
    ("Trinisphere, Craterhoof Behemoth, Island, Island, Island", True, "{1}{U}{U}"),
    # no minimum: {U}{U}
    ("Craterhoof Behemoth, Island, Island", True, "{U}{U}"),
])
def test_trinisphere_applies_after_the_emerge_reduction_cr_702_119a_601_2f(answer, real_db, board, castable, cost):
    res = answer(EMERGE.format(board=board), db=real_db)
    assert res.answer is not None, res.message
    assert res.answer.values["castable"] is castable
    assert res.answer.values["total_cost"] == cost


def test_an_emerge_that_cannot_be_paid_shows_the_least_total_cost_cr_702_119c(answer, real_db):
    """Blood Pet (mana value 1) is the only creature: the total cost is {4}{U}{U}, which two Islands cannot pay; the
    answer shows that cost, not the unreduced {5}{U}{U}."""
    res = answer(EMERGE.format(board="Blood Pet, Island, Island"), db=real_db)
    v = res.answer.values
    assert v["castable"] is False and v["total_cost"] == "{4}{U}{U}"
    assert "{4}{U}{U}" in v["reason"]
