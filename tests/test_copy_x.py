"""A copy of a permanent spell with X enters with the same X (CR 707.10, 707.10f, 107.3m).
Examples: examples/classes/copy_x.yaml."""
from __future__ import annotations

from pathlib import Path

from mtgcheck.models.data.scenario import load_scenarios

ROOT = Path(__file__).resolve().parent.parent


def test_the_example_texts_are_the_printed_ones(real_db):
    for sc in load_scenarios(ROOT / "examples" / "classes" / "copy_x.yaml"):
        for name, fields in (sc.data.get("cards") or {}).items():
            assert real_db.get(name).oracle_text == fields["oracle_text"], name


def test_a_copy_is_a_spell_so_it_cannot_be_put_without_being_cast_cr_707_10(answer):
    """A copy of a spell resolves as a spell; asking for a copy put onto the battlefield by Hypergenesis is an error
    naming the rule, not an answer."""
    res = answer("""
        players: [Alice, Bob]
        ask: {entering_x: {card: Endless One, put_by: Hypergenesis, copy: true}}
    """)
    assert res.verdict == "error" and "707.10" in res.message
