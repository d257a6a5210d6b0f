"""``mtgcheck validate``: outputs and exit codes 0/1/2."""
from __future__ import annotations

import json

from click.testing import CliRunner

from mtgcheck.solver.cli.main import main
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
    rows = [json.loads(l) for l in r.stdout.splitlines() if l.strip()]
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
    rows = [json.loads(l) for l in r.stdout.splitlines() if l.strip()]
    assert [row["codes"] for row in rows] == [[], [], [], ["too_many_copies"]]


def test_validate_without_legality_data_is_unknown_exit_1(tmp_path, monkeypatch):
    """CR 100.6: without legality data (embedded catalog) a deck with Treasure Cruise and Sol Ring (banned in
    Modern) must not be called legal: status unknown in the table and JSON, exit 1."""
    monkeypatch.delenv("MTGCHECK_CARDS", raising=False)
    p = tmp_path / "banned.mtgo.txt"
    p.write_text("4 Treasure Cruise\n4 Sol Ring\n52 Island\n")
    r = CliRunner().invoke(main, ["validate", "-f", "modern", str(p)])
    assert r.exit_code == 1, r.output
    assert "legality unknown" in r.output and "legality_unknown" in r.output
    r = CliRunner().invoke(main, ["validate", "-f", "modern", str(p), "--json"])
    row = json.loads(r.stdout.splitlines()[0])
    assert r.exit_code == 1 and row["legal"] is None and row["status"] == "unknown"
    assert row["codes"] == ["legality_unknown"] and {"Sol Ring", "Treasure Cruise"} <= set(row["problems"][0]["cards"])


def test_validate_named_companion_not_in_list_is_a_problem(tmp_path):
    """CR 702.139a, 103.2b: --companion names a card the list does not hold: a problem, never an added card."""
    p = tmp_path / "lurrus.mtgo.txt"
    p.write_text("4 Lightning Bolt\n56 Mountain\n\n1 Lurrus of the Dream-Den\n14 Mountain\n")
    r = CliRunner().invoke(main, ["validate", "-f", "vintage", "--companion", "Yorion, Sky Nomad", str(p),
                                  "--cards", _cards(), "--json"])
    row = json.loads(r.stdout.splitlines()[0])
    assert r.exit_code == 1 and row["codes"] == ["companion_not_in_sideboard"] and row["counts"]["side"] == 15
    r = CliRunner().invoke(main, ["validate", "-f", "vintage", "--companion", "Yorion Sky Nomadd", str(p),
                                  "--cards", _cards()])
    assert r.exit_code == 2 and "Yorion Sky Nomadd" in r.output and "Traceback" not in r.output


def test_validate_card_data_line_above_the_table(tmp_path):
    p = tmp_path / "ok.txt"
    p.write_text("4 Lightning Bolt\n56 Mountain\n")
    r = CliRunner().invoke(main, ["validate", str(p), "--format", "modern", "--cards", _cards()])
    assert r.exit_code == 0
    from pathlib import Path

    # one unbroken line, not a wrapped table title (the path may be shown resolved)
    assert any(f"card data: {p} dated 2025-11-03" in r.output for p in (_cards(), str(Path(_cards()).resolve())))


def test_validate_no_decklist_exit_2_and_unreadable_file_named_once(tmp_path):
    empty = tmp_path / "emptydir"
    empty.mkdir()
    r = CliRunner().invoke(main, ["validate", "-f", "modern", str(empty), "--cards", _cards()])
    assert r.exit_code == 2 and "no decklist found" in r.output
    b = tmp_path / "binary.txt"
    b.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(128, 256)))
    r = CliRunner().invoke(main, ["validate", "-f", "modern", str(b), "--cards", _cards()])
    assert r.exit_code == 2 and "".join(r.output.split()).count(str(b)) == 1


def _validate(*args, input=None):
    return CliRunner().invoke(main, ["validate", *args], input=input)


def test_validate_names_the_files_a_folder_scan_skips(tmp_path):
    (tmp_path / "burn.txt").write_text("4 Lightning Bolt\n56 Mountain\n")
    (tmp_path / "README.md").write_text("# my decks\n")
    (tmp_path / "sligh").write_text("4 Lightning Bolt\n56 Mountain\n")
    r = _validate(str(tmp_path), "-f", "modern", "--cards", _cards())
    assert r.exit_code == 0, r.output
    assert "skipped 2 file(s)" in r.stderr and "README.md" in r.stderr and "sligh" in r.stderr
    r = _validate(str(tmp_path / "sligh"), "-f", "modern", "--cards", _cards())  # named: read
    assert r.exit_code == 0 and "1 decks" in r.stdout


def test_validate_only_registered_takes_the_decks_of_one_format_from_a_mixed_file(tmp_path):
    """A Modern list of 60 legal cards is judged; the Legacy and Pauper records are skipped and counted,
    never judged as Modern decks."""
    p = tmp_path / "mixed.jsonl"
    deck = {"main": [[4, "Lightning Bolt"], [56, "Mountain"]], "side": []}
    p.write_text("\n".join(json.dumps(dict(deck, format=f)) for f in ("legacy", "modern", "pauper", "Modern")) + "\n")
    r = _validate(str(p), "-f", "modern", "--only-registered", "--cards", _cards(), "--json")
    assert r.exit_code == 0, r.output
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert [row["index"] for row in rows] == [2, 4]  # a file's decks counted from 1
    summary = json.loads(r.stderr.strip().splitlines()[-1])["summary"]
    assert summary["decks"] == 2 and summary["legal"] == 2 and summary["skipped"] == {"legacy": 1, "pauper": 1}
    r = _validate(str(p), "-f", "modern", "--only-registered", "--cards", _cards())
    assert "skipped 2 deck(s) registered for other formats" in r.stdout
    r = _validate(str(p), "-f", "auto", "--only-registered", "--cards", _cards())
    assert r.exit_code == 2 and "--only-registered" in r.output


def test_validate_json_summary_line_counts_codes_and_cards(tmp_path):
    """CR 100.2a: five Lightning Bolt break the four-copy limit; the summary line names the code and card."""
    (tmp_path / "a.txt").write_text("5 Lightning Bolt\n55 Mountain\n")
    (tmp_path / "b.txt").write_text("4 Lightning Bolt\n56 Mountain\n")
    r = _validate(str(tmp_path), "-f", "modern", "--cards", _cards(), "--json")
    assert r.exit_code == 1
    assert len(r.stdout.splitlines()) == 2  # standard output: one JSON object per deck, nothing else
    summary = json.loads(r.stderr.strip().splitlines()[-1])["summary"]
    assert summary["decks"] == 2 and summary["legal"] == 1 and summary["illegal"] == 1
    assert summary["codes"] == {"too_many_copies": 1} and summary["cards"] == {"Lightning Bolt": 1}
    table = _validate(str(tmp_path), "-f", "modern", "--cards", _cards())
    assert "cards most often named in problems" in table.stdout and "Lightning Bolt" in table.stdout


def test_validate_output_into_a_pipe_is_not_wrapped(tmp_path):
    (tmp_path / "a.txt").write_text("5 Lightning Bolt\n55 Mountain\n")
    r = _validate(str(tmp_path / "a.txt"), "-f", "modern", "--cards", _cards())
    line = next(ln for ln in r.stdout.splitlines() if "too_many_copies (" in ln)
    assert "4 copies of a card other than basic lands are allowed" in line  # the whole message on one line
    assert len(line) > 100


def test_validate_empty_standard_input_is_no_input_not_an_empty_deck():
    r = _validate("-", "-f", "modern", "--cards", _cards(), input="")
    assert r.exit_code == 2 and "no input" in r.output and "deck_too_small" not in r.output


def test_validate_help_gives_the_exit_codes():
    r = CliRunner().invoke(main, ["validate", "--help"])
    assert r.exit_code == 0
    for code in ("0    every deck legal", "1    some deck not shown legal", "2    an input", "3    an internal error"):
        assert code in r.output
