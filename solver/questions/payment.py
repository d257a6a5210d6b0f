"""The ``cast`` and ``payments`` questions: thin adapters from a scenario's arguments to the payment rules
(``solver.rules.costs.total_cost``, ``solver.rules.payment.find_payment`` / ``count_payments`` / ``iter_payments``)."""
from __future__ import annotations

from typing import Any, Mapping

from mtgcheck.models.game.state import GameState

from mtgcheck.solver.rules import costs as costs_mod
from mtgcheck.solver.rules.altcosts import assist_help
from mtgcheck.solver.rules.errors import ConditionUnmet, CostError, NotASpell, ZoneError
from mtgcheck.solver.rules.faces import CONVERTED, requested_face, spell_face
from mtgcheck.solver.questions.basic import mana_value as _mana_value
from mtgcheck.solver.questions.graph import attach_payment_graph
from mtgcheck.solver.questions.registry import Answer, Context, QuestionError, Unsupported, question
from mtgcheck.solver.rules.reasons import Problem, Reason, code_of
from mtgcheck.models.vocab.keyword_effects import Keyword
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.vocab.keywords import KeywordKind
from mtgcheck.solver.rules.payment.counting import count_payments
from mtgcheck.solver.rules.payment.explain import MEASURES, best_payment, explain_unpayable
from mtgcheck.solver.rules.payment.model import Payment, PaymentProblem, build_model
from mtgcheck.solver.rules.payment.search import find_payment, iter_payments
from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.vocab.costs import additional_choices, spree_mode_costs
from mtgcheck.solver.rules.casting import precost_problems
from mtgcheck.solver.rules.altcosts import cast_any_way
from mtgcheck.solver.rules.targets import cast_targets


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
    gift = ctx.arg("gift", False)
    if not isinstance(gift, bool):
        raise QuestionError(f"'gift' must be true (the gift is promised, CR 702.174a) or false, got {gift!r}")
    if using is _ASKED:
        using = ctx.arg("using", None)
    if using is not None and not isinstance(using, str):
        raise QuestionError(f"'using' is normal or an alternative cost such as flashback, got {using!r}")
    face = requested_face(ctx, card)
    choice = ctx.arg("additional_choice", None)
    if choice is not None and (isinstance(choice, bool) or not isinstance(choice, int) or choice < 1):
        raise QuestionError(f"'additional_choice' is the option (1, 2, ...) of an either-or additional cost, got {choice!r}")
    modes = ctx.arg("modes", None)
    if isinstance(modes, int) and not isinstance(modes, bool):
        modes = [modes]
    if modes is not None and (not isinstance(modes, list) or not modes
                              or not all(isinstance(m, int) and not isinstance(m, bool) for m in modes)):
        raise QuestionError(f"'modes' lists the spree modes chosen (1, 2, ...; at least one, CR 702.172a), got {modes!r}")
    chosen = ctx.arg("targets", None)
    if isinstance(chosen, (str, Mapping)):
        chosen = [chosen]
    if chosen is not None and not isinstance(chosen, list):
        raise QuestionError(f"'targets' lists the chosen targets (players, permanents, spells, cards), got {chosen!r}")
    try:
        tc = costs_mod.total_cost(ctx.state, player, card, using=using, x=x, kicked=kicked, additional=additional,
                                  zone=zone, face=face, targets=None if chosen is None else len(chosen),
                                  chosen=chosen, gift=gift, choice=choice, modes=modes)
        card = getattr(tc, "card", None) or card  # the half or face as cast (CR 709.3, 715.3, 712.11)
    except ZoneError as e:
        try:  # report the half or face asked for, even when it may not be cast from there (CR 709.3b)
            card = spell_face(card, face) or card
        except (CostError, QuestionError):
            pass
        mv, _ = _mana_value(card, "stack", x)
        mana = card.mana_cost.with_x(x) if card.mana_cost is not None else None
        tc = costs_mod.TotalCost(mana, base=str(using or "mana cost"), x=x, steps=[str(e)])
        code = (Reason.NOT_A_SPELL if isinstance(e, NotASpell) else
                Reason.ALTERNATIVE_CONDITION if isinstance(e, ConditionUnmet) else Reason.NO_PERMISSION)
        return card, player, zone, x, tc, mv, [Problem(code, str(e))]
    except CostError as e:
        raise QuestionError(str(e)) from None

    # cast converted, its back face is up: the mana value is its front face's (CR 712.8c)
    mv, _ = _mana_value(ctx.card(ctx.arg("card")) if tc.base == CONVERTED else card, "stack", x)
    problems = precost_problems(ctx.state, player, card, tc, zone, chosen, using=using)
    return card, player, zone, x, tc, mv, problems


def _with_arg(ctx: Context, key: str, value: Any) -> Context:
    """The context with one question argument set (the arguments are the question's own mapping, copied)."""
    import dataclasses

    return dataclasses.replace(ctx, args=dict(ctx.args, **{key: value}))


def _notes(state: GameState, player: str, tc: Any, spell_card: Any, zone: str | None = None) -> list[str]:
    try:
        return build_model(state, player, tc, spell_card=spell_card, spell_zone=zone).notes
    except PaymentProblem:
        return []


def cast_topics(ctx: Context) -> frozenset[Topic]:
    """What a cast/payments answer depends on (the gate, solver.rules.gate): the total cost (CR 601.2f), the mana that
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
    """``cast: {card, player, from, using, x, kicked, additional, additional_choice, gift}`` → ``castable``,
    ``total_cost``, ``mana_value``, ``payment``, ``reason``, ``life``, ``using`` (the way it is cast: ``mana cost`` or an
    alternative cost).

    Without ``using``, the mana cost and then each alternative cost of the card itself (``solver.rules.altcosts``,
    CR 118.9, 601.2b): castable when one of them is. Without ``kicked`` or ``gift``, when the spell's targets depend
    on that choice (CR 601.2c) and it is not castable without it, kicked once and the gift promised are tried too
    (``_cast_with_choices``). CR 601.2f (total cost), 601.2g-h (payment), 202.3 (mana value stays the card's), 118.6
    (no mana cost).
    """

    return cast_any_way(ctx, _cast_with_choices)


#: The casting choices a ``cast`` question without them tries when its targets depend on them (CR 601.2b-c): the
#: argument, the value tried (the least demanding one: kicked once; more kicks only add "for each time" targets) and
#: the card keywords that offer it.
_TARGET_CHOICE_WAYS = (("kicked", 1, ("kicker", "multikicker")), ("gift", True, ("gift",)))


def _cast_with_choices(ctx: Context, using: Any = _ASKED) -> Answer:
    """The ``cast`` answer for one way (``_cast_once``), and, when it is not castable and the question leaves out a
    choice the spell's targets depend on (kicked, gift; CR 601.2c: targets required, or replaced, only if a kicker or
    the gift was chosen; 702.174m), the answer with that choice made: the first castable one, its explanation saying
    which. An ``Unsupported`` of a choice tried is raised only when no choice is castable."""
    from dataclasses import replace


    base = _cast_once(ctx, using)
    if base.values.get("castable") or not isinstance(ctx.args, Mapping):
        return base
    try:
        card = ctx.card(ctx.arg("card"))
        card = spell_face(card, requested_face(ctx, card))
        st = cast_targets(card)
    except (CostError, QuestionError, Unsupported):
        return base
    if not st.depends_on_choices:
        return base
    keywords = {str(k).lower() for k in card.keywords}
    depends = {s.only_if or s.not_if for m in st.modes for s in m}
    error: Unsupported | None = None
    for arg, value, kws in _TARGET_CHOICE_WAYS:
        if arg in ctx.args or arg not in depends or not keywords & set(kws):
            continue
        try:
            ans = _cast_once(replace(ctx, args={**ctx.args, arg: value}), using)
        except Unsupported as e:
            error = error or e
            continue
        except QuestionError:
            continue
        if ans.values.get("castable"):
            made = "kicked once" if arg == "kicked" else "with the gift promised"
            ans.explanation.insert(0, f"not castable without it ({base.values.get('reason')}); castable {made}, which "
                                      f"changes the targets it requires (CR 601.2b-c); ask with {arg}: {str(value).lower()} "
                                      f"for that way only")
            return ans
    if error is not None:
        raise error
    return base


def _cast_once(ctx: Context, using: Any = _ASKED) -> Answer:
    """The ``cast`` answer for one way of casting (``using``; the question's own when not given). A card with an
    either-or additional cost ("sacrifice a creature or pay {3}") is castable when one of its options is: its caster
    announces the option as the spell is cast (CR 601.2b); without ``additional_choice`` each option is tried in
    printed order, the first castable one answering (``additional_choice`` in the answer says which)."""

    try:
        n_modes = len(spree_mode_costs(abilities_of(spell_face(ctx.card(ctx.arg("card")), requested_face(
            ctx, ctx.card(ctx.arg("card")))))))
    except (CostError, QuestionError):
        n_modes = 0
    if n_modes and ctx.arg("modes", None) is None:
        return _cast_spree(ctx, using, n_modes)
    if ctx.arg("additional_choice", None) is not None:
        return _cast_option(ctx, using)
    try:
        card = spell_face(ctx.card(ctx.arg("card")), requested_face(ctx, ctx.card(ctx.arg("card"))))
        n = additional_choices(card, abilities_of(card))
    except (CostError, QuestionError):
        n = 0
    if not n:
        return _cast_option(ctx, using)
    return _first_castable(
        [(f"option {i}", "additional_choice", i, lambda i=i: _cast_option(ctx, using, i)) for i in range(1, n + 1)],
        "its additional cost is a choice: {label} is castable (CR 601.2b; ask with additional_choice: N for one "
        "option)", "no option of its additional cost is castable (CR 601.2b): ")


def _first_castable(tries: list, lead: str, none: str) -> Answer:
    """The first castable answer of ``tries`` (``(label, key, value, answer-maker)``, in order), with ``key: value``
    in its values and ``lead`` (formatted with the label) first in its explanation; when none is castable, the first
    answer, its reason ``none`` and every try's reason; an ``Unsupported`` of a try is raised only then (a castable
    try is an answer whatever another could not say)."""
    first: Answer | None = None
    error: Unsupported | None = None
    tried: list[str] = []
    for label, key, value, make in tries:
        try:
            ans = make()
        except Unsupported as e:
            error = error or e
            tried.append(f"{label}: unsupported ({e})")
            continue
        ans.values[key] = value
        if ans.values.get("castable"):
            ans.explanation.insert(0, lead.format(label=label))
            return ans
        first = first or ans
        tried.append(f"{label}: {ans.values.get('reason')}")
    if error is not None:
        raise error
    assert first is not None
    first.values["reason"] = none + "; ".join(tried)
    first.explanation.append(first.values["reason"])
    return first


def _cast_spree(ctx: Context, using: Any, n: int) -> Answer:
    """``cast`` of a spell with spree (CR 702.172a) without ``modes``: castable when some choice of one or more modes
    is. Each mode alone is tried, in printed order, the first castable one answering (``modes`` says which): a larger
    choice adds that mode's cost and targets to another mode's (its cost is the sum, its targets all of theirs, CR
    601.2c, 601.2f), so whenever a larger choice can be cast, each of its modes alone can too — trying the single
    modes is exhaustive."""
    ans = _first_castable(
        [(f"mode {i}", "modes", [i], lambda i=i: _cast_once(_with_arg(ctx, "modes", [i]), using)) for i in range(1, n + 1)],
        "spree: {label} alone is castable (CR 702.172a; ask with modes: [..] for a choice of modes)",
        "no mode of its spree is castable, and any choice of several costs and targets at least what each of its modes "
        "does (CR 702.172a): ")
    if not ans.values.get("castable"):
        ans.values["modes"] = None
    return ans


def _cast_option(ctx: Context, using: Any = _ASKED, choice: int | None = None) -> Answer:
    """The ``cast`` answer for one way of casting and one option of an either-or additional cost."""
    if choice is not None:
        ctx = _with_arg(ctx, "additional_choice", choice)
    card, player, zone, x, tc, mv, problems = _cast_setup(ctx, using)
    why = list(tc.steps)
    why.append(f"mana value stays {mv}: the card's, not the total cost (CR 202.3, 118.9c; Thalia ruling 2018-03-16)")
    values: dict[str, Any] = {"castable": False, "total_cost": tc.notation(), "mana_value": mv, "payment": None,
                              "reason": None, "reason_code": None, "life": None, "using": tc.base}
    if problems:  # e.g. no permission to cast it from that zone (CR 601.3) comes before the cost
        values["reason"], values["reason_code"] = problems[0], code_of(problems[0])
    elif tc.mana is None:
        values["reason"] = (f"{card.name} has no mana cost, so " + ("its mana cost" if tc.base == "mana cost" else f"its {tc.base} cost")
                            + " cannot be paid (CR 118.6)")
        values["reason_code"] = Reason.NO_MANA_COST
    if values["reason"]:
        why.append(values["reason"])
        return Answer("cast", values, why)
    chosen: list[str] = []
    pay = None
    paid = tc
    n_steps = len(tc.steps)
    try:
        # one total cost, or one per announcement of its Phyrexian symbols when a minimum makes that matter (CR
        # 601.2b, 601.2f): every one is tried (emerge: the payer makes them once the creature is chosen, 702.119c)
        for variant in (tc,) if tc.base == "emerge" else tc.each_announcement():
            if tc.objects:
                from mtgcheck.solver.rules.altcost_objects import pay_emerge, pay_web_slinging, pay_with_objects

                payer = {"emerge": pay_emerge, "web-slinging": pay_web_slinging}.get(tc.base, pay_with_objects)
                pay, chosen, bad = payer(ctx.state, player, card, variant, zone, find_payment)
                if bad and bad != "mana":
                    values["reason"], values["reason_code"] = bad, Reason.COST_PART
                    why.append(bad)
                    return Answer("cast", values, why)
            else:
                pay = find_payment(ctx.state, player, variant, spell_card=card, spell_zone=zone)
            if pay is not None:
                paid = variant
                break
    except PaymentProblem as e:
        raise QuestionError(str(e)) from None
    if paid.steps is not tc.steps or len(tc.steps) != n_steps:  # the total cost as chosen and paid (CR 601.2f)
        why = list(paid.steps) + why[n_steps:]
    if pay is None:
        first = tc.each_announcement()[0]
        values["total_cost"], values["life"] = first.notation(), None
        values["reason"] = explain_unpayable(ctx.state, player, first, spell_card=card, spell_zone=zone)
        values["reason_code"] = Reason.NOT_ENOUGH_MANA
        if tc.announcements:
            values["reason"] = (f"with its Phyrexian symbols announced as mana ({first.notation()}): {values['reason']}; "
                                f"nor with any other announcement: "
                                + "; ".join(v.notation() + (f" and {v.life} life" if v.life else "")
                                            for v in tc.announcements[1:]) + " (CR 601.2b, 601.2f)")
        why.append("no payment exists (every combination of sources and symbol choices was searched): " + values["reason"])
        if any(isinstance(a.effect, Keyword) and a.effect.family is KeywordKind.ASSIST for a in abilities_of(card)):
            _assist(ctx, player, card, tc, zone, values, why)
    else:
        values.update(castable=True, payment=pay.to_dict(), life=pay.life, total_cost=paid.notation())
        why.append("castable; one payment (a witness):")
        why.extend("  " + line for line in chosen + pay.describe())
    why.extend(_notes(ctx.state, player, paid.each_announcement()[0], card, zone))
    extra = attach_payment_graph(ctx, f"cast {card.name}: one payment of {tc.notation()}", values["payment"], why)
    return Answer("cast", values, why, extra)


def _assist(ctx: Context, player: str, card: Any, tc: Any, zone: str, values: dict, why: list[str]) -> None:
    """A spell with assist its caster cannot pay alone (CR 702.132a): ``castable`` stays the caster's own answer, and
    ``assist`` says, for each other player, the least generic mana they could pay for the caster to pay the rest
    (``None``: none would do); the reason says that it is that player's choice."""
    help_ = assist_help(ctx.state, player, card, tc, zone, find_payment)
    values["assist"] = help_
    could = [f"{p} paid {{{k}}} of its generic mana" for p, k in help_.items() if k is not None]
    line = ("with assist (CR 702.132a) " + player + " could cast it if " + " or if ".join(could)
            + ", which is that player's choice" if could else
            "with assist (CR 702.132a) no other player's mana would make it castable either")
    values["reason"] = f"{values['reason']}; {line}"
    why.append(line + f" ({player} alone cannot: castable answers for {player}'s own mana)")


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

    Every irredundant payment is enumerated (identical sources collapsed, see ``solver.rules.payment``).
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
                              "mana_value": mv, "reason": None, "reason_code": None}
    if minimize:
        values.update(best=None, best_life=None, best_sources=None, best_announced=None)
    if tc.mana is None or problems:
        values["reason"] = problems[0] if problems else f"{card.name}'s {tc.base} is unpayable (CR 118.6)"
        values["reason_code"] = code_of(problems[0]) if problems else Reason.NO_MANA_COST
        why.append(values["reason"])
        return Answer("payments", values, why)
    limit = ctx.limit
    listed: list[Payment] = []
    best = None
    bkey = None
    n = tot = 0
    try:
        # counted combinatorially (never by listing); listing stops at --limit unless a best payment
        # is asked for, which compares every payment. With one total cost per announcement of its Phyrexian symbols
        # (CR 601.2b, 601.2f) the payments of each are distinct (they pay different life): they add up
        for variant in tc.each_announcement():
            vn, vtot = count_payments(ctx.state, player, variant, spell_card=card, spell_zone=zone)
            n, tot = n + vn, tot + vtot * variant.symbol_ways
            for pay in iter_payments(ctx.state, player, variant, spell_card=card, spell_zone=zone):
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
        values["reason"] = explain_unpayable(ctx.state, player, tc.each_announcement()[0], spell_card=card, spell_zone=zone)
        values["reason_code"] = Reason.NOT_ENOUGH_MANA
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

