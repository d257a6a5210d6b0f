"""Cards in exile with a permission to cast them, stated by the scenario's exile entry (CR 601.3, 702.143a foretell,
702.170d plot, 715.3d adventure): bad entries are errors naming the line; the answers are in
examples/classes/exile_permissions.yaml."""
from __future__ import annotations

import pytest

import mtgcheck
from mtgcheck.solver.api import ScenarioInputError

FORETELL = {"Foretold Thing": {"mana_cost": "{2}{U}", "type_line": "Instant", "keywords": ["Foretell"],
                               "oracle_text": "Draw two cards.\nForetell {U}"}}


def _ask(exile, ask, cards=FORETELL, **extra):
    sc = {"players": ["Alice", "Bob"], "cards": cards, "battlefield": {"Alice": ["Island", "Island"]},
          "exile": {"Alice": exile}, "ask": ask, **extra}
    return mtgcheck.ask(sc)


@pytest.mark.parametrize("entry, words", [
    ({"card": "Island", "foretold": True}, "has no foretell"),
    ({"card": "Island", "plotted": True}, "has no plot"),
    ({"card": "Island", "on_adventure": True}, "not an adventurer"),
    ({"card": "Foretold Thing", "foretold": "yesterday"}, "this_turn"),
    ({"card": "Foretold Thing", "foretold": True, "on_adventure": True}, "one permission"),
])
def test_an_exile_permission_the_card_cannot_have_is_an_error_cr_702_143a_715_3d(entry, words):
    with pytest.raises(ScenarioInputError, match=words):
        _ask([entry], {"mana_value": {"card": "Island"}})


def test_an_exile_permission_outside_exile_is_an_error():
    sc = {"players": ["Alice"], "cards": FORETELL, "hand": {"Alice": [{"card": "Foretold Thing", "foretold": True}]},
          "ask": {"mana_value": {"card": "Island"}}}
    with pytest.raises(ScenarioInputError, match="cards in exile"):
        mtgcheck.ask(sc)


def test_a_foretold_card_is_cast_for_its_foretell_cost_after_the_turn_it_was_foretold_cr_702_143a():
    ok = _ask([{"card": "Foretold Thing", "foretold": True}], {"cast": {"card": "Foretold Thing", "from": "exile"}})
    assert ok.values["castable"] is True and ok.values["using"] == "foretell" and ok.values["total_cost"] == "{U}"
    late = _ask([{"card": "Foretold Thing", "foretold": "this_turn"}],
                {"cast": {"card": "Foretold Thing", "from": "exile", "using": "foretell"}})
    assert late.values["castable"] is False and "702.143a" in late.values["reason"]
