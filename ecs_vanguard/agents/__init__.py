"""Agents: policies that pick an action for a game's pending decision. Users of the face only.

An agent is named by a spec (`random`, `heuristic`, `mcts`, `mcts:iterations=50`) wherever
runs, tournaments and environments take one (agents.spec).
"""

from ecs_vanguard.agents.heuristic import HeuristicAgent
from ecs_vanguard.agents.mcts import MCTSAgent
from ecs_vanguard.agents.random_agent import RandomAgent
from ecs_vanguard.agents.spec import AGENTS, AgentSpec, agent_options, make_agent

__all__ = ["AGENTS", "AgentSpec", "HeuristicAgent", "MCTSAgent", "RandomAgent", "agent_options",
           "make_agent"]
