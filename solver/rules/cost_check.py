"""Can a whole cost be paid: its parts that use objects together, and with its mana (CR 118.3, 601.2g-h, 602.2b).

``cost_problems`` asks each part that uses no other object on its own (``solver.rules.payable.part_problem``) and the
parts that use objects together (``check_objects``): parts of one use take different objects (a flow over the
candidates of ``solver.rules.cost_objects``), and an object that pays a part can't also be used by a mana
ability that the part makes unpayable, since mana abilities are activated before the costs are paid (CR 601.2g):
the mana sources (``solver.rules.mana.sources.mana_sources``) whose ability conflicts with a use are left out, every
choice of the conflicting objects tried (interchangeable ones once), and a "no" that leaving them out could make
wrong is ``Unsupported``. Read by the spell costs (``solver.rules.costs.nonmana_problems``) and ``activate``
(``solver.rules.payment.activation``).
"""
from __future__ import annotations

import dataclasses
import itertools
from types import SimpleNamespace
from typing import Any, Callable, Iterable, Sequence

from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.game.state import CardInstance, GameState, Permanent

from mtgcheck.solver.rules.budget import tick
from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.mana.sources import mana_sources
from mtgcheck.solver.rules.payable import own_parts_problem
from mtgcheck.solver.rules.cost_objects import (MAX_CHOICES, _SELF_REMOVAL, Need, _match, _special_ok, _why_not,
                                                        assignable, describe, needs_of)


def cost_problems(state: GameState, source: Any, parts: Iterable[Any], x: int = 0, *, tap: bool = False,
                  untap: bool = False, text: str = "", pay: Callable[[Any], "str | None"] | None = None,
                  notes: list[str] | None = None) -> str | None:
    """Why the non-mana parts of a cost can't be paid together, with its mana (``None``: they can), CR 118.3, 601.2h.

    Each part that uses no other object is asked on its own (``part_problem``); the parts that use objects are checked
    together: parts of one use take different objects (a permanent is sacrificed once), and an object that pays a part
    can't also be used by a mana ability that the part makes unpayable (CR 601.2g-h; ``cost_check.check_objects``).

    Parameters
    ----------
    state : GameState
    source : Permanent or CastSpell  whose cost it is (see the module docstring).
    parts : iterable of CostPart  (``pay_life`` parts are skipped: the life total is checked with the mana).
    x : int  the announced X (CR 107.3a).
    tap, untap : bool  the cost has {T} / {Q} (the permanent itself is then not one of the objects tapped or untapped).
    text : str  the cost's wording, for the messages.
    pay : callable ``pay(sources_or_None) -> str | None``, optional
        The check of the mana (and life) of the cost with the given mana sources (``None``: all of them); ``None``
        when the cost has no mana or life to pay.
    notes : list of str, optional  lines naming which objects could pay each part are appended.

    Returns
    -------
    str or None  the first reason in player terms, or ``None`` when the whole cost can be paid.

    Raises
    ------
    Unsupported
        A part, kind of object or zone that is not modelled, or a "no" that depends on a choice not modelled.
    """
    parts = tuple(parts)
    return own_parts_problem(state, source, parts, x) or \
        object_parts_problem(state, source, parts, x, tap=tap, untap=untap, text=text, pay=pay, notes=notes)



def object_parts_problem(state: GameState, source: Any, parts: Iterable[Any], x: int = 0, *, tap: bool = False,
                         untap: bool = False, text: str = "", pay: Callable[[Any], "str | None"] | None = None,
                         notes: list[str] | None = None) -> str | None:
    """The second half of ``cost_problems``: the parts that use objects, together, and with the mana (``pay``)."""

    cost = SimpleNamespace(parts=tuple(parts), tap=tap, untap=untap, text=text)
    return check_objects(state, source, cost, x=x, pay=pay, notes=notes)


def _removes_self(src: Any) -> bool:
    return any(p.action in _SELF_REMOVAL and p.what == "this" for p in src.other_costs)



def _conflicts(src: Any, use: str) -> bool:
    """Whether mana ability ``src`` of an object, activated first (CR 601.2g), keeps that object from paying a
    part of ``use`` (module docstring)."""
    if src.zone != "battlefield":
        return True  # a card's ability from the hand or graveyard exiles or moves it (CR 113.6m)
    if _removes_self(src):
        return True
    if use == "tap":
        return bool(src.tap)
    if use == "untap":
        return bool(src.untap)
    if use == "counters":
        return any(p.action == "remove_counters" for p in src.other_costs)
    return False



def check_objects(state: GameState, perm: Permanent, cost: Any, *, x: int = 0,
                  pay: Any = None, notes: list[str] | None = None) -> str | None:
    """Whether the object-using parts of ``cost`` can be paid together with its mana and life (module docstring).

    Parameters
    ----------
    state : GameState
    perm : Permanent whose ability is activated (its controller pays).
    cost : ActivationCost.
    x : int, the announced X (CR 107.3a).
    pay : callable ``pay(sources_or_None) -> str | None``: the mana and life check of the rest of the cost with
        the given mana sources (``None``: all); ``None`` when the cost has neither mana nor life to pay.
    notes : list of str, optional: lines naming which objects could pay each part are appended.

    Returns
    -------
    None when the whole cost can be paid, else the reason in player terms.

    Raises
    ------
    Unsupported : words or zones not modelled, a "no" that depends on a choice not modelled, or more than
        ``MAX_CHOICES`` choices of conflicting objects.
    """

    needs = needs_of(state, perm, cost, x)
    player = perm.controller
    untap_hidden = _untap_could_grow(state, player, needs, perm)
    for nd in needs:
        if not _special_ok(nd, nd.cands) and nd.n > 0:
            if untap_hidden:
                raise Unsupported(untap_hidden, topics=(Topic.COSTS,), text=nd.label)
            return _why_not(state, player, nd)
    if needs and not assignable(needs):
        if untap_hidden:
            raise Unsupported(untap_hidden, topics=(Topic.COSTS,), text=cost.text)
        return ("the cost parts " + "; ".join(f"“{nd.label}” ({describe(nd.cands)})" for nd in needs) +
                " need different objects, and there are not enough (CR 118.3, 601.2h)")
    if notes is not None:
        for nd in needs:
            if nd.n > 0:
                notes.append(f"“{nd.label}” can be paid with {describe(nd.cands)} (CR 118.3)")
    if pay is None or not needs:
        return pay(None) if pay is not None else None
    sources = list(mana_sources(state, player))
    by_obj: dict[str, list] = {}
    for s in sources:
        by_obj.setdefault(s.permanent, []).append(s)
    uses_of: dict[str, set[str]] = {}
    for nd in needs:
        for o in nd.cands:
            uses_of.setdefault(o.id, set()).add(nd.use)
    conflicting = {oid for oid, us in uses_of.items() if any(_conflicts(s, u) for s in by_obj.get(oid, ()) for u in us)}
    free = set(uses_of) - conflicting
    if assignable(needs, free):
        r = pay(None)
        if r is not None and untap_hidden:
            raise Unsupported(untap_hidden, topics=(Topic.COSTS,), text=cost.text)
        return r
    # objects with conflicting mana abilities must pay: try every choice of them (interchangeable ones once)
    cands = sorted(conflicting, key=lambda i: (_sig(state, i, by_obj), i))
    inexact = untap_hidden or ""
    tried = 0
    seen: set = set()
    first_reason = None
    for k in range(1, len(cands) + 1):
        for pick in itertools.combinations(cands, k):
            sig = tuple(sorted(_sig(state, i, by_obj) for i in pick))
            if sig in seen:
                continue
            if not assignable(needs, free | set(pick)):
                continue
            if any(assignable(needs, free | (set(pick) - {i})) for i in pick):
                continue  # not minimal: a smaller choice was tried
            seen.add(sig)
            tried += 1
            tick(1, "choices of objects paying a cost part")
            if tried > MAX_CHOICES:
                raise Unsupported(f"{perm.name}: too many ways to choose which objects pay its cost parts "
                                  f"(more than {MAX_CHOICES})", topics=(Topic.COSTS,), text=cost.text)
            drop = {id(s) for i in pick for s in by_obj.get(i, ()) if any(_conflicts(s, u) for u in uses_of[i])}
            if any(len(uses_of[i]) > 1 or "counters" in uses_of[i] for i in pick):
                inexact = inexact or (f"{perm.name}: its cost parts use {describe([_obj(state, i) for i in pick])}, "
                                      "whose mana abilities were left out as a whole; whether part of them could "
                                      "still be used is not modelled")
            r = pay([s for s in sources if id(s) not in drop])
            if r is None:
                if notes is not None:
                    notes.append(f"{describe([_obj(state, i) for i in pick])} pay(s) the cost parts, so "
                                 "their own mana abilities are not used (CR 601.2g-h)")
                return None
            first_reason = first_reason or r
    if inexact:
        raise Unsupported(inexact, topics=(Topic.COSTS,), text=cost.text)
    why = (first_reason or "").removeprefix("its cost cannot be paid: ")
    return ("its cost cannot be paid: whichever objects pay “" + "”, “".join(nd.label for nd in needs) +
            "”, the rest cannot pay the mana (an object tapped or used for a cost part can't also make mana for it, "
            "CR 601.2g-h, 118.3)" + (f": {why}" if why else ""))



def _obj(state: GameState, oid: str) -> Any:
    try:
        return state.permanent(oid)
    except Exception:
        for _z, _p, c in state.zoned_cards():
            if c.id == oid:
                return c
    return dataclasses.make_dataclass("Obj", ["name"])(oid)



def _sig(state: GameState, oid: str, by_obj: dict) -> tuple:
    """Objects with the same signature are interchangeable for paying a part (same card, state, mana abilities)."""
    o = _obj(state, oid)
    srcs = tuple(sorted((s.ability_index, str(s.ability.describe())) for s in by_obj.get(oid, ())))
    if isinstance(o, Permanent):
        return ("p", o.card.name, o.controller, o.tapped, o.sick, tuple(sorted(o.counters.items())),
                tuple(sorted((k, str(v)) for k, v in o.choices.items())), srcs)
    if isinstance(o, CardInstance):
        return ("c", o.card.name, srcs)
    return ("?", oid)



def _untap_could_grow(state: GameState, player: str, needs: Sequence[Need], perm: Permanent) -> str | None:
    """A reason a "no" would not be exact for an untap part: an untapped permanent of the kind that a mana ability
    could tap first (CR 601.2g) would then be a tapped one the cost could untap."""
    for nd in needs:
        if nd.use != "untap" or str(nd.part.what).endswith(" an opponent controls"):
            continue
        srcs = mana_sources(state, player)
        tappers = {s.permanent for s in srcs if s.tap}
        mine = [q for q in state.permanents(player) if not q.tapped and q.id != perm.id
                and (q.id in tappers or any(p.action == "tap_untapped" for s in srcs for p in s.other_costs))]
        if _match(state, player, str(nd.part.what), mine, perm):
            return (f"{perm.name}: “{nd.label}” could be paid with a permanent first tapped for mana (CR 601.2g); "
                    "that order is not modelled")
    return None
