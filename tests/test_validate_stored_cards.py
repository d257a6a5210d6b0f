"""``mtgcheck validate`` from the card facts kept on disk: a batch whose card names were all
met before reads no card database (``solver.decks.rules.stored_cards``), and its output is byte for byte the output
of a run that loads it, with one job or two; a name the facts do not hold, a changed card file or a disabled
cache loads the database as before.

Expected verdicts come from the rules, not from running mtgcheck: 56 Forest + 4 Grizzly Bears is a legal
60-card Modern deck (CR 100.2a; the fixture's legalities say legal); a name no card has is an unknown card
with the closest name suggested; Zirda's companion condition fails when a permanent card (Grizzly Bears) has
no activated ability (CR 702.139a, Zirda, the Dawnwaker).
"""
from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from mtgcheck.models.data import database
import mtgcheck.solver.decks.rules as decks
import mtgcheck.solver.decks.store as decks_store
from mtgcheck.solver.cli.main import main

LEGAL = {"modern": "legal", "legacy": "legal", "vintage": "legal"}


def _records() -> list[dict]:
    base = {"object": "card", "layout": "normal", "lang": "en", "legalities": LEGAL}
    return [
        base | {"name": "Grizzly Bears", "mana_cost": "{1}{G}", "type_line": "Creature — Bear", "oracle_text": "",
                "colors": ["G"], "color_identity": ["G"], "power": "2", "toughness": "2"},
        base | {"name": "Forest", "mana_cost": "", "type_line": "Basic Land — Forest", "oracle_text": "({T}: Add {G}.)",
                "colors": [], "color_identity": ["G"]},
        base | {"name": "Zirda, the Dawnwaker", "mana_cost": "{1}{R/W}{R/W}",
                "type_line": "Legendary Creature — Elemental Fox", "colors": ["R", "W"], "color_identity": ["R", "W"],
                "oracle_text": "Companion — Each permanent card in your starting deck has an activated ability. "
                               "(If this card is your chosen companion, you may put it into your hand from outside "
                               "the game for {3} as a sorcery.)\nAbilities you activate that aren't mana abilities "
                               "cost {2} less to activate. This effect can't reduce the mana in that cost to less "
                               "than one mana.\n{1}, {T}: Target creature can't block this turn.",
                "keywords": ["Companion"], "power": "3", "toughness": "3"},
        base | {"name": "Llanowar Elves", "mana_cost": "{G}", "type_line": "Creature — Elf Druid",
                "oracle_text": "{T}: Add {G}.", "colors": ["G"], "color_identity": ["G"], "power": "1", "toughness": "1"},
    ]


DECKS = [
    {"format": "modern", "main": [[4, "Grizzly Bears"], [56, "Forest"]]},                       # legal (100.2a)
    {"format": "modern", "main": [[4, "Grizly Bears"], [56, "Forest"]]},                        # unknown name
    {"format": "modern", "main": [[4, "Grizzly Bears"], [56, "Forest"]],
     "companion": [[1, "Zirda, the Dawnwaker"]]},                                               # 702.139a fails
    {"format": "legacy", "main": [[4, "grizzly bears"], [56, "Forest"]]},                       # another spelling
]


@pytest.fixture
def batch(tmp_path, monkeypatch):
    """(card file, decks file) with a cache folder of their own."""
    monkeypatch.setenv("MTGCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("MTGCHECK_NO_CACHE", raising=False)
    monkeypatch.delenv("MTGCHECK_CARDS", raising=False)
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps(_records()), encoding="utf-8")
    decks_file = tmp_path / "decks.jsonl"
    decks_file.write_text("".join(json.dumps(d) + "\n" for d in DECKS), encoding="utf-8")
    saved = dict(database._CACHE)
    database.clear_cache()
    yield cards, decks_file
    database.clear_cache()
    database._CACHE.update(saved)


def _validate(cards, path, *extra):
    return CliRunner().invoke(main, ["validate", str(path), "-f", "auto", "--cards", str(cards), "--json", *extra])


def _no_database(monkeypatch) -> list:
    """Make loading any card database fail loudly (and count the attempts)."""
    calls: list = []

    def refuse(*a, **kw):
        calls.append(a)
        raise AssertionError("the card database was loaded")

    monkeypatch.setattr(database, "load_database", refuse)
    return calls


def test_second_batch_reads_no_card_database_and_gives_the_same_output(batch, monkeypatch):
    cards, path = batch
    first = _validate(cards, path)
    assert first.exit_code == 1, first.output  # an illegal deck and an unreadable one
    rows = [json.loads(line) for line in first.stdout.splitlines()]
    assert [r["status"] for r in rows] == ["legal", "unreadable", "illegal", "legal"]
    assert "Grizzly Bears" in rows[1]["problems"][0]["message"]  # the suggestion
    assert rows[2]["codes"] == ["companion_condition"]
    calls = _no_database(monkeypatch)
    for jobs in ("1", "2"):
        again = _validate(cards, path, "--jobs", jobs)
        assert again.exit_code == 1, again.output
        assert again.stdout_bytes == first.stdout_bytes
    assert calls == []


def test_a_name_the_facts_do_not_hold_loads_the_database(batch, monkeypatch, tmp_path):
    cards, path = batch
    first = _validate(cards, path)
    assert first.exit_code == 1, first.output
    more = tmp_path / "more.jsonl"
    more.write_text(json.dumps({"format": "modern", "main": [[4, "Llanowar Elves"], [56, "Forest"]]}) + "\n",
                    encoding="utf-8")
    loads: list = []
    real = database.load_database
    monkeypatch.setattr(database, "load_database", lambda *a, **kw: loads.append(a) or real(*a, **kw))
    got = _validate(cards, more)
    assert got.exit_code == 0, got.output
    assert json.loads(got.stdout)["status"] == "legal"  # CR 100.2a: 60 cards, 4 copies
    assert len(loads) == 1
    monkeypatch.setenv("MTGCHECK_NO_CACHE", "1")
    assert _validate(cards, more).stdout_bytes == got.stdout_bytes


def test_a_changed_card_file_or_no_cache_means_no_stored_cards(batch, monkeypatch):
    cards, path = batch
    assert _validate(cards, path).exit_code == 1
    assert isinstance(decks.stored_cards(cards, lambda: None), decks_store.CardsOnDemand)
    st = cards.stat()
    os.utime(cards, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))  # the file changed: its key too
    assert decks.stored_cards(cards, lambda: None) is None
    assert _validate(cards, path).exit_code == 1  # written again for the file as it is now
    assert decks.stored_cards(cards, lambda: None) is not None
    monkeypatch.setenv("MTGCHECK_NO_CACHE", "1")
    assert decks.stored_cards(cards, lambda: None) is None


def test_commander_names_are_checked_against_the_database(batch, monkeypatch):
    """``--commander`` names are looked up in the card data itself (an unknown one is exit 2 with a hint)."""
    cards, path = batch
    assert _validate(cards, path).exit_code == 1
    got = _validate(cards, path, "--commander", "Zirda, the Dawnwakr")
    assert got.exit_code == 2
    assert "Zirda, the Dawnwaker" in got.output


def test_names_learned_by_every_worker_are_kept(batch, monkeypatch):
    """``--jobs 2`` on a cold cache: the workers' names are merged and kept, so the next batch (one job)
    needs no database, and its output is the same."""
    import mtgcheck.solver.decks.jsonl as decks_jsonl

    cards, path = batch
    monkeypatch.setattr(decks_jsonl, "CHUNK", 1)  # one deck per unit: both workers meet names
    first = _validate(cards, path, "--jobs", "2")
    assert first.exit_code == 1, first.output
    calls = _no_database(monkeypatch)
    again = _validate(cards, path)
    assert again.stdout_bytes == first.stdout_bytes
    assert calls == []


def test_merged_names_keep_one_facts_object_per_card():
    """Two spellings of one card learned in two processes are one card once merged: a deck naming it both
    ways counts its copies together (CR 100.2a)."""
    from mtgcheck.models.data.database import CardDatabase
    from mtgcheck.solver.decks.rules import DeckValidator
    from tests.test_deck_text import card

    db = CardDatabase([card("Cache Bear", "Creature — Bear")], source="memory")
    other = CardDatabase([card("Cache Bear", "Creature — Bear")], source="memory")
    DeckValidator("vintage", db).resolve("Cache Bear")
    DeckValidator("vintage", other).resolve("cache bear")
    DeckValidator.merge(db, DeckValidator.learned(other))
    v = DeckValidator("vintage", db)
    assert v.resolve("cache bear") is v.resolve("Cache Bear")


# ---------------------------------------------------------------------------
# Cards kept pickled on their own
# ---------------------------------------------------------------------------

JEGANTHA = {"object": "card", "layout": "normal", "lang": "en", "legalities": LEGAL,
            "name": "Jegantha, the Wellspring", "mana_cost": "{4}{R/G}", "type_line": "Legendary Creature — Elemental Elk",
            "colors": ["R", "G"], "color_identity": ["R", "G"], "keywords": ["Companion"], "power": "5", "toughness": "5",
            "oracle_text": "Companion — No card in your starting deck has more than one of the same mana symbol in its "
                           "mana cost. (If this card is your chosen companion, you may put it into your hand from "
                           "outside the game for {3} as a sorcery.)\n{T}: Add {W}{U}{B}{R}{G}. This mana can't be "
                           "spent to pay generic mana costs."}
BALOTH = {"object": "card", "layout": "normal", "lang": "en", "legalities": LEGAL, "name": "Leatherback Baloth",
          "mana_cost": "{G}{G}{G}", "type_line": "Creature — Beast", "oracle_text": "", "colors": ["G"],
          "color_identity": ["G"], "power": "4", "toughness": "5"}
JEGANTHA_DECKS = [
    # Jegantha (CR 702.139a): {1}{G}, {G} and no mana cost repeat no symbol: legal
    {"format": "modern", "main": [[4, "Grizzly Bears"], [4, "Llanowar Elves"], [52, "Forest"]],
     "companion": [[1, "Jegantha, the Wellspring"]]},
    # {G}{G}{G} has the same symbol three times: the companion condition fails
    {"format": "modern", "main": [[4, "Leatherback Baloth"], [4, "Llanowar Elves"], [52, "Forest"]],
     "companion": [[1, "Jegantha, the Wellspring"]]},
]


@pytest.fixture
def jegantha_batch(batch):
    cards, _ = batch
    cards.write_text(json.dumps(_records() + [JEGANTHA, BALOTH]), encoding="utf-8")
    path = cards.parent / "jegantha.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in JEGANTHA_DECKS), encoding="utf-8")
    return cards, path


def test_stored_cards_are_the_database_cards_and_jegantha_reads_their_mana_costs(jegantha_batch, monkeypatch):
    """The card facts read from disk keep each card pickled on its own and its behaviour model (catalog
    abilities) apart: Jegantha's condition (CR 702.139a) reads the printed mana costs without the abilities,
    and the card once read whole is the database's card, abilities included."""
    cards, path = jegantha_batch
    first = _validate(cards, path)
    rows = [json.loads(line) for line in first.stdout.splitlines()]
    assert [r["status"] for r in rows] == ["legal", "illegal"], first.output
    assert rows[1]["codes"] == ["companion_condition"]
    database.clear_cache()
    db = decks.stored_cards(cards, lambda: database.load_database(str(cards)))
    assert db is not None and not db.loaded
    v = decks.DeckValidator("modern", db)
    elves = v.resolve("Llanowar Elves")
    assert type(elves) is decks._StoredCardFacts and elves._abilities is not None  # (a catalog model, kept apart)
    rep = v.validate_record(JEGANTHA_DECKS[1], str(path), 1, 2)
    assert rep.codes == ["companion_condition"] and "Leatherback Baloth" in rep.problems[0].cards
    assert elves._abilities is not None  # Jegantha read the printed cost only
    full = database.load_database(str(cards))
    want = full.get("Llanowar Elves")
    assert want.abilities  # (the point: a card with a behaviour model)
    assert elves.card == want and elves.card.abilities == want.abilities
    assert elves.card.legalities is elves.legalities
    ref = decks.card_facts(want)
    for name in decks_store._FIELDS:
        assert getattr(elves, name) == getattr(ref, name), name
    again = _validate(cards, path, "--jobs", "2")
    assert again.stdout_bytes == first.stdout_bytes


PROBE = r"""
import json, sys
from mtgcheck.solver.cli.main import main
try:
    main(["validate", sys.argv[1], "-f", "auto", "--cards", sys.argv[2], "--json"], standalone_mode=False)
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("mtgcheck", "rich", "yaml"))))
"""


def test_a_batch_from_stored_facts_imports_neither_the_question_machinery_nor_rich(jegantha_batch, tmp_path):
    """A batch whose names are all in the card facts on disk, with ``--json`` into a pipe, imports neither
    the question machinery and the effect vocabulary (``solver.questions.registry``, ``models.vocab.effect``) nor rich:
    about a third of a second less of serial start before ``--jobs`` forks (docs/decks.md)."""
    import subprocess
    import sys

    cards, path = jegantha_batch
    env = dict(os.environ, MTGCHECK_CACHE_DIR=str(tmp_path / "cache"))
    mods = []
    for _ in range(2):  # the first run keeps the card facts, the second reads them
        p = subprocess.run([sys.executable, "-c", PROBE, str(path), str(cards)], capture_output=True, text=True,
                           env=env, timeout=300)
        assert p.returncode == 0, p.stderr[-2000:]
        *lines, last = p.stdout.strip().splitlines()
        assert [json.loads(line)["status"] for line in lines] == ["legal", "illegal"]
        mods = json.loads(last)
    assert "mtgcheck.solver.decks.rules" in mods
    for heavy in ("mtgcheck.models.vocab.effect", "mtgcheck.models.vocab.registry", "mtgcheck.models.vocab.abilities", "mtgcheck.solver.questions.registry",
                  "mtgcheck.models.data.scenario", "mtgcheck.models.data.database", "rich"):
        assert heavy not in mods, heavy
