"""Every hand-written catalog model says no more and nothing other than its card's Oracle text (CR 113.2c, 113.6).

Each model of ``models/data/catalog_data`` is compared with the reading of the same card's Oracle text in the 32k-card
file (``models.data.catalog_check.compare_model``: same abilities and kinds, same costs, equal typed effects, refusals at
least as wide, the same targets). A difference is accepted only where the model's ability names the ruling or rule
that justifies it (``ruling:``). Skipped, naming the file, when the card file is absent.
"""
from __future__ import annotations

import gzip
import json
from functools import lru_cache

import pytest
import yaml

from mtgcheck.models.game.cards import card_from_fields
from mtgcheck.models.data.catalog import CATALOG_DIR, load_catalog
from mtgcheck.models.data.catalog_check import Difference, canonical, compare_model, ruling_of
from mtgcheck.models.text.oracle import abilities_of as read_text
from tests.shared_data import shared_file

CARDS = "carddata/oracle-cards-2025-11-03.json.gz"


@lru_cache(maxsize=1)
def _raw_cards() -> dict:
    with gzip.open(shared_file(CARDS)) as f:
        return {r["name"]: r for r in json.load(f)}


@lru_cache(maxsize=1)
def _entries() -> dict[str, tuple[str, list]]:
    """Card name -> (file name, its ability entries as written)."""
    out = {}
    for path in sorted(CATALOG_DIR.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for entry in (data.get("cards") if isinstance(data, dict) and "cards" in data else [data]):
            out[entry["name"]] = (path.name, list(entry.get("abilities") or []))
    return out


@lru_cache(maxsize=None)
def _differences(name: str) -> tuple[Difference, ...]:
    """Every difference of the model of ``name`` from the reading of its text (none when the file lacks the card)."""
    raw = _raw_cards().get(name)
    if raw is None:
        return ()  # a card the file does not have (none today): nothing to compare with
    card = card_from_fields(raw)
    return tuple(compare_model(name, load_catalog()[name].abilities or (), read_text(card),
                               card.is_type("Enchantment") and "Aura" in card.type_line.subtypes))


def _unjustified(name: str) -> list[Difference]:
    entries = _entries()[name][1]
    return [d for d in _differences(name) if d.ability is None or not ruling_of(entries[d.ability - 1])]


@pytest.mark.parametrize("name", sorted(load_catalog()))
def test_catalog_model_says_only_what_its_text_says_cr_113_2c(name):
    """The model of ``name`` has the abilities its Oracle text has, in order and of the same kinds, the same costs
    and typed effects, refusals at least as wide and the same targets; any difference names its ruling."""
    bad = _unjustified(name)
    assert not bad, f"{_entries()[name][0]}:\n" + "\n".join(f"  {d}" for d in bad)


def test_every_ruling_named_justifies_a_difference():
    """A ``ruling:`` that justifies nothing (the model now says what the text says) is removed: the list only
    shrinks as the reading grows."""
    stale = []
    for name, (where, entries) in _entries().items():
        differing = {d.ability for d in _differences(name)}
        stale += [f"{where}: ability {i}" for i, e in enumerate(entries, 1) if e.get("ruling") and i not in differing]
    assert not stale, stale


def test_a_ruling_must_name_a_rule_or_a_dated_ruling():
    """``ruling:`` names a CR rule ("CR 702.34a") or a ruling's date ("2017-03-14"); anything else justifies nothing."""
    assert ruling_of({"ruling": "CR 702.62a: suspend N—cost"})
    assert ruling_of({"ruling": "Snapcaster Mage ruling 2017-03-14"})
    assert not ruling_of({"ruling": "looks right"})
    assert not ruling_of({})


def test_the_comparison_ignores_wording_only(catalog_db):
    """Two readings that differ only in their wording compare equal; a different amount does not."""
    from mtgcheck.models.data.catalog import catalog_ability

    a = catalog_ability({"kind": "activated", "effect": "add_mana", "cost": "{T}", "params": {"mana": "{G}"}, "text": "tap: one green"})
    b = catalog_ability({"kind": "activated", "effect": "add_mana", "cost": "{T}", "params": {"mana": "{G}"}, "text": "{T}: Add {G}."})
    c = catalog_ability({"kind": "activated", "effect": "add_mana", "cost": "{T}", "params": {"mana": "{G}{G}"}, "text": "{T}: Add {G}{G}."})
    assert canonical(a.effect) == canonical(b.effect) and canonical(a.effect) != canonical(c.effect)
    assert compare_model("X", [a], [b]) == []
    assert [d.what for d in compare_model("X", [c], [b])] == ["effect"]


def test_a_model_with_an_ability_the_text_lacks_is_caught():
    """Shadow in the Warp's text has no tax on an opponent's first noncreature spell: a model adding one differs in
    structure (an ability more than the text has)."""
    from mtgcheck.models.data.catalog import catalog_ability

    card = card_from_fields(_raw_cards()["Shadow in the Warp"])
    reading = read_text(card)
    tax = catalog_ability({"kind": "static", "effect": "cost_increase", "cost": None, "params": {"amount": "{1}", "spells": "noncreature",
                                                          "whose": "opponents", "nth": 1}, "text": "a tax"})
    diffs = compare_model(card.name, [reading[0], tax, reading[1]], reading)
    assert [d.what for d in diffs] == ["structure"]
