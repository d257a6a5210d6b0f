"""Cost parts of activated abilities that use other objects, energy by number, exert and X (CR 118.3, 602.2b,
601.2g-h; solver/rules/cost_objects.py), on the real cards of the 32k file (skipped when absent). Expected values
come from the rules and rulings named, never from running the engine."""
from __future__ import annotations

import pytest

from mtgcheck.models.text.activation_costs import parse_activation_cost
from mtgcheck.solver.questions.registry import Unsupported
from tests.probe_boards import ask


def _act(db, bf, name, n=1, x=None, **extra):
    q = {"permanent": name, "ability": n}
    if x is not None:
        q["x"] = x
    return ask(db, bf, {"activate": q}, **extra).values


@pytest.mark.parametrize("text,action,what,amount,x", [
    ("Pay six {E}", "pay_energy", "energy", 6, False),                         # CR 107.14
    ("Pay fifty {E}", "pay_energy", "energy", 50, False),
    ("Pay X {E}", "pay_energy", "energy", 0, True),                            # CR 107.3a
    ("Tap ten untapped Elves you control", "tap_untapped", "elves", 10, False),  # CR 701.26a
    ("Untap a tapped land an opponent controls", "untap", "land an opponent controls", 1, False),  # 701.26b
    ("Remove a +1/+1 counter from a creature you control", "remove_counters_from", "+1/+1", 1, False),  # 122.1
    ("Remove all charge counters from this artifact", "remove_all_counters", "charge", 0, False),
    ("Sacrifice X Clues", "sacrifice", "clues", 0, True),                      # CR 701.21a, 107.3a
    ("Exile X cards from your graveyard", "exile", "cards from your graveyard", 0, True),
    ("Exile a creature you control", "exile_permanent", "creature", 1, False),  # CR 701.13a
    ("Reveal two cards from your hand that share a color", "reveal", "cards that share a color", 2, False),
    ("Put a -1/-1 counter on a creature you control", "put_counters_on", "-1/-1", 1, False),
])
def test_object_cost_parts_are_read_cr_118(text, action, what, amount, x):
    p = parse_activation_cost(text).parts[0]
    assert (p.action, p.what, p.amount, p.x) == (action, what, amount, x)


def test_another_and_lists_are_read_cr_118():
    """"another" leaves the permanent itself out; a list of types after a comma stays one part."""
    p = parse_activation_cost("{3}, {T}, Tap another untapped creature you control").parts[0]
    assert p.action == "tap_untapped" and p.other
    q = parse_activation_cost("{T}, Remove a counter from an artifact, creature, land, or planeswalker you control")
    assert len(q.parts) == 1 and q.parts[0].objects == "artifact, creature, land, or planeswalker you control"
    r = parse_activation_cost("{T}, Remove a dream counter from Rasputin", "Rasputin Dreamweaver").parts[0]
    assert (r.action, r.what) == ("remove_counters", "dream")  # the card's short name is itself (CR 201.5)


def test_tap_untapped_elves_even_summoning_sick_cr_302_6(real_db):
    """Lathril: "Tap ten untapped Elves you control". Summoning sickness restricts only a creature's own {T}
    abilities (CR 302.6), so sick Elves can be tapped for another permanent's cost; nine are not enough (118.3)."""
    elves = [{"card": "Llanowar Elves", "sick": True}] * 10
    assert _act(real_db, {"Alice": ["Lathril, Blade of the Elves"] + elves}, "Lathril, Blade of the Elves")["activatable"]
    no = _act(real_db, {"Alice": ["Lathril, Blade of the Elves"] + elves[:9]}, "Lathril, Blade of the Elves")
    assert no["activatable"] is False and "10" in no["reason"]


def test_a_creature_tapped_for_a_cost_makes_no_mana_cr_601_2g(real_db):
    """Ranger's Hawk: {3}, {T}, Tap another untapped creature you control. Mana abilities are activated before
    costs are paid (CR 601.2g), so Llanowar Elves can either make {G} or be tapped for the cost, not both: two
    Plains and Llanowar Elves cannot pay; three Plains and Llanowar Elves can; the Hawk itself never pays its own
    "another" part."""
    assert _act(real_db, {"Alice": ["Ranger's Hawk", "Plains", "Plains", "Llanowar Elves"]}, "Ranger's Hawk")[
        "activatable"] is False
    assert _act(real_db, {"Alice": ["Ranger's Hawk", "Plains", "Plains", "Plains", "Llanowar Elves"]},
                "Ranger's Hawk")["activatable"]
    assert _act(real_db, {"Alice": ["Ranger's Hawk", "Plains", "Plains", "Plains"]}, "Ranger's Hawk")[
        "activatable"] is False


def test_energy_by_number_and_x_cr_107_14(real_db):
    """"Pay six {E}" needs six energy counters (CR 107.14, 118.3); "Pay X {E}" needs the announced X (107.3a)."""
    bf = {"Alice": ["Roil Cartographer"]}
    assert _act(real_db, bf, "Roil Cartographer", player_counters={"Alice": {"energy": 6}})["activatable"]
    assert not _act(real_db, bf, "Roil Cartographer", player_counters={"Alice": {"energy": 5}})["activatable"]
    sphinx = {"Alice": ["Sphinx of the Revelation", "Plains", "Island", "Island"]}
    assert _act(real_db, sphinx, "Sphinx of the Revelation", x=2, player_counters={"Alice": {"energy": 2}})["activatable"]
    assert not _act(real_db, sphinx, "Sphinx of the Revelation", x=3,
                    player_counters={"Alice": {"energy": 2}})["activatable"]


def test_exert_as_a_cost_cr_701_43b(real_db):
    """A permanent can be exerted even if it is untapped or was already exerted (CR 701.43b)."""
    assert _act(real_db, {"Alice": ["Steward of Solidarity"]}, "Steward of Solidarity")["activatable"]
    assert _act(real_db, {"Alice": ["Pride Sovereign", "Plains"]}, "Pride Sovereign")["activatable"]


def test_collect_evidence_total_mana_value_cr_701_59a(real_db):
    """Collect evidence 3: exile graveyard cards with total mana value 3 or more (CR 701.59a-b)."""
    bf = {"Alice": ["Cryptex"]}
    assert _act(real_db, bf, "Cryptex", graveyard={"Alice": ["Lightning Bolt", "Grizzly Bears"]})["activatable"]
    no = _act(real_db, bf, "Cryptex", graveyard={"Alice": ["Lightning Bolt", "Island"]})
    assert no["activatable"] is False and "701.59a" in no["reason"]


def test_counters_from_another_permanent_cr_122_1(real_db):
    """Bolrac-Clan Crusher: "Remove a +1/+1 counter from a creature you control" needs such a creature with one."""
    bare = {"Alice": ["Bolrac-Clan Crusher", "Grizzly Bears"]}
    assert _act(real_db, bare, "Bolrac-Clan Crusher")["activatable"] is False
    counted = {"Alice": ["Bolrac-Clan Crusher", {"card": "Grizzly Bears", "counters": {"+1/+1": 1}}]}
    assert _act(real_db, counted, "Bolrac-Clan Crusher")["activatable"]
    # Xavier Sal: "from another permanent": its own counters do not pay
    own = {"Alice": [{"card": "Xavier Sal, Infested Captain", "counters": {"+1/+1": 2}}]}
    assert _act(real_db, own, "Xavier Sal, Infested Captain")["activatable"] is False


def test_remove_all_counters_even_none_cr_118_3(real_db):
    """Molten Hydra: "Remove all +1/+1 counters from this creature" can be paid with none on it (CR 118.3)."""
    assert _act(real_db, {"Alice": ["Molten Hydra"]}, "Molten Hydra", 2)["activatable"]


def test_reveal_two_that_share_a_color_cr_701_20(real_db):
    """Illuminated Folio: two cards of one colour in the hand (CR 105.2, 701.20a); a land is colourless."""
    bf = {"Alice": ["Illuminated Folio", "Island"]}
    assert _act(real_db, bf, "Illuminated Folio", hand={"Alice": ["Counterspell", "Opt"]})["activatable"]
    assert not _act(real_db, bf, "Illuminated Folio", hand={"Alice": ["Counterspell", "Lightning Bolt", "Island"]})[
        "activatable"]


def test_a_revealed_card_cannot_also_be_exiled_for_mana_cr_601_2g(real_db):
    """Illuminated Folio with no land: Elvish Spirit Guide could pay {1} by exiling itself from the hand, but it is
    then not in the hand to be revealed (mana abilities come first, CR 601.2g); with a Forest it can pay."""
    hand = {"Alice": ["Elvish Spirit Guide", "Llanowar Elves"]}
    assert _act(real_db, {"Alice": ["Illuminated Folio"]}, "Illuminated Folio", hand=hand)["activatable"] is False
    assert _act(real_db, {"Alice": ["Illuminated Folio", "Forest"]}, "Illuminated Folio", hand=hand)["activatable"]


def test_untap_a_tapped_land_an_opponent_controls_cr_701_26b(real_db):
    """Benthic Explorers: only a tapped land of an opponent can be untapped (CR 701.26b)."""
    assert _act(real_db, {"Alice": ["Benthic Explorers"], "Bob": [{"card": "Forest", "tapped": True}]},
                "Benthic Explorers")["activatable"]
    assert not _act(real_db, {"Alice": ["Benthic Explorers", {"card": "Forest", "tapped": True}], "Bob": ["Forest"]},
                    "Benthic Explorers")["activatable"]


def test_untap_with_a_creature_that_could_first_tap_for_mana_is_unsupported_cr_601_2g(real_db):
    """Halo Fountain with no tapped creature but an untapped Llanowar Elves: the Elves could tap for mana first
    (CR 601.2g) and then be untapped for the cost; that order is not modelled, so no "no" is given."""
    with pytest.raises(Unsupported):
        _act(real_db, {"Alice": ["Halo Fountain", "Plains", "Llanowar Elves"]}, "Halo Fountain")
    assert _act(real_db, {"Alice": ["Halo Fountain", "Plains", {"card": "Grizzly Bears", "tapped": True}]},
                "Halo Fountain")["activatable"]


def test_x_objects_are_the_announced_x_cr_107_3a(real_db):
    """Taigam: "Exile X cards from your graveyard" with X announced (CR 107.3a); X = 0 exiles none."""
    bf = {"Alice": ["Taigam, Sidisi's Hand", "Swamp"]}
    grave = {"Alice": ["Island", "Forest"]}
    assert _act(real_db, bf, "Taigam, Sidisi's Hand", x=2, graveyard=grave)["activatable"]
    assert not _act(real_db, bf, "Taigam, Sidisi's Hand", x=3, graveyard=grave)["activatable"]
    assert _act(real_db, bf, "Taigam, Sidisi's Hand", x=0, graveyard={"Alice": []})["activatable"]
    lands = {"Alice": ["Copper-Leaf Angel", "Forest", {"card": "Forest", "tapped": True}]}
    assert _act(real_db, lands, "Copper-Leaf Angel", x=2)["activatable"]  # a tapped land can be sacrificed
    assert not _act(real_db, lands, "Copper-Leaf Angel", x=3)["activatable"]


def test_exile_a_creature_you_control_cr_701_13a(real_db):
    assert not _act(real_db, {"Alice": ["City of Shadows"]}, "City of Shadows")["activatable"]
    assert _act(real_db, {"Alice": ["City of Shadows", "Grizzly Bears"]}, "City of Shadows")["activatable"]


def test_put_a_counter_on_a_creature_you_control_cr_122_1(real_db):
    """Hatchet Bully: the -1/-1 counter may go on itself, a creature its controller controls."""
    assert _act(real_db, {"Alice": ["Hatchet Bully", "Mountain", "Mountain", "Mountain"]}, "Hatchet Bully")["activatable"]


def test_mana_ability_returning_itself_is_activated_once_cr_118_3(real_db):
    """Grinning Ignus: "{R}, Return this creature to its owner's hand: Add {C}{C}{R}" — it leaves as the cost is paid,
    so in available_mana it is activated at most once (CR 118.3): with one Mountain, the one maximal pool is
    {C}{C}{R} (the Mountain's {R} pays the ability)."""
    got = ask(real_db, {"Alice": ["Grinning Ignus", "Mountain"]}, {"available_mana": "Alice"}).values
    assert got["count"] == 1 and sorted(got["pools"][0]) == sorted("{C}{C}{R}")


def test_mana_ability_untapping_an_opponents_land_cr_701_26b(real_db):
    """Benthic Explorers in available_mana: with no tapped land of an opponent it cannot be activated (CR 701.26b,
    118.3) and is left out; with one, which land (and what it could produce) is a choice not modelled."""
    got = ask(real_db, {"Alice": ["Benthic Explorers", "Mountain"], "Bob": ["Forest"]}, {"available_mana": "Alice"}).values
    assert got["pools"] == ["{R}"]
    with pytest.raises(Unsupported):
        ask(real_db, {"Alice": ["Benthic Explorers", "Mountain"], "Bob": [{"card": "Forest", "tapped": True}]},
            {"available_mana": "Alice"})


def test_a_cost_written_as_a_choice_cr_601_2b(real_db):
    """Granite Shard: "{3}, {T} or {R}, {T}" — either cost may be paid (CR 602.2b → 601.2b, 601.2f-h): one Mountain
    pays {R}; three Islands pay {3}; one Island pays neither."""
    from mtgcheck.models.text.activation_costs import parse_activation_cost as parse

    c = parse("{3}, {T} or {R}, {T}")
    assert [str(a.mana) for a in c.alternatives] == ["{3}", "{R}"] and all(a.tap for a in c.alternatives)
    assert _act(real_db, {"Alice": ["Granite Shard", "Mountain"]}, "Granite Shard")["activatable"]
    assert _act(real_db, {"Alice": ["Granite Shard", "Island", "Island", "Island"]}, "Granite Shard")["activatable"]
    assert _act(real_db, {"Alice": ["Granite Shard", "Island"]}, "Granite Shard")["activatable"] is False
