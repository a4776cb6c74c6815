"""One function per rule action, used by the engine, by card abilities and by tests alike."""

from ecs_vanguard.ops.costs import counter_blast, counter_charge, discard, heal, soul_blast
from ecs_vanguard.ops.deck import draw, soul_charge, trigger_check
from ecs_vanguard.ops.units import (
    add_modifier,
    call,
    delete,
    is_persona_ride,
    rest,
    retire,
    ride,
    stand,
    undelete,
)
from ecs_vanguard.ops.zones import move_between_circles, move_card, shuffle

__all__ = [
    "add_modifier", "call", "counter_blast", "counter_charge", "delete", "discard", "draw", "heal",
    "is_persona_ride", "move_between_circles", "move_card", "rest", "retire", "ride", "shuffle",
    "soul_blast", "soul_charge", "stand", "trigger_check", "undelete",
]
