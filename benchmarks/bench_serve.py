"""Answer latency of the rulings page at the HTTP boundary. Run: ``python benchmarks/bench_serve.py``.

Starts ``mtgcheck serve --port 0`` (a separate process, the real server: uvicorn, Starlette, JSON both ways), then
for each board POSTs the page's own request (``/api/ask`` with the board builder's form, exactly what the page
sends) ``--repeat`` times after one warm-up, and prints min / median / max wall time per answer measured by the
client: the form assembled, the YAML written and read back, the scenario answered as ``mtgcheck ask`` answers it,
the picture drawn, the JSON sent back.

Boards (card data: ``--cards``, default the 32k-card Scryfall file in ../shared):

* the hard board of benchmarks/bench_payment.py: Progenitus {W}{W}{U}{U}{B}{B}{R}{R}{G}{G} cast against 40 sources
  (10 filters, 10 any-colour, 20 basics), with its payment picture;
* Blood Moon + Urborg + Reflecting Pool, ``could_produce`` with its dependency graph;
* Treasure Cruise cast with delve from a graveyard of 60 cards.

``--clients N`` also runs N clients at once on the Progenitus board and prints the latency each saw.
Figures are recorded in docs/web.md.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]


def entries(names):
    return [{"card": n} for n in names]


def board_40():
    names = ["Azorius Signet" if i % 2 == 0 else "Fire-Lit Thicket" for i in range(10)]
    names += ["City of Brass" if i % 2 == 0 else "Birds of Paradise" for i in range(10)]
    names += [BASICS[i % 5] for i in range(20)]
    return names


def form(zones, kind, args):
    return {"players": ["Alice", "Bob"], "zones": zones, "ask": {"kind": kind, "args": args, "more": ""}}


BOARDS = {
    "cast Progenitus, 40 sources": form({"battlefield": {"Alice": entries(board_40())},
                                         "hand": {"Alice": entries(["Progenitus"])}}, "cast", {"card": "Progenitus"}),
    "could_produce, Blood Moon + Urborg + Reflecting Pool": form(
        {"battlefield": {"Alice": entries(["Blood Moon", "Urborg, Tomb of Yawgmoth", "Reflecting Pool"])}},
        "could_produce", {"permanent": "Reflecting Pool"}),
    "cast Treasure Cruise, delve from 60 cards": form(
        {"battlefield": {"Alice": entries(["Island"])},
         "graveyard": {"Alice": [{"card": n, "count": "12"} for n in ("Opt", "Lightning Bolt", "Forest", "Island",
                                                                       "Brainstorm")]},
         "hand": {"Alice": entries(["Treasure Cruise"])}}, "cast", {"card": "Treasure Cruise"}),
}


def start_server(cards: str) -> tuple[subprocess.Popen, str]:
    p = subprocess.Popen([sys.executable, "-m", "mtgcheck", "serve", "--port", "0", "--cards", cards],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    line = p.stdout.readline() if p.stdout else ""
    if not line.startswith("mtgcheck serve: http://"):
        p.kill()
        raise SystemExit(f"the server did not start: {line}{p.stderr.read() if p.stderr else ''}")
    return p, line.split()[2]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", default=os.environ.get("MTGCHECK_CARDS")
                    or str(ROOT.parent / "shared" / "carddata" / "oracle-cards-2025-11-03.json.gz"))
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--clients", type=int, default=4)
    args = ap.parse_args()
    import httpx

    t0 = time.perf_counter()
    proc, url = start_server(args.cards)
    print(f"server up in {time.perf_counter() - t0:.1f} s at {url} (cards: {Path(args.cards).name})")
    try:
        with httpx.Client(base_url=url, timeout=120) as h:
            print(f"{'board':58} {'min':>8} {'median':>8} {'max':>8}   answer")
            for name, f in BOARDS.items():
                r = h.post("/api/ask", json={"form": f}).json()  # warm-up
                res = r["result"]
                times = []
                for _ in range(args.repeat):
                    t = time.perf_counter()
                    r = h.post("/api/ask", json={"form": f})
                    r.raise_for_status()
                    times.append((time.perf_counter() - t) * 1000)
                summary = ", ".join(f"{k}={v}" for k, v in list(res["values_text"].items())[:2])
                print(f"{name:58} {min(times):7.1f}  {statistics.median(times):7.1f}  {max(times):7.1f}   "
                      f"{res['verdict']}: {summary[:60]}{' +picture' if res['svg'] else ''}")
        if args.clients > 1:
            seen: list[float] = []
            f = BOARDS["cast Progenitus, 40 sources"]

            def client() -> None:
                with httpx.Client(base_url=url, timeout=120) as h:
                    for _ in range(5):
                        t = time.perf_counter()
                        h.post("/api/ask", json={"form": f}).raise_for_status()
                        seen.append((time.perf_counter() - t) * 1000)

            threads = [threading.Thread(target=client) for _ in range(args.clients)]
            t = time.perf_counter()
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            wall = time.perf_counter() - t
            print(f"{args.clients} clients x 5 Progenitus questions at once: {len(seen)} answers in {wall * 1000:.0f} ms; "
                  f"each {min(seen):.1f} / {statistics.median(seen):.1f} / {max(seen):.1f} ms (min / median / max)")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


if __name__ == "__main__":
    main()
