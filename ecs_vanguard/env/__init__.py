"""Environments over the engine for learning agents (docs/design.md; README "For researchers").

`VectorEnv` (n games stepped at once, numpy arrays) needs numpy only; the Gymnasium and
PettingZoo environments need the `rl` extra (`pip install -e .[rl]`) and are imported when
asked for:

    from ecs_vanguard.env import VectorEnv, VanguardEnv, GymVectorEnv, VanguardAECEnv
    from ecs_vanguard.env import VanguardParallelEnv   # PettingZoo's parallel API
    from ecs_vanguard.env import SB3VecEnv             # a Stable-Baselines3 VecEnv

With Gymnasium installed, importing this package registers "ecs_vanguard/Vanguard-v0":
`gymnasium.make("ecs_vanguard/Vanguard-v0", opponent="heuristic")` and
`gymnasium.make_vec("ecs_vanguard/Vanguard-v0", num_envs=16)` (the latter builds GymVectorEnv),
and "ecs_vanguard/VanguardCompact-v0", the same with interface="compact" (K option slots with
a feature vector each, ecs_vanguard.perspective.compact).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ecs_vanguard.env.vector import VectorEnv, VectorStep

ENV_ID = "ecs_vanguard/Vanguard-v0"
COMPACT_ENV_ID = "ecs_vanguard/VanguardCompact-v0"
_LAZY = {"VanguardEnv": "ecs_vanguard.env.gym_env", "GymVectorEnv": "ecs_vanguard.env.gym_vector",
         "VanguardAECEnv": "ecs_vanguard.env.aec_env",
         "VanguardParallelEnv": "ecs_vanguard.env.parallel_env",
         "SB3VecEnv": "ecs_vanguard.env.sb3"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'ecs_vanguard.env' has no attribute {name!r}")


def register_envs() -> bool:
    """Register the Gymnasium environments; return False when Gymnasium is not installed."""
    try:
        import gymnasium
    except ImportError:
        return False
    for env_id, kwargs in ((ENV_ID, {}), (COMPACT_ENV_ID, {"interface": "compact"})):
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="ecs_vanguard.env.gym_env:VanguardEnv",
                               vector_entry_point="ecs_vanguard.env.gym_vector:GymVectorEnv",
                               kwargs=kwargs)
    return True


register_envs()

__all__ = ["COMPACT_ENV_ID", "ENV_ID", "GymVectorEnv", "SB3VecEnv", "VanguardAECEnv", "VanguardEnv",
           "VanguardParallelEnv", "VectorEnv", "VectorStep", "register_envs"]
