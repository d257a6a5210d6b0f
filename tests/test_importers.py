"""Tests of the card data importers (models.data.importers) and the card database (models.data.database).

Expected values come from the card data files in ../shared/carddata and from the
Comprehensive Rules (CR 202.3 mana value, 202.1b no mana cost, 709.4 split cards),
not from running the code. Tests needing shared data skip when it is absent.
"""
from __future__ import annotations

import datetime as dt
import gzip
import io
import json
import os
from pathlib import Path

import pytest

from mtgcheck.models.game.cards import Card
from mtgcheck.models.data.catalog import load_catalog
from mtgcheck.models.data import database
from mtgcheck.models.data.database import (
    CardDatabase, CardDataError, UnknownCardError, clear_cache, load_database, merge_catalog,
)
from mtgcheck.models.data.importers import (
    ImportReport, JSONStreamError, date_from_filename, detect_kind, iter_json_array,
    iter_json_object_items, load_cards_file, load_mtgjson, load_scryfall, load_scryfall_jsonl,
)
from mtgcheck.models.game.mana import ManaCost
from mtgcheck.models.game.names import normalize_name
from tests.shared_data import shared_file

DATA = Path(__file__).with_name("data")
MTGJSON_FIXTURE = DATA / "mtgjson-atomic-mini.json"
ORACLE_FILE = "carddata/oracle-cards-2025-11-03.json.gz"
FIXTURE_FILE = "carddata/fixture-cards-2025-11-03.json"
RAW = "carddata/scryfall-raw/"


@pytest.fixture(scope="module")
def oracle_db(real_db) -> CardDatabase:
    """The 32k-card file, loaded once per session (tests/conftest.py)."""
    return real_db


@pytest.fixture(autouse=True)
def _no_env(monkeypatch):
    monkeypatch.delenv("MTGCHECK_CARDS", raising=False)


# ---------------------------------------------------------------------------
# streaming JSON
# ---------------------------------------------------------------------------

SAMPLE = [
    {"name": "Lim-Dûl's Hex", "n": 12345.5, "list": [1, 2, [3, {"x": None}]], "t": True},
    {"name": "Fire // Ice", "s": "a \"quoted\" ] , } string"},
    7, "eight", None, [], {},
]


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64, 1 << 20])
def test_iter_json_array_any_chunk_size_gives_the_same_elements_as_json_loads(chunk):
    text = json.dumps(SAMPLE, indent=2, ensure_ascii=False)
    assert list(iter_json_array(io.StringIO(text), chunk_size=chunk)) == SAMPLE


def test_iter_json_array_number_cut_at_a_chunk_boundary_is_read_whole():
    assert list(iter_json_array(io.StringIO("[12345678,9]"), chunk_size=3)) == [12345678, 9]


def test_iter_json_array_empty_array_yields_nothing():
    assert list(iter_json_array(io.StringIO("  [ ]  "))) == []


def test_iter_json_array_rejects_an_object_at_top_level():
    with pytest.raises(JSONStreamError, match=r"expected '\['"):
        list(iter_json_array(io.StringIO('{"a": 1}')))


def test_iter_json_array_truncated_file_raises_with_offset():
    with pytest.raises(JSONStreamError) as ei:
        list(iter_json_array(io.StringIO('[{"name": "A"}, {"name": "B"'), chunk_size=4))
    assert ei.value.offset is not None


def test_iter_json_array_missing_comma_names_the_element():
    with pytest.raises(JSONStreamError, match="after array element 1"):
        list(iter_json_array(io.StringIO('[{"a": 1} {"b": 2}]')))


@pytest.mark.parametrize("chunk", [1, 5, 1 << 20])
def test_iter_json_object_items_streams_data_members_and_keeps_meta(chunk):
    text = '{"meta": {"date": "2025-10-01"}, "data": {"A": [{"x": 1}], "B // C": [{"y": 2}, {"y": 3}]}}'
    others: dict = {}
    items = list(iter_json_object_items(io.StringIO(text), ("data",), others=others, chunk_size=chunk))
    assert items == [("A", [{"x": 1}]), ("B // C", [{"y": 2}, {"y": 3}])]
    assert others == {"meta": {"date": "2025-10-01"}}


def test_iter_json_object_items_meta_after_data_is_still_kept():
    others: dict = {}
    text = '{"data": {"A": 1}, "meta": {"date": "2024-01-02"}}'
    assert list(iter_json_object_items(io.StringIO(text), others=others)) == [("A", 1)]
    assert others["meta"]["date"] == "2024-01-02"


def test_iter_json_object_items_empty_path_walks_the_top_level():
    assert list(iter_json_object_items(io.StringIO('{"a": 1, "b": [2]}'), ())) == [("a", 1), ("b", [2])]


def test_iter_json_object_items_missing_key_raises():
    with pytest.raises(JSONStreamError, match="no member 'data'"):
        list(iter_json_object_items(io.StringIO('{"meta": {}}')))


# ---------------------------------------------------------------------------
# dates and kinds
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("name, date", [
    ("oracle-cards-2025-11-03.json.gz", "2025-11-03"),
    ("oracle-cards-20251103091521.json", "2025-11-03"),  # Scryfall's own bulk file names
    ("default-cards-20240229.json", "2024-02-29"),
    ("AtomicCards.json", None),
    ("cards-2025-13-45.json", None),  # not a date
])
def test_date_from_filename(name, date):
    assert date_from_filename(name) == date


def test_file_without_date_in_name_gets_its_modification_date(tmp_path):
    p = tmp_path / "cards.jsonl"
    p.write_text(json.dumps({"name": "Grizzly Bears", "mana_cost": "{1}{G}", "type_line": "Creature — Bear"}) + "\n")
    stamp = dt.datetime(2024, 5, 17, 12, 0).timestamp()
    os.utime(p, (stamp, stamp))
    assert load_cards_file(p).date == "2024-05-17"


def test_detect_kind_by_content_not_by_extension(tmp_path):
    arr = tmp_path / "x.txt"
    arr.write_text('\n  [{"name": "A"}]')
    lines = tmp_path / "y.json"
    lines.write_text('{"name": "A"}\n{"name": "B"}\n')
    gz = tmp_path / "z.dat"
    gz.write_bytes(gzip.compress(MTGJSON_FIXTURE.read_bytes()))
    assert (detect_kind(arr), detect_kind(lines), detect_kind(gz)) == ("scryfall", "jsonl", "mtgjson")


# ---------------------------------------------------------------------------
# errors
# ---------------------------------------------------------------------------

def test_missing_file_raises_card_data_error_with_the_path(tmp_path):
    p = tmp_path / "nope.json"
    with pytest.raises(CardDataError, match="nope.json.*not found"):
        load_cards_file(p)
    with pytest.raises(CardDataError, match="not found"):
        load_database(p)


@pytest.mark.parametrize("content, message", [
    (b"", "empty"),
    (b"hello, world", "not JSON"),
    (b'{"meta": {"date": "2025-01-01"}}', "no member 'data'"),
    (b'[{"name": "A"}, {"name": ', "malformed"),
    (b"\x1f\x8b\x08\x00garbage", "gzip"),
    (b"\xff\xfe[\x00", "UTF-8"),
    (b'{"colour": "blue"}\n{"size": 3}\n', "no card could be read"),
    (b'[{"object": "ruling", "comment": "x"}]', "no card could be read"),
])
def test_unusable_files_raise_card_data_error_naming_the_file(tmp_path, content, message):
    p = tmp_path / "bad-cards.json"
    p.write_bytes(content)
    with pytest.raises(CardDataError, match=message) as ei:
        load_cards_file(p)
    assert "bad-cards.json" in str(ei.value)


def test_malformed_records_become_problems_naming_file_record_and_card(tmp_path):
    p = tmp_path / "some-cards.json"
    p.write_text(json.dumps([
        {"object": "card", "name": "Grizzly Bears", "mana_cost": "{1}{G}", "type_line": "Creature — Bear"},
        {"object": "card", "name": "Broken Glyph", "mana_cost": "{Q/Z}", "type_line": "Instant"},
        ["not", "a", "card"],
        {"object": "card", "mana_cost": "{1}"},
    ]))
    r = load_scryfall(p)
    assert [c.name for c in r.cards] == ["Grizzly Bears"]
    assert r.skipped == {"malformed": 3}
    assert len(r.problems) == 3
    assert all("some-cards.json" in m for m in r.problems)
    assert "record 2" in r.problems[0] and "Broken Glyph" in r.problems[0]
    assert "record 3" in r.problems[1] and "record 4" in r.problems[2]


def test_jsonl_bad_line_is_a_problem_with_its_line_number(tmp_path):
    p = tmp_path / "cards.jsonl"
    p.write_text('{"name": "Grizzly Bears", "type_line": "Creature — Bear"}\n\n{oops\n')
    r = load_scryfall_jsonl(p)
    assert len(r.cards) == 1
    assert len(r.problems) == 1 and "line 3" in r.problems[0] and "cards.jsonl" in r.problems[0]


# ---------------------------------------------------------------------------
# the 32,195-card Scryfall oracle bulk file
# ---------------------------------------------------------------------------

def test_oracle_bulk_every_record_is_a_card_or_a_counted_skip(oracle_db):
    r = oracle_db.report
    assert isinstance(r, ImportReport) and r.kind == "scryfall"
    assert r.records == 32195
    assert len(r.cards) + r.skipped_total == 32195
    # 19 names are shared by 75 distinct Oracle records (Un-set variants, Jumpstart theme cards):
    # one card is kept per name, 56 are counted as skipped duplicates
    assert r.skipped["duplicate_name"] == 56
    assert len(r.duplicate_names) == 19
    assert set(r.skipped) <= {"duplicate_name", "malformed"}
    assert r.skipped.get("malformed", 0) == len(r.problems)
    for msg in r.problems:  # cards with non-mana cost symbols such as {D} are reported, not dropped silently
        assert ORACLE_FILE.rsplit("/", 1)[1] in msg and "record " in msg and "card '" in msg
    file_keys = {normalize_name(c.name) for c in r.cards}
    catalog_only = [n for n in load_catalog() if normalize_name(n) not in file_keys]
    assert len(oracle_db) == len(r.cards) + len(catalog_only)  # catalog-only cards are added


def test_oracle_bulk_date_comes_from_the_file_name(oracle_db):
    assert oracle_db.date == "2025-11-03"
    assert oracle_db.source.endswith("oracle-cards-2025-11-03.json.gz")


def test_reflecting_pool_is_a_land_with_no_mana_cost(oracle_db):
    card = oracle_db.get("Reflecting Pool")
    assert card.is_type("Land")
    assert card.mana_cost is None  # CR 202.1b: no mana cost, not {0}
    assert card.mana_value() == 0


def test_treasure_cruise_has_mana_value_8_cr_202_3(oracle_db):
    """CR 202.3: mana value is the total mana in the mana cost ({7}{U}); delve does not change it (Treasure
    Cruise ruling 2014-09-20)."""
    card = oracle_db.get("Treasure Cruise")
    assert card.mana_value() == 8
    assert str(card.mana_cost) == "{7}{U}"
    assert "Delve" in card.keywords


def test_split_card_mana_value_is_the_sum_of_its_halves(oracle_db):
    card = oracle_db.get("Fire // Ice")  # {1}{R} // {1}{U}, CR 709.4
    assert card.layout == "split"
    assert [f.name for f in card.faces] == ["Fire", "Ice"]
    assert card.mana_value() == 4


def test_adventure_card_uses_the_creature_cost_cr_715_4(oracle_db):
    """CR 715.4: outside the stack an adventurer card has only its normal characteristics (the creature's cost)."""
    card = oracle_db.get("Bonecrusher Giant")  # "{2}{R} // {1}{R}" in the file
    assert card.name == "Bonecrusher Giant // Stomp"
    assert str(card.mana_cost) == "{2}{R}"
    assert card.mana_value() == 3


def test_modal_dfc_back_face_name_resolves_to_the_card(oracle_db):
    card = oracle_db.get("Agadeem, the Undercrypt")
    assert card.name == "Agadeem's Awakening // Agadeem, the Undercrypt"
    assert card.layout == "modal_dfc"
    assert card.faces[1].type_line.types == ("Land",)


def test_transform_back_face_name_resolves_to_the_card(oracle_db):
    assert oracle_db.get("Insectile Aberration").name == "Delver of Secrets // Insectile Aberration"


def test_duplicate_name_keeps_the_card_legal_in_more_formats(oracle_db):
    # two Oracle cards are named Pick Your Poison; the {G} one is legal in Modern, the other nowhere
    card = oracle_db.get("Pick Your Poison")
    assert str(card.mana_cost) == "{G}"
    assert card.legalities["modern"] == "legal"
    assert "Pick Your Poison" in oracle_db.report.duplicate_names


def test_file_cards_carry_no_parsed_abilities_but_catalog_cards_keep_theirs(oracle_db):
    catalog = load_catalog()
    catalog_keys = {normalize_name(n) for n in catalog}
    # abilities are parsed lazily, never at import: only catalog cards carry them
    assert all(c.abilities is None for c in oracle_db if normalize_name(c.name) not in catalog_keys)
    file_keys = {normalize_name(c.name) for c in oracle_db.report.cards}
    for name, cat in catalog.items():
        card = oracle_db.get(name)
        assert card.abilities == cat.abilities  # behaviour from the catalog
        if normalize_name(name) in file_keys:
            assert card.source == "scryfall"  # printed facts from the file
    forest = oracle_db.get("Forest")
    assert forest.notes == catalog["Forest"].notes
    assert forest.is_type("Basic") and forest.is_type("Forest")


def test_load_database_is_cached_per_path(oracle_db):
    assert load_database(shared_file(ORACLE_FILE)) is oracle_db
    assert load_database(str(shared_file(ORACLE_FILE))) is oracle_db


# ---------------------------------------------------------------------------
# the 799-card fixture and the raw Scryfall objects
# ---------------------------------------------------------------------------

def test_fixture_file_loads_all_799_cards():
    r = load_cards_file(shared_file(FIXTURE_FILE))
    assert len(r.cards) == 799 and r.records == 799
    assert r.skipped == {} and r.problems == []
    by = {c.name: c for c in r.cards}
    assert by["Wear // Tear"].mana_value() == 3  # {1}{R} + {W}
    assert by["Reflecting Pool"].mana_cost is None
    assert by["Treasure Cruise"].mana_value() == 8


def test_raw_default_cards_array_gives_the_power_nine():
    r = load_scryfall(shared_file(RAW + "default_cards.json"))
    assert r.kind == "scryfall"
    assert [c.name for c in r.cards] == [
        "Mox Pearl", "Mox Sapphire", "Mox Jet", "Mox Ruby", "Mox Emerald",
        "Black Lotus", "Ancestral Recall", "Time Walk", "Timetwister",
    ]
    lotus = next(c for c in r.cards if c.name == "Black Lotus")
    assert lotus.mana_cost == ManaCost.parse("{0}")  # a cost of {0} is a mana cost (unlike no cost)
    assert lotus.mana_value() == 0


def test_raw_jsonl_power9_matches_the_array_file():
    lines = load_cards_file(shared_file(RAW + "power9.jsonl"))
    array = load_cards_file(shared_file(RAW + "default_cards.json"))
    assert lines.kind == "jsonl"
    assert [c.name for c in lines.cards] == [c.name for c in array.cards]


def test_raw_jsonl_4c_cards_all_load():
    r = load_cards_file(shared_file(RAW + "4c_cards.jsonl"))
    assert len(r.cards) == 38 and r.skipped == {} and r.problems == []
    wt = next(c for c in r.cards if c.name == "Wear // Tear")
    assert wt.mana_value() == 3


def test_raw_jsonl_test_cards_skips_are_counted():
    r = load_cards_file(shared_file(RAW + "test_cards.jsonl"))
    # 36 lines: Anaconda printed twice (one kept), one Snake token (skipped);
    # Zndrsplt is a reversible card showing the same card on both sides
    assert r.records == 36
    assert r.skipped == {"duplicate_printing": 1, "token": 1}
    assert len(r.cards) == 34
    names = [c.name for c in r.cards]
    assert names.count("Anaconda") == 1 and "Snake" not in names
    assert "Zndrsplt, Eye of Wisdom" in names
    # Python is only present as a Spanish printing: kept (Scryfall's name and Oracle text are English), noted
    assert "Python" in names and any("Python" in n for n in r.notes)
    by = {c.name: c for c in r.cards}
    assert by["Driven // Despair"].mana_value() == 4  # {1}{G} + {1}{B}, CR 709.4
    assert by["Ancestral Vision"].mana_cost is None  # no mana cost (suspend card)


def test_default_cards_style_printings_keep_one_english_card_per_name(tmp_path):
    src = [json.loads(line) for line in shared_file(RAW + "power9.jsonl").read_text().splitlines() if line.strip()]
    pearl = next(o for o in src if o["name"] == "Mox Pearl")
    german = {**pearl, "lang": "de", "printed_name": "Mox-Perle"}
    reprint = {**pearl, "set": "vma", "id": "other-printing"}
    token = {**pearl, "name": "Pearl Token", "layout": "token"}
    art = {**pearl, "layout": "art_series", "name": "Mox Pearl // Mox Pearl"}
    p = tmp_path / "default-cards-20251103.json.gz"
    p.write_bytes(gzip.compress(json.dumps([german, pearl, reprint, token, art]).encode()))
    r = load_scryfall(p)
    assert [c.name for c in r.cards] == ["Mox Pearl"]
    assert r.skipped == {"non_english": 1, "duplicate_printing": 1, "token": 1, "art_series": 1}
    assert r.date == "2025-11-03" and r.notes == []


# ---------------------------------------------------------------------------
# MTGJSON
# ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def mtgjson_report() -> ImportReport:
    return load_mtgjson(MTGJSON_FIXTURE)


def test_mtgjson_fixture_counts(mtgjson_report):
    r = mtgjson_report
    assert r.kind == "mtgjson" and r.records == 12
    # Gizmoblast has two variants (one kept); the melded card is listed under both halves;
    # Spirit Wisp is a token
    assert r.skipped == {"duplicate_name": 1, "duplicate_printing": 1, "token": 1}
    assert r.problems == []
    assert len(r.cards) == 12
    assert all(c.source == "mtgjson" for c in r.cards)


def test_mtgjson_date_comes_from_meta_when_the_name_has_none(mtgjson_report):
    assert mtgjson_report.date == "2025-10-01"


def test_mtgjson_fields_are_mapped(mtgjson_report):
    by = {c.name: c for c in mtgjson_report.cards}
    adept = by["Emberfall Adept"]
    assert str(adept.mana_cost) == "{1}{R}" and adept.type_line.subtypes == ("Human", "Shaman")
    assert (adept.power, adept.toughness) == ("2", "1") and adept.keywords == ("Prowess",)
    assert adept.colors == frozenset("R") and adept.color_identity == frozenset("R")
    assert adept.legalities["pauper"] == "banned" and adept.legalities["modern"] == "legal"
    assert adept.legalities["standard"] == "not_legal"  # missing formats are not legal
    assert by["A-Emberfall Adept"].mana_value() == 1  # the Alchemy version is a separate card


def test_mtgjson_split_card_faces_and_mana_value(mtgjson_report):
    card = next(c for c in mtgjson_report.cards if c.name == "Quell // Quake")
    assert card.layout == "split" and [f.name for f in card.faces] == ["Quell", "Quake"]
    assert card.mana_value() == 5  # {1}{U} + {2}{R}, CR 709.4
    assert card.colors == frozenset({"U", "R"})
    assert card.legalities["vintage"] == "restricted"


def test_mtgjson_transform_back_face_has_no_cost_and_a_colour_indicator(mtgjson_report):
    card = next(c for c in mtgjson_report.cards if c.name.startswith("Hollowmere Warden"))
    back = card.faces[1]
    assert back.name == "Hollowmere Wraith" and back.mana_cost is None
    assert back.color_indicator == frozenset("B")
    assert card.mana_value() == 3


def test_mtgjson_meld_halves_and_result_are_separate_cards(mtgjson_report):
    names = [c.name for c in mtgjson_report.cards]
    assert {"Vesper, Dawn Twin", "Nox, Dusk Twin", "Vesper and Nox, United"} <= set(names)
    assert names.count("Vesper and Nox, United") == 1


def test_mtgjson_gzip_file_with_date_in_name(tmp_path):
    p = tmp_path / "AtomicCards-2025-12-24.json.gz"
    p.write_bytes(gzip.compress(MTGJSON_FIXTURE.read_bytes()))
    r = load_cards_file(p)
    assert r.kind == "mtgjson" and len(r.cards) == 12 and r.date == "2025-12-24"


def test_mtgjson_entry_that_is_not_a_face_list_is_a_problem(tmp_path):
    p = tmp_path / "atomic.json"
    p.write_text(json.dumps({"meta": {"date": "2025-01-01"}, "data": {
        "Grizzly Bears": [{"name": "Grizzly Bears", "manaCost": "{1}{G}", "type": "Creature — Bear",
                           "layout": "normal", "legalities": {"legacy": "Legal"}}],
        "Oddity": {"name": "Oddity"},
    }}))
    r = load_mtgjson(p)
    assert [c.name for c in r.cards] == ["Grizzly Bears"]
    assert len(r.problems) == 1 and "entry 2" in r.problems[0] and "Oddity" in r.problems[0]


# ---------------------------------------------------------------------------
# load_database, catalog merge, overlay
# ---------------------------------------------------------------------------

def test_load_database_without_path_or_env_is_the_catalog():
    db = load_database()
    assert db.source == "catalog" and db.date is None and db.report is None
    assert "Forest" in db
    assert len(db) == len(load_catalog())


def test_load_database_reads_the_env_variable(monkeypatch):
    # an empty cache of its own, so the session's loaded databases stay cached for the other tests
    monkeypatch.setattr(database, "_CACHE", {})
    clear_cache()
    monkeypatch.setenv("MTGCHECK_CARDS", str(MTGJSON_FIXTURE))
    db = load_database()
    assert db.source == str(MTGJSON_FIXTURE.resolve())
    assert db.date == "2025-10-01"
    assert "Quell" in db and db.get("quake").name == "Quell // Quake"
    assert load_database() is db  # cached


def test_explicit_path_wins_over_the_env_variable(monkeypatch, tmp_path):
    monkeypatch.setenv("MTGCHECK_CARDS", str(tmp_path / "missing.json"))
    assert load_database(MTGJSON_FIXTURE).source == str(MTGJSON_FIXTURE.resolve())


def test_catalog_behaviour_is_attached_to_file_cards():
    db = load_database(MTGJSON_FIXTURE)
    forest = db.get("Forest")
    assert forest.source == "mtgjson"
    assert forest.abilities == load_catalog()["Forest"].abilities
    assert db.get("Emberfall Adept").abilities is None


def test_merge_catalog_adds_catalog_only_cards():
    file_cards = [Card(name="Grizzly Bears", source="scryfall")]
    hypo = Card(name="Hypothetical Widget", abilities=(), source="catalog")
    merged = merge_catalog(file_cards, {"Hypothetical Widget": hypo})
    assert [c.name for c in merged] == ["Grizzly Bears", "Hypothetical Widget"]


def test_overlay_replaces_and_adds_without_changing_the_base():
    base = load_database(MTGJSON_FIXTURE)
    new_adept = Card(name="Emberfall Adept", mana_cost=ManaCost.parse("{5}{R}"), source="scenario")
    extra = Card(name="Brand New Card", source="scenario")
    over = base.overlay([new_adept, extra])
    assert over.get("emberfall adept") is new_adept
    assert base.get("Emberfall Adept").mana_value() == 2  # unchanged
    assert len(over) == len(base) + 1
    assert "Brand New Card" in over and "Brand New Card" not in base
    names = over.names()
    assert names.count("Emberfall Adept") == 1 and names[-1] == "Brand New Card"
    n = len(base._levels)
    assert all(a is b for a, b in zip(over._levels[-n:], base._levels))  # the base index is shared, not rebuilt
    assert over.date == base.date and over.source == base.source


def test_overlay_replacing_a_split_card_also_answers_its_face_names():
    base = load_database(MTGJSON_FIXTURE)
    old = base.get("Quell // Quake")
    replacement = Card(name="Quell // Quake", layout="split", faces=old.faces, source="scenario")
    over = base.overlay([replacement])
    assert over.get("Quake") is replacement


def test_overlay_face_name_does_not_shadow_a_base_card_of_that_name():
    base = load_database(MTGJSON_FIXTURE)
    from mtgcheck.models.game.cards import Face

    odd = Card(name="Spark // Emberfall Adept", layout="split",
               faces=(Face("Spark"), Face("Emberfall Adept")), source="scenario")
    over = base.overlay([odd])
    assert over.get("Emberfall Adept").name == "Emberfall Adept"
    assert over.get("Spark").name == "Spark // Emberfall Adept"


def test_unknown_card_error_is_a_key_error_with_suggestions():
    db = load_database(MTGJSON_FIXTURE)
    with pytest.raises(UnknownCardError) as ei:
        db.get("Emberfal Adept")
    err = ei.value
    assert isinstance(err, KeyError)
    assert err.name == "Emberfal Adept"
    assert err.suggestions[0] == "Emberfall Adept"
    assert str(err).startswith("unknown card 'Emberfal Adept'; did you mean: Emberfall Adept")
    assert db.find("Emberfal Adept") is None
