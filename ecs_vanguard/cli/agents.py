"""Agent arguments of the command line: agent specs (`--agent-a mcts`, `--agents random,mcts`,
`--agent-a file:policy.npz`, a saved policy) and the search options every `mcts` agent of a command takes (`--mcts-iterations 200`)."""

from __future__ import annotations

import argparse

from ecs_vanguard.agents import AGENTS, AgentSpec, agent_options
from ecs_vanguard.agents.mcts import ROLLOUTS
from ecs_vanguard.vocab import checks
from ecs_vanguard.vocab.limits import MAX_MCTS_HORIZON

_MCTS = agent_options("mcts")


def agent_arg(text: str) -> AgentSpec:
    """Parse an agent spec for argparse (`heuristic`, `mcts`, `mcts:iterations=50`)."""
    try:
        return AgentSpec.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def agent_help() -> str:
    """Return the help text of an agent option."""
    names = ", ".join(name for name in AGENTS if name != "file")
    return (f"agent: {names} (options as mcts:iterations=50,rollout=random; "
            "heuristic plays sensibly, random is uniform, mcts searches), or file:PATH, "
            'a saved policy (.npz; a path with a comma in quotes: file:"a,b.npz")')


def add_search_options(parser: argparse.ArgumentParser) -> None:
    """Add --mcts-iterations, --mcts-rollout and --mcts-horizon, which apply to every mcts
    agent."""
    parser.add_argument("--mcts-iterations", type=_positive, metavar="N",
                        help=f"simulations per decision of mcts agents "
                             f"(default {_MCTS['iterations']})")
    parser.add_argument("--mcts-rollout", choices=ROLLOUTS,
                        help=f"rollout policy of mcts agents (default {_MCTS['rollout']})")
    parser.add_argument("--mcts-horizon", type=_turns, metavar="TURNS",
                        help="turns a simulation of mcts agents plays before the position value "
                             f"judges it; 0: to the game's end (default {_MCTS['horizon']})")


def resolve(spec: AgentSpec, args: argparse.Namespace) -> AgentSpec:
    """Return the spec with the command's search options filled in where it sets none."""
    return spec.with_defaults({"iterations": getattr(args, "mcts_iterations", None),
                               "rollout": getattr(args, "mcts_rollout", None),
                               "horizon": getattr(args, "mcts_horizon", None)})


def _turns(text: str) -> int:
    """A horizon: a whole number of turns from 0 to limits.MAX_MCTS_HORIZON."""
    try:
        return checks.parse_int(text, "horizon", low=0, high=MAX_MCTS_HORIZON)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _positive(text: str) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value
