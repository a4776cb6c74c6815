"""Random-vs-random full games on one core for a fixed time: one JSON line per format.

    python benchmarks/bench_games.py [--seconds 10]

Keys: format, games, seconds, games_per_s, decisions_per_s, decisions_per_game, turns_per_game,
and, on a mid-game state (150 random decisions in), the figures tree search lives on:
clones_per_s (Game.clone(), made and dropped), clone_step_per_s (a clone, then one random legal
step on it), state_hash_per_s (each child state hashed once, right after a step changed
it, its parent hashed before) and
bytes_per_clone (tracemalloc, 200 clones kept alive at once).
"""

from __future__ import annotations

import argparse
import json
import time
import tracemalloc

import numpy as np

import ecs_vanguard as vg

MATCHUPS = {"standard": ("blazing_dragons", "radiant_knights"),
            "premium": ("force_vanguards", "accel_strikers")}
MIDGAME_DECISIONS = 150


def play_games(fmt: str, seconds: float) -> dict:
    """Play random games of one format until `seconds` have passed; return the figures."""
    a, b = (vg.Deck.builtin(n) for n in MATCHUPS[fmt])
    games = decisions = turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = vg.Game(a, b, seed=games, format=fmt)
        rng = np.random.default_rng(games)
        while not game.over:
            actions = game.legal_actions()
            game.step(actions[int(rng.integers(len(actions)))])
            decisions += 1
        games += 1
        turns += game.turn
    elapsed = time.perf_counter() - start
    return {"format": fmt, "games": games, "seconds": round(elapsed, 3),
            "games_per_s": round(games / elapsed, 1),
            "decisions_per_s": round(decisions / elapsed),
            "decisions_per_game": round(decisions / games, 1),
            "turns_per_game": round(turns / games, 1)}


def midgame(fmt: str) -> vg.Game:
    """A game of the format after MIDGAME_DECISIONS random decisions (or its end, if sooner)."""
    a, b = (vg.Deck.builtin(n) for n in MATCHUPS[fmt])
    game, rng = vg.Game(a, b, seed=3, format=fmt), np.random.default_rng(3)
    for _ in range(MIDGAME_DECISIONS):
        if game.over:
            break
        actions = game.legal_actions()
        game.step(actions[int(rng.integers(len(actions)))])
    return game


def per_second(work, seconds: float, batch: int = 100) -> float:
    """How many times per second `work()` runs, measured for about `seconds`."""
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(batch):
            work()
        count += batch
    return count / (time.perf_counter() - start)


def search_figures(fmt: str, seconds: float) -> dict:
    """Clone, clone-and-step, hash and memory figures on a mid-game state."""
    game = midgame(fmt)
    actions = game.legal_actions()
    rng = np.random.default_rng(0)

    def clone_step() -> None:
        child = game.clone()
        child.step(actions[int(rng.integers(len(actions)))])

    # Each state is hashed once, right after a step changed it: no answer cached from before.
    # As in a search tree, the parent was hashed before its children were made.
    game.state_hash()

    def fresh_hashes() -> float:
        states = []
        for _ in range(100):
            child = game.clone()
            child.step(actions[int(rng.integers(len(actions)))])
            states.append(child)
        start = time.perf_counter()
        for child in states:
            child.state_hash()
        return len(states) / (time.perf_counter() - start)

    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [game.clone() for _ in range(200)]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del kept
    return {"format": fmt,
            "clones_per_s": round(per_second(game.clone, seconds / 4)),
            "clone_step_per_s": round(per_second(clone_step, seconds / 4)),
            "state_hash_per_s": round(float(np.median([fresh_hashes() for _ in range(9)]))),
            "bytes_per_clone": round((after - before) / 200)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time per format")
    args = parser.parse_args()
    for fmt in MATCHUPS:
        row = play_games(fmt, args.seconds)
        row.update(search_figures(fmt, args.seconds / 2))
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
