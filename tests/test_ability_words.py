"""Ability words and flavor words before an activated ability (CR 207.2c, 207.2d: no rules meaning) and the
keywords written "Keyword — [ability]" (exhaust CR 702.177a, boast 702.142a, forecast 702.57b, solved 702.169),
on the real cards of the 32k file (skipped when it is absent). Expected values come from the rules named."""
from __future__ import annotations

import pytest

from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.vocab.mana_effects import AddMana
from mtgcheck.models.vocab.effect import walk_unmodelled
from tests.probe_boards import ask


def _activated(db, name):
    return [a for a in abilities_of(db.get(name)) if a.kind == "activated"]


@pytest.mark.parametrize("name", ["Akoum Flameseeker", "Ondu War Cleric", "Zulaport Chainmage", "Cabal Inquisitor",
                                  "Vedalken Certarch", "Prismatic Geoscope", "Ragamuffyn", "Selvala, Explorer Returned"])
def test_ability_word_before_an_activated_ability_cr_207_2c(real_db, name):
    """CR 207.2c: cohort, threshold, metalcraft, domain, hellbent, parley have no rules meaning: the line is
    an activated ability with {T} in its cost (CR 602.1a)."""
    acts = _activated(real_db, name)
    assert acts and acts[0].cost is not None and acts[0].cost.tap


@pytest.mark.parametrize("name", ["Belisarius Cawl", "Half-Elf Monk", "Convergence of Dominion", "The Golden Throne",
                                  "Blazing Bomb", "Clever Conjurer", "Strax, Sontaran Nurse"])
def test_flavor_word_before_an_activated_ability_cr_207_2d(real_db, name):
    """CR 207.2d: a flavor word has no rules meaning; the ability after the dash is an activated ability."""
    acts = _activated(real_db, name)
    assert acts and acts[0].cost is not None and acts[0].cost.tap
    assert acts[0].text.split(" — ")[0] not in ("", acts[0].text)  # the ability keeps its printed line


def test_cohort_needs_another_untapped_ally_cr_207_2c_118_3(real_db):
    """CR 118.3: "Tap an untapped Ally you control" cannot be paid with no other untapped Ally (the Flameseeker
    itself is tapped by {T}); with Ondu War Cleric untapped it can."""
    q = {"activate": {"permanent": "Akoum Flameseeker", "ability": 1}}
    assert ask(real_db, {"Alice": ["Akoum Flameseeker", "Ondu War Cleric"]}, q).values["activatable"] is True
    no = ask(real_db, {"Alice": ["Akoum Flameseeker", {"card": "Ondu War Cleric", "tapped": True}]}, q)
    assert no.values["activatable"] is False and "CR 118.3" in no.values["reason"]


def test_flavor_word_ability_is_paid_as_any_cr_207_2d_602_2b(real_db):
    """Half-Elf Monk's "Stunning Strike — {1}{W}, {T}: Tap target creature.": two lands pay {1}{W}, one cannot."""
    q = {"activate": {"permanent": "Half-Elf Monk", "ability": 1}}
    assert ask(real_db, {"Alice": ["Half-Elf Monk", "Plains", "Plains"]}, q).values["activatable"] is True
    assert ask(real_db, {"Alice": ["Half-Elf Monk", "Plains"]}, q).values["activatable"] is False


def test_exhaust_adds_activate_only_once_cr_702_177a(real_db):
    """CR 702.177a: "Exhaust — [Cost]: [Effect]" means "[Cost]: [Effect]. Activate only once." (a typed restriction,
    ``per_game`` 1, read against the permanent entry's ``activations``: none listed, never activated)."""
    from mtgcheck.models.vocab.permissions import TimingRestriction

    loot = _activated(real_db, "Loot, the Pathfinder")
    assert len(loot) == 3 and all(a.cost is not None and a.cost.tap for a in loot)
    assert isinstance(loot[0].effect, AddMana)
    assert all(isinstance(a.restriction, TimingRestriction) and a.restriction.per_game == 1 for a in loot)
    q = {"activate": {"permanent": "Mindspring Merfolk", "ability": 1}}
    assert ask(real_db, {"Alice": ["Mindspring Merfolk", "Island", "Island", "Island"]}, q).values["activatable"] is True
    used = {"card": "Mindspring Merfolk", "activations": {1: 1}}
    v = ask(real_db, {"Alice": [used, "Island", "Island", "Island"]}, q).values
    assert v["activatable"] is False and "602.5b" in v["reason"]


def test_boast_and_forecast_keep_their_restrictions_cr_702_142a_702_57b(real_db):
    """CR 702.142a (boast: only if it attacked this turn, once each turn) and 702.57b (forecast: during its
    owner's upkeep, once each turn, from the hand)."""
    boast = _activated(real_db, "Arni Brokenbrow")[0]
    assert "attacked this turn" in " ".join(u.text for u in walk_unmodelled(boast.effect))
    forecast = _activated(real_db, "Govern the Guildless")[0]
    assert forecast.zones == ("hand",)
    assert "upkeep" in " ".join(u.text for u in walk_unmodelled(forecast.effect))


def test_max_speed_is_a_conditional_grant_cr_702_178a(real_db):
    """CR 702.178a: "Max speed — [ability]" grants the ability only while its controller's speed is 4: the line
    is one static ability granting it to its own object under the ``MaxSpeed`` condition, never the bare ability."""
    from mtgcheck.models.vocab.grants import GrantAbility
    from mtgcheck.models.vocab.conditions import MaxSpeed

    lines = [a for a in abilities_of(real_db.get("Aether Syphon")) if a.text.startswith("Max speed")]
    assert lines and all(a.kind == "static" and isinstance(a.effect, GrantAbility)
                         and isinstance(a.effect.condition, MaxSpeed) and a.effect.affects.relation == "this"
                         for a in lines)


def test_keyword_action_line_is_an_instruction_cr_701_25(real_db):
    """CR 701.25 (surveil is a keyword action): Curate's "Surveil 2." is what the spell does as it resolves, not
    a keyword ability with an unmodelled detail; the spell is castable with {1}{U} (CR 601.2)."""
    first = abilities_of(real_db.get("Curate"))[0]
    assert first.kind == "spell"
    a = ask(real_db, {"Alice": ["Island", "Island"]}, {"cast": {"card": "Curate"}}, hand={"Alice": ["Curate"]})
    assert a.values["castable"] is True


def test_deckbuilding_points_line_is_not_an_ability_of_the_card(real_db):
    """Built Bear's "2 points → {T}: Add one mana of any color." is on the card only if chosen while building the
    deck (its Legacy reminder text), which no scenario records: it is one unmodelled line, never an activated
    ability the card surely has (and so never a mana ability that could_produce would count, CR 106.7)."""
    abs_ = abilities_of(real_db.get("Built Bear"))
    line = [a for a in abs_ if a.text.startswith("2 points")]
    assert line and line[0].kind != "activated"
    assert [u for u in walk_unmodelled(line[0].effect)]
    assert not [a for a in abs_ if isinstance(a.effect, AddMana)]
