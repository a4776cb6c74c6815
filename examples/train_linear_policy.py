"""Train a linear policy against the heuristic agent with the cross-entropy method, numpy only,
and plot its win rate over training.

    python examples/train_linear_policy.py                      # about 2 CPU minutes (116 s)
    python examples/train_linear_policy.py --generations 40 --out runs/linear.png
    python examples/train_linear_policy.py --save runs/linear.npz  # then: --agent-a file:runs/linear.npz

The policy (ecs_vanguard.agents.linear) scores each legal action a in state s by
theta . phi(s, a) and plays the best one; phi has one small block per kind of action, describing
the action and the facts it depends on (a call: the card's power, grade against the row, an
occupied circle; a guard: the shield, the damage, the battle's margin; a pick: whether the card
is in the battle; ...): 51 weights. `--save FILE.npz` writes the trained policy as a policy file
that `simulate` and `tournament` play (`--agent-a file:FILE.npz`).

The cross-entropy method keeps a Gaussian over theta: each generation draws a population, plays
every candidate on the same deals against the heuristic agent (common random numbers), and
refits the Gaussian to the best fifth by a shaped score (a win, or part of the damage dealt, so
candidates differ before any wins). The plot shows the win rate of the Gaussian's mean on
held-out deals after each generation, with its Wilson 95% interval.
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import numpy as np

import ecs_vanguard as vg
from ecs_vanguard.agents.linear import SIZE, choose, features  # noqa: F401 - the policy's phi
from ecs_vanguard.agents.policy_file import LinearPolicy, save_policy
from ecs_vanguard.vocab.zones import Zone

DECKS = ("blazing_dragons", "radiant_knights")


def play(theta: np.ndarray, seeds: list[int]) -> tuple[int, float]:
    """Play the policy (deck A) against the heuristic agent (deck B) once per seed; return the
    wins and a shaped score (a win 1, a loss half the damage it dealt out of 6), which tells
    candidates apart before any of them wins."""
    decks = vg.Deck.builtin(DECKS[0]), vg.Deck.builtin(DECKS[1])
    won, score = 0, 0.0
    for seed in seeds:
        game = vg.Game(*decks, seed=seed)
        opponent = vg.HeuristicAgent(seed)
        while not game.over:
            mine = game.decision.player == 0
            game.step(choose(theta, game) if mine else opponent.act(game))
        won += game.winner == 0
        dealt = len(game.state.board.zones[1][Zone.DAMAGE])
        score += 1.0 if game.winner == 0 else 0.5 * min(dealt, 6) / 6
    return won, score


def train(generations: int, population: int, games: int, held_out: int, seed: int,
          ) -> tuple[list[tuple[int, int]], np.ndarray]:
    """Run the cross-entropy method; return (wins, games) of the mean after each generation,
    and the final mean."""
    rng = np.random.default_rng(seed)
    mean, std = np.zeros(SIZE), np.ones(SIZE)
    elite = max(2, population // 5)
    test_seeds = [10_000_000 + k for k in range(held_out)]
    history = [(play(mean, test_seeds)[0], held_out)]
    for generation in range(generations):
        deals = [int(s) for s in rng.integers(2**31, size=games)]
        thetas = mean + std * rng.standard_normal((population, SIZE))
        scores = np.array([play(theta, deals)[1] for theta in thetas])
        best = thetas[np.argsort(-scores, kind="stable")[:elite]]
        mean, std = best.mean(axis=0), best.std(axis=0) + 0.05   # a floor keeps exploring
        history.append((play(mean, test_seeds)[0], held_out))
        print(f"generation {generation + 1:3d}: best score {scores.max():.2f}/{games}, "
              f"mean policy {history[-1][0]}/{held_out} on held-out deals", flush=True)
    return history, mean


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def plot(history: list[tuple[int, int]], path: Path, title: str) -> None:
    """Draw the win rate over generations with its interval."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    fig = Figure(figsize=(7, 4), layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.subplots()
    x = np.arange(len(history))
    rate = np.array([k / n for k, n in history])
    low, high = np.array([wilson(k, n) for k, n in history]).T
    ax.fill_between(x, low, high, alpha=0.25, label="95% Wilson interval")
    ax.plot(x, rate, marker="o", label="mean policy, held-out deals")
    ax.axhline(0.5, color="grey", linestyle=":", label="even with the heuristic agent")
    ax.set_xlabel("generation of the cross-entropy method (0: before training)")
    ax.set_ylabel("win rate against the heuristic agent")
    ax.set_ylim(0, 1)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title(title)
    ax.legend(loc="upper left")
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generations", type=int, default=20)
    parser.add_argument("--population", type=int, default=16)
    parser.add_argument("--games", type=int, default=8, help="deals per candidate")
    parser.add_argument("--held-out", type=int, default=100, help="deals to rate the mean on")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("runs/linear_policy.png"))
    parser.add_argument("--save", type=Path, help="write the trained policy (a .npz policy file)")
    args = parser.parse_args()
    start = time.perf_counter()
    history, mean = train(args.generations, args.population, args.games, args.held_out,
                          args.seed)
    if args.save:
        save_policy(LinearPolicy(mean), args.save)
        print(f"policy: {args.save} (play it with --agent-a file:{args.save})")
    title = (f"linear policy, cross-entropy method: {args.population} x {args.games} games "
             f"per generation")
    plot(history, args.out, title)
    print(f"win rate {history[0][0]}/{history[0][1]} -> {history[-1][0]}/{history[-1][1]} in "
          f"{time.perf_counter() - start:.0f} s; plot: {args.out}")


if __name__ == "__main__":
    main()
