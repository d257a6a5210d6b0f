"""The base of the typed conditions and their combinations: ``Condition``, ``Not``, ``AllOf``, ``AnyOf``."""
from __future__ import annotations

from dataclasses import dataclass


class Condition:
    """Base of the typed conditions."""


@dataclass(frozen=True)
class Not(Condition):
    """The condition ``of`` does not hold ("if you control no creatures", "if there are no charge counters on
    this artifact")."""

    of: Condition


@dataclass(frozen=True)
class AllOf(Condition):
    """Every one of ``parts`` holds ("if you control an Urza's Power-Plant and an Urza's Tower")."""

    parts: tuple[Condition, ...]


@dataclass(frozen=True)
class AnyOf(Condition):
    """At least one of ``parts`` holds ("if you control a Desert or there is a Desert card in your graveyard")."""

    parts: tuple[Condition, ...]
