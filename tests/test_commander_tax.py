"""Commander tax (CR 903.8): casting a commander from the command zone costs an additional {2} for each previous
time its owner cast it from there this game; the mana value does not change (CR 202.3). Expected values come
from the rules."""
from __future__ import annotations

import pytest

import mtgcheck
from mtgcheck.models.data.database import load_database
from mtgcheck.models.data.scenario import ScenarioError

DB = load_database()
KENRITH = "Kenrith, the Returned King"


def _cast(casts=None, lands=5, player="Alice", owner=None, **extra):
    entry = {"card": KENRITH}
    if casts is not None:
        entry["casts"] = casts
    if owner is not None:
        entry["owner"] = owner
    sc = {"players": ["Alice", "Bob"], "battlefield": {"Alice": ["Plains"] * lands},
          "command": {"Alice": [entry]}, "ask": {"cast": dict({"card": KENRITH, "from": "command", "player": player}, **extra)}}
    return mtgcheck.ask(sc, cards=DB)


@pytest.mark.parametrize("casts,cost", [(0, "{4}{W}"), (1, "{6}{W}"), (2, "{8}{W}"), (5, "{14}{W}")])
def test_tax_is_two_for_each_previous_cast_cr_903_8(casts, cost):
    """CR 903.8: {2} more for each previous cast from the command zone; the mana value stays 5 (CR 202.3)."""
    a = _cast(casts, lands=20)
    assert a.values["total_cost"] == cost and a.values["mana_value"] == 5 and a.values["castable"] is True
    assert any("903.8" in line for line in a.explanation)


def test_tax_can_make_the_commander_uncastable_cr_903_8():
    """Five Plains pay {4}{W} but not {6}{W} (cast once before, CR 903.8)."""
    assert _cast(0).values["castable"] is True
    assert _cast(1).values["castable"] is False


def test_free_cast_still_pays_the_tax_cr_118_8_903_8():
    """The tax is an additional cost (CR 903.8, 118.8): casting without paying the mana cost still pays it."""
    a = _cast(2, lands=4, using="free")
    assert a.values["total_cost"] == "{4}" and a.values["castable"] is True


def test_only_the_owner_casts_a_commander_from_the_command_zone_cr_903_8():
    """CR 903.8: "A player may cast a commander they own from the command zone"."""
    a = _cast(0, owner="Bob")
    assert a.values["castable"] is False and "903.8" in a.values["reason"]


def test_unlisted_command_zone_asks_for_the_earlier_casts_cr_903_8():
    """The tax depends on the earlier casts: an unlisted command zone is a question error saying what to list."""
    sc = {"players": ["Alice", "Bob"], "ask": {"cast": {"card": KENRITH, "from": "command"}}}
    with pytest.raises(ValueError, match="casts: 1"):
        mtgcheck.ask(sc, cards=DB)


def test_casts_outside_the_command_zone_is_an_input_error():
    """`casts` counts casts from the command zone (CR 903.8): on a hand entry it is an error naming the key."""
    sc = {"players": ["Alice", "Bob"], "hand": {"Alice": [{"card": KENRITH, "casts": 1}]},
          "ask": {"cast": {"card": KENRITH}}}
    with pytest.raises(ScenarioError, match="casts"):
        mtgcheck.ask(sc, cards=DB)
    bad = {"players": ["Alice", "Bob"], "command": {"Alice": [{"card": KENRITH, "casts": -1}]},
           "ask": {"cast": {"card": KENRITH, "from": "command"}}}
    with pytest.raises(ScenarioError, match="casts"):
        mtgcheck.ask(bad, cards=DB)
