"""Benchmark the deck odds: shuffled decks per second, and the time of the exact figures.

Run `python benchmarks/bench_odds.py [--deck NAME] [--mulligan POLICY ...] [--samples N]
[--repeat R]`; prints one JSON line per figure:

    {"benchmark": "odds", "deck": ..., "mulligan": ..., "figure": "samples_per_cpu_s", ...}

Each shuffled deck is mulliganed by the policy and plays six turns for both seats. Every time
is CPU seconds of this process (time.process_time; a shared machine slows it less than wall
time). samples_per_cpu_s: the median of R timed Monte Carlo runs of `odds()` (exact=False),
after one untimed warm-up run; exact_cpu_s: the exact figures (every table's closed forms)
timed once on their own, with how many of the figures are exact.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # run from a checkout, uninstalled

from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.sim.odds import odds


def measure(deck_name: str, mulligan: str, samples: int, repeat: int) -> list[dict[str, object]]:
    """Time `odds()` on one deck and policy in CPU seconds; return the benchmark records."""
    db = CardDB.builtin()
    deck = Deck.resolve(deck_name, db)
    odds(deck, db, mulligan=mulligan, samples=1_000, exact=False)     # warm-up
    runs = []
    for seed in range(repeat):
        used = time.process_time()
        odds(deck, db, mulligan=mulligan, samples=samples, seed=seed, exact=False)
        runs.append(time.process_time() - used)
    used = time.process_time()
    report = odds(deck, db, mulligan=mulligan, samples=1, exact=True)
    exact_cpu_s = time.process_time() - used
    figures = [f for t in report.tables for f in t.figures()]
    common = {"benchmark": "odds", "deck": deck_name, "mulligan": mulligan}
    cpu_s = statistics.median(runs)
    return [{**common, "figure": "samples_per_cpu_s", "value": round(samples / cpu_s),
             "samples": samples, "runs": repeat, "median_cpu_s": round(cpu_s, 4)},
            {**common, "figure": "exact_cpu_s", "value": round(exact_cpu_s, 3),
             "exact_figures": sum(f.exact is not None for f in figures),
             "figures": len(figures)}]


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments, run the benchmark and print its JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deck", default="blazing_dragons", help="built-in deck name or path")
    parser.add_argument("--mulligan", nargs="+", default=["none", "grades"],
                        help="mulligan policies to time (default: none grades)")
    parser.add_argument("--samples", type=int, default=2_000_000, help="decks per run")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs; their median counts")
    args = parser.parse_args(argv)
    for mulligan in args.mulligan:
        for record in measure(args.deck, mulligan, args.samples, args.repeat):
            print(json.dumps(record))


if __name__ == "__main__":
    main()
