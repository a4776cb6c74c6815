"""The research loop's figures on one core: determinizations per second, MCTS seconds per
searched decision, VectorEnv steps per second for n = 1, 16, 256. One JSON line per figure.

Times are CPU seconds of this process (time.process_time), so the figures hold on a machine
that other work shares; on an idle core, wall time is the same.

    python benchmarks/bench_research.py [--seconds 5] [--mcts-iterations 200] [--decisions 12]

determinize: `Game.determinize(player, rng)` (knowledge from the log + sampling + clone) and
`Determinizer.sample` (knowledge read once, as the search does), on mid-game positions.
mcts: decisions of player 0 searched from turn 3 on, against the heuristic agent.
vector_env: learner steps per second summed over the n games (uniform legal actions, heuristic
opponent, auto-reset), the opponent's moves included in the time.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

import ecs_vanguard as vg
from ecs_vanguard.env import VectorEnv
from ecs_vanguard.game.determinizer import Determinizer

DECKS = ("blazing_dragons", "radiant_knights")


def _positions(count: int) -> list[vg.Game]:
    """Heuristic games stopped at their turns 3 to 8 (first decision of the turn)."""
    out = []
    seed = 0
    while len(out) < count:
        game = vg.Game(vg.Deck.builtin(DECKS[0]), vg.Deck.builtin(DECKS[1]), seed=seed)
        agents = [vg.HeuristicAgent(1), vg.HeuristicAgent(2)]
        stop = 3 + seed % 6
        while not game.over and game.turn < stop:
            game.step(agents[game.decision.player].act(game))
        if not game.over:
            out.append(game)
        seed += 1
    return out


def bench_determinize(seconds: float) -> dict:
    """Return determinizations per second, from scratch and with the knowledge read once."""
    games = _positions(12)
    rng = np.random.default_rng(0)
    done, start = 0, time.process_time()
    while time.process_time() - start < seconds / 2:
        game = games[done % len(games)]
        game.determinize(done % 2, rng)
        done += 1
    full = done / (time.process_time() - start)
    samplers = [Determinizer(g, 0) for g in games]
    done, start = 0, time.process_time()
    while time.process_time() - start < seconds / 2:
        samplers[done % len(samplers)].sample(rng)
        done += 1
    return {"figure": "determinize", "per_s": round(full), "sample_per_s":
            round(done / (time.process_time() - start)),
            "events_per_game": round(float(np.mean([len(g.events) for g in games])))}


def bench_mcts(iterations: int, decisions: int) -> dict:
    """Return seconds per searched decision of MCTSAgent at a budget."""
    agent = vg.agents.MCTSAgent(seed=0, iterations=iterations)
    opponent = vg.HeuristicAgent(1)
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        game = vg.Game(vg.Deck.builtin(DECKS[0]), vg.Deck.builtin(DECKS[1]), seed=seed)
        seed += 1
        while not game.over and len(times) < decisions:
            if game.decision.player == 1 or game.turn < 3:
                game.step(opponent.act(game))
                continue
            before, start = agent.searched, time.process_time()
            action = agent.act(game)
            if agent.searched > before:
                times.append(time.process_time() - start)
            game.step(action)
    return {"figure": "mcts", "iterations": iterations, "decisions": len(times),
            "seconds_per_decision": round(float(np.mean(times)), 3),
            "median": round(float(np.median(times)), 3), "max": round(float(np.max(times)), 3)}


def _uniform_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly drawn legal index per row of a mask (every row has one)."""
    rows, cols = np.nonzero(mask)
    counts = np.bincount(rows, minlength=len(mask))
    starts = np.cumsum(counts) - counts
    return cols[starts + (rng.random(len(mask)) * counts).astype(np.int64)]


def bench_vector_env(n: int, seconds: float) -> dict:
    """Return learner steps per second of VectorEnv(n) against the heuristic agent."""
    env = VectorEnv(n, *DECKS, opponent="heuristic")
    batch = env.reset(seed=0)
    rng = np.random.default_rng(0)
    steps = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        batch = env.step(_uniform_legal(batch.mask, rng))
        steps += n
        games += int(batch.done.sum())
    elapsed = time.process_time() - start
    return {"figure": "vector_env", "n": n, "steps_per_s": round(steps / elapsed),
            "games_per_s": round(games / elapsed, 1), "seconds": round(elapsed, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per timed figure")
    parser.add_argument("--mcts-iterations", type=int, default=200)
    parser.add_argument("--decisions", type=int, default=12, help="MCTS decisions to time")
    args = parser.parse_args()
    print(json.dumps(bench_determinize(args.seconds)), flush=True)
    print(json.dumps(bench_mcts(args.mcts_iterations, args.decisions)), flush=True)
    for n in (1, 16, 256):
        print(json.dumps(bench_vector_env(n, args.seconds)), flush=True)


if __name__ == "__main__":
    main()
