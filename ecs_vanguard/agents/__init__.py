"""Agents: policies that pick an action for a game's pending decision. Users of the face only."""

from ecs_vanguard.agents.heuristic import HeuristicAgent
from ecs_vanguard.agents.random_agent import RandomAgent

AGENTS: dict[str, type[RandomAgent] | type[HeuristicAgent]] = {
    "random": RandomAgent, "heuristic": HeuristicAgent,
}


def make_agent(name: str, seed: int = 0) -> RandomAgent | HeuristicAgent:
    """Return a new agent by name ("random", "heuristic"); raise ValueError if unknown."""
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; choose one of {sorted(AGENTS)}") from None


__all__ = ["AGENTS", "HeuristicAgent", "RandomAgent", "make_agent"]
