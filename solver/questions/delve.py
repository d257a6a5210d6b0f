"""Exact combinatorics of delve choices: which cards, which keywords, which counts.

Everything here is pure: it takes the graveyard as *kinds* of cards (cards with the same name
are interchangeable: exiling one or the other changes nothing about the payment, the keywords
they give or whether they count) with a multiplicity each, and the numbers ``k`` of cards
that may be exiled while casting, and answers without listing every subset.

Why a range of sizes is enough
------------------------------
Delve pays generic mana only, one card each (CR 702.66a), so whether the spell can be cast
after exiling ``k`` cards depends on ``k`` alone, not on which cards. And castability is
monotone in ``k`` up to the delve limit: a payment of the remaining cost with ``g`` generic
mana, minus any one unit paid toward generic, is a payment of the cost with ``g - 1`` generic
(unspent mana stays in the pool; an untapped creature may simply not convoke). So the sizes
with which the spell can be cast form one interval ``[k_min, k_max]``, where ``k_max`` is the
smaller of the delve limit and the graveyard size (when the spell can be cast at all).

References: CR 702.66a-b (delve, total cost), Soulflayer rulings 2014-11-24, Murktide Regent
rulings 2021-06-18.
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.game.cards import Card
from mtgcheck.models.vocab.keyword_effects import DelveCount, DelveKeywordGrant
from mtgcheck.models.vocab.keyword_model import (
    counts_for, delve_counts, delve_grantable_keywords, delve_keyword_grants,
)
from mtgcheck.models.game.mana import COLORS, ManaCost, ManaSymbol
from mtgcheck.models.game.state import CardInstance, GameState

from mtgcheck.solver.rules import costs as _costs
from mtgcheck.solver.rules.errors import CostError, ZoneError
from mtgcheck.solver.rules.combinatorics import count_multisets, iter_multisets
from mtgcheck.solver.rules.board import is_creature_now as _is_creature_now
from mtgcheck.solver.rules.payment.extensions import convoke_improvise_payers, spell_cost_keywords
from mtgcheck.solver.rules.payment.search import find_payment
from mtgcheck.solver.questions.registry import Answer, Context, QuestionError, Unsupported, question
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.solver.rules.mana.sources import mana_sources
from mtgcheck.solver.rules.casting import precost_problems


@dataclass(frozen=True)
class CardKind:
    """Interchangeable graveyard cards: one name, ``count`` copies.

    ``keywords`` is what one such card gives a Soulflayer-style grant (may be empty), ``counts``
    whether it counts for a Murktide-style ability.
    """

    name: str
    count: int
    keywords: frozenset[str] = frozenset()
    counts: bool = False


# count_multisets and iter_multisets live in solver.rules.combinatorics (imported above, still importable from here).


def attainable_keyword_sets(kinds: Sequence[CardKind], k_min: int, k_max: int) -> list[frozenset[str]]:
    """Every set of keywords a Soulflayer-style grant can end with, exiling ``k_min..k_max`` cards.

    A set ``S`` is attainable iff some choice of ``k`` cards (``k_min <= k <= k_max``) has keyword
    union exactly ``S``. Only cards whose keywords are a subset of ``S`` can be in such a choice
    (call their number ``compat(S)``); any superset of a covering choice among them still has union
    ``S``. So the achievable sizes for ``S`` are exactly ``[cover(S), compat(S)]``, where
    ``cover(S)`` is the fewest cards whose union is ``S`` — and ``S`` is attainable iff that
    interval meets ``[k_min, k_max]``. ``cover`` is computed exactly for every reachable union by
    a breadth-first search over unions of the distinct keyword sets (bitmasks).

    Parameters
    ----------
    kinds : sequence of CardKind
    k_min, k_max : int  the sizes with which the spell can be cast (``k_min > k_max``: none).

    Returns
    -------
    list of frozenset of str (the empty set included when attainable), sorted by size then names.
    """
    if k_min > k_max or k_max < 0:
        return []
    vocab = sorted({k for c in kinds for k in c.keywords})
    bit = {k: 1 << i for i, k in enumerate(vocab)}

    def mask(ks: Iterable[str]) -> int:
        m = 0
        for k in ks:
            m |= bit[k]
        return m

    per_mask: dict[int, int] = {}
    for c in kinds:
        if c.count > 0:
            m = mask(c.keywords)
            per_mask[m] = per_mask.get(m, 0) + c.count
    distinct = [m for m in per_mask if m]
    # cover[u]: fewest cards whose union is u (each distinct mask used at most once suffices)
    cover: dict[int, int] = {0: 0}
    frontier = [0]
    depth = 0
    while frontier:
        depth += 1
        nxt = []
        for u in frontier:
            for m in distinct:
                v = u | m
                if v not in cover:
                    cover[v] = depth
                    nxt.append(v)
        frontier = nxt
    out: list[frozenset[str]] = []
    items = sorted(per_mask.items())
    for u, need in cover.items():
        if need > k_max:
            continue
        compat = sum(n for m, n in items if m & ~u == 0)
        lo, hi = max(need, k_min), min(compat, k_max)
        if lo <= hi:
            out.append(frozenset(k for k in vocab if bit[k] & u))
    return sorted(out, key=lambda s: (len(s), sorted(s)))


def attainable_counts(kinds: Sequence[CardKind], k_min: int, k_max: int) -> list[int]:
    """Every number of counting cards (``CardKind.counts``) among ``k`` exiled cards, ``k_min <= k <= k_max``.

    With ``a`` counting and ``b`` other cards, ``j`` counting cards can be among ``k`` exiled iff
    ``max(0, k - b) <= j <= min(a, k)``.

    Returns
    -------
    sorted list of int (empty when no size is possible).
    """
    a = sum(c.count for c in kinds if c.counts)
    b = sum(c.count for c in kinds if not c.counts)
    got: set[int] = set()
    for k in range(max(k_min, 0), min(k_max, a + b) + 1):
        got.update(range(max(0, k - b), min(a, k) + 1))
    return sorted(got)


def feasible_interval(limit: int, available: int, castable) -> tuple[int, int] | None:
    """The sizes ``k`` (cards exiled) with which the spell can be cast, as ``(k_min, k_max)``, or None.

    ``castable(k)`` says whether the rest of the total cost can be paid after ``k`` generic mana is
    paid by delve. By the monotonicity shown in the module docstring it is enough to test
    ``k_max = min(limit, available)`` and then binary-search the smallest castable ``k``.

    Parameters
    ----------
    limit : int  the delve limit: generic mana in the total cost (CR 702.66a).
    available : int  cards that can be exiled (the graveyard, minus the spell itself when cast from there).
    castable : callable int -> bool

    Returns
    -------
    (k_min, k_max) or None when the spell cannot be cast even exiling the most cards.
    """
    k_max = max(0, min(limit, available))
    if not castable(k_max):
        return None
    lo, hi = 0, k_max
    while lo < hi:
        mid = (lo + hi) // 2
        if castable(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo, k_max


# ===========================================================================
# Total cost, card payments (delve, convoke, improvise) and the `delve` question
# ===========================================================================




CAST_ZONES = ("hand", "graveyard", "exile", "command", "library")


def total_cost(state: GameState, player: str, card: Card, *, from_zone: str = "hand", using: str = "normal",
               x: int = 0, kicked: bool = False, face: str | None = None) -> "_costs.TotalCost":
    """The total cost of casting ``card`` (CR 601.2f), read through ``solver.rules.costs.total_cost``: mana
    cost or one alternative cost, X replaced by its value, additional costs, increases, reductions.

    Parameters
    ----------
    state, player, card
    from_zone : str  where it is cast from (``hand``, ``graveyard``, ...; CR 601.3 permission is checked).
    using : str  ``normal`` or an alternative cost such as ``flashback`` (CR 118.9, 702.34).
    x : int  the announced value of X (CR 107.3, 601.2b).
    kicked : bool  whether the kicker additional cost is paid (CR 702.33).
    face : str, optional  the half or face cast (CR 709.3).

    Returns
    -------
    solver.rules.costs.TotalCost  (the generic part of its ``mana`` is the delve limit, CR 702.66a)

    Raises
    ------
    QuestionError  no such alternative cost, no permission to cast from that zone (CR 601.3), an
        unpayable total cost (CR 118.6), negative X.
    """
    if x < 0:
        raise QuestionError("X cannot be negative (CR 107.3)")
    try:
        tc = _costs.total_cost(state, player, card, using=None if using in (None, "normal") else using,
                               x=x, kicked=kicked, zone=from_zone, face=face)
    except (CostError, ZoneError) as e:
        raise QuestionError(str(e)) from None
    if tc.mana is None:
        raise QuestionError(f"{card.name}'s total cost is unpayable (CR 118.6): " + "; ".join(tc.steps))
    return tc


# ---------------------------------------------------------------------------
# Paying a mana cost with mana, convoke and improvise (minimal exact search)
# ---------------------------------------------------------------------------

#: a unit that pays only generic mana (improvise, delve, a colorless creature's convoke)
GENERIC_ONLY = "g"


def convoke_unit(color: str) -> str:
    """A convoke unit of a colour: pays one mana of that colour or one generic mana (CR 702.51a)."""
    return "cv:" + color


@dataclass(frozen=True)
class Resource:
    """One permanent that can help pay, with each exclusive way it can (it is tapped once, CR 107.5):
    ``options`` are (how, units) pairs."""

    id: str
    name: str
    options: tuple[tuple[str, tuple[str, ...]], ...]


def _count_types(count: Ability) -> tuple[str, ...]:
    e = count.effect
    return tuple(e.card_types) if isinstance(e, DelveCount) else ()


def payment_resources(state: GameState, player: str, card: Card, keywords: set[str] | None = None) -> list[Resource]:
    """Every permanent of ``player`` that can help pay for ``card``: its mana abilities (CR 605; sick
    creatures excluded, CR 302.6), convoke if the spell has it (any untapped creature, sick or not,
    CR 702.51a), improvise (any untapped artifact, CR 702.126a). A permanent is tapped at most once, so
    its ways to pay are exclusive options of one resource (an artifact creature convokes *or* improvises).

    Mana abilities with a mana cost or a non-tap cost are not used by this minimal search.
    """

    kws = spell_cost_keywords(state, player, card) if keywords is None else keywords
    by_perm: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    names: dict[str, str] = {}
    for src in mana_sources(state, player):
        if src.mana_cost is not None and len(src.mana_cost) or src.other_costs or not src.tap:
            continue
        for opt in src.options:
            units = tuple(m.type for m in opt.mana)
            by_perm.setdefault(src.permanent, []).append((f"{src.name}: {src.ability.describe()} -> {opt}", units))
            names[src.permanent] = src.name
    for perm in state.permanents(player):
        if perm.tapped:
            continue
        opts = by_perm.setdefault(perm.id, [])
        names[perm.id] = perm.name
        if "convoke" in kws and _is_creature_now(state, perm):
            cols = sorted(perm.card.colors, key=COLORS.index)
            for c in cols:
                opts.append((f"tap {perm.name} for convoke (pays {{{c}}} or {{1}}, CR 702.51a)", (convoke_unit(c),)))
            if not cols:
                opts.append((f"tap {perm.name} for convoke (pays {{1}}, CR 702.51a)", (GENERIC_ONLY,)))
        if "improvise" in kws and perm.is_type("Artifact"):
            opts.append((f"tap {perm.name} for improvise (pays {{1}}, CR 702.126a)", (GENERIC_ONLY,)))
    return [Resource(pid, names[pid], tuple(opts)) for pid, opts in by_perm.items() if opts]


def _requirements(cost: ManaCost, life: int) -> list[tuple[Counter, int, list[str]]]:
    """Each way to read the cost's hybrid/Phyrexian symbols (CR 601.2b): (typed needs, generic, notes)."""
    per_symbol = []
    base_generic = 0
    for s in cost:
        if not s.is_mana:
            continue
        if s.is_snow:
            raise Unsupported("{S} (snow) costs are not paid by the delve question's payment search")
        if s.is_generic:  # counted, never spelled out unit by unit (a huge X must not build huge tuples)
            base_generic += s.generic_amount
            continue
        per_symbol.append([(s, o) for o in s.options()])
    out = []
    for combo in itertools.product(*per_symbol) if per_symbol else [()]:
        need: Counter = Counter()
        generic = base_generic
        life_paid = 0
        for s, opt in combo:
            for u in opt:
                if u == "1":
                    generic += 1
                elif u == "2life":
                    life_paid += 2
                else:
                    need[u] += 1
        if life_paid and life_paid > life:
            continue
        key = (tuple(sorted(need.items())), generic, life_paid)
        out.append((need, generic, [f"pay {life_paid} life (CR 107.4f)"] if life_paid else [], key))
    seen = set()
    uniq = []
    for need, generic, notes, key in out:
        if key not in seen:
            seen.add(key)
            uniq.append((need, generic, notes))
    return uniq


def _covers(units: Counter, need: Counter, generic: int) -> bool:
    """Can these units pay: each coloured need by mana of that colour or a convoke unit of that colour,
    {C} by colorless mana only, the generic part by anything left (exact: units of one kind are
    interchangeable, and every unit can pay generic mana)."""
    total = sum(units.values())
    used = 0
    for t, n in need.items():
        if t == "C":
            have = units.get("C", 0)
        else:
            have = units.get(t, 0) + units.get(convoke_unit(t), 0)
        if have < n:
            return False
        used += n
    return total - used >= generic


def find_card_payment(state: GameState, player: str, card: Card, cost: ManaCost, *, delve_paid: int = 0,
                      keywords: set[str] | None = None) -> list[str] | None:
    """Exact search: can ``cost`` be paid from ``player``'s mana pool, mana abilities, convoke and improvise,
    with ``delve_paid`` generic mana already paid by exiling cards? Returns a witness (lines) or None.

    Every resource (permanent) either is not used or is used in exactly one of its ways (a permanent is
    tapped once, CR 107.5; a creature tapped for mana cannot also convoke). Because taking more units never
    hurts (mana may stay unspent, CR 106.4), the search tries, for each resource, each of its ways, and
    memoises the counts of units reached (units of one kind are interchangeable), which makes it exact.

    Raises ``Unsupported`` for {S} costs.
    """
    gen = cost.generic
    if delve_paid > gen:
        return None
    rest = ManaCost(tuple(s for s in cost if not s.is_generic) + ((ManaSymbol(str(gen - delve_paid)),) if gen - delve_paid else ()))
    reqs = _requirements(rest, state.life_of(player))
    if not reqs:
        return None
    pool_units: Counter = Counter()
    for m, n in state.pools[player].counts.items():
        pool_units[m.type] += n
    resources = payment_resources(state, player, card, keywords)
    best_witness: list[str] | None = None
    for need, generic, notes in reqs:
        failed: set = set()
        chosen: list[tuple[str, tuple[str, ...]]] = []

        def rec(i: int, units: Counter) -> bool:
            if _covers(units, need, generic):
                return True
            if i == len(resources):
                return False
            key = (i, tuple(sorted(units.items())))
            if key in failed:
                return False
            for how, us in resources[i].options:  # not using a resource is dominated: more units never hurt
                u2 = units.copy()
                u2.update(us)
                chosen.append((how, us))
                if rec(i + 1, u2):
                    return True
                chosen.pop()
            failed.add(key)
            return False

        if rec(0, pool_units.copy()):
            # drop the ways that are not needed, so the witness taps nothing in vain
            kept = list(chosen)
            for item in list(kept):
                trial = [c for c in kept if c is not item]
                units = pool_units.copy()
                for _, us in trial:
                    units.update(us)
                if _covers(units, need, generic):
                    kept = trial
            wit = []
            if delve_paid:
                wit.append(f"exile {delve_paid} card{'s' if delve_paid != 1 else ''} from the graveyard to pay {{{delve_paid}}} (delve, CR 702.66a)")
            if pool_units:
                wit.append(f"mana already in the pool: {state.pools[player]}")
            wit.extend(how for how, _ in kept)
            wit.extend(notes)
            if best_witness is None or len(wit) < len(best_witness):
                best_witness = wit
    return best_witness


# ---------------------------------------------------------------------------
# The delve question
# ---------------------------------------------------------------------------


@dataclass
class DelveAnalysis:
    """Everything the ``delve`` question reports, computed once.

    Attributes
    ----------
    cost : solver.rules.costs.TotalCost  the total cost (CR 601.2f).
    limit : int  the most cards delve may exile: generic mana in the total cost (CR 702.66a).
    exilable : list of CardInstance  the graveyard the cards come from (without the spell itself).
    kinds : list of CardKind  the graveyard grouped by name (same-name cards are interchangeable).
    interval : (k_min, k_max) or None  the numbers of exiled cards with which the spell can be cast.
    witness_min, witness_max : list of str  a payment at ``k_min`` and at ``k_max``.
    grant : Ability or None  a Soulflayer-style grant of the spell; count : Ability or None  a Murktide-style count.
    """

    card: Card
    cost: _costs.TotalCost
    limit: int
    exilable: list[CardInstance]
    kinds: list[CardKind]
    interval: tuple[int, int] | None
    witness_min: list[str] | None = None
    witness_max: list[str] | None = None
    grant: Ability | None = None
    count: Ability | None = None
    has_delve: bool = True
    reason: str = ""
    #: why the spell cannot be cast before its mana is paid (timing, targets, other cost parts:
    #: ``solver.rules.casting.precost_problems``, the same check as the ``cast`` question's); empty: none
    problems: tuple[str, ...] = ()

    def exile_set_count(self) -> int:
        """Distinct multisets of card names with which the spell can be cast (computed, not listed)."""
        if self.interval is None:
            return 0
        return count_multisets([k.count for k in self.kinds], range(self.interval[0], self.interval[1] + 1))

    def iter_exile_sets(self) -> Iterator[tuple[str, ...]]:
        """The distinct exile multisets, fewest cards first, each a sorted tuple of names."""
        if self.interval is None:
            return
        pairs = [(k.name, k.count) for k in self.kinds]
        for size in range(self.interval[0], self.interval[1] + 1):
            yield from iter_multisets(pairs, size)

    def keyword_sets(self) -> list[frozenset[str]]:
        """Every attainable set of keywords the grant gives (see ``attainable_keyword_sets``)."""
        if self.interval is None:
            return []
        return attainable_keyword_sets(self.kinds, *self.interval)

    def counts(self) -> list[int]:
        """Every attainable number of counted cards (see ``attainable_counts``)."""
        if self.interval is None:
            return []
        return attainable_counts(self.kinds, *self.interval)


def analyse_delve(state: GameState, player: str, card: Card, *, from_zone: str = "hand", using: str = "normal",
                  x: int = 0, kicked: bool = False, payer=None) -> DelveAnalysis:
    """Analyse the delve choices of casting ``card``.

    Parameters
    ----------
    state : GameState
    player : str  who casts it (their graveyard is the one delve uses, CR 702.66a).
    card : Card
    from_zone : str  where it is cast from; cast from the graveyard, the card itself is already on the
        stack (CR 601.2a), so it cannot be exiled to pay for itself (Murktide Regent ruling 2021-06-18).
    using, x, kicked : see ``total_cost``.
    payer : callable (cost: ManaCost, delve_paid: int) -> witness or None, optional
        How the rest of the cost is paid; default ``payment_search_payer`` (the exhaustive payment search:
        mana, convoke, improvise).

    Returns
    -------
    DelveAnalysis

    Raises
    ------
    QuestionError  the card is not in the zone it is cast from, or the cost is malformed.
    """
    if from_zone not in CAST_ZONES:
        raise QuestionError(f"unknown zone {from_zone!r}; cast from one of {', '.join(CAST_ZONES)}")
    gy = list(state.cards("graveyard", player))
    if from_zone != "hand" or any(ci.card.name == card.name for ci in state.cards("hand", player)):
        zone_cards = state.cards(from_zone, player)
        me = next((ci for ci in zone_cards if ci.card.name == card.name), None)
        if me is None and from_zone != "hand":
            raise QuestionError(f"{card.name} is not in {player}'s {from_zone}")
        if from_zone == "graveyard":
            gy.remove(me)
    cost = total_cost(state, player, card, from_zone=from_zone, using=using, x=x, kicked=kicked)
    if cost.announcements:
        raise Unsupported(f"{card.name}: its total cost depends on whether its Phyrexian symbols are announced as mana or "
                          f"life, which a minimum makes matter (CR 601.2b, 601.2f); the delve question does not try each "
                          f"announcement (ask cast)")

    # timing, targets (CR 601.2c) and the cost's other parts come before its mana (601.2a-h): exactly as cast asks
    problems = tuple(precost_problems(state, player, getattr(cost, "card", None) or card, cost, from_zone,
                                      using=None if using in (None, "normal") else using))
    kws = spell_cost_keywords(state, player, card)
    has_delve = "delve" in kws
    limit = cost.mana.generic if has_delve and cost.mana is not None else 0
    grants = delve_keyword_grants(card)
    counts = delve_counts(card)
    grant = grants[0] if grants else None
    count = counts[0] if counts else None
    g = grant.effect if grant is not None else None
    c = count.effect if count is not None else None
    listed = tuple(g.keywords) if isinstance(g, DelveKeywordGrant) else ()
    gtype = g.card_type if isinstance(g, DelveKeywordGrant) else "Creature"
    ctypes = tuple(c.card_types) if isinstance(c, DelveCount) else ()
    grouped: dict[str, list[CardInstance]] = {}
    for ci in gy:
        grouped.setdefault(ci.card.name, []).append(ci)
    kinds = [
        CardKind(name, len(cis),
                 delve_grantable_keywords(cis[0].card, listed, gtype) if grant else frozenset(),
                 counts_for(cis[0].card, ctypes) if count else False)
        for name, cis in sorted(grouped.items())
    ]
    if payer is None:
        payer = payment_search_payer(state, player, card)
    memo: dict[int, list[str] | None] = {}

    def castable(k: int) -> bool:
        if k not in memo:
            memo[k] = payer(cost.mana, k)
        return memo[k] is not None

    interval = None if problems else feasible_interval(limit, len(gy), castable)
    a = DelveAnalysis(card, cost, limit, gy, kinds, interval, grant=grant, count=count, has_delve=has_delve,
                      problems=problems)
    if problems:
        a.reason = problems[0]
    elif interval is not None:
        a.witness_min = memo.get(interval[0])
        a.witness_max = memo.get(interval[1])
    else:
        k_max = max(0, min(limit, len(gy)))
        a.reason = (f"even exiling {k_max} card{'s' if k_max != 1 else ''} (the most allowed: delve limit {limit}, "
                    f"{len(gy)} card{'s' if len(gy) != 1 else ''} in the graveyard), the remaining cost cannot be paid "
                    f"with the mana{', creatures' if 'convoke' in kws else ''}{', artifacts' if 'improvise' in kws else ''} available")
    return a


def _sorted_kw(s: frozenset[str]) -> list[str]:
    return sorted(s)


#: Ways of casting the delve question does not read: ``cast`` answers them (``solver.rules.altcosts``).
DELVE_UNREAD_WAYS = frozenset({"emerge", "morph", "megamorph", "disguise"})


@question("delve", unordered=("exile_sets", "keyword_sets", "counts"),
          topics=(Topic.COSTS, Topic.SPELL_COSTS, Topic.KEYWORDS, Topic.CHARACTERISTICS, Topic.CASTING),
          normalize={"exile_sets": lambda v: sorted(sorted(x) for x in v),
                     "keyword_sets": lambda v: sorted(sorted(x) for x in v)})
def ask_delve(ctx: Context) -> Answer:
    """``delve: {card, player, from, using, x, kicked}`` → ``castable``, ``total_cost``, ``delve_limit``,
    ``max_exile``, ``min_exile``, ``exile_set_count``, ``exile_sets``, and for Soulflayer-like cards
    ``keyword_sets``, for Murktide-like cards ``counts``.

    ``exile_sets`` lists every distinct multiset of exiled card names (cards with the same name are
    interchangeable) with which the spell can be cast, fewest cards first, at most ``ctx.limit`` of them
    (``Answer.capped`` says when cut); ``exile_set_count`` is the full number, computed without listing.

    References: CR 702.66a-b, 601.2f; Soulflayer, Treasure Cruise and Murktide Regent rulings.
    """
    args = ctx.args if isinstance(ctx.args, dict) else {"card": ctx.args}
    if "card" not in args:
        raise QuestionError("delve needs 'card'")
    card = ctx.card(args["card"])
    player = ctx.player(args.get("player"))
    x = args.get("x", 0)
    if isinstance(x, bool) or not isinstance(x, int):
        raise QuestionError(f"'x' must be a whole number, got {x!r}")
    kicked = args.get("kicked", False)
    if not isinstance(kicked, bool):
        raise QuestionError(f"'kicked' must be true or false, got {kicked!r}")
    using = str(args.get("using", "normal"))
    if using.lower() in DELVE_UNREAD_WAYS:
        # the delve question counts exiled cards against a total cost it computes once; emerge chooses a creature as
        # the cost is paid (CR 702.119a), and a face-down spell has no abilities, delve included (708.2)
        raise Unsupported(f"the delve question does not read {using} (ask cast): {card.name}",
                          mechanic=f"keyword:{using.lower()}", card=card.name)
    a = analyse_delve(ctx.state, player, card, from_zone=str(args.get("from", "hand")),
                      using=using, x=x, kicked=kicked)
    why = list(a.cost.steps)
    if not a.has_delve:
        why.append(f"{card.name} has no delve, so no card can be exiled to pay for it")
    else:
        why.append(f"delve can pay only generic mana and at most the generic part of the total cost: "
                   f"{a.limit} card{'s' if a.limit != 1 else ''} (CR 702.66a)")
    why.append(f"{player}'s graveyard holds {len(a.exilable)} card{'s' if len(a.exilable) != 1 else ''} that can be exiled"
               + (" (the spell itself is on the stack, not in the graveyard, CR 601.2a)" if str(args.get('from', 'hand')) == "graveyard" else ""))
    values: dict = {"castable": a.interval is not None, "total_cost": str(a.cost.mana), "delve_limit": a.limit}
    capped = False
    if a.interval is None:
        why.append(a.reason)
        values.update(max_exile=None, min_exile=None, exile_set_count=0, exile_sets=[])
    else:
        lo, hi = a.interval
        values.update(max_exile=hi, min_exile=lo)
        why.append(f"at most {hi} card{'s' if hi != 1 else ''} can be exiled; with {hi}: " + "; ".join(a.witness_max or []))
        if lo > 0:
            why.append(f"at least {lo} must be exiled: with {lo - 1} the rest cannot be paid; with {lo}: "
                       + "; ".join(a.witness_min or []))
        else:
            why.append("the spell can be cast without exiling any card: " + ("; ".join(a.witness_min or []) or "nothing to pay"))
        n = a.exile_set_count()
        values["exile_set_count"] = n
        listing = list(itertools.islice(a.iter_exile_sets(), ctx.limit))
        capped = n > len(listing)
        values["exile_sets"] = [list(s) for s in listing]
        why.append(f"{n} distinct set{'s' if n != 1 else ''} of exiled cards (same-name cards are interchangeable)"
                   + (f"; listing the first {len(listing)} (--limit)" if capped else ""))
    values["mana_value"] = (getattr(a.cost, "card", None) or card).mana_value(0)  # as cast: prototyped, CR 718.3b
    why.append(f"{card.name}'s mana value stays {values['mana_value']} whatever delve exiles (CR 702.66b)")
    if a.grant is not None:
        ks = a.keyword_sets()
        values["keyword_sets"] = [_sorted_kw(s) for s in ks]
        ge = a.grant.effect
        assert isinstance(ge, DelveKeywordGrant)
        listed = list(ge.keywords)
        givers = [f"{k.name}: {', '.join(sorted(k.keywords))}" for k in a.kinds if k.keywords]
        why.append(f"{card.name} has each of {', '.join(listed)} (or its variant) that an exiled "
                   f"{ge.card_type.lower()} card has; "
                   + ("cards that give keywords: " + "; ".join(givers) if givers else "no card in the graveyard gives one")
                   + " (conditional self-grants do not count, Soulflayer ruling 2014-11-24)")
    if a.count is not None:
        values["counts"] = a.counts()
        n_counting = sum(k.count for k in a.kinds if k.counts)
        why.append(f"{n_counting} graveyard card{'s' if n_counting != 1 else ''} count for "
                   f"{' and '.join(_count_types(a.count))}; attainable counts {values['counts']}")
    return Answer("delve", values, why, capped=capped)


# ---------------------------------------------------------------------------
# The delve question's payer: the rest of the cost by the payment search (the convoke, improvise and delve
# payers of that search are solver.rules.payment.extensions)
# ---------------------------------------------------------------------------


def payment_search_payer(state: GameState, player: str, card: Card):
    """A ``payer`` for ``analyse_delve`` that uses the exhaustive payment search (``solver.rules.payment``):
    the rest of the total cost after ``k`` generic mana is paid by delve, paid with mana, convoke and
    improvise."""

    def payer(cost: ManaCost, k: int):
        gen = cost.generic
        if k > gen:
            return None
        rest = ManaCost(tuple(s for s in cost if not s.is_generic)
                        + ((ManaSymbol(str(gen - k)),) if gen - k else ()))
        p = find_payment(state, player, rest, spell_card=card, extensions=(convoke_improvise_payers,))
        if p is None:
            return None
        lines = []
        if k:
            lines.append(f"exile {k} card{'s' if k != 1 else ''} from the graveyard to pay {{{k}}} (delve, CR 702.66a)")
        lines.extend(p.describe())
        return lines

    return payer
