"""Determinizations of a Game for one player (information-set search): a copy in which all
that the player cannot see is dealt again (the rules of the deal: perspective.determinize)."""

from __future__ import annotations

import numpy as np

from ecs_vanguard.game.facade import Game
from ecs_vanguard.perspective.determinize import redeal, unseen_pools
from ecs_vanguard.vocab import checks
from ecs_vanguard.vocab.errors import ArgumentError


class Determinizer:
    """Sample determinizations of one game for one player; what the player knows is read once,
    so make a new Determinizer once the game has moved on.

    Args:
        game: the game as it is (it is not changed).
        player: the player whose information set is sampled.

    Raises:
        ArgumentError: `game` is not a Game, or `player` is not 0 or 1.
    """

    def __init__(self, game: Game, player: int) -> None:
        if not isinstance(game, Game):
            raise ArgumentError(f"game must be a Game, got {type(game).__name__}")
        player = checks.player(player)
        game.switch()
        self.pools = unseen_pools(game.state, player)
        self.game, self.player = game, player

    def sample(self, rng: np.random.Generator | int | None) -> Game:
        """Return a new game with no history of its own: a copy with every unseen card's
        identity drawn again, sharing nothing writable with this game. `rng` as for
        `Game.determinize`: a Generator (drawn from), a seed or None.

        Raises:
            ArgumentError: `rng` is not a Generator, a seed or None.
        """
        generator = checks.generator(rng)
        copy = self.game._copy()
        copy.switch()
        redeal(copy.state, self.game.state.defs, self.pools, generator)
        return copy

