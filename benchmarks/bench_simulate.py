"""Simulation runner throughput on the real engine with 1 and 2 workers, and the speed-up.

Prints one JSON line per figure:
    {"benchmark": "simulate", "backend": "process", "workers": 1, "games_per_s": ...}
    {"benchmark": "simulate_speedup", "workers": 2, "speedup": ...}
Wall time includes starting the pool, as a user of `ecs-vanguard simulate` sees it.
"""

from __future__ import annotations

import argparse
import json
import time

from ecs_vanguard.sim.runner import simulate


def measure(args: argparse.Namespace, backend: str, workers: int) -> dict:
    """Play args.games games on a backend and return the figure as a dict."""
    start = time.perf_counter()
    results = simulate(args.deck_a, args.deck_b, args.games, seed=args.seed, format=args.format,
                       backend=backend, workers=workers)
    seconds = time.perf_counter() - start
    summary = results.summary()
    return {"benchmark": "simulate", "backend": backend, "workers": workers,
            "format": args.format, "games": args.games, "seconds": round(seconds, 3),
            "games_per_s": round(args.games / seconds, 1), "errors": summary["errors"],
            "turns_per_game": round(summary["turns"]["mean"], 2)}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; exit code 1 if any game failed in the engine."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--deck-a", default="blazing_dragons")
    parser.add_argument("--deck-b", default="radiant_knights")
    parser.add_argument("--format", default="standard")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    figures = [measure(args, "serial", 1), measure(args, "process", 1),
               measure(args, "process", 2)]
    for figure in figures:
        print(json.dumps(figure), flush=True)
    one, two = figures[1]["games_per_s"], figures[2]["games_per_s"]
    print(json.dumps({"benchmark": "simulate_speedup", "backend": "process", "workers": 2,
                      "speedup": round(two / one, 2)}))
    return 1 if any(f["errors"] for f in figures) else 0


if __name__ == "__main__":
    raise SystemExit(main())
