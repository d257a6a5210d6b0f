"""Bounded fuzz test of every reader and the scenario loader (a few seconds).

Properties, for any input:
* no exception escapes except the project's input errors (``InputError`` and its kinds, ``DecklistError``);
* every non-blank line of a text decklist is read (an entry, a header, a comment, metadata) or reported
  (an ``UnreadableLine``), and no line is both;
* a scenario is answered with a verdict within its budget (a small states budget here): never an internal
  error.

A longer run is ``benchmarks/fuzz_inputs.py``.
"""
from __future__ import annotations

import os

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgcheck.models.data.database import load_database
from mtgcheck.models.data.decklist import (
    DecklistError, decklist_from_data, parse_cod, parse_dek, parse_jsonl_record, parse_text, split_lines,
)
from mtgcheck.models.data.inputs import InputError
from mtgcheck.models.data.scenario import QUESTION_ARGS, SCENARIO_KEYS, ScenarioError, load_yaml, parse_scenario
from mtgcheck.solver.questions.runner import ERROR, FAIL, NO_EXPECT, PASS, UNSUPPORTED, run_scenario

DB = load_database()
#: Examples per property: a few seconds in the suite; ``benchmarks/fuzz_inputs.py`` raises it (and the seed).
EXAMPLES = int(os.environ.get("MTGCHECK_FUZZ_EXAMPLES", "60"))
FAST = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck),
                derandomize="MTGCHECK_FUZZ_EXAMPLES" not in os.environ, database=None)

# pieces of real decklist lines, so the fuzzer reaches the interesting branches
PIECES = ["4 ", "x4 ", "4x ", "SB: ", "1x ", "Lightning Bolt", "Fire // Ice", " (M10) 146", " *F*", " [Commander]",
          " [Commander Staples]", " [Tokens{noDeck}]", "|M10|1", "[Main]", "[metadata]", "Name=Burn", "NAME:x",
          "LAYOUT MAIN:", "4 [M10:146] ", "Deck", "Sideboard", "About", "Name Deck", "Creatures (12)", "// c", "# c",
          "Count,Name,Edition", '"4","Opt","m10"', "\x0c", "\u2028", "\r", "\t", " ", "0 ", "99999999999 ", "\ufeff", ",",
          # markup and emoji codes (printed as written), long runs of blanks and separators (linear patterns)
          "[/]", "[bold red]", ":smile:", " " * 3000, "\t" * 3000, "(" * 500, "*" * 500, "^" * 500, "|" * 500,
          "x " * 1000, " (" * 500, "[" * 500]
TEXT_LINE = st.lists(st.sampled_from(PIECES) | st.text(max_size=8), max_size=6).map("".join)
TEXT = st.lists(TEXT_LINE | st.just(""), max_size=25).map("\n".join)
READERS = st.sampled_from([None, "mtgo", "arena", "moxfield", "archidekt", "forge", "xmage", "csv"])


def check_lines(text, deck):
    lines = split_lines(text)
    nonblank = {i + 1 for i, ln in enumerate(lines) if ln.strip().lstrip("\ufeff").strip()}
    entries = {e.line for e in deck.entries}
    unreadable = {u.line for u in deck.unreadable}
    other = set(deck.other_lines)
    accounted = entries | unreadable | other
    assert nonblank <= accounted, sorted(nonblank - accounted)
    assert not (entries & unreadable), sorted(entries & unreadable)
    for e in deck.entries:
        assert e.count >= 1 and e.name.strip()


@FAST
@given(TEXT, READERS)
def test_text_readers_read_or_report_every_line(text, reader):
    import time

    t0 = time.perf_counter()
    deck = parse_text(text, "<fuzz>", reader)
    assert time.perf_counter() - t0 < 2.0  # (no pattern backtracks on long runs of blanks and separators)
    check_lines(text, deck)


XML_PIECES = ['<?xml version="1.0" encoding="UTF-7"?>', "<Deck>", "</Deck>", '<Cards Quantity="4" Name="Opt" Sideboard="1"/>',
              "<cockatrice_deck>", "</cockatrice_deck>", '<zone name="side">', "</zone>", '<card number="x" name="Opt"/>',
              "<Card/>", "<!DOCTYPE d [<!ENTITY a 'b'>]>", "&a;", "<deckname>x</deckname>", "\n", "<", ">", '"', "&"]


@FAST
@given(st.lists(st.sampled_from(XML_PIECES) | st.text(max_size=5), max_size=20).map("".join))
def test_xml_readers_never_raise(text):
    for parse in (parse_dek, parse_cod):
        deck = parse(text, "<fuzz>")
        assert all(e.count >= 1 for e in deck.entries)


JSONISH = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=6),
                       lambda kids: st.lists(kids, max_size=4) | st.dictionaries(
                           st.sampled_from(["main", "side", "mainboard", "commander", "format", "x", "name", "count"]),
                           kids, max_size=4), max_leaves=20)


@FAST
@given(JSONISH, st.text(max_size=40))
def test_json_lines_readers_never_raise(data, raw):
    import json

    deck = decklist_from_data(data, "<fuzz>", 0, 1)
    assert all(e.count >= 1 for e in deck.entries)
    for text in (json.dumps(data), raw):
        deck = parse_jsonl_record(text, "<fuzz>", 0, 1)
        assert all(e.count >= 1 for e in deck.entries)


SCALARS = st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(
    ["Forest", "Island", "Llanowar Elves", "Treasure Cruise", "Opt", "Hypergenesis", "Wild Growth", "{G}", "{R}{R}",
     "A", "B", "x", "", "hand", "graveyard", "flashback", "delve", "modern", "4 Opt"])
VALUES = st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=3) | st.dictionaries(
    st.sampled_from(["card", "count", "tapped", "sick", "A", "B", "id", "attached_to", "player", "n", "x", "from"]),
    kids, max_size=3), max_leaves=12)
ASK = st.sampled_from(sorted(QUESTION_ARGS)).flatmap(lambda kind: st.fixed_dictionaries({kind: st.dictionaries(
    st.sampled_from(QUESTION_ARGS[kind] + ("typo",)), VALUES, max_size=3) | SCALARS}))
SCENARIO = st.fixed_dictionaries({"players": st.just(["A", "B"]), "ask": ASK}, optional={
    k: VALUES for k in SCENARIO_KEYS if k not in ("players", "ask")}) | st.dictionaries(
    st.sampled_from(list(SCENARIO_KEYS)), VALUES, max_size=4)


@FAST
@given(SCENARIO)
def test_scenarios_get_a_verdict_within_budget(data):
    text = yaml.safe_dump(data, allow_unicode=True)
    try:
        sc = parse_scenario(load_yaml(text, "<fuzz>.yaml"), "<fuzz>.yaml")
    except ScenarioError:
        return
    res = run_scenario(sc, DB, {"limit": 5, "max_states": 20_000, "max_seconds": 30})
    assert not res.internal, res.message
    assert res.verdict in (PASS, FAIL, NO_EXPECT, UNSUPPORTED, ERROR)


@FAST
@given(st.text(max_size=200))
def test_yaml_loader_raises_only_input_errors(text):
    try:
        load_yaml(text, "<fuzz>.yaml")
    except InputError:
        pass


def test_input_error_kinds_are_input_errors():
    from mtgcheck.models.data.formats import FormatError

    assert issubclass(ScenarioError, InputError)
    assert issubclass(DecklistError, ValueError) and issubclass(FormatError, ValueError)


# ---- user text in the output: markup, emoji codes and lone surrogates are printed as written ----------------------

NAMES = st.sampled_from(["Forest", "[/]", "[bold red]Bolt[/]", "Bolt[/]", ":smile:", "\ud800", "\udfff x", "[link=x]",
                         "modern", "auto", "\x00", "a" * 300]) | st.text(max_size=12)


@FAST
@given(st.lists(st.fixed_dictionaries({"format": NAMES, "main": st.lists(st.tuples(st.integers(-1, 70), NAMES),
                                                                             max_size=4)}), min_size=1, max_size=4))
def test_validate_prints_any_names_and_formats_without_an_internal_error(tmp_path_factory, records):
    import json

    from click.testing import CliRunner

    from mtgcheck.solver.cli.main import main

    p = tmp_path_factory.mktemp("fuzz") / "decks.jsonl"
    p.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="ascii")  # (\uXXXX escapes: surrogates)
    for fmt in ("auto", "modern"):
        r = CliRunner().invoke(main, ["validate", "--format", fmt, str(p)])
        assert r.exit_code in (0, 1, 2) and "internal error" not in r.output, r.output[-2000:]


# ---- folders holding named pipes, devices and links: never opened, each reported -----------------------------------

ITEMS = st.lists(st.tuples(st.sampled_from(["file", "fifo", "link_in", "link_out", "link_dir_out", "dangling", "dev",
                                            "dir"]), st.sampled_from(["a", "b", "sub/c", "sub/d"]),
                           st.sampled_from([".txt", ".yaml", ".jsonl", ".csv"])), max_size=8)


@FAST
@given(ITEMS)
def test_folder_walks_return_regular_files_inside_and_report_the_rest(tmp_path_factory, items):
    import time
    from pathlib import Path

    from mtgcheck.models.data.decklist import iter_deck_files, read_decks
    from mtgcheck.solver.questions.runner import find_scenario_files

    base = tmp_path_factory.mktemp("walk")
    root, outside = base / "in", base / "out"
    (outside / "sub").mkdir(parents=True)
    (outside / "secret.txt").write_text("4 api_token_leak\n")
    root.mkdir()
    made = []
    for i, (kind, name, ext) in enumerate(items):
        f = root / f"{name}{i}{ext}"
        f.parent.mkdir(parents=True, exist_ok=True)
        if kind == "file":
            f.write_text("4 Opt\n")
        elif kind == "fifo":
            os.mkfifo(f)
        elif kind == "link_in":
            (root / f"t{i}.txt").write_text("4 Opt\n")
            os.symlink(root / f"t{i}.txt", f)
        elif kind == "link_out":
            os.symlink(outside / "secret.txt", f)
        elif kind == "link_dir_out":
            os.symlink(outside, root / f"o{i}")
        elif kind == "dangling":
            os.symlink(root / "missing", f)
        elif kind == "dev":
            os.symlink("/dev/zero", f)
        else:
            (root / f"d{i}").mkdir()
        made.append(f)
    t0 = time.monotonic()
    for walk in (iter_deck_files, find_scenario_files):
        files, problems = walk([str(root)])
        real_root = os.path.realpath(root)
        for f in files:
            assert os.path.realpath(f).startswith(real_root + os.sep) and Path(f).is_file()
        text = " ".join(problems)
        assert "api_token" not in text
    files, _ = iter_deck_files([str(root)])
    for f in files:
        for deck in read_decks(f):
            assert all("api_token" not in e.name for e in deck.entries)
    assert time.monotonic() - t0 < 20


# ---- type mutations of every example file: an error at a line or an answer, never an internal error ---------------

def _example_paths():
    from pathlib import Path

    out = []
    root = Path(__file__).resolve().parent.parent / "examples"
    for f in sorted(root.rglob("*.yaml")):
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        sc = data["scenarios"][0] if isinstance(data, dict) and "scenarios" in data else data
        if not isinstance(sc, dict):
            continue

        def walk(v, path):
            out.append((str(f), path))
            if isinstance(v, dict):
                for k, x in v.items():
                    walk(x, path + (k,))
            elif isinstance(v, list):
                for i, x in enumerate(v[:3]):
                    walk(x, path + (i,))

        for k, v in sc.items():
            if k not in ("expect", "title", "source", "notes"):
                walk(v, (k,))
    return out


EXAMPLE_PATHS = _example_paths()
MUTANTS = st.sampled_from([None, True, False, 0, -1, 10**9, 10**30, 2.5, "abc", "", "[/]", "\ud800", [], {}, [1],
                           {"x": 1}, "Forest", "{G}", "purple"])


@FAST
@given(st.sampled_from(EXAMPLE_PATHS), MUTANTS)
def test_type_mutations_of_every_example_file_get_a_verdict_within_budget(place, mutant):
    import copy

    path, keys = place
    data = yaml.safe_load(open(path, encoding="utf-8").read())
    sc = copy.deepcopy(data["scenarios"][0] if isinstance(data, dict) and "scenarios" in data else data)
    sc.pop("expect", None)
    cur = sc
    for k in keys[:-1]:
        cur = cur[k]
    cur[keys[-1]] = mutant
    text = yaml.safe_dump(sc, allow_unicode=False)  # (non-ASCII escaped: a lone surrogate is written \ud800)
    try:
        parsed = parse_scenario(load_yaml(text, "<fuzz>.yaml"), "<fuzz>.yaml")
    except ScenarioError:
        return
    res = run_scenario(parsed, DB, {"limit": 5, "max_states": 20_000, "max_seconds": 10})
    assert not res.internal, (path, keys, mutant, res.message)
    assert res.verdict in (PASS, FAIL, NO_EXPECT, UNSUPPORTED, ERROR)
