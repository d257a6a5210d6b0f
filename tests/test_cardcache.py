"""The parsed-card cache (models/data/cardcache.py): a card file is parsed once; a later load reads the parsed
objects; a stale or corrupt cache is rebuilt, never trusted. The facts checked (names, faces, legalities) are
those of the fixture records written here, not values computed by mtgcheck."""
from __future__ import annotations

import json
import os

import pytest

from mtgcheck.models.data import cardcache, database, importers


def scryfall_records() -> list[dict]:
    """Three Scryfall card objects (a normal card, a split card, a card the embedded catalog models)."""
    legal = {"modern": "legal", "legacy": "legal", "vintage": "legal", "standard": "not_legal"}
    return [
        {"object": "card", "name": "Grizzly Bears", "mana_cost": "{1}{G}", "type_line": "Creature — Bear",
         "oracle_text": "", "colors": ["G"], "color_identity": ["G"], "layout": "normal", "lang": "en",
         "power": "2", "toughness": "2", "legalities": legal},
        {"object": "card", "name": "Fire // Ice", "layout": "split", "lang": "en", "type_line": "Instant // Instant",
         "mana_cost": "{1}{R} // {1}{U}", "colors": ["R", "U"], "color_identity": ["R", "U"], "legalities": legal,
         "card_faces": [
             {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant",
              "oracle_text": "Fire deals 2 damage divided as you choose among one or two targets."},
             {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant",
              "oracle_text": "Tap target permanent.\nDraw a card."}]},
        {"object": "card", "name": "Treasure Cruise", "mana_cost": "{7}{U}", "type_line": "Sorcery",
         "oracle_text": "Delve\nDraw three cards.", "colors": ["U"], "color_identity": ["U"], "layout": "normal",
         "lang": "en", "keywords": ["Delve"], "legalities": dict(legal, modern="banned")},
    ]


@pytest.fixture
def card_file(tmp_path, monkeypatch):
    monkeypatch.setenv("MTGCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("MTGCHECK_NO_CACHE", raising=False)
    monkeypatch.delenv("MTGCHECK_CARDS", raising=False)
    p = tmp_path / "cards-2025-11-03.json"
    p.write_text(json.dumps(scryfall_records()), encoding="utf-8")
    saved = dict(database._CACHE)  # the session's databases (real_db) stay cached for other tests
    database.clear_cache()
    yield p
    database.clear_cache()
    database._CACHE.update(saved)


def _count_parses(monkeypatch) -> list:
    calls: list = []
    real = importers.load_cards_file

    def counting(path, *a, **kw):
        calls.append(path)
        return real(path, *a, **kw)

    monkeypatch.setattr(importers, "load_cards_file", counting)
    monkeypatch.setattr(database, "load_cards_file", counting)  # (the database's own name for it)
    return calls


def _facts(db) -> dict:
    return {c.name: (str(c.mana_cost), str(c.type_line), sorted(c.color_identity), dict(c.legalities),
                     c.face_names, c.abilities is not None) for c in db}


def test_first_load_writes_the_cache_and_a_later_load_does_not_parse(card_file, monkeypatch):
    calls = _count_parses(monkeypatch)
    first = database.load_database(card_file)
    assert len(calls) == 1
    assert cardcache.cache_path(card_file.resolve()).is_file()
    database.clear_cache()  # as a new process would
    second = database.load_database(card_file)
    assert len(calls) == 1, "the second load parsed the file again"
    assert _facts(second) == _facts(first)
    # the face index came back too (a face name finds its card), and the catalog's model is attached
    assert second.get("Ice").name == "Fire // Ice"
    assert second.get("Treasure Cruise").abilities is not None
    assert second.get("Treasure Cruise").legalities["modern"] == "banned"
    assert second.origin == "argument"


def test_the_cached_database_equals_one_built_without_cache(card_file, monkeypatch):
    database.load_database(card_file)
    database.clear_cache()
    cached = database.load_database(card_file)
    database.clear_cache()
    monkeypatch.setenv("MTGCHECK_NO_CACHE", "1")
    plain = database.load_database(card_file)
    assert list(c.name for c in cached) == list(c.name for c in plain)
    assert _facts(cached) == _facts(plain)
    for name in ("fire", "ICE", "Fire/Ice", "grizzly bears", "Opt"):  # Opt: a catalog-only card, added last
        assert cached.get(name).name == plain.get(name).name


def test_a_changed_file_is_parsed_again(card_file, monkeypatch):
    calls = _count_parses(monkeypatch)
    database.load_database(card_file)
    recs = scryfall_records()
    recs[0]["name"] = "Grizzly Cubs"
    card_file.write_text(json.dumps(recs), encoding="utf-8")
    os.utime(card_file, ns=(1_700_000_000_000_000_000, 1_700_000_000_000_000_000))
    database.clear_cache()
    db = database.load_database(card_file)
    assert len(calls) == 2
    assert "Grizzly Cubs" in db


def test_a_corrupt_cache_is_rebuilt_not_trusted(card_file, monkeypatch):
    calls = _count_parses(monkeypatch)
    database.load_database(card_file)
    cp = cardcache.cache_path(card_file.resolve())
    data = cp.read_bytes()
    for damaged in (b"", b"not a pickle at all", data[: len(data) // 2]):
        cp.write_bytes(damaged)
        database.clear_cache()
        db = database.load_database(card_file)
        assert db.get("Grizzly Bears").type_line.types == ("Creature",)
    assert len(calls) == 4
    database.clear_cache()
    database.load_database(card_file)
    assert len(calls) == 4, "the rebuilt cache is used again"


def test_a_cache_written_by_other_code_is_not_used(card_file, monkeypatch):
    calls = _count_parses(monkeypatch)
    database.load_database(card_file)
    monkeypatch.setattr(cardcache, "_CODE_HASH", "some other version of models/")
    database.clear_cache()
    database.load_database(card_file)
    assert len(calls) == 2


def test_an_unwritable_cache_folder_is_not_an_error(card_file, monkeypatch, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("MTGCHECK_CACHE_DIR", str(blocker))
    db = database.load_database(card_file)
    assert "Fire // Ice" in db


def test_a_stored_file_is_read_card_by_card_with_the_same_names_and_suggestions(card_file, monkeypatch):
    """The store (models/data/cardstore.py): a later load reads no card until one is looked up, then that one;
    full names, face names, "did you mean" and the catalog's behaviour are those of the in-memory index."""
    from mtgcheck.models.data.cardstore import StoredIndex

    database.load_database(card_file)
    database.clear_cache()
    db = database.load_database(card_file)
    stored = db._levels[0]
    assert isinstance(stored, StoredIndex) and stored.full._cards == {}
    assert db.get("ice").name == "Fire // Ice" and set(stored.full._cards) == {"fire // ice"}
    assert db.get("Treasure Cruise").abilities is not None  # the catalog's model, attached as it is read
    assert "Opt" in db and len(db) == len(list(db))  # a catalog-only card
    assert db.suggest("Grizly Bears") == ["Grizzly Bears"]
    assert len(db.report.cards) == 3 and db.report.summary().startswith("3 cards")  # the import report stays true
    database.clear_cache()
    monkeypatch.setenv("MTGCHECK_NO_CACHE", "1")
    plain = database.load_database(card_file)
    assert [c.name for c in db] == [c.name for c in plain] and _facts(db) == _facts(plain)


def test_the_catalog_read_back_from_its_cache_is_the_parsed_catalog(tmp_path, monkeypatch):
    """Values equal by ``==`` but different in a field that does not compare (``Filter.words``) are never
    merged when the catalog is stored: Mana Reflection watches 'permanent' after the cache as before it."""
    from mtgcheck.models.data import catalog

    monkeypatch.setenv("MTGCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("MTGCHECK_NO_CACHE", raising=False)
    parsed = catalog.read_catalog()
    catalog._cached()  # writes the cache
    assert list((tmp_path / "cache" / "parsed").glob("catalog-*.pickle"))
    stored = catalog._cached()  # reads it
    assert set(stored) == set(parsed)
    for name, card in parsed.items():
        got = stored[name]
        assert got.abilities == card.abilities, name
        assert [a.effect for a in got.abilities] == [a.effect for a in card.abilities], name
