"""`ecs-vanguard tournament`: a round robin of agents on decks, both seats, with a win-rate
matrix, ratings and a heatmap, on any backend, resumable (ecs_vanguard.sim.tournament)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from ecs_vanguard.agents import AgentSpec
from ecs_vanguard.agents.spec import split_specs
from ecs_vanguard.cli import agents as cli_agents
from ecs_vanguard.pool.db import CardDB
from ecs_vanguard.sim import backends
from ecs_vanguard.sim import tournament as tour
from ecs_vanguard.vocab.formats import Format

DEFAULT_AGENTS = "random,heuristic"
DEFAULT_DECKS = "blazing_dragons,radiant_knights"


def add_options(p: argparse.ArgumentParser, at_least: Callable[[int], Callable[[str], int]],
                runs_dir: Path) -> None:
    """Add the options of the `tournament` subcommand (its --cards option is the caller's)."""
    p.add_argument("--agents", default=DEFAULT_AGENTS, metavar="LIST",
                   help=f"comma-separated agents (default {DEFAULT_AGENTS}); "
                        f"{cli_agents.agent_help()}")
    p.add_argument("--decks", default=DEFAULT_DECKS, metavar="LIST",
                   help="comma-separated built-in deck names or TOML paths; every pair is played "
                        f"(one deck: mirror matches; default {DEFAULT_DECKS})")
    p.add_argument("--games", type=at_least(1), default=100,
                   help="games per pairing and seat (default 100)")
    p.add_argument("--seed", type=at_least(0), default=0,
                   help="tournament seed: the same deals in every pairing (default 0)")
    p.add_argument("--format", choices=[f.value for f in Format],
                   help="the format's rules and deck construction (default: the decks' own)")
    p.add_argument("--turn-limit", type=at_least(1), help="turns after which a game is a draw")
    p.add_argument("--workers", type=at_least(1), help="worker processes (default: all CPUs)")
    p.add_argument("--backend", choices=backends.BACKENDS, default="process",
                   help="where games run: serial, process (default) or ray")
    p.add_argument("--address", help="Ray cluster address (with --backend ray), e.g. auto")
    p.add_argument("--out", metavar="DIR",
                   help=f"results directory (default: a new {runs_dir}/<time>-tournament "
                        "directory)")
    p.add_argument("--no-out", action="store_true", help="write no results, print only")
    p.add_argument("--resume", action="store_true", help="continue the tournament in --out")
    p.add_argument("--progress", choices=("auto", "bar", "lines", "off"), default="auto",
                   help="progress of each pairing: a bar on a terminal, plain lines otherwise")
    cli_agents.add_search_options(p)


def split_agents(text: str) -> list[AgentSpec]:
    """Split `random,mcts:iterations=50,rollout=random,file:"a,b.npz"` into agent specs
    (agents.spec.split_specs: options after a comma, quoted paths)."""
    return [AgentSpec.parse(p) for p in split_specs(text)]


def play(args: argparse.Namespace, out: Path | None, db: CardDB) -> tour.TournamentResults:
    """Play the tournament the command line describes, keeping its results in `out`.

    Raises:
        SimulationError, DeckError, ValueError: bad agents, decks, options or out directory.
    """
    agents = [cli_agents.resolve(spec, args) for spec in split_agents(args.agents)]
    decks = [d.strip() for d in args.decks.split(",") if d.strip()]
    return tour.tournament(
        agents, decks, args.games, seed=args.seed, format=args.format, db=db,
        turn_limit=args.turn_limit, workers=args.workers, backend=args.backend,
        address=args.address, out=out, resume=args.resume, progress=args.progress)
