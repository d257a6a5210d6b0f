"""Edge cases found by review of the turn structure, restrictions and targets (each names its rule).

CR 502.4 (no priority in the untap step), 514.3 / 514.3a (cleanup: normally none, unless state-based actions or
triggers), 715.4 (an adventurer card cast not as an Adventure has only its normal characteristics: the Adventure's
targets are not the spell's), 712.8c (a double-faced spell has only its front face's characteristics).
"""
from __future__ import annotations

import pytest


CAST = """
players: [Alice, Bob]
{extra}
battlefield:
  Alice: [{lands}]
hand: {{Alice: [{card}]}}
ask: {{cast: {{card: {card}{face}}}}}
"""


def _cast(answer, card, lands="Mountain", extra="", face="", db=None):
    r = answer(CAST.format(card=card, lands=lands, extra=extra, face=f", face: {face}" if face else ""), db)
    return r


def test_cr_502_4_nothing_is_cast_in_the_untap_step(answer):
    r = _cast(answer, "Lightning Bolt", extra="turn: {step: untap}")
    assert r.answer.values["castable"] is False and "CR 502.4" in r.answer.values["reason"]
    assert _cast(answer, "Lightning Bolt", extra="turn: {step: upkeep}").answer.values["castable"] is True


def test_cr_514_3a_cleanup_priority_is_not_guessed(answer):
    r = _cast(answer, "Lightning Bolt", extra="turn: {step: cleanup}")
    assert r.verdict == "unsupported" and "514.3a" in r.message


def test_cr_502_4_nothing_is_activated_in_the_untap_step(answer):
    r = answer("""
    players: [Alice, Bob]
    turn: {step: untap}
    battlefield:
      Alice: [Wall of Roots]
    ask: {activate: {permanent: Wall of Roots, ability: 1}}
    """)
    assert r.answer.values["activatable"] is False and "CR 502.4" in r.answer.values["reason"]


def test_cr_715_4_the_creature_half_of_an_adventurer_does_not_need_the_adventures_target(answer, real_db):
    # Brazen Borrower cast as a creature has no target; Petty Theft ("target nonland permanent an opponent
    # controls") needs one, and Bob controls no permanent
    r = _cast(answer, "Brazen Borrower", lands="Island, Island, Island", db=real_db)
    assert r.answer.values["castable"] is True
    r = _cast(answer, "Brazen Borrower", lands="Island, Island, Island", face="Petty Theft", db=real_db)
    assert r.answer.values["castable"] is False and "CR 601.2c" in r.answer.values["reason"]


def test_cr_702_8a_a_sorcerys_own_conditional_flash_is_a_casting_sentence(answer, real_db):
    # "This spell has flash as long as you control a Merfolk" (Crashing Tide) decides when it may be cast
    # (CR 702.8a, 117.1a): refusing it in combat as a sorcery without flash would be a wrong answer; a condition
    # not read ("committed a crime") keeps the sentence a casting one for the gate
    from mtgcheck.models.vocab.topics import Topic
    from mtgcheck.models.text.topics import classify

    assert Topic.CASTING in classify("This spell has flash as long as you control a Merfolk.", "spell")
    assert Topic.CASTING in classify("Take for a Ride has flash as long as you've committed a crime this turn.", "spell")
    r = answer("""
    players: [Alice, Bob]
    turn: {step: declare_attackers}
    battlefield:
      Alice: [Island, Island, Island, Merfolk of the Pearl Trident]
      Bob: [Grizzly Bears]
    hand: {Alice: [Crashing Tide]}
    ask: {cast: {card: Crashing Tide}}
    """, real_db)
    # read now (models.vocab.self_flash.SelfFlash): with a Merfolk it has flash, so it may be cast in combat
    assert r.answer is not None and r.answer.values["castable"] is True, r.message


def test_an_unquoted_name_with_a_comma_is_an_error_that_says_to_quote_it(tmp_path):
    # a new user's first multi-word legendary name: YAML reads {card: Valki, God of Lies} as two keys
    from mtgcheck.models.data.scenario import ScenarioError, load_scenarios

    p = tmp_path / "s.yaml"
    p.write_text("players: [Alice, Bob]\nask: {cast: {card: Valki, God of Lies}}\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenarios(p)
    assert "must be quoted" in str(e.value) and 'card: "Valki, God of Lies"' in str(e.value) and ":2" in str(e.value)


def test_cr_602_2a_another_players_mana_ability_any_player_may_activate_is_not_left_out(answer, real_db):
    # Mana Cache: "Any player may activate this ability but only during their turn": Bob may remove a counter in
    # his own turn and gets the {C} (he controls the ability he activates, CR 602.2a, 113.8), so Grizzly Bears is
    # castable with his Forest; leaving Alice's Mana Cache out answered "not enough mana"
    r = answer("""
    players: [Alice, Bob]
    active: Bob
    battlefield:
      Alice: [{card: Mana Cache, counters: {charge: 2}}]
      Bob: [Forest]
    hand: {Bob: [Grizzly Bears]}
    ask: {cast: {card: Grizzly Bears, player: Bob}}
    """, real_db)
    assert r.verdict == "unsupported" and "Mana Cache" in r.message and "602.2" in r.message
