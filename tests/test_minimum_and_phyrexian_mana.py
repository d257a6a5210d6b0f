"""A cost minimum (Trinisphere) meets Phyrexian mana: the life-or-mana announcement of each Phyrexian symbol comes
before the total cost (CR 601.2b), the minimum applies last to the mana of the total cost (601.2f), and a symbol paid
with life is no mana (Trinisphere rulings 2004-12-01; Dismember costs {1}{B}{B}, {2}{B} and 2 life, or {3} and 4 life).
Every announcement is tried by cast and counted by payments; a payment asked of the undivided cost is refused."""
from __future__ import annotations

import pytest

CAST = """\
    players: [Alice, Bob]
    battlefield:
      Alice: [{lands}]
      Bob: [Trinisphere, Grizzly Bears]
    hand:
      Alice: [{card}]
    ask: {{{kind}: {{card: {card}}}}}
"""


@pytest.mark.parametrize("card, lands, castable, cost, life", [
    ("Dismember", "Swamp", False, None, None),                      # three mana whichever way (ruling)
    ("Dismember", "Swamp, Swamp, Swamp", True, "{1}{B}{B}", 0),     # all mana: no life needed
    ("Dismember", "Swamp, Mountain, Mountain", True, "{2}{B}", 2),  # one {B/P} with life, the minimum adds {1}
    ("Dismember", "Mountain, Mountain, Mountain", True, "{3}", 4),  # both with life: {1} raised to {3}
    ("Gitaxian Probe", "Island, Island", False, None, None),        # {2}{U}, or {3} and 2 life
    ("Gitaxian Probe", "Island, Island, Island", True, "{2}{U}", 0),
    ("Mutagenic Growth", "Mountain, Mountain, Mountain", True, "{3}", 2),
])
def test_trinisphere_counts_only_mana_cr_601_2b_601_2f(answer, real_db, card, lands, castable, cost, life):
    res = answer(CAST.format(card=card, lands=lands, kind="cast"), db=real_db)
    assert res.answer is not None, res.message
    v = res.answer.values
    assert v["castable"] is castable, v
    if castable:
        assert v["total_cost"] == cost and v["life"] == life


def test_payments_of_every_announcement_are_counted_once(answer, real_db):
    """Swamp, Swamp, Mountain, Mountain under Trinisphere: {1}{B}{B} (both Swamps and a Mountain: 1 way up to identical
    lands), {2}{B} and 2 life (a Swamp and two Mountains, or two Swamps and a Mountain: 2), {3} and 4 life (any three
    of the four lands up to identical ones: 2 Swamps + 1 Mountain or 1 Swamp + 2 Mountains: 2): 5 payments."""
    res = answer(CAST.format(card="Dismember", lands="Swamp, Swamp, Mountain, Mountain", kind="payments"), db=real_db)
    assert res.answer is not None, res.message
    assert res.answer.values["count"] == 5


def test_a_payment_of_the_undivided_cost_is_refused(tmp_path, real_db):
    """The payment model refuses a total cost whose Phyrexian announcement changes it (a caller must try each one)."""
    from mtgcheck.solver.rules.costs import total_cost
    from mtgcheck.solver.rules.payment import find_payment
    from mtgcheck.solver.questions.registry import Unsupported

    from .scenario_text import state_of

    s = state_of(tmp_path, real_db, CAST.format(card="Dismember", lands="Swamp", kind="cast"))
    tc = total_cost(s, "Alice", real_db.get("Dismember"))
    assert [v.notation() for v in tc.each_announcement()] == ["{1}{B}{B}", "{2}{B}", "{3}"]
    assert [v.life for v in tc.each_announcement()] == [0, 2, 4]
    with pytest.raises(Unsupported):
        find_payment(s, "Alice", tc)
    assert find_payment(s, "Alice", tc.each_announcement()[0]) is None
