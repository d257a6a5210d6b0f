"""Command-line output: ``check --csv``, whole answers and the ``ask`` hint, an unchecked
expectation is not a pass, ``card --json``, ``validate -``, and every command naming its card data.

Expected values: Treasure Cruise's mana value is 8 (CR 202.3); Lightning Bolt's colour identity is red
(CR 903.4); a Commander deck holds 100 cards (CR 903.5a); five copies of a non-basic card break CR 100.2a."""
from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from mtgcheck.solver.cli.main import main
from tests.boards import CRUISE_YAML, haste_grant_scenario

CRUISE = CRUISE_YAML
# CR 613 / Llanowar Elves: a haste grant with a condition is not modelled, so whether the summoning-sick
# Elves can tap is unsupported, never guessed (the house rule: unmodelled text is never treated as absent)
UNMODELLED = haste_grant_scenario("Creatures you control with power 1 or greater have haste.",
                                  title="an unmodelled haste grant", expect="expect: {activatable: true}")


@pytest.fixture(autouse=True)
def _catalog_only(monkeypatch):
    monkeypatch.delenv("MTGCHECK_CARDS", raising=False)


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_check_csv_has_one_row_per_scenario(tmp_path):
    (tmp_path / "a.yaml").write_text(CRUISE)
    r = run("check", "--csv", str(tmp_path))
    assert r.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert len(rows) == 1
    assert rows[0]["verdict"] == "pass" and rows[0]["question"] == "mana_value"
    assert json.loads(rows[0]["answer"]) == {"mana_value": 8}
    assert "cards: the embedded catalog" in r.stderr


def test_check_all_shows_the_whole_answer_and_the_ask_hint(tmp_path):
    (tmp_path / "a.yaml").write_text(CRUISE)
    r = run("check", "--all", str(tmp_path))
    assert "mana_value=8" in r.stdout
    assert "keys}" not in r.stdout and "items]" not in r.stdout
    assert "mtgcheck ask" in r.stdout.strip().splitlines()[-1]
    assert "embedded catalog" in r.stdout


def test_check_prints_counts_by_folder_and_only_the_rows_that_did_not_pass(tmp_path):
    """The main job's report stays short: a passing scenario is counted in its folder's row, not listed;
    a failure (CR 202.3: Treasure Cruise's mana value is 8, not 7) is listed with its message."""
    (tmp_path / "ok").mkdir()
    (tmp_path / "bad").mkdir()
    (tmp_path / "ok" / "a.yaml").write_text(CRUISE)
    (tmp_path / "bad" / "b.yaml").write_text(CRUISE.replace("mana_value: 8", "mana_value: 7"))
    r = run("check", str(tmp_path))
    assert r.exit_code == 1
    rows = {cells[0]: cells[1:] for line in r.stdout.splitlines()
            if len(cells := [c.strip() for c in line.split("│")[1:-1]]) == 3}
    assert rows["ok"] == ["1", "0"] and rows["bad"] == ["0", "1"]  # folder: pass, FAIL
    assert "bad/b.yaml" in r.stdout and "ok/a.yaml" not in r.stdout
    assert "expected 7, got 8" in r.stdout and "mana_value=8" in r.stdout
    assert "2 scenarios: 1 pass, 1 FAIL" in r.stdout
    assert "--all" in r.stdout
    full = run("check", "--all", str(tmp_path))
    assert "ok/a.yaml" in full.stdout and "bad/b.yaml" in full.stdout


def test_an_expectation_that_could_not_be_checked_does_not_exit_0(tmp_path):
    (tmp_path / "u.yaml").write_text(UNMODELLED)
    r = run("check", str(tmp_path))
    assert r.exit_code == 1
    assert "1 unsupported" in r.stdout
    assert "could not be checked" in r.stdout
    r = run("ask", str(tmp_path / "u.yaml"))
    assert r.exit_code == 1 and "could not be checked" in r.stdout


def test_unsupported_without_an_expectation_is_not_a_failure(tmp_path):
    (tmp_path / "u.yaml").write_text(UNMODELLED.replace("expect: {activatable: true}\n", ""))
    assert run("check", str(tmp_path)).exit_code == 0


def test_card_json_has_legalities_and_color_identity():
    r = run("card", "Lightning Bolt", "--json")
    assert r.exit_code == 0
    d = json.loads(r.stdout)
    assert d["name"] == "Lightning Bolt" and d["color_identity"] == ["R"]
    assert d["mana_value"] == 1 and "legalities" in d
    assert d["data"].startswith("cards: the embedded catalog")


def test_card_unknown_with_only_the_catalog_says_how_to_get_every_card():
    r = run("card", "Steam Vents")
    assert r.exit_code == 2
    assert "mtgcheck data update" in r.stderr and "--cards" in r.stderr


def test_validate_dash_reads_standard_input():
    r = run("validate", "-", "--format", "modern", "--json", input="5 Lightning Bolt\n55 Mountain\n")
    d = json.loads(r.stdout.strip().splitlines()[0])
    assert d["source"] == "<stdin>"
    assert "too_many_copies" in d["codes"]
    assert r.exit_code == 1
