"""The ``cast`` and ``payments`` questions: thin adapters from a scenario's arguments to the payment rules
(``solver.costs.total_cost``, ``solver.payment.find_payment`` / ``count_payments`` / ``iter_payments``)."""
from __future__ import annotations

from typing import Any, Mapping

from mtgcheck.models.state import GameState

from .. import costs as costs_mod
from ..basic import mana_value as _mana_value
from ..graph import attach_payment_graph
from ..questions import Answer, Context, QuestionError, Unsupported, question
from ..restrictions import cast_restriction_problems, spell_timing_problems, timing_notes
from ..targets import chosen_target_problems, target_problems
from mtgcheck.models.effects import Topic
from .counting import count_payments
from .explain import MEASURES, best_payment, explain_unpayable
from .model import Payment, PaymentProblem, build_model
from .search import find_payment, iter_payments


_ASKED = object()


def _cast_setup(ctx: Context, using: Any = _ASKED):
    card = ctx.card(ctx.arg("card"))
    player = ctx.player(ctx.arg("player", None))
    zone = str(ctx.arg("from", "hand"))
    x = ctx.arg("x", 0)
    if isinstance(x, bool) or not isinstance(x, int) or x < 0:
        raise QuestionError(f"'x' must be a whole number of at least 0, got {x!r}")
    kicked = ctx.arg("kicked", 0)
    if not isinstance(kicked, (bool, int)) or kicked < 0:
        raise QuestionError(f"'kicked' must be true/false or a number of times, got {kicked!r}")
    additional = ctx.arg("additional", [])
    if isinstance(additional, str):
        additional = [additional]
    if not isinstance(additional, list) or not all(isinstance(a, str) for a in additional):
        raise QuestionError(f"'additional' names the optional additional costs paid (e.g. [buyback]), got {additional!r}")
    if using is _ASKED:
        using = ctx.arg("using", None)
    if using is not None and not isinstance(using, str):
        raise QuestionError(f"'using' is normal or an alternative cost such as flashback, got {using!r}")
    face = costs_mod.requested_face(ctx, card)
    chosen = ctx.arg("targets", None)
    if isinstance(chosen, (str, Mapping)):
        chosen = [chosen]
    if chosen is not None and not isinstance(chosen, list):
        raise QuestionError(f"'targets' lists the chosen targets (players, permanents, spells, cards), got {chosen!r}")
    try:
        tc = costs_mod.total_cost(ctx.state, player, card, using=using, x=x, kicked=kicked, additional=additional,
                                  zone=zone, face=face, targets=None if chosen is None else len(chosen),
                                  chosen=chosen)
        card = getattr(tc, "card", None) or card  # the half or face as cast (CR 709.3, 715.3, 712.11)
    except costs_mod.ZoneError as e:
        try:  # report the half or face asked for, even when it may not be cast from there (CR 709.3b)
            card = costs_mod.spell_face(card, face) or card
        except (costs_mod.CostError, QuestionError):
            pass
        mv, _ = _mana_value(card, "stack", x)
        mana = card.mana_cost.with_x(x) if card.mana_cost is not None else None
        tc = costs_mod.TotalCost(mana, base=str(using or "mana cost"), x=x, steps=[str(e)])
        return card, player, zone, x, tc, mv, [str(e)]
    except costs_mod.CostError as e:
        raise QuestionError(str(e)) from None
    from mtgcheck.models.abilities import unread_when_casting

    if any(unread_when_casting(p) for p in tc.parts):
        raise Unsupported(f"a cost part of {card.name} is not modelled: " + "; ".join(p.text for p in tc.parts
                                                                                   if unread_when_casting(p)))
    mv, _ = _mana_value(card, "stack", x)
    # when it may be cast (CR 117.1a, 307.1; flash 702.8a) and its own "Cast this spell only ..." (601.3)
    timing = spell_timing_problems(ctx.state, player, card) + cast_restriction_problems(ctx.state, player, card)
    if not timing:
        tc.steps.extend(timing_notes(ctx.state, player, card))
    # 601.2c (targets) comes before 601.2f-h (costs): a spell without a legal target cannot be cast
    if str(using or "").lower() == "overload":
        # an overloaded spell's text says "each" wherever it said "target": it has no targets (CR 702.96b)
        if chosen is not None:
            raise QuestionError(f"{card.name} cast with overload has no targets (CR 702.96b); leave out 'targets'")
        aims = []
        tc.steps.append("overloaded, it has no targets: every \"target\" in its text reads \"each\" (CR 702.96b)")
    elif chosen is None:
        aims = target_problems(ctx.state, player, card, cast_from=(zone, player))
    else:  # the targets the question chooses, each legal for its phrase (CR 601.2c)
        aims = chosen_target_problems(ctx.state, player, card, chosen)
    problems = timing + aims + costs_mod.nonmana_problems(ctx.state, player, card, tc, zone)
    return card, player, zone, x, tc, mv, problems


def _notes(state: GameState, player: str, tc: Any, spell_card: Any, zone: str | None = None) -> list[str]:
    try:
        return build_model(state, player, tc, spell_card=spell_card, spell_zone=zone).notes
    except PaymentProblem:
        return []


def cast_topics(ctx: Context) -> frozenset[Topic]:
    """What a cast/payments answer depends on (the gate, solver.gate): the total cost (CR 601.2f), the mana that
    could pay it and how it may be spent (601.2g-h, 106, 609.4b), permission and targets (601.2a-c), the
    characteristics that cost changes and restrictions read; life when the cost can be paid with life
    (Phyrexian mana, CR 107.4f; "pay N life"); colours when creatures' colours pay (convoke, CR 702.51a)."""
    t = {Topic.COSTS, Topic.SPELL_COSTS, Topic.MANA_SPENDING, Topic.MANA_PRODUCTION, Topic.CHARACTERISTICS,
         Topic.ACTIVATION, Topic.CASTING}
    name = ctx.args.get("card") if isinstance(ctx.args, Mapping) else None
    try:
        card = ctx.db.get(name) if isinstance(name, str) else None
    except KeyError:
        card = None
    if card is None:
        return frozenset(t)
    costs = [card.mana_cost] + [f.mana_cost for f in card.faces]
    if any(mc is not None and any(s.is_phyrexian for s in mc) for mc in costs):
        t.add(Topic.LIFE)
    if any(k.lower() == "convoke" for k in card.keywords):
        t.add(Topic.COLORS)
    return frozenset(t)


@question("cast", topics=cast_topics, being_cast=True)
def ask_cast(ctx: Context) -> Answer:
    """``cast: {card, player, from, using, x, kicked, additional}`` → ``castable``, ``total_cost``,
    ``mana_value``, ``payment``, ``reason``, ``life``, ``using`` (the way it is cast: ``mana cost`` or an
    alternative cost).

    Without ``using``, the mana cost and then each alternative cost of the card itself (``solver.altcosts``,
    CR 118.9, 601.2b): castable when one of them is. CR 601.2f (total cost), 601.2g-h (payment), 202.3 (mana
    value stays the card's), 118.6 (no mana cost).
    """
    from ..altcosts import cast_any_way

    return cast_any_way(ctx, _cast_once)


def _cast_once(ctx: Context, using: Any = _ASKED) -> Answer:
    """The ``cast`` answer for one way of casting (``using``; the question's own when not given)."""
    card, player, zone, x, tc, mv, problems = _cast_setup(ctx, using)
    why = list(tc.steps)
    why.append(f"mana value stays {mv}: the card's, not the total cost (CR 202.3, 118.9c; Thalia ruling 2018-03-16)")
    values: dict[str, Any] = {"castable": False, "total_cost": tc.notation(), "mana_value": mv, "payment": None,
                              "reason": None, "life": None, "using": tc.base}
    if problems:  # e.g. no permission to cast it from that zone (CR 601.3) comes before the cost
        values["reason"] = problems[0]
    elif tc.mana is None:
        values["reason"] = (f"{card.name} has no mana cost, so " + ("its mana cost" if tc.base == "mana cost" else f"its {tc.base} cost")
                            + " cannot be paid (CR 118.6)")
    if values["reason"]:
        why.append(values["reason"])
        return Answer("cast", values, why)
    chosen: list[str] = []
    try:
        if tc.objects:
            from ..altcosts import pay_emerge, pay_with_objects

            payer = pay_emerge if tc.base == "emerge" else pay_with_objects
            pay, chosen, bad = payer(ctx.state, player, card, tc, zone, find_payment)
            if bad and bad != "mana":
                values["reason"] = bad
                why.append(bad)
                return Answer("cast", values, why)
        else:
            pay = find_payment(ctx.state, player, tc, spell_card=card, spell_zone=zone)
    except PaymentProblem as e:
        raise QuestionError(str(e)) from None
    if pay is None:
        values["reason"] = explain_unpayable(ctx.state, player, tc, spell_card=card, spell_zone=zone)
        why.append("no payment exists (every combination of sources and symbol choices was searched): " + values["reason"])
    else:
        values.update(castable=True, payment=pay.to_dict(), life=pay.life, total_cost=tc.notation())
        why.append("castable; one payment (a witness):")
        why.extend("  " + line for line in chosen + pay.describe())
    why.extend(_notes(ctx.state, player, tc, card, zone))
    extra = attach_payment_graph(ctx, f"cast {card.name}: one payment of {tc.notation()}", values["payment"], why)
    return Answer("cast", values, why, extra)


def _keep_untapped(ctx: Context, player: str, minimize: Any) -> list[str]:
    """``keep_untapped``: permanent references (card name of the player's permanents, ``{card, controller}``
    or ``{id}``) to keep untapped when choosing the best payment; ids, or card names meaning every copy.

    Raises QuestionError for a reference that matches nothing (listing the player's permanents) and
    for ``keep_untapped`` without ``minimize`` (it only orders the best payment)."""
    raw = ctx.arg("keep_untapped", [])
    if isinstance(raw, (str, Mapping)):
        raw = [raw]
    if not raw:
        return []
    if not minimize:
        raise QuestionError("keep_untapped chooses among payments for the best one: give minimize (life or sources) too")
    names = {q.name.casefold() for q in ctx.state.permanents(player)}
    ids = {q.id.casefold(): q.id for q in ctx.state.battlefield}
    out: list[str] = []
    for ref in raw:
        if isinstance(ref, Mapping):
            out.append(ctx.permanent(ref).id)
        elif str(ref).casefold() in ids:
            out.append(ids[str(ref).casefold()])
        elif str(ref).casefold() in names:
            out.append(str(ref))
        else:
            raise QuestionError(f"keep_untapped: {ref!r} is neither a permanent id nor the name of a permanent {player} controls",
                                [f"{q.name} (id {q.id})" for q in ctx.state.permanents(player)])
    return out


@question("payments", unordered=("payments",), topics=cast_topics, being_cast=True)
def ask_payments(ctx: Context) -> Answer:
    """``payments: {card, player, from, using, x, kicked, additional, minimize: life|sources, keep_untapped}``
    → ``count``, ``count_individual``, ``payments`` (capped by ``--limit``), ``best``, ``best_life``,
    ``best_sources``, ``best_announced``, ``total_cost``, ``mana_value``, ``reason``.

    Every irredundant payment is enumerated (identical sources collapsed, see ``solver.payment``).
    """
    card, player, zone, x, tc, mv, problems = _cast_setup(ctx)
    if tc.objects:
        raise Unsupported(f"listing the payments of {card.name}'s {tc.base} cost, which chooses objects "
                          f"({'; '.join(o.text for o in tc.objects)}), is not modelled; ask cast")
    minimize = ctx.arg("minimize", None)
    if minimize is not None and minimize not in MEASURES:
        raise QuestionError(f"'minimize' must be one of {', '.join(MEASURES)}, got {minimize!r}")
    keep = _keep_untapped(ctx, player, minimize)
    why = list(tc.steps)
    values: dict[str, Any] = {"count": 0, "count_individual": 0, "payments": [], "total_cost": tc.notation(),
                              "mana_value": mv, "reason": None}
    if minimize:
        values.update(best=None, best_life=None, best_sources=None, best_announced=None)
    if tc.mana is None or problems:
        values["reason"] = problems[0] if problems else f"{card.name}'s {tc.base} is unpayable (CR 118.6)"
        why.append(values["reason"])
        return Answer("payments", values, why)
    limit = ctx.limit
    listed: list[Payment] = []
    best = None
    bkey = None
    try:
        # counted combinatorially (never by listing); listing stops at --limit unless a best payment
        # is asked for, which compares every payment
        n, tot = count_payments(ctx.state, player, tc, spell_card=card, spell_zone=zone)
        for pay in iter_payments(ctx.state, player, tc, spell_card=card, spell_zone=zone):
            if len(listed) < limit:
                listed.append(pay)
            elif not minimize:
                break
            if minimize:
                best = best_payment([pay] if best is None else [best, pay], minimize, keep)
    except PaymentProblem as e:
        raise QuestionError(str(e)) from None
    values.update(count=n, count_individual=tot, payments=[p.to_dict() for p in listed])
    capped = n > len(listed)
    why.append(f"{n} distinct payment(s) with identical sources collapsed ({tot} telling every permanent and symbol apart)"
               + (f"; listing the first {len(listed)} (--limit)" if capped else ""))
    for i, p in enumerate(listed[:10], 1):
        why.append(f"  {i}. " + "; ".join(p.describe()))
    if n == 0:
        values["reason"] = explain_unpayable(ctx.state, player, tc, spell_card=card, spell_zone=zone)
        why.append(values["reason"])
    if minimize and best is not None:
        values.update(best=best.to_dict(), best_life=best.life, best_sources=best.sources, best_announced=best.announced)
        why.append(f"best by {minimize}" + (f" keeping {', '.join(keep)} untapped where possible" if keep else "")
                   + f" (compared against all {n} payments): " + "; ".join(best.describe()))
    del bkey
    shown = values.get("best") or (values["payments"][0] if values["payments"] else None)
    extra = attach_payment_graph(ctx, f"{card.name}: {'the best' if values.get('best') else 'the first'} payment of "
                                 f"{tc.notation()}", shown, why)
    ans = Answer("payments", values, why, extra, capped=capped)
    return ans

