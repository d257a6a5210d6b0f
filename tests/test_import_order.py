"""The answers do not depend on which modules were imported first.

Payment extensions (convoke, improvise, delve) and the activate cost check used to be appended to
module-level lists when their modules were imported, so ``find_payment`` for Treasure Cruise with one
Island and seven graveyard cards said ``None`` unless ``solver.questions.delve`` had been imported before. Each
order below runs in a fresh interpreter and must give the same answers, and the answers are the rules':

* Treasure Cruise ({7}{U}, delve) with one Island and seven cards in the graveyard is castable, the seven
  cards paying {7} (CR 702.66a);
* Stoke the Flames ({2}{R}{R}, convoke) with a Mountain, Goblin Guide, Llanowar Elves and a summoning-sick
  Serra Angel is castable: convoke ignores summoning sickness (CR 702.51a, 302.6);
* Azorius Signet's ``{1}, {T}: Add {W}{U}`` cannot be activated with no other mana source: its {1} cannot be
  paid, and the Signet cannot pay for itself (CR 602.2b, 601.2g-h).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PROBE = r"""
import importlib, json, sys
for mod in sys.argv[1].split(","):
    if mod:
        importlib.import_module(mod)
from mtgcheck.models.data.catalog import load_catalog
from mtgcheck.models.data.database import load_database
from mtgcheck.models.game.state import CardInstance, GameState, Permanent
from mtgcheck.models.data.scenario import load_scenarios
from mtgcheck.solver.rules.payment import find_payment

cat = load_catalog()
s = GameState(players=["Alice", "Bob"], active="Alice")
s.battlefield.append(Permanent("i", cat["Island"], "Alice", "Alice"))
for k in range(7):
    s.zones["graveyard"]["Alice"].append(CardInstance(f"g{k}", cat["Forest"], "Alice"))
cruise = find_payment(s, "Alice", "{7}{U}", spell_card=cat["Treasure Cruise"])
t = GameState(players=["Alice", "Bob"], active="Alice")
for n, name in enumerate(["Mountain", "Goblin Guide", "Llanowar Elves", "Serra Angel"]):
    t.battlefield.append(Permanent(f"p{n}", cat[name], "Alice", "Alice", sick=(name == "Serra Angel")))
stoke = find_payment(t, "Alice", "{2}{R}{R}", spell_card=cat["Stoke the Flames"])
from mtgcheck.solver.questions.runner import run_scenario
(sc,) = load_scenarios(sys.argv[2])
res = run_scenario(sc, load_database())
print(json.dumps({
    "cruise": None if cruise is None else sorted((u.kind, u.count) for u in cruise.uses),
    "stoke": stoke is not None,
    "signet": res.answer.values if res.answer is not None else res.verdict,
}, sort_keys=True, default=str))
"""

SCENARIO = """\
title: Azorius Signet alone cannot pay its own {1}
source: CR 602.2b, 601.2g-h
players: [Alice, Bob]
battlefield:
  Alice: [Azorius Signet]
ask:
  activate: {permanent: Azorius Signet, ability: 1}
expect:
  activatable: false
"""

ORDERS = [
    "",
    "mtgcheck.solver.rules.payment",
    "mtgcheck.solver.questions.delve",
    "mtgcheck.solver.questions.basic",
    "mtgcheck.solver.questions.payment",
    "mtgcheck.solver.rules.payment.search,mtgcheck.solver.questions.delve,mtgcheck.solver.questions.basic",
    "mtgcheck.solver.questions.registry,mtgcheck.solver.questions.basic,mtgcheck.solver.rules.payment.activation",
    "mtgcheck.solver.rules.mana.produce,mtgcheck.solver.questions.resolution,mtgcheck.solver.questions.delve,mtgcheck.solver.rules.payment",
]


def _run(order: str, scenario: Path) -> dict:
    env = dict(os.environ)
    p = subprocess.run([sys.executable, "-c", PROBE, order, str(scenario)], capture_output=True, text=True, env=env,
                       timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    return json.loads(p.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    scenario = tmp_path_factory.mktemp("order") / "signet.yaml"
    scenario.write_text(SCENARIO, encoding="utf-8")
    return {order: _run(order, scenario) for order in ORDERS}


def test_every_import_order_gives_the_same_answers(answers):
    """Fresh interpreters, modules imported in different orders first: identical answers."""
    first = answers[ORDERS[0]]
    for order, got in answers.items():
        assert got == first, (order, got, first)


def test_treasure_cruise_delves_seven_whatever_was_imported_cr_702_66a(answers):
    """One Island pays {U}, seven exiled graveyard cards pay {7} (CR 702.66a), in every import order."""
    for got in answers.values():
        assert got["cruise"] == [["delve", 7], ["mana_ability", 1]]


def test_convoke_and_signet_answers_cr_702_51a_602_2b(answers):
    """Convoke with a sick Serra Angel pays (CR 702.51a); the Signet cannot pay its own {1} (CR 601.2g-h)."""
    for got in answers.values():
        assert got["stoke"] is True
        assert isinstance(got["signet"], dict) and got["signet"]["activatable"] is False
