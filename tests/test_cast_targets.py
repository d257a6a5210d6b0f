"""Casting with chosen targets (CR 601.2c, 115.1, 115.3): ``cast: {card, targets: [...]}``; each chosen target must
be legal for its phrase in the state. Expected values come from the rules."""
from __future__ import annotations

import pytest

import mtgcheck
from mtgcheck.models.data.database import load_database

DB = load_database()


def _ask(card, targets, alice=("Mountain",), bob=(), stack=None, player="Alice", active="Alice", cards=None):
    sc = {"players": ["Alice", "Bob"], "active": active, "battlefield": {"Alice": list(alice), "Bob": list(bob)},
          "ask": {"cast": {"card": card, "player": player, "targets": targets}}}
    if stack:
        sc["stack"] = stack
    if cards:
        sc["cards"] = cards
    return mtgcheck.ask(sc, cards=DB)


def test_any_target_player_or_creature_but_not_a_land_cr_115_1():
    """CR 115.1, 601.2c: 'any target' is a player, creature, planeswalker or battle, never a land."""
    assert _ask("Lightning Bolt", ["Bob"]).values["castable"] is True
    assert _ask("Lightning Bolt", [{"player": "Alice"}]).values["castable"] is True
    assert _ask("Lightning Bolt", ["Grizzly Bears"], bob=["Grizzly Bears"]).values["castable"] is True
    a = _ask("Lightning Bolt", ["Forest"], bob=["Forest"])
    assert a.values["castable"] is False and "601.2c" in a.values["reason"]


def test_hexproof_only_stops_opponents_cr_702_11b():
    """CR 702.11b: a hexproof permanent can't be the target of its opponents' spells; its controller may target it."""
    assert _ask("Swords to Plowshares", ["Gladecover Scout"], alice=["Plains"], bob=["Gladecover Scout"]).values["castable"] is False
    assert _ask("Swords to Plowshares", ["Gladecover Scout"], alice=["Plains", "Gladecover Scout"]).values["castable"] is True


def test_spell_targets_on_the_stack_cr_601_2c_115_5():
    """'target creature spell' takes a creature spell, not an instant; a copy of the same card on the stack is
    another object, so a legal target (CR 115.5 forbids only the spell itself)."""
    stack = {"Bob": ["Grizzly Bears", "Lightning Bolt"]}
    isl = ("Island", "Island")
    assert _ask("Essence Scatter", ["Grizzly Bears"], alice=isl, stack=stack, active="Bob").values["castable"] is True
    assert _ask("Essence Scatter", ["Lightning Bolt"], alice=isl, stack=stack, active="Bob").values["castable"] is False
    same = {"Bob": ["Counterspell"]}
    assert _ask("Counterspell", [{"card": "Counterspell", "zone": "stack"}], alice=isl, stack=same,
                active="Bob").values["castable"] is True


def test_wrong_number_of_targets_is_a_question_error_cr_115_3():
    """CR 115.3: each instance of 'target' is one target; Lightning Bolt takes exactly one."""
    with pytest.raises(ValueError, match="takes 1 target"):
        _ask("Lightning Bolt", ["Bob", "Alice"])


def test_the_same_object_twice_for_two_targets_is_illegal_cr_601_2c():
    """CR 601.2c: the same object can't be chosen twice for one instance of the word 'target' ("two target
    creatures")."""
    cards = {"Twin Strike": {"mana_cost": "{R}", "type_line": "Sorcery",
                             "oracle_text": "Twin Strike deals 1 damage to each of two target creatures."}}
    both = _ask("Twin Strike", [{"card": "Grizzly Bears", "controller": "Bob"}, {"card": "Grizzly Bears", "controller": "Alice"}],
                alice=["Mountain", "Grizzly Bears"], bob=["Grizzly Bears"], cards=cards)
    assert both.values["castable"] is True
    twice = _ask("Twin Strike", [{"id": "gb"}, {"id": "gb"}],
                 alice=["Mountain", {"card": "Grizzly Bears", "id": "gb"}], cards=cards)
    assert twice.values["castable"] is False and "twice" in twice.values["reason"]


def test_protection_from_red_makes_a_red_spell_s_chosen_target_illegal_cr_702_16b():
    """CR 702.16b: a permanent with protection from red can't be targeted by red spells; a white one may target it."""
    cards = {"Pro Red Knight": {"mana_cost": "{W}{W}", "type_line": "Creature — Human Knight", "power": "2",
                                "toughness": "2", "oracle_text": "Protection from red", "keywords": ["Protection"]}}
    a = _ask("Lightning Bolt", ["Pro Red Knight"], bob=["Pro Red Knight"], cards=cards)
    assert a.values["castable"] is False and "702.16b" in a.values["reason"]
    b = _ask("Swords to Plowshares", ["Pro Red Knight"], alice=["Plains"], bob=["Pro Red Knight"], cards=cards)
    assert b.values["castable"] is True


def test_protection_from_a_quality_not_read_keeps_the_cast_unsupported_cr_702_16a():
    """CR 702.16a: "protection from the chosen color" names a quality set as the permanent entered (614.12); it is not
    read, so whether a spell may target the permanent, or be cast at all beside it, is not answered."""
    cards = {"Chosen Knight": {"mana_cost": "{W}{W}", "type_line": "Creature — Human Knight", "power": "2",
                               "toughness": "2", "oracle_text": "Protection from the chosen color",
                               "keywords": ["Protection"]}}
    a = _ask("Lightning Bolt", ["Bob"], bob=["Chosen Knight"], cards=cards)
    assert a.verdict == "unsupported"


def test_strive_counts_the_chosen_targets_cr_601_2c_601_2f():
    """Targets are chosen (CR 601.2c) before the total cost is determined (601.2f): strive adds its cost for each
    target beyond the first; "any number of target creatures" takes every target given."""
    bob = ["Grizzly Bears", "Serra Angel", "Siege Rhino"]
    three = _ask("Blinding Flare", list(bob), alice=["Mountain"] * 3, bob=bob)
    assert three.values["total_cost"] == "{R}{R}{R}" and three.values["castable"] is True
    none = _ask("Blinding Flare", [], alice=["Mountain"], bob=bob)
    assert none.values["total_cost"] == "{R}" and none.values["castable"] is True


def test_strive_without_chosen_targets_answers_for_the_fewest_cr_601_2b_601_2f():
    """Without ``targets``, "can it be cast?" is answered for the fewest legal targets: strive's cost only grows with
    more (CR 601.2b, 601.2f). Strive ruling (Journey into Nyx, 2014-04-26): a spell with strive may be cast with no
    targets, so Blinding Flare ("any number of target creatures") costs {R}."""
    sc = {"players": ["Alice", "Bob"], "battlefield": {"Alice": ["Mountain"], "Bob": ["Grizzly Bears"]},
          "ask": {"cast": {"card": "Blinding Flare"}}}
    a = mtgcheck.ask(sc, cards=DB)
    assert a.values["castable"] is True and a.values["total_cost"] == "{R}"
    sc["battlefield"]["Alice"] = []
    assert mtgcheck.ask(sc, cards=DB).values["castable"] is False


def test_up_to_n_takes_at_most_n_cr_601_2c():
    """"up to two target creatures" takes zero, one or two; three is an error."""
    cards = {"Double Tap": {"mana_cost": "{W}", "type_line": "Instant",
                            "oracle_text": "Tap up to two target creatures."}}
    bob = ["Grizzly Bears", "Serra Angel", "Siege Rhino"]
    assert _ask("Double Tap", ["Grizzly Bears"], alice=["Plains"], bob=bob, cards=cards).values["castable"] is True
    assert _ask("Double Tap", [], alice=["Plains"], bob=bob, cards=cards).values["castable"] is True
    with pytest.raises(ValueError, match="at most 2"):
        _ask("Double Tap", list(bob), alice=["Plains"], bob=bob, cards=cards)


RETRIEVAL = {"Back Again": {"mana_cost": "{U}", "type_line": "Sorcery",
                            "oracle_text": "Return target card from your graveyard to your hand.\nFlashback {U}"}}


def _graveyard_cast(zone, graveyard):
    sc = {"players": ["Alice", "Bob"], "active": "Alice", "battlefield": {"Alice": ["Island"]},
          "hand": {"Alice": ["Back Again"] if zone == "hand" else []}, "graveyard": {"Alice": list(graveyard)},
          "cards": RETRIEVAL, "ask": {"cast": {"card": "Back Again", "from": zone, **({"using": "flashback"} if zone == "graveyard" else {})}}}
    return mtgcheck.ask(sc, cards=DB)


def test_another_copy_of_the_spell_in_the_graveyard_is_a_legal_target_cr_115_5():
    """CR 601.2a, 115.5: only the spell itself (on the stack once cast) cannot be its own target; another card of
    the same name in the graveyard is a card like any other."""
    assert _graveyard_cast("hand", ["Back Again"]).values["castable"] is True           # from the hand
    assert _graveyard_cast("graveyard", ["Back Again", "Back Again"]).values["castable"] is True  # flashback, 702.34


def test_a_flashback_spell_alone_in_the_graveyard_has_no_target_cr_601_2a():
    """Cast with flashback (CR 702.34a), the card moves to the stack first (601.2a): an otherwise empty graveyard
    has no card to target (601.2c)."""
    a = _graveyard_cast("graveyard", ["Back Again"])
    assert a.values["castable"] is False and "601.2c" in a.values["reason"]


def test_among_any_number_of_targets_counts_what_the_division_allows_cr_601_2c_601_2d():
    """CR 601.2c: "among any number of targets" may take none or any number (Fireball, divided evenly); "N damage
    divided as you choose among any number of targets" takes at most N, each target being dealt at least 1 (601.2d);
    with X damage divided as chosen the number is not fixed by the words, so a chosen count is not checked."""
    from mtgcheck.models.text.targets import _phrases

    (fb,), _ = _phrases("Fireball deals X damage divided evenly, rounded down, among any number of targets.")
    assert fb.count == 0 and fb.any_number and fb.most is None
    (py,), _ = _phrases("Pyrotechnics deals 4 damage divided as you choose among any number of targets.")
    assert py.count == 0 and py.most == 4 and not py.any_number
    (rt,), _ = _phrases("Rolling Thunder deals X damage divided as you choose among any number of targets.")
    assert rt.count == 0 and rt.most is None and not rt.any_number


@pytest.mark.parametrize("phrase, least, most, any_number", [
    ("one or two target creatures", 1, 2, False),
    ("one, two, or three target creatures", 1, 3, False),
    ("one or more target creatures", 1, None, True),
    ("two target creatures", 2, None, False),
    ("up to two target creatures", 0, 2, False),
])
def test_a_variable_number_of_targets_needs_its_least_number_cr_601_2c(phrase, least, most, any_number):
    """CR 601.2c: with a variable number of targets the player announces how many; the spell needs at least the
    least of them ("one or two target creatures": one), never the largest number."""
    from mtgcheck.models.text.targets import parse_target_phrase

    spec = parse_target_phrase(phrase)
    assert (spec.count, spec.most, spec.any_number) == (least, most, any_number)
