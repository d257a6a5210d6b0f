"""Cost parts of mana abilities that use a player's resources, in ``available_mana`` (docs/mana.md).

A mana ability is activated by paying its whole cost (CR 602.2b, 605.3b); a cost that cannot be paid keeps it from
being activated at all (CR 118.3). ``settle_cost_parts`` reads, against the scenario's state, the parts of the
mana sources that spend something other than mana and other than the permanent itself:

* **discarding** cards ("Discard a card", Bog Witch, Skirge Familiar; CR 701.9a), **exiling cards from the hand or
  the graveyard** ("Exile a card from your graveyard", Molt Tender, Titans' Nest), **paying energy** ("Pay {E}",
  Aether Hub; CR 107.14), and **collect evidence N** (exile graveyard cards with total mana value N or more,
  CR 701.59a): the one check of every question (``solver.rules.payable.part_problem``) says whether the
  part can be paid now; if not, the source cannot be activated and is left out. If it can, the cards or counters it
  uses make no mana and change no other source, so the source is kept without the part, activated at most as often
  as the resource allows (an ability without {T} such as Skirge Familiar's: once per card in the hand). Several
  sources drawing on the same resource are exact only when it is enough for all of them at once (each drawing on
  any card); otherwise which to use is a choice that is not modelled (``Unsupported``). Discarding from a hand that
  holds a card with a mana ability working there (a Spirit Guide) is a choice too (``Unsupported``).
* **untapping** a tapped permanent ("Untap a tapped land an opponent controls", Benthic Explorers; CR 701.26b):
  left out when there is none; otherwise which one (and what it could produce) stays unsupported.
* **exerting** itself ("Exert this creature", Oasis Ritualist): CR 701.43a-b, it can always be exerted and only its
  next untap step changes, so the part changes no mana now.
* **X permanents** ("Sacrifice X Goats", Springjack Pasture; "Tap X untapped tokens you control", Hazel of the
  Rootbloom; CR 107.3a): X is announced and that many are paid; the output lists every X the board allows
  (``mana_amounts.object_x_values``, exact only where paying them loses no mana), so the part is settled.
* **forage** (CR 701.61a: exile three cards from your graveyard or sacrifice a Food): left out when neither can be
  done; otherwise the choice stays unsupported.
* **{X} in the mana cost** ("{X}, {T}: Add X mana ..."): one source per value of X (``expand_x_mana``); **tapping
  other permanents** ("Tap an untapped creature you control: Add ...", Springleaf Drum): one run of the pool search
  per assignment of untapped permanents (``tap_cost_variants``); **life** ("Pay N life: Add ..."): every maximal way
  to spend the life total (``life_variants``, CR 119.4).

A hand, graveyard or library the scenario does not list makes the answer unsupported naming that zone (the same
rule as the activate question's). Everything else keeps the caller's "not modelled for available_mana".

References: CR 118.3, 602.2b, 605.3b, 107.14, 122.1, 701.9a, 701.43, 701.59a, 701.61a.
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from mtgcheck.models.game.state import GameState

from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.mana.amounts import ManaXAmount, substituted
from mtgcheck.solver.rules.mana.produce import interchangeable_key, referenced_ids
from mtgcheck.solver.rules.mana.sources import other_zone_mana_abilities
from mtgcheck.solver.rules.payable import part_problem
from mtgcheck.solver.rules.cost_objects import count_matching, cost_words_fit, zone_cards


def _resource(part: Any) -> str | None:
    """The resource a typed cost part (``models.vocab.cost_parts.CostPart``) draws on: ``hand``, ``graveyard``,
    ``energy``, ``exert``, ``collect`` or ``forage``; ``None`` when it is not one of this module's parts (removing
    counters from itself is the caller's already, CR 122.1)."""
    a, what = part.action, str(part.what or "")
    if getattr(part, "x", False) and a in ("sacrifice", "tap_untapped") and what != "this":
        return "x_objects"
    if a == "discard" and what != "this":
        return "hand"
    if a == "exile" and what != "this" and ("graveyard" in what or "hand" in what):
        return "graveyard" if "graveyard" in what else "hand"
    return {"pay_energy": "energy", "exert": "exert", "collect_evidence": "collect", "forage": "forage",
            "untap": "untap"}.get(a)


def settle_cost_parts(state: GameState, player: str, sources: list) -> tuple[list, list[str]]:
    """The mana sources with the resource parts of their costs settled against the state (module docstring).

    Parameters
    ----------
    state : GameState
    player : str, whose pools are asked for.
    sources : list of ``sources.ManaSource`` (after ``sacrifice_pools.expand_sacrifices``).

    Returns
    -------
    (sources, notes): the sources that can be activated, with the settled parts removed and their activation limit
    bounded by the resource; explanation lines (list of str).

    Raises
    ------
    Unsupported
        A zone the scenario does not list, object words not understood, a forage that can be paid, several sources
        that the resource cannot all pay for, or a discard from a hand holding a card with a mana ability there.
    """
    out: list = []
    notes: list[str] = []
    use: dict[str, list[tuple[Any, Any, int]]] = {}  # resource -> (source, part, activations)
    for s in sources:
        if s.zone != "battlefield":
            out.append(s)
            continue
        kinds = [(p, _resource(p)) for p in s.other_costs]
        if not any(k for _, k in kinds):
            out.append(s)
            continue
        perm = state.permanent(s.permanent)
        problem = None
        lim = s.limit
        for p, k in kinds:
            if k is None or k == "exert":
                continue
            if k == "x_objects":
                # "Sacrifice X Goats", "Tap X untapped tokens": the output has one option per X the permanents allow
                # (mana_amounts.object_x_values, which checks that paying them loses no mana); an output without X
                # is made with X = 0, which needs none (CR 107.3a, 118.3)
                continue
            # whether the part can be paid at all: the one reader (solver.rules.payable.part_problem, CR 118.3)
            problem = part_problem(state, perm, p)
            if problem is not None:
                break
            if k == "collect":  # CR 701.59a: paid now; the cards exiled make no mana
                use.setdefault("graveyard", []).append((s, p, 0))
                continue
            if k == "untap":  # "Untap a tapped land an opponent controls" (CR 701.26b)
                raise Unsupported(f"{s.why}: which tapped permanent to untap for it (and what that one could "
                                  f"produce) is a choice not modelled for available_mana")
            if k == "forage":  # CR 701.61a: three graveyard cards or a Food
                raise Unsupported(f"{s.why}: which way to forage (three graveyard cards or a Food) is a choice not "
                                  f"modelled for available_mana")
            if k == "energy":
                have = state.counters_of(player, "energy")
            else:
                have = count_matching(state, player, p.what, zone_cards(state, k, player, perm, p), perm)
            per = max(1, int(p.amount or 1))
            lim = have // per if lim is None else min(lim, have // per)
            use.setdefault(k, []).append((s, p, 0))
        if problem is not None:
            notes.append(f"{s.why}: cannot be activated now: {problem} (CR 118.3, 602.2b)")
            continue
        if lim == 0:
            notes.append(f"{s.why}: cannot be activated now: its cost can't be paid (CR 118.3)")
            continue
        kept = tuple(p for p, k in kinds if k is None)
        settled = [p.text or p.action for p, k in kinds if k is not None]
        out.append(dataclasses.replace(s, other_costs=kept, limit=lim))
        notes.append(f"{s.why}: its cost part(s) {', '.join(settled)} can be paid now and make no other mana"
                     + (f" (at most {lim} activation(s))" if lim is not None and lim > 1 else "")
                     + " (CR 118.3, 602.2b" + (", 701.43b" if any(k == "exert" for _, k in kinds) else "") + ")")
    # one resource drawn on by several sources: exact only when it pays for all of them at once
    final = {id(s): s for s in out}
    for k, users in use.items():
        if k == "hand" and any(z == "hand" for _, z, _ in other_zone_mana_abilities(state, player)):
            raise Unsupported(f"available_mana: discarding or exiling cards from {player}'s hand, which holds a card "
                              f"with a mana ability that works there: which cards to keep is not modelled")
        if len(users) < 2:
            continue
        if k == "graveyard" and any(p.action == "collect_evidence" for _, p, _ in users):
            raise Unsupported("available_mana: several mana abilities exile cards from the graveyard (collect evidence "
                              "among them): which cards pay for which is not modelled")
        plain = all(str(p.what).split(" from ")[0].strip() in ("card", "a card", "cards") or p.action == "pay_energy"
                    for _, p, _ in users)
        if k == "energy":
            supply = state.counters_of(player, "energy")
        else:
            supply = len(state.cards(k, player))
        need = 0
        for s, p, _ in users:
            new = next((x for x in out if x.permanent == s.permanent and x.ability_index == s.ability_index), None)
            need += int(p.amount or 1) * ((new.limit if new is not None and new.limit is not None else 1))
        if not plain or need > supply:
            raise Unsupported(f"available_mana: several mana abilities draw on {player}'s {k} "
                              f"({', '.join(sorted({s.name for s, _, _ in users}))}) and it cannot pay for all of them "
                              f"at once: which to activate is a choice not modelled")
    return list(final.values()), notes


# ---------------------------------------------------------------------------
# "{T}, Sacrifice a <kind>: Add ..." (once: its {T}) in available_mana
# ---------------------------------------------------------------------------


# ---------------------------------------------------------------------------
# "{X}, {T}, Sacrifice this artifact: Add X mana ..." in available_mana
# ---------------------------------------------------------------------------


def expand_x_mana(state: GameState, player: str, sources: list, board: Any) -> list:
    """The mana sources with each ability whose output is the X paid in its own mana cost (Wizard's Rockets: "{X},
    {T}, Sacrifice this artifact: Add X mana in any combination of colors") replaced by one filter per value of X from
    1 up to all the mana the other sources could make: X is announced and paid as the ability is activated (CR
    107.3a, 601.2b), with mana made first by other mana abilities (CR 605.3a). The filters share the permanent's
    {T}, so at most one of them is activated (CR 107.5); X = 0 pays and adds nothing and is left out (a pool without
    it contains the same mana). The pool search tries each with every payment (``pools.maximal_pools``): exact.

    Raises
    ------
    Unsupported : a deferred output of another kind is left for the caller; an amount that is not typed stays so.
    """

    xs = [s for s in sources if s.deferred and s.mana_cost is not None and s.mana_cost.has_x
          and "X is the mana paid for {X}" in s.deferred]
    if not xs:
        return sources
    rest = [s for s in sources if s not in xs]
    bound = sum(n for m, n in state.pools[player].counts.items()) if state.pools.get(player) else 0
    for s in rest:
        most = max((len(o.mana) for o in s.options), default=0)
        if s.mana_cost is not None and len(s.mana_cost):
            most = max(0, most - len(s.mana_cost))  # a filter adds at most what it makes beyond what it costs
        bound += most * (s.limit if s.limit is not None else 1)
    out = list(rest)
    for s in xs:
        perm = state.permanent(s.permanent)
        ab = s.ability
        amount = getattr(ab.effect, "amount", None)
        for x in range(1, bound + 1):
            fixed = dataclasses.replace(ab, effect=dataclasses.replace(ab.effect, amount=substituted(amount, x)))
            try:
                opts = board._options(perm, fixed)
            except ManaXAmount as e:  # pragma: no cover - the amount is a number now
                raise Unsupported(str(e)) from None
            out.append(dataclasses.replace(s, mana_cost=s.mana_cost.with_x(x), options=opts, deferred="",
                                           why=f"{s.why} (X = {x})"))
    return out


# ---------------------------------------------------------------------------
# "Pay N life: Add ..." in available_mana: the life total bounds the activations (CR 119.4)
# ---------------------------------------------------------------------------

#: Most distributions of the life total over life-paying mana abilities tried; beyond it, ``unsupported``.
MAX_LIFE_VARIANTS = 256

LIFE_HEADER = ("life in mana abilities' costs: every maximal way to spend the life total on them was tried ({n} "
               "variant(s); a player can pay life only if their life total is at least the payment, so paying down to "
               "0 is allowed, CR 119.4; an ability whose only cost is life can be activated again and again, "
               "CR 602.2b, 605.3a)")


def _life_cost(src: Any) -> int | None:
    """The life a mana source's cost pays per activation (sum of its "Pay N life" parts), ``0`` when it pays none,
    ``None`` when a life part is not a fixed positive number ("Pay X life")."""
    total = 0
    for p in src.other_costs:
        if p.action == "pay_life":
            if getattr(p, "x", False) or not isinstance(p.amount, int) or p.amount <= 0:
                return None
            total += p.amount
    return total


def life_variants(state: GameState, player: str, sources: list) -> list[tuple[str, list]] | None:
    """Every maximal way to spend ``player``'s life total on the mana abilities whose costs pay life, each as a
    list of mana sources for ``maximal_pools`` (the union of their maximal pools, ``pools.merge_pools``,
    is the answer); ``None`` when no choice is needed (no ability paying life can be activated without limit, and
    the life all of them pay together is at most the life total).

    CR 119.4: a player can pay life only if their life total is at least the payment (so down to 0). An ability
    whose only costs are life (Treasonous Ogre's "Pay 3 life: Add {R}", Lord of the Forsaken's "Pay 1 life: Add
    {C}") can be activated again and again (CR 602.2b; mana abilities while the player has priority or pays,
    605.3a), so the life total L bounds it: at most ⌊L / N⌋ activations. Several such abilities share L: each
    variant gives every group of interchangeable abilities a number of activations whose life adds up to at most L,
    and is maximal (no group could take one more); a variant never maximal is dominated (more activations only add
    mana). Mana abilities are activated in any order (605.3a), so every life payment comes before any damage or
    life loss other sources cause as they make mana: those never lower the life paid with here.

    Returns
    -------
    list of (label, sources) or None; each variant's sources have a fixed ``limit`` (a life-paying ability given
    no activation is left out; a permanent's other {T} abilities stay its alternatives).

    Raises
    ------
    Unsupported : in such a choice, a life-paying ability that also needs mana (a filter), pays "X life", deals
        damage to its controller as it makes mana (its damage would come between two payments), or shares its
        permanent's {T} with another life-paying ability; more than ``MAX_LIFE_VARIANTS`` variants.
    """
    payers = [s for s in sources if any(p.action == "pay_life" for p in s.other_costs)]
    if not payers:
        return None
    life = max(0, state.life_of(player))  # at 0 or less no positive payment can be made (CR 119.4)
    # abilities whose only cost is life, without limit: the life total bounds them
    unlimited = [s for s in payers if s.limit is None and not (s.mana_cost and len(s.mana_cost))
                 and all(p.action == "pay_life" for p in s.other_costs)]
    need = sum(int(_life_cost(s) or 0) * (s.limit or 1) for s in payers if s not in unlimited)
    if not unlimited and need <= life:
        return None  # every other life payment can be made together: no choice (maximal_pools' own check)
    why_not = "choosing which life-paying mana abilities to use"
    for s in payers:
        c = _life_cost(s)
        if c is None:
            raise Unsupported(f"{s.why}: {why_not} with a life payment that is not a fixed number is not modelled")
        if s.mana_cost and len(s.mana_cost):
            raise Unsupported(f"{s.why}: {why_not} ({life} life) when one of them also costs mana is not modelled "
                              f"(CR 119.4, 605.3a)")
        if any(p.action != "pay_life" for p in s.other_costs if p.action not in ("tap", "untap")) or \
                (s.limit is None and s not in unlimited):
            raise Unsupported(f"{s.why}: {why_not} ({life} life) when one of them has other cost parts is not "
                              f"modelled (CR 119.4)")
        if getattr(s.ability.effect, "damage_to_you", 0):
            raise Unsupported(f"{s.why}: it pays life and deals damage to its controller as it makes mana: the damage "
                              f"between two payments lowers the life left to pay with, which is not modelled (CR 119.4)")
    # a permanent's {T} is one unit (CR 107.5): two life-paying abilities sharing it would be one choice of two
    taps = [s.permanent for s in payers if s.tap or s.untap]
    if len(taps) != len(set(taps)):
        raise Unsupported(f"available_mana: {why_not} when a permanent has several of them sharing its {{T}} is not "
                          f"modelled")
    # groups of interchangeable payers: same card, ability, output and costs; an unlimited group's activations
    # are bounded together by the life total, a limited group's by the sum of its limits
    groups: dict[tuple, list] = {}
    for s in payers:
        alts = tuple(sorted((x.ability_index, tuple(str(o) for o in x.options)) for x in sources
                            if x.permanent == s.permanent and x is not s and (s.tap or s.untap) and (x.tap or x.untap)))
        key = (s.name, s.ability_index, tuple(str(o) for o in s.options), tuple(p.text for p in s.other_costs),
               s.limit, s.tap, s.untap, s.zone, alts)
        groups.setdefault(key, []).append(s)
    glist = list(groups.values())
    costs = [int(_life_cost(g[0]) or 0) for g in glist]
    caps = [life // c if g[0].limit is None else min(len(g) * g[0].limit, life // c) for g, c in zip(glist, costs)]
    vectors: list[tuple[int, ...]] = []

    def walk(i: int, left: int, acc: tuple[int, ...]) -> None:
        if len(vectors) > MAX_LIFE_VARIANTS:
            return
        if i == len(glist):
            # maximal: no group could take one more activation with the life left
            if all(acc[j] >= caps[j] or costs[j] > left for j in range(len(glist))):
                vectors.append(acc)
            return
        for k in range(min(caps[i], left // costs[i]), -1, -1):
            walk(i + 1, left - k * costs[i], acc + (k,))

    walk(0, life, ())
    if len(vectors) > MAX_LIFE_VARIANTS:
        raise Unsupported(f"available_mana: too many ways to spend {life} life on the mana abilities that pay life ("
                          + ", ".join(sorted({s.name for s in payers})) + ") to try them all")
    out: list[tuple[str, list]] = []
    for vec in vectors:
        plan: dict[int, int] = {}  # id(source) -> activations
        for g, k in zip(glist, vec):
            for s in g:
                take = k if s.limit is None else min(k, s.limit)
                plan[id(s)] = take
                k -= take
        variant = []
        for s in sources:
            if id(s) not in plan:
                variant.append(s)
            elif plan[id(s)] > 0:
                variant.append(dataclasses.replace(s, limit=plan[id(s)]))
        spent = sum(k * c for k, c in zip(vec, costs))
        label = ", ".join(f"{g[0].name} ×{k}" for g, k in zip(glist, vec) if k) or "no life paid"
        out.append((f"{label} ({spent} of {life} life)", variant))
    return out


#: Most assignments of tapped permanents to "Tap an untapped ..." abilities tried; beyond it, ``unsupported``.
MAX_TAP_VARIANTS = 256



def _tap_part(src: Any) -> Any:
    parts = [p for p in src.other_costs if p.action == "tap_untapped"]
    return parts[0] if len(parts) == 1 and len(src.other_costs) == 1 and parts[0].amount >= 1 else None



def tap_cost_variants(state: GameState, player: str, sources: list, board: Any) -> list[tuple[str, list]] | None:
    """Every way to assign untapped permanents to the "Tap an untapped <kind> you control" mana abilities
    (Springleaf Drum, Holdout Settlement, Jaspera Sentinel; Urza, Lord High Artificer without {T}) and to "Tap N
    untapped <kind> you control" (Birchlore Rangers, Heritage Druid: N per activation), each as a list of mana
    sources for ``maximal_pools``; ``None`` when there is no such ability.

    In each variant a permanent tapped for such a cost has none of its own {T}/{Q} abilities (CR 118.3: a tapped
    permanent can't be tapped again), summoning sickness does not matter for it (CR 302.6; Springleaf Drum ruling
    2004-10-04), an ability with {T} is activated at most once with one permanent, an ability without {T} once
    per permanent assigned to it, and an ability with no permanent assigned is not activated. Every play is one
    variant, so the maximal pools are the maximal pools of the union (exact; ``merge_pools``).

    Raises
    ------
    Unsupported : another cost part with it, a filter that is not understood,
        sacrifices for mana on the same board, or more than ``MAX_TAP_VARIANTS`` assignments (named).
    """
    users = [s for s in sources if any(p.action == "tap_untapped" for p in s.other_costs)]
    if not users:
        return None
    for s in users:
        if _tap_part(s) is None or (s.mana_cost and len(s.mana_cost)):
            raise Unsupported(f"{s.why}: the cost \"{', '.join(p.text or p.action for p in s.other_costs)}\" is not "
                              f"modelled for available_mana")
    if any(s.ability_index == 0 and s.why.find(": sacrificed to ") > 0 for s in sources):
        raise Unsupported("available_mana: “Tap an untapped ...” costs together with “Sacrifice a ...” mana abilities "
                          "are not modelled here (" + ", ".join(sorted({s.name for s in users})) + ")")
    view = board.view
    cands: list[tuple[Any, list[int]]] = []
    for q in state.permanents(player):
        if q.tapped:
            continue
        fit = []
        for i, u in enumerate(users):
            if u.tap and u.permanent == q.id:
                continue  # its {T} taps it: it can't also be the untapped permanent of the same cost (CR 118.3)
            try:
                ok = cost_words_fit(state, player, _tap_part(u).what, q, view, u.permanent)
            except Unsupported:
                raise Unsupported(f"{u.why}: which permanents “{_tap_part(u).text}” can tap is not modelled") from None
            if ok:
                fit.append(i)
        if fit:
            cands.append((q, fit))
    n_variants = 1
    for _, fit in cands:
        n_variants *= 1 + len(fit)
        if n_variants > MAX_TAP_VARIANTS * 16:
            break
    if n_variants > MAX_TAP_VARIANTS * 16:
        raise Unsupported(f"available_mana: too many ways to assign permanents to “Tap an untapped ...” costs "
                          f"({', '.join(sorted({u.name for u in users}))}) to try them all")

    referenced = referenced_ids(state)
    seen: set = set()
    out: list[tuple[str, list]] = []
    for pick in itertools.product(*[[None] + fit for _, fit in cands]):
        given: dict[int, list[Any]] = {}
        for (q, _), u in zip(cands, pick):
            if u is not None:
                given.setdefault(u, []).append(q)
        # "Tap N untapped ...": each activation taps N of them (an ability with {T} is activated once, with
        # exactly N; one without {T} once per N assigned; a partial group is never better, so it is skipped)
        if any(len(qs) % _tap_part(users[u]).amount or (users[u].tap and len(qs) != _tap_part(users[u]).amount)
               for u, qs in given.items()):
            continue
        tapped = {q.id for qs in given.values() for q in qs}
        if any(users[u].tap and users[u].permanent in tapped for u in given):
            continue  # a {T} ability whose permanent was tapped for another cost
        sig = tuple(sorted((u, tuple(sorted(str(interchangeable_key(q, view, referenced) or q.id) for q in qs)))
                           for u, qs in given.items()))
        if sig in seen:
            continue
        seen.add(sig)
        variant = []
        for s in sources:
            if s.permanent in tapped and (s.tap or s.untap):
                continue
            if s in users:
                i = users.index(s)
                k = len(given.get(i, ())) // _tap_part(s).amount
                if not k:
                    continue
                s = dataclasses.replace(s, other_costs=(), limit=1 if s.tap else k)
            variant.append(s)
        label = "; ".join(f"{users[u].name} taps {', '.join(q.name for q in qs)}" for u, qs in sorted(given.items())) \
            or "no permanent tapped for a “Tap an untapped ...” cost"
        out.append((label, variant))
        if len(out) > MAX_TAP_VARIANTS:
            raise Unsupported(f"available_mana: more than {MAX_TAP_VARIANTS} ways to assign permanents to “Tap an "
                              f"untapped ...” costs ({', '.join(sorted({u.name for u in users}))})")
    return out
