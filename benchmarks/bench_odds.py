"""Benchmark the deck odds: shuffled decks per second, and the time of the exact figures.

Run `python benchmarks/bench_odds.py [--deck NAME] [--mulligan POLICY ...] [--samples N]
[--repeat R]`; prints one JSON line per figure. Each shuffled deck is mulliganed by the policy
and plays six turns for both seats. The rate is the best of R timed Monte Carlo runs of `odds()`
(exact=False) after one untimed warm-up run, in wall time and in this process's CPU time (on a
shared machine the CPU figure is the steadier); the exact figures (every table's closed forms)
are timed once on their own.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # run from a checkout, uninstalled

from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.pool.deck import Deck
from ecs_vanguard.sim.odds import odds


def measure(deck_name: str, mulligan: str, samples: int, repeat: int) -> list[dict[str, object]]:
    """Time `odds()` on one deck and policy; return the benchmark records."""
    db = CardDB.builtin()
    deck = Deck.resolve(deck_name, db)
    odds(deck, db, mulligan=mulligan, samples=1_000, exact=False)     # warm-up
    best = cpu = float("inf")
    for seed in range(repeat):
        start, used = time.perf_counter(), time.process_time()
        odds(deck, db, mulligan=mulligan, samples=samples, seed=seed, exact=False)
        best = min(best, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - used)
    start = time.perf_counter()
    report = odds(deck, db, mulligan=mulligan, samples=1, exact=True)
    exact_seconds = time.perf_counter() - start
    figures = [f for t in report.tables for f in t.figures()]
    return [{"benchmark": "odds", "deck": deck_name, "mulligan": mulligan, "samples": samples,
             "seconds": round(best, 4), "samples_per_s": round(samples / best),
             "samples_per_cpu_s": round(samples / cpu)},
            {"benchmark": "odds_exact", "deck": deck_name, "mulligan": mulligan,
             "seconds": round(exact_seconds, 3),
             "exact_figures": sum(f.exact is not None for f in figures),
             "figures": len(figures)}]


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments, run the benchmark and print its JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deck", default="blazing_dragons", help="built-in deck name or path")
    parser.add_argument("--mulligan", nargs="+", default=["none", "grades"],
                        help="mulligan policies to time (default: none grades)")
    parser.add_argument("--samples", type=int, default=2_000_000, help="decks per run")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs; the best counts")
    args = parser.parse_args(argv)
    for mulligan in args.mulligan:
        for record in measure(args.deck, mulligan, args.samples, args.repeat):
            print(json.dumps(record))


if __name__ == "__main__":
    main()
