"""The anchor benchmark: ecs_vanguard beside OpenSpiel's gin_rummy and hearts, in one run.

    pip install -e .[bench]            # open-spiel
    python benchmarks/bench_anchor.py [--seconds 2] [--rounds 5]

All three play random games through their Python API in this process, interleaved round by
round (a round measures every game once, so load on a shared machine hits them alike), timed in
CPU seconds of this process (time.process_time). One JSON line per figure:

    {"benchmark": "anchor", "round": 0, "game": "gin_rummy", "figure": "decisions_per_cpu_s",
     "value": ...}
    {"benchmark": "anchor", "figure": "decisions_ratio", "anchor": "gin_rummy", "median": ...,
     "rounds": [...]}

Figures of each game and round:
- decisions_per_cpu_s: player decisions of random play (legal actions, pick one, apply it);
  choices_per_cpu_s: those with two legal actions or more (a forced decision, one legal
  action, is counted apart: forced_share is its share of the decisions);
- chance_share (OpenSpiel's games): of all the steps applied, the share that are chance nodes
  (the deal, the draws). They are sampled and applied in the timed loop but not counted as
  decisions; ours happen inside step();
- clone_step_per_cpu_s: clone a mid-game state, then apply one random legal action to the clone
  (what tree search pays: our clone defers its copy to the first write, so a clone alone would
  flatter it).
Then, per anchor, the median over the rounds of ours / the anchor's: decisions_ratio,
choices_ratio and clone_step_ratio.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import ecs_vanguard as vg

ANCHORS = ("gin_rummy", "hearts")
MIDGAME_DECISIONS = {"ecs_vanguard": 150, "gin_rummy": 20, "hearts": 20}


def emit(**figure: Any) -> None:
    """Print one figure as a JSON line."""
    print(json.dumps({"benchmark": "anchor", **figure}), flush=True)


class Ours:
    """ecs_vanguard's standard built-in decks, random against random."""

    name = "ecs_vanguard"

    def __init__(self) -> None:
        self.decks = vg.Deck.builtin("blazing_dragons"), vg.Deck.builtin("radiant_knights")

    def play(self, seconds: float, rng: np.random.Generator) -> dict[str, float]:
        """Random games for `seconds` of CPU time; return the counts."""
        decisions = forced = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            game = vg.Game(*self.decks, seed=int(rng.integers(1 << 30)))
            while not game.over:
                actions = game.legal_actions()
                forced += len(actions) == 1
                game.step(actions[int(rng.integers(len(actions)))])
                decisions += 1
        return {"cpu_s": time.process_time() - start, "decisions": decisions, "forced": forced,
                "chance": 0}

    def midgame(self) -> tuple[Any, Callable[[Any, np.random.Generator], None]]:
        """A game after MIDGAME_DECISIONS random decisions, and how to step a clone of it."""
        game, rng = vg.Game(*self.decks, seed=3), np.random.default_rng(3)
        for _ in range(MIDGAME_DECISIONS[self.name]):
            actions = game.legal_actions()
            game.step(actions[int(rng.integers(len(actions)))])

        def step(child: Any, rng: np.random.Generator) -> None:
            actions = child.legal_actions()
            child.step(actions[int(rng.integers(len(actions)))])

        return game, step


class Spiel:
    """An OpenSpiel game through its Python API (C++ behind it)."""

    def __init__(self, pyspiel: Any, name: str) -> None:
        self.name, self.game = name, pyspiel.load_game(name)

    def play(self, seconds: float, rng: np.random.Generator) -> dict[str, float]:
        """Random games for `seconds` of CPU time, chance nodes sampled; return the counts."""
        decisions = forced = chance = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = self.game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
                    chance += 1
                    continue
                actions = state.legal_actions()
                forced += len(actions) == 1
                state.apply_action(actions[int(rng.integers(len(actions)))])
                decisions += 1
        return {"cpu_s": time.process_time() - start, "decisions": decisions, "forced": forced,
                "chance": chance}

    def midgame(self) -> tuple[Any, Callable[[Any, np.random.Generator], None]]:
        """A state after the deal and MIDGAME_DECISIONS random decisions, at a decision."""
        rng = np.random.default_rng(3)
        state, decisions = self.game.new_initial_state(), 0
        while state.is_chance_node() or decisions < MIDGAME_DECISIONS[self.name]:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[int(rng.integers(len(actions)))])
                decisions += 1

        def step(child: Any, rng: np.random.Generator) -> None:
            actions = child.legal_actions()
            child.apply_action(actions[int(rng.integers(len(actions)))])

        return state, step


def clone_steps_per_cpu_s(state: Any, step: Callable[[Any, np.random.Generator], None],
                          seconds: float, rng: np.random.Generator) -> float:
    """Clones of `state` per CPU second, each followed by one random legal action on it."""
    count, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(50):
            step(state.clone(), rng)
        count += 50
    return count / (time.process_time() - start)


def measure(game: Ours | Spiel, state: Any, step: Callable, seconds: float,
            r: int) -> dict[str, float]:
    """One round of one game: print its figures, return them."""
    counts = game.play(seconds, np.random.default_rng(r))
    figures = {
        "decisions_per_cpu_s": counts["decisions"] / counts["cpu_s"],
        "choices_per_cpu_s": (counts["decisions"] - counts["forced"]) / counts["cpu_s"],
        "forced_share": counts["forced"] / max(counts["decisions"], 1),
        "clone_step_per_cpu_s": clone_steps_per_cpu_s(state, step, seconds / 2,
                                                      np.random.default_rng(r)),
    }
    if isinstance(game, Spiel):
        figures["chance_share"] = counts["chance"] / max(counts["chance"] + counts["decisions"], 1)
    for name, value in figures.items():
        emit(round=r, game=game.name, figure=name,
             value=round(value, 3) if name.endswith("share") else round(value))
    return figures


def main(argv: list[str] | None = None) -> int:
    """Run the rounds and print the figures and the median ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="CPU seconds of random play per game and round (half as much for "
                        "clone + step)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    args = parser.parse_args(argv)
    try:
        import pyspiel
    except ImportError:
        emit(error="open-spiel is not installed: pip install -e .[bench]")
        return 2
    games: list[Ours | Spiel] = [Ours(), *(Spiel(pyspiel, name) for name in ANCHORS)]
    positions = {g.name: g.midgame() for g in games}
    rows: list[dict[str, dict[str, float]]] = []
    for r in range(args.rounds):
        rows.append({g.name: measure(g, *positions[g.name], args.seconds, r) for g in games})
    for anchor in ANCHORS:
        for figure, ratio in (("decisions_per_cpu_s", "decisions_ratio"),
                              ("choices_per_cpu_s", "choices_ratio"),
                              ("clone_step_per_cpu_s", "clone_step_ratio")):
            ratios = [row["ecs_vanguard"][figure] / row[anchor][figure] for row in rows]
            emit(figure=ratio, anchor=anchor, median=round(statistics.median(ratios), 3),
                 rounds=[round(x, 3) for x in ratios], python=sys.version.split()[0])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
