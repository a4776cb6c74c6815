"""VanguardEnv: a Gymnasium environment where the learner plays one seat against a built-in
agent; actions are indices of the fixed action table, with the legal mask in the observation."""

from __future__ import annotations

from typing import Any

import gymnasium as gym

from ecs_vanguard.agents import make_agent
from ecs_vanguard.env.common import (
    LIMIT_ENDS,
    MatchSpec,
    action_index,
    final_rewards,
    observe,
    spaces,
)
from ecs_vanguard.errors import IllegalActionError
from ecs_vanguard.game import Game


class VanguardEnv(gym.Env):
    """One game per episode; reward +1 win, -1 loss, 0 draw, given at the end.

    An index that is not legal (mask 0) raises IllegalActionError and changes nothing, or with
    `illegal_action="lose"` ends the episode as a loss (reward -1) for agents that do not mask.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - Env declares it

    def __init__(self, deck_a: str = "blazing_dragons", deck_b: str = "radiant_knights",
                 format: str = "standard", opponent: str = "random", seat: int = 0,
                 turn_limit: int | None = None, render_mode: str | None = None,
                 illegal_action: str = "raise") -> None:
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, not {seat!r}")
        if illegal_action not in ("raise", "lose"):
            raise ValueError(f"illegal_action must be 'raise' or 'lose', not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.match = MatchSpec(deck_a, deck_b, format, turn_limit)
        self.opponent_name, self.seat, self.render_mode = opponent, seat, render_mode
        make_agent(opponent)                       # refuse an unknown agent now, not later
        self.observation_space, self.action_space = spaces()
        self.game: Game | None = None

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        """Start a new game (its seed from the environment's generator) and play the opponent
        until the learner must decide."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.game = self.match.new_game(game_seed)
        self.opponent = make_agent(self.opponent_name, game_seed)
        self._play_opponent()
        return observe(self.game, self.seat, not self.game.over), {"seed": game_seed}

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        """Apply the learner's action, then the opponent's until the learner decides again."""
        game = self._require_game()
        if game.over:
            raise IllegalActionError("the episode is over: call reset()")
        try:
            chosen = game.decode_action(action_index(action))
        except ValueError as exc:
            if self.illegal_action == "raise":
                raise IllegalActionError(str(exc)) from None
            self.game = None                   # the episode ends as a loss for the learner
            return (observe(game, self.seat, False), -1.0, True, False,
                    {"turn": game.turn, "end": "illegal_action"})
        game.step(chosen)
        self._play_opponent()
        reward = final_rewards(game)[self.seat] if game.over else 0.0
        truncated = game.over and game.end_code in LIMIT_ENDS
        terminated = game.over and not truncated
        return (observe(game, self.seat, not game.over), reward, terminated, truncated,
                {"turn": game.turn, "end": game.end_code})

    def render(self) -> str | None:
        """Return a one-line text picture of the game (render_mode "ansi")."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        view = self.game.view(self.seat)
        damage = [len(p["damage"]) for p in view["players"]]
        return f"turn {view['turn']} {view['phase']}: damage {damage[0]}-{damage[1]}"

    def _play_opponent(self) -> None:
        game = self._require_game()
        while not game.over and game.decision is not None and game.decision.player != self.seat:
            game.step(self.opponent.act(game))

    def _require_game(self) -> Game:
        if self.game is None:
            raise IllegalActionError("call reset() before step()")
        return self.game


