"""`ecs-vanguard tournament`: a round robin of agents on decks, both seats, with a win-rate
matrix, ratings and a heatmap, on any backend, resumable (ecs_vanguard.sim.tournament)."""

from __future__ import annotations

import argparse
import sys

from ecs_vanguard import cli_agents
from ecs_vanguard.agents import AgentSpec
from ecs_vanguard.rules import Format
from ecs_vanguard.sim import backends
from ecs_vanguard.sim import tournament as tour

DEFAULT_AGENTS = "random,heuristic"
DEFAULT_DECKS = "blazing_dragons,radiant_knights"


def register(sub: argparse._SubParsersAction, at_least: object) -> None:
    """Add the `tournament` subcommand to the command line's subparsers."""
    p = sub.add_parser("tournament", help="round robin of agents: win-rate matrix, ratings, "
                       "heatmap")
    p.add_argument("--agents", default=DEFAULT_AGENTS, metavar="LIST",
                   help=f"comma-separated agents (default {DEFAULT_AGENTS}); "
                        f"{cli_agents.agent_help()}")
    p.add_argument("--decks", default=DEFAULT_DECKS, metavar="LIST",
                   help="comma-separated built-in deck names or TOML paths; every pair is played "
                        f"(one deck: mirror matches; default {DEFAULT_DECKS})")
    p.add_argument("--games", type=at_least(1), default=100,   # type: ignore[operator]
                   help="games per pairing and seat (default 100)")
    p.add_argument("--seed", type=at_least(0), default=0,      # type: ignore[operator]
                   help="tournament seed: the same deals in every pairing (default 0)")
    p.add_argument("--format", choices=[f.value for f in Format], default="standard")
    p.add_argument("--turn-limit", type=at_least(1),            # type: ignore[operator]
                   help="turns after which a game is a draw")
    p.add_argument("--workers", type=at_least(1),               # type: ignore[operator]
                   help="worker processes (default: all cores)")
    p.add_argument("--backend", choices=backends.BACKENDS, default="process")
    p.add_argument("--address", help="Ray cluster address (with --backend ray), e.g. auto")
    p.add_argument("--out", metavar="DIR",
                   help="results directory (default: a new runs/<time>-tournament directory)")
    p.add_argument("--no-out", action="store_true", help="write no results, print only")
    p.add_argument("--resume", action="store_true", help="continue the tournament in --out")
    cli_agents.add_search_options(p)
    p.set_defaults(run=run)


def split_agents(text: str) -> list[AgentSpec]:
    """Split `random,mcts:iterations=50,rollout=random` into agent specs: a piece with `=` and
    no `:` is one more option of the agent before it."""
    pieces: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece and pieces:
            pieces[-1] += "," + piece
        else:
            pieces.append(piece)
    return [AgentSpec.parse(p) for p in pieces]


def run(args: argparse.Namespace, argv: list[str]) -> int:
    """Play the tournament, print its tables, keep its results; 1 if the engine failed."""
    from ecs_vanguard import cli

    if args.address and args.backend != "ray":
        raise ValueError("--address needs --backend ray")
    agents = [cli_agents.resolve(spec, args) for spec in split_agents(args.agents)]
    decks = [d.strip() for d in args.decks.split(",") if d.strip()]
    out = cli.out_dir(args, "tournament")
    try:
        results = tour.tournament(
            agents, decks, args.games, seed=args.seed, format=args.format,
            turn_limit=args.turn_limit, workers=args.workers, backend=args.backend,
            address=args.address, out=out, resume=args.resume, progress=True)
    except KeyboardInterrupt:
        print(cli._resume_hint(argv, out, False), file=sys.stderr)
        return 130
    print(results.to_text())
    if out is not None:
        print(f"results: {out}  (heatmap: {out / 'tournament.png'})")
    if results.errors:
        print(f"{cli.PROG}: {results.errors} games failed in the engine; see the runs' "
              "summary.json", file=sys.stderr)
        return 1
    return 0
