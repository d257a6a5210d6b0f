"""Timing of the delve answers (figures recorded in docs/delve.md).

Run: ``python benchmarks/bench_delve.py``. Not a test: no assertion on time.

* Soulflayer's ``keyword_sets`` with a 60-card graveyard holding 25 creature cards of mixed keywords
  (real cards from ``../shared/carddata``; 35 noncreature cards), Swamps on the battlefield so that
  every size 0..4 is castable.
* Treasure Cruise's exile-set count with 40 distinct cards in the graveyard (and the listing capped
  at 50), with enough Islands that sizes 0..7 are all castable.

Each figure is the best of 5 runs of the whole analysis (total cost, payment searches, grouping,
keyword sets or count); loading the card data is not timed.
"""
from __future__ import annotations

import gzip
import itertools
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mtgcheck.models.game.cards import card_from_fields  # noqa: E402
from mtgcheck.models.data.database import load_database  # noqa: E402
from mtgcheck.models.text.delve import SOULFLAYER_KEYWORDS, delve_grantable_keywords  # noqa: E402
from mtgcheck.models.game.state import CardInstance, GameState, Permanent  # noqa: E402
from mtgcheck.solver.questions.delve import analyse_delve  # noqa: E402

SHARED = ROOT.parent / "shared" / "carddata" / "oracle-cards-2025-11-03.json.gz"


def best_of(fn, n: int = 5) -> tuple[float, object]:
    best = float("inf")
    out = None
    for _ in range(n):
        t = time.perf_counter()
        out = fn()
        best = min(best, (time.perf_counter() - t) * 1000)
    return best, out


def main() -> None:
    if not SHARED.exists():
        print(f"needs {SHARED} (not found)")
        return
    with gzip.open(SHARED, "rt", encoding="utf-8") as f:
        raw = json.load(f)
    db = load_database(None)
    creatures, others = [], []
    for r in sorted(raw, key=lambda r: r["name"]):
        if r.get("layout") != "normal" or not r.get("oracle_text"):
            continue
        c = card_from_fields(r, source="scryfall")
        if c.is_type("Creature"):
            if len(creatures) < 25 and delve_grantable_keywords(c, SOULFLAYER_KEYWORDS) and \
                    len({frozenset(delve_grantable_keywords(x)) for x in creatures} | {delve_grantable_keywords(c)}) > len(creatures) * 0.6:
                creatures.append(c)
        elif c.is_type("Instant") and len(others) < 35:
            others.append(c)
        if len(creatures) == 25 and len(others) == 35:
            break
    gy = creatures + others
    s = GameState(players=["Alice", "Bob"], active="Alice")
    s.zones["graveyard"]["Alice"] = [CardInstance(f"g{i}", c, "Alice") for i, c in enumerate(gy)]
    s.battlefield = [Permanent(f"sw{i}", db.get("Swamp"), "Alice", "Alice") for i in range(6)]
    kinds = {frozenset(delve_grantable_keywords(c)) for c in creatures}
    ms, ks = best_of(lambda: analyse_delve(s, "Alice", db.get("Soulflayer")).keyword_sets())
    print(f"graveyard {len(gy)} cards, {len(creatures)} creature cards, {len(kinds)} distinct keyword sets, "
          f"{len({k for c in creatures for k in delve_grantable_keywords(c)})} distinct keywords")
    print(f"Soulflayer keyword_sets (6 Swamps, sizes 0..4):           {ms:8.2f} ms   {len(ks)} sets")

    s2 = GameState(players=["Alice"], active="Alice")
    s2.zones["graveyard"]["Alice"] = [CardInstance(f"g{i}", c, "Alice") for i, c in enumerate(gy[:40])]
    s2.battlefield = [Permanent(f"is{i}", db.get("Island"), "Alice", "Alice") for i in range(8)]

    def cruise():
        a = analyse_delve(s2, "Alice", db.get("Treasure Cruise"))
        n = a.exile_set_count()
        listed = list(itertools.islice(a.iter_exile_sets(), 50))
        return n, len(listed)

    ms2, (n, listed) = best_of(cruise)
    print(f"Treasure Cruise exile_set_count, 40 distinct (8 Islands):   {ms2:8.2f} ms   {n} sets ({listed} listed)")
    s2.battlefield = [Permanent("is0", db.get("Island"), "Alice", "Alice")]
    ms3, (n3, _) = best_of(cruise)
    print(f"Treasure Cruise exile_set_count, 40 distinct (1 Island):    {ms3:8.2f} ms   {n3} sets")


if __name__ == "__main__":
    main()
