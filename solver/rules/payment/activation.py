"""Whether an activated ability's costs can be paid (the ``activate`` question's cost check, CR 602.2b)."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.game.mana import ManaCost
from mtgcheck.models.game.state import GameState

from mtgcheck.solver.rules.payable import own_parts_problem
from mtgcheck.solver.rules.cost_check import object_parts_problem
from mtgcheck.solver.rules.cost_objects import count_matching
from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.reasons import Problem, Reason, code_of
from mtgcheck.solver.rules.payment.explain import explain_unpayable
from mtgcheck.solver.rules.payment.model import AbilityOf, PaymentProblem, life_payable
from mtgcheck.solver.rules.payment.search import find_payment
from mtgcheck.models.game.mana import ManaCost as _MC
from mtgcheck.solver.rules.payment.model import ExtraPayer


_HYBRID_OK = {frozenset("WU"), frozenset("WB"), frozenset("UB"), frozenset("UR"), frozenset("BR"), frozenset("BG"),
              frozenset("RG"), frozenset("RW"), frozenset("GW"), frozenset("GU")}


def spend_only_cost(perm: Any, mana: ManaCost, x: int, spend: Any) -> ManaCost | str:
    """The mana cost to pay under a restriction on the mana spent (``models.vocab.abilities.SpendOnly``; CR 601.2h, 106.6).

    Spending only mana of some colours on a part of the cost is paying that part with symbols of those colours: the
    X of "Spend only red mana on X" (Crimson Hellkite) becomes X {R} ("black and/or red": the hybrid {B/R}, CR
    107.4e), and every generic mana of "Spend only mana of the chosen color to activate this ability" (Throne of
    Eldraine) a symbol of the chosen colour, a coloured symbol of another colour being unpayable.

    Returns
    -------
    ManaCost, or the reason in player terms when no mana could pay it.

    Raises
    ------
    Unsupported : no colour was chosen, or a symbol the restriction can't be read on (Phyrexian, snow, {C}).
    """
    cols = tuple(spend.colors)
    if spend.chosen:  # the colour chosen as it entered (the one reader of choices.color, solver.rules.mana.produce)
        from mtgcheck.solver.rules.mana.produce import chosen_mana_color

        cols = (str(chosen_mana_color(perm.name, perm.choices, False)),)
    if len(cols) == 1:
        sym = "{" + cols[0] + "}"
    elif len(cols) == 2 and frozenset(cols) in _HYBRID_OK:
        sym = "{" + "/".join(cols) + "}"
    else:
        raise Unsupported(f"{perm.name}: “{spend.text}” is not read for these colours", topics=(Topic.COSTS,),
                          text=spend.text)
    if spend.on_x:
        base = ManaCost(tuple(s for s in mana if not s.is_variable))
        return base + ManaCost.parse(sym * (mana.x_count * int(x)))
    out: list[str] = []
    for s in mana.with_x(x):
        if s.is_generic:
            out.extend([sym] * s.generic_amount)
        elif s.is_phyrexian or s.is_snow or s.is_colorless or s.is_variable:
            raise Unsupported(f"{perm.name}: “{spend.text}” with {s} in the cost is not read", topics=(Topic.COSTS,),
                              text=spend.text)
        elif set(s.colors) & set(cols):
            out.append(sym if not s.is_hybrid else "{" + sorted(set(s.colors) & set(cols))[0] + "}")
        else:
            return (f"its cost has {s}, which no mana of {', '.join(cols)} can pay, and “{spend.text}” (CR 601.2h, "
                    f"118.3)")
    return ManaCost.parse("".join(out))


def waterbend_cost(perm: Any, cost: Any) -> Any:
    """An activation cost with "Waterbend {N}" (or {X}) read as its mana and the permanents that may be tapped instead
    (CR 701.67a: pay {N}; for each generic mana of it, an untapped artifact or creature its controller controls may be
    tapped rather than paying that mana; ``ActivationCost.tap_instead``).

    Raises
    ------
    Unsupported : other mana in the cost as well (the taps may pay only the waterbend's own generic mana, CR 701.67b),
        or two waterbend parts.
    """
    import dataclasses


    wb = [p for p in cost.parts if p.action == "waterbend"]
    if len(wb) != 1 or (cost.mana is not None and len(cost.mana)) or getattr(cost, "spend", None) is not None:
        raise Unsupported(f"{perm.name}: “{wb[0].text}” with other mana in the cost: which generic mana the tapped "
                          "permanents may pay (only the waterbend's own, CR 701.67b) is not modelled",
                          topics=(Topic.COSTS,), text=wb[0].text)
    p = wb[0]
    mana = _MC.parse("{X}" if p.x else ("{%d}" % p.amount if p.amount else ""))
    return dataclasses.replace(cost, mana=mana, tap_instead=str(p.what),
                               parts=tuple(q for q in cost.parts if q.action != "waterbend"))


def tap_instead_payers(state: GameState, perm: Any, cost: Any, mana: ManaCost, exclude: list[str],
                       notes: list[str] | None = None) -> list:
    """The permanents that may be tapped rather than paying the ability's mana ("For each mana in this ability's
    activation cost, you may tap an untapped creature you control rather than pay that mana", Heirloom Epic), as
    payers of the payment search (``payment.model.ExtraPayer``): each untapped one its controller controls (summoning
    sickness does not matter: it is not a {T} ability of its own, CR 302.6), one mana each, and then not also tapped
    for its own mana (CR 601.2g-h, 107.5; convoke alike, 702.51a). A creature pays one generic mana, or one mana of
    any colour (each colour an option).

    Raises
    ------
    Unsupported : the object words not understood, or {C} or {S} in the cost (which such a tap would pay is not read).
    """

    if any(s.is_colorless or s.is_snow for s in mana):
        raise Unsupported(f"{perm.name}: tapping a permanent rather than paying {{C}} or {{S}} is not modelled",
                          topics=(Topic.COSTS,), text=cost.text)
    opts = ("1",) if all(s.is_generic for s in mana) else ("W", "U", "B", "R", "G")
    mine = [q for q in state.permanents(perm.controller) if not q.tapped and q.id not in exclude]
    cands = [q for q in mine if count_matching(state, perm.controller, cost.tap_instead, [q], perm)]
    if notes is not None and cands:
        notes.append(f"each of {', '.join(q.name for q in cands[:6])}{' and more' if len(cands) > 6 else ''} may be "
                     f"tapped rather than paying one mana of its cost (its own text; CR 601.2h)")
    return [ExtraPayer(q.id, q.name, opts, "tapped for its cost", permanent=q.id) for q in cands]


def activation_cost_check(state: GameState, perm: Any, ability: Any, *, x: int = 0,
                          notes: list[str] | None = None) -> str | None:
    """Whether the costs of ``ability`` of ``perm`` can be paid now (CR 602.2b → 601.2f-h).

    Parameters
    ----------
    state : GameState
    perm : Permanent, the permanent whose ability is activated (its controller pays).
    ability : Ability, one activated ability of ``perm``.
    x : int, the announced value of X (CR 107.3a, 601.2b): in the mana cost and in the other parts ("Pay X {E}",
        "Sacrifice X Clues", "Exile X cards from your graveyard").
    notes : list of str, optional: lines saying which objects could pay the parts that use objects.

    Returns
    -------
    None when the costs can be paid, else the reason in player terms. The permanent itself cannot be
    tapped for mana when {T}/{Q} is in the cost (CR 601.2g-h); pay-life parts need that much life
    (CR 119.4); parts that use other objects as ``cost_check.check_objects`` says, together with the mana
    (never greedy: an object that pays a part is not also used for mana); every other part as
    ``solver.rules.payable.part_problem`` says (CR 118.3).

    Raises
    ------
    Unsupported : a cost part that is not modelled.
    """
    cost = ability.cost
    if cost is None:
        return None
    if cost.alternatives:  # "{3}, {T} or {R}, {T}": either cost (CR 601.2b, 601.2f-h)
        import dataclasses

        reasons = []
        for alt in cost.alternatives:
            r = activation_cost_check(state, perm, dataclasses.replace(ability, cost=alt), x=x, notes=notes)
            if r is None:
                if notes is not None:
                    notes.append(f"the cost is paid as “{alt.text}” (one of the costs it offers, CR 601.2b)")
                return None
            reasons.append(Problem(code_of(r, Reason.COST_PART), f"“{alt.text}”: {r}"))
        return Problem(code_of(reasons[0], Reason.COST_PART), "neither of its costs can be paid: " + "; ".join(reasons))
    if any(p.action == "waterbend" for p in cost.parts):
        cost = waterbend_cost(perm, cost)
    player = perm.controller
    life = sum(int(x) * max(1, p.amount) if getattr(p, "x", False) else p.amount
               for p in cost.parts if p.action == "pay_life")
    problem = own_parts_problem(state, perm, cost.parts, x)  # the parts that use no other object (solver.rules.payable)
    if problem:
        return Problem(Reason.COST_PART, problem)
    mana = cost.mana or ManaCost()
    spend = getattr(cost, "spend", None)
    if spend is not None:  # "Spend only red mana on X", "only mana of the chosen color" (CR 601.2h)
        if spend.on_x and x and getattr(ability, "cost_change", None) is not None:
            raise Unsupported(f"{perm.name}: “{spend.text}” with a change to the ability's cost: which mana the change "
                              "takes off X is not modelled", topics=(Topic.COSTS,), text=spend.text)
        got = spend_only_cost(perm, mana, x, spend)
        if isinstance(got, str):
            return Problem(Reason.NOT_ENOUGH_MANA, got)
        mana = got
        if notes is not None and len(mana):
            notes.append(f"“{spend.text}”: the mana is paid as {mana} (CR 601.2h)")
    elif mana.has_x:
        mana = mana.with_x(x)
    if not life_payable(life, state.life_of(player)):
        return Problem(Reason.COST_PART,
                       f"the cost includes paying {life} life but {player} has {state.life_of(player)} (CR 119.4)")
    exclude = [perm.id] if (cost.tap or cost.untap) else []
    tc = SimpleNamespace(mana=mana, life=life, parts=cost.parts)  # parts: mana abilities must not use them too
    extra = tap_instead_payers(state, perm, cost, mana, exclude, notes) if getattr(cost, "tap_instead", "") else []

    def pay(sources: Any) -> str | None:
        kw: dict = {"exclude_permanents": exclude, "ability_of": AbilityOf(perm)}  # CR 106.6: whose ability
        if extra:
            kw["extra"] = extra
        if sources is not None:
            kw["sources"] = sources
        try:
            got = find_payment(state, player, tc, **kw)
        except PaymentProblem as e:
            return Problem(Reason.NOT_ENOUGH_MANA, str(e))
        if got is None:
            reason = explain_unpayable(state, player, tc, **kw)
            if exclude:
                reason += f" ({perm.name} itself cannot be tapped for mana to pay a cost that taps it, CR 601.2g-h)"
            return Problem(Reason.NOT_ENOUGH_MANA, "its cost cannot be paid: " + reason)
        return None

    needs_payment = bool(len(mana) or life)
    # every non-mana part, and the objects together with the mana: the one reader of "can it be paid" (solver.rules.payable)
    r = object_parts_problem(state, perm, cost.parts, x, tap=cost.tap, untap=cost.untap, text=cost.text,
                             pay=pay if needs_payment else None, notes=notes)
    if r is None or isinstance(r, Problem):
        return r
    # the objects paying a part leave too little mana (CR 601.2g-h), or no objects can pay a part (CR 118.3)
    return Problem(Reason.NOT_ENOUGH_MANA if r.startswith("its cost cannot be paid") else Reason.COST_PART, r)
