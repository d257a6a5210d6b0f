"""Permanents that let spells be cast without paying their mana costs (CR 118.9, 601.2b; Aluren ruling 2004-10-04).
Examples: examples/classes/free_cast_permissions.yaml."""
from __future__ import annotations

from pathlib import Path

from mtgcheck.models.data.scenario import load_scenarios

ROOT = Path(__file__).resolve().parent.parent


def test_the_example_texts_are_the_printed_ones(real_db):
    for sc in load_scenarios(ROOT / "examples" / "classes" / "free_cast_permissions.yaml"):
        for name, fields in (sc.data.get("cards") or {}).items():
            assert real_db.get(name).oracle_text == fields["oracle_text"], name


def test_fires_of_invention_stays_unsupported_naming_its_count_of_lands(answer, real_db):
    """"spells with mana value less than or equal to the number of lands you control" is not read: the permission is
    unmodelled text, and the cast answer is unsupported, naming it (never a silent answer)."""
    res = answer("""
        players: [Alice, Bob]
        battlefield: {Alice: [Fires of Invention, Forest]}
        hand: {Alice: [Grizzly Bears]}
        ask: {cast: {card: Grizzly Bears}}
    """, db=real_db)
    assert res.verdict == "unsupported" and "Fires of Invention" in res.message


def test_a_free_cast_still_pays_cost_increases_cr_601_2f(answer, real_db):
    """Thalia, Guardian of Thraben's "Noncreature spells cost {1} more" applies to a spell cast for {0} (CR 601.2f,
    118.9: the alternative cost is {0}, then increases): Omniscience and Divination cost {1}."""
    res = answer("""
        players: [Alice, Bob]
        battlefield: {Alice: [Omniscience, Island], Bob: ["Thalia, Guardian of Thraben"]}
        hand: {Alice: [Divination]}
        ask: {cast: {card: Divination, using: free}}
    """, db=real_db)
    assert res.answer.values["castable"] is True and res.answer.values["total_cost"] == "{1}", res.message
