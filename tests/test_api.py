"""The public API of ``mtgcheck/__init__``: ask, check, validate, load_cards; plain-data results.

Expected answers come from the rules: Treasure Cruise's mana value is 8 (CR 202.3: its mana cost {7}{U};
CR 702.66b and the Treasure Cruise ruling: delve does not change it)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import mtgcheck
from mtgcheck.models.scenario import ScenarioError
from tests.boards import CRUISE_YAML

ROOT = Path(__file__).resolve().parent.parent
CRUISE = {"title": "Treasure Cruise", "players": ["Alice"], "ask": {"mana_value": {"card": "Treasure Cruise"}},
          "expect": {"mana_value": 8}}


@pytest.fixture(autouse=True)
def _catalog_only(monkeypatch):
    monkeypatch.delenv("MTGCHECK_CARDS", raising=False)


def test_import_mtgcheck_loads_nothing_else():
    code = "import sys, mtgcheck; print(sorted(m for m in sys.modules if m.startswith('mtgcheck')))"
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "['mtgcheck']"


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
    assert a.to_records()["answer.mana_value"] == 8
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


def test_validate_decklist_text_gives_a_deck_result():
    deck = "4 Lightning Bolt\n4 Opt\n52 Island\n"
    r = mtgcheck.validate(deck, "modern")
    # the embedded catalog has no legalities, so the deck cannot be called legal (docs/decks.md)
    assert r.status == "unknown" and r.legal is None
    row = r.to_records()
    assert row["format"] == "modern" and row["status"] == "unknown"
    assert r.to_dict()["counts"]["main"] == 60


def test_validate_a_decklist_file(tmp_path):
    p = tmp_path / "deck.txt"
    p.write_text("5 Lightning Bolt\n55 Mountain\n", encoding="utf-8")
    r = mtgcheck.validate(p, "modern")
    assert "too_many_copies" in r.codes  # CR 100.2a: at most four of a card other than basic lands


def test_load_cards_without_data_is_the_catalog():
    db = mtgcheck.load_cards()
    assert db.source == "catalog" and db.origin == "catalog"
    assert db.get("Treasure Cruise").mana_value() == 8
