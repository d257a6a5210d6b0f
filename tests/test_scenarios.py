"""Scenario files: shape checks, clear errors with file and line, state building."""
from __future__ import annotations

import textwrap

import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.data.scenario import ScenarioError, build_state, load_scenarios


@pytest.fixture(scope="module")
def db():
    return load_database(None)


def write(tmp_path, text, name="s.yaml"):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def test_bad_yaml_names_file_and_line(tmp_path):
    p = write(tmp_path, """\
        players: [Alice]
        ask:
          mana_value: {card: Forest
        """)
    with pytest.raises(ScenarioError) as e:
        load_scenarios(p)
    assert e.value.path == str(p)
    assert e.value.line in (3, 4)
    assert "YAML" in str(e.value)


def test_unknown_key_is_named_with_its_line_and_a_suggestion(tmp_path):
    p = write(tmp_path, """\
        players: [Alice]
        battlefeld:
          Alice: [Forest]
        ask: {mana_value: {card: Forest}}
        """)
    with pytest.raises(ScenarioError) as e:
        load_scenarios(p)
    assert e.value.line == 2
    assert "battlefeld" in str(e.value) and "battlefield" in str(e.value)


def test_missing_players_and_ask_are_errors(tmp_path):
    with pytest.raises(ScenarioError, match="players"):
        load_scenarios(write(tmp_path, "ask: {mana_value: {card: Forest}}\n"))
    with pytest.raises(ScenarioError, match="ask"):
        load_scenarios(write(tmp_path, "players: [A]\n", "b.yaml"))


def test_unknown_question_kind_suggests_the_right_one(tmp_path):
    with pytest.raises(ScenarioError) as e:
        load_scenarios(write(tmp_path, "players: [A]\nask: {could_prodce: Forest}\n"))
    assert "could_produce" in str(e.value) and e.value.line == 2


def test_unknown_card_name_gives_suggestions_and_line(tmp_path, db):
    p = write(tmp_path, """\
        players: [Alice]
        battlefield:
          Alice:
            - Forest
            - Llanowar Elfs
        ask: {activate: {permanent: Forest}}
        """)
    (sc,) = load_scenarios(p)
    with pytest.raises(ScenarioError) as e:
        build_state(sc, db)
    assert e.value.line == 5
    assert "Llanowar Elves" in str(e.value)


def test_cr_110_4_a_sorcery_cannot_be_on_the_battlefield(tmp_path, db):
    p = write(tmp_path, """\
        players: [Alice]
        battlefield:
          Alice: [Treasure Cruise]
        ask: {activate: {permanent: Treasure Cruise}}
        """)
    (sc,) = load_scenarios(p)
    with pytest.raises(ScenarioError, match="110.4"):
        build_state(sc, db)


def test_unknown_player_in_a_zone_is_an_error(tmp_path, db):
    p = write(tmp_path, """\
        players: [Alice, Bob]
        hand:
          Carol: [Forest]
        ask: {mana_value: {card: Forest}}
        """)
    (sc,) = load_scenarios(p)
    with pytest.raises(ScenarioError, match="Carol"):
        build_state(sc, db)


def test_impossible_values_are_errors(tmp_path, db):
    for i, entry in enumerate([
        "{card: Forest, count: 0}",
        "{card: Forest, tapped: maybe}",
        "{card: Forest, counters: {charge: -1}}",
        "{card: Forest, attached_to: nowhere}",
        "{card: Forest, colour: green}",
    ]):
        p = write(tmp_path, f"players: [A]\nbattlefield:\n  A:\n    - {entry}\nask: {{mana_value: {{card: Forest}}}}\n", f"x{i}.yaml")
        (sc,) = load_scenarios(p)
        with pytest.raises(ScenarioError) as e:
            build_state(sc, db)
        assert e.value.line == 4, (entry, str(e.value))


def test_scenarios_list_and_state_contents(tmp_path, db):
    p = write(tmp_path, """\
        scenarios:
          - players: [Alice, Bob]
            active: Bob
            battlefield:
              Alice:
                - {card: Forest, count: 2, tapped: true}
              Bob: [Llanowar Elves]
            library:
              Alice: [Island, Forest]
            life: {Alice: 7}
            pool: {Bob: "{G}{G}"}
            ask: {mana_value: {card: Forest}}
          - players: [Alice]
            ask: {mana_value: {card: Island}}
        """)
    scs = load_scenarios(p)
    assert len(scs) == 2
    state, _ = build_state(scs[0], db)
    assert state.active == "Bob" and state.apnap_order() == ["Bob", "Alice"]
    forests = [x for x in state.permanents("Alice") if x.name == "Forest"]
    assert len(forests) == 2 and all(x.tapped for x in forests) and len({x.id for x in forests}) == 2
    assert [c.name for c in state.cards("library", "Alice")] == ["Island", "Forest"]  # top first
    assert state.life == {"Alice": 7, "Bob": 20}
    assert str(state.pools["Bob"]) == "{G}{G}"


def test_ambiguous_permanent_reference_lists_candidates(tmp_path, db):
    from mtgcheck.solver.questions.runner import run_scenario

    p = write(tmp_path, """\
        players: [Alice, Bob]
        battlefield:
          Alice: [Forest]
          Bob: [Forest]
        ask: {activate: {permanent: Forest}}
        """)
    (sc,) = load_scenarios(p)
    res = run_scenario(sc, db)
    assert res.verdict == "error"
    assert "2 permanents" in res.message and "Alice" in res.message and "Bob" in res.message


def test_scenario_defined_cards_are_parsed_from_oracle_text(tmp_path, db):
    from mtgcheck.solver.questions.runner import run_scenario

    p = write(tmp_path, """\
        players: [Alice]
        cards:
          Hasty Tapper:
            mana_cost: "{1}{R}"
            type_line: Creature — Goblin
            oracle_text: "Haste\\n{T}: This creature deals 1 damage to any target."
            keywords: [Haste]
        battlefield:
          Alice:
            - {card: Hasty Tapper, sick: true}
        ask: {activate: {permanent: Hasty Tapper, ability: 1}}
        expect: {activatable: true}
        """)
    (sc,) = load_scenarios(p)
    res = run_scenario(sc, db)
    assert res.verdict == "pass", res.message


def test_cr_202_2_a_scenario_card_without_colors_takes_them_from_its_mana_cost():
    from mtgcheck.models.game.cards import card_from_fields

    card = card_from_fields({"name": "Test Bear", "mana_cost": "{1}{G}{W/U}", "type_line": "Creature — Bear"}, source="scenario")
    assert card.colors == frozenset("GWU")
    land = card_from_fields({"name": "Test Land", "type_line": "Land"}, source="scenario")
    assert land.colors == frozenset()


def test_absurd_counts_are_an_input_error_not_a_hang(tmp_path, db):
    p = write(tmp_path, """\
        players: [A]
        graveyard:
          A:
            - {card: Forest, count: 1000000000}
        ask: {mana_value: {card: Forest}}
        """)
    (sc,) = load_scenarios(p)
    with pytest.raises(ScenarioError) as e:
        build_state(sc, db)
    assert e.value.line == 4 and "at most" in str(e.value)


def test_card_fields_of_the_wrong_kind_are_named(tmp_path, db):
    p = write(tmp_path, """\
        players: [A]
        cards:
          Odd Card: {type_line: [Creature], mana_cost: "{G}"}
        ask: {mana_value: {card: Odd Card}}
        """)
    (sc,) = load_scenarios(p)
    with pytest.raises(ScenarioError) as e:
        build_state(sc, db)
    assert "type_line must be text" in str(e.value) and e.value.line == 3
