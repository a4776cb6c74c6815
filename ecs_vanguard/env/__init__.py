"""Gymnasium and PettingZoo environments over the engine, for learning agents (DESIGN.md users).

Both need the `rl` extra (`pip install -e .[rl]`): they are imported only when asked for.

    from ecs_vanguard.env import VanguardEnv, VanguardAECEnv
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "VanguardEnv":
        from ecs_vanguard.env.gym_env import VanguardEnv

        return VanguardEnv
    if name == "VanguardAECEnv":
        from ecs_vanguard.env.aec_env import VanguardAECEnv

        return VanguardAECEnv
    raise AttributeError(f"module 'ecs_vanguard.env' has no attribute {name!r}")


__all__ = ["VanguardAECEnv", "VanguardEnv"]
