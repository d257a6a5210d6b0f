"""Damage from mana abilities before the life in a cost is paid (solver.rules.payment: ``life_needed``).

CR 601.2g: mana abilities are activated before the costs are paid; 601.2h: then the total cost is paid, life
included; 119.4: a player can pay life only if their life total is at least the payment; 120.3a: damage dealt to a
player makes them lose that much life. So the damage a painland, Talisman or Ancient Tomb deals as it makes mana
("This land deals 1 damage to you") lowers the life left for Phyrexian symbols paid with life (CR 107.4f), while a
cost with no life in it can be paid whatever the damage. Expected values are worked out here from those rules.
"""
from __future__ import annotations

import pytest

from mtgcheck.models.text.mana import parse_add_effect

DISMEMBER = """\
    players: [Alice, Bob]
    life: {{Alice: {life}}}
    battlefield:
      Bob: [Grizzly Bears]  # a target for Dismember (CR 601.2c)
      Alice: [{lands}]
    ask: {{cast: {{card: Dismember, player: Alice}}}}
"""


def _cast(answer, real_db, life, lands):
    r = answer(DISMEMBER.format(life=life, lands=lands), db=real_db)
    assert r.answer is not None, r.verdict
    return r.answer.values


def test_parser_types_the_damage_rider():
    """"This land deals 1 damage to you." is typed (AddMana.damage_to_you), not left as an unmodelled rider."""
    p = parse_add_effect("Add {W} or {B}. This land deals 1 damage to you.")
    assert p.get("damage_to_you") == 1 and "rider" not in p
    assert parse_add_effect("Add {C}{C}. This land deals 2 damage to you.").get("damage_to_you") == 2
    # a conditional damage sentence stays text (Tomb of Urami): not typed
    assert "damage_to_you" not in parse_add_effect("Add {B}. This deals 1 damage to you if you don't control an Ogre.")


@pytest.mark.parametrize("life, castable", [(3, True), (2, False)])
def test_cr_601_2g_painland_damage_comes_before_the_phyrexian_life(answer, real_db, life, castable):
    """Two Caves of Koilos ({C}, or {W}/{B} with 1 damage) and Dismember {1}{B/P}{B/P}: the only payments are {C}
    for {1}, {B} (1 damage) and 2 life — 3 life in all — or {C} and 4 life. At 3 life: castable (2 life after the
    damage pays 2). At 2 life: the damage leaves 1, less than 2 (CR 119.4); 4 life is more than 2."""
    v = _cast(answer, real_db, life, "Caves of Koilos, Caves of Koilos")
    assert v["castable"] is castable
    if castable:
        assert v["life"] == 2 and v["payment"]["damage"] == 1
    else:
        assert "damage" in v["reason"] and "CR 601.2g-h" in v["reason"]


@pytest.mark.parametrize("life, castable", [(6, True), (5, False)])
def test_cr_601_2g_ancient_tomb_two_damage(answer, real_db, life, castable):
    """Ancient Tomb ({C}{C}, 2 damage) pays {1}; both {B/P} are then paid with 4 life: 6 life needed in all."""
    v = _cast(answer, real_db, life, "Ancient Tomb")
    assert v["castable"] is castable


def test_cr_119_4_damage_needs_no_life_when_the_cost_has_none(answer, real_db):
    """Sign in Blood {B}{B} at 1 life with two Caves of Koilos: 2 damage, but no life is paid, so it is castable
    (CR 119.4 limits paying life, not damage; state-based actions wait until a player would get priority, 704.3)."""
    r = answer("""\
        players: [Alice, Bob]
        life: {Alice: 1}
        battlefield: {Alice: [Caves of Koilos, Caves of Koilos], Bob: []}
        ask: {cast: {card: Sign in Blood, player: Alice}}
    """, db=real_db)
    assert r.answer.values["castable"] is True


def test_conditional_damage_rider_stays_unsupported_with_life_in_the_cost(answer, real_db):
    """Tomb of Urami's "deals 1 damage to you if you don't control an Ogre" is not typed: with Phyrexian life to
    pay it could change the answer, so the answer is unsupported naming the sentence."""
    r = answer("""\
        players: [Alice, Bob]
        life: {Alice: 3}
        battlefield: {Alice: [Tomb of Urami, Swamp], Bob: [Grizzly Bears]}
        ask: {cast: {card: Dismember, player: Alice}}
    """, db=real_db)
    assert r.verdict == "unsupported" and "Ogre" in r.message


# --- against a brute force written here from the rules --------------------------------------------------------

import itertools  # noqa: E402

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from mtgcheck.models.game.cards import card_from_fields  # noqa: E402
from mtgcheck.models.game.state import GameState, Permanent  # noqa: E402
from mtgcheck.solver.rules.payment import count_payments, find_payment  # noqa: E402

from .test_payment_property import can_pay, symbol_ways  # noqa: E402

#: name -> (Oracle-shaped text, its outputs as (mana units, damage)), the outputs written from the text
LANDS = {
    "Koilos": ("{T}: Add {C}.\n{T}: Add {W} or {B}. This land deals 1 damage to you.",
               [(["C"], 0), (["W"], 1), (["B"], 1)]),
    "Tomb": ("{T}: Add {C}{C}. This land deals 2 damage to you.", [(["C", "C"], 2)]),
    "Marsh": ("{T}: Add {B}.", [(["B"], 0)]),
    "Field": ("{T}: Add {W}.", [(["W"], 0)]),
}
CARDS = {n: card_from_fields({"name": n, "type_line": "Land", "oracle_text": t}) for n, (t, _) in LANDS.items()}


def brute_payable(perms: list[str], cost: str, life_total: int) -> bool:
    """Some use of each land (unused, or one output) and some way to pay each symbol (CR 107.4: Phyrexian by
    mana or 2 life) pay the cost, with the damage taken before the life is paid: life paid 0, or the life total
    less the damage at least the life paid (CR 601.2g-h, 120.3a, 119.4)."""
    from mtgcheck.models.game.mana import ManaCost

    syms = [str(s) for s in ManaCost.parse(cost).symbols] if cost else []
    for ways in itertools.product(*[symbol_ways(s) for s in syms]):
        reqs = [r for w in ways for r in w[0]]
        life = sum(w[1] for w in ways)
        for use in itertools.product(*[[None] + LANDS[n][1] for n in perms]):
            units = [(t, False) for u in use if u is not None for t in u[0]]
            damage = sum(u[1] for u in use if u is not None)
            if life > 0 and life_total - damage < life:
                continue
            if can_pay(units, reqs):
                return True
    return False


@settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(sorted(LANDS)), min_size=0, max_size=4),
       st.lists(st.sampled_from(["{1}", "{B}", "{W}", "{B/P}", "{W/P}", "{C}"]), min_size=1, max_size=3).map("".join),
       st.integers(min_value=0, max_value=7))
def test_payable_matches_brute_force_with_damage(perms, cost, life):
    """CR 601.2g-h, 120.3a, 119.4, 107.4f: whether a payment exists (find_payment, and count_payments > 0) equals
    the brute force on random boards of painland-, Ancient Tomb- and basic-shaped lands at random life totals."""
    state = GameState(players=["A", "B"], active="A")
    state.life["A"] = life
    for i, n in enumerate(perms):
        state.battlefield.append(Permanent(id=f"p{i}", card=CARDS[n], controller="A", owner="A"))
    want = brute_payable(perms, cost, life)
    assert (find_payment(state, "A", cost) is not None) == want
    assert (count_payments(state, "A", cost)[1] > 0) == want
