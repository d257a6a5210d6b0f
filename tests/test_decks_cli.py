"""``mtgcheck validate``: outputs and exit codes 0/1/2 (issue #7)."""
from __future__ import annotations

import json

from click.testing import CliRunner

from solver.cli import main
from tests.shared_data import shared_file


def _cards():
    return str(shared_file("carddata/oracle-cards-2025-11-03.json.gz"))


def test_validate_legal_exit_0_and_illegal_exit_1(tmp_path):
    """CR 100.2a: 60 cards legal (exit 0); 59 cards illegal (exit 1)."""
    ok = tmp_path / "ok.txt"
    ok.write_text("4 Lightning Bolt\n56 Mountain\n")
    bad = tmp_path / "bad.txt"
    bad.write_text("4 Lightning Bolt\n55 Mountain\n")
    r = CliRunner().invoke(main, ["validate", str(ok), "--format", "modern", "--cards", _cards()])
    assert r.exit_code == 0, r.output
    assert "2025-11-03" in r.output
    r = CliRunner().invoke(main, ["validate", str(tmp_path), "--format", "modern", "--cards", _cards(), "--json"])
    assert r.exit_code == 1
    rows = [json.loads(l) for l in r.output.splitlines() if l.strip()]
    assert sorted((row["source"].endswith("bad.txt"), row["legal"]) for row in rows) == [(False, True), (True, False)]
    assert next(row for row in rows if not row["legal"])["codes"] == ["deck_too_small"]


def test_validate_missing_input_exit_2_and_csv(tmp_path):
    ok = tmp_path / "ok.txt"
    ok.write_text("4 Lightning Bolt\n56 Mountain\n")
    r = CliRunner().invoke(main, ["validate", str(ok), str(tmp_path / "missing.txt"), "--format", "modern",
                                  "--cards", _cards(), "--csv"])
    assert r.exit_code == 2
    assert "source,index,line" in r.output and "missing.txt" in r.output


def test_validate_jsonl_with_jobs_auto_format(tmp_path):
    p = tmp_path / "d.jsonl"
    lines = [json.dumps({"format": "modern", "main": [[4, "Lightning Bolt"], [56, "Mountain"]], "side": []})] * 3
    lines.append(json.dumps({"format": "modern", "main": [[5, "Lightning Bolt"], [55, "Mountain"]], "side": []}))
    p.write_text("\n".join(lines) + "\n")
    r = CliRunner().invoke(main, ["validate", str(p), "--format", "auto", "--cards", _cards(), "--json", "--jobs", "2"])
    assert r.exit_code == 1
    rows = [json.loads(l) for l in r.output.splitlines() if l.strip()]
    assert [row["codes"] for row in rows] == [[], [], [], ["too_many_copies"]]
