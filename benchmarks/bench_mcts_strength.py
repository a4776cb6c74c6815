"""MCTSAgent's strength at a stated budget: wins against the random and the heuristic agent over
seeded games in both seats, with Wilson 95% intervals and CPU seconds per decision (issue 11).

    python benchmarks/bench_mcts_strength.py [--iterations 200] [--games 200] [--workers 1]
                                             [--opponents random,heuristic] [--out DIR]
                                             [--fresh]

Game pairs share a deal: games 2k and 2k+1 use the seed `game_seed(seed, k)` of `simulate`,
MCTS playing the first deck in one and the second in the other (the luck of the deal cancels
out). Every finished game is appended to DIR/games.jsonl (default runs/mcts_strength), so a
stopped run continues where it stopped when started again with the same options (it says on
stderr how many games it took from DIR); other options on the same DIR are refused. `--fresh`
plays every game again: a new measurement of the same options, where a resumed run would only
report the records already kept. Prints one JSON line per opponent:

    {"figure": "mcts_strength", "opponent": "heuristic", "iterations": 200, "games": 200,
     "wins": ..., "rate": ..., "low": ..., "high": ..., "draws": ...,
     "seconds_per_searched_decision": ..., "seconds_per_decision": ..., ...}

Seconds are CPU seconds of the process playing the game (time.process_time) spent in
MCTSAgent.act: per decision it searched, and per decision of its seat (a decision with one
distinct choice is answered without a search). Draws count as not won.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import ecs_vanguard as vg
from ecs_vanguard.sim.runner import game_seed
from ecs_vanguard.sim.summary import wilson


def play(job: dict[str, Any]) -> dict[str, Any]:
    """Play one game of MCTS against an opponent; return its record."""
    k, side = divmod(job["i"], 2)
    seed = game_seed(job["seed"], k)
    mcts = vg.MCTSAgent(seed=seed, iterations=job["iterations"], rollout=job["rollout"],
                        horizon=job["horizon"])
    other = vg.agents.make_agent(job["opponent"], seed)
    agents = [mcts, other] if side == 0 else [other, mcts]
    decks = [vg.Deck.builtin(name) for name in job["decks"]]
    game = vg.Game(decks[0], decks[1], seed=seed)
    searched_s = all_s = 0.0
    decisions = 0
    while not game.over:
        player = game.decision.player
        if player != side:
            game.step(agents[player].act(game))
            continue
        before, start = mcts.searched, time.process_time()
        action = mcts.act(game)
        spent = time.process_time() - start
        all_s += spent
        decisions += 1
        if mcts.searched > before:
            searched_s += spent
        game.step(action)
    result = "draw" if game.winner is None else "win" if game.winner == side else "loss"
    return {"opponent": job["opponent"], "i": job["i"], "seed": seed, "mcts_deck": side,
            "result": result, "end": game.end_code, "turns": game.turn,
            "decisions": decisions, "searched": mcts.searched,
            "searched_seconds": round(searched_s, 4), "seconds": round(all_s, 4)}


def summarise(opponent: str, records: list[dict[str, Any]], args: argparse.Namespace) -> dict:
    """Return the figure of one opponent: wins with their interval, draws, time per decision."""
    wins = sum(r["result"] == "win" for r in records)
    by_deck = [sum(r["result"] == "win" for r in records if r["mcts_deck"] == d) for d in (0, 1)]
    searched = sum(r["searched"] for r in records)
    decisions = sum(r["decisions"] for r in records)
    w = wilson(wins, len(records))
    return {"figure": "mcts_strength", "opponent": opponent, "iterations": args.iterations,
            "rollout": args.rollout, "horizon": args.horizon, "decks": args.decks, "games": len(records), "wins": wins,
            "rate": round(w["rate"], 4), "low": round(w["low"], 4), "high": round(w["high"], 4),
            "draws": sum(r["result"] == "draw" for r in records),
            "wins_with_deck": dict(zip(args.decks, by_deck, strict=True)),
            "seconds_per_searched_decision":
                round(sum(r["searched_seconds"] for r in records) / max(searched, 1), 3),
            "seconds_per_decision": round(sum(r["seconds"] for r in records) / max(decisions, 1), 3),
            "searched_decisions_per_game": round(searched / max(len(records), 1), 1),
            "turns_per_game": round(sum(r["turns"] for r in records) / max(len(records), 1), 2)}


def _claim(out: Path, header: dict[str, Any], fresh: bool) -> dict[tuple[str, int], dict]:
    """Check or write out/run.json; return the games already in out/games.jsonl (none when
    `fresh`: the kept games are deleted, with run.json, the only files this benchmark writes)."""
    out.mkdir(parents=True, exist_ok=True)
    head = out / "run.json"
    if fresh:
        for kept in (head, out / "games.jsonl"):
            kept.unlink(missing_ok=True)
    if head.exists() and json.loads(head.read_text(encoding="utf-8")) != header:
        raise SystemExit(f"{out} holds a run with other options ({head}); choose another --out")
    head.write_text(json.dumps(header, indent=2) + "\n", encoding="utf-8")
    done: dict[tuple[str, int], dict] = {}
    games = out / "games.jsonl"
    if games.exists():
        for line in games.read_text(encoding="utf-8").splitlines():
            if line.strip().endswith("}"):          # a line cut by a kill is played again
                record = json.loads(line)
                done.setdefault((record["opponent"], record["i"]), record)
    return done


def main(argv: list[str] | None = None) -> int:
    """Run the evaluation; print one JSON line per opponent."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200, help="MCTS simulations per decision")
    parser.add_argument("--rollout", default="heuristic", choices=("heuristic", "random"))
    parser.add_argument("--horizon", type=int, default=vg.MCTSAgent().horizon,
                        help="turns a simulation plays before the position value (0: to the end)")
    parser.add_argument("--games", type=int, default=200, help="games per opponent (even)")
    parser.add_argument("--opponents", default="random,heuristic")
    parser.add_argument("--decks", default="blazing_dragons,radiant_knights")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="processes (1: this one)")
    parser.add_argument("--out", default="runs/mcts_strength", help="results directory")
    parser.add_argument("--fresh", action="store_true",
                        help="play every game again instead of resuming the games kept in --out")
    args = parser.parse_args(argv)
    args.decks = args.decks.split(",")
    opponents = args.opponents.split(",")
    header = {"iterations": args.iterations, "rollout": args.rollout, "horizon": args.horizon,
              "decks": args.decks,
              "seed": args.seed}
    out = Path(args.out)
    done = _claim(out, header, args.fresh)
    jobs = [{"opponent": o, "i": i, **header} for o in opponents for i in range(args.games)
            if (o, i) not in done]
    resumed = len(opponents) * args.games - len(jobs)
    if resumed:
        print(f"resuming: {resumed} of {len(opponents) * args.games} games taken from {out} "
              "(--fresh plays them again)", file=sys.stderr, flush=True)
    start = time.monotonic()
    with (out / "games.jsonl").open("a", encoding="utf-8") as sink, \
            multiprocessing.Pool(args.workers) if args.workers > 1 else nullcontext() as pool:
        records = pool.imap_unordered(play, jobs) if pool is not None else map(play, jobs)
        for n, record in enumerate(records, 1):
            sink.write(json.dumps(record) + "\n")
            sink.flush()
            done[(record["opponent"], record["i"])] = record
            print(f"\r{n}/{len(jobs)} games, {time.monotonic() - start:.0f} s", end="",
                  file=sys.stderr, flush=True)
    print(file=sys.stderr)
    for opponent in opponents:
        records = [done[(opponent, i)] for i in range(args.games)]
        print(json.dumps(summarise(opponent, records, args)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
