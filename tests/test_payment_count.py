"""The combinatorial count of payments (``count_payments``) against the listing (``iter_payments``) and the
plain python-constraint encoding (``plain_count``), on small boards with any-colour sources and filters.

Rules: CR 601.2b, 601.2f-h (a payment), 107.4 (what each symbol accepts), 107.5 (a {T} used once), 106.6
(restrictions), 702.66a (delve: one generic per exiled card; Treasure Cruise ruling 2014-09-20: exiling more
than needed is not a separate payment). Expected values for the Treasure Cruise counts are binomials from
the rule (which 7 of n cards), not from our code.
"""
from __future__ import annotations

import math

import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.game.mana import ManaCost
from mtgcheck.models.game.state import CardInstance, GameState, Permanent
from mtgcheck.solver.questions.delve import count_multisets
from mtgcheck.solver.rules.payment import count_payments, count_payments_enumerated, plain_count

DB = load_database()
BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]


def _board(filters, anys, basics, extra=()):
    names = ["Azorius Signet" if i % 2 == 0 else "Fire-Lit Thicket" for i in range(filters)]
    names += ["City of Brass" if i % 2 == 0 else "Birds of Paradise" for i in range(anys)]
    names += [BASICS[i % 5] for i in range(basics)] + list(extra)
    s = GameState(players=["A", "B"], active="A")
    for i, n in enumerate(names):
        s.battlefield.append(Permanent(id=f"{n}#{i}", card=DB.get(n), controller="A", owner="A"))
    return s


@pytest.mark.parametrize("f,a,b,cost", [
    (0, 3, 3, "{X}{W}{U}"), (1, 2, 3, "{X}{W}{R}"), (2, 2, 2, "{X}{G}{U}"), (1, 3, 6, "{X}{W}{U}{B}{R}{G}"),
    (0, 2, 2, "{X}{W/U}{B/P}"), (1, 1, 3, "{X}{2/R}{G}"),
])
@pytest.mark.parametrize("x", [0, 1, 2])
def test_count_equals_listing_and_plain_cr_601_2f_h(f, a, b, cost, x):
    """The count by kind totals equals the listed payments and the plain encoding (told apart)."""
    s = _board(f, a, b, extra=["Sol Ring"] if f == 0 and a == 2 else ())
    c = ManaCost.parse(cost).with_x(x)
    got = count_payments(s, "A", c)
    assert got == count_payments_enumerated(s, "A", c)
    if f + a + b <= 8:
        assert got[1] == plain_count(s, "A", c)


def _cruise_state(graveyard):
    s = GameState(players=["A", "B"], active="A")
    s.battlefield.append(Permanent(id="i", card=DB.get("Island"), controller="A", owner="A"))
    for i, n in enumerate(graveyard):
        s.zones["graveyard"]["A"].append(CardInstance(f"g{i}:{n}", DB.get(n), "A"))
    return s


NAMES = ["Forest", "Plains", "Mountain", "Swamp", "Island", "Opt", "Goblin Guide", "Dismember", "Kitchen Finks",
         "Reaper King", "Sol Ring", "City of Brass", "Birds of Paradise", "Llanowar Elves", "Wastes",
         "Eldrazi Temple", "Cavern of Souls", "Endless One", "Celestial Dawn", "Chromatic Orrery"]


def test_treasure_cruise_twenty_distinct_cards_cr_702_66a():
    """Treasure Cruise {7}{U}, 1 Island, 20 distinct graveyard cards: which 7 to exile, C(20,7) = 77,520
    (CR 702.66a; exiling more than needed is not a payment, ruling 2014-09-20). QA: took 51 s by listing."""
    s = _cruise_state(NAMES)
    assert count_payments(s, "A", "{7}{U}", spell_card=DB.get("Treasure Cruise")) == (77520, 77520)


def test_treasure_cruise_sixty_cards_identical_names_collapse_cr_702_66a():
    """60 cards, 20 names three times each: collapsed = multisets of 7 over 20 kinds of 3 (identical names
    interchangeable), individual = C(60,7)."""
    s = _cruise_state([NAMES[i % 20] for i in range(60)])
    got = count_payments(s, "A", "{7}{U}", spell_card=DB.get("Treasure Cruise"))
    assert got == (count_multisets([3] * 20, [7]), math.comb(60, 7))
