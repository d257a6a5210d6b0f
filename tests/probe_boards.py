"""Asking one in-memory scenario on the real cards (shared by the probe-class tests)."""
from __future__ import annotations

from typing import Any

from mtgcheck.models.data.scenario import parse_scenario
from mtgcheck.solver.questions.runner import answer_scenario


def ask(db: Any, battlefield: dict, question: dict, hand: dict | None = None, **extra: Any):
    """The ``Answer`` to ``question`` (raises ``Unsupported`` as the runner does) on a two-player board."""
    data = {"players": ["Alice", "Bob"], "active": "Alice", "battlefield": battlefield, "ask": question, **extra}
    if hand:
        data["hand"] = hand
    return answer_scenario(parse_scenario(data, "<test>"), db)
