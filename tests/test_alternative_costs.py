"""A spell's own alternative costs (CR 118.9): parsed from oracle text into ``PrintedAlternativeCost`` and read by
``cast`` (solver.rules.altcosts). Expected answers come from the rules and the cards' rulings, never from our code."""
from __future__ import annotations

import pytest

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.vocab.cost_effects import PrintedAlternativeCost
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.text.oracle import abilities_of
from mtgcheck.solver.questions.registry import Unsupported

from .probe_boards import ask


def _alt(text, types="Instant"):
    c = card_from_fields({"name": "Test Spell", "mana_cost": "{4}{R}{R}", "type_line": types, "oracle_text": text})
    got = [a.effect for a in abilities_of(c) if isinstance(a.effect, (PrintedAlternativeCost, Unmodelled))]
    assert len(got) == 1
    return got[0]


def test_parse_sacrifice_return_tap_exile_discard_cr_118_9():
    """Fireblast, Gush, Angelic Favor, Force of Will, Foil: each part is typed with its count and filter."""
    fb = _alt("You may sacrifice two Mountains rather than pay this spell's mana cost.")
    assert isinstance(fb, PrintedAlternativeCost) and not fb.untyped
    (o,) = fb.objects
    assert (o.action, o.n, o.filter.all_of, o.filter.controller) == ("sacrifice", 2, ("Mountain",), "you")
    gush = _alt("You may return two Islands you control to their owner's hand rather than pay this spell's mana cost.")
    assert gush.objects[0].action == "return" and gush.objects[0].n == 2
    fav = _alt("If you control a Plains, you may tap an untapped creature you control rather than pay this spell's "
               "mana cost.")
    assert fav.objects[0].action == "tap" and fav.conditions[0].test == "controls"
    fow = _alt("You may pay 1 life and exile a blue card from your hand rather than pay this spell's mana cost.")
    assert fow.life == 1 and fow.objects[0].filter.colors == ("U",) and fow.objects[0].filter.zone == "hand"
    foil = _alt("You may discard an Island card and another card rather than pay this spell's mana cost.")
    assert [(o.action, o.filter.all_of) for o in foil.objects] == [("discard", ("Island",)), ("discard", ())]


def test_parse_free_with_two_conditions_and_untyped_wording_cr_118_9():
    """Cho-Arrim Legate's two conditions are typed; "you control a commander" is not (kept as wording, so an
    answer that needs it is unsupported); "If you do, X is 5" makes the whole line unmodelled."""
    leg = _alt("If an opponent controls a Swamp and you control a Plains, you may cast this spell without paying its "
               "mana cost.", "Creature — Human Soldier")
    assert leg.free and [c.filter.controller for c in leg.conditions] == ["opponent", "you"]
    cmd = _alt("If you control a commander, you may cast this spell without paying its mana cost.")
    assert isinstance(cmd, PrintedAlternativeCost) and "commander" in cmd.untyped
    x5 = _alt("You may pay {W}{U}{B}{R}{G} rather than pay this spell's mana cost. If you do, X is 5.")
    assert isinstance(x5, Unmodelled)


def test_crash_sacrifices_a_mountain_when_the_mana_cost_cannot_be_paid_cr_118_9(real_db):
    """Crash ({2}{R}): with one Mountain, the mana cost can't be paid; sacrificing the Mountain can (and it is
    answered without 'using', naming the way)."""
    a = ask(real_db, {"Alice": ["Mountain"], "Bob": ["Sol Ring"]}, {"cast": {"card": "Crash"}}, hand={"Alice": ["Crash"]})
    assert a.values["castable"] is True and a.values["using"] == "alternative" and a.values["total_cost"] == "{0}"
    a = ask(real_db, {"Alice": ["Mountain"], "Bob": ["Sol Ring"]}, {"cast": {"card": "Crash", "using": "normal"}},
            hand={"Alice": ["Crash"]})
    assert a.values["castable"] is False


def test_mana_cost_answers_first_so_untyped_alternative_does_not_matter_cr_118_9(real_db):
    """Deadly Rollick ({3}{B}): with four lands including a Swamp the mana cost pays; the commander condition
    is never needed. With no mana it is: unsupported, naming the sentence."""
    bf = {"Alice": ["Swamp", "Swamp", "Swamp", "Swamp"], "Bob": ["Grizzly Bears"]}
    a = ask(real_db, bf, {"cast": {"card": "Deadly Rollick"}})
    assert a.values["castable"] is True and a.values["using"] == "mana cost"
    with pytest.raises(Unsupported, match="commander"):
        ask(real_db, {"Alice": ["Swamp"], "Bob": ["Grizzly Bears"]}, {"cast": {"card": "Deadly Rollick"}})


def test_force_of_negation_only_on_an_opponents_turn_cr_118_9(real_db):
    """Force of Negation: "If it's not your turn" — on Alice's own turn, exiling a blue card is not allowed."""
    hand = {"Alice": ["Force of Negation", "Opt"]}
    stack = {"Bob": ["Divination"]}
    a = ask(real_db, {"Alice": ["Mountain"]}, {"cast": {"card": "Force of Negation", "using": "alternative"}},
            hand=hand, stack=stack)
    assert a.values["castable"] is False and "not your turn" in a.values["reason"]
    a = ask(real_db, {"Alice": ["Mountain"]}, {"cast": {"card": "Force of Negation", "using": "alternative",
                                                  "player": "Alice"}}, hand=hand, stack=stack, active="Bob")
    assert a.values["castable"] is True


def test_flare_of_cultivation_needs_a_green_creature_cr_105_2_118_9(real_db):
    """Flare of Cultivation: "sacrifice a nontoken green creature" — Grizzly Bears is green, Serra Angel is not."""
    q = {"cast": {"card": "Flare of Cultivation", "using": "alternative"}}
    a = ask(real_db, {"Alice": ["Serra Angel"]}, q)
    assert a.values["castable"] is False
    a = ask(real_db, {"Alice": ["Grizzly Bears"]}, q)
    assert a.values["castable"] is True


def test_llanowar_elves_tapped_for_the_cost_cannot_also_tap_for_mana_cr_601_2g_h(real_db):
    """Zahid, Djinn of the Lamp: pay {3}{U} and tap an untapped artifact. An untapped Sol Ring can't both be
    tapped for the cost and make {C}{C} (CR 118.3); with a second artifact it can."""
    q = {"cast": {"card": "Zahid, Djinn of the Lamp", "using": "alternative"}}
    a = ask(real_db, {"Alice": ["Sol Ring", "Island", "Island"]}, q)
    assert a.values["castable"] is False
    a = ask(real_db, {"Alice": ["Sol Ring", "Sol Ring", "Island", "Island"]}, q)
    assert a.values["castable"] is True
