"""Bad input is a clear error naming file, line and problem: no traceback, no hang, no silent drop.

Each test builds one hostile or broken input of a class found by the attack on mtgcheck and asserts the
error (its file, line and words) or the exit code the CLI promises (2 for input, 3 for an internal error).
"""
from __future__ import annotations

import textwrap

import pytest
from click.testing import CliRunner

from mtgcheck.models.data.inputs import InputError, check_yaml_node, json_loads_limited
from mtgcheck.models.data.scenario import ScenarioError, build_state, load_scenarios
from mtgcheck.solver.cli.main import main


@pytest.fixture(scope="module")
def db():
    from mtgcheck.models.data.database import load_database

    return load_database()


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def write(tmp_path, text, name="s.yaml"):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text))
    return p


def load_error(tmp_path, text) -> ScenarioError:
    p = write(tmp_path, text)
    with pytest.raises(ScenarioError) as ei:
        load_scenarios(p)
    assert ei.value.path == str(p)
    return ei.value


# ---- YAML ------------------------------------------------------------------


def test_a_5000_digit_int_is_an_error_at_its_line(tmp_path):
    e = load_error(tmp_path, "players: [A]\nlife: {A: " + "9" * 5000 + "}\nask: {mana_value: {card: Opt}}\n")
    assert e.line == 2 and "5000 digits" in e.message


@pytest.mark.parametrize("tag", ["!!int", "!!float"])
def test_a_tag_that_cannot_read_its_value_is_an_error(tmp_path, tag):
    e = load_error(tmp_path, f"title: {tag} abc\nplayers: [A]\nask: {{mana_value: {{card: Opt}}}}\n")
    assert e.line == 1 and "'abc'" in e.message


def test_an_alias_bomb_is_refused_quickly(tmp_path):
    lines = ['l0: &l0 ["x","x","x","x","x","x","x","x","x","x"]']
    for i in range(1, 10):
        lines.append(f"l{i}: &l{i} [" + ",".join([f"*l{i - 1}"] * 10) + "]")
    text = "players: [A]\nask: {mana_value: {card: Opt}}\nnotes:\n" + "".join("  " + ln + "\n" for ln in lines) + "title: *l9\n"
    e = load_error(tmp_path, text)
    assert "alias" in e.message


def test_a_recursive_alias_is_refused(tmp_path):
    e = load_error(tmp_path, "players: [A]\nask: &a {mana_value: [*a]}\n")
    assert e.line == 2 and "recursive alias" in e.message


def test_nesting_5000_deep_is_refused(tmp_path):
    e = load_error(tmp_path, "[" * 5000 + "]" * 5000 + "\n")
    assert "levels deep" in e.message


def test_yaml_node_check_counts_shared_aliases_once_per_expansion():
    import yaml

    node = yaml.compose("a: &x [1, 2]\nb: *x\nc: *x\n")
    check_yaml_node(node)  # small: fine
    with pytest.raises(InputError):
        check_yaml_node(node, max_nodes=8)  # 1 map + 3 keys + 3 * (list + 2 items) = 13 > 8


def test_json_nested_100000_deep_is_an_input_error():
    with pytest.raises(InputError, match="levels deep"):
        json_loads_limited('{"main": ' + "[" * 100_000 + "]" * 100_000 + "}")


# ---- scenario keys and sizes -----------------------------------------------


def test_an_unknown_question_argument_names_the_closest(tmp_path):
    """Cast: {card: Treasure Cruise, usng: flashback} is an error, never a cast from hand."""
    e = load_error(tmp_path, """\
        players: [A]
        ask:
          cast: {card: Treasure Cruise,
                 usng: flashback}
        """)
    assert e.line == 4 and "'usng'" in e.message and "did you mean 'using'" in e.message


def test_every_question_kind_declares_its_arguments():
    from mtgcheck.models.data.scenario import QUESTION_ARGS, QUESTION_KINDS
    from mtgcheck.solver.questions.registry import load_handlers

    assert set(QUESTION_ARGS) == set(QUESTION_KINDS) == set(load_handlers())


def test_too_many_players_is_an_error(tmp_path):
    players = ", ".join(f"P{i}" for i in range(1000))
    e = load_error(tmp_path, f"players: [{players}]\nask: {{available_mana: P0}}\n")
    assert "1000 players" in e.message


def test_a_5000_digit_pool_symbol_is_an_error(tmp_path, db):
    p = write(tmp_path, 'players: [A]\npool: {A: "{' + "9" * 5000 + '}"}\nask: {available_mana: A}\n')
    sc = load_scenarios(p)[0]
    with pytest.raises(ScenarioError, match="5000 digits") as ei:
        build_state(sc, db)
    assert ei.value.line == 2


@pytest.mark.parametrize("card, words", [
    ("{type_line: Creature, keywords: [null]}", "'keywords' must be a list of text"),
    ("{type_line: Land, abilities: [{kind: activated, effect: add_mana, params: [1, 2]}]}", "'params' of ability 1"),
    # every object of a scenario is a card (CR 111.1): a token would be answered as a nontoken card
    ("{type_line: Token Creature — Bear, power: '2', toughness: '2'}", "a token cannot be defined"),
    ("{type_line: Creature — Bear, layout: token, power: '2', toughness: '2'}", "a token cannot be defined"),
])
def test_malformed_card_definitions_are_errors(tmp_path, db, card, words):
    p = write(tmp_path, f"players: [A]\ncards:\n  Foo: {card}\nbattlefield: {{A: [Foo]}}\nask: {{available_mana: A}}\n")
    with pytest.raises(ScenarioError, match=words):
        build_state(load_scenarios(p)[0], db)


def test_an_attachment_cycle_is_an_impossible_state(tmp_path, db):
    """CR 301.5c / 303.4d: nothing is attached to itself, so neither can A be attached to B and B to A."""
    p = write(tmp_path, """\
        players: [A]
        battlefield:
          A:
            - {card: Forest, id: f}
            - {card: Wild Growth, id: a, attached_to: b}
            - {card: Wild Growth, id: b, attached_to: a}
        ask: {available_mana: A}
        """)
    with pytest.raises(ScenarioError, match="attachment cycle") as ei:
        build_state(load_scenarios(p)[0], db)
    assert ei.value.line in (5, 6)


def test_a_scenario_cannot_read_files_outside_its_folder(tmp_path):
    sub = tmp_path / "inner"
    sub.mkdir()
    (tmp_path / "secret.txt").write_text("4 Island\n")
    write(sub, "players: [A]\nask: {validate_deck: {format: modern, decklist: ../secret.txt}}\n")
    r = run("check", str(sub / "s.yaml"))
    assert r.exit_code == 2
    assert "outside the scenario's folder" in r.output and "4 Island" not in r.output


def test_a_long_one_line_decklist_is_text_not_a_file_name(tmp_path):
    write(tmp_path, 'players: [A]\nask: {validate_deck: {format: modern, decklist: "4 Island ' + "x" * 3000 + '"}}\n')
    r = run("check", str(tmp_path / "s.yaml"), "--json")
    assert r.exit_code == 0 and '"unknown_card"' in r.output


def test_a_10kb_unknown_name_gets_an_answer_without_echoing_it_all(db):
    with pytest.raises(KeyError) as ei:
        db.get("Lightning Bolt " * 700)
    assert len(str(ei.value)) < 400 and "characters" in str(ei.value)


# ---- exit codes -------------------------------------------------------------


def test_an_internal_error_exits_3_not_0(tmp_path, monkeypatch):
    import mtgcheck.solver.questions.registry as questions

    questions.load_handlers()
    reg = questions.HANDLERS["mana_value"]

    def boom(ctx):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(reg, "handler", boom)
    write(tmp_path, "players: [A]\nask: {mana_value: {card: Opt}}\n")
    r = run("check", str(tmp_path / "s.yaml"))
    assert r.exit_code == 3 and "internal error" in r.output
    r = run("ask", str(tmp_path / "s.yaml"))
    assert r.exit_code == 3


def test_a_full_disk_while_writing_output_is_exit_2_with_a_message(tmp_path):
    import os
    import subprocess
    import sys

    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system")
    write(tmp_path, "players: [A]\nask: {mana_value: {card: Opt}}\n")
    with open("/dev/full", "w") as full:
        cp = subprocess.run([sys.executable, "-m", "mtgcheck", "check", str(tmp_path / "s.yaml")], stdout=full,
                            stderr=subprocess.PIPE, text=True, timeout=120)
    assert cp.returncode == 2 and "no space left" in cp.stderr and "Traceback" not in cp.stderr


# ---- card data and format files ---------------------------------------------------


def _card_data_error(path):
    from mtgcheck.models.data.database import CardDataError
    from mtgcheck.models.data.importers import load_cards_file

    with pytest.raises(CardDataError) as ei:
        load_cards_file(path)
    return str(ei.value)


def test_card_data_corrupt_gzip_nested_json_empty_array_and_symlink_loop(tmp_path):
    import gzip
    import os

    data = bytearray(gzip.compress(b'[{"object": "card", "name": "Opt"}]' * 200))
    data[20:30] = b"\xff" * 10
    (tmp_path / "c.json.gz").write_bytes(bytes(data))
    assert "corrupt compressed data" in _card_data_error(tmp_path / "c.json.gz")
    (tmp_path / "n.json").write_text("[" * 100_000 + "]" * 100_000)
    assert "nested too deep" in _card_data_error(tmp_path / "n.json")
    (tmp_path / "e.json").write_text("[]")
    assert "holds no card" in _card_data_error(tmp_path / "e.json")
    os.symlink(tmp_path / "l2", tmp_path / "l1")
    os.symlink(tmp_path / "l1", tmp_path / "l2")
    msg = _card_data_error(tmp_path / "l1")
    assert "loop" in msg.lower() or "leads nowhere" in msg


def test_a_card_face_without_a_name_is_a_skipped_record(tmp_path):
    from mtgcheck.models.data.importers import load_cards_file

    (tmp_path / "c.json").write_text('[{"object": "card", "name": "A // B", "layout": "split", "type_line": "Instant // Instant",'
                                     ' "card_faces": [{"name": null}, {"name": "B"}]},'
                                     ' {"object": "card", "name": "Opt", "type_line": "Instant", "mana_cost": "{U}"}]')
    report = load_cards_file(tmp_path / "c.json")
    assert [c.name for c in report.cards] == ["Opt"]


@pytest.mark.parametrize("body, words", [
    ("name: x\nmin_main: " + "9" * 5000 + "\n", "5000 digits"),
    ("name: x\nnotes: " + "[" * 5000 + "]" * 5000 + "\n", "levels deep"),
    ("name: x\na: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 10) + "]\n" for i in range(7)), "alias"),
])
def test_a_format_file_beyond_the_limits_is_a_format_error(tmp_path, body, words):
    from mtgcheck.models.data.formats import FormatError, load_format

    p = tmp_path / "f.yaml"
    p.write_text(body)
    with pytest.raises(FormatError, match=words):
        load_format(str(p))
