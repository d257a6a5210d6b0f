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

Everything else (Springleaf Drum's "tap an untapped creature", Phyrexian Tower's "{T}, Sacrifice a creature")
keeps answering ``unsupported`` in ``available_mana``, naming the card and the cost part.

References: CR 106.7, 602.2b, 605.3a, 118.3.
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from mtgcheck.models.game.mana import Mana
from mtgcheck.models.game.state import GameState

from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.payable import kind_words, qualified_match
from mtgcheck.solver.rules.layers import matches
from mtgcheck.solver.rules.mana.amounts import cost_object_options


def cost_words_fit(state: GameState, player: str, words: str, q: Any, view: dict, source_id: str) -> bool:
    """Whether ``player``'s permanent ``q`` is one a mana ability's cost part can use ("Tap an untapped artifact or
    creature you control", "Sacrifice a black or artifact creature", "a Prism token"): the layers' type match, else
    the typed filter with its qualifiers and unions (``solver.rules.payable.qualified_match``, CR 205, 105.2; every
    object of a scenario is a card, so no permanent is a token, CR 111.1).

    Raises
    ------
    Unsupported : words not understood, or a match that depends on something not modelled, naming the source.
    """

    try:
        return matches(words, q, "you", player, view[q.id].subtypes if q.id in view else None)
    except ValueError:
        pass
    return bool(qualified_match(state, player, words, kind_words(words), q, True, view, state.permanent(source_id)))


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
        from mtgcheck.solver.rules.mana.sources import ManaOption

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
    from mtgcheck.solver.rules.mana.produce import interchangeable_key, referenced_ids

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


def merge_pools(results: list[tuple[str, Any]], limit: int | None, header: str | None = None) -> Any:
    """The maximal pools of the union of several ``PoolsResult`` (one per variant), in canonical order; ``header``
    the first explanation line (default: the "Tap an untapped ..." one)."""
    from collections import Counter

    from mtgcheck.solver.rules.mana.sources import PoolsResult

    def tokens(p: str) -> Counter:
        return Counter("{" + t for t in p.split("{") if t)

    allp = sorted({p for _, r in results for p in r.pools})
    cs = {p: tokens(p) for p in allp}
    keep = [p for p in allp if not any(q != p and sum(cs[q].values()) > sum(cs[p].values())
                                       and all(cs[q][k] >= n for k, n in cs[p].items()) for q in allp)]
    why = [header.format(n=len(results)) if header else
           "“Tap an untapped ...” costs: every assignment of untapped permanents to them was tried "
           f"({len(results)} variant(s); a permanent tapped for such a cost can't tap for its own mana, CR 118.3; "
           "summoning sickness doesn't stop it, CR 302.6)"]
    for label, r in results[:6]:
        why.append(f"  {label}: {r.count:,} maximal pool(s)")
    listed = keep if limit is None else keep[:limit]
    if len(listed) < len(keep):
        why.append(f"{len(listed)} of {len(keep):,} pools listed (in canonical order)")
    why.append(f"{len(keep):,} maximal pool(s): no other reachable pool contains one of them strictly")
    return PoolsResult(listed, len(keep), why, "variants")
