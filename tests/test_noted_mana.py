"""Mana of a type noted by a linked ability (CR 607.2e): Jeweled Amulet and Ice Cauldron (``AddMana.noted``).

The linked first ability notes the mana spent on its cost as it resolves (CR 608.2); the second adds mana of the
last noted type (Jeweled Amulet) or that type and amount (Ice Cauldron). Nothing noted (a new object has no notes,
CR 400.7): the type is undefined, so no mana (106.5) and no type it could produce (106.7). could_produce ignores
the charge counter the cost removes (106.7); a pool needs it (602.2b). Expected values come from these rules."""
from __future__ import annotations

import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.data.scenario import ScenarioError
from mtgcheck.models.text.mana import parse_add_clause
from mtgcheck.models.text.topics import classify
from mtgcheck.solver.rules.mana.produce import could_produce
from mtgcheck.solver.questions.registry import Unsupported
from mtgcheck.solver.questions.runner import PASS

from .scenario_text import run, state_of

AMULET = ("{1}, {T}: Put a charge counter on this artifact. Note the type of mana spent to pay this activation cost. "
          "Activate only if there are no charge counters on this artifact.\\n{T}, Remove a charge counter from this "
          "artifact: Add one mana of this artifact's last noted type.")
CAULDRON = ("{X}, {T}: You may exile a nonland card from your hand. You may cast that card for as long as it remains "
            "exiled. Put a charge counter on this artifact and note the type and amount of mana spent to pay this "
            "activation cost. Activate only if there are no charge counters on this artifact.\\n{T}, Remove a charge "
            "counter from this artifact: Add this artifact's last noted type and amount of mana. Spend this mana only "
            "to cast the last card exiled with this artifact.")
CARDS = f"""
cards:
  Jeweled Amulet: {{mana_cost: "{{0}}", type_line: Artifact, oracle_text: "{AMULET}"}}
  Ice Cauldron: {{mana_cost: "{{4}}", type_line: Artifact, oracle_text: "{CAULDRON}"}}
"""


@pytest.fixture(scope="module")
def db():
    return load_database(None)


def test_the_add_clauses_read_into_noted_cr_607_2e():
    assert parse_add_clause("one mana of this artifact's last noted type") == {"noted": "type"}
    assert parse_add_clause("this artifact's last noted type and amount of mana") == {"noted": "mana"}


def test_noting_the_mana_spent_is_no_cost_topic_cr_608_2():
    """Noting happens as the ability resolves (CR 608.2), after its cost was paid (602.2b): no ``costs`` topic."""
    got = classify("Put a charge counter on this artifact. Note the type of mana spent to pay this activation cost.",
                   "activated")
    assert Topic.COSTS not in got and Topic.RESOLUTION in got
    # another sentence speaking of a cost still makes one
    assert Topic.COSTS in classify("Spells you cast this turn cost {1} less to cast.", "activated")


def _state(tmp_path, db, card: str, entry: str):
    return state_of(tmp_path, db, f"""
players: [Alice, Bob]{CARDS}
battlefield:
  Alice: [{{card: {card}, id: a{entry}}}]
ask: {{could_produce: {{id: a}}}}
""")


@pytest.mark.parametrize("card,entry,types", [
    ("Jeweled Amulet", "", set()),                                  # nothing noted: CR 106.5, 400.7
    ("Jeweled Amulet", ", counters: {charge: 1}", set()),
    ("Jeweled Amulet", ', noted_mana: "{G}"', {"G"}),               # no counter: costs ignored, CR 106.7
    ("Jeweled Amulet", ', noted_mana: "{C}"', {"C"}),               # colorless is a type, CR 106.1b
    ("Jeweled Amulet", ', noted_mana: "{B}{B}"', {"B"}),
    ("Ice Cauldron", "", set()),
    ("Ice Cauldron", ', noted_mana: "{R}{R}{G}"', {"R", "G"}),
    ("Ice Cauldron", ', noted_mana: "{C}{W}"', {"W", "C"}),
])
def test_could_produce_the_noted_type_cr_607_2e_106_5_106_7(tmp_path, db, card, entry, types):
    st = _state(tmp_path, db, card, entry)
    assert could_produce(st).types[st.permanent("a").id] == frozenset(types)


def test_several_noted_types_for_one_type_is_unsupported(tmp_path, db):
    """Jeweled Amulet's "one mana of this artifact's last noted type" with {R}{G} noted (its cost increased): which
    type is "the" type is not settled by the rules we model — never guessed."""
    st = _state(tmp_path, db, "Jeweled Amulet", ', noted_mana: "{R}{G}"')
    with pytest.raises(Unsupported, match="several types"):
        could_produce(st)


@pytest.mark.parametrize("entry,pools", [
    ('{card: Jeweled Amulet, counters: {charge: 1}, noted_mana: "{U}"}', '["{U}{G}"]'),
    ('{card: Jeweled Amulet, noted_mana: "{U}"}', '["{G}"]'),                 # no charge counter to remove, 602.2b
    ('{card: Jeweled Amulet, counters: {charge: 1}, tapped: true, noted_mana: "{U}"}', '["{G}"]'),
    ('{card: Jeweled Amulet, counters: {charge: 1}}', '["{G}"]'),             # nothing noted, CR 106.5
    ('{card: Ice Cauldron, counters: {charge: 1}, noted_mana: "{W}{W}"}',
     '["{W:cast_the_last_card_exiled_with_this_artifact}{W:cast_the_last_card_exiled_with_this_artifact}{G}"]'),
])
def test_pools_need_the_charge_counter_cr_602_2b_106_6(tmp_path, db, entry, pools):
    res = run(tmp_path, db, f"""
        title: t
        players: [Alice, Bob]{CARDS.replace(chr(10), chr(10) + '        ')}
        battlefield: {{Alice: [Forest, {entry}]}}
        ask: {{available_mana: Alice}}
        expect: {{pools: {pools}, count: 1}}
    """)
    assert res.verdict == PASS, res.message


@pytest.mark.parametrize("counters,expected", [("", "true"), (", counters: {charge: 1}", "false")])
def test_the_noting_ability_activates_as_its_restriction_says_cr_602_5_608_2(tmp_path, db, counters, expected):
    for card in ("Jeweled Amulet", "Ice Cauldron"):
        res = run(tmp_path, db, f"""
            title: t
            players: [Alice, Bob]{CARDS.replace(chr(10), chr(10) + '            ')}
            battlefield: {{Alice: [Forest, {{card: {card}{counters}}}]}}
            ask: {{activate: {{permanent: {card}, ability: 1}}}}
            expect: {{activatable: {expected}}}
        """)
        assert res.verdict == PASS, (card, res.message)


@pytest.mark.parametrize("value", ['"{2}"', '"{W/U}"', '"{S}"', '"{X}"', "3", '"green"', "[G]"])
def test_a_bad_noted_mana_names_the_line(tmp_path, db, value):
    with pytest.raises(ScenarioError, match="noted_mana") as ei:
        state_of(tmp_path, db, f"""
players: [Alice, Bob]{CARDS}
battlefield:
  Alice:
    - {{card: Jeweled Amulet, noted_mana: {value}}}
ask: {{could_produce: {{card: Jeweled Amulet}}}}
""")
    assert ei.value.line == 9  # the entry's line (line 1 is the empty first line of the text)
