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


def _eureka_outcomes(answer, db, bob_board: str, bob_hand: str = "[]", extra: str = ""):
    return answer(f"""
        players: [Alice, Bob]
        battlefield: {{Bob: {bob_board}}}
        hand: {{Alice: [Treachery], Bob: {bob_hand}}}
        {extra}
        ask: {{put_onto_battlefield: {{spell: Eureka, player: Alice}}}}
    """, db=db)


def test_protection_from_the_auras_colour_stops_it_entering_attached_cr_702_16c(answer, real_db):
    """CR 702.16c: a permanent with protection from blue can't be enchanted by a blue Aura, so Treachery put by Eureka
    with only Bob's Scragnoth (protection from blue) on the battlefield stays in the hand (303.4g): one end state."""
    res = _eureka_outcomes(answer, real_db, "[Scragnoth]")
    assert res.answer.values["outcomes"] == 1, res.message


def test_protection_from_everything_stops_an_aura_entering_attached_cr_702_16j(answer, real_db):
    """CR 702.16j: a permanent with protection from everything can't be enchanted by Auras (Progenitus)."""
    res = _eureka_outcomes(answer, real_db, "[Progenitus]")
    assert res.answer.values["outcomes"] == 1, res.message


def test_protection_from_another_colour_does_not_stop_the_aura_cr_702_16c(answer, real_db):
    """CR 702.16c: White Knight has protection from black; the blue Treachery may still enchant it."""
    res = _eureka_outcomes(answer, real_db, "[White Knight]")
    assert res.answer.values["outcomes"] == 2, res.message


def test_an_untyped_grant_of_protection_is_unsupported_not_guessed_cr_702_16c(answer, real_db):
    """Cho-Manno's Blessing ("Enchanted creature has protection from the chosen color", blue chosen) would stop
    Treachery (CR 702.16c); its grant is not typed, so the answer is unsupported naming it, never two end states."""
    res = _eureka_outcomes(answer, real_db, "[{card: Grizzly Bears, id: gb}, {card: \"Cho-Manno's Blessing\", "
                           "attached_to: gb, choices: {color: U}}]")
    assert res.verdict == "unsupported" and "Cho-Manno's Blessing" in res.message, res.message


def test_protection_of_a_card_put_earlier_in_the_process_is_unsupported_cr_702_16c(answer, real_db):
    """A creature card Bob puts earlier in the same Eureka (CR 303.4f, ruling 2006-09-25) with protection from blue:
    whether Treachery can then enchant it is not read for cards entering in the process, so it is unsupported."""
    res = _eureka_outcomes(answer, real_db, "[]", "[Scragnoth]")
    assert res.verdict == "unsupported" and "protection" in res.message, res.message


def test_an_aura_that_could_enchant_nothing_cannot_be_listed_as_put_cr_303_4g(answer, real_db):
    res = answer("""
        players: [Alice, Bob]
        hand: {Alice: [Treachery], Bob: []}
        ask: {trigger_order: {after: {spell: Eureka, player: Alice, put: {Alice: [Treachery]}}}}
    """, db=real_db)
    assert res.verdict == "error" and "303.4g" in res.message


def test_trigger_order_after_an_aura_put_reads_protection_cr_702_16c(answer, real_db):
    """After Eureka, Treachery can't be among the cards put when Bob's only creature is Scragnoth (protection from
    blue, CR 702.16c): it stays in the hand (303.4g), an error naming the rule."""
    res = answer("""
        players: [Alice, Bob]
        battlefield: {Bob: [Scragnoth]}
        hand: {Alice: [Treachery], Bob: []}
        ask: {trigger_order: {after: {spell: Eureka, player: Alice, put: {Alice: [Treachery]}}}}
    """, db=real_db)
    assert res.verdict == "error" and "303.4g" in res.message, res.message


def test_trigger_order_after_an_aura_put_with_an_untyped_protection_grant_is_unsupported(answer, real_db):
    """Cho-Manno's Blessing (blue chosen) would keep Treachery out (CR 702.16c); its grant is not typed, so the
    trigger order after Treachery is put is unsupported naming it, never an order of a state that can't happen."""
    res = answer("""
        players: [Alice, Bob]
        battlefield: {Bob: [{card: Grizzly Bears, id: gb}, {card: "Cho-Manno's Blessing", attached_to: gb,
                             choices: {color: U}}]}
        hand: {Alice: [Treachery], Bob: []}
        ask: {trigger_order: {after: {spell: Eureka, player: Alice, put: {Alice: [Treachery]}}}}
    """, db=real_db)
    assert res.verdict == "unsupported" and "Cho-Manno's Blessing" in res.message, res.message
