"""Life lost (or gained) this turn read from the turn history's damage as well as its counts: one reader,
``solver.rules.quantities.life_this_turn``, for spectacle and every "if an opponent lost life this turn".

Rules: CR 119.3 (life lost), 120.3a (damage to a player from a source without infect is life lost), 120.3b (infect:
poison counters instead), 120.8 (a source that would deal 0 damage deals none: a recorded damage is at least 1),
702.15b (lifelink: its controller gains that much life), 702.137a (spectacle).
"""
from __future__ import annotations

import pytest

from mtgcheck.models.vocab.conditions import Compare
from mtgcheck.models.vocab.amounts import ThisTurn
from mtgcheck.solver.rules.quantities import AtLeast, amount_value, condition_holds, life_this_turn, lost_life_this_turn

from .scenario_text import state_of

REVIEW_SPECTACLE = """\
    players: [Alice, Bob]
    turn: {{step: postcombat_main, history: {history}}}
    battlefield:
      Alice: [{creature}, Mountain]
    hand:
      Alice: [Light Up the Stage]
    ask: {{cast: {{card: Light Up the Stage, using: spectacle}}}}
"""


def test_spectacle_after_combat_damage_without_infect_cr_702_137a_120_3a(answer, real_db):
    """Grizzly Bears dealt damage to Bob: he lost life (CR 120.3a), so spectacle {R} may be paid."""
    res = answer(REVIEW_SPECTACLE.format(history="{damage: [{from: Grizzly Bears, to: Bob}]}", creature="Grizzly Bears"),
                 db=real_db)
    assert res.answer is not None, res.message
    assert res.answer.values["castable"] is True and res.answer.values["total_cost"] == "{R}"


def test_spectacle_after_infect_damage_is_not_life_loss_cr_120_3b(answer, real_db):
    """Glistener Elf has infect: its damage to Bob gave poison counters, not life loss (CR 120.3b)."""
    res = answer(REVIEW_SPECTACLE.format(history="{damage: [{from: Glistener Elf, to: Bob}]}", creature="Glistener Elf"),
                 db=real_db)
    assert res.answer is not None, res.message
    assert res.answer.values["castable"] is False
    assert "702.137a" in res.answer.values["reason"]


def test_life_lost_count_is_the_total_damage_included_cr_119_3(tmp_path, real_db):
    """``life_lost`` is the total life lost (damage included): exact when given; a damage entry alone is at least 1."""
    base = """\
        players: [Alice, Bob]
        turn: {{step: postcombat_main, history: {history}}}
        battlefield: {{Alice: [Grizzly Bears]}}
        ask: {{could_produce: Grizzly Bears}}
    """
    s = state_of(tmp_path, real_db, base.format(history="{damage: [{from: Grizzly Bears, to: Bob}], life_lost: {Bob: 3}}"))
    assert life_this_turn(s, "Bob", "life_lost")[:2] == (3, True)
    s = state_of(tmp_path, real_db, base.format(history="{damage: [{from: Grizzly Bears, to: Bob}]}"))
    assert life_this_turn(s, "Bob", "life_lost")[:2] == (1, False)
    assert lost_life_this_turn(s, "Bob")[0] is True
    assert lost_life_this_turn(s, "Alice")[0] is False
    # an amount of life lost is then known only from below: a comparison decided by the bound is answered ...
    ok, why = condition_holds(s, "Alice", Compare(ThisTurn("life_lost", "opponent"), ">=", 1), None, "test")
    assert ok is True, why
    # ... and the amount itself is not (how much is not recorded)
    with pytest.raises(AtLeast):
        amount_value(s, "Alice", ThisTurn("life_lost", "opponent"), None, text="test")
    with pytest.raises(AtLeast):
        condition_holds(s, "Alice", Compare(ThisTurn("life_lost", "opponent"), ">=", 3), None, "test")


def test_lifelink_damage_is_life_gained_by_its_controller_cr_702_15b(tmp_path, real_db):
    """Vampire Nighthawk (lifelink) dealt damage to Bob: Alice, its controller, gained life; Bob did not."""
    s = state_of(tmp_path, real_db, """\
        players: [Alice, Bob]
        turn: {step: postcombat_main, history: {damage: [{from: Vampire Nighthawk, to: Bob}]}}
        battlefield: {Alice: [Vampire Nighthawk]}
        ask: {could_produce: Vampire Nighthawk}
    """)
    assert life_this_turn(s, "Alice", "life_gained")[:2] == (1, False)
    assert life_this_turn(s, "Bob", "life_gained")[:2] == (0, True)
    ok, _ = condition_holds(s, "Alice", Compare(ThisTurn("life_gained", "you"), ">=", 1), None, "test")
    assert ok is True


def test_a_source_whose_infect_is_not_known_is_unsupported_cr_120_3b(answer, real_db):
    """Text in play not modelled may give the damage source infect: whether Bob lost life is not known, so spectacle's
    answer is unsupported, naming the sentence."""
    res = answer("""\
        players: [Alice, Bob]
        cards:
          Odd Totem (hypothetical):
            mana_cost: "{2}"
            type_line: Artifact
            oracle_text: "Each creature you control with a name longer than ten letters has infect."
        turn: {step: postcombat_main, history: {damage: [{from: Grizzly Bears, to: Bob}]}}
        battlefield:
          Alice: [Grizzly Bears, Mountain, Odd Totem (hypothetical)]
        hand:
          Alice: [Light Up the Stage]
        ask: {cast: {card: Light Up the Stage, using: spectacle}}
    """, db=real_db)
    assert res.verdict == "unsupported" and "infect" in res.message and "Odd Totem" in res.message
