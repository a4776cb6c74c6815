"""VanguardEnv: a Gymnasium environment where the learner plays one seat against a built-in
agent; actions are indices of the fixed action table (or, with interface="compact", option
slots: ecs_vanguard.perspective.compact), with the legal mask in the observation and from `action_masks()`.

Registered as "ecs_vanguard/Vanguard-v0" and, compact, "ecs_vanguard/VanguardCompact-v0"
(ecs_vanguard.env), so `gymnasium.make` and `gymnasium.make_vec` build them by name.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np

from ecs_vanguard.env.common import Interface, MatchSpec, Seat, env_seed
from ecs_vanguard.game import Game
from ecs_vanguard.perspective.board import board_text


class VanguardEnv(gym.Env):
    """One game per episode; reward +1 win, -1 loss, 0 draw, given at the end.

    An index that is not legal (mask 0) ends the episode as a loss (reward -1, terminated,
    info["illegal_action"] True) by default, the usual rule for masked environments: a masked
    learner never meets it, an unmasked one learns to avoid it, and Gymnasium's env checker,
    which samples unmasked actions, runs. `illegal_action="raise"` raises IllegalActionError
    and changes nothing instead (for debugging a learner that should mask).

    `interface="compact"` offers each decision as `max_options` option slots (default 64):
    the observation adds "options", a (K, OPTION.size) feature array, the mask and the action
    space shrink to K, and action i plays the i-th legal action (ecs_vanguard.perspective.compact).
    `action_masks()` returns the legal mask as bools, as sb3-contrib's MaskablePPO asks.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - gymnasium.Env declares it a class attribute
        "render_modes": ["ansi"], "render_fps": 4, "name": "ecs_vanguard/Vanguard-v0"}

    def __init__(self, deck_a: str = "blazing_dragons", deck_b: str = "radiant_knights",
                 format: str = "standard", opponent: str = "random", seat: int = 0,
                 turn_limit: int | None = None, render_mode: str | None = None,
                 illegal_action: str = "lose", interface: str = "flat",
                 max_options: int = 64) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or "
                             f"None, not {render_mode!r}")
        self.interface = Interface(interface, max_options)
        self.core = Seat(MatchSpec(deck_a, deck_b, format, turn_limit), opponent, seat,
                         illegal_action, self.interface)
        self.seat, self.render_mode = seat, render_mode
        self.observation_space, self.action_space = self.interface.spaces()

    @property
    def game(self) -> Game | None:
        """The game of the current episode (None before the first reset)."""
        return self.core.game

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        """Start a new game (its seed from the environment's generator) and play the opponent
        until the learner must decide."""
        if seed is not None:
            seed = env_seed(seed)                     # ArgumentError, not Gymnasium's own
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.core.reset(game_seed)
        return self.core.observe(), {"seed": game_seed}

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        """Apply the learner's action, then the opponent's until the learner decides again.

        Raises:
            IllegalActionError: after the episode ended, or an illegal index with
                illegal_action="raise".
        """
        reward, terminated, truncated, info = self.core.step(action)
        return self.core.observe(), reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """Return the bool mask of the legal actions, one per action of the action space
        (all False once the episode is over): sb3-contrib's MaskablePPO convention."""
        return self.core.action_masks()

    def render(self) -> str | None:
        """Return the board as the learner's seat sees it (render_mode "ansi"): the board text
        of `show --board` and `play --human` (perspective.board), every public zone's cards."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        return board_text(self.game, self.seat, zones=True)
