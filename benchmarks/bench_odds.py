"""Benchmark the vectorized deck odds: simulated deck orders per second (DESIGN.md Performance).

Run `python benchmarks/bench_odds.py [--deck NAME] [--samples N] [--repeat R]`; prints one JSON
line. The figure is the best of R timed runs of `odds()`, after one untimed warm-up run that
loads the card pool and the deck.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # run from a checkout, uninstalled

from ecs_vanguard.cards.db import CardDB
from ecs_vanguard.cards.deck import Deck
from ecs_vanguard.sim.odds import odds


def measure(deck_name: str, samples: int, repeat: int) -> dict[str, object]:
    """Time `odds()` on one deck; return the benchmark record."""
    db = CardDB.builtin()
    deck = Deck.resolve(deck_name, db)
    odds(deck, db, samples=1_000)                                  # warm-up
    best = float("inf")
    for seed in range(repeat):
        start = time.perf_counter()
        odds(deck, db, samples=samples, seed=seed)
        best = min(best, time.perf_counter() - start)
    return {"benchmark": "odds", "deck": deck_name, "samples": samples,
            "seconds": round(best, 4), "samples_per_s": round(samples / best)}


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments, run the benchmark and print its JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deck", default="blazing_dragons", help="built-in deck name or path")
    parser.add_argument("--samples", type=int, default=2_000_000, help="deck orders per run")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs; the best counts")
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.deck, args.samples, args.repeat)))


if __name__ == "__main__":
    main()
