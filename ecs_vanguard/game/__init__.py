"""The facade: Game (one esper world, its State and the systems), Scenario, dealing, snapshots,
invariants and the engine's runaway limit."""

from ecs_vanguard.game.facade import DECISIONS_PER_TURN_LIMIT, Game, check_seed

__all__ = ["DECISIONS_PER_TURN_LIMIT", "Game", "check_seed"]
