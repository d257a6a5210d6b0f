"""Modal triggered abilities with a mode that adds mana (CR 700.2, 700.2a, 605.5a, 106.7): Galadriel, Light of
Valinor's "• Add {G}{G}{G}." (examples/classes/modal_trigger_mana.yaml)."""
from __future__ import annotations

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.vocab.conditions import ModeUnchosen
from mtgcheck.models.vocab.mana_effects import TriggeredAddMana
from mtgcheck.models.vocab.effect import Unmodelled
from mtgcheck.models.text.oracle import parse_abilities
from mtgcheck.solver.api import ask

GALADRIEL = {"name": "Galadriel, Light of Valinor", "mana_cost": "{2}{G}{U}", "type_line": "Legendary Creature — Elf Noble",
             "power": "3", "toughness": "4",
             "oracle_text": "Alliance — Whenever another creature you control enters, choose one that hasn't been chosen "
                            "this turn —\n• Add {G}{G}{G}.\n• Put a +1/+1 counter on each creature you control.\n• Scry 2, "
                            "then draw a card."}
ZUKO = {"name": "Zuko, Conflicted", "mana_cost": "{B}{R}", "type_line": "Legendary Creature — Human Rogue", "power": "2",
        "toughness": "3",
        "oracle_text": "At the beginning of your first main phase, choose one that hasn't been chosen and you lose 2 life —\n"
                       "• Draw a card.\n• Put a +1/+1 counter on Zuko.\n• Add {R}.\n• Exile Zuko, then return him to the "
                       "battlefield under an opponent's control."}


def _galadriel(extra=None):
    s = {"players": ["Alice", "Bob"], "cards": {GALADRIEL["name"]: {k: v for k, v in GALADRIEL.items() if k != "name"}},
         "battlefield": {"Alice": ["Galadriel, Light of Valinor"]},
         "ask": {"could_produce": {"card": "Galadriel, Light of Valinor"}}}
    s.update(extra or {})
    return s


def test_the_add_mode_is_the_triggered_ability_with_that_mode_cr_700_2():
    """CR 700.2 (the modes belong to the triggered ability), 605.5a: "• Add {G}{G}{G}." is typed as "whenever another
    creature you control enters, add {G}{G}{G}" with ``ModeUnchosen('turn', 3)``; the other modes stay unmodelled, and
    the mode does not count as a second trigger of the same event (CR 603.2: the ability triggers once)."""
    abil = parse_abilities(card_from_fields(GALADRIEL))
    typed = [a for a in abil if isinstance(a.effect, TriggeredAddMana)]
    assert len(typed) == 1
    eff = typed[0].effect
    assert eff.output.mana == ("G", "G", "G") and eff.condition == ModeUnchosen("turn", 3) and eff.enters is None
    assert sum(isinstance(a.effect, Unmodelled) for a in abil) == 2


def test_with_no_resolution_this_turn_every_mode_is_left_cr_700_2a_106_7():
    """CR 700.2a: no earlier resolution this turn, so "Add {G}{G}{G}" can be chosen: Galadriel could produce {G}."""
    assert ask(_galadriel()).values["types"] == ["G"]


def test_after_a_resolution_this_turn_which_mode_is_left_is_unknown_cr_700_2a():
    """CR 700.2a: the trigger resolved once this turn and which mode it chose is not recorded: unsupported, naming it."""
    got = ask(_galadriel({"turn": {"history": {"resolved": [
        {"permanent": "Galadriel, Light of Valinor", "trigger": 1, "times": 1}]}}}))
    assert got.verdict == "unsupported" and "Galadriel, Light of Valinor" in got.message and "700.2a" in got.message


def test_zuko_hasnt_been_chosen_ever_stays_unsupported_cr_700_2a():
    """CR 700.2a, 400.7: "choose one that hasn't been chosen" counts the modes chosen since Zuko entered, on earlier
    turns too, which no scenario records: could_produce stays unsupported, naming the mode."""
    s = {"players": ["Alice", "Bob"], "cards": {ZUKO["name"]: {k: v for k, v in ZUKO.items() if k != "name"}},
         "battlefield": {"Alice": ["Zuko, Conflicted"]}, "ask": {"could_produce": {"card": "Zuko, Conflicted"}}}
    got = ask(s)
    assert got.verdict == "unsupported" and "Add {R}" in got.message
