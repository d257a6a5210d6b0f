"""Where abilities function (CR 113.6) decides what the gate looks at: resolved effects in force, spells on the stack,
cards in the command zone (real cards of the 32k-card file; skipped without it). Never a silent answer: text there
that could change the answer and is not read makes it unsupported, naming the card and the sentence."""
from __future__ import annotations

from tests.scenario_text import run


def _ask(tmp_path, db, body: str):
    return run(tmp_path, db, "players: [Alice, Bob]\nactive: Alice\n" + body)


def test_a_prohibition_in_force_is_not_ignored(tmp_path, real_db):
    """CR 611.2a: Silence resolved this turn — "Your opponents can't cast spells this turn" is in force, so whether
    Alice can cast Lightning Bolt depends on it."""
    r = _ask(tmp_path, real_db, "battlefield:\n  Alice: [Mountain]\nhand:\n  Alice: [Lightning Bolt]\n"
                                "effects:\n  - {card: Silence, controller: Bob}\nask: {cast: {card: Lightning Bolt}}\n")
    assert r.verdict == "unsupported" and "Silence" in r.message


def test_haste_given_by_an_effect_in_force_is_not_ignored(tmp_path, real_db):
    """CR 611.2a, 302.6: Expedite gave the summoning-sick Elves haste until end of turn: available mana depends on it."""
    r = _ask(tmp_path, real_db, "battlefield:\n  Alice: [{card: Llanowar Elves, sick: true}]\n"
                                "effects:\n  - {card: Expedite, controller: Alice, targets: [Llanowar Elves]}\n"
                                "ask: {available_mana: Alice}\n")
    assert r.verdict == "unsupported" and "Expedite" in r.message


def test_a_conditional_split_second_on_the_stack_is_not_ignored(tmp_path, real_db):
    """CR 702.61a, 113.6: Molten Disaster on the stack has split second if it was kicked, which the scenario does not
    say: casting Lightning Bolt is unsupported, never "castable"."""
    r = _ask(tmp_path, real_db, "battlefield:\n  Alice: [Mountain]\nhand:\n  Alice: [Lightning Bolt]\n"
                                "stack:\n  Bob: [Molten Disaster]\nask: {cast: {card: Lightning Bolt}}\n")
    assert r.verdict == "unsupported" and "Molten Disaster" in r.message


def test_an_instruction_on_the_stack_waits_for_resolution(tmp_path, real_db):
    """CR 608.2: Lightning Bolt on the stack changes nothing about casting another Lightning Bolt."""
    r = _ask(tmp_path, real_db, "battlefield:\n  Alice: [Mountain]\nhand:\n  Alice: [Lightning Bolt]\n"
                                "stack:\n  Bob: [Lightning Bolt]\nask: {cast: {card: Lightning Bolt}}\n")
    assert r.verdict != "unsupported" and r.answer.values["castable"] is True


def test_a_conspiracy_works_in_the_command_zone(tmp_path, real_db):
    """CR 113.6p: Hymn of the Wilds in Alice's command zone says she can't cast instant spells: not ignored."""
    r = _ask(tmp_path, real_db, "command:\n  Alice: [Hymn of the Wilds]\nbattlefield:\n  Alice: [Mountain]\n"
                                "hand:\n  Alice: [Lightning Bolt]\nask: {cast: {card: Lightning Bolt}}\n")
    assert r.verdict == "unsupported" and "Hymn of the Wilds" in r.message


def test_available_mana_names_abilities_that_untap_a_source(tmp_path, real_db):
    """CR 605.1a: Kiora's Follower's untap ability targets, so it is not a mana ability; available mana counts mana
    abilities and names it."""
    r = _ask(tmp_path, real_db, "battlefield:\n  Alice: [Kiora's Follower, Sol Ring]\nask: {available_mana: Alice}\n")
    assert r.answer.values["pools"] == ["{C}{C}"]
    assert any("Kiora's Follower" in line and "not counted" in line for line in r.answer.explanation)
