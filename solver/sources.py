"""Mana sources: every mana ability a player could activate now, with what each could add.

This is the contract between mana production (``solver.produce``) and payment
(``solver.payment``): ``mana_sources(state, player)`` lists ``ManaSource`` records, and
the payment search chooses among them. A permanent with several {T} mana abilities
appears once per ability; the payment search lets a permanent's {T} be used once.

Each ``ManaSource.options`` is already *final*: outputs that depend on the game are resolved
(reflectors through the ``could_produce`` fixpoint, counts, chosen colours), replacement effects on a
permanent tapped for mana are applied in every possible order (CR 106.12b, 616.1), and triggered mana
abilities that the activation sets off (CR 605.1b, 106.12a: Mana Flare, Heartbeat of Spring, Zendikar
Resurgent, Kinnan, Wild Growth) are added to each option, since they resolve right after it (CR 605.4a).

The ``add_mana`` params are documented in docs/mana.md (``mana``, ``choice``, ``options``,
``any_color``, ``any_type``, ``combination``, ``amount``, ``reflect``, ``restriction``, ...).

``available_mana(state, player)`` lists every maximal pool the player can produce now.

References: CR 106 (mana), 605 (mana abilities), 106.12 (tapped for mana), 107.5, 302.6, 119.4 (paying life).
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field

from models.abilities import Ability, CostPart
from models.mana import COLORS, MANA_TYPES, Mana, ManaCost
from models.state import GameState, Permanent

from .layers import board_view, has_keyword, matches, permanent_abilities
from .questions import Unsupported


@dataclass(frozen=True)
class ManaOption:
    """One way a mana ability can resolve: the mana it adds (a multiset of ``Mana``), including mana added
    by the triggered mana abilities it sets off (``note`` says which, for explanations)."""

    mana: tuple[Mana, ...]
    note: str = ""

    def __str__(self) -> str:
        return "".join("{" + m.type + (f":{m.restriction}" if m.restriction else "") + "}" for m in _sorted(self.mana))


def _sorted(ms) -> list[Mana]:
    return sorted(ms, key=lambda m: (MANA_TYPES.index(m.type), m.restriction or ""))


@dataclass(frozen=True)
class ManaSource:
    """A mana ability that could be activated now.

    Attributes
    ----------
    permanent : str  id of the permanent (``GameState.permanent``).
    name : str       its card name (for explanations).
    ability_index : int  which activated ability of the permanent, from 1 (as in ``activate``).
    ability : Ability
    tap, untap : bool  the cost includes {T} / {Q} (so it is "tapped for mana" when ``tap``, CR 106.12).
    mana_cost : ManaCost or None  mana to pay to activate (filters such as "{1}, {T}: Add {W}{U}").
    other_costs : tuple of CostPart  sacrifice, pay life, remove counters, ...
    options : tuple of ManaOption  every distinct result of resolving it (choices of type, replacement
        effects in every order, triggered mana added).
    snow : bool  the source is a snow permanent (its mana can pay {S}, CR 107.4h).
    why : str  a line for explanations.
    limit : int or None  how many times it can be activated now (``None``: no limit from its cost).
    """

    permanent: str
    name: str
    ability_index: int
    ability: Ability
    tap: bool
    untap: bool
    mana_cost: ManaCost | None
    other_costs: tuple[CostPart, ...]
    options: tuple[ManaOption, ...]
    snow: bool = False
    why: str = ""
    limit: int | None = 1

    @property
    def repeatable(self) -> bool:
        """True if nothing in the cost stops a second activation ({T}, {Q}, sacrifice, counters)."""
        return not (self.tap or self.untap or self.other_costs)


def _amount(params, default: int = 1) -> int:
    a = params.get("amount", default)
    return a if isinstance(a, int) else default


def simple_options(ability: Ability, source_name: str = "", snow: bool = False) -> tuple[ManaOption, ...] | None:
    """The options of an ``add_mana`` ability whose output needs no game context, else ``None``.

    Handles ``mana``, ``choice``, ``any_color``, ``any_type`` (no replacement effects, no triggers).
    """
    p = ability.params
    restriction = p.get("restriction")

    def mk(types: list[str]) -> ManaOption:
        return ManaOption(tuple(Mana(t, restriction, snow, source_name or None) for t in types))

    if "mana" in p and "amount" not in p:
        cost = ManaCost.parse(str(p["mana"]))
        types = []
        for s in cost:
            if s.text in MANA_TYPES:
                types.append(s.text)
            elif s.is_generic:  # "{2}" in an add-mana effect means {C}{C} (CR 106.10)
                types.extend(["C"] * s.generic_amount)
        return (mk(types),) if types else ()
    n = _amount(p)
    if "choice" in p:
        return tuple(mk([t] * n) for t in MANA_TYPES if t in set(p["choice"]))
    if p.get("any_color"):
        return tuple(mk([t] * n) for t in COLORS)
    if p.get("any_type"):
        return tuple(mk([t] * n) for t in MANA_TYPES)
    return None


# ---------------------------------------------------------------------------
# Resolving outputs against the board
# ---------------------------------------------------------------------------


class _Board:
    """What every source needs once per state: the layer view, could-produce, replacements, triggers."""

    def __init__(self, state: GameState):
        from .produce import could_produce

        self.state = state
        self.view = board_view(state)
        self.produce = could_produce(state)
        self.triggers: list[tuple[Permanent, Ability]] = [
            (p, a) for p in state.battlefield for a in self.view[p.id].abilities
            if a.kind == "triggered" and a.effect == "add_mana" and a.params.get("trigger")]

    def reflected(self, perm: Permanent, params) -> frozenset[str]:
        from .produce import reflect_group

        r = params["reflect"]
        if r.get("what") == "enchanted":
            out = set(self.produce.types.get(perm.attached_to or "", ()))
        else:
            what, kind, ctls = reflect_group(self.state, perm, params)
            out = set()
            for q in self.state.battlefield:
                if q.controller in ctls and matches(what, q, "any", perm.controller, self.view[q.id].subtypes):
                    out |= self.produce.types.get(q.id, frozenset())
        if r.get("kind") == "color":
            out.discard("C")
        return frozenset(out)

    def options(self, perm: Permanent, ab: Ability) -> tuple[ManaOption, ...]:
        from .produce import apply_in_every_order, base_events

        p = ab.params
        refl = None
        if "reflect" in p:
            refl = self.reflected(perm, p)
        elif any("reflect" in alt for alt in p.get("alternatives", ())):
            refl = self.reflected(perm, next(alt for alt in p["alternatives"] if "reflect" in alt))
        events = base_events(self.state, perm, ab, refl)
        tap = bool(ab.cost and ab.cost.tap)
        effs = []
        if tap:
            effs = [r for r in self.produce.replacements if r.applies_to(perm, self.view[perm.id].subtypes)]
        restriction = p.get("restriction")
        snow = perm.card.is_type("Snow")
        out: dict[str, ManaOption] = {}
        for ev in events:
            results = apply_in_every_order(ev, effs) if effs else {ev: ()}
            for res, order in results.items():
                if not res:
                    continue
                base = tuple(Mana(t, restriction, snow, perm.name) for t in res)
                note = ("; ".join(order) if order else "")
                for extra, tnote in self.triggered(perm, ab, res):
                    opt = ManaOption(base + extra, "; ".join(x for x in (note, tnote) if x))
                    out.setdefault(str(opt), opt)
        return tuple(out[k] for k in sorted(out))

    def triggered(self, perm: Permanent, ab: Ability, produced: tuple[str, ...]) -> list[tuple[tuple[Mana, ...], str]]:
        """Mana added by triggered mana abilities when ``perm`` is tapped for mana and produced ``produced``
        (CR 106.12a); each entry is one combination of their choices. Only mana that goes to the player
        who tapped is returned."""
        from .produce import base_events

        if not (ab.cost and ab.cost.tap) or not produced:
            return [((), "")]
        per_trigger: list[list[tuple[tuple[Mana, ...], str]]] = []
        for src, tab in self.triggers:
            t = tab.params["trigger"]
            what = t.get("what", "land")
            try:
                hit = matches(what, perm, t.get("controller", "any"), src.controller, self.view[perm.id].subtypes, src)
            except ValueError:
                raise Unsupported(f"{src.name}: \"{tab.describe()}\": which permanents it watches is not modelled") from None
            if not hit:
                continue
            if t.get("condition"):
                raise Unsupported(f"{src.name}: \"{tab.describe()}\": the condition \"{t['condition']}\" is not modelled")
            if t.get("of_chosen_color"):
                col = src.choices.get("color")
                if col is None:
                    raise Unsupported(f"{src.name}: no colour was chosen (give choices: {{color: ...}})")
                if str(col).upper()[:1] not in produced and str(col).upper() not in produced:
                    continue
            recipient = src.controller if t.get("to") == "you" else perm.controller
            if recipient != perm.controller:
                continue
            if tab.params.get("produced_type"):
                evs = [(x,) for x in MANA_TYPES if x in produced]
            elif tab.params.get("chosen_color"):
                from models.mana import parse_types

                evs = [tuple(parse_types(str(src.choices.get("color"))))]
            else:
                evs = base_events(self.state, src, tab)
            label = f"{src.name} adds "
            per_trigger.append([(tuple(Mana(x, tab.params.get("restriction"), False, src.name) for x in ev),
                                 label + "".join("{" + x + "}" for x in ev) + " (triggered mana ability, CR 605.1b)")
                                for ev in evs] or [((), "")])
        if not per_trigger:
            return [((), "")]
        out = []
        for combo in itertools.product(*per_trigger):
            out.append((tuple(m for part in combo for m in part[0]), "; ".join(c[1] for c in combo if c[1])))
        return out


def mana_sources(state: GameState, player: str, board: "_Board | None" = None) -> list[ManaSource]:
    """Every mana ability of permanents ``player`` controls that could be activated now.

    Skips abilities whose {T}/{Q} cannot be paid (tapped/untapped permanent; a creature
    under summoning sickness without haste, CR 302.6). Outputs that depend on the game
    are resolved (see module docstring).

    Returns
    -------
    list of ManaSource, in battlefield order then ability order.

    Raises
    ------
    Unsupported
        A mana ability of one of the player's permanents whose output is not modelled (named).
    """
    board = board or _Board(state)
    out: list[ManaSource] = []
    for perm in state.permanents(player):
        out.extend(permanent_mana_sources(state, perm, board))
    return out


def _limit(perm: Permanent, ab: Ability) -> int | None:
    cost = ab.cost
    lim: int | None = None
    if cost is None:
        return None
    if cost.tap or cost.untap:
        lim = 1
    for part in cost.parts:
        if part.action == "sacrifice" and part.what == "this":
            lim = 1 if lim is None else min(lim, 1)
        elif part.action == "remove_counters":
            have = perm.counters.get(part.what, 0)
            n = have // max(part.amount, 1)
            lim = n if lim is None else min(lim, n)
    return lim


def permanent_mana_sources(state: GameState, perm: Permanent, board: "_Board | None" = None) -> list[ManaSource]:
    """The mana sources of one permanent (see ``mana_sources``)."""
    board = board or _Board(state)
    out: list[ManaSource] = []
    acts = [a for a in permanent_abilities(state, perm) if a.kind == "activated"]
    snow = perm.card.is_type("Snow")
    for i, ab in enumerate(acts, 1):
        if not ab.is_mana_ability:
            continue
        cost = ab.cost
        tap = bool(cost and cost.tap)
        untap = bool(cost and cost.untap)
        if tap and perm.tapped or untap and not perm.tapped:
            continue
        if (tap or untap) and perm.is_creature and perm.sick and not has_keyword(state, perm, "haste"):
            continue
        lim = _limit(perm, ab)
        if lim == 0:
            continue
        opts = board.options(perm, ab)
        out.append(ManaSource(perm.id, perm.name, i, ab, tap, untap, cost.mana if cost else None,
                              cost.parts if cost else (), opts, snow, f"{perm.name}: {ab.describe()}", lim))
    return out


# ---------------------------------------------------------------------------
# Every maximal pool
# ---------------------------------------------------------------------------

Pool = tuple  # sorted tuple of ((type, restriction), count)


def _pool(c: Counter) -> Pool:
    return tuple(sorted(((k, v) for k, v in c.items() if v), key=lambda kv: (MANA_TYPES.index(kv[0][0]), kv[0][1] or "")))


def _pool_str(p: Pool) -> str:
    return "".join(("{" + t + (":" + r if r else "") + "}") * n for (t, r), n in p)


def _contained(a: Counter, b: Counter) -> bool:
    return all(b.get(k, 0) >= v for k, v in a.items())


def _payments(pool: Counter, cost: ManaCost) -> list[Counter]:
    """Every distinct way to pay ``cost`` from the unrestricted mana of ``pool`` (the mana spent)."""
    units: list[tuple[str, ...]] = []
    for sym in cost:
        if sym.is_variable or sym.is_snow:
            raise Unsupported(f"paying {sym} in the cost of a mana ability is not modelled")
        opts = []
        for o in sym.options():
            if "2life" in o:
                continue
            opts.append(o)
        units.append(tuple("|".join(o) for o in opts))
    results: set[tuple] = set()

    def go(i: int, avail: Counter, spent: Counter) -> None:
        if i == len(units):
            results.add(_pool(spent))
            return
        for choice in units[i]:
            reqs = choice.split("|")
            a2, s2 = Counter(avail), Counter(spent)
            ok = True
            pending_generic = 0
            for r in reqs:
                if r == "1":
                    pending_generic += 1
                elif a2.get((r, None), 0) > 0:
                    a2[(r, None)] -= 1
                    s2[(r, None)] += 1
                else:
                    ok = False
                    break
            if not ok:
                continue
            if pending_generic:
                kinds = [k for k, v in a2.items() if v > 0 and k[1] is None]
                for combo in itertools.combinations_with_replacement(sorted(kinds, key=lambda k: MANA_TYPES.index(k[0])), pending_generic):
                    cc = Counter(combo)
                    if all(a2[k] >= v for k, v in cc.items()):
                        go(i + 1, a2 - cc, s2 + cc)
            else:
                go(i + 1, a2, s2)

    go(0, Counter({k: v for k, v in pool.items() if k[1] is None}), Counter())
    return [Counter(dict(p)) for p in results]


def available_mana(state: GameState, player: str) -> tuple[list[str], list[str]]:
    """Every maximal mana pool ``player`` can produce now, exhaustively, in canonical notation.

    Every mana ability the player can activate now (``mana_sources``) is considered with every option
    (colour choices, replacement effects in every order, triggered mana). Sources without a mana cost are
    always activated (activating one only adds mana); abilities with a mana cost (filters) are tried in
    every order and with every way to pay them from the mana already made. Identical sources (same card,
    same ability, same options and costs) are collapsed: only the multiset of their choices is enumerated,
    which loses nothing since they are interchangeable. A pool is kept if no other reachable pool contains it
    strictly. Mana already in the pool (``state.pools``) is included.

    Returns
    -------
    (pools sorted, explanation lines)

    Raises
    ------
    Unsupported
        A source whose cost is not modelled here (sacrificing or tapping another permanent, discarding,
        unbounded activations), naming the card and the ability.

    References: CR 106.4, 106.12, 605.3a, 616.1, 119.4.
    """
    board = _Board(state)
    sources = mana_sources(state, player, board)
    why: list[str] = []
    life_needed = 0
    # A permanent's {T} (or {Q}) can be paid once: its tap abilities are alternatives of one unit.
    units: dict[object, list[ManaSource]] = {}
    for s in sources:
        for part in s.other_costs:
            if part.action == "pay_life":
                life_needed += part.amount * (s.limit or 1)
            elif part.action in ("put_counters",) or (part.action == "sacrifice" and part.what == "this") or \
                    (part.action == "remove_counters"):
                pass
            else:
                raise Unsupported(f"{s.why}: the cost \"{part.text or part.action}\" is not modelled for available_mana")
        if s.limit is None and not s.mana_cost:
            raise Unsupported(f"{s.why}: can be activated without limit; unbounded mana is not modelled")
        ukey = s.permanent if (s.tap or s.untap) else (s.permanent, s.ability_index)
        units.setdefault(ukey, []).append(s)
    free: dict[tuple, list[list[ManaSource]]] = {}
    filters: dict[tuple, list[list[ManaSource]]] = {}
    for alts in units.values():
        key = tuple((s.name, s.ability_index, tuple(str(o) for o in s.options), str(s.mana_cost or ""),
                     tuple(p.text for p in s.other_costs), s.limit) for s in alts)
        is_filter = any(s.mana_cost and len(s.mana_cost) for s in alts)
        (filters if is_filter else free).setdefault(key, []).append(alts)
    if life_needed > state.life.get(player, 20):
        raise Unsupported(f"choosing which life-paying mana abilities to use ({life_needed} life in all, "
                          f"{state.life.get(player, 20)} available) is not modelled")
    start = Counter()
    for m, n in state.pools.get(player, None).counts.items() if state.pools.get(player) else []:
        start[(m.type, m.restriction)] += n
    pools: set[Pool] = {_pool(start)}
    for key, group in free.items():
        alts = group[0]
        lim = min((s.limit or 1) for s in alts)
        per = len(group) * lim
        seen_o: dict[str, Counter] = {}
        for s in alts:
            for o in s.options:
                seen_o.setdefault(str(o), Counter((m.type, m.restriction) for m in o.mana))
        opts = list(seen_o.values())
        desc = f"{len(group)} × " if len(group) > 1 else ""
        line = f"{desc}" + " or ".join(s.why for s in alts) + (f" (×{lim} activations)" if lim > 1 else "")
        if not opts:
            why.append(f"{line}: would produce no mana now (CR 106.5, 106.7)")
            continue
        combos = set()
        for combo in itertools.combinations_with_replacement(range(len(opts)), per):
            c = Counter()
            for i in combo:
                c += opts[i]
            combos.add(_pool(c))
        pools = {_pool(Counter(dict(p)) + Counter(dict(q))) for p in pools for q in combos}
        notes = sorted({o.note for s in alts for o in s.options if o.note})
        why.append(f"{line}: {', '.join(seen_o)}" + (f" [{'; '.join(notes)}]" if notes else ""))
    if len(free) < sum(len(g) for g in free.values()):
        why.append("identical sources (same card, ability, options and costs) are collapsed: only how many of them "
                   "make each option matters, so the enumeration is over multisets, which is exact")
    if any(len(alts) > 1 for alts in units.values()):
        why.append("a permanent with several mana abilities that tap or untap it uses only one of them (CR 107.5, 107.6)")
    reached: set[Pool] = set(pools)
    if filters:
        flist: list[tuple[list[ManaSource], int]] = []
        for key, group in filters.items():
            alts = group[0]
            lims = [s.limit for s in alts]
            n = None if any(x is None for x in lims) else len(group) * min(lims)
            for s in alts:
                if s.limit is None:
                    out_max = max((len(o.mana) for o in s.options), default=0)
                    if out_max > len(s.mana_cost):
                        raise Unsupported(f"{s.why}: can be activated without limit and makes more mana than it costs")
            flist.append((alts, n))
            why.append(("filter " if len(alts) == 1 else "") + " or ".join(
                s.why + (f" (costs {s.mana_cost}, paid from other mana)" if s.mana_cost else "") for s in alts) +
                (f" ×{len(group)}" if len(group) > 1 else "") + ": tried in every order and with every payment")
        seen: set[tuple] = set()
        stack = [(p, tuple(n if n is not None else -1 for _, n in flist)) for p in pools]
        while stack:
            pool, left = stack.pop()
            if (pool, left) in seen:
                continue
            seen.add((pool, left))
            reached.add(pool)
            cur = Counter(dict(pool))
            for i, (alts, _) in enumerate(flist):
                if left[i] == 0:
                    continue
                nl = tuple(x - 1 if j == i and x > 0 else x for j, x in enumerate(left))
                for s in alts:
                    pays = _payments(cur, s.mana_cost) if s.mana_cost and len(s.mana_cost) else [Counter()]
                    for spent in pays:
                        after = cur - spent
                        for o in s.options:
                            stack.append((_pool(after + Counter((m.type, m.restriction) for m in o.mana)), nl))
    # keep the maximal pools
    items = [(p, Counter(dict(p)), sum(n for _, n in p)) for p in reached]
    items.sort(key=lambda x: -x[2])
    maximal: list[tuple[Pool, Counter, int]] = []
    for p, c, tot in items:
        if any(t2 > tot and _contained(c, c2) for _, c2, t2 in maximal):
            continue
        maximal.append((p, c, tot))
    out = sorted(_pool_str(p) for p, _, _ in maximal)
    if not sources:
        why.append(f"{player} controls no mana ability that can be activated now")
    why.append(f"{len(out)} maximal pool(s): no other reachable pool contains one of them strictly")
    return out, why
