"""VectorEnv: n games stepped in one call, stacked into numpy arrays, finished games reset on
the spot (numpy only; `GymVectorEnv` in env.gym_vector wraps it for Gymnasium).

Each game is a learner seat against a built-in agent, exactly as in VanguardEnv: game i of
`VectorEnv(n).reset(seed=s)` plays the games of `VanguardEnv().reset(seed=s + i)` followed by
`reset()` calls, so equal actions give equal observations, masks and rewards.

    venv = VectorEnv(256, opponent="heuristic")
    batch = venv.reset(seed=0)                        # batch.obs (256, D), batch.mask (256, A)
    while True:
        actions = pick(batch.obs, batch.mask)         # one legal index per game
        batch = venv.step(actions)                    # batch.reward, batch.done, batch.final_obs

`venv.action_masks()` is the (n, A) bool mask of the last batch (sb3-contrib's convention).
With interface="compact", A is max_options (64) and `batch.options` holds (n, K, OPTION.size)
features: action i of a game plays its i-th legal action (ecs_vanguard.perspective.compact).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from ecs_vanguard.env.common import Interface, MatchSpec, Seat, env_seed
from ecs_vanguard.perspective.compact import OPTION
from ecs_vanguard.perspective.encoding import OBSERVATION
from ecs_vanguard.vocab import checks, limits
from ecs_vanguard.vocab.errors import ArgumentError


class VectorStep(NamedTuple):
    """What a reset or a step of a VectorEnv returns, one row per game.

    After a game ended, its row of `obs` and `mask` already belongs to the next game (same-step
    reset); `final_obs` holds the ended game's last observation (zero rows elsewhere).
    """

    obs: np.ndarray            # (n, OBSERVATION.size) float32
    mask: np.ndarray           # (n, A) bool: the legal actions (A: ACTION_COUNT, or K slots)
    reward: np.ndarray         # (n,) float32: +1 win, -1 loss, 0 draw, at the end only
    terminated: np.ndarray     # (n,) bool: the game ended (win, loss, illegal action)
    truncated: np.ndarray      # (n,) bool: the game hit the turn or decision limit
    final_obs: np.ndarray      # (n, OBSERVATION.size) float32
    info: tuple[dict[str, Any], ...]
    options: np.ndarray | None = None   # compact: (n, K, OPTION.size) float32; flat: None

    @property
    def done(self) -> np.ndarray:
        """(n,) bool: terminated or truncated."""
        return self.terminated | self.truncated


class VectorEnv:
    """n games of one match against a built-in agent, stepped together (module doc).

    Args:
        n: number of games.
        deck_a, deck_b, format, turn_limit: the match, as in VanguardEnv.
        opponent: the built-in agent's spec ("random", "heuristic", "mcts:iterations=20").
        seat: the learner's seat (0: deck A).
        illegal_action: "lose" (default: an illegal index ends that game as a loss) or "raise".
        interface: "flat" (table indices) or "compact" (max_options option slots).

    Raises:
        ArgumentError (a ValueError): n below 1 or above limits.MAX_VECTOR_ENVS, a bad seat,
            opponent, illegal_action or interface. DeckError: a bad deck.
    """

    def __init__(self, n: int, deck_a: str = "blazing_dragons", deck_b: str = "radiant_knights",
                 format: str = "standard", opponent: str = "random", seat: int = 0,
                 turn_limit: int | None = None, illegal_action: str = "lose",
                 interface: str = "flat", max_options: int = 64) -> None:
        n = checks.integer(n, "n", low=1, high=limits.MAX_VECTOR_ENVS)
        match = MatchSpec(deck_a, deck_b, format, turn_limit)
        self.interface = Interface(interface, max_options)
        self.seats = [Seat(match, opponent, seat, illegal_action, self.interface)
                      for _ in range(int(n))]
        self.n = int(n)
        self._mask = np.zeros((self.n, self.interface.size), bool)
        self._rngs = [np.random.default_rng() for _ in range(self.n)]

    def reset(self, seed: int | Sequence[int] | np.random.SeedSequence | None = None
              ) -> VectorStep:
        """Start n new games; with a seed s, game i's generator is seeded with s + i (with a
        list of n seeds, with the i-th; with a SeedSequence, with its i-th spawned child).

        Raises:
            ArgumentError (a ValueError): a list of seeds that is not one per game.
            ArgumentError: a seed that is not a non-negative integer.
        """
        if isinstance(seed, Sequence) and not isinstance(seed, str):
            if len(seed) != self.n:
                raise ArgumentError(f"expected {self.n} seeds, one per game, got {len(seed)}")
            self._rngs = [np.random.default_rng(env_seed(s)) for s in seed]
        elif isinstance(seed, np.random.SeedSequence):
            self._rngs = [np.random.default_rng(child) for child in seed.spawn(self.n)]
        elif seed is not None:
            base = env_seed(seed)                      # a Python int: np.uint8(254) + 2 is 256
            self._rngs = [np.random.default_rng(base + i) for i in range(self.n)]
        obs, mask, options = self._buffers()
        infos = []
        for i, seat in enumerate(self.seats):
            infos.append({"seed": self._reset_one(i)})
            self._write(i, obs, mask, options)
        zeros = np.zeros(self.n, dtype=bool)
        self._mask = mask
        return VectorStep(obs, mask, np.zeros(self.n, np.float32), zeros, zeros.copy(),
                          np.zeros_like(obs), tuple(infos), options)

    def step(self, actions: Any) -> VectorStep:
        """Apply one action index per game; reset the games that end (module doc).

        Raises:
            ArgumentError (a ValueError): not one action per game.
            IllegalActionError: an action that is not an integer, or an illegal index when
                illegal_action is "raise".
        """
        try:
            actions = np.asarray(actions)
        except (TypeError, ValueError):               # ragged lists and other odd objects
            raise ArgumentError(f"expected {self.n} actions, one per game, got "
                                f"{type(actions).__name__}") from None
        if actions.ndim != 1 or actions.shape[0] != self.n:
            raise ArgumentError(f"expected {self.n} actions, one per game (shape ({self.n},)), "
                             f"got shape {actions.shape}")
        obs, mask, options = self._buffers()
        final = np.zeros_like(obs)
        reward = np.zeros(self.n, dtype=np.float32)
        terminated, truncated = np.zeros(self.n, bool), np.zeros(self.n, bool)
        infos = []
        for i, seat in enumerate(self.seats):
            reward[i], terminated[i], truncated[i], info = seat.step(actions[i])
            if seat.done:
                final[i] = seat.require_game().observation(seat.seat)
                info["reset_seed"] = self._reset_one(i)
            self._write(i, obs, mask, options)
            infos.append(info)
        self._mask = mask
        return VectorStep(obs, mask, reward, terminated, truncated, final, tuple(infos), options)

    def action_masks(self) -> np.ndarray:
        """Return the (n, A) bool mask of the legal actions of the last reset or step, one row
        per game (sb3-contrib's MaskablePPO convention; a copy)."""
        return self._mask.copy()

    def _reset_one(self, i: int) -> int:
        game_seed = int(self._rngs[i].integers(2**31))
        self.seats[i].reset(game_seed)
        return game_seed

    def _buffers(self) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
        size = self.interface.size
        options = (np.zeros((self.n, size, OPTION.size), np.float32)
                   if self.interface.name == "compact" else None)
        return (np.zeros((self.n, OBSERVATION.size), np.float32), np.zeros((self.n, size), bool),
                options)

    def _write(self, i: int, obs: np.ndarray, mask: np.ndarray,
               options: np.ndarray | None) -> None:
        seat = self.seats[i]
        game = seat.require_game()
        obs[i] = game.observation(seat.seat)
        if not seat.done:
            mask[i] = self.interface.mask(game, seat.repeats)
            if options is not None:
                options[i] = self.interface.options(game, seat.seat)

