"""Benchmarks for mana production (docs/mana.md records the figures) and the parser coverage report.

    python benchmarks/bench_produce.py            # could_produce / available_mana timings + parse time
    python benchmarks/bench_produce.py --coverage # writes the table used in docs/parser-coverage.md
    python benchmarks/bench_produce.py --filters  # ten different filter lands; thousands of basics
    python benchmarks/bench_produce.py --replacements  # 0 to 6 mana replacement effects on 1,000 lands

Boards of 10, 100 and 1,000 permanents: a tenth reflecting lands (Reflecting Pool, Exotic Orchard),
basic and nonbasic lands, mana creatures and rocks, and three replacement effects (Contamination,
Mana Reflection, a resolved Pale Moon). Card data: ../shared/carddata (never copied into the repo).
"""
from __future__ import annotations

import collections
import gzip
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mtgcheck.models.data.catalog import load_catalog  # noqa: E402
from mtgcheck.models.game.state import Effect, GameState, Permanent  # noqa: E402
from mtgcheck.models.vocab.mana_effects import AddMana  # noqa: E402

_ADD = re.compile(r"\badds?\b[^.]*?(\{[WUBRGCS0-9X]\}|\bmana\b)", re.I)
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")


def make_board(n: int, replacements: bool = True) -> GameState:
    """A two-player board of ``n`` permanents, a tenth of them reflecting lands."""
    cat = load_catalog()
    fill = ["Forest", "Island", "Tropical Island", "Swamp", "Llanowar Elves", "Vivid Crag", "Mountain",
            "Ancient Ziggurat", "Sol Ring"]
    refl = ["Reflecting Pool", "Exotic Orchard"]
    s = GameState(players=["Alice", "Bob"], active="Alice")
    extra = ["Contamination", "Mana Reflection"] if replacements else []
    for i in range(n - len(extra)):
        name = refl[0] if i % 20 == 0 else refl[1] if i % 20 == 11 else fill[i % len(fill)]
        who = "Alice" if i % 2 == 0 else "Bob"
        s.battlefield.append(Permanent(f"p{i}", cat[name], who, who))
    for j, name in enumerate(extra):
        s.battlefield.append(Permanent(f"x{j}", cat[name], "Alice", "Alice"))
    if replacements:
        s.effects.append(Effect(cat["Pale Moon"], "Bob"))
    return s


def bench_could_produce(sizes=(10, 100, 1000), repeat: int = 5) -> dict[int, float]:
    """Best-of-``repeat`` milliseconds for ``could_produce`` of every permanent at once."""
    from mtgcheck.solver.rules.mana.produce import could_produce

    out = {}
    for n in sizes:
        best = float("inf")
        for _ in range(repeat):
            s = make_board(n)
            t0 = time.perf_counter()
            res = could_produce(s)
            best = min(best, time.perf_counter() - t0)
        out[n] = best * 1000
        print(f"could_produce, {n:5d} permanents ({res.graph.number_of_nodes()} graph nodes, "
              f"{res.graph.number_of_edges()} edges): {best * 1000:.1f} ms")
    return out


def bench_available_mana(ks=(1, 2, 4, 8, 16, 30, 100)) -> list[tuple[int, int, float]]:
    """available_mana with k distinct any-colour sources (different cards, so nothing is collapsed)."""
    from mtgcheck.models.data.catalog import card_from_model
    from mtgcheck.solver.rules.mana.pools import maximal_pools

    rows = []
    for k in ks:
        s = GameState(players=["Alice", "Bob"], active="Alice")
        for i in range(k):
            c = card_from_model({"name": f"Prism {i}", "type_line": "Artifact", "abilities": [
                {"kind": "activated", "cost": "{T}", "effect": "add_mana", "params": {"any_color": True, "amount": 1},
                 "text": "tap: any colour"}]})
            s.battlefield.append(Permanent(f"d{i}", c, "Alice", "Alice"))
        t0 = time.perf_counter()
        res = maximal_pools(s, "Alice", 50)
        dt = (time.perf_counter() - t0) * 1000
        rows.append((k, res.count, dt))
        print(f"available_mana, {k} distinct any-colour sources: {res.count:,} maximal pools ({res.method}) in {dt:.1f} ms")
    return rows


#: Boards for available_mana by size: a cycle of these cards (QA's "mixed" board), and the same with a filter.
MIXED = ["Birds of Paradise", "City of Brass", "Mana Confluence", "Forest", "Reflecting Pool", "Exotic Orchard",
         "Tropical Island", "Sol Ring", "Llanowar Elves", "Vivid Crag"]
WITH_FILTERS = ["Birds of Paradise", "City of Brass", "Forest", "Reflecting Pool", "Tropical Island", "Sol Ring",
                "Vivid Crag", "Azorius Signet", "Fire-Lit Thicket", "Mountain"]


def bench_available_mana_boards(sizes=(10, 20, 100, 1000), repeat: int = 3) -> list[tuple[str, int, str, float]]:
    """available_mana on boards of n permanents (mixed sources; mixed with filters), limit 50; min / median /
    max ms of ``repeat`` runs (the median is returned)."""
    import statistics

    from mtgcheck.models.data.catalog import load_catalog
    from mtgcheck.solver.questions.registry import Unsupported
    from mtgcheck.solver.rules.mana.pools import maximal_pools

    cat = load_catalog()
    rows = []
    for label, cycle in (("mixed", MIXED), ("with filters", WITH_FILTERS)):
        for n in sizes:
            s = GameState(players=["Alice", "Bob"], active="Alice")
            s.life["Alice"] = 10 * n
            for i in range(n):
                s.battlefield.append(Permanent(f"a{i}", cat[cycle[i % len(cycle)]], "Alice", "Alice"))
            s.battlefield.append(Permanent("b0", cat["Island"], "Bob", "Bob"))
            times = []
            for _ in range(repeat):
                t0 = time.perf_counter()
                try:
                    res = maximal_pools(s, "Alice", 50)
                    what = f"{res.count:,} pools ({res.method})"
                except Unsupported:
                    what = "unsupported (budget)"
                times.append((time.perf_counter() - t0) * 1000)
            dt = statistics.median(times)
            rows.append((label, n, what, dt))
            print(f"available_mana, {label}, {n} permanents: {what}; min {min(times):.1f} / median {dt:.1f} / "
                  f"max {max(times):.1f} ms")
    return rows


def parser_coverage(path) -> tuple[int, int, collections.Counter]:
    """Of the cards with a mana ability (see docs/parser-coverage.md for the definition), how many the parser models.

    Returns (cards with a mana ability, cards whose every mana ability is modelled, Counter of unmodelled
    patterns with an example each as ``(pattern, card, text)`` keys).
    """
    import mtgcheck.models.text.mana as mt
    from mtgcheck.models.game.cards import card_from_fields
    from mtgcheck.models.text.oracle import parse_abilities

    recs = json.load(gzip.open(path))
    total = ok = 0
    rest: collections.Counter = collections.Counter()
    for r in recs:
        try:
            c = card_from_fields(r)
        except ValueError:
            continue
        cands = []
        for a in parse_abilities(c):
            body = a.text.split(":", 1)[1] if a.kind == "activated" and ":" in a.text else a.text
            body = _QUOTED.sub("", body)
            if a.kind == "activated" and _ADD.search(body) and a.loyalty is None:
                cands.append(a)
            elif a.kind == "triggered" and "for mana" in body.lower() and _ADD.search(body):
                cands.append(a)
        real = []
        for a in cands:  # CR 605.1a / 605.5a: abilities with targets or moving library cards are not mana abilities
            if isinstance(a.effect, AddMana) and not a.is_mana_ability:
                continue
            if not isinstance(a.effect, AddMana) and (re.search(r"\btarget\b", a.text, re.I) or mt._LIBRARY_WORDS.search(a.text)):
                continue
            real.append(a)
        if not real:
            continue
        total += 1
        bad = [a for a in real if not isinstance(a.effect, AddMana)]
        if not bad:
            ok += 1
        for a in bad:
            rest[(a.kind, c.name, a.text)] += 1
    return total, ok, rest


def bench_filter_lands(repeat: int = 3) -> list[tuple[str, float, float, float]]:
    """Issue 14 part 2: available_mana with the ten different two-colour filter lands and basics, and with
    thousands of basic lands (which collapse to one pool). Min / median / max ms of ``repeat`` runs."""
    import statistics

    from mtgcheck.models.data.catalog import card_from_model
    from mtgcheck.solver.rules.mana.pools import maximal_pools

    def land(name: str, abilities: list) -> object:
        return card_from_model({"name": name, "type_line": "Land", "abilities": abilities})

    filters = []
    for x, y in ["WU", "UB", "BR", "RG", "GW", "WB", "UR", "BG", "RW", "GU"]:
        filters.append(land(f"Filter {x}{y}", [
            {"kind": "activated", "cost": "{T}", "effect": "add_mana", "params": {"mana": "{C}"}, "text": "tap: C"},
            {"kind": "activated", "cost": f"{{{x}/{y}}}, {{T}}", "effect": "add_mana",
             "params": {"options": [f"{{{x}}}{{{x}}}", f"{{{x}}}{{{y}}}", f"{{{y}}}{{{y}}}"]}, "text": "filter"}]))
    basics = [land(f"Basic {t}", [{"kind": "activated", "cost": "{T}", "effect": "add_mana",
                                   "params": {"mana": "{" + t + "}"}, "text": "tap"}]) for t in "WUBRG"]
    rows = []
    for label, cards in (("10 different filter lands + 20 basics", filters + [basics[i % 5] for i in range(20)]),
                         ("1,000 basic lands", [basics[i % 5] for i in range(1000)]),
                         ("10,000 basic lands", [basics[i % 5] for i in range(10000)])):
        s = GameState(players=["Alice", "Bob"], active="Alice")
        for i, c in enumerate(cards):
            s.battlefield.append(Permanent(f"p{i}", c, "Alice", "Alice"))
        times = []
        res = None
        for _ in range(repeat):
            t0 = time.perf_counter()
            res = maximal_pools(s, "Alice", limit=50)
            times.append((time.perf_counter() - t0) * 1000)
        rows.append((label, min(times), statistics.median(times), max(times)))
        print(f"available_mana, {label}: {res.count:,} maximal pools ({res.method}); "
              f"min {min(times):.0f} / median {statistics.median(times):.0f} / max {max(times):.0f} ms")
    return rows


#: Replacement effects on mana production added one by one (their orders grow as k!; CR 616.1).
REPLACEMENT_CARDS = ("Naked Singularity", "Hall of Gemstone", "Pulse of Llanowar", "Contamination", "Nyxbloom Ancient",
                     "Mana Reflection")


def bench_replacements(n: int = 1000, repeat: int = 3) -> list[tuple[str, float]]:
    """``could_produce`` on ``n`` lands (basics, Tropical Islands, Wastes, Reflecting Pools) with the first k of
    ``REPLACEMENT_CARDS`` (k = 0..6; their orders grow as k!, CR 616.1, memoised per distinct event), then
    ``available_mana`` with each effect alone: best-of-``repeat`` milliseconds. (Two effects that each leave a land
    two results, such as Naked Singularity with Hall of Gemstone, multiply the maximal pools: 1.4 million on 100
    lands; their count is the payment search's cost, not this one's.)"""
    from mtgcheck.solver.rules.mana.produce import could_produce
    from mtgcheck.solver.questions.registry import Unsupported
    from mtgcheck.solver.rules.mana.pools import maximal_pools

    cat = load_catalog()
    lands = ["Forest", "Island", "Tropical Island", "Wastes", "Plains", "Reflecting Pool", "Swamp", "Mountain"]

    def make(names) -> GameState:
        s = GameState(players=["Alice", "Bob"], active="Alice")
        for i in range(n):
            s.battlefield.append(Permanent(f"p{i}", cat[lands[i % len(lands)]], "Alice", "Alice"))
        for j, name in enumerate(names):
            perm = Permanent(f"r{j}", cat[name], "Alice", "Alice")
            if name == "Hall of Gemstone":
                perm.choices["color"] = "U"
            s.battlefield.append(perm)
        return s

    def best(fn) -> float:
        out = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            fn()
            out = min(out, time.perf_counter() - t0)
        return out * 1000

    rows = []
    for k in range(len(REPLACEMENT_CARDS) + 1):
        s = make(REPLACEMENT_CARDS[:k])
        ms = best(lambda: could_produce(s))
        rows.append((f"could_produce, {k} effects", ms))
        print(f"could_produce, {n} lands, {k} replacement effects ({', '.join(REPLACEMENT_CARDS[:k]) or 'none'}): {ms:.1f} ms")
    for name in ("",) + REPLACEMENT_CARDS:
        s = make([name] if name else [])
        try:
            res = maximal_pools(s, "Alice", limit=50)
        except Unsupported as e:  # over the enumeration budget: said, never a partial answer
            print(f"available_mana, {n} lands, {name}: unsupported ({str(e)[:90]}...)")
            continue
        ms = best(lambda: maximal_pools(s, "Alice", limit=50))
        rows.append((f"available_mana, {name or 'none'}", ms))
        print(f"available_mana, {n} lands, {name or 'no replacement effect'}: {ms:.1f} ms ({res.count:,} maximal pools)")
    return rows


def main() -> None:
    if "--replacements" in sys.argv:
        bench_replacements()
        return
    if "--filters" in sys.argv:
        bench_filter_lands()
        return
    shared = ROOT.parent / "shared" / "carddata" / "oracle-cards-2025-11-03.json.gz"
    if "--coverage" in sys.argv:
        total, ok, rest = parser_coverage(shared)
        print(f"{ok} of {total} cards with a mana ability modelled: {100 * ok / total:.2f}%")
        for (kind, name, text), _ in sorted(rest.items(), key=lambda kv: kv[0][1]):
            print(f"| {kind} | {name} | {text[:110]} |")
        return
    bench_could_produce()
    bench_available_mana()
    bench_available_mana_boards()
    if shared.exists():
        from mtgcheck.models.game.cards import card_from_fields
        from mtgcheck.models.text.oracle import parse_abilities

        recs = json.load(gzip.open(shared))
        t0 = time.perf_counter()
        cards = [card_from_fields(r) for r in recs]
        t1 = time.perf_counter()
        for c in cards:
            parse_abilities(c)
        t2 = time.perf_counter()
        print(f"parse {len(cards)} cards: build {1000 * (t1 - t0):.0f} ms, oracle parse {1000 * (t2 - t1):.0f} ms")


if __name__ == "__main__":
    main()
