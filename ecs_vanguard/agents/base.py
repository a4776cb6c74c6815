"""What every agent checks: its seed, and that the game has a decision to act on."""

from __future__ import annotations

import numpy as np

from ecs_vanguard.game import Game, check_seed
from ecs_vanguard.vocab.decisions import Decision
from ecs_vanguard.vocab.errors import ArgumentError


def agent_rng(seed: int) -> np.random.Generator:
    """The agent's own generator; a seed that is not a non-negative integer is an
    ArgumentError, not numpy's TypeError."""
    check_seed(seed)
    return np.random.default_rng(seed)


def pending(game: Game) -> Decision:
    """The decision the agent is asked to act on.

    Raises:
        ArgumentError: the game is over.
    """
    decision = game.decision
    if decision is None:
        raise ArgumentError("the game is over: there is no decision to act on")
    return decision
