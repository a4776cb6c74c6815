"""Fit MCTSAgent's position value (ecs_vanguard/agents/value.py) on self-play and write it.

    python tools/fit_mcts_value.py [--games 1600] [--epsilon 0.1] [--seed 0]
                                   [--out ecs_vanguard/agents/data/value.json]

Plays heuristic-agent games between the standard decks (half of them blazing_dragons against
radiant_knights, the pair MCTS is measured on, the rest pairs drawn at random), each agent
playing a uniformly random legal move with probability `epsilon` so that the positions are
more varied than the heuristic's own. At the first decision of every turn both players' views
are recorded with who won; a logistic model is fitted on three quarters of the games and its
log loss and accuracy are printed on the other quarter (games, not positions, are held out).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

import ecs_vanguard as vg
from ecs_vanguard.agents.value import BUILTIN, FEATURES, features, fit

STANDARD = ("blazing_dragons", "radiant_knights", "arcane_scholars", "dress_dancers",
            "final_rush", "iron_gate")


def play(seed: int, epsilon: float) -> tuple[list[np.ndarray], list[float]]:
    """Play one game; return its turn-start rows (both sides) and their results."""
    rng = np.random.default_rng(seed)
    pair = (STANDARD[:2] if seed % 2 == 0
            else tuple(STANDARD[i] for i in rng.choice(len(STANDARD), 2, replace=False)))
    game = vg.Game(vg.Deck.builtin(pair[0]), vg.Deck.builtin(pair[1]), seed=seed)
    agents = [vg.HeuristicAgent(seed), vg.HeuristicAgent(seed + 1)]
    rows: list[tuple[int, np.ndarray]] = []
    turn = -1
    while not game.over:
        if game.turn != turn:
            turn = game.turn
            game.switch()
            rows += [(p, features(game.state, p)) for p in (0, 1)]
        actions = game.legal_actions()
        if rng.random() < epsilon:
            game.step(actions[int(rng.integers(len(actions)))])
        else:
            game.step(agents[game.decision.player].act(game))
    if game.winner is None:
        return [], []
    return [x for _, x in rows], [float(p == game.winner) for p, _ in rows]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1600)
    parser.add_argument("--epsilon", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=BUILTIN)
    args = parser.parse_args(argv)
    xs: list[list[np.ndarray]] = [[], []]
    ys: list[list[float]] = [[], []]
    for g in range(args.games):
        rows, won = play(args.seed * 1_000_003 + g, args.epsilon)
        part = int(g % 4 == 3)                       # every fourth game is held out
        xs[part] += rows
        ys[part] += won
    x, y = np.array(xs[0]), np.array(ys[0])
    w = fit(x, y)
    tx, ty = np.array(xs[1]), np.array(ys[1])
    p = np.clip(1 / (1 + np.exp(-(tx @ w))), 1e-6, 1 - 1e-6)
    loss = float(-np.mean(ty * np.log(p) + (1 - ty) * np.log(1 - p)))
    accuracy = float(np.mean((p > 0.5) == (ty > 0.5)))
    print(json.dumps({"figure": "mcts_value_fit", "positions": len(x), "held_out": len(tx),
                      "log_loss": round(loss, 4), "accuracy": round(accuracy, 4)}))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "about": "MCTSAgent's position value (agents/value.py), written by "
                 f"tools/fit_mcts_value.py --games {args.games} --epsilon {args.epsilon} "
                 f"--seed {args.seed}",
        "features": list(FEATURES), "weights": [round(float(v), 5) for v in w],
        "held_out_log_loss": round(loss, 4), "held_out_accuracy": round(accuracy, 4)},
        indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
