"""Scenarios written inline in tests: one YAML text in, the runner's result or the built game state out.

(The ``answer`` fixture of conftest.py does the same for tests that take fixtures; these are plain functions for
tests with a module-level database.)
"""
from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from mtgcheck.models.data.scenario import build_state, load_scenarios
from mtgcheck.solver.questions.runner import run_scenario


def _scenario(tmp_path: Path, text: str) -> Any:
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    (sc,) = load_scenarios(p)
    return sc


def run(tmp_path: Path, db: Any, text: str) -> Any:
    """The runner's ``Result`` of the one scenario in ``text`` (dedented), with card database ``db``."""
    return run_scenario(_scenario(tmp_path, text), db)


def state_of(tmp_path: Path, db: Any, text: str) -> Any:
    """The ``GameState`` the one scenario in ``text`` builds (``ScenarioError`` for an impossible one)."""
    return build_state(_scenario(tmp_path, text), db)[0]


#: ``activate`` on Alice's board (``{perms}``) and Bob's (``{bob}``), with ``{extra}`` scenario lines; ``{card}`` is
#: the permanent asked about (YAML-quoted by the caller when its name needs it), ``{n}`` its ability number.
ACTIVATE = """
players: [Alice, Bob]
{extra}
battlefield:
  Alice: [{perms}]
  Bob: [{bob}]
ask: {{activate: {{permanent: {card}, ability: {n}}}}}
"""

#: ``available_mana: Alice`` on Alice's board (``{perms}``), with ``{extra}`` scenario lines.
AVAILABLE_MANA = """
players: [Alice, Bob]
{extra}
battlefield:
  Alice: [{perms}]
ask: {{available_mana: Alice}}
"""


def cards_block(cards: dict[str, tuple[str, str, str]]) -> str:
    """Scenario lines defining cards inline: ``{name: (type line, oracle text, "P/T" or "")}``; a nonland card gets the
    mana cost ``{2}`` (what the tests using it never ask about)."""
    import json

    lines = ["cards:"]
    for name, (type_line, text, pt) in cards.items():
        lines += [f"  {json.dumps(name)}:"] + ([] if "Land" in type_line else ['    mana_cost: "{2}"']) + [
            f"    type_line: {json.dumps(type_line)}", f"    oracle_text: {json.dumps(text)}"]
        if pt:
            p, t = pt.split("/")
            lines += [f'    power: "{p}"', f'    toughness: "{t}"']
    return "\n".join(lines)
