"""Property test: payments with sources that add several units at once ({G}{G}{G}, {G}{U}, {C}{C}{C}),
against the independent brute force of tests/test_payment_property.py.

Rules: CR 106.4 (an ability may add several mana at once), 107.4 (what each symbol accepts), 601.2g-h and
the irredundancy the payment search promises (docs/payment.md: no activation can be left out). The search
prunes a use of one kind of unit (Thran Dynamo's {C}{C}{C}) by the tokens its kind can pay (the
side-by-side benchmark's Progenitus boards); these boards check that no irredundant payment is lost.
"""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

import tests.test_payment_property as prop
from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.game.state import GameState, Permanent
from mtgcheck.solver.rules.payment import count_payments, find_payment, iter_payments, plain_count

# made-up test cards (our own names); what each adds, written independently of the parser
TEXTS = {
    "Triple Green Rock": ("Artifact", "{T}: Add {G}{G}{G}.", [[("G", False)] * 3]),
    "Green Blue Dork": ("Creature — Elf", "{T}: Add {G}{U}.", [[("G", False), ("U", False)]]),
    "Triple Colorless Rock": ("Artifact", "{T}: Add {C}{C}{C}.", [[("C", False)] * 3]),
    "Double Red Dork": ("Creature — Human", "{T}: Add {R}{R}.", [[("R", False)] * 2]),
}
CARDS = {n: card_from_fields({"name": n, "type_line": t, "oracle_text": x}) for n, (t, x, _) in TEXTS.items()}
PRODUCES = dict(prop.PRODUCES) | {n: p for n, (_, _, p) in TEXTS.items()}
NAMES = sorted(PRODUCES)
SYMBOLS = ["{1}", "{2}", "{W}", "{U}", "{R}", "{G}", "{C}", "{G/U}", "{2/R}", "{G/P}"]


def make_state(perms: list[str], life: int) -> GameState:
    s = GameState(players=["A", "B"], active="A")
    for i, n in enumerate(perms):
        card = CARDS[n] if n in CARDS else prop.DB.get(n)
        s.battlefield.append(Permanent(id=f"p{i}", card=card, controller="A", owner="A"))
    s.life["A"] = life
    return s


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(NAMES), min_size=0, max_size=5), st.lists(st.sampled_from(SYMBOLS), min_size=0, max_size=4).map("".join),
       st.integers(min_value=0, max_value=5))
def test_multi_unit_sources_match_brute_force_cr_106_4(perms, cost, life):
    """CR 106.4, 107.4, 601.2g-h: with sources adding several units, every payment really pays, the
    individual count equals the independent brute force and the plain encoding, and a witness exists
    exactly when the brute force finds a payment."""
    saved = prop.PRODUCES
    prop.PRODUCES = PRODUCES  # the brute force reads its table from its module
    try:
        brute = prop.brute_force(perms, cost, life)
        state = make_state(perms, life)
        pays = list(iter_payments(state, "A", cost))
        for p in pays:
            prop.check_payment(perms, cost, life, p)
    finally:
        prop.PRODUCES = saved
    n, individual = count_payments(state, "A", cost)
    assert n == len(pays)
    assert individual == len(brute)
    assert plain_count(state, "A", cost) == len(brute)
    assert (find_payment(make_state(perms, life), "A", cost) is not None) == (len(brute) > 0)


def test_progenitus_skips_a_colourless_rock_and_a_spare_triple_cr_601_2h():
    """CR 601.2h, 106.4: {W}{W}{U}{U}{B}{B}{R}{R}{G}{G} with Triple Colorless Rock, Triple Green Rock and a
    Forest: the colourless rock pays nothing, and the Forest is never needed beside the triple."""
    perms = ["Triple Colorless Rock", "Triple Green Rock", "Forest", "Plains", "Plains", "Island", "Island",
             "Swamp", "Swamp", "Mountain", "Mountain"]
    pays = list(iter_payments(make_state(perms, 20), "A", "{W}{W}{U}{U}{B}{B}{R}{R}{G}{G}"))
    names = [sorted(u.name for u in p.uses) for p in pays]
    # one irredundant payment: the triple pays {G}{G} (one {G} spare); a Forest beside it could be left out
    assert len(pays) == 1
    assert "Triple Colorless Rock" not in names[0] and "Forest" not in names[0]
