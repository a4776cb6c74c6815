"""Random-vs-random full games on one core for a fixed time: one JSON line per format.

    python benchmarks/bench_games.py [--seconds 10]

Keys: format, games, seconds, games_per_s, decisions_per_s, decisions_per_game, turns_per_game,
clone_us (mean cost of Game.clone() mid-game).
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

import ecs_vanguard as vg

MATCHUPS = {"standard": ("blazing_dragons", "radiant_knights"),
            "premium": ("force_vanguards", "accel_strikers")}


def bench_format(fmt: str, seconds: float) -> dict:
    """Play random games of one format until `seconds` have passed; return the figures."""
    a, b = (vg.Deck.builtin(n) for n in MATCHUPS[fmt])
    games = decisions = turns = 0
    clone_times = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = vg.Game(a, b, seed=games, format=fmt)
        rng = np.random.default_rng(games)
        while not game.over:
            actions = game.legal_actions()
            game.step(actions[int(rng.integers(len(actions)))])
            decisions += 1
            if decisions % 97 == 0:
                t0 = time.perf_counter()
                game.clone()
                clone_times.append(time.perf_counter() - t0)
        games += 1
        turns += game.turn
    elapsed = time.perf_counter() - start - sum(clone_times)
    return {"format": fmt, "games": games, "seconds": round(elapsed, 3),
            "games_per_s": round(games / elapsed, 1),
            "decisions_per_s": round(decisions / elapsed),
            "decisions_per_game": round(decisions / games, 1),
            "turns_per_game": round(turns / games, 1),
            "clone_us": round(1e6 * float(np.mean(clone_times)), 1) if clone_times else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time per format")
    args = parser.parse_args()
    for fmt in MATCHUPS:
        print(json.dumps(bench_format(fmt, args.seconds)), flush=True)


if __name__ == "__main__":
    main()
