"""The real MTGO corpus (May-July 2025): legal decks stay legal, and mutations get the right code.

Every 15th Modern, Pioneer, Legacy, Vintage and Pauper deck is checked (the full corpus runs in
benchmarks/bench_validate.py; results in docs/decks.md). Those formats' banned and restricted lists did
not change between the events and the card snapshot (2025-11-03), so every deck whose cards all resolve
must be legal. Mutations (CR 100.2a: 59 cards, a fifth copy; 100.4a: a 16th sideboard card; the banned
list; Vintage's restricted list) must each be reported with their code.
"""
from __future__ import annotations

import copy
import itertools

import pytest

from mtgcheck.models.data.decklist import decklist_from_data, read_decks
from mtgcheck.solver.decks.rules import validate_deck
from tests.shared_data import shared_file

FORMATS = ("modern", "pioneer", "legacy", "vintage", "pauper")
STEP = 15


@pytest.fixture(scope="module")
def db(real_db):
    """The 32k-card file, loaded once per session (tests/conftest.py)."""
    return real_db


@pytest.fixture(scope="module")
def sample():
    path = shared_file("decklists/mtgo-2025-05-to-07.jsonl.gz")
    out = []
    for i, d in enumerate(read_decks(path)):
        if d.format in FORMATS and i % STEP == 0:
            out.append(d)
    return out


def _resolves(deck, db):
    return all(db.find(e.name) is not None for e in deck.entries)


def test_every_sampled_deck_whose_cards_resolve_is_legal(db, sample):
    checked = 0
    for d in sample:
        if not _resolves(d, db):
            continue
        rep = validate_deck(d, d.format, db)
        assert rep.legal, (d.label, d.format, [p.message for p in rep.problems])
        checked += 1
    assert checked > 1500


def _record(deck):
    return {"format": deck.format,
            "main": [[e.count, e.name] for e in deck.entries if e.section == "main"],
            "side": [[e.count, e.name] for e in deck.entries if e.section == "side"]}


def _first_with(db, fmt, status):
    for c in db:
        if c.legalities.get(fmt) == status:
            return c.name
    raise AssertionError(f"no {status} card in {fmt}")


def _mutants(db, sample, per_format=12):
    by_fmt: dict = {f: [] for f in FORMATS}
    for d in sample:
        if _resolves(d, db) and len(by_fmt[d.format]) < per_format:
            by_fmt[d.format].append(d)
    return by_fmt


def test_mutations_get_the_right_code(db, sample):
    banned = {f: _first_with(db, f, "banned") for f in FORMATS}
    restricted = _first_with(db, "vintage", "restricted")
    n = 0
    for fmt, decks in _mutants(db, sample).items():
        for d in decks:
            rec = _record(d)
            # a fifth copy (CR 100.2a, 100.4a): of the first non-basic, copy-limited card
            m = copy.deepcopy(rec)
            for item in m["main"]:
                c = db.get(item[1])
                if "Basic" in c.type_line.supertypes or "deck can have" in c.oracle_text or c.legalities.get(fmt) != "legal":
                    continue
                total = sum(x[0] for x in m["main"] + m["side"] if x[1] == item[1])
                item[0] += 5 - total
                break
            assert validate_deck(m, fmt, db).codes == ["too_many_copies"], (d.label, "fifth copy")
            # 59 cards (CR 100.2a)
            m = copy.deepcopy(rec)
            excess = sum(x[0] for x in m["main"]) - 59
            for item in reversed(m["main"]):
                take = min(excess, item[0])
                item[0] -= take
                excess -= take
                if not excess:
                    break
            m["main"] = [x for x in m["main"] if x[0] > 0]
            assert validate_deck(m, fmt, db).codes == ["deck_too_small"], (d.label, "59 cards")
            # a banned card added to the main deck
            m = copy.deepcopy(rec)
            m["main"].append([1, banned[fmt]])
            assert validate_deck(m, fmt, db).codes == ["banned"], (d.label, "banned", banned[fmt])
            # a 16th sideboard card (CR 100.4a)
            m = copy.deepcopy(rec)
            m["side"].append([16 - sum(x[0] for x in m["side"]), "Island"])
            assert validate_deck(m, fmt, db).codes == ["sideboard_too_large"], (d.label, "16 sideboard")
            # a second copy of a restricted card (Vintage)
            if fmt == "vintage":
                m = copy.deepcopy(rec)
                present = [x for x in m["main"] + m["side"] if db.get(x[1]).legalities.get("vintage") == "restricted"]
                if present:
                    present[0][0] += 1
                else:
                    m["main"].append([2, restricted])
                assert validate_deck(m, fmt, db).codes == ["restricted"], (d.label, "second restricted")
            n += 1
    assert n == 12 * len(FORMATS)
