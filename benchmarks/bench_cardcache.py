"""Load time of the 32k-card Scryfall file with and without the parsed-card cache (docs/cards.md).

Each measurement is a fresh process (``load_database`` of a new process is what the cache is for).
Usage: ``python benchmarks/bench_cardcache.py [CARD_FILE] [RUNS]`` (default: the shared oracle-cards file, 5).
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

CODE = """
import time, resource
t = time.perf_counter(); c = time.process_time()
from mtgcheck.models.data.database import load_database
db = load_database(%r)
print(f"{time.perf_counter() - t:.3f} {time.process_time() - c:.3f} {len(db)} "
      f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f}")
"""


def run(path: str, env: dict) -> tuple[float, float, int, int]:
    out = subprocess.run([sys.executable, "-c", CODE % path], env=env, capture_output=True, text=True, check=True)
    wall, cpu, n, rss = out.stdout.split()
    return float(wall), float(cpu), int(n), int(rss)


def main() -> None:
    shared = Path(os.environ.get("MTGCHECK_SHARED", Path(__file__).resolve().parents[2] / "shared"))
    path = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] else str(shared / "carddata" / "oracle-cards-2025-11-03.json.gz")
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, MTGCHECK_CACHE_DIR=cache)
        print(f"load average {os.getloadavg()[0]:.1f}; {path}")
        first = run(path, env)
        print(f"first load (parses, writes the cache): wall {first[0]:.2f} s, cpu {first[1]:.2f} s, {first[2]} cards")
        for label, e in (("no cache", dict(env, MTGCHECK_NO_CACHE="1")), ("cached", env)):
            rs = [run(path, e) for _ in range(runs)]
            walls, cpus = sorted(r[0] for r in rs), sorted(r[1] for r in rs)
            print(f"{label:>9}: wall {walls[0]:.2f}-{walls[-1]:.2f} s (median {walls[len(walls) // 2]:.2f}), "
                  f"cpu {cpus[0]:.2f}-{cpus[-1]:.2f} s, peak RSS {max(r[3] for r in rs)} MiB")
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
