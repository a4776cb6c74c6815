"""VanguardParallelEnv: a PettingZoo parallel environment, both players learners.

Vanguard is played in turns of decisions, so each step is one decision: `step(actions)` takes a
dict with an action for every live agent, applies the one of the agent whose decision is pending
and ignores the other's. The observations say who decides: the deciding agent's mask holds its
legal actions, the other's offers action 0 alone, a pass (env.common.over_mask), so a masked
learner always has an action to give; `infos[agent]["acting"]` is True for the deciding agent.
Rewards are +1/-1 at the end (0 to both for a draw), and both agents leave together. An index
the deciding agent's mask forbids ends the game as its loss (reward -1 to it, +1 to the other,
infos[agent]["illegal_action"] True), as in VanguardEnv; illegal_action="raise" raises
IllegalActionError and changes nothing instead.

    env = VanguardParallelEnv()
    obs, infos = env.reset(seed=0)
    while env.agents:
        actions = {a: pick(obs[a]["observation"], obs[a]["action_mask"]) for a in env.agents}
        obs, rewards, terminations, truncations, infos = env.step(actions)
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from pettingzoo import ParallelEnv

from ecs_vanguard.env.common import (
    ILLEGAL_ACTIONS,
    LIMIT_ENDS,
    Interface,
    MatchSpec,
    action_index,
    env_seed,
    final_rewards,
    over_mask,
)
from ecs_vanguard.game import Game
from ecs_vanguard.perspective.board import board_text
from ecs_vanguard.vocab import checks
from ecs_vanguard.vocab.errors import ArgumentError, IllegalActionError

AGENTS = ("player_0", "player_1")


class VanguardParallelEnv(ParallelEnv):
    """Two-player Vanguard as a PettingZoo ParallelEnv (module doc).

    Args:
        deck_a, deck_b, format, turn_limit: the match, as VanguardAECEnv.
        interface: "flat" (table indices) or "compact" (option slots), as VanguardEnv.
        max_options: the compact interface's slots.
        render_mode: None or "ansi".
        illegal_action: "lose" (default) or "raise" (module doc).

    Raises:
        ArgumentError (a ValueError): an unknown interface, render mode or illegal-action rule.
        DeckError: a bad deck.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "ecs_vanguard_parallel_v0", "render_modes": ["ansi"],
    }

    def __init__(self, deck_a: str = "blazing_dragons", deck_b: str = "radiant_knights",
                 format: str = "standard", turn_limit: int | None = None,
                 interface: str = "flat", max_options: int = 64,
                 render_mode: str | None = None, illegal_action: str = "lose") -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ArgumentError(f"render_mode must be one of {self.metadata['render_modes']} "
                                f"or None, not {render_mode!r:.40}")
        self.illegal_action = checks.one_of(illegal_action, "illegal_action", ILLEGAL_ACTIONS)
        self.match = MatchSpec(deck_a, deck_b, format, turn_limit)
        self.interface = Interface(interface, max_options)
        self._decks = self.match.decks()
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        observation, action = self.interface.spaces()
        self.observation_spaces = dict.fromkeys(AGENTS, observation)
        self.action_spaces = dict.fromkeys(AGENTS, action)
        self.game: Game | None = None
        self._seed = 0

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None
              ) -> tuple[dict[str, dict], dict[str, dict]]:
        """Start a new game; with no seed, the next of a counted sequence (as the AEC env)."""
        self._seed = env_seed(seed) if seed is not None else self._seed + 1
        self.game = self.match.new_game(self._seed, self._decks)
        self.agents = list(AGENTS)
        return self._observations(), self._infos()

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        """Apply the deciding agent's action; the other agent's is ignored.

        Raises:
            IllegalActionError: no game in progress, the deciding agent has no action in
                `actions` or one that is not an integer, or (illegal_action "raise") an index
                that is not legal (nothing changes then).
        """
        game = self._require_game()
        if not self.agents:
            raise IllegalActionError("the game is over: call reset()")
        decision = game.decision
        assert decision is not None
        acting = AGENTS[decision.player]
        if not isinstance(actions, dict):
            raise IllegalActionError(f"actions must be a dict of agent -> action, got "
                                     f"{type(actions).__name__}")
        if acting not in actions:
            raise IllegalActionError(f"{acting} decides now: its action is missing")
        index = action_index(actions[acting])
        try:
            chosen = self.interface.action(game, index)
        except ValueError as exc:
            if self.illegal_action == "raise":
                raise IllegalActionError(str(exc)) from None
            return self._lost_by(decision.player)
        game.step(chosen)
        rewards = dict.fromkeys(AGENTS, 0.0)
        terminations = dict.fromkeys(AGENTS, False)
        truncations = dict.fromkeys(AGENTS, False)
        if game.over:
            rewards = dict(zip(AGENTS, final_rewards(game), strict=True))
            limit = game.end_code in LIMIT_ENDS
            truncations = dict.fromkeys(AGENTS, limit)
            terminations = dict.fromkeys(AGENTS, not limit)
        observations, infos = self._observations(), self._infos()
        if game.over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _lost_by(self, player: int) -> tuple[dict, dict, dict, dict, dict]:
        """End the episode as a loss of `player`, who gave an illegal index."""
        observations, infos = self._observations(over=True), self._infos(over=True)
        infos[AGENTS[player]]["illegal_action"] = True
        rewards = {agent: -1.0 if p == player else 1.0 for p, agent in enumerate(AGENTS)}
        self.agents = []
        return (observations, rewards, dict.fromkeys(AGENTS, True),
                dict.fromkeys(AGENTS, False), infos)

    def render(self) -> str | None:
        """Return the board as the deciding agent sees it (render_mode "ansi")."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        seat = self._acting_seat()
        return f"{AGENTS[seat]} to act\n" + board_text(self.game, seat, zones=True)

    def close(self) -> None:
        """Drop the game (nothing else to release)."""
        self.game = None

    def _acting_seat(self) -> int:
        decision = self._require_game().decision
        return decision.player if decision is not None else -1

    def _observations(self, over: bool = False) -> dict[str, dict[str, np.ndarray]]:
        game = self._require_game()
        seat = -1 if over or game.over else self._acting_seat()
        out = {}
        for player, agent in enumerate(AGENTS):
            obs = self.interface.observe(game, player, player == seat)
            if player != seat:
                obs["action_mask"] = over_mask(self.interface.size).astype(np.int8)
            out[agent] = obs
        return out

    def _infos(self, over: bool = False) -> dict[str, dict[str, Any]]:
        game = self._require_game()
        seat = -1 if over or game.over else self._acting_seat()
        return {agent: {"acting": player == seat, "turn": game.turn, "illegal_action": False}
                for player, agent in enumerate(AGENTS)}

    def _require_game(self) -> Game:
        if self.game is None:
            raise IllegalActionError("call reset() before step()")
        return self.game
