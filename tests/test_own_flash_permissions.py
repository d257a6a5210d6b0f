"""A spell's own permission to be cast as though it had flash (``SelfFlash``), parsed from real oracle text and read
by the timing rules and the total cost (CR 702.8a, 117.1a, 307.1, 601.3; 601.2f for "if you pay {2} more"). Expected
values come from the cards' printed costs and the rules."""
from __future__ import annotations

import pytest

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.text.oracle import parse_abilities
from mtgcheck.models.vocab.self_flash import SelfFlash

from .probe_boards import ask

BOB_END = {"active": "Bob", "turn": {"step": "end"}}


def _cast(db, bf, q, **extra):
    return ask(db, bf, {"cast": q}, **extra).values


def _first(text: str, type_line: str = "Sorcery"):
    card = card_from_fields({"name": "Test Spell", "mana_cost": "{1}{U}", "type_line": type_line, "oracle_text": text})
    return parse_abilities(card)[0].effect


def test_pay_two_more_only_when_cast_at_instant_speed_rout_cr_702_8a_601_2f(real_db):
    """Rout ({3}{W}{W}): in the caster's main phase it costs its mana cost; on another player's turn {2} more."""
    bf = {"Alice": ["Plains"] * 7}
    assert _cast(real_db, bf, {"card": "Rout"})["total_cost"] == "{3}{W}{W}"
    v = _cast(real_db, bf, {"card": "Rout", "player": "Alice"}, **BOB_END)
    assert v["castable"] is True and v["total_cost"] == "{5}{W}{W}"


def test_another_flash_permission_needs_no_two_more_cr_601_3(real_db):
    """With Leyline of Anticipation (spells as though they had flash), Rout on Bob's turn is cast through the Leyline's
    permission: its own {2} more is not paid (the caster chooses the permission; CR 601.3, 702.8a)."""
    bf = {"Alice": ["Plains"] * 5 + ["Leyline of Anticipation"]}
    v = _cast(real_db, bf, {"card": "Rout", "player": "Alice"}, **BOB_END)
    assert v["castable"] is True and v["total_cost"] == "{3}{W}{W}"


def test_has_flash_as_long_as_condition_crashing_tide_cr_702_8a(real_db):
    """Crashing Tide ({2}{U}, sorcery): "This spell has flash as long as you control a Merfolk"."""
    with_merfolk = {"Alice": ["Island"] * 3 + ["Harbinger of the Tides"], "Bob": ["Grizzly Bears"]}
    v = _cast(real_db, with_merfolk, {"card": "Crashing Tide", "player": "Alice"}, **BOB_END)
    assert v["castable"] is True and v["total_cost"] == "{2}{U}"
    without = {"Alice": ["Island"] * 3, "Bob": ["Harbinger of the Tides"]}  # Bob's Merfolk is not Alice's
    v = _cast(real_db, without, {"card": "Crashing Tide", "player": "Alice"}, **BOB_END)
    assert v["castable"] is False and v["reason_code"] == "timing"


def test_unconditional_with_cleanup_sacrifice_armor_of_thorns_cr_702_8a_603_7(real_db):
    """Armor of Thorns ({1}{G}, Aura): castable in combat; the sacrifice at the next cleanup step is a delayed trigger
    after it resolves (CR 603.7) and changes nothing about casting it."""
    v = _cast(real_db, {"Alice": ["Forest", "Forest", "Grizzly Bears"]}, {"card": "Armor of Thorns"},
              turn={"step": "declare_blockers"})
    assert v["castable"] is True and v["total_cost"] == "{1}{G}"


def test_split_second_still_stops_it_cr_702_61a(real_db):
    """A flash permission does not give priority: with a split second spell on the stack nothing is cast
    (CR 702.61a)."""
    bf = {"Alice": ["Forest", "Forest", "Grizzly Bears"], "Bob": ["Mountain"]}
    v = _cast(real_db, bf, {"card": "Armor of Thorns"}, stack={"Bob": ["Sudden Shock"]},
              turn={"step": "declare_blockers"})
    assert v["castable"] is False


@pytest.mark.parametrize("text", [
    "You may cast this spell as though it had flash if it targets a commander.",  # its own targets: not the board
    "You may cast this spell as though it had flash if X is 3 or less.",
    "Test Spell has flash as long as you control a Desert.",  # a keyword of the permanent too
])
def test_permissions_that_depend_on_the_spell_stay_unmodelled_cr_601_3(text):
    assert not isinstance(_first(text), SelfFlash)


def test_readings_name_their_parts_cr_702_8a():
    e = _first("You may cast this spell as though it had flash if you pay {2} more to cast it.")
    assert isinstance(e, SelfFlash) and e.extra == "{2}" and e.condition is None
    e = _first("This spell has flash as long as you control a Merfolk.")
    assert isinstance(e, SelfFlash) and e.condition is not None and not e.extra
