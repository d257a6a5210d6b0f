"""Questions answered directly from the rules: ``mana_value`` and ``activate``.

References: CR 202.3 (mana value), 107.3i/107.3m (X off the stack is 0), 709.4 (split
cards), 702.66b (delve does not change mana value), 107.5/107.6 ({T}/{Q}), 302.6
(summoning sickness), 602.2 (activating an ability).
"""
from __future__ import annotations

import dataclasses

from typing import Mapping

from mtgcheck.models.vocab.abilities import Ability, activated_abilities
from mtgcheck.models.game.cards import BASIC_LAND_MANA
from mtgcheck.models.vocab.behaviour import abilities_of
from mtgcheck.models.game.state import GameState, Permanent

from mtgcheck.solver.rules.board import permanent_abilities
from mtgcheck.solver.rules.board import is_creature_now as _is_creature_now
from mtgcheck.solver.rules.payment.activation import activation_cost_check
from mtgcheck.solver.questions.registry import Answer, Context, QuestionError, Unsupported, question
from mtgcheck.solver.rules.reasons import Problem, Reason, code_of, tagged
from mtgcheck.solver.rules.restrictions import (
    priority_problems, restriction_notes, restriction_problems, split_second_problems,
)
from mtgcheck.solver.rules.sickness import tap_permission
from mtgcheck.solver.rules.targets import (
    NO, YES, activation_target_problems, targets_can_include, targets_use_x, x_values,
)
from mtgcheck.models.vocab.cost_effects import AbilityCostChange
from mtgcheck.models.vocab.keyword_effects import Keyword
from mtgcheck.models.vocab.conditions import TargetsInclude
from mtgcheck.models.vocab.permissions import TimingRestriction
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.game.state import sorcery_timing
from mtgcheck.models.vocab.keyword_model import keyword_activation
from mtgcheck.models.vocab.keywords import keyword_kind
from mtgcheck.solver.rules.budget import tick
from mtgcheck.solver.rules.activation_costs import activation_total_cost
from mtgcheck.solver.rules.activation_costs import cant_pay_problems

#: Unmodelled text that can take abilities away or forbid activating them (Humility, Pithing Needle, ...).

ZONES_FOR_MV = ("hand", "library", "graveyard", "exile", "command", "battlefield", "stack")


def mana_value(card, zone: str = "hand", x: int = 0, face: str | None = None) -> tuple[int, list[str]]:
    """Mana value of a card in a zone, with the reasoning.

    Parameters
    ----------
    card : models.game.cards.Card
    zone : str, one of ``ZONES_FOR_MV``; X counts only on the stack (CR 107.3i; 202.3e).
    x : int, the value chosen for X when on the stack.
    face : str, optional: for a split card on the stack, the half being cast (CR 709.3b).

    Returns
    -------
    (int, list of explanation lines)

    Raises
    ------
    QuestionError : unknown zone or face, negative X.
    """
    if zone not in ZONES_FOR_MV:
        raise QuestionError(f"unknown zone {zone!r}; zones are {', '.join(ZONES_FOR_MV)}")
    if x < 0:
        raise QuestionError("X cannot be negative (CR 107.3)")
    xv = x if zone == "stack" else 0
    why: list[str] = []
    if face is not None:
        f = next((f for f in card.faces if f.name.casefold() == str(face).casefold()), None)
        if f is None:
            raise QuestionError(f"{card.name} has no face named {face!r}; faces: {', '.join(card.face_names)}")
        mv = f.mana_cost.mana_value(xv) if f.mana_cost is not None else 0
        why.append(f"{f.name} has mana cost {f.mana_cost or 'none'}; on the stack only the half being cast counts (CR 709.3b)")
        return mv, why
    if card.is_split and card.faces:
        parts = [f"{f.name} {f.mana_cost}" for f in card.faces if f.mana_cost is not None]
        mv = card.mana_value(xv)
        why.append(f"split card: mana value is the total of its halves ({'; '.join(parts)}) = {mv} (CR 709.4)")
        return mv, why
    cost = card.mana_cost if card.mana_cost is not None or not card.faces else card.faces[0].mana_cost
    if cost is None:
        why.append(f"{card.name} has no mana cost, so its mana value is 0 (CR 202.3a, 202.1b)")
        return 0, why
    mv = cost.mana_value(xv)
    why.append(f"mana cost {cost}: mana value {mv} (CR 202.3)")
    if cost.has_x:
        if zone == "stack":
            why.append(f"on the stack X is the chosen value {x} (CR 107.3e, 202.3e)")
        else:
            why.append(f"X counts as 0 in the {zone} (CR 107.3i; on the battlefield too, CR 107.3m)")
    elif x:
        why.append(f"x={x} is not used: the mana cost {cost} has no {{X}} (CR 107.3)")
    if any(s.is_hybrid for s in cost):
        why.append("each hybrid symbol counts its largest component (CR 202.3f)")
    if any(s.is_phyrexian for s in cost):
        why.append("each Phyrexian symbol counts 1 (CR 202.3g)")
    if any(k.lower() == "delve" for k in card.keywords) or any(isinstance(a.effect, Keyword) and a.effect.keyword == "delve" for a in (card.abilities or ())):
        why.append("delve changes how the cost is paid, not the mana cost or mana value (CR 702.66b; Treasure Cruise ruling)")
    return mv, why


@question("mana_value", topics=(Topic.CHARACTERISTICS,))
def ask_mana_value(ctx: Context) -> Answer:
    """``mana_value: {card, zone, x, face}`` → ``mana_value``."""
    args = ctx.args if isinstance(ctx.args, dict) else {"card": ctx.args}
    if "card" not in args:
        raise QuestionError("mana_value needs 'card'")
    card = ctx.card(args["card"])
    x = args.get("x", 0)
    if isinstance(x, bool) or not isinstance(x, int):
        raise QuestionError(f"'x' must be a whole number, got {x!r}")
    mv, why = mana_value(card, str(args.get("zone", "hand")), x, args.get("face"))
    return Answer("mana_value", {"mana_value": mv}, why)


def activation_problems(state: GameState, perm: Permanent, ability: Ability) -> list[str]:
    """Reasons from the {T}/{Q} rules why ``ability`` of ``perm`` cannot be activated now (empty: none).

    CR 107.5 ({T}: an already tapped permanent cannot be tapped), 107.6 ({Q}: an untapped
    permanent cannot be untapped), 302.6 (a creature's {T}/{Q} abilities need it to have been
    under its controller's control since their most recent turn began, unless it has haste, 702.10), 606.3
    (loyalty abilities: sorcery timing in the scenario's ``turn``, one per permanent per turn).
    """
    out: list[str] = []
    loyalty = ability.loyalty
    if loyalty is not None:  # a catalog loyalty ability may carry no parsed cost (CR 606.4: loyalty is its cost)
        out.extend(tagged(Reason.ACTIVATION_RESTRICTION, _loyalty_problems(state, perm, str(loyalty))))
    cost = ability.cost
    if cost is None:
        return out
    if cost.tap and perm.tapped:
        out.append(Problem(Reason.TAPPED, f"{perm.name} is already tapped, so it cannot be tapped to pay {{T}} (CR 107.5)"))
    if cost.untap and not perm.tapped:
        out.append(Problem(Reason.UNTAPPED, f"{perm.name} is untapped, so it cannot be untapped to pay {{Q}} (CR 107.6)"))
    if cost.tap or cost.untap:
        sick = tap_permission(state, perm)
        if not sick.allowed:
            out.append(Problem(Reason.SUMMONING_SICK, sick.why))
    return out


def _loyalty_problems(state: GameState, perm: Permanent, loyalty: str) -> list[str]:
    """Loyalty abilities (CR 606): only by the controller, any time they could cast a sorcery, and only if none of
    this permanent's loyalty abilities has been activated this turn (606.3; the step, the stack and the history come
    from the scenario's ``turn``, default: the precombat main phase with nothing activated), and a negative loyalty
    cost cannot remove more loyalty counters than the permanent has (606.6, 118.3)."""

    out: list[str] = []
    if perm.controller != state.active:
        out.append(f"loyalty abilities of {perm.name} can be activated only during {perm.controller}'s own turn "
                   f"(it is {state.active}'s turn; CR 606.3)")
    else:
        why = sorcery_timing(state, perm.controller)
        if why:
            out.append(f"loyalty abilities of {perm.name} can be activated only when a sorcery could be cast: {why}; CR 606.3")
    done = [(n, k) for (pid, n), k in state.turn.history.activations.items() if pid == perm.id and k > 0]
    if done:
        acts = activated_abilities(permanent_abilities(state, perm))
        loyal = [n for n, _ in done if 1 <= n <= len(acts) and acts[n - 1].loyalty is not None]
        if loyal:
            out.append(f"a loyalty ability of {perm.name} (ability {loyal[0]}) was already activated this turn "
                       "(CR 606.3: one loyalty ability of a permanent per turn)")
    text = loyalty.replace("−", "-").strip()
    if text.startswith("-") and text[1:].isdigit():
        need, have = int(text[1:]), perm.counters.get("loyalty", 0)
        if need > have:
            out.append(f"{perm.name} has {have} loyalty counter(s); the cost {text} removes {need} (CR 606.6, 118.3)")
    return out


def _activate_topics(ctx: Context) -> frozenset[Topic]:
    """What "can it be activated now" depends on (CR 602.2, 602.5, 302.6): permission and haste, the ability's
    costs, and — when it costs mana — the mana that could pay it (CR 601.2g-h, 602.2b)."""
    t = {Topic.ACTIVATION, Topic.COSTS, Topic.CHARACTERISTICS}
    try:
        perm = ctx.state.find_permanent(ctx.arg("permanent"))
        acts = activated_abilities(permanent_abilities(ctx.state, perm))
        n = int(ctx.arg("ability", 1))
        ab = acts[n - 1] if 1 <= n <= len(acts) else None
    except Exception:  # bad arguments: the handler reports them
        return frozenset(t)
    if ab is None or (ab.cost is not None and ab.cost.mana is not None and len(ab.cost.mana)):
        t |= {Topic.MANA_PRODUCTION, Topic.MANA_SPENDING}
    return frozenset(t)


@question("activate", topics=_activate_topics, subject_topics=(Topic.ACTIVATION, Topic.COSTS, Topic.CHARACTERISTICS))
def ask_activate(ctx: Context) -> Answer:
    """``activate: {permanent: REF, ability: N}`` → ``activatable``, ``reason``, ``ability``."""
    perm = ctx.permanent(ctx.arg("permanent"))
    n = ctx.arg("ability", 1, (int, str))
    if isinstance(n, str):  # a keyword that is an activated ability: "equip", "level up" (CR 702.6a, 702.87a)
        # (it has no printed number: index 0 reads no activation history, and no keyword here limits activations)
        return _activate(ctx, perm, _keyword_ability(ctx, perm, n), 0, n)
    acts = activated_abilities(permanent_abilities(ctx.state, perm))
    if not acts:
        raise QuestionError(f"{perm.name} has no activated abilities")
    printed = activated_abilities(abilities_of(perm.card))
    if len(acts) < n <= len(printed) + len([t for t in perm.card.type_line.subtypes if t in BASIC_LAND_MANA]):
        # it had such an ability but an effect took it away (e.g. Blood Moon, CR 305.7, 613.1d/f)
        now = "; ".join(f"{i + 1}: {a.describe()}" for i, a in enumerate(acts)) or "none"
        reason = (f"{perm.name} no longer has the activated ability it was printed with (an effect in play removed it, "
                  f"CR 613, 305.7); its activated abilities now: {now}")
        return Answer("activate", {"activatable": False, "reason": reason, "reason_code": Reason.ABILITY_REMOVED,
                                   "ability": None}, [reason])
    if not 1 <= n <= len(acts):
        listing = "; ".join(f"{i + 1}: {a.describe()}" for i, a in enumerate(acts))
        raise QuestionError(f"{perm.name} has {len(acts)} activated abilit{'y' if len(acts) == 1 else 'ies'} ({listing}); ability {n} does not exist")
    return _activate(ctx, perm, acts[n - 1], n, f"ability {n}")


def _keyword_ability(ctx: Context, perm: Permanent, name: str) -> Ability:
    """The activated ability that the keyword ``name`` of ``perm`` stands for (``models.vocab.keyword_model.keyword_activation``:
    equip, fortify, level up, outlast; CR 702.6a, 702.67a, 702.87a, 702.107a).

    Raises
    ------
    QuestionError
        ``perm`` has no such keyword now (its keywords are listed).
    Unsupported
        The keyword is an activated ability whose meaning is not modelled (crew, saddle, station, reconfigure...).
    """

    kind = keyword_kind(name)
    mine = [(a, a.effect) for a in permanent_abilities(ctx.state, perm) if isinstance(a.effect, Keyword)]
    hit = next(((a, e) for a, e in mine if kind is not None and e.family is kind), None)
    if hit is None:
        have = ", ".join(a.text for a, _ in mine if a.is_activated_keyword) or "none"
        raise QuestionError(f"{perm.name} has no {name!r} ability now (its activated keyword abilities: {have}); "
                            f"'ability' is a number for a printed ability or the name of an activated keyword")
    a, kw = hit
    ab = keyword_activation(perm.card, kw)
    if ab is None:
        raise Unsupported(f"{perm.name}: activating “{a.text}” is not modelled", mechanic=f"keyword:{kw.family.value}",
                          card=perm.name, text=a.text)
    return ab


def activation_verdict(state: GameState, perm: Permanent, ab: Ability, n: int,
                       x: int | None = None) -> tuple[list[str], list[str], list[str]]:
    """Whether ``perm``'s activated ability ``ab`` (its ``n``-th, 0 for a keyword's) can be activated now, as
    ``activate`` decides it: ``(problems, notes, cost lines)``, no problem meaning it can (CR 602.2, 602.5, 606.3:
    priority, {T}/{Q}, loyalty timing, restrictions, targets, the total cost and its payment). ``x``: the X
    announced; ``None``: the least X that works when its targets use X, else 0 (CR 107.3a, 601.2b)."""
    problems = (priority_problems(state, "activate")
                + ([] if ab.is_mana_ability else split_second_problems(state, "activate"))  # CR 702.61a-b
                + activation_problems(state, perm, ab))
    notes: list[str] = []
    if isinstance(ab.restriction, TimingRestriction):  # "Activate only as a sorcery / once each turn / if ..." (CR 602.5)
        problems.extend(tagged(Reason.ACTIVATION_RESTRICTION, restriction_problems(state, perm.controller,
                                                                               ab.restriction, source=perm,
                                                                               ability_index=n)))
        if not problems:
            notes = restriction_notes(state, perm.controller, ab.restriction, perm, n)
    cost_lines: list[str] = []
    if not problems:
        if x is None and targets_use_x(ab):
            problems, more, cost_lines, _ = _search_x(state, perm, ab, n)
        else:
            problems, more, cost_lines, _ = _targets_and_costs(state, perm, ab, n, int(x or 0))
        notes = notes + more
    return problems, notes, cost_lines


def _activate(ctx: Context, perm: Permanent, ab: Ability, n: int, label: str) -> Answer:
    """The ``activate`` answer for one activated ability ``ab`` of ``perm``: ``n`` its number among the printed ones
    (0 for a keyword's), ``label`` how the explanation names it ("ability 2", "equip")."""
    x_arg = ctx.args.get("x") if isinstance(ctx.args, Mapping) else None
    problems, notes, cost_lines = activation_verdict(ctx.state, perm, ab, n, None if x_arg is None else int(x_arg))
    why = [f"{label} of {perm.name}: {ab.describe()}"] + cost_lines
    if problems:
        why.extend(problems)
    else:
        bits = []
        if ab.cost and ab.cost.tap:
            bits.append("it is untapped")
        if ab.cost and ab.cost.untap:
            bits.append("it is tapped")
        if ab.cost and (ab.cost.tap or ab.cost.untap) and _is_creature_now(ctx.state, perm):
            bits.append(tap_permission(ctx.state, perm).why)
        why.append("can be activated" + (": " + ", ".join(bits) if bits else ""))
        why.extend(notes)
    values = {"activatable": not problems, "reason": problems[0] if problems else None,
              "reason_code": code_of(problems[0]) if problems else None,
              "ability": ab.describe()}
    return Answer("activate", values, why)


def _targets_and_costs(state: GameState, perm: Permanent, ab: Ability, n: int,
                       x: int) -> tuple[list[str], list[str], list[str], Ability]:
    """``(problems, notes, cost lines, the ability with its total cost)`` of activating ``ab`` (the ``n``-th activated
    ability of ``perm``) with X announced as ``x`` (CR 107.3a, 601.2b): its modes and targets (602.2b -> 601.2b-c,
    700.2a), its total cost (601.2f: its own and others' cost changes), what players can't pay (101.2, 118.3), then
    whether the cost can be paid (601.2g-h)."""
    problems, notes = activation_target_problems(state, perm.controller, perm.card, ab, perm, n, x)
    problems = tagged(Reason.NO_LEGAL_TARGET, problems)
    if not problems:
        ab, more = _target_cost_condition(state, perm, ab)
        notes = notes + more
    pay_ab = ab
    cost_lines: list[str] = []
    if not problems and ab.cost is not None:
        # "This ability costs {1} less to activate for each ..." and the statics of other permanents ("Activated
        # abilities of creatures you control cost {2} less to activate", CR 602.2b, 601.2f): the total cost to pay

        changed, cost_lines = activation_total_cost(state, perm, ab)
        if cost_lines:
            pay_ab = dataclasses.replace(ab, cost=dataclasses.replace(ab.cost, mana=changed))
    if not problems and ab.cost is not None:  # "Players can't pay life ... to activate abilities" (CR 101.2, 118.3)

        problems.extend(tagged(Reason.COST_PART, cant_pay_problems(state, perm, ab)))
    if not problems:  # the costs themselves (CR 602.2b -> 601.2f-h): the payment rules, called explicitly
        cost_notes: list[str] = []
        r = activation_cost_check(state, perm, pay_ab, x=x, notes=cost_notes)
        if r:
            problems.append(r)
        else:
            notes = notes + cost_notes
    return problems, notes, cost_lines, pay_ab


def _search_x(state: GameState, perm: Permanent, ab: Ability, n: int) -> tuple[list[str], list[str], list[str], Ability]:
    """Activating an ability whose target words use X ("target creature with power X or less", Minamo Sightbender)
    when the question gives no ``x``: X is announced before targets are chosen (CR 107.3a, 601.2b-c), so the ability
    can be activated if some X gives a legal target and a payable cost. Every X of ``solver.rules.targets.x_values`` is
    tried in increasing order (a larger one adds no target); the first that works is the answer, naming it. An X
    whose legality is unknown makes the answer unsupported only if no X works."""

    unknown: Unsupported | None = None
    values = x_values(state)
    for xv in values:
        tick(1, "values of X for the ability's targets")
        try:
            problems, notes, cost_lines, pay_ab = _targets_and_costs(state, perm, ab, n, xv)
        except Unsupported as e:
            unknown = unknown or e
            continue
        if not problems:
            return [], notes + [f"with X = {xv}: its target words use X, announced before targets are chosen (CR "
                                f"107.3a, 601.2b-c); the question gives no x, so the least X that works is shown"], \
                cost_lines, pay_ab
    if unknown is not None:
        raise unknown
    problems, notes, cost_lines, pay_ab = _targets_and_costs(state, perm, ab, n, 0)
    last = values[-1] if len(values) else 0
    return [Problem(code_of(p), p + f" (with X = 0; no X from 0 to {last} gives a legal target whose cost can be "
                                    f"paid, and a larger X adds no target: CR 107.3a, 601.2b-c)") for p in problems] or [
            Problem(Reason.NO_LEGAL_TARGET, f"no X from 0 to {last} gives a legal target whose cost can be paid (CR "
                                            f"107.3a, 601.2b-c)")], notes, cost_lines, pay_ab


def _target_cost_condition(state: GameState, perm: Permanent, ab: Ability) -> tuple[Ability, list[str]]:
    """An ability whose own cost change depends on its targets ("This ability costs {2} less to activate if it targets
    two creatures you control", Wayta; ``models.vocab.conditions.TargetsInclude``): the targets are chosen before the total
    cost is found (CR 601.2c before 601.2f, via 602.2b), and a reduction only lowers the cost, so the ability can be
    activated if it can be with the reduction when some legal choice of targets qualifies for it, else without it.
    Returns the ability with the change applied unconditionally or dropped, and a note; ``Unsupported`` when it is
    not known whether a qualifying choice exists."""
    cc = ab.cost_change
    if not isinstance(cc, AbilityCostChange) or not isinstance(cc.condition, TargetsInclude):
        return ab, []
    v, why = targets_can_include(state, perm.controller, perm.card, ab, perm, cc.condition)
    if v == NO:
        return dataclasses.replace(ab, cost_change=None), [f"“{cc.text}”: {why}, so its cost is not changed (CR 601.2f)"]
    if v == YES and cc.direction == "less":
        return (dataclasses.replace(ab, cost_change=dataclasses.replace(cc, condition=None)),
                [f"“{cc.text}”: its targets can all be {cc.condition.spec.text.removeprefix('target ')}, so it costs "
                 f"{{{cc.amount}}} {cc.direction} (CR 601.2c before 601.2f)"])
    if v == YES:  # an increase a qualifying choice brings: whether another legal choice avoids it is not read
        why = f"whether a choice of its targets avoids “{cc.text}” is not modelled"
    raise Unsupported(f"{perm.name}: {why} (CR 601.2c, 601.2f)")

