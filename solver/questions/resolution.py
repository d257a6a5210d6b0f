"""Resolution questions: what can happen while a spell or ability resolves.

Question kinds (see docs/resolution.md):

``scry: {player, n}`` / ``scry: {spell, player, targets_legal}``
    Scry (CR 701.22): every decision, every distinct resulting library; a spell's
    instructions in the order written (CR 608.2c) and the illegal-target rule (CR 608.2b).
``put_onto_battlefield: {spell, player}``
    Hypergenesis / Eureka style sequential processes (Hypergenesis rulings 2006-09-25,
    2006-10-15; CR 110.4a): every distinct end state.
``trigger_order: {triggers: {PLAYER: [LABEL, ...]}}`` / ``trigger_order: {after: {spell, player, put}}``
    Triggered abilities waiting to be put on the stack, in APNAP order (CR 603.3b, 101.4).
``entering_x: {card, x_paid, cast}``
    The value of X for a permanent's enters-the-battlefield abilities (CR 107.3m).

Exhaustiveness: every count is exact. Counts are computed combinatorially (closed forms, or for
scry an inclusion-exclusion over clusters of the unseen cards, checked against brute-force
enumeration by the property tests in ``tests/test_resolution_properties.py``), so a question with
millions of possibilities answers its counts at once. The scry count has a state budget
(``SCRY_COUNT_STATE_BUDGET``); past it ``distinct_results`` is ``None`` with the reason, never a
guess (not reached by any library found so far); listings are generated lazily and stop at the run's
``--limit`` (``Answer.capped``). The only choices ever collapsed are those between cards with
the same name, which are interchangeable for every question here (same characteristics).
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Any, Iterable, Iterator, Mapping, Sequence

from mtgcheck.models.vocab.abilities import Ability
from mtgcheck.models.vocab.resolution import (
    CastTrigger, Draw, EntersTrigger, EntersWithCounters, Instructions, PutOntoBattlefieldProcess, Scry, Step,
)
from mtgcheck.models.vocab.amounts import Fixed, VariableX
from mtgcheck.models.vocab.grants import GrantFlashback
from mtgcheck.models.vocab.mana_effects import TriggeredAddMana
from mtgcheck.models.vocab.keyword_effects import Keyword
from mtgcheck.models.vocab.behaviour import abilities_of

from mtgcheck.solver.rules.combinatorics import count_sub_multisets, distinct_orders, multinomial, sub_multisets
from mtgcheck.solver.rules import budget as _budget
from mtgcheck.solver.rules.layers import entering_abilities
from mtgcheck.solver.rules.board import battlefield_abilities, board_view, permanent_abilities
from mtgcheck.solver.rules.protection import UNKNOWN, YES
from mtgcheck.solver.rules.targets import _types_ok, aura_enchant_verdict, cast_targets
from mtgcheck.solver.questions.registry import Answer, Context, QuestionError, Unsupported, question, subjects_of, take
from mtgcheck.models.vocab.characteristics import AttachedChange, SelfTypeChange
from mtgcheck.models.vocab.effect import Unmodelled, walk_unmodelled
from mtgcheck.models.vocab.topics import Topic
from mtgcheck.solver.rules.budget import tick
from mtgcheck.solver.rules.gate import OTHER_ZONES
from mtgcheck.solver.rules.gate import unmodelled_findings

# ---------------------------------------------------------------------------
# Combinatorics on multisets of card names
# ---------------------------------------------------------------------------


# multinomial, distinct_orders, sub_multisets, count_sub_multisets live in solver.rules.combinatorics
# (imported above, still importable from here).


# ---------------------------------------------------------------------------
# Scry (CR 701.22)
# ---------------------------------------------------------------------------


def scry_choice_count(k: int) -> int:
    """Number of distinct scry decisions on ``k`` cards looked at (CR 701.22a): ``(k + 1)!``.

    A decision picks the j cards for the bottom and orders both piles:
    ``sum_j C(k, j) * j! * (k - j)! = sum_j k! = (k + 1) * k! = (k + 1)!``. Cards are
    told apart here (they are different objects even when they share a name).

    Parameters
    ----------
    k : int, cards looked at (N, or fewer if the library is smaller).

    Returns
    -------
    int
    """
    if k < 0:
        raise ValueError("k must be >= 0")
    return math.factorial(k + 1)


def _kmp(pattern: Sequence[str]) -> list[int]:
    fail = [0] * len(pattern)
    j = 0
    for i in range(1, len(pattern)):
        while j and pattern[i] != pattern[j]:
            j = fail[j - 1]
        if pattern[i] == pattern[j]:
            j += 1
        fail[i] = j
    return fail


def _kmp_step(pattern: Sequence[str], fail: list[int], state: int, letter: str) -> int:
    while state and (state == len(pattern) or pattern[state] != letter):
        state = fail[state - 1]
    if state < len(pattern) and pattern[state] == letter:
        state += 1
    return state


#: Most (clusters, content) states the cluster count may build before giving up (memory stays
#: well under 100 MB at this size); the answer then says ``distinct_results`` was not computed.
SCRY_COUNT_STATE_BUDGET = 200_000


class CountBudgetExceeded(Exception):
    """A count would need more than its state budget; ``states`` is how many it had built."""

    def __init__(self, states: int, budget: int):
        super().__init__(f"not computed: exceeds budget ({states} states, budget {budget})")
        self.states = states
        self.budget = budget


def _periods(word: Sequence[str], most: int | None = None) -> list[int]:
    """The periods ``0 < d < len(word)`` of a word, at most ``most`` when given: ``word[d:] == word[:-d]`` (two
    copies overlap by ``len - d``). From the prefix function (Knuth–Morris–Pratt): the borders of the word are
    the chain of its longest proper border, and each border of length ``b`` is the period ``len - b``, so the
    cost is linear in the word (comparing every shift was quadratic: minutes for a library of 10^6 cards)."""
    w = tuple(word)
    n = len(w)
    if n < 2:
        return []
    fail = _kmp(w)
    out = []
    b = fail[n - 1]
    while b > 0:
        out.append(n - b)
        b = fail[b - 1]
    out.sort()
    return [d for d in out if most is None or d <= most]


def count_scry_results(looked: Sequence[str], rest: Sequence[str],
                       budget: int = SCRY_COUNT_STATE_BUDGET, stats: dict[str, int] | None = None) -> int:
    """Number of distinct libraries (as name sequences, top to bottom) a scry can leave.

    The library after scrying is ``T + rest + B`` where ``T`` (the cards put back on top, in
    order) and ``B`` (the cards put on the bottom, in order) split the ``looked`` cards
    (CR 701.22a). Different decisions can leave the same library when cards share a name or
    when ``rest`` is empty (then only the order of the looked-at cards matters).

    Characterisation: a sequence ``X`` of the library's names is a result exactly when ``rest``
    occurs in ``X`` as a block (at start ``t``, take ``T = X[:t]`` and ``B`` the cards after the
    block: together they are the looked-at cards, because ``X`` holds the whole library). So the
    count is the number of orders of the library's multiset ``M`` that contain ``rest`` as a block.

    Method (inclusion–exclusion over the sets of starts where ``rest`` occurs, grouped into
    clusters — the Goulden–Jackson cluster method with the letters' content kept): a set ``S``
    of starts is consistent when each two consecutive starts that overlap differ by a period of
    ``rest``; it then fixes the names in a few disjoint blocks ("clusters": ``rest`` followed by
    one tail ``rest[r-d:]`` per extension by a period ``d``) and leaves the other cells free. So

        count = sum over m >= 1 clusters with content c and length |c| of
                (-1)^(occurrences + 1) * C(L - |c| + m, m) * multinomial(M - c)

    where ``L = k + r`` and ``C(L - |c| + m, m)`` places the m blocks in order among the free
    cells. A dynamic programme over (m, content) sums the signed number of cluster sequences
    for each content; contents only grow and must stay within ``M``, so it has few states (for a
    library cycling through 15 names it has a handful, whatever k is), never more than
    ``(k // r + 1)`` times the sub-multisets of ``looked``. Shortcuts: with an empty rest the count
    is the number of orders of the looked-at cards; when ``rest`` has no period ``<= k`` and the
    looked-at cards do not hold a second copy of it, only single occurrences exist and the count is
    ``(k + 1) * multinomial(looked)``. Checked against brute force and against the former
    first-occurrence programme (``count_scry_results_first_occurrence``) in the property tests.

    Parameters
    ----------
    looked : the names of the cards looked at, top first.
    rest : the names of the rest of the library, top first.
    budget : most dynamic-programme states to build.
    stats : if given, ``stats["states"]`` is set to the number of states built (0 for a closed form).

    Returns
    -------
    int

    Raises
    ------
    CountBudgetExceeded : the programme would need more than ``budget`` states.
    """
    counts = Counter(looked)
    if stats is not None:
        stats["states"] = 0
    if not rest:
        return multinomial(counts.values())
    k, r = len(looked), len(rest)
    rest_counts = Counter(rest)
    two_blocks = r <= k and all(counts[nm] >= c for nm, c in rest_counts.items())
    periods = _periods(rest, k)
    if not two_blocks and not periods:
        # only one occurrence of rest fits in a library: one cluster, no extension
        return (k + 1) * multinomial(counts.values())
    total_counts = counts + rest_counts
    names = sorted(total_counts)
    cap = tuple(total_counts[n] for n in names)
    length = k + r

    def content(word: Sequence[str]) -> tuple[int, ...]:
        cw = Counter(word)
        return tuple(cw[n] for n in names)

    rest_c = content(rest)
    # an extension by period d appends the last d names of rest (and one more occurrence)
    steps = [(d, content(rest[r - d:])) for d in periods]
    # weight = (-1)^(occurrences) * number of cluster sequences; states keyed by (m, content), by length
    by_len: dict[int, dict[tuple[int, tuple[int, ...]], int]] = {r: {(1, rest_c): -1}}
    states = 1
    total = 0
    for size in range(r, length + 1):
        level = by_len.pop(size, None)
        if not level:
            continue
        for (m, c), w in level.items():
            if not w:
                continue
            rem = [cap[i] - c[i] for i in range(len(names))]
            total -= w * math.comb(length - size + m, m) * multinomial(rem)
            moves = [(r, m + 1, rest_c)] + [(d, m, tc) for d, tc in steps]
            for add, m2, ac in moves:
                if size + add > length:
                    continue
                c2 = tuple(c[i] + ac[i] for i in range(len(names)))
                if any(c2[i] > cap[i] for i in range(len(names))):
                    continue
                bucket = by_len.setdefault(size + add, {})
                key = (m2, c2)
                if key not in bucket:
                    states += 1
                    if states > budget:
                        raise CountBudgetExceeded(states, budget)
                    bucket[key] = 0
                bucket[key] -= w
    if stats is not None:
        stats["states"] = states
    return total


def count_scry_results_first_occurrence(looked: Sequence[str], rest: Sequence[str]) -> int:
    """The first-occurrence count of distinct scry results (the method used before the cluster count).

    Kept as an independent second method: the tests compare it with ``count_scry_results`` on inputs
    too large for brute force. Its cost grows with the sub-multisets of ``looked`` (up to ``2**k``)
    times the automaton states, so it is not used for answers.

    Number of distinct libraries (as name sequences, top to bottom) a scry can leave.

    The library after scrying is ``T + rest + B`` where ``T`` (the cards put back on top, in
    order) and ``B`` (the cards put on the bottom, in order) split the ``looked`` cards
    (CR 701.22a). Different decisions can leave the same library when cards share a name or
    when ``rest`` is empty (then only the order of the looked-at cards matters).

    Method: each resulting library ``X`` is counted once, at the smallest ``t = len(T)`` that
    produces it. Whether a smaller ``t`` also produces ``X`` depends only on ``T`` and ``rest``
    (an earlier occurrence of ``rest`` as a block of ``X``), so the count is
    ``sum over valid T of multinomial(looked - T)``, computed by a dynamic programme over the
    sub-multisets of ``looked`` and a Knuth–Morris–Pratt automaton for ``rest``. Cost grows
    with the number of sub-multisets of the looked-at cards (at most ``2**k``), never with the
    number of decisions ``(k + 1)!``. Shortcuts: with an empty rest the count is the number of
    orders of the looked-at cards; when the rest cannot sit as a block at two different starts
    ``0 <= t < t' <= k`` of one library (it has no period ``<= k`` and the looked-at cards do not
    contain a second copy of it), different ``len(T)`` never collide and the count is
    ``(k + 1) * multinomial(looked)``. Checked
    against brute force in the property tests.

    Parameters
    ----------
    looked : the names of the cards looked at, top first.
    rest : the names of the rest of the library, top first.

    Returns
    -------
    int
    """
    counts = Counter(looked)
    if not rest:
        return multinomial(counts.values())
    k, r = len(looked), len(rest)
    rest_counts = Counter(rest)
    two_blocks = r <= k and all(counts[nm] >= c for nm, c in rest_counts.items())
    if not two_blocks and not any(tuple(rest[d:]) == tuple(rest[: r - d]) for d in range(1, min(k, r - 1) + 1)):
        # the rest cannot appear as a block at two starts 0 <= t < t' <= k of one library (that needs
        # it to have period t' - t, or two disjoint copies of it), so different len(T) never collide
        return (k + 1) * multinomial(counts.values())
    names = sorted(counts)
    fail = _kmp(rest)
    periodic = {j for j in range(1, r) if tuple(rest[j:]) == tuple(rest[: r - j])}

    def valid_end(state: int) -> bool:
        s = state
        while s > 0:
            if s in periodic:
                return False
            s = fail[s - 1]
        return True

    idx = {n: i for i, n in enumerate(names)}
    cap = tuple(counts[n] for n in names)
    level: dict[tuple[tuple[int, ...], int], int] = {(tuple(0 for _ in names), 0): 1}
    total = 0
    for t in range(len(looked) + 1):
        for (used, s), c in level.items():
            if valid_end(s):
                total += c * multinomial(cap[i] - used[i] for i in range(len(names)))
        if t == len(looked):
            break
        nxt: dict[tuple[tuple[int, ...], int], int] = {}
        for (used, s), c in level.items():
            for n in names:
                i = idx[n]
                if used[i] >= cap[i]:
                    continue
                s2 = _kmp_step(rest, fail, s, n)
                if s2 == r:
                    continue  # rest would appear entirely inside T: produced by a smaller t
                u2 = used[:i] + (used[i] + 1,) + used[i + 1:]
                nxt[(u2, s2)] = nxt.get((u2, s2), 0) + c
        level = nxt
    return total


def _occurs_before(hay: Sequence[str], needle: Sequence[str], t: int) -> bool:
    """Whether ``needle`` occurs as a block of ``hay`` at a start before ``t`` (only those starts are compared)."""
    m = len(needle)
    nd = tuple(needle)
    return any(tuple(hay[i:i + m]) == nd for i in range(min(t, len(hay) - m + 1)))


def _first_occurrence(hay: Sequence[str], needle: Sequence[str]) -> int:
    n, m = len(hay), len(needle)
    for i in range(n - m + 1):
        if tuple(hay[i:i + m]) == tuple(needle):
            return i
    return -1


def iter_scry_results(looked: Sequence[str], rest: Sequence[str]) -> Iterator[dict[str, Any]]:
    """Each distinct resulting library once, lazily: ``{top, bottom, library}``.

    ``top`` is the cards put back on top (top first), ``bottom`` the cards put on the bottom
    (in order, the last is the new bottom card), ``library`` the whole library top to bottom.
    A library several decisions produce is given once, with the decision that puts the most
    cards on the bottom (the smallest ``top``). Order: by number of cards kept on top, then by
    the order the cards were seen in.
    """

    counts = Counter(looked)
    rest_t = tuple(rest)
    r = len(rest_t)
    size = len(looked) + r
    # with nothing below the looked-at cards, every library is already produced with nothing kept on top
    for t in range(len(looked) + 1 if r else 1):
        for top in distinct_orders(counts.elements(), t):
            tick(1 + t * r // 16, "listing scry results")  # (comparing the rest at the t starts before its own)
            if r and _occurs_before(top + rest_t, rest_t, t):
                continue
            remaining = counts - Counter(top)
            for bottom in distinct_orders(remaining.elements()):
                tick(size, "listing scry results")  # (a listed library is one name per card)
                yield {"top": list(top), "bottom": list(bottom), "library": list(top + rest_t + bottom)}


def scry_outcomes(library: Sequence[str], n: int, limit: int | None = None,
                  budget: int | None = None) -> dict[str, Any]:
    """Everything a scry N can do to a library (CR 701.22).

    Parameters
    ----------
    library : card names, top first.
    n : the N of "scry N" (>= 0).
    limit : most results to list (None: all).
    budget : most states the ``distinct_results`` count may build (``count_scry_results``;
        default ``SCRY_COUNT_STATE_BUDGET``, read at call time).

    Returns
    -------
    dict with ``looked_at`` (k = min(N, library size)), ``looked`` (their names), ``scried``
    (False only for scry 0: no scry event, CR 701.22b), ``choices`` ((k+1)!),
    ``distinct_results`` (``None`` when the count would exceed ``budget``; ``distinct_note`` then
    says so: "not computed: exceeds budget (N states, ...)"), ``results`` (libraries top to bottom, at most ``limit``),
    ``decisions`` (the decision that gives each listed result) and ``capped``.

    Raises
    ------
    ValueError : negative N.
    """
    if n < 0:
        raise ValueError("scry N needs N >= 0")
    k = min(n, len(library))
    looked, rest = list(library[:k]), list(library[k:])
    choices = scry_choice_count(k)
    note = None
    try:
        distinct: int | None = count_scry_results(
            looked, rest, budget=SCRY_COUNT_STATE_BUDGET if budget is None else budget)
    except CountBudgetExceeded as e:
        # never hang or exhaust memory: the count is left out, everything else is still answered
        distinct, note = None, str(e)
    listed, capped = take(iter_scry_results(looked, rest), limit)
    results = [res["library"] for res in listed]
    decisions = [{"top": res["top"], "bottom": res["bottom"]} for res in listed]
    return {"looked_at": k, "looked": looked, "scried": n > 0, "choices": choices,
            "distinct_results": distinct, "distinct_note": note, "results": results, "decisions": decisions,
            "capped": capped}


#: Largest ``library_size`` a scry question takes (a real library holds at most a few hundred cards).
MAX_LIBRARY = 100_000


def _library_names(ctx: Context, player: str) -> list[str]:
    size = ctx.arg("library_size", None)
    lib = [c.name for c in ctx.state.cards("library", player)]
    if size is not None:
        if isinstance(size, bool) or not isinstance(size, int) or size < 0:
            raise QuestionError(f"'library_size' must be a whole number >= 0, got {size!r}")
        if lib:
            raise QuestionError("give either the library's cards (library:) or 'library_size', not both")
        if size > MAX_LIBRARY:
            raise QuestionError(f"'library_size' {size} is more than mtgcheck takes (at most {MAX_LIBRARY:,}; "
                                "no real library is near it)")
        return [f"card {i + 1}" for i in range(size)]
    return lib


def _int_arg(ctx: Context, key: str, default: Any = ..., minimum: int = 0) -> int:
    v = ctx.arg(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or v < minimum:
        raise QuestionError(f"'{key}' must be a whole number >= {minimum}, got {v!r}")
    return v


def _sorted_lists(v: Any) -> Any:
    """Normalizer: inner lists of names sorted (multisets), for comparing drawn cards / put cards."""
    if isinstance(v, Mapping):
        return {str(k): _sorted_lists(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)) and all(isinstance(x, str) for x in v):
        return sorted(v)
    if isinstance(v, (list, tuple)):
        return [_sorted_lists(x) for x in v]
    return v


def _norm_results(v: Any) -> Any:
    """Normalizer for ``results`` lists of ``{drawn, library}`` or of libraries: drawn cards sorted."""
    if isinstance(v, (list, tuple)):
        return [_norm_results(x) for x in v]
    if isinstance(v, Mapping):
        return {str(k): (sorted(x) if k == "drawn" and isinstance(x, (list, tuple)) else x) for k, x in v.items()}
    return v


@question("scry", unordered=("results", "draws", "drawn_options"), topics=(Topic.RESOLUTION,),
          normalize={"draws": _sorted_lists, "results": _norm_results, "drawn_options": _sorted_lists})
def ask_scry(ctx: Context) -> Answer:
    """``scry: {player, n}`` or ``scry: {spell, player, targets_legal}``.

    Plain scry → ``looked_at``, ``choices`` ((k+1)!), ``distinct_results``, ``results``
    (libraries top to bottom, capped by ``--limit``), ``scried``. With ``library_size: N``
    instead of a library, the cards are N different unnamed cards.

    With ``spell`` → the spell's instructions in the order written (``order``), ``resolves``,
    ``scried``, ``choices``, ``outcomes`` (distinct end states: cards drawn, library),
    ``draws`` (each distinct set of cards that can be drawn), ``results`` ({drawn, library}).

    References: CR 701.22a-b, 608.2c (instructions in order; scry cards rulings), 608.2b (a
    spell whose every target is illegal does not resolve: no scry; Magma Jet-style rulings),
    121.4 / 704.5b (drawing from an empty library).
    """
    player = ctx.player(ctx.arg("player", None))
    if ctx.arg("spell", None) is not None:
        return _scry_spell(ctx, player)
    n = _int_arg(ctx, "n")
    lib = _library_names(ctx, player)
    if not ctx.arg("targets_legal", True, (bool,)):
        # the scry is part of a spell or ability whose every target became illegal (CR 608.2b)
        why0 = [f"every target of the spell or ability that would make {player} scry {n} is illegal as it tries to resolve, "
                "so it does not resolve: nothing is looked at and the library is unchanged (CR 608.2b)"]
        return Answer("scry", {"looked_at": 0, "choices": 1, "distinct_results": 1, "results": [list(lib)],
                               "scried": False}, why0)
    out = scry_outcomes(lib, n, ctx.limit)
    why: list[str] = []
    k = out["looked_at"]
    if n == 0:
        why.append("scry 0: no scry event occurs and abilities that trigger on scrying do not trigger (CR 701.22b); the library is unchanged")
    else:
        if k < n:
            why.append(f"{player}'s library has {len(lib)} card(s), so {player} looks at only {k} (CR 701.22a: the top N, fewer if the library is smaller)")
        else:
            why.append(f"{player} looks at the top {k} card(s): {', '.join(out['looked'])}")
        why.append(f"any number of them go on the bottom and the rest on top, each pile in any order (CR 701.22a): "
                   f"sum over j of C({k},j)*j!*({k}-j)! = ({k}+1)! = {out['choices']} decisions")
        same = len(set(out["looked"])) < k
        if out["distinct_results"] is None:
            why.append(f"distinct resulting libraries {out['distinct_note']}: the count is left out rather than "
                       "guessed; the decisions and the listing below are exact")
        elif out["distinct_results"] != out["choices"]:
            reasons = []
            if same:
                reasons.append("cards that share a name are interchangeable")
            if k == len(lib):
                reasons.append("the whole library was looked at, so only the final order matters (bottom and top piles meet)")
            if not reasons:
                reasons.append("some decisions leave the same sequence of names")
            why.append(f"{out['distinct_results']} distinct resulting libraries ({'; '.join(reasons)})")
        else:
            why.append("every decision leaves a different library")
        if k and out["results"]:
            d = out["decisions"][-1]
            ex = f"e.g. keeping {d['top'] or 'nothing'} on top and putting {d['bottom'] or 'nothing'} on the bottom"
            why.append(ex + (f" gives {out['results'][-1]}" if len(lib) <= 12 else ""))
        why.append("an ability that triggers whenever a player scries triggers after the scry is complete (CR 701.22d)")
    if out["capped"]:
        of = out["distinct_results"] if out["distinct_results"] is not None else "more"
        why.append(f"listing capped at {ctx.limit} of {of} results (--limit)")
    values = {k2: out[k2] for k2 in ("looked_at", "choices", "distinct_results", "results", "scried")}
    return Answer("scry", values, why, extra={"decisions": out["decisions"], "looked": list(out.get("looked") or ())},
                  capped=out["capped"])


# ---------------------------------------------------------------------------
# Reading the typed effects (parsed once at load time by models/text/resolution.py)
# ---------------------------------------------------------------------------


def spell_steps(abilities: Iterable[Ability]) -> tuple[list[Step], list[Ability]]:
    """The steps of a spell's own instructions, in order (CR 608.2c), and the spell abilities not understood.

    Reads ``Instructions`` (parsed or catalog), the one-step ``Draw``/``Scry`` effects, and a line that is only
    the keyword action "Scry N" (a ``Keyword`` because the card data lists Scry, as on Opt). A spell ability with
    another effect is returned in the second list so the caller can say what is not modelled; keyword abilities
    other than scry (suspend, flashback, ...) are not instructions and are skipped.
    """
    steps: list[Step] = []
    unknown: list[Ability] = []
    for a in abilities:
        e = a.effect
        if a.kind == "keyword" and isinstance(e, Keyword) and e.keyword == "scry" and e.n is not None:
            steps.append(Step("scry", int(e.n)))
            continue
        if a.kind != "spell":
            continue
        if isinstance(e, Instructions):
            steps.extend(e.steps)
        elif isinstance(e, (Draw, Scry)):
            steps.append(Step(e.kind, int(e.n)))
        else:
            unknown.append(a)
    return steps, unknown


def process_of(abilities: Iterable[Ability]) -> Ability | None:
    """The ``PutOntoBattlefieldProcess`` ability among ``abilities``, if any."""
    return next((a for a in abilities if isinstance(a.effect, PutOntoBattlefieldProcess)), None)


def eligible_for(card, kinds: Iterable[str]) -> bool:
    """Whether a card in hand is "a(n) <kinds> card": one of its card types (front face, as a card in a hand has
    only its front face's characteristics, CR 712.8a) is among ``kinds`` (CR 110.4a, 205.2)."""
    want = {k.lower() for k in kinds}
    return any(t.lower() in want for t in card.front.type_line.types)


def is_self_etb_trigger(a: Ability) -> bool:
    """A triggered ability that triggers when this permanent itself enters (CR 603.6a): an ``EntersTrigger``, or a
    typed effect whose trigger event is this object entering (``GrantFlashback.event``, Snapcaster Mage)."""
    return a.kind == "triggered" and (isinstance(a.effect, EntersTrigger) and a.effect.event == "enters"
                                      or isinstance(a.effect, GrantFlashback) and a.effect.event == "enters"
                                      or isinstance(a.effect, TriggeredAddMana) and a.effect.enters == "enters")


def is_other_enters_trigger(a: Ability) -> bool:
    """A triggered ability that triggers on *other* objects entering; its number of triggers depends on the
    order of entry."""
    return a.kind == "triggered" and (isinstance(a.effect, EntersTrigger) and a.effect.event == "other_enters"
                                      or isinstance(a.effect, TriggeredAddMana) and a.effect.enters == "other_enters")


def is_cast_trigger(a: Ability) -> bool:
    """A triggered ability that triggers on casting (CR 603.2, 601.2i); it does not trigger for a card put onto
    the battlefield without being cast (Hypergenesis ruling 2006-09-25)."""
    return a.kind == "triggered" and isinstance(a.effect, CastTrigger)


def _spell_card(ctx: Context, key: str = "spell"):
    card = ctx.card(ctx.arg(key))
    return card, abilities_of(card)


#: Above this many branches, a spell's scry steps are not enumerated (they are for real cards: scry <= 5).
SPELL_BRANCH_LIMIT = 2_000_000


def resolve_steps(library: Sequence[str], steps: Sequence[Step]) -> tuple[dict[tuple, None], int, list[str]]:
    """Follow a spell's steps in order (CR 608.2c) over every scry decision.

    Parameters
    ----------
    library : names, top first.
    steps : ``{action: scry|draw|damage, n}`` in the order written.

    Returns
    -------
    (outcomes, choices, notes): ``outcomes`` maps each distinct end state
    ``(sorted drawn names, library tuple)`` to None (insertion-ordered), ``choices`` the number of
    scry decision sequences, ``notes`` remarks (drawing from an empty library, CR 121.4 / 704.5b).

    Raises
    ------
    Unsupported : the scry steps would branch into more than ``SPELL_BRANCH_LIMIT`` states.
    """
    states: dict[tuple, None] = {((), tuple(library)): None}
    choices = 1
    notes: list[str] = []
    for st in steps:
        act = st.action
        n = st.n
        nxt: dict[tuple, None] = {}
        if act == "scry":
            total_branches = sum(scry_choice_count(min(n, len(lib))) for _, lib in states)
            if total_branches > SPELL_BRANCH_LIMIT:
                raise Unsupported(f"a spell whose scry steps branch into {total_branches} states is not enumerated (limit {SPELL_BRANCH_LIMIT})")
            choices *= scry_choice_count(min(n, min(len(lib) for _, lib in states)))
            for drawn, lib in states:
                k = min(n, len(lib))
                for res in iter_scry_results(lib[:k], lib[k:]):
                    nxt[(drawn, tuple(res["library"]))] = None
        elif act == "draw":
            for drawn, lib in states:
                got = lib[:n]
                if len(got) < n:
                    msg = (f"the library holds fewer than {n} card(s): the missing draws do not happen, and the player "
                           "will lose the next time state-based actions are checked (CR 121.4, 704.5b)")
                    if msg not in notes:
                        notes.append(msg)
                nxt[(tuple(sorted(drawn + tuple(got))), lib[n:])] = None
        else:
            nxt = states
        states = nxt
    return states, choices, notes


def _cards_looked_at(steps: Sequence[Step], library: int) -> int:
    """How many cards a spell's scry steps look at in all, with ``library`` cards to start with (CR 701.22a:
    the top N, fewer if the library is smaller; a draw before a scry leaves fewer cards, CR 608.2c)."""
    left, looked = library, 0
    for s in steps:
        if s.action == "draw":
            left -= min(s.n, left)
        elif s.action == "scry":
            looked += min(s.n, left)
    return looked


def _scry_spell(ctx: Context, player: str) -> Answer:
    card, abilities = _spell_card(ctx)
    steps, unknown = spell_steps(abilities)
    if unknown:
        raise Unsupported(f"{card.name}: instruction(s) not modelled: {'; '.join(a.describe() for a in unknown)}")
    if not steps:
        raise QuestionError(f"{card.name} has no spell instructions (it is a {card.type_line}); scry with 'spell' needs an instant or sorcery that scries")
    if not any(s.action == "scry" for s in steps):
        raise QuestionError(f"{card.name} does not scry (its instructions: {', '.join(s.describe() for s in steps)})")
    order = [s.describe() for s in steps]
    targeted = [s for s in steps if s.target]
    legal = ctx.arg("targets_legal", True, (bool,))
    lib = _library_names(ctx, player)
    why = [f"{card.name}'s instructions, in the order written (CR 608.2c): {', then '.join(order)}"]
    if not legal:
        if not targeted:
            raise QuestionError(f"{card.name} has no targets, so 'targets_legal' does not apply")
        why.append(f"every target of {card.name} is illegal as it tries to resolve, so it does not resolve and none of its "
                   "effects happen: no scry, no draw (CR 608.2b; scry rulings)")
        values = {"order": order, "resolves": False, "scried": False, "looked_at": 0, "choices": 1, "outcomes": 1,
                  "draws": [[]], "results": [{"drawn": [], "library": lib}]}
        return Answer("scry", values, why)
    outcomes, choices, notes = resolve_steps(lib, steps)
    if targeted:
        why.append(f"its target(s) are legal, so it resolves ({', '.join(s.describe() for s in targeted)}; CR 608.2b)")
    first_scry = next(i for i, s in enumerate(steps) if s.action == "scry")
    first_draw = next((i for i, s in enumerate(steps) if s.action == "draw"), None)
    if first_draw is not None:
        if first_draw < first_scry:
            why.append("the draw happens before the scry, so the card drawn is the current top card and the scry sees the cards below it")
        else:
            why.append("the scry happens first, so the card drawn is whichever card the scry left on top")
    draws = sorted({d for d, _ in outcomes}, key=lambda d: (len(d), d))
    why.append(f"{choices} scry decision(s); {len(outcomes)} distinct end state(s) (cards drawn, library); "
               f"possible draws: {', '.join('[' + ', '.join(d) + ']' for d in draws) or 'none'}")
    why.extend(notes)
    listed, capped = take(outcomes, ctx.limit)
    results = [{"drawn": list(drawn), "library": list(lib)} for drawn, lib in listed]
    if capped:
        why.append(f"listing capped at {ctx.limit} of {len(outcomes)} results (--limit)")
    values = {"order": order, "resolves": True, "scried": any(s.action == "scry" and s.n > 0 for s in steps),
              "looked_at": _cards_looked_at(steps, len(lib)), "choices": choices, "outcomes": len(outcomes), "draws": [list(d) for d in draws], "results": results}
    return Answer("scry", values, why, capped=capped)


# ---------------------------------------------------------------------------
# Sequential put-onto-the-battlefield processes (Hypergenesis, Eureka)
# ---------------------------------------------------------------------------


def process_end_states_brute_force(hands: Mapping[str, Sequence[str]], order: Sequence[str],
                                   repeat: bool = True) -> set[tuple[tuple[str, tuple[str, ...]], ...]]:
    """Every end state of the process, by playing it out move by move (for checking the counts).

    Each turn the current player either puts one card of their remaining ``hands`` cards or
    declines. With ``repeat`` the process ends when all players in sequence decline
    (Hypergenesis ruling 2006-09-25); without it, each player chooses once (Show and Tell).
    Exponential: for small inputs and tests only.

    Returns
    -------
    set of end states ``((player, sorted cards put), ...)`` in ``order``.
    """
    players = list(order)
    seen: set = set()
    ends: set = set()
    start = tuple(tuple(sorted(hands.get(p, ()))) for p in players)
    stack = [(start, tuple(() for _ in players), 0, 0)]
    while stack:
        st = stack.pop()
        if st in seen:
            continue
        seen.add(st)
        left, put, i, declines = st
        if (repeat and declines == len(players)) or (not repeat and i == len(players)):
            ends.add(tuple((players[j], tuple(sorted(put[j]))) for j in range(len(players))))
            continue
        p = i % len(players)
        nxt_i = (i + 1) % len(players) if repeat else i + 1
        stack.append((left, put, nxt_i, declines + 1))
        for name in set(left[p]):
            lst = list(left[p])
            lst.remove(name)
            nl = left[:p] + (tuple(lst),) + left[p + 1:]
            np_ = put[:p] + (tuple(sorted(put[p] + (name,))),) + put[p + 1:]
            stack.append((nl, np_, nxt_i, 0))
    return ends


def count_process_outcomes(hands: Mapping[str, Sequence[str]], repeat: bool = True) -> int:
    """Distinct end states of the process: for each player, the multiset of cards they put.

    With ``repeat`` (Hypergenesis, Eureka), every combination of sub-multisets is reachable:
    each player puts their chosen cards one per time around, then declines; the process ends
    once all have declined in sequence (ruling 2006-09-25), and nobody can be forced to put a
    card. So the count is ``prod over players of prod(c + 1)`` over the multiplicities ``c`` of
    their eligible cards. Without ``repeat`` (Show and Tell), each player puts at most one:
    ``prod(distinct eligible names + 1)``.

    Parameters
    ----------
    hands : player → names of the eligible cards in their hand.
    repeat : bool

    Returns
    -------
    int
    """
    out = 1
    for cards in hands.values():
        out *= count_sub_multisets(cards) if repeat else len(set(cards)) + 1
    return out


def iter_process_outcomes(hands: Mapping[str, Sequence[str]], order: Sequence[str], repeat: bool = True) -> Iterator[dict[str, list[str]]]:
    """Each distinct end state once, lazily: ``{player: sorted cards put}`` in ``order``."""
    per: list[Iterable[tuple[str, ...]]] = []
    for p in order:
        cards = hands.get(p, ())
        if repeat:
            per.append(list(sub_multisets(cards)) if count_sub_multisets(cards) <= 4096 else _Lazy(lambda c=cards: sub_multisets(c)))
        else:
            per.append([()] + [(n,) for n in sorted(set(cards))])
    for combo in _lazy_product(per):
        yield {p: list(c) for p, c in zip(order, combo)}


class _Lazy:
    """A re-iterable wrapper over a generator factory (for a lazy cartesian product)."""

    def __init__(self, factory):
        self.factory = factory

    def __iter__(self):
        return iter(self.factory())


def _lazy_product(seqs: Sequence[Iterable]) -> Iterator[tuple]:
    if not seqs:
        yield ()
        return
    for head in seqs[0]:
        for tail in _lazy_product(seqs[1:]):
            yield (head,) + tail


def witness_sequence(put: Mapping[str, Sequence[str]], order: Sequence[str]) -> list[str]:
    """A sequence of moves of the repeating process that ends with exactly ``put`` on the battlefield.

    Each player puts one of their chosen cards each time around and declines once they have
    none left; the process ends after every player in sequence declines (ruling 2006-09-25).
    """
    left = {p: list(put.get(p, ())) for p in order}
    moves: list[str] = []
    declines = 0
    i = 0
    while declines < len(order):
        p = order[i % len(order)]
        if left[p]:
            moves.append(f"{p} puts {left[p].pop(0)}")
            declines = 0
        else:
            moves.append(f"{p} declines")
            declines += 1
        i += 1
    return moves


def _process_setup(ctx: Context, args: Mapping[str, Any]):
    """The spell, its process ability, the turn order of the process and each player's eligible cards."""
    if "spell" not in args:
        raise QuestionError("needs 'spell' (e.g. Hypergenesis or Eureka)")
    card = ctx.card(args["spell"])
    proc = process_of(abilities_of(card))
    if proc is None:
        raise QuestionError(f"{card.name} is not a put-onto-the-battlefield process (no such ability in its model)")
    controller = ctx.player(args.get("player"))
    eff = proc.effect
    assert isinstance(eff, PutOntoBattlefieldProcess)
    kinds = list(eff.kinds)
    repeat = bool(eff.repeat)
    if eff.starting == "active":
        order = ctx.state.apnap_order()
    else:
        order = ctx.state.turn_order_from(controller)
    eligible: dict[str, list[str]] = {}
    ineligible: dict[str, list[str]] = {}
    for p in order:
        eligible[p] = sorted(ci.name for ci in ctx.state.cards("hand", p) if eligible_for(ci.card, kinds))
        ineligible[p] = sorted(f"{ci.name} ({ci.card.front.type_line})" for ci in ctx.state.cards("hand", p)
                               if not eligible_for(ci.card, kinds))
    return card, proc, controller, order, kinds, repeat, eligible, ineligible


class _AuraEntry:
    """What an Aura put onto the battlefield by a process can enchant as it enters (CR 303.4f-g): a permanent of the
    kind its enchant ability names (its "target" reading, 303.4a, read by ``solver.rules.targets.cast_targets``; whose
    controller relative to the Aura's), already on the battlefield or — when the process puts cards one at a time
    (Hypergenesis, Eureka: any order of entry is reachable, ruling 2006-09-25) — put earlier in the same process by any
    player; not one entering at the same time (Show and Tell: all enter at once, ruling 2008-04-01). Not a target
    (303.4f): hexproof, shroud and ward do not matter; protection does (702.16c: a permanent with protection from a
    quality the Aura has can't be enchanted by it), read for a permanent on the battlefield with its keywords as they
    are now, printed or granted (``solver.rules.targets.aura_enchant_verdict``). Raises ``Unsupported`` for what it does not
    read: an enchant ability of players or cards, words of the enchant phrase not read, protection of a card put
    earlier in the same process (its own, or granted by a static on the battlefield), a quality of protection not
    read, a permanent whose card types an effect changed, an Aura that could enchant only another entering Aura."""

    def __init__(self, ctx: Context, auras: Sequence[str], repeat: bool) -> None:
        self.ctx, self.repeat = ctx, repeat
        self.specs: dict[str, Any] = {}
        for name in auras:
            st = cast_targets(ctx.card(name))
            specs = [sp for mode in st.modes for sp in mode]
            if len(st.modes) != 1 or len(specs) != 1 or st.unread:
                raise Unsupported(f"{name}: what it can enchant as it enters is not read (CR 303.4f)")
            sp = specs[0]
            if sp.kinds != ("permanent",) or sp.unknown or not sp.qualifier.empty or sp.alternatives:
                raise Unsupported(f"{name}: what it can enchant (“{sp.text}”) as it enters is not read here (CR 303.4f)")
            self.specs[name] = sp
        view = board_view(ctx.state)
        for perm in ctx.state.battlefield:
            if view[perm.id].types is not None:
                raise Unsupported(f"{perm.name}: an effect changed its card types; what an Aura can enchant as it "
                                  "enters is read from printed types here (CR 303.4f)")
        self.seen: dict[str, set[str]] = {name: set() for name in auras}
        #: a static ability on the battlefield that grants protection (it would apply to a permanent as it enters,
        #: CR 611.3a), named; empty when there is none
        self.grants_protection = next((f"{holder.name} (“{a.text}”)"
                                       for holder, abilities in battlefield_abilities(ctx.state) for a in abilities
                                       if a.kind == "static" and "protection" in (a.text or "").lower()), "")

    def _fits(self, name: str, aura_owner: str, obj_card: Any, obj_controller: str, perm: Any = None) -> bool:
        """Whether the Aura ``name`` entering under ``aura_owner``'s control could enchant the object: ``perm`` a
        permanent on the battlefield, else ``obj_card`` put earlier in the same process under ``obj_controller``'s."""
        sp = self.specs[name]
        if not _types_ok(obj_card, sp):
            return False
        if sp.controller == "you" and obj_controller != aura_owner:
            return False
        if sp.controller == "opponent" and obj_controller == aura_owner:
            return False
        if perm is not None:
            verdict, why = aura_enchant_verdict(self.ctx.state, perm, self.ctx.card(name), aura_owner)
            if verdict == UNKNOWN:
                raise Unsupported(f"whether {name} can enchant {perm.name}: {why} (CR 702.16c)")
            return verdict == YES
        if any(str(k).lower().startswith("protection") for k in getattr(obj_card, "keywords", ())) or any(
                getattr(a.effect, "keyword", None) == "protection" for a in abilities_of(obj_card)):
            raise Unsupported(f"{obj_card.name} has protection: whether {name} can enchant it as it is put earlier in "
                              "the same process (CR 702.16c) is not modelled here")
        if self.grants_protection:
            raise Unsupported(f"{self.grants_protection} may give {obj_card.name}, put earlier in the same process, "
                              f"protection: whether {name} can enchant it (CR 702.16c, 611.3a) is not modelled here")
        return True

    def possible(self, outcome: Mapping[str, Sequence[str]]) -> bool:
        """Whether every Aura of the end state ``outcome`` could enter attached to something (else it stays in the
        hand, CR 303.4g, and the end state is another one's)."""
        for p, cards in outcome.items():
            for i, name in enumerate(cards):
                if name not in self.specs:
                    continue
                found: list[str] = []
                for perm in self.ctx.state.battlefield:
                    if self._fits(name, p, perm.card, perm.controller, perm):
                        found.append(f"{perm.name} ({perm.controller}'s)")
                auras_only = False
                if self.repeat:
                    for q, others in outcome.items():
                        for j, other in enumerate(others):
                            if q == p and j == i:
                                continue
                            oc = self.ctx.card(other)
                            if self._fits(name, p, oc, q):
                                if other in self.specs:
                                    auras_only = True
                                    continue
                                found.append(f"{other} put earlier by {q}")
                if not found and auras_only:
                    raise Unsupported(f"{name} could enchant only another Aura entering in the same process; that "
                                      "order is not modelled (CR 303.4f)")
                if not found:
                    return False
                self.seen[name].update(found)
        return True

    def notes(self) -> list[str]:
        out = []
        for name, sp in self.specs.items():
            what = "; ".join(sorted(self.seen[name])) or "nothing: it stays in the hand (CR 303.4g)"
            out.append(f"{name} is an Aura ({sp.text.replace('target ', '', 1)}): put onto the battlefield this way, "
                       f"it enters attached to what its controller chooses as it enters, not targeted (CR 303.4f: "
                       "hexproof and shroud do not stop it; protection from a quality it has does, 702.16c); it "
                       f"could enchant: {what}; an end state where it could enchant nothing is the one where it stays "
                       "in the hand (CR 303.4g)")
        return out


def _kind_words(kinds: Sequence[str]) -> str:
    ks = list(kinds)
    return ks[0] if len(ks) == 1 else ", ".join(ks[:-1]) + ", or " + ks[-1]


def _put_topics(ctx: Context) -> frozenset[Topic]:
    """What a put_onto_battlefield answer depends on: the process (its resolution) and, when an Aura card is in a
    hand, what the permanents are, their colours and what may attach to them, since what the Aura can enchant as it
    enters depends on them (CR 303.4f: "its enchant ability and any other applicable effects"; 702.16c: protection,
    which is read here from the keywords, printed or granted by typed effects: an untyped grant of protection is a
    casting sentence, about what may target or attach to a permanent)."""
    tops = {Topic.RESOLUTION}
    if any(ci.card.front.type_line.has("Aura") for p in ctx.state.players for ci in ctx.state.cards("hand", p)):
        tops |= {Topic.CHARACTERISTICS, Topic.COLORS, Topic.CASTING}
    return frozenset(tops)


@question("put_onto_battlefield", unordered=("results",), topics=_put_topics, normalize={"results": _sorted_lists, "eligible": _sorted_lists})
def ask_put_onto_battlefield(ctx: Context) -> Answer:
    """``put_onto_battlefield: {spell, player}`` → ``outcomes``, ``results``, ``eligible``, ``cast``.

    ``outcomes`` counts distinct end states (for each player, the multiset of cards put;
    the order of entry is not part of it); ``results`` lists them (``{player: cards}``, capped).

    References: Hypergenesis rulings 2006-09-25 (the process ends only when all N players in
    sequence decline; a player who declined may put a card next time; X is 0; the cards are not
    cast or played) and 2006-10-15 (triggers wait, then APNAP); CR 110.4a (permanent card, now
    including battle; the ruling's list predates battles); Show and Tell rulings 2008-04-01
    (one choice each, in APNAP order, put simultaneously).
    """
    args = ctx.args if isinstance(ctx.args, Mapping) else {"spell": ctx.args}
    card, proc, controller, order, kinds, repeat, eligible, ineligible = _process_setup(ctx, args)
    auras = sorted({name for p in order for name in eligible[p] if ctx.card(name).front.type_line.has("Aura")})
    aura_why: list[str] = []
    if auras:
        # CR 303.4f-g: an Aura put onto the battlefield other than by resolving enters attached to an object its
        # controller chooses as it enters (not targeted: hexproof and shroud do not stop it), and stays in the hand
        # when it can legally enchant nothing then: such an end state is the same as declining it
        checker = _AuraEntry(ctx, auras, repeat)
        results_all: list[dict[str, list[str]]] = []
        for outcome in iter_process_outcomes(eligible, order, repeat):
            _budget.tick(1, "end states of the process (Auras)")
            if checker.possible(outcome):
                results_all.append(outcome)
        n = len(results_all)
        aura_why = checker.notes()
    else:
        n = count_process_outcomes(eligible, repeat)
    words = _kind_words(kinds)
    why = [f"{card.name}: each player may put {'an' if words[0] in 'aeiou' else 'a'} {words} card from their hand onto the battlefield"
           + (" (\"permanent card\", CR 110.4a: battles count under the current rules; the 2006 ruling's list predates battles)"
              if proc.effect.card_kind.startswith("permanent") else "")]
    why.append(f"players in order: {', '.join(order)} (starting with {order[0]}, then turn order)")
    for p in order:
        why.append(f"{p}: eligible {eligible[p] or 'none'}" + (f"; not eligible {ineligible[p]}" if ineligible[p] else ""))
    if repeat:
        why.append("the process repeats until all players in sequence choose not to put a card; a player who declined may "
                   "put one the next time around (Hypergenesis ruling 2006-09-25), so any sub-multiset of each player's "
                   "eligible cards is reachable and the count is the product over players of prod(copies + 1)")
    else:
        why.append("each player chooses at most one card, in APNAP order, and the chosen cards enter simultaneously "
                   "(Show and Tell rulings 2008-04-01): product over players of (distinct eligible cards + 1)")
    why.append(f"{n} distinct end state(s) (cards with the same name are interchangeable)")
    full = {p: eligible[p] for p in order}
    if repeat and any(full.values()):
        why.append("e.g. everything eligible: " + "; ".join(witness_sequence(full, order)))
    x_cards = sorted({name for p in order for name in eligible[p]
                      if (c := ctx.card(name)).mana_cost is not None and c.mana_cost.has_x})
    if x_cards:
        why.append(f"{', '.join(x_cards)}: X in the mana cost is 0 when put onto the battlefield this way (ruling; CR 107.3m)")
    why.append("the cards are put onto the battlefield, not cast or played: abilities that trigger on casting do not "
               "trigger (ruling 2006-09-25), and a land put this way is not a land played this turn (CR 305.4)")
    why.append("abilities that trigger during the process wait until it is over, then go on the stack in APNAP order "
               "(ruling 2006-10-15, CR 603.3b); ask trigger_order with 'after'")
    why.extend(aura_why)
    results, capped = take(iter(results_all) if auras else iter_process_outcomes(eligible, order, repeat), ctx.limit)
    if capped:
        why.append(f"listing capped at {ctx.limit} of {n} end states (--limit)")
    values = {"outcomes": n, "results": results, "eligible": eligible, "cast": False, "order": order}
    return Answer("put_onto_battlefield", values, why, capped=capped)


# ---------------------------------------------------------------------------
# Trigger order (CR 603.3b)
# ---------------------------------------------------------------------------


def count_trigger_orders(triggers: Mapping[str, Sequence[str]]) -> int:
    """Distinct stacks for waiting triggered abilities put on the stack in APNAP order (CR 603.3b).

    Each player orders only their own abilities, and players go in APNAP order, so the count is
    the product over players of the distinct orderings of their labels (two abilities with the
    same label are identical and swapping them gives the same stack).
    """
    out = 1
    for labels in triggers.values():
        out *= multinomial(Counter(labels).values())
    return out


def iter_trigger_stacks(triggers: Mapping[str, Sequence[str]], apnap: Sequence[str]) -> Iterator[list[str]]:
    """Each distinct stack once, lazily, bottom to top; items are ``"PLAYER: LABEL"``.

    The active player's abilities go on first (bottom), then each other player's in turn order;
    the last one put on the stack resolves first (CR 603.3b, 101.4, 405.5).
    """
    players = [p for p in apnap if triggers.get(p)]
    per = [_Lazy(lambda ls=list(triggers[p]): distinct_orders(ls)) for p in players]
    for combo in _lazy_product(per):
        stack: list[str] = []
        for p, seq in zip(players, combo):
            stack.extend(f"{p}: {label}" for label in seq)
        yield stack


def _triggers_from_process(ctx: Context, after: Any) -> tuple[dict[str, list[str]], list[str]]:
    if not isinstance(after, Mapping):
        raise QuestionError("'after' takes {spell, player, put: {PLAYER: [cards]}}")
    card, proc, controller, order, kinds, repeat, eligible, _ = _process_setup(ctx, after)
    put = after.get("put")
    if not isinstance(put, Mapping):
        raise QuestionError("'after' needs 'put': the cards each player put onto the battlefield, e.g. {P1: [Wall of Omens]}")
    why = []
    triggers: dict[str, list[str]] = {p: [] for p in order}
    entering: list[tuple[str, Any]] = []
    for p, cards in put.items():
        p = ctx.player(p)
        cards = cards or []
        if not isinstance(cards, list):
            raise QuestionError(f"'put' of {p} must be a list of card names")
        have = Counter(eligible[p])
        want = Counter()
        for name in cards:
            c = ctx.card(name)
            want[c.name] += 1
            entering.append((p, c))
        for name, cnt in want.items():
            if have[name] < cnt:
                raise QuestionError(f"{p} cannot put {cnt} {name} with {card.name}: eligible cards in {p}'s hand are {eligible[p] or 'none'}")
        if not repeat and sum(want.values()) > 1:
            raise QuestionError(f"{card.name} lets each player put only one card; {p} puts {sum(want.values())}")
    # Abilities that trigger on other permanents entering: those of permanents already on the battlefield as
    # they are now (granted or lost abilities included, CR 613; solver.rules.layers), and those of the entering cards.
    watchers = [(perm.name, permanent_abilities(ctx.state, perm)) for perm in ctx.state.battlefield]
    watchers += [(c.name, entering_abilities(c)) for _, c in entering]  # (front faces only, CR 712.14)
    # ... and those of cards in other zones whose abilities function there (CR 113.6k: Bloodghast's landfall
    # "return this card from your graveyard to the battlefield" triggers in the graveyard, 603.6a)

    for zone in OTHER_ZONES:
        for cards in ctx.state.zones.get(zone, {}).values():
            watchers += [(inst.card.name, tuple(a for a in abilities_of(inst.card) if zone in a.zones))
                         for inst in cards]
    # ... and delayed triggered abilities of resolved spells still in force ("Whenever a creature or enchantment you
    # control enters this turn, draw a card": Rite of Harmony, CR 603.7): not among the gate's effect abilities
    for eff in ctx.state.effects:
        if eff.ability is not None:
            continue
        for a in abilities_of(eff.card):
            if a.kind == "triggered" and not (isinstance(a.effect, Unmodelled)
                                              and a.effect.trigger_event in ("step", "cast", "combat")):
                raise Unsupported(f"{eff.card.name} (a resolved spell in force) has a delayed triggered ability "
                                  f"({a.describe()}) that may trigger as permanents are put onto the battlefield; "
                                  "not modelled (CR 603.7)")
    quiet = set(_trigger_order_quiet(ctx))
    for name, abilities in watchers:
        for a in abilities:
            if is_other_enters_trigger(a):
                raise Unsupported(f"{name} has an ability that triggers on other permanents entering ({a.describe()}); "
                                  "its number of triggers depends on the order of entry, which is not modelled")
            _check_other_trigger(name, a, quiet)
    auras = sorted({c.name for _, c in entering if c.front.type_line.has("Aura")})
    if auras:
        # CR 303.4f-g: an Aura put onto the battlefield other than by resolving enters attached to an object its
        # controller chooses as it enters, and stays in the hand when it can legally enchant nothing: then it was not
        # put. Its enters trigger is controlled by the player who put it (603.3a: its source's controller as it
        # triggered), whatever it enchants ("You control enchanted creature" changes the creature's controller, not the
        # Aura's, and the creature's own trigger stays with whoever controlled it as it entered)
        putting = {ctx.player(q): [ctx.card(n).name for n in (cs or [])] for q, cs in put.items()}
        if not _AuraEntry(ctx, auras, repeat).possible(putting):
            raise QuestionError(f"{', '.join(auras)} could enchant nothing as it would enter, so it stays in the hand "
                                "(CR 303.4g): it cannot be among the cards put")
        why.append(f"{', '.join(auras)}: an Aura enters attached to what its controller chooses (CR 303.4f); its enters "
                   "trigger is controlled by the player who put it (CR 603.3a)")
    for p, c in entering:
        etbs = [a for a in entering_abilities(c) if is_self_etb_trigger(a)]  # (its front face's, CR 712.14)
        # CR 603.4: an intervening "if" that holds only for a permanent that was cast (kicked, mana spent to cast
        # it, "if you cast it"): put onto the battlefield, never cast, the ability does not trigger
        only_cast = [a for a in etbs if isinstance(a.effect, EntersTrigger) and a.effect.condition == "was_cast"]
        etbs = [a for a in etbs if a not in only_cast]
        for a in only_cast:
            why.append(f"{c.name}'s enters trigger does not trigger ({a.describe()}): its intervening \"if\" holds "
                       f"only for a permanent that was cast, and {c.name} was put onto the battlefield (CR 603.4)")
        # (an "if" that holds for every permanent not cast, "if you didn't cast it from your hand", is met: it triggers)
        qualified = [a for a in etbs if getattr(a.effect, "condition", None) == "event"]
        if qualified:  # "enters from a graveyard", "enters untapped", "enters during ..." (CR 603.2)
            raise Unsupported(f"{c.name}'s enters trigger names more than entering ({qualified[0].describe()}): "
                              "whether it triggers as the card is put onto the battlefield is not modelled (CR 603.2)")
        iffy = [a for a in etbs if getattr(a.effect, "condition", None) not in (None, "not_cast")]
        if iffy:  # CR 603.4: it triggers only if its intervening "if" holds as the card enters: not read here
            raise Unsupported(f"{c.name}'s enters trigger has an intervening \"if\" ({iffy[0].describe()}): whether it "
                              f"triggers as the card is put onto the battlefield is not modelled (CR 603.4)")
        for i, a in enumerate(etbs):
            triggers[p].append(c.name if len(etbs) == 1 else f"{c.name} (ability {i + 1})")
        if etbs:
            why.append(f"{c.name} ({p}) entered: its enters-the-battlefield ability triggers ({'; '.join(a.describe() for a in etbs)})")
        else:
            why.append(f"{c.name} ({p}) entered: no enters-the-battlefield triggered ability")
        if any(is_cast_trigger(a) for a in entering_abilities(c)):
            why.append(f"{c.name}'s cast trigger does not trigger: it was put onto the battlefield, not cast (Hypergenesis ruling)")
    why.append("they all waited until the process was over (Hypergenesis ruling 2006-10-15)")
    return {p: ls for p, ls in triggers.items() if ls}, why


def _check_other_trigger(name: str, a: Ability, quiet: set[str]) -> None:
    """Raise ``Unsupported`` for a typed triggered ability that may trigger during a Hypergenesis-style process or
    on the state-based actions after it, beyond entering (``_triggers_from_process`` counts enters triggers):
    the other event of "When this enters or [event]" (Jerren's "or another nontoken Human you control dies",
    ``EntersTrigger.also``), and any other typed trigger (Myr Moonvessel's "When this creature dies, add {C}",
    ``TriggeredAddMana``) whose event (``trigger_event`` of its wording) is not one of ``quiet`` (CR 603.2,
    603.10a, 704.3). Untyped ones are the gate's (``Unmodelled.trigger_event``)."""
    if a.kind != "triggered" or isinstance(a.effect, Unmodelled):
        return
    if isinstance(a.effect, EntersTrigger) and a.effect.event == "enters":
        if a.effect.also is not None and a.effect.also not in quiet:
            raise Unsupported(f"{name}: {a.describe()}: its trigger event besides entering may happen as the cards "
                              "are put or by a state-based action after (CR 603.2, 704.3); not modelled")
        return
    if is_self_etb_trigger(a) or is_other_enters_trigger(a) or is_cast_trigger(a):
        return
    if a.trigger_event not in quiet:
        raise Unsupported(f"{name}: {a.describe()}: this triggered ability may trigger as the cards are put or by a "
                          "state-based action after (CR 603.2, 704.3); not modelled")


def _trigger_order_topics(ctx: Context) -> tuple[Topic, ...]:
    """What ``trigger_order`` depends on: for ``after`` (a process puts permanents onto the battlefield), every
    unmodelled sentence about triggering in play or on the cards put (Torpor Orb, Panharmonicon, an enters trigger
    the parser did not type; CR 603.2, 603.6a); for ``triggers`` given by label, nothing (their order is CR 603.3b
    alone)."""
    args = ctx.args if isinstance(ctx.args, Mapping) else {}
    # (ZONES: a replacement effect on how or whether a permanent enters changes its enters triggers: Containment
    # Priest exiles it instead, CR 614.1; Clone enters as a copy with the copied abilities, 707.5, 614.1c)
    if "after" not in args:
        return ()
    # an Aura put may enter only attached to what it can legally enchant (CR 303.4f-g, 702.16c): as for
    # put_onto_battlefield (``_put_topics``), what the permanents are, their colours and protection then count
    return (Topic.TRIGGERS, Topic.ZONES) + ((Topic.CHARACTERISTICS, Topic.COLORS, Topic.CASTING)
                                            if Topic.CASTING in _put_topics(ctx) else ())


def _no_graveyard_sba(ctx: Context) -> bool:
    """Whether no state-based action checked after the process (CR 704.3, 117.5) can put a permanent into a
    graveyard, over-approximated toward False: each card put is neither a planeswalker (704.5i), a battle
    (704.5v), an Aura (704.5m) nor a World (704.5k); no Aura is in play (704.5m: one may become illegally
    attached); no legendary card put shares its name with another
    legendary permanent of its controller (704.5j); each creature put has a printed toughness of at least 1, no
    counters other than +1/+1 as it enters and no type-changing ability (704.5f); no permanent has damage marked
    (704.5g); and nothing unmodelled in play or on the cards put could change power, toughness or other
    characteristics (``solver.rules.gate``)."""

    after = ctx.args.get("after") if isinstance(ctx.args, Mapping) else None
    put = after.get("put") if isinstance(after, Mapping) else None
    if not isinstance(put, Mapping):
        return False
    # the names legendary permanents may have now: every face's name of a card with a legendary face (a
    # double-faced permanent may be either face up, CR 712.8d-e; over-approximated toward False)
    legends: Counter = Counter((perm.controller, name) for perm in ctx.state.battlefield
                               if any(f.type_line.has("Legendary") for f in (perm.card.faces or (perm.card,)))
                               for name in perm.card.face_names)
    for perm in ctx.state.battlefield:
        if getattr(perm, "damage", 0):
            return False
        if perm.card.type_line.has("Aura"):
            # an Aura in play may become illegally attached after a card is put (a protection it grants: Akroma's
            # Memorial gives the enchanted creature protection from red, and a red Aura on it goes to the graveyard,
            # CR 704.5m, 702.16c); not modelled here
            return False
    for p, names in put.items():
        if not isinstance(names, list) or p not in ctx.state.players:
            return False
        for n in names:
            try:
                c = ctx.db.get(n) if isinstance(n, str) else None
            except KeyError:
                return False
            if c is None:
                return False
            face = c.faces[0] if c.faces else c
            tl = face.type_line
            if any(tl.has(w) for w in ("Planeswalker", "Battle", "Aura", "World")):
                return False
            if tl.has("Legendary"):  # it enters front face up: the front face's name (CR 712.14, 704.5j)
                legends[(p, face.name)] += 1
                if legends[(p, face.name)] > 1:
                    return False
            if tl.has("Creature") and not (str(face.toughness or "").isdigit() and int(face.toughness) >= 1):
                return False
            for a in abilities_of(c):
                e = a.effect
                if isinstance(e, (SelfTypeChange, AttachedChange)) or (
                        isinstance(e, EntersWithCounters) and e.counter != "+1/+1"):
                    return False
            for a in entering_abilities(c):
                # an entering replacement may put permanents into a graveyard as the card enters, before any
                # state-based action: devour sacrifices creatures (CR 702.82a), "As this creature enters, you may
                # sacrifice any number of creatures" (Devouring Hellion, 614.1c); any unmodelled static about zones
                if isinstance(a.effect, Keyword) and a.effect.name == "devour":
                    return False
                if a.kind not in ("triggered", "activated") and any(
                        Topic.ZONES in u.topics for u in walk_unmodelled(a.effect)):
                    return False
    return not unmodelled_findings(ctx.state, (Topic.POWER_TOUGHNESS, Topic.CHARACTERISTICS), subjects_of(ctx),
                                   view=board_view(ctx.state))


def _trigger_order_quiet(ctx: Context) -> tuple[str, ...]:
    """The trigger events that do not happen during a Hypergenesis-style process (``solver.rules.gate``): no phase or
    step begins, no spell is cast, there is no combat (CR 603.2), no permanent is tapped for mana (no mana ability
    is activated: nothing is paid, CR 106.12, 605.3a); and no permanent dies when no state-based action can put one
    into a graveyard afterwards (``_no_graveyard_sba``; the cards move from hands to the battlefield only). (The
    spell itself is put into its owner's graveyard as it finishes resolving, CR 608.2n: "put into a graveyard from
    anywhere" is never quiet, and ``trigger_event`` does not type it.)"""
    quiet: tuple[str, ...] = ("step", "cast", "combat", "mana")
    if not _no_graveyard_sba(ctx):
        return quiet
    # a permanent's own "put into a graveyard from anywhere" waits for the same state-based actions (it moves from a
    # hand to the battlefield only); the spell's own would trigger as it goes to the graveyard (CR 608.2n)
    after = ctx.args.get("after") if isinstance(ctx.args, Mapping) else None
    try:
        spell = ctx.card(after.get("spell")) if isinstance(after, Mapping) else None
    except Exception:  # (a bad name is the handler's error to report)
        spell = None
    own = spell is None or any(a.trigger_event == "self_to_graveyard" for a in abilities_of(spell))
    return quiet + ("dies",) + (() if own else ("self_to_graveyard",))


@question("trigger_order", unordered=("stacks",), topics=_trigger_order_topics, quiet_events=_trigger_order_quiet)
def ask_trigger_order(ctx: Context) -> Answer:
    """``trigger_order: {triggers: {PLAYER: [LABEL, ...]}}`` or ``{after: {spell, player, put}}``
    → ``orders``, ``stacks`` (bottom to top, ``"PLAYER: LABEL"``, capped), ``triggers``,
    ``resolves_first`` (the player whose ability is on top).

    References: CR 603.3b (APNAP: the active player puts all of theirs in any order, then each
    other player in turn order), 101.4, 405.5 (last in, first out); Hypergenesis ruling 2006-10-15.
    """
    if not isinstance(ctx.args, Mapping):
        raise QuestionError("trigger_order takes {triggers: {PLAYER: [LABEL, ...]}} or {after: {...}}")
    why: list[str] = []
    if "after" in ctx.args:
        triggers, why = _triggers_from_process(ctx, ctx.args["after"])
    else:
        raw = ctx.arg("triggers", types=(Mapping,))
        triggers = {}
        for p, labels in raw.items():
            p = ctx.player(p)
            if labels is None:
                labels = []
            if not isinstance(labels, list) or not all(isinstance(x, (str, int)) for x in labels):
                raise QuestionError(f"triggers of {p} must be a list of labels (one per triggered ability)")
            if labels:
                triggers[p] = [str(x) for x in labels]
    apnap = ctx.state.apnap_order()
    orders = count_trigger_orders(triggers)
    players = [p for p in apnap if triggers.get(p)]
    why.append(f"APNAP order: {', '.join(apnap)} (active player {ctx.state.active} first; CR 603.3b, 101.4)")
    for p in players:
        c = Counter(triggers[p])
        dup = [f"{n} x{k}" for n, k in c.items() if k > 1]
        why.append(f"{p} puts {len(triggers[p])} abilit{'y' if len(triggers[p]) == 1 else 'ies'} in any order: "
                   f"{multinomial(c.values())} distinct order(s)" + (f" (identical abilities: {', '.join(dup)})" if dup else ""))
    if players:
        why.append(f"{players[0]}'s go on the stack first (bottom); {players[-1]}'s go last, so one of {players[-1]}'s resolves first (CR 405.5)")
    else:
        why.append("no triggered abilities are waiting")
    why.append(f"{orders} distinct stack(s)")
    stacks, capped = take(iter_trigger_stacks(triggers, apnap), ctx.limit)
    if capped:
        why.append(f"listing capped at {ctx.limit} of {orders} stacks (--limit)")
    values = {"orders": orders, "stacks": stacks, "triggers": triggers, "resolves_first": players[-1] if players else None}
    return Answer("trigger_order", values, why, capped=capped)


# ---------------------------------------------------------------------------
# X on entering (CR 107.3m)
# ---------------------------------------------------------------------------


def entering_x(card, x_paid: int, cast: bool = True) -> dict[str, Any]:
    """The value of X for a permanent's enters-the-battlefield abilities (CR 107.3m).

    Parameters
    ----------
    card : models.game.cards.Card
    x_paid : the value of X chosen when the spell was cast (ignored when not cast).
    cast : False when it was put onto the battlefield without being cast (Hypergenesis,
        Eureka, Show and Tell): X is 0 (Hypergenesis ruling 2006-09-25, CR 107.3m needs a spell).

    Returns
    -------
    dict: ``x`` (X for its enters abilities), ``mana_value`` (on the battlefield X counts 0:
    CR 107.3m "the value of X for that permanent is 0", 202.3), ``counters`` (from "enters with X
    counters" replacement effects, counter kind → number), ``etb_abilities`` (descriptions of its
    enters abilities that refer to X, with the value used).

    Raises
    ------
    ValueError : negative X, or X > 0 for a card with no X in its mana cost.
    """
    if x_paid < 0:
        raise ValueError("X cannot be negative (CR 107.3)")
    cost = card.mana_cost if card.mana_cost is not None or not card.faces else card.faces[0].mana_cost
    has_x = cost is not None and cost.has_x
    if x_paid and not has_x:
        raise ValueError(f"{card.name} has no X in its mana cost ({cost or 'no mana cost'})")
    x = x_paid if (cast and has_x) else 0
    counters: dict[str, int] = {}
    etb: list[str] = []
    for a in abilities_of(card):
        e = a.effect
        if isinstance(e, EntersWithCounters):
            if isinstance(e.amount, VariableX):
                val = x
            elif isinstance(e.amount, Fixed):
                val = e.amount.n
            else:
                raise Unsupported(f"{card.name}: {a.describe()}: the number of counters ({e.amount}) is not modelled")
            counters[e.counter] = counters.get(e.counter, 0) + val
            if isinstance(e.amount, VariableX):
                etb.append(f"{a.describe()} (replacement effect): {val}")
        elif is_self_etb_trigger(a) and isinstance(e, EntersTrigger) and e.refers_to_x:
            etb.append(f"{a.describe()} (triggered ability): X = {x}")
    mv = cost.mana_value(0) if cost is not None else 0
    return {"x": x, "mana_value": mv, "counters": counters, "etb_abilities": etb, "has_x": has_x}


@question("entering_x", topics=(Topic.RESOLUTION,))
def ask_entering_x(ctx: Context) -> Answer:
    """``entering_x: {card, x_paid, cast, copy}`` → ``x``, ``mana_value``, ``counters``, ``refers_to_x``.

    ``x_paid`` (alias ``x``) is the value chosen for X when casting (CR 107.3a), not the mana
    spent: {X}{X} with X = 2 costs 4. ``cast: false`` (or ``put_by: SPELL``) means it was put
    onto the battlefield without being cast. ``copy: true``: the permanent was a copy of a spell whose X was
    ``x_paid`` (a copy copies the choices made when casting, X included, CR 707.10; it was not cast, but it is a
    spell that became the permanent, so its X is that value, 107.3m; it becomes a token permanent as it resolves,
    707.10f).
    References: CR 107.3m, 107.3g, 202.3, 707.10; Hypergenesis ruling 2006-09-25 (X is 0).
    """
    args = ctx.args if isinstance(ctx.args, Mapping) else {"card": ctx.args}
    if "card" not in args:
        raise QuestionError("entering_x needs 'card'")
    card = ctx.card(args["card"])
    x_paid = args.get("x_paid", args.get("x", 0))
    if isinstance(x_paid, bool) or not isinstance(x_paid, int) or x_paid < 0:
        raise QuestionError(f"'x_paid' must be a whole number >= 0, got {x_paid!r}")
    cast = args.get("cast", True)
    if not isinstance(cast, bool):
        raise QuestionError(f"'cast' must be true or false, got {cast!r}")
    put_by = args.get("put_by")
    if put_by is not None:
        ctx.card(put_by)
        cast = False
    copy = args.get("copy", False)
    if not isinstance(copy, bool):
        raise QuestionError(f"'copy' must be true or false, got {copy!r}")
    if copy and not cast:
        raise QuestionError("a copy of a spell resolves as a spell: 'copy: true' goes with x_paid, not with cast: false "
                            "or put_by (CR 707.10)")
    if not cast and x_paid:
        raise QuestionError("a permanent put onto the battlefield without being cast had no X chosen; leave out x_paid")
    try:
        out = entering_x(card, x_paid, cast)
    except ValueError as e:
        raise QuestionError(str(e)) from None
    why: list[str] = []
    if not out["has_x"]:
        why.append(f"{card.name} has no X in its mana cost, so X is 0 for it")
    elif copy:
        why.append(f"{card.name} was a copy of a spell cast with X = {x_paid}: a copy of a spell copies the value of X "
                   f"chosen for it (CR 707.10), and a permanent that was a spell with X uses that X as it enters, so "
                   f"its enters-the-battlefield triggered abilities and replacement effects that refer to X use {x_paid} "
                   "(CR 107.3m)")
    elif cast:
        why.append(f"{card.name} was cast with X = {x_paid}: its enters-the-battlefield triggered abilities and replacement "
                   f"effects that refer to X use {x_paid} (CR 107.3m)")
    else:
        how = f" by {put_by}" if put_by else ""
        why.append(f"{card.name} was put onto the battlefield{how} without being cast: no value was chosen for X, so X is 0 "
                   "(CR 107.3m applies only to a spell that became the permanent; Hypergenesis ruling 2006-09-25)")
    if out["has_x"]:
        why.append(f"on the battlefield the permanent's own X is 0: mana value {out['mana_value']} (CR 107.3m, 107.3g, 202.3)")
    for e in out["etb_abilities"]:
        why.append(e)
    if not out["etb_abilities"]:
        why.append(f"{card.name} has no enters-the-battlefield ability that refers to X in its model")
    values = {"x": out["x"], "mana_value": out["mana_value"], "counters": out["counters"],
              "refers_to_x": bool(out["etb_abilities"])}
    return Answer("entering_x", values, why)
