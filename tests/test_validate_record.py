"""The batch's shortcuts give the very reports of the general path.

``DeckValidator.validate_record`` reads a JSON-lines record straight into the checks (no ``Decklist``), and
``_no_copy_or_legality_problem`` decides the copy-limit and legality checks a whole deck at a time (CR 100.2a,
100.4a, 100.6, 903.5b). Neither may change a report: every report here is compared with the one the general
path (``validate(decklist_from_data(record))`` with the per-card loop) gives for the same record, on a sample
of the real MTGO corpus and on records built to hit each shortcut's edge (a card in main and sideboard, a
fifth copy, basic lands and "any number" cards beyond four, Vintage's restricted list, Duel Commander's
banned-as-commander list, banned and not-legal cards, unknown names, malformed items and keys).
"""
from __future__ import annotations

import copy
import gzip
import itertools
import json

import pytest

from mtgcheck.models.data.decklist import decklist_from_data
from mtgcheck.solver.decks.rules import DeckValidator
from tests.shared_data import shared_file

FORMATS = ("modern", "pioneer", "legacy", "vintage", "pauper", "standard", "duel", "commander", "limited")


@pytest.fixture(scope="module")
def corpus():
    path = shared_file("decklists/mtgo-2025-05-to-07.jsonl.gz")
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for i, line in enumerate(f) if i % 29 == 0]


def _general(fmt, db, rec, index, line):
    """The report of the general path: a Decklist and the per-card copy and legality loop."""
    v = DeckValidator(fmt, db)
    v._no_copy_or_legality_problem = lambda *a: False  # the per-card loop, always
    return v.validate(decklist_from_data(copy.deepcopy(rec), "x.jsonl", index, line)).to_dict()


def _mutations(rec):
    """Records that differ from ``rec`` where the shortcuts decide."""
    main, side = rec.get("main", []), rec.get("side", [])
    yield rec
    if main:
        yield {**rec, "side": side + [[1, main[0][1]]]}  # a main-deck card in the sideboard too
        yield {**rec, "main": [[main[0][0] + 4, main[0][1]]] + main[1:]}  # a fifth copy or more
        yield {**rec, "main": main + [main[0]]}  # one name on two lines
        yield {**rec, "main": main[:-1]}  # too small
        yield {**rec, "main": main + [[12, "Island"], [30, "Relentless Rats"], [8, "Seven Dwarves"]]}
        yield {**rec, "main": main + [[1, "Black Lotus"], [2, "Ancestral Recall"]]}  # restricted / banned
        yield {**rec, "side": side + [[1, "Oko, Thief of Crowns"], [1, "Lurrus of the Dream-Den"]]}
        yield {**rec, "main": main + [[1, "No Such Card Anywhere"]]}
        yield {**rec, "main": main + [[0, "Island"], [True, "Island"], [2, "  "], "Island", {"name": "Plains"}]}
        yield {**rec, "mainboard": main}
        yield {**rec, "commander": [[1, main[-1][1]]]}
        yield {**rec, "companion": [[1, "Jegantha, the Wellspring"]]}


def test_record_reports_equal_the_general_path(real_db, corpus):
    db = real_db
    validators = {f: DeckValidator(f, db) for f in FORMATS}
    checked = 0
    for i, base in enumerate(corpus):
        fmts = [base.get("format")] + ([FORMATS[i % len(FORMATS)]] if i % 3 == 0 else [])
        for rec, fmt in itertools.product(_mutations(base) if i % 6 == 0 else [base], fmts):
            if fmt not in validators:
                continue
            got = validators[fmt].validate_record(copy.deepcopy(rec), "x.jsonl", 3, 7).to_dict()
            assert got == _general(fmt, db, rec, 3, 7), (fmt, rec)
            checked += 1
    assert checked > 2000


@pytest.mark.parametrize("rec", [
    [], "text", {"main": "Island"}, {"main": {"Island": 60}}, {"main": [["4", "Island"]]},
    {"main": [[4, "Island", "extra"]]}, {"main": [[100_001, "Island"]]}, {"main": [[60, 7]]},
    {"format": "modern", "name": 5, "id": 3, "player": "p", "main": [[60, "Island"]], "sideboard": [[15, "Plains"]]},
])
def test_odd_records_equal_the_general_path(real_db, rec):
    v = DeckValidator("modern", real_db)
    assert v.validate_record(copy.deepcopy(rec), "x.jsonl", 0, 1).to_dict() == _general("modern", real_db, rec, 0, 1)
