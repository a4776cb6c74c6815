"""Agents: policies that pick an action for a game's pending decision. Users of the face only.

An agent is named by a spec (`random`, `heuristic`, `mcts`, `mcts:iterations=50`, `learned`, or
`file:policy.npz`, a saved policy) wherever runs, tournaments and environments take one
(agents.spec, agents.policy_file).
"""

from ecs_vanguard.agents.heuristic import HeuristicAgent
from ecs_vanguard.agents.learned import LearnedAgent
from ecs_vanguard.agents.mcts import MCTSAgent
from ecs_vanguard.agents.policy_file import (
    LinearPolicy,
    MLPPolicy,
    PolicyAgent,
    load_policy,
    save_policy,
)
from ecs_vanguard.agents.random_agent import RandomAgent
from ecs_vanguard.agents.spec import AGENTS, AgentSpec, agent_options, make_agent

__all__ = ["AGENTS", "AgentSpec", "HeuristicAgent", "LearnedAgent", "LinearPolicy", "MCTSAgent",
           "MLPPolicy", "PolicyAgent", "RandomAgent", "agent_options", "load_policy", "make_agent",
           "save_policy"]
