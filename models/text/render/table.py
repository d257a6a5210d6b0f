"""The table of effect renderers: ``renders`` registers the renderer of effect classes (each family module registers
its own), ``effect`` prints one typed effect through it; ``NAMES`` holds the card's own names while one ability is
printed (``models.text.render.abilities.ability``), so untyped wording that names the card compares as "this" (CR
201.5).
"""
from __future__ import annotations

import contextvars
from typing import Any, Callable

from ...vocab.effect import Effect
from .patterns import Unrenderable


def effect(e: Effect) -> str:
    """The wording of one typed effect (a static or triggered ability's sentence; the words after the colon of an
    activated one); ``Unrenderable`` when its class or a field is not printed."""
    fn = _EFFECTS.get(type(e))
    if fn is None:
        raise Unrenderable(f"effect {type(e).__name__}")
    return fn(e)


_EFFECTS: dict[type, Callable[[Any], str]] = {}


def renders(*classes: type) -> Callable[[Callable[[Any], str]], Callable[[Any], str]]:
    """Decorator registering the renderer of effect classes."""
    def deco(fn: Callable[[Any], str]) -> Callable[[Any], str]:
        for c in classes:
            _EFFECTS[c] = fn
        return fn
    return deco


#: The card's own names while one ability is printed (``ability(a, names)``): untyped wording that names the card
#: is compared as "this" (CR 201.5).
NAMES: contextvars.ContextVar[tuple[str, ...]] = contextvars.ContextVar("names", default=())
