"""SB3VecEnv: VectorEnv as a Stable-Baselines3 `VecEnv`, and OptionEncoder, the compact head's
feature extractor (README "For researchers").

    from sb3_contrib import MaskablePPO
    from ecs_vanguard.env.sb3 import OptionEncoder, SB3VecEnv

    envs = SB3VecEnv(8, opponent="heuristic", interface="compact")
    model = MaskablePPO("MultiInputPolicy", envs,
                        policy_kwargs={"features_extractor_class": OptionEncoder})

SB3 takes a vector environment only if it is an instance of its `VecEnv` class: with
stable-baselines3 installed SB3VecEnv is one (a subclass), without it the class keeps the same
contract on numpy alone (reset, step_async/step_wait, env_method, get_attr, ...), which is what
the tests drive. The games are those of VectorEnv (same seeds, same games), reset in the step
they end: `infos[i]["terminal_observation"]` is the ended game's last observation and
`infos[i]["TimeLimit.truncated"]` says a limit stopped it, as SB3's DummyVecEnv reports them.
`env_method("action_masks")` (what sb3-contrib's MaskablePPO calls) gives each game's mask.

OptionEncoder needs torch and stable-baselines3 (the `sb3` extra) and is built on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from ecs_vanguard.env.common import Seat, env_seed, over_mask
from ecs_vanguard.env.vector import VectorEnv, VectorStep
from ecs_vanguard.vocab.errors import ArgumentError


def _sb3_base() -> Any:
    """SB3's VecEnv class when stable-baselines3 is installed, else object."""
    try:
        return importlib.import_module("stable_baselines3.common.vec_env").VecEnv
    except ImportError:
        return object


_Base: Any = _sb3_base()
OPTION_WIDTH = 8                 # outputs of OptionEncoder's layer shared by the option slots


class _GameView:
    """Game i of an SB3VecEnv, as get_attr and env_method see it: its action_masks(), its
    render_mode (None) and the attributes of its Seat (seat, game, opponent_name, ...)."""

    render_mode = None

    def __init__(self, owner: SB3VecEnv, index: int) -> None:
        self._owner, self._index = owner, index

    def action_masks(self) -> np.ndarray:
        return self._owner.action_masks()[self._index]

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._owner.venv.seats[self._index], name)


class SB3VecEnv(_Base):  # type: ignore[misc]
    """n games of the learner against a built-in agent behind SB3's VecEnv API (module doc).

    Args:
        num_envs: number of games; every other argument is VectorEnv's (deck_a, deck_b,
            format, opponent, seat, turn_limit, illegal_action, interface, max_options).

    Observations are dicts of stacked arrays: "observation" (n, D) float32, "action_mask"
    (n, A) int8 and, compact, "options" (n, K, F) float32; `observation_space` and
    `action_space` are those of one game, as SB3 expects.

    Raises:
        ArgumentError: as VectorEnv.
    """

    def __init__(self, num_envs: int = 1, **kwargs: Any) -> None:
        self.venv = VectorEnv(num_envs, **kwargs)
        self.num_envs = self.venv.n
        self.observation_space, self.action_space = self.venv.interface.spaces()
        self.render_mode = None
        self.metadata: dict[str, Any] = {"render_modes": []}
        self.reset_infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        self._seeds: list[int | None] = [None] * self.num_envs
        self._options: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        self._actions: np.ndarray | None = None
        self._views = [_GameView(self, i) for i in range(self.num_envs)]

    # -- the VecEnv API -------------------------------------------------------------------------

    def reset(self) -> dict[str, np.ndarray]:
        """Start every game; the seeds of seed() (if any) are used once, as SB3 does."""
        seeds = [s for s in self._seeds if s is not None]
        batch = self.venv.reset(seed=seeds if len(seeds) == self.num_envs else None)
        self._seeds = [None] * self.num_envs
        self._options = [{} for _ in range(self.num_envs)]
        self.reset_infos = [dict(info) for info in batch.info]
        return self._obs(batch)

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions).reshape(-1)

    def step_wait(self) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, list[dict]]:
        """Step every game with the actions of step_async; reset the games that end."""
        if self._actions is None:
            raise ArgumentError("step_wait() without step_async(actions) first")
        actions, self._actions = self._actions, None
        batch = self.venv.step(actions)
        infos: list[dict[str, Any]] = [dict(info) for info in batch.info]
        for i in np.flatnonzero(batch.done):
            infos[i]["terminal_observation"] = self._final(batch, int(i))
            infos[i]["TimeLimit.truncated"] = bool(batch.truncated[i] and not batch.terminated[i])
        return self._obs(batch), batch.reward.copy(), batch.done.copy(), infos

    def step(self, actions: np.ndarray) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray,
                                                 list[dict]]:
        self.step_async(actions)
        return self.step_wait()

    def close(self) -> None:
        """Nothing to release: the games live in this process."""

    def seed(self, seed: int | None = None) -> Sequence[int | None]:
        """Seed the next reset: game i with seed + i (as SB3's VecEnv.seed).

        Raises:
            ArgumentError: a seed that is not a non-negative integer (common.env_seed).
        """
        if seed is None:
            seed = int(np.random.default_rng().integers(2**31 - self.num_envs))
        base = env_seed(seed)                          # a Python int: never wraps
        self._seeds = [base + i for i in range(self.num_envs)]
        return list(self._seeds)

    def set_options(self, options: list[dict] | dict | None = None) -> None:
        """Accepted for SB3's API; the games take no reset options."""
        self._options = [{} for _ in range(self.num_envs)]

    def action_masks(self) -> np.ndarray:
        """The (num_envs, A) bool mask of the legal actions of the last reset or step."""
        return self.venv.action_masks()

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None,
                   **method_kwargs: Any) -> list[Any]:
        """Call a method of each game (of `indices`): "action_masks" gives its mask."""
        if method_name == "action_masks":
            masks = self.venv.action_masks()
            return [masks[i] for i in self._indices(indices)]
        return [getattr(self._views[i], method_name)(*method_args, **method_kwargs)
                for i in self._indices(indices)]

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        """Return an attribute of each game; AttributeError if a game has none."""
        return [getattr(self._views[i], attr_name) for i in self._indices(indices)]

    def has_attr(self, attr_name: str) -> bool:
        try:
            self.get_attr(attr_name)
        except AttributeError:
            return False
        return True

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        """Set an attribute of the Seat of each game (of `indices`)."""
        for i in self._indices(indices):
            setattr(self.venv.seats[i], attr_name, value)

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        """No game is wrapped in a Gymnasium wrapper."""
        return [False for _ in self._indices(indices)]

    def get_images(self) -> Sequence[np.ndarray | None]:
        raise NotImplementedError("the games have no image rendering")

    def render(self, mode: str | None = None) -> np.ndarray | None:
        """No image rendering (render_mode None)."""
        return None

    # -- helpers --------------------------------------------------------------------------------

    def _indices(self, indices: int | Iterable[int] | None) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int | np.integer):
            return [int(indices)]
        return [int(i) for i in indices]

    def _obs(self, batch: VectorStep) -> dict[str, np.ndarray]:
        out = {"observation": batch.obs, "action_mask": batch.mask.astype(np.int8)}
        if batch.options is not None:
            out["options"] = batch.options
        return out

    def _final(self, batch: VectorStep, i: int) -> dict[str, np.ndarray]:
        """Game i's last observation, as one game's observation dict (mask: over_mask)."""
        size = self.venv.interface.size
        out = {"observation": batch.final_obs[i].copy(),
               "action_mask": over_mask(size).astype(np.int8)}
        if batch.options is not None:
            out["options"] = np.zeros_like(batch.options[i])
        return out

    @property
    def seats(self) -> list[Seat]:
        """The learner seat of each game (VectorEnv.seats)."""
        return self.venv.seats

    @property
    def unwrapped(self) -> SB3VecEnv:
        return self


_ENCODER: list[type] = []


def option_encoder() -> type:
    """Return OptionEncoder, SB3's features extractor for the compact interface: the Dict's
    parts flattened in key order (as MultiInputPolicy's CombinedExtractor does), but each option
    slot first through one small layer shared by the K slots (OPTION_WIDTH outputs, tanh), so
    the network reads D + K + K * OPTION_WIDTH numbers, not D + K + K * 120. An exported
    policy file (agents.policy_file "mlp") plays the same layer in numpy.

    Raises:
        ImportError: torch or stable-baselines3 is not installed (the `sb3` extra).
    """
    if _ENCODER:
        return _ENCODER[0]
    try:
        torch = importlib.import_module("torch")
        layers = importlib.import_module("stable_baselines3.common.torch_layers")
    except ImportError as exc:
        raise ImportError(f"OptionEncoder needs torch and stable-baselines3 (pip install -e "
                          f".[sb3]): {exc}") from None

    class OptionEncoder(layers.BaseFeaturesExtractor):  # type: ignore[misc,name-defined]
        """The compact head's features extractor (option_encoder)."""

        def __init__(self, space: Any, width: int = OPTION_WIDTH) -> None:
            k, features = space["options"].shape
            size = space["observation"].shape[0] + k + k * width
            super().__init__(space, features_dim=size)
            self.keys = list(space.spaces)                # sorted: action_mask, observation, ...
            self.option = torch.nn.Linear(features, width)

        def forward(self, obs: dict) -> Any:
            parts = {key: obs[key].flatten(1) for key in self.keys}
            parts["options"] = torch.tanh(self.option(obs["options"])).flatten(1)
            return torch.cat([parts[key] for key in self.keys], dim=1)

    OptionEncoder.__module__ = __name__
    OptionEncoder.__qualname__ = "OptionEncoder"
    _ENCODER.append(OptionEncoder)
    return OptionEncoder


def __getattr__(name: str) -> Any:
    """`from ecs_vanguard.env.sb3 import OptionEncoder` builds the class on first use."""
    if name == "OptionEncoder":
        return option_encoder()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["OPTION_WIDTH", "SB3VecEnv", "option_encoder"]   # and OptionEncoder (__getattr__)
