"""What an Aura or Equipment makes the object it is attached to (``AttachedChange``; CR 303.4, 301.5, 205.1a, 613.1f,
613.1b). Expected values come from the rules: attached to nothing, such an ability affects nothing (CR 303.4 "the
object it's attached to"); attached, the object has the new characteristics, and what the engine reads from the card
elsewhere stays unsupported where something in play reads it."""
from __future__ import annotations

import pytest

from mtgcheck.models.vocab.characteristics import AttachedChange
from mtgcheck.models.vocab.effect import Unmodelled
from tests.scenario_text import run


def _effects(db, name):
    from mtgcheck.models.vocab.behaviour import abilities_of

    return [a.effect for a in abilities_of(db.get(name))]


def _one(db, name) -> AttachedChange:
    (eff,) = [e for e in _effects(db, name) if isinstance(e, AttachedChange)]
    return eff


def test_imprisoned_in_the_moon_parse(real_db):
    """Imprisoned in the Moon: a colorless land with "{T}: Add {C}" that loses all other card types and abilities
    (CR 205.1a, 105.2c, 613.1f); its enchant line is one keyword (CR 702.5a), not unmodelled text."""
    eff = _one(real_db, "Imprisoned in the Moon")
    assert eff.affects.relation == "enchanted" and eff.types == ("Land",) and not eff.add_types
    assert eff.colors == "" and eff.loses and len(eff.granted) == 1 and eff.granted[0].is_mana_ability
    assert not any(isinstance(e, Unmodelled) for e in _effects(real_db, "Imprisoned in the Moon"))


def test_minimus_frogify_lignify_parse(real_db):
    """Minimus Containment (a Treasure artifact, CR 205.1a), Frogify (a blue Frog creature 1/1, 613.4b), Lignify (a
    Treefolk 0/4 that keeps its card types: only the creature type is set, 205.1a)."""
    m = _one(real_db, "Minimus Containment")
    assert m.types == ("Artifact",) and m.subtypes == ("Treasure",) and m.loses and m.colors is None
    f = _one(real_db, "Frogify")
    assert f.types == ("Creature",) and f.subtypes == ("Frog",) and f.colors == "U" and (f.power, f.toughness) == (1, 1)
    lig = _one(real_db, "Lignify")
    assert lig.types is None and lig.subtypes == ("Treefolk",) and lig.loses and (lig.power, lig.toughness) == (0, 4)


def test_other_wordings_stay_unmodelled(real_db):
    """"Enchanted permanent is a Sol Ring" (a name, not a type) and "is a colorless Forest land" (a basic land type
    set, CR 305.7) are not read: they stay unmodelled (never a silent wrong answer)."""
    for name in ("Ensoul Ring", "Song of the Dryads"):
        assert not any(isinstance(e, AttachedChange) for e in _effects(real_db, name))
        assert any(isinstance(e, Unmodelled) and "Enchanted permanent" in e.text for e in _effects(real_db, name))


BOARD = """
players: [Alice, Bob]
battlefield:
  Alice: [{alice}]
  Bob: [{bob}]
ask: {ask}
"""


def _ask(tmp_path, db, alice, bob, ask):
    return run(tmp_path, db, BOARD.format(alice=alice, bob=bob, ask=ask))


@pytest.mark.parametrize("aura", ["Imprisoned in the Moon", "Minimus Containment", "Glittering Frost", "Frogify"])
def test_unattached_aura_affects_nothing(tmp_path, real_db, aura):
    """CR 303.4: an Aura's "Enchanted ..." ability affects the object it is attached to; attached to nothing, it
    affects nothing, so Alice's Forest taps for {G} as usual."""
    r = _ask(tmp_path, real_db, f"Forest, {aura}", "", "{available_mana: Alice}")
    assert r.verdict != "unsupported", r.message
    assert r.answer.values["pools"] == ["{G}"]


def test_imprisoned_forest_taps_for_colorless_only(tmp_path, real_db):
    """CR 205.1a (still a land), 613.1f: "loses all other abilities" removes the Forest's intrinsic {G} ability
    (305.6) too; the granted "{T}: Add {C}" remains."""
    r = _ask(tmp_path, real_db, "{card: Forest, id: F}", "{card: Imprisoned in the Moon, attached_to: F}",
             "{could_produce: {id: F}}")
    assert r.verdict != "unsupported", r.message
    assert r.answer.values["types"] == ["C"]


def test_imprisoned_sick_creature_is_a_land(tmp_path, real_db):
    """CR 205.1a: the creature is a land and no longer a creature, so summoning sickness (302.6) does not stop its
    {T}: Add {C}."""
    r = _ask(tmp_path, real_db, "{card: Llanowar Elves, id: E, sick: true}, Forest",
             "{card: Imprisoned in the Moon, attached_to: E}", "{available_mana: Alice}")
    assert r.verdict != "unsupported", r.message
    assert r.answer.values["pools"] == ["{G}{C}"]


def test_honest_work_gives_colorless(tmp_path, real_db):
    """Honest Work: the creature loses all abilities, then has "{T}: Add {C}" (CR 613.1f, 613.7)."""
    r = _ask(tmp_path, real_db, "{card: Llanowar Elves, id: E}", "{card: Honest Work, attached_to: E}",
             "{could_produce: {id: E}}")
    assert r.verdict != "unsupported", r.message
    assert r.answer.values["types"] == ["C"]


@pytest.mark.parametrize("alice, reads", [
    # Chromatic Lantern: "Lands you control have ..." — the imprisoned Elves is a land now (CR 205.1a, 613.1f, 613.7)
    ("{card: Llanowar Elves, id: E}, Chromatic Lantern", "Lands"),
    # Gaea's Cradle counts creatures: the imprisoned Elves is not one any more (CR 205.1a)
    ("{card: Llanowar Elves, id: E}, \"Gaea's Cradle\"", "creature"),
])
def test_imprisoned_type_read_elsewhere_is_unsupported(tmp_path, real_db, alice, reads):
    """The new card types are read from the card by other abilities' filters and counts: where something in play
    reads them, the answer is unsupported naming Imprisoned in the Moon's sentence (never a silent wrong answer)."""
    r = _ask(tmp_path, real_db, alice, "{card: Imprisoned in the Moon, attached_to: E}", "{available_mana: Alice}")
    assert r.verdict == "unsupported" and "Imprisoned in the Moon" in r.message


def test_attached_untyped_parts_still_count(tmp_path, real_db):
    """What stays untyped counts while the source is attached: Glittering Frost's snow where something in play pays
    {S} (CR 205.4g, 107.4h: Scrying Sheets' "{1}{S}, {T}" reads it; an available_mana pool alone does not say which
    mana is snow) and Dominating Licid's control change (CR 613.1b)."""
    r = _ask(tmp_path, real_db, "{card: Forest, id: F}, {card: Glittering Frost, attached_to: F}, Scrying Sheets", "",
             "{available_mana: Alice}")
    assert r.verdict == "unsupported" and "is snow" in r.message
    r = _ask(tmp_path, real_db, "{card: Llanowar Elves, id: E}, {card: Dominating Licid, attached_to: E}", "",
             "{available_mana: Alice}")
    assert r.verdict == "unsupported" and "You control enchanted creature" in r.message


def test_two_changes_on_one_permanent_unsupported(tmp_path, real_db):
    """Two Auras changing one permanent apply in timestamp order (CR 613.7): not modelled, so unsupported."""
    r = _ask(tmp_path, real_db, "{card: Llanowar Elves, id: E}",
             "{card: Imprisoned in the Moon, attached_to: E}, {card: Frogify, attached_to: E}", "{could_produce: {id: E}}")
    assert r.verdict == "unsupported"
