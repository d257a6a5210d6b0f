"""Every "no" of cast, payments and activate carries a reason code from a closed set, each citing its rule
(``mtgcheck.Reason``, solver/rules/reasons.py); an ``unsupported`` answer carries the code of what was not modelled.

The boards are the smallest that make one rule decide; the expected codes are the rules named in each test.
"""
from __future__ import annotations

import json


import mtgcheck
from mtgcheck.solver.rules.reasons import Problem, Reason, code_of, tagged

HASTY_RUIN = {"mana_cost": "{2}{G}", "type_line": "Instant", "oracle_text": "Split second", "keywords": ["Split second"]}
SHADE = {"mana_cost": "{1}{B}", "type_line": "Creature — Shade", "power": "1", "toughness": "1",
         "oracle_text": "{B}: This creature gets +1/+1 until end of turn."}
PINGER = {"mana_cost": "{1}{R}", "type_line": "Creature — Human Wizard", "power": "1", "toughness": "1",
          "oracle_text": "{T}: This creature deals 1 damage to any target."}
SORCERY = {"mana_cost": "{R}", "type_line": "Sorcery", "oracle_text": "Draw a card."}
KILL = {"mana_cost": "{B}", "type_line": "Instant", "oracle_text": "Destroy target creature."}
BLOOD_PACT = {"mana_cost": "{R}", "type_line": "Instant",
              "oracle_text": "As an additional cost to cast this spell, sacrifice a creature.\nDraw two cards."}


def board(ask, *, cards=None, active="Alice", step=None, **zones):
    sc = {"players": ["Alice", "Bob"], "active": active, "ask": ask}
    if step:
        sc["step"] = step
    if cards:
        sc["cards"] = cards
    sc.update(zones)
    return sc


def code(sc) -> Reason | None:
    a = mtgcheck.ask(sc)
    assert a.verdict != mtgcheck.Verdict.ERROR, a.message
    return a.reason_code


def test_every_no_code_cites_its_rule():
    """Each code of a "no" names the Comprehensive Rules it applies; the unsupported codes name none."""
    unsupported = {Reason.TEXT_NOT_MODELLED, Reason.MECHANIC_NOT_IMPLEMENTED, Reason.BUDGET, Reason.NOT_MODELLED}
    for r in Reason:
        assert bool(r.rule) != (r in unsupported), r
        assert r.rule == "" or r.rule.startswith("CR ")


def test_a_problem_is_its_sentence_and_keeps_its_code():
    """A reason is still the sentence everywhere a string is; its code survives lists, tagging and pickling."""
    import pickle

    p = Problem(Reason.TAPPED, "Llanowar Elves is already tapped (CR 107.5)")
    assert p == "Llanowar Elves is already tapped (CR 107.5)"
    assert tagged(Reason.COST_PART, [p, "plain"])[0].code is Reason.TAPPED
    assert code_of(tagged(Reason.COST_PART, [p, "plain"])[1]) is Reason.COST_PART
    assert pickle.loads(pickle.dumps(p)).code is Reason.TAPPED
    assert code_of("plain") is Reason.NOT_MODELLED


def test_cast_split_second():
    """CR 702.61a: while a spell with split second is on the stack, no other spell can be cast."""
    sc = board({"cast": {"card": "Lightning Bolt"}}, cards={"Hasty Ruin": HASTY_RUIN},
               battlefield={"Alice": ["Mountain"]}, hand={"Alice": ["Lightning Bolt"]}, stack={"Bob": ["Hasty Ruin"]})
    assert code(sc) is Reason.SPLIT_SECOND


def test_cast_sorcery_timing():
    """CR 307.1: a sorcery is cast only in its owner's main phase with an empty stack; not on the opponent's turn."""
    sc = board({"cast": {"card": "Rummage", "player": "Alice"}}, cards={"Rummage": SORCERY}, active="Bob",
               battlefield={"Alice": ["Mountain"]}, hand={"Alice": ["Rummage"]})
    assert code(sc) is Reason.TIMING


def test_cast_no_legal_target():
    """CR 601.2c: a spell that needs a target with no legal choice cannot be cast."""
    sc = board({"cast": {"card": "Doom"}}, cards={"Doom": KILL},
               battlefield={"Alice": ["Swamp"]}, hand={"Alice": ["Doom"]})
    assert code(sc) is Reason.NO_LEGAL_TARGET


def test_cast_additional_cost_part():
    """CR 118.3, 601.2b: an additional cost of a sacrifice with nothing to sacrifice cannot be paid."""
    sc = board({"cast": {"card": "Blood Pact"}}, cards={"Blood Pact": BLOOD_PACT},
               battlefield={"Alice": ["Mountain"]}, hand={"Alice": ["Blood Pact"]})
    assert code(sc) is Reason.COST_PART


def test_cast_and_payments_not_enough_mana():
    """CR 601.2g-h: Lightning Bolt with only a Forest has no payment; cast and payments say so with one code."""
    zones = {"battlefield": {"Alice": ["Forest"]}, "hand": {"Alice": ["Lightning Bolt"]}}
    assert code(board({"cast": {"card": "Lightning Bolt"}}, **zones)) is Reason.NOT_ENOUGH_MANA
    assert code(board({"payments": {"card": "Lightning Bolt"}}, **zones)) is Reason.NOT_ENOUGH_MANA


def test_cast_a_land():
    """CR 305.1: a land is played, never cast."""
    sc = board({"cast": {"card": "Forest"}}, hand={"Alice": ["Forest"]})
    assert code(sc) is Reason.NOT_A_SPELL


def test_castable_has_no_code():
    """A "yes" carries no reason code."""
    sc = board({"cast": {"card": "Lightning Bolt"}}, battlefield={"Alice": ["Mountain"]},
               hand={"Alice": ["Lightning Bolt"]})
    a = mtgcheck.ask(sc)
    assert a.values["castable"] is True and a.reason_code is None


def test_activate_tapped():
    """CR 107.5: {T} cannot be paid by a permanent already tapped."""
    sc = board({"activate": {"permanent": "Llanowar Elves", "ability": 1}},
               battlefield={"Alice": [{"card": "Llanowar Elves", "tapped": True}]})
    assert code(sc) is Reason.TAPPED


def test_activate_summoning_sick():
    """CR 302.6: a creature's {T} ability before its controller has controlled it continuously since their turn
    began."""
    sc = board({"activate": {"permanent": "Pinger", "ability": 1}}, cards={"Pinger": PINGER},
               battlefield={"Alice": [{"card": "Pinger", "sick": True}]})
    assert code(sc) is Reason.SUMMONING_SICK


def test_activate_not_enough_mana():
    """CR 602.2b, 601.2g-h: the ability's mana cost cannot be paid with no mana."""
    sc = board({"activate": {"permanent": "Shade", "ability": 1}}, cards={"Shade": SHADE},
               battlefield={"Alice": ["Shade"]})
    assert code(sc) is Reason.NOT_ENOUGH_MANA


def test_activate_split_second():
    """CR 702.61a: no ability that is not a mana ability can be activated while split second is on the stack."""
    sc = board({"activate": {"permanent": "Shade", "ability": 1}}, cards={"Shade": SHADE, "Hasty Ruin": HASTY_RUIN},
               battlefield={"Alice": ["Swamp", "Shade"]}, stack={"Bob": ["Hasty Ruin"]})
    assert code(sc) is Reason.SPLIT_SECOND


def test_unsupported_text_names_its_code():
    """A sentence that is not modelled makes the answer unsupported with the code for text not modelled."""
    odd = {"mana_cost": "{R}", "type_line": "Instant",
           "oracle_text": "As an additional cost to cast this spell, juggle three oranges.\nDraw a card."}
    a = mtgcheck.ask(board({"cast": {"card": "Juggle"}}, cards={"Juggle": odd}, battlefield={"Alice": ["Mountain"]},
                           hand={"Alice": ["Juggle"]}))
    assert a.verdict == mtgcheck.Verdict.UNSUPPORTED
    assert a.reason_code is Reason.TEXT_NOT_MODELLED


def test_reason_code_in_plain_data():
    """to_dict (what --json prints) and to_records carry the code as its text."""
    a = mtgcheck.ask(board({"cast": {"card": "Forest"}}, hand={"Alice": ["Forest"]}))
    d = json.loads(json.dumps(a.to_dict()))
    assert d["reason_code"] == "not_a_spell" and d["values"]["reason_code"] == "not_a_spell"
    assert a.to_records()[0]["reason_code"] == "not_a_spell"
