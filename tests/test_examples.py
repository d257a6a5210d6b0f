"""Every scenario in examples/ gives the answer its rule or ruling gives (the main job's own check).

The expectations are written in the scenario files from the cited rules and rulings; this
test only runs them. Each example's verdict is pinned: it passes. An example that turns
``unsupported`` (a change that stops answering what was answered), FAIL or error fails the test.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from mtgcheck.models.data.database import load_database
from mtgcheck.models.data.scenario import load_scenarios
from mtgcheck.solver.questions.runner import PASS, run_scenario

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(p for p in (ROOT / "examples").rglob("*") if p.suffix in (".yaml", ".yml", ".json") and "lists" not in p.parts)


@pytest.fixture(scope="module")
def db():
    return load_database(None)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT / "examples")))
def test_example_scenarios(path, db):
    scenarios = load_scenarios(path)
    assert scenarios
    for sc in scenarios:
        assert sc.source, f"{path}#{sc.index + 1}: every example cites its rule or ruling in 'source'"
        assert sc.has_expect, f"{path}#{sc.index + 1}: every example has an expectation"
        res = run_scenario(sc, db)
        assert res.verdict == PASS, f"{path}#{sc.index + 1} {sc.label}: {res.verdict}: {res.message}"
        assert not _no_without_code(res.kind, res.answer.values), \
            f"{path}#{sc.index + 1} {sc.label}: a 'no' whose reason has no code of its own rule: {res.answer.values}"


def _no_without_code(kind: str, values: dict) -> bool:
    """A "no" of cast, payments or activate whose ``reason_code`` is missing or the catch-all (mtgcheck.Reason:
    every "no" names the rule that decided it)."""
    from mtgcheck.solver.rules.reasons import Reason

    no = (values.get("castable") is False if kind == "cast" else values.get("count") == 0 if kind == "payments"
          else values.get("activatable") is False if kind == "activate" else False)
    return no and values.get("reason_code") in (None, Reason.NOT_MODELLED)


def test_basics_all_pass(db):
    """The foundation's question kinds (mana_value, activate) are answered, not unsupported."""
    for path in sorted((ROOT / "examples" / "basics").glob("*.yaml")):
        for sc in load_scenarios(path):
            assert run_scenario(sc, db).verdict == PASS, f"{path.name}: {sc.label}"


def test_examples_with_the_real_card_file(real_db):
    """The same scenarios pass with --cards oracle-cards-2025-11-03.json.gz
    (the catalog's behaviour models still apply to the cards it covers)."""
    bad = []
    for path in EXAMPLES:
        for sc in load_scenarios(path):
            res = run_scenario(sc, real_db)
            if res.verdict != PASS:
                bad.append(f"{path.relative_to(ROOT)}#{sc.index + 1}: {res.verdict}: {res.message}")
    assert not bad, "\n".join(bad)
