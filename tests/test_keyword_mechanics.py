"""Keyword mechanics the cast question reads, on the real cards that show them (32k-card file; skipped without it).

Each test names the rule; the expected answers are the rules' (never a run of mtgcheck).
"""
from __future__ import annotations

from tests.scenario_text import run


def _cast(tmp_path, db, board: str, ask: str):
    return run(tmp_path, db, f"players: [Alice, Bob]\nactive: Alice\n{board}\nask: {{cast: {ask}}}\n")


def test_emerge_reduces_by_the_sacrificed_creatures_mana_value(tmp_path, real_db):
    """CR 702.119a: Elder Deep-Fiend's emerge {5}{U}{U} less Grizzly Bears' mana value 2 is {3}{U}{U}: five Islands
    pay it; its mana cost {8} they cannot."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Grizzly Bears, Island, Island, Island, Island, Island]\n"
                                 "hand:\n  Alice: [Elder Deep-Fiend]", "{card: Elder Deep-Fiend}")
    assert r.verdict != "error" and r.answer.values["castable"] is True
    assert r.answer.values["using"] == "emerge" and r.answer.values["total_cost"] == "{3}{U}{U}"


def test_emerge_without_a_creature_is_not_castable(tmp_path, real_db):
    """CR 702.119a, 118.3: no creature to sacrifice, no emerge."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Island, Island, Island, Island, Island]\n"
                                 "hand:\n  Alice: [Elder Deep-Fiend]", "{card: Elder Deep-Fiend, using: emerge}")
    assert r.answer.values["castable"] is False


def test_an_overloaded_spell_has_no_targets(tmp_path, real_db):
    """CR 702.96b: Cyclonic Rift overloaded against a board of one Forest is castable for {6}{U}."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Island, Island, Island, Island, Island, Island, Island]\n"
                                 "  Bob: [Forest]\nhand:\n  Alice: [Cyclonic Rift]",
              "{card: Cyclonic Rift, using: overload}")
    assert r.answer.values["castable"] is True and r.answer.values["total_cost"] == "{6}{U}"


def test_split_second_on_the_stack_stops_casting(tmp_path, real_db):
    """CR 702.61a: while Krosan Grip is on the stack, Lightning Bolt can't be cast."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Mountain]\nhand:\n  Alice: [Lightning Bolt]\n"
                                 "stack:\n  Bob: [Krosan Grip]", "{card: Lightning Bolt}")
    assert r.answer.values["castable"] is False and "702.61a" in r.answer.values["reason"]


def test_eminence_reduces_from_the_command_zone(tmp_path, real_db):
    """CR 113.6, 601.2f: The Ur-Dragon's eminence works in the command zone: Shivan Dragon costs {3}{R}{R}."""
    r = _cast(tmp_path, real_db, "command:\n  Alice: [The Ur-Dragon]\n"
                                 "battlefield:\n  Alice: [Mountain, Mountain, Mountain, Mountain, Mountain]\n"
                                 "hand:\n  Alice: [Shivan Dragon]", "{card: Shivan Dragon}")
    assert r.answer.values["castable"] is True and r.answer.values["total_cost"] == "{3}{R}{R}"


def test_a_keyword_the_cast_question_does_not_read_is_refused_by_name(tmp_path, real_db):
    """Never a silent answer: harmonize (CR 702.180a) is an alternative cost from a graveyard the cast rules do not
    read."""
    r = _cast(tmp_path, real_db, "battlefield:\n  Alice: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain]\n"
                                 "graveyard:\n  Alice: [Channeled Dragonfire]",
              "{card: Channeled Dragonfire, from: graveyard}")
    assert r.verdict == "unsupported" and "does not implement harmonize" in r.message


def test_a_land_is_played_not_cast(tmp_path, real_db):
    """CR 305.1, 305.9: asking to cast a land answers not castable, with the rule."""
    r = _cast(tmp_path, real_db, "hand:\n  Alice: [Forest]", "{card: Forest}")
    assert r.answer.values["castable"] is False and "305.1" in r.answer.values["reason"]
