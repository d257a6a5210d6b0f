"""Unlimited "Sacrifice a <kind>: Add ..." mana abilities in ``available_mana`` (docs/mana.md).

Squandered Resources, Ashnod's Altar, Phyrexian Altar, Krark-Clan Ironworks, Skirk Prospector: each activation
sacrifices one permanent, so in a maximal pool every permanent of that kind is sacrificed after it was tapped for
its own mana (CR 605.3a: mana abilities in any order; a pool made without sacrificing it is contained in the one
made with it). ``expand_sacrifices`` rewrites the mana sources so that each such permanent's one use is "its own
use, then sacrificed" (every combination of outputs), and drops the altars themselves. Exact when:

* one kind of altar has sources that can themselves be sacrificed (Krark-Clan Ironworks sacrifices itself last),
  or none has; several kinds that could sacrifice each other's sources answer ``unsupported`` (the order matters);
* at most one sacrificed land's could-produce depends on other permanents (it goes first: CR 106.7 as the board
  stands), and no filter's output depends on the board;
* the altar's cost is one permanent and nothing else.

"Exile a creature you control: Add X mana of any one color, where X is 1 plus the exiled creature's mana value"
(Food Chain) is folded the same way: exiling, like sacrificing, takes the permanent away after its own mana was made
(CR 605.3a), and the output read from the exiled object is built for each permanent (CR 608.2h: as it last existed
on the battlefield, ``mana_amounts.cost_object_options``).

"{T}, Sacrifice a <kind>: Add ..." (Phyrexian Tower): one run of the pool search per choice of the permanent sacrificed
(or none), their pools merged (``sacrifice_tap_variants``). Everything else keeps answering ``unsupported`` in
``available_mana``, naming the card and the cost part.

References: CR 106.7, 602.2b, 605.3a, 118.3.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from mtgcheck.models.vocab.amounts import Fixed
from mtgcheck.models.game.mana import Mana
from mtgcheck.models.game.state import GameState

from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.mana.amounts import cost_object_options
from mtgcheck.solver.rules.mana.produce import interchangeable_key, referenced_ids
from mtgcheck.solver.rules.mana.sources import ManaOption
from mtgcheck.solver.rules.cost_objects import cost_words_fit


def _is_altar(src: Any) -> bool:
    parts = src.other_costs
    return (not src.tap and not src.untap and not (src.mana_cost and len(src.mana_cost)) and len(parts) == 1
            and parts[0].action in ("sacrifice", "exile_permanent") and parts[0].what != "this" and parts[0].amount == 1)


def expand_sacrifices(state: GameState, player: str, sources: list, board: Any) -> list:
    """The mana sources with every unlimited sacrifice ability folded into the permanents it can sacrifice.

    Parameters
    ----------
    state, player : the game and the player whose pools are asked for.
    sources : ``solver.rules.mana.sources.mana_sources(state, player, board)``.
    board : the ``solver.rules.mana.sources.ManaBoard`` of the state (its could-produce answer is used for Squandered
        Resources' "type the sacrificed land could produce", CR 106.7).

    Returns
    -------
    list of ManaSource: the altars removed; each permanent they can sacrifice has its once-only sources' options
    extended by every sacrifice output (its {T} abilities stay its alternatives), or, when it has none, one source
    whose options are the sacrifice outputs.

    Raises
    ------
    Unsupported : a case whose order of activations is not modelled (see the module docstring), naming it.
    """
    altars = [s for s in sources if _is_altar(s)]
    if not altars:
        return sources
    view = board.view
    mine = state.permanents(player)

    def fits(src: Any, q: Any) -> bool:
        what = src.other_costs[0].what
        if "another" in (src.other_costs[0].text or "").lower() and q.id == src.permanent:
            return False
        try:
            return cost_words_fit(state, player, what, q, view, src.permanent)
        except Unsupported:
            raise Unsupported(f"{src.why}: which permanents “{src.other_costs[0].text}” can sacrifice is not modelled") from None

    kinds: dict[tuple, list] = {}
    for s in altars:
        kinds.setdefault((s.name, s.ability_index, tuple(str(o) for o in s.options)), []).append(s)
    self_fodder = [k for k, ss in kinds.items() if any(fits(a, q) for a in altars for q in mine
                                                       if any(x.permanent == q.id for x in ss))]
    if self_fodder and len(kinds) > 1:
        raise Unsupported("available_mana: several kinds of “Sacrifice a ...” mana abilities whose sources can be "
                          "sacrificed to each other (" + ", ".join(sorted({k[0] for k in kinds})) + "): the order of "
                          "the sacrifices matters and is not modelled here (CR 602.2b)")
    deps = {n for n in board.produce.graph.nodes if isinstance(n, str) and board.produce.graph.in_degree(n) > 0}
    rest = [s for s in sources if not _is_altar(s)]
    by_perm: dict[str, list] = {}
    for s in rest:
        by_perm.setdefault(s.permanent, []).append(s)
    out: list = []
    verb = {frozenset({"exile_permanent"}): "exiled", frozenset({"sacrifice"}): "sacrificed"}.get(
        frozenset(a.other_costs[0].action for a in altars), "sacrificed or exiled")
    done: set[str] = set()
    dep_fodder = 0
    fodder_any = False
    for q in mine:
        outs: list[tuple[Mana, ...]] = []
        for (name, _, _), ss in kinds.items():
            a = ss[0]
            if not any(fits(x, q) for x in ss):
                continue
            r = getattr(a.ability.effect, "reflect", None)
            if r is not None and r.filter.relation == "sacrificed":
                types = sorted(board.produce.types.get(q.id, frozenset()))
                if r.by == "color":
                    types = [t for t in types if t != "C"]
                outs.extend((Mana(t, getattr(a.ability.effect, "restriction", None), a.snow, a.name),) for t in types)
                if types and q.id in deps:
                    dep_fodder += 1
            elif a.deferred:  # "X is 1 plus the exiled creature's mana value" (Food Chain): read from q (CR 608.2h)

                outs.extend(o.mana for o in cost_object_options(board, state.permanent(a.permanent), a.ability, q))
            else:
                outs.extend(o.mana for o in a.options)
        outs = list(dict.fromkeys(outs))
        if not outs:
            continue
        fodder_any = True
        own = by_perm.get(q.id, [])
        if any(not (s.tap or s.untap or s.limit == 1) for s in own):
            raise Unsupported(f"available_mana: {q.name} can be sacrificed for mana and has a mana ability it can "
                              f"activate more than once; combining them is not modelled")
        done.add(q.id)

        kept = []
        for s in own:
            if any(p.action in ("sacrifice", "exile") and p.what == "this" for p in s.other_costs):
                kept.append(dataclasses.replace(s, tap=True))  # its own sacrifice: an alternative of its one use
                continue
            opts = tuple(ManaOption(o.mana + x, o.note) for o in s.options for x in outs)
            kept.append(dataclasses.replace(s, options=opts, tap=True, why=s.why + f" (then {verb} for mana)"))
        names = " or ".join(sorted({k[0] for k, ss in kinds.items()}))
        kept.append(dataclasses.replace(altars[0], permanent=q.id, name=q.name, ability_index=0, tap=True,
                                        other_costs=(), options=tuple(ManaOption(x) for x in outs), limit=1,
                                        deferred="", why=f"{q.name}: {verb} to {names}"))
        out.extend(kept)
    if dep_fodder > 1:
        raise Unsupported("available_mana: two sacrificed lands whose could-produce depends on other permanents (the "
                          "order of the sacrifices matters and is not modelled, CR 106.7)")
    for s in rest:
        if s.permanent in done:
            continue
        if fodder_any and s.mana_cost and len(s.mana_cost):
            if getattr(s.ability.effect, "reflect", None) is not None or any(o.note for o in s.options):
                raise Unsupported(f"available_mana: {s.why} depends on other permanents, and permanents are sacrificed "
                                  "for mana; the order is not modelled")
        out.append(s)
    return out


# ---------------------------------------------------------------------------
# "Tap an untapped <kind> you control" in available_mana
# ---------------------------------------------------------------------------


#: The first explanation line of the merged answer (``pools.merge_pools``; ``{n}``: the variants).
SACRIFICE_HEADER = ("“{{T}}, Sacrifice a ...” costs: every choice of the permanent to sacrifice (or none) was tried ({n} "
                    "variant(s); it may first be tapped for its own mana, CR 605.3a; with none of that kind the ability "
                    "can't be activated, CR 118.3)")


#: Most assignments of sacrificed permanents to "{T}, Sacrifice a ..." abilities tried; beyond it, ``unsupported``.
MAX_SACRIFICE_VARIANTS = 256


def _sac_part(src: Any) -> Any:
    parts = [p for p in src.other_costs if p.action == "sacrifice" and p.what != "this"]
    return parts[0] if len(parts) == 1 and len(src.other_costs) == 1 and parts[0].amount == 1 else None


def sacrifice_tap_variants(state: GameState, player: str, sources: list, board: Any) -> list[tuple[str, list]] | None:
    """Every way to pay the "Sacrifice a <kind>" part of mana abilities that also tap their permanent (Phyrexian
    Tower, Lazotep Quarry, Goblin Clearcutter, Krark-Clan Stoker, Gilded Goose): each as a list of mana sources for
    ``maximal_pools`` (their maximal pools' union is the answer, ``pools.merge_pools``); ``None`` when
    there is no such ability.

    Such an ability is activated at most once (its {T}, CR 602.2b). Mana abilities are activated in any order while
    the player has priority or pays (CR 605.3a), so the sacrificed permanent can first be tapped, or used, for its
    own mana, and every other source can be activated before the sacrifice: in the variant where ``q`` is
    sacrificed, the ability loses the part and ``q`` keeps its sources, except those that sacrifice or exile ``q``
    itself (it is sacrificed once, CR 701.21a); with no permanent of the kind, the ability cannot be activated
    (CR 118.3). Permanents that are interchangeable (``produce.interchangeable_key``) give one variant. The
    ability's own output must not depend on the board (it resolves after the sacrifice).

    Raises
    ------
    Unsupported : another cost part with it, an output read from the board, object words not understood, other
        permanents-as-costs abilities on the same board ("Sacrifice a ..." altars, "Tap an untapped ..."), or more
        than ``MAX_SACRIFICE_VARIANTS`` assignments.
    """
    import itertools

    users = [s for s in sources if s.tap and any(p.action == "sacrifice" and p.what != "this" for p in s.other_costs)]
    if not users:
        return None
    for s in users:
        e = s.ability.effect
        # an output reading the sacrificed object (``ManaSource.deferred``: Priest of Yawgmoth) is built per object
        if _sac_part(s) is None or getattr(e, "reflect", None) is not None or any(o.note for o in s.options) or \
                (not isinstance(getattr(e, "amount", Fixed(1)), Fixed) and not s.deferred):
            raise Unsupported(f"{s.why}: the cost \"{', '.join(x.text or x.action for x in s.other_costs)}\" with an "
                              f"output read from the board or other cost parts is not modelled for available_mana")
    if any(x.ability_index == 0 or any(p.action == "tap_untapped" for p in x.other_costs) for x in sources):
        raise Unsupported("available_mana: “{T}, Sacrifice a ...” mana abilities together with other abilities whose "
                          "costs use other permanents are not modelled here (" + ", ".join(sorted({s.name for s in users})) + ")")
    view = board.view
    referenced = referenced_ids(state)
    mine = list(state.permanents(player))
    choices: list[list[Any]] = []
    for u in users:
        part = _sac_part(u)
        another = "another" in (part.text or "").lower() or " other " in f" {(part.text or '').lower()} "
        fit: list[Any] = [None]
        seen: set = set()
        for q in mine:
            if another and q.id == u.permanent:
                continue
            try:
                ok = cost_words_fit(state, player, part.what, q, view, u.permanent)
            except Unsupported:
                raise Unsupported(f"{u.why}: which permanents “{part.text}” can sacrifice is not modelled") from None
            if not ok:
                continue
            key = interchangeable_key(q, view, referenced)
            k = ("same", key) if key is not None and q.id != u.permanent else ("id", q.id)
            if k in seen:
                continue
            seen.add(k)
            fit.append(q)
        choices.append(fit)
    n = 1
    for fit in choices:
        n *= len(fit)
    if n > MAX_SACRIFICE_VARIANTS:
        raise Unsupported(f"available_mana: too many ways to pay “Sacrifice a ...” with {{T}} mana abilities "
                          f"({', '.join(sorted({u.name for u in users}))}) to try them all")
    out: list[tuple[str, list]] = []
    for pick in itertools.product(*choices):
        qs = [q for q in pick if q is not None]
        if len({q.id for q in qs}) < len(qs):
            continue  # one permanent sacrificed twice
        gone = {q.id for q in qs}
        variant = []
        for s in sources:
            if s in users:
                i = users.index(s)
                q = pick[i]
                if q is None:
                    continue
                opts = s.options
                if s.deferred:  # "an amount of {B} equal to the sacrificed artifact's mana value" (CR 608.2h)

                    opts = cost_object_options(board, state.permanent(s.permanent), s.ability, q)
                variant.append(dataclasses.replace(s, other_costs=(), options=opts, deferred="",
                                                   why=f"{s.why} (sacrificing {q.name})"))
                continue
            if s.permanent in gone and any(p.action in ("sacrifice", "exile") and p.what == "this" for p in s.other_costs):
                continue  # it is sacrificed for the other ability: not also for its own (CR 701.21a)
            variant.append(s)
        # an ability whose permanent is sacrificed to another ability can still be activated first (CR 605.3a),
        # but not after: a {T} ability sacrificing its own permanent's {T} twice is impossible; the {T} units
        # of maximal_pools already use each permanent's {T} once
        label = "; ".join(f"{u.name} sacrifices {q.name}" for u, q in zip(users, pick) if q is not None) \
            or "no “{T}, Sacrifice a ...” ability activated"
        out.append((label, variant))
    return out
