"""What both environments share: the game they wrap, its spaces and its end."""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any

import numpy as np

from ecs_vanguard.cards.db import CardDB
from ecs_vanguard.cards.deck import Deck
from ecs_vanguard.encoding import ACTION_COUNT, OBSERVATION
from ecs_vanguard.errors import IllegalActionError
from ecs_vanguard.game import Game
from ecs_vanguard.limits import LIMIT_END_CODES

LIMIT_ENDS = LIMIT_END_CODES          # a game stopped by a limit is truncated, not terminated


@dataclass(frozen=True)
class MatchSpec:
    """The decks and format of the games an environment plays."""

    deck_a: str = "blazing_dragons"
    deck_b: str = "radiant_knights"
    format: str = "standard"
    turn_limit: int | None = None

    def new_game(self, seed: int) -> Game:
        """Return a new game of this match with the given seed."""
        db = CardDB.builtin()
        decks = Deck.resolve(self.deck_a, db), Deck.resolve(self.deck_b, db)
        return Game(*decks, seed=seed, format=self.format, db=db, turn_limit=self.turn_limit)


def spaces() -> tuple[Any, Any]:
    """Return (observation space, action space): a dict of the vector and the legal mask."""
    from gymnasium import spaces as gs

    observation = gs.Dict({
        # Values are scaled (power / 10000, counts / 10, ...); an over trigger reaches 1e4.
        "observation": gs.Box(-1e3, 1e5, (OBSERVATION.size,), np.float32),
        "action_mask": gs.Box(0, 1, (ACTION_COUNT,), np.int8),
    })
    return observation, gs.Discrete(ACTION_COUNT)


def action_index(action: object) -> int:
    """Return an action given to an environment as a table index (an int or a numpy integer).

    Raises:
        IllegalActionError: it is not an integer (None, a string, a float).
    """
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalActionError(f"an action is an index of the action table, got "
                                 f"{action!r:.40}") from None


def observe(game: Game, player: int, acting: bool) -> dict[str, np.ndarray]:
    """Return the observation of `player`; the mask is all zero when it is not their turn."""
    mask = game.action_mask().astype(np.int8) if acting else np.zeros(ACTION_COUNT, np.int8)
    return {"observation": game.observation(player), "action_mask": mask}


def final_rewards(game: Game) -> tuple[float, float]:
    """+1 for the winner, -1 for the loser, 0 each for a draw."""
    if game.winner is None:
        return 0.0, 0.0
    return (1.0, -1.0) if game.winner == 0 else (-1.0, 1.0)
