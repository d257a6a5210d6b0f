"""Total cost (CR 601.2f, 118.7-118.9) and the cost parsers of models.vocab.costs."""
from __future__ import annotations

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.vocab.costs import additional_costs, alternative_costs
from mtgcheck.models.data.database import load_database
from mtgcheck.models.game.mana import ManaCost
from mtgcheck.models.text.oracle import abilities_of
from mtgcheck.models.game.state import GameState, Permanent
from mtgcheck.solver.rules.activation_costs import _reduce
from mtgcheck.solver.rules.costs import total_cost
from mtgcheck.solver.rules.payment import ExtraPayer, count_payments, find_payment
from mtgcheck.models.vocab.cost_effects import CostIncrease

DB = load_database()


def _card(name, cost, types, text, keywords=()):
    return card_from_fields({"name": name, "mana_cost": cost, "type_line": types, "oracle_text": text,
                             "keywords": list(keywords)})


def _state(*names, player="A"):
    s = GameState(players=["A", "B"], active="A")
    for i, n in enumerate(names):
        s.battlefield.append(Permanent(id=f"p{i}", card=DB.get(n) if isinstance(n, str) else n, controller=player, owner=player))
    return s


def test_parse_tax_cr_601_2f_thalia_wording():
    """Thalia ruling 2018-03-16: "Noncreature spells cost {1} more to cast" is an increase on noncreature spells."""
    c = _card("Taxer", "{1}{W}", "Creature — Human", "Noncreature spells cost {1} more to cast.")
    ab = [a for a in abilities_of(c) if type(a.effect) is CostIncrease]
    assert ab and ab[0].effect.spells == "noncreature" and ab[0].effect.amount == "{1}"


def test_parse_flashback_escape_kicker_cr_702_34_702_138_702_33():
    """CR 702.34a flashback, 702.138a escape (with a non-mana part), 702.33a kicker are parsed as costs."""
    fb = _card("Fb", "{1}{U}", "Instant", "Draw a card.\nFlashback {2}{U}", ["Flashback"])
    assert alternative_costs(fb, abilities_of(fb))[0].mana == ManaCost.parse("{2}{U}")
    es = _card("Es", "{3}{R}{R}", "Creature — Ox", "Escape—{R}{R}, Exile eight other cards from your graveyard.", ["Escape"])
    alt = alternative_costs(es, abilities_of(es))[0]
    assert alt.keyword == "escape" and alt.mana == ManaCost.parse("{R}{R}") and alt.parts[0].action == "exile"
    kk = _card("Kk", "{R}", "Instant", "Kicker {4}\nDeal damage.", ["Kicker"])
    assert additional_costs(kk, abilities_of(kk))[0].mana == ManaCost.parse("{4}")


def test_parse_additional_cost_cr_118_8():
    """CR 118.8: "As an additional cost to cast this spell, sacrifice a creature." is a mandatory additional cost."""
    c = _card("Sp", "{B}", "Sorcery", "As an additional cost to cast this spell, sacrifice a creature.\nDestroy target creature.")
    add = additional_costs(c, abilities_of(c))
    assert add and not add[0].optional and add[0].parts[0].action == "sacrifice"


def test_coloured_reduction_without_that_colour_reduces_generic_cr_118_7b():
    """CR 118.7b: a reduction of {W} on a cost with no {W} reduces generic mana instead."""
    assert _reduce(ManaCost.parse("{2}{R}"), ManaCost.parse("{W}"), [], "x").canonical() == ManaCost.parse("{1}{R}")


def test_generic_reduction_never_below_zero_cr_601_2f():
    """CR 601.2f/118.7a: reductions touch generic only and the cost can't go below {0}."""
    assert _reduce(ManaCost.parse("{1}{R}"), ManaCost.parse("{3}"), [], "x").canonical() == ManaCost.parse("{R}")


def test_thalia_alternative_cost_is_taxed_cr_118_9d():
    """CR 118.9d: increases apply to an alternative cost (flashback)."""
    s = _state("Thalia, Guardian of Thraben")
    tc = total_cost(s, "A", DB.get("Think Twice"), using="flashback", zone="graveyard")
    assert tc.notation() == "{3}{U}"


def test_multikicker_three_times_cr_702_33c():
    """CR 702.33c: multikicker's cost is added once per time it is paid."""
    c = _card("Mk", "{0}", "Artifact", "Multikicker {2}", ["Multikicker"])
    assert total_cost(_state(), "A", c, kicked=3).notation() == "{6}"


def test_extension_point_delve_pays_generic_only_cr_702_66a():
    """CR 702.66a (Treasure Cruise ruling 2014-09-20): delved cards pay generic only, never coloured."""
    s = _state("Island")
    gy = [ExtraPayer(f"g{i}", "Opt", ("1",), "delve", group="delve:Opt") for i in range(7)]
    pay = find_payment(s, "A", "{7}{U}", extra=gy)
    assert pay is not None and sum(u.count for u in pay.uses if u.kind == "delve") == 7
    assert find_payment(_state(), "A", "{7}{U}", extra=gy) is None  # nothing pays {U}
    # exiling more than needed is never part of a payment: one way (7 delved + Island), collapsed
    assert count_payments(s, "A", "{7}{U}", extra=gy)[0] == 1


def test_convoke_extra_is_exclusive_with_its_tap_mana_ability_cr_702_51a():
    """CR 702.51a, 107.5: a creature tapped to convoke cannot also tap for mana."""
    s = _state("Llanowar Elves")
    ex = [ExtraPayer("p0", "Llanowar Elves", ("G",), "convoke", permanent="p0")]
    assert find_payment(s, "A", "{G}{G}", extra=ex) is None
    assert count_payments(s, "A", "{G}", extra=ex)[0] == 2  # tap for mana, or convoke


def test_filter_input_from_another_filter_needs_a_start_cr_601_2g():
    """CR 601.2g, 605.3a: a signet's input must be paid with mana made before it; two signets alone make nothing."""
    s = _state("Azorius Signet", "Azorius Signet")
    assert find_payment(s, "A", "{W}") is None
    s2 = _state("Azorius Signet", "Azorius Signet", "Mountain")
    # Mountain pays signet 1, one of its outputs pays signet 2: {W}{U}{W}{U} minus one = 3 mana available
    assert find_payment(s2, "A", "{W}{W}{U}") is not None
