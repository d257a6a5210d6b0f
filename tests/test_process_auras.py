"""Auras put onto the battlefield by a process (Eureka, Hypergenesis, Show and Tell): what each can enchant as it
enters (CR 303.4f), staying in the hand with nothing to enchant (303.4g), and who controls its enters trigger
(603.3a). Examples: examples/classes/process_auras.yaml."""
from __future__ import annotations

from pathlib import Path

from mtgcheck.models.data.scenario import load_scenarios

ROOT = Path(__file__).resolve().parent.parent


def test_the_example_texts_are_the_printed_ones(real_db):
    for sc in load_scenarios(ROOT / "examples" / "classes" / "process_auras.yaml"):
        for name, fields in (sc.data.get("cards") or {}).items():
            assert real_db.get(name).oracle_text == fields["oracle_text"], name


def test_hexproof_does_not_stop_an_aura_entering_attached_cr_303_4f(answer, real_db):
    """An Aura put onto the battlefield does not target (CR 303.4f): Treachery can enchant Bob's Gladecover Scout."""
    res = answer("""
        players: [Alice, Bob]
        battlefield: {Bob: [Gladecover Scout]}
        hand: {Alice: [Treachery], Bob: []}
        ask: {put_onto_battlefield: {spell: Eureka, player: Alice}}
    """, db=real_db)
    assert res.answer.values["outcomes"] == 2, res.message


def test_protection_on_a_candidate_is_unsupported_not_guessed_cr_702_16c(answer, real_db):
    res = answer("""
        players: [Alice, Bob]
        battlefield: {Bob: [White Knight]}
        hand: {Alice: [Treachery], Bob: []}
        ask: {put_onto_battlefield: {spell: Eureka, player: Alice}}
    """, db=real_db)
    assert res.verdict == "unsupported" and "protection" in res.message


def test_an_aura_that_could_enchant_nothing_cannot_be_listed_as_put_cr_303_4g(answer, real_db):
    res = answer("""
        players: [Alice, Bob]
        hand: {Alice: [Treachery], Bob: []}
        ask: {trigger_order: {after: {spell: Eureka, player: Alice, put: {Alice: [Treachery]}}}}
    """, db=real_db)
    assert res.verdict == "error" and "303.4g" in res.message
