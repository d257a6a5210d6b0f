"""What a Saga's chapter left behind once it resolved (CR 714.2b, 714.3a-b, 611.2a, 608.2).

A chapter ability triggers when the lore counters reach its number (714.2b); what it does lasts as long as it says
(611.2a). "This Saga gains "[ability]"" (Urza's Saga) gives the Saga that ability for as long as it stays; a chapter
whose effect lasts with a duration or on other objects leaves the answers it could change unsupported while the
Saga has enough lore counters, naming the chapter. Examples: examples/classes/saga_chapter_state.yaml.
"""
from __future__ import annotations

from pathlib import Path

from mtgcheck.models.vocab.abilities import chapter_numbers, roman_value
from mtgcheck.models.data.scenario import load_scenarios

ROOT = Path(__file__).resolve().parent.parent

BOARD = """
players: [Alice, Bob]
battlefield:
  Alice: [{{card: {card}, counters: {{lore: {lore}}}}}, Grizzly Bears, Forest]
ask: {ask}
"""


def test_the_example_texts_are_the_printed_ones(real_db):
    """The oracle texts written in the example file are those of the card file (the parser reads them)."""
    for sc in load_scenarios(ROOT / "examples" / "classes" / "saga_chapter_state.yaml"):
        for name, fields in (sc.data.get("cards") or {}).items():
            assert real_db.get(name).oracle_text == fields["oracle_text"], name


def test_chapter_numbers_read_roman_numerals_cr_714_2a():
    assert roman_value("IV") == 4 and roman_value("VI") == 6 and roman_value("IX") == 9
    assert chapter_numbers("I, II — Until your next turn, ...") == (1, 2)
    assert chapter_numbers("{T}: Add {C}.") == ()


def test_song_of_freyalise_in_force_is_unsupported_naming_the_chapter_cr_611_2a(answer, real_db):
    """"I, II — Until your next turn, creatures you control gain "{T}: Add one mana of any color."": with a lore
    counter the grant may be in force (whether its duration ended is not recorded), so what Grizzly Bears could
    produce is not answered, and the message names the chapter."""
    res = answer(BOARD.format(card="Song of Freyalise", lore=1, ask="{could_produce: Grizzly Bears}"), db=real_db)
    assert res.verdict == "unsupported"
    assert "Song of Freyalise" in res.message and "Until your next turn" in res.message


def test_fall_of_gil_galad_before_chapter_iii_changes_nothing_cr_714_2b(answer, real_db):
    """Chapter III ("Until end of turn, target creature you control gains ...") has not triggered with two lore
    counters: Grizzly Bears could produce nothing, Forest green."""
    res = answer(BOARD.format(card="Fall of Gil-galad", lore=2, ask="{available_mana: Alice}"), db=real_db)
    assert res.verdict == "no expectation", res.message
    assert res.answer.values["pools"] == ["{G}"]


def test_primal_odin_gains_its_chapter_ii_trigger_cr_714_2b_611_2a(real_db):
    """Summon: Primal Odin's "II — Zantetsuken — This creature gains "Whenever this creature deals combat damage to a
    player, that player loses the game."": with two lore counters the creature has that triggered ability, with one
    it does not."""
    from mtgcheck.models.game.state import GameState, Permanent
    from mtgcheck.solver.rules.board import board_view

    card = real_db.get("Summon: Primal Odin")
    for lore, has in ((1, False), (2, True)):
        p = Permanent(id="odin", card=card, controller="Alice", owner="Alice", counters={"lore": lore})
        state = GameState(players=["Alice", "Bob"], active="Alice", battlefield=[p])
        texts = [a.text for a in board_view(state)["odin"].abilities]
        assert any(t.startswith("Whenever this creature deals combat damage") for t in texts) is has
