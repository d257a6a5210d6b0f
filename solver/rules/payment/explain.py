"""Explanations: the best payment by a measure, and why a cost cannot be paid (in player terms)."""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Sequence

from mtgcheck.models.game.mana import COLOR_NAMES, MANA_TYPES, ManaCost
from mtgcheck.models.game.state import GameState

from mtgcheck.solver.rules.mana.sources import ManaSource
from mtgcheck.solver.rules.payment.model import Extension, ExtraPayer, Payment, build_model, life_payable


MEASURES = ("life", "sources")


def best_payment(payments: Iterable[Payment], minimize: str = "life", keep_untapped: Iterable[str] = ()) -> Payment | None:
    """The best payment by a stated measure, among all payments given (exhaustive: every one is compared).

    Parameters
    ----------
    payments : iterable of Payment (e.g. ``iter_payments(...)``).
    minimize : ``"life"`` (least life paid, then fewest sources) or ``"sources"`` (fewest
        permanents used, then least life).
    keep_untapped : permanent ids or card names to keep untapped: payments using fewer of them
        come first, before the measure.

    Returns
    -------
    Payment or None (no payment).
    """
    if minimize not in MEASURES:
        raise ValueError(f"unknown measure {minimize!r}; measures are {', '.join(MEASURES)}")
    keep = {str(k).casefold() for k in keep_untapped}

    def kept_used(p: Payment) -> int:
        n = 0
        for u in p.uses:
            if u.kind == "pool":
                continue
            if u.name.casefold() in keep:
                n += u.count
            else:
                # the use taps ``count`` of its interchangeable permanents: as many kept ones as cannot be avoided
                kept_here = sum(1 for i in u.ids if i.casefold() in keep)
                n += max(0, u.count - (len(u.ids) - kept_here))
        return n

    def key(p: Payment):
        m = (p.life, p.sources) if minimize == "life" else (p.sources, p.life)
        return (kept_used(p),) + m

    best = None
    bk = None
    for p in payments:
        k = key(p)
        if best is None or k < bk:
            best, bk = p, k
    return best


# ---------------------------------------------------------------------------
# Why a cost cannot be paid
# ---------------------------------------------------------------------------


def explain_unpayable(state: GameState, player: str, total_cost: Any, *, spell_card: Any = None,
                      exclude_permanents: Iterable[str] = (), extra: Iterable[ExtraPayer] = (),
                      extensions: Sequence[Extension] | None = None,
                      sources: Sequence[ManaSource] | None = None, spell_zone: str | None = None,
                      ability_of: Any = None) -> str:
    """The reason no payment exists, in player terms (call it after the search found none).

    Looks, in order, at: life (CR 119.4, 118.3), each colour (and {C}, {S}) on its own (how many are
    needed at least, how many the sources could make, which sources could produce it), the total
    amount of mana, and otherwise says that the sources cannot cover every symbol at once.
    """
    model = build_model(state, player, total_cost, spell_card=spell_card, exclude_permanents=exclude_permanents,
                        extra=extra, extensions=extensions, sources=sources, spell_zone=spell_zone,
                        ability_of=ability_of)
    life_total = model.life_total
    if model.no_mana:
        return (f"no mana can be spent to cast {spell_card.name} (its own text), and convoke and delve cannot pay "
                f"{total_cost_str(model.cost)} on their own (CR 702.51a, 702.66a)")
    # least life: Phyrexian paid with mana wherever possible
    if not life_payable(model.base_life, life_total):
        return f"the cost includes paying {model.base_life} life but {player} has {life_total} life (CR 119.4, 118.3)"
    need = Counter(model.fixed)
    can: Counter = Counter()
    who: dict[str, list[str]] = {t: [] for t in MANA_TYPES + ("S",)}
    total = 0
    for g in model.groups:
        best_t: Counter = Counter()
        tot = 0
        for c in g.choices:
            cnt = Counter(t for u in c.units if u[2] for t in u[0])
            for t, n in cnt.items():
                best_t[t] = max(best_t[t], n)
            snow_n = sum(1 for u in c.units if u[2] and u[1])
            best_t["S"] = max(best_t["S"], snow_n)
            tot = max(tot, sum(1 for u in c.units if u[2]) - len(c.inp))
        for t, n in best_t.items():
            if n and t != "1":
                can[t] += n * g.size
                who.setdefault(t, []).append(g.name + (f" ×{g.size}" if g.size > 1 else ""))
        total += max(tot, 0) * g.size
    for t in MANA_TYPES + ("S",):
        d = need.get(t, 0)
        if d > can.get(t, 0):
            what = "mana from a snow source" if t == "S" else f"{COLOR_NAMES[t]} mana" + (" ({C}, not generic, CR 107.4c)" if t == "C" else "")
            srcs = ", ".join(who.get(t, [])) or "none"
            return (f"short of {what}: the cost needs {d} but the available sources could make at most {can.get(t, 0)} "
                    f"(short by {d - can.get(t, 0)}); sources that could produce it: {srcs}")
    min_total = sum(need.values()) + sum(s.count * min(0 if o == ("2life",) else len(o) for o in s.options) for s in model.syms)
    if min_total > total:
        return (f"not enough mana: the cost needs at least {min_total} mana "
                f"({'after paying life for Phyrexian symbols, ' if any(('2life',) in s.options for s in model.syms) else ''}"
                f"{total_cost_str(model.cost)}) but the available sources make at most {total}")
    phy = sum(s.count for s in model.syms if ("2life",) in s.options)
    if phy and life_total < 2:
        return f"{player} has {life_total} life, so no Phyrexian symbol can be paid with 2 life (CR 119.4, 107.4f), and the mana is short"
    damaging = sorted({g.name for g in model.groups for c in g.choices if c.damage})
    if damaging and (phy or model.base_life) and _payable_without_damage(model):
        return (f"the mana that could pay the rest comes with damage ({', '.join(damaging)} deal damage to {player} as "
                f"they make mana), which lowers the life total before the life in the cost is paid: {player}'s "
                f"{life_total} life is not enough for both in any combination (CR 601.2g-h, 120.3a, 119.4)")
    return ("the available sources cannot pay every symbol at once: each source can be used once, and the "
            "colours they can make do not cover the cost together (every combination was tried)")


def _payable_without_damage(model: Any) -> bool:
    """Whether the model would have a payment if its sources dealt no damage (so the damage is the reason)."""
    import dataclasses

    from mtgcheck.solver.rules.payment.search import _first_payment

    groups = [dataclasses.replace(g, choices=[dataclasses.replace(c, damage=0) for c in g.choices]) for g in model.groups]
    return _first_payment(dataclasses.replace(model, groups=groups), quick=False) is not None


def total_cost_str(cost: ManaCost) -> str:
    """Canonical notation of a cost (``{0}`` when nothing is left, CR 118.5)."""
    c = cost.canonical()
    return str(c) if len(c) else "{0}"

