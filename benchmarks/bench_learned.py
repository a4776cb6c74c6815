"""The `learned` agent's strength (issue 37): wins against the heuristic and the random agent over
seeded games of the default matchup in both seats, with Wilson 95% intervals, and its CPU
seconds per decision (no search: the goal is a Wilson lower bound above 50% against the
heuristic agent over 200 games).

    python benchmarks/bench_learned.py [--games 200] [--opponents heuristic,random]
                                       [--workers 1] [--seed 0]

Game pairs share a deal, as in bench_mcts_strength: games 2k and 2k+1 use the seed
`game_seed(seed, k)` of `simulate`, the learned agent playing the first deck in one and the
second in the other. Prints one JSON line per opponent:

    {"figure": "learned_strength", "opponent": "heuristic", "games": 200, "wins": ...,
     "rate": ..., "low": ..., "high": ..., "draws": ..., "wins_by_seat": [...],
     "wins_with_deck": {...}, "seconds_per_decision": ..., "cpu_s": ...}

Seconds are CPU seconds (time.process_time) of the process playing the game spent in
LearnedAgent.act; cpu_s is the CPU time of all the games. Draws count as not won.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from typing import Any

import ecs_vanguard as vg
from ecs_vanguard.sim.runner import game_seed
from ecs_vanguard.sim.summary import wilson

DECKS = ("blazing_dragons", "radiant_knights")


def play(job: dict[str, Any]) -> dict[str, Any]:
    """Play one game of the learned agent against an opponent; return its record."""
    start = time.process_time()
    k, side = divmod(job["i"], 2)
    seed = game_seed(job["seed"], k)
    learned = vg.agents.make_agent("learned", seed)
    other = vg.agents.make_agent(job["opponent"], seed)
    agents = [learned, other] if side == 0 else [other, learned]
    game = vg.Game(vg.Deck.builtin(DECKS[0]), vg.Deck.builtin(DECKS[1]), seed=seed)
    spent, decisions = 0.0, 0
    while not game.over:
        player = game.decision.player
        if player != side:
            game.step(agents[player].act(game))
            continue
        t = time.process_time()
        action = learned.act(game)
        spent += time.process_time() - t
        decisions += 1
        game.step(action)
    result = "draw" if game.winner is None else "win" if game.winner == side else "loss"
    return {"opponent": job["opponent"], "i": job["i"], "side": side, "result": result,
            "decisions": decisions, "seconds": spent, "cpu_s": time.process_time() - start}


def summarise(opponent: str, records: list[dict[str, Any]]) -> dict[str, Any]:
    """Return the figure of one opponent."""
    wins = sum(r["result"] == "win" for r in records)
    by_seat = [sum(r["result"] == "win" for r in records if r["side"] == s) for s in (0, 1)]
    w = wilson(wins, len(records))
    decisions = sum(r["decisions"] for r in records)
    return {"figure": "learned_strength", "opponent": opponent, "games": len(records),
            "wins": wins, "rate": round(w["rate"], 4), "low": round(w["low"], 4),
            "high": round(w["high"], 4), "draws": sum(r["result"] == "draw" for r in records),
            "wins_by_seat": by_seat, "wins_with_deck": dict(zip(DECKS, by_seat, strict=True)),
            "seconds_per_decision": round(sum(r["seconds"] for r in records)
                                          / max(decisions, 1), 5),
            "cpu_s": round(sum(r["cpu_s"] for r in records), 1)}


def main(argv: list[str] | None = None) -> int:
    """Run the evaluation; print one JSON line per opponent."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per opponent (even)")
    parser.add_argument("--opponents", default="heuristic,random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="processes (1: this one)")
    args = parser.parse_args(argv)
    opponents = args.opponents.split(",")
    jobs = [{"opponent": o, "i": i, "seed": args.seed} for o in opponents
            for i in range(args.games)]
    start = time.monotonic()
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            records = list(pool.imap_unordered(play, jobs))
    else:
        records = list(map(play, jobs))
    for opponent in opponents:
        mine = sorted((r for r in records if r["opponent"] == opponent), key=lambda r: r["i"])
        print(json.dumps(summarise(opponent, mine)), flush=True)
    print(f"{len(records)} games in {time.monotonic() - start:.0f} s wall", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
