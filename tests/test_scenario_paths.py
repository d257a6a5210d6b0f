"""A scenario reads files only in its own folder (docs/scenarios.md): a ``validate_deck`` format file, like a decklist
file, outside the scenario's folder is refused naming it, and never opened (its contents never reach a message)."""
from __future__ import annotations

from mtgcheck.solver.questions.verdicts import ERROR

FORMAT = """\
name: tiny
title: Tiny
min_main: 2
copy_limit: 4
secret_key_of_someone: 1
"""


def _run(folder, fmt):
    from mtgcheck.models.data.database import load_database
    from mtgcheck.models.data.scenario import load_scenarios
    from mtgcheck.solver.questions.runner import run_scenario

    p = folder / "s.yaml"
    p.write_text(f'players: [Alice]\nask:\n  validate_deck: {{format: "{fmt}", decklist: "4 Lightning Bolt"}}\n',
                 encoding="utf-8")
    (sc,) = load_scenarios(p)
    return run_scenario(sc, load_database(None))


def test_a_format_file_outside_the_scenarios_folder_is_refused_unread(tmp_path):
    (tmp_path / "outside.yaml").write_text(FORMAT, encoding="utf-8")
    folder = tmp_path / "scen"
    folder.mkdir()
    for fmt in ("../outside.yaml", str(tmp_path / "outside.yaml")):
        res = _run(folder, fmt)
        assert res.verdict == ERROR and "format file" in res.message and "outside the scenario's folder" in res.message
        assert "secret_key_of_someone" not in res.message


def test_a_format_file_in_the_scenarios_folder_is_read(tmp_path):
    """Four Lightning Bolt meet a format of at least two cards and four copies (CR 100.2a): legal."""
    folder = tmp_path / "scen"
    folder.mkdir()
    (folder / "tiny.yaml").write_text(FORMAT.replace("secret_key_of_someone: 1\n", ""), encoding="utf-8")
    res = _run(folder, "tiny.yaml")
    assert res.verdict == "no expectation", res.message
    assert res.answer.values["legal"] is True and res.answer.values["codes"] == []


def test_a_format_name_is_still_a_name(tmp_path):
    res = _run(tmp_path, "modern")
    assert res.verdict == "no expectation", res.message
