"""RandomAgent: uniform over the legal actions, with its own seeded generator."""

from __future__ import annotations

from ecs_vanguard.agents.base import agent_rng, pending
from ecs_vanguard.game import Game
from ecs_vanguard.vocab.decisions import Action


class RandomAgent:
    """Pick uniformly among the legal actions; seeded, so a game is reproducible."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = agent_rng(seed)

    def act(self, game: Game) -> Action:
        """Return one legal action of the pending decision, uniformly at random."""
        pending(game)
        actions = game.legal_actions()
        return actions[int(self.rng.integers(len(actions)))]
