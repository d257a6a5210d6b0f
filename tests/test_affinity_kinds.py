"""Affinity for words naming several kinds (CR 702.41a): "historic permanents" (700.6), "outlaws" (700.12), "snow
lands" and "artifact creatures" (both words, 205.4). Expected totals from the cards' costs and the rules."""
from __future__ import annotations

from mtgcheck.models.text.costs import affinity_count

from .probe_boards import ask


def test_affinity_words_cr_702_41a():
    assert affinity_count("outlaws")["types"] == ["Assassin", "Mercenary", "Pirate", "Rogue", "Warlock"]
    assert affinity_count("historic permanents")["types"] == ["Artifact", "Legendary", "Saga"]
    assert affinity_count("snow lands")["all_of"] == ["Snow", "Land"]
    assert affinity_count("artifact creatures")["all_of"] == ["Artifact", "Creature"]
    assert affinity_count("tokens") is None  # a scenario's permanents are cards: not read


def test_snow_lands_counts_snow_lands_only_cr_205_4(real_db):
    """Icebreaker Kraken ({10}{U}{U}): three snow lands and a basic Island: {1} less for each of the three."""
    bf = {"Alice": ["Snow-Covered Island"] * 3 + ["Island"]}
    assert ask(real_db, bf, {"payments": {"card": "Icebreaker Kraken"}}).values["total_cost"] == "{7}{U}{U}"


def test_artifact_creatures_need_both_types_cr_205_4(real_db):
    """Urza, Chief Artificer ({3}{W}{U}{B}): Ornithopter counts; Mind Stone (not a creature) and Grizzly Bears (not an
    artifact) do not."""
    bf = {"Alice": ["Ornithopter", "Mind Stone", "Grizzly Bears"]}
    assert ask(real_db, bf, {"payments": {"card": "Urza, Chief Artificer"}}).values["total_cost"] == "{2}{W}{U}{B}"


def test_outlaws_hellspur_brute_cr_700_12(real_db):
    """Hellspur Brute ({4}{R}): a Rogue counts, a Wizard does not."""
    bf = {"Alice": ["Oona's Prowler", "Snapcaster Mage"]}
    assert ask(real_db, bf, {"payments": {"card": "Hellspur Brute"}}).values["total_cost"] == "{3}{R}"
