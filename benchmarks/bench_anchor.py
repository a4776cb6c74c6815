"""The anchor benchmark: ecs_vanguard against OpenSpiel's gin_rummy, side by side in one run.

    pip install -e .[bench]            # open-spiel
    python benchmarks/bench_anchor.py [--seconds 4] [--rounds 3]

Both play random games through their Python API in this process, interleaved round by round
(these machines are noisy: only ratios measured together mean something). One JSON line per
round, then one line with the median ratios (ours / OpenSpiel's) of:
- decisions_per_s: player decisions (legal actions, pick one, apply it). OpenSpiel's chance
  nodes (the deal, the draws) are played but not counted; ours happen inside step();
- clones_per_s: copies of a mid-game state (made and dropped).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

import numpy as np

import ecs_vanguard as vg


def ours_decisions(seconds: float, seed: int) -> float:
    """Random-vs-random decisions per second of ecs_vanguard (standard built-in decks)."""
    a, b = vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights")
    rng = np.random.default_rng(seed)
    decisions, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = vg.Game(a, b, seed=int(rng.integers(1 << 30)))
        while not game.over:
            actions = game.legal_actions()
            game.step(actions[int(rng.integers(len(actions)))])
            decisions += 1
    return decisions / (time.perf_counter() - start)


def ours_midgame() -> vg.Game:
    """A standard game after 150 random decisions (turn 15 or so)."""
    a, b = vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights")
    game, rng = vg.Game(a, b, seed=3), np.random.default_rng(3)
    for _ in range(150):
        actions = game.legal_actions()
        game.step(actions[int(rng.integers(len(actions)))])
    return game


def spiel_decisions(game: object, seconds: float, seed: int) -> float:
    """Random-play player decisions per second of an OpenSpiel game (chance nodes sampled)."""
    rng = np.random.default_rng(seed)
    decisions, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()  # type: ignore[attr-defined]
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
                continue
            actions = state.legal_actions()
            state.apply_action(actions[int(rng.integers(len(actions)))])
            decisions += 1
    return decisions / (time.perf_counter() - start)


def spiel_midgame(game: object) -> object:
    """A gin_rummy state after the deal and 20 random decisions."""
    rng = np.random.default_rng(3)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    decisions = 0
    while decisions < 20 and not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
        else:
            actions = state.legal_actions()
            state.apply_action(actions[int(rng.integers(len(actions)))])
            decisions += 1
    return state


def clones_per_s(thing: object, seconds: float) -> float:
    """Copies per second of a state (each made and dropped)."""
    clone = thing.clone  # type: ignore[attr-defined]
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(200):
            clone()
        count += 200
    return count / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="seconds per figure")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    args = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        print(json.dumps({"error": "open-spiel is not installed: pip install -e .[bench]"}))
        return 2
    gin = pyspiel.load_game("gin_rummy")
    ours_state, spiel_state = ours_midgame(), spiel_midgame(gin)
    rounds = []
    for r in range(args.rounds):
        row = {
            "round": r,
            "ours_decisions_per_s": round(ours_decisions(args.seconds, r)),
            "gin_rummy_decisions_per_s": round(spiel_decisions(gin, args.seconds, r)),
            "ours_clones_per_s": round(clones_per_s(ours_state, args.seconds / 2)),
            "gin_rummy_clones_per_s": round(clones_per_s(spiel_state, args.seconds / 2)),
        }
        row["decisions_ratio"] = round(row["ours_decisions_per_s"]
                                       / row["gin_rummy_decisions_per_s"], 3)
        row["clones_ratio"] = round(row["ours_clones_per_s"] / row["gin_rummy_clones_per_s"], 3)
        rounds.append(row)
        print(json.dumps(row), flush=True)
    print(json.dumps({
        "median_decisions_ratio": statistics.median(r["decisions_ratio"] for r in rounds),
        "median_clones_ratio": statistics.median(r["clones_ratio"] for r in rounds),
        "python": sys.version.split()[0],
    }), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
