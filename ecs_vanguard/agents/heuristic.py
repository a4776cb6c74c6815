"""HeuristicAgent: a simple, sensible player (rides up, fills the field, attacks the vanguard,
guards when the damage is high). A baseline for simulations, not a strong player.

The rules themselves are in agents/heuristic_rules.py, which mypyc compiles (issue 18); this
class, interpreted, is the public face: it takes the user's seed (a numpy integer too) and keeps
the generator that breaks the ties the rules leave to chance.
"""

from __future__ import annotations

from collections.abc import Sequence

from ecs_vanguard.agents.base import agent_rng, pending
from ecs_vanguard.agents.heuristic_rules import choose
from ecs_vanguard.game import Game
from ecs_vanguard.vocab.decisions import Action


class HeuristicAgent:
    """Choose by simple rules per decision kind; ties broken by a seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = agent_rng(seed)

    def act(self, game: Game) -> Action:
        """Return the preferred legal action of the pending decision."""
        game.switch()                    # the rules read the cards' components of this game
        decision = pending(game)
        choice = choose(game.state, decision)
        return choice if choice is not None else self._any(decision.actions)

    def _any(self, actions: Sequence[Action]) -> Action:
        return actions[int(self.rng.integers(len(actions)))]
