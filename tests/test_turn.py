"""The turn structure of scenarios (models/game/turn.py): steps in order, sorcery timing, history, combat states."""
from __future__ import annotations


import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.data.scenario import ScenarioError, build_state, load_scenarios
from mtgcheck.models.game.state import sorcery_timing
from mtgcheck.models.game.turn import TurnState, TurnStep
from mtgcheck.solver.api import ask

from .scenario_text import state_of


@pytest.fixture(scope="module")
def db():
    return load_database(None)


def test_cr_500_1_steps_in_turn_order_and_their_phases():
    """CR 500.1: beginning (untap, upkeep, draw), precombat main, combat (506.1: five steps), postcombat main,
    ending (end, cleanup)."""
    steps = list(TurnStep)
    assert [s.value for s in steps[:3]] == ["untap", "upkeep", "draw"]
    assert {s.phase for s in steps[:3]} == {"beginning"}
    assert [s for s in steps if s.is_combat] == [TurnStep.BEGINNING_OF_COMBAT, TurnStep.DECLARE_ATTACKERS,
                                                 TurnStep.DECLARE_BLOCKERS, TurnStep.COMBAT_DAMAGE, TurnStep.END_OF_COMBAT]
    assert [s for s in steps if s.is_main] == [TurnStep.PRECOMBAT_MAIN, TurnStep.POSTCOMBAT_MAIN]
    assert TurnStep.UPKEEP.order < TurnStep.DECLARE_ATTACKERS.order < TurnStep.END.order
    # CR 506.4 / 509.1: attackers exist from declare attackers on, blockers from declare blockers on
    assert not TurnStep.BEGINNING_OF_COMBAT.has_attackers and TurnStep.DECLARE_ATTACKERS.has_attackers
    assert not TurnStep.DECLARE_ATTACKERS.has_blockers and TurnStep.COMBAT_DAMAGE.has_blockers


def test_default_turn_is_the_active_players_precombat_main_phase(tmp_path, db):
    """Without `turn`, the scenario is asked in the active player's precombat main phase, nothing done yet."""
    st = state_of(tmp_path, db, """
        players: [Alice, Bob]
        ask: {available_mana: Alice}
    """)
    assert st.turn == TurnState()
    assert st.turn.step is TurnStep.PRECOMBAT_MAIN and not st.turn.given and st.turn.history.empty
    assert "default" in st.turn.describe(st.active)


def test_cr_307_1_sorcery_timing(tmp_path, db):
    """CR 307.1, 117.1a: a sorcery only in a main phase of its caster's own turn with an empty stack."""
    st = state_of(tmp_path, db, """
        players: [Alice, Bob]
        ask: {available_mana: Alice}
    """)
    assert sorcery_timing(st, "Alice") is None
    assert "not Bob's turn" in sorcery_timing(st, "Bob")
    st = state_of(tmp_path, db, """
        players: [Alice, Bob]
        turn: {step: upkeep}
        ask: {available_mana: Alice}
    """)
    assert "not a main phase" in sorcery_timing(st, "Alice")
    st = state_of(tmp_path, db, """
        players: [Alice, Bob]
        turn: {step: postcombat_main}
        stack: {Bob: [Lightning Bolt]}
        ask: {available_mana: Alice}
    """)
    assert "stack is not empty" in sorcery_timing(st, "Alice")


def test_history_is_read(tmp_path, db):
    st = state_of(tmp_path, db, """
        players: [Alice, Bob]
        turn:
          step: declare_attackers
          number: {Alice: 3, Bob: 2}
          history:
            cast: {Alice: [Lightning Bolt, lightning bolt]}
            activated: [{permanent: Forest, ability: 1, times: 2}]
            lands_played: {Alice: 1}
            life_gained: {Bob: 4}
            attacked: [Grizzly Bears]
        battlefield: {Alice: [Forest, {card: Grizzly Bears, attacking: true}]}
        ask: {available_mana: Alice}
    """)
    h = st.turn.history
    assert h.spells_cast_by("Alice") == ("Lightning Bolt", "Lightning Bolt") and h.spells_cast_by("Bob") == ()
    assert h.activations_of("Forest", 1) == 2 and h.activations_of("Forest", 2) == 0
    assert h.lands_played == {"Alice": 1} and h.life_gained == {"Bob": 4} and h.attacked == {"Grizzly Bears"}
    assert st.turn.turn_number("Alice") == 3 and st.turn.given
    assert st.permanent("Grizzly Bears").attacking


@pytest.mark.parametrize("text, words", [
    # CR 506.4, 508.1: nothing is attacking outside combat
    ("battlefield: {Alice: [{card: Grizzly Bears, attacking: true}]}", "attacking during the precombat main phase"),
    # CR 508.1a: only the active player attacks
    ("turn: {step: declare_attackers}\nbattlefield: {Bob: [{card: Grizzly Bears, attacking: true}]}", "CR 508.1a"),
    # CR 509.1: blockers only from the declare blockers step
    ("turn: {step: declare_attackers}\nbattlefield: {Bob: [{card: Grizzly Bears, blocking: true}]}", "CR 509.1"),
    # CR 509.1a: the active player does not block
    ("turn: {step: declare_blockers}\nbattlefield: {Alice: [{card: Grizzly Bears, blocking: true}]}", "CR 509.1a"),
    ("turn: {step: main}", "unknown step 'main'"),
    ("turn: {step: upkeep, phase: combat}", "unknown key 'phase'"),
    ("turn: {history: {cast: {Carol: [Lightning Bolt]}}}", "unknown player 'Carol'"),
    ("turn: {history: {activated: [{permanent: Forest}]}}", "no permanent named 'Forest'"),
    ("turn: {number: {Alice: 0}}", "at least 1"),
    # CR 500.1, 505.1a: the first combat comes after the precombat main phase
    ("turn: {step: upkeep, history: {attacked: [Forest]}}\nbattlefield: {Alice: [Forest]}", "no combat has happened"),
])
def test_impossible_or_malformed_turns_are_errors_naming_the_line(tmp_path, db, text, words):
    p = tmp_path / "s.yaml"
    p.write_text("players: [Alice, Bob]\n" + text + "\nask: {available_mana: Alice}\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        build_state(load_scenarios(p)[0], db)
    assert words in str(e.value) and "s.yaml:" in str(e.value)


def test_cr_606_3_loyalty_abilities_need_sorcery_timing_and_once_per_turn():
    """CR 606.3: a loyalty ability only when its controller could cast a sorcery, and only if none of that
    permanent's loyalty abilities has been activated this turn."""
    base = {"players": ["Alice", "Bob"], "battlefield": {"Alice": [{"card": "Chandra, Torch of Defiance",
                                                                    "counters": {"loyalty": 4}}]},
            "ask": {"activate": {"permanent": "Chandra, Torch of Defiance", "ability": 2}}}
    assert ask(base).values["activatable"] is True
    upkeep = dict(base, turn={"step": "upkeep"})
    a = ask(upkeep)
    assert a.values["activatable"] is False and "not a main phase" in a.values["reason"]
    again = dict(base, turn={"history": {"activated": [{"permanent": "Chandra, Torch of Defiance", "ability": 4}]}})
    a = ask(again)
    assert a.values["activatable"] is False and "CR 606.3" in a.values["reason"]
