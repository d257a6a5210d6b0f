"""Per-ability facts that depend on nothing but the ability, kept across game states.

A castability question builds its payment model from scratch: for each permanent, the mana each of its
abilities could make (``sources.ManaBoard.options``) and the types it could produce (``produce.could_produce``).
For most mana abilities that is a function of the ability alone — "{T}: Add {G}", "{T}: Add {W} or {U}",
"{T}: Add one mana of any color", "{1}, {T}: Add {W}{U}" — so it is computed once per ability object and read
back on every later board, as long as nothing on the board could change it.

When the cached value is exact
------------------------------
``context_free(ab)`` holds when every field of the ``AddMana`` ability that is set is one of
``_STATE_FREE`` (read by ``produce.base_events`` without looking at the game: fixed mana, a choice of types,
a list of options, any colour or type, combinations, distinct colours, a number as the amount, a spend
restriction) or one of ``_NOT_READ`` (not read by ``base_events`` nor by ``sources.ManaBoard.options``: riders,
the face, library movement, loyalty, intrinsic land type). Anything else — a reflected type, a chosen
colour, an "instead" condition, a typed count, colours among permanents, the commander's identity, an
amount chosen with a "remove X counters" cost, a triggered ability — is not context free, and is
computed on every board as before. ``base_events`` then makes the same events on every board (CR 106.7:
what an ability could add depends only on its text when that text reads nothing of the game).

The callers add their own board conditions: no replacement effect on mana production in force and no
triggered mana ability in force (CR 106.12a-b, 605.1b, 616.1), so neither can change the options. Under
them the options of an ability on a permanent depend only on the ability, the permanent's name and whether
it is snow (the ``Mana`` records carry both), which is the key. Values are stored with the ability object
itself, so an id is never reused while its entry lives; the cache is cleared when it grows past
``LIMIT`` entries (granted abilities are new objects on each board).
"""
from __future__ import annotations

import dataclasses
import operator
from typing import Any, Callable, Hashable

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.vocab.mana_effects import AddMana
from mtgcheck.models.vocab.amounts import Fixed

#: set fields of ``AddMana`` that ``produce.base_events`` reads without looking at the game (``amount`` only as a
#: fixed number)
_STATE_FREE = frozenset({"mana", "choice", "options", "any_color", "any_type", "combination", "distinct_colors",
                         "restriction", "amount"})
#: set fields of ``AddMana`` that neither ``base_events`` nor ``sources.ManaBoard.options`` reads (the ability's face,
#: loyalty and intrinsic land type are not read either)
_NOT_READ = frozenset({"riders", "moves_library_card"})

#: most entries kept before the cache is cleared
LIMIT = 20_000

_free: dict[int, tuple[Ability, bool]] = {}
_values: dict[Hashable, tuple[Any, Any]] = {}


def context_free(ab: Ability) -> bool:
    """Whether what the ``add_mana`` ability ``ab`` could add depends on the ability alone (module docstring).

    Returns
    -------
    bool ; ``False`` for any other kind of ability and for a triggered mana ability.
    """
    hit = _free.get(id(ab))
    if hit is not None and hit[0] is ab:
        return hit[1]
    e = ab.effect
    ok = ab.kind == "activated" and isinstance(e, AddMana)
    if ok:
        for f in dataclasses.fields(e):
            v = getattr(e, f.name)
            if f.name == "amount":
                if not isinstance(v, Fixed):
                    ok = False
                    break
            elif v and f.name not in _STATE_FREE and f.name not in _NOT_READ:
                ok = False
                break
    if len(_free) >= LIMIT:
        _free.clear()
    _free[id(ab)] = (ab, ok)
    return ok


def cached(ab: Ability, key: Hashable, compute: Callable[[], Any]) -> Any:
    """The value stored for (``ab``, ``key``), computing it with ``compute()`` the first time.

    The caller guarantees the value depends only on ``ab`` and ``key`` (``context_free`` and its board
    conditions). An exception from ``compute`` is not stored.
    """
    k = (id(ab), key)
    hit = _values.get(k)
    if hit is not None and hit[0] is ab:
        return hit[1]
    value = compute()
    if len(_values) >= LIMIT:
        _values.clear()
    _values[k] = (ab, value)
    return value


def cached_for(anchors: tuple, key: Hashable, compute: Callable[[], Any]) -> Any:
    """As ``cached``, for a value that depends on several objects (``anchors``, compared by identity and kept
    alive with the value) and on ``key``."""
    k = (tuple(map(id, anchors)), key)
    hit = _values.get(k)
    if hit is not None and len(hit[0]) == len(anchors) and all(map(operator.is_, hit[0], anchors)):
        return hit[1]
    value = compute()
    if len(_values) >= LIMIT:
        _values.clear()
    _values[k] = (anchors, value)
    return value


def clear() -> None:
    """Forget every stored value (tests comparing with and without the cache)."""
    _free.clear()
    _values.clear()
