"""Boards a rules expert judged, with the real card texts (tests/data/judged/): each answer is the rules' answer, or
``unsupported`` naming what is not modelled — never a confident other answer.

- chosen names match the face being cast (CR 201.4, 715.4, 712.8a): answered, and right;
- "controlled by the same player / by different players" between targets (CR 601.2c): right or unsupported;
- a Saga land under Blood Moon keeps what its chapters gave it (CR 305.7, 714.2b): right or unsupported.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from mtgcheck.models.data.scenario import load_scenarios
from mtgcheck.solver.questions.runner import PASS, UNSUPPORTED, run_scenario

DATA = Path(__file__).resolve().parent / "data" / "judged"


def _results(real_db, name):
    return [(sc, run_scenario(sc, real_db)) for sc in load_scenarios(DATA / name)]


def test_a_chosen_name_matches_the_face_being_cast(real_db):
    """CR 201.4d, 715.4, 712.11b-c: Meddling Mage or Council of the Absolute naming Stomp or Tibalt neither stops nor
    discounts Bonecrusher Giant or Valki cast as their main face; the named half itself is stopped."""
    for sc, res in _results(real_db, "chosen_name_adventurer_and_mdfc.yaml"):
        assert res.verdict == PASS, f"{sc.label}: {res.verdict}: {res.message} {res.mismatches}"


@pytest.mark.parametrize("name", ["same_player_target_restriction.yaml", "saga_grants_under_blood_moon.yaml"])
def test_never_a_confident_other_answer(real_db, name):
    """CR 601.2c (a relation between targets), 305.7 and 714.2b (what a Saga's chapters gave it stays under a
    land-type change): the rules' answer or unsupported."""
    for sc, res in _results(real_db, name):
        assert res.verdict in (PASS, UNSUPPORTED), f"{sc.label}: {res.verdict}: {res.message} {res.mismatches}"
