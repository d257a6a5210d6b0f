"""The mtgcheck command line: exit codes, JSON output, clear errors without tracebacks."""
from __future__ import annotations

import json
import textwrap

import pytest
from click.testing import CliRunner

from mtgcheck.solver.cli.main import main

GOOD = """\
title: Forest has no mana cost
source: "CR 202.3a"
players: [Alice]
ask: {mana_value: {card: Forest}}
expect: {mana_value: 0}
"""
WRONG = """\
title: a deliberately wrong expectation
players: [Alice]
ask: {mana_value: {card: Treasure Cruise}}
expect: {mana_value: 7}
"""


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_check_passes_and_exits_0(tmp_path):
    (tmp_path / "a.yaml").write_text(GOOD)
    r = run("check", str(tmp_path))
    assert r.exit_code == 0, r.output
    assert "1 pass" in r.output


def test_check_exits_1_when_an_expectation_fails(tmp_path):
    (tmp_path / "a.yaml").write_text(GOOD)
    (tmp_path / "b.yaml").write_text(WRONG)
    r = run("check", str(tmp_path))
    assert r.exit_code == 1
    assert "FAIL" in r.output and "expected 7, got 8" in r.output


def test_check_exits_2_on_unreadable_input_and_still_runs_the_rest(tmp_path):
    (tmp_path / "a.yaml").write_text(GOOD)
    (tmp_path / "bad.yaml").write_text("players: [A\nask: x\n")
    r = run("check", str(tmp_path))
    assert r.exit_code == 2
    assert "Traceback" not in r.output
    assert "bad.yaml" in r.output and "1 pass" in r.output


def test_check_json_prints_one_object_per_scenario(tmp_path):
    (tmp_path / "a.yaml").write_text(GOOD)
    (tmp_path / "b.yaml").write_text(WRONG)
    r = run("check", "--json", str(tmp_path))
    rows = [json.loads(line) for line in r.stdout.strip().splitlines()]
    assert [x["verdict"] for x in rows] == ["pass", "FAIL"]
    assert rows[0]["answer"] == {"mana_value": 0}


def test_missing_path_is_reported_not_a_traceback(tmp_path):
    r = run("check", str(tmp_path / "nope"))
    assert r.exit_code == 2
    assert "no such file" in r.output


def test_ask_prints_answer_and_why(tmp_path):
    p = tmp_path / "a.yaml"
    p.write_text(GOOD)
    r = run("ask", str(p))
    assert r.exit_code == 0
    assert "mana_value" in r.output and "why" in r.output and "202.3" in r.output


def test_unknown_card_in_ask_is_a_clear_error(tmp_path):
    p = tmp_path / "a.yaml"
    p.write_text("players: [A]\nask: {mana_value: {card: Tresure Cruise}}\n")
    r = run("ask", str(p))
    assert r.exit_code == 2
    assert "Treasure Cruise" in r.output and "Traceback" not in r.output


def test_bad_cards_file_is_a_clear_error(tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_text("this is not json")
    (tmp_path / "a.yaml").write_text(GOOD)
    r = CliRunner().invoke(main, ["check", "--cards", str(bad), str(tmp_path / "a.yaml")])
    assert r.exit_code == 2
    assert "cards.json" in r.output and "Traceback" not in r.output


def test_card_command_shows_the_model():
    r = run("card", "sol ring")
    assert r.exit_code == 0 and "Sol Ring" in r.output and "add_mana" in r.output


def test_empty_folder_is_an_input_problem_not_a_silent_pass(tmp_path):
    r = run("check", str(tmp_path))
    assert r.exit_code == 2
    assert "no scenario files" in r.output


def test_one_malformed_scenario_does_not_drop_the_others(tmp_path):
    (tmp_path / "m.yaml").write_text(textwrap.dedent("""\
        scenarios:
          - {players: [A], ask: {mana_value: {card: Forest}}, expect: {mana_value: 0}}
          - {players: [A], active: Bob, ask: {mana_value: {card: Forest}}}
          - {players: [A], ask: {mana_value: {card: Island}}, expect: {mana_value: 0}}
        """))
    r = run("check", "--json", str(tmp_path))
    rows = [json.loads(line) for line in r.stdout.strip().splitlines()]
    assert [x["verdict"] for x in rows] == ["pass", "error", "pass"]
    assert "m.yaml:3" in rows[1]["message"] and "Bob" in rows[1]["message"]
    assert r.exit_code == 2


def test_hidden_folders_are_skipped_and_paths_shown_relative(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / ".hidden").mkdir()
    (tmp_path / "a" / "x.yaml").write_text(GOOD)
    (tmp_path / ".hidden" / "x.yaml").write_text(WRONG)
    r = run("check", str(tmp_path))
    assert r.exit_code == 0, r.output
    assert "a/x.yaml" in r.output and "1 pass" in r.output


def test_card_command_suggests_close_names():
    r = CliRunner().invoke(main, ["card", "Lightnig Bolt"])
    assert r.exit_code == 2
    assert "did you mean" in r.output and "Lightning Bolt" in r.output


def test_graph_for_a_question_without_a_graph_is_reported(tmp_path):
    p = tmp_path / "a.yaml"
    p.write_text(GOOD)
    r = CliRunner().invoke(main, ["ask", str(p), "--graph", str(tmp_path / "g.dot")])
    assert r.exit_code == 2
    assert "has no picture" in r.output
    assert not (tmp_path / "g.dot").exists()


def test_json_file_errors_say_json(tmp_path):
    p = tmp_path / "a.json"
    p.write_text('{"players": ["A"], "ask": ')
    r = run("check", str(p))
    assert r.exit_code == 2 and "not valid JSON" in r.output


def test_expect_with_an_unknown_key_is_an_input_error_not_a_failure(tmp_path):
    (tmp_path / "a.yaml").write_text("players: [A]\nask: {mana_value: {card: Forest}}\nexpect: {mana_valeu: 0}\n")
    r = run("check", str(tmp_path))
    assert r.exit_code == 2
    assert "mana_valeu" in r.output and "mana_value" in r.output and "a.yaml:3" in r.output


def test_expect_with_an_unreadable_value_is_an_input_error(tmp_path):
    (tmp_path / "a.yaml").write_text(textwrap.dedent("""\
        players: [A]
        battlefield: {A: [Forest]}
        ask: {could_produce: Forest}
        expect: [G, Q]
        """))
    r = run("check", str(tmp_path))
    assert r.exit_code == 2
    assert "cannot be read" in r.output


def test_expect_of_the_wrong_kind_is_an_input_error(tmp_path):
    (tmp_path / "a.yaml").write_text('players: [A]\nask: {mana_value: {card: Forest}}\nexpect: {mana_value: "0"}\n')
    r = run("check", str(tmp_path))
    assert r.exit_code == 2 and "without quotes" in r.output


def test_empty_scenarios_list_is_an_input_error(tmp_path):
    (tmp_path / "a.yaml").write_text("scenarios: []\n")
    r = run("check", str(tmp_path))
    assert r.exit_code == 2 and "empty" in r.output


def test_a_huge_x_is_answered_quickly_not_spelled_out(tmp_path):
    """CR 107.3: X can be any number; {X}{X} with X = 10^9 is simply not payable from two Forests."""
    (tmp_path / "a.yaml").write_text(textwrap.dedent("""\
        players: [A, B]
        battlefield: {A: [Forest, Forest]}
        ask: {cast: {card: Hangarback Walker, x: 1000000000}}
        expect: {castable: false, total_cost: "{2000000000}"}
        """))
    r = run("check", str(tmp_path))
    assert r.exit_code == 0, r.output


def test_cast_takes_a_bare_card_name_like_could_produce(tmp_path):
    """``cast: NAME`` is ``cast: {card: NAME}``. CR 601.2c: Counterspell needs a spell to target, and with
    none on the stack it cannot be cast (both spellings answer the same)."""
    long = "players: [A]\nbattlefield: {A: [Island, Island]}\nhand: {A: [Counterspell]}\n"
    (tmp_path / "a.yaml").write_text(long + "ask: {cast: {card: Counterspell}}\nexpect: {castable: false}\n")
    (tmp_path / "b.yaml").write_text(long + "ask: {cast: Counterspell}\nexpect: {castable: false}\n")
    r = run("check", "--json", str(tmp_path))
    rows = [json.loads(line) for line in r.stdout.strip().splitlines()]
    assert [x["verdict"] for x in rows] == ["pass", "pass"] and rows[0]["answer"] == rows[1]["answer"]


def test_casting_another_players_card_suggests_player(tmp_path):
    """CR 601.3: a player casts from their own hand; the message says how to ask for Bob."""
    p = tmp_path / "a.yaml"
    p.write_text("players: [Alice, Bob]\nhand: {Bob: [Counterspell]}\nask: {cast: Counterspell}\n")
    r = run("ask", str(p))
    assert r.exit_code == 2
    assert "player: Bob" in " ".join(r.output.split())


def test_a_one_line_question_needs_no_file():
    """CR 305.7, 106.7: under Blood Moon the Pool is a Mountain and could produce only {R}."""
    r = run("ask", "--board", "Forest, Blood Moon, Reflecting Pool", "--could-produce", "Reflecting Pool", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["answer"] == {"types": ["R"]}
    r = run("ask", "--board", "2 Island", "--hand", "Counterspell", "--ask", "cast: Counterspell", "--json")
    assert json.loads(r.stdout)["answer"]["total_cost"] == "{U}{U}"


def test_a_one_line_question_reads_names_with_commas():
    from mtgcheck.models.data.database import load_database
    from mtgcheck.solver.cli.quick import split_cards

    db = load_database()
    name = next(c.name for c in db if "," in c.name)
    assert split_cards(f"Forest, {name}, 3 Island", db) == ["Forest", name, {"card": "Island", "count": 3}]


def test_ask_without_file_or_question_says_what_to_give():
    r = run("ask")
    assert r.exit_code == 2 and "--could-produce" in r.output
    r = run("ask", "--board", "Forest", "--could-produce", "Forest", "--cast", "Forest")
    assert r.exit_code == 2 and "one question" in r.output


def test_each_question_kind_names_the_module_of_its_handler():
    """``load_handlers(kind)`` imports only that kind's module: the map must name every kind's true module."""
    from mtgcheck.models.data.scenario import QUESTION_KINDS
    from mtgcheck.solver.questions.registry import HANDLERS, MODULE_OF, load_handlers

    load_handlers()
    assert set(MODULE_OF) == set(QUESTION_KINDS) == set(HANDLERS)
    for kind, reg in HANDLERS.items():
        assert getattr(reg.handler, "__wrapped__", reg.handler).__module__ == MODULE_OF[kind], kind
