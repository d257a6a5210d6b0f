"""Mana sources: every mana ability a player could activate now, with what each could add.

This is the contract between mana production (``solver.rules.mana.produce``) and payment
(``solver.rules.payment``): ``mana_sources(state, player)`` lists ``ManaSource`` records, and
the payment search chooses among them. A permanent with several {T} mana abilities
appears once per ability; the payment search lets a permanent's {T} be used once.

Each ``ManaSource.options`` is already *final*: outputs that depend on the game are resolved
(reflectors through the ``could_produce`` fixpoint, counts, chosen colours), replacement effects on a
permanent tapped for mana are applied in every possible order (CR 106.12b, 616.1), and triggered mana
abilities that the activation sets off (CR 605.1b, 106.12a: Mana Flare, Heartbeat of Spring, Zendikar
Resurgent, Kinnan, Wild Growth) are added to each option, since they resolve right after it (CR 605.4a).

The ``add_mana`` params are documented in docs/mana.md (``mana``, ``choice``, ``options``,
``any_color``, ``any_type``, ``combination``, ``amount``, ``reflect``, ``restriction``, ...).

The pools of mana these sources can make together are ``solver.rules.mana.pools`` (``maximal_pools``,
``available_mana``).

References: CR 106 (mana), 605 (mana abilities), 106.12 (tapped for mana), 107.5, 302.6, 119.4 (paying life).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.vocab.cost_parts import CostPart
from mtgcheck.models.vocab.mana_effects import AddMana, Reflect
from mtgcheck.models.vocab.amounts import Fixed
from mtgcheck.models.game.mana import COLORS, MANA_TYPES, Mana, ManaCost, ManaPool, format_pool
from mtgcheck.models.game.state import GameState, Permanent

from mtgcheck.solver.rules import budget as _budget
from mtgcheck.solver.rules.layers import permanents_match
from mtgcheck.solver.rules.board import board_view, permanent_abilities
from mtgcheck.solver.rules.mana.amounts import CostObjectAmount, ManaXAmount
from mtgcheck.solver.rules.errors import Unsupported
from mtgcheck.solver.rules.sickness import may_tap_or_untap
from mtgcheck.solver.rules.layers import card_abilities
from mtgcheck.solver.rules.ability_cache import cached_for, context_free
from mtgcheck.solver.rules.budget import tick
from mtgcheck.solver.rules.ability_cache import cached
from mtgcheck.solver.rules.restrictions import check_restricted_order
from mtgcheck.solver.rules.restrictions import restricted_source_limit
from mtgcheck.solver.rules.activation_costs import check_mana_ability_cost_changes


@dataclass(frozen=True)
class ManaOption:
    """One way a mana ability can resolve: the mana it adds (a multiset of ``Mana``), including mana added
    by the triggered mana abilities it sets off (``note`` says which, for explanations)."""

    mana: tuple[Mana, ...]
    note: str = ""

    def __str__(self) -> str:
        # kept on the instance: an option is read many times (and, through ``ability_cache``, on many boards)
        got = self.__dict__.get("_text")
        if got is None:
            got = format_pool(ManaPool.of(self.mana))
            object.__setattr__(self, "_text", got)
        return got


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
    zone : str  where the ability functions: ``"battlefield"``, or ``"hand"`` for a card in the hand whose
        ability exiles it from there (Elvish Spirit Guide, CR 113.6m); ``permanent`` is then the card's id.
    deferred : str  for ``available_mana`` only (``ManaBoard.defer_cost_objects``): the output reads the object
        sacrificed to pay the cost ("the sacrificed artifact's mana value", CR 601.2h, 608.2h), so ``options`` is
        empty until that object is chosen (``sacrifice_pools.sacrifice_tap_variants``); the reason, else ``""``.
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
    zone: str = "battlefield"
    deferred: str = ""

    @property
    def repeatable(self) -> bool:
        """True if nothing in the cost stops a second activation ({T}, {Q}, sacrifice, counters)."""
        return not (self.tap or self.untap or self.other_costs)


def _amount(e: AddMana, default: int = 1) -> int:
    a = e.amount.n if isinstance(e.amount, Fixed) else None
    if a is not None and a > 1:

        tick(a, "units of mana an ability adds")  # (each unit is one item of the options built from it)
    return a if a is not None else default


def simple_options(ability: Ability, source_name: str = "", snow: bool = False) -> tuple[ManaOption, ...] | None:
    """The options of an ``add_mana`` ability whose output needs no game context, else ``None``.

    Handles ``mana``, ``choice``, ``any_color``, ``any_type`` (no replacement effects, no triggers).
    """
    e = ability.effect
    if not isinstance(e, AddMana):
        return None
    restriction = e.restriction

    def mk(types: list[str]) -> ManaOption:
        return ManaOption(tuple(Mana(t, restriction, snow, source_name or None) for t in types))

    if e.mana and e.amount == Fixed(1):
        # (the types were read once: "{2}" adds {C}{C}, CR 106.10; {S} adds {C}, CR 106.11)
        return (mk(list(e.mana)),)
    n = _amount(e)
    if e.choice:
        return tuple(mk([t] * n) for t in MANA_TYPES if t in set(e.choice))
    if e.any_color:
        return tuple(mk([t] * n) for t in COLORS)
    if e.any_type:
        return tuple(mk([t] * n) for t in MANA_TYPES)
    return None


# ---------------------------------------------------------------------------
# Resolving outputs against the board
# ---------------------------------------------------------------------------


class ManaBoard:
    """The mana sources' view of one game state: what every source needs once per state (the layer view,
    could-produce, replacements, triggers); built by ``mana_sources`` and read by the pools and ``available_mana``."""

    def __init__(self, state: GameState):
        from mtgcheck.solver.rules.mana.produce import could_produce

        self.state = state
        #: ``available_mana`` sets it: sources whose output reads the object sacrificed as a cost are kept with no
        #: options (``ManaSource.deferred``) for ``sacrifice_pools.sacrifice_tap_variants`` to resolve per object
        self.defer_cost_objects = False
        self.view = board_view(state)
        self.produce = could_produce(state)
        self.triggers: list[tuple[Permanent, Ability]] = [
            (p, a) for p in state.battlefield for a in self.view[p.id].abilities
            if a.kind == "triggered" and isinstance(a.effect, AddMana) and a.effect.trigger is not None]

    def reflected(self, perm: Permanent, r: Reflect) -> frozenset[str]:
        """The types the group ``r`` of the reflector ``perm`` looks at could produce (CR 106.7; "color": no {C})."""
        from mtgcheck.solver.rules.mana.produce import reflect_group

        if r.filter.relation == "enchanted":
            out = set(self.produce.types.get(perm.attached_to or "", ()))
        else:
            f, _, ctls = reflect_group(self.state, perm, r)
            out = set()
            for q in self.state.battlefield:
                if q.controller in ctls and permanents_match(f, q, perm.controller, self.view[q.id].subtypes):
                    out |= self.produce.types.get(q.id, frozenset())
        if r.by == "color":
            out.discard("C")
        return frozenset(out)

    @property
    def quiet(self) -> bool:
        """No replacement effect on mana production and no triggered mana ability is in force (CR 106.12a-b,
        605.1b, 616.1): nothing on the board changes what a mana ability adds (``ability_cache``)."""
        q = self.__dict__.get("_quiet")
        if q is None:
            from mtgcheck.solver.rules.mana.triggers import all_triggers

            q = self.__dict__["_quiet"] = not self.produce.replacements and not all_triggers(self)
        return q

    def options(self, perm: Permanent, ab: Ability) -> tuple[ManaOption, ...]:
        """Every distinct result of ``perm`` activating the mana ability ``ab`` (see the module docstring); on a
        quiet board an ability that reads nothing of the game (``ability_cache.context_free``) is worked out
        once per ability, permanent name and snow status, and read back on later boards (exact: nothing else
        is read)."""

        if self.quiet and context_free(ab):
            return cached(ab, ("options", perm.name, perm.card.is_type("Snow")), lambda: self._options(perm, ab))
        return self._options(perm, ab)

    def _options(self, perm: Permanent, ab: Ability) -> tuple[ManaOption, ...]:
        from mtgcheck.solver.rules.mana.produce import (
            apply_in_every_order, base_events, controller_may_receive, watching,
        )

        if not controller_may_receive(self.state, perm, ab):
            return ()  # the mana goes to another player (AddMana.to): none of it is this player's (CR 106.3)
        e = ab.effect
        assert isinstance(e, AddMana)
        refl = self.reflected(perm, e.reflect) if e.reflect is not None else None
        # each reflecting alternative looks at its own group
        alts = {i: self.reflected(perm, alt.reflect) for i, alt in enumerate(e.alternatives) if alt.reflect is not None}
        events = base_events(self.state, perm, ab, refl, reflected_alts=alts or None)
        tap = bool(ab.cost and ab.cost.tap)
        effs = []
        if tap:
            effs = watching(self.produce.replacements, perm, self.view[perm.id].subtypes)
        restriction = e.restriction
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
        """Mana added by triggered mana abilities when ``perm``'s mana ability resolves and produced ``produced``
        (CR 605.1b, 605.4a, 106.12a); each entry is one combination of their choices. Only mana that goes to
        ``perm``'s controller is returned (``solver.rules.mana.triggers.triggered_mana``)."""
        from mtgcheck.solver.rules.mana.triggers import triggered_mana

        return triggered_mana(self, perm, ab, produced)


def mana_sources(state: GameState, player: str, board: "ManaBoard | None" = None) -> list[ManaSource]:
    """Every mana ability of permanents ``player`` controls that could be activated now.

    Skips abilities whose {T}/{Q} cannot be paid (tapped/untapped permanent; a creature
    under summoning sickness without haste, CR 302.6). Outputs that depend on the game
    are resolved (see module docstring).

    Interchangeable permanents (``produce.interchangeable_key``: same card, state, controller, counters, choices and
    attachment, only activated abilities, nothing referring to them) are built once; the others get the same
    sources under their own ids — exact, since nothing the sources are built from differs.

    Returns
    -------
    list of ManaSource, in battlefield order then ability order.

    Raises
    ------
    Unsupported
        A mana ability of one of the player's permanents whose output is not modelled (named).
    """
    board = board or ManaBoard(state)
    out: list[ManaSource] = []
    from mtgcheck.solver.rules.mana.produce import interchangeable_key, referenced_ids

    referenced = referenced_ids(state)
    built: dict[tuple, list[ManaSource]] = {}
    for perm in state.permanents(player):
        _budget.tick(1, "listing mana sources")
        view = board.view.get(perm.id) if board.quiet else None
        quick = _quiet_permanent_sources(state, perm, board, view.abilities) if view is not None else None
        if quick is not None:  # the same records as below, read back from the per-card store
            out.extend(quick)
            continue
        key = interchangeable_key(perm, board.view, referenced)
        first = built.get(key) if key is not None else None
        if first is None:
            mine = permanent_mana_sources(state, perm, board)
            if key is not None:
                built[key] = mine
        else:  # the same sources as an interchangeable permanent's, under this permanent's id
            mine = [dataclasses.replace(s, permanent=perm.id) for s in first]
        out.extend(mine)
    out.extend(hand_mana_sources(state, player, board))
    for perm in state.battlefield:  # "Any player may activate this ability" (Mana Cache): another's source too
        if perm.controller != player and perm.id in board.view and any(
                a.restriction is not None and getattr(a.restriction, "any_player", False) and a.is_mana_ability
                for a in board.view[perm.id].abilities):
            raise Unsupported(f"{perm.name} ({perm.controller}'s) has a mana ability any player may activate; mana "
                              f"abilities of another player's permanent are not modelled for {player} (CR 602.2)")
    if any(s.ability.restriction is not None for s in out):

        check_restricted_order(state, player, out)

    check_mana_ability_cost_changes(state, out)
    return out


def hand_mana_sources(state: GameState, player: str, board: "ManaBoard | None" = None) -> list[ManaSource]:
    """The mana abilities of ``player``'s cards in the hand that function there and whose only cost is exiling
    (or revealing) the card itself from the hand: Elvish and Simian Spirit Guide (CR 113.6m: an ability whose
    cost moves the object out of a zone functions only in that zone). Each can be activated once (the card
    leaves the hand); no permanent is tapped for mana, so replacement and triggered abilities that watch a
    permanent tapped for mana do not apply (CR 106.12).

    Returns
    -------
    list of ManaSource with ``zone="hand"`` and ``permanent`` the card's id (``CardInstance.id``).

    Raises
    ------
    Unsupported
        A mana ability that functions in another zone (graveyard, exile, command, library) or whose cost is more
        than exiling the card itself ("Exile a card from your hand": which card, CR 605.3b), naming it; or a
        replacement effect on mana production in play, which is not modelled for mana from a card in a hand.
    """

    out: list[ManaSource] = []
    refused: list[str] = []
    for name, zone, a in other_zone_mana_abilities(state, player):
        if zone != "hand":
            refused.append(f"{name} ({zone}): “{a.describe()}”")
    for inst in state.cards("hand", player):
        acts = [a for a in card_abilities(inst.card) if a.kind == "activated"]
        for i, a in enumerate(acts, 1):
            if "hand" not in a.zones or not a.is_mana_ability:
                continue
            cost = a.cost
            parts = cost.parts if cost is not None else ()
            if cost is None or cost.tap or cost.untap or (cost.mana is not None and len(cost.mana)) or not parts or \
                    any(p.action not in ("exile", "reveal") or p.what != "this" for p in parts):
                refused.append(f"{inst.name} (hand): “{a.describe()}”")
                continue
            opts = simple_options(a, inst.name, inst.card.is_type("Snow"))
            if opts is None:
                refused.append(f"{inst.name} (hand): “{a.describe()}” (its output)")
                continue
            if board is not None and board.produce.replacements:
                raise Unsupported(f"{inst.name} (hand): “{a.describe()}”: replacement effects on mana production are "
                                  f"not modelled for mana made by a card in a hand ("
                                  + ", ".join(sorted({r.describe() for r in board.produce.replacements})) + ")")
            out.append(ManaSource(inst.id, inst.name, i, a, False, False, None, parts, opts,
                                  inst.card.is_type("Snow"), f"{inst.name} (in the hand): {a.describe()}", 1, "hand"))
    if refused:
        raise Unsupported("mana abilities that work from other zones are not modelled here (CR 113.6m, 605.1a): "
                          + "; ".join(refused))
    return out


def other_zone_mana_abilities(state: GameState, player: str) -> list[tuple[str, str, Ability]]:
    """The mana abilities of ``player``'s cards in other zones that function there (CR 113.6m: Elvish Spirit
    Guide in the hand), as (card name, zone, ability)."""

    out: list[tuple[str, str, Ability]] = []
    for zone in ("hand", "graveyard", "exile", "command", "library"):
        for inst in state.zones.get(zone, {}).get(player, ()):
            for a in card_abilities(inst.card):
                if zone in a.zones and a.is_mana_ability:
                    out.append((inst.card.name, zone, a))
    return out


def _limit(perm: Permanent, ab: Ability) -> int | None:
    cost = ab.cost
    lim: int | None = None
    if cost is None:
        return None
    if cost.tap or cost.untap:
        lim = 1
    for part in cost.parts:
        if part.action in ("sacrifice", "return", "put_library") and part.what == "this":
            # it leaves the battlefield as the cost is paid: once (CR 701.21a, 118.3)
            lim = 1 if lim is None else min(lim, 1)
        elif part.action == "remove_counters":
            have = perm.counters.get(part.what, 0)
            # "Remove X / any number of counters" (amount 0): once, X up to all of them — two activations would
            # remove the same counters for more mana, so they add no pool (mana_amounts.removal_amounts)
            # "X" / "any number of" may remove none (CR 107.3: X may be 0; a battery still adds its {B}); "one or
            # more" needs one
            n = (1 if have >= part.at_least else 0) if part.amount == 0 else have // part.amount
            lim = n if lim is None else min(lim, n)
    return lim


def permanent_mana_sources(state: GameState, perm: Permanent, board: "ManaBoard | None" = None) -> list[ManaSource]:
    """The mana sources of one permanent (see ``mana_sources``)."""
    board = board or ManaBoard(state)
    view = board.view.get(perm.id)  # the view computed once per state (not once per permanent)
    if view is not None and board.quiet:
        got = _quiet_permanent_sources(state, perm, board, view.abilities)
        if got is not None:
            return got
    return _permanent_mana_sources(state, perm, board)


def _quiet_permanent_sources(state: GameState, perm: Permanent, board: ManaBoard,
                             abilities: tuple[Ability, ...]) -> list[ManaSource] | None:
    """``_permanent_mana_sources`` on a quiet board (``ManaBoard.quiet``) for a permanent whose mana abilities all read
    nothing of the game (``ability_cache.context_free``), or ``None`` for any other permanent.

    A mana ability with an activation restriction (CR 602.5: its limit is read from the game) is never taken here.
    Everything ``_permanent_mana_sources`` reads is then a fact of the card object (name, snow, creature, its
    keywords), of the permanent's abilities now (the same objects, in order: their indexes, costs, outputs,
    whether they are mana abilities, haste), of its tapped and sick status and of its counters (the activation
    limit); the board adds nothing (no replacement or triggered mana ability, CR 106.12a-b, 605.1b, 616.1). So
    the sources are worked out once per such combination and rebuilt under this permanent's id on later
    boards, the same records field for field.
    """

    try:
        counters = tuple(sorted(perm.counters.items()))
    except TypeError:
        return None
    # whether CR 302.6 lets its {T}/{Q} abilities be activated reads the board ("as though it had haste",
    # ``solver.rules.sickness``): its verdict, not the bare ``sick`` flag, is part of the key
    key = ("permanent_sources", perm.tapped, may_tap_or_untap(state, perm), counters)

    def work() -> list[tuple] | None:
        # an activation restriction ("Activate only if you control a Swamp", CR 602.5) reads the game: not here
        # (a fact of the abilities, which are part of the key: stored as ``None``)
        if not all(context_free(a) and a.restriction is None for a in abilities if a.kind == "activated" and a.is_mana_ability):
            return None
        # every field but the permanent's id, in field order
        return [tuple(getattr(s, f.name) for f in _SOURCE_FIELDS[1:]) for s in _permanent_mana_sources(state, perm, board)]

    rows = cached_for((perm.card,) + abilities, key, work)
    return None if rows is None else [ManaSource(perm.id, *row) for row in rows]


_SOURCE_FIELDS = dataclasses.fields(ManaSource)


def _permanent_mana_sources(state: GameState, perm: Permanent, board: ManaBoard) -> list[ManaSource]:
    out: list[ManaSource] = []
    view = board.view.get(perm.id)
    acts = [a for a in (view.abilities if view is not None else permanent_abilities(state, perm)) if a.kind == "activated"]
    snow = perm.card.is_type("Snow")
    for i, ab in enumerate(acts, 1):
        if not ab.is_mana_ability:
            continue
        if ab.zones and "battlefield" not in ab.zones:
            continue  # it functions only from another zone (Simian Spirit Guide: from the hand, CR 113.6m)
        cost = ab.cost
        tap = bool(cost and cost.tap)
        untap = bool(cost and cost.untap)
        if tap and perm.tapped or untap and not perm.tapped:
            continue
        if (tap or untap) and not may_tap_or_untap(state, perm):
            continue  # CR 302.6 (``solver.rules.sickness``)
        lim = _limit(perm, ab)
        if ab.restriction is not None:  # "Activate only if you control a Swamp / once each turn" (CR 602.5)

            lim = restricted_source_limit(state, perm, ab, i, lim)
        if lim == 0:
            continue
        deferred = ""
        try:
            opts = board.options(perm, ab)
        except (CostObjectAmount, ManaXAmount) as e:  # "the sacrificed artifact's mana value": read once the object
            if not board.defer_cost_objects:          # is chosen; X paid as {X}: once per value
                raise
            opts, deferred = (), str(e)
        out.append(ManaSource(perm.id, perm.name, i, ab, tap, untap, cost.mana if cost else None,
                              cost.parts if cost else (), opts, snow, f"{perm.name}: {ab.describe()}", lim,
                              deferred=deferred))
    return out
