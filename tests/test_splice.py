"""Splice (CR 702.47): a spliceable card in the hand is an optional additional cost of *another* Arcane spell
(601.2b) and effects added as that spell resolves; it is never mana, and never changes whether a spell can be
cast. Expected answers come from the rules and the cards' costs."""
from __future__ import annotations

import textwrap

import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.data.scenario import load_scenarios
from mtgcheck.solver.questions.runner import run_scenario

CARDS = """\
cards:
  Test Ray:
    mana_cost: "{1}{R}"
    type_line: Instant — Arcane
    keywords: [Splice]
    oracle_text: "Test Ray deals 2 damage to any target.\\nSplice onto Arcane {1}{R}"
  Test Rite:
    mana_cost: "{R}"
    type_line: Instant — Arcane
    keywords: [Splice]
    oracle_text: "Draw a card.\\nSplice onto Arcane {R}"
"""


@pytest.fixture(scope="module")
def db():
    return load_database()


def _run(tmp_path, db, body):
    p = tmp_path / "s.yaml"
    p.write_text("players: [Alice, Bob]\n" + CARDS + textwrap.dedent(body))
    (sc,) = load_scenarios(p)
    return run_scenario(sc, db)


def test_casting_a_spliceable_card_cr_702_47a(tmp_path, db):
    """Its own splice ability works only from the hand as another Arcane spell is cast: Test Ray costs {1}{R},
    which two Mountains pay (CR 601.2f-h)."""
    r = _run(tmp_path, db, """\
        battlefield: {Alice: [Mountain, Mountain]}
        hand: {Alice: [Test Ray]}
        ask: {cast: {card: Test Ray}}
        expect: {castable: true, total_cost: "{1}{R}"}
        """)
    assert r.verdict == "pass", r.message


def test_a_splice_card_in_hand_changes_no_other_cast_cr_601_2b(tmp_path, db):
    """With Test Ray in the hand, Test Rite ({R}) is castable with one Mountain: splicing is optional (CR 601.2b,
    702.47a), so its {1}{R} is never part of the total cost unless chosen; with no land it is not castable."""
    r = _run(tmp_path, db, """\
        battlefield: {Alice: [Mountain]}
        hand: {Alice: [Test Ray, Test Rite]}
        ask: {cast: {card: Test Rite}}
        expect: {castable: true, total_cost: "{R}"}
        """)
    assert r.verdict == "pass", r.message
    r = _run(tmp_path, db, """\
        hand: {Alice: [Test Ray, Test Rite]}
        battlefield: {Alice: []}
        ask: {cast: {card: Test Rite}}
        expect: {castable: false}
        """)
    assert r.verdict == "pass", r.message
