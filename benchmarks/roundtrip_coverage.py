"""Whole-sentence readings on the 32k-card file: how many typed readings print back to their sentence (figures in
docs/effects.md, "Whole-sentence readings").

    python benchmarks/roundtrip_coverage.py [CARDS_FILE] [--json] [--top K] [--list]

CARDS_FILE defaults to ``$MTGCHECK_SHARED/carddata/oracle-cards-2025-11-03.json.gz``, then ``../shared/carddata/...``
next to the repository (read in place, never copied). Every card whose behaviour is parsed from its text (not a
catalog model) is parsed; each ability that carries a typed reading (``models.text.roundtrip.is_typed``: a typed
effect, typed cost parts, a restriction, a cost change) is printed back from its typed fields
(``models.text.render``) and compared with its line. Counted: typed readings, those that print back, those the
parser refused (their sentence stays Unmodelled), those kept by the exception list (``roundtrip_exceptions.yaml``),
per effect class, and the most common reasons a reading does not print back.
"""
from __future__ import annotations

import argparse
import collections
import json
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# the card file is found as the pool-wide probe finds it (its argument, $MTGCHECK_SHARED, then ../shared)
from probe_pool import default_cards_file  # (benchmarks/ is the script's folder)


def measure(path: Path) -> dict:
    """The round-trip figures of every parsed card of ``path`` (see the module docstring)."""
    from mtgcheck.models.data.database import load_database
    from mtgcheck.models.vocab.effect import Unmodelled
    from mtgcheck.models.text import roundtrip
    from mtgcheck.models.text.oracle import abilities_of

    t0 = time.perf_counter()
    db = load_database(path)
    t1 = time.perf_counter()
    listed = roundtrip.exceptions()
    per: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    reasons: collections.Counter = collections.Counter()
    refusals: list[tuple[str, str, str]] = []
    cards = 0
    parse_s = render_s = 0.0
    for card in db:
        if card.abilities is not None:
            continue
        cards += 1
        t = time.perf_counter()
        abilities = abilities_of(card)
        parse_s += time.perf_counter() - t
        names = roundtrip.card_names(card)
        for a in abilities:
            shown = a.refused if a.refused is not None else a
            if not roundtrip.is_typed(shown):
                continue
            cls = "activated cost" if isinstance(shown.effect, Unmodelled) else type(shown.effect).__name__
            t = time.perf_counter()
            ok, why = roundtrip.reading(shown, names)
            render_s += time.perf_counter() - t
            per[cls]["typed"] += 1
            if ok:
                per[cls]["printed"] += 1
            elif a.refused is not None:
                per[cls]["refused"] += 1
                reasons[why[:90]] += 1
                refusals.append((card.name, a.text, why))
            elif card.name in listed:
                per[cls]["kept"] += 1
            else:
                per[cls]["unchecked"] += 1
    total = collections.Counter()
    for c in per.values():
        total.update(c)
    return {"file": path.name, "cards": cards, "load_s": round(t1 - t0, 1), "parse_s": round(parse_s, 1),
            "render_s": round(render_s, 1), "typed": total["typed"], "printed": total["printed"],
            "refused": total["refused"], "kept": total["kept"], "unchecked": total["unchecked"],
            "exceptions": len(listed), "per_class": {k: dict(v) for k, v in sorted(per.items(), key=lambda kv: -kv[1]["typed"])},
            "reasons": reasons.most_common(), "refusals": refusals}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cards", nargs="?", help="Scryfall oracle-cards file (default: the shared 32k file)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--top", type=int, default=15, help="how many refusal reasons to list")
    ap.add_argument("--list", action="store_true", help="list every refused reading: card, line, why")
    args = ap.parse_args(argv)
    got = measure(default_cards_file(args.cards))
    if args.json:
        got["reasons"] = got["reasons"][: args.top]
        if not args.list:
            del got["refusals"]
        print(json.dumps(got, indent=2))
        return 0
    t = got["typed"]
    print(f"{got['cards']:,} cards parsed ({got['file']}); load {got['load_s']} s, parse {got['parse_s']} s, "
          f"print back and compare {got['render_s']} s")
    print(f"typed readings: {t:,}; print back: {got['printed']:,} ({100 * got['printed'] / t:.2f}%); refused: "
          f"{got['refused']:,}; kept by the exception list: {got['kept']:,} ({got['exceptions']} cards)")
    print(f"{'class':28} {'typed':>7} {'printed':>8} {'refused':>8} {'kept':>5}")
    for k, v in got["per_class"].items():
        print(f"{k:28} {v.get('typed', 0):7,} {v.get('printed', 0):8,} {v.get('refused', 0):8,} {v.get('kept', 0):5,}")
    print("most common reasons a reading is refused:")
    for r, n in got["reasons"][: args.top]:
        print(f"  {n:5}  {r}")
    if args.list:
        print("every refused reading (card | line | why):")
        for name, line, why in got["refusals"]:
            print(f"  {name} | {line} | {why}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
