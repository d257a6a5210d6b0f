"""The ``could_produce`` and ``available_mana`` questions (thin handlers over ``solver/rules/mana/``): which
types of mana each permanent could produce (CR 106.7) and every maximal pool a player can make now, with why.

Question kinds: ``could_produce: REF`` → ``types``; ``available_mana: PLAYER`` → ``pools``, ``count``.
"""
from __future__ import annotations

from typing import Any, Mapping

from mtgcheck.models.vocab.abilities import Ability, activated_abilities
from mtgcheck.models.vocab.behaviour import makes_mana_another_way
from mtgcheck.models.vocab.mana_effects import AddMana, TriggeredAddMana
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.models.game.mana import MANA_TYPES, ManaPool, format_pool, parse_types
from mtgcheck.models.game.state import GameState, Permanent
from mtgcheck.solver.questions.registry import Answer, Context, QuestionError, Unsupported, load_handlers, question
from mtgcheck.solver.rules.board import board_view
from mtgcheck.solver.rules.mana.produce import mana_abilities_of, could_produce
from mtgcheck.solver.rules.quantities import condition_holds
from mtgcheck.solver.rules.mana.produce import has_legal_target
from mtgcheck.models.vocab.conditions import Compare
from mtgcheck.models.vocab.amounts import CountOf


def normalize_types(v: Any) -> list[str]:
    """Types in canonical order from a list (``[G, "{U}", white]``) or a string (``"{W}{U}"``)."""
    if v is None:
        return []
    if isinstance(v, str):
        return parse_types(v) if v.strip() else []
    return parse_types([str(x) for x in v])


@question("could_produce", topics=(Topic.MANA_PRODUCTION, Topic.OTHER_MANA, Topic.CHARACTERISTICS), unordered=("types",), normalize={"types": normalize_types}, bare_key="types")
def ask_could_produce(ctx: Context) -> Answer:
    """``could_produce: REF`` → ``types`` (CR 106.7), with the chain that provides each type."""
    ref = ctx.args
    if isinstance(ref, Mapping) and "permanent" in ref:
        ref = ref["permanent"]
    perm = ctx.permanent(ref)
    res = could_produce(ctx.state)
    types = [t for t in MANA_TYPES if t in res.types.get(perm.id, ())]
    why: list[str] = []
    view = board_view(ctx.state)
    why.extend(view[perm.id].why)
    abs_ = mana_abilities_of(view, perm)
    if not abs_:
        why.append(f"{perm.name} has no ability that adds mana, so there is no type of mana it could produce (CR 106.7)")
    for t in types:
        why.extend(res.chain(perm.id, t))
    others = [a for a in view[perm.id].abilities if isinstance(a.effect, TriggeredAddMana)]
    if others:
        why.append(f"{perm.name}'s triggered abilities that add mana as they resolve are not mana abilities (they "
                   f"trigger on another event and use the stack, CR 605.5a), but what it could produce counts them, "
                   f"read as if they resolved now (CR 106.7" + (", 702.189a" if any(
                       getattr(a.effect, "keyword", None) == "firebending" for a in others) else "") + ")")
        why.extend(_intervening_why(ctx.state, perm, others))
    if any(a.kind == "triggered" for a in abs_) and len(others) < sum(a.kind == "triggered" for a in abs_):
        why.append(f"{perm.name}'s triggered mana abilities count as abilities of {perm.name}, read as if they resolved "
                   f"now: an output that depends on the event that triggers them (\"a type that land produced\") "
                   f"defines no type (CR 106.7); the extra mana they add is never part of what the tapped permanent "
                   f"could produce (Kinnan, Bonder Prodigy ruling 2020-04-17)")
    for a in abs_:
        cond = getattr(a.effect, "condition", None)
        if a.kind == "activated" and cond is not None:

            ok, words = condition_holds(ctx.state, perm.controller, cond, perm, a.describe(), has_legal_target)
            why.append(f"{perm.name}'s \"{a.describe()}\" adds its mana only if, as it resolves, {words}: "
                       f"{'it would' if ok else 'it would not'} if it resolved now (CR 608.2, 106.7)"
                       + (" — it has a target, so it is not a mana ability and makes no pool (CR 605.1a)"
                          if getattr(a.effect, "targets", False) else ""))
    if any(_reads_exiled_with(a) for a in abs_):
        why.append(exiled_with_note(perm))
    if any(getattr(a.effect, "noted", None) for a in abs_):
        why.append(f"{perm.name}'s last noted mana (its linked ability, CR 607.2e): "
                   + ("".join("{" + t + "}" for t in perm.noted_mana) if perm.noted_mana else
                      "nothing noted (the entry's noted_mana; a permanent that just entered has none, CR 400.7), so "
                      "the type is undefined and it adds no mana (CR 106.5)"))
    given = sorted({str(getattr(a.effect, "to", None)).replace("_", " ") for a in abs_ if getattr(a.effect, "to", None)})
    if given:
        why.append(f"{perm.name}'s mana may go to another player ({', '.join(given)}): what it could produce counts the "
                   f"types its abilities would produce, whoever receives them (CR 106.7, 106.3)")
    if abs_ and not types:
        why.append(f"{perm.name}'s mana abilities would produce no mana if they resolved now: nothing it looks at "
                   f"could produce a type of mana (CR 106.5, 106.7; Reflecting Pool ruling 2008-05-01)")
    why.append("costs are ignored and only types count, not restrictions on the mana (CR 106.7; Reflecting Pool ruling 2008-05-01)")
    if res.replacements:
        watching = [r for r in res.replacements if r.applies_to(perm, view[perm.id].subtypes)]
        if watching:
            why.append(f"replacement effects that apply when {perm.name} is tapped for mana, considered in every "
                       f"possible order (CR 616.1): " + "; ".join(r.describe() for r in watching))
        others = [r for r in res.replacements if r not in watching]
        if others:
            why.append(f"not applying to {perm.name} itself: " + "; ".join(r.name for r in others))
    extra: dict[str, Any] = {"graph_nodes": res.graph.number_of_nodes(), "graph_edges": res.graph.number_of_edges(),
                             "picture": (res, perm.id)}  # (for Answer.svg: drawn only when asked for)
    gpath = ctx.options.get("graph") if ctx.options else None
    if gpath:
        from mtgcheck.solver.questions.graph import write_graph

        msg = write_graph(res, str(gpath), highlight=perm.id)
        why.append(msg)
        extra["graph"] = {"path": str(gpath), "written": msg.startswith(("graph written", "graph drawn")), "message": msg}
    return Answer("could_produce", {"types": types}, why, extra)


def _intervening_why(state: GameState, perm: Permanent, others: list[Ability]) -> list[str]:
    """The explanation of each condition of ``perm``'s triggered abilities that add mana (an intervening "if", CR 603.4;
    "if no counters were removed this way ... Otherwise, add", 608.2h): whether
    it holds now, so whether the ability would add its mana if it resolved now (106.7). Returns a list of str."""

    out = []
    for a in others:
        cond = getattr(a.effect, "condition", None)
        if cond is None:
            continue
        ok, words = condition_holds(state, perm.controller, cond, perm, a.describe(), has_legal_target)
        out.append(f"{perm.name}'s \"{a.describe()}\" adds mana only under a condition (an intervening \"if\", "
                   f"CR 603.4; what it removes, sacrifices or targets as it resolves, 608.2c-h, 603.3d): {words}, so if "
                   f"it resolved now it "
                   + ("would add its mana" if ok else "would add no mana") + " (CR 106.7)")
    return out


def _reads_exiled_with(ab: Ability) -> bool:
    """Whether the ``add_mana`` ability reads the cards exiled with its source (``Filter.relation == "exiled_with"``:
    "the exiled card's colors", "if a card is exiled with this land"; CR 607.2a)."""

    eff = ab.effect
    if not isinstance(eff, AddMana):
        return False
    for f in (eff.color_among, eff.each_color_among):
        if f is not None and f.relation == "exiled_with":
            return True
    cond = eff.instead.condition if eff.instead is not None else None
    return isinstance(cond, Compare) and isinstance(cond.left, CountOf) and cond.left.filter.relation == "exiled_with"


def exiled_with_note(perm: Permanent) -> str:
    """The explanation line naming the cards exiled with ``perm`` (the scenario entry's ``exiled``; none listed: none;
    CR 406.6, 607.2a)."""
    if perm.exiled_with:
        return (f"cards exiled with {perm.name} (its linked ability's \"exiled\" cards, CR 607.2a): "
                + ", ".join(c.name for c in perm.exiled_with))
    return (f"no card is listed as exiled with {perm.name} (the battlefield entry's `exiled`; none listed: none), so "
            f"what its linked ability reads is empty (CR 607.2a)")


def _canon_pool(s: str) -> str:
    """A pool in canonical notation (``models.game.mana.ManaPool.parse`` then ``format_pool``)."""
    return format_pool(ManaPool.parse(str(s)))


def normalize_pools(v: Any) -> list[str]:
    """Pools in canonical notation ({W}{U}{B}{R}{G}{C} order, restricted mana as {G:creature_spell})."""
    if isinstance(v, str):
        v = [v]
    return sorted(_canon_pool(x) for x in (v or []))


def available_mana_topics(ctx: Context) -> frozenset[Topic]:
    """What an ``available_mana`` answer depends on (the gate, ``solver.rules.gate``): which mana abilities exist and
    what they add, the characteristics that decide it, activating them and their costs; life only when one of
    the player's mana abilities can pay life (a "pay N life" part, a Phyrexian symbol or a cost part not read:
    CR 119.4, 107.4f), since otherwise no pool depends on the player's life total (a triggered mana ability that
    deals damage, Overabundance, changes no pool then). Returns ``frozenset`` of ``Topic``."""
    base = {Topic.MANA_PRODUCTION, Topic.CHARACTERISTICS, Topic.ACTIVATION, Topic.COSTS}
    arg = ctx.args.get("player") if isinstance(ctx.args, Mapping) else ctx.args
    player = ctx.state.active if arg is None else str(arg)
    try:
        view = board_view(ctx.state)
        for perm in ctx.state.battlefield:
            if perm.controller != player:
                continue
            for a in view[perm.id].abilities:
                if a.kind != "activated" or a.cost is None:
                    continue
                if any(part.action in ("pay_life", "other") for part in a.cost.parts) or (
                        a.cost.mana is not None and any(sym.is_phyrexian for sym in a.cost.mana)):
                    return frozenset(base | {Topic.LIFE})
    except Exception:  # noqa: BLE001 - an unreadable board: keep every topic (the handler reports the problem)
        return frozenset(base | {Topic.LIFE})
    return frozenset(base)


@question("available_mana", topics=available_mana_topics, unordered=("pools", "other_ways"), normalize={"pools": normalize_pools})
def ask_available_mana(ctx: Context) -> Answer:
    """``available_mana: PLAYER`` → ``pools`` (every maximal pool, canonical notation), ``count``."""
    arg = ctx.args
    if isinstance(arg, Mapping):
        arg = arg.get("player")
    player = ctx.player(arg)
    from mtgcheck.solver.rules.mana.sources import ManaBoard
    from mtgcheck.solver.rules.mana.pools import maximal_pools

    res = maximal_pools(ctx.state, player, ctx.limit)
    why = list(res.why) + recipient_notes(ctx.state, player)
    view = board_view(ctx.state)
    why += [exiled_with_note(p) for p in ctx.state.permanents(player)
            if any(_reads_exiled_with(a) for a in view[p.id].abilities if isinstance(a.effect, AddMana))]
    others = other_ways(ctx, player, ManaBoard(ctx.state))
    why += [o.pop("why") for o in others]
    return Answer("available_mana", {"pools": res.pools, "count": res.count, "other_ways": others}, why,
                  capped=res.capped)


#: The kinds of ``available_mana``'s ``other_ways`` (CR 605.1a, 606): abilities that are not mana abilities.
OTHER_WAY_KINDS = {
    "a loyalty ability that adds mana": "loyalty_mana",
    "an ability that adds mana": "ability_mana",
    "an activated ability that untaps a permanent": "untap",
}


def other_ways(ctx: Context, player: str, board: Any) -> list[dict[str, Any]]:
    """``available_mana`` counts mana abilities only (CR 605.1a-b, 106.7): the pools are made by activating mana
    abilities now. The player's other activated abilities that could add mana or untap a mana source first — a
    loyalty ability that adds mana (606, 605.1a: it uses the stack), an ability with a target that adds mana
    (Deathrite Shaman, 605.1a), "untap target permanent" (Voltaic Key, Garruk Wildspeaker) — are a separate kind of
    the answer, one entry each: ``source`` (the permanent's name), ``ability`` (its activated-ability number, as
    ``activate`` counts), ``kind`` (``loyalty_mana``, ``ability_mana``, ``untap``), ``adds`` (every distinct pool
    it could add, in pool notation, restrictions kept; ``[]`` for an untap: what it enables is the untapped
    permanent's own mana; ``None`` when that is not worked out here) and ``activatable`` (whether it can be
    activated now: the ``activate`` question's own answer, asked through the registry; ``None`` when that answer is
    not modelled). Each entry also has ``why`` (its explanation line: the ability's text and the reason, taken out by
    the caller). ``board``: the mana sources' view of the board (``solver.rules.mana.sources.ManaBoard``)."""
    from dataclasses import replace as _with

    state = ctx.state
    view = board_view(state)
    out: list[dict[str, Any]] = []
    for p in state.permanents(player):
        acts = activated_abilities(view[p.id].abilities)
        for n, a in enumerate(acts, 1):
            how = makes_mana_another_way(a)
            if not how:
                continue
            kind = OTHER_WAY_KINDS[how]
            adds: list[str] | None = []
            if kind != "untap":
                try:
                    pools = {format_pool(ManaPool.of(opt.mana)): opt for opt in board.options(p, a)}
                    adds = sorted(pools, key=lambda t: ([MANA_TYPES.index(m.type) for m in pools[t].mana], t))
                except (Unsupported, ValueError, KeyError, TypeError):
                    adds = None
            reason: str | None
            try:
                act = load_handlers("activate")["activate"].handler(
                    _with(ctx, args={"permanent": {"id": p.id}, "ability": n}))
                activatable: bool | None = bool(act.values["activatable"])
                reason = act.values.get("reason")
            except (Unsupported, QuestionError) as e:
                activatable, reason = None, f"not answered: {e}"
            added = ("could add " + (" or ".join(adds) if adds else "nothing") if adds is not None
                     else "what it adds is not worked out here")
            now = {True: "it can be activated now", False: f"it cannot be activated now: {reason}",
                   None: reason}[activatable]
            why = (f"not counted in the pools: {p.name}'s “{a.describe()}”, {how} ({kind}); "
                   + (added + "; " if kind != "untap" else "it untaps a permanent, which may then be tapped for mana "
                      "again; ") + f"{now}. Activating it first is another way to have mana (CR 605.1a, 606.3, 602.2)")
            out.append({"source": p.name, "ability": n, "kind": kind, "adds": adds, "activatable": activatable,
                        "why": why})
    return out


_RECIPIENT_WHY = {
    "chosen_player": "the player who adds its mana is chosen as it resolves and may be {p} (CR 115.10a: not a target), "
                     "so {p}'s pools count it; giving it to another player only leaves {p} less",
    "each_player": "each player adds its mana, {p} included (CR 106.3)",
    "target_player": "it targets a player, so it is not a mana ability (CR 605.1a, 115.1c): it uses the stack, and no "
                     "pool made now can use its mana",
}


def recipient_notes(state: GameState, player: str) -> list[str]:
    """Explanation lines for ``player``'s abilities that add mana to a player other than their controller
    (``AddMana.to``): why each counts in ``player``'s pools or not (``controller_may_receive``; CR 106.3, 115.10a,
    605.1a). Returns ``list[str]``."""
    view = board_view(state)
    out: list[str] = []
    for perm in state.permanents(player):
        for a in view[perm.id].abilities:
            to = getattr(a.effect, "to", None)
            if a.kind != "activated" or not isinstance(a.effect, AddMana) or to is None:
                continue
            if to == "active_player":
                line = (f"the active player adds its mana: {player} is" + ("" if state.active == player else " not")
                        + " the active player (CR 102.1)")
            else:
                line = _RECIPIENT_WHY.get(to, f"who adds its mana: {to}").format(p=player)
            out.append(f"{perm.name}: \"{a.describe()}\": {line}")
    return out
