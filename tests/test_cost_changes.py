"""Cost changes that read the spell's colours, types or whose turn it is (CR 601.2f, 118.7a-d, 105.2), parsed
from oracle text and applied by solver.rules.costs.total_cost. Expected costs come from the rules and rulings."""
from __future__ import annotations

import pytest

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.vocab.cost_effects import CostIncrease, CostReduction
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.game.mana import ManaCost
from mtgcheck.models.text.oracle import abilities_of
from mtgcheck.solver.rules.activation_costs import _reduce
from mtgcheck.solver.rules.costs import total_cost
from mtgcheck.solver.questions.registry import Unsupported

from .boards import CAT, board
from mtgcheck.models.vocab.cost_effects import SelfCostChange


def _card(name, cost, types, text, keywords=()):
    return card_from_fields({"name": name, "mana_cost": cost, "type_line": types, "oracle_text": text,
                             "keywords": list(keywords)})


def _changes(text):
    c = _card("Changer", "{2}", "Artifact", text)
    return [a.effect for a in abilities_of(c) if isinstance(a.effect, (CostIncrease, Unmodelled))]


def _cost(state, player, card):
    return total_cost(state, player, card if not isinstance(card, str) else CAT[card]).notation()


def test_parse_colour_reductions_grand_arbiter_and_stormscape_cr_105_2():
    """Grand Arbiter Augustin IV: one reduction per colour; Stormscape Familiar ruling 2004-10-04: "White spells
    and black spells" is ONE reduction for a spell of either colour."""
    (w,) = _changes("White spells you cast cost {1} less to cast.")
    assert isinstance(w, CostReduction) and w.colors == ("W",) and w.whose == "you"
    (wb,) = _changes("White spells and black spells you cast cost {1} less to cast.")
    assert isinstance(wb, CostReduction) and set(wb.colors) == {"W", "B"}
    (opp,) = _changes("Spells your opponents cast cost {1} more to cast.")
    assert type(opp) is CostIncrease and opp.whose == "opponents" and not opp.colors


def test_parse_defense_grid_and_geyser_drake_turns_cr_601_2f():
    """Defense Grid: "except during its controller's turn" is the spell's controller's turn; Geyser Drake:
    "During turns other than yours" is the Drake's controller's turn."""
    (dg,) = _changes("Each spell costs {3} more to cast except during its controller's turn.")
    assert type(dg) is CostIncrease and dg.during == "not_caster_turn" and dg.amount == "{3}"
    (gd,) = _changes("During turns other than yours, spells you cast cost {1} less to cast.")
    assert isinstance(gd, CostReduction) and gd.during == "not_controller_turn"


def test_parse_types_subtypes_and_edgewalker_cr_205_118_7c():
    """Aura of Silence (two card types, any of), Edgewalker (a creature type; coloured only), a subtype list."""
    (aos,) = _changes("Artifact and enchantment spells your opponents cast cost {2} more to cast.")
    assert set(aos.types) == {"Artifact", "Enchantment"} and aos.whose == "opponents"
    (ew,) = _changes("Cleric spells you cast cost {W}{B} less to cast. This effect reduces only the amount of colored "
                     "mana you pay.")
    assert isinstance(ew, CostReduction) and ew.types == ("Cleric",) and ew.colored_only
    (kb,) = _changes("Kithkin spells and Soldier spells you cast cost {1} less to cast.")
    assert set(kb.types) == {"Kithkin", "Soldier"}


def test_unknown_spell_words_stay_unmodelled():
    """A word that names no colour, class or subtype (CR 205.3) is never guessed: the line stays text."""
    for text in ("Permanent spells you cast cost {1} less to cast.", "Face-down creature spells you cast cost {1} less to cast."):
        (u,) = _changes(text)
        assert isinstance(u, Unmodelled), text


def test_defense_grid_depends_on_the_active_player_cr_601_2f():
    """Defense Grid: {3} more except during the turn of the spell's controller (whoever controls the Grid)."""
    s = board(alice=["Island"], bob=["Defense Grid"])
    assert _cost(s, "Alice", "Mana Leak") == "{1}{U}"
    s.active = "Bob"
    assert _cost(s, "Alice", "Mana Leak") == "{4}{U}"
    assert _cost(s, "Bob", "Lightning Bolt") == "{R}"


def test_grand_arbiter_white_and_blue_spell_two_less_cr_118_7a():
    """Grand Arbiter Augustin IV: a white and blue spell gets both reductions ({2} less), generic mana only
    (CR 118.7a); an opponent's spell costs {1} more."""
    s = board(alice=["Grand Arbiter Augustin IV"])
    rev = CAT["Sphinx's Revelation"]
    assert total_cost(s, "Alice", rev, x=3).notation() == "{1}{W}{U}{U}"
    assert _cost(s, "Alice", "Detention Sphere") == "{W}{U}"
    assert _cost(s, "Bob", "Lightning Bolt") == "{1}{R}"


def test_stormscape_familiar_reduces_a_two_colour_spell_once():
    """Stormscape Familiar ruling 2004-10-04: a white and black spell costs {1} less, not {2} less."""
    s = board(alice=["Stormscape Familiar"])
    assert _cost(s, "Alice", "Vindicate") == "{W}{B}"


def test_leech_adds_coloured_mana_and_thalia_order_cr_601_2f():
    """Jade Leech adds {G} to a green spell; increases come before reductions (CR 601.2f)."""
    s = board(alice=["Jade Leech"])
    assert _cost(s, "Alice", "Grizzly Bears") == "{1}{G}{G}"
    assert _cost(s, "Alice", "Lightning Bolt") == "{R}"


def test_edgewalker_reduces_only_coloured_mana_cr_118_7c():
    """Edgewalker's own text sets aside CR 118.7b-c: an unmatched {B} does not reduce generic mana."""
    s = board(alice=["Edgewalker"])
    assert _cost(s, "Alice", "Order of Whiteclay") == "{1}{W}"
    assert _cost(s, "Alice", "Glowrider") == "{2}"
    assert _reduce(ManaCost.parse("{2}{W}"), ManaCost.parse("{W}{B}"), [], "x", colored_only=True).canonical() \
        == ManaCost.parse("{2}")
    # without "only coloured", the unmatched {B} reduces generic mana (CR 118.7b)
    assert _reduce(ManaCost.parse("{2}{W}"), ManaCost.parse("{W}{B}"), [], "x").canonical() == ManaCost.parse("{1}")


def test_changeling_spell_is_a_cleric_cr_702_73a():
    """CR 702.73a: a changeling is every creature type in every zone, so Edgewalker reduces it."""
    shape = _card("Shapeshifter", "{1}{W}{B}", "Creature — Shapeshifter", "Changeling", ["Changeling"])
    s = board(alice=["Edgewalker"])
    assert _cost(s, "Alice", shape) == "{1}"


def test_colour_changing_effect_makes_a_colour_reduction_unsupported_cr_105_3():
    """CR 105.3, 613.1e: with Painter's Servant (unmodelled colour change) in play, whether Sapphire Medallion
    reduces a spell depends on colours not modelled: unsupported naming the card."""
    s = board(alice=["Sapphire Medallion", "Painter's Servant"])
    with pytest.raises(Unsupported, match="Painter's Servant"):
        total_cost(s, "Alice", CAT["Lightning Bolt"])
    # a change that reads no colour is not affected
    s2 = board(alice=["Thalia, Guardian of Thraben", "Painter's Servant"])
    assert _cost(s2, "Alice", "Lightning Bolt") == "{1}{R}"


def test_coloured_reduction_meeting_a_hybrid_symbol_is_unsupported_cr_118_7c():
    """CR 118.7c speaks of a cost's mana of that colour; whether {W} reduces {W/U} is not modelled: unsupported."""
    with pytest.raises(Unsupported):
        _reduce(ManaCost.parse("{1}{W/U}"), ManaCost.parse("{W}"), [], "x")


# --- the spell's own cost changes: party, undaunted, domain, "if you control", "during your turn" -----------

def test_party_is_a_maximum_matching_of_roles_cr_700_8():
    """CR 700.8: up to one each of Cleric, Rogue, Warrior and Wizard, chosen as large as possible: a Cleric
    Wizard and a Wizard make a party of two (the first fills Cleric); a changeling fills any role (702.73a)."""
    from mtgcheck.solver.rules.quantities import party_size

    cw = _card("Cleric Wizard", "{1}", "Creature — Human Cleric Wizard", "")
    wz = _card("Plain Wizard", "{1}", "Creature — Human Wizard", "")
    ch = _card("Mimic", "{1}", "Creature — Shapeshifter", "Changeling", ["Changeling"])
    assert party_size(board(alice=[wz, cw]), "Alice") == 2
    assert party_size(board(alice=[wz, wz]), "Alice") == 1
    assert party_size(board(alice=[ch, ch, ch, ch, ch]), "Alice") == 4
    assert party_size(board(bob=[wz]), "Alice") == 0


def test_parse_self_cost_changes_cr_601_2f():
    """The spell's own changes read as typed counts: party, domain (an ability word, CR 207.2c), "if you control
    a Wizard" (at least one), "During your turn" (coloured amount kept)."""
    def one(text):
        c = _card("Spell", "{5}{U}", "Sorcery", text)
        (a,) = [a for a in abilities_of(c) if isinstance(a.effect, SelfCostChange)]
        return a.effect

    assert one("This spell costs {1} less to cast for each creature in your party.").count["zone"] == "party"
    assert one("Domain — This spell costs {1} less to cast for each basic land type among lands you control.").count["zone"] == "domain"
    wiz = one("This spell costs {1} less to cast if you control a Wizard.")
    assert wiz.count["types"] == ("Wizard",) and wiz.count["at_least"] == 1
    turn = one("During your turn, this spell costs {2}{U}{U} less to cast.")
    assert turn.count["zone"] == "turn" and turn.amount == "{2}{U}{U}"


def test_undaunted_counts_opponents_cr_702_125a():
    """CR 702.125a: {1} less for each opponent: Coastal Breach {6}{U} with three opponents costs {3}{U}."""
    s = board()
    s.players = ["Alice", "Bob", "Carol", "Dave"]
    assert _cost(s, "Alice", "Coastal Breach") == "{3}{U}"
    assert _cost(board(), "Alice", "Coastal Breach") == "{5}{U}"


def test_domain_reads_land_types_as_they_are_now_cr_613_1d():
    """Blood Moon makes a Tropical Island a Mountain (CR 613.1d): Leyline Binding sees Plains and Mountain."""
    assert _cost(board(alice=["Plains", "Tropical Island"]), "Alice", "Leyline Binding") == "{2}{W}"
    assert _cost(board(alice=["Plains", "Tropical Island"], bob=["Blood Moon"]), "Alice", "Leyline Binding") == "{3}{W}"


def test_during_your_turn_uses_the_active_player_and_coloured_amounts_cr_118_7c():
    """Discontinuity: {2}{U}{U} less during its caster's turn (a coloured reduction removes {U} symbols)."""
    s = board()
    assert _cost(s, "Alice", "Discontinuity") == "{1}{U}"
    s.active = "Bob"
    assert _cost(s, "Alice", "Discontinuity") == "{3}{U}{U}{U}"


def test_changes_by_the_zone_cast_from_cr_601_2a():
    """"Spells you cast from your graveyard" (Gravebreaker Lamia) applies only to a spell cast from there;
    "from anywhere other than your hand" (Sage of the Beyond) to any zone but the hand (CR 601.2a, 601.2f)."""
    (gy,) = _changes("Spells you cast from your graveyard cost {1} less to cast.")
    assert gy.from_zones == ("graveyard",)
    (nh,) = _changes("Spells you cast from anywhere other than your hand cost {2} less to cast.")
    assert nh.from_zones == ("not_hand",)
    (ge,) = _changes("Spells your opponents cast from graveyards or from exile cost {2} more to cast.")
    assert set(ge.from_zones) == {"graveyard", "exile"} and ge.whose == "opponents"
    s = board(alice=["Gravebreaker Lamia"])
    s.zones["graveyard"]["Alice"] = []
    from mtgcheck.models.game.state import CardInstance

    s.zones["graveyard"]["Alice"].append(CardInstance("tt", CAT["Think Twice"], "Alice"))
    assert total_cost(s, "Alice", CAT["Think Twice"], using="flashback", zone="graveyard").notation() == "{1}{U}"
    assert _cost(board(alice=["Gravebreaker Lamia"]), "Alice", "Think Twice") == "{1}{U}"


def test_historic_cards_counted_cr_700_6():
    """CR 700.6: historic means artifact, legendary or Saga: "for each historic card in your graveyard"."""
    from mtgcheck.models.game.state import CardInstance

    spell = _card("Hist", "{5}{B}", "Sorcery", "This spell costs {1} less to cast for each historic card in your graveyard.")
    s = board()
    gy = [CAT["Sol Ring"], CAT["Thalia, Guardian of Thraben"], CAT["Lightning Bolt"]]
    s.zones["graveyard"]["Alice"] = [CardInstance(f"g{i}", c, "Alice") for i, c in enumerate(gy)]
    assert _cost(s, "Alice", spell) == "{3}{B}"
