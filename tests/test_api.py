"""The public API of ``mtgcheck/__init__``: ask, check, validate, load_cards; plain-data results.

Expected answers come from the rules: Treasure Cruise's mana value is 8 (CR 202.3: its mana cost {7}{U};
CR 702.66b and the Treasure Cruise ruling: delve does not change it)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import mtgcheck
from mtgcheck.models.data.scenario import ScenarioError
from tests.boards import CRUISE_YAML

ROOT = Path(__file__).resolve().parent.parent
CRUISE = {"title": "Treasure Cruise", "players": ["Alice"], "ask": {"mana_value": {"card": "Treasure Cruise"}},
          "expect": {"mana_value": 8}}


@pytest.fixture(autouse=True)
def _catalog_only(monkeypatch):
    monkeypatch.delenv("MTGCHECK_CARDS", raising=False)


def test_import_mtgcheck_loads_nothing_but_its_version():
    """``import mtgcheck`` is light: besides the package it loads only ``models/game/version.py`` (which imports nothing)
    and the docstring-only ``__init__.py`` files of the packages it sits in; the API is imported on first use."""
    code = "import sys, mtgcheck; print(sorted(m for m in sys.modules if m.startswith('mtgcheck')))"
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "['mtgcheck', 'mtgcheck.models', 'mtgcheck.models.game', 'mtgcheck.models.game.version']"


@pytest.mark.parametrize("given", ["mapping", "yaml", "path"])
def test_ask_takes_a_mapping_yaml_text_or_a_path(given, tmp_path):
    path = tmp_path / "cruise.yaml"
    path.write_text(CRUISE_YAML, encoding="utf-8")
    scenario = {"mapping": CRUISE, "yaml": CRUISE_YAML, "path": str(path)}[given]
    a = mtgcheck.ask(scenario)
    assert a.values == {"mana_value": 8}
    assert a.verdict == "pass" and a.ok
    assert any("202.3" in line for line in a.explanation)
    assert a.to_dict()["values"] == {"mana_value": 8}
    assert a.to_records() == [{"file": a.file, "index": 1, "title": "Treasure Cruise", "question": "mana_value",
                               "verdict": "pass", "ok": True, "answer": "mana_value=8", "message": "",
                               "reason_code": "", "capped": False, "source": a.source}]
    assert "<table>" in a._repr_html_()


def test_ask_reports_a_wrong_expectation_as_fail_not_an_exception():
    a = mtgcheck.ask(dict(CRUISE, expect={"mana_value": 4}))
    assert a.verdict == "FAIL" and not a.ok
    assert a.mismatches == ["mana_value: expected 4, got 8"]


def test_ask_an_unknown_card_with_only_the_catalog_says_how_to_get_every_card():
    bad = {"players": ["Alice"], "battlefield": {"Alice": ["Steam Vents"]}, "ask": {"could_produce": "Steam Vents"}}
    with pytest.raises(ScenarioError) as e:
        mtgcheck.ask(bad)
    assert "unknown card 'Steam Vents'" in str(e.value)
    assert "mtgcheck data update" in str(e.value) and "--cards" in str(e.value)


def test_ask_rejects_what_is_not_a_scenario():
    with pytest.raises(ScenarioError):
        mtgcheck.ask("- just\n- a list\n")
    with pytest.raises(TypeError):
        mtgcheck.ask(42)


def test_check_gives_one_flat_row_per_scenario():
    report = mtgcheck.check(ROOT / "examples" / "basics")
    assert len(report) > 0 and report.ok
    rows = report.to_records()
    assert len(rows) == len(report)
    for row in rows:
        assert all(v is None or isinstance(v, (bool, int, float, str)) for v in row.values()), row
    assert set(report.counts) <= {"pass", "no expectation"}
    assert report.cards.startswith("cards: the embedded catalog")
    assert "<table>" in report._repr_html_()


def test_validate_decklist_text_gives_a_report_of_one_deck():
    deck = "4 Lightning Bolt\n4 Opt\n52 Island\n"
    report = mtgcheck.validate(deck, "modern")
    assert isinstance(report, mtgcheck.ValidationReport) and len(report) == 1
    r = report[0]
    # the embedded catalog has no legalities, so the deck cannot be called legal (docs/decks.md)
    assert r.status is mtgcheck.DeckStatus.UNKNOWN and r.legal is None and r.index == 1
    assert r.codes == [mtgcheck.ProblemCode.LEGALITY_UNKNOWN]
    rows = r.to_records()
    assert len(rows) == 1 and rows[0]["format"] == "modern" and rows[0]["status"] == "unknown"
    assert r.to_dict()["counts"]["main"] == 60 and r.to_dict()["status"] == "unknown"


def test_validate_a_decklist_file(tmp_path):
    p = tmp_path / "deck.txt"
    p.write_text("5 Lightning Bolt\n55 Mountain\n", encoding="utf-8")
    r = mtgcheck.validate(p, "modern")[0]
    assert "too_many_copies" in r.codes  # CR 100.2a: at most four of a card other than basic lands


def test_load_cards_without_data_is_the_catalog():
    db = mtgcheck.load_cards()
    assert db.source == "catalog" and db.origin == "catalog"
    assert db.get("Treasure Cruise").mana_value() == 8


def test_validate_auto_takes_each_decks_own_format_as_the_cli_does(tmp_path):
    """``format="auto"`` (the default) is the CLI's ``--format auto``: a JSON-lines record names its format;
    a list that names none is unreadable, saying so. CR 100.2a: five Lightning Bolt are too many in Modern."""
    p = tmp_path / "decks.jsonl"
    p.write_text('{"format": "modern", "main": [[5, "Lightning Bolt"], [55, "Mountain"]]}\n'
                 '{"format": "legacy", "main": [[4, "Lightning Bolt"], [56, "Mountain"]]}\n', encoding="utf-8")
    report = mtgcheck.validate(p)
    assert [d.format for d in report] == ["modern", "legacy"] and [d.index for d in report] == [1, 2]
    assert "too_many_copies" in report[0].codes and report.codes["too_many_copies"] == 1
    only = mtgcheck.validate(p, "modern", only_registered=True)
    assert [d.format for d in only] == ["modern"] and only.skipped == {"legacy": 1}
    none = mtgcheck.validate("4 Lightning Bolt\n56 Mountain\n")
    assert none[0].status == "unreadable" and "names no format" in none[0].problems[0].message


def test_results_are_real_attributes_and_records_are_always_a_list():
    import dataclasses

    for cls in (mtgcheck.Answer, mtgcheck.DeckResult, mtgcheck.ValidationReport, mtgcheck.CheckReport):
        assert dataclasses.is_dataclass(cls) and "__getattr__" not in vars(cls)
    assert {"legal", "status", "codes", "problems"} <= {f.name for f in dataclasses.fields(mtgcheck.DeckResult)}
    a = mtgcheck.ask(CRUISE)
    report = mtgcheck.validate("4 Opt\n56 Island\n", "modern")
    for x in (a, report, report[0], mtgcheck.check(ROOT / "examples" / "basics")):
        rows = x.to_records()
        assert isinstance(rows, list) and rows and all(isinstance(r, dict) for r in rows)


def test_tab_completion_offers_only_public_names():
    names = dir(mtgcheck)
    assert "Any" not in names and "TYPE_CHECKING" not in names and "annotations" not in names
    assert {"ask", "check", "validate", "load_cards", "Verdict", "ProblemCode"} <= set(names)
    for n in names:
        assert getattr(mtgcheck, n) is not None


def test_verdicts_and_codes_are_enums_equal_to_their_text():
    assert mtgcheck.Verdict.FAIL == "FAIL" and mtgcheck.Verdict("no expectation") is mtgcheck.Verdict.NO_EXPECTATION
    a = mtgcheck.ask(dict(CRUISE, expect={"mana_value": 4}))
    assert a.verdict is mtgcheck.Verdict.FAIL
    assert mtgcheck.ProblemCode("banned") is mtgcheck.ProblemCode.BANNED


def test_the_api_docstrings_run_as_doctests():
    import doctest

    from mtgcheck.solver import api
    import mtgcheck.solver.questions.verdicts as verdicts

    for mod in (api, verdicts):
        res = doctest.testmod(mod, optionflags=doctest.NORMALIZE_WHITESPACE)
        assert res.failed == 0 and res.attempted > 0, mod.__name__


def test_a_long_report_is_cut_like_pandas_in_a_notebook():
    report = mtgcheck.check(ROOT / "examples" / "payment")
    assert len(report) > 60
    html = report._repr_html_()
    assert html.count("<tr>") == 1 + 10 + 1  # the header, the first and last five rows, the ellipsis row
    assert f"{len(report)} rows × 4 columns" in html


def test_a_could_produce_answer_draws_itself_without_graphviz(monkeypatch):
    import mtgcheck.solver.questions.graph as graph

    monkeypatch.setattr(graph, "_dot_program", lambda: None)
    a = mtgcheck.ask({"players": ["A"], "battlefield": {"A": ["Forest", "Reflecting Pool"]},
                      "ask": {"could_produce": "Reflecting Pool"}})
    svg = a._repr_svg_()
    assert svg.startswith("<?xml") and "Reflecting Pool" in svg and "<svg" in a._repr_html_()


def test_an_example_path_that_is_not_there_says_examples_ship_with_the_source(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ScenarioError) as e:
        mtgcheck.ask("examples/basics/treasure_cruise_mana_value.yaml")
    assert "source repository" in str(e.value)
