"""GymVectorEnv: VectorEnv behind Gymnasium's vector API (same-step autoreset), built by
`gymnasium.make_vec("ecs_vanguard/Vanguard-v0", num_envs=n)`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from ecs_vanguard.env.common import env_seed, over_mask
from ecs_vanguard.env.vector import VectorEnv, VectorStep


class GymVectorEnv(gym.vector.VectorEnv):
    """n games of VanguardEnv stepped at once; observations are dicts of stacked arrays.

    A game that ends is reset in the same step: its row already shows the next game, and
    infos["final_obs"] / infos["final_info"] (with their "_" masks) hold how it ended.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - gymnasium declares it a class attribute
        "render_modes": [], "autoreset_mode": AutoresetMode.SAME_STEP,
        "name": "ecs_vanguard/Vanguard-v0"}

    def __init__(self, num_envs: int = 1, **kwargs: Any) -> None:
        self.env = VectorEnv(num_envs, **kwargs)
        self.num_envs = self.env.n
        self.single_observation_space, self.single_action_space = self.env.interface.spaces()
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        """Start every game; an int seed seeds game i with seed + i, a list game i with its
        i-th seed (as VectorEnv)."""
        batch = self.env.reset(seed=seed)             # checks the seeds (ArgumentError)
        super().reset(seed=_first_seed(seed))        # Gymnasium's own generator: a Python int
        infos: dict[str, Any] = {}
        for i, info in enumerate(batch.info):
            infos = self._add_info(infos, info, i)
        return self._obs(batch), infos

    def step(self, actions: Any) -> tuple[dict, np.ndarray, np.ndarray, np.ndarray, dict]:
        """Step every game with its action index; reset the ones that end."""
        batch = self.env.step(actions)
        infos: dict[str, Any] = {}
        for i, info in enumerate(batch.info):
            if batch.done[i]:
                final = {"observation": batch.final_obs[i],
                         "action_mask": over_mask(batch.mask.shape[1]).astype(np.int8)}
                if batch.options is not None:
                    final["options"] = np.zeros_like(batch.options[i])
                infos = self._add_info(infos, {"final_obs": final, "final_info": info}, i)
            infos = self._add_info(infos, info, i)
        return (self._obs(batch), batch.reward.astype(np.float64), batch.terminated,
                batch.truncated, infos)

    def action_masks(self) -> np.ndarray:
        """Return the (num_envs, A) bool mask of the legal actions (VectorEnv.action_masks)."""
        return self.env.action_masks()

    @staticmethod
    def _obs(batch: VectorStep) -> dict[str, np.ndarray]:
        out = {"observation": batch.obs, "action_mask": batch.mask.astype(np.int8)}
        if batch.options is not None:
            out["options"] = batch.options
        return out


def _first_seed(seed: Any) -> int | None:
    """Return the seed of Gymnasium's own generator as a Python int: the seed, the first of a
    list, none for a SeedSequence (each game is seeded by VectorEnv; Gymnasium refuses numpy
    integers and SeedSequences)."""
    if isinstance(seed, Sequence) and not isinstance(seed, str):
        seed = seed[0] if len(seed) else None
    return env_seed(seed) if seed is not None and not isinstance(seed, np.random.SeedSequence) \
        else None
