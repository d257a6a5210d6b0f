"""Whether an activated ability's costs can be paid (the ``activate`` question's cost check, CR 602.2b)."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from mtgcheck.models.mana import ManaCost
from mtgcheck.models.state import GameState

from ..questions import Unsupported
from .explain import explain_unpayable
from .model import PaymentProblem, life_payable
from .search import find_payment


def activation_cost_check(state: GameState, perm: Any, ability: Any, *, x: int = 0) -> str | None:
    """Whether the costs of ``ability`` of ``perm`` can be paid now (CR 602.2b → 601.2f-h).

    Parameters
    ----------
    state : GameState
    perm : Permanent, the permanent whose ability is activated (its controller pays).
    ability : Ability, one activated ability of ``perm``.
    x : int, the announced value of X when the mana cost has {X} (CR 107.3, 601.2b).

    Returns
    -------
    None when the costs can be paid, else the reason in player terms. The permanent itself cannot be
    tapped for mana when {T}/{Q} is in the cost (CR 601.2g-h); pay-life parts need that much life
    (CR 119.4), counter removal that many counters, sacrificing another permanent a permanent of that
    kind, discarding and exiling from the graveyard that many cards (CR 118.3).

    Raises
    ------
    Unsupported : a cost part that is not modelled.
    """
    cost = ability.cost
    if cost is None:
        return None
    player = perm.controller
    life = 0
    for p in cost.parts:
        if p.action == "pay_life":
            life += p.amount
        elif p.action == "remove_counters":
            have = perm.counters.get(p.what, 0)
            if have < p.amount:
                return f"{perm.name} has {have} {p.what} counter(s); the cost removes {p.amount} (CR 118.3)"
        elif p.action == "sacrifice" and p.what != "this":
            kind = p.what.rstrip("s")
            other = "another" in (p.text or "").lower()  # "sacrifice another creature": not this one
            have = [q for q in state.permanents(player)
                    if (kind in ("permanent", "") or q.card.is_type(kind.capitalize())) and not (other and q.id == perm.id)]
            if len(have) < p.amount:
                return (f"the cost sacrifices {p.amount} {'other ' if other else ''}{kind}{'s' if p.amount > 1 else ''} "
                        f"but {player} controls {len(have)} (CR 118.3)")
        elif p.action == "discard_hand":
            pass  # "Discard your hand": payable with any hand, an empty one too (CR 118.3; Lion's Eye Diamond)
        elif p.action == "discard":
            hand = state.cards("hand", player)
            if len(hand) < p.amount:
                return f"the cost discards {p.amount} card(s) but {player}'s hand holds {len(hand)} (CR 118.3)"
        elif p.action == "tap_untapped":
            kind = p.what.rstrip("s")
            able = [q for q in state.permanents(player) if not q.tapped and q.id != perm.id
                    and (kind in ("permanent", "") or q.card.is_type(kind.capitalize()))]
            if len(able) < p.amount:
                return f"the cost taps {p.amount} untapped {kind}(s) {player} controls but there are {len(able)} (CR 118.3)"
        elif p.action == "exile" and "graveyard" in p.what:
            gy = state.cards("graveyard", player)
            if len(gy) < p.amount:
                return f"the cost exiles {p.amount} card(s) from {player}'s graveyard but it holds {len(gy)} (CR 118.3)"
        elif p.action not in ("sacrifice", "pay_life", "remove_counters"):
            raise Unsupported(f"{perm.name}: the cost part “{p.text or p.action}” is not modelled")
    mana = cost.mana or ManaCost()
    if mana.has_x:
        mana = mana.with_x(x)
    if not len(mana) and not life:
        return None
    if not life_payable(life, state.life_of(player)):
        return f"the cost includes paying {life} life but {player} has {state.life_of(player)} (CR 119.4)"
    exclude = [perm.id] if (cost.tap or cost.untap) else []
    tc = SimpleNamespace(mana=mana, life=life, parts=cost.parts)  # parts: mana abilities must not use them too
    try:
        pay = find_payment(state, player, tc, exclude_permanents=exclude)
    except PaymentProblem as e:
        return str(e)
    if pay is None:
        reason = explain_unpayable(state, player, tc, exclude_permanents=exclude)
        if exclude:
            reason += f" ({perm.name} itself cannot be tapped for mana to pay a cost that taps it, CR 601.2g-h)"
        return "its cost cannot be paid: " + reason
    return None

