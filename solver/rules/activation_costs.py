"""What activating an ability costs now, and the arithmetic of a change of a mana cost.

* ``activation_total_cost``: an activated ability's mana cost after its own cost change (``ability_cost_change``)
  and the statics in play that change it (``activation_cost_statics``; CR 602.2b, 601.2f);
  ``check_mana_ability_cost_changes`` refuses a mana ability whose cost such a static would change (the pools and
  payments do not model it, CR 605.3a); ``cant_pay_problems``: statics that forbid paying life or sacrificing
  (CR 101.2, 118.3).
* ``_add_generic``, ``_reduce`` and ``fmt``: an increase of generic mana, one reduction (CR 118.7a-d) and a cost's
  notation, read by the spell's total cost too (``solver.rules.costs``, CR 601.2f).
"""
from __future__ import annotations

from typing import Any

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.vocab.cost_effects import AbilityCostChange, ActivationCostChange, CantPayCosts
from mtgcheck.models.game.mana import ManaCost, ManaSymbol
from mtgcheck.models.game.state import GameState

from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.board import board_view
from mtgcheck.solver.rules.quantities import amount_value, condition_holds, matching_objects


def _add_generic(cost: ManaCost, n: int) -> ManaCost:
    return ManaCost(cost.symbols + (ManaSymbol(str(n)),)) if n else cost



def _reduce(cost: ManaCost, amount: ManaCost, steps: list[str], who: str, colored_only: bool = False) -> ManaCost:
    """Apply one cost reduction (CR 118.7a-d, 601.2f).

    A generic amount reduces only the generic component (118.7a); a coloured or colorless amount removes a
    symbol of that type, and when the cost has none, reduces generic mana instead (118.7b-d), unless the
    reduction "reduces only the amount of colored mana you pay" (``colored_only``, Edgewalker).

    Raises ``Unsupported`` for a hybrid or Phyrexian reduction (118.7e-f: a choice or a rule not modelled) and
    for a coloured reduction meeting a hybrid or Phyrexian symbol of its colour (whether it reduces it is not
    modelled).
    """
    generic = cost.generic
    others = [s for s in cost.symbols if not s.is_generic]
    for r in amount.symbols:
        if r.is_generic:
            take = min(generic, r.generic_amount)
            generic -= take
        elif r.text in ("W", "U", "B", "R", "G", "C"):
            hit = next((i for i, s in enumerate(others) if s.text == r.text), None)
            if hit is not None:
                others.pop(hit)
            elif any(r.text in s.text.split("/") for s in others):
                raise Unsupported(f"{who}: whether a reduction of {{{r.text}}} reduces a hybrid or Phyrexian symbol of "
                                  f"{fmt(cost)} is not modelled (CR 118.7c)")
            elif generic and not colored_only:
                generic -= 1  # CR 118.7b-d: reduces generic instead
        else:
            raise Unsupported(f"{who}: a reduction by {{{r.text}}} is not modelled (CR 118.7e-g)")
    out = ManaCost(tuple(others) + ((ManaSymbol(str(generic)),) if generic else ()))
    rule = ("it reduces only coloured mana, never generic" if colored_only
            else "generic reductions touch only generic mana, CR 118.7a-d")
    steps.append(f"{who}: reduce by {amount} → {fmt(out)} ({rule})")
    return out



def fmt(cost: ManaCost | None) -> str:
    """Canonical notation, ``{0}`` for an empty cost, ``unpayable`` for ``None``."""
    if cost is None:
        return "unpayable"
    c = cost.canonical()
    return str(c) if len(c) else "{0}"



def ability_cost_change(state: GameState, perm: Any, ability: Ability,
                        mana: ManaCost | None = None) -> tuple[ManaCost, list[str]]:
    """The mana cost of an activated ability of ``perm`` after its own cost change (CR 602.2b, 601.2f).

    Parameters
    ----------
    state : GameState
    perm : Permanent  whose ability it is; its controller activates it ("you").
    ability : Ability  with ``cost_change`` (``models.vocab.cost_effects.AbilityCostChange``) and a mana cost.
    mana : ManaCost, optional  the cost it changes (default: the ability's printed mana cost; another when other
        changes applied first, ``activation_total_cost``).

    Returns
    -------
    (ManaCost, list of str)
        The cost to pay and the lines explaining it ("{5} reduced by {3} for 3 creature cards in Alice's graveyard
        → {2}"). A reduction reduces only generic mana and never below {0} (CR 601.2f, 118.7a); an increase adds
        generic mana ({1} more for each card in hand, Loreseeker's Stone).

    Raises
    ------
    Unsupported
        The amount or the condition cannot be read in this state (``solver.rules.quantities``), naming the sentence.
    """


    ch = ability.cost_change
    if mana is None:
        mana = ability.cost.mana if ability.cost is not None and ability.cost.mana is not None else ManaCost()
    if not isinstance(ch, AbilityCostChange):
        return mana, []
    who = f"“{ch.text}”"
    units, why = 1, ""
    if ch.during == "controller_turn":
        units = 1 if state.active == perm.controller else 0
        why = f"it is {state.active}'s turn"
    if ch.condition is not None:
        ok, why = condition_holds(state, perm.controller, ch.condition, perm, ch.text)
        units = 1 if ok else 0
    if ch.per is not None:
        n, why = amount_value(state, perm.controller, ch.per, perm, text=ch.text)
        units = max(n, 0)  # CR 107.1b
    total = ch.amount * units
    if not total:
        return mana, [f"{who}: no change ({why}), the cost stays {fmt(mana)} (CR 601.2f)"]
    if ch.direction == "more":
        out = _add_generic(mana, total)
        return out, [f"{who}: {why + ', ' if why else ''}so it costs {{{total}}} more: {fmt(mana)} → {fmt(out)} (CR 601.2f)"]
    steps: list[str] = []
    out = _reduce(mana, ManaCost((ManaSymbol(str(total)),)), steps, who)
    return out, [f"{who}: {why + ', ' if why else ''}so it costs {{{total}}} less: {fmt(mana)} → {fmt(out)} (generic mana only, never "
                 f"below {{0}}, CR 601.2f, 118.7a)"]



def activation_cost_statics(state: GameState, perm: Any, ability: Ability, player: str) -> list[tuple[Any, Any]]:
    """The static abilities in play that change what activating ``ability`` of the permanent ``perm`` costs
    ``player`` now (``models.vocab.cost_effects.ActivationCostChange``; CR 602.2b, 601.2f): ``(permanent, effect)`` pairs.

    Raises
    ------
    Unsupported
        Whether one applies cannot be read (its condition, a filter), naming its sentence.
    """


    view = board_view(state)
    out: list[tuple[Any, Any]] = []
    for q in state.battlefield:
        v = view.get(q.id)
        for a in (v.abilities if v is not None else ()):
            e = a.effect
            if not isinstance(e, ActivationCostChange):
                continue
            if e.zone != "battlefield":
                continue  # "activated abilities of cards in your graveyard": not a permanent's (CR 113.6)
            if e.activator == "you" and player != q.controller:
                continue
            if e.activator == "opponents" and player not in state.opponents(q.controller):
                continue
            if not e.mana_abilities and ability.is_mana_ability:
                continue
            if e.sources is not None:
                f = e.sources
                if f.relation == "enchanted":
                    if q.attached_to != perm.id or not all(perm.is_type(t) for t in f.all_of):
                        continue
                elif perm not in matching_objects(state, q.controller, f, q, text=e.text):
                    continue
            if e.condition is not None and not condition_holds(state, q.controller, e.condition, q, e.text)[0]:
                continue
            out.append((q, e))
    return out



def _mana_count(cost: ManaCost) -> int:
    """How many mana a cost without X asks for: its generic amount plus one per other symbol (CR 202.1, 107.4)."""
    return cost.generic + sum(1 for s in cost.symbols if not s.is_generic)



def activation_total_cost(state: GameState, perm: Any, ability: Ability) -> tuple[ManaCost, list[str]]:
    """The mana cost of activating ``ability`` of ``perm`` now: its printed mana cost, its own cost change
    (``ability_cost_change``) and the statics in play that change it (``activation_cost_statics``). CR 602.2b, 601.2f:
    increases first, then reductions; a reduction reduces generic mana only and never below {0} (118.7a); a
    reduction that "can't reduce the mana in that cost to less than one mana" leaves at least one mana and changes
    nothing in a cost without generic mana (Training Grounds rulings 2010-06-15, 2023-05-12). The reductions with
    that floor are applied first, which gives the player the least cost of any order.

    Returns
    -------
    (ManaCost, list of str)  the cost to pay and the lines explaining each change.

    Raises
    ------
    Unsupported
        An amount or condition that cannot be read; a static change of a cost with {X} (how it reduces the X part
        is not modelled, Training Grounds ruling 2023-05-12).
    """
    mana = ability.cost.mana if ability.cost is not None and ability.cost.mana is not None else ManaCost()
    statics = activation_cost_statics(state, perm, ability, perm.controller)
    if not statics:
        return ability_cost_change(state, perm, ability, mana) if ability.cost_change is not None else (mana, [])
    if any(not s.is_generic and "X" in s.text for s in mana.symbols):
        raise Unsupported(f"{perm.name}: “{ability.describe()}”: a cost change of {statics[0][0].name} on a cost with "
                          f"{{X}} is not modelled (Training Grounds ruling 2023-05-12)")
    own = ability.cost_change
    lines: list[str] = []
    if own is not None and getattr(own, "direction", "less") == "more":
        mana, got = ability_cost_change(state, perm, ability, mana)
        lines += got
    for q, e in statics:
        if e.direction == "more":
            new = _add_generic(mana, e.amount)
            lines.append(f"{q.name} (“{e.text}”): {{{e.amount}}} more: {fmt(mana)} → {fmt(new)} (CR 602.2b, 601.2f)")
            mana = new
    for floored in (True, False):
        if not floored and own is not None and getattr(own, "direction", "less") == "less":
            mana, got = ability_cost_change(state, perm, ability, mana)
            lines += got
        for q, e in statics:
            if e.direction != "less" or e.min_one != floored:
                continue
            take = min(e.amount, mana.generic, max(_mana_count(mana) - 1, 0) if floored else e.amount)
            new = _reduce(mana, ManaCost((ManaSymbol(str(take)),)), [], q.name) if take else mana
            floor = (", and it can't reduce the mana to less than one (Training Grounds rulings 2010-06-15, "
                     "2023-05-12)") if floored else ""
            lines.append(f"{q.name} (“{e.text}”): {{{take}}} less: {fmt(mana)} → {fmt(new)} (generic mana only, "
                         f"CR 602.2b, 601.2f, 118.7a{floor})")
            mana = new
    return mana, lines



def check_mana_ability_cost_changes(state: GameState, sources: list) -> None:
    """Raise ``Unsupported`` when a static in play changes the cost of a mana ability that could make mana now
    (``ActivationCostChange``: a change of what making the mana costs is not modelled in the pools and payments;
    CR 602.2b, 605.3a), or forbids part of it (``CantPayCosts``: paying life, sacrificing; CR 101.2, 118.3). A
    reduction of a cost without generic mana changes nothing (CR 118.7a), and a change of abilities that "aren't
    mana abilities" never applies."""


    view = board_view(state)
    memo = state.__dict__.get("_activation_cost_statics")
    if memo is None or memo[0] is not view:
        memo = (view, any(isinstance(a.effect, (ActivationCostChange, CantPayCosts)) for v in view.values()
                          for a in v.abilities))
        state.__dict__["_activation_cost_statics"] = memo
    if not memo[1]:
        return
    ids = {p.id for p in state.battlefield}
    for s in sources:
        perm = state.permanent(s.permanent) if s.permanent in ids else None
        if perm is None:
            continue
        if s.mana_cost is not None and len(s.mana_cost):
            for q, e in activation_cost_statics(state, perm, s.ability, perm.controller):
                if e.direction == "less" and not s.mana_cost.generic:
                    continue
                raise Unsupported(f"{q.name} (“{e.text}”) changes what {s.name}: “{s.ability.describe()}” costs; a "
                                  f"mana ability's changed cost is not modelled in the pools and payments (CR 602.2b, "
                                  f"605.3a)")
        for q, e in _cant_pay_statics(state, s.ability):
            if any((e.life and p.action == "pay_life") or (e.sacrifice is not None and p.action.startswith("sacrifice"))
                   for p in s.other_costs) or (e.life and s.mana_cost is not None
                                               and any(x.is_phyrexian for x in s.mana_cost)):
                raise Unsupported(f"{q.name} (“{e.text}”) forbids part of what {s.name}: “{s.ability.describe()}” "
                                  f"costs; that is not modelled in the pools and payments (CR 101.2, 118.3)")



def _cant_pay_statics(state: GameState, ability: Ability) -> list[tuple[Any, Any]]:
    """``(permanent, CantPayCosts)`` of the permanents in play whose "can't pay" applies to ``ability``."""


    view = board_view(state)
    return [(q, a.effect) for q in state.battlefield for a in (view[q.id].abilities if q.id in view else ())
            if isinstance(a.effect, CantPayCosts) and (a.effect.mana_abilities or not ability.is_mana_ability)]



def cant_pay_problems(state: GameState, perm: Any, ability: Ability) -> list[str]:
    """Why ``ability`` of ``perm`` can't be activated because a static says players can't pay life or sacrifice
    some permanents to activate abilities (``models.vocab.cost_effects.CantPayCosts``; CR 101.2, 118.3, 602.2b): a cost that
    pays more than 0 life (CR 119.4b: 0 life can always be paid), or that sacrifices ``perm`` itself when it is
    such a permanent.

    Raises
    ------
    Unsupported
        A Phyrexian mana symbol in the cost (paid with mana only then: not modelled), or a sacrifice of another
        permanent the static may forbid (which ones remain is not modelled), naming both.
    """

    cost = ability.cost
    if cost is None:
        return []
    out: list[str] = []
    for q, e in _cant_pay_statics(state, ability):
        who = f"{q.name} (“{e.text}”)"
        if e.life and cost.mana is not None and any(s.is_phyrexian for s in cost.mana):
            raise Unsupported(f"{who}: the Phyrexian mana of “{ability.describe()}” can be paid only with mana then; "
                              f"that is not modelled (CR 107.4f, 119.4b)")
        for p in cost.parts:
            if e.life and p.action == "pay_life" and (p.amount > 0 or p.x):
                out.append(f"{who}: {perm.controller} can't pay life to activate it, and its cost pays "
                           f"{p.amount if p.amount else 'X'} life (CR 101.2, 118.3, 119.4b)")
            if e.sacrifice is not None and p.action in ("sacrifice", "sacrifice_all"):
                if p.what == "this":
                    if perm in matching_objects(state, q.controller, e.sacrifice, q, text=e.text):
                        out.append(f"{who}: {perm.name} can't be sacrificed to activate it (CR 101.2, 118.3)")
                elif p.action == "sacrifice":
                    raise Unsupported(f"{who}: which permanents “{ability.describe()}” may still sacrifice is not "
                                      f"modelled (CR 101.2, 118.3)")
    return out
