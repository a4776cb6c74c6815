"""The state floor: plain data. `State` (the rules' data of one game) and the engine's
bookkeeping beside it (core.py), the copy-on-write esper world and its writes (world.py), the
incremental state hash (hashing.py). This face re-exports core's names for the floors above."""

from ecs_vanguard.state.core import (
    ALCHEMAGIC_INDEX,
    DELAYED_INDEX,
    G_GUARDIAN_INDEX,
    GIFT_INDEX,
    MULLIGAN_INDEX,
    RIDE_DECK_INDEX,
    SEEK_MATE_INDEX,
    STRIDE_INDEX,
    TRIGGER_INDEX,
    Battle,
    Board,
    ContinuousEffect,
    DelayedEffect,
    EventLog,
    Frame,
    GameRandom,
    PendingAuto,
    State,
    TurnState,
    new_state,
)
from ecs_vanguard.state.rule_modifiers import RuleModifier

__all__ = [
    "ALCHEMAGIC_INDEX", "DELAYED_INDEX", "GIFT_INDEX", "G_GUARDIAN_INDEX", "MULLIGAN_INDEX", "RIDE_DECK_INDEX",
    "SEEK_MATE_INDEX", "STRIDE_INDEX", "TRIGGER_INDEX", "Battle", "Board", "ContinuousEffect",
    "DelayedEffect", "EventLog", "Frame", "GameRandom", "PendingAuto", "RuleModifier", "State",
    "TurnState", "new_state",
]
