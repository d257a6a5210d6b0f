"""Alternative costs whose condition is a typed fact of the board, the players or the turn (CR 118.9, 601.2b): the
Traps. Parsed from real oracle text; expected values from the cards' text and the rules."""
from __future__ import annotations

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.vocab.cost_effects import PrintedAlternativeCost
from mtgcheck.models.text.oracle import parse_abilities

from .probe_boards import ask

BOB = {"active": "Bob"}


def _cast(db, bf, q, **extra):
    return ask(db, bf, {"cast": q}, **extra).values


def test_opponent_cast_three_spells_mindbreak_trap_cr_118_9_601_2i(real_db):
    """Mindbreak Trap: {0} after an opponent cast three spells this turn; two are not enough."""
    bf = {"Alice": []}
    three = {"history": {"cast": {"Bob": ["Opt", "Opt", "Lightning Bolt"]}}}
    v = _cast(real_db, bf, {"card": "Mindbreak Trap", "player": "Alice"}, stack={"Bob": ["Lightning Bolt"]},
              turn=three, hand={"Alice": ["Mindbreak Trap"]}, **BOB)
    assert v["castable"] is True and v["using"] == "alternative" and v["total_cost"] == "{0}"
    two = {"history": {"cast": {"Bob": ["Opt", "Lightning Bolt"], "Alice": ["Opt"]}}}  # Alice's own spells do not count
    v = _cast(real_db, bf, {"card": "Mindbreak Trap", "player": "Alice"}, stack={"Bob": ["Lightning Bolt"]},
              turn=two, hand={"Alice": ["Mindbreak Trap"]}, **BOB)
    assert v["castable"] is False


def test_opponent_had_green_creature_enter_permafrost_trap_cr_603_6a_105_2(real_db):
    """Permafrost Trap: {U} after a green creature entered under an opponent's control this turn; a white one is not."""
    turn = {"step": "end", "history": {"entered": {"Bob": ["Grizzly Bears"]}}}
    v = _cast(real_db, {"Alice": ["Island"], "Bob": ["Grizzly Bears"]}, {"card": "Permafrost Trap", "player": "Alice"},
              turn=turn, **BOB)
    assert v["castable"] is True and v["total_cost"] == "{U}"
    turn = {"step": "end", "history": {"entered": {"Bob": ["Savannah Lions"]}}}
    v = _cast(real_db, {"Alice": ["Island"], "Bob": ["Savannah Lions"]}, {"card": "Permafrost Trap", "player": "Alice"},
              turn=turn, **BOB)
    assert v["castable"] is False


def test_unread_condition_stays_untyped_cr_118_9():
    """"If an opponent searched their library this turn" is not in a scenario's history: the part stays untyped."""
    card = card_from_fields({"name": "Test Trap", "mana_cost": "{4}{U}", "type_line": "Instant — Trap",
                             "oracle_text": "If an opponent searched their library this turn, you may pay {0} rather "
                                            "than pay this spell's mana cost.\nDraw a card."})
    e = parse_abilities(card)[0].effect
    assert isinstance(e, PrintedAlternativeCost) and "searched" in e.untyped
