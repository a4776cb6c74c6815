"""VanguardAECEnv: a PettingZoo AEC environment, both players learners; the acting agent is the
player of the pending decision (a player may act several times in a row)."""

from __future__ import annotations

from typing import Any, ClassVar

from pettingzoo import AECEnv

from ecs_vanguard.env.common import (
    LIMIT_ENDS,
    MatchSpec,
    action_index,
    env_seed,
    final_rewards,
    observe,
    spaces,
)
from ecs_vanguard.game import Game
from ecs_vanguard.perspective.board import board_text
from ecs_vanguard.vocab.errors import ArgumentError, IllegalActionError

AGENTS = ("player_0", "player_1")


class VanguardAECEnv(AECEnv):
    """Two-player Vanguard for multi-agent learning; reward +1/-1 at the end, 0 for a draw."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "ecs_vanguard_v0", "render_modes": ["ansi"], "is_parallelizable": False,
    }

    def __init__(self, deck_a: str = "blazing_dragons", deck_b: str = "radiant_knights",
                 format: str = "standard", turn_limit: int | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.match = MatchSpec(deck_a, deck_b, format, turn_limit)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        observation, action = spaces()
        self.observation_spaces = dict.fromkeys(AGENTS, observation)
        self.action_spaces = dict.fromkeys(AGENTS, action)
        self.game: Game | None = None
        self._seed = 0

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[AGENTS[_player(agent)]]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[AGENTS[_player(agent)]]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game; with no seed, the next of a counted sequence."""
        self._seed = env_seed(seed) if seed is not None else self._seed + 1
        self.game = self.match.new_game(self._seed)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict] = {a: {} for a in AGENTS}
        self.agent_selection = self._acting()

    def observe(self, agent: str) -> dict:
        game = self._require_game()
        player = _player(agent)
        return observe(game, player, not game.over and self.agent_selection == agent)

    def step(self, action: int | None) -> None:
        """Apply the acting agent's action (an index of the action table)."""
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        game = self._require_game()
        self._cumulative_rewards[self.agent_selection] = 0.0
        try:
            game.step(game.decode_action(action_index(action)))
        except ValueError as exc:
            raise IllegalActionError(str(exc)) from None
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        if game.over:
            self.rewards = dict(zip(AGENTS, final_rewards(game)))
            limit = game.end_code in LIMIT_ENDS
            self.truncations = dict.fromkeys(AGENTS, limit)
            self.terminations = dict.fromkeys(AGENTS, not limit)
        else:
            self.agent_selection = self._acting()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """Return the board as the acting agent sees it (render_mode "ansi"): the board text of
        `show --board` and `play --human` (perspective.board), under a line naming that agent."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        seat = AGENTS.index(self.agent_selection)
        return (f"{self.agent_selection} to act\n"
                + board_text(self.game, seat, zones=True))

    def close(self) -> None:
        """Drop the game (nothing else to release)."""
        self.game = None

    def _acting(self) -> str:
        decision = self._require_game().decision
        return AGENTS[decision.player] if decision is not None else AGENTS[0]

    def _require_game(self) -> Game:
        if self.game is None:
            raise IllegalActionError("call reset() before step()")
        return self.game


def _player(agent: object) -> int:
    """Return the seat of an agent name ("player_0" or "player_1").

    Raises:
        ArgumentError: any other name.
    """
    if agent not in AGENTS:
        raise ArgumentError(f"agent must be one of {', '.join(AGENTS)}, got {agent!r:.40}")
    return AGENTS.index(agent)  # type: ignore[arg-type]
