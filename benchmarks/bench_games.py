"""Random-vs-random full games on one core for a fixed CPU time, per format: one JSON line
per figure.

    python benchmarks/bench_games.py [--seconds 10]

    {"benchmark": "games", "format": "standard", "figure": "decisions_per_cpu_s", "value": ...}

Times are CPU seconds of this process (time.process_time), so a machine other work shares
slows the figures less than it would wall time. Figures: games_per_cpu_s, decisions_per_cpu_s,
decisions_per_game, forced_share (decisions with one legal action), turns_per_game; and, on a
mid-game state (150 random decisions in), what tree search lives on: clones_per_cpu_s
(Game.clone(), made and dropped), clone_step_per_cpu_s (a clone, then one random legal step on
it), state_hash_per_cpu_s (each child state hashed once, right after a step changed it, its
parent hashed before; the median of 9 batches), bytes_per_clone (tracemalloc, 200 clones kept
alive at once, none written to: a clone shares everything until it writes) and
bytes_per_clone_step (200 clones kept alive, each after one random legal step: the memory of a
clone that wrote, what a search tree holds).
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
    """Play random games of one format until `seconds` of CPU time have passed; return the
    figures."""
    a, b = (vg.Deck.builtin(n) for n in MATCHUPS[fmt])
    games = decisions = forced = turns = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = vg.Game(a, b, seed=games, format=fmt)
        rng = np.random.default_rng(games)
        while not game.over:
            actions = game.legal_actions()
            forced += len(actions) == 1
            game.step(actions[int(rng.integers(len(actions)))])
            decisions += 1
        games += 1
        turns += game.turn
    elapsed = time.process_time() - start
    return {"games": games, "cpu_s": round(elapsed, 3),
            "games_per_cpu_s": round(games / elapsed, 1),
            "decisions_per_cpu_s": round(decisions / elapsed),
            "decisions_per_game": round(decisions / games, 1),
            "forced_share": round(forced / decisions, 3),
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


def per_cpu_second(work, seconds: float, batch: int = 100) -> float:
    """How many times per CPU second `work()` runs, measured for about `seconds`."""
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(batch):
            work()
        count += batch
    return count / (time.process_time() - start)


def bytes_per(make, count: int = 200) -> int:
    """Bytes allocated per object `make()` returns, `count` of them kept alive (tracemalloc)."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [make() for _ in range(count)]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del kept
    return round((after - before) / count)


def search_figures(fmt: str, seconds: float) -> dict:
    """Clone, clone-and-step, hash and memory figures on a mid-game state."""
    game = midgame(fmt)
    actions = game.legal_actions()
    rng = np.random.default_rng(0)

    def clone_step() -> vg.Game:
        child = game.clone()
        child.step(actions[int(rng.integers(len(actions)))])
        return child

    # Each state is hashed once, right after a step changed it: no answer cached from before.
    # As in a search tree, the parent was hashed before its children were made.
    game.state_hash()

    def fresh_hashes() -> float:
        states = []
        for _ in range(100):
            child = game.clone()
            child.step(actions[int(rng.integers(len(actions)))])
            states.append(child)
        start = time.process_time()
        for child in states:
            child.state_hash()
        return len(states) / max(time.process_time() - start, 1e-9)

    return {"clones_per_cpu_s": round(per_cpu_second(game.clone, seconds / 4)),
            "clone_step_per_cpu_s": round(per_cpu_second(clone_step, seconds / 4)),
            "state_hash_per_cpu_s": round(float(np.median([fresh_hashes() for _ in range(9)]))),
            "bytes_per_clone": bytes_per(game.clone),
            "bytes_per_clone_step": bytes_per(clone_step)}


def main(argv: list[str] | None = None) -> None:
    """Measure each format; print one JSON line per figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds per format")
    args = parser.parse_args(argv)
    for fmt in MATCHUPS:
        figures = play_games(fmt, args.seconds)
        figures.update(search_figures(fmt, args.seconds / 2))
        for name, value in figures.items():
            print(json.dumps({"benchmark": "games", "format": fmt, "figure": name,
                              "value": value}), flush=True)


if __name__ == "__main__":
    main()
