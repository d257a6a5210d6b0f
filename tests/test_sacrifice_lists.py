"""Activation costs that sacrifice several permanents (CR 701.21a, 118.3, 601.2h, 602.2b) and the ward keyword's
non-mana cost (CR 702.21a), on the real cards of the 32k file (skipped when absent) and against a brute force.
Expected values come from the rules named, never from running the engine."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgcheck.models.text.activation_costs import parse_activation_cost
from mtgcheck.models.data.scenario import parse_scenario
from mtgcheck.solver.questions.runner import answer_scenario
from tests.probe_boards import ask


def _parts(text, name=""):
    return [(p.action, p.what, p.amount) for p in parse_activation_cost(text, name).parts]


@pytest.mark.parametrize("text,name,parts", [
    # a list of objects: one sacrifice each (CR 701.21a)
    ("{2}{U}, {T}, Sacrifice a white creature, a blue creature, and a black creature", "Sphinx's Herald",
     [("sacrifice", "white creature", 1), ("sacrifice", "blue creature", 1), ("sacrifice", "black creature", 1)]),
    ("{T}, Sacrifice a creature and a Swamp", "Viscerid Drone", [("sacrifice", "creature", 1), ("sacrifice", "swamp", 1)]),
    ("{W}{W}{B}, {T}, Sacrifice this land and a creature you control", "Great Hall of Starnheim",
     [("sacrifice", "this", 1), ("sacrifice", "creature you control", 1)]),
    ("{T}, Sacrifice two lands and this artifact", "Sandstone Deadfall", [("sacrifice", "lands", 2), ("sacrifice", "this", 1)]),
    ("Sacrifice a creature named Feral Shadow, a creature named Breathstealer, and this creature", "Urborg Panther",
     [("sacrifice", "creature named feral shadow", 1), ("sacrifice", "creature named breathstealer", 1),
      ("sacrifice", "this", 1)]),
    # a count (CR 118.3)
    ("{T}, Sacrifice five artifacts", "Time Sieve", [("sacrifice", "artifacts", 5)]),
    ("{T}, Sacrifice ten nonland permanents", "Bolas's Citadel", [("sacrifice", "nonland permanents", 10)]),
    # one object of any of several kinds stays one part
    ("Sacrifice a creature or land", "Mons's Goblin Waiters", [("sacrifice", "creature or land", 1)]),
])
def test_sacrifice_lists_are_one_part_per_object_cr_701_21a(text, name, parts):
    assert _parts(text, name) == parts


def test_chosen_numbers_cr_107_1c():
    """"one or more": at least one (CR 118.3); "up to three": none is a choice, three at most (CR 107.1c)."""
    (lotus,) = parse_activation_cost("{T}, Sacrifice one or more artifacts").parts
    assert (lotus.amount, lotus.at_least, lotus.at_most) == (0, 1, None)
    (baba,) = parse_activation_cost("{T}, Sacrifice up to three permanents").parts
    assert (baba.amount, baba.at_least, baba.at_most) == (0, 0, 3)


def _act(db, bf, name, n=1):
    return ask(db, bf, {"activate": {"permanent": name, "ability": n}}).values


def test_real_heralds_and_kin_cr_118_3(real_db):
    """The real Herald cycle, Viscerid Drone, Time Sieve, Radiant Lotus, Baba Lysaga (CR 118.3, 701.21a)."""
    islands = ["Island"] * 3
    # Sphinx's Herald is blue itself and may be sacrificed as the blue creature ("a blue creature", not "another")
    assert _act(real_db, {"Alice": ["Sphinx's Herald", "Savannah Lions", "Vampire Nighthawk"] + islands},
                "Sphinx's Herald")["activatable"]
    assert not _act(real_db, {"Alice": ["Sphinx's Herald", "Savannah Lions"] + islands}, "Sphinx's Herald")["activatable"]
    # Viscerid Drone: itself as the creature, and a Swamp
    assert _act(real_db, {"Alice": ["Viscerid Drone", "Swamp"], "Bob": ["Grizzly Bears"]}, "Viscerid Drone")["activatable"]
    assert not _act(real_db, {"Alice": ["Viscerid Drone", "Island"], "Bob": ["Grizzly Bears"]},
                    "Viscerid Drone")["activatable"]
    # Time Sieve and four more artifacts; with three more, four in all
    assert _act(real_db, {"Alice": ["Time Sieve"] + ["Ornithopter"] * 4}, "Time Sieve")["activatable"]
    assert not _act(real_db, {"Alice": ["Time Sieve"] + ["Ornithopter"] * 3}, "Time Sieve")["activatable"]
    # Baba Lysaga: up to three, none is fine (CR 107.1c)
    assert _act(real_db, {"Alice": ["Baba Lysaga, Night Witch"]}, "Baba Lysaga, Night Witch")["activatable"]


def test_sacrifice_this_and_another_is_not_dropped_cr_118_3(real_db):
    """"Sacrifice this land and a creature you control": both parts are paid (CR 118.3, 601.2h); with no creature the
    cost can't be paid (this second part was once read away)."""
    lands = ["Plains", "Plains", "Swamp"]
    assert not _act(real_db, {"Alice": ["Great Hall of Starnheim"] + lands}, "Great Hall of Starnheim", 2)["activatable"]
    assert _act(real_db, {"Alice": ["Great Hall of Starnheim", "Savannah Lions"] + lands}, "Great Hall of Starnheim",
                2)["activatable"]


def test_ward_pay_life_is_not_an_activation_cost_cr_702_21a(real_db):
    """Ward—Pay 2 life is paid by an opponent whose spell or ability targets the permanent (CR 702.21a): Zul Ashur's
    own {T} ability is answered, not unsupported."""
    q = {"activate": {"permanent": "Zul Ashur, Lich Lord", "ability": 1}}
    assert ask(real_db, {"Alice": ["Zul Ashur, Lich Lord"]}, q, graveyard={"Alice": ["Gravecrawler"]}
               ).values["activatable"] is True
    assert ask(real_db, {"Alice": ["Zul Ashur, Lich Lord"]}, q, graveyard={"Alice": []}).values["activatable"] is False


_COLORS = {"W": "{W}", "U": "{U}", "B": "{B}"}


def _herald_board(colour_sets):
    cards = {"Herald Construct": {"mana_cost": "{3}", "type_line": "Artifact Creature — Construct", "oracle_text":
                                  "{T}, Sacrifice a white creature, a blue creature, and a black creature: Draw a card."}}
    names = []
    for i, cs in enumerate(colour_sets):
        name = f"Creature {i}"
        cards[name] = {"mana_cost": "".join(_COLORS[c] for c in sorted(cs)) or "{1}", "type_line": "Creature — Bear"}
        names.append(name)
    return cards, names


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sets(st.sampled_from("WUB"), max_size=3), max_size=5))
def test_herald_cost_against_brute_force_cr_701_21a(catalog_db, colour_sets):
    """Whether three different creatures can be the white, the blue and the black one (each permanent is sacrificed
    once, CR 701.21a, 118.3): the engine against every assignment of the creatures."""
    cards, names = _herald_board(colour_sets)
    want = any(all(c in colour_sets[i] for c, i in zip("WUB", pick))
               for pick in itertools.permutations(range(len(names)), 3))
    sc = parse_scenario({"players": ["Alice", "Bob"], "cards": cards,
                         "battlefield": {"Alice": ["Herald Construct"] + names},
                         "ask": {"activate": {"permanent": "Herald Construct", "ability": 1}}}, "<test>")
    assert answer_scenario(sc, catalog_db).values["activatable"] is want


def test_creature_of_the_chosen_type_cr_607_2a(real_db):
    """Doom Cannon's "Sacrifice a creature of the chosen type" reads the creature type chosen as it entered (CR 205.3m,
    607.2a); the Elf may tap for {G} before it is sacrificed (CR 605.3a, 601.2g-h)."""
    elf = {"card": "Doom Cannon", "choices": {"creature_type": "Elf"}}
    assert _act(real_db, {"Alice": [elf, "Llanowar Elves", "Mountain", "Mountain"]}, "Doom Cannon")["activatable"]
    assert not _act(real_db, {"Alice": [elf, "Grizzly Bears", "Mountain", "Mountain", "Mountain"]},
                    "Doom Cannon")["activatable"]
